package state

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
)

// The index stays exact through random adds, moves, removals and clones:
// every query answers as a scan of the units in order would, and the order
// is the ENEMY units then the FRIENDLY ones, each side as they came.
func TestIndexExact(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	hexes := m.Hexes()
	r := rand.New(rand.NewPCG(1, 2))
	loc := func() board.Location {
		// A few hexes, so that units share them; an upper level now and then.
		h := hexes[r.IntN(12)]
		l := board.Ground(h)
		if r.IntN(5) == 0 {
			l.Level = 1
		}
		return l
	}
	s := New(m)
	var model []*Unit // in the order they came
	next := 0
	for step := range longrun.Seeds(4000, 1500) { // steps: 4,000 in the long run
		switch op := r.IntN(10); {
		case op < 4 || len(model) == 0:
			u := &Unit{ID: fmt.Sprintf("U%d", next), Side: Side(r.IntN(2)), Exited: r.IntN(8) == 0}
			next++
			s.Add(u, loc())
			model = append(model, u)
		case op < 8:
			s.Move(model[r.IntN(len(model))], loc())
		case op < 9:
			i := r.IntN(len(model))
			s.Remove(model[i])
			if s.Holds(model[i]) || s.Unit(model[i].ID) != nil {
				t.Fatalf("step %d: %s still there after Remove", step, model[i].ID)
			}
			model = slices.Delete(model, i, i+1)
		default:
			var c *State
			switch r.IntN(3) {
			case 0:
				c = s.Clone()
			case 1:
				c = s.CloneInto(New(m))
			default:
				var snap Snapshot
				s.Take(&snap)
				c = New(m)
				c.Restore(&snap)
			}
			byID := map[string]*Unit{}
			for _, u := range c.Units() {
				byID[u.ID] = u
			}
			for i, u := range model {
				model[i] = byID[u.ID]
			}
			s = c
		}
		if err := s.check(); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		want := slices.Clone(model)
		slices.SortStableFunc(want, func(a, b *Unit) int { return int(a.Side) - int(b.Side) })
		if !slices.Equal(s.Units(), want) {
			t.Fatalf("step %d: units %v, want %v", step, IDs(s.Units()), IDs(want))
		}
		l := loc()
		for _, side := range []Side{Enemy, Friendly} {
			var scan []*Unit
			for _, u := range want {
				if u.Side == side && u.At() == l && u.OnMap() {
					scan = append(scan, u)
				}
			}
			if got := s.At(side, l); !slices.Equal(got, scan) {
				t.Fatalf("step %d: At(%s, %s) = %v, a scan finds %v", step, side, m.LocationName(l), IDs(got), IDs(scan))
			}
			if s.Has(side, l) != (len(scan) > 0) {
				t.Fatalf("step %d: Has(%s, %s) wrong", step, side, m.LocationName(l))
			}
			if got := slices.Collect(s.In(side, l)); !slices.Equal(got, scan) {
				t.Fatalf("step %d: In(%s, %s) = %v, a scan finds %v", step, side, m.LocationName(l), IDs(got), IDs(scan))
			}
		}
	}
}

// A clone shares nothing with its original.
func TestCloneIsDeep(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	s := New(m)
	a := &Unit{ID: "A", Side: Enemy, SW: []SW{{Name: "LMG", PP: 1}}}
	s.Add(a, board.Ground(m.Hexes()[0]))
	c := s.Clone()
	ca := c.Unit("A")
	if ca == a {
		t.Fatal("the clone holds the original's unit")
	}
	c.Move(ca, board.Ground(m.Hexes()[5]))
	ca.SW[0].PP = 9
	if a.At() != board.Ground(m.Hexes()[0]) || a.SW[0].PP != 1 || !s.Has(Enemy, a.At()) || s.Has(Enemy, ca.At()) {
		t.Error("changing the clone changed the original")
	}
	// The trail, waves and VPOs are copied too, into the storage of a
	// State cloned into before, and into a Snapshot's.
	s.Trail = append(make([]string, 0, 8), "1 2", "3")
	s.VPO = append(make([]Control, 0, 4), Control{At: a.At()})
	again := s.CloneInto(c)
	if err := again.check(); err != nil { // c's units were elsewhere: none of its index is left
		t.Errorf("cloned into a State used before: %v", err)
	}
	var snap Snapshot
	s.Take(&snap)
	s.Trail = append(s.Trail, "4")
	s.Trail[0] = "6 6"
	s.VPO[0].Side = Friendly
	if again.Trail[0] != "1 2" || len(again.Trail) != 2 || again.VPO[0].Side != Enemy {
		t.Errorf("the clone shares the original's lists: trail %q, VPO %+v", again.Trail, again.VPO)
	}
	s.Restore(&snap)
	if err := s.check(); err != nil {
		t.Errorf("restored: %v", err)
	}
	if s.Trail[0] != "1 2" || len(s.Trail) != 2 || s.VPO[0].Side != Enemy {
		t.Errorf("the snapshot shares the original's lists: trail %q, VPO %+v", s.Trail, s.VPO)
	}
}

// NewID never gives an ID twice in a game: after the highest number a
// unit in play shows ("E4", "E5a" shows E5), and after the highest it gave,
// even when that unit left play; the record goes through Clone, a Snapshot
// and the file (last_ids).
func TestNewIDUniqueInGame(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	s := New(m)
	at := board.Ground(m.Hexes()[0])
	for _, id := range []string{"E1", "E2", "E4"} {
		s.Add(&Unit{ID: id}, at)
	}
	if got := s.NewID("E"); got != "E5" {
		t.Errorf("NewID = %s, want E5 (E3 may have been given and left play)", got)
	}
	s.Add(&Unit{ID: "E5"}, at)
	s.Remove(s.Unit("E5"))
	s.Add(&Unit{ID: "E6a"}, at) // an S? E6 generated: E6 was given
	if got := s.NewID("E"); got != "E7" {
		t.Errorf("NewID = %s, want E7 (E6a shows E6)", got)
	}
	s.Remove(s.Unit("E6a"))
	if got := s.NewID("A1a-"); got != "A1a-1" {
		t.Errorf("NewID = %s, want A1a-1", got)
	}
	var buf strings.Builder
	if err := s.Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `last_ids: {A1a-: 1, E: 7}`) {
		t.Errorf("the file keeps the numbers no unit shows:\n%s", buf.String())
	}
	back, err := Parse([]byte(buf.String()), "ids.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	c := back.Clone()
	var snap Snapshot
	c.Take(&snap)
	c.Restore(&snap)
	if got := c.NewID("E"); got != "E8" {
		t.Errorf("NewID after the file, a Clone and a Snapshot = %s, want E8", got)
	}
	// An earlier sasl's file has no last_ids: only the units in play
	// tell, and the IDs of units gone may come again.
	old, err := Parse([]byte("enemy:\n  - {id: E2, unit: squad, at: "+m.NameString(at.Hex)+"}\n"), "old.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	if got := old.NewID("E"); got != "E3" {
		t.Errorf("NewID of an old file = %s, want E3", got)
	}
	for _, bad := range []string{"last_ids: {E: 0}\n", "last_ids: {E1: 3}\n", "last_ids: [E]\n"} {
		if _, err := Parse([]byte(bad), "bad.yaml", m); err == nil || !strings.Contains(err.Error(), "bad.yaml:1: last_ids") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// Units of hexes the map does not index are found all the same.
func TestIndexStray(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	s := New(m)
	off1, off2 := board.Ground(hex.Hex{Col: -3, Row: 2}), board.Ground(hex.Hex{Col: 90, Row: 1})
	a, b, c := &Unit{ID: "A"}, &Unit{ID: "B", Side: Friendly}, &Unit{ID: "C"}
	s.Add(a, off1)
	s.Add(b, off2)
	s.Add(c, off1)
	if got := s.At(Enemy, off1); !slices.Equal(got, []*Unit{a, c}) {
		t.Errorf("At(off1) = %v", IDs(got))
	}
	if !s.Has(Friendly, off2) || s.Has(Friendly, off1) {
		t.Error("Has is wrong off the index")
	}
	// In and KnownIn read the stray list too: the map's counts hold
	// nothing of a hex it does not index.
	b.Known = true
	if got := slices.Collect(s.In(Enemy, off1)); !slices.Equal(got, []*Unit{a, c}) || !s.KnownIn(off2) || s.KnownIn(off1) {
		t.Errorf("off the index: In(off1) = %v, KnownIn(off2) %v", IDs(got), s.KnownIn(off2))
	}
	s.Move(c, board.Ground(m.Hexes()[0]))
	s.Remove(a)
	if err := s.check(); err != nil {
		t.Fatal(err)
	}
	if got := s.At(Enemy, off1); len(got) != 0 {
		t.Errorf("At(off1) = %v after moving and removing", IDs(got))
	}
}

// A second unit of an ID panics, and leaves the state as it was: the first
// unit still indexed by the ID.
func TestAddDuplicateID(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	s := New(m)
	a, b := &Unit{ID: "E1"}, &Unit{ID: "E2", Side: Friendly}
	s.Add(a, board.Ground(m.Hexes()[0]))
	s.Add(b, board.Ground(m.Hexes()[1]))
	func() {
		defer func() {
			if r := recover(); r == nil {
				t.Fatal("a second unit E1 was added")
			}
		}()
		s.Add(&Unit{ID: "E1"}, board.Ground(m.Hexes()[2]))
	}()
	if s.Unit("E1") != a || len(s.Units()) != 2 {
		t.Fatalf("after the panic: E1 is %p (want %p), %d units", s.Unit("E1"), a, len(s.Units()))
	}
	if err := s.check(); err != nil {
		t.Fatal(err)
	}
}
