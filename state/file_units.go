package state

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// The units of a state file (enemy, friendly; a mission file's units too)
// and the SW they carry: read, checked and placed on a map.

// Spec is a unit as a file writes it, before its Location is resolved on a
// map.
type Spec struct {
	Unit
	AtText, CrestText, LaneText string
	Line                        int
}

// unitFields are the fields of a unit, as errors list them.
const unitFields = "id, unit, type, at, broken, dm, pinned, wounded, known, fired, final_fire, moved, routed, hw, wave, lane, released, setup, exited, command, panicked, entering, case, crest, sw, vasl"

// UnitFile is a unit as a state or mission file writes it.
type UnitFile struct {
	yamldoc.Fields
	ID       yamldoc.Value        `yaml:"id"`
	Unit     yamldoc.Value        `yaml:"unit"`
	Type     yamldoc.Value        `yaml:"type"`
	At       yamldoc.Value        `yaml:"at"`
	Broken   yamldoc.Value        `yaml:"broken"`
	Pinned   yamldoc.Value        `yaml:"pinned"`
	Wounded  yamldoc.Value        `yaml:"wounded"`
	Known    yamldoc.Value        `yaml:"known"`
	Fired    yamldoc.Value        `yaml:"fired"`
	Final    yamldoc.Value        `yaml:"final_fire"`
	Moved    yamldoc.Value        `yaml:"moved"`
	Advanced yamldoc.Value        `yaml:"advanced"`
	DM       yamldoc.Value        `yaml:"dm"`
	Routed   yamldoc.Value        `yaml:"routed"`
	HW       yamldoc.Value        `yaml:"hw"`
	Wave     yamldoc.Value        `yaml:"wave"`
	Released yamldoc.Value        `yaml:"released"`
	Setup    yamldoc.Value        `yaml:"setup"`
	Exited   yamldoc.Value        `yaml:"exited"`
	Command  yamldoc.Value        `yaml:"command"`
	Panicked yamldoc.Value        `yaml:"panicked"`
	SW       yamldoc.List[swFile] `yaml:"sw"`
	Lane     yamldoc.Value        `yaml:"lane"`
	Crest    yamldoc.Value        `yaml:"crest"`
	Case     yamldoc.Value        `yaml:"case"`
	Entering yamldoc.Value        `yaml:"entering"`
	Vasl     yamldoc.Value        `yaml:"vasl"`
}

func (u *UnitFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, u) }

// swFile is a SW, carried ({name, pp, dead}) or lying in a Location (with
// at).
type swFile struct {
	yamldoc.Fields
	At   yamldoc.Value `yaml:"at"`
	Name yamldoc.Value `yaml:"name"`
	PP   yamldoc.Value `yaml:"pp"`
	Dead yamldoc.Value `yaml:"dead"`
}

func (s *swFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, s) }

// Specs reads a list of units of one side, {id, unit, type, at, broken,
// known, fired, final_fire, moved, hw, wave, lane, released, exited, entering, case, crest, sw}, into
// specs; c keeps the first error.
func Specs(c *yamldoc.Check, l yamldoc.List[UnitFile], side Side) []Spec {
	what := side.String()
	if !c.List(l.Node, what, "want a list of units") {
		return nil
	}
	var out []Spec
	for i := range l.Items {
		f := &l.Items[i]
		if !c.Fields(f, what, yamldoc.Unknown(what, "want "+unitFields)) {
			return nil
		}
		sp := Spec{Unit: Unit{Side: side}, Line: f.Line()}
		if sp.ID = c.Str(f.ID, what+".id"); f.ID.Null() {
			sp.ID = "" // id: ~
		}
		if s := c.Str(f.Unit, what+".unit"); f.Unit.Given() && c.OK() {
			k, err := ParseKind(s)
			if err != nil {
				c.Errorf(f.Unit.Node, "%s.unit: %v", what, err)
			}
			sp.Kind = k
		}
		sp.Type = c.Str(f.Type, what+".type")
		sp.AtText = c.Str(f.At, what+".at")
		sp.Broken = c.Bool(f.Broken, what+".broken")
		sp.Pinned = c.Bool(f.Pinned, what+".pinned")
		sp.Wounded = c.Bool(f.Wounded, what+".wounded")
		if sp.Wounded && sp.Kind != Leader && sp.Kind != Commissar && c.OK() {
			c.Errorf(f.Wounded.Node, "%s.wounded: only a leader is wounded (ASL A17.1); a %s is Casualty Reduced", what, sp.Kind)
		}
		sp.Known = c.Bool(f.Known, what+".known")
		sp.Fired = c.Bool(f.Fired, what+".fired")
		// A file of an earlier sasl has no final_fire: a unit that fired
		// is marked First Fire (it fired once, ASL A8.1).
		if sp.FinalFire = c.Bool(f.Final, what+".final_fire"); sp.FinalFire && f.Fired.Given() && !sp.Fired {
			c.Errorf(f.Final.Node, "%s.final_fire: a unit marked Final Fire has fired (fired: true, ASL A8.3)", what)
		}
		sp.Fired = sp.Fired || sp.FinalFire
		sp.Moved = c.Bool(f.Moved, what+".moved")
		sp.Advanced = c.Bool(f.Advanced, what+".advanced")
		if sp.DM = c.Bool(f.DM, what+".dm"); sp.DM && !sp.Broken && c.OK() {
			c.Errorf(f.DM.Node, "%s.dm: %s is not broken: only a broken unit is under Desperation Morale (ASL A10.62)", what, sp.ID)
		}
		sp.Routed = c.Bool(f.Routed, what+".routed")
		sp.HW = c.Bool(f.HW, what+".hw")
		sp.Wave = c.Str(f.Wave, what+".wave")
		sp.Released = c.Bool(f.Released, what+".released")
		sp.Setup = c.Bool(f.Setup, what+".setup")
		sp.Exited = c.Bool(f.Exited, what+".exited")
		if s := c.Str(f.Command, what+".command"); f.Command.Given() && c.OK() {
			cmd, err := ParseCommand(s)
			if err != nil {
				c.Errorf(f.Command.Node, "%s.command: %v", what, err)
			}
			sp.Command = cmd
		}
		sp.Panicked = c.Bool(f.Panicked, what+".panicked")
		if (sp.Command != NoCommand || sp.Panicked) && side != Enemy && c.OK() {
			c.Errorf(f.Node, "%s: only an ENEMY unit takes Action checks (SASL 6): no command or panicked", what)
		}
		sp.Vasl = c.Str(f.Vasl, what+".vasl")
		if f.SW.Given() && c.List(f.SW.Node, what+".sw", "want a list such as [{name: LMG, pp: 1}]") {
			for j := range f.SW.Items {
				sw, _ := swOf(c, &f.SW.Items[j], what+".sw", false)
				sp.SW = append(sp.SW, sw)
			}
		}
		sp.LaneText = c.Str(f.Lane, what+".lane")
		sp.Crest = f.Crest.Given()
		sp.CrestText = c.Str(f.Crest, what+".crest")
		if s := c.Str(f.Case, what+".case"); f.Case.Given() && c.OK() {
			if len(s) != 1 || s[0] < 'a' || s[0] > 'e' {
				c.Errorf(f.Case.Node, "%s.case: %q is not a SASL 4.1 case (a..e)", what, s)
			} else {
				sp.Case = s[0]
			}
		}
		if s := c.Str(f.Entering, what+".entering"); f.Entering.Given() && c.OK() {
			sp.Entering = true
			e, err := layout.ParseCompass(s)
			if err != nil {
				c.Errorf(f.Entering.Node, "%s.entering: the edge it enters from: %v", what, err)
			}
			sp.Edge = e
		}
		switch {
		case !c.OK():
		case !f.Has("id") || !f.Has("unit") || !f.Has("at"):
			c.Errorf(f.Node, "%s: each unit needs id, unit and at", what)
		case sp.ID == "":
			c.Errorf(f.Node, "%s: the %s at %s has an empty id: give each unit its own", what, sp.Kind, sp.AtText)
		case side == Friendly && sp.Kind == SQ:
			c.Errorf(f.Node, "%s %s: S? are ENEMY counters", what, sp.ID)
		case side == Friendly && sp.Wave != "":
			c.Errorf(f.Node, "%s %s at %s: wave %q: only ENEMY units move in a Human Wave (SASL 4.3)", what, sp.ID, sp.AtText, sp.Wave)
		case sp.Entering && sp.Exited:
			c.Errorf(f.Node, "%s %s: a unit cannot both be entering and have exited", what, sp.ID)
		}
		if !c.OK() {
			return nil
		}
		out = append(out, sp)
	}
	return out
}

// swOf reads one SW: {name, pp, dead}, and {at} too where loose (a SW
// lying in a Location), returning at.
func swOf(c *yamldoc.Check, f *swFile, what string, loose bool) (sw SW, at string) {
	want := "want name, pp, dead"
	if loose {
		want = "want at, name, pp, dead"
	}
	if !c.Fields(f, what, yamldoc.Unknown(what, want)) {
		return SW{}, ""
	}
	if f.At.Given() && !loose {
		c.Errorf(f.Key("at"), "%s: unknown field %q (%s)", what, "at", want)
		return SW{}, ""
	}
	at = c.Str(f.At, what+".at")
	sw.Name = c.Str(f.Name, what+".name")
	sw.PP = c.Int(f.PP, what+".pp", 0, 20)
	sw.Dead = c.Bool(f.Dead, what+".dead")
	return sw, at
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

// counterForm reports whether typ is written as a counter of kind k is:
// an MMC's firepower-range-morale ("6-6-7"), an SMC's morale and
// leadership modifier ("8-1", "7+1"); the forms of tables.ParseStrength
// (a test checks they agree), which state cannot import.
func counterForm(k Kind, typ string) bool {
	num := func(s string, lo, hi int) bool {
		n, err := strconv.Atoi(s)
		return err == nil && n >= lo && n <= hi
	}
	if parts := strings.Split(typ, "-"); len(parts) == 3 {
		return k.MMC() && num(parts[0], 0, 30) && num(parts[1], 0, 30) && num(parts[2], 0, 30)
	}
	if i := strings.LastIndexAny(typ, "+-"); i > 0 && !k.MMC() {
		mod, err := strconv.Atoi(typ[i:])
		return num(typ[:i], 0, 12) && err == nil && mod >= -5 && mod <= 5
	}
	return false
}
