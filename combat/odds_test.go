package combat_test

import (
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/tables"
)

// oddsByRolls is Odds as the rules read: each of the 36 rolls of two dice
// looked up on the IFT (tables.IFT.Result) and 1/36 added for each Morale
// Check or worse.
func oddsByRolls(ift *tables.IFT, fp float64, drm int) float64 {
	p := 0.0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if ift.Result(fp, a+b+drm).Kind >= tables.MC {
				p += 1.0 / 36
			}
		}
	}
	return p
}

// Odds reads each DR once, yet gives the very float64 of the 36 rolls
// looked up one by one, for every column (FP between, below and above the
// columns, halves included) and DRM from far below to far above the table.
func TestOddsAsRolls(t *testing.T) {
	t.Parallel()
	w, _, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	c := combat.New(w, &report.Log{})
	ift := &w.Tables().IFT
	hits := 0
	for fp := 0.0; fp <= 40; fp += 0.25 {
		for drm := -20; drm <= 20; drm++ {
			got, want := c.Odds(fp, drm), oddsByRolls(ift, fp, drm)
			if got != want {
				t.Fatalf("Odds(%g, %d) = %v, want %v", fp, drm, got, want)
			}
			if want > 0 && want < 1 {
				hits++
			}
		}
	}
	if hits == 0 {
		t.Fatal("no odds between 0 and 1: the table was not read")
	}
}
