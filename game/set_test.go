package game

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/state"
)

// sasl play set is checked against the rules (setRefused): a broken unit
// becomes Good Order only by rallying in the RPh (ASL A10.6), so "good"
// is refused before the MPh and taken at the next RPh stop; a broken unit
// is not pinned (A7.8), nor pinned at an RPh stop; a leader is wounded
// (A17), not reduced, and once; a squad is not wounded. A refusal names
// the rule and changes nothing.
func TestSetChecked_A10_6(t *testing.T) {
	t.Parallel()
	// F1 and F2 alive and in Good Order in x1Q5 at the first MPh, with the
	// built-in tables.
	w, _, err := Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	s := begin(t, w, 3, PolicyPlayer, StopFire)
	at := func(player state.Side, ph state.Phase) bool {
		st := s.Stop()
		return st.Kind == state.BeforePhase && st.Player == player && st.Phase == ph
	}
	for n := 0; !at(state.Friendly, state.MPh); n++ {
		if s.Stop().Kind == state.Over || n > 500 {
			t.Fatal("no stop before the FRIENDLY MPh")
		}
		do(t, s, Next)
	}
	set := func(text string) error {
		t.Helper()
		c, err := ParseCommand(text, w.Map())
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Do(c, nil)
		return err
	}
	refused := func(text, want string) {
		t.Helper()
		before := written(t, s.g)
		if err := set(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want a refusal saying %q", text, err, want)
		}
		if !bytes.Equal(before, written(t, s.g)) {
			t.Errorf("%s: refused, but the game changed", text)
		}
	}
	taken := func(text string) {
		t.Helper()
		if err := set(text); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	f3 := s.g.st.Unit("F3")
	if f3 == nil || f3.Broken || !f3.OnMap() {
		t.Fatalf("F3 %+v: the test wants it on the map in Good Order", f3)
	}
	refused("set F3 good", "in Good Order already")
	taken("set F3 broken")
	refused("set F3 broken", "broken already")
	refused("set F3 good", "rallying in the RPh (ASL A10.6)")
	refused("set F3 pinned", "only a Good Order unit is pinned (ASL A7.8)")
	refused("set F2 reduced", "report it wounded")
	refused("set F1 wounded", "only a leader is wounded (ASL A17.1)")
	taken("set F2 wounded")
	if f2 := s.g.st.Unit("F2"); !f2.Wounded || s.g.mf([]*state.Unit{f2}) != 2*w.Tables().Combat.WoundedMF.Value {
		t.Errorf("F2 reported wounded: wounded %v, %d half MF", f2.Wounded, s.g.mf([]*state.Unit{f2}))
	}
	refused("set F2 wounded", "wounded already")
	for n := 0; !at(state.Enemy, state.RPh) && !at(state.Friendly, state.RPh); n++ {
		if s.Stop().Kind == state.Over || n > 500 {
			t.Fatal("no RPh stop with F3 broken")
		}
		do(t, s, Next)
	}
	if f3 = s.g.st.Unit("F3"); f3 == nil || !f3.Broken {
		t.Skip("F3 is gone or rallied before the RPh stop")
	}
	refused("set F1 pinned", "before the RPh")
	taken("set F3 good")
	if f3.Broken {
		t.Error("F3 reported good in the RPh is still broken")
	}
}
