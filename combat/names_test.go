package combat_test

import (
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/tables"
)

// The words kept for IFT results and walls are those their String spells,
// for every result kind with N from below 0 to past the kept ones, and
// for every combination of hexside features, links among them.
func TestNamesKept(t *testing.T) {
	t.Parallel()
	for k := tables.NoEffect; k <= tables.KIA+1; k++ {
		for n := -2; n <= 12; n++ {
			r := tables.Result{Kind: k, N: n}
			if got, want := combat.ResultName(r), r.String(); got != want {
				t.Errorf("%v: %q, want %q", r, got, want)
			}
		}
	}
	for f := terrain.Features(0); f < 1<<10; f++ {
		if got, want := combat.WallName(f), f.String(); got != want {
			t.Errorf("%d: %q, want %q", f, got, want)
		}
	}
	if combat.WallName(terrain.Wall) != "wall" || combat.ResultName(tables.Result{Kind: tables.MC, N: 1}) != "1MC" {
		t.Errorf("wall %q, 1MC %q", combat.WallName(terrain.Wall), combat.ResultName(tables.Result{Kind: tables.MC, N: 1}))
	}
}
