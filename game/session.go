package game

import (
	"bytes"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// A Session plays a game step by step with the player in it: the engine
// plays on to the next stop (Stop), where the player's commands act
// (Do), and keeps the journal of every step with its dice, from the
// setup. Replaying the journal gives the same game, so a game file with
// its journal resumes anywhere, even in the middle of an ENEMY MPh, and
// Undo is a replay of fewer steps.
//
// The engine's part runs as a coroutine (iter.Pull) that yields at each
// stop: the game's procedures stay straight-line code, suspended where
// the player decides. A Session is not safe for concurrent use.
type Session struct {
	g       *Game
	journal []state.Step
	// steps are where each step's events begin in the game's log, turns
	// where each Game Turn's: for Steps and TurnAt.
	steps []stepMark
	turns []stepMark
	stop  *Stop
	pull  func() (*Stop, bool)
	quit  func()
	roll  stepRoller
	err   error
	// search finds the player's moves' cheapest paths.
	search *pathing.Search
}

// stepMark is where a step's (or a turn's) events begin in the log.
type stepMark struct{ event, turn int }

// TurnAt returns the Game Turn the i-th event of the game's log happened
// in (Step.First).
func (s *Session) TurnAt(i int) int {
	turn := 1
	for _, m := range s.turns {
		if m.event <= i {
			turn = m.turn
		}
	}
	return turn
}

// Step is what one step did.
type Step struct {
	// N numbers the step in the journal, from 1 (the setup).
	N  int
	Do string
	// Events are what happened, First the index of the first in the
	// game's log (Session.TurnAt).
	Events []report.Event
	First  int
	Dice   []dice.Roll
	Own    bool
	// Stop is where the game stands after it.
	Stop *Stop
}

// Begin sets a new game of world w up as New does, in a Session that
// stops as stops says (its FirstFire only in a game of policy player);
// the game stands before its first turn.
func Begin(w *world.World, hdr state.Game, script dice.Roller, stops Stops) (*Session, *ai.Setup, error) {
	g, setup, err := New(w, hdr, script)
	if err != nil {
		return nil, nil, err
	}
	if stops.FirstFire != FireStopsUnset && !g.player() {
		return nil, nil, &PlayerStopsError{FirstFire: stops.FirstFire, Policy: policyOf(g.st)}
	}
	g.stops, g.inSession = stops, true
	g.st.Plain = false // the journal says every step
	g.hw.Res = g
	s := &Session{g: g}
	s.roll.cur = g.seeded
	do := "setup" + stops.Flags()
	if g.st.Rules != state.Rules1 { // a game begun before revisions were kept says none
		do += " --rules " + strconv.Itoa(g.st.Rules.Number())
	}
	st := state.Step{Do: do, Own: script != nil}
	if len(g.st.Trail) > 0 {
		st.Dice = g.st.Trail[0]
	}
	s.journal = []state.Step{st}
	s.steps = []stepMark{{0, 0}}
	s.stop = s.turnStart()
	s.sync()
	return s, setup, nil
}

func (s *Session) turnStart() *Stop { return s.g.TurnStop() }

// Game is the game the session plays.
func (s *Session) Game() *Game { return s.g }

// Stop returns where the game stands.
func (s *Session) Stop() *Stop { return s.stop }

// Journal returns the game's steps so far, the setup first.
func (s *Session) Journal() []state.Step { return s.journal }

// Close ends the engine's coroutine, if it runs.
func (s *Session) Close() {
	if s.quit != nil {
		s.quit()
		s.pull, s.quit = nil, nil
	}
}

// sync writes where the session stands into the game's state: the file
// then says the stop it stands at (as data), how often the game stops and
// its journal.
func (s *Session) sync() {
	st := s.g.st
	st.Stopped, st.LegacyAsked = nil, ""
	if s.stop.Asks() {
		st.Stopped = s.stop.Clone()
	}
	st.Stop, st.FirstFire = "", ""
	if s.g.player() && s.g.stops.Mode != StopFire {
		st.Stop = s.g.stops.Mode.String()
	}
	if s.g.player() {
		st.FirstFire = s.g.stops.FirstFire.String()
	}
	st.Journal = s.journal
	st.Trail = nil // the journal holds the dice
	st.RNG = s.g.seeded.State()
}

// Failed reports whether the engine failed in a step (an error of Do
// that was not a refusal): the game as it stands is not to be trusted or
// saved. A command Do refused changed nothing, and the session plays on.
func (s *Session) Failed() bool { return s.err != nil }

// run is the engine's part: the game played on, yielding at each stop.
func (s *Session) run(yield func(*Stop) bool) {
	g := s.g
	g.yield = yield
	defer func() { g.yield = nil }()
	for !g.Over() {
		s.turns = append(s.turns, stepMark{g.hw.Log().Len(), g.st.Turn})
		if _, err := g.play(&s.roll, toTurnEnd); err != nil {
			s.err = err
			return
		}
		if !g.Over() && !g.player() && !yield(s.turnStart()) {
			return
		}
	}
}

// next plays on to the next stop.
func (s *Session) next() error {
	if s.pull == nil {
		s.pull, s.quit = iter.Pull(s.run)
	}
	stop, ok := s.pull()
	if s.err != nil {
		err := s.err
		s.Close()
		return err
	}
	if !ok {
		s.Close()
		stop = s.turnStart() // over
	}
	s.stop = stop
	return nil
}

// Do carries out one command at the stop the game stands at and adds it to
// the journal, with its dice: from script if it is not nil (the player's
// own), else from the game's seeded dice. A command the stop does not take,
// or whose units or Locations are wrong, is refused with the game
// unchanged. An error of the engine's part leaves the Session unusable:
// read the game again.
func (s *Session) Do(c Command, script dice.Roller) (*Step, error) {
	if s.err != nil {
		return nil, fmt.Errorf("game: the session failed before: %w", s.err)
	}
	g := s.g
	if err := s.check(c); err != nil {
		return nil, err
	}
	s.roll.cur = g.seeded
	if script != nil {
		s.roll.cur = script
	}
	from := len(s.roll.rolls)
	log := g.hw.Log()
	start := log.Len()
	turn := g.st.Turn
	g.hw.Roll(&s.roll)
	g.res.Reset(g.st, &s.roll)
	var err error
	switch c.Verb {
	case Next, Pass:
		if c.HasStop {
			g.stops.Mode = c.Stop
		}
		if c.HasFirstFire {
			g.stops.FirstFire = c.FirstFire
		}
		g.passed = c.Verb == Pass
		if c.HoldMove { // check: a First Fire stop, the last asked
			h := &g.holdMove
			h.move.set(g.lastAsk.move.moving, g.lastAsk.move.turn, g.lastAsk.move.from)
			h.on, h.told = true, false
		}
		err = s.next()
	default:
		if err = s.act(c); err == nil {
			g.actedHere = true
			if s.stop.Kind == state.FirstFireAt {
				g.refire(s.stop, log.Since(start))
			}
		}
	}
	s.roll.cur = g.seeded
	if err != nil {
		s.err = err
		return nil, err
	}
	rolls := s.roll.rolls[from:]
	st := state.Step{Do: c.Text(g.w.Map()), Dice: dice.Script(rolls), Own: script != nil}
	s.journal = append(s.journal, st)
	s.steps = append(s.steps, stepMark{start, turn})
	s.sync()
	return &Step{N: len(s.journal), Do: st.Do, Events: log.Since(start), First: start, Dice: rolls, Own: st.Own, Stop: s.stop}, nil
}

// Steps returns every step of the game after the setup, from step n on
// (n >= 2), with its events: valid until the next Do.
func (s *Session) Steps(n int) []Step {
	log := s.g.hw.Log()
	all := log.Since(0)
	var out []Step
	for i := max(n, 2) - 1; i < len(s.journal); i++ {
		end := len(all)
		if i+1 < len(s.steps) {
			end = s.steps[i+1].event
		}
		out = append(out, Step{N: i + 1, Do: s.journal[i].Do, Events: all[s.steps[i].event:end], First: s.steps[i].event, Own: s.journal[i].Own})
	}
	return out
}

// Replay plays a game's journal again from its setup on world w, hdr
// holding its seed: each step's dice must come out as the journal says.
func Replay(w *world.World, hdr state.Game, journal []state.Step) (*Session, error) {
	if len(journal) == 0 {
		return nil, errors.New("game: a journal begins with the setup")
	}
	first, err := ParseCommand(journal[0].Do, w.Map())
	if err != nil || first.Verb != Setup {
		return nil, fmt.Errorf("journal step 1: %q: a journal begins with the setup", journal[0].Do)
	}
	script, err := StepDice(journal[0])
	if err != nil {
		return nil, fmt.Errorf("journal step 1: %w", err)
	}
	// The rules the journal's setup says (none: revision 1), whatever the
	// file says: a rules: line deleted or changed is then noticed (the
	// replay's file differs from it).
	hdr.Rules = state.Rules1
	if first.HasRules {
		hdr.Rules = first.Rules
	}
	s, _, err := Begin(w, hdr, script, Stops{first.Stop, first.FirstFire})
	if err != nil {
		return nil, err
	}
	if got := s.journal[0].Dice; got != journal[0].Dice {
		return nil, replayError(1, journal[0], got)
	}
	for i, j := range journal[1:] {
		n := i + 2
		c, err := ParseCommand(j.Do, w.Map())
		if err != nil {
			return nil, fmt.Errorf("journal step %d: %w", n, err)
		}
		if c.Verb == Setup {
			return nil, fmt.Errorf("journal step %d: %q: only the first step sets the game up", n, j.Do)
		}
		script, err := StepDice(j)
		if err != nil {
			return nil, fmt.Errorf("journal step %d: %w", n, err)
		}
		_, err = s.Do(c, script)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("journal step %d (%s): %w", n, j.Do, err)
		}
		if sc, ok := script.(*dice.ScriptRoller); ok && len(sc.Left()) > 0 {
			s.Close()
			return nil, fmt.Errorf("journal step %d (%s): its dice %q were not all used", n, j.Do, j.Dice)
		}
		if got := s.journal[n-1].Dice; got != j.Dice {
			s.Close()
			return nil, replayError(n, j, got)
		}
	}
	return s, nil
}

// StepDice is the dice a journal step replays with: the player's own,
// scripted (Own), or nil for the game's seed.
func StepDice(j state.Step) (dice.Roller, error) {
	if !j.Own {
		return nil, nil
	}
	sc, err := dice.Scripted(j.Dice)
	if err != nil {
		return nil, fmt.Errorf("dice: %w", err)
	}
	return sc, nil
}

func replayError(n int, j state.Step, got string) error {
	return fmt.Errorf("journal step %d (%s): the replay rolled %q where the journal says %q: the file was edited, or written by a sasl that plays differently (go on with that sasl, or start the game again)", n, j.Do, got, j.Dice)
}

// Undo returns the game as it stood n steps ago (the setup is never
// undone), by replaying the journal without its last n steps; s is closed.
func (s *Session) Undo(n int) (*Session, error) {
	if n < 1 || n > len(s.journal)-1 {
		return nil, &UndoError{Steps: n, Have: len(s.journal) - 1}
	}
	hdr := s.g.st.Game
	u, err := Replay(s.g.w, hdr, s.journal[:len(s.journal)-n])
	if err != nil {
		return nil, err
	}
	s.Close()
	return u, nil
}

// OpenSession plays the game g read from file name (Load) again in a
// Session: its journal is replayed from the setup, and the units, VPO and
// dice the file holds must be the ones the replay gives (a file edited by
// hand is refused, naming the first line that differs). A file of an
// earlier sasl, with no journal, is refused.
func OpenSession(name string, g *Game) (*Session, error) {
	st := g.st
	if len(st.Journal) == 0 {
		return nil, fmt.Errorf("%s: the file has no journal (written by an earlier sasl): its game cannot be played step by step; start it again with sasl play new", name)
	}
	s, err := Replay(g.w, st.Game, st.Journal)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	// A file of an earlier sasl kept its stop as a question in words
	// (asked:): its journal says the stop as well, so the replay's stands
	// for it, and the file is written with it from now on.
	if st.Stopped == nil && st.LegacyAsked != "" {
		if !s.stop.Asks() {
			s.Close()
			return nil, fmt.Errorf("%s: the file says it asked %q, where its journal replays to %s: the file was edited by hand", name, st.LegacyAsked, report.Where(s.stop))
		}
		st.Stopped, st.LegacyAsked = s.stop.Clone(), ""
	}
	// A file of an earlier sasl keeps a first-fire stop without the
	// mover's path: its journal replays to it, so the replay's stands for
	// it.
	if st.Stopped != nil && st.Stopped.Kind == state.FirstFireAt && st.Stopped.Path == nil && s.stop.Kind == state.FirstFireAt {
		st.Stopped.Path = slices.Clone(s.stop.Path)
	}
	var want, got bytes.Buffer
	if !st.Stopped.Asks() && st.LegacyAsked == "" && s.stop.Asks() {
		s.Close()
		return nil, fmt.Errorf("%s: the file keeps no stopped_at, where its journal replays to a stop (%s): was the line deleted? the file was edited by hand", name, report.Where(s.stop))
	}
	if err := g.Write(&want); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.g.Write(&got); err != nil {
		s.Close()
		return nil, err
	}
	if !bytes.Equal(want.Bytes(), got.Bytes()) {
		s.Close()
		return nil, fmt.Errorf("%s: %s", name, firstDiff(want.String(), got.String()))
	}
	return s, nil
}

// firstDiff says where a game file and its journal's replay differ: a line
// the file lacks (first_fire: deleted) is named as such, not by the line
// that came after it (mission_digest:), and so is a line added.
func firstDiff(file, replay string) string {
	a, b := strings.Split(file, "\n"), strings.Split(replay, "\n")
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			if slices.Equal(a[i:], b[i+1:]) {
				return fmt.Sprintf("the file lacks %q, which its journal replays to: was the line deleted? the file was edited by hand; report with sasl play set, move and fire (or undo) rather than editing it", b[i])
			}
			if slices.Equal(a[i+1:], b[i:]) {
				return fmt.Sprintf("the file has %q, which its journal does not replay to: was the line added? the file was edited by hand; report with sasl play set, move and fire (or undo) rather than editing it", a[i])
			}
			return fmt.Sprintf("the file says %q where its journal replays to %q: the file was edited by hand; report with sasl play set, move and fire (or undo) rather than editing it", a[i], b[i])
		}
	}
	return "the file and its journal's replay differ in length: the file was edited by hand"
}

// stepRoller rolls with the roller of the step under way, keeping the
// trail of the whole session.
type stepRoller struct {
	cur   dice.Roller
	rolls []dice.Roll
}

func (r *stepRoller) last() {
	t := r.cur.Trail()
	r.rolls = append(r.rolls, t[len(t)-1])
}

func (r *stepRoller) Dr(why dice.Why) (int, error) {
	n, err := r.cur.Dr(why)
	if err == nil {
		r.last()
	}
	return n, err
}

func (r *stepRoller) DR(why dice.Why) (int, int, error) {
	a, b, err := r.cur.DR(why)
	if err == nil {
		r.last()
	}
	return a, b, err
}

func (r *stepRoller) Draw(cup *dice.Cup, why dice.Why) (string, error) {
	c, err := r.cur.Draw(cup, why)
	if err == nil {
		r.last()
	}
	return c, err
}

func (r *stepRoller) Trail() []dice.Roll { return r.rolls }
