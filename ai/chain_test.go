package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/rules/hex"
)

// TestChainMoved checks chainMoved, the APh search's try of one unit's
// advance counted from chainBase's hexes and touching pairs, against
// chainScore of the units with that unit moved: random units in a small
// patch of hexes (so that they touch, stack, and leave hexes empty), each
// moved to every hex next to it and to one of the others' hexes.
func TestChainMoved(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission)
	h := newHW(t, m, ms, scripted(t, ""), nil)
	rnd := rand.New(rand.NewPCG(4, 323))
	tries, differ := 0, 0
	for range 400 {
		n := 1 + rnd.IntN(14)
		at, mm := make([]hex.Hex, n), make([]int, n)
		for i := range at {
			at[i] = hex.Hex{Col: 3 + rnd.IntN(5), Row: 3 + rnd.IntN(5)}
			mm[i] = rnd.IntN(3)
		}
		baseU, baseG := h.chainScore(at, mm)
		for i := range at {
			nb := at[i].Neighbours()
			to := append(nb[:], at[rnd.IntN(n)])
			for _, x := range to {
				h.chainBase(at, mm)
				gotU, gotG := h.chainMoved(i, x, mm[i])
				old := at[i]
				at[i] = x
				wantU, wantG := h.chainScore(at, mm)
				at[i] = old
				if gotU != wantU || gotG != wantG {
					t.Fatalf("%v MMC %v, unit %d to %v: chainMoved %d units %d groups, chainScore %d %d", at, mm, i, x, gotU, gotG, wantU, wantG)
				}
				tries++
				if wantU != baseU || wantG != baseG {
					differ++
				}
			}
		}
	}
	if differ < tries/10 {
		t.Errorf("%d of %d moves change the count: too few to tell", differ, tries)
	}
}
