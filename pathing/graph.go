package pathing

import (
	"fmt"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// Graph is the movement graph of a map for one Coster: a node for every
// Location (every hex's ground level and each upper building level), an
// arc for every move the Coster allows, with its cost in half MF, and the
// exits and entries across each compass edge. The arcs are stored as
// compressed rows (CSR) both ways, so searches touch only flat arrays. A
// Graph is immutable once built and safe for concurrent use; build it once
// per map, unit kind and conditions (about a millisecond for four boards).
type Graph struct {
	Map  *board.Map
	locs []board.Location
	base []int32 // per Map.Index: node of the hex's ground Location, -1 off map

	// Forward arcs of node u: to[off[u]:off[u+1]], costs mf[...].
	off []int32
	to  []int32
	mf  []uint8
	// Reverse arcs of node v: the nodes u with an arc u->v.
	roff []int32
	from []int32
	rmf  []uint8

	exits   [4][]terminal // per compass edge: nodes that may leave the map
	entries [4][]terminal // per compass edge: nodes reached from off the map
	maxArc  int
}

// terminal is an arc to or from the off-board hexes beyond an edge.
type terminal struct {
	node int32
	cost uint8
}

// MaxArc bounds the cost of one arc: costs above it are refused by NewGraph.
const MaxArc = 255

// NewGraph builds the movement graph of m priced by c.
func NewGraph(m *board.Map, c Coster) (*Graph, error) {
	g := &Graph{Map: m, base: make([]int32, m.Stride())}
	for i := range g.base {
		g.base[i] = -1
	}
	for _, h := range m.Hexes() {
		i, _ := m.Index(h)
		g.base[i] = int32(len(g.locs))
		g.locs = append(g.locs, m.Locations(h, board.Options{})...)
	}
	n := len(g.locs)
	type arc struct {
		u, v int32
		c    uint8
	}
	var arcs []arc
	add := func(u, v int32, a, b board.Location) error {
		cost, ok := c.Step(a, b)
		if !ok {
			return nil
		}
		if cost < 0 || cost > MaxArc {
			return fmt.Errorf("pathing: step %s -> %s costs %d half MF, outside 0..%d", m.LocationName(a), m.LocationName(b), cost, MaxArc)
		}
		arcs = append(arcs, arc{u, v, uint8(cost)})
		g.maxArc = max(g.maxArc, cost)
		return nil
	}
	g.off = make([]int32, n+1)
	for u := range n {
		a := g.locs[u]
		for d := range hex.Dirs {
			if v, ok := g.Node(board.Location{Hex: a.Hex.Neighbour(d), Level: a.Level}); ok {
				if err := add(int32(u), int32(v), a, g.locs[v]); err != nil {
					return nil, err
				}
			}
		}
		for _, dl := range [2]int{-1, 1} {
			if v, ok := g.Node(board.Location{Hex: a.Hex, Level: a.Level + dl}); ok {
				if err := add(int32(u), int32(v), a, g.locs[v]); err != nil {
					return nil, err
				}
			}
		}
		g.off[u+1] = int32(len(arcs))
	}
	g.to = make([]int32, len(arcs))
	g.mf = make([]uint8, len(arcs))
	g.roff = make([]int32, n+1)
	for i, a := range arcs {
		g.to[i], g.mf[i] = a.v, a.c
		g.roff[a.v+1]++
	}
	for v := range n {
		g.roff[v+1] += g.roff[v]
	}
	g.from = make([]int32, len(arcs))
	g.rmf = make([]uint8, len(arcs))
	fill := append([]int32(nil), g.roff[:n]...)
	for _, a := range arcs {
		k := fill[a.v]
		g.from[k], g.rmf[k] = a.u, a.c
		fill[a.v]++
	}
	for e := layout.North; e <= layout.West; e++ {
		for _, h := range m.Edge(e) {
			v, _ := g.Node(board.Ground(h))
			if cost, ok := c.Exit(g.locs[v], e); ok && cost <= MaxArc {
				g.exits[e] = append(g.exits[e], terminal{int32(v), uint8(cost)})
				g.maxArc = max(g.maxArc, cost)
			}
			if cost, ok := c.Enter(g.locs[v], e); ok && cost <= MaxArc {
				g.entries[e] = append(g.entries[e], terminal{int32(v), uint8(cost)})
				g.maxArc = max(g.maxArc, cost)
			}
		}
	}
	return g, nil
}

// Len returns the number of nodes (Locations).
func (g *Graph) Len() int { return len(g.locs) }

// Arcs returns the number of arcs.
func (g *Graph) Arcs() int { return len(g.to) }

// Location returns the Location of node u.
func (g *Graph) Location(u int) board.Location { return g.locs[u] }

// Node returns the node of a Location, if the Location is in the graph.
func (g *Graph) Node(l board.Location) (int, bool) {
	i, ok := g.Map.Index(l.Hex)
	if !ok || l.Roof || l.Level < 0 {
		return 0, false
	}
	b := g.base[i]
	u := int(b) + l.Level
	if u >= len(g.locs) || g.locs[u].Hex != l.Hex || g.locs[u].Level != l.Level {
		return 0, false
	}
	return u, true
}

// Out calls fn for every arc leaving node u: its head and cost in half MF.
func (g *Graph) Out(u int, fn func(v, cost int)) {
	for k := g.off[u]; k < g.off[u+1]; k++ {
		fn(int(g.to[k]), int(g.mf[k]))
	}
}

// OutArcs returns the arcs leaving node u, as Out calls them: their heads
// and costs in half MF, two slices of one length (the graph's own: do
// not modify them), for a loop that calls nothing per arc.
func (g *Graph) OutArcs(u int) (to []int32, mf []uint8) {
	lo, hi := g.off[u], g.off[u+1]
	to, mf = g.to[lo:hi], g.mf[lo:hi]
	return to, mf[:len(to)]
}

// InArcs returns the arcs entering node u: their tails and costs in half
// MF, two slices of one length (the graph's own: do not modify them), as
// OutArcs for the arcs leaving it.
func (g *Graph) InArcs(u int) (from []int32, mf []uint8) {
	lo, hi := g.roff[u], g.roff[u+1]
	from, mf = g.from[lo:hi], g.rmf[lo:hi]
	return from, mf[:len(from)]
}

// Cost returns the cost of the arc u->v, if there is one.
func (g *Graph) Cost(u, v int) (int, bool) {
	for k := g.off[u]; k < g.off[u+1]; k++ {
		if int(g.to[k]) == v {
			return int(g.mf[k]), true
		}
	}
	return 0, false
}

// ExitCost returns the cost of leaving the map from node u across edge e.
func (g *Graph) ExitCost(u int, e layout.Compass) (int, bool) {
	for _, t := range g.exits[e] {
		if int(t.node) == u {
			return int(t.cost), true
		}
	}
	return 0, false
}

// EnterCost returns the cost of entering node u from off the map across
// edge e.
func (g *Graph) EnterCost(u int, e layout.Compass) (int, bool) {
	for _, t := range g.entries[e] {
		if int(t.node) == u {
			return int(t.cost), true
		}
	}
	return 0, false
}

// Exits calls fn for every node that may leave the map across edge e.
func (g *Graph) Exits(e layout.Compass, fn func(u, cost int)) {
	for _, t := range g.exits[e] {
		fn(int(t.node), int(t.cost))
	}
}

// Entries calls fn for every node that may be entered from off the map
// across edge e.
func (g *Graph) Entries(e layout.Compass, fn func(u, cost int)) {
	for _, t := range g.entries[e] {
		fn(int(t.node), int(t.cost))
	}
}
