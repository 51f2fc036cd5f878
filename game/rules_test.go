package game

import (
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// The rule faults that once decided winners, each a test named after its
// rule. The invariants over whole games are TestGameInvariants'.

// bare is a game of world w under policy pol with nothing on the map, in
// Game Turn 2: a test sets up its own units and VPO Control and plays the
// phases it wants.
func bare(t *testing.T, w *world.World, pol state.Policy) *Game {
	t.Helper()
	g, _, err := New(w, state.Game{Mission: "test", Seed: 7, HasSeed: true, Policy: pol}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range slices.Clone(g.st.Units()) {
		g.st.Remove(u)
	}
	g.st.Waves = nil
	g.st.Turn = 2
	return g
}

// put adds a unit to a bare game's state.
func put(t *testing.T, g *Game, u *state.Unit, at string) *state.Unit {
	t.Helper()
	l, err := g.w.Map().ParseLocation(at)
	if err != nil {
		t.Fatal(err)
	}
	g.st.Add(u, l)
	return u
}

// playPhase plays phase ph of side's Player Turn and returns its events.
func playPhase(t *testing.T, g *Game, side state.Side, ph state.Phase) []report.Event {
	t.Helper()
	g.st.Player, g.st.Phase = side, ph
	rep, err := g.Phase(nil)
	if err != nil {
		t.Fatal(err)
	}
	return rep.Events
}

func kinds(evs []report.Event, k report.Kind) []report.Event {
	var out []report.Event
	for _, e := range evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// SASL 4.1 sets S? up around the FRIENDLY units, never on them: no S? is
// set up in a Location the mission gives FRIENDLY units (x1Q5 on the
// crossroads demo, where S? and F1/F2 once started in a Melee nobody
// fought).
func TestS4_1_NoSOnFriendlyUnits(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	friendly := map[board.Location]bool{}
	initial, err := w.Initial()
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range initial.OfSide(state.Friendly) {
		friendly[u.At()] = true
	}
	q5, _ := w.Map().ParseLocation("x1Q5")
	if !friendly[q5] {
		t.Fatal("the crossroads demo no longer puts FRIENDLY units in x1Q5")
	}
	near := 0 // S? set up next to a FRIENDLY Location: the rule still places there
	for seed := range longrun.Seeds(300, 60) {
		g, _, err := New(w, state.Game{Seed: seed, HasSeed: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range g.st.OfSide(state.Enemy) {
			if friendly[u.At()] {
				t.Fatalf("seed %d: %s set up in %s with FRIENDLY units", seed, u.ID, w.Map().LocationName(u.At()))
			}
			for l := range friendly {
				if combat.Adjacent(w.Map(), l, u.At()) {
					near++
				}
			}
		}
	}
	if near == 0 {
		t.Error("in every setup no S? was set up next to a FRIENDLY unit: the test sees nothing")
	}
}

// Close Combat is fought in every Melee in every CCPh, of both Player
// Turns (ASL A11): a Location holding both sides sees each side attack, an
// S? there revealed first (a Human Wave S? is never a dummy, SASL 4.34).
func TestA11_CloseCombatInEveryMelee(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	for _, side := range []state.Side{state.Enemy, state.Friendly} {
		for _, sq := range []bool{false, true} {
			g := bare(t, w, PolicyHold)
			e := &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}
			if sq {
				e = &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.SQ, HW: true}
			}
			put(t, g, e, "x1Q5")
			put(t, g, &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}, "x1Q5")
			evs := playPhase(t, g, side, state.CCPh)
			cc := kinds(evs, report.CloseCombat)
			if len(cc) != 2 || cc[0].Side == cc[1].Side {
				t.Errorf("%s CCPh, S? %v: %d Close Combat attacks, want one each side: %v", side, sq, len(cc), evs)
			}
			if sq && len(kinds(evs, report.Activate)) == 0 {
				t.Errorf("%s CCPh: the S? in Melee was not revealed: %v", side, evs)
			}
		}
	}
}

// Control of a VPO is by hex (ASL A26.11): a Good Order ENEMY unit in the
// VPO's Location takes nothing while a FRIENDLY unit holds another
// Location of its hex (24U4 with F on its second level), broken or not (a
// broken unit is an armed enemy unit, present); once that unit is gone,
// the ENEMY takes it at the end of the phase.
func TestA26_11_ControlByHex(t *testing.T) {
	t.Parallel()
	w := prepareText(t, attack24)
	g := bare(t, w, PolicyHold)
	vpo, _ := w.Map().ParseLocation("24U4")
	g.st.SetControl(vpo, state.Friendly)
	f := put(t, g, &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}, "24U4h2")
	put(t, g, &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7", Released: true}, "24U4")
	playPhase(t, g, state.Enemy, state.RtPh)
	if side, _ := g.st.Controller(vpo); side != state.Friendly {
		t.Fatalf("24U4 passed to the %s while F1 held 24U4h2", side)
	}
	f.Broken = true
	playPhase(t, g, state.Enemy, state.RtPh)
	if side, _ := g.st.Controller(vpo); side != state.Friendly {
		t.Fatalf("24U4 passed to the %s while F1 lay broken in 24U4h2", side)
	}
	g.st.Remove(f)
	evs := playPhase(t, g, state.Enemy, state.RtPh)
	if side, _ := g.st.Controller(vpo); side != state.Enemy || len(kinds(evs, report.Control)) != 1 {
		t.Fatalf("with F1 gone 24U4 stays with the %s: %v", side, evs)
	}
}

// Control is kept in a player's game too: when the player's units leave a
// VPO and an ENEMY unit is alone in it, Control passes at the end of the
// phase; a VPO left empty stays with its side (ASL A26.11).
func TestA26_11_ControlInPlayerMode(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	g := bare(t, w, PolicyPlayer)
	q5, _ := w.Map().ParseLocation("x1Q5")
	o4, _ := w.Map().ParseLocation("x3O4")
	g.st.SetControl(q5, state.Friendly)
	g.st.SetControl(o4, state.Friendly)
	put(t, g, &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7", Released: true}, "x1Q5")
	put(t, g, &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}, "x1A1")
	evs := playPhase(t, g, state.Enemy, state.RtPh)
	if side, _ := g.st.Controller(q5); side != state.Enemy || len(kinds(evs, report.Control)) != 1 {
		t.Errorf("x1Q5, the ENEMY alone in it: Controlled by the %s: %v", side, evs)
	}
	if side, _ := g.st.Controller(o4); side != state.Friendly {
		t.Errorf("x3O4, empty: Controlled by the %s", side)
	}
}

// Advancing Fire (ASL A7.25): a unit that moved fires at half FP in the
// AFPh; Point Blank Fire doubles FP only between ADJACENT Locations
// (A7.21), so ground-level squads next to a building fire at its second
// level without it (36 FP was once rolled from three 4-4-7 that moved).
func TestA7_25_AdvancingFire(t *testing.T) {
	t.Parallel()
	w := prepareText(t, attack24)
	for _, tc := range []struct {
		name, at string
		moved    bool
		fp       float64
	}{
		{"moved, second level", "24U4h2", true, 3 * 4 / 2.0},
		{"moved, ground level next door", "24U4", true, 3 * 4 * 2 / 2.0},
		{"stayed, second level", "24U4h2", false, 3 * 4},
		{"stayed, ground level next door", "24U4", false, 3 * 4 * 2},
	} {
		g := bare(t, w, PolicyHold)
		put(t, g, &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}, tc.at)
		for _, id := range []string{"E1", "E2", "E3"} {
			put(t, g, &state.Unit{ID: id, Side: state.Enemy, Kind: state.Squad, Type: "4-4-7", Released: true, Moved: tc.moved}, "24U3")
		}
		fire := kinds(playPhase(t, g, state.Enemy, state.AFPh), report.Fire)
		if len(fire) != 1 || fire[0].Fire.FP != tc.fp {
			t.Errorf("%s: %d fire groups, want one of %g FP: %+v", tc.name, len(fire), tc.fp, fire)
		}
	}
}

// Released ENEMY units and rallied ones go on acting (SASL 4.33: a
// released unit keeps Advance Attitude; what it does is the released
// policy of tables/data/policy.yaml, default: true): a released squad
// fires in its own AFPh, in the DFPh of the FRIENDLY Player Turn, and
// First Fires at a FRIENDLY unit moving in its LOS; once rallied, a broken
// one does too.
func TestS4_33_ReleasedUnitsAct(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	for _, broken := range []bool{false, true} {
		setup := func() (*Game, *state.Unit) {
			g := bare(t, w, PolicyHold)
			e := put(t, g, &state.Unit{ID: "A10", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7", Released: true, HW: true}, "x1Q7")
			put(t, g, &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}, "x1Q5")
			return g, e
		}
		g, e := setup()
		e.Broken = broken
		if broken { // it rallies in its RPh, with a leader beside it
			put(t, g, &state.Unit{ID: "A11", Side: state.Enemy, Kind: state.Leader, Type: "9-2", Released: true}, "x1Q7")
			for try := 0; e.Broken && try < 20; try++ {
				playPhase(t, g, state.Enemy, state.RPh)
			}
			if e.Broken {
				t.Fatal("A10 never rallied with a 9-2 beside it")
			}
		}
		if len(kinds(playPhase(t, g, state.Enemy, state.AFPh), report.Fire)) == 0 {
			t.Errorf("broken before %v: A10 does not fire in its AFPh", broken)
		}
		g, e = setup()
		if len(kinds(playPhase(t, g, state.Friendly, state.DFPh), report.Fire)) == 0 {
			t.Errorf("A10 does not fire in the FRIENDLY Player Turn's DFPh")
		}
		g, _ = setup()
		f := g.st.Unit("F1")
		l, _ := w.Map().ParseLocation("x1Q6")
		g.st.Move(f, l)
		n := g.hw.Log().Len()
		if err := g.hw.FirstFire([]*state.Unit{f}, l, combat.Still); err != nil {
			t.Fatal(err)
		}
		if len(kinds(g.hw.Log().Since(n), report.Fire)) == 0 {
			t.Errorf("A10 does not First Fire at F1 moving into x1Q6")
		}
	}
}

// The attack policy moves toward the objectives: on the wooded-hill demo
// nearly every FRIENDLY move ends nearer a victory VPO than it began (a
// move may step aside around terrain or the ENEMY), and FRIENDLY units
// reach the VPOs in some games.
func TestAttackMovesTowardObjectives(t *testing.T) {
	t.Parallel()
	w := prepared(t, "wooded-hill", "")
	vpos, err := w.VictoryVPOs()
	if err != nil {
		t.Fatal(err)
	}
	dist := func(l board.Location) int {
		d := 1 << 30
		for _, v := range vpos {
			d = min(d, hex.Distance(l.Hex, v.Hex))
		}
		return d
	}
	var moves, nearer, reached int
	for seed := range longrun.Seeds(100, 25) {
		g, _, err := New(w, state.Game{Seed: seed, HasSeed: true, Policy: PolicyAttack}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			rep, err := g.Turn(nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range rep.Events {
				if e.Player != state.Friendly || (e.Kind != report.Move && e.Kind != report.AdvanceInto) {
					continue
				}
				from, to := e.Steps[0].Location, e.Steps[len(e.Steps)-1].Location
				moves++
				if dist(to) < dist(from) {
					nearer++
				}
				if dist(to) == 0 {
					reached++
				}
			}
		}
	}
	t.Logf("%d FRIENDLY moves and advances, %d nearer a VPO, %d into a VPO hex", moves, nearer, reached)
	if moves == 0 || float64(nearer) < 0.8*float64(moves) || reached == 0 {
		t.Errorf("%d FRIENDLY moves and advances, %d nearer a VPO, %d into a VPO hex", moves, nearer, reached)
	}
}

// The ENEMY's Rally Phase (SASL 7.1): of its broken MMC with no Good
// Order leader beside them, the two with the best chance of rallying try
// to self-rally: of three broken squads, the one in woods (the terrain
// DRM) and the one in the open, not the DM one (the desperation DRM); the
// FRIENDLY side self-rallies one MMC (ASL A10.63).
func TestEnemySelfRallyBestChance_SASL7_1(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	g := bare(t, w, PolicyHold)
	tb := w.Tables()
	if tb.SASL.RallySelfMMC.Value != 2 || tb.Combat.SelfRallyMMC.Value != 1 {
		t.Fatalf("self-rally: ENEMY %d, FRIENDLY %d MMC; the test wants 2 and 1", tb.SASL.RallySelfMMC.Value, tb.Combat.SelfRallyMMC.Value)
	}
	// In the order of the game's units E3 (the worst chance) comes first,
	// so a rally of the first two would take it; E4 rallies with the
	// Good Order leader beside it, which takes no self-rally's place.
	for _, p := range []struct{ id, at string }{{"E3", "x1C6"}, {"E1", "x1A6"}, {"E2", "x1L7"}, {"E4", "x1E6"}, {"F1", "x1Y6"}, {"F2", "x1AA6"}} {
		side := state.Enemy
		if p.id[0] == 'F' {
			side = state.Friendly
		}
		put(t, g, &state.Unit{ID: p.id, Side: side, Kind: state.Squad, Type: map[state.Side]string{state.Enemy: "4-4-7", state.Friendly: "6-6-7"}[side], Broken: true, DM: p.id == "E3"}, p.at)
	}
	put(t, g, &state.Unit{ID: "L1", Side: state.Enemy, Kind: state.Leader, Type: "8-0"}, "x1E6")
	if w.TEM(loc(t, w, "x1L7")) <= 0 || w.TEM(loc(t, w, "x1A6")) > 0 || w.TEM(loc(t, w, "x1C6")) > 0 || !g.st.Unit("E3").DM {
		t.Fatal("the test wants woods in x1L7 and open ground in x1A6 and x1C6")
	}
	g.res.Reset(g.st, g.seeded)
	tried := map[string]bool{}
	for _, e := range playPhase(t, g, state.Enemy, state.RPh) {
		if e.Kind == report.Rally || e.Kind == report.Morale && e.Cause == report.RallyFailed || e.Cause == report.Rally12 {
			tried[e.Units[0]] = true
		}
	}
	if !tried["E1"] || !tried["E2"] || tried["E3"] || !tried["E4"] {
		t.Errorf("ENEMY rally tried by %v; want E1 (open) and E2 (woods) self-rallying, not E3 (DM), and E4 by its leader", tried)
	}
	if n := map[bool]int{true: 1}[tried["F1"]] + map[bool]int{true: 1}[tried["F2"]]; n != 1 {
		t.Errorf("FRIENDLY self-rally tried by %v; want one (ASL A10.63)", tried)
	}
}
