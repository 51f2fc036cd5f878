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
			got, err1 := p.Decide(d, nil)
			want, err2 := h.Decide(d, nil)
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
	out, err := p.Decide(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || out[0].Kind != policy.Fire || out[0].Shot.At != open {
		t.Fatalf("DFPh: %+v, want one fire at %s (open), not %s (TEM %d)", out, m.LocationName(open), m.LocationName(covered), w.TEM(covered))
	}
	// Nothing to fire at in its own MPh, APh or CCPh.
	for _, ph := range []state.Phase{state.RPh, state.MPh, state.APh, state.CCPh} {
		d.Player, d.Phase = state.Friendly, ph
		if out, _ := p.Decide(d, nil); len(out) != 0 {
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
	out, err := p.Decide(d, nil)
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
	out, _ = p.Decide(d, nil)
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
	out, _ = p.Decide(d, nil)
	if !slices.ContainsFunc(out, func(a policy.Action) bool {
		return a.Kind == policy.Advance && slices.Contains(a.Units, f5) && a.Path[0] == t4
	}) {
		t.Errorf("F5 next to x2T4 in the APh: %+v", out)
	}
}
