package combat

import (
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// A rout's steps (ASL A10.51): what keeps a routing unit from stepping
// from one Location into the next, for the rout search (routOptions) and
// a rout the player names (checkPath); and the set of graph nodes the
// search marks.

// marks is a set of graph nodes emptied in O(1): a node is in it when its
// stamp is the mark.
type marks struct {
	stamp []uint32
	mark  uint32
}

// reset empties the set, of n nodes at least.
func (m *marks) reset(n int) {
	if len(m.stamp) < n {
		m.stamp = make([]uint32, n)
	}
	m.mark++
	if m.mark == 0 { // wrapped: every stamp is stale again
		clear(m.stamp)
		m.mark = 1
	}
}

func (m *marks) has(v int) bool { return m.stamp[v] == m.mark }
func (m *marks) add(v int)      { m.stamp[v] = m.mark }

// sightOf is whether a Location is in the LOS of each Known armed enemy
// unit (ASL A10.51), each line looked up when first asked: only a step
// that nears a threat needs it. Lines are traced toward the enemy unit,
// which recurs (world.Sight caches by target).
type sightOf struct {
	from board.Location
	v    []int8 // by threat: 0 not looked up yet, 1 in its LOS, -1 not
}

func (s *sightOf) reset(from board.Location, n int) {
	s.from = from
	s.v = append(s.v[:0], make([]int8, n)...)
}

// in reports whether the Location is in the LOS of threat i, in Location
// at.
func (s *sightOf) in(w *world.World, i int, at board.Location) bool {
	if s.v[i] == 0 {
		s.v[i] = -1
		if w.Sight(s.from, at).Clear {
			s.v[i] = 1
		}
	}
	return s.v[i] > 0
}

// stepFrom is what stepFault weighs of the Location a step leaves, kept
// for its next steps (a search tries every step from one Location in a
// row): the range to each threat, and whether the Location is in its LOS
// (sightOf).
type stepFrom struct {
	ok  bool
	d   []int32
	los sightOf
}

func (f *stepFrom) reset() { f.ok = false }

func (f *stepFrom) set(a board.Location, ts []threat) {
	if f.ok && f.los.from == a && len(f.d) == len(ts) {
		return
	}
	f.ok = true
	f.los.reset(a, len(ts))
	f.d = f.d[:0]
	for _, t := range ts {
		f.d = append(f.d, int32(hex.Distance(a.Hex, t.at.Hex)))
	}
}

// What keeps a rout from stepping into a Location (stepFault).
const (
	stepOK       = iota
	stepEnemy    // it holds enemy units (an S? too)
	stepAdjacent // it is ADJACENT to a Known enemy unit
	stepNearer   // it nears a Known armed enemy unit in whose LOS the unit is
)

// stepFault says what keeps a rout from stepping from a to b (ASL A10.51),
// and the enemy unit it is about: b holds enemy units, or is ADJACENT to
// a Known enemy unit of close (those within reach of the start), or nears
// a Known armed enemy unit of ts in whose LOS a is, or the start was
// (seen, by ts).
func (c *Resolver) stepFault(side state.Side, close, ts []threat, seen *sightOf, from *stepFrom, a, b board.Location) (int, threat) {
	if f, t := c.stepInto(side, close, b); f != stepOK {
		return f, t
	}
	if t, ok := c.nearer(ts, seen, from, a, b); ok {
		return stepNearer, t
	}
	return stepOK, threat{}
}

// stepInto is stepFault's tests of b alone: it holds enemy units (an S?
// too), or is ADJACENT to a Known enemy unit of close.
func (c *Resolver) stepInto(side state.Side, close []threat, b board.Location) (int, threat) {
	if c.St.Has(Other(side), b) {
		return stepEnemy, threat{at: b}
	}
	for _, t := range close {
		if Adjacent(c.W.Map(), t.at, b) {
			return stepAdjacent, t
		}
	}
	return stepOK, threat{}
}

// nearer reports the first threat of ts a step from a to b nears, of
// those in whose LOS a is, or the start was (seen): stepFault's last test.
func (c *Resolver) nearer(ts []threat, seen *sightOf, from *stepFrom, a, b board.Location) (threat, bool) {
	from.set(a, ts)
	for i, t := range ts {
		if hex.Distance(b.Hex, t.at.Hex) < int(from.d[i]) && (seen.in(c.W, i, t.at) || from.los.in(c.W, i, t.at)) {
			return t, true
		}
	}
	return threat{}, false
}
