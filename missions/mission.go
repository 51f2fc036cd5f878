package missions

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/state"
)

// Case is a SASL 4.1 placement case: 'a' to 'e'.
type Case byte

func (c Case) String() string { return string(c) }

// Mission is a SASL Mission as sasl reads it from a mission file: the
// boards and their edges, the victory objectives, the season, and the S?
// placement and entry schedule.
type Mission struct {
	Name        string
	Description string
	File        string // where it was read from, for messages
	// Digest is the SHA-256 of the file's bytes, in hex: two missions with
	// the same Digest are the same mission (sasl sim's shards check it).
	Digest string
	// Keys are the digests of its top-level keys' values (KeyDigests), for
	// naming what changed in a mission a game was started with.
	Keys   map[string]string
	Layout *layout.Layout
	// FBE and EBE are the FRIENDLY and ENEMY board edges.
	FBE, EBE layout.Compass
	Month    int    // 1..12: what is in season
	Weather  string // a weather preset of tables
	Enemy    string // ENEMY nationality
	Turns    int    // 0 if the file does not say
	// First is the side whose Player Turn comes first in each Game Turn
	// (first: in the file; the ENEMY's when it does not say).
	First state.Side
	// WeatherLine is the line of weather in the file, 0 if it does not
	// say: only the tables know the presets, and the mission's user
	// (world.New) names the line of an unknown one with Errorf.
	WeatherLine int
	// EnemyLine is the line of enemy in the file, 0 if it does not say:
	// only the tables know the nationalities, and world.New names the line
	// of an unknown one.
	EnemyLine int
	// Attitude is the ENEMY's Prevailing Attitude (SASL 4.33, 6): the
	// name of an Action table of the tables ("maintain", "advance"); ""
	// if the file does not say (the tables' sasl.action.prevailing).
	// AttitudeLine is its line, 0 if the file does not say: only the
	// tables know the Attitudes, and world.New names the line of an
	// unknown one.
	Attitude     string
	AttitudeLine int
	// VPO are the Victory Point Objective Locations, as written.
	VPO []Ref
	// Placement lists the SASL 4.1 cases that place S? at setup.
	Placement []Case
	// Activatable lists the edges along which more boards may be activated
	// (SASL 4.1b).
	Activatable []layout.Compass
	// Entry is the schedule of S? entering the map (SASL 4.2).
	Entry []Entry
	// HumanWave is the schedule of Human Waves entering (SASL 4.31).
	HumanWave []Entry
	// Friendly are the FRIENDLY units at the start, as the player sets
	// them up.
	Friendly []state.Spec
	// Victory is what the FRIENDLY side must achieve; nil if the file does
	// not say.
	Victory *Victory
	// boardLine is the line of each board of Layout in the file, by ID,
	// for Map to name the line of a board the boards folder lacks.
	boardLine map[string]int
}

// Victory are the mission's victory conditions: the FRIENDLY side wins
// when every one holds at the end of the last turn, else the ENEMY side
// wins.
type Victory struct {
	// Control lists the VPOs the FRIENDLY side must Control.
	Control []Ref
	// MaxEnemyExits is the most ENEMY squad-equivalents that may have
	// exited off the FBE; -1 for no limit.
	MaxEnemyExits float64
	Line          int
}

// Ref is a Location as the mission file writes it, with its line.
type Ref struct {
	Text string
	Line int
}

// Entry is a group of S? scheduled to enter on a turn along an edge (for a
// Human Wave, Count is 0: SASL 4.31 decides how many).
type Entry struct {
	Turn  int
	Edge  layout.Compass
	Count int
	Line  int
}

//go:embed demo/*.yaml
var demoFS embed.FS

// wasFS holds every earlier version of the demo missions, each named by
// its demo and the first 16 hex digits of its SHA-256 (Digest): a game
// begun on an earlier version plays on with the mission it was set up on
// (DemoAsItWas).
//
//go:embed demo_was/*.yaml
var wasFS embed.FS

// DemoAsItWas returns the text of the built-in demo mission name as it
// was when its file's SHA-256 began with digest (16 hex digits, a game
// file's mission_digest), and that file's name ("demo/crossroads.yaml",
// as the demo's own); ok is false if no version of the demo had it.
func DemoAsItWas(name, digest string) (data []byte, file string, ok bool) {
	if len(digest) != 16 || strings.ContainsAny(name+digest, "/\\.") {
		return nil, "", false
	}
	data, err := wasFS.ReadFile("demo_was/" + name + "-" + digest + ".yaml")
	if err != nil || fmt.Sprintf("%x", sha256.Sum256(data))[:16] != digest {
		return nil, "", false
	}
	return data, "demo/" + name + ".yaml", true
}

// DefaultDemo is the demo mission every command uses when given none.
const DefaultDemo = "crossroads"

// Demos returns the names of the built-in demo missions.
func Demos() []string {
	ents, _ := fs.ReadDir(demoFS, "demo")
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	return out
}

// Open returns the built-in demo mission of that name, or reads the
// mission file at that path. An empty name is DefaultDemo.
func Open(name string) (*Mission, error) {
	data, file, err := Source(name)
	if err != nil {
		return nil, err
	}
	return Parse(data, file)
}

// Source returns the text of the mission Open reads, and the name of its
// file as errors give it ("demo/crossroads.yaml", "hold.yaml").
func Source(name string) (data []byte, file string, err error) {
	if name == "" {
		name = DefaultDemo
	}
	if data, err := demoFS.ReadFile("demo/" + name + ".yaml"); err == nil {
		return data, "demo/" + name + ".yaml", nil
	}
	data, err = yamldoc.ReadFile(name)
	if err != nil {
		if os.IsNotExist(err) && !strings.ContainsAny(name, "/.") {
			return nil, "", fmt.Errorf("missions: no mission %q: neither a built-in demo (%s) nor a file", name, strings.Join(Demos(), ", "))
		}
		return nil, "", fmt.Errorf("missions: %w", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		// Named as given: the base name of /dev/null says nothing.
		return nil, "", fmt.Errorf("missions: %s: %s", name, emptyMission)
	}
	return data, filepath.Base(name), nil
}

var cases = []Case{'a', 'b', 'c', 'd', 'e'}

// missionFile is a mission file.
type missionFile struct {
	yamldoc.Fields
	Name        yamldoc.Value                             `yaml:"name"`
	Description yamldoc.Value                             `yaml:"description"`
	Boards      yamldoc.List[yamldoc.List[yamldoc.Value]] `yaml:"boards"`
	North       yamldoc.Value                             `yaml:"north"`
	FBE         yamldoc.Value                             `yaml:"fbe"`
	EBE         yamldoc.Value                             `yaml:"ebe"`
	Month       yamldoc.Value                             `yaml:"month"`
	Weather     yamldoc.Value                             `yaml:"weather"`
	Enemy       yamldoc.Value                             `yaml:"enemy"`
	Attitude    yamldoc.Value                             `yaml:"attitude"`
	Turns       yamldoc.Value                             `yaml:"turns"`
	First       yamldoc.Value                             `yaml:"first"`
	VPO         yamldoc.List[yamldoc.Value]               `yaml:"vpo"`
	Placement   yamldoc.List[yamldoc.Value]               `yaml:"placement"`
	Activatable yamldoc.List[yamldoc.Value]               `yaml:"activatable_edges"`
	Entry       yamldoc.List[entryFile]                   `yaml:"entry"`
	HumanWave   yamldoc.List[entryFile]                   `yaml:"human_wave"`
	Friendly    yamldoc.List[state.UnitFile]              `yaml:"friendly"`
	Victory     *victoryFile                              `yaml:"victory"`
}

func (f *missionFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }

type entryFile struct {
	yamldoc.Fields
	Turn  yamldoc.Value `yaml:"turn"`
	Edge  yamldoc.Value `yaml:"edge"`
	Count yamldoc.Value `yaml:"count"`
}

func (e *entryFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, e) }

type victoryFile struct {
	yamldoc.Fields
	Control       yamldoc.List[yamldoc.Value] `yaml:"control"`
	MaxEnemyExits yamldoc.Value               `yaml:"max_enemy_exits"`
}

func (v *victoryFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, v) }

// missionKeys are the keys of a mission file, as errors list them.
const missionKeys = "name, description, boards, north, fbe, ebe, month, weather, enemy, attitude, turns, first, vpo, placement, activatable_edges, entry, human_wave, friendly, victory"

// emptyMission is the error of a mission file with no keys.
const emptyMission = "the mission is empty: a mission needs name, boards, fbe and ebe at least"

// Parse reads a mission file; name is used in errors, which give its line:
// "missions: hold.yaml:12: fbe: unknown edge "nort"". What the file alone
// tells is checked here: one YAML document, the keys and their values,
// FRIENDLY unit IDs each used once (the ENEMY's are made around them:
// world.World.SetupIDs, state.State.NewID). What needs the tables or the
// boards (the ENEMY nationality, the counter types, the boards along each
// entry edge) world.New checks, naming the line here.
func Parse(data []byte, name string) (*Mission, error) {
	d := yamldoc.Doc{Pkg: "missions", File: name}
	var f missionFile
	if err := d.Decode(data, &f); err != nil {
		return nil, err
	}
	if len(f.Node.Content) == 0 {
		return nil, d.ErrorAt(0, "%s", emptyMission)
	}
	sum := sha256.Sum256(data)
	ms := &Mission{File: name, Digest: fmt.Sprintf("%x", sum), Month: 7, Weather: "clear"}
	c := &yamldoc.Check{Doc: d}
	c.Fields(&f, "mission", func(key string) string { return fmt.Sprintf("unknown key %q (want %s)", key, missionKeys) })
	ms.Name = c.Str(f.Name, "name")
	ms.Description = c.Str(f.Description, "description")
	grid := boards(c, f.Boards, ms)
	north := layout.Up
	if s := c.Str(f.North, "north"); f.North.Given() && c.OK() {
		var err error
		if north, err = layout.ParseFrame(s); err != nil {
			c.Errorf(f.North.Node, "north: %q is not up, right, down or left", s)
		}
	}
	ms.FBE = compass(c, f.FBE, "fbe")
	ms.EBE = compass(c, f.EBE, "ebe")
	if f.Month.Given() {
		ms.Month = c.Int(f.Month, "month", 1, 12)
	}
	if f.Weather.Given() {
		ms.Weather, ms.WeatherLine = c.Str(f.Weather, "weather"), f.Weather.Line()
	}
	ms.Enemy, ms.EnemyLine = c.Str(f.Enemy, "enemy"), f.Enemy.Line()
	if f.Attitude.Given() {
		ms.Attitude, ms.AttitudeLine = c.Str(f.Attitude, "attitude"), f.Attitude.Line()
		if ms.Attitude == "" && c.OK() {
			c.Errorf(f.Attitude.Node, "attitude: empty: give the ENEMY's Prevailing Attitude (an Action table's name, such as maintain), or leave the line out")
		}
	}
	ms.Turns = c.Int(f.Turns, "turns", 1, 99)
	switch first := c.Str(f.First, "first"); {
	case !f.First.Given(), first == "enemy":
	case first == "friendly":
		ms.First = state.Friendly
	case c.OK():
		c.Errorf(f.First.Node, "first: %q: the side whose Player Turn comes first is enemy or friendly", first)
	}
	ms.VPO = refs(c, f.VPO, "vpo", "33Q6")
	for _, n := range c.Strings(f.Placement, "placement") {
		switch {
		case len(n) != 1 || !slices.Contains(cases, Case(n[0])):
			c.Errorf(f.Placement.Node, "placement: %q is not a SASL 4.1 case (a, b, c, d, e)", n)
		case slices.Contains(ms.Placement, Case(n[0])):
			c.Errorf(f.Placement.Node, "placement: case %s given twice", n)
		default:
			ms.Placement = append(ms.Placement, Case(n[0]))
		}
	}
	if c.List(f.Activatable.Node, "activatable_edges", "want a list of edges") {
		for _, e := range f.Activatable.Items {
			ms.Activatable = append(ms.Activatable, compass(c, e, "activatable_edges"))
		}
	}
	ms.Entry = entries(c, f.Entry, "entry")
	ms.HumanWave = entries(c, f.HumanWave, "human_wave")
	ms.Friendly = state.Specs(c, f.Friendly, state.Friendly)
	if f.Victory != nil {
		ms.Victory = victory(c, f.Victory)
	}
	if c.Err != nil {
		return nil, c.Err
	}
	if err := uniqueIDs(d, ms.Friendly); err != nil {
		return nil, err
	}
	for _, req := range []string{"name", "boards", "fbe", "ebe"} {
		if !f.Has(req) {
			return nil, d.Errorf(f.Node, "the mission needs %q", req)
		}
	}
	var err error
	if ms.Layout, err = layout.New(grid, north); err != nil {
		return nil, d.Errorf(f.Boards.Node, "boards: %v", err)
	}
	if ms.FBE == ms.EBE {
		return nil, d.Errorf(f.EBE.Node, "ebe: the ENEMY board edge is the FRIENDLY board edge (%s)", ms.FBE)
	}
	if ms.Victory != nil {
		for _, c := range ms.Victory.Control {
			if !slices.ContainsFunc(ms.VPO, func(r Ref) bool { return r.Text == c.Text }) {
				return nil, fmt.Errorf("missions: %s:%d: victory.control: %s is not one of the mission's vpo", name, c.Line, c.Text)
			}
		}
	}
	for _, e := range ms.HumanWave {
		if e.Edge == ms.FBE {
			return nil, fmt.Errorf("missions: %s:%d: human_wave: turn %d enters from the %s edge, the FBE: a Human Wave charges toward the FRIENDLY board edge from another (SASL 4.3)", name, e.Line, e.Turn, e.Edge)
		}
	}
	for _, e := range slices.Concat(ms.Entry, ms.HumanWave) {
		if ms.Turns > 0 && e.Turn > ms.Turns {
			return nil, fmt.Errorf("missions: %s:%d: entry on turn %d of a %d-turn mission", name, e.Line, e.Turn, ms.Turns)
		}
	}
	// The key digests are made last, of a mission found good: yaml's
	// Decode looks for a key given twice in a mapping by comparing every
	// pair of keys, and a file refused before (an unknown key over 100,000
	// keys of its own, say) would cost seconds to refuse. A good mission's
	// mappings have only the keys the checks above know, each once.
	ms.Keys = keyDigests(f.Node)
	return ms, nil
}

// keyDigests hashes the value of each top-level key of a mission file (its
// data, not its layout or comments), from the mapping node the file was
// decoded into: 12 hex digits of the SHA-256 of its JSON form.
func keyDigests(top *yaml.Node) map[string]string {
	out := make(map[string]string, len(top.Content)/2)
	for i := 0; i+1 < len(top.Content); i += 2 {
		var v any
		if top.Content[i+1].Decode(&v) != nil {
			continue
		}
		b, err := json.Marshal(jsonable(v))
		if err != nil {
			continue
		}
		out[top.Content[i].Value] = fmt.Sprintf("%x", sha256.Sum256(b))[:12]
	}
	return out
}

// jsonable turns the maps YAML decodes with keys of any type into maps
// JSON can write.
func jsonable(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = jsonable(e)
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = jsonable(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = jsonable(e)
		}
	}
	return v
}

// Changed names the top-level keys whose values differ between the key
// digests of two versions of a mission (Keys), sorted: "turns, victory".
func Changed(was, now map[string]string) []string {
	var out []string
	for k, d := range was {
		if now[k] != d {
			out = append(out, k)
		}
	}
	for k := range now {
		if _, ok := was[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// uniqueIDs refuses a FRIENDLY unit ID used twice: a game names its
// units by ID (state.State.Unit), and its file could not be read back.
func uniqueIDs(d yamldoc.Doc, units []state.Spec) error {
	first := make(map[string]int, len(units))
	for _, sp := range units {
		if l, ok := first[sp.ID]; ok {
			return d.ErrorAt(sp.Line, "friendly %s: unit ID %s is used twice (also on line %d): give each unit its own", sp.ID, sp.ID, l)
		}
		first[sp.ID] = sp.Line
	}
	return nil
}

func compass(c *yamldoc.Check, v yamldoc.Value, what string) layout.Compass {
	s := c.Str(v, what)
	if !v.Given() || !c.OK() {
		return 0
	}
	e, err := layout.ParseCompass(s)
	if err != nil {
		c.Errorf(v.Node, "%s: unknown edge %q (want north, east, south or west)", what, s)
	}
	return e
}

// boards reads rows of board cells: [["3r"], ["2"], ["16"]], and keeps the
// line of each board by its ID in ms.
func boards(c *yamldoc.Check, l yamldoc.List[yamldoc.List[yamldoc.Value]], ms *Mission) [][]layout.Slot {
	if !l.Given() || !c.OK() {
		return nil
	}
	if l.Node.Kind != yaml.SequenceNode || len(l.Items) == 0 {
		c.Errorf(l.Node, `boards: want rows of boards, top row first, such as [["33"]] or [["3r"], ["2"]]`)
		return nil
	}
	var grid [][]layout.Slot
	ms.boardLine = map[string]int{}
	for _, row := range l.Items {
		if !c.List(row.Node, "boards", `each row is a list of boards, such as ["33", "2r"]`) {
			return nil
		}
		var slots []layout.Slot
		for _, cell := range row.Items {
			s := c.Str(cell, "boards")
			if !c.OK() {
				return nil
			}
			slot, err := layout.ParseSlot(s)
			if err != nil {
				c.Errorf(cell.Node, "boards: %q is not a board (a board number, \"r\" after it for reversed, or - for none)", s)
				return nil
			}
			if _, ok := ms.boardLine[slot.Board]; !ok && slot.Board != "" {
				ms.boardLine[slot.Board] = cell.Line()
			}
			slots = append(slots, slot)
		}
		grid = append(grid, slots)
	}
	return grid
}

// entries reads the entry or human_wave schedule.
func entries(c *yamldoc.Check, l yamldoc.List[entryFile], what string) []Entry {
	wave := what == "human_wave"
	want := "want a list of {turn, edge, count}"
	fields := "want turn, edge, count"
	if wave {
		want = "want a list of {turn, edge}"
		fields = "want turn, edge; SASL 4.31 decides how many S?"
	}
	if !c.List(l.Node, what, want) {
		return nil
	}
	var out []Entry
	for i := range l.Items {
		f := &l.Items[i]
		if !c.Fields(f, what, yamldoc.Unknown(what, fields)) {
			return nil
		}
		if wave && f.Count.Given() {
			c.Errorf(f.Key("count"), "%s: unknown field %q (%s)", what, "count", fields)
		}
		e := Entry{Line: f.Line()}
		e.Turn = c.Int(f.Turn, what+".turn", 1, 99)
		e.Edge = compass(c, f.Edge, what+".edge")
		if !wave {
			e.Count = c.Int(f.Count, what+".count", 1, 99)
		}
		switch {
		case !c.OK():
			return nil
		case wave && (!f.Has("turn") || !f.Has("edge")):
			c.Errorf(f.Node, "%s: each Human Wave needs turn and edge", what)
		case !wave && (!f.Has("turn") || !f.Has("edge") || !f.Has("count")):
			c.Errorf(f.Node, "%s: each entry needs turn, edge and count", what)
		}
		out = append(out, e)
	}
	return out
}

// refs reads a list of Locations in A2.2 notation, each with its line.
func refs(c *yamldoc.Check, l yamldoc.List[yamldoc.Value], what, example string) []Ref {
	if !c.List(l.Node, what, fmt.Sprintf("want a list of Locations such as [%q]", example)) {
		return nil
	}
	var out []Ref
	for _, e := range l.Items {
		s := c.Str(e, what)
		if !c.OK() {
			return nil
		}
		if _, err := coord.Parse(s); err != nil {
			c.Errorf(e.Node, "%s: %v", what, err)
			return nil
		}
		out = append(out, Ref{Text: s, Line: e.Line()})
	}
	return out
}

// victory reads {control: [...], max_enemy_exits: N}.
func victory(c *yamldoc.Check, f *victoryFile) *Victory {
	v := &Victory{MaxEnemyExits: -1, Line: f.Line()}
	if !c.Fields(f, "victory", func(key string) string {
		return fmt.Sprintf("victory: unknown key %q (want control, max_enemy_exits)", key)
	}) {
		return nil
	}
	v.Control = refs(c, f.Control, "victory.control", "x1Q5")
	if f.MaxEnemyExits.Given() {
		v.MaxEnemyExits = float64(c.Int(f.MaxEnemyExits, "victory.max_enemy_exits", 0, 999))
	}
	return v
}

// Map assembles the mission's boards from lib. A board lib cannot find
// is an error at the line of the mission file that names it: "missions:
// hold.yaml:3: library: board 99: neither bd99 nor bd99.sasl in ...".
func (ms *Mission) Map(lib *library.Library) (*board.Map, error) {
	if err := ms.HasBoards(lib); err != nil {
		return nil, err
	}
	m, err := lib.Map(ms.Layout)
	if err != nil {
		return nil, fmt.Errorf("missions: %s: %w", ms.File, err)
	}
	return m, nil
}

// Errorf returns an error at a line of the mission file: "missions:
// hold.yaml:5: weather: ...", without the line for line 0 (a mission that
// is not from a file, a key the file does not give). As with fmt.Errorf,
// %w wraps an error.
func (ms *Mission) Errorf(line int, format string, args ...any) error {
	return yamldoc.Doc{Pkg: "missions", File: ms.File}.ErrorAt(line, format, args...)
}

// VPOs resolves the Victory Point Objectives on m; an error names the line
// of the mission file.
func (ms *Mission) VPOs(m *board.Map) ([]board.Location, error) {
	var out []board.Location
	for _, r := range ms.VPO {
		l, err := m.ParseLocation(r.Text)
		if err != nil {
			return nil, fmt.Errorf("missions: %s:%d: vpo %q: %w", ms.File, r.Line, r.Text, err)
		}
		out = append(out, l)
	}
	return out, nil
}

// HasBoards checks that lib has every board of the mission; an error
// names the mission file's line of the board it has not.
func (ms *Mission) HasBoards(lib *library.Library) error {
	for _, id := range ms.Layout.Boards() {
		_, err := lib.Board(id)
		// The library's words for a board it has not (its other errors are
		// those of a board file it found, which they name).
		if err != nil && strings.HasPrefix(err.Error(), "library: board "+id+": ") {
			return ms.Errorf(ms.boardLine[id], "%w", err)
		}
	}
	return nil
}

// WavesOn returns the Human Waves entering on a turn.
func (ms *Mission) WavesOn(turn int) []Entry {
	var out []Entry
	for _, e := range ms.HumanWave {
		if e.Turn == turn {
			out = append(out, e)
		}
	}
	return out
}

// State returns the game state at the start of the mission on m: the
// FRIENDLY units of the mission file, and its VPOs, each controlled by the
// ENEMY unless a FRIENDLY unit starts in it. An error names the line of
// the mission file: a unit off the map or in a level its hex lacks, one
// too many in a Location (ASL A5.1 stacking, see state.ResolveIn).
func (ms *Mission) State(m *board.Map) (*state.State, error) {
	units, err := state.ResolveIn(yamldoc.Doc{Pkg: "missions", File: ms.File}, ms.Friendly, m)
	if err != nil {
		return nil, err
	}
	s := state.New(m)
	for _, u := range units {
		s.Add(u, u.At())
	}
	vpos, err := ms.VPOs(m)
	if err != nil {
		return nil, err
	}
	for _, v := range vpos {
		side := state.Enemy
		if s.Has(state.Friendly, v) {
			side = state.Friendly
		}
		s.VPO = append(s.VPO, state.Control{At: v, Side: side})
	}
	return s, nil
}

// Has reports whether the mission places S? by case c.
func (ms *Mission) Has(c Case) bool { return slices.Contains(ms.Placement, c) }

// Activates reports whether more boards may be activated along edge e.
func (ms *Mission) Activates(e layout.Compass) bool { return slices.Contains(ms.Activatable, e) }

// EntriesOn returns the entries scheduled for a turn.
func (ms *Mission) EntriesOn(turn int) []Entry {
	var out []Entry
	for _, e := range ms.Entry {
		if e.Turn == turn {
			out = append(out, e)
		}
	}
	return out
}

// Clone returns a copy of ms that can be changed without changing ms
// (sasl sim --vary).
func (ms *Mission) Clone() *Mission {
	c := *ms
	c.VPO = slices.Clone(ms.VPO)
	c.Placement = slices.Clone(ms.Placement)
	c.Activatable = slices.Clone(ms.Activatable)
	c.Entry = slices.Clone(ms.Entry)
	c.HumanWave = slices.Clone(ms.HumanWave)
	c.Friendly = slices.Clone(ms.Friendly)
	if ms.Victory != nil {
		v := *ms.Victory
		v.Control = slices.Clone(ms.Victory.Control)
		c.Victory = &v
	}
	return &c
}

// VictoryVPOs resolves the VPOs of the victory conditions on m; an error
// names the line of the mission file.
func (ms *Mission) VictoryVPOs(m *board.Map) ([]board.Location, error) {
	if ms.Victory == nil {
		return nil, nil
	}
	var out []board.Location
	for _, r := range ms.Victory.Control {
		l, err := m.ParseLocation(r.Text)
		if err != nil {
			return nil, fmt.Errorf("missions: %s:%d: victory.control %q: %w", ms.File, r.Line, r.Text, err)
		}
		out = append(out, l)
	}
	return out, nil
}

// WithFriendly returns mission text data (of file name, for errors) with
// its friendly list replaced by units, each written on one line as a
// mission file writes a unit; the rest of the text is kept, comments
// too. The result is checked as Parse reads it.
func WithFriendly(data []byte, name string, units []state.Spec) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("missions: %s: not a mission file (a YAML mapping)", name)
	}
	root := doc.Content[0]
	// The mission without its units goes through the YAML encoder (its
	// comments kept) and is checked; the units are written as lines, one
	// a unit, as game files write them: the encoder's memory grows by
	// some 18 KB a unit (a save of 64,000 units took 1.1 GB).
	empty := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	replaced := false
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "friendly" {
			root.Content[i+1], replaced = empty, true
		}
	}
	if !replaced {
		root.Content = append(root.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "friendly"}, empty)
	}
	var b bytes.Buffer
	e := yaml.NewEncoder(&b)
	e.SetIndent(2)
	if err := e.Encode(&doc); err != nil {
		return nil, fmt.Errorf("missions: %s: %v", name, err)
	}
	if _, err := Parse(b.Bytes(), name); err != nil {
		return nil, err
	}
	const placeholder = "\nfriendly: []\n"
	text := b.String()
	i := strings.Index("\n"+text, placeholder)
	if i < 0 {
		return nil, fmt.Errorf("missions: %s: the friendly units have no place in the file", name)
	}
	var out bytes.Buffer
	out.Grow(len(text) + 80*len(units))
	out.WriteString(text[:i])
	if len(units) == 0 {
		out.WriteString("friendly: []\n")
	} else {
		out.WriteString("friendly:\n")
	}
	for _, u := range units {
		if u.ID == "" || u.AtText == "" {
			return nil, fmt.Errorf("missions: %s: a FRIENDLY unit needs an id and a Location (%q at %q)", name, u.ID, u.AtText)
		}
		fmt.Fprintf(&out, "  - {id: %s, unit: %s", state.Quote(u.ID), state.Quote(u.Kind.String()))
		if u.Type != "" {
			fmt.Fprintf(&out, ", type: %s", state.Quote(u.Type))
		}
		fmt.Fprintf(&out, ", at: %s", state.Quote(u.AtText))
		if u.Broken {
			out.WriteString(", broken: true")
		}
		fmt.Fprintf(&out, ", known: %t", u.Known)
		if u.Vasl != "" {
			fmt.Fprintf(&out, ", vasl: %q", u.Vasl)
		}
		out.WriteString("}\n")
	}
	out.WriteString(text[i+len(placeholder)-1:])
	return out.Bytes(), nil
}
