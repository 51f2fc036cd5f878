package pathing

import (
	"math"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/layout"
)

// Unreached is the cost of a Location a search did not reach.
const Unreached = math.MaxInt32

// Weights is an extra cost per Location, in the same unit as MF costs
// (half MF), paid on entering the Location: a search minimises MF + weight.
// Weight 2 makes a Location cost one MF more to enter, so a path will go a
// hex out of its way to avoid it. Index by Graph node; nil means none. Use
// weights for "covered" paths (weigh Open Ground in LOS of Known FRIENDLY
// units) against "fast" paths (no weights). Weights must not be negative.
type Weights []int32

// link values in a Field besides a node index.
const (
	linkNone = -1 // not reached
	linkEnd  = -2 // a source: the path starts (forward) or leaves the map (reverse) here
)

// Field is the result of a search: for every node, its cost and the next
// node on a cheapest path. A forward field holds costs from sources (a
// Location, or the off-board hexes beyond an edge) and predecessors; a
// reverse field holds costs to a target (the off-board hexes beyond an edge)
// and successors: a flow field that every unit can follow downhill. Fields
// are reused between searches without allocating.
type Field struct {
	g        *Graph
	forward  bool
	fromEdge bool // a forward field whose sources are entries across edge
	toNode   bool // a reverse field toward one Location (To), not an edge
	edge     layout.Compass
	cost     []int32
	link     []int32
	w        Weights // the weights of the search, to recognise cheapest arcs
}

// Search runs searches on one Graph with buffers it reuses: in steady state
// a search allocates nothing. A Search is not safe for concurrent use; give
// each goroutine its own.
type Search struct {
	g *Graph
	// Dial's bucket queue with lazy deletion: bucket c & mask (their
	// number a power of two, mask one less: no division a push) holds the
	// nodes pushed at cost c. A node whose cost has dropped since is
	// skipped when its old entry comes up. Buckets keep their capacity
	// from search to search.
	buckets [][]int32
	mask    int
	queued  int
	scratch Field // for Path
}

// NewSearch returns a Search on g.
func (g *Graph) NewSearch() *Search {
	s := &Search{g: g}
	s.setSpan(g.maxArc)
	return s
}

// setSpan makes room for a cost range of span: every queued cost lies in
// [cur, cur+span], so span+1 buckets never collide.
func (s *Search) setSpan(span int) {
	n := 1
	for n < span+1 || n < len(s.buckets) {
		n *= 2
	}
	for len(s.buckets) < n {
		s.buckets = append(s.buckets, make([]int32, 0, 64))
	}
	s.mask = n - 1
}

func (f *Field) reset(g *Graph, forward, fromEdge bool, edge layout.Compass, w Weights) {
	f.g, f.forward, f.fromEdge, f.toNode, f.edge, f.w = g, forward, fromEdge, false, edge, w
	if cap(f.cost) < g.Len() {
		f.cost = make([]int32, g.Len())
		f.link = make([]int32, g.Len())
	}
	f.cost = f.cost[:g.Len()]
	f.link = f.link[:g.Len()]
	for i := range f.cost {
		f.cost[i] = Unreached
		f.link[i] = linkNone
	}
}

// push queues u at cost c.
func (s *Search) push(u int32, c int32) {
	b := int(c) & s.mask
	s.buckets[b] = append(s.buckets[b], u)
	s.queued++
}

func (s *Search) begin(w Weights) {
	span := s.g.maxArc
	if w != nil {
		if len(w) != s.g.Len() {
			panic("pathing: Weights of the wrong length for this graph")
		}
		mw := int32(0)
		for _, x := range w {
			if x < 0 {
				panic("pathing: negative weight")
			}
			mw = max(mw, x)
		}
		span += int(mw)
	}
	s.setSpan(span)
	s.queued = 0
}

// run is Dial's algorithm: settle nodes in order of cost, bucket by bucket.
// It stops after settling target (if >= 0) or when costs exceed limit.
func (s *Search) run(f *Field, w Weights, limit int32, target int32) {
	cost, link := f.cost, f.link
	for cur := int32(0); s.queued > 0 && cur <= limit; cur++ {
		if s.bucket(f, w, cur, target) {
			break
		}
	}
	if s.queued > 0 {
		// Stopped at the limit or the target: nodes still queued above
		// the stopping cost were not settled.
		stop := limit
		if target >= 0 {
			stop = cost[target]
		}
		for b := range s.buckets {
			for _, u := range s.buckets[b] {
				if cost[u] > stop {
					cost[u], link[u] = Unreached, linkNone
				}
			}
			s.buckets[b] = s.buckets[b][:0]
		}
		s.queued = 0
	}
}

// bucket settles the nodes of cost cur (their entries in bucket cur, which
// it empties), relaxing the arcs of each; it stops at target (if >= 0),
// reporting true.
func (s *Search) bucket(f *Field, w Weights, cur int32, target int32) bool {
	g := s.g
	// link as long as cost, and each node's arcs as slices of one length
	// (OutArcs, InArcs): the compiler then checks no index of the loops
	// below.
	cost := f.cost
	link := f.link[:len(cost)]
	b := int(cur) & s.mask
	// Entries may be appended to this bucket while it is emptied (arcs of
	// cost 0), so its length is read each time round.
	for i := 0; i < len(s.buckets[b]); i++ {
		u := s.buckets[b][i]
		s.queued--
		if cost[u] != cur {
			continue // a stale entry: u was reached more cheaply
		}
		if u == target {
			s.buckets[b] = s.buckets[b][:0]
			return true
		}
		if f.forward {
			to, mf := g.OutArcs(int(u))
			for k, v := range to {
				c := cur + int32(mf[k])
				if w != nil {
					c += w[v]
				}
				if c < cost[v] {
					cost[v], link[v] = c, u
					s.push(v, c)
				}
			}
		} else {
			c0 := cur
			if w != nil {
				c0 += w[u] // entering u is what the arc v->u costs
			}
			from, rmf := g.InArcs(int(u))
			for k, v := range from {
				c := c0 + int32(rmf[k])
				if c < cost[v] {
					cost[v], link[v] = c, u
					s.push(v, c)
				}
			}
		}
	}
	s.buckets[b] = s.buckets[b][:0]
	return false
}

// ToEdge fills f with a flow field toward compass edge e: for every
// Location, the cost (MF plus weights) of its cheapest way off the map
// across e, leaving into the mirror image of an edge hex (ASL A2.6), and
// the next Location on that way. It searches backward from every exit at
// once. O(arcs + cost range).
func (s *Search) ToEdge(f *Field, e layout.Compass, w Weights) {
	f.reset(s.g, false, false, e, w)
	s.begin(w)
	for _, t := range s.g.exits[e] {
		c := int32(t.cost)
		if c < f.cost[t.node] {
			f.cost[t.node], f.link[t.node] = c, linkEnd
			s.push(t.node, c)
		}
	}
	s.run(f, w, math.MaxInt32, -1)
}

// To fills f with a flow field toward Location dst: for every Location,
// the cost (MF plus weights) of its cheapest way to dst, and the next
// Location on that way. It reports false if dst is not in the graph.
// O(arcs + cost range).
func (s *Search) To(f *Field, dst board.Location, w Weights) bool {
	if !s.startTo(f, dst, w) {
		return false
	}
	s.run(f, w, math.MaxInt32, -1)
	return true
}

// startTo begins a search toward dst in f (To, Lazy.To): f reset, no
// Location reached, dst queued at cost 0; false, nothing queued, if dst
// is not in the graph.
func (s *Search) startTo(f *Field, dst board.Location, w Weights) bool {
	f.reset(s.g, false, false, 0, w)
	f.toNode = true
	u, ok := s.g.Node(dst)
	if !ok {
		return false
	}
	s.begin(w)
	f.cost[u], f.link[u] = 0, linkEnd
	s.push(int32(u), 0)
	return true
}

// FromEdge fills f with the cost of reaching every Location by entering the
// map across compass edge e (ASL A2.5, A2.51) and the previous Location on
// that way.
func (s *Search) FromEdge(f *Field, e layout.Compass, w Weights) {
	f.reset(s.g, true, true, e, w)
	s.begin(w)
	for _, t := range s.g.entries[e] {
		c := int32(t.cost)
		if w != nil {
			c += w[t.node]
		}
		if c < f.cost[t.node] {
			f.cost[t.node], f.link[t.node] = c, linkEnd
			s.push(t.node, c)
		}
	}
	s.run(f, w, math.MaxInt32, -1)
}

// From fills f with the cost of reaching every Location from src, and the
// previous Location on that way. With budget >= 0, only Locations whose
// cost is within budget are reached: the Locations a unit with budget half
// MF can enter this phase.
func (s *Search) From(f *Field, src board.Location, w Weights, budget int) bool {
	u, ok := s.g.Node(src)
	if !ok {
		return false
	}
	f.reset(s.g, true, false, 0, w)
	s.begin(w)
	f.cost[u], f.link[u] = 0, linkEnd
	s.push(int32(u), 0)
	limit := int32(math.MaxInt32)
	if budget >= 0 {
		limit = int32(budget)
	}
	s.run(f, w, limit, -1)
	return true
}

// Path returns a cheapest path from one Location to another (MF plus
// weights), stopping as soon as it is found. ok is false if either Location
// is not in the graph or to cannot be reached.
func (s *Search) Path(from, to board.Location, w Weights) (Path, bool) {
	u, ok1 := s.g.Node(from)
	v, ok2 := s.g.Node(to)
	if !ok1 || !ok2 {
		return Path{}, false
	}
	f := &s.scratch
	f.reset(s.g, true, false, 0, w)
	s.begin(w)
	f.cost[u], f.link[u] = 0, linkEnd
	s.push(int32(u), 0)
	s.run(f, w, math.MaxInt32, int32(v))
	if f.cost[v] == Unreached {
		return Path{}, false
	}
	return f.path(v), true
}
