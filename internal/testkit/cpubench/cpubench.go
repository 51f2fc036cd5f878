// Package cpubench reports, beside a benchmark's ns/op (wall clock), the
// CPU time its loop took a run: cpu-ns/op, all of the process's threads
// (GC and helper goroutines included). On a loaded machine wall time
// stretches with the load; CPU time does not, so two runs interleaved on
// a busy machine compare by cpu-ns/op (benchstat reads every metric).
//
//	stop := cpubench.Start(b)
//	for b.Loop() { ... }
//	stop()
package cpubench

import (
	"testing"
)

// Per is a count of things b's runs did (the events of its games), for
// which the benchmark reports the CPU time of one too: cpu-ns/<Unit>.
type Per struct {
	Unit string
	N    int64
}

// Start begins counting the process's CPU time; the function it returns
// reports cpu-ns/op for b's runs so far, and cpu-ns per each unit of per
// it is given (none where its count is 0). Where the system gives no CPU
// time (processCPU fails) it reports nothing.
func Start(b *testing.B) func(per ...Per) {
	b.Helper()
	c0, ok := processCPU()
	return func(per ...Per) {
		c1, ok1 := processCPU()
		if !ok || !ok1 || b.N == 0 {
			return
		}
		b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
		for _, p := range per {
			if p.N > 0 {
				b.ReportMetric(float64(c1-c0)/float64(p.N), "cpu-ns/"+p.Unit)
			}
		}
	}
}
