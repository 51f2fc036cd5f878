package pathing

import "github.com/sasl-engine/sasl/rules/board"

// Lazy is a flow field toward one Location, as Search.To makes it, whose
// nodes are settled as they are asked for: Cost or Path of a Location
// settles every node no dearer than it and stops, and the next question
// goes on from there. Its answers are the whole field's: a node once
// settled has its final cost and link, and the nodes a path's ties look
// at (Field.next: cheaper neighbours) are settled before it. A Lazy owns
// its queue, so that many may be open at once on one graph; it is not safe
// for concurrent use.
type Lazy struct {
	f   Field // its weights the search's (f.w)
	s   Search
	cur int32 // the buckets below cur are settled
}

// NewLazy returns a Lazy field on g; To starts it.
func (g *Graph) NewLazy() *Lazy {
	z := &Lazy{s: Search{g: g}}
	z.s.setSpan(g.maxArc)
	return z
}

// To starts the field toward dst with weights w (kept, not copied: leave
// them unchanged until the next To). It reports false if dst is not in
// the graph: then no Location is reached.
func (z *Lazy) To(dst board.Location, w Weights) bool {
	for b := range z.s.buckets { // what the last field left queued
		z.s.buckets[b] = z.s.buckets[b][:0]
	}
	z.s.queued, z.cur = 0, 0
	return z.s.startTo(&z.f, dst, w)
}

// settle settles nodes, bucket by bucket, until node u is settled (its
// cost below cur: the bucket of its cost is done, and none is ever
// lowered below the bucket under way) or none is left.
func (z *Lazy) settle(u int) {
	for z.s.queued > 0 && z.f.cost[u] >= z.cur {
		z.s.bucket(&z.f, z.f.w, z.cur, -1)
		z.cur++
	}
}

// Cost returns the cost of l's cheapest way to the field's Location, or
// Unreached, as Field.Cost of Search.To's field.
func (z *Lazy) Cost(l board.Location) int {
	u, ok := z.s.g.Node(l)
	if !ok {
		return Unreached
	}
	z.settle(u)
	return int(z.f.cost[u])
}

// CostBelow is Cost of l for a caller that wants it only if it is below
// bound (the cheapest of several fields so far): it settles nodes only
// while they cost less than bound, and returns l's cost if it is below,
// else a value no less than bound and no more than l's cost. A field
// asked so answers Cost and Path as before, only settled less far.
func (z *Lazy) CostBelow(l board.Location, bound int) int {
	u, ok := z.s.g.Node(l)
	if !ok {
		return Unreached
	}
	for z.s.queued > 0 && z.f.cost[u] >= z.cur && int(z.cur) < bound {
		z.s.bucket(&z.f, z.f.w, z.cur, -1)
		z.cur++
	}
	if c := int(z.f.cost[u]); c < int(z.cur) || z.s.queued == 0 {
		return c // settled: its own cost (Unreached once none is left)
	}
	return int(z.cur) // l's cost is no less: every node cheaper is settled
}

// Path returns the cheapest path from l, as Field.Path of Search.To's
// field: ok is false if l is not reached.
func (z *Lazy) Path(l board.Location) (Path, bool) {
	u, ok := z.s.g.Node(l)
	if !ok {
		return Path{}, false
	}
	z.settle(u)
	if z.f.cost[u] == Unreached {
		return Path{}, false
	}
	return z.f.path(u), true
}
