package state

import (
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/layout"
)

// What a state file keeps on the map beside units: the Human Waves
// (waves), who Controls each VPO (vpo), SW lying in Locations (loose_sw)
// and the Residual FP of the MPh under way (residual_fp).

// residualFile is the Residual FP in a Location (ASL A8.2): {at, fp}.
type residualFile struct {
	yamldoc.Fields
	At yamldoc.Value `yaml:"at"`
	FP yamldoc.Value `yaml:"fp"`
}

func (f *residualFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }

type waveFile struct {
	yamldoc.Fields
	ID        yamldoc.Value `yaml:"id"`
	Edge      yamldoc.Value `yaml:"edge"`
	Direction yamldoc.Value `yaml:"direction"`
}

func (w *waveFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, w) }

type controlFile struct {
	yamldoc.Fields
	At      yamldoc.Value `yaml:"at"`
	Control yamldoc.Value `yaml:"control"`
}

func (v *controlFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, v) }

// waves reads the Human Waves: [{id, edge, direction}].
func waves(c *yamldoc.Check, l yamldoc.List[waveFile], m *board.Map) []Wave {
	if !c.List(l.Node, "waves", "want a list of {id, edge, direction}") {
		return nil
	}
	var out []Wave
	for i := range l.Items {
		f := &l.Items[i]
		if !c.Fields(f, "waves", yamldoc.Unknown("waves", "want id, edge, direction")) {
			return nil
		}
		var w Wave
		w.ID = c.Str(f.ID, "waves.id")
		if e := c.Str(f.Edge, "waves.edge"); f.Edge.Given() && c.OK() {
			var err error
			if w.Edge, err = layout.ParseCompass(e); err != nil {
				c.Errorf(f.Edge.Node, "waves.edge: %v", err)
			}
		}
		dir := c.Str(f.Direction, "waves.direction")
		if !c.OK() {
			return nil
		}
		l, err := m.ParseLocation(dir)
		if err != nil {
			c.Errorf(f.Node, "waves.direction %q: %v", dir, err)
			return nil
		}
		w.Direction = l.Hex
		out = append(out, w)
	}
	return out
}

// controls reads who controls each VPO: [{at, control}].
func controls(c *yamldoc.Check, l yamldoc.List[controlFile], m *board.Map) []Control {
	if !c.List(l.Node, "vpo", "want a list of {at, control}") {
		return nil
	}
	var out []Control
	for i := range l.Items {
		f := &l.Items[i]
		if !c.Fields(f, "vpo", yamldoc.Unknown("vpo", "want at, control")) {
			return nil
		}
		var v Control
		if at := c.Str(f.At, "vpo.at"); f.At.Given() && c.OK() {
			var err error
			if v.At, err = m.ParseLocation(at); err != nil {
				c.Errorf(f.At.Node, "vpo.at: %v", err)
			}
		}
		switch ctl := c.Str(f.Control, "vpo.control"); {
		case !c.OK() || !f.Control.Given():
		case ctl == "enemy":
			v.Side = Enemy
		case ctl == "friendly":
			v.Side = Friendly
		default:
			c.Errorf(f.Control.Node, "vpo.control: %q is not enemy or friendly", ctl)
		}
		out = append(out, v)
	}
	return out
}

// residuals reads the Residual FP of the MPh under way: [{at, fp}], one a
// Location (ASL A8.2).
func residuals(c *yamldoc.Check, l yamldoc.List[residualFile], m *board.Map) []Residual {
	if !c.List(l.Node, "residual_fp", "want a list of {at, fp}") {
		return nil
	}
	var out []Residual
	for i := range l.Items {
		f := &l.Items[i]
		if !c.Fields(f, "residual_fp", yamldoc.Unknown("residual_fp", "want at, fp")) {
			return nil
		}
		at := c.Str(f.At, "residual_fp.at")
		fp := c.Int(f.FP, "residual_fp.fp", 1, 1000)
		if !c.OK() {
			return nil
		}
		loc, err := m.ParseLocation(at)
		if err != nil {
			c.Errorf(f.At.Node, "residual_fp.at %q: %v", at, err)
			return nil
		}
		if slices.ContainsFunc(out, func(r Residual) bool { return r.At == loc }) {
			c.Errorf(f.At.Node, "residual_fp.at %s: one Residual FP a Location (ASL A8.2)", at)
			return nil
		}
		out = append(out, Residual{At: loc, FP: fp})
	}
	return out
}

// loose reads the SW lying in Locations: [{at, name, pp, dead}].
func loose(c *yamldoc.Check, l yamldoc.List[swFile], m *board.Map) []Loose {
	if !c.List(l.Node, "loose_sw", "want a list of {at, name, pp}") {
		return nil
	}
	var out []Loose
	for i := range l.Items {
		sw, at := swOf(c, &l.Items[i], "loose_sw", true)
		if !c.OK() {
			return nil
		}
		loc, err := m.ParseLocation(at)
		if err != nil {
			c.Errorf(l.Items[i].Node, "loose_sw.at %q: %v", at, err)
			return nil
		}
		out = append(out, Loose{At: loc, SW: sw})
	}
	return out
}
