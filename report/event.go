package report

import (
	"fmt"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// Kind is what an Event is.
type Kind uint8

//go:generate go run golang.org/x/tools/cmd/stringer@v0.39.0 -type=Kind -linecomment

// The kinds of events. After each, what of the Event it fills beyond
// Phase, Kind and Units (the units concerned, in order).
const (
	// ENEMY S? set up off the map to enter (SASL 4.2): Edge, Hexes (the
	// entry hex), Entry, Rolls.
	Arrive Kind = iota // arrive
	// A Human Wave sets up off the map (SASL 4.31): Wave, Edge, Hexes (the
	// entrance hexes, a unit each), Direction, Pairs, Rolls.
	WaveEntry // wave_entry
	// An S? enters the map and stops (4.2): Edge, Steps.
	Enter // enter
	// Units move together (4.32): Steps, Edge (the edge an entry crosses),
	// Lead (whose tracks they follow, 4.33), Notes.
	Move // move
	// A stack stops before an obstacle to follow in the tracks of a unit
	// of its wave (4.33): At, Obstacle.
	Delay // delay
	// An S? is Activated and becomes units: a Human Wave S? by Table x10
	// (4.34, 4.35): At, Activation, Made, Rolls (x10, then x3); any other
	// S?, not a dummy by its AC dr (SASL 5.1), by its nationality's unit
	// generation table (SASL 5; policy.setup_s sasl5): also AC, and Rolls
	// (the AC dr, the generation dr, then x3).
	Activate // activate
	// Units leave Human Wave movement (4.33): At, Cause, Obstacle.
	Release // release
	// Units exit off the FBE (4.323): At (where they left from).
	Exit // exit
	// A unit joins a Human Wave (4.323): Wave, At.
	Join // join
	// A Human Wave's chain at the start of its MPh (4.323): Wave, Chains.
	Chain // chain
	// A Human Wave fire group fires (4.36): Wave, Fire.
	Fire // fire
	// A Human Wave unit advances to close a gap (4.322): Steps, Count
	// (units in chains now), Was (before), Groups, WasGroups.
	Gap // gap
	// A Human Wave unit advances toward a Target (4.322): Steps, Target,
	// TargetAt.
	Advance // advance
	// A side takes Control of a VPO: At; Units the unit that took it (a
	// Human Wave unit advancing), or none and Side (A26.11).
	Control // control
	// A Human Wave MMC attempts Recovery of a SW (4.37): At, SW.
	Recover // recover
	// What sasl plays for the FRIENDLY side and the dice of combat (a game
	// with a FRIENDLY policy, sasl sim):

	// FRIENDLY units First Fire (A8.1): Fire (with its roll and result).
	FirstFire // first_fire
	// FRIENDLY units fire in the DFPh (A3.5): Fire.
	DefensiveFire // defensive_fire
	// An ENEMY fire group's attack on the IFT (A7): Fire; Units the
	// units attacked.
	Result // ift_result
	// A unit passes its Morale Check, or fails to rally (Cause): At, Dice.
	Morale // morale_check
	// A unit breaks (A10): At, Cause, Dice, Other (the Human Wave it
	// leaves).
	Break // break
	// A unit is pinned (A7.8): At, Cause (PinTask: a failed PTC; AtML: a
	// MC passed with a Final DR equal to the ML), Dice.
	Pinned // pin
	// A squad is Casualty Reduced to a half-squad (A7.302): At, Cause,
	// Dice, Type (the half-squad).
	Reduce // casualty_reduction
	// A unit is eliminated: At, Cause, Dice, Unit (its kind).
	Eliminate // eliminate
	// A broken unit rallies (A10.6): At, Dice.
	Rally // rally
	// One side's Close Combat attack in a Location (A11): At, Side, Odds,
	// Dice (Need: the Kill Number).
	CloseCombat // close_combat
	// FRIENDLY units Prep Fire (A3.3): Fire.
	PrepFire // prep_fire
	// Units fire in the AFPh after moving or not (A7.25; the ENEMY's are
	// Fire): Fire.
	AdvancingFire // advancing_fire
	// FRIENDLY units advance one Location in the APh (A4.7): Steps.
	AdvanceInto // advance_into
	// The player reports what became of a FRIENDLY unit (sasl play set):
	// At, Other (broken, pinned, good, known, hidden).
	Reported // reported
	// The player passes at a stop: the engine decides it as the hold
	// policy does. At and Units: the moving stack of a First Fire stop.
	Pass // pass
	// A decision the game did not stop for (sasl play --stop): the engine
	// decides it as the hold policy does. At, Units as Pass; Other: the
	// stop mode.
	Unasked // unasked
	// A Human Wave stack cannot enter its entrance hex, which is full (ASL
	// A5.1): it waits off the map to enter in its next MPh. At, Edge.
	EntryFull // entry_full

	// The steps of the ENEMY setup (SASL 4.1) and of entry (4.2), told in
	// the procedure's log:

	// A VPO on a bridge no land hex reaches takes no S? (4.1c/d): At.
	NoBridge // no_bridge
	// A case begins: Case.
	CaseBegins // case
	// Table A9e decides the S? Locations of a built-up hex (4.12): At,
	// Dice (DR: the dr), Levels; Cause Reroll when they hold no VPO.
	A9e // a9e
	// A woods Location of a woods board takes no S? (4.13): At, Case,
	// Board, Dice.
	Woods413 // woods_413
	// A board's dr for the parity of case b (4.1b): Board, Dice.
	Parity // parity
	// A board's Letter Chits (4.1e, Table A6d): Board, Dice, Count.
	LetterChits // letter_chits
	// A chit's placement hex and radius placed Count S? (4.1e): Board,
	// Chit, At, Radius.
	ChitPlaced // chit_placed
	// A chit that placed Count <= 2 S? is redone with a new chit (4.1
	// NOTE): Board, Chit (the old), Other (the new).
	ChitRedone // chit_redone
	// The cup is empty, so a chit cannot be redone: Board, Chit.
	CupEmpty // cup_empty
	// S? enter along an edge on a turn (4.2): Edge, Count, Turn.
	EntryBegins // entry
	// An S? set up to enter (4.21, 4.22): Who, Entry, Hexes (the hex).
	EntrySet // entry_set
	// An entry repeated for an Overstacked (Count) or Prohibited (Cause)
	// entry hex: Who, Hexes.
	EntryRepeat // entry_repeat
	// A coloured dr of 4.22 chose no board: Who, Dice, Count (boards).
	EntryReroll // entry_reroll

	// Units an Activated S? generated beyond its Location's stacking
	// limit (ASL A5.1) do not come into play (human_wave.excess
	// not_placed): Units (the S?), At, Made (the units, no IDs), Count
	// (the squad limit), Was (the SMC limit).
	Excess // excess
	// An S? waiting off the map finds its entry hex illegal as it is to
	// enter (FRIENDLY units there, ASL A2.5; or full, A5.1): the entry
	// procedure is repeated for it (SASL 4.2) and it enters the new hex:
	// Units, Edge, Hexes (the old hex, then the new), Entry, Rolls, Cause.
	EntryRedone // entry_redone
	// A broken unit routs (ASL A10.5): Side, Steps (as far as it got),
	// Notes (LowCrawl), Cause (Interdicted|Reduced: it was eliminated on
	// the way).
	Rout // rout
	// A leader is wounded by Casualty Reduction (ASL A17): At, Cause (why
	// he was Casualty Reduced) and CauseDice (its roll: the failed NMC of
	// an Interdiction, A10.53; the n of a K/n in Need), Dice (the Wound
	// Severity dr: DRM +1 for a wound again, Need the highest dr of a
	// minor wound). A mortal wound is followed by his Eliminate (Cause
	// MortalWound).
	Wound // wound
	// The fire that follows First Fire (ASL A8.2-A8.4), of either side:

	// FRIENDLY units marked First Fire fire again in the MPh at a stack
	// within their normal range, as Area Fire (A8.3): Fire.
	SubsequentFirstFire // subsequent_first_fire
	// FRIENDLY units marked Final Fire fire at a stack moving in an
	// ADJACENT Location, as Area Fire, and take a NMC (A8.31): Fire.
	FinalProtectiveFire // final_protective_fire
	// FRIENDLY units marked First Fire fire in the DFPh at an ADJACENT
	// Location, as Area Fire (A8.4): Fire.
	FinalFire // final_fire
	// The Residual FP in a Location attacks the units that enter it
	// (A8.2): Units the units attacked, Side the side whose fire left it,
	// Fire (At, FP, DRM: the TEM and Move; no hindrance, no leader).
	ResidualFire // residual_fire
	// A First Fire attack leaves Residual FP in its target's Location, the
	// higher kept (A8.2): At, Count (the FP, an IFT column), Side.
	ResidualLeft // residual_fp
	// An S? outside a Human Wave, Activated, is a dummy by its Final AC dr
	// (SASL 5.1): At, Activation, AC, Rolls (the AC dr). It is removed
	// from play.
	Dummy // dummy
	// FRIENDLY units the ENEMY did not know of (not Known: set up unseen)
	// are found by an ENEMY stack whose move or advance would enter their
	// Location, or entered it, and become Known (ASL A12 is not among the
	// texts: sasl's reading; until then a unit Activates no S?, SASL
	// 3.32): Units the units revealed, At their Location, Lead the ENEMY
	// unit that found them.
	Reveal // reveal
	// An ENEMY Action check (SASL 6; policy.released actions): the
	// Activated ENEMY units of a Location outside a Human Wave, in the
	// ENEMY PFPh, in SASL's order: At, Action (the Attitude, the Panic
	// dr, the Automatic Action or the Action table's dr, the Command),
	// Rolls (the Panic dr, then the table's dr).
	ActionCheck // action_check
	// Two ENEMY half-squads of one counter recombine into a squad in the
	// RPh, by a Good Order leader with no other activity (SASL 7.5): At,
	// Units (the half-squad that becomes the squad, the one removed, the
	// leader), Type (the squad's counter).
	Recombine // recombine
	// The player goes on from a stop with next (sasl play next; the
	// page's Next): Other the stop ("first_fire", "phase", "rout";
	// "hold_move": next --hold-move at a First Fire stop; "rout_done": a
	// rout stop none is left to rout at); At
	// and Units the moving stack of a First Fire stop; Count 0 when the
	// player did nothing there (held their fire; no fire, move or advance
	// in the phase), 1 when they acted first. A step always names what
	// the player did.
	GoOn // go_on
	// An ENEMY stack the player held their fire at moves on into the next
	// Location where the game stops for First Fire (ASL A8.1): Steps from
	// the Location of that stop on. Its whole move is told when it ends
	// (Move).
	MovesOn // moves_on
)

// SetupS reports whether e is the Activation of an S? outside a Human
// Wave (of the setup or an entry): an Activate by SASL 5 or, by
// policy.setup_s x10, Table x10; or a Dummy.
func (e *Event) SetupS() bool {
	return e.Kind == Dummy || e.Kind == Activate && (e.AC != nil || len(e.Rolls) > 0 && e.Rolls[0].Why.For == ForX10S)
}

// MarshalText writes a kind by its name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind by its name: the JSON sasl writes reads back.
func (k *Kind) UnmarshalText(b []byte) error {
	for x := Kind(0); x < Kind(len(_Kind_index)-1); x++ {
		if x.String() == string(b) {
			*k = x
			return nil
		}
	}
	return fmt.Errorf("unknown event kind %q", b)
}

// Event is one thing that happened in a game, as data: what sasl prints
// (report.Words) and what a program counts are made from it. Which fields
// an event fills depends on its Kind (see the kinds).
type Event struct {
	Phase state.Phase
	// Player is whose Player Turn the event happened in.
	Player state.Side
	Kind   Kind
	// Units are the IDs of the units concerned: those that moved or
	// advanced together, the S? Activated, the members of a chain, the
	// firers.
	Units []string
	// Steps of a move or an advance, each with the MF it cost (half MF);
	// the first is where the unit started (off the map for an entry).
	Steps []pathing.Step
	Wave  string
	Edge  layout.Compass
	// At is where it happened.
	At board.Location
	// Hexes are the entrance hexes of a Human Wave (4.31), the entry hex
	// of an S? (4.2).
	Hexes     []hex.Hex
	Direction hex.Hex
	// Pairs are the pairs of hexes a Human Wave's entry drew, two hexes a
	// pair, in order: the last was accepted, the others refused (4.31).
	Pairs []hex.Hex
	Rolls []Roll
	// Activation is what Activated an S? (4.34), Made the units it became;
	// AC the Activation Check dr of an S? outside a Human Wave (SASL 5.1).
	Activation *Activation
	Made       []Made
	AC         *AC
	// Action is an ENEMY Action check (SASL 6).
	Action *Action
	// Fire is a fire group and its attack.
	Fire *FireGroup
	// Notes on a move: where it stopped for a full Location, a VPO taken,
	// a Known FRIENDLY unit's Location entered.
	Notes  []Note
	Chains []ChainGroup
	// Cause says why; Obstacle is what stopped a Human Wave unit, in hex
	// ObstacleAt straight ahead.
	Cause      Cause
	Obstacle   Obstacle
	ObstacleAt hex.Hex
	// Lead: the unit whose tracks a move follows (4.33); Target, TargetAt:
	// the Target an advance heads for (4.322).
	Lead, Target string
	TargetAt     board.Location
	// Goal: what the move or advance of ENEMY units outside a Human Wave
	// heads for (policy.released advance), a VPO in TargetAt or the FBE;
	// NoGoal for any other move.
	Goal Goal
	// Dice are the numbers of a roll an event tells: a MC, a rally, a
	// Close Combat attack, a dr of the setup. CauseDice are those of the
	// roll behind Cause where Dice are another's (a Wound's).
	Dice, CauseDice Dice
	// Count, Was, Groups, WasGroups, Radius, Turn: the numbers of gaps
	// (4.322), chits, entries.
	Count, Was, Groups, WasGroups, Radius, Turn int
	// Side of a Close Combat attack or of a VPO's new controller.
	Side state.Side
	Odds tables.Odds
	// Unit is the kind of a unit eliminated; Type a half-squad's counter.
	Unit state.Kind
	Type string
	SW   state.SW
	// Board, Chit, Other, Case, Levels: of the setup's steps; Other also
	// the Human Wave a broken unit leaves.
	Board, Chit, Other string
	Case               missions.Case
	Levels             tables.Levels
	// Who and Entry: of an S? entering (4.2).
	Who   Who
	Entry Entry
}

// Action is an ENEMY Action check (SASL 6): the Attitude whose
// Action table it reads, the Panic dr (SASL 6.21: DR the dr, Need the
// least dr that panics), the Automatic Action that decided it (SASL 6.3;
// NoAutomatic for none), the Action table's dr (Table.DR 0 where none was
// rolled) and the row's Command, and the Command the units took: a
// fire_move row with no Target moves.
type Action struct {
	Attitude  string
	Panic     Dice
	Panicked  bool
	Automatic Automatic
	Table     Dice
	Row       tables.Command
	Command   state.Command
	// Target: a Fire Command found a Target to Prep Fire at.
	Target bool
}

// Automatic is an Automatic Action of SASL 6.3 that sasl plays for
// Infantry.
type Automatic uint8

const (
	NoAutomatic Automatic = iota
	// FRIENDLY units ADJACENT (SASL 6.311): the units Prep Fire at them.
	FireAdjacent
)

var automaticNames = [...]string{"", "fire_adjacent"}

func (a Automatic) String() string { return automaticNames[a] }

// Rule is the rule of an Action check's outcome: "SASL 6.21" for a Panic,
// "SASL 6.311" for an Automatic Action, else "SASL 6".
func (a *Action) Rule() string {
	switch {
	case a.Panicked:
		return "SASL 6.21"
	case a.Automatic == FireAdjacent:
		return "SASL 6.311"
	}
	return "SASL 6"
}

// Dice are the numbers of a roll an event tells: its DR (or dr), the DRM,
// the Final DR, and what it needed (a ML, a Kill Number).
type Dice struct {
	DR, DRM, Final, Need int
}

// Cause says why something happened.
type Cause uint8

const (
	NoCause Cause = iota
	// Releases (4.33) and delays: an obstacle Human Wave movement cannot
	// negotiate straight ahead (Obstacle); no way forward at all; an
	// obstacle no unit of the wave has a way past; an entry hex it cannot
	// enter.
	ObstacleAhead
	NoWayForward
	NoWayPast
	CannotEnter
	// Breaks, Casualty Reduction and eliminations: a failed MC (Dice); the
	// survivor of a KIA; a MC failed while broken; an Original MC or rally
	// DR of 12; K/n (Dice.Need: n); a KIA; Close Combat. With Reduced, a
	// unit Casualty Reduced away for that cause.
	FailedMC
	SurvivedKIA
	FailedBroken
	MC12
	Rally12
	KMC
	KIA
	InCloseCombat
	// A rally failed (Morale).
	RallyFailed
	// A Pin Task Check (Morale: passed; Pinned: failed); a MC passed with a
	// Final DR equal to the ML (Pinned).
	PinTask
	AtML
	// The player reported it (sasl play set).
	ByPlayer
	// A 4.12 A9e roll picked no VPO Location (A9e); an entry hex was
	// Prohibited (EntryRepeat).
	Reroll
	Prohibited
	// An entry hex holds FRIENDLY units (EntryRepeat, EntryRedone: ASL
	// A2.5); is full (EntryRedone: A5.1); no VPO Location of a built-up
	// hex can take an S?, so A9e is not rerolled for one (A9e: SASL 4.12
	// EXC).
	FriendlyHeld
	Full
	NoVPOTaker
	// A routing unit's Interdiction NMC (ASL A10.53): passed (Morale),
	// failed (Reduce, Eliminate); a unit that must rout and cannot (A10.5:
	// Failure to Rout, Eliminate).
	Interdicted
	FailedRout
	// A mortal wound (ASL A17.11): the leader is eliminated.
	MortalWound
	// The NMC a unit takes after firing Final Protective Fire (ASL A8.31):
	// Morale (passed), Break, Pinned.
	FPFCheck
	// A move or advance of ENEMY units outside a Human Wave by a Move
	// Command of their Action check (SASL 6), not by Advance Attitude.
	MoveCommand
	// A Pin Task Check failed that pins nothing (Morale): the unit moves
	// in a SASL Human Wave (the tables' hw_pin), or the tables' ptc_fail
	// says a failed PTC does nothing.
	PTCInWave
	PTCNoPin
	// Reduced marks a cause whose Casualty Reduction eliminated the unit.
	Reduced Cause = 1 << 7
)

// Obstacle is what stops a Human Wave unit straight ahead (SASL 4.33).
type Obstacle uint8

const (
	NoObstacle Obstacle = iota
	Cliff
	RowhouseWall
	WaterObstacle
	Impassable // terrain Infantry cannot enter
)

// Note is a note on a move: Kind says what, At where.
type Note struct {
	Kind NoteKind
	// At: where the move stopped, a VPO taken, a Location entered; Full:
	// the full Location it stopped before.
	At, Full board.Location
}

// NoteKind is what a Note says.
type NoteKind uint8

const (
	StoppedFull  NoteKind = iota // stops before a full Location
	TookVPO                      // takes Control of a VPO
	EnteredKnown                 // entered a Known FRIENDLY unit's Location: released (4.323)
	Revealed                     // found a FRIENDLY unit the ENEMY did not know of in At
	Assault                      // moved by Assault Movement (ASL A4.61)
	StoppedEnemy                 // stops before At, which holds ENEMY units
	LowCrawl                     // routs by Low Crawl, one Location (ASL A10.52)
	// A squad no half_squads entry lists was reduced to a placeholder
	// half-squad (combat.Resolver.HalfSquad).
	Placeholder
	// An ENEMY move outside a Human Wave stops before At, where it found
	// FRIENDLY units the ENEMY did not know of: they are revealed.
	StoppedHidden
	// An S? outside a Human Wave was Activated in At as it moved: its
	// units' move ends there (SASL 4.34).
	StoppedActivated
)

// Goal is what ENEMY units outside a Human Wave move toward (sasl's
// reading of Advance Attitude: ai/attitude.go).
type Goal uint8

const (
	NoGoal  Goal = iota
	TakeVPO      // a VPO the FRIENDLY side Controls, to take it
	HoldVPO      // a VPO the ENEMY Controls, to stay in it as its garrison
	ToFBE        // the FBE, to exit there
)

var goalNames = [...]string{"", "take_vpo", "hold_vpo", "fbe"}

// String names a goal as the JSON form does: "take_vpo".
func (g Goal) String() string { return goalNames[g] }

// ChainGroup is a group of contiguous hexes of a Human Wave at the start of its
// MPh (SASL 4.323): its hexes, its first, the MMC in it, and whether it
// qualifies as a chain.
type ChainGroup struct {
	Hexes int
	First hex.Hex
	MMC   int
	Kept  bool
}

// Made is a unit an Activated Human Wave S? became (SASL 4.34), or a
// leader it did not get (ID "", with Table x3's dr and its DRM).
type Made struct {
	ID      string
	Kind    state.Kind
	Type    string
	At      board.Location
	X3, DRM int
}

// AC is the Activation Check dr of an Activated S? outside a Human Wave
// (SASL 5.1, not among the texts; the drm a public SASL quick reference
// lists, by the tables' s_generation): the dr, each drm that applied (0 for
// one that did not), the Final dr, and the Final dr from which the S? is a
// dummy.
type AC struct {
	Dr, Final int
	// VPO: the S? is in or ADJACENT to a VPO; Stone: in a stone building;
	// Level: above its hex's base level (all levels); Near: an Activated
	// ENEMY unit is within s_generation.near_range hexes; Board: on a
	// Village mapboard, or a City one (City).
	VPO, Stone, Level, Near, Board int
	City                           bool
	// Dummy: a Final dr >= Dummy is a dummy.
	Dummy int
}

// Who is the S? an entry roll is for: S? N of Of, or (Of 0) the N-th of
// the two hexes of a Human Wave.
type Who struct{ N, Of int }

// Entry is how an S? came to enter a hex: SASL 4.21 by a Letter Chit along
// a board's length, 4.22 by board and a dr +2 along widths.
type Entry struct {
	Method string // "4.21" or "4.22"
	Chit   string
	Board  string
	White  int // the dr of the hex number (4.22)
}

// Roll is a roll that decided something, with a short tag saying what it
// was rolled on ("A6d", "A6f", "A9e", "dr+2", "4.13").
type Roll struct {
	Tag string
	dice.Roll
}

func (r Roll) String() string {
	switch r.Tag {
	case "":
		return r.Roll.String()
	case "dr+2":
		return fmt.Sprintf("dr %d+2", r.Coloured)
	case "board, dr+2":
		return fmt.Sprintf("DR %d,%d+2", r.Coloured, r.White)
	}
	return r.Tag + " " + r.Roll.String()
}

// Rule returns the rule a roll was made for: "SASL 4.34".
func (r Roll) Rule() string { return r.Why.Rule }

// FireGroup is a fire group and its Target (SASL 4.36), or FRIENDLY units
// firing (First Fire, DFPh), and its attack on the Infantry Fire Table.
type FireGroup struct {
	Members []string
	Target  string
	// Targets are all the units attacked (FRIENDLY fire), Target the first.
	Targets []string
	// TargetKind and TargetType: the Target's counter when it was chosen.
	TargetKind state.Kind
	TargetType string
	// From are the Locations the group's MMC fire from, each once, in the
	// order of Members; At is the Target's Location.
	From []board.Location
	At   board.Location
	// FP is the fire group's firepower: the members' printed firepower,
	// doubled at point blank range, halved beyond normal range (ASL A7).
	FP float64
	// DRM is the Target's TEM plus the hindrance DRM along the group's LOS
	// (ASL B.10) plus the directing leaders' modifier; TEM, Hindrance,
	// Range and Priority say why the Target was chosen.
	DRM, TEM, Hindrance, Range, Priority int
	// Move is the movement DRM in DRM (First Fire: FFNAM, FFMO; ASL A4.6).
	Move int
	// Wall is the hexside feature ("wall", "hedge", "bocage") whose TEM
	// TEM is (ASL B9.3), "" for the Location's own.
	Wall string
	// As is the fire an ENEMY group makes, where the rules name it (ASL
	// A8): FirstFire, SubsequentFirstFire, FinalProtectiveFire or FinalFire;
	// 0 for fire in the AFPh or DFPh by units that had not fired.
	As   Kind
	Good bool // the Target is in Good Order
	// The attack on the Infantry Fire Table, once resolved: the DR, the
	// Final DR and the result ("2MC"; "" when nobody rolled it).
	DR, Final int
	Result    string
	// Still are the units attacked that are not moving (they did not
	// move, or their move ended there), in an attack at a mover's
	// Location: the movement DRM (Move) is not against them (ASL A4.6,
	// A8.1), and the same DR has for them the Final DR StillFinal (Final
	// less Move) and the result StillResult. Final and Result are the
	// moving units'. None when every unit attacked is moving.
	Still       []string
	StillFinal  int
	StillResult string
}

// Activation is what Activated an S? (SASL 3.32, by the S? Activation
// table; 4.34 for a Human Wave S?): a Known FRIENDLY unit in its LOS
// within the table's ranges, at a range whose cell the Final IFT DRM of a
// shot at that unit from the S?'s Location satisfies.
type Activation struct {
	// By is the FRIENDLY unit, ByKind and ByType its counter, At its
	// Location.
	By     string
	ByKind state.Kind
	ByType string
	At     board.Location
	// Range in hexes from the S? to it.
	Range int
	// DRM is the Final IFT DRM: the TEM of the FRIENDLY unit's Location
	// against fire from the S? (a wall's included, ASL B9.3) plus the
	// hindrance DRM along the LOS plus Move, the movement DRM of a unit
	// moving in the FRIENDLY MPh (FFNAM, FFMO; ASL A4.6); Wall as in
	// FireGroup.
	DRM, TEM, Hindrance, Move int
	Wall                      string
	// Row of the table the mission plays by ("germany"), and its cell at
	// Range.
	Row  string
	Cell tables.ActivationCell
	// Fire: By fired at the S?, and the attack Activated it (SASL 3.3);
	// Row and Cell are unset.
	Fire bool
	// Residual: the Residual FP in At, the S?'s Location, attacked it as
	// it entered (ASL A8.2), and the attack Activated it (SASL 3.3, as
	// Fire); By, Row and Cell are unset.
	Residual bool
	// Moment is what the check answered: By acted in the S?'s LOS, or
	// the S? moved into By's, or the check of units standing still.
	Moment Moment
}

// Moment is what an S?'s Activation check answered (SASL 3.32 as VASL's
// SASL Activation Checker reads it): a FRIENDLY unit that acts in the S?'s
// LOS is checked (against that unit only), an S? that moves is checked
// against every Known FRIENDLY unit in its LOS, and pairs that stand still
// are checked at one fixed moment of each Player Turn (activation.still).
type Moment uint8

const (
	// MomentNone: no check (a Melee reveals the S?; an attack on it
	// Activates it: Activation.Fire).
	MomentNone Moment = iota
	// ByMoved: the FRIENDLY unit By moved (a step of its MPh) in the S?'s
	// LOS.
	ByMoved
	// ByAdvanced: By advanced (ASL A4.7) in the S?'s LOS.
	ByAdvanced
	// ByRouted: By routed (ASL A10.5) in the S?'s LOS.
	ByRouted
	// ByFired: By fired (any attack) in the S?'s LOS.
	ByFired
	// SMoved: the S? moved, advanced or entered the map into By's LOS.
	SMoved
	// Standing: the fixed check of S? and FRIENDLY units standing still
	// (activation.still: the start of each MPh).
	Standing
)

var momentNames = [...]string{MomentNone: "", ByMoved: "moved", ByAdvanced: "advanced", ByRouted: "routed",
	ByFired: "fired", SMoved: "s_moved", Standing: "standing"}

// String returns the moment's name in JSON ("moved", "s_moved").
func (m Moment) String() string {
	if int(m) < len(momentNames) {
		return momentNames[m]
	}
	return fmt.Sprintf("Moment(%d)", uint8(m))
}
