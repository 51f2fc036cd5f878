package pathing

import (
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/los"
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

// Add returns the sum of two Weights of one graph (either may be nil).
func (w Weights) Add(o Weights) Weights {
	if w == nil {
		return o
	}
	if o == nil {
		return w
	}
	out := make(Weights, len(w))
	for i := range w {
		out[i] = w[i] + o[i]
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
// Terrain (in season s) and that one of the Locations in known, the Known
// FRIENDLY units, has in its LOS within reach hexes (traced from the
// FRIENDLY unit, as its fire would be, over lm: rules/los), by cost half
// MF: open ground a Known FRIENDLY unit sees. A search with these weights
// crosses such ground only where going round costs more; ground behind
// woods or a building is not exposed however near. A Location in the hex
// of a Known unit is exposed (range 0).
func (g *Graph) Exposure(lm *los.Map, known []board.Location, reach int, s terrain.Season, cost int) Weights {
	var hexes []hex.Hex
	return g.ExposureFrom(nil, func(k board.Location) []hex.Hex {
		hexes = hexes[:0]
		hex.Within(k.Hex, reach, func(h hex.Hex) bool {
			if h != k.Hex && g.Map.OnMap(h) && lm.Query(k, board.Ground(h)).Clear {
				hexes = append(hexes, h)
			}
			return true
		})
		return hexes
	}, known, s, cost)
}

// ExposureFrom is Exposure with the lines of sight given: seen(k) lists
// the hexes whose ground Location k sees within the reach wanted (a cache
// of them, such as world.World.Seen, saves tracing them again). The
// Weights are written into dst when it has the graph's size (reused from
// search to search), else made.
func (g *Graph) ExposureFrom(dst Weights, seen func(k board.Location) []hex.Hex, known []board.Location, s terrain.Season, cost int) Weights {
	var nodes []int32
	return g.ExposureOf(dst, func(k board.Location) []int32 {
		nodes = g.Exposed(nodes[:0], k, seen(k), s)
		return nodes
	}, known, cost)
}

// Exposed appends to dst the nodes Exposure weighs for a Known unit in k
// that sees the ground Locations of hexes seen: the ground Location of
// k's hex and of each of seen, those that are not Concealment Terrain in
// season s. A caller that keeps them for each k (they depend on the map,
// the season and the LOS alone) weighs with ExposureOf without looking a
// hex up again.
func (g *Graph) Exposed(dst []int32, k board.Location, seen []hex.Hex, s terrain.Season) []int32 {
	if !g.Map.OnMap(k.Hex) {
		return dst
	}
	add := func(h hex.Hex) {
		u, ok := g.Node(board.Ground(h))
		if !ok {
			return
		}
		if t, _ := g.Map.Terrain(h); !terrain.Concealment(t.Kinds, s) {
			dst = append(dst, int32(u))
		}
	}
	add(k.Hex)
	for _, h := range seen {
		add(h)
	}
	return dst
}

// ExposureOf is Exposure with each Known Location's exposed nodes given
// (Exposed), weighed cost; into dst as ExposureFrom.
func (g *Graph) ExposureOf(dst Weights, exposed func(k board.Location) []int32, known []board.Location, cost int) Weights {
	if len(dst) != g.Len() {
		dst = make(Weights, g.Len())
	} else {
		for i := range dst {
			dst[i] = 0
		}
	}
	for _, k := range known {
		for _, u := range exposed(k) {
			dst[u] = int32(cost)
		}
	}
	return dst
}
