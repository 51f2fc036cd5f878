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
	// occ counts the units of each side in each hex's list, by the map's
	// index: a Location of a hex with none of a side holds none of it,
	// which Has and In answer at once (most Locations asked hold none).
	occ   [][2]uint16
	stray *Unit // the units of hexes the map does not index, in a list of their own
	seq   uint32
	slab  []Unit // the units of a CloneInto, reused by the next
	// names are the unit IDs made so far (Intern), kept from game to game
	// so that a game played in a State used before makes none anew.
	names map[string]string
	idbuf []byte
	// shown is shownID's last answer, kept while the units change only by
	// Add (which raises it) and by Removes of units that show less: NewID
	// asks it of one prefix for many units in a row (an entry's S?).
	shown shownMemo
}

// shownMemo is the highest number the units in play show for one prefix
// (State.shownID), when ok.
type shownMemo struct {
	prefix string
	n      int
	ok     bool
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
		x.occ = make([][2]uint16, n)
	} else {
		x.heads = x.heads[:n]
		clear(x.heads)
		x.occ = x.occ[:n]
		clear(x.occ)
	}
	x.stray = nil
	x.seq = 0
	x.shown = shownMemo{}
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
	// One hash of the ID, not a look-up and then an insert: a game Adds
	// every unit of its setup and entries. A second unit of an ID is
	// found by the map not growing; the first is put back before the
	// panic, as if the map had been looked up first.
	before := len(s.byID)
	s.byID[u.ID] = u
	if len(s.byID) == before {
		for _, x := range s.units {
			if x.ID == u.ID {
				s.byID[u.ID] = x
			}
		}
		panic("state: a second unit " + u.ID)
	}
	u.in, u.at, u.seq, u.next = s, at, s.seq, nil
	s.seq++
	if m := &s.shown; m.ok {
		if n, ok := idNumber(u.ID, m.prefix); ok {
			m.n = max(m.n, n)
		}
	}
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
	if m := &s.shown; m.ok {
		if n, ok := idNumber(u.ID, m.prefix); ok && n >= m.n {
			m.ok = false // another unit may show n, or none
		}
	}
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

// head returns the head of the list hex h's units are in: the hex's own,
// or the list of stray units.
func (s *State) head(h hex.Hex) **Unit {
	if p, ok := s.list(h); ok {
		return p
	}
	return &s.stray
}

func (s *State) link(u *Unit) {
	p := &s.stray
	if i, ok := s.m.Index(u.at.Hex); ok {
		p = &s.heads[i]
		s.occ[i][u.Side&1]++
	}
	for *p != nil && before(*p, u) {
		p = &(*p).next
	}
	u.next, *p = *p, u
}

func (s *State) unlink(u *Unit) {
	p := &s.stray
	if i, ok := s.m.Index(u.at.Hex); ok {
		p = &s.heads[i]
		s.occ[i][u.Side&1]--
	}
	for *p != u {
		p = &(*p).next
	}
	*p, u.next = u.next, nil
}

// First returns the first unit in hex h, every Location of it, on the map
// or not, in order; Next the one after it. Nothing is allocated:
//
//	for u := st.First(h); u != nil; u = u.Next() { ... }
//
// Moving a unit during the walk is safe once the walk has taken the unit
// after it. O(1).
func (s *State) First(h hex.Hex) *Unit {
	u := *s.head(h)
	for u != nil && u.at.Hex != h {
		u = u.next // the stray list holds other hexes too
	}
	return u
}

// Next returns the unit after u in its hex, in order (see State.First).
func (u *Unit) Next() *Unit {
	x := u.next
	for x != nil && x.at.Hex != u.at.Hex {
		x = x.next
	}
	return x
}

// InHex returns the units in hex h, every Location of it, on the map or
// not, in order. O(units in the hex).
func (s *State) InHex(h hex.Hex) iter.Seq[*Unit] {
	return func(yield func(*Unit) bool) {
		for u := s.First(h); u != nil; {
			next := u.Next() // yield may move u
			if !yield(u) {
				return
			}
			u = next
		}
	}
}

// In returns the units of a side on the map in Location l, in order.
// O(units in the hex), O(1) for a hex with none of side.
func (s *State) In(side Side, l board.Location) iter.Seq[*Unit] {
	return func(yield func(*Unit) bool) {
		if s.none(side, l.Hex) {
			return
		}
		for u := s.First(l.Hex); u != nil; {
			next := u.Next()
			if u.Side == side && u.at == l && u.OnMap() && !yield(u) {
				return
			}
			u = next
		}
	}
}

// At returns the units of a side on the map in Location l, in order, in a
// new slice.
func (s *State) At(side Side, l board.Location) []*Unit { return s.AppendAt(nil, side, l) }

// AppendAt appends the units of a side on the map in Location l to dst, in
// order, and returns it.
func (s *State) AppendAt(dst []*Unit, side Side, l board.Location) []*Unit {
	for u := s.First(l.Hex); u != nil; u = u.Next() {
		if u.Side == side && u.at == l && u.OnMap() {
			dst = append(dst, u)
		}
	}
	return dst
}

// Has reports whether a unit of a side is on the map in Location l.
// O(units in the hex), O(1) for a hex with none of side (most).
func (s *State) Has(side Side, l board.Location) bool {
	u := s.stray
	if i, ok := s.m.Index(l.Hex); ok {
		if s.occ[i][side&1] == 0 {
			return false
		}
		u = s.heads[i]
	}
	for ; u != nil; u = u.next { // the stray list holds other hexes too
		if u.Side == side && u.at == l && u.OnMap() {
			return true
		}
	}
	return false
}

// none reports whether hex h, one the map indexes, holds no unit of side
// (false for a hex it does not: its units are counted nowhere).
func (s *State) none(side Side, h hex.Hex) bool {
	i, ok := s.m.Index(h)
	return ok && (s.occ[i][side&1] == 0)
}

// KnownIn reports whether a Known FRIENDLY unit is in Location l.
func (s *State) KnownIn(l board.Location) bool {
	if s.none(Friendly, l.Hex) {
		return false
	}
	for u := s.First(l.Hex); u != nil; u = u.Next() {
		if u.Side == Friendly && u.Known && u.at == l && u.OnMap() {
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

// NewID returns a unit ID made of prefix and a number never given in this
// game: one more than the highest given so far with that prefix, which is
// the larger of the State's record (kept in its file as last_ids) and the
// highest a unit in play shows ("E3a" shows that E3 was given). A State
// read from a file without the record (an earlier sasl's) knows only the
// units in play: an ID of a unit that left play may be given again. O(units).
func (s *State) NewID(prefix string) string {
	buf := append(s.idbuf[:0], prefix...)
	for n := max(s.lastID(prefix), s.shownID(prefix)) + 1; ; n++ {
		b := strconv.AppendInt(buf, int64(n), 10)
		if _, used := s.byID[string(b)]; !used { // no allocation to look up
			s.idbuf = b
			s.setLastID(prefix, n)
			return s.Intern(b)
		}
	}
}

// ID returns the unit ID made of prefix and number n: "S12".
func (s *State) ID(prefix string, n int) string {
	s.idbuf = strconv.AppendInt(append(s.idbuf[:0], prefix...), int64(n), 10)
	return s.Intern(s.idbuf)
}

// Intern returns b as a string, the same string every time: the IDs of a
// simulation's games are made once, not once a game.
func (s *State) Intern(b []byte) string {
	if id, ok := s.names[string(b)]; ok {
		return id
	}
	if s.names == nil {
		s.names = map[string]string{}
	}
	id := string(b)
	s.names[id] = id
	return id
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
	dst.copyFacts(s)
	dst.init(s.m)
	if cap(dst.slab) < len(s.units) {
		dst.slab = make([]Unit, 0, len(s.units)+len(s.units)/4)
	}
	dst.slab = dst.slab[:0]
	for _, u := range s.units {
		dst.slab = append(dst.slab, *u)
	}
	dst.adopt()
	dst.enemies, dst.seq = s.enemies, s.seq
	return dst
}

// adopt makes the copies in s.slab the units of s (init has emptied it),
// each with SW of its own, in order, indexed.
func (s *State) adopt() {
	for i := range s.slab {
		u := &s.slab[i]
		u.SW = slices.Clone(u.SW)
		u.in, u.next = s, nil
		s.units = append(s.units, u)
		s.byID[u.ID] = u
		s.link(u)
	}
}

// Snapshot is a copy of a State to go back to (Restore): its units and
// everything else, without the index, which Restore rebuilds. Taking one
// costs a copy of the units; a Snapshot reused allocates nothing once it
// has grown.
type Snapshot struct {
	st    State
	units []Unit
}

// copyFacts makes everything of s but its units dst's too (its header,
// trail, turn, phase, waves, VPO control and loose SW), in dst's storage.
func (dst *State) copyFacts(s *State) {
	trail := dst.Trail[:0] // the Game holds the trail: keep dst's storage
	dst.Game = s.Game
	dst.Trail = append(trail, s.Trail...)
	dst.Turn, dst.Phase, dst.Player, dst.HasPlayer = s.Turn, s.Phase, s.Player, s.HasPlayer
	dst.Waves = append(dst.Waves[:0], s.Waves...)
	dst.VPO = append(dst.VPO[:0], s.VPO...)
	dst.Loose = append(dst.Loose[:0], s.Loose...)
	dst.Residual = append(dst.Residual[:0], s.Residual...)
	dst.lastIDs = append(dst.lastIDs[:0], s.lastIDs...)
}

// Take makes snap a copy of s.
func (s *State) Take(snap *Snapshot) {
	c := &snap.st
	c.copyFacts(s)
	c.m, c.enemies, c.seq = s.m, s.enemies, s.seq
	snap.units = snap.units[:0]
	for _, u := range s.units {
		snap.units = append(snap.units, *u)
		if len(u.SW) > 0 {
			last := &snap.units[len(snap.units)-1]
			last.SW = slices.Clone(u.SW)
		}
	}
}

// Restore puts s back as it was when snap was taken. Units of s held
// elsewhere are no longer its own.
func (s *State) Restore(snap *Snapshot) {
	c := &snap.st
	s.Game = c.Game
	s.Trail = append(s.Trail[:0:0], c.Trail...)
	s.Turn, s.Phase, s.Player, s.HasPlayer = c.Turn, c.Phase, c.Player, c.HasPlayer
	s.Waves = append(s.Waves[:0:0], c.Waves...)
	s.VPO = append(s.VPO[:0:0], c.VPO...)
	s.Loose = append(s.Loose[:0:0], c.Loose...)
	s.Residual = append(s.Residual[:0:0], c.Residual...)
	s.lastIDs = append(s.lastIDs[:0:0], c.lastIDs...)
	s.init(c.m)
	s.slab = append(s.slab[:0:0], snap.units...)
	s.adopt()
	s.enemies, s.seq = c.enemies, c.seq
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
	listed := 0
	for u := s.stray; u != nil; u = u.next {
		listed++
	}
	for _, h := range s.heads {
		for u := h; u != nil; u = u.next {
			listed++
		}
	}
	if listed != len(s.units) {
		return fmt.Errorf("state: %d units in hexes, %d in play", listed, len(s.units))
	}
	for i, h := range s.heads {
		var n [2]uint16
		for u := h; u != nil; u = u.next {
			n[u.Side&1]++
		}
		if n != s.occ[i] {
			return fmt.Errorf("state: hex %d holds %v units of each side, counted %v", i, n, s.occ[i])
		}
	}
	if m := s.shown; m.ok {
		if n := s.scanShownID(m.prefix); n != m.n {
			return fmt.Errorf("state: units show %d for %q, kept %d", n, m.prefix, m.n)
		}
	}
	return nil
}
