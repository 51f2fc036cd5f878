package cpubench

import (
	"runtime"
	"testing"
)

// TestCPUGrows checks that busy work shows as CPU time, where the system
// gives it.
func TestCPUGrows(t *testing.T) {
	if _, ok := processCPU(); !ok {
		t.Skip("no process CPU time on", runtime.GOOS)
	}
	c0, _ := processCPU()
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	if c1, _ := processCPU(); c1 <= c0 {
		t.Errorf("no CPU time counted for busy work (%d)", x)
	}
}
