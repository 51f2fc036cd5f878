package game

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/policy"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// Prepare builds the world of mission ms on map m with tables t for any
// number of games.
func Prepare(ms *missions.Mission, m *board.Map, t *tables.Set) (*world.World, error) {
	w, err := world.New(m, ms, t, nil)
	if err != nil {
		return nil, err
	}
	if _, err := w.VictoryVPOs(); err != nil {
		return nil, err
	}
	return w, nil
}

// Game is one game in play: a value whose methods keep it legal. Its
// state is its own (nothing outside the package reaches it but as a copy,
// Snapshot, by value, Units, or read-only, Enemies), changed only by its
// methods, which play the rules: a game is made only by New, Resume or a
// Session. It is not safe for concurrent use; games of one world may run
// concurrently.
type Game struct {
	w  *world.World
	st *state.State
	// Entries: the S? the mission schedules enter (SASL 4.2); false plays
	// the Human Waves alone (sasl wave).
	entries bool
	hw      *ai.Enemy
	seeded  *dice.SeededRoller
	// res resolves the attacks of both sides (with a FRIENDLY policy of
	// the engine's) and keeps VPO Control; pol decides for the FRIENDLY
	// side; dec is its decision.
	res *combat.Resolver
	pol policy.Policy
	dec policy.Decision
	// acted: the units that acted at the decision under way (askPolicy);
	// actedFn its Skip (skipActed).
	acted   []*state.Unit
	actedFn func(*state.Unit) bool
	// moving is the FRIENDLY stack that has just entered the Location
	// the ENEMY First Fires at in the FRIENDLY MPh (move), for Fire: the
	// movement DRM is against them only (ASL A4.6).
	moving []*state.Unit
	// backup is the state a turn that fails goes back to, slab the S? of
	// the setup: both reused from game to game.
	backup state.Snapshot
	slab   []state.Unit
	// scratch: a simulation's game (Blank), which keeps neither the
	// dice's trail and state in its state nor a backup of a turn: no
	// file is written of it, and a turn that fails ends its use (it
	// plays again only from Start).
	scratch bool
	// enemyOnly skips the FRIENDLY Player Turn: BenchmarkGame's baseline,
	// the Game Turn as the engine played it before it played both.
	enemyOnly bool
	// yield stops a player game for the player (a Session's; nil plays on
	// past every stop as the hold policy would); stops says which stops it
	// is asked at.
	yield     func(*Stop) bool
	stops     Stops
	inSession bool
	// passed: the player passed at the stop the game stood at (the engine
	// decides it as hold does).
	passed bool
	// actedHere: the player acted at the stop the game stands at (a fire,
	// a move, a rout, a report), before going on with next (report.GoOn).
	actedHere bool
	// lastAsk is the move of the last First Fire stop the player was
	// asked at, and its Location: the stack met again on the same move
	// moved on from there (report.MovesOn).
	lastAsk struct {
		move askedMove
		at   board.Location
	}
	// holdMove is the move the player holds their fire at for the rest of
	// it (next --hold-move), lastAsk's as it stood at that stop; told
	// (report.GoOn) when the game goes on from it.
	holdMove struct {
		move     askedMove
		on, told bool
	}
}

// Report is what happened in one step of the game: its events, valid
// until the game is started again (Start).
type Report struct {
	Turn   int
	Events []report.Event
	// Dice are the rolls of the step, in order.
	Dice []dice.Roll
}

// ErrOver is the error of playing a game past the mission's last turn.
var ErrOver = errors.New("the game is over")

// New starts a game of world w: the FRIENDLY units and VPOs of the
// mission, and the ENEMY S? of its setup (SASL 4.1), each placed S? a
// unit. hdr names the mission and holds the seed of the dice (HasSeed);
// setup rolls come from script if it is not nil (the player's own dice),
// else from the seed.
func New(w *world.World, hdr state.Game, script dice.Roller) (*Game, *ai.Setup, error) {
	g := &Game{w: w}
	setup, err := g.Start(hdr, script)
	if err != nil {
		return nil, nil, err
	}
	return g, setup, nil
}

// Blank is a game of world w not yet set up: Start sets it up, and sets
// it up again for the next game (a simulation's worker plays its games
// one after the other in one Game). It is a simulation's game: its state
// keeps no dice trail nor the dice's state (nothing writes it to a file),
// and a Turn that fails leaves it as far as it got, to be Started again.
func Blank(w *world.World) *Game { return &Game{w: w, scratch: true} }

// Start starts g over as a new game of its world (see New), keeping its
// storage: a simulation plays its games one after the other in one Game,
// allocating little once the first has grown it. The Reports and Setup of
// the game before are no longer valid.
func (g *Game) Start(hdr state.Game, script dice.Roller) (*ai.Setup, error) {
	if !hdr.HasSeed {
		return nil, errors.New("game: a new game needs the seed of its dice")
	}
	initial, err := g.w.Initial()
	if err != nil {
		return nil, err
	}
	hdr.Trail, hdr.RNG = nil, ""
	if hdr.Policy == "" {
		hdr.Policy = PolicyPlayer
	}
	if _, err := ParsePolicy(string(hdr.Policy)); err != nil {
		return nil, err
	}
	hdr.Stopped, hdr.LegacyAsked, hdr.Journal = nil, "", nil
	hdr.Plain = true // played turn by turn; a Session keeps a journal instead
	st := initial.CloneInto(g.st)
	st.Game = hdr
	st.Phase = state.RPh
	st.Player, st.HasPlayer = g.w.Mission().First, true
	g.st, g.entries = st, true
	if g.seeded == nil {
		g.seeded = dice.Seeded(hdr.Seed)
	} else {
		g.seeded.Reset(hdr.Seed)
	}
	if err := g.start(); err != nil {
		return nil, err
	}
	r := g.roller(script)
	g.hw.Roll(r)
	setup, err := g.hw.Place()
	if err != nil {
		return nil, err
	}
	if cap(g.slab) < len(setup.Placements) {
		g.slab = make([]state.Unit, len(setup.Placements)) // one allocation for the setup's units
	}
	g.slab = g.slab[:len(setup.Placements)]
	ids := g.w.SetupIDs(len(setup.Placements)) // S1, S2, ... but the mission's own
	for i, pl := range setup.Placements {
		g.slab[i] = state.Unit{ID: ids[i], Side: state.Enemy, Kind: state.SQ,
			Case: byte(pl.Case), Crest: pl.Crest, Facing: pl.Facing}
		st.Add(&g.slab[i], pl.Location)
	}
	g.close(r, 0)
	g.hw.Roll(g.seeded)
	return setup, nil
}

// start sets up the engines of the game's sides on its state, keeping
// those it has.
func (g *Game) start() error {
	if g.hw == nil {
		g.hw = ai.New(g.w, g.seeded, g.st)
	} else {
		g.hw.Reset(g.seeded, g.st)
	}
	if g.res == nil {
		g.res = combat.New(g.w, g.hw.Log())
		g.res.Reveal = g.hw.Reveal
	}
	g.res.Reset(g.st, g.seeded)
	if g.pol == nil || g.pol.Name() != policyOf(g.st) {
		p, err := policy.New(g.st.Policy, g.w)
		if err != nil {
			return err
		}
		g.pol = p
	}
	g.hw.Res = nil
	if g.resolves() {
		g.hw.Res = g
	}
	return nil
}

// resolves reports whether the engine resolves the attacks of the game
// and decides for the FRIENDLY side where the player does not: in a game
// the engine plays on both sides, and in a Session. A player game played
// out of a Session (sasl wave) leaves the FRIENDLY side to the player, who
// resolves by hand and reports between Game Turns.
func (g *Game) resolves() bool { return !g.player() || g.inSession }

// player reports whether the player plays the FRIENDLY side.
func (g *Game) player() bool { return policyOf(g.st) == PolicyPlayer }

// Policy is who plays the FRIENDLY side of the game (PolicyHold,
// PolicyAttack, PolicyPlayer; a file of an earlier sasl without one is
// PolicyPlayer).
func (g *Game) Policy() state.Policy { return policyOf(g.st) }

func policyOf(st *state.State) state.Policy {
	p, _ := policy.Parse(string(st.Policy))
	return p
}

// Resume goes on with a game in state st (a game file, or a plain state
// such as sasl wave's): its dice roll on from the generator's state the
// file holds, or from its seed.
//
// The game plays on a copy of st: changing st afterwards changes nothing
// of the game.
func Resume(w *world.World, st *state.State) (*Game, error) {
	st = st.Clone()
	g := &Game{w: w, st: st, entries: true}
	switch {
	case st.RNG != "":
		r, err := dice.Resume(st.RNG)
		if err != nil {
			return nil, fmt.Errorf("game: rng: %w", err)
		}
		g.seeded = r
	case st.HasSeed:
		g.seeded = dice.Seeded(st.Seed)
	default:
		return nil, errors.New("game: the state has neither a seed nor the state of its dice (rng)")
	}
	if _, err := ParsePolicy(string(st.Policy)); err != nil {
		return nil, err
	}
	if !st.HasPlayer {
		st.Player, st.HasPlayer = w.Mission().First, true
	}
	if err := g.start(); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Game) roller(script dice.Roller) dice.Roller {
	if script != nil {
		return script
	}
	return g.seeded
}

// close ends a step: its dice, if it rolled any, join the trail; the
// generator's state is kept.
func (g *Game) close(r dice.Roller, from int) []dice.Roll {
	rolls := r.Trail()[from:]
	if g.scratch {
		return rolls
	}
	if len(rolls) > 0 {
		g.st.Trail = append(g.st.Trail, dice.Script(rolls))
	}
	g.st.RNG = g.seeded.State()
	return rolls
}

// LastTurn is the mission's last turn (99 for a mission that does not say).
func (g *Game) LastTurn() int {
	if t := g.w.Mission().Turns; t > 0 {
		return t
	}
	return state.MaxTurn - 1
}

// Over reports whether the mission's last turn has been played.
func (g *Game) Over() bool { return g.st.Turn > g.LastTurn() }

// Turn plays on to the end of the Game Turn under way: both Player Turns
// (ASL A3), in the order the mission says (first:), each phase by phase:
//
//   - the ENEMY Player Turn: RPh (both sides rally; the S? the mission
//     schedules enter, 4.2; its Human Waves, 4.31), MPh (joins and the chain
//     rule, 4.323; Human Wave movement with Activation and generation,
//     4.32-4.35, FRIENDLY First Fire; then the entering S?), DFPh (FRIENDLY
//     fire), AFPh (4.36), APh (4.322, release and Recovery, 4.33, 4.37),
//     CCPh;
//   - the FRIENDLY Player Turn: RPh (rally), PFPh, MPh (FRIENDLY moves; S?
//     that see a moving unit are Activated, ENEMY units First Fire, 4.36),
//     DFPh (ENEMY fire, 4.36), AFPh, APh, CCPh.
//
// The FRIENDLY side is decided by the game's policy (package policy), and
// the engine resolves every attack and Close Combat (package combat). A
// player game stops where the player decides, and is resolved, only in a
// Session; played here the FRIENDLY side is left to the player, who
// reports between Game Turns (sasl wave). Dice come from
// script if it is not nil, else from the game's own seeded dice. A turn
// that fails leaves the game as it was.
func (g *Game) Turn(script dice.Roller) (*Report, error) {
	return g.play(script, toTurnEnd)
}

// RPh plays on to the end of the next ENEMY RPh (the S? that enter are set
// up off the map): the game then stands before that Player Turn's PFPh.
func (g *Game) RPh(script dice.Roller) (*Report, error) {
	return g.play(script, toEnemyRPh)
}

// Phase plays the one phase the game stands before (or the rest of it,
// after a stop for the player) and stops: the game then stands before the
// next phase, of this Player Turn or the next. A game played phase by
// phase plays exactly as one played turn by turn.
func (g *Game) Phase(script dice.Roller) (*Report, error) {
	return g.play(script, onePhase)
}

// until says where play stops.
type until uint8

const (
	toTurnEnd  until = iota // the end of the Game Turn under way
	toEnemyRPh              // the end of the next ENEMY RPh
	onePhase                // the end of the phase under way
)

func (g *Game) play(script dice.Roller, stop until) (*Report, error) {
	if g.Over() {
		return nil, fmt.Errorf("%w: turn %d was the mission's last", ErrOver, g.LastTurn())
	}
	st := g.st
	if !g.scratch {
		st.Take(&g.backup)
	}
	mark := g.seeded.Mark()
	r := g.roller(script)
	from := len(r.Trail())
	log := g.hw.Log()
	start := log.Len()
	g.hw.Roll(r)
	g.res.Reset(st, r)
	first := g.w.Mission().First
	turn := st.Turn
	rep := &Report{Turn: turn}
	for st.Turn == turn {
		side, ph := st.Player, max(st.Phase, state.RPh)
		var err error
		if !g.enemyOnly || side == state.Enemy {
			err = g.phase(side, ph)
		}
		if err != nil && g.scratch {
			return nil, err
		}
		if err != nil {
			st.Restore(&g.backup)
			g.seeded.Back(mark)
			g.hw.Roll(g.seeded)
			g.res.Reset(st, g.seeded)
			log.Truncate(start)
			return nil, err
		}
		switch {
		case ph < state.CCPh:
			st.Phase = ph + 1
		case side == first:
			st.Player, st.Phase = combat.Other(first), state.RPh
		default:
			st.Player, st.Phase = first, state.RPh
			st.Turn++
		}
		if stop == onePhase || stop == toEnemyRPh && side == state.Enemy && ph == state.RPh {
			break
		}
	}
	rep.Events = log.Since(start)
	rep.Dice = g.close(r, from)
	g.hw.Roll(g.seeded)
	g.res.Reset(st, g.seeded)
	return rep, nil
}

// phase plays one phase of side's Player Turn: the ENEMY procedures, the
// FRIENDLY policy's decisions and, when the engine resolves them, the
// combat of the phase; then VPO Control.
func (g *Game) phase(side state.Side, ph state.Phase) error {
	g.hw.Log().Phase, g.hw.Log().Player = ph, side
	st := g.st
	if ph == state.RPh {
		turn := side == g.w.Mission().First // a new Game Turn (SASL 6.21: Panic lasts to its end)
		for _, u := range st.Units() {      // a new Player Turn
			u.Fired, u.FinalFire, u.Moved, u.Advanced, u.Pinned, u.Routed = false, false, false, false, false, false
			u.Command = state.NoCommand
			if turn {
				u.Panicked = false
			}
		}
	}
	still := g.w.Tables().Activation.Still.Value
	if ph == state.MPh && still == tables.StillMPh {
		// The fixed check of S? and FRIENDLY units standing still
		// (activation.still), before anything moves.
		if err := g.hw.Standing(); err != nil {
			return err
		}
	}
	// The player acts at the stop before the phase; what they do not
	// decide there the hold policy does.
	took, err := g.stopBefore(side, ph)
	if err != nil {
		return err
	}
	if ph == state.RPh && g.resolves() {
		if err := g.res.Recombine(); err != nil { // SASL 7.5: as the RPh begins
			return err
		}
		if err := g.res.Rally(!took); err != nil {
			return err
		}
		g.res.EndDM(side) // ASL A10.62: at the end of the owner's RPh
	}
	if !took {
		if err := g.decide(side, ph); err != nil {
			return err
		}
	}
	switch {
	case ph == state.RtPh:
		err = g.routPhase(side)
	case side == state.Enemy:
		err = g.enemyPhase(ph)
	case ph == state.DFPh:
		err = g.hw.Defend()
	case ph == state.CCPh && g.resolves():
		err = g.res.CloseCombat()
	}
	if err != nil {
		return err
	}
	if ph == state.MPh { // Residual FP lasts the MPh (ASL A8.2)
		st.Residual = st.Residual[:0]
	}
	g.res.Control()
	if ph == state.CCPh && still == tables.StillTurnEnd {
		// The fixed check of S? and FRIENDLY units standing still
		// (activation.still): the Player Turn ends.
		return g.hw.Standing()
	}
	return nil
}

// enemyPhase plays a phase of the ENEMY Player Turn.
func (g *Game) enemyPhase(ph state.Phase) error {
	if ph == state.CCPh && g.resolves() {
		if err := g.res.CloseCombat(); err != nil {
			return err
		}
	}
	return g.hw.Play(ph, g.entries)
}

// Write writes the game file.
func (g *Game) Write(w io.Writer) error { return g.st.Write(w, g.w.Map()) }

// TurnStop is where the game stands between Game Turns: the start of the
// one to play, or over after the mission's last (a Session's stop there,
// and the only stop of a game played turn by turn).
func (g *Game) TurnStop() *Stop {
	st := g.st
	if g.Over() {
		return &Stop{Kind: state.Over, Turn: st.Turn}
	}
	return &Stop{Kind: state.TurnStart, Turn: st.Turn, Player: st.Player, Phase: st.Phase}
}

// Journaled reports whether the game keeps a journal of its steps (a game
// set up by Begin): then it plays on step by step in a Session
// (OpenSession); a plain game (sasl enter or wave --save) plays turn by
// turn.
func (g *Game) Journaled() bool { return len(g.st.Journal) > 0 }

// World is the mission's world the game is played in (read-only, shared).
func (g *Game) World() *world.World { return g.w }

// Snapshot is a copy of the game's state (its units, VPO, dice and
// journal) to read: changing it changes nothing of the game. It costs a
// copy of every unit; Units reads them without one.
func (g *Game) Snapshot() *state.State {
	c := g.st.Clone()
	c.Journal = slices.Clone(c.Journal)
	c.Trail = slices.Clone(c.Trail)
	c.Stopped = c.Stopped.Clone()
	return c
}

// Units are the game's units in order (the ENEMY's, then the FRIENDLY
// side's), by value: for reading at no allocation (a simulation's tallies).
func (g *Game) Units() iter.Seq[state.Unit] {
	return func(yield func(state.Unit) bool) {
		for _, u := range g.st.Units() {
			if !yield(*u) {
				return
			}
		}
	}
}

// Enemies are the game's ENEMY units in order, by pointer into the game
// for a simulation's tallies of every Game Turn, which would otherwise copy
// every unit of both sides (Units); the caller must not change them.
func (g *Game) Enemies() iter.Seq[*state.Unit] {
	return func(yield func(*state.Unit) bool) {
		for _, u := range g.st.OfSide(state.Enemy) {
			if !yield(u) {
				return
			}
		}
	}
}

// Unit is the game's unit id, by value.
func (g *Game) Unit(id string) (state.Unit, bool) {
	if u := g.st.Unit(id); u != nil {
		return *u, true
	}
	return state.Unit{}, false
}

// Clock is where the game stands in the turn order: the Game Turn being
// played or next to play, whose Player Turn is under way and the next
// phase of it.
func (g *Game) Clock() (turn int, player state.Side, phase state.Phase) {
	return g.st.Turn, g.st.Player, g.st.Phase
}

// Header is the game's header (mission, boards, tables, seed, policy,
// journal) as its file says it, a copy.
func (g *Game) Header() state.Game {
	h := g.st.Game
	h.Journal, h.Trail, h.Stopped = slices.Clone(h.Journal), slices.Clone(h.Trail), h.Stopped.Clone()
	return h
}

// WavesOnly makes the game play the Human Waves alone, without the S? the
// mission schedules to enter (sasl wave).
func (g *Game) WavesOnly() { g.entries = false }
