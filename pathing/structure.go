package pathing

import (
	"slices"

	"github.com/yourbasic/graph"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Structural questions about the map, answered with github.com/yourbasic/graph
// over small graphs of hexes: which hexes form connected groups, whether an
// entry hex is cut off, whether a set of hexes is contiguous.

// Group is a set of connected hexes.
type Group struct {
	Hexes []hex.Hex
	// Edges says across which compass edges of the map the group's
	// depiction continues (a link on a hexside facing off the map).
	Edges [4]bool
}

// WoodsGroups returns the groups of connected woods/brush Locations of m
// (SASL 4.1b: "the woods/brush depiction extends across a hexside(s)
// 'connecting' to the woods/brush depiction in the ADJACENT Location"):
// woods or brush hexes joined by hexsides the woods or brush depiction
// crosses. Groups and their hexes are in the order of m.Hexes().
func WoodsGroups(m *board.Map) []Group {
	return Groups(m, func(t *terrain.Hex) bool { return t.Kinds.WoodsBrush() }, terrain.WoodsLink|terrain.BrushLink)
}

// Groups returns the connected groups of the hexes of m for which in is
// true, joined across hexsides holding any of the features link.
func Groups(m *board.Map, in func(*terrain.Hex) bool, link terrain.Features) []Group {
	var hexes []hex.Hex
	index := map[hex.Hex]int{}
	for _, h := range m.Hexes() {
		if t, _ := m.Terrain(h); in(t) {
			index[h] = len(hexes)
			hexes = append(hexes, h)
		}
	}
	g := graph.New(len(hexes))
	for i, h := range hexes {
		t, _ := m.Terrain(h)
		for d := range hex.Dirs {
			if !t.Sides[d].Any(link) {
				continue
			}
			if j, ok := index[h.Neighbour(d)]; ok {
				g.AddBoth(i, j)
			}
		}
	}
	// The hexes of each edge, once: map index -> on that edge.
	var edges [4][]bool
	for e := layout.North; e <= layout.West; e++ {
		edges[e] = make([]bool, m.Stride())
		for _, h := range m.Edge(e) {
			i, _ := m.Index(h)
			edges[e][i] = true
		}
	}
	var out []Group
	for _, comp := range graph.Components(g) {
		slices.Sort(comp) // the order of m.Hexes()
		var gr Group
		for _, i := range comp {
			gr.Hexes = append(gr.Hexes, hexes[i])
		}
		for e := layout.North; e <= layout.West; e++ {
			gr.Edges[e] = crossesEdge(m, gr.Hexes, edges[e], e, link)
		}
		out = append(out, gr)
	}
	slices.SortFunc(out, func(a, b Group) int { return index[a.Hexes[0]] - index[b.Hexes[0]] })
	return out
}

// crossesEdge reports whether the depiction of hexes reaches compass edge
// c (whose hexes are marked in edge, by map index): one of them is a
// half-hex the edge cuts (its depiction runs into the edge itself), or a
// hexside of one facing off the map across the edge holds one of the
// features link.
func crossesEdge(m *board.Map, hexes []hex.Hex, edge []bool, c layout.Compass, link terrain.Features) bool {
	f := m.FrameOf(c)
	for _, h := range hexes {
		if i, _ := m.Index(h); !edge[i] {
			continue
		}
		if _, half := m.Mirror(h, c); half {
			return true
		}
		t, _ := m.Terrain(h)
		for d := range hex.Dirs {
			if t.Sides[d].Any(link) && !m.OnMap(h.Neighbour(d)) && faces(f, d) {
				return true
			}
		}
	}
	return false
}

// faces reports whether hexside d of a hex looks toward frame side f.
func faces(f layout.Frame, d hex.Dir) bool {
	switch f {
	case layout.Up:
		return d == hex.N || d == hex.NE || d == hex.NW
	case layout.Down:
		return d == hex.S || d == hex.SE || d == hex.SW
	case layout.Right:
		return d == hex.NE || d == hex.SE
	}
	return d == hex.NW || d == hex.SW
}

// CutOff reports whether Location entry is cut off from the remainder of the
// board (ASL A2.5: an entry hex "blocked by rubble or Blaze (even if the
// rubble or Blaze is not in that particular hex but does cut it off from the
// remainder of the board)"): with the hexes for which blocked is true taken
// out, the Locations entry can reach by moves of g are not the largest such
// group of the map. A blocked entry hex is cut off.
func CutOff(g *Graph, entry board.Location, blocked func(hex.Hex) bool) bool {
	start, ok := g.Node(entry)
	if !ok || blocked(entry.Hex) {
		return true
	}
	open := make([]bool, g.Len())
	for u := range g.Len() {
		open[u] = !blocked(g.locs[u].Hex)
	}
	ug := graph.New(g.Len())
	for u := range g.Len() {
		if !open[u] {
			continue
		}
		g.Out(u, func(v, _ int) {
			if open[v] {
				ug.AddBoth(u, v)
			}
		})
	}
	largest, mine := 0, 0
	for _, comp := range graph.Components(ug) {
		if !open[comp[0]] {
			continue
		}
		largest = max(largest, len(comp))
		if slices.Contains(comp, start) {
			mine = len(comp)
		}
	}
	return mine < largest
}

// Contiguous reports whether hexes form one group of adjacent hexes, as the
// chain of a Human Wave must (SASL 4.323, ASL A25.23). Repeated hexes count
// once; no hexes are not contiguous.
func Contiguous(hexes []hex.Hex) bool {
	return len(Clusters(hexes)) == 1
}

// Clusters splits hexes into groups of adjacent hexes, each group in the
// order of hexes, groups in the order of their first hex.
func Clusters(hexes []hex.Hex) [][]hex.Hex {
	var uniq touching
	for _, h := range hexes {
		if !slices.Contains(uniq, h) {
			uniq = append(uniq, h)
		}
	}
	var out [][]hex.Hex
	for _, comp := range graph.Components(uniq) {
		slices.Sort(comp)
		c := make([]hex.Hex, len(comp))
		for k, i := range comp {
			c[k] = uniq[i]
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b []hex.Hex) int { return slices.Index(uniq, a[0]) - slices.Index(uniq, b[0]) })
	return out
}

// touching is a graph.Iterator over hexes, each joined to the hexes next
// to it: its neighbours are worked out as they are visited, so that no
// graph is built. O(hexes) a visit.
type touching []hex.Hex

func (g touching) Order() int { return len(g) }

func (g touching) Visit(v int, do func(w int, c int64) bool) bool {
	for w, h := range g {
		if hex.Distance(g[v], h) == 1 && do(w, 0) {
			return true
		}
	}
	return false
}

// Clusterer splits hexes into groups of adjacent hexes as Clusters does,
// in storage of its own reused from call to call, so that a split
// allocates nothing once the storage has grown: the chain of a Human Wave
// (SASL 4.323) is split so at every MPh of every game. The zero value is
// ready to use; a Clusterer is not safe for concurrent use.
type Clusterer struct {
	uniq   []hex.Hex
	label  []int32
	parent []int32
}

// Split splits hexes into groups of adjacent hexes (hex.Distance 1):
// uniq is the hexes without repeats, in the order of hexes, and label[i]
// the group of uniq[i], groups numbered 0..n-1 in the order of their
// first hex: the groups of Clusters, in its order (Clusters(hexes)[k] is
// the uniq[i] with label[i] == k, in order). Both slices are c's, valid
// until its next Split. O(hexes^2), by a union-find.
func (c *Clusterer) Split(hexes []hex.Hex) (uniq []hex.Hex, label []int32, n int) {
	uniq = c.uniq[:0]
	for _, h := range hexes {
		if !slices.Contains(uniq, h) {
			uniq = append(uniq, h)
		}
	}
	parent := c.parent[:0]
	for i := range uniq {
		parent = append(parent, int32(i))
	}
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range uniq {
		for j := i + 1; j < len(uniq); j++ {
			if hex.Distance(uniq[i], uniq[j]) == 1 {
				if a, b := find(int32(i)), find(int32(j)); a != b {
					parent[max(a, b)] = min(a, b) // a root is its group's first hex
				}
			}
		}
	}
	label = c.label[:0]
	for i := range uniq {
		r := find(int32(i))
		if int(r) == i {
			label = append(label, int32(n))
			n++
		} else {
			label = append(label, label[r]) // r < i: labelled already
		}
	}
	c.uniq, c.parent, c.label = uniq, parent, label
	return uniq, label, n
}
