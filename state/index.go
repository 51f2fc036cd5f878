package state

import (
	"fmt"
	"iter"
	"slices"
	"strconv"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
)

// index is the units of a State: in order, by ID and by hex. The order is
// the ENEMY units, then the FRIENDLY ones, each side by seq (the order its
// units came into play: the file's order, then every unit added since), so
// it is the order a game file writes and reads. The units of a hex form a
// list (Unit.next) in the same order, headed in heads by the map's index;
// a unit in a hex the map does not index (none in a game the engine plays)
// is in stray.
type index struct {
	m       *board.Map
	units   []*Unit
	enemies int // units[:enemies] are the ENEMY units
	byID    map[string]*Unit
	heads   []*Unit
	stray   []*Unit
	seq     uint32
	slab    []Unit // the units of a CloneInto, reused by the next
}

// New returns an empty state on map m, before turn 1.
func New(m *board.Map) *State {
	s := &State{Turn: 1, Phase: RPh}
	s.init(m)
	return s
}

func (x *index) init(m *board.Map) {
	x.m = m
	x.units = x.units[:0]
	x.enemies = 0
	if x.byID == nil {
		x.byID = make(map[string]*Unit, 256)
	}
	clear(x.byID)
	if n := m.Stride(); cap(x.heads) < n {
		x.heads = make([]*Unit, n)
	} else {
		x.heads = x.heads[:n]
		clear(x.heads)
	}
	x.stray = x.stray[:0]
	x.seq = 0
}

// Map returns the map the state's Locations are on.
func (s *State) Map() *board.Map { return s.m }

// Units returns every unit in order (see State). The slice is the state's
// own: do not change it, and do not keep it across a change of the state.
// O(1).
func (s *State) Units() []*Unit { return s.units }

// OfSide returns the units of one side in order, on the map or not; the
// slice is the state's own, as with Units. O(1).
func (s *State) OfSide(side Side) []*Unit {
	if side == Enemy {
		return s.units[:s.enemies]
	}
	return s.units[s.enemies:]
}

// Unit returns the unit with that ID, or nil. O(1).
func (s *State) Unit(id string) *Unit { return s.byID[id] }

// Holds reports whether u is one of the state's units (not removed).
func (s *State) Holds(u *Unit) bool { return u.in == s }

// Add puts u into play at Location at, after the units of its side. Its ID
// must be new to the state.
func (s *State) Add(u *Unit, at board.Location) {
	if u.in != nil {
		panic("state: unit " + u.ID + " added twice")
	}
	if _, dup := s.byID[u.ID]; dup {
		panic("state: a second unit " + u.ID)
	}
	u.in, u.at, u.seq, u.next = s, at, s.seq, nil
	s.seq++
	s.byID[u.ID] = u
	if u.Side == Enemy {
		s.units = slices.Insert(s.units, s.enemies, u)
		s.enemies++
	} else {
		s.units = append(s.units, u)
	}
	s.link(u)
}

// Remove takes u out of play.
func (s *State) Remove(u *Unit) {
	if u.in != s {
		return
	}
	s.unlink(u)
	i := slices.Index(s.units, u)
	s.units = slices.Delete(s.units, i, i+1)
	if u.Side == Enemy {
		s.enemies--
	}
	delete(s.byID, u.ID)
	u.in, u.next = nil, nil
}

// Move puts u in Location to.
func (s *State) Move(u *Unit, to board.Location) {
	if u.in != s {
		panic("state: Move of unit " + u.ID + ", which is not in this State")
	}
	if u.at.Hex == to.Hex {
		u.at = to // the hex's list keeps its order
		return
	}
	s.unlink(u)
	u.at = to
	s.link(u)
}

// before reports whether a comes before b in the state's order.
func before(a, b *Unit) bool {
	return a.Side < b.Side || (a.Side == b.Side && a.seq < b.seq)
}

// list returns the head of the list of hex h.
func (s *State) list(h hex.Hex) (**Unit, bool) {
	i, ok := s.m.Index(h)
	if !ok {
		return nil, false
	}
	return &s.heads[i], true
}

func (s *State) link(u *Unit) {
	p, ok := s.list(u.at.Hex)
	if !ok {
		s.stray = append(s.stray, u)
		return
	}
	for *p != nil && before(*p, u) {
		p = &(*p).next
	}
	u.next, *p = *p, u
}

func (s *State) unlink(u *Unit) {
	p, ok := s.list(u.at.Hex)
	if !ok {
		s.stray = slices.DeleteFunc(s.stray, func(x *Unit) bool { return x == u })
		return
	}
	for *p != u {
		p = &(*p).next
	}
	*p, u.next = u.next, nil
}

// InHex returns the units in hex h, every Location of it, on the map or
// not, in order. O(units in the hex).
func (s *State) InHex(h hex.Hex) iter.Seq[*Unit] {
	return func(yield func(*Unit) bool) {
		p, ok := s.list(h)
		if !ok {
			for _, u := range s.stray {
				if u.at.Hex == h && !yield(u) {
					return
				}
			}
			return
		}
		for u := *p; u != nil; {
			next := u.next // yield may move u
			if !yield(u) {
				return
			}
			u = next
		}
	}
}

// In returns the units of a side on the map in Location l, in order.
// O(units in the hex).
func (s *State) In(side Side, l board.Location) iter.Seq[*Unit] {
	return func(yield func(*Unit) bool) {
		for u := range s.InHex(l.Hex) {
			if u.Side == side && u.at == l && u.OnMap() && !yield(u) {
				return
			}
		}
	}
}

// At returns the units of a side on the map in Location l, in order, in a
// new slice.
func (s *State) At(side Side, l board.Location) []*Unit {
	var out []*Unit
	for u := range s.In(side, l) {
		out = append(out, u)
	}
	return out
}

// Has reports whether a unit of a side is on the map in Location l.
func (s *State) Has(side Side, l board.Location) bool {
	for range s.In(side, l) {
		return true
	}
	return false
}

// KnownIn reports whether a Known FRIENDLY unit is in Location l.
func (s *State) KnownIn(l board.Location) bool {
	for u := range s.In(Friendly, l) {
		if u.Known {
			return true
		}
	}
	return false
}

// Side returns the units of one side still on the map, in a new slice.
func (s *State) Side(side Side) []*Unit {
	var out []*Unit
	for _, u := range s.OfSide(side) {
		if u.OnMap() {
			out = append(out, u)
		}
	}
	return out
}

// NewID returns an unused unit ID made of prefix and a number, the
// smallest there is.
func (s *State) NewID(prefix string) string {
	buf := make([]byte, 0, len(prefix)+4)
	buf = append(buf, prefix...)
	for n := 1; ; n++ {
		b := strconv.AppendInt(buf, int64(n), 10)
		if _, used := s.byID[string(b)]; !used { // no allocation to look up
			return string(b)
		}
	}
}

// Clone returns a deep copy of s, its index rebuilt. O(units + hexes).
func (s *State) Clone() *State { return s.CloneInto(nil) }

// CloneInto makes dst a deep copy of s, reusing dst's storage (nil: a new
// State), and returns it: a game keeps a copy to go back to at no
// allocation once the copy has grown.
func (s *State) CloneInto(dst *State) *State {
	if dst == nil {
		dst = &State{}
	}
	trail, waves, vpo, loose := dst.Trail[:0], dst.Waves[:0], dst.VPO[:0], dst.Loose[:0]
	dst.Game = s.Game
	dst.Trail = append(trail, s.Trail...)
	dst.Turn, dst.Phase = s.Turn, s.Phase
	dst.Waves = append(waves, s.Waves...)
	dst.VPO = append(vpo, s.VPO...)
	dst.Loose = append(loose, s.Loose...)
	dst.init(s.m)
	if cap(dst.slab) < len(s.units) {
		dst.slab = make([]Unit, 0, len(s.units)+len(s.units)/4)
	}
	dst.slab = dst.slab[:0]
	for _, u := range s.units {
		dst.slab = append(dst.slab, *u)
	}
	for i := range dst.slab {
		c := &dst.slab[i]
		c.SW = slices.Clone(c.SW)
		c.in, c.next = dst, nil
		dst.units = append(dst.units, c)
		dst.byID[c.ID] = c
		dst.link(c)
	}
	dst.enemies, dst.seq = s.enemies, s.seq
	return dst
}

// check verifies the index against a scan of the units: tests call it
// after every change.
func (s *State) check() error {
	if len(s.byID) != len(s.units) {
		return fmt.Errorf("state: %d units, %d IDs", len(s.units), len(s.byID))
	}
	for i, u := range s.units {
		if s.byID[u.ID] != u || u.in != s {
			return fmt.Errorf("state: unit %s is not indexed by its ID", u.ID)
		}
		if i > 0 && !before(s.units[i-1], u) {
			return fmt.Errorf("state: unit %s is out of order", u.ID)
		}
		if (i < s.enemies) != (u.Side == Enemy) {
			return fmt.Errorf("state: unit %s on the wrong side of %d", u.ID, s.enemies)
		}
		n := 0
		var last *Unit
		for x := range s.InHex(u.at.Hex) {
			if x.at.Hex != u.at.Hex {
				return fmt.Errorf("state: unit %s listed in the hex of %s", x.ID, u.ID)
			}
			if last != nil && !before(last, x) {
				return fmt.Errorf("state: the hex of %s is out of order", u.ID)
			}
			last = x
			if x == u {
				n++
			}
		}
		if n != 1 {
			return fmt.Errorf("state: unit %s listed %d times in its hex", u.ID, n)
		}
	}
	listed := len(s.stray)
	for _, h := range s.heads {
		for u := h; u != nil; u = u.next {
			listed++
		}
	}
	if listed != len(s.units) {
		return fmt.Errorf("state: %d units in hexes, %d in play", listed, len(s.units))
	}
	return nil
}
