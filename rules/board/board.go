package board

import (
	"fmt"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Board is the terrain of one geomorphic mapboard (33 hexrows of 10 hexes,
// ASL A2.1) in its own coordinates: hex.Hex{Col: hexrow index, Row: hex
// number}. Hexside features are kept on both hexes of a hexside; SetSide
// keeps them in step. A Board is not safe for concurrent writes; once built
// it is only read.
type Board struct {
	// ID is the board number as printed in hex B8 ("33"), or the ID of a
	// board authored here ("x1").
	ID string
	// Source says where the terrain came from, for messages: a file path,
	// or "embedded".
	Source string
	// Raster is the terrain picture the board was read from (a VASL
	// archive's LOSData), or nil for a board authored in the native format
	// (rules/los rasterises those from their hexes).
	Raster *Raster
	hexes  [layout.BoardCols + 1][layout.BoardRows + 1]terrain.Hex
}

// New returns a board of Open Ground at level 0.
func New(id string) *Board { return &Board{ID: id} }

// Valid reports whether h is a hex printed on a board: even hexrows hold
// hexes 1..10, odd hexrows 0..10 (the half-hexes 0 and 10 included).
func Valid(h hex.Hex) bool {
	if h.Col < 0 || h.Col > layout.BoardCols {
		return false
	}
	if h.Col&1 == 0 {
		return h.Row >= 1 && h.Row <= layout.BoardRows
	}
	return h.Row >= 0 && h.Row <= layout.BoardRows
}

// Hex returns the terrain of board hex h for reading and writing. It panics
// if h is not Valid.
func (b *Board) Hex(h hex.Hex) *terrain.Hex {
	if !Valid(h) {
		panic(fmt.Sprintf("board: %v is not a hex of a board", h))
	}
	return &b.hexes[h.Col][h.Row]
}

// Each calls fn for every hex of the board, hexrow by hexrow (A1..A10,
// B0..B10, ...).
func (b *Board) Each(fn func(h hex.Hex, t *terrain.Hex)) {
	for c := 0; c <= layout.BoardCols; c++ {
		for n := 0; n <= layout.BoardRows; n++ {
			h := hex.Hex{Col: c, Row: n}
			if Valid(h) {
				fn(h, &b.hexes[c][n])
			}
		}
	}
}

// AddSide adds features f to hexside d of h and to the same hexside seen
// from the neighbour, when the neighbour is on the board.
func (b *Board) AddSide(h hex.Hex, d hex.Dir, f terrain.Features) {
	b.Hex(h).Sides[d] |= f
	if n := h.Neighbour(d); Valid(n) {
		b.Hex(n).Sides[d.Opposite()] |= f
	}
}

// Equal reports whether two boards hold the same terrain (ID and Source
// aside).
func (b *Board) Equal(o *Board) bool { return b.hexes == o.hexes }

// Diff describes the first few hexes where two boards differ, for tests and
// messages.
func (b *Board) Diff(o *Board, max int) []string {
	var out []string
	b.Each(func(h hex.Hex, t *terrain.Hex) {
		if len(out) >= max {
			return
		}
		u := o.Hex(h)
		if *t != *u {
			out = append(out, fmt.Sprintf("%s: %+v != %+v", localName(h), *t, *u))
		}
	})
	return out
}

// MinElevation and MaxElevation bound the base level of a hex (ASL B10)
// that a board may hold, in the native format and from VASL archives alike.
// The real geomorphic boards span -3 (pixels of bd24; their hex centres
// go to -2) to 4 (the hills of boards 9, 15 and 50); the range leaves
// room for deeper depressions and higher hills while keeping what depends
// on levels small (the cost of terrain doubles for each level climbed,
// ASL B.2: 127 levels would overflow it).
const (
	MinElevation = -3
	MaxElevation = 9
)

// CheckElevations returns an error naming the first hex whose elevation is
// outside MinElevation..MaxElevation, or nil.
func (b *Board) CheckElevations() error {
	var err error
	b.Each(func(h hex.Hex, t *terrain.Hex) {
		if err == nil && (t.Elevation < MinElevation || t.Elevation > MaxElevation) {
			err = fmt.Errorf("hex %s is at level %d; a board's levels are %d..%d", localName(h), t.Elevation, MinElevation, MaxElevation)
		}
	})
	return err
}

func localName(h hex.Hex) string {
	return fmt.Sprintf("%s%d", colName(h.Col), h.Row)
}
