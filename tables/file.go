package tables

import (
	"fmt"
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
)

// This file is the YAML form of the tables (tables/data/*.yaml, or a
// user's file laid over them): its shape as structs, decoded whole, then
// checked and laid over a Set in one place (apply), a table or group of
// tables by its own reader: file_movement.go (infantry, weather, seasons),
// file_sasl.go (sasl, human_wave), file_combat.go (counters, half_squads,
// tem, ift, combat), file_activation.go (activation), policy.go (policy)
// and generation.go (s_generation).

type tablesFile struct {
	yamldoc.Fields
	Infantry   *movementFile                `yaml:"infantry"`
	Weather    yamldoc.Map[weatherFile]     `yaml:"weather"`
	Seasons    *seasonsFile                 `yaml:"seasons"`
	SASL       *saslFile                    `yaml:"sasl"`
	HumanWave  *hwFile                      `yaml:"human_wave"`
	Counters   yamldoc.Map[nationalityFile] `yaml:"counters"`
	HalfSquads yamldoc.Map[entryFile]       `yaml:"half_squads"`
	IFT        *iftFile                     `yaml:"ift"`
	Combat     *combatFile                  `yaml:"combat"`
	Activation *activationFile              `yaml:"activation"`
	TEM        yamldoc.Map[entryFile]       `yaml:"tem"`
	Policy     *policyFile                  `yaml:"policy"`
	SGen       *sGenerationFile             `yaml:"s_generation"`
}

// entryFile is one value with its source: {value, default, source}.
type entryFile struct {
	yamldoc.Fields
	Value   yamldoc.Value `yaml:"value"`
	Default yamldoc.Value `yaml:"default"`
	Reading yamldoc.Value `yaml:"reading"`
	Source  yamldoc.Value `yaml:"source"`
}

// rowsFile is a table by dr: {source, rows: {1: entry, ...}}.
type rowsFile struct {
	yamldoc.Fields
	Source yamldoc.Value          `yaml:"source"`
	Rows   yamldoc.Map[entryFile] `yaml:"rows"`
}

func (f *tablesFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }
func (f *entryFile) UnmarshalYAML(n *yaml.Node) error  { return yamldoc.Decode(n, f) }
func (f *rowsFile) UnmarshalYAML(n *yaml.Node) error   { return yamldoc.Decode(n, f) }

// apply lays the tables of one file over s and returns the file parsed
// (Default reads its placeholders off it); on an error s is half changed
// (Parse lays a file over a clone).
func (s *Set) apply(data []byte, name string) (*yaml.Node, error) {
	d := yamldoc.Doc{Pkg: "tables", File: name}
	root, err := d.Parse(data)
	if err != nil {
		return nil, err
	}
	return root, s.applyRoot(d, root)
}

// applyRoot lays the tables of a file, parsed (root), over s.
func (s *Set) applyRoot(d yamldoc.Doc, root *yaml.Node) error {
	var f tablesFile
	if err := root.Decode(&f); err != nil {
		return d.Errorf(root, "%v", err)
	}
	c := &yamldoc.Check{Doc: d}
	c.Fields(&f, "tables", func(key string) string {
		return fmt.Sprintf("unknown table %q (want infantry, weather, seasons, sasl, human_wave, counters, half_squads, ift, combat, activation, tem, policy or s_generation)", key)
	})
	if f.Infantry != nil {
		s.Infantry.apply(c, f.Infantry)
	}
	if c.Map(f.Weather.Node, "weather") {
		for i, k := range f.Weather.Keys {
			w := s.Weather[k.Value]
			if w == nil {
				w = &Weather{Name: k.Value}
			} else {
				wc := *w
				w = &wc
			}
			w.apply(c, &f.Weather.Values[i])
			s.Weather[k.Value] = w
		}
	}
	if f.Seasons != nil {
		s.Seasons.apply(c, f.Seasons)
	}
	if f.SASL != nil {
		s.SASL.apply(c, f.SASL)
	}
	if f.HumanWave != nil {
		s.HumanWave.apply(c, f.HumanWave)
	}
	if c.Map(f.Counters.Node, "counters") {
		for i, k := range f.Counters.Keys {
			s.Counters.apply(c, k.Value, &f.Counters.Values[i])
		}
	}
	if f.HalfSquads.Node != nil {
		if s.HalfSquads == nil {
			s.HalfSquads = HalfSquads{}
		}
		s.HalfSquads.apply(c, f.HalfSquads)
	}
	if f.IFT != nil {
		s.IFT.apply(c, f.IFT)
	}
	if f.Combat != nil {
		s.Combat.apply(c, f.Combat)
	}
	if f.Activation != nil {
		s.Activation.apply(c, f.Activation)
	}
	s.TEM.apply(c, f.TEM)
	if f.Policy != nil {
		s.Policy.apply(c, f.Policy)
	}
	if f.SGen != nil {
		s.SGeneration.apply(c, f.SGen)
	}
	return c.Err
}

// entry reads {value: V, default: B, source: S}, V read by value from the
// node of value and what+".value"; ok is false on an error.
func entry[T any](c *yamldoc.Check, f *entryFile, what string, value func(v yamldoc.Value, what string) T) (e Entry[T], ok bool) {
	if !c.Fields(f, what, yamldoc.Unknown(what, "want value, default or reading, source")) {
		return e, false
	}
	if f.Value.Given() {
		e.Value = value(f.Value, what+".value")
	}
	e.Default = c.Bool(f.Default, what+".default")
	e.Reading = c.Bool(f.Reading, what+".reading")
	e.Source = c.Str(f.Source, what+".source")
	switch {
	case !c.OK():
	case e.Default && e.Reading:
		c.Errorf(f.Node, "%s: default: true (a stand-in for your rulebook's value) or reading: true (sasl's reading where no text decides), not both", what)
	case !f.Has("value"):
		c.Errorf(f.Node, "%s: no value", what)
	case e.Source == "":
		c.Errorf(f.Node, "%s: every value names its source (source: ...)", what)
	}
	return e, c.OK()
}

// intEntry is entry of a whole number in lo..hi.
func intEntry(c *yamldoc.Check, f *entryFile, what string, lo, hi int) (Entry[int], bool) {
	return entry(c, f, what, func(v yamldoc.Value, what string) int { return c.Int(v, what, lo, hi) })
}

// setInt lays the entry f, if the file gives it, over *e.
func setInt(c *yamldoc.Check, f *entryFile, what string, e *Entry[int], lo, hi int) {
	if f == nil {
		return
	}
	if v, ok := intEntry(c, f, what, lo, hi); ok {
		*e = v
	}
}

// rows reads {source: S, rows: {K: ..., ...}}: the source into *source and
// each row by row, its key read by key (which words a key it refuses).
func rows(c *yamldoc.Check, f *rowsFile, what string, source *string, key func(k string) (int, error), row func(k int, what string, e *entryFile)) {
	if !c.Fields(f, what, yamldoc.Unknown(what, "want source, rows")) {
		return
	}
	if f.Source.Given() {
		*source = c.Str(f.Source, what+".source")
	}
	if !c.Map(f.Rows.Node, what+".rows") {
		return
	}
	for i, kn := range f.Rows.Keys {
		k, err := key(kn.Value)
		if err != nil {
			c.Errorf(kn, "%s.rows: %v", what, err)
			return
		}
		row(k, fmt.Sprintf("%s.rows.%d", what, k), &f.Rows.Values[i])
		if !c.OK() {
			return
		}
	}
}

// dr reads a key of a table by dr, 1 to 6.
func dr(k string) (int, error) {
	if v, err := strconv.Atoi(k); err == nil && v >= 1 && v <= 6 {
		return v, nil
	}
	return 0, fmt.Errorf("%q is not a dr (1-6)", k)
}

// unitList reads a row of units an S? generates: squad, half_squad or
// leader, at least one (none says why, as empty does).
func unitList(c *yamldoc.Check, v yamldoc.Value, what, empty string) []string {
	units := c.Strings(v.List(), what)
	for _, u := range units {
		if u != "squad" && u != "half_squad" && u != "leader" {
			c.Errorf(v.Node, "%s: %q is not squad, half_squad or leader", what, u)
		}
	}
	if c.OK() && len(units) == 0 {
		c.Errorf(v.Node, "%s: give at least one unit (%s)", what, empty)
	}
	return units
}
