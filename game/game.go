// Package game plays one SASL game from setup to the last turn: the ENEMY
// side's procedures in rule order over a state.State that is the whole
// game, so that a game written to its file and read back plays on exactly
// as one played straight through.
//
//	w, _ := game.Prepare(ms, m, t)            // once per mission
//	g, setup, _ := game.New(w, hdr, nil)      // SASL 4.1 setup
//	for !g.Over() {
//		rep, _ := g.Turn(nil)                 // one Game Turn, ENEMY side
//	}
//	g.Write(out)                              // the game file
//
// What one game changes (its state, its dice, its search buffers) is the
// Game's; what does not change between games of a mission (the map, the
// Human Wave movement graph and its flow field to the FBE, the candidates
// of setup and entry, line of sight) is the mission's world.World, built
// once and shared read-only by any number of games.
package game

import (
	"errors"
	"fmt"
	"io"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
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

// Game is one game in play. It is not safe for concurrent use; games of
// one world may run concurrently.
type Game struct {
	W     *world.World
	State *state.State
	// Entries: the S? the mission schedules enter (SASL 4.2); false plays
	// the Human Waves alone (sasl wave).
	Entries bool
	hw      *ai.Enemy
	seeded  *dice.SeededRoller
	combat  *combat
	// backup is the state a turn that fails goes back to, slab the S? of
	// the setup: both reused from game to game.
	backup state.Snapshot
	slab   []state.Unit
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
	g := &Game{W: w}
	setup, err := g.Start(hdr, script)
	if err != nil {
		return nil, nil, err
	}
	return g, setup, nil
}

// Start starts g over as a new game of its world (see New), keeping its
// storage: a simulation plays its games one after the other in one Game,
// allocating little once the first has grown it. The Reports and Setup of
// the game before are no longer valid.
func (g *Game) Start(hdr state.Game, script dice.Roller) (*ai.Setup, error) {
	if !hdr.HasSeed {
		return nil, errors.New("game: a new game needs the seed of its dice")
	}
	initial, err := g.W.Initial()
	if err != nil {
		return nil, err
	}
	hdr.Trail, hdr.RNG = nil, ""
	if hdr.Policy == "" {
		hdr.Policy = PolicyPlayer
	}
	if _, err := ParsePolicy(hdr.Policy); err != nil {
		return nil, err
	}
	st := initial.CloneInto(g.State)
	st.Game = hdr
	st.Phase = state.RPh
	g.State, g.Entries = st, true
	if g.seeded == nil {
		g.seeded = dice.Seeded(hdr.Seed)
	} else {
		g.seeded.Reset(hdr.Seed)
	}
	g.start()
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
	ids := g.W.SetupIDs(len(setup.Placements)) // S1, S2, ... but the mission's own
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
func (g *Game) start() {
	if g.hw == nil {
		g.hw = ai.New(g.W, g.seeded, g.State)
	} else {
		g.hw.Reset(g.seeded, g.State)
	}
	g.hw.Res = nil
	if g.State.Policy != PolicyHold {
		g.combat = nil
		return
	}
	if g.combat == nil {
		g.combat = newCombat(g)
	} else {
		clear(g.combat.fired) // its scratch lists kept from the game before
	}
	g.hw.Res = g.combat
}

// Resume goes on with a game in state st (a game file, or a plain state
// such as sasl wave's): its dice roll on from the generator's state the
// file holds, or from its seed.
func Resume(w *world.World, st *state.State) (*Game, error) {
	g := &Game{W: w, State: st, Entries: true}
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
	if _, err := ParsePolicy(st.Policy); err != nil {
		return nil, err
	}
	g.start()
	return g, nil
}

func (g *Game) roller(script dice.Roller) dice.Roller {
	if script != nil {
		return script
	}
	return g.seeded
}

// close ends a step: its dice join the trail, the generator's state is
// kept.
func (g *Game) close(r dice.Roller, from int) []dice.Roll {
	rolls := r.Trail()[from:]
	g.State.Trail = append(g.State.Trail, dice.Script(rolls))
	g.State.RNG = g.seeded.State()
	return rolls
}

// LastTurn is the mission's last turn (99 for a mission that does not say).
func (g *Game) LastTurn() int {
	if t := g.W.Mission().Turns; t > 0 {
		return t
	}
	return state.MaxTurn - 1
}

// Over reports whether the mission's last turn has been played.
func (g *Game) Over() bool { return g.State.Turn > g.LastTurn() }

// Turn plays the next Game Turn in rule order: RPh (the S? the mission
// schedules enter, 4.2; its Human Waves, 4.31), MPh (joins and the chain
// rule, 4.323; Human Wave movement with Activation and generation,
// 4.32-4.35; then the entering S?), AFPh (4.36), APh (4.322, release and
// Recovery, 4.33, 4.37). With PolicyHold the engine plays the FRIENDLY
// side too: both sides rally in the RPh, FRIENDLY units First Fire in the
// MPh and fire in the DFPh, every attack is resolved, and Close Combat is
// fought in the CCPh. Dice come from script if it is not nil, else from
// the game's own seeded dice. A turn that fails leaves the game as it was.
func (g *Game) Turn(script dice.Roller) (*Report, error) {
	return g.play(script, state.RPh, state.CCPh)
}

// RPh plays only the RPh of the next Game Turn (the S? that enter are set
// up off the map): the game then stands before that turn's MPh.
func (g *Game) RPh(script dice.Roller) (*Report, error) {
	return g.play(script, state.RPh, state.RPh)
}

func (g *Game) play(script dice.Roller, first, last state.Phase) (*Report, error) {
	if g.Over() {
		return nil, fmt.Errorf("%w: turn %d was the mission's last", ErrOver, g.LastTurn())
	}
	st := g.State
	st.Take(&g.backup)
	mark := g.seeded.Mark()
	r := g.roller(script)
	from := len(r.Trail())
	log := g.hw.Log()
	start := log.Len()
	g.hw.Roll(r)
	for ph := max(st.Phase, first); ph <= last; ph++ {
		if err := g.phase(ph, r); err != nil {
			st.Restore(&g.backup)
			g.seeded.Back(mark)
			g.hw.Roll(g.seeded)
			log.Truncate(start)
			return nil, err
		}
	}
	rep := &Report{Turn: st.Turn, Events: log.Since(start)}
	if last == state.CCPh {
		st.Turn++
		st.Phase = state.RPh
	} else {
		st.Phase = last + 1
	}
	rep.Dice = g.close(r, from)
	g.hw.Roll(g.seeded)
	return rep, nil
}

// phase plays one phase: the ENEMY procedures, and with a FRIENDLY policy
// the FRIENDLY side's and the combat of the phase.
func (g *Game) phase(ph state.Phase, r dice.Roller) error {
	g.hw.Log().Phase = ph
	c := g.combat
	if c == nil {
		return g.hw.Play(ph, g.Entries)
	}
	c.r = r
	var err error
	switch ph {
	case state.RPh:
		clear(c.fired) // a new ENEMY Player Turn
		err = c.rally()
	case state.DFPh:
		err = c.defensiveFire()
	case state.CCPh:
		err = c.closeCombat()
	}
	if err != nil {
		return err
	}
	if err := g.hw.Play(ph, g.Entries); err != nil {
		return err
	}
	c.control()
	return nil
}

// Write writes the game file.
func (g *Game) Write(w io.Writer) error { return g.State.Write(w, g.W.Map()) }
