package los

import (
	"bytes"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// A board read again takes the raster drawn for the first board of its
// terrain, pixel for pixel the one Rasterise draws; a board whose terrain
// differs in one hex gets its own; no more than keptRasters are kept.
func TestRasterisedKeptByTerrain(t *testing.T) {
	type boardAndRaster struct {
		b *board.Board
		r *board.Raster
	}
	read := func() boardAndRaster {
		b, err := library.New("").Board("x1")
		if err != nil {
			t.Fatal(err)
		}
		return boardAndRaster{b, rasterised(b)}
	}
	a, b := read(), read()
	if a.b == b.b {
		t.Fatal("the library gave the same board twice: the test reads nothing again")
	}
	if a.r != b.r {
		t.Error("the board read again was drawn again")
	}
	if want := Rasterise(b.b); !bytes.Equal(want.Pix, b.r.Pix) || want.W != b.r.W || want.H != b.r.H {
		t.Error("the kept raster differs from the one Rasterise draws")
	}
	// One hex turned to woods: another raster, drawn for it.
	c := read().b
	h := hex.Hex{Col: 5, Row: 5}
	c.Hex(h).Kinds = c.Hex(h).Kinds.With(terrain.Woods)
	rc := rasterised(c)
	if rc == a.r {
		t.Fatal("a board of other terrain took the raster of x1")
	}
	if want := Rasterise(c); !bytes.Equal(want.Pix, rc.Pix) {
		t.Error("the raster of the changed board differs from the one Rasterise draws")
	}
	rasters.mu.Lock()
	n := len(rasters.kept)
	rasters.mu.Unlock()
	if n > keptRasters {
		t.Errorf("%d rasters kept, at most %d", n, keptRasters)
	}
}
