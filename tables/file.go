package tables

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// This file is the YAML form of the tables (tables/data/*.yaml, or a
// user's file laid over them): its shape as structs, decoded whole, then
// checked and laid over a Set in one place (apply).

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

type saslFile struct {
	yamldoc.Fields
	A6d   *rowsFile       `yaml:"a6d"`
	A6f   *rowsFile       `yaml:"a6f"`
	A9e   *rowsFile       `yaml:"a9e"`
	A9    *boardKindsFile `yaml:"a9"`
	Entry *saslEntryFile  `yaml:"entry"`
}

type saslEntryFile struct {
	yamldoc.Fields
	Stacking *entryFile `yaml:"stacking"`
}

type boardKindsFile struct {
	yamldoc.Fields
	Source yamldoc.Value              `yaml:"source"`
	Boards yamldoc.Map[boardKindFile] `yaml:"boards"`
	Derive *deriveFile                `yaml:"derive"`
}

type boardKindFile struct {
	yamldoc.Fields
	Kinds   yamldoc.List[yamldoc.Value] `yaml:"kinds"`
	Default yamldoc.Value               `yaml:"default"`
	Reading yamldoc.Value               `yaml:"reading"`
	Source  yamldoc.Value               `yaml:"source"`
}

type deriveFile struct {
	yamldoc.Fields
	BuiltUp *minFile `yaml:"built_up"`
	Woods   *minFile `yaml:"woods"`
	River   *minFile `yaml:"river"`
}

type minFile struct {
	yamldoc.Fields
	Min     yamldoc.Value `yaml:"min"`
	Default yamldoc.Value `yaml:"default"`
	Reading yamldoc.Value `yaml:"reading"`
	Source  yamldoc.Value `yaml:"source"`
}

type hwFile struct {
	yamldoc.Fields
	MF         *entryFile    `yaml:"mf"`
	SquadsPerS *entryFile    `yaml:"squads_per_s"`
	Stacking   *entryFile    `yaml:"stacking"`
	StackSMC   *entryFile    `yaml:"stacking_smc"`
	Excess     *entryFile    `yaml:"excess"`
	ChainHexes *entryFile    `yaml:"chain_hexes"`
	ChainMMC   *entryFile    `yaml:"chain_mmc"`
	FireRange  *entryFile    `yaml:"fire_range"`
	Formation  *entryFile    `yaml:"formation"`
	SFF        *entryFile    `yaml:"sff"`
	FPF        *entryFile    `yaml:"fpf"`
	FinalFire  *entryFile    `yaml:"final_fire"`
	Activation yamldoc.Value `yaml:"activation"` // retired
	X10        *rowsFile     `yaml:"x10"`
	X3         *rowsFile     `yaml:"x3"`
	TEM        yamldoc.Value `yaml:"tem"` // moved to the top-level tem
}

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

type activationFile struct {
	yamldoc.Fields
	Source   yamldoc.Value               `yaml:"source"`
	Ranges   yamldoc.List[yamldoc.Value] `yaml:"ranges"`
	Infantry yamldoc.Map[entryFile]      `yaml:"infantry"`
	Enemy    yamldoc.Map[entryFile]      `yaml:"enemy"`
	Still    *entryFile                  `yaml:"still"`
}

func (f *tablesFile) UnmarshalYAML(n *yaml.Node) error      { return yamldoc.Decode(n, f) }
func (f *entryFile) UnmarshalYAML(n *yaml.Node) error       { return yamldoc.Decode(n, f) }
func (f *rowsFile) UnmarshalYAML(n *yaml.Node) error        { return yamldoc.Decode(n, f) }
func (f *movementFile) UnmarshalYAML(n *yaml.Node) error    { return yamldoc.Decode(n, f) }
func (f *costFile) UnmarshalYAML(n *yaml.Node) error        { return yamldoc.Decode(n, f) }
func (f *uphillFile) UnmarshalYAML(n *yaml.Node) error      { return yamldoc.Decode(n, f) }
func (f *weatherFile) UnmarshalYAML(n *yaml.Node) error     { return yamldoc.Decode(n, f) }
func (f *seasonsFile) UnmarshalYAML(n *yaml.Node) error     { return yamldoc.Decode(n, f) }
func (f *monthsFile) UnmarshalYAML(n *yaml.Node) error      { return yamldoc.Decode(n, f) }
func (f *saslFile) UnmarshalYAML(n *yaml.Node) error        { return yamldoc.Decode(n, f) }
func (f *saslEntryFile) UnmarshalYAML(n *yaml.Node) error   { return yamldoc.Decode(n, f) }
func (f *boardKindsFile) UnmarshalYAML(n *yaml.Node) error  { return yamldoc.Decode(n, f) }
func (f *boardKindFile) UnmarshalYAML(n *yaml.Node) error   { return yamldoc.Decode(n, f) }
func (f *deriveFile) UnmarshalYAML(n *yaml.Node) error      { return yamldoc.Decode(n, f) }
func (f *minFile) UnmarshalYAML(n *yaml.Node) error         { return yamldoc.Decode(n, f) }
func (f *hwFile) UnmarshalYAML(n *yaml.Node) error          { return yamldoc.Decode(n, f) }
func (f *nationalityFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }
func (f *iftFile) UnmarshalYAML(n *yaml.Node) error         { return yamldoc.Decode(n, f) }
func (f *combatFile) UnmarshalYAML(n *yaml.Node) error      { return yamldoc.Decode(n, f) }
func (f *activationFile) UnmarshalYAML(n *yaml.Node) error  { return yamldoc.Decode(n, f) }

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

func (s *SASL) apply(c *yamldoc.Check, f *saslFile) {
	c.Fields(f, "sasl", func(key string) string {
		return fmt.Sprintf("unknown SASL table %q (want a6d, a6f, a9e, a9, entry)", key)
	})
	for _, x := range []struct {
		f      *rowsFile
		key    string
		t      *IntByDr
		lo, hi int
	}{{f.A6d, "a6d", &s.A6d, 1, 33}, {f.A6f, "a6f", &s.A6f, 0, 10}} {
		if x.f != nil {
			rows(c, x.f, "sasl."+x.key, &x.t.Source, dr, func(dr int, what string, e *entryFile) {
				setInt(c, e, what, &x.t.Rows[dr], x.lo, x.hi)
			})
		}
	}
	if f.A9e != nil {
		rows(c, f.A9e, "sasl.a9e", &s.A9e.Source, dr, func(dr int, what string, e *entryFile) {
			lv, ok := entry(c, e, what, func(v yamldoc.Value, what string) Levels {
				str := c.Str(v, what)
				if i := slices.Index(levelsName[:], str); i >= 0 || !c.OK() {
					return Levels(max(i, 0))
				}
				c.Errorf(v.Node, "%s: %q is not none, ground, first, second, third or all", what, str)
				return 0
			})
			if ok {
				s.A9e.Rows[dr] = lv
			}
		})
	}
	if f.A9 != nil {
		s.A9.apply(c, f.A9, "sasl.a9")
	}
	if e := f.Entry; e != nil && c.Fields(e, "sasl.entry", yamldoc.Unknown("sasl.entry", "want stacking")) {
		setInt(c, e.Stacking, "sasl.entry.stacking", &s.EntryStacking, 1, 12)
	}
}

func (b *BoardKinds) apply(c *yamldoc.Check, f *boardKindsFile, what string) {
	if !c.Fields(f, what, yamldoc.Unknown(what, "want source, boards, derive")) {
		return
	}
	if f.Source.Given() {
		b.Source = c.Str(f.Source, what+".source")
	}
	if c.Map(f.Boards.Node, what+".boards") {
		for i, id := range f.Boards.Keys {
			w := what + ".boards." + id.Value
			g := &f.Boards.Values[i]
			if !c.Fields(g, w, yamldoc.Unknown(w, "want kinds, default or reading, source")) {
				return
			}
			var e Entry[BoardKind]
			for _, name := range c.Strings(g.Kinds, w+".kinds") {
				switch name {
				case "built_up", "village":
					e.Value.BuiltUp = true
				case "city":
					e.Value.BuiltUp, e.Value.City = true, true
				case "woods":
					e.Value.Woods = true
				case "river":
					e.Value.River = true
				default:
					c.Errorf(g.Kinds.Node, "%s.kinds: %q is not built_up (or village), city, woods or river", w, name)
				}
			}
			e.Default = c.Bool(g.Default, w+".default")
			e.Reading = c.Bool(g.Reading, w+".reading")
			e.Source = c.Str(g.Source, w+".source")
			if !c.OK() {
				return
			}
			if e.Source == "" {
				c.Errorf(g.Node, "%s: every value names its source (source: ...)", w)
				return
			}
			if b.Boards == nil {
				b.Boards = map[string]Entry[BoardKind]{}
			}
			b.Boards[id.Value] = e
		}
	}
	if d := f.Derive; d != nil {
		c.Fields(d, what+".derive", func(key string) string {
			return fmt.Sprintf("%s.derive: unknown kind %q (want built_up, woods, river)", what, key)
		})
		for _, x := range []struct {
			f   *minFile
			key string
			e   *Entry[int]
		}{{d.BuiltUp, "built_up", &b.BuiltUpMin}, {d.Woods, "woods", &b.WoodsMin}, {d.River, "river", &b.RiverMin}} {
			if x.f == nil {
				continue
			}
			w := what + ".derive." + x.key
			if !c.Fields(x.f, w, yamldoc.Unknown(w, "want min, default or reading, source")) {
				return
			}
			e := Entry[int]{
				Value:   c.Int(x.f.Min, w+".min", 1, 346),
				Default: c.Bool(x.f.Default, w+".default"),
				Reading: c.Bool(x.f.Reading, w+".reading"),
				Source:  c.Str(x.f.Source, w+".source"),
			}
			if c.OK() && (!x.f.Has("min") || e.Source == "") {
				c.Errorf(x.f.Node, "%s: needs min and source", w)
			}
			*x.e = e
		}
	}
}

func (h *HumanWave) apply(c *yamldoc.Check, f *hwFile) {
	c.Fields(f, "human_wave", func(key string) string { return fmt.Sprintf("unknown Human Wave table %q", key) })
	if f.Activation.Given() {
		c.Errorf(f.Key("activation"), "human_wave.activation is retired: an S? is Activated by a FRIENDLY unit in its LOS as the SASL Activation table says (activation: in the tables), no longer within a number of hexes")
	}
	for _, x := range []struct {
		f   *entryFile
		key string
		e   *Entry[int]
	}{
		{f.MF, "mf", &h.MF}, {f.SquadsPerS, "squads_per_s", &h.SquadsPerS}, {f.Stacking, "stacking", &h.Stacking},
		{f.StackSMC, "stacking_smc", &h.StackSMC},
		{f.ChainHexes, "chain_hexes", &h.ChainHexes}, {f.ChainMMC, "chain_mmc", &h.ChainMMC},
		{f.FireRange, "fire_range", &h.FireRange}, {f.Formation, "formation", &h.Formation},
	} {
		setInt(c, x.f, "human_wave."+x.key, x.e, 0, 99)
	}
	if f.Excess != nil {
		e, ok := entry(c, f.Excess, "human_wave.excess", func(v yamldoc.Value, what string) string {
			s := c.Str(v, what)
			if c.OK() && s != ExcessNotPlaced && s != ExcessOverstack {
				c.Errorf(v.Node, "%s: %q is not %s or %s", what, s, ExcessNotPlaced, ExcessOverstack)
			}
			return s
		})
		if ok {
			h.Excess = e
		}
	}
	for _, x := range []struct {
		f   *entryFile
		key string
		e   *Entry[int]
	}{{f.SFF, "sff", &h.SFF}, {f.FPF, "fpf", &h.FPF}, {f.FinalFire, "final_fire", &h.FinalFire}} {
		setInt(c, x.f, "human_wave."+x.key, x.e, 0, 1)
	}
	if f.X10 != nil {
		rows(c, f.X10, "human_wave.x10", &h.X10Source, dr, func(dr int, what string, e *entryFile) {
			units, ok := entry(c, e, what, func(v yamldoc.Value, what string) []string {
				return unitList(c, v, what, "a Human Wave S? is never a dummy (SASL 4.34)")
			})
			if ok {
				h.X10.Rows[dr] = units
			}
		})
	}
	if f.X3 != nil {
		final := func(k string) (int, error) {
			if v, err := strconv.Atoi(k); err == nil && v >= 0 && v <= 12 {
				return v, nil
			}
			return 0, fmt.Errorf("%q is not a Final dr 0..12", k)
		}
		rows(c, f.X3, "human_wave.x3", &h.X3Source, final, func(final int, what string, e *entryFile) {
			leader, ok := entry(c, e, what, func(v yamldoc.Value, what string) string { return c.Str(v, what) })
			if !ok {
				return
			}
			for len(h.X3.Rows) <= final {
				h.X3.Rows = append(h.X3.Rows, Entry[string]{})
			}
			h.X3.Rows[final] = leader
		})
	}
	if f.TEM.Given() {
		c.Errorf(f.TEM.Node, "human_wave.tem: the TEM table is its own now, used by both sides' fire: write it as the top-level tem:")
	}
}

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

// apply lays the activation table of one file over a: a row replaces the
// row of the same name whole; a word replaces the word that is it without
// regard to case. The cells of the rows the file gives, and the rows the
// words of the file name, are checked once the whole table is read, so
// the file may give its ranges, rows and words in any order.
func (a *Activation) apply(c *yamldoc.Check, f *activationFile) {
	if !c.Fields(f, "activation", yamldoc.Unknown("activation", "want source, ranges, infantry, enemy, still")) {
		return
	}
	if f.Source.Given() {
		a.Source = c.Str(f.Source, "activation.source")
	}
	if f.Ranges.Given() {
		if f.Ranges.Node.Kind != yaml.SequenceNode || len(f.Ranges.Items) == 0 {
			c.Errorf(f.Ranges.Node, "activation.ranges: want the list of ranges 0, 1, 2, ...")
			return
		}
		for i, e := range f.Ranges.Items {
			if r := c.Int(e, "activation.ranges", 0, 99); c.OK() && r != i {
				c.Errorf(e.Node, "activation.ranges: range %d where %d is due: the ranges run 0, 1, 2, ... without a gap", r, i)
			}
		}
		a.MaxRange = len(f.Ranges.Items) - 1
	}
	if f.Still != nil {
		e, ok := entry(c, f.Still, "activation.still", func(v yamldoc.Value, what string) Still {
			s := c.Str(v, what)
			for k, name := range stillNames {
				if s == name {
					return Still(k)
				}
			}
			if c.OK() {
				c.Errorf(v.Node, "%s: %q is not one of %s", what, s, strings.Join(stillNames[:], ", "))
			}
			return 0
		})
		if ok {
			a.Still = e
		}
	}
	rowNodes := a.applyRows(c, f.Infantry)
	wordNodes := a.applyWords(c, f.Enemy)
	if !c.OK() {
		return
	}
	want := a.MaxRange + 1
	for _, name := range slices.Sorted(maps.Keys(rowNodes)) {
		if got := len(a.Infantry[name].Value); got != want {
			c.Errorf(rowNodes[name], "activation.infantry.%s.value: %d cells for the %d ranges 0..%d: give one a range", name, got, want, a.MaxRange)
			return
		}
	}
	if f.Ranges.Given() {
		for _, name := range a.Rows() {
			if got := len(a.Infantry[name].Value); got != want {
				c.Errorf(f.Ranges.Node, "activation.ranges: %d ranges 0..%d, but the row %s has %d cells: give every row anew", want, a.MaxRange, name, got)
				return
			}
		}
	}
	for _, word := range slices.Sorted(maps.Keys(wordNodes)) {
		if row := a.Enemy[word].Value; !a.has(row) {
			c.Errorf(wordNodes[word], "activation.enemy.%s.value: %q is not a row of activation.infantry (want %s)", word, row, strings.Join(a.Rows(), ", "))
			return
		}
	}
}

// applyRows lays the rows of the file over a's; it returns the node of
// each row's cells.
func (a *Activation) applyRows(c *yamldoc.Check, rows yamldoc.Map[entryFile]) map[string]*yaml.Node {
	rowNodes := map[string]*yaml.Node{} // rows of this file: their cell list
	if c.Map(rows.Node, "activation.infantry") {
		for i, kn := range rows.Keys {
			w := "activation.infantry." + kn.Value
			row, ok := entry(c, &rows.Values[i], w, func(v yamldoc.Value, what string) []ActivationCell {
				l := v.List()
				if !c.List(l.Node, what, "want a list of cells, one a range") {
					return nil
				}
				var cells []ActivationCell
				for _, e := range l.Items {
					cell, err := ParseActivationCell(c.Str(e, what))
					if c.OK() && err != nil {
						c.Errorf(e.Node, "%s: %v", what, err)
					}
					cells = append(cells, cell)
				}
				rowNodes[kn.Value] = v.Node
				return cells
			})
			if !ok {
				return nil
			}
			if a.Infantry == nil {
				a.Infantry = map[string]Entry[[]ActivationCell]{}
			}
			a.Infantry[kn.Value] = row
		}
	}
	return rowNodes
}

// applyWords lays the words of the file over a's; it returns the node of
// each word's row.
func (a *Activation) applyWords(c *yamldoc.Check, words yamldoc.Map[entryFile]) map[string]*yaml.Node {
	wordNodes := map[string]*yaml.Node{} // words of this file: their value
	if c.Map(words.Node, "activation.enemy") {
		for i, kn := range words.Keys {
			word := kn.Value
			w := "activation.enemy." + word
			for other := range wordNodes {
				if strings.EqualFold(other, word) {
					c.Errorf(kn, "%s given twice (as %s: words match without regard to case)", w, other)
					return nil
				}
			}
			row, ok := entry(c, &words.Values[i], w, func(v yamldoc.Value, what string) string {
				wordNodes[word] = v.Node
				return c.Str(v, what)
			})
			if !ok {
				return nil
			}
			if a.Enemy == nil {
				a.Enemy = map[string]Entry[string]{}
			}
			if k, ok := a.word(word); ok {
				delete(a.Enemy, k)
			}
			a.Enemy[word] = row
		}
	}
	return wordNodes
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
