package ai

import (
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/world"
)

// TestSiteMemo checks place's memo of the Location tests a world fixes
// (siteOf) against the world's own answers, Location by Location, on four
// real boards, on a board with a FRIENDLY unit set up and on a Woods
// mapboard (4.13) with Depressions (4.14): after setups
// that fill the memo, in the map's order and backwards (a Location
// answered from another's entry would show), and for a roof, which has
// no key and is never kept.
func TestSiteMemo(t *testing.T) {
	t.Parallel()
	four, fourMap := mission(t, realBoards(t), setupFourBoards("a, b, c, d, e"))
	x, xMap := mission(t, "", "name: x\nboards: [[\"x3\"]]\nfbe: south\nebe: north\nvpo: [\"x3R3\"]\nplacement: [c]\nfriendly:\n  - {id: F1, unit: squad, type: 6-6-7, at: x3R3}\n")
	wdm, woodsMap := mission(t, realBoards(t), boardMission(`[["6", "5"]]`, "6A1", "placement: [b, e]"))
	for _, w := range []*world.World{newWorld(t, fourMap, four), newWorld(t, xMap, x), newWorld(t, woodsMap, wdm)} {
		e := New(w, dice.Seeded(1), nil)
		for seed := range uint64(3) {
			e.Reset(dice.Seeded(seed), nil)
			if _, err := e.Place(); err != nil {
				t.Fatal(err)
			}
		}
		var locs []board.Location
		for _, h := range w.Map().Hexes() {
			for _, l := range w.Locations(h) {
				locs = append(locs, l)
				if l.Level == 0 {
					locs = append(locs, board.Location{Hex: h, Roof: true})
				}
			}
		}
		barred, a9e, woods, crest := 0, 0, 0, 0
		for pass := range 2 {
			if pass == 1 {
				slices.Reverse(locs)
			}
			for _, l := range locs {
				key, ok := w.Key(l)
				got := e.siteOf(l, key, ok)
				ter, _ := w.Map().Terrain(l.Hex)
				k, _ := w.Board(l.Hex)
				_, wood := w.WoodsBoard(l.Hex)
				want := siteKnown
				if w.NearFBE(l.Hex) || w.SetUpFriendly(l) {
					want |= siteBarred
					barred++
				}
				if w.Kinds()[k].BuiltUp && ter.Kinds.Any(terrain.Building, terrain.Rubble) {
					want |= siteA9e
					a9e++
				}
				if wood && !w.IsVPO(l) {
					want |= siteWoods
					woods++
				}
				if l.Level == 0 && ter.Kinds.Depression() {
					want |= siteCrest
					crest++
				}
				if got != want {
					t.Fatalf("%s: siteOf %08b, the world's answers %08b", w.Map().LocationName(l), got, want)
				}
			}
		}
		t.Logf("%d Locations: barred %d, A9e %d, woods %d, crest %d", len(locs), barred/2, a9e/2, woods/2, crest/2)
	}
}
