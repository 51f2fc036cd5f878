package table

import (
	"fmt"
	"html"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/testkit/hill"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
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
// The saves are dir/t1.vsav on.
func longHill(t *testing.T, turns int) (*Game, string, []writtenTurn) {
	t.Helper()
	return longHillSeeded(t, turns, 3)
}

// longHillSeeded is longHill played with seed.
func longHillSeeded(t *testing.T, turns int, seed uint64) (*Game, string, []writtenTurn) {
	t.Helper()
	return longGame(t, hill.Mission, turns, seed, game.Stops{})
}

// longGame is longHillSeeded of another mission on the Hill save, with
// the game's stops.
func longGame(t *testing.T, mission string, turns int, seed uint64, stops game.Stops) (*Game, string, []writtenTurn) {
	t.Helper()
	dir := t.TempDir()
	g, setup := hillGameStops(t, dir, strings.Replace(mission, "turns: 3", fmt.Sprintf("turns: %d", turns), 1), "", seed, stops)
	cur := enemySave(t, g, setup, dir)
	var out []writtenTurn
	for i := 1; i <= turns; i++ {
		next := filepath.Join(dir, fmt.Sprintf("t%d.vsav", i))
		r, err := g.TurnFromSave(cur, next, false, nil, fixedNow)
		if err != nil {
			t.Fatal(err)
		}
		first := r.First
		out = append(out, written(t, g, cur, next, &first))
		cur = next
	}
	return g, dir, out
}

// written is the turn written from save before into save next, of the
// events from journal step first on (nil: the last Game Turn's).
func written(t *testing.T, g *Game, before, next string, first *int) writtenTurn {
	t.Helper()
	b, err := vassal.Open(before)
	if err != nil {
		t.Fatal(err)
	}
	s, err := vassal.Open(next)
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := g.session()
	return writtenTurn{save: s, first: b.Steps(), steps: s.LoggedSteps()[b.Steps():], events: turnEvents(sess, first)}
}

// chatOf is the text of a step's chat line, "" for another command.
func chatOf(cmd string) string {
	s, ok := strings.CutPrefix(cmd, "CHAT* sasl: ")
	if !ok {
		return ""
	}
	return html.UnescapeString(s)
}

// stepTelling is the index (in turn.steps) of the first step from step
// from on whose chat tells text, -1 for none.
func stepTelling(turn writtenTurn, text string, from int) int {
	for k := max(from, 0); k < len(turn.steps); k++ {
		if slices.ContainsFunc(turn.steps[k], func(c string) bool { return chatOf(c) == text }) {
			return k
		}
	}
	return -1
}

// eventSteps are the steps that tell the turn's events, in order (the
// same words may tell events of two turns: each is looked for from the
// step of the event before it on); -1 for an event no step tells.
func eventSteps(turn writtenTurn, words *report.Words) []int {
	out := make([]int, len(turn.events))
	cur := 0
	for i := range turn.events {
		out[i] = stepTelling(turn, words.Text(&turn.events[i].Event), cur)
		if out[i] >= 0 {
			cur = out[i]
		}
	}
	return out
}

// shown is an ENEMY counter as the save shows it after a step: its label
// read (face), its hex.
type shown struct {
	face
	at string
}

// facesAt are the ENEMY counters the save shows after step k of the turn,
// by unit ID (their labels, parseFace).
func facesAt(t *testing.T, turn writtenTurn, k int) map[string]shown {
	t.Helper()
	c, err := turn.save.UpTo(turn.first + k + 1).Contents()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]shown{}
	for _, p := range c.On {
		if p.Label != "" {
			f := parseFace(p.Label)
			out[f.id] = shown{f, p.Location}
		}
	}
	return out
}

// stepsCheck checks the steps of a turn written (issue 56): every step
// begins with its chat line; the phases they name come in the game's
// order; every event is told; your routs and breaks are written in the
// step that tells them (pieceOf: your units' counters); after the step of
// an Activation the S? is gone and its units are there, after a dummy's
// it is gone; after each step an ENEMY counter stands where the step's
// last move of it ended; a pin is gone once its Player Turn has ended.
// It counts what it saw in seen, by kind (your routs and breaks: "your
// rout", "your break").
func stepsCheck(t *testing.T, g *Game, name string, turn writtenTurn, pieceOf map[string]string, seen map[string]int) {
	t.Helper()
	m := g.g.World().Map()
	words := g.Words()
	faces := map[int]map[string]shown{} // facesAt, each step read once
	facesAt := func(t *testing.T, turn writtenTurn, k int) map[string]shown {
		if faces[k] == nil {
			faces[k] = facesAt(t, turn, k)
		}
		return faces[k]
	}
	var order []string
	for _, ev := range turn.events {
		h := fmt.Sprintf("Game Turn %d, %s", ev.turn, report.PhaseOf(ev.Player, ev.Phase))
		if !slices.Contains(order, h) {
			order = append(order, h)
		}
	}
	// The Player Turn of an event or a step's phase: its Game Turn and
	// player.
	ptOf := func(turn int, player state.Side) string { return fmt.Sprintf("%d %s", turn, player) }
	stepOf := eventSteps(turn, words)
	stepPT := map[int]string{}
	for i := range turn.events {
		ev := &turn.events[i]
		if k := stepOf[i]; k >= 0 {
			stepPT[k] = ptOf(ev.turn, ev.Player)
		}
	}
	last := -1
	for k, st := range turn.steps {
		h := chatOf(st[0])
		if h == "" {
			t.Fatalf("%s, step %d begins with %q, not a chat line", name, k+1, st[0])
		}
		h, _ = strings.CutSuffix(h, ", on")
		if i := slices.Index(order, h); i >= 0 {
			if i < last {
				t.Errorf("%s, step %d: %q after %q", name, k+1, h, order[last])
			}
			last = i
		}
	}
	ends := map[int]map[string]board.Location{} // the last move of each ENEMY unit in each step
	pinned := map[string][]string{}             // ENEMY units pinned: the Player Turns
	for i := range turn.events {
		ev := &turn.events[i].Event
		text := words.Text(ev)
		k := stepOf[i]
		if k < 0 {
			if told(ev) {
				t.Errorf("%s: no step tells %q", name, text)
			}
			continue
		}
		seen[ev.Kind.String()]++
		has := func(prefix string) bool {
			return slices.ContainsFunc(turn.steps[k], func(c string) bool { return strings.HasPrefix(c, prefix) })
		}
		switch ev.Kind {
		case report.Rout, report.Break:
			p := pieceOf[ev.Units[0]]
			if p == "" || ev.Kind == report.Rout && ev.Cause != report.NoCause {
				break // no counter; or eliminated on the way, its counter removed by its elimination, told before
			}
			if want := map[report.Kind]string{report.Rout: "M/", report.Break: "D/"}[ev.Kind] + p + "/"; !has(want) {
				t.Errorf("%s: your %s: %q in step %d, which does not change its counter", name, ev.Units[0], text, k+1)
			}
			seen["your "+ev.Kind.String()]++
		case report.Activate:
			on := facesAt(t, turn, k)
			for _, id := range ev.Units {
				if _, ok := on[id]; ok {
					t.Errorf("%s: S? %s Activated in step %d is still on the map after it", name, id, k+1)
				}
			}
			for _, u := range ev.Made {
				if _, ok := on[u.ID]; u.ID != "" && !ok {
					t.Errorf("%s: %s, which S? %s became in step %d, is not on the map after it", name, u.ID, ev.Units[0], k+1)
				}
			}
		case report.Dummy:
			if _, ok := facesAt(t, turn, k)[ev.Units[0]]; ok {
				t.Errorf("%s: the dummy %s is still on the map after step %d, which says it is one", name, ev.Units[0], k+1)
			}
		case report.Pinned:
			if pieceOf[ev.Units[0]] == "" {
				pinned[ev.Units[0]] = append(pinned[ev.Units[0]], ptOf(turn.events[i].turn, ev.Player))
			}
		case report.Enter, report.Move, report.Gap, report.Advance, report.AdvanceInto:
			if to, ok := lastOn(ev.Steps); ok {
				if ends[k] == nil {
					ends[k] = map[string]board.Location{}
				}
				for _, id := range ev.Units {
					if pieceOf[id] == "" {
						ends[k][id] = to
					}
				}
			}
		}
	}
	for k, units := range ends {
		on := facesAt(t, turn, k)
		for id, to := range units {
			if c, ok := on[id]; ok && c.at != m.NameString(to.Hex) {
				t.Errorf("%s: %s ends its move in %s in step %d; its counter stands on %s", name, id, m.LocationName(to), k+1, c.at)
			}
		}
	}
	chatPlaces(t, name, turn, m, words, facesAt(t, turn, -1), pieceOf)
	// A counter added in a step is never removed in the same step: every
	// unit shows (the README's word).
	for k, st := range turn.steps {
		for _, c := range st {
			if id, ok := strings.CutPrefix(c, "-/"); ok && slices.ContainsFunc(st, func(a string) bool { return strings.HasPrefix(a, "+/"+id+"/") }) {
				t.Errorf("%s, step %d: piece %s is added and removed in it", name, k+1, id)
			}
		}
	}
	for k := range turn.steps {
		pt, ok := stepPT[k]
		if !ok {
			continue
		}
		on := facesAt(t, turn, k)
		for id, was := range pinned {
			if !slices.Contains(was, pt) && on[id].pinned && stepPT[k] != "" {
				t.Errorf("%s, step %d (%s): %s is still pinned from Player Turn %s (ASL A7.8)", name, k+1, pt, id, was[len(was)-1])
			}
		}
	}
}

// movesOnLine reads a chat line that moves units on (report.MovesOn's
// words): the units and the hexes of the way, in order.
var movesOnLine = regexp.MustCompile(`^(.+?) moves? on: (.+?), [0-9.]+ MF \(`)

// chatPlaces checks that the chat of a turn's steps tells the ENEMY's
// units where the events it tells happen to them (issue 56: "A3 Activated
// in 2J6" was told while no line had moved A3 from 2K8). It follows each
// ENEMY counter from where the save had it before the turn, through the
// lines that move it (a move, a rout, an advance; a line that moves it on,
// which must start where it stood), to each event that happens to it in
// a Location (atEvent: a stop, fire at it, its Morale Check, a break, an
// Activation...), which must be where the chat has it; but for a dummy
// that moved alone, whose way no move of the game's tells.
func chatPlaces(t *testing.T, name string, turn writtenTurn, m *board.Map, words *report.Words, start map[string]shown, yours map[string]string) {
	t.Helper()
	pos := map[string]string{}
	for id, c := range start {
		pos[id] = c.at
	}
	next := 0 // the next event a line may tell
	for k, st := range turn.steps {
		for _, c := range st {
			line := chatOf(c)
			if line == "" {
				continue
			}
			i := next
			for i < len(turn.events) && (!told(&turn.events[i].Event) || words.Text(&turn.events[i].Event) != line) {
				i++
			}
			if i == len(turn.events) {
				if mv := movesOnLine.FindStringSubmatch(line); mv != nil {
					var way []string
					for _, f := range strings.Fields(mv[2]) {
						if !strings.HasPrefix(f, "(") {
							way = append(way, f)
						}
					}
					for _, id := range strings.Split(mv[1], ", ") {
						if yours[id] != "" {
							continue // the ENEMY's units are followed
						}
						if at, ok := pos[id]; ok && at != way[0] {
							t.Errorf("%s, step %d: %q: %s stood in %s", name, k+1, line, id, at)
						}
						pos[id] = way[len(way)-1]
					}
				}
				continue
			}
			next = i + 1
			ev := &turn.events[i]
			if ids, at, ok := atEvent(&ev.Event); ok {
				for _, id := range ids {
					was, ok := pos[id]
					switch {
					case !ok && ofMoving(&ev.Event):
						t.Errorf("%s, step %d: %q: the chat has no counter of %s", name, k+1, line, id)
					case ok && was != m.NameString(at.Hex):
						t.Errorf("%s, step %d: %q: the chat has %s in %s", name, k+1, line, id, was)
					}
				}
			}
			switch ev.Kind {
			case report.Enter, report.Move, report.Gap, report.Advance, report.AdvanceInto, report.Rout:
				if to, ok := lastOn(ev.Steps); ok {
					for _, id := range ev.Units {
						if _, ok := pos[id]; (ok || ev.Kind == report.Enter || ev.Steps[0].Off) && yours[id] == "" {
							pos[id] = m.NameString(to.Hex) // the ENEMY's units (start, Made, entered)
						}
					}
				}
			case report.Activate:
				for _, u := range ev.Made {
					pos[u.ID] = m.NameString(u.At.Hex)
				}
			}
		}
	}
}

// ofMoving reports whether event ev happens to the ENEMY's moving units
// alone (atEvent's): a First Fire stop, the FRIENDLY First Fire at them,
// an S? of them Activated or found a dummy in the ENEMY MPh.
func ofMoving(ev *report.Event) bool {
	switch ev.Kind {
	case report.Pass, report.GoOn, report.Unasked, report.Activate, report.Dummy,
		report.FirstFire, report.SubsequentFirstFire, report.FinalProtectiveFire:
		return ev.Player == state.Enemy && ev.Phase == state.MPh
	}
	return false
}

// TestVaslStepsOfManyGames_A10_5_SASL4_34 checks the steps of 9 turns
// of the Hill game played with other seeds (stepsCheck, chatPlaces
// among it): 40 games in the long run (SASL_LONG), none in the short
// one, which checks seed 3's (TestVaslStepsInTheGamesOrder). Without
// wayTo, seeds 1-24 gave 354 lines that told an ENEMY unit where the
// chat had not brought it.
func TestVaslStepsOfManyGames_A10_5_SASL4_34(t *testing.T) {
	longrun.Skip(t)
	for seed := uint64(1); seed <= 41; seed++ {
		if seed == 3 {
			continue // TestVaslStepsInTheGamesOrder's
		}
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			t.Parallel()
			// Seeds from 21 on stop as sasl play new does (the engine
			// decides the First Fire beyond its normal range: Unasked).
			stops := game.Stops{}
			if seed > 20 {
				stops.FirstFire = game.DefaultFireStops
			}
			g, _, turns := longGame(t, hill.Mission, 9, seed, stops)
			pieceOf := yourPieces(g)
			seen := map[string]int{}
			for n, turn := range turns {
				stepsCheck(t, g, fmt.Sprintf("seed %d, turn %d", seed, n+1), turn, pieceOf, seen)
			}
		})
	}
}

// TestVaslStepsOfEntriesNearYou checks the steps (stepsCheck) of games of
// the Hill mission whose S? and Human Waves enter from the west edge,
// beside your units on board 2: S? Activated in the hex they entered, or
// found dummies there, or stopped for First Fire there, in the move that
// brought them on, of which the game tells the way when the move ends.
// The chat brings the counter on before it tells what became of it
// (wayOn), in a step before the one that removes it; a move on the game
// tells from a stop it asked at is told from where the counters stand.
// Without wayOn, seeds 1-12 at every shot gave 51 lines naming an S? the
// chat showed no counter of; at b1ac45f (wayOn blind to an Activation's
// own units, the step split before wayTo, the game's move on told from
// its last asked stop) seeds 1-40 gave 13 such lines, 4 counters added
// and removed in one step, and 2 moves on from a hex the counters had
// left.
func TestVaslStepsOfEntriesNearYou(t *testing.T) {
	longrun.Skip(t)
	mission := westMission()
	for seed := uint64(1); seed <= 40; seed++ {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			t.Parallel()
			// Even seeds stop as sasl play new does (the engine decides
			// the First Fire beyond its normal range: Unasked), odd ones
			// at every shot.
			stops := game.Stops{}
			if seed%2 == 0 {
				stops.FirstFire = game.DefaultFireStops
			}
			g, _, turns := longGame(t, mission, 6, seed, stops)
			pieceOf := yourPieces(g)
			seen := map[string]int{}
			for n, turn := range turns {
				stepsCheck(t, g, fmt.Sprintf("seed %d, turn %d", seed, n+1), turn, pieceOf, seen)
			}
		})
	}
}

// westMission is the Hill mission with its entries (6 S?) and Human Waves
// (turns 2 and 4) from the west edge, beside your units on board 2.
func westMission() string {
	return strings.NewReplacer("edge: south, count: 4", "edge: west, count: 6", "human_wave:\n  - {turn: 2, edge: south}", "human_wave:\n  - {turn: 2, edge: west}\n  - {turn: 4, edge: west}").Replace(hill.Mission)
}

// yourPieces are the counters of your units of game g, by unit ID.
func yourPieces(g *Game) map[string]string {
	out := map[string]string{}
	for _, sp := range g.g.World().Mission().Friendly {
		out[sp.ID] = sp.Vasl
	}
	return out
}

// Issue 56: the steps written into a save follow the game's order, both
// sides' Player Turns, a step for each phase, each with chat lines telling
// its events; your units rout and break in the step of their phase, not
// after the ENEMY's advance (ASL A10.5, A4.7); an Activated S? goes as
// the units it became come (SASL 4.34, 5.1); a dummy goes in the step
// that says it is one; counters stand where their moves ended; pins end
// with their Player Turn (ASL A7.8); every fire is told.
func TestVaslStepsInTheGamesOrder_A10_5_SASL5_1(t *testing.T) {
	t.Parallel()
	g, dir, turns := longHill(t, 9)
	pieceOf := yourPieces(g)
	seen := map[string]int{}
	for n, turn := range turns {
		stepsCheck(t, g, fmt.Sprintf("turn %d", n+1), turn, pieceOf, seen)
	}
	fires := seen["fire"] + seen["first_fire"] + seen["defensive_fire"] + seen["prep_fire"] + seen["subsequent_first_fire"]
	if seen["your rout"] == 0 || seen["your break"] < 3 || seen["activate"] < 5 || seen["dummy"] == 0 || seen["pin"] == 0 || fires < 10 {
		t.Fatalf("the game shows too little: %v", seen)
	}
	// The chat tells each First Fire stop at a moving stack, where its
	// counters stand: whether you fired, passed, or were not asked.
	if stops := seen[report.Pass.String()] + seen[report.Unasked.String()] + seen[report.GoOn.String()]; stops == 0 {
		t.Errorf("the chat tells none of the game's First Fire stops: %v", seen)
	}

	// The stale-save way (sasl vasl write into a save older than the
	// game): the steps tell what the game did since the save was written,
	// not only the last Game Turn; a unit the game broke since is shown
	// where and as the game has it though the old save moves it (what the
	// game did last wins); the save written is of the game as it stands,
	// which the next turn takes.
	t8 := filepath.Join(dir, "t8.vsav")
	var broke *state.Unit
	at8 := hill.Contents(t, t8)
	for _, u := range g.g.Snapshot().OfSide(state.Friendly) {
		if was, ok := brokenIn(at8, u.Vasl); ok && u.OnMap() && u.Broken && !was {
			broke = u
			break
		}
	}
	if broke == nil {
		t.Fatal("no unit of yours broke after turn 8's save: the test needs one")
	}
	old := movedSave(t, t8, dir, "t8-moved.vsav", broke.Vasl, "2H9")
	w, out, f := mendedSave(t, g, old, dir)
	if why := staleSave(g.g, f); why != "" {
		t.Errorf("the save written the stale-save way is not of the game as it stands: %s", why)
	}
	if v := f.byPiece[broke.Vasl]; v.Location != m(g).LocationName(broke.At()) || !v.Broken {
		t.Errorf("%s, broken since the old save, on %s: its counter is on %s, broken %v", broke.ID, m(g).LocationName(broke.At()), v.Location, v.Broken)
	}
	if !slices.ContainsFunc(w.Notes, func(n string) bool { return strings.HasPrefix(n, broke.ID+": its counter is moved from 2H9") }) {
		t.Errorf("no note says %s's move in the old save is not read: %q", broke.ID, w.Notes)
	}
	// Its counter with no broken side (VASL's F layer renamed): the note
	// says so naming the hex the counter stands on in the new save, the
	// game's, not the old save's (issue 56 item 5).
	noSide := noBrokenSide(t, old, broke.Vasl, filepath.Join(dir, "t8-no-side.vsav"))
	w2, err := g.WriteEnemy(noSide, nil, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf(" on %s) is broken: its counter has no broken side sasl can turn", m(g).LocationName(broke.At())); !slices.ContainsFunc(w2.Notes, func(n string) bool { return strings.HasPrefix(n, broke.ID+" (") && strings.Contains(n, want) }) {
		t.Errorf("no note of %s%s: %q", broke.ID, want, w2.Notes)
	}
	// No step that only says it begins: the counter it would have turned
	// has no side to turn.
	for _, st := range w2.save.LoggedSteps() {
		if !slices.ContainsFunc(st, func(c string) bool { return !strings.HasPrefix(c, "CHAT") }) && len(st) == 1 && strings.HasSuffix(chatOf(st[0]), "as the game has them now") {
			t.Errorf("a step of a header alone: %q", st)
		}
	}
	stale := written(t, g, old, out, nil)
	var headers []string
	for _, st := range stale.steps {
		headers = append(headers, chatOf(st[0]))
	}
	if !slices.Contains(headers, "Game Turn 8, your PFPh") || !slices.Contains(headers, "Game Turn 9, the ENEMY MPh") {
		t.Errorf("the steps written into turn 8's save do not tell the game since:\n%s", strings.Join(headers, "\n"))
	}
	// The steps begin where the game had the unit when turn 8's save was
	// written, not on the hex the old save moved it to: its events happen
	// there.
	if st := stale.steps[0]; !strings.HasPrefix(chatOf(st[0]), "your counters where and as the game had them") || !slices.ContainsFunc(st, func(c string) bool { return strings.HasPrefix(c, "M/"+broke.Vasl+"/") }) {
		t.Errorf("the first step does not put %s back where the game had it: %q", broke.ID, st)
	}
	// A unit broken at the save's base and still, moved in the old save:
	// the move is the player's, and the note says the next turn refuses it
	// (ASL A10).
	for _, u := range g.g.Snapshot().OfSide(state.Friendly) {
		if was, ok := brokenIn(at8, u.Vasl); !ok || !was || !u.Broken || u.ID == broke.ID {
			continue
		}
		moved := movedSave(t, t8, dir, "t8-broken-moved.vsav", u.Vasl, "2H9")
		w, err := g.WriteEnemy(moved, nil, fixedNow)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(w.Notes, func(n string) bool {
			return strings.HasPrefix(n, u.ID+" stays on 2H9") && strings.Contains(n, "and refuses it: "+u.ID+" is broken")
		}) {
			t.Errorf("%s, broken, moved in the old save: notes %q", u.ID, w.Notes)
		}
		break
	}
	// Its counter deleted in the old save: the next turn would read it as
	// eliminated, which the note says, the game having broken it since.
	deleted := editedSave(t, t8, dir, "t8-deleted.vsav", func(e *vassal.Edit) error { return e.Remove([]string{broke.Vasl}) })
	if w, err := g.WriteEnemy(deleted, nil, fixedNow); err != nil || !slices.ContainsFunc(w.Notes, func(n string) bool {
		return strings.HasPrefix(n, broke.ID+": its counter is not in your save, which sasl play turn reads as "+broke.ID+" eliminated")
	}) {
		t.Errorf("%s deleted in the old save: %v, notes %v", broke.ID, err, w)
	}
	// A save whose S? stand where the game never had them all (an S?
	// dragged elsewhere, another game's save): said in a note.
	t9 := filepath.Join(dir, "t9.vsav")
	c9 := hill.Contents(t, t9)
	i := slices.IndexFunc(c9.On, func(p vassal.Placed) bool { return p.Suspect() })
	foreign := movedSave(t, t9, dir, "t9-dragged.vsav", c9.On[i].ID, "3A1")
	if w, err := g.WriteEnemy(foreign, nil, fixedNow); err != nil || !slices.ContainsFunc(w.Notes, func(n string) bool { return strings.Contains(n, "stand where the game never had them all") }) {
		t.Errorf("a save whose S? match no step of the game: %v, notes %v", err, w)
	}
	// Turn 8's save stepped through in part and saved (VASSAL's save keeps
	// the counters, not the place in the steps): partWayChecks.
	if partWay, _ := partWayChecks(t, g, dir, filepath.Join(dir, "t7.vsav"), t8, false); partWay == 0 {
		t.Error("no save of turn 8 stepped through in part was found part way: the test no longer tries one")
	}
	// Written into the save of the game as it stands: nothing to step
	// through, nothing moved back and forth.
	if w, err := g.WriteEnemy(t9, nil, fixedNow); err != nil || w.Moved+w.Added+w.Removed+w.Yours != 0 {
		t.Errorf("written into the latest save: %v, %+v", err, w)
	}
	if _, err := g.TurnFromSave(out, "", false, nil, fixedNow); err != nil {
		t.Errorf("the next turn refuses the save written the stale-save way: %v", err)
	}
}

// noBrokenSide writes save from to path with piece id's broken layers
// (VASL's F and FV keys) under another key: a counter sasl cannot turn.
func noBrokenSide(t *testing.T, from, id, path string) string {
	t.Helper()
	s, err := vassal.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	c := string(s.Content)
	i := strings.Index(c, "\x1b+/"+id+"/")
	if i < 0 {
		t.Fatalf("no piece %s in %s", id, from)
	}
	end := i + 1 + strings.IndexByte(c[i+1:], 0x1b)
	cmd := strings.NewReplacer(";2;F;;2;E;", ";2;Z;;2;E;", ";2;FV;;2;E;", ";2;ZV;;2;E;").Replace(c[i:end])
	if cmd == c[i:end] {
		t.Fatalf("piece %s has no broken layer to rename", id)
	}
	s.Content = []byte(c[:i] + cmd + c[end:])
	return hill.WriteSave(t, s, filepath.Dir(path), filepath.Base(path))
}

// brokenIn reports whether piece id shows broken in save contents c, and
// whether it is on the boards there.
func brokenIn(c *vassal.Contents, id string) (broken, ok bool) {
	for _, p := range c.On {
		if p.ID == id {
			return strings.HasPrefix(p.Name, "broken "), true
		}
	}
	return false, false
}

// What the game did last wins over an old save's own hex and state only
// where the game has the unit elsewhere or otherwise than at the save's
// base: a unit broken and rallied in place keeps the player's move.
func TestChangedSinceTheBase(t *testing.T) {
	t.Parallel()
	h, k := hex.Hex{Col: 3, Row: 4}, hex.Hex{Col: 3, Row: 5}
	b := baseUnit{at: h, had: []hex.Hex{h, k}, hadBroken: [2]bool{true, true}, game: true}
	for _, c := range []struct {
		at     hex.Hex
		broken bool
		want   bool
	}{{h, false, false}, {k, false, true}, {h, true, true}} {
		u := &state.Unit{ID: "F1", Side: state.Friendly}
		u.Place(board.Location{Hex: c.at})
		u.Broken = c.broken
		if got := b.changed(u); got != c.want {
			t.Errorf("at %v broken %v: changed %v, want %v", c.at, c.broken, got, c.want)
		}
		// Moved since by the player's own move alone (read from a save):
		// not the game's change; the player's to make again.
		own := b
		own.game = false
		if own.changed(u) {
			t.Errorf("at %v broken %v, moved by the player alone: changed", c.at, c.broken)
		}
	}
	if b.changed(nil) {
		t.Error("a unit the game no longer has: changed")
	}
}

// m is game g's map.
func m(g *Game) *board.Map { return g.g.World().Map() }

// A unit that comes onto the map and goes off it in one phase is still
// seen: the step that adds its counter ends before the step that removes
// it (issue 56: units that entered and exited in one call never
// appeared).
func TestVaslStepsShowAUnitThatEntersAndExits_SASL4_323(t *testing.T) {
	t.Parallel()
	g, setup := hillGame(t, t.TempDir())
	f, err := ReadSave(setup, g.g.World().Mission().Layout)
	if err != nil {
		t.Fatal(err)
	}
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
	// in one Move, then exits (a unit the game no longer has). F9, a unit
	// of yours with no counter in the save (a mission's unit the player
	// never set up in VASL), routs: it gets none (an ENEMY S? before).
	w.friendly = map[string]bool{"F9": true}
	steps := []pathing.Step{{Location: loc("3Q10"), Off: true}, {Location: loc("3Q10")}, {Location: loc("3Q9")}, {Location: loc("3Q8"), Off: true}}
	evs := []turnEvent{
		{report.Event{Phase: state.MPh, Player: state.Enemy, Kind: report.Move, Units: []string{"X9"}, Steps: steps}, 4},
		{report.Event{Phase: state.MPh, Player: state.Enemy, Kind: report.Exit, Units: []string{"X9"}, At: loc("3Q9")}, 4},
		{report.Event{Phase: state.RtPh, Player: state.Enemy, Kind: report.Rout, Units: []string{"F9"}, Steps: []pathing.Step{{Location: loc("3Q6")}, {Location: loc("3Q5")}}}, 4},
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
	if w.Added != 1 {
		t.Errorf("%d counters added, want X9's alone", w.Added)
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

// The stale-save way, long (SASL_LONG): a save six turns older than the
// game (seed 8), in which F1 stands in Good Order; since, the game broke
// F1, reduced it (A7.302) and eliminated it, and routed others of yours.
// Its counter follows each of those in the step that tells it before it
// goes (the second review: a unit eliminated since the save was never
// shown breaking or routing), and every step of the write passes
// stepsCheck. (Seed 3, this test's before SASL 4.34 stopped an S?
// Activated outside a Human Wave, leaves F1 standing.)
func TestVaslStepsOfAnOldSaveFollowAUnitToItsEnd_A10_5_A7_302(t *testing.T) {
	t.Parallel()
	if !longrun.Enabled() {
		t.Skip("plays 13 turns through saves (SASL_LONG)")
	}
	g, dir, _ := longHillSeeded(t, 13, 8)
	if u := g.g.Snapshot().Unit("F1"); u != nil && u.OnMap() {
		t.Fatal("F1 is still on the map after 13 turns: the test needs it eliminated")
	}
	t7 := filepath.Join(dir, "t7.vsav")
	_, out, _ := mendedSave(t, g, t7, dir)
	sess, _ := g.session()
	old, err := ReadSave(t7, g.g.World().Mission().Layout)
	if err != nil {
		t.Fatal(err)
	}
	at, err := saveBase(sess, old, nil)
	base, from := at.base, at.from
	if err != nil || base == nil {
		t.Fatalf("turn 7's save: no base (%v)", err)
	}
	turn := written(t, g, t7, out, &from)
	seen := map[string]int{}
	stepsCheck(t, g, "the save of turn 7", turn, yourPieces(g), seen)
	if seen["your break"] == 0 || seen["your rout"] == 0 {
		t.Errorf("no break or rout of yours told since turn 7: %v", seen)
	}
	gone := false
	for k, st := range turn.steps {
		for _, c := range st {
			if strings.HasPrefix(chatOf(c), "F1 (half-squad) in ") && strings.Contains(chatOf(c), " is eliminated") {
				gone = slices.Contains(st, "-/"+yourPieces(g)["F1"])
				if !gone {
					t.Errorf("step %d tells F1's elimination and does not remove its counter: %q", k+1, st)
				}
			}
		}
	}
	if !gone {
		t.Error("no step tells F1's elimination")
	}
}

// The mirror of the counters (saveBase's) follows the game's events: the
// move of a unit told after it was gone (an S? found a dummy on its way,
// SASL 5.1: Enemy.wentTo; units eliminated on theirs; a dummy entering)
// leaves no counter of it, which a save showing the counters would lack;
// a unit entering (report.Enter, or a move from off the map, as the
// entries of the ENEMY MPh and the Human Waves are told) has one.
func TestMirrorKeepsNoCounterOfAUnitGone_SASL5_1(t *testing.T) {
	t.Parallel()
	a, b := hex.Hex{Col: 3, Row: 4}, hex.Hex{Col: 3, Row: 5}
	way := []pathing.Step{{Location: board.Ground(a)}, {Location: board.Ground(b), HalfMF: 2}}
	on := []pathing.Step{{Location: board.Ground(hex.Hex{Col: 3, Row: 3}), Off: true}, {Location: board.Ground(a), HalfMF: 2}, {Location: board.Ground(b), HalfMF: 2}}
	m := mirror{enemy: map[string]counterAt{}, yours: map[string]counterAt{}, friendly: map[string]bool{}, gone: map[string]bool{}}
	m.enemy["E1"], m.enemy["E2"] = counterAt{at: a}, counterAt{at: a}
	m.apply(&report.Event{Kind: report.Dummy, Units: []string{"E1"}, At: board.Ground(b)})
	m.apply(&report.Event{Kind: report.Eliminate, Units: []string{"E2"}, At: board.Ground(b)})
	m.apply(&report.Event{Kind: report.Move, Units: []string{"E1", "E2"}, Steps: way})
	m.apply(&report.Event{Kind: report.Enter, Units: []string{"S9"}, Steps: on[:2]})
	m.apply(&report.Event{Kind: report.Move, Units: []string{"E3"}, Steps: on})
	m.apply(&report.Event{Kind: report.Dummy, Units: []string{"E4"}, At: board.Ground(b)})
	m.apply(&report.Event{Kind: report.Move, Units: []string{"E4"}, Steps: on})
	if want := map[string]counterAt{"S9": {at: a}, "E3": {at: b}}; !maps.Equal(m.enemy, want) {
		t.Errorf("the mirror has the ENEMY's counters %v, want %v", m.enemy, want)
	}
}
