// Package alloc measures the heap bytes a function allocates, for tests
// that bound a structure's memory.
package alloc

import (
	"math"
	"runtime"
)

// Bytes returns the bytes f allocates: the least of runs runs (at least
// one). runtime.MemStats.TotalAlloc counts the whole process, so whatever
// else allocated meanwhile (a goroutine of the runtime or of an earlier
// test) is counted too; a function that allocates the same each time is
// measured by its least run. Not for parallel tests.
func Bytes(runs int, f func()) uint64 {
	least := uint64(math.MaxUint64)
	for range max(runs, 1) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}
