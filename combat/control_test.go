package combat_test

import (
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/state"
)

// Control (ASL A26.11) is gained by a Good Order MMC without the presence
// of an armed enemy unit: a broken ENEMY squad in the VPO's Location (or
// elsewhere in its hex) is armed and present, so the FRIENDLY squad beside
// it gains nothing; once it is gone, the squad gains Control. A leader
// alone gains nothing.
func TestControl_A26_11(t *testing.T) {
	t.Parallel()
	w, _, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	initial, err := w.Initial()
	if err != nil || len(initial.VPO) == 0 {
		t.Fatalf("crossroads VPOs: %v", err)
	}
	l := initial.VPO[0].At
	upper := l
	upper.Level = 1
	for _, c := range []struct {
		name  string
		units []*state.Unit
		want  state.Side
	}{
		{"a broken ENEMY squad in the Location", []*state.Unit{
			{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"},
			{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7", Broken: true}}, state.Enemy},
		{"the Location free of ENEMY units", []*state.Unit{
			{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}}, state.Friendly},
		{"a leader alone", []*state.Unit{
			{ID: "F2", Side: state.Friendly, Kind: state.Leader, Type: "8-1"}}, state.Enemy},
		{"a broken FRIENDLY squad", []*state.Unit{
			{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Broken: true}}, state.Enemy},
	} {
		r, st, _ := resolver(t, w, l, "", c.units...)
		for i := range st.VPO {
			st.VPO[i].Side = state.Enemy
		}
		r.Control()
		if got := st.VPO[0].Side; got != c.want {
			t.Errorf("%s: Control %s, want %s", c.name, got, c.want)
		}
		if got := combat.Gainable(st, state.Friendly, upper); got != (c.units[len(c.units)-1].Side == state.Friendly) {
			t.Errorf("%s: Gainable of the upper level %v", c.name, got)
		}
	}
}
