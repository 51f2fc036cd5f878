package pathing

import (
	"math"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// Step is one Location of a path and what entering it cost.
type Step struct {
	Location board.Location
	// HalfMF is the MF spent entering this step (0 for the first), in half
	// MF; weights are not included.
	HalfMF int
	// Off marks a step off the map: the mirror hex an exit enters (the last
	// step of a path to an edge) or the off-board hex an entry comes from
	// (the first step of a path from an edge). Location.Hex is that hex.
	Off bool
}

// Path is a sequence of Locations, each entered from the one before.
type Path struct {
	Steps []Step
	// HalfMF is the MF of the whole path, in half MF.
	HalfMF int
	// Cost is what the search minimised: MF plus weights, in half MF.
	Cost int
}

// MF returns the MF of the whole path.
func (p Path) MF() float64 { return float64(p.HalfMF) / 2 }

// Hexes returns the hexes of the path in order, each once.
func (p Path) Hexes() []hex.Hex {
	var out []hex.Hex
	for _, s := range p.Steps {
		if len(out) == 0 || out[len(out)-1] != s.Location.Hex {
			out = append(out, s.Location.Hex)
		}
	}
	return out
}

// Within returns the steps of p a unit with budget half MF completes, from
// the start: the first step, and every later one whose running total of MF
// stays within budget.
func (p Path) Within(budget int) []Step {
	total := 0
	for i, s := range p.Steps {
		total += s.HalfMF
		if total > budget {
			return p.Steps[:i]
		}
	}
	return p.Steps
}

// Reached reports whether the search reached l.
func (f *Field) Reached(l board.Location) bool {
	u, ok := f.g.Node(l)
	return ok && f.cost[u] != Unreached
}

// Cost returns the cost (MF plus weights, in half MF) of l in the field, or
// Unreached.
func (f *Field) Cost(l board.Location) int {
	u, ok := f.g.Node(l)
	if !ok {
		return Unreached
	}
	return int(f.cost[u])
}

// NodeCost returns the cost of node u, or Unreached.
func (f *Field) NodeCost(u int) int { return int(f.cost[u]) }

// Path returns the cheapest path through l in the field: from l off the map
// for a flow field (ToEdge), from the source to l for a forward field. ok is
// false if l was not reached.
func (f *Field) Path(l board.Location) (Path, bool) {
	u, ok := f.g.Node(l)
	if !ok || f.cost[u] == Unreached {
		return Path{}, false
	}
	return f.path(u), true
}

// path builds the path of a reached node. Among the many cheapest paths a
// hex grid offers (on open ground, every route of the same length costs the
// same), it takes the one that keeps nearest the straight line between the
// path's two ends, on the road where that is as near, as a player would: first the ends are found by
// following the links, then the path is rebuilt choosing, at each node,
// among the arcs on a cheapest path the one whose hex lies nearest that
// line. Costs are those of the search; only ties are broken.
func (f *Field) path(u int) Path {
	g := f.g
	// The far end: follow the links.
	end := u
	for f.link[end] >= 0 {
		end = int(f.link[end])
	}
	a, b := g.locs[u].Hex.Centre(), g.locs[end].Hex.Centre()
	off := func(v int) float64 {
		d := lineDistance(a, b, g.locs[v].Hex.Centre())
		// Of two hexes as near the line, the road (its hexes lie a whole
		// unit apart, so this only breaks exact ties).
		if t, _ := g.Map.Terrain(g.locs[v].Hex); !t.Kinds.Road() {
			d += 1e-6
		}
		return d
	}
	var nodes []int
	for v := u; ; {
		nodes = append(nodes, v)
		if f.link[v] < 0 {
			break
		}
		v = f.next(v, off)
	}
	p := Path{Cost: int(f.cost[u])}
	if f.forward {
		// The walk went back toward the source: reverse it.
		for i, j := 0, len(nodes)-1; i < j; i, j = i+1, j-1 {
			nodes[i], nodes[j] = nodes[j], nodes[i]
		}
		if f.fromEdge {
			// Entered from off the map across f.edge.
			c, _ := g.EnterCost(nodes[0], f.edge)
			p.Steps = append(p.Steps, Step{Location: board.Ground(f.offHex(nodes[0])), Off: true})
			p.Steps = append(p.Steps, Step{Location: g.locs[nodes[0]], HalfMF: c})
		} else {
			p.Steps = append(p.Steps, Step{Location: g.locs[nodes[0]]})
		}
		for i := 1; i < len(nodes); i++ {
			c, _ := g.Cost(nodes[i-1], nodes[i])
			p.Steps = append(p.Steps, Step{Location: g.locs[nodes[i]], HalfMF: c})
		}
	} else {
		p.Steps = append(p.Steps, Step{Location: g.locs[nodes[0]]})
		for i := 1; i < len(nodes); i++ {
			c, _ := g.Cost(nodes[i-1], nodes[i])
			p.Steps = append(p.Steps, Step{Location: g.locs[nodes[i]], HalfMF: c})
		}
		if !f.toNode {
			last := nodes[len(nodes)-1]
			c, _ := g.ExitCost(last, f.edge)
			p.Steps = append(p.Steps, Step{Location: board.Ground(f.offHex(last)), HalfMF: c, Off: true})
		}
	}
	for _, s := range p.Steps {
		p.HalfMF += s.HalfMF
	}
	return p
}

// next returns the node after v on a cheapest path toward the field's end
// (the source of a forward field, the exit of a reverse one), preferring the
// lowest off among the arcs that are as cheap as the recorded link. A
// candidate must be strictly cheaper than v, or be the link itself, so that
// arcs costing nothing cannot lead the walk round in circles.
func (f *Field) next(v int, off func(int) float64) int {
	g := f.g
	best := int(f.link[v])
	bestOff := off(best)
	cv := f.cost[v]
	consider := func(c int) {
		if c == best || f.cost[c] >= cv || f.cost[c] == Unreached {
			return
		}
		if o := off(c); o < bestOff {
			best, bestOff = c, o
		}
	}
	if f.forward {
		// Predecessors c with cost[c] + arc(c->v) + w[v] == cost[v].
		wv := int32(0)
		if f.w != nil {
			wv = f.w[v]
		}
		for k := g.roff[v]; k < g.roff[v+1]; k++ {
			c := int(g.from[k])
			if f.cost[c] != Unreached && f.cost[c]+int32(g.rmf[k])+wv == cv {
				consider(c)
			}
		}
	} else {
		// Successors c with cost[v] == arc(v->c) + w[c] + cost[c].
		for k := g.off[v]; k < g.off[v+1]; k++ {
			c := int(g.to[k])
			wc := int32(0)
			if f.w != nil {
				wc = f.w[c]
			}
			if f.cost[c] != Unreached && int32(g.mf[k])+wc+f.cost[c] == cv {
				consider(c)
			}
		}
	}
	return best
}

// lineDistance is the distance, in the Euclidean metric of the grid, from p
// to the line through a and b (to a itself when a == b).
func lineDistance(a, b, p hex.Point) float64 {
	const sqrt3 = 1.7320508075688772
	ax, ay := float64(a.X), float64(a.Y)*sqrt3
	bx, by := float64(b.X), float64(b.Y)*sqrt3
	px, py := float64(p.X), float64(p.Y)*sqrt3
	dx, dy := bx-ax, by-ay
	l := math.Hypot(dx, dy)
	if l == 0 {
		return math.Hypot(px-ax, py-ay)
	}
	return math.Abs(dx*(py-ay)-dy*(px-ax)) / l
}

// offHex returns the off-board hex beyond edge hex of node u across the
// field's edge: the mirror image of ASL A2.6.
func (f *Field) offHex(u int) hex.Hex {
	m, _ := f.g.Map.Mirror(f.g.locs[u].Hex, f.edge)
	return m
}

// Edge returns the compass edge of a field made by ToEdge or FromEdge.
func (f *Field) Edge() layout.Compass { return f.edge }
