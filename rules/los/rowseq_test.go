package los_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sasl-engine/sasl/rules/los"
)

// TestRowsReciprocal_A6_1: the rows a line crosses in each pixel column
// are those of the exact line, floor(sy + (j+1)*(ty-sy)/ncols) made in
// integers, and so the same for the line and its reverse (ASL A6.1: LOS
// is reciprocal). Column j of a line from sy to ty spans rows
// int(exit(j-1)) to int(exit(j)); column ncols-1-j of the reverse line
// spans its exits ncols-2-j and ncols-1-j, which must be those two rows.
// VASL's sums, column by column in floating point, fell short of a whole
// number now and then, one way and not the other.
func TestRowsReciprocal_A6_1(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	floorDiv := func(a, b int) int {
		q := a / b
		if a%b != 0 && (a < 0) != (b < 0) {
			q--
		}
		return q
	}
	for range samples(2000) {
		ncols := 1 + rng.IntN(3000)
		sy := rng.IntN(2000)
		ty := sy + rng.IntN(2*ncols+1) - ncols
		if rng.IntN(4) == 0 {
			ty = rng.IntN(2000) // steep
		}
		ty = max(ty, 0)
		for j := -1; j < ncols; j++ {
			want := floorDiv(sy*ncols+(j+1)*(ty-sy), ncols)
			got := int(los.Exit(sy, ty, ncols, j))
			back := int(los.Exit(ty, sy, ncols, ncols-2-j))
			if got != want || back != want {
				t.Fatalf("rows %d to %d over %d columns, exit(%d): %d, reverse line %d, exact %d", sy, ty, ncols, j, got, back, want)
			}
		}
	}
}
