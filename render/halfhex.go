package render

import (
	"slices"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// Half-hexes of the map's edge (ASL A2.2) are cut through their centre;
// their counters are drawn this far inward, in lattice units (X in half
// hexsides, Y in half hex heights), to stand on the half that is on the
// map, inside its frame.
const (
	inwardX = 1.0 // half a hexside from a side edge: a counter's half-width
	inwardY = 0.5 // a quarter hex height from a top or bottom edge
)

// Inward returns how far from the centre of hex h its counters are drawn,
// in lattice units: toward the map for a half-hex of the map's edge (from
// each edge that cuts it, at a corner), zero for any other hex.
func Inward(m *board.Map, h hex.Hex) (dx, dy float64) {
	if !m.OnMap(h) {
		return 0, 0
	}
	for c := layout.North; c <= layout.West; c++ {
		if _, half := m.Mirror(h, c); !half || !slices.Contains(m.Edge(c), h) {
			continue
		}
		switch m.FrameOf(c) {
		case layout.Up:
			dy = inwardY
		case layout.Down:
			dy = -inwardY
		case layout.Left:
			dx = inwardX
		case layout.Right:
			dx = -inwardX
		}
	}
	return dx, dy
}
