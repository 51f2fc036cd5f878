package policy_test

import (
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/policy"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// decision returns a decision over a copy of the mission's initial state
// with its ENEMY units removed, and that state.
func decision(t *testing.T, mission string) (*policy.Decision, *world.World) {
	t.Helper()
	w, _, err := game.Open(mission, "", "")
	if err != nil {
		t.Fatal(err)
	}
	initial, err := w.Initial()
	if err != nil {
		t.Fatal(err)
	}
	st := initial.Clone()
	for _, u := range slices.Clone(st.OfSide(state.Enemy)) {
		st.Remove(u)
	}
	c := combat.New(w, &report.Log{})
	c.Reset(st, dice.Seeded(1))
	return &policy.Decision{W: w, St: st, C: c}, w
}

func loc(t *testing.T, w *world.World, s string) board.Location {
	t.Helper()
	l, err := w.Map().ParseLocation(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestParse(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]state.Policy{"": policy.Player, "hold": policy.Hold, "attack": policy.Attack, "player": policy.Player} {
		if got, err := policy.Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"Hold", "defend", " hold", "attack\n"} {
		if _, err := policy.Parse(bad); err == nil {
			t.Errorf("Parse(%q) taken", bad)
		}
	}
	for _, name := range policy.Names {
		p, err := policy.New(name, nil)
		if err != nil || p.Name() != name {
			t.Errorf("New(%q): %v, %v", name, p, err)
		}
	}
}

// Where the player passes, the player policy decides as hold does, at
// every decision of both Player Turns.
func TestPlayerPassesAsHold(t *testing.T) {
	t.Parallel()
	d, w := decision(t, "crossroads")
	p, _ := policy.New(policy.Player, w)
	h, _ := policy.New(policy.Hold, w)
	for _, side := range []state.Side{state.Enemy, state.Friendly} {
		for ph := state.RPh; ph <= state.CCPh; ph++ {
			d.Player, d.Phase = side, ph
			got, err1 := actions(t, p, d)
			want, err2 := actions(t, h, d)
			if err1 != nil || err2 != nil || len(got) != len(want) {
				t.Errorf("%s %s: player %d actions (%v), hold %d (%v)", side, ph, len(got), err1, len(want), err2)
			}
		}
	}
}

// hold fires each Location's group once, in the ENEMY's DFPh, at the ENEMY
// Location with the best odds: of two ENEMY squads at one range in clear
// LOS, the one in open ground rather than the one under positive TEM; and
// never at a unit out of LOS.
func TestHoldFiresAtTheBestOdds(t *testing.T) {
	t.Parallel()
	d, w := decision(t, "crossroads")
	for _, u := range slices.Clone(d.St.OfSide(state.Friendly)) {
		d.St.Remove(u)
	}
	m := w.Map()
	from := loc(t, w, "x1Q5")
	var open, covered board.Location
	var nOpen, nCovered bool
	for _, h := range m.Hexes() {
		at := board.Ground(h)
		if hex.Distance(h, from.Hex) != 3 {
			continue
		}
		s := w.Sight(from, at)
		if !s.Clear || s.Hindrance != 0 {
			continue
		}
		switch {
		case w.TEM(at) == 0 && !nOpen:
			open, nOpen = at, true
		case w.TEM(at) > 0 && !nCovered:
			covered, nCovered = at, true
		}
	}
	if !nOpen || !nCovered {
		t.Fatal("no open and covered hexes 3 hexes from x1Q5 in its clear LOS")
	}
	d.St.Add(&state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}, from)
	d.St.Add(&state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, covered)
	d.St.Add(&state.Unit{ID: "E2", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, open)
	p, _ := policy.New(policy.Hold, w)
	d.Player, d.Phase = state.Enemy, state.DFPh
	out, err := actions(t, p, d)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || out[0].Kind != policy.Fire || out[0].Shot.At != open {
		t.Fatalf("DFPh: %+v, want one fire at %s (open), not %s (TEM %d)", out, m.LocationName(open), m.LocationName(covered), w.TEM(covered))
	}
	// Nothing to fire at in its own MPh, APh or CCPh.
	for _, ph := range []state.Phase{state.RPh, state.MPh, state.APh, state.CCPh} {
		d.Player, d.Phase = state.Friendly, ph
		if out, _ := actions(t, p, d); len(out) != 0 {
			t.Errorf("FRIENDLY %s: %+v", ph, out)
		}
	}
}

// attack moves every stack toward a victory VPO not yet held, leaves a
// held VPO's garrison in place, and advances into a goal next to it.
func TestAttackMovesKeepsAndAdvances(t *testing.T) {
	t.Parallel()
	d, w := decision(t, "wooded-hill")
	vpos, err := w.VictoryVPOs()
	if err != nil {
		t.Fatal(err)
	}
	dist := func(l board.Location) int {
		best := 1 << 30
		for _, v := range vpos {
			best = min(best, hex.Distance(l.Hex, v.Hex))
		}
		return best
	}
	p, _ := policy.New(policy.Attack, w)
	d.Player, d.Phase = state.Friendly, state.MPh
	out, err := actions(t, p, d)
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for _, a := range out {
		if a.Kind != policy.Move || len(a.Path) == 0 {
			t.Fatalf("MPh action %+v", a)
		}
		from, to := a.Units[0].At(), a.Path[len(a.Path)-1]
		if dist(to) >= dist(from) {
			t.Errorf("%s moves from %s to %s, no nearer a VPO", a.Units[0].ID, w.Map().LocationName(from), w.Map().LocationName(to))
		}
		moved += len(a.Units)
	}
	if moved != len(d.St.OfSide(state.Friendly)) {
		t.Errorf("%d of %d FRIENDLY units move", moved, len(d.St.OfSide(state.Friendly)))
	}
	// A garrison in a VPO the side holds stays; the other VPO's way is taken.
	k5 := loc(t, w, "x2K5")
	d.St.SetControl(k5, state.Friendly)
	g1 := d.St.Unit("F1")
	d.St.Move(g1, k5)
	out, _ = actions(t, p, d)
	for _, a := range out {
		if slices.Contains(a.Units, g1) {
			t.Errorf("F1, the garrison of x2K5, moves: %+v", a)
		}
	}
	// Next to a goal in the APh: advance into it.
	t4 := loc(t, w, "x2T4")
	var next board.Location
	for _, h := range w.Map().Hexes() {
		if hex.Distance(h, t4.Hex) == 1 {
			if _, ok := w.Step(board.Ground(h), t4); ok {
				next = board.Ground(h)
				break
			}
		}
	}
	f5 := d.St.Unit("F5")
	d.St.Move(f5, next)
	d.Phase = state.APh
	out, _ = actions(t, p, d)
	if !slices.ContainsFunc(out, func(a policy.Action) bool {
		return a.Kind == policy.Advance && slices.Contains(a.Units, f5) && a.Path[0] == t4
	}) {
		t.Errorf("F5 next to x2T4 in the APh: %+v", out)
	}
}

// actions asks p for its actions at d one at a time, as the game does,
// without carrying them out: the units of each are skipped after (d.Skip),
// so the list is what p takes while nothing it does changes the game.
func actions(t *testing.T, p policy.Policy, d *policy.Decision) ([]policy.Action, error) {
	t.Helper()
	var acted []*state.Unit
	was := d.Skip
	d.Skip = func(u *state.Unit) bool { return slices.Contains(acted, u) || was != nil && was(u) }
	defer func() { d.Skip = was }()
	var out []policy.Action
	for range 1000 {
		a, ok, err := p.Next(d)
		if err != nil || !ok {
			return out, err
		}
		if len(a.Units) == 0 {
			t.Fatalf("an action of no units: %+v", a)
		}
		a.Units = slices.Clone(a.Units)
		acted = append(acted, a.Units...)
		out = append(out, a)
	}
	t.Fatal("the policy offers actions without end")
	return nil, nil
}

// The policy is asked one action at a time, the game as it stands (DESIGN.md:
// the situation seen anew after each action): two FRIENDLY Locations that
// would both fire at the ENEMY squad in the open (the best odds) fire there
// one after the other while it stands, but once the first fire has
// eliminated it the second fires at the one in cover, where a plan made
// before the first fire would have aimed both at the open hex (ASL A7.5:
// each Location a fire group).
func TestHoldSeesTheFirstFireBeforeTheSecond_A7_5(t *testing.T) {
	t.Parallel()
	d, w := decision(t, "crossroads")
	for _, u := range slices.Clone(d.St.OfSide(state.Friendly)) {
		d.St.Remove(u)
	}
	m := w.Map()
	from := loc(t, w, "x1Q5")
	clear := func(a, b board.Location) bool { s := w.Sight(a, b); return s.Clear && s.Hindrance == 0 }
	// other: a neighbour of from; open and covered: hexes 2 to 6 hexes
	// from both in clear LOS, open no farther than covered from either.
	var open, covered, other board.Location
	found := false
	for _, oh := range m.Hexes() {
		o := board.Ground(oh)
		if found || hex.Distance(oh, from.Hex) != 1 || w.TEM(o) != w.TEM(from) {
			continue
		}
		var opens, covers []board.Location
		for _, h := range m.Hexes() {
			at := board.Ground(h)
			d1, d2 := hex.Distance(h, from.Hex), hex.Distance(h, oh)
			if d1 < 2 || d2 < 2 || d1 > 6 || d2 > 6 || !clear(from, at) || !clear(o, at) {
				continue
			}
			if w.TEM(at) == 0 {
				opens = append(opens, at)
			} else {
				covers = append(covers, at)
			}
		}
		for _, op := range opens {
			for _, cv := range covers {
				if !found && hex.Distance(op.Hex, from.Hex) <= hex.Distance(cv.Hex, from.Hex) && hex.Distance(op.Hex, oh) <= hex.Distance(cv.Hex, oh) {
					open, covered, other, found = op, cv, o, true
				}
			}
		}
	}
	if !found {
		t.Fatal("no neighbour of x1Q5 with an open and a covered hex in clear LOS of both")
	}
	d.St.Add(&state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}, from)
	d.St.Add(&state.Unit{ID: "F2", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}, other)
	d.St.Add(&state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, covered)
	e2 := &state.Unit{ID: "E2", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}
	d.St.Add(e2, open)
	p, _ := policy.New(policy.Hold, w)
	d.Player, d.Phase = state.Enemy, state.DFPh
	if out, err := actions(t, p, d); err != nil || len(out) != 2 || out[0].Shot.At != open || out[1].Shot.At != open {
		t.Fatalf("the game unchanged: %+v (%v), want both groups at %s", out, err, m.LocationName(open))
	}
	var acted []*state.Unit
	d.Skip = func(u *state.Unit) bool { return slices.Contains(acted, u) }
	a, ok, err := p.Next(d)
	if err != nil || !ok || a.Shot.At != open {
		t.Fatalf("first: %+v, %v, %v", a, ok, err)
	}
	acted = append(acted, a.Units...)
	d.St.Remove(e2) // the first fire eliminated it
	a, ok, err = p.Next(d)
	if err != nil || !ok || a.Shot.At != covered || slices.ContainsFunc(a.Units, func(u *state.Unit) bool { return slices.Contains(acted, u) }) {
		t.Fatalf("second, E2 gone: %+v, %v, %v; want the other group at %s", a, ok, err, m.LocationName(covered))
	}
	acted = append(acted, a.Units...)
	if a, ok, _ := p.Next(d); ok {
		t.Errorf("a third action after both groups fired: %+v", a)
	}
}

// TestAttackHasWayAsWay checks the PFPh's question, whether a unit has a
// way to a goal, answered from the goals' reach (no field made) against
// the flow fields the MPh walks, weighed by a revealed ENEMY squad's LOS:
// the same for every Location of the Infantry graph.
func TestAttackHasWayAsWay(t *testing.T) {
	t.Parallel()
	d, w := decision(t, "wooded-hill")
	d.St.Add(&state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}, loc(t, w, "x2P5"))
	p, _ := policy.New(policy.Attack, w)
	d.Player, d.Phase = state.Friendly, state.MPh
	if _, err := actions(t, p, d); err != nil {
		t.Fatal(err)
	}
	g, err := w.Infantry()
	if err != nil {
		t.Fatal(err)
	}
	n := [2]int{}
	for u := range g.Len() {
		l := g.Location(u)
		has, way, err := policy.Ways(p, l)
		if err != nil {
			t.Fatal(err)
		}
		if has != way {
			t.Fatalf("%s: hasWay %v, way %v", w.Map().LocationName(l), has, way)
		}
		if has {
			n[1]++
		} else {
			n[0]++
		}
	}
	if n[0] == 0 || n[1] == 0 {
		t.Errorf("%d Locations without a way, %d with: the test sees one answer alone", n[0], n[1])
	}
}
