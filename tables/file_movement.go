package tables

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// The YAML form of the tables of movement (infantry: terrain, hexsides,
// road, uphill, level, offboard), weather and seasons, and their readers
// (file.go reads the file as a whole).

type movementFile struct {
	yamldoc.Fields
	Terrain  yamldoc.Map[costFile] `yaml:"terrain"`
	Hexsides yamldoc.Map[costFile] `yaml:"hexsides"`
	Road     *costFile             `yaml:"road"`
	Uphill   *uphillFile           `yaml:"uphill"`
	Level    *costFile             `yaml:"level"`
	Offboard *costFile             `yaml:"offboard"`
}

type costFile struct {
	yamldoc.Fields
	MF          yamldoc.Value `yaml:"mf"`
	Impassable  yamldoc.Value `yaml:"impassable"`
	OutOfSeason yamldoc.Value `yaml:"out_of_season"`
	Default     yamldoc.Value `yaml:"default"`
	Reading     yamldoc.Value `yaml:"reading"`
	Source      yamldoc.Value `yaml:"source"`
}

type uphillFile struct {
	yamldoc.Fields
	Factor yamldoc.Value `yaml:"factor"`
	Source yamldoc.Value `yaml:"source"`
}

type weatherFile struct {
	yamldoc.Fields
	Source       yamldoc.Value               `yaml:"source"`
	Notes        yamldoc.List[yamldoc.Value] `yaml:"notes"`
	RoadRate     yamldoc.List[yamldoc.Value] `yaml:"road_rate"`
	AsOpenGround yamldoc.List[yamldoc.Value] `yaml:"as_open_ground"`
}

type seasonsFile struct {
	yamldoc.Fields
	Grain   *monthsFile `yaml:"grain"`
	Orchard *monthsFile `yaml:"orchard"`
}

type monthsFile struct {
	yamldoc.Fields
	Months  yamldoc.List[yamldoc.Value] `yaml:"months"`
	Default yamldoc.Value               `yaml:"default"`
	Reading yamldoc.Value               `yaml:"reading"`
	Source  yamldoc.Value               `yaml:"source"`
}

func (f *movementFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }
func (f *costFile) UnmarshalYAML(n *yaml.Node) error     { return yamldoc.Decode(n, f) }
func (f *uphillFile) UnmarshalYAML(n *yaml.Node) error   { return yamldoc.Decode(n, f) }
func (f *weatherFile) UnmarshalYAML(n *yaml.Node) error  { return yamldoc.Decode(n, f) }
func (f *seasonsFile) UnmarshalYAML(n *yaml.Node) error  { return yamldoc.Decode(n, f) }
func (f *monthsFile) UnmarshalYAML(n *yaml.Node) error   { return yamldoc.Decode(n, f) }

func (m *Movement) apply(c *yamldoc.Check, f *movementFile) {
	c.Fields(f, "infantry", func(key string) string {
		return fmt.Sprintf("unknown movement table %q (want terrain, hexsides, road, uphill, level, offboard)", "infantry."+key)
	})
	if c.Map(f.Terrain.Node, "infantry.terrain") {
		for i, kn := range f.Terrain.Keys {
			kind, err := terrain.ParseKind(kn.Value)
			if err != nil {
				c.Errorf(kn, "infantry.terrain.%s: unknown terrain kind (see terrain names in the README)", kn.Value)
				return
			}
			if cost, ok := readCost(c, &f.Terrain.Values[i], "infantry.terrain."+kn.Value, true); ok {
				m.Terrain[kind] = cost
			}
		}
	}
	if c.Map(f.Hexsides.Node, "infantry.hexsides") {
		for i, kn := range f.Hexsides.Keys {
			h, err := terrain.ParseFeatures(kn.Value)
			if err != nil || h&^terrain.Obstacles != 0 || len(featureList(h)) != 1 {
				c.Errorf(kn, "infantry.hexsides.%s: not a hexside obstacle (wall, hedge, bocage, cliff, rowhouse_wall)", kn.Value)
				return
			}
			if cost, ok := readCost(c, &f.Hexsides.Values[i], "infantry.hexsides."+kn.Value, false); ok {
				m.Hexsides[h] = cost
			}
		}
	}
	for _, x := range []struct {
		f    *costFile
		key  string
		cost *Cost
	}{{f.Road, "road", &m.Road}, {f.Level, "level", &m.Level}, {f.Offboard, "offboard", &m.Offboard}} {
		if x.f == nil {
			continue
		}
		if cost, ok := readCost(c, x.f, "infantry."+x.key, false); ok {
			*x.cost = cost
		}
	}
	if u := f.Uphill; u != nil && c.Fields(u, "infantry.uphill", yamldoc.Unknown("infantry.uphill", "want factor, source")) {
		if u.Factor.Given() {
			m.Uphill = c.Int(u.Factor, "infantry.uphill.factor", 1, 4)
		}
		if u.Source.Given() {
			m.UphillSource = c.Str(u.Source, "infantry.uphill.source")
		}
	}
}

// readCost reads {mf: N, impassable: B, out_of_season: N, default: B,
// source: S}.
func readCost(c *yamldoc.Check, f *costFile, what string, seasonal bool) (Cost, bool) {
	cost := Cost{OutOfSeason: -1}
	if !c.Fields(f, what, yamldoc.Unknown(what, "want mf, impassable, out_of_season, default or reading, source")) {
		return cost, false
	}
	cost.HalfMF = c.HalfMF(f.MF, what+".mf")
	cost.Impassable = c.Bool(f.Impassable, what+".impassable")
	if f.OutOfSeason.Given() {
		if !seasonal {
			c.Errorf(f.Key("out_of_season"), "%s: out_of_season is only for terrain", what)
		}
		cost.OutOfSeason = c.HalfMF(f.OutOfSeason, what+".out_of_season")
	}
	cost.Default = c.Bool(f.Default, what+".default")
	cost.Reading = c.Bool(f.Reading, what+".reading")
	cost.Source = c.Str(f.Source, what+".source")
	switch {
	case !c.OK():
	case f.Has("mf") == cost.Impassable:
		c.Errorf(f.Node, "%s: give either mf or impassable: true", what)
	case cost.Source == "":
		c.Errorf(f.Node, "%s: every value names its source (source: ...)", what)
	}
	return cost, c.OK()
}

func (w *Weather) apply(c *yamldoc.Check, f *weatherFile) {
	what := "weather." + w.Name
	if !c.Fields(f, what, yamldoc.Unknown(what, "want source, notes, road_rate, as_open_ground")) {
		return
	}
	if f.Source.Given() {
		w.Source = c.Str(f.Source, what+".source")
	}
	if f.Notes.Given() {
		w.Notes = c.Strings(f.Notes, what+".notes")
	}
	for _, x := range []struct {
		l     yamldoc.List[yamldoc.Value]
		key   string
		kinds *[]terrain.Kind
	}{{f.RoadRate, "road_rate", &w.RoadRate}, {f.AsOpenGround, "as_open_ground", &w.AsOpenGround}} {
		if !x.l.Given() {
			continue
		}
		kinds := []terrain.Kind{}
		for _, name := range c.Strings(x.l, what+"."+x.key) {
			k, err := terrain.ParseKind(name)
			switch {
			case err != nil:
				c.Errorf(x.l.Node, "%s.%s: unknown terrain kind %q", what, x.key, name)
			case x.key == "road_rate" && !terrain.Of(k).Road() && k != terrain.Path:
				c.Errorf(x.l.Node, "%s.road_rate: %s is not a road", what, name)
			}
			kinds = append(kinds, k)
		}
		if c.OK() {
			*x.kinds = kinds
		}
	}
}

func (s *Seasons) apply(c *yamldoc.Check, f *seasonsFile) {
	c.Fields(f, "seasons", func(key string) string {
		return fmt.Sprintf("seasons: unknown terrain %q (want grain, orchard)", key)
	})
	for _, x := range []struct {
		f   *monthsFile
		key string
		m   *Months
	}{{f.Grain, "grain", &s.Grain}, {f.Orchard, "orchard", &s.Orchard}} {
		if x.f == nil {
			continue
		}
		what := "seasons." + x.key
		if !c.Fields(x.f, what, yamldoc.Unknown(what, "want months, default or reading, source")) {
			return
		}
		m := Months{}
		if c.List(x.f.Months.Node, what+".months", "want a list of months 1..12") {
			for _, e := range x.f.Months.Items {
				m.In[c.Int(e, what+".months", 1, 12)] = true
			}
		}
		m.Default = c.Bool(x.f.Default, what+".default")
		m.Reading = c.Bool(x.f.Reading, what+".reading")
		m.Source = c.Str(x.f.Source, what+".source")
		if c.OK() && m.Source == "" {
			c.Errorf(x.f.Node, "%s: every value names its source (source: ...)", what)
		}
		*x.m = m
	}
}
