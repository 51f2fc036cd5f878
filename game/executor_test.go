package game

import (
	"bytes"
	"slices"
	"strings"
	"testing"

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
	for s.Stop().Kind != state.BeforePhase || s.Stop().Phase != state.MPh || s.Stop().Player != state.Friendly {
		do(t, s, Next)
	}
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
