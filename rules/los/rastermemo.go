package los

import (
	"crypto/sha256"
	"sync"

	"github.com/sasl-engine/sasl/rules/board"
)

// keptRasters bounds the rasters a process keeps (rasterised): each is
// 2.3 MB (board.RasterW x board.RasterH x 2 bytes).
const keptRasters = 8

// rasters are the rasters this process drew (Rasterise), by the terrain
// they were drawn from, the most recently asked for last.
var rasters struct {
	mu   sync.Mutex
	kept []*rasterEntry
}

type rasterEntry struct {
	terrain [sha256.Size]byte // of the board's native text (board.WriteText)
	once    sync.Once
	r       *board.Raster
}

// rasterised is Rasterise of b, drawn once a process for each terrain:
// a board read again with the same hexes (each command of a test run,
// each action of sasl serve opens its game anew) takes the raster drawn
// for the first rather than drawing it again, some 10 ms a board. The
// terrain is b's native text, which is all Rasterise reads. A raster is
// read only once built, so boards share it.
func rasterised(b *board.Board) *board.Raster {
	h := sha256.New()
	if err := board.WriteText(h, b); err != nil {
		return Rasterise(b) // a hash takes every write; but if not, draw it
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	rasters.mu.Lock()
	var e *rasterEntry
	for i, x := range rasters.kept {
		if x.terrain == key {
			e = x
			rasters.kept = append(append(rasters.kept[:i:i], rasters.kept[i+1:]...), e)
			break
		}
	}
	if e == nil {
		e = &rasterEntry{terrain: key}
		if len(rasters.kept) == keptRasters {
			rasters.kept = append(rasters.kept[:0:0], rasters.kept[1:]...)
		}
		rasters.kept = append(rasters.kept, e)
	}
	rasters.mu.Unlock()
	e.once.Do(func() { e.r = Rasterise(b) })
	if e.r == nil { // Rasterise panicked the first time: draw it here, not nil
		return Rasterise(b)
	}
	return e.r
}
