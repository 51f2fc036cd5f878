// Package state is the game state the engine reasons over: the ENEMY units
// (S?, squads, half-squads, leaders; Good Order or broken; in which Human
// Wave), the FRIENDLY units as the player reports them (where, Known to the
// ENEMY or not, Good Order or broken), the Human Waves, and who controls
// each VPO. It has a compact YAML form the player writes and the engine
// reads and writes back:
//
//	turn: 2
//	waves:
//	  - {id: A, edge: south, direction: x1Q10}
//	enemy:
//	  - {id: A1, unit: "s?", hw: true, wave: A, at: x1Q4}
//	  - {id: E1, unit: squad, type: 4-4-7, at: x3O4h1, broken: true, sw: [{name: LMG, pp: 1}]}
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
	Type   string
	At     board.Location
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

// OnMap reports whether the unit is on the map (not exited).
func (u *Unit) OnMap() bool { return !u.Exited }

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

// State is the game state.
type State struct {
	Turn  int
	Units []*Unit
	Waves []Wave
	VPO   []Control
	Loose []Loose
}

// Unit returns the unit with that ID, or nil.
func (s *State) Unit(id string) *Unit {
	for _, u := range s.Units {
		if u.ID == id {
			return u
		}
	}
	return nil
}

// Side returns the units of one side still on the map.
func (s *State) Side(side Side) []*Unit {
	var out []*Unit
	for _, u := range s.Units {
		if u.Side == side && u.OnMap() {
			out = append(out, u)
		}
	}
	return out
}

// At returns the units of a side in a Location.
func (s *State) At(side Side, l board.Location) []*Unit {
	var out []*Unit
	for _, u := range s.Units {
		if u.Side == side && u.OnMap() && u.At == l {
			out = append(out, u)
		}
	}
	return out
}

// KnownIn reports whether a Known FRIENDLY unit is in Location l.
func (s *State) KnownIn(l board.Location) bool {
	for _, u := range s.At(Friendly, l) {
		if u.Known {
			return true
		}
	}
	return false
}

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

// NewID returns an unused unit ID made of prefix and a number.
func (s *State) NewID(prefix string) string {
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s%d", prefix, n)
		if s.Unit(id) == nil {
			return id
		}
	}
}

// Spec is a unit as a file writes it, before its Location is resolved on a
// map.
type Spec struct {
	Unit
	AtText string
	Line   int
}

// ParseUnits reads a YAML list of units of one side: {id, unit, type, at,
// broken, known, hw, wave, released, exited, sw}.
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
				sp.ID, err = d.Str(fv, what+".id")
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
			default:
				err = d.Errorf(fk, "%s: unknown field %q (want id, unit, type, at, broken, known, hw, wave, released, exited, sw)", what, f)
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
		if side == Friendly && sp.Kind == SQ {
			return nil, d.Errorf(e, "%s %s: S? are ENEMY counters", what, sp.ID)
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

// Resolve places unit specs on m; errors name the file and line.
func Resolve(specs []Spec, file string, m *board.Map) ([]*Unit, error) {
	var out []*Unit
	for _, sp := range specs {
		l, err := m.ParseLocation(sp.AtText)
		if err != nil {
			return nil, fmt.Errorf("state: %s:%d: unit %s at %q: %w", file, sp.Line, sp.ID, sp.AtText, err)
		}
		u := sp.Unit
		u.At = l
		out = append(out, &u)
	}
	return out, nil
}

// Read reads a state file and resolves it on m; name is used in errors.
func Read(r io.Reader, name string, m *board.Map) (*State, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("state: %s: %w", name, err)
	}
	d := yamldoc.Doc{Pkg: "state", File: name}
	root, err := d.Parse(data)
	if err != nil {
		return nil, err
	}
	s := &State{Turn: 1}
	var specs []Spec
	err = d.Each(root, "state", func(key string, k, v *yaml.Node) error {
		var err error
		switch key {
		case "turn":
			s.Turn, err = d.Int(v, "turn", 1, 99)
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
			err = d.Errorf(k, "unknown key %q (want turn, waves, enemy, friendly, vpo, loose_sw)", key)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if s.Units, err = Resolve(specs, name, m); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for i, u := range s.Units {
		if seen[u.ID] {
			return nil, fmt.Errorf("state: %s:%d: unit ID %s is used twice", name, specs[i].Line, u.ID)
		}
		seen[u.ID] = true
	}
	return s, nil
}

// Write writes s in the form Read reads, units in their order, with the A2.2
// names of m.
func (s *State) Write(w io.Writer, m *board.Map) error {
	var b strings.Builder
	fmt.Fprintf(&b, "turn: %d\n", s.Turn)
	if len(s.Waves) > 0 {
		b.WriteString("waves:\n")
		for _, wv := range s.Waves {
			fmt.Fprintf(&b, "  - {id: %s, edge: %s, direction: %s}\n", quote(wv.ID), wv.Edge, m.NameString(wv.Direction))
		}
	}
	for _, side := range []Side{Enemy, Friendly} {
		var lines []string
		for _, u := range s.Units {
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
	parts = append(parts, "at: "+m.LocationName(u.At))
	for _, f := range []struct {
		name string
		on   bool
	}{{"broken", u.Broken}, {"known", u.Known}, {"hw", u.HW}, {"released", u.Released}, {"exited", u.Exited}} {
		if f.on {
			parts = append(parts, f.name+": true")
		}
	}
	if u.Wave != "" {
		parts = append(parts, "wave: "+quote(u.Wave))
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
