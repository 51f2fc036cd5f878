package ai

import (
	"github.com/sasl-engine/sasl/act"
	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// Enemy plays the ENEMY side of one game of a mission's world: its setup
// (SASL 4.1), S? entering (4.2) and the SASL Human Waves (4.3). Everything
// it knows of the game is in the state.State it plays on (a unit's wave,
// lane, entering edge), so a game resumed from its file plays exactly as
// one played straight on; what does not change between games is the
// world's. It holds one game's scratch buffers, reused every turn and from
// game to game (Reset). It is not safe for concurrent use; the Enemies of
// one world may play at once.
type Enemy struct {
	w  *world.World
	m  *board.Map
	ms *missions.Mission
	t  *tables.Set
	h  *tables.HumanWave
	r  dice.Roller
	st *state.State

	plan planScratch  // place.go
	ent  entryScratch // entry.go
	act  attitude     // attitude.go

	// log: the events of the game's turns.
	log report.Log

	// Human Waves (wave*.go).
	s    *pathing.Search
	near pathing.Field
	// units: the storage of the units that come into play, in chunks
	// reused from game to game (newUnit); stacks: the lists of units of a
	// phase's moves (keep); trip: the steps and notes of the move under
	// way; gen: an Activation's rolls, units and ID.
	units  [][]state.Unit
	nunits int
	stacks []*state.Unit
	sq     []*state.Unit     // the S? a check walks (checkAll, activateAdvanced)
	byAt   []knownAt         // checkAll's Locations of the units checked against
	act1   report.Activation // what Activated the S? of a check (check)
	toward []world.Toward    // activation's lines toward the FRIENDLY units checked
	still  stillMemo         // the last Standing's checks (standing)
	// actRow: the Activation table's row of the world, by name
	// (activationRow).
	actRow struct {
		name  string
		cells []tables.ActivationCell
		ok    bool
	}
	single [1]*state.Unit // a stack of one, for the stacking checks
	// waveSteps, waveArcs and aheads: what a Human Wave's steps weigh
	// that no game changes, by graph node and by hex (wave_step.go).
	waveSteps []waveStep
	waveArcs  []waveArc
	aheads    []aheadNext
	// walks: the records of the moves under way (act.WalkByInto), by
	// depth (a move within a move's reactions has its own), reused.
	walks     []*act.Walked
	walkDepth int
	waveSc    [][]*state.Unit // wavesNow's members of each Human Wave
	// checkSc: actionChecks' groups (their units' storage kept) and a
	// Fire Command's units within reach (action.go).
	checkSc struct {
		groups []checkGroup
		in     []*state.Unit
	}
	fireAt []board.Location // choose's
	fgLocs []fgLoc          // fireGroup's Locations
	fgFrom []board.Location // fireGroup's Locations that fire
	// moving, movedTo and motion: the FRIENDLY stack whose step
	// Acted answers, where it moved to and how (its FFNAM/FFMO
	// count in the Activation table's Final DRM).
	moving  []*state.Unit
	movedTo board.Location
	motion  combat.Motion
	// moves: the ENEMY MPh's moves are under way; fired: the FRIENDLY
	// units that fired at its movers meanwhile (firedBy), whose Activation checks
	// wait for the moves to end (Acted, firedChecks).
	moves   bool
	firedBy []*state.Unit
	// groups forms fire groups of contiguous Locations (ASL A7.5);
	// inRange, fg, left: the units that could fire at a Target, the group
	// that fires, those left.
	groups            combat.Grouper
	inRange, fg, left []*state.Unit
	// shooters: fireGroups' units that may fire; finalSc: finalFire's,
	// and those ADJACENT to its Target.
	shooters []*state.Unit
	finalSc  struct{ shooters, adjacent []*state.Unit }
	trip     struct {
		steps []pathing.Step
		notes []report.Note
		kept  []*state.Unit
		// revealed: the S? an attack Activated during the First Fire
		// of the step under way, each with the units it became (fired).
		revealed []revealed
	}
	gen struct {
		rolls []report.Roll
		made  []report.Made
		// excess: the units beyond the stacking limit (generate)
		excess []report.Made
		id     []byte
		out    []*state.Unit
	}
	// adv: the APh's and the chain rule's lists of a wave's units
	adv struct {
		units []*state.Unit
		at    []hex.Hex
		mm    []int
		moved []bool
	}
	// chainSc: chain's hexes, their groups, each unit's group and the
	// groups told.
	chainSc struct {
		hexes  []hex.Hex
		clu    pathing.Clusterer
		of     []int32
		groups []report.ChainGroup
	}
	scratch struct { // chainScore's: chainBase's lists, chainMoved's
		hx                        []hex.Hex
		cube                      [][2]int
		parent, hexes, mmc, units []int
		of                        []int
		pairs                     [][2]int
		wmmc, wunits              []int
	}
	try chainTry // the APh search's tries of one unit (tryFrom)
	// mv: move's lists of the units that move by wave, and the VPOs
	// claimed by a detour (SASL 4.32).
	mv struct {
		waves   []waveUnits
		units   []*state.Unit
		claimed []board.Location
	}
	// moved: the steps of each unit's move this MPh, for those that
	// follow in its tracks (SASL 4.33).
	moved map[*state.Unit][]pathing.Step
	// Res resolves the FRIENDLY side's First Fire and the ENEMY fire
	// groups' attacks; nil leaves them to the player.
	Res Resolver
}

// New returns the ENEMY side of a game of world w over state st with dice
// r. st may be nil for a setup or an entry alone.
func New(w *world.World, r dice.Roller, st *state.State) *Enemy {
	e := &Enemy{w: w, m: w.Map(), ms: w.Mission(), t: w.Tables(), h: w.HumanWave(), s: w.Graph().NewSearch()}
	e.Reset(r, st)
	return e
}

// Reset sets the engine on another game, keeping its buffers; the log of
// the last game is emptied.
func (e *Enemy) Reset(r dice.Roller, st *state.State) {
	e.r, e.st = r, st
	e.log.Reset()
	e.moves, e.firedBy = false, e.firedBy[:0]
	e.still.ok = false
	clear(e.still.clear) // units of the last game
	e.still.clear = e.still.clear[:0]
	clear(e.moved)
	for _, c := range e.units {
		clear(c)
	}
	e.nunits = 0
	e.walkDepth = 0 // a game that failed in a move may have left it above
	for _, w := range e.walks {
		w.Forget()
	}
}

// unitChunk is how many units a chunk of newUnit holds.
const unitChunk = 64

// newUnit returns a unit to bring into play, from storage kept from game
// to game: a game's units are the engine's until its next Reset.
func (e *Enemy) newUnit() *state.Unit {
	c, i := e.nunits/unitChunk, e.nunits%unitChunk
	if c == len(e.units) {
		e.units = append(e.units, make([]state.Unit, unitChunk))
	}
	e.nunits++
	return &e.units[c][i]
}

// keep returns units as a list of their own, in storage reused from phase
// to phase: valid until the next phase.
func (e *Enemy) keep(units ...*state.Unit) []*state.Unit {
	n := len(e.stacks)
	e.stacks = append(e.stacks, units...)
	return e.stacks[n:len(e.stacks):len(e.stacks)]
}

// Roll sets the dice the engine rolls from now on.
func (e *Enemy) Roll(r dice.Roller) { e.r = r }

// Log returns the log the engine adds the events of its turns to: a game
// adds the FRIENDLY side's to it too.
func (e *Enemy) Log() *report.Log { return &e.log }

// World returns the world the engine plays in.
func (e *Enemy) World() *world.World { return e.w }

// hexName is the A2.2 name of a hex.
func (e *Enemy) hexName(h hex.Hex) string { return e.m.NameString(h) }

// walkBy carries out an ENEMY move (act.WalkByInto) through a record
// reused from move to move, one per depth of moves under way (a move
// within a move's reactions has its own), and returns it: its Refused
// and On are the move's until the next move at that depth.
func (e *Enemy) walkBy(stack []*state.Unit, m act.Motion, budget int, mf func([]*state.Unit) int, next act.Next, react act.Reaction) (*act.Walked, error) {
	if e.walkDepth == len(e.walks) {
		e.walks = append(e.walks, new(act.Walked))
	}
	w := e.walks[e.walkDepth]
	e.walkDepth++
	err := act.On(e.w, e.st).WalkByInto(w, stack, m, budget, mf, next, react)
	e.walkDepth--
	return w, err
}
