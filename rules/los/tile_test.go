package los

import (
	"fmt"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/alloc"
	"github.com/sasl-engine/sasl/internal/testkit/testlayout"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// demoBoardMap returns the board map of a configuration of the built-in
// demo boards.
func demoBoardMap(t *testing.T, spec string) *board.Map {
	t.Helper()
	lay, err := layout.Parse(spec, layout.Up)
	if err != nil {
		t.Fatal(err)
	}
	bm, err := library.New("").Map(lay)
	if err != nil {
		t.Fatal(err)
	}
	return bm
}

// allocated returns the bytes f allocates: the least of 3 runs
// (alloc.Bytes: TotalAlloc counts the whole process, and once counted
// another goroutine's bytes as NewMap's on a loaded CI machine).
func allocated(f func()) uint64 { return alloc.Bytes(3, f) }

// A board among many empty cells has the LOS map of the board alone: one
// board's raster, its spine blocks, the hexes in reach of
// it, and about the same memory (the empty cells take a few bytes each),
// where one raster of the whole configuration took 2 GB for 10 x 10 cells.
// (Not parallel: it counts the bytes allocated.)
func TestEmptyCellsTakeNoSpace(t *testing.T) {
	one := demoBoardMap(t, "x1")
	// x1's raster is drawn once a process (rasterised): drawn here first,
	// so that no count below holds it.
	if _, err := New(one, terrain.InSeason); err != nil {
		t.Fatal(err)
	}
	alone := allocated(func() {
		if _, err := New(one, terrain.InSeason); err != nil {
			t.Fatal(err)
		}
	})
	// The hexes of a board and those within hexReach of them.
	reach := (layout.BoardCols + 1 + 2*hexReach) * (layout.BoardRows + 1 + 2*hexReach)
	for _, c := range []struct{ rows, cols, i, j int }{{10, 10, 4, 4}, {20, 20, 0, 19}, {layout.MaxRows, layout.MaxCols, 35, 35}} {
		bm := demoBoardMap(t, testlayout.Sparse(c.rows, c.cols, c.i, c.j, "x1"))
		var lm *Map
		got := allocated(func() {
			var err error
			if lm, err = New(bm, terrain.InSeason); err != nil {
				t.Fatal(err)
			}
		})
		name := fmt.Sprintf("x1 in %dx%d cells", c.rows, c.cols)
		if len(lm.pix) != 1 || len(lm.pix[0]) != 2*boardN || len(lm.spine) != spineN || len(lm.inh) != spineN || len(lm.tileOf) != c.rows*c.cols {
			t.Errorf("%s: %d rasters, %d spine blocks, %d cells; want one board's and %d", name, len(lm.pix), len(lm.spine), len(lm.tileOf), spineN)
		}
		if len(lm.hexes) > reach || len(lm.hexSlots) > 9*hexBlockN || len(lm.hexBlocks) > (c.rows+1)*(c.cols+1) {
			t.Errorf("%s: %d hexes (at most %d), %d index slots, %d blocks", name, len(lm.hexes), reach, len(lm.hexSlots), len(lm.hexBlocks))
		}
		// The cells' entries (tileOf, hexBlocks), 4 bytes each rounded up by
		// the allocator; and a twentieth of x1 alone with its raster drawn
		// (2.5 MB), for the hexes in reach of a board inside the frame,
		// which x1 alone, at the frame's edges, has not (some 90 KB).
		limit := alone + (alone+2*boardN)/20 + 16*uint64(c.rows+1)*uint64(c.cols+1)
		if got > limit {
			t.Errorf("%s: New allocates %d bytes, more than %d; x1 alone %d", name, got, limit, alone)
		}
		t.Logf("%s: %d bytes; x1 alone %d", name, got, alone)
	}
}

// A line between boards that crosses an empty cell ends at its first pixel
// (in the empty cell: BlockedAt is the hex of the nearest centre dot, the
// edge's half-hex), whichever end fires; lines that stay on a board see
// what they see on it.
func TestEmptyCellBlocks(t *testing.T) {
	t.Parallel()
	lm, err := New(demoBoardMap(t, "x1,-,x2"), terrain.InSeason)
	if err != nil {
		t.Fatal(err)
	}
	bm := lm.Board()
	loc := func(s string) board.Location {
		l, err := bm.ParseLocation(s)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	for _, p := range [][2]string{{"x1Y5", "x2E5"}, {"x2E5", "x1Y5"}, {"x1CC2", "x2C9"}} {
		r := lm.Query(loc(p[0]), loc(p[1]))
		gap := r.Pixel[0] >= boardW && r.Pixel[0] < 2*boardW
		if r.Clear || r.Reason != OffMap || r.Blocking() != "no board" || !gap {
			t.Errorf("%s - %s: %+v; want blocked by no board at a pixel of the empty cell", p[0], p[1], r)
		}
		if r.Range != hex.Distance(loc(p[0]).Hex, loc(p[1]).Hex) {
			t.Errorf("%s - %s: range %d", p[0], p[1], r.Range)
		}
	}
	// On a board, as on the board alone (away from the edge shared with
	// the empty cell: VASL's frame puts the GG half-hexes' centre dots on
	// its first pixels).
	alone, err := New(demoBoardMap(t, "x1"), terrain.InSeason)
	if err != nil {
		t.Fatal(err)
	}
	a := alone.Board()
	for _, p := range [][2]string{{"x1A5", "x1K5"}, {"x1Q5", "x1S6h1"}, {"x1B3", "x1Z9"}, {"x1F6", "x1M2"}} {
		la, err := a.ParseLocation(p[0])
		if err != nil {
			t.Fatal(err)
		}
		lb, err := a.ParseLocation(p[1])
		if err != nil {
			t.Fatal(err)
		}
		want, got := alone.Query(la, lb), lm.Query(loc(p[0]), loc(p[1]))
		if got.Clear != want.Clear || got.Hindrance != want.Hindrance || got.Reason != want.Reason || got.BlockedAt != want.BlockedAt {
			t.Errorf("%s - %s: %+v among empty cells, %+v alone", p[0], p[1], got, want)
		}
	}
}
