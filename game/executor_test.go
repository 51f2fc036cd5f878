package game

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// A player's move is checked by the executor's own checks, Location by
// Location (act.CheckPath), before anything moves: a path through a
// Location the stack would overstack is refused (ASL A5.1), not stopped
// short of it once under way; one destination alone takes the cheapest
// way that the executor takes, round the full Location.
func TestPlayersMoveCheckedByTheExecutor_A5_1(t *testing.T) {
	t.Parallel()
	text := strings.Replace(realMission, `  - {id: F1, unit: squad, type: 6-6-7, at: 33Q6, known: true}
`, `  - {id: F1, unit: squad, type: 6-6-7, at: 33Q6, known: true}
  - {id: F6, unit: squad, type: 6-6-7, at: 33Q5, known: true}
  - {id: F7, unit: squad, type: 6-6-7, at: 33Q5, known: true}
  - {id: F8, unit: squad, type: 6-6-7, at: 33Q5, known: true}
`, 1)
	w := prepareText(t, text)
	s := begin(t, w, 3, PolicyPlayer, StopFire)
	toFriendlyMPh(t, s)
	if s.g.st.Unit("F1").At() != loc(t, w, "33Q6") || len(s.g.st.At(state.Friendly, loc(t, w, "33Q5"))) != 3 {
		t.Fatal("the test's stacks are not where it put them")
	}
	before := written(t, s.g)
	c, err := ParseCommand("move F1 33Q5 33Q4", w.Map())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(c, nil); err == nil || !strings.Contains(err.Error(), "33Q5: the move would overstack it (ASL A5.1") {
		t.Errorf("a move through a full Location: %v, want refused (ASL A5.1)", err)
	}
	if !bytes.Equal(before, written(t, s.g)) {
		t.Error("a refused move changed the game")
	}
	c, _ = ParseCommand("move F1 33Q4", w.Map())
	_, path, err := s.route(c)
	if err != nil {
		t.Fatalf("move F1 33Q4: %v", err)
	}
	if slices.Contains(path, loc(t, w, "33Q5")) || path[len(path)-1] != loc(t, w, "33Q4") {
		t.Errorf("move F1 33Q4 goes by %v: through the full 33Q5, or not to 33Q4", names(w.Map(), path))
	}
}

// A unit in Melee does not move or advance out of it: it fights there in
// the CCPh (ASL A11; Withdrawal is not modelled). Legal offers it no move
// and the command is refused, naming the rule; the other units move.
func TestNoMoveOutOfMelee_A11(t *testing.T) {
	t.Parallel()
	w := prepareText(t, realMission) // F1 and F5 in 33Q6
	s := begin(t, w, 3, PolicyPlayer, StopFire)
	toFriendlyMPh(t, s)
	f1 := s.g.st.Unit("F1")
	var e *state.Unit
	for _, u := range s.g.st.OfSide(state.Enemy) {
		if u.OnMap() {
			e = u
			break
		}
	}
	if e == nil {
		t.Fatal("no ENEMY unit on the map")
	}
	s.g.st.Move(e, f1.At()) // a Melee in 33Q6 (a test's own setting)
	for _, c := range s.Legal() {
		if c.Verb == Move && (slices.Contains(c.Units, "F1") || slices.Contains(c.Units, "F5")) {
			t.Errorf("Legal offers %q out of the Melee", c.Text(w.Map()))
		}
	}
	c, _ := ParseCommand("move F1 33Q5", w.Map())
	if _, err := s.Do(c, nil); err == nil || !strings.Contains(err.Error(), "in Melee") || !strings.Contains(err.Error(), "ASL A11") {
		t.Errorf("move out of a Melee: %v", err)
	}
	if !slices.ContainsFunc(s.Legal(), func(c Command) bool { return c.Verb == Move && slices.Contains(c.Units, "F2") }) {
		t.Error("the units in no Melee are offered no move")
	}
}

// A move whose destination holds ENEMY units is refused for that (ASL
// A4.14), however far it is, not for a path the player did not give.
func TestMoveIntoAnEnemyLocationSaysSo_A4_14(t *testing.T) {
	t.Parallel()
	w := prepareText(t, realMission)
	s := begin(t, w, 3, PolicyPlayer, StopFire)
	toFriendlyMPh(t, s)
	f1 := s.g.st.Unit("F1")
	var far *state.Unit
	for _, u := range s.g.st.OfSide(state.Enemy) {
		if u.OnMap() && hex.Distance(u.At().Hex, f1.At().Hex) > 1 {
			far = u
			break
		}
	}
	if far == nil {
		t.Fatal("no ENEMY unit on the map away from F1")
	}
	c := Command{Verb: Move, Units: []string{"F1"}, To: []board.Location{far.At()}}
	if _, err := s.Do(c, nil); err == nil || !strings.Contains(err.Error(), "holds ENEMY units") || !strings.Contains(err.Error(), "ASL A4.14") {
		t.Errorf("a move into %s, %d hexes off: %v", w.Map().LocationName(far.At()), hex.Distance(far.At().Hex, f1.At().Hex), err)
	}
}
