package los_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sasl-engine/sasl/rules/los"
)

// TestSumTo checks that the float sums the walk makes in leaps are those
// of VASL's loop adding dy one column at a time, for the lines of real
// boards (rows 0-2000, up to 3000 columns) and for odd cases: steps
// leaving a binade up and down, sums near zero, ties.
func TestSumTo(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	check := func(sy, dy float64, cols int) {
		t.Helper()
		acc, j := sy, 0
		for j < cols {
			m := 1 + rng.IntN(200)
			want := acc
			for range m {
				want += dy
			}
			if got := los.SumTo(acc, dy, m); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("sy %v dy %v: %d sums from %v: got %v, want %v", sy, dy, m, acc, got, want)
			}
			acc, j = want, j+m
		}
	}
	for range 20000 {
		d := 1 + rng.IntN(3000)
		n := rng.IntN(2*d+1) - d
		if rng.IntN(4) == 0 {
			n = rng.IntN(4000) - 2000 // steep
		}
		sy := float64(rng.IntN(2000))
		check(sy, float64(n)/float64(d), d)
	}
	// Across binades, near zero, and a tie: dy half an ulp of 512's
	// binade over a whole number of ulps.
	for _, c := range []struct{ sy, dy float64 }{
		{500, 0.7}, {513, -0.7}, {1, -0.001}, {3, -0.3}, {0, 0.1},
		{512, 0.5 + math.Ldexp(1, -45)}, {1000, -math.Ldexp(3, -44)},
		{600, math.Ldexp(1, -43) + math.Ldexp(1, -44)},
	} {
		check(c.sy, c.dy, 4000)
	}
}
