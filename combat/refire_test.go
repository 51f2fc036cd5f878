package combat_test

import (
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// ASL A8.2, A8.26: Residual FP is half the IFT column of the attack that
// left it, rounded down to a column, one column less for each +1 of
// hindrance; none below the first column.
func TestResidualFP_A8_2(t *testing.T) {
	t.Parallel()
	w, _, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	c := combat.New(w, &report.Log{})
	for _, x := range []struct {
		fp        float64
		hindrance int
		want      int
	}{
		{12, 0, 6}, {8, 0, 4}, {6, 0, 2}, {7, 0, 2}, {2, 0, 1}, {1, 0, 0}, {36, 0, 16},
		{16, 1, 6}, {12, 1, 4}, {4, 2, 0}, {30, 2, 6},
	} {
		if got := c.ResidualOf(x.fp, x.hindrance); got != x.want {
			t.Errorf("Residual FP of %g FP, hindrance %+d: %d, want %d", x.fp, x.hindrance, got, x.want)
		}
	}
}

// What a unit may fire by its fire markers (ASL A8.1, A8.3, A8.31, A8.4).
func TestUse_A8_3(t *testing.T) {
	t.Parallel()
	w, _, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	m := w.Map()
	loc := func(s string) board.Location {
		l, err := m.ParseLocation(s)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	from, adj, near, far := loc("x1E5"), loc("x1E4"), loc("x1E2"), loc("x1E9")
	u := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}
	u.Place(from)
	const normal = 3
	for _, x := range []struct {
		name         string
		fired, final bool
		as           report.Kind
		at           board.Location
		want         report.Kind
		ok           bool
	}{
		{"A8.1 First Fire at long range", false, false, report.FirstFire, far, report.FirstFire, true},
		{"A8.3 SFF within normal range", true, false, report.FirstFire, near, report.SubsequentFirstFire, true},
		{"A8.3 no SFF beyond normal range", true, false, report.FirstFire, far, report.SubsequentFirstFire, false},
		{"A8.31 FPF at an ADJACENT Location", true, true, report.FirstFire, adj, report.FinalProtectiveFire, true},
		{"A8.31 no FPF beyond an ADJACENT Location", true, true, report.FirstFire, near, report.FinalProtectiveFire, false},
		{"A8.4 Defensive Fire of a unit that did not fire", false, false, report.DefensiveFire, far, report.DefensiveFire, true},
		{"A8.4 Final Fire at an ADJACENT Location", true, false, report.DefensiveFire, adj, report.FinalFire, true},
		{"A8.4 no Final Fire beyond an ADJACENT Location", true, false, report.DefensiveFire, near, report.FinalFire, false},
		{"A8.4 no DFPh fire marked Final Fire", true, true, report.DefensiveFire, adj, 0, false},
		{"A3.3 no Prep Fire twice", true, false, report.PrepFire, adj, 0, false},
	} {
		u.Fired, u.FinalFire = x.fired, x.final
		got, ok := combat.Use(m, u, x.as, normal, x.at)
		if ok != x.ok || ok && got != x.want {
			t.Errorf("%s: %v %v, want %v %v", x.name, got, ok, x.want, x.ok)
		}
	}
	for _, k := range []report.Kind{report.SubsequentFirstFire, report.FinalProtectiveFire} {
		v := &state.Unit{Fired: true}
		if combat.Mark(v, k); !v.FinalFire {
			t.Errorf("%v marks no Final Fire (A8.3)", k)
		}
	}
	v := &state.Unit{}
	if combat.Mark(v, report.FirstFire); !v.Fired || v.FinalFire {
		t.Errorf("First Fire marks %v/%v, want First Fire (A8.1)", v.Fired, v.FinalFire)
	}
}

// ASL A8.2: the Residual FP in a Location attacks the movers that enter it
// with the Location's TEM and their FFNAM/FFMO, neither hindrance nor
// leadership; a Location without Residual FP rolls nothing.
func TestResidualFire_A8_2(t *testing.T) {
	t.Parallel()
	w, _, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	l, err := w.Map().ParseLocation("x1E5")
	if err != nil {
		t.Fatal(err)
	}
	a := &state.Unit{ID: "A1", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}
	c, st, log := resolver(t, w, l, "1 1 1 1", a) // IFT DR 2, then the MC DR 2
	if err := c.ResidualFire([]*state.Unit{a}, l, -2); err != nil || len(log.Since(0)) != 0 {
		t.Fatalf("no Residual FP: %v, events %v", err, log.Since(0))
	}
	st.LeaveResidual(l, 4)
	if err := c.ResidualFire([]*state.Unit{a}, l, -2); err != nil {
		t.Fatal(err)
	}
	evs := log.Since(0)
	if len(evs) == 0 || evs[0].Kind != report.ResidualFire {
		t.Fatalf("events %v", evs)
	}
	g := evs[0].Fire
	if g.FP != 4 || g.DRM != w.TEM(l)-2 || g.Final != 2+w.TEM(l)-2 || evs[0].Side != state.Friendly || !slices.Equal(evs[0].Units, []string{"A1"}) {
		t.Errorf("Residual FP attack %+v side %v", g, evs[0].Side)
	}
}

// ASL A8.31: after Final Protective Fire, each firer takes a NMC (here
// DR 11: it breaks), and the attack leaves Residual FP (A8.2) in the
// mover's Location.
func TestFinalProtectiveFireNMC_A8_31(t *testing.T) {
	t.Parallel()
	w, _, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	m := w.Map()
	from, _ := m.ParseLocation("x1E5")
	at, _ := m.ParseLocation("x1E4")
	f := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Fired: true, FinalFire: true}
	c, st, log := resolver(t, w, from, "6 6 5 6", f) // IFT DR 12: no effect; NMC DR 11
	a := &state.Unit{ID: "A1", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}
	st.Add(a, at)
	sh, ok := c.AimAs([]*state.Unit{f}, at, 0, 1, report.FirstFire)
	if !ok || sh.As != report.FinalProtectiveFire || sh.FP != 6 {
		t.Fatalf("FPF shot %+v %v: want 6 FP (PBF doubled, Area Fire halved)", sh, ok)
	}
	if err := c.Attack(sh.As, []*state.Unit{f}, []*state.Unit{a}, report.FireGroup{At: at, FP: sh.FP, DRM: sh.DRM}, []*state.Unit{a}); err != nil {
		t.Fatal(err)
	}
	if !f.Broken {
		t.Errorf("F1 passed a NMC of DR 12: %v", log.Since(0))
	}
	if st.ResidualAt(at) != 2 {
		t.Errorf("Residual FP %d in %s, want 2 (half the 6 column, rounded down)", st.ResidualAt(at), m.LocationName(at))
	}
	var kinds []report.Kind
	for _, e := range log.Since(0) {
		kinds = append(kinds, e.Kind)
	}
	if !slices.Equal(kinds, []report.Kind{report.FinalProtectiveFire, report.ResidualLeft, report.Break}) {
		t.Errorf("events %v", kinds)
	}
}

// ASL A8.4 (A7.53): a leader directs one fire a phase. One that directed
// First Fire in the MPh (marked First Fire) does not direct the normal
// Defensive Fire of a squad beside him that did not fire; he directs the
// Final Fire of units marked First Fire with him at an ADJACENT Location.
// (The held-out checker saw such a leader direct both.)
func TestLeaderDirectsOneFire_A8_4(t *testing.T) {
	t.Parallel()
	w, from := crossroadsAt(t, "x1E5")
	_, far := crossroadsAt(t, "x1E2")
	_, adj := crossroadsAt(t, "x1E4")
	ldr := &state.Unit{ID: "F9", Side: state.Friendly, Kind: state.Leader, Type: "9-2", Fired: true}
	sq := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}
	marked := &state.Unit{ID: "F2", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Fired: true}
	c, st, _ := resolver(t, w, from, "", ldr, sq, marked)
	st.Add(&state.Unit{ID: "A1", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}, far)
	st.Add(&state.Unit{ID: "A2", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}, adj)
	// Normal Defensive Fire by F1 alone: no leadership from F9.
	df, ok := c.AimAs([]*state.Unit{ldr, sq}, far, 0, 2, report.DefensiveFire)
	if !ok || df.As != report.DefensiveFire {
		t.Fatalf("Defensive Fire %+v %v", df, ok)
	}
	if lead := df.DRM - (df.TEM + df.Hindrance + df.Move); lead != 0 {
		t.Errorf("F9, marked First Fire, directs F1's Defensive Fire: leadership %+d (ASL A8.4)", lead)
	}
	// Nor does he fire it: he is no firer of it, and keeps his Final Fire.
	if firers := c.Firers([]*state.Unit{ldr, sq}, df, nil); slices.Contains(firers, ldr) {
		t.Errorf("F9, marked First Fire, among the firers of F1's Defensive Fire: %v", state.IDs(firers))
	}
	// Final Fire by F2, marked First Fire as F9 is: F9 directs it (-2).
	ff, ok := c.AimAs([]*state.Unit{ldr, marked}, adj, 0, 2, report.DefensiveFire)
	if !ok || ff.As != report.FinalFire {
		t.Fatalf("Final Fire %+v %v", ff, ok)
	}
	if lead := ff.DRM - (ff.TEM + ff.Hindrance + ff.Move); lead != -2 {
		t.Errorf("F9 directs F2's Final Fire with leadership %+d, want -2", lead)
	}
}

// ASL A8.4: a unit fires once in the DFPh. One that fired Defensive Fire
// is done: it may not fire again, Final Fire at an ADJACENT Location
// neither (Final Fire is for units marked First Fire in the MPh).
func TestDefensiveFireOnce_A8_4(t *testing.T) {
	t.Parallel()
	w, adj := crossroadsAt(t, "x1E4")
	sq := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}
	if _, ok := combat.Use(w.Map(), sq, report.DefensiveFire, 6, adj); !ok {
		t.Fatal("a unit that has not fired may not fire Defensive Fire")
	}
	combat.Mark(sq, report.DefensiveFire)
	if k, ok := combat.Use(w.Map(), sq, report.DefensiveFire, 6, adj); ok {
		t.Errorf("after its Defensive Fire F1 may fire again in the DFPh, as %v (ASL A8.4)", k)
	}
	if combat.Ready(sq, report.DefensiveFire) {
		t.Error("after its Defensive Fire F1 is ready for the DFPh's fire again")
	}
}
