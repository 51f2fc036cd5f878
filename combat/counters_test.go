package combat_test

import (
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// Casualty Reduction of a squad of either side (ASL A7.302) gives the
// half-squad its counter prints, from tables half_squads (VASL's own
// counters): a FRIENDLY 4-6-7 becomes a 2-4-7 and a 6-6-7 a 3-3-7 (not
// half its FP at its range: 2-6-7, 3-6-7); the ENEMY's German 4-6-7 the
// same 2-4-7; a squad the table lacks becomes a placeholder, which the
// event and its words say.
func TestHalfSquad_A7302(t *testing.T) {
	t.Parallel()
	w, _, err := game.Open("crossroads", "", "") // enemy: German
	if err != nil {
		t.Fatal(err)
	}
	l, err := w.Map().ParseLocation("x1A1")
	if err != nil {
		t.Fatal(err)
	}
	words := report.New(w)
	for _, c := range []struct {
		side        state.Side
		typ, want   string
		placeholder bool
	}{
		{state.Friendly, "4-6-7", "2-4-7", false},
		{state.Friendly, "6-6-7", "3-3-7", false},
		{state.Friendly, "4-4-7", "2-3-7", false},
		{state.Friendly, "6-2-8", "3-2-8", false},
		{state.Enemy, "4-6-7", "2-4-7", false},
		{state.Enemy, "", "2-4-7", false}, // the nationality's squad
		{state.Friendly, "5-5-5", "2-5-5", true},
	} {
		u := &state.Unit{ID: "U1", Side: c.side, Kind: state.Squad, Type: c.typ}
		r, _, log := resolver(t, w, l, "", u)
		gone, err := r.Reduce(u, report.KMC, report.Dice{Need: 1})
		if err != nil || gone {
			t.Fatalf("%s %s: gone %v, %v", c.side, c.typ, gone, err)
		}
		if u.Kind != state.HalfSquad || u.Type != c.want {
			t.Errorf("%s %q reduced to %s %s, want half_squad %s", c.side, c.typ, u.Kind, u.Type, c.want)
		}
		evs := log.Since(0)
		if len(evs) != 1 || evs[0].Kind != report.Reduce {
			t.Fatalf("%s %s: events %v", c.side, c.typ, evs)
		}
		text := words.Text(&evs[0])
		if got := strings.Contains(text, "placeholder"); got != c.placeholder {
			t.Errorf("%s %s: %q says placeholder %v, want %v", c.side, c.typ, text, got, c.placeholder)
		}
	}
}

// Every squad of the nationalities the missions and VASL saves use is in
// half_squads, and each nationality's generated half-squad is the one its
// squad is reduced to.
func TestHalfSquadsTable_A7302(t *testing.T) {
	t.Parallel()
	tb := tables.Default()
	for squad, half := range map[string]string{
		"4-6-8": "2-4-8", "4-6-7": "2-4-7", "4-4-7": "2-3-7", "8-3-8": "3-3-8", // German
		"4-5-8": "2-4-8", "6-2-8": "3-2-8", "5-2-7": "2-2-7", "4-2-6": "2-2-6", // Russian
		"6-6-7": "3-3-7", "7-4-7": "3-4-7", "6-6-6": "3-4-6", // American
		"4-5-7": "2-4-7", "6-4-8": "3-3-8", // British
	} {
		if e, ok := tb.HalfSquads.Of(squad); !ok || e.Value != half || e.Source == "" {
			t.Errorf("half_squads %s = %+v, %v; want %s with its source", squad, e, ok, half)
		}
	}
	for nat, n := range tb.Counters {
		if e, ok := tb.HalfSquads.Of(n.Squad.Value); ok && e.Value != n.HalfSquad.Value {
			t.Errorf("counters.%s: %s generates %s, reduced to %s", nat, n.Squad.Value, n.HalfSquad.Value, e.Value)
		}
	}
}

// A leader Casualty Reduced is wounded, not eliminated (ASL A17.1): his
// Wound Severity dr (A17.11) of 1-4 is a minor wound (his ML one less, his
// leadership modifier one more, A17.3); 5-6 a mortal one that eliminates
// him; wounded again he adds +1, so a 4 then kills him. The words say one
// thing, never "eliminated (... Casualty Reduction)".
func TestLeaderWound_A17(t *testing.T) {
	t.Parallel()
	w, l := crossroadsAt(t, "x1A1")
	words := report.New(w)
	leader := func() *state.Unit {
		return &state.Unit{ID: "F2", Side: state.Friendly, Kind: state.Leader, Type: "8-1"}
	}
	texts := func(log *report.Log) string {
		var out []string
		for _, e := range log.Since(0) {
			out = append(out, words.Text(&e))
		}
		return strings.Join(out, "\n")
	}

	u := leader()
	r, st, log := resolver(t, w, l, "4 3", u)
	ml := r.Morale(u)
	gone, err := r.Reduce(u, report.KMC, report.Dice{Need: 1})
	if err != nil || gone || !st.Holds(u) || !u.Wounded {
		t.Fatalf("dr 4: gone %v held %v wounded %v, %v", gone, st.Holds(u), u.Wounded, err)
	}
	if got := r.Morale(u); got != ml-1 {
		t.Errorf("wounded 8-1: ML %d, want %d", got, ml-1)
	}
	if m, ok := r.LeaderDRM(state.Friendly, l); !ok || m != 0 {
		t.Errorf("wounded 8-1: leadership %d %v, want 0 (-1 +1)", m, ok)
	}
	if s := texts(log); !strings.Contains(s, "is wounded (K/1): Wound Severity dr 4+0 = 4: a minor wound") || strings.Contains(s, "eliminated") {
		t.Errorf("minor wound told as:\n%s", s)
	}
	// Wounded again: dr 3 +1 = 4, a minor wound still; ML and modifier
	// lost once only.
	if gone, err := r.Reduce(u, report.MC12, report.Dice{DR: 12}); err != nil || gone || r.Morale(u) != ml-1 {
		t.Fatalf("second wound dr 3+1: gone %v ML %d, %v", gone, r.Morale(u), err)
	}

	u = leader()
	u.Wounded = true
	r, st, log = resolver(t, w, l, "4", u)
	if gone, err := r.Reduce(u, report.SurvivedKIA, report.Dice{}); err != nil || !gone || st.Holds(u) {
		t.Fatalf("wounded again, dr 4+1: gone %v, %v", gone, err)
	}
	if s := texts(log); !strings.Contains(s, "Wound Severity dr 4+1 = 5: a mortal wound") || !strings.Contains(s, "is eliminated (a mortal wound, ASL A17.11)") {
		t.Errorf("mortal wound told as:\n%s", s)
	}

	u = leader()
	r, st, _ = resolver(t, w, l, "6", u)
	if gone, err := r.Reduce(u, report.InCloseCombat, report.Dice{}); err != nil || !gone || st.Holds(u) {
		t.Errorf("dr 6: gone %v held %v, %v", gone, st.Holds(u), err)
	}
}

// A broken leader surviving a KIA is Casualty Reduced (kia_survivors on a
// broken unit): his wound is rolled (ASL A7.302, A17.1), after the Random
// Selection of the KIA.
func TestLeaderWoundKIA_A17(t *testing.T) {
	t.Parallel()
	w, l := crossroadsAt(t, "x1A1")
	sq := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}
	ld := &state.Unit{ID: "F2", Side: state.Friendly, Kind: state.Leader, Type: "8-1", Broken: true}
	r, st, _ := resolver(t, w, l, "5 2 3", sq, ld) // selection: F1 5, F2 2; wound dr 3
	if err := r.Apply(tables.Result{Kind: tables.KIA, N: 1}, []*state.Unit{sq, ld}); err != nil {
		t.Fatal(err)
	}
	if st.Holds(sq) || !st.Holds(ld) || !ld.Wounded {
		t.Errorf("1KIA: F1 held %v; F2 held %v wounded %v", st.Holds(sq), st.Holds(ld), ld.Wounded)
	}
}
