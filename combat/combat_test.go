package combat_test

import (
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// flat is a map of one board of open ground at level 0, for the tests of
// ADJACENT Locations whose heights do not matter.
func flat(t testing.TB) *board.Map {
	t.Helper()
	m, _ := testmaps.MapAndMission(t, map[string]string{"o1": ""}, "name: flat\nboards: [[\"o1\"]]\nfbe: north\nebe: south\n")
	return m
}

// ADJACENT Locations (ASL Index: same or adjacent hexes, within one level
// of each other), for Point Blank Fire (A7.21): the same Location; ground
// levels of adjacent hexes; a first level and the ground level or first
// level of the next hex (a firer ADJACENT and higher); never two levels
// apart, nor two hexes apart, nor (stairwells are not modelled) two levels
// of one hex; nor the ground of a hex and that of the next two levels
// higher (a hill across a cliff or a steep slope: their heights, base
// elevation and building level, differ by two), though one level higher
// is.
func TestAdjacent_A7_21(t *testing.T) {
	t.Parallel()
	// Board o1 open ground at level 0 but H4, level 2, and F3, level 1.
	m, _ := testmaps.MapAndMission(t, map[string]string{"o1": "H4 open_ground elev=2\nF3 open_ground elev=1\n"}, "name: adjacent\nboards: [[\"o1\"]]\nfbe: north\nebe: south\n")
	hill, rise := hex.Hex{Col: 7, Row: 4}, hex.Hex{Col: 5, Row: 3}
	a := hex.Hex{Col: 4, Row: 4}
	b := hex.Hex{Col: 5, Row: 4}
	far := hex.Hex{Col: 6, Row: 4}
	up := board.Location{Hex: b, Level: 2}
	first := board.Location{Hex: b, Level: 1}
	for _, c := range []struct {
		x, y board.Location
		want bool
	}{
		{board.Ground(a), board.Ground(a), true},
		{up, up, true},
		{board.Ground(a), board.Ground(b), true},
		{first, board.Ground(a), true},
		{board.Ground(a), first, true},
		{first, board.Location{Hex: a, Level: 1}, true},
		{up, board.Location{Hex: a, Level: 1}, true},
		{board.Ground(a), up, false},
		{up, board.Ground(a), false},
		{board.Ground(b), up, false},
		{board.Ground(b), first, false},
		{board.Ground(a), board.Ground(far), false},
		{board.Location{Hex: far, Level: 1}, board.Ground(a), false},
		{board.Ground(far), board.Ground(hill), false},
		{board.Ground(hill), board.Ground(far), false},
		{board.Location{Hex: far, Level: 1}, board.Ground(hill), true},
		{board.Ground(far), board.Ground(rise), true},
		{board.Ground(rise), board.Ground(a), true},
	} {
		if got := combat.Adjacent(m, c.x, c.y); got != c.want {
			t.Errorf("Adjacent(%v, %v) = %v", c.x, c.y, got)
		}
	}
}

// FP (ASL A7.2): doubled ADJACENT, halved beyond normal range, and divided
// for Advancing Fire (A7.25), the two together.
func TestFP(t *testing.T) {
	t.Parallel()
	s := tables.Strength{FP: 4, Range: 4, Morale: 7}
	at := func(col, level int) board.Location {
		return board.Location{Hex: hex.Hex{Col: col, Row: 4}, Level: level}
	}
	m := flat(t)
	for _, c := range []struct {
		name    string
		to      board.Location
		advance int
		want    float64
	}{
		{"adjacent", at(1, 0), 1, 8},
		{"adjacent, Advancing Fire", at(1, 0), 2, 4},
		{"adjacent hex, first level: Point Blank Fire", at(1, 1), 1, 8},
		{"adjacent hex, second level", at(1, 2), 1, 4},
		{"adjacent hex, second level, Advancing Fire", at(1, 2), 2, 2},
		{"normal range", at(4, 0), 1, 4},
		{"long range", at(8, 0), 1, 2},
		{"long range, Advancing Fire", at(8, 0), 2, 1},
	} {
		if got := combat.FP(m, s, at(0, 0), c.to, c.advance); got != c.want {
			t.Errorf("%s: FP %g, want %g", c.name, got, c.want)
		}
	}
}

// IFT results on the units attacked (ASL A7.3), with the dice given: 1KIA
// eliminates one by Random Selection and breaks the other; K/1 Casualty
// Reduces the one selected and the others take a 1MC; an NMC a squad
// passes on a low DR leaves it in Good Order, fails on a high one breaks
// it.
func TestApply(t *testing.T) {
	t.Parallel()
	w, _, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	m := w.Map()
	l, err := m.ParseLocation("x1A1")
	if err != nil {
		t.Fatal(err)
	}
	setup := func(script string) (*combat.Resolver, *state.State, []*state.Unit, *report.Log) {
		a := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}
		b := &state.Unit{ID: "F2", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}
		c, st, log := resolver(t, w, l, script, a, b)
		return c, st, []*state.Unit{a, b}, log
	}
	// 1KIA: Random Selection dr 2 then 5 picks F2; F1 breaks (KIA survivors).
	c, st, us, _ := setup("2 5")
	if err := c.Apply(tables.Result{Kind: tables.KIA, N: 1}, us); err != nil {
		t.Fatal(err)
	}
	if st.Holds(us[1]) || !st.Holds(us[0]) || !us[0].Broken {
		t.Errorf("1KIA: F1 held %v broken %v, F2 held %v", st.Holds(us[0]), us[0].Broken, st.Holds(us[1]))
	}
	// K/1: F1 selected (dr 6 then 1) and reduced to a half-squad; both take
	// a 1MC with DR 3 (+1 = 4 <= 7): Good Order.
	c, _, us, _ = setup("6 1 1 2 1 2")
	if err := c.Apply(tables.Result{Kind: tables.KMC, N: 1}, us); err != nil {
		t.Fatal(err)
	}
	if us[0].Kind != state.HalfSquad || us[0].Broken || us[1].Broken {
		t.Errorf("K/1: F1 %s %s, F2 broken %v", us[0].Kind, us[0].Type, us[1].Broken)
	}
	// NMC: DR 2 passes, DR 11 fails.
	c, _, us, log := setup("1 1 5 6")
	if err := c.Apply(tables.Result{Kind: tables.MC}, us); err != nil {
		t.Fatal(err)
	}
	if us[0].Broken || !us[1].Broken {
		t.Errorf("NMC: F1 broken %v (DR 2), F2 broken %v (DR 11): %v", us[0].Broken, us[1].Broken, log.Since(0))
	}
}

// Pins (ASL A7.8, tables ptc_fail, mc_at_ml, hw_pin): a PTC pins a Good
// Order unit whose Final DR exceeds its ML and leaves one that passes; a
// broken unit takes no PTC (no dice); a MC passed with a Final DR equal
// to the ML pins; a unit moving in a Human Wave is not pinned, a released
// one is; a pinned unit fires at half FP, and at a quarter as Advancing
// Fire after moving.
func TestPins(t *testing.T) {
	t.Parallel()
	w, l := crossroadsAt(t, "x1A1")
	setup := func(script string, units ...*state.Unit) (*combat.Resolver, *report.Log) {
		c, _, log := resolver(t, w, l, script, units...)
		return c, log
	}
	squad := func(id string) *state.Unit {
		return &state.Unit{ID: id, Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}
	}
	ptc := tables.Result{Kind: tables.PTC}
	kinds := func(log *report.Log) []report.Kind {
		var k []report.Kind
		for _, e := range log.Since(0) {
			k = append(k, e.Kind)
		}
		return k
	}

	a, b := squad("F1"), squad("F2")
	c, log := setup("4 4 3 4", a, b) // F1: 8 > 7, F2: 7 <= 7
	if err := c.Apply(ptc, []*state.Unit{a, b}); err != nil {
		t.Fatal(err)
	}
	if !a.Pinned || b.Pinned || a.Broken || b.Broken {
		t.Errorf("PTC: F1 (DR 8) pinned %v, F2 (DR 7) pinned %v", a.Pinned, b.Pinned)
	}
	if got := kinds(log); !slices.Equal(got, []report.Kind{report.Pinned, report.Morale}) {
		t.Errorf("PTC events %v", got)
	}

	a, b = squad("F1"), squad("F2")
	a.Broken = true
	c, _ = setup("6 6", a, b) // only F2 rolls
	if err := c.Apply(ptc, []*state.Unit{a, b}); err != nil {
		t.Fatalf("a broken unit took a PTC: %v", err)
	}
	if a.Pinned || !b.Pinned {
		t.Errorf("PTC: broken F1 pinned %v, F2 (DR 12) pinned %v", a.Pinned, b.Pinned)
	}

	a, b = squad("F1"), squad("F2")
	c, _ = setup("3 4 3 3", a, b) // NMC: F1 7 = ML, F2 6
	if err := c.Apply(tables.Result{Kind: tables.MC}, []*state.Unit{a, b}); err != nil {
		t.Fatal(err)
	}
	if !a.Pinned || a.Broken || b.Pinned || b.Broken {
		t.Errorf("NMC: F1 (DR 7 = ML) pinned %v broken %v, F2 (DR 6) pinned %v", a.Pinned, a.Broken, b.Pinned)
	}

	wave := &state.Unit{ID: "A1a", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7", HW: true, Wave: "A"}
	released := &state.Unit{ID: "A1b", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7", HW: true, Wave: "A", Released: true}
	c, log = setup("6 6 6 6", wave, released)
	if err := c.Apply(ptc, []*state.Unit{wave, released}); err != nil {
		t.Fatal(err)
	}
	if wave.Pinned || !released.Pinned {
		t.Errorf("PTC failed: the Human Wave unit pinned %v, the released one %v", wave.Pinned, released.Pinned)
	}
	// The failed PTC of the unit it does not pin is told, with its dice (a
	// reviewer of issue 56: the timeline showed the PTCs passed and left
	// the Human Wave unit's failed one out).
	words := report.New(w)
	if evs := log.Since(0); len(evs) != 2 || evs[0].Kind != report.Morale || evs[0].Cause != report.PTCInWave || evs[1].Kind != report.Pinned ||
		words.Text(&evs[0]) != "A1a in x1A1 fails its PTC: DR 12+0 = 12 > ML 8, and is not pinned: it moves in a Human Wave (hw_pin)" {
		t.Errorf("PTC failed in a Human Wave: %v", log.Since(0))
	}
	// With ptc_fail none, a failed PTC pins nothing, and is told so.
	tb0 := tables.Default().Clone() // Default is every world's: never changed
	tb0.Combat.PTCFail.Value = tables.Nothing
	w0, err := world.New(w.Map(), w.Mission(), tb0, nil)
	if err != nil {
		t.Fatal(err)
	}
	a = squad("F1")
	c, _, log = resolver(t, w0, l, "6 6", a)
	if err := c.Apply(ptc, []*state.Unit{a}); err != nil {
		t.Fatal(err)
	}
	if evs := log.Since(0); a.Pinned || len(evs) != 1 || evs[0].Cause != report.PTCNoPin ||
		report.New(w0).Text(&evs[0]) != "F1 in x1A1 fails its PTC: DR 12+0 = 12 > ML 7, which pins nothing by the tables (ptc_fail)" {
		t.Errorf("ptc_fail none: F1 pinned %v, told %v", a.Pinned, evs)
	}

	tb := tables.Default()
	u := squad("F1")
	for _, x := range []struct {
		pinned, moved, afph bool
		want                int
	}{
		{false, false, false, 1}, {true, false, false, 2}, {false, true, true, 2}, {true, true, true, 4}, {true, true, false, 2},
	} {
		u.Pinned, u.Moved = x.pinned, x.moved
		if got := combat.FireDivisor(tb, u, x.afph); got != x.want {
			t.Errorf("FireDivisor pinned %v moved %v AFPh %v = %d, want %d", x.pinned, x.moved, x.afph, got, x.want)
		}
	}
}

// crossroadsAt returns the crossroads demo's world and its Location named
// at, where the tests put their units.
func crossroadsAt(t *testing.T, at string) (*world.World, board.Location) {
	t.Helper()
	w, _, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	l, err := w.Map().ParseLocation(at)
	if err != nil {
		t.Fatal(err)
	}
	return w, l
}

// resolver is a Resolver of w's map with only units, all in Location l,
// rolling the dice of script.
func resolver(t *testing.T, w *world.World, l board.Location, script string, units ...*state.Unit) (*combat.Resolver, *state.State, *report.Log) {
	t.Helper()
	initial, err := w.Initial()
	if err != nil {
		t.Fatal(err)
	}
	st := initial.Clone()
	for _, u := range slices.Clone(st.Units()) {
		st.Remove(u)
	}
	for _, u := range units {
		st.Add(u, l)
	}
	log := &report.Log{}
	c := combat.New(w, log)
	r, err := dice.Scripted(script)
	if err != nil {
		t.Fatal(err)
	}
	c.Reset(st, r)
	return c, st, log
}

// An S? revealed in a Melee that is a dummy (SASL 5.1) leaves the
// FRIENDLY units alone in their Location: no Close Combat is rolled
// there (ASL A11: an attack needs an enemy unit to attack).
func TestCloseCombatDummy_A11(t *testing.T) {
	t.Parallel()
	w, l := crossroadsAt(t, "x1A1")
	f := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}
	s := &state.Unit{ID: "S1", Side: state.Enemy, Kind: state.SQ}
	c, st, _ := resolver(t, w, l, "", f, s) // no dice: a roll is an error
	revealed := 0
	c.Reveal = func(u *state.Unit) error { revealed++; st.Remove(u); return nil }
	if err := c.CloseCombat(); err != nil {
		t.Fatalf("a Melee whose S? was a dummy: %v", err)
	}
	if revealed != 1 || !st.Holds(f) || f.Broken {
		t.Errorf("revealed %d, F1 held %v broken %v", revealed, st.Holds(f), f.Broken)
	}
}

// ASL A7.8: a pinned unit attacks in Close Combat with its FP halved (but
// defends with all of it): F1 and F2, 12 FP against a 4-4-7, attack at
// 3:1; with F2 pinned, 9 FP, at 2:1. The ENEMY squad's attack counts F2's
// whole FP against it.
func TestCloseCombatPinnedHalved_A7_8(t *testing.T) {
	t.Parallel()
	w, l := crossroadsAt(t, "x1A1")
	odds := func(pinned bool) (att, def string) {
		f1 := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}
		f2 := &state.Unit{ID: "F2", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Pinned: pinned}
		e := &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}
		c, _, log := resolver(t, w, l, "6 6 6 6", f1, f2, e) // DR 12 both: no effect
		if err := c.CloseCombat(); err != nil {
			t.Fatal(err)
		}
		for _, ev := range log.Since(0) {
			if ev.Kind == report.CloseCombat && ev.Side == state.Friendly {
				att = ev.Odds.String()
			}
			if ev.Kind == report.CloseCombat && ev.Side == state.Enemy {
				def = ev.Odds.String()
			}
		}
		return att, def
	}
	a1, d1 := odds(false)
	a2, d2 := odds(true)
	if a1 != "3:1" || a2 != "2:1" {
		t.Errorf("FRIENDLY CC odds %s unpinned, %s with F2 pinned: want 3:1 and 2:1 (ASL A7.8)", a1, a2)
	}
	if d1 != d2 {
		t.Errorf("the ENEMY's odds against F1, F2: %s, %s with F2 pinned: a pin does not halve CC defense", d1, d2)
	}
}

// SASL 7.5: as the RPh begins a Good Order ENEMY leader with no other
// activity recombines two Good Order half-squads of one counter in his
// Location into the squad whose half-squad it is (the crossroads' ENEMY is
// German: 2-4-7 into 4-6-7), as many pairs as there are; a third stays,
// as does a half-squad of another counter. A broken unit there is the
// leader's to rally, and nothing recombines; FRIENDLY half-squads never
// do (the player's).
func TestRecombine_SASL7_5(t *testing.T) {
	t.Parallel()
	w, l := crossroadsAt(t, "x1A1")
	hs := func(id, typ string) *state.Unit {
		return &state.Unit{ID: id, Side: state.Enemy, Kind: state.HalfSquad, Type: typ}
	}
	leader := func() *state.Unit { return &state.Unit{ID: "L1", Side: state.Enemy, Kind: state.Leader, Type: "8-1"} }
	h1, h2, h3, h4 := hs("H1", "2-4-7"), hs("H2", "2-4-7"), hs("H3", "2-4-7"), hs("H4", "2-3-7")
	f1, f2 := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.HalfSquad, Type: "3-3-7"}, &state.Unit{ID: "F2", Side: state.Friendly, Kind: state.HalfSquad, Type: "3-3-7"}
	c, st, log := resolver(t, w, l, "", leader(), h1, h2, h3, h4, f1, f2)
	// A second Location after the first: its pair recombines too (the
	// half-squad removed in the first does not upset the walk).
	_, l2 := crossroadsAt(t, "x1C1")
	h5, h6 := hs("H5", "2-4-7"), hs("H6", "2-4-7")
	l2u := &state.Unit{ID: "L2", Side: state.Enemy, Kind: state.Leader, Type: "7-0"}
	for _, u := range []*state.Unit{l2u, h5, h6} {
		st.Add(u, l2)
	}
	if err := c.Recombine(); err != nil {
		t.Fatal(err)
	}
	if h5.Kind != state.Squad || st.Holds(h6) {
		t.Errorf("the second Location: H5 %s, H6 held %v", h5.Kind, st.Holds(h6))
	}
	if h1.Kind != state.Squad || h1.Type != "4-6-7" || st.Holds(h2) || !st.Holds(h3) || h3.Kind != state.HalfSquad || h4.Kind != state.HalfSquad || f1.Kind != state.HalfSquad {
		t.Errorf("H1 %s %s, H2 held %v, H3 %s, H4 %s, F1 %s", h1.Kind, h1.Type, st.Holds(h2), h3.Kind, h4.Kind, f1.Kind)
	}
	evs := log.Since(0)
	if len(evs) != 2 || evs[0].Kind != report.Recombine || !slices.Equal(evs[0].Units, []string{"H1", "H2", "L1"}) || evs[0].Type != "4-6-7" {
		t.Errorf("events %+v", evs)
	}
	// A broken unit in the Location: the leader rallies it instead.
	b1, b2 := hs("B1", "2-4-7"), hs("B2", "2-4-7")
	broken := &state.Unit{ID: "X1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7", Broken: true}
	c, _, _ = resolver(t, w, l, "", leader(), b1, b2, broken)
	if err := c.Recombine(); err != nil {
		t.Fatal(err)
	}
	if b1.Kind != state.HalfSquad || b2.Kind != state.HalfSquad {
		t.Errorf("half-squads recombined beside a broken unit their leader rallies")
	}
	// The ENEMY's units alone: the half-squad removed leaves the walk over
	// them whole.
	a1, a2 := hs("A1", "2-4-7"), hs("A2", "2-4-7")
	c, st, _ = resolver(t, w, l, "", leader(), a1, a2)
	if err := c.Recombine(); err != nil || a1.Kind != state.Squad || st.Holds(a2) {
		t.Errorf("alone: A1 %s, A2 held %v: %v", a1.Kind, st.Holds(a2), err)
	}
	// Half-squads of two waves (one in none) stay half-squads.
	w1, w2 := hs("W1", "2-4-7"), hs("W2", "2-4-7")
	w1.Wave = "A"
	c, _, _ = resolver(t, w, l, "", leader(), w1, w2)
	if err := c.Recombine(); err != nil || w1.Kind != state.HalfSquad || w2.Kind != state.HalfSquad {
		t.Errorf("half-squads of a wave and of none recombined: %v", err)
	}
	// No leader: nothing.
	n1, n2 := hs("N1", "2-4-7"), hs("N2", "2-4-7")
	c, _, _ = resolver(t, w, l, "", n1, n2)
	if err := c.Recombine(); err != nil || n1.Kind != state.HalfSquad {
		t.Errorf("half-squads recombined without a leader: %v", err)
	}
}
