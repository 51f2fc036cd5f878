package los

import (
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// TestGridToHex checks the tiled lookup against the search over the grid on
// every pixel of a two-row, two-column configuration.
func TestGridToHex(t *testing.T) {
	lay, err := layout.Parse("a,b/c,d", layout.Up)
	if err != nil {
		t.Fatal(err)
	}
	boards := map[string]*board.Board{}
	for _, id := range lay.Boards() {
		boards[id] = board.New(id)
	}
	bm, err := board.NewMap(lay, boards)
	if err != nil {
		t.Fatal(err)
	}
	lm, err := New(bm, terrain.InSeason)
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for x := range lm.gw {
		for y := range lm.gh {
			a, b := lm.gridToHex(x, y), lm.nearestHex(x, y)
			if a != b {
				if bad++; bad < 10 {
					t.Errorf("pixel (%d,%d): tiled %v, searched %v", x, y, a.h, b.h)
				}
			}
		}
	}
}
