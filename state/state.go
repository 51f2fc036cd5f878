// Package state is the whole state of one game: the mission it plays (by
// file or demo name, with the boards folder and tables it was started
// with), the dice (the seed, the generator's state and the trail of every
// roll so far), the turn and phase, the ENEMY units (S? from setup, with
// their case and Crest status; S? waiting off the map to enter; Human Wave
// units with their wave and lane; Good Order or broken, released, exited),
// the FRIENDLY units as the player reports them (where, Known to the ENEMY
// or not, Good Order or broken), the Human Waves, and who controls each
// VPO, and the highest number given to each prefix of unit IDs (last_ids:
// no ID is given twice in a game, State.NewID). Saving a State and reading
// it back loses nothing, so a game resumed
// from its file plays exactly as one played straight on.
//
// It has a compact YAML form the player writes and the engine reads and
// writes back; the game keys (mission ... trail) are absent from a plain
// state file such as "sasl wave --friendly" reads:
//
//	mission: demo/crossroads.yaml
//	seed: 7
//	rng: pcg:0123...
//	trail: ["2 3 5 GG P ...", "Q 4 ..."]
//	turn: 2
//	phase: RPh
//	last_ids: {A: 1, E: 2}
//	waves:
//	  - {id: A, edge: south, direction: x1Q10}
//	enemy:
//	  - {id: S1, unit: "s?", at: x2H7, case: b, crest: x2H8}
//	  - {id: E1, unit: "s?", at: x1J10, entering: south}
//	  - {id: A1, unit: "s?", hw: true, wave: A, lane: x1Q10, at: x1Q4}
//	  - {id: E2, unit: squad, type: 4-4-7, at: x3O4h1, broken: true, sw: [{name: LMG, pp: 1}]}
//	friendly:
//	  - {id: F1, unit: squad, type: 6-6-7, at: x1Q5, known: true}
//	vpo:
//	  - {at: x1Q5, control: friendly}
//	loose_sw:
//	  - {at: x1Q6, name: LMG, pp: 1}
//
// Errors name the file and line.
package state

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// Side is ENEMY (the engine's) or FRIENDLY (the player's).
type Side uint8

const (
	Enemy Side = iota
	Friendly
)

func (s Side) String() string { return [...]string{"enemy", "friendly"}[s] }

// Kind is what a unit is.
type Kind uint8

const (
	SQ        Kind = iota // an S? counter
	Squad                 // MMC
	HalfSquad             // MMC
	Leader                // SMC
	Commissar             // SMC
)

var kindNames = [...]string{"s?", "squad", "half_squad", "leader", "commissar"}

func (k Kind) String() string { return kindNames[k] }

// ParseKind reads a kind as String writes it; "S?" and "sq" are S? too
// (in YAML flow style an S? is written quoted, "s?", or as sq).
func ParseKind(s string) (Kind, error) {
	if s == "S?" || s == "sq" {
		return SQ, nil
	}
	for i, n := range kindNames {
		if n == s {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown unit %q (want %s)", s, strings.Join(kindNames[:], ", "))
}

// MMC reports whether k is a Multi-Man Counter (squad or half-squad).
func (k Kind) MMC() bool { return k == Squad || k == HalfSquad }

// SMC reports whether k is a Single-Man Counter (leader, Commissar).
func (k Kind) SMC() bool { return k == Leader || k == Commissar }

// SW is a Support Weapon a unit carries or that lies in a Location.
type SW struct {
	Name string
	PP   int  // Portage Points
	Dead bool // not functioning (malfunctioned or disabled)
}

// Command is what an ENEMY unit's Action check ordered it to do in its
// Player Turn (SASL 6).
type Command uint8

const (
	NoCommand Command = iota // no Action check this Player Turn
	Hold                     // no Action: it neither fires nor moves
	Fire                     // it Prep Fired, or would have with a Target
	MoveOn                   // it moves in the MPh, advances in the APh
)

var commandNames = [...]string{"", "hold", "fire", "move"}

func (c Command) String() string { return commandNames[c] }

// ParseCommand reads a Command by its name.
func ParseCommand(s string) (Command, error) {
	for i, n := range commandNames[1:] {
		if s == n {
			return Command(i + 1), nil
		}
	}
	return NoCommand, fmt.Errorf("%q is not a Command (hold, fire, move)", s)
}

// Unit is one counter in play.
type Unit struct {
	ID   string
	Side Side
	Kind Kind
	// Type is the counter's own name: "4-4-7", "8-1"; empty for S?.
	Type string
	// at is where the unit is (At); a State moves it (State.Move), so that
	// its index stays exact.
	at     board.Location
	Broken bool
	// Pinned: the unit failed a Pin Task Check, or the player reports it
	// pinned (ASL A7.8): it may not move or advance and its FP is halved
	// until its Player Turn ends. Cleared when a Player Turn begins.
	Pinned bool
	// Wounded: a leader wounded by Casualty Reduction (ASL A17): his ML is
	// one less, his leadership modifier one more, he has 3 MF; wounded
	// again, he adds +1 to the Wound Severity dr (A17.11).
	Wounded bool
	// Known: a FRIENDLY unit the ENEMY knows of.
	Known bool
	// Fired: the unit has fired this Player Turn (Prep, First, Defensive
	// or Advancing Fire: ASL A3.3-A3.5); Moved: it moved in this Player
	// Turn's MPh (its fire in the AFPh is Advancing Fire, A7.25);
	// Advanced: it advanced in this Player Turn's APh (one Location, A4.7).
	// All three are cleared when a Player Turn begins.
	Fired, Moved, Advanced bool
	// DM: a broken unit under Desperation Morale (ASL A10.62): it broke or
	// was attacked, or was ADJACENT to a Known Good Order enemy unit; a DM
	// unit rallies with the desperation DRM and may rout. Kept until its
	// own RPh finds it no longer ADJACENT to one.
	DM bool
	// Routed: the unit routed (or Low Crawled) in this RtPh (ASL A10.5); cleared
	// when a Player Turn begins.
	Routed bool
	// FinalFire: a unit that has fired (Fired) and is marked Final Fire
	// (ASL A8.3): it fired Subsequent First Fire or Final Protective Fire
	// in the MPh, so that it may fire again only as FPF at an ADJACENT
	// mover (A8.31), and not in the DFPh (A8.4). Fired without FinalFire
	// is the First Fire marker of the DEFENDER's units (A8.1), and the
	// Prep or Advancing Fire marker of the ATTACKER's. Cleared with Fired.
	FinalFire bool
	// Vasl is the ID of the VASL piece the unit is in the player's VASL
	// saved game (sasl play new --friendly-from), "" if none.
	Vasl string
	// HW: a SASL Human Wave S?, or a unit generated from one (it uses Table
	// x10 and keeps its Human Wave colour; SASL 4.3).
	HW bool
	// Wave is the Human Wave the unit moves with, "" if none.
	Wave string
	// Released: no longer in Human Wave movement (SASL 4.33), in Advance
	// Attitude.
	Released bool
	// Setup: a unit an S? of the setup (SASL 4.1; Case) became when it
	// was Activated: it came from the setup's defence, not from an entry
	// or a Human Wave (policy.advance_fbe).
	Setup bool
	// Exited: it left the map across the FBE (SASL 4.323); At is where it
	// left from.
	Exited bool
	// Command: what the ENEMY unit's Action check of this Player Turn
	// ordered it to do (SASL 6; NoCommand: it took none). Cleared when a
	// Player Turn begins.
	Command Command
	// Panicked: the ENEMY unit panicked at its Action check (SASL 6.21):
	// until the Game Turn ends it takes no Action, as a TI unit (ASL
	// A4.8), and fires only Final Protective Fire at ADJACENT FRIENDLY
	// units (SASL 6.212). Cleared when a Game Turn begins.
	Panicked bool
	SW       []SW
	// Case is the SASL 4.1 case that placed an S? at setup ('a'..'e'), 0
	// for any other unit.
	Case byte
	// Crest: the unit is in Crest status in a Depression (SASL 4.14), its
	// counter facing hex Facing.
	Crest  bool
	Facing hex.Hex
	// Lane is where a Human Wave unit's lane starts: the straight line it
	// charges along toward the FBE, from the hex it entered or joined at.
	Lane hex.Hex
	// Entering: the unit waits just off the map along edge Edge to enter
	// hex At (SASL 4.21, 4.22, 4.31); it is not on the map yet.
	Entering bool
	Edge     layout.Compass
	// The State the unit is in (nil: none), its place in the State's
	// order, and the next unit of the same hex in the State's index.
	in   *State
	seq  uint32
	next *Unit
}

// At returns the unit's Location.
func (u *Unit) At() board.Location { return u.at }

// Place sets the Location of a unit that is in no State yet; a unit in a
// State moves by State.Move. It returns u.
func (u *Unit) Place(l board.Location) *Unit {
	if u.in != nil {
		panic("state: Place of unit " + u.ID + ", which is in a State: use State.Move")
	}
	u.at = l
	return u
}

// Squads returns the squads a unit counts as for stacking and the chain of
// SASL 4.323: a Human Wave S? two (4.3; n from the tables), any other S? or
// squad one, a half-squad a half, an SMC none.
func (u *Unit) Squads(hwS float64) float64 {
	switch {
	case u.Kind == SQ && u.HW:
		return hwS
	case u.Kind == SQ || u.Kind == Squad:
		return 1
	case u.Kind == HalfSquad:
		return 0.5
	}
	return 0
}

// IDs returns the IDs of units, in order.
func IDs(units []*Unit) []string {
	out := make([]string, len(units))
	for i, u := range units {
		out[i] = u.ID
	}
	return out
}

// OnMap reports whether the unit is on the map: not exited, not waiting
// off the map to enter.
func (u *Unit) OnMap() bool { return !u.Exited && !u.Entering }

// InHumanWave reports whether the unit moves in a Human Wave now: of one
// (Wave) and not released from it (SASL 4.33). Its counter is drawn in
// the Human Wave colour and its words name the wave, by this one test (a
// unit generated from a Human Wave S?, HW, that was released is drawn as
// any ENEMY unit).
func (u *Unit) InHumanWave() bool { return u.Wave != "" && !u.Released }

// Wave is a Human Wave in play.
type Wave struct {
	ID   string
	Edge layout.Compass // the edge it entered along (the EBE)
	// Direction is the entrance hex of the HW Direction counter's hexrow
	// (SASL 4.31).
	Direction hex.Hex
}

// Control says which side controls a VPO.
type Control struct {
	At   board.Location
	Side Side
}

// Loose is a SW lying unpossessed in a Location.
type Loose struct {
	At board.Location
	SW
}

// Phase is a phase of a Player Turn (ASL A3).
type Phase uint8

//go:generate go run golang.org/x/tools/cmd/stringer@v0.39.0 -type=Phase -linecomment

const (
	Setup Phase = iota // setup
	RPh                // RPh
	PFPh               // PFPh
	MPh                // MPh
	DFPh               // DFPh
	AFPh               // AFPh
	RtPh               // RtPh
	APh                // APh
	CCPh               // CCPh
)

// PhaseNames lists the phases of a Player Turn by name: "RPh, PFPh, ...".
func PhaseNames() string {
	var names []string
	for p := RPh; p <= CCPh; p++ {
		names = append(names, p.String())
	}
	return strings.Join(names, ", ")
}

// MarshalText writes a phase by its name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a phase by its name (ParsePhase): the JSON sasl
// writes reads back.
func (p *Phase) UnmarshalText(b []byte) error {
	x, err := ParsePhase(string(b))
	if err != nil {
		return err
	}
	*p = x
	return nil
}

// ParsePhase reads a phase by its name.
func ParsePhase(s string) (Phase, error) {
	for p := Setup; p <= CCPh; p++ {
		if p.String() == s {
			return p, nil
		}
	}
	return 0, fmt.Errorf("unknown phase %q (want one of %s)", s, PhaseNames())
}

// Game says which game a state belongs to and where its dice stand: the
// keys of a game file before the units.
type Game struct {
	// Mission is the mission file, or the name of a demo mission, the game
	// plays; Boards and Tables the --boards folder and --tables file it
	// was started with ("" for none).
	Mission, Boards, Tables string
	// Seed started the dice (HasSeed); RNG is the generator's state after
	// the last roll ("pcg:" and 32 hex digits), so the game rolls on
	// exactly as if it had never stopped.
	Seed    uint64
	HasSeed bool
	RNG     string
	// Trail is the dice of each step so far as scripts: the setup first,
	// then one a turn (or procedure).
	Trail []string
	// Policy is who plays the FRIENDLY side: "hold" or "attack" (the
	// engine, as sasl sim does), "player", or "" (player: a file of an
	// earlier sasl).
	Policy Policy
	// Stopped is the stop the game stands at for the player (policy
	// player; package game), as data: nil where a Game Turn is to begin
	// or the game is over (Stop.Asks), which the turn and phase say.
	Stopped *Stop
	// LegacyAsked is the question a file of an earlier sasl kept in its
	// words (asked:) instead of Stopped: read, never written; opening the
	// game replaces it by the stop its journal replays to.
	LegacyAsked string
	// Stop is how often a player game stops for the player ("fire",
	// "phase", "turn"; "" is fire: package game).
	Stop string
	// FirstFire is which First Fire chances stop a player game ("every",
	// "normal", "pbf": package game); "" in a game begun by an earlier
	// sasl, which stops as that sasl did.
	FirstFire string
	// Rules is the revision of sasl's rules the game is played by
	// (rules:): RulesNow, the zero value, for a game begun by this sasl.
	Rules Rules
	// Journal is every step of the game since its setup (the setup
	// first), with its dice: replaying it from the seed gives the game
	// again. Nil in a file of an earlier sasl.
	Journal []Step
	// Plain: a game played turn by turn without a journal (sasl enter and
	// wave --save write one; sasl play upgrade marks a file of an earlier
	// sasl so, on purpose): said in the file, so that a journal deleted
	// from a game is never taken for one.
	Plain bool
	// MissionDigest and TablesDigest say what the mission and the tables
	// file were when the game began (game.Open makes them), so that a
	// changed file is noticed; "" in a file of an earlier sasl.
	MissionDigest, TablesDigest string
}

// Rules is a revision of sasl's rules. A change of a rule that changes how
// a game plays, not only its words, is a new revision, and a game keeps
// the revision it was begun with (rules: in its file), so that its journal
// replays as it was played: a game saved by an earlier sasl opens, and
// plays on as that sasl played it. Revisions count from 1; a game file
// without rules: was begun before they were kept (Rules1).
type Rules uint8

const (
	// RulesNow: the rules of this sasl, the revision a game begun by it
	// is played by (the zero value; written as its number, rulesLatest).
	RulesNow Rules = iota
	// Rules1: before revisions were kept (a game file without rules:).
	Rules1
	// Rules2: an S? outside a Human Wave Activated as it moves ends its
	// move where it was Activated (SASL 4.34: "SASL Human Wave units
	// (only) may continue movement after Activation"); before it, its
	// units moved on.
	Rules2

	// rulesLatest is RulesNow's number: a new revision is added above it
	// and becomes it.
	rulesLatest = Rules2
)

// Has reports whether a game played by revision r plays by revision rev's
// change: RulesNow has every revision's.
func (r Rules) Has(rev Rules) bool { return r == RulesNow || r >= rev }

// Number is the revision's number, as a game file says it (rules:).
func (r Rules) Number() int {
	if r == RulesNow {
		return int(rulesLatest)
	}
	return int(r)
}

// RulesNumbered is the revision a game file's number n names (1 to
// rulesLatest): the latest is RulesNow. Another number is refused, saying
// which this sasl plays.
func RulesNumbered(n int) (Rules, error) {
	switch {
	case n == int(rulesLatest):
		return RulesNow, nil
	case n >= int(Rules1) && n < int(rulesLatest):
		return Rules(n), nil
	}
	return 0, fmt.Errorf("this sasl plays revisions 1 to %d of its rules; the game was begun by a later sasl (play it on with that sasl)", rulesLatest)
}

// Step is one step of a game's journal: a command of the player's, or the
// engine's part between two stops.
type Step struct {
	// Do is the command as sasl play takes it, without the game file and
	// the dice: "setup", "next", "move F1 4T5", "fire --from 4T5 --at 4T4".
	Do string
	// Dice are its rolls as a script; Own: they were the player's own
	// (--dice), so that a replay rolls them again rather than the seed's.
	Dice string
	Own  bool
}

// State is the game state. Its units are kept in order (the ENEMY units,
// then the FRIENDLY ones, each side in the order they came into play) and
// indexed by ID and by hex, exactly through every change its methods make
// and every Clone: add, remove and move units only through them. A State is
// not safe for concurrent use.
type State struct {
	Game
	// Turn is the Game Turn being played or next to play; Player whose
	// Player Turn is under way (HasPlayer: the file said; else the
	// mission's first), Phase the next phase of it (RPh: the Player Turn
	// has not begun).
	Turn      int
	Player    Side
	HasPlayer bool
	Phase     Phase
	Waves     []Wave
	VPO       []Control
	Loose     []Loose
	// Residual is the Residual FP left in Locations by Defensive First
	// Fire in the MPh under way (ASL A8.2), one a Location; empty between
	// MPh.
	Residual []Residual
	// lastIDs: the highest number given to a unit ID of each prefix in
	// this game (NewID), so that no ID is given twice, even after its unit
	// left play.
	lastIDs []lastID
	index
}

// Residual is Residual FP in a Location (ASL A8.2): FP is an IFT column.
type Residual struct {
	At board.Location
	FP int
}

// ResidualAt returns the Residual FP in Location l, 0 if none.
func (s *State) ResidualAt(l board.Location) int {
	for _, r := range s.Residual {
		if r.At == l {
			return r.FP
		}
	}
	return 0
}

// LeaveResidual leaves Residual FP fp in Location l (ASL A8.2): one a
// Location, the higher kept (Residual FP is never cumulative). It reports
// whether fp is now the Location's.
func (s *State) LeaveResidual(l board.Location, fp int) bool {
	if fp <= 0 {
		return false
	}
	for i := range s.Residual {
		if s.Residual[i].At == l {
			if fp <= s.Residual[i].FP {
				return false
			}
			s.Residual[i].FP = fp
			return true
		}
	}
	s.Residual = append(s.Residual, Residual{At: l, FP: fp})
	return true
}

// MaxTurn is the highest turn a state may hold: the turn after the last
// turn a mission may have (99), where a finished game stands.
const MaxTurn = 100

// Controller returns who controls VPO l, and whether l is a VPO.
func (s *State) Controller(l board.Location) (Side, bool) {
	for _, c := range s.VPO {
		if c.At == l {
			return c.Side, true
		}
	}
	return 0, false
}

// SetControl records that side controls VPO l.
func (s *State) SetControl(l board.Location, side Side) {
	for i := range s.VPO {
		if s.VPO[i].At == l {
			s.VPO[i].Side = side
		}
	}
}

// Policy names who plays the FRIENDLY side of a game (package policy has
// the policies): the engine holding (PolicyHold) or attacking
// (PolicyAttack), or the player at the game's stops (PolicyPlayer). The
// game file and sasl's output keep its name.
type Policy string

// The policies' names.
const (
	PolicyHold   Policy = "hold"
	PolicyAttack Policy = "attack"
	PolicyPlayer Policy = "player"
)
