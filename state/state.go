// Package state is the whole state of one game: the mission it plays (by
// file or demo name, with the boards folder and tables it was started
// with), the dice (the seed, the generator's state and the trail of every
// roll so far), the turn and phase, the ENEMY units (S? from setup, with
// their case and Crest status; S? waiting off the map to enter; Human Wave
// units with their wave and lane; Good Order or broken, released, exited),
// the FRIENDLY units as the player reports them (where, Known to the ENEMY
// or not, Good Order or broken), the Human Waves, and who controls each
// VPO. Saving a State and reading it back loses nothing, so a game resumed
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
	"io"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
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
	// Known: a FRIENDLY unit the ENEMY knows of.
	Known bool
	// HW: a SASL Human Wave S?, or a unit generated from one (it uses Table
	// x10 and keeps its Human Wave colour; SASL 4.3).
	HW bool
	// Wave is the Human Wave the unit moves with, "" if none.
	Wave string
	// Released: no longer in Human Wave movement (SASL 4.33), in Advance
	// Attitude.
	Released bool
	// Exited: it left the map across the FBE (SASL 4.323); At is where it
	// left from.
	Exited bool
	SW     []SW
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

// Phase is a phase of a Game Turn, as far as the ENEMY side's procedures
// go (ASL A3; SASL 4).
type Phase uint8

//go:generate go run golang.org/x/tools/cmd/stringer@v0.39.0 -type=Phase -linecomment

const (
	Setup Phase = iota // setup
	RPh                // RPh
	MPh                // MPh
	DFPh               // DFPh
	AFPh               // AFPh
	APh                // APh
	CCPh               // CCPh
)

// MarshalText writes a phase by its name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// ParsePhase reads a phase by its name.
func ParsePhase(s string) (Phase, error) {
	for p := Setup; p <= CCPh; p++ {
		if p.String() == s {
			return p, nil
		}
	}
	return 0, fmt.Errorf("unknown phase %q (want RPh or MPh)", s)
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
	// Policy is who plays the FRIENDLY side: "hold" (the engine, as sasl
	// sim does), "player", or "" (player: a file of an earlier sasl).
	Policy string
}

// State is the game state. Its units are kept in order (the ENEMY units,
// then the FRIENDLY ones, each side in the order they came into play) and
// indexed by ID and by hex, exactly through every change its methods make
// and every Clone: add, remove and move units only through them. A State is
// not safe for concurrent use.
type State struct {
	Game
	// Turn is the Game Turn being played or next to play; Phase the next
	// phase of it (RPh: the turn has not begun; MPh: its RPh set-up is
	// done).
	Turn  int
	Phase Phase
	Waves []Wave
	VPO   []Control
	Loose []Loose
	index
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

// Spec is a unit as a file writes it, before its Location is resolved on a
// map.
type Spec struct {
	Unit
	AtText, CrestText, LaneText string
	Line                        int
}

// unitFields are the fields of a unit, as errors list them.
const unitFields = "id, unit, type, at, broken, known, hw, wave, lane, released, exited, entering, case, crest, sw"

// ParseUnits reads a YAML list of units of one side: {id, unit, type, at,
// broken, known, hw, wave, lane, released, exited, entering, case, crest,
// sw}.
func ParseUnits(d yamldoc.Doc, n *yaml.Node, side Side) ([]Spec, error) {
	what := side.String()
	if n.Kind != yaml.SequenceNode {
		return nil, d.Errorf(n, "%s: want a list of units", what)
	}
	var out []Spec
	for _, e := range n.Content {
		sp := Spec{Unit: Unit{Side: side}, Line: e.Line}
		has := map[string]bool{}
		err := d.Each(e, what, func(f string, fk, fv *yaml.Node) error {
			has[f] = true
			var err error
			switch f {
			case "id":
				if sp.ID, err = d.Str(fv, what+".id"); fv.ShortTag() == "!!null" {
					sp.ID = "" // id: ~
				}
			case "unit":
				var s string
				if s, err = d.Str(fv, what+".unit"); err == nil {
					if sp.Kind, err = ParseKind(s); err != nil {
						err = d.Errorf(fv, "%s.unit: %v", what, err)
					}
				}
			case "type":
				sp.Type, err = d.Str(fv, what+".type")
			case "at":
				sp.AtText, err = d.Str(fv, what+".at")
			case "broken":
				sp.Broken, err = d.Bool(fv, what+".broken")
			case "known":
				sp.Known, err = d.Bool(fv, what+".known")
			case "hw":
				sp.HW, err = d.Bool(fv, what+".hw")
			case "wave":
				sp.Wave, err = d.Str(fv, what+".wave")
			case "released":
				sp.Released, err = d.Bool(fv, what+".released")
			case "exited":
				sp.Exited, err = d.Bool(fv, what+".exited")
			case "sw":
				sp.SW, err = parseSW(d, fv, what+".sw")
			case "lane":
				sp.LaneText, err = d.Str(fv, what+".lane")
			case "crest":
				sp.Crest = true
				sp.CrestText, err = d.Str(fv, what+".crest")
			case "case":
				var c string
				if c, err = d.Str(fv, what+".case"); err == nil {
					if len(c) != 1 || c[0] < 'a' || c[0] > 'e' {
						err = d.Errorf(fv, "%s.case: %q is not a SASL 4.1 case (a..e)", what, c)
					}
					sp.Case = c[0]
				}
			case "entering":
				var e string
				if e, err = d.Str(fv, what+".entering"); err == nil {
					sp.Entering = true
					if sp.Edge, err = layout.ParseCompass(e); err != nil {
						err = d.Errorf(fv, "%s.entering: the edge it enters from: %v", what, err)
					}
				}
			default:
				err = d.Errorf(fk, "%s: unknown field %q (want %s)", what, f, unitFields)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		for _, req := range []string{"id", "unit", "at"} {
			if !has[req] {
				return nil, d.Errorf(e, "%s: each unit needs id, unit and at", what)
			}
		}
		if sp.ID == "" {
			return nil, d.Errorf(e, "%s: the %s at %s has an empty id: give each unit its own", what, sp.Kind, sp.AtText)
		}
		if side == Friendly && sp.Kind == SQ {
			return nil, d.Errorf(e, "%s %s: S? are ENEMY counters", what, sp.ID)
		}
		if side == Friendly && sp.Wave != "" {
			return nil, d.Errorf(e, "%s %s at %s: wave %q: only ENEMY units move in a Human Wave (SASL 4.3)", what, sp.ID, sp.AtText, sp.Wave)
		}
		if sp.Entering && sp.Exited {
			return nil, d.Errorf(e, "%s %s: a unit cannot both be entering and have exited", what, sp.ID)
		}
		out = append(out, sp)
	}
	return out, nil
}

func parseSW(d yamldoc.Doc, n *yaml.Node, what string) ([]SW, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, d.Errorf(n, "%s: want a list such as [{name: LMG, pp: 1}]", what)
	}
	var out []SW
	for _, e := range n.Content {
		sw, err := swEntry(d, e, what, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, sw)
	}
	return out, nil
}

// swEntry reads one SW: {name, pp, dead}, and {at} too where at is not nil
// (a SW lying in a Location).
func swEntry(d yamldoc.Doc, e *yaml.Node, what string, at *string) (SW, error) {
	var sw SW
	err := d.Each(e, what, func(f string, fk, fv *yaml.Node) error {
		var err error
		switch {
		case f == "name":
			sw.Name, err = d.Str(fv, what+".name")
		case f == "pp":
			sw.PP, err = d.Int(fv, what+".pp", 0, 20)
		case f == "dead":
			sw.Dead, err = d.Bool(fv, what+".dead")
		case f == "at" && at != nil:
			*at, err = d.Str(fv, what+".at")
		case at != nil:
			err = d.Errorf(fk, "%s: unknown field %q (want at, name, pp, dead)", what, f)
		default:
			err = d.Errorf(fk, "%s: unknown field %q (want name, pp, dead)", what, f)
		}
		return err
	})
	return sw, err
}

// Stacking limits of ASL A5.1: the most one side may have in one
// Location. The tables' human_wave.stacking, by which the ENEMY Human Waves
// move, holds the same number of squads (a test keeps them equal).
const (
	StackSquads = 3 // squads, or their equivalent: two half-squads are one
	StackSMC    = 4 // Single-Man Counters: leaders, Commissars
)

// Resolve places unit specs on m; errors name the file and line: "state:
// file:line: ...".
func Resolve(specs []Spec, file string, m *board.Map) ([]*Unit, error) {
	return ResolveIn(yamldoc.Doc{Pkg: "state", File: file}, specs, m)
}

// ResolveIn is Resolve for the specs of the file d names, its errors
// worded as d's: "missions: hold.yaml:14: ...". It refuses FRIENDLY units
// stacked beyond ASL A5.1 (StackSquads, StackSMC) in a Location, naming the
// line of the unit that goes over. The ENEMY units it does not check: the
// engine's own games overstack them at times (S? entering a hex that S?
// of the setup hold, the units of an Activated Human Wave S? with S? that
// entered there), and a game file must read back.
func ResolveIn(d yamldoc.Doc, specs []Spec, m *board.Map) ([]*Unit, error) {
	var out []*Unit
	for _, sp := range specs {
		l, err := m.ParseLocation(sp.AtText)
		if err != nil {
			return nil, d.ErrorAt(sp.Line, "unit %s at %q: %w", sp.ID, sp.AtText, err)
		}
		u := sp.Unit
		u.at = l
		u.Lane = l.Hex // a lane starts where the unit is, unless it says
		for _, f := range []struct {
			text, what string
			to         *hex.Hex
		}{{sp.LaneText, "lane", &u.Lane}, {sp.CrestText, "crest", &u.Facing}} {
			if f.text == "" {
				continue
			}
			fl, err := m.ParseLocation(f.text)
			if err != nil {
				return nil, d.ErrorAt(sp.Line, "unit %s %s %q: %w", sp.ID, f.what, f.text, err)
			}
			*f.to = fl.Hex
		}
		if u.Crest && hex.Distance(u.at.Hex, u.Facing) != 1 {
			return nil, d.ErrorAt(sp.Line, "unit %s: a Crest counter faces a hex next to its own (%s is not next to %s)", sp.ID, sp.CrestText, sp.AtText)
		}
		out = append(out, &u)
	}
	if i, what := overstacked(out); what != "" {
		return nil, d.ErrorAt(specs[i].Line, "%s %s in %s: overstacked: %s; ASL A5.1 allows a side %d squads (two half-squads are one) and %d SMC in a Location",
			out[i].Side, out[i].ID, m.LocationName(out[i].at), what, StackSquads, StackSMC)
	}
	return out, nil
}

// overstacked returns the first FRIENDLY unit, in order, that takes its
// Location beyond ASL A5.1's stacking limits, and what the Location then
// holds ("F1, F2, F3 and F4 are 4 squads"); what is "" if none does.
func overstacked(units []*Unit) (int, string) {
	type stack struct {
		squads float64
		smc    int
		ids    []string
	}
	at := map[board.Location]*stack{}
	for i, u := range units {
		if u.Side != Friendly || !u.OnMap() {
			continue
		}
		st := at[u.at]
		if st == nil {
			st = &stack{}
			at[u.at] = st
		}
		st.ids = append(st.ids, u.ID)
		if u.Kind.SMC() {
			st.smc++
		}
		st.squads += u.Squads(2) // SASL 4.3: a Human Wave S? is two (never FRIENDLY)
		ids := u.ID
		if n := len(st.ids); n > 1 {
			ids = strings.Join(st.ids[:n-1], ", ") + " and " + u.ID
		}
		switch {
		case u.Kind.SMC() && st.smc > StackSMC:
			return i, fmt.Sprintf("%s are %d SMC", ids, st.smc)
		case st.squads > StackSquads:
			return i, fmt.Sprintf("%s are %g squads", ids, st.squads)
		}
	}
	return 0, ""
}

// MaxFileSize is the largest state or game file Read takes: far more than
// any game needs, and a bound on what a wrong file (/dev/zero) can cost.
const MaxFileSize = 8 << 20

// readAll reads r whole, refusing more than MaxFileSize bytes.
func readAll(r io.Reader, name string) ([]byte, error) {
	data, err := yamldoc.ReadAll(r, MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("state: %s: %w", name, err)
	}
	return data, nil
}

// ReadGame reads only the game keys of a game file (mission, boards,
// tables, seed, rng, trail), which say how to build the map the rest of the
// file is read on.
func ReadGame(r io.Reader, name string) (Game, []byte, error) {
	data, err := readAll(r, name)
	if err != nil {
		return Game{}, nil, err
	}
	d := yamldoc.Doc{Pkg: "state", File: name}
	root, err := d.Parse(data)
	if err != nil {
		return Game{}, nil, err
	}
	var g Game
	err = d.Each(root, "state", func(key string, k, v *yaml.Node) error {
		_, err := g.field(d, key, v)
		return err
	})
	return g, data, err
}

// field reads one game key; ok is false for a key that is not one.
func (g *Game) field(d yamldoc.Doc, key string, v *yaml.Node) (ok bool, err error) {
	switch key {
	case "mission":
		g.Mission, err = d.Str(v, key)
	case "boards":
		g.Boards, err = d.Str(v, key)
	case "tables":
		g.Tables, err = d.Str(v, key)
	case "seed":
		var s string
		if s, err = d.Str(v, key); err == nil {
			if g.Seed, err = strconv.ParseUint(s, 10, 64); err != nil {
				err = d.Errorf(v, "seed: want a whole number >= 0, not %q", s)
			}
			g.HasSeed = true
		}
	case "rng":
		g.RNG, err = d.Str(v, key)
	case "trail":
		g.Trail, err = d.Strings(v, key)
	case "policy":
		if g.Policy, err = d.Str(v, key); err == nil && g.Policy != "hold" && g.Policy != "player" {
			err = d.Errorf(v, "policy: %q: the FRIENDLY side is played by hold (the engine) or player", g.Policy)
		}
	default:
		return false, nil
	}
	return true, err
}

// Read reads a state file and resolves it on m; name is used in errors.
func Read(r io.Reader, name string, m *board.Map) (*State, error) {
	data, err := readAll(r, name)
	if err != nil {
		return nil, err
	}
	return Parse(data, name, m)
}

// Parse reads the text of a state file and resolves it on m.
func Parse(data []byte, name string, m *board.Map) (*State, error) {
	d := yamldoc.Doc{Pkg: "state", File: name}
	root, err := d.Parse(data)
	if err != nil {
		return nil, err
	}
	s := New(m)
	var specs []Spec
	err = d.Each(root, "state", func(key string, k, v *yaml.Node) error {
		if ok, err := s.Game.field(d, key, v); ok {
			return err
		}
		var err error
		switch key {
		case "turn":
			s.Turn, err = d.Int(v, "turn", 1, MaxTurn)
		case "phase":
			var str string
			if str, err = d.Str(v, key); err == nil {
				s.Phase, err = ParsePhase(str)
				if err != nil || (s.Phase != RPh && s.Phase != MPh) {
					err = d.Errorf(v, "phase: %q: a game stands before its RPh or its MPh (RPh or MPh)", str)
				}
			}
		case "enemy", "friendly":
			side := Enemy
			if key == "friendly" {
				side = Friendly
			}
			var sp []Spec
			if sp, err = ParseUnits(d, v, side); err == nil {
				specs = append(specs, sp...)
			}
		case "waves":
			if v.Kind != yaml.SequenceNode {
				return d.Errorf(v, "waves: want a list of {id, edge, direction}")
			}
			for _, e := range v.Content {
				var w Wave
				var dir string
				err := d.Each(e, "waves", func(f string, fk, fv *yaml.Node) error {
					var err error
					switch f {
					case "id":
						w.ID, err = d.Str(fv, "waves.id")
					case "edge":
						var s string
						if s, err = d.Str(fv, "waves.edge"); err == nil {
							if w.Edge, err = layout.ParseCompass(s); err != nil {
								err = d.Errorf(fv, "waves.edge: %v", err)
							}
						}
					case "direction":
						dir, err = d.Str(fv, "waves.direction")
					default:
						err = d.Errorf(fk, "waves: unknown field %q (want id, edge, direction)", f)
					}
					return err
				})
				if err != nil {
					return err
				}
				l, err := m.ParseLocation(dir)
				if err != nil {
					return d.Errorf(e, "waves.direction %q: %v", dir, err)
				}
				w.Direction = l.Hex
				s.Waves = append(s.Waves, w)
			}
		case "loose_sw":
			if v.Kind != yaml.SequenceNode {
				return d.Errorf(v, "loose_sw: want a list of {at, name, pp}")
			}
			for _, e := range v.Content {
				var at string
				sw, err := swEntry(d, e, "loose_sw", &at)
				if err != nil {
					return err
				}
				l, err := m.ParseLocation(at)
				if err != nil {
					return d.Errorf(e, "loose_sw.at %q: %v", at, err)
				}
				s.Loose = append(s.Loose, Loose{At: l, SW: sw})
			}
		case "vpo":
			if v.Kind != yaml.SequenceNode {
				return d.Errorf(v, "vpo: want a list of {at, control}")
			}
			for _, e := range v.Content {
				var c Control
				err := d.Each(e, "vpo", func(f string, fk, fv *yaml.Node) error {
					str, err := d.Str(fv, "vpo."+f)
					if err != nil {
						return err
					}
					switch f {
					case "at":
						if c.At, err = m.ParseLocation(str); err != nil {
							return d.Errorf(fv, "vpo.at: %v", err)
						}
					case "control":
						switch str {
						case "enemy":
							c.Side = Enemy
						case "friendly":
							c.Side = Friendly
						default:
							return d.Errorf(fv, "vpo.control: %q is not enemy or friendly", str)
						}
					default:
						return d.Errorf(fk, "vpo: unknown field %q (want at, control)", f)
					}
					return nil
				})
				if err != nil {
					return err
				}
				s.VPO = append(s.VPO, c)
			}
		default:
			err = d.Errorf(k, "unknown key %q (want mission, boards, tables, seed, rng, policy, trail, turn, phase, waves, enemy, friendly, vpo, loose_sw)", key)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	units, err := Resolve(specs, name, m)
	if err != nil {
		return nil, err
	}
	for i, u := range units {
		if s.Unit(u.ID) != nil {
			return nil, fmt.Errorf("state: %s:%d: unit ID %s is used twice", name, specs[i].Line, u.ID)
		}
		if u.Wave != "" && !slices.ContainsFunc(s.Waves, func(w Wave) bool { return w.ID == u.Wave }) {
			return nil, fmt.Errorf("state: %s:%d: unit %s in %s is in Human Wave %q, which waves does not list", name, specs[i].Line, u.ID, m.LocationName(u.at), u.Wave)
		}
		s.Add(u, u.at)
	}
	return s, nil
}

// Write writes s in the form Read reads, units in their order, with the A2.2
// names of m.
func (s *State) Write(w io.Writer, m *board.Map) error {
	var b strings.Builder
	g := s.Game
	for _, kv := range [][2]string{{"mission", g.Mission}, {"boards", g.Boards}, {"tables", g.Tables}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, "%s: %s\n", kv[0], quote(kv[1]))
		}
	}
	if g.HasSeed {
		fmt.Fprintf(&b, "seed: %d\n", g.Seed)
	}
	if g.RNG != "" {
		fmt.Fprintf(&b, "rng: %s\n", quote(g.RNG))
	}
	if g.Policy != "" {
		fmt.Fprintf(&b, "policy: %s\n", g.Policy)
	}
	if len(g.Trail) > 0 {
		b.WriteString("trail:\n")
		for _, t := range g.Trail {
			fmt.Fprintf(&b, "  - %q\n", t)
		}
	}
	fmt.Fprintf(&b, "turn: %d\n", s.Turn)
	if s.Phase != RPh {
		fmt.Fprintf(&b, "phase: %s\n", s.Phase)
	}
	if len(s.Waves) > 0 {
		b.WriteString("waves:\n")
		for _, wv := range s.Waves {
			fmt.Fprintf(&b, "  - {id: %s, edge: %s, direction: %s}\n", quote(wv.ID), wv.Edge, m.NameString(wv.Direction))
		}
	}
	for _, side := range []Side{Enemy, Friendly} {
		var lines []string
		for _, u := range s.units {
			if u.Side == side {
				lines = append(lines, unitLine(u, m))
			}
		}
		if len(lines) > 0 {
			fmt.Fprintf(&b, "%s:\n", side)
			for _, l := range lines {
				b.WriteString("  - " + l + "\n")
			}
		}
	}
	if len(s.VPO) > 0 {
		b.WriteString("vpo:\n")
		for _, c := range s.VPO {
			fmt.Fprintf(&b, "  - {at: %s, control: %s}\n", m.LocationName(c.At), c.Side)
		}
	}
	if len(s.Loose) > 0 {
		b.WriteString("loose_sw:\n")
		for _, l := range s.Loose {
			fmt.Fprintf(&b, "  - {at: %s, name: %s, pp: %d", m.LocationName(l.At), quote(l.Name), l.PP)
			if l.Dead {
				b.WriteString(", dead: true")
			}
			b.WriteString("}\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func unitLine(u *Unit, m *board.Map) string {
	parts := []string{"id: " + quote(u.ID), "unit: " + quote(u.Kind.String())}
	if u.Type != "" {
		parts = append(parts, "type: "+quote(u.Type))
	}
	parts = append(parts, "at: "+m.LocationName(u.at))
	if u.Entering {
		parts = append(parts, "entering: "+u.Edge.String())
	}
	if u.Case != 0 {
		parts = append(parts, "case: "+string(u.Case))
	}
	if u.Crest {
		parts = append(parts, "crest: "+m.NameString(u.Facing))
	}
	for _, f := range []struct {
		name string
		on   bool
	}{{"broken", u.Broken}, {"known", u.Known}, {"hw", u.HW}, {"released", u.Released}, {"exited", u.Exited}} {
		if f.on {
			parts = append(parts, f.name+": true")
		}
	}
	if u.Wave != "" {
		parts = append(parts, "wave: "+quote(u.Wave), "lane: "+m.NameString(u.Lane))
	}
	if len(u.SW) > 0 {
		var sws []string
		for _, sw := range u.SW {
			s := fmt.Sprintf("{name: %s, pp: %d", quote(sw.Name), sw.PP)
			if sw.Dead {
				s += ", dead: true"
			}
			sws = append(sws, s+"}")
		}
		parts = append(parts, "sw: ["+strings.Join(sws, ", ")+"]")
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// quote writes a scalar so YAML reads it back as the same text.
func quote(s string) string {
	if s == "" || strings.ContainsAny(s, ":{}[],#&*!|>'\"%@`?") || s != strings.TrimSpace(s) || slices.Contains([]string{"true", "false", "null", "yes", "no", "on", "off", "~"}, strings.ToLower(s)) {
		return fmt.Sprintf("%q", s)
	}
	return s
}
