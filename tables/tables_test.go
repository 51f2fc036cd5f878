package tables

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/terrain"
)

func TestDefault(t *testing.T) {
	t.Parallel()
	s := Default()
	for _, tt := range []struct {
		kind terrain.Kind
		half int
	}{
		// The values the issue and the rule examples fix.
		{terrain.OpenGround, 2}, {terrain.Woods, 4}, {terrain.Brush, 4},
		{terrain.Building, 4}, {terrain.Grain, 3}, {terrain.Orchard, 2},
	} {
		if c := s.Infantry.Terrain[tt.kind]; c.HalfMF != tt.half || c.Impassable || c.Default {
			t.Errorf("%s costs %+v, want %d half MF from a rule", tt.kind, c, tt.half)
		}
	}
	if c := s.Infantry.Terrain[terrain.Grain]; c.OutOfSeason != 2 {
		t.Errorf("grain out of season %d half MF, want 2", c.OutOfSeason)
	}
	if !s.Infantry.Terrain[terrain.Water].Impassable || !s.Infantry.Hexsides[terrain.Cliff].Impassable || !s.Infantry.Hexsides[terrain.RowhouseWall].Impassable {
		t.Error("water, cliffs and rowhouse walls stop foot units")
	}
	if s.Infantry.Hexsides[terrain.Wall].HalfMF != 2 || s.Infantry.Hexsides[terrain.Bocage].HalfMF != 4 {
		t.Error("wall 1 MF, bocage 2 MF plus COT (ASL B.2)")
	}
	if s.Infantry.Uphill != 2 || s.Infantry.Road.HalfMF != 2 {
		t.Error("uphill doubles, the road rate is 1 MF")
	}
	for _, c := range s.Infantry.Terrain {
		if c.Source == "" {
			t.Error("a value without source")
		}
	}
	if got := strings.Join(s.WeatherNames(), ","); got != "clear,saturated,winter" {
		t.Errorf("weather presets %s", got)
	}
	w, _ := s.Preset("winter")
	if len(w.AsOpenGround) != 2 {
		t.Errorf("winter crosses water and streams as open ground: %v", w.AsOpenGround)
	}
	sat, _ := s.Preset("saturated")
	if len(sat.RoadRate) != 1 || sat.RoadRate[0] != terrain.PavedRoad {
		t.Errorf("saturated ground keeps the road rate on paved roads only: %v", sat.RoadRate)
	}
	if !s.Seasons.At(7).Grain || s.Seasons.At(1).Grain || !s.Seasons.At(5).Orchard || s.Seasons.At(12).Orchard {
		t.Error("seasons")
	}
}

// The SASL values the rulebook's examples fix.
func TestSASLTables(t *testing.T) {
	t.Parallel()
	s := Default().SASL
	for _, tt := range []struct {
		name      string
		got, want int
	}{
		{"A6d dr 3", s.A6d.Rows[3].Value, 2},
		{"A6f dr 6", s.A6f.Rows[6].Value, 1},
		{"A6f dr 4", s.A6f.Rows[4].Value, 2},
		{"built-up", s.A9.BuiltUpMin.Value, 19},
	} {
		if tt.got != tt.want {
			t.Errorf("%s = %d, want %d", tt.name, tt.got, tt.want)
		}
	}
	if s.A9e.Rows[3].Value != LevelsNone || s.A9e.Rows[5].Value != LevelsSecond || s.A9e.Rows[3].Default || s.A9e.Rows[5].Default {
		t.Error("A9e: 3 is none, 5 is second level, both from 4.12")
	}
	if !s.A6d.Rows[1].Default || s.A6d.Rows[3].Default {
		t.Error("values not fixed by an example are marked default")
	}
	if !LevelsSecond.Has(2) || LevelsSecond.Has(1) || !LevelsAll.Has(0) || LevelsNone.Has(0) || !LevelsGround.Has(0) {
		t.Error("Levels.Has")
	}
	if k := s.A9.Boards["x3"].Value; !k.BuiltUp || k.Woods {
		t.Errorf("x3 is %v", k)
	}
}

func TestHumanWaveTables(t *testing.T) {
	t.Parallel()
	h := Default().HumanWave
	if h.MF.Value != 8 || h.MF.Default || h.SquadsPerS.Value != 2 || h.ChainHexes.Value != 3 || h.ChainMMC.Value != 2 {
		t.Errorf("SASL 4.3/4.321/4.323 values: %+v", h)
	}
	if len(h.X10.Rows[3].Value) == 0 || !h.X10.Rows[3].Default {
		t.Error("x10 rows are placeholders")
	}
	if h.X3.Leader(-2).Value != "none" || h.X3.Leader(99).Value != h.X3.Rows[len(h.X3.Rows)-1].Value {
		t.Error("x3 clamps the Final dr")
	}
	wood := terrain.Hex{Kinds: terrain.Of(terrain.Woods)}
	stone := terrain.Hex{Kinds: terrain.Of(terrain.Woods, terrain.Building), Building: terrain.Structure{Material: terrain.Stone}}
	ruin := terrain.Hex{Kinds: terrain.Of(terrain.Building, terrain.Rubble), Building: terrain.Structure{Material: terrain.Stone}}
	tem := &Default().TEM
	if tem.Of(&terrain.Hex{}) != 0 || tem.Of(&wood) != 1 || tem.Of(&stone) != 4 || tem.Of(&ruin) != 3 {
		t.Error("TEM: open 0, woods +1, woods and a stone building +1 +3 (ASL A2.4: cumulative), rubble instead of its building")
	}
	if _, err := Parse([]byte("human_wave:\n  x10:\n    rows:\n      1: {value: [], source: x}\n"), "m.yaml"); err == nil || !strings.Contains(err.Error(), "never a dummy") {
		t.Errorf("an empty x10 row: %v", err)
	}
	if _, err := Parse([]byte("human_wave:\n  tem:\n    woods: {value: 1}\n"), "m.yaml"); err == nil || !strings.Contains(err.Error(), "top-level tem") {
		t.Errorf("human_wave.tem is refused, naming where the TEM table is now: %v", err)
	}
	// The stand-in of S? Activation by distance is retired: a file that
	// still sets it is told where Activation went.
	if _, err := Parse([]byte("human_wave:\n  activation: {value: 4, source: x}\n"), "m.yaml"); err == nil || !strings.Contains(err.Error(), "m.yaml:2: human_wave.activation is retired") || !strings.Contains(err.Error(), "Activation table") {
		t.Errorf("human_wave.activation: %v", err)
	}
}

func TestOverride(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "mine.yaml")
	os.WriteFile(path, []byte(`
infantry:
  terrain:
    rubble: {mf: 2.5, source: "my rulebook"}
weather:
  mud:
    source: "my house rule"
    road_rate: [paved_road]
seasons:
  grain: {months: [7, 8], source: "my rulebook"}
`), 0o644)
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if c := s.Infantry.Terrain[terrain.Rubble]; c.HalfMF != 5 || c.Source != "my rulebook" {
		t.Errorf("rubble %+v", c)
	}
	if s.Infantry.Terrain[terrain.Woods].HalfMF != 4 {
		t.Error("values not in the file keep their built-in value")
	}
	if _, err := s.Preset("mud"); err != nil {
		t.Error(err)
	}
	if s.Seasons.At(6).Grain || !s.Seasons.At(7).Grain {
		t.Error("grain months replaced")
	}
	if Default().Infantry.Terrain[terrain.Rubble].HalfMF != 6 {
		t.Error("loading a file changed the built-in tables")
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"infantry:\n  terrain:\n    forrest: {mf: 1, source: x}\n", "mine.yaml:3: infantry.terrain.forrest: unknown terrain kind"},
		{"infantry:\n  terrain:\n    woods: {mf: 1.25, source: x}\n", "mine.yaml:3: infantry.terrain.woods.mf: want MF as a multiple of 0.5"},
		{"infantry:\n  terrain:\n    woods: {mf: 2}\n", "mine.yaml:3: infantry.terrain.woods: every value names its source"},
		{"infantry:\n  terrain:\n    woods: {mf: 2, impassable: true, source: x}\n", "give either mf or impassable"},
		{"infantry:\n  hexsides:\n    road: {mf: 1, source: x}\n", "mine.yaml:3: infantry.hexsides.road: not a hexside obstacle"},
		{"infantry:\n  hexsides:\n    wall: {mf: 1, out_of_season: 1, source: x}\n", "out_of_season is only for terrain"},
		{"infantry:\n  uphill: {factor: 9}\n", "mine.yaml:2: infantry.uphill.factor: want a whole number in 1..4"},
		{"weather:\n  mud: {road_rate: [woods]}\n", "mine.yaml:2: weather.mud.road_rate: woods is not a road"},
		{"seasons:\n  grain: {months: [13], source: x}\n", "seasons.grain.months: want a whole number in 1..12"},
		{"colours: {}\n", `mine.yaml:1: unknown table "colours"`},
		{"sasl:\n  a6d:\n    rows:\n      7: {value: 1, source: x}\n", `mine.yaml:4: sasl.a6d.rows: "7" is not a dr (1-6)`},
		{"sasl:\n  a6d:\n    rows:\n      3: {value: 2}\n", "sasl.a6d.rows.3: every value names its source"},
		{"sasl:\n  a9e:\n    rows:\n      3: {value: attic, source: x}\n", `sasl.a9e.rows.3.value: "attic" is not none`},
		{"sasl:\n  a9:\n    boards:\n      33: {kinds: [town], source: x}\n", `sasl.a9.boards.33.kinds: "town" is not built_up`},
		{"infantry:\n  terrain: {}\n  terrain: {}\n", "infantry.terrain given twice"},
		{"sasl:\n  action:\n    tables:\n      maintain:\n        rows:\n          2: {value: shoot, source: x}\n", `sasl.action.tables.maintain.rows.2.value: "shoot" is not one of [hold fire fire_move move]`},
		{"sasl:\n  action:\n    tables:\n      Hold Fast:\n        rows:\n          2: {value: fire, source: x}\n", `mine.yaml:4: sasl.action.tables: "Hold Fast" is not an Attitude's name`},
		{"sasl:\n  action:\n    tables:\n      withdraw:\n        rows:\n          2: {value: fire, source: x}\n", "mine.yaml:4: sasl.action.tables.withdraw: a new Attitude's table needs a row for every dr 1..6 (dr 1 is missing)"},
		{"sasl:\n  action:\n    prevailing: {value: withdraw, source: x}\n", `mine.yaml:3: sasl.action.prevailing: no Action table for Attitude "withdraw" (the tables have [advance maintain]`},
		{"sasl:\n  action:\n    panic: {value: 8, source: x}\n", "sasl.action.panic.value: want a whole number in 1..7"},
		{"sasl:\n  action:\n    panik: {value: 6, source: x}\n", `sasl.action: unknown field "panik" (want panic, prevailing, tables)`},
		{"- a list\n", "mine.yaml:1: want a mapping at the top"},
		{"infantry: [\n", "tables: mine.yaml:1: yaml: did not find expected node content"},
		{"infantry:\n  terrain:\n    woods: {mf: 2\n   grain: {mf: 1}\n", "tables: mine.yaml:4: yaml: did not find expected ',' or '}'"},
	} {
		_, err := Parse([]byte(tt.in), "mine.yaml")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error %v, want %q", tt.in, err, tt.want)
		}
	}
	if _, err := Load("/no/such/file.yaml"); err == nil {
		t.Error("a missing file is an error")
	}
}

func FuzzParse(f *testing.F) {
	for _, name := range []string{"movement.yaml", "generation.yaml"} {
		data, _ := dataFS.ReadFile("data/" + name)
		f.Add(data)
	}
	f.Add([]byte("seasons:\n  grain: {months: [1], source: s}\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		s, err := Parse(in, "fuzz.yaml")
		if err != nil {
			return
		}
		if err := s.check(); err != nil {
			t.Fatalf("Parse accepted incomplete tables: %v", err)
		}
	})
}

// Digest hashes the JSON of a Set, so every field must reach the JSON:
// exported, not skipped, of plain data.
func TestDigestCoversEveryValue(t *testing.T) {
	t.Parallel()
	seen := map[reflect.Type]bool{}
	var walk func(ty reflect.Type, path string)
	walk = func(ty reflect.Type, path string) {
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(ty.Elem(), path+"[]")
		case reflect.Map:
			walk(ty.Key(), path+"[key]")
			walk(ty.Elem(), path+"[]")
		case reflect.Struct:
			if seen[ty] {
				return
			}
			seen[ty] = true
			for i := range ty.NumField() {
				f := ty.Field(i)
				if ty == reflect.TypeOf(Set{}) && f.Name == "over" {
					continue // the user's file as written, for Placeholders: not a value played by
				}
				if !f.IsExported() || f.Tag.Get("json") == "-" {
					t.Errorf("%s.%s is not in the JSON that Digest hashes", path, f.Name)
				}
				walk(f.Type, path+"."+f.Name)
			}
		case reflect.Func, reflect.Chan, reflect.Interface, reflect.UnsafePointer:
			t.Errorf("%s (%s) cannot be hashed as JSON", path, ty)
		}
	}
	walk(reflect.TypeOf(Set{}), "Set")
	d := Default().Digest()
	if d != Default().Clone().Digest() || len(d) != 64 {
		t.Fatalf("digest %q differs between a set and its clone", d)
	}
	s, err := Parse([]byte("combat:\n  hw_morale: {value: 2, source: test}\n"), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Digest() == d {
		t.Error("a changed value leaves the digest as it was")
	}
}

// A tables file of an earlier sasl that keeps broken units where they are
// (policy.rout: stay) is refused with what sasl plays now (ASL A10.5).
func TestRoutStayRefused_A10_5(t *testing.T) {
	_, err := Parse([]byte("policy:\n  rout: {value: stay}\n"), "old.yaml")
	if err == nil || !strings.Contains(err.Error(), "ASL A10.5") || !strings.Contains(err.Error(), "old.yaml:2") {
		t.Errorf("policy.rout: stay: %v", err)
	}
}

// S? generation outside the Human Wave (SASL 5, not among the texts): every
// value is a placeholder or the quick reference's, marked default with its
// source; the AC drm are the quick reference's; a file's rows replace a
// nationality's own, and its errors name the file and line.
func TestSGeneration_SASL5(t *testing.T) {
	t.Parallel()
	g := Default().SGeneration
	for _, e := range []Entry[int]{g.Dummy, g.VPO, g.Stone, g.Level, g.Near, g.NearRange, g.Village, g.City, g.LeaderDRM} {
		if !e.Default && !e.Reading || e.Source == "" {
			t.Errorf("%+v: want default: true (or reading: true) with a source", e)
		}
	}
	if !g.LeaderDRM.Reading {
		t.Errorf("s_generation.leader_drm %+v: sasl's own reading (no drm), want reading: true", g.LeaderDRM)
	}
	if g.VPO.Value != -1 || g.Stone.Value != -1 || g.Level.Value != -1 || g.Near.Value != -1 || g.NearRange.Value != 2 || g.Village.Value != 1 || g.City.Value != 2 {
		t.Errorf("the SASL QRDC's AC drm: %+v", g)
	}
	for dr := 1; dr <= 6; dr++ {
		if r := g.Of("German").Rows[dr]; len(r.Value) == 0 || !r.Default {
			t.Errorf("default row %d: %+v", dr, r)
		}
	}
	if Default().Policy.SetupS.Value != SetupSASL5 {
		t.Error("policy.setup_s plays SASL 5 by default")
	}
	s, err := Parse([]byte("s_generation:\n  dummy: {value: 6, source: my card}\n  units:\n    default:\n      rows:\n        2: {value: [leader, squad], source: my card}\n"), "mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if s.SGeneration.Dummy.Value != 6 || s.SGeneration.Dummy.Default {
		t.Errorf("dummy %+v", s.SGeneration.Dummy)
	}
	if def := s.SGeneration.Of("German"); def.Rows[2].Value[0] != "leader" || def.Rows[2].Default || !def.Rows[1].Default {
		t.Errorf("a row of a file replaces the row of the same dr: %+v", def.Rows)
	}
	for _, tt := range []struct{ in, want string }{
		// A nationality's table is complete or refused.
		{"s_generation:\n  units:\n    German:\n      rows:\n        2: {value: [squad], source: x}\n", "s_generation.units.German needs a row for every dr 1..6 (dr 1 is missing)"},
		{"s_generation:\n  units:\n    default:\n      rows:\n        7: {value: [squad], source: x}\n", `mine.yaml:5: s_generation.units.default.rows: "7" is not a dr (1-6)`},
		{"s_generation:\n  units:\n    default:\n      rows:\n        3: {value: [], source: x}\n", "mine.yaml:5: s_generation.units.default.rows.3.value: give at least one unit"},
		{"s_generation:\n  units:\n    default:\n      rows:\n        3: {value: [tank], source: x}\n", `mine.yaml:5: s_generation.units.default.rows.3.value: "tank" is not squad`},
		{"s_generation:\n  dummy: {value: 0, source: x}\n", "mine.yaml:2: s_generation.dummy.value: want a whole number in 1..13"},
		{"s_generation:\n  vpo: {value: -1, source: x}\n", `mine.yaml:2: s_generation: unknown field "vpo" (want source, dummy, vpo_drm`},
		{"policy:\n  setup_s: {value: sasl4, source: x}\n", `mine.yaml:2: policy.setup_s.value: "sasl4" is not one of [sasl5 x10]`},
	} {
		if _, err := Parse([]byte(tt.in), "mine.yaml"); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error %v, want %q", tt.in, err, tt.want)
		}
	}
	if k := s.SASL.A9.Boards["x3"].Value; k.City {
		t.Error("x3 is a village")
	}
	c, err := Parse([]byte("sasl:\n  a9:\n    boards:\n      9: {kinds: [city], source: x}\n"), "mine.yaml")
	if err != nil || !c.SASL.A9.Boards["9"].Value.City || !c.SASL.A9.Boards["9"].Value.BuiltUp {
		t.Errorf("a city is built-up: %v", err)
	}
}

// Lay sets one entry as a tables file would, with the file's checks: a
// value the table refuses, or an unknown key, is an error naming what it
// takes (sasl sim --vary policy.released=hold,advance).
func TestLay(t *testing.T) {
	t.Parallel()
	d := Default()
	s, err := d.Lay("policy", "released", "hold")
	if err != nil {
		t.Fatal(err)
	}
	if s.Policy.Released.Value != ReleasedHold || d.Policy.Released.Value != ReleasedActions {
		t.Errorf("released %q (the default's %q), want hold over actions", s.Policy.Released.Value, d.Policy.Released.Value)
	}
	if s.Digest() == d.Digest() {
		t.Error("the laid set has the default's digest")
	}
	if g, err := d.Lay("policy", "advance_garrison", "3"); err != nil || g.Policy.AdvanceGarrison.Value != 3 {
		t.Errorf("advance_garrison=3: %v", err)
	}
	for _, c := range []struct{ table, key, value, want string }{
		{"policy", "released", "run", `"run" is not one of [actions advance hold]`},
		{"policy", "advance_garrison", "10", "advance_garrison"},
		{"policy", "relased", "hold", `unknown policy value "relased"`},
		{"policy", "released", "hold, x", "want a word or a number"},
		{"polcy", "released", "hold", `unknown table "polcy"`},
	} {
		if _, err := d.Lay(c.table, c.key, c.value); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Lay(%s, %s, %q): %v, want %q", c.table, c.key, c.value, err, c.want)
		}
	}
}

// LayKey sets an entry at any depth of a tables file (issue 51: sasl sim
// --balance and --vary over any numeric tables value): a DRM of SASL 5's
// AC dr, a row of Table A6d, SASL 3.11's entry stacking, and one cell of
// a row of the SASL Activation table (SASL 3.32), laid as the whole row
// with that cell changed; the others stay as they were.
func TestLayKeyAnyDepth_SASL3_32(t *testing.T) {
	t.Parallel()
	d := Default()
	for _, c := range []struct {
		key, value string
		got        func(s *Set) string
	}{
		{"s_generation.vpo_drm", "-3", func(s *Set) string { return strconv.Itoa(s.SGeneration.VPO.Value) }},
		{"sasl.entry.stacking", "4", func(s *Set) string { return strconv.Itoa(s.SASL.EntryStacking.Value) }},
		{"sasl.a6d.rows.1", "6", func(s *Set) string { return strconv.Itoa(s.SASL.A6d.Rows[1].Value) }},
		{"combat.ffmo", "-2", func(s *Set) string { return strconv.Itoa(s.Combat.FFMO.Value) }},
		{"activation.infantry.germany.5", "2", func(s *Set) string { return s.Activation.Infantry["germany"].Value[5].String() }},
	} {
		s, err := d.LayKey(c.key, c.value)
		if err != nil {
			t.Errorf("LayKey(%s, %s): %v", c.key, c.value, err)
			continue
		}
		if got := c.got(s); got != c.value {
			t.Errorf("LayKey(%s, %s): %s", c.key, c.value, got)
		}
		if c.got(d) == c.value {
			t.Errorf("LayKey(%s, %s) changed the default", c.key, c.value)
		}
	}
	s, err := d.LayKey("activation.infantry.germany.5", "2")
	if err != nil {
		t.Fatal(err)
	}
	row, was := s.Activation.Infantry["germany"].Value, d.Activation.Infantry["germany"].Value
	for i := range row {
		if i != 5 && row[i] != was[i] {
			t.Errorf("range %d: %v, was %v", i, row[i], was[i])
		}
	}
	for _, c := range []struct{ key, value, want string }{
		{"activation.infantry.germany.17", "1", "ranges 0 to 16"},
		{"activation.infantry.narnia.1", "1", "unknown nationality row"},
		{"activation.infantry.germany.3", "often", "not auto, long"},
		{"sasl.entry.stacking", "0", "stacking"},
		{"sasl.entry.nothing", "1", "nothing"},
		{"combat", "1", "TABLE.ENTRY=VALUE"},
		{"combat..ffmo", "1", "TABLE.ENTRY=VALUE"},
	} {
		if _, err := d.LayKey(c.key, c.value); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("LayKey(%s, %q): %v, want %q", c.key, c.value, err, c.want)
		}
	}
}

// The ENEMY's Action tables (SASL 6): an Action table for Advance and for
// Maintain Attitude, every row and the Panic dr a placeholder for the
// rulebook's value (no public source gives them), the Prevailing Attitude
// of a mission that names none sasl's reading; a player's file replaces a
// row, or adds an Attitude of its own whole.
func TestActionTables_SASL6(t *testing.T) {
	t.Parallel()
	d := Default()
	a := &d.SASL.Action
	if got := a.Attitudes(); !slices.Equal(got, []string{"advance", "maintain"}) {
		t.Errorf("Attitudes %v", got)
	}
	if !a.Panic.Default || a.Panic.Value != 6 || !a.Prevailing.Reading || a.Prevailing.Value != "maintain" {
		t.Errorf("panic %+v, prevailing %+v", a.Panic, a.Prevailing)
	}
	for _, name := range a.Attitudes() {
		for dr := 1; dr <= 6; dr++ {
			if r := a.Tables[name].Rows[dr]; !r.Default || r.Source == "" {
				t.Errorf("%s row %d: %+v, want a placeholder", name, dr, r)
			}
		}
	}
	s, err := Parse([]byte("sasl:\n  action:\n    tables:\n      maintain:\n        rows:\n          6: {value: move, source: my card}\n      withdraw:\n        source: my card\n        rows: {1: {value: move, source: c}, 2: {value: move, source: c}, 3: {value: move, source: c}, 4: {value: hold, source: c}, 5: {value: hold, source: c}, 6: {value: fire, source: c}}\n    prevailing: {value: withdraw, source: my mission}\n"), "mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := s.SASL.Action.Tables["maintain"]
	if m.Rows[6].Value != CmdMove || m.Rows[6].Default || m.Rows[1].Value != CmdFire || !m.Rows[1].Default {
		t.Errorf("maintain after the file: %+v", m.Rows)
	}
	if w, err := s.SASL.Action.Table("withdraw"); err != nil || w.Rows[6].Value != CmdFire || s.SASL.Action.Prevailing.Value != "withdraw" {
		t.Errorf("withdraw: %+v, %v", w, err)
	}
	if d.SASL.Action.Tables["maintain"].Rows[6].Value != CmdHold {
		t.Error("the file changed the built-in tables")
	}
	if _, err := d.SASL.Action.Table("withdraw"); err == nil || !strings.Contains(err.Error(), "add one under sasl.action.tables") {
		t.Errorf("Table(withdraw) on the built-in tables: %v", err)
	}
}
