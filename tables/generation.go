package tables

import (
	"fmt"
	"maps"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
)

// SGeneration is what an S? that is not a Human Wave S? becomes when it
// is Activated (SASL 5, not among the texts; policy.setup_s sasl5): an
// Activation Check (AC) dr (SASL 5.1), whose Final dr of Dummy or more
// shows a dummy, then a dr on its nationality's unit generation table. A
// Human Wave S? needs no AC dr and is never a dummy (SASL 4.34): it uses
// Table x10 (HumanWave.X10).
type SGeneration struct {
	Source string
	// Dummy: a Final AC dr >= Dummy shows a dummy.
	Dummy Entry[int]
	// The AC drm (SASL QRDC): the S? in or ADJACENT to a VPO; in a stone
	// building; per level above its hex's base level; an Activated ENEMY
	// unit within NearRange hexes; on a Village or City mapboard (Table
	// A9), not for an S? in Advance Attitude.
	VPO, Stone, Level, Near, NearRange, Village, City Entry[int]
	// LeaderDRM is the drm of the Table x3 dr of a "leader" of a row.
	LeaderDRM Entry[int]
	// Units are the unit generation tables by nationality ("default"
	// serves a nationality not listed): by dr, "squad", "half_squad",
	// "leader".
	Units map[string]Generation
	// UnitsSource is the source of each nationality's table.
	UnitsSource map[string]string
}

// Of returns the unit generation table of a nationality, or the default
// one.
func (g *SGeneration) Of(nationality string) Generation {
	if t, ok := g.Units[nationality]; ok {
		return t
	}
	return g.Units["default"]
}

func (g *SGeneration) clone() SGeneration {
	c := *g
	c.Units = maps.Clone(g.Units)
	c.UnitsSource = maps.Clone(g.UnitsSource)
	return c
}

func (g *SGeneration) check() error {
	if g.Dummy.Source == "" || g.NearRange.Source == "" {
		return fmt.Errorf("s_generation needs dummy and near_range")
	}
	if _, ok := g.Units["default"]; !ok {
		return fmt.Errorf("s_generation.units needs a default nationality")
	}
	for _, nat := range slices.Sorted(maps.Keys(g.Units)) {
		for dr := 1; dr <= 6; dr++ {
			if g.Units[nat].Rows[dr].Source == "" {
				return fmt.Errorf("s_generation.units.%s needs a row for every dr 1..6 (dr %d is missing)", nat, dr)
			}
		}
	}
	return nil
}

type sGenerationFile struct {
	yamldoc.Fields
	Source    yamldoc.Value         `yaml:"source"`
	Dummy     *entryFile            `yaml:"dummy"`
	VPO       *entryFile            `yaml:"vpo_drm"`
	Stone     *entryFile            `yaml:"stone_drm"`
	Level     *entryFile            `yaml:"level_drm"`
	Near      *entryFile            `yaml:"near_drm"`
	NearRange *entryFile            `yaml:"near_range"`
	Village   *entryFile            `yaml:"village_drm"`
	City      *entryFile            `yaml:"city_drm"`
	LeaderDRM *entryFile            `yaml:"leader_drm"`
	Units     yamldoc.Map[rowsFile] `yaml:"units"`
}

func (f *sGenerationFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }

func (g *SGeneration) apply(c *yamldoc.Check, f *sGenerationFile) {
	c.Fields(f, "s_generation", yamldoc.Unknown("s_generation", "want source, dummy, vpo_drm, stone_drm, level_drm, near_drm, near_range, village_drm, city_drm, leader_drm, units"))
	if f.Source.Given() {
		g.Source = c.Str(f.Source, "s_generation.source")
	}
	for _, x := range []struct {
		f      *entryFile
		key    string
		e      *Entry[int]
		lo, hi int
	}{
		{f.Dummy, "dummy", &g.Dummy, 1, 13}, // 13: never a dummy, whatever the drm
		{f.VPO, "vpo_drm", &g.VPO, -6, 6}, {f.Stone, "stone_drm", &g.Stone, -6, 6}, {f.Level, "level_drm", &g.Level, -6, 6},
		{f.Near, "near_drm", &g.Near, -6, 6}, {f.NearRange, "near_range", &g.NearRange, 0, 16},
		{f.Village, "village_drm", &g.Village, -6, 6}, {f.City, "city_drm", &g.City, -6, 6},
		{f.LeaderDRM, "leader_drm", &g.LeaderDRM, -6, 6},
	} {
		setInt(c, x.f, "s_generation."+x.key, x.e, x.lo, x.hi)
	}
	if !c.Map(f.Units.Node, "s_generation.units") {
		return
	}
	for i, kn := range f.Units.Keys {
		nat := kn.Value
		what := "s_generation.units." + nat
		t := g.Units[nat] // a nationality's rows replace its own one by one
		src := g.UnitsSource[nat]
		rows(c, &f.Units.Values[i], what, &src, dr, func(dr int, what string, e *entryFile) {
			units, ok := entry(c, e, what, func(v yamldoc.Value, what string) []string {
				return unitList(c, v, what, "a dummy is the AC dr's, s_generation.dummy")
			})
			if ok {
				t.Rows[dr] = units
			}
		})
		if !c.OK() {
			return
		}
		if g.Units == nil {
			g.Units, g.UnitsSource = map[string]Generation{}, map[string]string{}
		}
		g.Units[nat], g.UnitsSource[nat] = t, src
	}
}
