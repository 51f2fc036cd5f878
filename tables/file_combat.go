package tables

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// The YAML form of the tables of combat (counters, half_squads, tem, ift,
// combat), and their readers (file.go reads the file as a whole).

type nationalityFile struct {
	yamldoc.Fields
	Squad     *entryFile `yaml:"squad"`
	HalfSquad *entryFile `yaml:"half_squad"`
}

type iftFile struct {
	yamldoc.Fields
	Source  yamldoc.Value                            `yaml:"source"`
	Columns yamldoc.List[yamldoc.Value]              `yaml:"columns"`
	Rows    yamldoc.Map[yamldoc.List[yamldoc.Value]] `yaml:"rows"`
}

type combatFile struct {
	yamldoc.Fields
	HWMorale      *entryFile `yaml:"hw_morale"`
	FFNAM         *entryFile `yaml:"ffnam"`
	FFMO          *entryFile `yaml:"ffmo"`
	WallAbove     *entryFile `yaml:"wall_above"`
	WallAdvantage *entryFile `yaml:"wall_advantage"`
	SelfRally     *entryFile `yaml:"self_rally"`
	SelfRallyMMC  *entryFile `yaml:"self_rally_mmc"`
	RallyTerrain  *entryFile `yaml:"rally_terrain"`
	Desperation   *entryFile `yaml:"desperation"`
	LeaderCCFP    *entryFile `yaml:"leader_cc_fp"`
	HoldFirstFire *entryFile `yaml:"hold_first_fire_range"`
	AdvancingFire *entryFile `yaml:"advancing_fire"`
	AreaFire      *entryFile `yaml:"area_fire"`
	ResidualDiv   *entryFile `yaml:"residual_divisor"`
	ResidualHind  *entryFile `yaml:"residual_hindrance"`
	InfantryMF    *entryFile `yaml:"infantry_mf"`
	LeaderMF      *entryFile `yaml:"leader_mf"`
	LedMF         *entryFile `yaml:"led_mf"`
	RoutMF        *entryFile `yaml:"rout_mf"`
	Interdiction  *entryFile `yaml:"interdiction_fail"`
	WoundMortal   *entryFile `yaml:"wound_mortal"`
	WoundAgain    *entryFile `yaml:"wound_again_drm"`
	WoundedMF     *entryFile `yaml:"wounded_mf"`
	BrokenFail    *entryFile `yaml:"broken_fail"`
	MCTwelve      *entryFile `yaml:"mc_twelve"`
	KIASurvivors  *entryFile `yaml:"kia_survivors"`
	RallyTwelve   *entryFile `yaml:"rally_twelve"`
	PTCFail       *entryFile `yaml:"ptc_fail"`
	MCAtML        *entryFile `yaml:"mc_at_ml"`
	HWPin         *entryFile `yaml:"hw_pin"`
	PinnedFire    *entryFile `yaml:"pinned_fire"`
	CloseCombat   *rowsFile  `yaml:"close_combat"`
}

func (f *nationalityFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }
func (f *iftFile) UnmarshalYAML(n *yaml.Node) error         { return yamldoc.Decode(n, f) }
func (f *combatFile) UnmarshalYAML(n *yaml.Node) error      { return yamldoc.Decode(n, f) }

// apply reads the TEM table: {kind: {value, default, source}}.
func (t *TEM) apply(c *yamldoc.Check, f yamldoc.Map[entryFile]) {
	if !c.Map(f.Node, "tem") {
		return
	}
	if t.Kinds == nil {
		t.Kinds = map[string]Entry[int]{}
	}
	for i, kn := range f.Keys {
		name := kn.Value
		side, serr := terrain.ParseFeatures(name)
		if _, err := terrain.ParseKind(name); err != nil && name != "wooden_building" && name != "stone_building" && (serr != nil || !wallSides.Has(side)) {
			c.Errorf(kn, "tem: %q is not a terrain kind (or wooden_building, stone_building, or a wall, hedge or bocage hexside)", name)
			return
		}
		if e, ok := intEntry(c, &f.Values[i], "tem."+name, 0, 9); ok {
			t.Kinds[name] = e
		}
	}
}

// apply reads the half-squads table: {squad: {value, default, source}},
// each key and value a squad's counter name (4-6-7).
func (h HalfSquads) apply(c *yamldoc.Check, f yamldoc.Map[entryFile]) {
	if !c.Map(f.Node, "half_squads") {
		return
	}
	for i, kn := range f.Keys {
		what := "half_squads." + kn.Value
		if st, err := ParseStrength(kn.Value); err != nil || st.Leader {
			c.Errorf(kn, "half_squads: %q is not a squad counter such as 4-6-7", kn.Value)
			return
		}
		e, ok := entry(c, &f.Values[i], what, func(v yamldoc.Value, what string) string {
			s := c.Str(v, what)
			if st, err := ParseStrength(s); c.OK() && (err != nil || st.Leader) {
				c.Errorf(v.Node, "%s: %q is not a half-squad counter such as 2-4-7", what, s)
			}
			return s
		})
		if ok {
			h[kn.Value] = e
		}
	}
}

func (cs Counters) apply(c *yamldoc.Check, nat string, f *nationalityFile) {
	what := "counters." + nat
	if !c.Fields(f, what, yamldoc.Unknown(what, "want squad, half_squad")) {
		return
	}
	cur := cs[nat]
	for _, x := range []struct {
		f   *entryFile
		key string
		e   *Entry[string]
	}{{f.Squad, "squad", &cur.Squad}, {f.HalfSquad, "half_squad", &cur.HalfSquad}} {
		if x.f == nil {
			continue
		}
		e, ok := entry(c, x.f, what+"."+x.key, func(v yamldoc.Value, what string) string {
			s := c.Str(v, what)
			if st, err := ParseStrength(s); c.OK() && (err != nil || st.Leader) {
				c.Errorf(v.Node, "%s: %q is not a squad counter such as 4-6-7", what, s)
			}
			return s
		})
		if ok {
			*x.e = e
		}
	}
	cs[nat] = cur
}

func (t *IFT) apply(c *yamldoc.Check, f *iftFile) {
	if !c.Fields(f, "ift", yamldoc.Unknown("ift", "want source, columns, rows")) {
		return
	}
	if f.Source.Given() {
		t.Source = c.Str(f.Source, "ift.source")
	}
	if f.Columns.Given() {
		if f.Columns.Node.Kind != yaml.SequenceNode || len(f.Columns.Items) == 0 {
			c.Errorf(f.Columns.Node, "ift.columns: want a list of firepower columns")
			return
		}
		var cols []int
		for _, e := range f.Columns.Items {
			col := c.Int(e, "ift.columns", 1, 999)
			if !c.OK() {
				return
			}
			if len(cols) > 0 && col <= cols[len(cols)-1] {
				c.Errorf(e.Node, "ift.columns: %d after %d: columns grow from left to right", col, cols[len(cols)-1])
				return
			}
			cols = append(cols, col)
		}
		t.Columns, t.Rows = cols, [16][]Result{}
	}
	if !c.Map(f.Rows.Node, "ift.rows") {
		return
	}
	for i, kn := range f.Rows.Keys {
		dr, err := strconv.Atoi(kn.Value)
		if err != nil || dr < 0 || dr > 15 {
			c.Errorf(kn, "ift.rows: %q is not a Final DR 0..15", kn.Value)
			return
		}
		what := fmt.Sprintf("ift.rows.%d", dr)
		l := f.Rows.Values[i]
		if !c.List(l.Node, what, "want a list of results, one a column") {
			return
		}
		row := make([]Result, 0, len(l.Items))
		for _, e := range l.Items {
			r, err := ParseResult(c.Str(e, what))
			if !c.OK() {
				return
			}
			if err != nil {
				c.Errorf(e.Node, "%s: %v", what, err)
				return
			}
			row = append(row, r)
		}
		t.Rows[dr] = row
	}
}

func (cb *Combat) apply(c *yamldoc.Check, f *combatFile) {
	c.Fields(f, "combat", func(key string) string { return fmt.Sprintf("unknown combat table %q", key) })
	for _, x := range []struct {
		f      *entryFile
		key    string
		e      *Entry[int]
		lo, hi int
	}{
		{f.HWMorale, "hw_morale", &cb.HWMorale, 0, 5}, {f.FFNAM, "ffnam", &cb.FFNAM, -5, 5}, {f.FFMO, "ffmo", &cb.FFMO, -5, 5},
		{f.WallAbove, "wall_above", &cb.WallAbove, 0, 9}, {f.WallAdvantage, "wall_advantage", &cb.WallAdvantage, 0, 1},
		{f.SelfRally, "self_rally", &cb.SelfRally, -5, 5}, {f.SelfRallyMMC, "self_rally_mmc", &cb.SelfRallyMMC, 0, 99},
		{f.RallyTerrain, "rally_terrain", &cb.RallyTerrain, -5, 5}, {f.Desperation, "desperation", &cb.Desperation, -9, 9},
		{f.LeaderCCFP, "leader_cc_fp", &cb.LeaderCCFP, 0, 9}, {f.HoldFirstFire, "hold_first_fire_range", &cb.HoldFirstFire, 0, 2},
		{f.AdvancingFire, "advancing_fire", &cb.AdvancingFire, 1, 4}, {f.InfantryMF, "infantry_mf", &cb.InfantryMF, 1, 9},
		{f.LeaderMF, "leader_mf", &cb.LeaderMF, 1, 9}, {f.LedMF, "led_mf", &cb.LedMF, 0, 9},
		{f.PinnedFire, "pinned_fire", &cb.PinnedFire, 1, 4}, {f.RoutMF, "rout_mf", &cb.RoutMF, 1, 9}, {f.AreaFire, "area_fire", &cb.AreaFire, 1, 4},
		{f.ResidualDiv, "residual_divisor", &cb.ResidualDivisor, 1, 4}, {f.ResidualHind, "residual_hindrance", &cb.ResidualHindrance, 0, 4},
		{f.WoundMortal, "wound_mortal", &cb.WoundMortal, 1, 7}, {f.WoundAgain, "wound_again_drm", &cb.WoundAgain, 0, 6},
		{f.WoundedMF, "wounded_mf", &cb.WoundedMF, 1, 9},
	} {
		setInt(c, x.f, "combat."+x.key, x.e, x.lo, x.hi)
	}
	harm, pin := []Consequence{Reduce, Break, Nothing}, []Consequence{Pin, Nothing}
	for _, x := range []struct {
		f   *entryFile
		key string
		e   *Entry[Consequence]
		may []Consequence
	}{
		{f.BrokenFail, "broken_fail", &cb.BrokenFail, harm}, {f.MCTwelve, "mc_twelve", &cb.MCTwelve, harm},
		{f.KIASurvivors, "kia_survivors", &cb.KIASurvivors, harm}, {f.RallyTwelve, "rally_twelve", &cb.RallyTwelve, harm},
		{f.Interdiction, "interdiction_fail", &cb.InterdictionFail, harm},
		{f.PTCFail, "ptc_fail", &cb.PTCFail, pin}, {f.MCAtML, "mc_at_ml", &cb.MCAtML, pin}, {f.HWPin, "hw_pin", &cb.HWPin, pin},
	} {
		if x.f == nil {
			continue
		}
		e, ok := entry(c, x.f, "combat."+x.key, func(v yamldoc.Value, what string) Consequence {
			switch s := Consequence(c.Str(v, what)); {
			case !c.OK(), slices.Contains(x.may, s):
				return s
			default:
				names := make([]string, len(x.may))
				for i, m := range x.may {
					names[i] = string(m)
				}
				c.Errorf(v.Node, "%s: %q is not %s or %s", what, s, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
				return ""
			}
		})
		if ok {
			*x.e = e
		}
	}
	if f.CloseCombat != nil {
		var odds []Odds
		key := func(k string) (int, error) {
			o, ok := parseOdds(k)
			if !ok {
				return 0, fmt.Errorf("%q is not odds such as 3:2", k)
			}
			if len(odds) > 0 && o.Ratio() <= odds[len(odds)-1].Ratio() {
				return 0, fmt.Errorf("%s after %s: odds grow down the table", k, odds[len(odds)-1])
			}
			odds = append(odds, o)
			return len(odds) - 1, nil
		}
		cc := f.CloseCombat
		if cc.Rows.Given() {
			odds = []Odds{}
		}
		rows(c, cc, "combat.close_combat", &cb.CloseCombatSource, key, func(i int, _ string, e *entryFile) {
			if kill, ok := intEntry(c, e, "combat.close_combat.rows."+cc.Rows.Keys[i].Value, 0, 15); ok {
				odds[i].Kill = kill
			}
		})
		if c.OK() && cc.Rows.Given() {
			cb.CloseCombat = odds
		}
	}
}
