package tables

import (
	"crypto/sha256"
	"embed"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/sasl-engine/sasl/internal/yamldoc"

	"github.com/sasl-engine/sasl/rules/terrain"
)

//go:embed data/*.yaml
var dataFS embed.FS

// Set is every table sasl uses. Default returns the built-in values; Load
// lays a user's file over them. A Set is not modified once loaded and is
// safe for concurrent reading; Clone before changing one.
type Set struct {
	Infantry Movement
	// Weather presets by name ("clear", "saturated", "winter").
	Weather map[string]*Weather
	Seasons Seasons
	// SASL tables of S? placement and entry.
	SASL SASL
	// HumanWave: the SASL Human Wave (4.3).
	HumanWave HumanWave
	// Counters of the ENEMY units sasl generates, by nationality.
	Counters Counters
	// HalfSquads: the half-squad each squad counter is Casualty Reduced
	// to, for both sides (ASL A7.302).
	HalfSquads HalfSquads
	// IFT is the ASL Infantry Fire Table; Combat the rest of what sasl sim
	// plays (Morale Checks, Rally, Close Combat, the FRIENDLY policy).
	IFT    IFT
	Combat Combat
	// Activation is the SASL S? Activation table, by nationality row and
	// range.
	Activation Activation
	// SGeneration: what an S? outside a Human Wave becomes when Activated
	// (SASL 5: the AC dr, dummies, unit generation by nationality).
	SGeneration SGeneration
	// TEM is the Terrain Effects Modifier by terrain kind.
	TEM TEM
	// Policy holds the weights of the FRIENDLY policies and the choices
	// for the ENEMY units outside a Human Wave, sasl's own.
	Policy Policy

	// over is the user's file laid over the built-in tables, for
	// Placeholders; nil for Default.
	over *overlay
}

// Cost is one MF entry of a movement table.
type Cost struct {
	// HalfMF is the cost in half movement factors (1.5 MF is 3).
	HalfMF int
	// Impassable: foot units cannot cross it at all.
	Impassable bool
	// OutOfSeason is the cost out of season, in half MF, or -1 when the
	// season does not matter.
	OutOfSeason int
	// Default marks a value to check against the owner's rulebook;
	// Reading, sasl's own reading where no text decides.
	Default, Reading bool
	Source           string
}

// Movement is what Infantry pay to move (ASL Chapter B).
type Movement struct {
	// Terrain is the cost to enter a hex of each kind; kinds in one hex
	// add up (ASL A2.4).
	Terrain map[terrain.Kind]Cost
	// Hexsides is the cost added to cross a hexside with each obstacle
	// (keys are single Obstacles features).
	Hexsides map[terrain.Features]Cost
	// Road is the cost of entering a road hex along the road.
	Road Cost
	// Uphill multiplies the COT once per level climbed.
	Uphill       int
	UphillSource string
	// Level is the cost of one level up or down within a building hex.
	Level Cost
	// Offboard is the cost of an off-board Open Ground hex (ASL A2.51).
	Offboard Cost
}

// Weather is a preset of ground conditions for foot units.
type Weather struct {
	Name   string
	Source string
	// RoadRate lists the road kinds that keep the road movement rate; nil
	// means every road does.
	RoadRate []terrain.Kind
	// AsOpenGround lists kinds that foot units cross as Open Ground.
	AsOpenGround []terrain.Kind
	Notes        []string
}

// Seasons says which months grain and orchards are in season.
type Seasons struct {
	Grain, Orchard Months
}

// Months is a set of months (1..12) with its source.
type Months struct {
	In               [13]bool
	Default, Reading bool
	Source           string
}

// At returns the Season of a month (1..12).
func (s Seasons) At(month int) terrain.Season {
	if month < 1 || month > 12 {
		return terrain.Season{}
	}
	return terrain.Season{Grain: s.Grain.In[month], Orchard: s.Orchard.In[month]}
}

// WeatherNames returns the names of the weather presets, sorted.
func (s *Set) WeatherNames() []string {
	names := slices.Collect(maps.Keys(s.Weather))
	sort.Strings(names)
	return names
}

// Preset returns the weather preset of that name.
func (s *Set) Preset(name string) (*Weather, error) {
	if w := s.Weather[name]; w != nil {
		return w, nil
	}
	return nil, fmt.Errorf("tables: unknown weather %q (want %s)", name, strings.Join(s.WeatherNames(), ", "))
}

// Clone returns a deep copy of s.
func (s *Set) Clone() *Set {
	c := *s
	c.Infantry.Terrain = maps.Clone(s.Infantry.Terrain)
	c.Infantry.Hexsides = maps.Clone(s.Infantry.Hexsides)
	c.SASL = s.SASL.clone()
	c.HumanWave = s.HumanWave.clone()
	c.TEM = s.TEM.clone()
	c.Counters = maps.Clone(s.Counters)
	c.HalfSquads = maps.Clone(s.HalfSquads)
	c.IFT.Columns = slices.Clone(s.IFT.Columns)
	for i, r := range s.IFT.Rows {
		c.IFT.Rows[i] = slices.Clone(r)
	}
	c.Combat.CloseCombat = slices.Clone(s.Combat.CloseCombat)
	c.Activation = s.Activation.clone()
	c.SGeneration = s.SGeneration.clone()
	c.Weather = map[string]*Weather{}
	for k, w := range s.Weather {
		wc := *w
		wc.RoadRate = slices.Clone(w.RoadRate)
		wc.AsOpenGround = slices.Clone(w.AsOpenGround)
		wc.Notes = slices.Clone(w.Notes)
		c.Weather[k] = &wc
	}
	return &c
}

var (
	defaultOnce sync.Once
	defaultSet  *Set
)

// Default returns the built-in tables (tables/data/*.yaml), parsed once. Do
// not modify the result; Clone it.
func Default() *Set {
	defaultOnce.Do(func() {
		s := &Set{
			Infantry:   Movement{Terrain: map[terrain.Kind]Cost{}, Hexsides: map[terrain.Features]Cost{}},
			Weather:    map[string]*Weather{},
			Counters:   Counters{},
			HalfSquads: HalfSquads{},
		}
		ents, err := dataFS.ReadDir("data")
		if err != nil {
			panic(err)
		}
		for _, e := range ents {
			data, err := dataFS.ReadFile("data/" + e.Name())
			if err != nil {
				panic(err)
			}
			root, err := s.apply(data, e.Name())
			if err != nil {
				panic(fmt.Sprintf("built-in table: %v", err))
			}
			// The placeholders of the built-in files are read off the
			// same parse (builtinPlaceholders).
			builtin = append(builtin, placeholdersIn(root, "tables/data/"+e.Name())...)
		}
		if err := s.check(); err != nil {
			panic(fmt.Sprintf("built-in tables: %v", err))
		}
		defaultSet = s
	})
	return defaultSet
}

// Digest is the SHA-256, in hex, of every value of s (its JSON form; a
// test checks that the JSON holds every field): sets with the same Digest
// play alike, whether built in or laid over by a file.
func (s *Set) Digest() string {
	data, err := json.Marshal(s)
	if err != nil {
		panic(fmt.Sprintf("tables: digest: %v", err)) // plain data: cannot fail
	}
	return fmt.Sprintf("%x", sha256.Sum256(data))
}

// Load returns the built-in tables with the user's file laid over them: a
// YAML file of the same shape as tables/data/*.yaml holding only the values
// it changes (an entry replaces the built-in entry of the same name). An
// empty path returns Default.
func Load(path string) (*Set, error) {
	if path == "" {
		return Default(), nil
	}
	data, err := yamldoc.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("tables: %w", err)
	}
	return Parse(data, filepath.Base(path))
}

// Parse is Load of file contents; name is used in errors.
func Parse(data []byte, name string) (*Set, error) {
	s := Default().Clone()
	if _, err := s.apply(data, name); err != nil {
		return nil, err
	}
	root, err := yamldoc.Doc{Pkg: "tables", File: name}.Parse(data)
	if err != nil {
		return nil, err // apply parsed it
	}
	s.over = &overlay{name: name, root: root}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("tables: %s: %w", name, err)
	}
	return s, nil
}

// Lay returns a copy of s with entry key of table (policy, human_wave,
// combat, ...) set to value: LayKey of "table.key".
func (s *Set) Lay(table, key, value string) (*Set, error) {
	return s.LayKey(table+"."+key, value)
}

// LayKey returns a copy of s with the entry named by key set to value,
// read and checked as a tables file's lines would be (sasl sim --vary and
// --balance): key is the entry's path in a tables file, its parts joined
// by dots, such as policy.released, combat.ffmo, s_generation.vpo_drm,
// sasl.entry.stacking or sasl.a6d.rows.1, laid as
//
//	sasl: {entry: {stacking: {value: VALUE, source: ...}}}
//
// and activation.infantry.ROW.RANGE, one cell of a row of the SASL
// Activation table (auto, long or a Final IFT DRM), laid as the whole row
// with that cell changed. An unknown key or a value the table refuses is
// an error naming what it takes. value is a plain word or number.
func (s *Set) LayKey(key, value string) (*Set, error) {
	plain := func(x, also string) bool {
		return x != "" && strings.IndexFunc(x, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(also, r))
		}) < 0
	}
	parts := strings.Split(key, ".")
	if len(parts) < 2 || len(parts) > 6 || slices.ContainsFunc(parts, func(p string) bool { return !plain(p, "_+-") }) || !plain(value, "_.+-") {
		return nil, fmt.Errorf("tables: %s=%q: want a word or a number, as TABLE.ENTRY=VALUE (such as combat.ffmo=-1)", key, value)
	}
	entry := fmt.Sprintf("{value: %s, source: \"laid over: %s=%s\"}", value, key, value)
	if len(parts) == 4 && parts[0] == "activation" && parts[1] == "infantry" {
		// One cell of a row: the row is one entry (a list), laid whole.
		row, err := s.Activation.Row(parts[2])
		if err != nil {
			return nil, fmt.Errorf("tables: %s: %w", key, err)
		}
		rng, err := strconv.Atoi(parts[3])
		if err != nil || rng < 0 || rng >= len(row.Value) {
			return nil, fmt.Errorf("tables: %s: the row has ranges 0 to %d", key, len(row.Value)-1)
		}
		if _, err := ParseActivationCell(value); err != nil {
			return nil, fmt.Errorf("tables: %s=%s: %w", key, value, err)
		}
		cells := make([]string, len(row.Value))
		for i, c := range row.Value {
			cells[i] = c.String()
		}
		cells[rng] = value
		entry = fmt.Sprintf("{value: [%s], source: \"laid over: %s=%s\"}", strings.Join(cells, ", "), key, value)
		parts = parts[:3]
	}
	var b strings.Builder
	for i, p := range parts {
		fmt.Fprintf(&b, "%s%s:", strings.Repeat("  ", i), p)
		if i == len(parts)-1 {
			fmt.Fprintf(&b, " %s", entry)
		}
		b.WriteString("\n")
	}
	c := s.Clone()
	if _, err := c.apply([]byte(b.String()), key+"="+value); err != nil {
		return nil, err
	}
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("tables: %s=%s: %w", key, value, err)
	}
	return c, nil
}

// check verifies that every table is complete.
func (s *Set) check() error {
	for _, k := range terrain.AllKinds() {
		if _, ok := s.Infantry.Terrain[k]; !ok {
			return fmt.Errorf("infantry.terrain has no cost for %s", k)
		}
	}
	for _, f := range featureList(terrain.Obstacles) {
		if _, ok := s.Infantry.Hexsides[f]; !ok {
			return fmt.Errorf("infantry.hexsides has no cost for %s", f)
		}
	}
	if s.Infantry.Uphill < 1 {
		return fmt.Errorf("infantry.uphill.factor must be at least 1")
	}
	if s.Weather["clear"] == nil {
		return fmt.Errorf("weather has no clear preset")
	}
	if err := s.SASL.check(); err != nil {
		return err
	}
	if err := s.Counters.check(); err != nil {
		return err
	}
	if err := s.HalfSquads.check(s.Counters); err != nil {
		return err
	}
	if err := s.IFT.check(); err != nil {
		return err
	}
	if err := s.Combat.check(); err != nil {
		return err
	}
	if err := s.Activation.check(); err != nil {
		return err
	}
	if err := s.TEM.check(); err != nil {
		return err
	}
	if err := s.Policy.check(); err != nil {
		return err
	}
	if err := s.SGeneration.check(); err != nil {
		return err
	}
	return s.HumanWave.check()
}

// featureList splits a feature set into single features.
func featureList(fs terrain.Features) []terrain.Features {
	var out []terrain.Features
	for f := terrain.Features(1); f != 0 && f <= fs; f <<= 1 {
		if fs&f != 0 {
			out = append(out, f)
		}
	}
	return out
}
