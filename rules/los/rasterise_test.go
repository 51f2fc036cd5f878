package los

import (
	"bytes"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// rasteriseEachPixel is Rasterise as it was written first, pixel by
// pixel, each the hex of the board nearest it (nearestBoardHex), every
// hexside's band tried at every pixel (sideReach 0): the oracle of the
// runs Rasterise fills. It sets sideReach for its run: only a test that
// runs alone (not Parallel) calls it.
func rasteriseEachPixel(b *board.Board) *board.Raster {
	defer func(r float64) { sideReach = r }(sideReach)
	sideReach = 0
	loadTiles()
	r := &board.Raster{W: board.RasterW, H: board.RasterH, Pix: make([]byte, 2*board.RasterW*board.RasterH)}
	for x := range r.W {
		for y := range r.H {
			h, ok := nearestBoardHex(x, y)
			if !ok {
				continue
			}
			d := drawnOf(b.Hex(h))
			i := 2 * (x*r.H + y)
			r.Pix[i] = byte(int8(d.t.Elevation))
			r.Pix[i+1] = d.code(h, float64(x), float64(y))
		}
	}
	return r
}

// Rasterise fills runs of a column's pixels that share their nearest
// centre dot (ASL A6.1: LOS from centre dot to centre dot): the raster is
// the one drawn pixel by pixel, on the demo boards, on a board of every
// kind of terrain and hexside Rasterise draws, and on real boards' hexes.
func TestRasteriseRunsAsEachPixel_A6_1(t *testing.T) {
	lib := library.New("")
	var boards []*board.Board
	for _, id := range []string{"x1", "x2", "x3"} {
		b, err := lib.Board(id)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	// Every hex a kind and hexsides in turn, some buildings linked, the
	// levels from -1 to 3.
	every, err := library.New("").Board("x1") // its own library: lib keeps the x1 above
	if err != nil {
		t.Fatal(err)
	}
	kinds := []terrain.Kind{terrain.Woods, terrain.Building, terrain.Rubble, terrain.Lumberyard, terrain.Orchard, terrain.Brush, terrain.Grain, terrain.Marsh, terrain.Water, terrain.Gully, terrain.DirtRoad}
	sides := []terrain.Features{terrain.Wall, terrain.Hedge, terrain.Bocage, terrain.Cliff, terrain.BuildingLink}
	i := 0
	for c := range 40 {
		for n := range 12 {
			if !board.Valid(hex.Hex{Col: c, Row: n}) {
				continue
			}
			t := every.Hex(hex.Hex{Col: c, Row: n})
			i++
			t.Kinds = t.Kinds.With(kinds[i%len(kinds)])
			if t.Kinds.Has(terrain.Building) {
				t.Building = terrain.Structure{Levels: i % 4, Material: terrain.Material(i % 2)}
			}
			t.Sides[hex.Dir(i)%hex.Dirs] |= sides[i%len(sides)]
			t.Elevation = i%5 - 1
		}
	}
	if i == 0 {
		t.Fatal("no hex of x1 changed")
	}
	boards = append(boards, every)
	if dir, ok := testshared.FindBoards(); ok {
		real := library.New(dir)
		for _, id := range []string{"2", "33"} {
			b, err := real.Board(id)
			if err != nil {
				t.Fatal(err)
			}
			nb := *b
			nb.Raster = nil
			boards = append(boards, &nb)
		}
	}
	for _, b := range boards {
		got := Rasterise(b)
		want := rasteriseEachPixel(b)
		if got.W != want.W || got.H != want.H || !bytes.Equal(got.Pix, want.Pix) {
			n := 0
			for i := range got.Pix {
				if got.Pix[i] != want.Pix[i] {
					n++
				}
			}
			t.Errorf("board %s: %d bytes of the raster differ from those drawn pixel by pixel", b.ID, n)
		}
	}
}
