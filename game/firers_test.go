package game

import (
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/policy"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// A member of a fire group beyond its reach adds no FP and does not fire
// (ASL A7.22, A7.5): the hold policy fires at normal range, so of a 6-6-7
// and a 3-3-7 in one Location 5 hexes from the target only the 6-6-7 fires
// and is marked; the half-squad keeps its fire.
func TestA7_22_OnlyCountedMembersFire(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	g := bare(t, w, PolicyHold)
	sq := put(t, g, &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}, "x1Q5")
	hs := put(t, g, &state.Unit{ID: "F2", Side: state.Friendly, Kind: state.HalfSquad, Type: "3-3-7"}, "x1Q5")
	var at string
	for _, name := range []string{"x1Q10", "x1L5", "x1V5", "x1Q1"} {
		l := loc(t, w, name)
		if hex.Distance(l.Hex, sq.At().Hex) == 5 && w.Sight(l, sq.At()).Clear {
			at = name
			break
		}
	}
	if at == "" {
		t.Fatal("no clear target 5 hexes from x1Q5")
	}
	put(t, g, &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, at)
	g.st.Player, g.st.Phase = state.Friendly, state.PFPh
	g.res.Reset(g.st, g.seeded)
	fg := []*state.Unit{sq, hs}
	sh, ok := g.res.Aim(fg, loc(t, w, at), combat.Still, 1, false)
	if !ok || sh.FP != 6 {
		t.Fatalf("the Shot at %s: %+v %v, want the 6-6-7's 6 FP alone", at, sh, ok)
	}
	if err := g.act(state.Friendly, state.PFPh, policy.Action{Kind: policy.Fire, Units: fg, Shot: sh}); err != nil {
		t.Fatal(err)
	}
	if !sq.Fired || hs.Fired {
		t.Errorf("fired: F1 %v, F2 %v; want F1 only", sq.Fired, hs.Fired)
	}
}
