package missions

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/state"
)

func TestDemos(t *testing.T) {
	names := Demos()
	if len(names) < 2 {
		t.Fatalf("demo missions %v, want at least two", names)
	}
	lib := library.New("")
	for _, n := range names {
		t.Run(n, func(t *testing.T) {
			ms, err := Open(n)
			if err != nil {
				t.Fatal(err)
			}
			m, err := ms.Map(lib)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ms.VPOs(m); err != nil {
				t.Fatal(err)
			}
			if len(ms.Placement) == 0 || len(ms.Entry) == 0 {
				t.Error("a demo mission places and enters S?")
			}
		})
	}
	def, err := Open("")
	if err != nil || def.Name != "Hold the crossroads" {
		t.Errorf("default mission %v, %v", def, err)
	}
}

func TestParse(t *testing.T) {
	ms, err := Parse([]byte(`
name: Hold the crossroads
boards:
  - ["33"]
north: up
fbe: north
ebe: south
month: 7
vpo: ["33Q6"]
placement: [a, b, e]
activatable_edges: []
entry:
  - {turn: 1, edge: south, count: 7}
`), "hold.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if ms.FBE != layout.North || ms.EBE != layout.South || ms.Month != 7 || len(ms.Placement) != 3 || !ms.Has('e') || ms.Has('c') {
		t.Errorf("%+v", ms)
	}
	if ms.Layout.String() != "33" || len(ms.EntriesOn(1)) != 1 || ms.EntriesOn(1)[0].Count != 7 {
		t.Errorf("layout %s entries %v", ms.Layout, ms.Entry)
	}
	ms, err = Parse([]byte("name: x\nboards: [[\"3r\"], [\"2\"], [\"16\"]]\nnorth: right\nfbe: west\nebe: east\n"), "four.yaml")
	if err != nil || ms.Layout.String() != "3r/2/16" || ms.Layout.North() != layout.Right {
		t.Errorf("%v %v", ms, err)
	}
}

func TestParseErrors(t *testing.T) {
	base := "name: x\nboards: [[\"33\"]]\nfbe: north\nebe: south\n"
	for _, tt := range []struct{ in, want string }{
		{"name: x\nboards: [[\"33\"]]\nfbe: nort\nebe: south\n", `m.yaml:3: fbe: unknown edge "nort"`},
		{"name: x\nboards: [[\"33\"]]\nfbe: north\nebe: north\n", "m.yaml:4: ebe: the ENEMY board edge is the FRIENDLY board edge"},
		{"name: x\nfbe: north\nebe: south\n", `the mission needs "boards"`},
		{"name: x\nboards: [[\"3x\"]]\nfbe: north\nebe: south\n", `m.yaml:2: boards: "3x" is not a board`},
		{"name: x\nboards: [[\"3\", \"3\"]]\nfbe: north\nebe: south\n", "m.yaml:2: boards: layout: board 3 appears twice"},
		{"name: x\nboards: [\"33\"]\nfbe: north\nebe: south\n", "m.yaml:2: boards: each row is a list"},
		{base + "month: 13\n", "m.yaml:5: month: want a whole number in 1..12"},
		{base + "placement: [a, f]\n", `m.yaml:5: placement: "f" is not a SASL 4.1 case`},
		{base + "placement: [a, a]\n", "placement: case a given twice"},
		{base + "vpo: [\"33Q\"]\n", `m.yaml:5: vpo: coord: "33Q"`},
		{base + "entry:\n  - {turn: 1, edge: south}\n", "m.yaml:6: entry: each entry needs turn, edge and count"},
		{base + "entry:\n  - {turn: 1, edge: up, count: 2}\n", `m.yaml:6: entry.edge: unknown edge "up"`},
		{base + "turns: 3\nentry:\n  - {turn: 4, edge: south, count: 2}\n", "m.yaml:7: entry on turn 4 of a 3-turn mission"},
		{base + "colour: red\n", `m.yaml:5: unknown key "colour"`},
		{base + "human_wave:\n  - {turn: 1, edge: north}\n", "m.yaml:6: human_wave: turn 1 enters from the north edge, the FBE: a Human Wave charges toward the FRIENDLY board edge from another (SASL 4.3)"},
		{base + "north: sideways\n", `m.yaml:5: north: "sideways" is not up`},
	} {
		_, err := Parse([]byte(tt.in), "m.yaml")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q):\n got %v\nwant %q", tt.in, err, tt.want)
		}
	}
	ms, err := Parse([]byte("name: x\nboards: [[\"x1\"]]\nfbe: north\nebe: south\nvpo: [\"x1Q0\"]\n"), "m.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ms.Map(library.New(""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ms.VPOs(m); err == nil || !strings.Contains(err.Error(), "m.yaml:5: vpo \"x1Q0\": layout: x1Q0 is off the board") {
		t.Errorf("off-board VPO: %v", err)
	}
	if _, err := Open("nosuchmission"); err == nil || !strings.Contains(err.Error(), "neither a built-in demo") {
		t.Errorf("unknown mission: %v", err)
	}
}

// A mission is validated when it is read: what the file alone tells is
// refused by Parse, naming the file, the line and the value.
func TestParseValidates(t *testing.T) {
	base := "name: x\nboards: [[\"x1\"]]\nfbe: north\nebe: south\n"
	row := func(n int) string { // n boards in one row: x1, x2, 3, 4, ...
		cells := []string{`"x1"`, `"x2"`}
		for i := 3; len(cells) < n; i++ {
			cells = append(cells, fmt.Sprintf("%q", fmt.Sprint(i)))
		}
		return "name: x\nboards: [[" + strings.Join(cells, ", ") + "]]\nfbe: north\nebe: south\n"
	}
	for _, tt := range []struct{ name, in, want string }{
		{"FRIENDLY id used twice", base + "friendly:\n  - {id: F1, unit: squad, at: x1Q5}\n  - {id: F2, unit: squad, at: x1Q6}\n  - {id: F1, unit: leader, at: x1Q5}\n",
			"missions: m.yaml:8: friendly F1: unit ID F1 is used twice (also on line 6): give each unit its own"},
		{"a second YAML document", base + "---\nname: y\n",
			"missions: m.yaml:5: a second YAML document begins here"},
		{"a second YAML document after the end marker", base + "...\nname: y\n",
			"missions: m.yaml:6: a second YAML document begins here"},
		{"an empty file", "", "missions: m.yaml: the mission is empty: a mission needs name, boards, fbe and ebe at least"},
		{"only comments", "# a mission\n\n", "missions: m.yaml: the mission is empty"},
		{"an empty mapping", "{}\n", "missions: m.yaml: the mission is empty"},
		// More boards than entry along an edge chooses among (36: a DR
		// read as two base-6 digits, world.MaxEdgeBoards) are refused by
		// the layout, for every edge (layout.MaxBoards).
		{"38 boards in a row", row(38), "missions: m.yaml:2: boards: layout: |at most 36"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.in), "m.yaml")
			prefix, part, _ := strings.Cut(tt.want, "|")
			if err == nil || !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), part) {
				t.Errorf("got %v\nwant %q", err, tt.want)
			}
		})
	}
	// The ENEMY's IDs are made around the FRIENDLY ones: any is fine.
	if _, err := Parse([]byte(base+"friendly:\n  - {id: S1, unit: squad, at: x1Q5}\n  - {id: E1, unit: squad, at: x1Q6}\n  - {id: A1, unit: leader, at: x1Q5}\n"), "m.yaml"); err != nil {
		t.Errorf("FRIENDLY IDs S1, E1, A1: %v", err)
	}
	ms, err := Parse([]byte(base+"\nenemy: Martian\n"), "m.yaml")
	if err != nil || ms.Enemy != "Martian" || ms.EnemyLine != 6 {
		t.Errorf("enemy: %v on line %d, %v; want Martian on line 6 (world.New refuses it)", ms.Enemy, ms.EnemyLine, err)
	}
	ms, err = Parse([]byte(base+"\nattitude: withdraw\n"), "m.yaml")
	if err != nil || ms.Attitude != "withdraw" || ms.AttitudeLine != 6 {
		t.Errorf("attitude: %v on line %d, %v; want withdraw on line 6 (world.New refuses it)", ms.Attitude, ms.AttitudeLine, err)
	}
	if _, err := Parse([]byte(base+"\nattitude: [maintain]\n"), "m.yaml"); err == nil || !strings.Contains(err.Error(), "m.yaml:6: attitude") {
		t.Errorf("attitude: [maintain]: %v", err)
	}
}

// An empty mission file says so, named as given (/dev/null, not "null").
func TestOpenEmpty(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.yaml")
	if err := os.WriteFile(empty, []byte("\n  \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{os.DevNull, empty} {
		if _, err := Open(name); err == nil || err.Error() != "missions: "+name+": "+emptyMission {
			t.Errorf("Open(%s): %v", name, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, name := range Demos() {
		data, _ := demoFS.ReadFile("demo/" + name + ".yaml")
		f.Add(data)
	}
	base := "name: x\nboards: [[\"x1\"]]\nfbe: north\nebe: south\n"
	for _, s := range []string{"", "{}\n", base + "---\nname: y\n", base + "...\nname: y\n",
		base + "friendly:\n  - {id: F1, unit: squad, at: x1Q5}\n  - {id: F1, unit: leader, at: x1Q5}\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		ms, err := Parse(in, "fuzz.yaml")
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "missions: fuzz.yaml") {
				t.Fatalf("error not one line naming the file: %q", err)
			}
			return
		}
		if ms.Layout == nil || ms.FBE == ms.EBE {
			t.Fatalf("accepted an invalid mission: %+v", ms)
		}
		ids := map[string]bool{}
		for _, u := range ms.Friendly {
			if ids[u.ID] {
				t.Fatalf("accepted FRIENDLY ID %s twice", u.ID)
			}
			ids[u.ID] = true
		}
	})
}

func TestVictory(t *testing.T) {
	base := "name: x\nboards: [[\"33\"]]\nfbe: north\nebe: south\nvpo: [\"33Q6\", \"33I9\"]\n"
	ms, err := Parse([]byte(base+"victory:\n  control: [\"33Q6\"]\n  max_enemy_exits: 2\n"), "v.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if v := ms.Victory; v == nil || len(v.Control) != 1 || v.Control[0].Text != "33Q6" || v.Control[0].Line != 7 || v.MaxEnemyExits != 2 {
		t.Fatalf("victory %+v", ms.Victory)
	}
	if ms, _ := Parse([]byte(base+"victory:\n  control: [\"33I9\"]\n"), "v.yaml"); ms.Victory.MaxEnemyExits != -1 {
		t.Errorf("no max_enemy_exits: %g, want -1 (no limit)", ms.Victory.MaxEnemyExits)
	}
	for _, c := range []struct{ text, want string }{
		{"victory:\n  control: [\"33Q6\"]\n  max_exits: 2\n", `v.yaml:8: victory: unknown key "max_exits"`},
		{"victory:\n  control: [\"33A1\"]\n", "v.yaml:7: victory.control: 33A1 is not one of the mission's vpo"},
		{"victory:\n  control: 33Q6\n", "v.yaml:7: victory.control: want a list"},
		{"victory:\n  max_enemy_exits: -1\n", "v.yaml:7"},
	} {
		_, err := Parse([]byte(base+c.text), "v.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
	for _, name := range Demos() {
		if ms, err := Open(name); err != nil || ms.Victory == nil {
			t.Errorf("demo %s has no victory conditions (%v)", name, err)
		}
	}
}

// The digest is of the file's bytes: the same file, the same digest; one
// byte changed, another.
func TestDigest(t *testing.T) {
	const text = "name: x\nboards: [[\"3r\"], [\"2\"], [\"16\"]]\nnorth: right\nfbe: west\nebe: east\n"
	a, err1 := Parse([]byte(text), "a.yaml")
	b, err2 := Parse([]byte(text), "b.yaml")
	c, err3 := Parse([]byte(text+"# a comment\n"), "a.yaml")
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	if a.Digest != b.Digest || a.Digest == c.Digest || len(a.Digest) != 64 || a.Clone().Digest != a.Digest {
		t.Errorf("digests %s %s %s", a.Digest, b.Digest, c.Digest)
	}
}

// What only the boards folder or the tables can tell about a mission file
// (its boards, its weather) is an error at the line that names it.
func TestMapErrorNamesTheLine(t *testing.T) {
	t.Setenv(library.EnvBoards, "")
	for _, tt := range []struct {
		name, in, boards, want string
	}{
		{"no boards folder", "name: x\nboards: [[\"x99\"]]\nfbe: north\nebe: south\n", "",
			"missions: m.yaml:2: library: board x99: no boards folder given"},
		{"not in the folder", "name: x\nboards:\n  - [\"x1\"]\n  - [\"77r\"]\nfbe: north\nebe: south\n", t.TempDir(),
			"missions: m.yaml:4: library: board 77: neither bd77 nor bd77.sasl in "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ms, err := Parse([]byte(tt.in), "m.yaml")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ms.Map(library.New(tt.boards)); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %q", err, tt.want)
			}
		})
	}
	ms, err := Parse([]byte("name: x\nboards: [[\"x1\"]]\nfbe: north\nebe: south\n\nweather: snowy\n"), "m.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if ms.WeatherLine != 6 {
		t.Errorf("weather on line %d, want 6", ms.WeatherLine)
	}
	if err := ms.Errorf(ms.WeatherLine, "weather: %s", "unknown"); err.Error() != "missions: m.yaml:6: weather: unknown" {
		t.Errorf("Errorf: %v", err)
	}
	if err := ms.Errorf(0, "weather: %s", "unknown"); err.Error() != "missions: m.yaml: weather: unknown" {
		t.Errorf("Errorf with no line: %v", err)
	}
}

// The FRIENDLY units of a mission are placed as those of a state file:
// on the map, in a Location their hex has, within ASL A5.1 stacking
// (state.ResolveIn); the errors are the mission file's.
func TestStateErrors(t *testing.T) {
	t.Setenv(library.EnvBoards, "")
	base := "name: x\nboards: [[\"x3\"], [\"x1\"]]\nfbe: north\nebe: south\nvpo: [\"x1Q5\"]\nfriendly:\n"
	for _, tt := range []struct {
		name, units, want string
	}{
		{"off the board", "  - {id: F1, unit: squad, at: x1Q0}\n", `missions: m.yaml:7: unit F1 at "x1Q0": layout: x1Q0 is off the board`},
		{"no such level", "  - {id: F1, unit: squad, at: x1Q5}\n  - {id: F2, unit: squad, at: x1Q6h1}\n", `missions: m.yaml:8: unit F2 at "x1Q6h1": `},
		{"overstacked", "  - {id: F1, unit: squad, at: x1Q5}\n  - {id: F2, unit: squad, at: x1Q5}\n  - {id: L1, unit: leader, at: x1Q5}\n  - {id: F3, unit: squad, at: x1Q5}\n  - {id: F4, unit: half_squad, at: x1Q5}\n",
			"missions: m.yaml:11: friendly F4 in x1Q5: overstacked: F1, F2, L1, F3 and F4 are 3.5 squads; ASL A5.1 allows a side 3 squads"},
		{"in a wave", "  - {id: F1, unit: squad, at: x1Q5, wave: A}\n", `missions: m.yaml:7: friendly F1 at x1Q5: wave "A": only ENEMY units move in a Human Wave`},
		{"no id", "  - {id: \"\", unit: squad, at: x1Q5}\n", "missions: m.yaml:7: friendly: the squad at x1Q5 has an empty id"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ms, err := Parse([]byte(base+tt.units), "m.yaml")
			if err == nil {
				var m *board.Map
				if m, err = ms.Map(library.New("")); err != nil {
					t.Fatal(err)
				}
				_, err = ms.State(m)
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %q", err, tt.want)
			}
		})
	}
}

// A YAML syntax error in a mission file names its line, and how to write
// an S? in a flow collection.
func TestParseSyntaxError(t *testing.T) {
	data, err := demoFS.ReadFile("demo/crossroads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "placement: [c]", "placement: [a, s?]", 1)
	if text == string(data) {
		t.Fatal("the crossroads demo has no placement: [c] line to break")
	}
	line := 1 + strings.Count(text[:strings.Index(text, "placement:")], "\n")
	_, err = Parse([]byte(text), "bad.yaml")
	want := fmt.Sprintf(`missions: bad.yaml:%d: yaml: did not find expected ',' or ']' (quote it: "s?")`, line)
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// A mission's FRIENDLY units from a VASL save are written as game files
// write units, a line each: they read back as given (odd IDs and types
// too), the rest of the mission (its comments) kept, and the memory it
// takes is some hundreds of bytes a unit (the YAML encoder's was 18 KB).
func TestWithFriendly(t *testing.T) {
	// Not parallel: the memory it measures is the process's.
	data, file, err := Source("crossroads")
	if err != nil {
		t.Fatal(err)
	}
	specs := []state.Spec{
		{Unit: state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "4-6-7", Known: true, Vasl: "1533971078770"}, AtText: "x1Q6"},
		{Unit: state.Unit{ID: `F"2: {x}`, Side: state.Friendly, Kind: state.Leader, Type: "9-2", Broken: true}, AtText: "x1Q6"},
		{Unit: state.Unit{ID: "Fé", Side: state.Friendly, Kind: state.HalfSquad, Type: "2-4-7"}, AtText: "x3H8"},
	}
	out, err := WithFriendly(data, file, specs)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := Parse(out, file)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(ms.Friendly) != len(specs) {
		t.Fatalf("%d units read back, want %d:\n%s", len(ms.Friendly), len(specs), out)
	}
	for i, sp := range ms.Friendly {
		w := specs[i]
		if sp.ID != w.ID || sp.Kind != w.Kind || sp.Type != w.Type || sp.AtText != w.AtText || sp.Broken != w.Broken || sp.Known != w.Known || sp.Vasl != w.Vasl {
			t.Errorf("unit %d read back as %+v, want %+v", i, sp.Unit, w.Unit)
		}
	}
	if !bytes.Contains(out, []byte("name:")) || bytes.Count(out, []byte("friendly:")) != 1 {
		t.Errorf("the rest of the mission:\n%s", out)
	}
	many := make([]state.Spec, 20000)
	for i := range many {
		many[i] = state.Spec{Unit: state.Unit{ID: fmt.Sprintf("F%d", i+1), Side: state.Friendly, Kind: state.Squad, Type: "4-6-7", Vasl: fmt.Sprint(2_000_000_000_000 + i)}, AtText: "x1Q6"}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := WithFriendly(data, file, many); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	per := (after.TotalAlloc - before.TotalAlloc) / uint64(len(many))
	t.Logf("%d bytes allocated a unit", per)
	if per > 2048 {
		t.Errorf("%d bytes allocated a unit, want at most 2 KB", per)
	}
}

// Every earlier version of a built-in demo is kept, named by its digest,
// so that a game begun on it plays on (DemoAsItWas): each parses, its
// name's digest is its own, it is not the demo as it is now, and a wrong
// or malformed digest finds nothing.
func TestDemoAsItWas(t *testing.T) {
	t.Parallel()
	ents, err := fs.ReadDir(wasFS, "demo_was")
	if err != nil || len(ents) == 0 {
		t.Fatalf("no earlier demo: %v", err)
	}
	for _, e := range ents {
		base := strings.TrimSuffix(e.Name(), ".yaml")
		i := strings.LastIndex(base, "-")
		name, digest := base[:i], base[i+1:]
		if !slices.Contains(Demos(), name) {
			t.Errorf("%s: no demo %s", e.Name(), name)
		}
		data, file, ok := DemoAsItWas(name, digest)
		if !ok {
			t.Errorf("%s: not found by its digest (is the name the file's SHA-256?)", e.Name())
			continue
		}
		if _, err := Parse(data, file); err != nil {
			t.Errorf("%s: %v", e.Name(), err)
		}
		now, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if now.Digest[:16] == digest {
			t.Errorf("%s is the demo as it is now", e.Name())
		}
	}
	for _, c := range [][2]string{{"crossroads", "0000000000000000"}, {"crossroads", "766d6ae6"}, {"../demo/crossroads", "766d6ae6700ebee9"}, {"nosuch", "766d6ae6700ebee9"}} {
		if _, _, ok := DemoAsItWas(c[0], c[1]); ok {
			t.Errorf("DemoAsItWas(%q, %q) found a mission", c[0], c[1])
		}
	}
}

// bigUnknownMapping is a mission whose unknown key "bogus" (line 5) holds
// a mapping of n keys.
func bigUnknownMapping(n int) []byte {
	var b bytes.Buffer
	b.WriteString("name: x\nboards: [[\"33\"]]\nfbe: north\nebe: south\nbogus:\n")
	for i := range n {
		fmt.Fprintf(&b, "  k%d: 1\n", i)
	}
	return b.Bytes()
}

// A mission whose unknown key holds a mapping of 100,000 keys is refused,
// naming the key and its line (issue 52: it took 40-50 s of CPU, the
// mission's key digests decoding the mapping in quadratic time before the
// checks refused it; BenchmarkParseUnknownMapping measures the time, now
// linear in the keys).
func TestLargeUnknownMappingRefused(t *testing.T) {
	t.Parallel()
	_, err := Parse(bigUnknownMapping(100_000), "m.yaml")
	if err == nil || !strings.Contains(err.Error(), `m.yaml:5: unknown key "bogus"`) {
		t.Fatalf("Parse: %v, want unknown key \"bogus\" at line 5", err)
	}
}

// BenchmarkParseUnknownMapping: refusing a mission whose unknown key holds
// a large mapping, by its size; ns/op grows with the keys, not their square
// (go test ./missions -run '^$' -bench ParseUnknownMapping).
func BenchmarkParseUnknownMapping(b *testing.B) {
	for _, n := range []int{4_000, 32_000} {
		data := bigUnknownMapping(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Parse(data, "m.yaml"); err == nil {
					b.Fatal("taken")
				}
			}
		})
	}
}
