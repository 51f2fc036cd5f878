package combat_test

import (
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

// Strength keeps its answers by type, side and kind: it answers as the
// counter read afresh does for every unit, asked in turns that make types
// share its slots and evict each other, after a unit's type and kind
// change (Casualty Reduction) and for types the world's table lacks:
// unreadable ones, leaders' types on MMC, MMC types on leaders.
func TestStrengthKept(t *testing.T) {
	t.Parallel()
	w, _, err := game.Open("crossroads", "", "") // enemy: German
	if err != nil {
		t.Fatal(err)
	}
	c := combat.New(w, &report.Log{})
	types := []string{"", "4-6-7", "4-4-7", "6-6-7", "2-4-7", "2-3-7", "5-4-8", "8-1", "9-2", "7-0", "10-2", "6+1",
		"x", "4-6", "1-2-3", "3-3-3", "9-9-9", "30-30-30", "8-3", "4-6-7 ", "S?"}
	for i := range 40 { // more types than slots, each asked again below
		types = append(types, string(rune('a'+i%26))+"-"+string(rune('0'+i%10))+"-7")
	}
	kinds := []state.Kind{state.SQ, state.Squad, state.HalfSquad, state.Leader, state.Commissar}
	var units []*state.Unit
	for _, typ := range types {
		for _, k := range kinds {
			for _, side := range []state.Side{state.Enemy, state.Friendly} {
				units = append(units, &state.Unit{ID: "U", Side: side, Kind: k, Type: typ})
			}
		}
	}
	check := func(round int) {
		t.Helper()
		for i := range units {
			// Forward, backward, and strided: every order of asking.
			u := units[(i*7+round)%len(units)]
			if got, want := c.Strength(u), c.StrengthAfresh(u); got != want {
				t.Fatalf("round %d: Strength(%s %s %q) = %+v, afresh %+v", round, u.Side, u.Kind, u.Type, got, want)
			}
		}
	}
	for round := range 3 {
		check(round)
	}
	// Types and kinds change under the memo: a squad Casualty Reduced to
	// its half-squad, a half-squad given a squad's type.
	for _, u := range units {
		switch u.Kind {
		case state.Squad:
			u.Kind, u.Type = state.HalfSquad, "2-4-7"
		case state.HalfSquad:
			u.Kind, u.Type = state.Squad, u.Type+"0"
		case state.Leader:
			u.Side = 1 - u.Side
		}
	}
	check(3)
	// The memo is of the answers: they differ by type, side and kind.
	sq := &state.Unit{Side: state.Friendly, Kind: state.Squad, Type: "4-6-7"}
	half := &state.Unit{Side: state.Friendly, Kind: state.HalfSquad, Type: ""}
	lead := &state.Unit{Side: state.Friendly, Kind: state.Leader, Type: "9-2"}
	if s := c.Strength(sq); s.FP != 4 || s.Range != 6 || s.Morale != 7 {
		t.Errorf("4-6-7: %+v", s)
	}
	if s := c.Strength(lead); !s.Leader || s.Morale != 9 || s.Modifier != -2 {
		t.Errorf("9-2: %+v", s)
	}
	if c.Strength(half) == c.Strength(sq) {
		t.Errorf("a FRIENDLY half-squad without a type is the default squad")
	}
}
