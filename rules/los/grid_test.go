package los

import (
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// TestGridToHex checks the tiled lookup against the search over the grid on
// every pixel of a two-row, two-column configuration (one diagonal in
// three, which crosses every hex, in the short run).
func TestGridToHex(t *testing.T) {
	t.Parallel()
	lm := emptyGrid(t)
	stride := longrun.Choose(1, 3)
	bad := 0
	for x := range lm.gw {
		for y := range lm.gh {
			if (x+y)%stride != 0 {
				continue
			}
			a, b := lm.gridToHex(x, y), lm.nearestHex(x, y)
			if a != b {
				if bad++; bad < 10 {
					t.Errorf("pixel (%d,%d): tiled %v, searched %v", x, y, a.h, b.h)
				}
			}
		}
	}
}

// TestNearBits checks the near bits (which grown polygons hold a pixel,
// mostly read off the grid's period: buildInterest) against the polygon
// tests on every pixel (a third of them in the short run) of
// configurations with boards at the frame's edges and among empty cells,
// and that no hex two away from a pixel's own holds it (holds looks no
// further). Most pixels must be of regular
// hexes, or the period would be a test of nothing.
func TestNearBits(t *testing.T) {
	t.Parallel()
	// Every pixel in the long run (longrun); one diagonal in three, which
	// crosses every hex, in the short.
	stride := 3
	if longrun.Enabled() {
		stride = 1
	}
	for _, spec := range []string{"a,b/c,d", "-,a/b,-"} {
		lm := emptyGridOf(t, spec)
		bad, pixels, regular := 0, 0, 0
		for x := range lm.gw {
			for y := range lm.gh {
				if lm.addr(x, y) < 0 || (x+y)%stride != 0 {
					continue
				}
				pixels++
				h := lm.ownAt(x, y)
				near := nearAt(h, x, y)
				if h.reg && h.regNear == 0x7F {
					regular++
				}
				want := polygonBits(h, x, y)
				far := false
				for _, n := range h.nb {
					for _, o := range n.nbOrNil() {
						if o != nil && o != h && hex.Distance(o.h, h.h) == 2 && o.contains(x, y) {
							far = true
						}
					}
				}
				if near != want || far || nearBits(h, x, y) != want {
					if bad++; bad < 10 {
						t.Errorf("%s: pixel (%d,%d) of %v: near %07b, polygons %07b, nearBits %07b, a hex two away holds it: %v", spec, x, y, h.h, near, want, nearBits(h, x, y), far)
					}
				}
			}
		}
		if regular < pixels*3/4 {
			t.Errorf("%s: %d of %d pixels of regular hexes, want most", spec, regular, pixels)
		}
		t.Logf("%s: %d of %d pixels of regular hexes", spec, regular, pixels)
	}
}

// TestFirstInherent checks the hexes' first pixels of inherent terrain
// (firstInherent, which looks only at such pixels) against VASL's scan of
// each hex's bounds pixel by pixel (Hex.resetTerrain), on demo boards with
// orchards and on the real boards' in ../shared when present.
func TestFirstInherent(t *testing.T) {
	t.Parallel()
	specs := []string{"x1,x2/x3r,-"}
	if _, ok := testshared.FindBoards(); ok {
		specs = append(specs, "33,2r")
	}
	for _, spec := range specs {
		lay, err := layout.Parse(spec, layout.Up)
		if err != nil {
			t.Fatal(err)
		}
		dir, _ := testshared.FindBoards()
		bm, err := library.New(dir).Map(lay)
		if err != nil {
			t.Fatal(err)
		}
		lm, err := New(bm, terrain.InSeason)
		if err != nil {
			t.Fatal(err)
		}
		got, found := lm.firstInherent(), 0
		for i := range lm.hexes {
			h := &lm.hexes[i]
			want := int16(-1)
		scan:
			for px := int(h.border[0].x); px < int(h.border[1].x) && px < lm.gw; px++ {
				for py := int(h.border[0].y); py < int(h.border[1].y); py++ {
					if tt, ok := lm.terr(px, py); ok && tt.flags&inherent != 0 && lm.nearest(h, px, py) == -1 {
						want = int16(tt.code)
						break scan
					}
				}
			}
			if want >= 0 {
				found++
			}
			if got[i] != want {
				t.Errorf("%s: hex %v: first inherent pixel's code %d, want %d", spec, h.h, got[i], want)
			}
		}
		if found == 0 {
			t.Errorf("%s: no hex has inherent terrain: a test of nothing", spec)
		}
		t.Logf("%s: %d hexes with inherent terrain", spec, found)
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
func emptyGrid(t *testing.T) *Map { return emptyGridOf(t, "a,b/c,d") }

// emptyGridOf is the LOS map of configuration spec of boards with no
// terrain.
func emptyGridOf(t *testing.T, spec string) *Map {
	t.Helper()
	lay, err := layout.Parse(spec, layout.Up)
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
