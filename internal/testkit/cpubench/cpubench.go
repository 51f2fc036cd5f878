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

// Start begins counting the process's CPU time; the function it returns
// reports cpu-ns/op for b's runs so far. Where the system gives no CPU
// time (processCPU fails) it reports nothing.
func Start(b *testing.B) func() {
	b.Helper()
	c0, ok := processCPU()
	return func() {
		c1, ok1 := processCPU()
		if !ok || !ok1 || b.N == 0 {
			return
		}
		b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
	}
}
