package table

import (
	"fmt"
	"html"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/hill"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/vassal"
)

// writtenTurn is a turn played from a save and written into the next: the
// save, the logged steps the turn added (from First on), the events of
// the turn in the game's order.
type writtenTurn struct {
	save   *vassal.Save
	first  int
	steps  [][]string
	events []turnEvent
}

// longHill plays the Hill 621 game for turns Game Turns through VASL
// saves, as a player who moves nothing does: the ENEMY reaches the
// player's units by turn 8 (fire, breaks, routs, Activations, dummies).
func longHill(t *testing.T, turns int) (*Game, []writtenTurn) {
	t.Helper()
	dir := t.TempDir()
	g, setup := hillGameOf(t, dir, strings.Replace(hill.Mission, "turns: 3", fmt.Sprintf("turns: %d", turns), 1), "")
	cur := enemySave(t, g, setup, dir)
	var out []writtenTurn
	for i := 1; i <= turns; i++ {
		before, err := vassal.Open(cur)
		if err != nil {
			t.Fatal(err)
		}
		next := filepath.Join(dir, fmt.Sprintf("t%d.vsav", i))
		r, err := g.TurnFromSave(cur, next, false, nil, fixedNow)
		if err != nil {
			t.Fatal(err)
		}
		s, err := vassal.Open(next)
		if err != nil {
			t.Fatal(err)
		}
		sess, _ := g.session()
		out = append(out, writtenTurn{save: s, first: before.Steps(), steps: s.LoggedSteps()[before.Steps():], events: turnEvents(sess, &r.First)})
		cur = next
	}
	return g, out
}

// chatOf is the text of a step's chat line, "" for another command.
func chatOf(cmd string) string {
	s, ok := strings.CutPrefix(cmd, "CHAT* sasl: ")
	if !ok {
		return ""
	}
	return html.UnescapeString(s)
}

// stepTelling is the index (in turn.steps) of the step whose chat tells
// text, -1 for none.
func stepTelling(turn writtenTurn, text string) int {
	for k, st := range turn.steps {
		if slices.ContainsFunc(st, func(c string) bool { return chatOf(c) == text }) {
			return k
		}
	}
	return -1
}

// facesAt are the ENEMY unit IDs of the counters the save shows after step
// k of the turn (their labels, parseFace), with their hexes' pixels.
func facesAt(t *testing.T, turn writtenTurn, k int) map[string]bool {
	t.Helper()
	c, err := turn.save.UpTo(turn.first + k + 1).Contents()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, p := range c.On {
		if p.Label != "" {
			out[parseFace(p.Label).id] = true
		}
	}
	return out
}

// Issue 56: the steps written into a save follow the game's order, both
// sides' Player Turns, a step for each phase, each with chat lines telling
// its events; your units rout, break and rally in the step of their
// phase, not after the ENEMY's advance (ASL A10.5, A4.7); an Activated S?
// goes as the units it became come (SASL 4.34, 5.1); a dummy goes in the
// step that says it is one; every fire is told.
func TestVaslStepsInTheGamesOrder_A10_5_SASL5_1(t *testing.T) {
	t.Parallel()
	g, turns := longHill(t, 9)
	words := g.Words()
	pieceOf := map[string]string{} // your units' pieces
	for _, sp := range g.g.World().Mission().Friendly {
		pieceOf[sp.ID] = sp.Vasl
	}
	var routs, breaks, activations, dummies, fires int
	for n, turn := range turns {
		// Every step begins with its chat line; the phases it names come in
		// the game's order.
		var order []string
		for _, ev := range turn.events {
			h := fmt.Sprintf("Game Turn %d, %s", ev.turn, report.PhaseOf(ev.Player, ev.Phase))
			if !slices.Contains(order, h) {
				order = append(order, h)
			}
		}
		last := -1
		for k, st := range turn.steps {
			h := chatOf(st[0])
			if h == "" {
				t.Fatalf("turn %d, step %d begins with %q, not a chat line", n+1, k+1, st[0])
			}
			h, _ = strings.CutSuffix(h, ", on")
			if i := slices.Index(order, h); i >= 0 {
				if i < last {
					t.Errorf("turn %d, step %d: %q after %q", n+1, k+1, h, order[last])
				}
				last = i
			}
		}
		for i := range turn.events {
			ev := &turn.events[i].Event
			text := words.Text(ev)
			k := stepTelling(turn, text)
			if k < 0 && told(ev.Kind) {
				t.Errorf("turn %d: no step tells %q", n+1, text)
				continue
			}
			has := func(prefix string) bool {
				return slices.ContainsFunc(turn.steps[k], func(c string) bool { return strings.HasPrefix(c, prefix) })
			}
			switch ev.Kind {
			case report.Rout:
				if p := pieceOf[ev.Units[0]]; p != "" {
					routs++
					if !has("M/" + p + "/") {
						t.Errorf("turn %d: your %s routs in step %d, which does not move its counter: %q", n+1, ev.Units[0], k+1, turn.steps[k])
					}
				}
			case report.Break:
				if p := pieceOf[ev.Units[0]]; p != "" {
					breaks++
					if !has("D/" + p + "/") {
						t.Errorf("turn %d: your %s breaks in step %d, which does not turn its counter", n+1, ev.Units[0], k+1)
					}
				}
			case report.Activate:
				activations++
				on := facesAt(t, turn, k)
				for _, id := range ev.Units {
					if on[id] {
						t.Errorf("turn %d: S? %s Activated in step %d is still on the map after it", n+1, id, k+1)
					}
				}
				for _, m := range ev.Made {
					if m.ID != "" && !on[m.ID] {
						t.Errorf("turn %d: %s, which S? %s became in step %d, is not on the map after it", n+1, m.ID, ev.Units[0], k+1)
					}
				}
			case report.Dummy:
				dummies++
				if on := facesAt(t, turn, k); on[ev.Units[0]] {
					t.Errorf("turn %d: the dummy %s is still on the map after step %d, which says it is one", n+1, ev.Units[0], k+1)
				}
			case report.Fire, report.FirstFire, report.DefensiveFire, report.PrepFire, report.SubsequentFirstFire, report.FinalFire:
				fires++
			}
		}
	}
	if routs == 0 || breaks < 3 || activations < 5 || dummies == 0 || fires < 10 {
		t.Fatalf("%d routs and %d breaks of yours, %d Activations, %d dummies, %d fire attacks: the game shows too little", routs, breaks, activations, dummies, fires)
	}
}

// A unit that comes onto the map and goes off it in one phase is still
// seen: the step that adds its counter ends before the step that removes
// it (issue 56: units that entered and exited in one call never
// appeared).
func TestVaslStepsShowAUnitThatEntersAndExits_SASL4_323(t *testing.T) {
	t.Parallel()
	g, _, _, f := hillWritten(t)
	e, err := f.c.Edit(fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	m := g.g.World().Map()
	w := &enemyWriter{e: e, m: m, units: map[string]*state.Unit{}, piece: map[string]string{}, where: map[string]hex.Hex{}, labels: map[string]string{}, dead: map[string]bool{}, words: g.Words()}
	loc := func(name string) board.Location {
		l, err := m.ParseLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	// X9 runs in from off the south edge and off the north edge of board 2
	// in one Move, then exits (a unit the game no longer has).
	steps := []pathing.Step{{Location: loc("3Q10"), Off: true}, {Location: loc("3Q10")}, {Location: loc("3Q9")}, {Location: loc("3Q8"), Off: true}}
	evs := []turnEvent{
		{report.Event{Phase: state.MPh, Player: state.Enemy, Kind: report.Move, Units: []string{"X9"}, Steps: steps}, 4},
		{report.Event{Phase: state.MPh, Player: state.Enemy, Kind: report.Exit, Units: []string{"X9"}, At: loc("3Q9")}, 4},
	}
	if err := w.stepThrough(evs); err != nil {
		t.Fatal(err)
	}
	s := e.Result()
	all := s.LoggedSteps()
	seen := -1
	for k := range all {
		c, err := s.UpTo(k + 1).Contents()
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(c.On, func(p vassal.Placed) bool { return parseFace(p.Label).id == "X9" }) {
			seen = k
			break
		}
	}
	if seen < 0 {
		t.Fatalf("X9 is on the map after none of the %d steps: %q", len(all), all)
	}
	if c, _ := s.Contents(); slices.ContainsFunc(c.On, func(p vassal.Placed) bool { return parseFace(p.Label).id == "X9" }) {
		t.Errorf("X9, which exited, is still on the map after the last step")
	}
}

// The labels sasl writes read back as the faces they were written from.
func TestFaceLabelReadsBack(t *testing.T) {
	t.Parallel()
	for _, f := range []face{
		{id: "S12"}, {id: "S12a", what: "4-4-7 squad"}, {id: "A3b", what: "2-3-7 half-squad", level: 2, broken: true},
		{id: "E1", level: -1, pinned: true}, {id: "S3a", what: "4-4-7 squad", broken: true, pinned: true},
	} {
		if got := parseFace(f.label()); got != f {
			t.Errorf("%q reads back as %+v, want %+v", f.label(), got, f)
		}
	}
	if got := parseFace("a player's own words"); got.id != "a" || got.broken {
		t.Errorf("a label of another hand reads as %+v", got)
	}
}
