// Package longrun says whether the long tests run: those of many seeds,
// whole-game bytes, the README's transcripts and the browsers. They run
// when the environment variable SASL_LONG is 1 (.ci/run sets it for a
// second pass); the README's test command, without it, stays short (at
// most a minute of CPU on two cores, warm).
//
//	longrun.Skip(t)                       // a long test: skipped, saying how to run it
//	for seed := range longrun.Seeds(150, 30) { // 150 seeds in the long run, 30 in the short
//		...
//	}
//	for _, n := range sizes[:longrun.Choose(len(sizes), 1)] { // every size, or the first
//		...
//	}
package longrun

import (
	"os"
	"testing"
)

// Env is the variable that turns the long tests on: SASL_LONG=1.
const Env = "SASL_LONG"

// Enabled reports whether the long tests run ($SASL_LONG is 1).
func Enabled() bool { return os.Getenv(Env) == "1" }

// Skip skips t unless the long tests run, saying how to run it.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skip("a long test: " + Env + "=1 runs it (.ci/run does)")
	}
}

// Seeds is long in the long run and short otherwise: how many seeds a
// test of many plays (range over it).
func Seeds(long, short uint64) uint64 { return Choose(long, short) }

// Choose is long in the long run and short otherwise: how many cases, of
// what size, at what stride a test plays.
func Choose[T any](long, short T) T {
	if Enabled() {
		return long
	}
	return short
}
