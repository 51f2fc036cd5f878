package pathing

import (
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Weigh builds Weights from a function of each Location of g.
func (g *Graph) Weigh(w func(board.Location) int) Weights {
	out := make(Weights, g.Len())
	for u, l := range g.locs {
		if v := w(l); v > 0 {
			out[u] = int32(v)
		}
	}
	return out
}

// Cover weighs every Location that is not Concealment Terrain (ASL A12.12,
// in season s) by cost half MF: a search with these weights prefers woods,
// brush, buildings and the like, and crosses open ground only where cover
// would cost more than cost per hex. Use it for "covered" paths; a
// search without weights gives "fast" ones.
func (g *Graph) Cover(s terrain.Season, cost int) Weights {
	return g.Weigh(func(l board.Location) int {
		t, _ := g.Map.Terrain(l.Hex)
		if terrain.Concealment(t.Kinds, s) {
			return 0
		}
		return cost
	})
}

// Exposure weighs the ground-level Locations that are not Concealment
// Terrain (in season s) within reach hexes of any of the hexes in known, the
// Known FRIENDLY units, by cost half MF. It stands in for "open ground in
// LOS of Known FRIENDLY units" until sasl traces LOS: nearness is its proxy.
func (g *Graph) Exposure(known []hex.Hex, reach int, s terrain.Season, cost int) Weights {
	return g.Weigh(func(l board.Location) int {
		t, _ := g.Map.Terrain(l.Hex)
		if l.Level != 0 || terrain.Concealment(t.Kinds, s) {
			return 0
		}
		for _, k := range known {
			if hex.Distance(k, l.Hex) <= reach {
				return cost
			}
		}
		return 0
	})
}
