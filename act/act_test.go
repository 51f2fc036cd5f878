package act_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/act"
	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// The map of the tests: two open boards, o1 north of o2 (the FBE north),
// a woods hex at o2 K4 and a building of two levels at o2 M5.
const mission = `name: executor
boards: [["o1"], ["o2"]]
fbe: north
ebe: south
human_wave:
  - {turn: 1, edge: south}
`

type fixture struct {
	t  *testing.T
	m  *board.Map
	w  *world.World
	st *state.State
	x  act.Executor
}

// on builds the map and a game of the units, one "side id type at" a line
// ("F F1 4-6-7 o2K6").
func on(t *testing.T, units string) *fixture {
	t.Helper()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": "K4 woods\nM5 building building=stone/1 stairs\n"}, mission)
	w, err := world.New(m, ms, tables.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var friendly, enemy strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(units), "\n") {
		f := strings.Fields(line)
		kind := map[string]string{"4-6-7": "squad", "4-4-7": "squad", "2-3-7": "half_squad", "8-0": "leader", "S?": "sq"}[f[2]]
		typ := ", type: " + f[2]
		if kind == "sq" {
			typ = ""
		}
		entry := "  - {id: " + f[1] + ", unit: " + kind + typ + ", at: " + f[3] + "}\n"
		if f[0] == "F" {
			friendly.WriteString(entry)
		} else {
			enemy.WriteString(entry)
		}
	}
	text := "turn: 1\n"
	if enemy.Len() > 0 {
		text += "enemy:\n" + enemy.String()
	}
	if friendly.Len() > 0 {
		text += "friendly:\n" + friendly.String()
	}
	st, err := state.Read(strings.NewReader(text), "s.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{t: t, m: m, w: w, st: st, x: act.On(w, st)}
}

func (f *fixture) units(ids ...string) []*state.Unit {
	var out []*state.Unit
	for _, id := range ids {
		u := f.st.Unit(id)
		if u == nil {
			f.t.Fatalf("no unit %s", id)
		}
		out = append(out, u)
	}
	return out
}

func (f *fixture) loc(s string) board.Location { return testmaps.Loc(f.t, f.m, s) }

func (f *fixture) bytes() []byte {
	var b bytes.Buffer
	if err := f.st.Write(&b, f.m); err != nil {
		f.t.Fatal(err)
	}
	return b.Bytes()
}

// refused checks that a step is refused for why and changes nothing.
func (f *fixture) refused(units []*state.Unit, to string, m act.Motion, left int, why act.Why) {
	f.t.Helper()
	before := f.bytes()
	_, err := f.x.Enter(units, f.loc(to), m, left)
	var r *act.Refusal
	if !errors.As(err, &r) {
		f.t.Fatalf("%v to %s: err %v, want a refusal (%v)", m, to, err, why)
	}
	if r.Why != why {
		f.t.Errorf("%v to %s refused for %v (%v), want %v", m, to, r.Why, r, why)
	}
	if !bytes.Equal(before, f.bytes()) {
		f.t.Errorf("%v to %s: a refused step changed the game", m, to)
	}
}

func (f *fixture) entered(units []*state.Unit, to string, m act.Motion, left, cost int) {
	f.t.Helper()
	c, err := f.x.Enter(units, f.loc(to), m, left)
	if err != nil {
		f.t.Fatalf("%v to %s: %v", m, to, err)
	}
	if c != cost {
		f.t.Errorf("%v to %s cost %d half MF, want %d", m, to, c, cost)
	}
	for _, u := range units {
		if u.At() != f.loc(to) {
			f.t.Errorf("%s is at %v after its %v to %s", u.ID, u.At(), m, to)
		}
	}
}

// A step of a move is an arc of the Infantry graph within the MF left:
// open ground costs 1 MF (2 half MF), woods 2 (ASL A4.1); a Location
// two hexes away is no step (ASL A4).
func TestMoveStepWithinMF_A4_1(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K6\nF F2 4-6-7 o2K6")
	u := f.units("F1")
	f.refused(u, "o2K4", act.Move, act.NoLimit, act.NoArc)
	f.refused(u, "o2K5", act.Move, 1, act.NoMF)
	f.entered(u, "o2K5", act.Move, 2, 2)
	if !u[0].Moved || !u[0].Known {
		t.Errorf("F1 after a move: moved %v, Known %v; want both (ASL A12: a moving unit is seen)", u[0].Moved, u[0].Known)
	}
	f.refused(u, "o2K4", act.Move, 3, act.NoMF) // woods: 2 MF
	f.entered(u, "o2K4", act.Move, 4, 4)
	if f.units("F2")[0].Moved {
		t.Error("F2 moved with F1's step")
	}
}

// No move into a Location of the other side's units, an S? too (ASL
// A4.14), nor a rout (A10.51); an advance may (a Melee, A4.7), and so may
// a Human Wave (SASL 4.323).
func TestOccupiedLocation_A4_14_A4_7_A10_51(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K6\nE Q1 S? o2K5\nE E1 4-4-7 o2L6\nF F2 4-6-7 o2L7")
	f.refused(f.units("F1"), "o2K5", act.Move, act.NoLimit, act.Occupied)
	f.refused(f.units("F1"), "o2K5", act.Assault, act.NoLimit, act.Occupied)
	f.refused(f.units("F1"), "o2K5", act.Rout, act.NoLimit, act.Occupied)
	f.refused(f.units("E1"), "o2L7", act.Move, act.NoLimit, act.Occupied)
	f.entered(f.units("F1"), "o2K5", act.Advance, act.NoLimit, 2)
	if u := f.units("F1")[0]; !u.Advanced || u.Moved {
		t.Errorf("F1 after an advance: advanced %v, moved %v", u.Advanced, u.Moved)
	}
	f.entered(f.units("E1"), "o2L5", act.Wave, 16, 2) // the FBE is north
}

// A Location takes a side's units up to the stacking limit (ASL A5.1):
// a fourth squad is refused by a move and an advance; a rout's path is
// checked whole by combat.RoutOptions (it may not end overstacked), so
// its steps are not.
func TestStackingLimit_A5_1(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K5\nF F2 4-6-7 o2K5\nF F3 4-6-7 o2K5\nF F4 4-6-7 o2K6\nF F5 4-6-7 o2K6")
	f.refused(f.units("F4"), "o2K5", act.Move, act.NoLimit, act.Full)
	f.refused(f.units("F4"), "o2K5", act.Advance, act.NoLimit, act.Full)
	f.entered(f.units("F4"), "o2K5", act.Rout, act.NoLimit, 2)
	if u := f.units("F4")[0]; !u.DM || !u.Routed || u.Moved || u.Known {
		t.Errorf("F4 after a rout: DM %v, routed %v, moved %v, Known %v; want DM and routed only (ASL A10.5)", u.DM, u.Routed, u.Moved, u.Known)
	}
}

// Human Wave movement runs on the Human Wave graph (SASL 4.32): never away
// from the FBE, at ground level; a move of the same unit may go south. A
// unit that joined the wave on an upper building level goes down to the
// ground level first (4.323), FRIENDLY units there or not, which a move
// may not enter (ASL A4.14).
func TestWaveStepsTowardTheFBE_SASL4_32_SASL4_323(t *testing.T) {
	f := on(t, "E E1 4-4-7 o2K6\nE E2 4-4-7 o2M5h1\nF F1 4-6-7 o2M5")
	f.refused(f.units("E1"), "o2K7", act.Wave, act.NoLimit, act.NoArc)
	f.entered(f.units("E1"), "o2K7", act.Move, act.NoLimit, 2)
	f.refused(f.units("E2"), "o2M4", act.Wave, act.NoLimit, act.NoArc)
	f.refused(f.units("E2"), "o2M5", act.Move, act.NoLimit, act.Occupied)
	f.entered(f.units("E2"), "o2M5", act.Wave, act.NoLimit, 2)
}

// The units of a step are one stack of one side, in the game, on the map.
func TestOneStack_A4(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K6\nF F2 4-6-7 o2K7\nE E1 4-4-7 o2K7")
	f.refused(f.units("F1", "F2"), "o2L7", act.Move, act.NoLimit, act.NotOneStack)
	f.refused(f.units("F2", "E1"), "o2L7", act.Move, act.NoLimit, act.NotOneStack)
	f.refused(nil, "o2L7", act.Move, act.NoLimit, act.NoUnits)
	gone := f.units("F1")
	f.st.Remove(gone[0])
	f.refused(gone, "o2K5", act.Move, act.NoLimit, act.NotOnMap)
}

// An S? set up off a new entry hex (SASL 4.2) is placed, not moved: never
// where FRIENDLY units are (ASL A2.5), and unmarked.
func TestPlaceAnEntryRedone_SASL4_2(t *testing.T) {
	f := on(t, "E Q1 S? o2K10\nF F1 4-6-7 o2M10")
	q := f.units("Q1")[0]
	err := f.x.Place(q, f.loc("o2M10"))
	var r *act.Refusal
	if !errors.As(err, &r) || r.Why != act.Occupied {
		t.Fatalf("Place where FRIENDLY units are: %v, want refused (occupied)", err)
	}
	if err := f.x.Place(q, f.loc("o2O10")); err != nil {
		t.Fatal(err)
	}
	if q.At() != f.loc("o2O10") || q.Moved {
		t.Errorf("Q1 placed: at %v, moved %v", q.At(), q.Moved)
	}
}

// A refusal says why in the engine's plain words, with the rule.
func TestRefusalWords_A4_1(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K6")
	_, err := f.x.Enter(f.units("F1"), f.loc("o2K5"), act.Move, 1)
	if err == nil || !strings.Contains(err.Error(), "costs 1 MF and 0.5 are left (ASL A4.1)") {
		t.Errorf("refusal: %v", err)
	}
}

// A move is carried out a Location at a time, the other side asked after
// each (Walk): a unit its reaction pins stops where it is (ASL A7.8), the
// others go on, with the MF of those left (A4.12); the reaction sees each
// Location with the units in it.
func TestWalkStopsThePinned_A7_8_A4_12(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K9\nF L1 8-0 o2K9")
	stack := f.units("F1", "L1")
	var asked []string
	mfs := 0
	w, err := f.x.Walk(stack, []board.Location{f.loc("o2K8"), f.loc("o2K7"), f.loc("o2K6")}, act.Move, 10, func(us []*state.Unit) int {
		mfs++
		return 12 // a leader alone: 6 MF
	}, func(us []*state.Unit, at board.Location, _ int) ([]*state.Unit, error) {
		for _, u := range us {
			if u.At() != at {
				t.Errorf("%s asked about at %v, in %v", u.ID, at, u.At())
			}
		}
		asked = append(asked, f.m.LocationName(at))
		if at == f.loc("o2K8") {
			stack[0].Pinned = true
		}
		return us, nil
	})
	if err != nil || w.Refused != nil {
		t.Fatal(err, w.Refused)
	}
	if strings.Join(asked, " ") != "o2K8 o2K7 o2K6" || len(w.Steps) != 4 || w.Ends[0] != 2 || w.Ends[1] != 4 {
		t.Errorf("asked at %v, steps %v, ends %v; want F1 stopped in o2K8, L1 on to o2K6", asked, w.Steps, w.Ends)
	}
	if stack[0].At() != f.loc("o2K8") || stack[1].At() != f.loc("o2K6") || mfs != 3 {
		t.Errorf("F1 in %v, L1 in %v, MF asked %d times", stack[0].At(), stack[1].At(), mfs)
	}
}

// A step the executor refuses ends the move there, nothing of it done
// (ASL A4.14); the steps before stand.
func TestWalkEndsAtARefusedStep_A4_14(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K9\nE E1 4-4-7 o2K7")
	u := f.units("F1")
	w, err := f.x.Walk(u, []board.Location{f.loc("o2K8"), f.loc("o2K7"), f.loc("o2K6")}, act.Move, 8, nil, nil)
	if err != nil || w.Refused == nil || w.Refused.Why != act.Occupied || w.Refused.To != f.loc("o2K7") {
		t.Fatalf("refused %v, %v; want the step into o2K7, occupied", w.Refused, err)
	}
	if u[0].At() != f.loc("o2K8") || len(w.Steps) != 2 || w.Ends[0] != 2 {
		t.Errorf("F1 in %v, steps %v, ends %v", u[0].At(), w.Steps, w.Ends)
	}
}

// A rout goes on whatever the reactions did but eliminate the unit (ASL
// A10.5, A10.53: a routing unit is broken already); an error of the
// reaction ends the walk, returned.
func TestWalkRoutGoesOnUntilEliminated_A10_53(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K9")
	u := f.units("F1")
	u[0].Broken = true
	w, err := f.x.Walk(u, []board.Location{f.loc("o2K8"), f.loc("o2K7"), f.loc("o2K6")}, act.Rout, act.NoLimit, nil, func(us []*state.Unit, at board.Location, _ int) ([]*state.Unit, error) {
		if at == f.loc("o2K7") {
			f.st.Remove(us[0])
		}
		return us, nil
	})
	if err != nil || len(w.Steps) != 3 || w.Ends[0] != 3 {
		t.Errorf("rout: steps %v, ends %v, %v; want it eliminated in o2K7", w.Steps, w.Ends, err)
	}
	g := on(t, "F F1 4-6-7 o2K9")
	boom := errors.New("boom")
	if _, err := g.x.Walk(g.units("F1"), []board.Location{g.loc("o2K8"), g.loc("o2K7")}, act.Move, act.NoLimit, nil, func([]*state.Unit, board.Location, int) ([]*state.Unit, error) { return nil, boom }); err != boom {
		t.Errorf("a reaction's error: %v", err)
	}
}

// The MF of those that go on bounds the rest of the move (ASL A4.12): a
// leader left with 2 MF of his own stops once he has spent them.
func TestWalkMFOfThoseLeft_A4_12(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K9\nF L1 8-0 o2K9")
	stack := f.units("F1", "L1")
	w, err := f.x.Walk(stack, []board.Location{f.loc("o2K8"), f.loc("o2K7"), f.loc("o2K6")}, act.Move, 10, func([]*state.Unit) int { return 4 },
		func(us []*state.Unit, at board.Location, _ int) ([]*state.Unit, error) {
			stack[0].Pinned = true
			return us, nil
		})
	if err != nil || w.Refused == nil || w.Refused.Why != act.NoMF || stack[1].At() != f.loc("o2K7") {
		t.Errorf("L1 in %v, refused %v, %v; want L1 stopped in o2K7 for want of MF", stack[1].At(), w.Refused, err)
	}
}

// Assault Movement (ASL A4.61), an advance (A4.7) and a Low Crawl (A10.52)
// are of one Location: a second step is refused, by CheckPath before
// anything moves and by Walk after the first. A refusal names its
// Locations and the rule (A10.51 for a rout into the other side's units).
func TestOneLocationMotions_A4_61_A4_7_A10_52(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K9\nE E1 4-4-7 o2K7")
	u := f.units("F1")
	path := []board.Location{f.loc("o2K8"), f.loc("o2K7")}
	for _, m := range []act.Motion{act.Assault, act.Advance, act.LowCrawl} {
		_, err := f.x.CheckPath(u, path, m, act.NoLimit)
		var r *act.Refusal
		if !errors.As(err, &r) || r.Why != act.OneLocation || r.To != f.loc("o2K7") {
			t.Errorf("%v of two Locations: %v, want refused at the second", m, err)
		}
		if m == act.LowCrawl {
			u[0].Broken = true
		}
	}
	u[0].Broken = false
	w, err := f.x.Walk(u, path, act.Assault, act.NoLimit, nil, nil)
	if err != nil || w.Refused == nil || w.Refused.Why != act.OneLocation || u[0].At() != f.loc("o2K8") {
		t.Errorf("an Assault Move walked two Locations: %v, %v, F1 in %v", w.Refused, err, u[0].At())
	}
	if err == nil && w.Refused != nil && !strings.Contains(w.Refused.Error(), "from o2K8 to o2K7 refused: it is of one Location (ASL A4.61)") {
		t.Errorf("the refusal's words: %v", w.Refused)
	}
	u[0].Broken = true
	if _, err := f.x.Enter(u, f.loc("o2K7"), act.Rout, act.NoLimit); err == nil || !strings.Contains(err.Error(), "(ASL A10.51)") {
		t.Errorf("a rout into the other side's units: %v, want refused by ASL A10.51", err)
	}
}

// A Low Crawl spends all the unit's MF (ASL A10.52: combat.rout_mf), the
// executor's cost of its step whatever the terrain; a rout's step costs
// the terrain's.
func TestLowCrawlCostsAllItsMF_A10_52(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K6\nF F2 4-6-7 o2K6")
	all := 2 * f.w.Tables().Combat.RoutMF.Value
	f1, f2 := f.units("F1"), f.units("F2")
	f1[0].Broken, f2[0].Broken = true, true
	f.entered(f1, "o2K5", act.LowCrawl, act.NoLimit, all)
	f.entered(f2, "o2K5", act.Rout, act.NoLimit, 2)
	steps, err := f.x.Steps(f.units("F2"), []board.Location{f.loc("o2K4")}, act.Rout, act.NoLimit)
	if err != nil || len(steps) != 2 || steps[0].Location != f.loc("o2K5") || steps[1].HalfMF != 4 {
		t.Errorf("a rout's steps into woods: %v, %v; want from o2K5, 2 MF", steps, err)
	}
}

// A walk never changes a slice its caller or a reaction has seen: the
// units going on are a list of the walk's own when they differ from those
// it has (a reaction that keeps the stack it was given, or returns its own
// storage, finds it as it left it), though a unit its reaction pins stops
// (ASL A7.8).
func TestWalkKeepsTheSlicesItGave_A7_8(t *testing.T) {
	f := on(t, "F F1 4-6-7 o2K9\nF L1 8-0 o2K9")
	stack := f.units("F1", "L1")
	given := slices.Clone(stack)
	var seen [][]*state.Unit
	mine := slices.Clone(stack) // the reaction's own storage, returned
	_, err := f.x.Walk(stack, []board.Location{f.loc("o2K8"), f.loc("o2K7")}, act.Move, 10, nil, func(us []*state.Unit, at board.Location, _ int) ([]*state.Unit, error) {
		seen = append(seen, us) // kept past the call
		if at == f.loc("o2K8") {
			stack[0].Pinned = true
			return mine, nil
		}
		return us, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(stack, given) || !slices.Equal(mine, given) {
		t.Errorf("a slice the walk was given, or was returned, changed: %v, %v", stack, mine)
	}
	if len(seen) != 2 || len(seen[0]) != 2 || seen[0][0] != given[0] || seen[0][1] != given[1] || len(seen[1]) != 1 || seen[1][0] != given[1] {
		t.Errorf("the slices the reaction was given: %v", seen)
	}
}

// A record reused from walk to walk (WalkByInto, the ENEMY's moves) says
// what each walk did as WalkBy does, and the units going on that an
// earlier walk gave a caller stay as they were (ASL A7.8, A4.12).
func TestWalkByIntoReusesItsRecord_A7_8_A4_12(t *testing.T) {
	along := func(path ...board.Location) act.Next {
		i := 0
		return func([]*state.Unit, board.Location, int) (board.Location, bool) {
			if i == len(path) {
				return board.Location{}, false
			}
			i++
			return path[i-1], true
		}
	}
	pin := func(at board.Location, u *state.Unit) act.Reaction {
		return func(us []*state.Unit, l board.Location, _ int) ([]*state.Unit, error) {
			if l == at {
				u.Pinned = true
			}
			return us, nil
		}
	}
	// The same two walks, each on a fresh board: by WalkBy, then through
	// one record.
	walk := func(rec *act.Walked) (first, second act.Walked, keptOn []*state.Unit) {
		f := on(t, "F F1 4-6-7 o2K9\nF L1 8-0 o2K9\nF F2 4-6-7 o2K2")
		s1, s2 := f.units("F1", "L1"), f.units("F2")
		do := func(stack []*state.Unit, next act.Next, react act.Reaction) act.Walked {
			if rec == nil {
				w, err := f.x.WalkBy(stack, act.Move, 10, nil, next, react)
				if err != nil {
					t.Fatal(err)
				}
				return w
			}
			if err := f.x.WalkByInto(rec, stack, act.Move, 10, nil, next, react); err != nil {
				t.Fatal(err)
			}
			return act.Walked{Steps: slices.Clone(rec.Steps), Ends: slices.Clone(rec.Ends), On: rec.On, Refused: rec.Refused}
		}
		first = do(s1, along(f.loc("o2K8"), f.loc("o2K7"), f.loc("o2K6")), pin(f.loc("o2K8"), s1[0]))
		keptOn = slices.Clone(first.On)
		second = do(s2, along(f.loc("o2K3"), f.loc("o2K4")), nil)
		return first, second, keptOn
	}
	b1, b2, _ := walk(nil)
	r1, r2, kept := walk(new(act.Walked))
	for _, c := range []struct{ by, into act.Walked }{{b1, r1}, {b2, r2}} {
		if !slices.Equal(c.by.Steps, c.into.Steps) || !slices.Equal(c.by.Ends, c.into.Ends) || len(c.by.On) != len(c.into.On) || (c.by.Refused == nil) != (c.into.Refused == nil) {
			t.Errorf("WalkByInto: steps %v ends %v on %v; WalkBy: steps %v ends %v on %v", c.into.Steps, c.into.Ends, c.into.On, c.by.Steps, c.by.Ends, c.by.On)
		}
	}
	if len(r1.Steps) != 4 || r1.Ends[0] != 2 || r1.Ends[1] != 4 || len(r2.Steps) != 3 {
		t.Errorf("first walk steps %v ends %v, second steps %v; want F1 stopped in o2K8, L1 on to o2K6, F2 to o2K4", r1.Steps, r1.Ends, r2.Steps)
	}
	if !slices.Equal(r1.On, kept) || len(kept) != 1 || kept[0].ID != "L1" {
		t.Errorf("the units the first walk left going on changed with the second: %v, want %v", r1.On, kept)
	}
}
