package los

import (
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// TestGridToHex checks the tiled lookup against the search over the grid on
// every pixel of a two-row, two-column configuration.
func TestGridToHex(t *testing.T) {
	t.Parallel()
	lm := emptyGrid(t)
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

// TestNearBits checks cell.near (which grown polygons hold a pixel)
// against the polygon tests on every pixel of a two-row, two-column
// configuration, and that no hex two away from a pixel's own holds it
// (holds looks no further).
func TestNearBits(t *testing.T) {
	t.Parallel()
	lm := emptyGrid(t)
	bad := 0
	for x := range lm.gw {
		for y := range lm.gh {
			c := lm.cellAt(x, y)
			h := &lm.hexes[c.own]
			want := polygonBits(h, x, y)
			far := false
			for _, n := range h.nb {
				for _, o := range n.nbOrNil() {
					if o != nil && o != h && hex.Distance(o.h, h.h) == 2 && o.contains(x, y) {
						far = true
					}
				}
			}
			if c.near != want || far {
				if bad++; bad < 10 {
					t.Errorf("pixel (%d,%d) of %v: near %07b, polygons %07b, a hex two away holds it: %v", x, y, h.h, c.near, want, far)
				}
			}
		}
	}
}

func (h *hexInfo) nbOrNil() []*hexInfo {
	if h == nil {
		return nil
	}
	return h.nb[:]
}

// emptyGrid is the LOS map of a two-row, two-column configuration of
// boards with no terrain.
func emptyGrid(t *testing.T) *Map {
	t.Helper()
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
	return lm
}

// TestHexDist checks hexDist and holds, which read cube coordinates, against
// hex.Distance and the neighbours' list, for every pair of hexes of a
// two-row, two-column configuration.
func TestHexDist(t *testing.T) {
	t.Parallel()
	lm := emptyGrid(t)
	for i := range lm.hexes {
		a := &lm.hexes[i]
		for j := range lm.hexes {
			b := &lm.hexes[j]
			if got, want := hexDist(a, b), hex.Distance(a.h, b.h); got != want {
				t.Fatalf("hexDist(%v, %v) = %d, want %d", a.h, b.h, got, want)
			}
			for s := range 7 {
				near := uint8(1) << s
				want := a == b && s == 6
				for d, n := range b.nb {
					if n == a && d == s {
						want = true
					}
				}
				if got := holds(a, b, near); got != want {
					t.Fatalf("holds(%v, %v, bit %d) = %v, want %v", a.h, b.h, s, got, want)
				}
			}
		}
	}
}
