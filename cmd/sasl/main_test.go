package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// run executes the command line and returns its standard output.
func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errs bytes.Buffer
	root := newRoot(&out, &errs)
	root.SetArgs(args)
	err := root.Execute()
	return out.String(), err
}

// mustRead is the bytes of file path.
func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, err := run(t, args...)
	if err != nil {
		t.Fatalf("sasl %s: %v", strings.Join(args, " "), err)
	}
	return out
}

func realBoards(t testing.TB) string { return testshared.Boards(t) }

type hexOut struct {
	Hex       string   `json:"hex"`
	Terrain   []string `json:"terrain"`
	Elevation int      `json:"elevation"`
	Building  *struct {
		Material string `json:"material"`
		Levels   int    `json:"levels"`
	} `json:"building"`
	Hexsides map[string]string `json:"hexsides"`
}

func showJSON(t *testing.T, args ...string) map[string]hexOut {
	t.Helper()
	var doc struct {
		Hexes []hexOut `json:"hexes"`
	}
	out := mustRun(t, append([]string{"board", "show", "--json"}, args...)...)
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%.300s", err, out)
	}
	byName := map[string]hexOut{}
	for _, h := range doc.Hexes {
		byName[h.Hex] = h
	}
	return byName
}

// The JSON of issue 2 on the SASL 4.1 EX board.
func TestShowJSONBoard33(t *testing.T) {
	t.Parallel()
	hexes := showJSON(t, "33", "--boards", realBoards(t))
	if len(hexes) != 346 {
		t.Errorf("%d hexes, want 346", len(hexes))
	}
	r6 := hexes["33R6"]
	if r6.Building == nil || r6.Building.Material != "wooden" || r6.Building.Levels != 1 {
		t.Errorf("33R6 = %+v, want a wooden building with one upper level", r6)
	}
	if got := hexes["33Q7"].Hexsides["33Q6"]; got != "wall" {
		t.Errorf("33Q7 hexside to 33Q6 = %q, want wall", got)
	}
	if got := hexes["33T6"].Terrain; len(got) != 1 || got[0] != "grain" {
		t.Errorf("33T6 terrain %v, want [grain]", got)
	}
	if got := hexes["33Q6"].Terrain; len(got) != 1 || got[0] != "open_ground" {
		t.Errorf("33Q6 terrain %v, want [open_ground]", got)
	}
	if hexes["33P5"].Building != nil {
		t.Error("33P5 has no building; the key must be absent")
	}
}

func TestShowJSONTwoLevelHill(t *testing.T) {
	t.Parallel()
	hexes := showJSON(t, "2", "--boards", realBoards(t))
	m4 := hexes["2M4"]
	if m4.Elevation != 2 || !strings.Contains(strings.Join(m4.Terrain, ","), "woods") {
		t.Errorf("2M4 = %+v, want woods at level 2", m4)
	}
	i9 := hexes["2I9"].Terrain
	if strings.Join(i9, ",") != "woods,building" {
		t.Errorf("2I9 terrain %v, want [woods building]", i9)
	}
}

// A picture never hides the report (a random seed would be lost); what
// was written is said on stderr.
func TestPicturesKeepTheReport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, args := range [][]string{
		// (Rasters at half scale, no PDF, whose fonts take 0.4 s: the report
		// is the test, not the picture; TestSimPicturesAndSweep writes one.)
		{"place", "--png", filepath.Join(dir, "p.png"), "--scale", "0.5"},
		{"wave", "--svg", filepath.Join(dir, "w.svg")},
		{"enter", "--svg", filepath.Join(dir, "e.svg")},
		{"sim", "--runs", "5", "--png", filepath.Join(dir, "s.png"), "--scale", "0.5", "--hist", filepath.Join(dir, "h.svg")},
	} {
		var out, errs bytes.Buffer
		root := newRoot(&out, &errs)
		root.SetArgs(args)
		if err := root.Execute(); err != nil {
			t.Fatalf("sasl %v: %v", args, err)
		}
		if !strings.Contains(out.String(), "eed ") {
			t.Errorf("sasl %v printed no seed:\n%.300s", args, out.String())
		}
		for _, a := range args {
			if strings.HasPrefix(a, dir) && !strings.Contains(errs.String(), "picture written to "+a) {
				t.Errorf("sasl %v: stderr %q does not say %s was written", args, errs.String(), a)
			}
		}
	}
}

// sasl --version names the module version (and the VCS revision when the
// build has one).
func TestVersion(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "--version")
	if !strings.HasPrefix(out, "sasl ") || strings.Count(out, "\n") != 1 || len(out) < 8 {
		t.Errorf("--version printed %q", out)
	}
}

func TestShowDefaultsToDemo(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "board", "show")
	if !strings.Contains(out, "Board x1 (built-in demo board)") || !strings.Contains(out, "x1Q5") {
		t.Errorf("default show output:\n%.500s", out)
	}
}

func TestShowLayoutAndPictures(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	svg, pngFile := filepath.Join(dir, "m.svg"), filepath.Join(dir, "m.png")
	out := mustRun(t, "board", "show", "--layout", "x1/x2r", "--north", "right", "--svg", svg, "--png", pngFile, "--scale", "0.5")
	if !strings.HasPrefix(out, "Configuration x1/x2r, north right") {
		t.Errorf("a picture hid the report: %.100q", out)
	}
	data, err := os.ReadFile(svg)
	if err != nil || !bytes.Contains(data, []byte("<svg")) {
		t.Fatalf("no SVG written: %v", err)
	}
	f, err := os.Open(pngFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if w := img.Bounds().Dx(); w < 800 || w > 1000 {
		t.Errorf("PNG %d pixels wide at scale 0.5, want about 900", w)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("files left in %s: %d, want the two pictures only", dir, len(ents))
	}
}

func TestExportRoundTrip(t *testing.T) {
	t.Parallel()
	text := mustRun(t, "board", "export", "x2")
	if !strings.HasPrefix(text, "sasl-board 1\nboard x2\n") {
		t.Fatalf("export starts %.40q", text)
	}
	// The exported file, put in a boards folder, is read back as the board.
	dir := t.TempDir()
	out := filepath.Join(dir, "bdx2.sasl")
	mustRun(t, "board", "export", "x2", "-o", out)
	data, err := os.ReadFile(out)
	if err != nil || string(data) != text {
		t.Fatalf("-o wrote something else than stdout: %v", err)
	}
	again := mustRun(t, "board", "export", "x2", "--boards", dir)
	if again != text {
		t.Error("re-export of the native file differs")
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"board", "show", "99"}, "library: board 99: no boards folder given"},
		{[]string{"board", "show", "--layout", "x1,,x2"}, "empty cell"},
		{[]string{"board", "show", "x1", "--layout", "x2"}, "not both"},
		{[]string{"board", "show", "x1", "--north", "upward"}, `unknown frame side "upward"`},
		{[]string{"board", "show", "x1", "--png", filepath.Join(dir, "no", "such", "dir.png")}, "no such file or directory"},
		{[]string{"board", "export"}, "accepts 1 arg"},
	} {
		_, err := run(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("sasl %s: error %v, want %q", strings.Join(tt.args, " "), err, tt.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("a failed command left %d files behind", len(ents))
	}
}

func TestPathJSON(t *testing.T) {
	t.Parallel()
	var doc struct {
		MF    float64 `json:"mf"`
		Steps []struct {
			Location string  `json:"location"`
			MF       float64 `json:"mf"`
			OffBoard bool    `json:"off_board"`
		} `json:"steps"`
	}
	out := mustRun(t, "path", "x1Q5", "x1Q9", "--json")
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.MF != 4 || len(doc.Steps) != 5 || doc.Steps[0].Location != "x1Q5" || doc.Steps[4].Location != "x1Q9" || doc.Steps[1].MF != 1 {
		t.Errorf("path Q5 -> Q9 along the road: %+v", doc)
	}
	sum := 0.0
	for _, s := range doc.Steps {
		sum += s.MF
	}
	if sum != doc.MF {
		t.Errorf("steps add up to %v, total %v", sum, doc.MF)
	}
	// To an edge: the last step is off the map.
	out = mustRun(t, "path", "x1Q5", "--to-edge", "north", "--json")
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	last := doc.Steps[len(doc.Steps)-1]
	if !last.OffBoard || last.Location != "x1Q0" || doc.MF != 5 {
		t.Errorf("Q5 off the north edge along the road: %+v", doc)
	}
}

func TestPathOnRealBoard(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "path", "33Q6", "33Q7", "--boards", realBoards(t))
	// B.2: across the Q6-Q7 wall into Open Ground costs 2 MF, but going
	// round the wall is as cheap: the path costs 2 MF either way.
	if !strings.Contains(out, "Infantry from 33Q6 to 33Q7: 2 MF") {
		t.Errorf("output:\n%s", out)
	}
	out = mustRun(t, "path", "33A5", "33GG6", "--boards", realBoards(t), "--mf", "4")
	if !strings.Contains(out, "With 4 MF a phase: reaches") {
		t.Errorf("output:\n%s", out)
	}
}

func TestPathReachAndWeather(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "path", "x2EE2", "--mf", "1")
	if strings.Contains(out, "x2EE3 ") {
		t.Errorf("the stream EE3 costs 2 MF in clear weather:\n%s", out)
	}
	out = mustRun(t, "path", "x2EE2", "--mf", "1", "--weather", "winter")
	if !strings.Contains(out, "x2EE3 ") {
		t.Errorf("in winter the stream is crossed as open ground:\n%s", out)
	}
	dir := t.TempDir()
	png := filepath.Join(dir, "reach.png")
	if out := mustRun(t, "path", "x2K5", "--mf", "2", "--png", png); !strings.Contains(out, "reaches") {
		t.Errorf("a picture hid the report: %q", out)
	}
	if _, err := os.Stat(png); err != nil {
		t.Error(err)
	}
}

func TestPathErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"path", "x1A5"}, "give TO, or --to-edge EDGE, or --mf N"},
		{[]string{"path", "x1A5", "x1B5", "--to-edge", "north"}, "give TO, or --to-edge"},
		{[]string{"path", "x1A5", "x2B5"}, "name boards x1, x2: give their configuration with --layout"},
		{[]string{"path", "Q7", "R6", "--boards", t.TempDir()}, "Q7 R6: which board?"},
		{[]string{"path", "x1A0", "x1B5"}, "x1A0 is off the board"},
		{[]string{"path", "x1A5", "--to-edge", "up"}, `unknown edge "up"`},
		{[]string{"path", "x1A5", "--mf", "1.25"}, "multiple of 0.5"},
		{[]string{"path", "x1A5", "x1B5", "--weather", "fog"}, `unknown weather "fog"`},
		{[]string{"path", "x1A5", "x1B5", "--month", "13"}, "want 1..12"},
		{[]string{"path", "x1A5", "x1B5", "--tables", "/no/such.yaml"}, "no such file"},
		{[]string{"path", "x2C5", "x2D5h1"}, "has no upper level"},
		{[]string{"path", "x1A5", "x1GG5", "--unseen-by", "x1Q5,x1ZZ9"}, "--unseen-by"},
	} {
		_, err := run(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("sasl %s: error %v, want %q", strings.Join(tt.args, " "), err, tt.want)
		}
	}
}

func TestPathCovered(t *testing.T) {
	t.Parallel()
	// On the wooded x2 the covered way from the woods at H2 to those at
	// P10 is longer in MF than the fast one.
	fast := mustRun(t, "path", "x2H2", "x2P10")
	covered := mustRun(t, "path", "x2H2", "x2P10", "--covered")
	if !strings.Contains(fast, ": 14 MF") || !strings.Contains(covered, ": 16 MF") {
		t.Errorf("fast:\n%s\ncovered:\n%s", fast, covered)
	}
}

// TestPathUnseen: --unseen-by keeps the path out of the open ground the
// given Locations see. Across x1 from A5 the fast path runs along hexrow 5
// past x1Q5 in its sight all the way; kept out of that sight the path
// costs more MF and crosses fewer hexes of open ground that Q5 sees.
func TestPathUnseen(t *testing.T) {
	t.Parallel()
	lay, err := layout.Parse("x1", layout.Up)
	if err != nil {
		t.Fatal(err)
	}
	m, err := library.New("").Map(lay)
	if err != nil {
		t.Fatal(err)
	}
	lm, err := los.New(m, terrain.InSeason)
	if err != nil {
		t.Fatal(err)
	}
	q5, _ := m.ParseLocation("x1Q5")
	exposed := func(args ...string) (mf float64, n int) {
		var doc struct {
			MF    float64 `json:"mf"`
			Steps []struct {
				Location string `json:"location"`
			} `json:"steps"`
		}
		if err := json.Unmarshal([]byte(mustRun(t, append(args, "--json")...)), &doc); err != nil {
			t.Fatal(err)
		}
		for _, s := range doc.Steps {
			l, err := m.ParseLocation(s.Location)
			if err != nil {
				t.Fatal(err)
			}
			tt, _ := m.Terrain(l.Hex)
			if !terrain.Concealment(tt.Kinds, terrain.InSeason) && hex.Distance(q5.Hex, l.Hex) <= 16 && lm.Query(q5, l).Clear {
				n++
			}
		}
		return doc.MF, n
	}
	fmf, fn := exposed("path", "x1A5", "x1GG5")
	umf, un := exposed("path", "x1A5", "x1GG5", "--unseen-by", "x1Q5")
	if fmf != 32 || umf <= fmf || un >= fn || umf+float64(un) > fmf+float64(fn) {
		t.Errorf("fast: %v MF, %d hexes in the sight of x1Q5; unseen by it: %v MF, %d hexes", fmf, fn, umf, un)
	}
}

type placeDoc struct {
	Mission    string  `json:"mission"`
	Seed       *uint64 `json:"seed,string"`
	Dice       string  `json:"dice"`
	Placements []struct {
		Location string   `json:"location"`
		Case     string   `json:"case"`
		Crest    string   `json:"crest"`
		Dice     []string `json:"dice"`
	} `json:"placements"`
}

func placeJSON(t *testing.T, args ...string) placeDoc {
	t.Helper()
	var d placeDoc
	out := mustRun(t, append([]string{"place", "--json"}, args...)...)
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return d
}

// The SASL 4.1 EX through the command line, with the EX's dice.
func TestPlaceEX(t *testing.T) {
	t.Parallel()
	d := placeJSON(t, "--mission", "testdata/ex41.yaml", "--boards", realBoards(t), "--dice", "3 Q S 4 6 6 4")
	var got []string
	for _, p := range d.Placements {
		got = append(got, p.Location)
		if p.Case != "e" {
			t.Errorf("%s by case %s", p.Location, p.Case)
		}
	}
	for _, want := range []string{"33P5", "33P6", "33Q7", "33R6", "33R6h1", "33R7", "33R7h1", "33R8", "33S8", "33T6", "33U7", "33U8", "33U9"} {
		if !contains(got, want) {
			t.Errorf("no S? in %s: %v", want, got)
		}
	}
	if d.Dice != "3 Q S 4 6 6 4" || d.Seed != nil {
		t.Errorf("dice %q seed %v", d.Dice, d.Seed)
	}
	text := mustRun(t, "place", "--mission", "testdata/ex41.yaml", "--boards", realBoards(t), "--dice", "3 Q S 4 6 6 4")
	for _, want := range []string{"33R6h1           case e  Concealment Terrain within 1 of placement hex 33Q6  [A6d dr 3, chit Q, dr 4+2, A6f dr 6]",
		"Open Ground behind the 33Q6-33Q7 wall toward the FBE", "Dice (yours): 3 Q S 4 6 6 4"} {
		if !strings.Contains(text, want) {
			t.Errorf("text output lacks %q:\n%s", want, text)
		}
	}
}

func TestPlaceSeedAndReplay(t *testing.T) {
	t.Parallel()
	for _, mission := range []string{"crossroads", "wooded-hill"} {
		a := mustRun(t, "place", "--mission", mission, "--seed", "17")
		b := mustRun(t, "place", "--mission", mission, "--seed", "17")
		if a != b {
			t.Fatalf("%s: same seed, different output", mission)
		}
		if c := mustRun(t, "place", "--mission", mission, "--seed", "18"); c == a {
			t.Errorf("%s: seeds 17 and 18 give the same setup", mission)
		}
		seeded := placeJSON(t, "--mission", mission, "--seed", "17")
		replay := placeJSON(t, "--mission", mission, "--dice", seeded.Dice)
		if fmt.Sprint(seeded.Placements) != fmt.Sprint(replay.Placements) || seeded.Dice != replay.Dice {
			t.Errorf("%s: the seeded run's dice do not replay it", mission)
		}
		if len(seeded.Placements) == 0 {
			t.Errorf("%s: no S? placed", mission)
		}
	}
	// With no seed the command picks one and says which.
	out := mustRun(t, "place")
	if !strings.Contains(out, "(replay with --seed ") {
		t.Errorf("no seed printed:\n%s", out)
	}
}

func TestPlaceAndEnterErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"place", "--seed", "3", "--dice", "1 2"}, "give --seed or --dice, not both"},
		{[]string{"place", "--mission", "testdata/ex41.yaml", "--boards", realBoards(t), "--dice", "3 4"}, `dice: script token 2 is "4", but a Letter Chit was expected for SASL 4.1e: Letter Chit 1 of 2, board 33`},
		{[]string{"place", "--mission", "testdata/ex41.yaml", "--boards", realBoards(t), "--dice", "3 Q S 4 6 6 4 5"}, `1 rolls of the script were not used: "5"`},
		{[]string{"place", "--mission", "nosuch"}, "no mission \"nosuch\""},
		{[]string{"place", "--dice", "9"}, `script token 1 "9": a die shows 1 to 6`},
		{[]string{"enter", "--turn", "2"}, "schedules no S? to enter on turn 2 (entries: turn 1, turn 3)"},
		{[]string{"enter", "--dice", "A"}, "ran out: a Letter Chit was expected for SASL 4.21: hexrow of S? 2 of 5"},
	} {
		_, err := run(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("sasl %s:\n got %v\nwant %q", strings.Join(tt.args, " "), err, tt.want)
		}
	}
}

func TestEnter(t *testing.T) {
	t.Parallel()
	var d struct {
		Turn    int `json:"turn"`
		Entries []struct {
			Edge   string `json:"edge"`
			Hex    string `json:"hex"`
			Method string `json:"method"`
		} `json:"entries"`
	}
	out := mustRun(t, "enter", "--turn", "3", "--seed", "4", "--json")
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	if d.Turn != 3 || len(d.Entries) != 4 {
		t.Fatalf("turn 3 of the demo: %+v", d)
	}
	for _, e := range d.Entries {
		if e.Edge != "east" || e.Method != "4.22" || !strings.Contains(e.Hex, "GG") {
			t.Errorf("entry %+v: want the east edge, hexrow GG, by 4.22", e)
		}
	}
	// The 4.21 EX: chit G enters 16G10 just off the east edge.
	ms := filepath.Join(t.TempDir(), "ex.yaml")
	os.WriteFile(ms, []byte("name: 4.21 EX\nboards: [[\"3r\"], [\"2\"], [\"16\"]]\nnorth: right\nfbe: west\nebe: east\nentry:\n  - {turn: 1, edge: east, count: 1}\n"), 0o644)
	out = mustRun(t, "enter", "--mission", ms, "--boards", realBoards(t), "--dice", "G")
	if !strings.Contains(out, "16G10    from off the east edge  SASL 4.21  [hexrow chit G]") {
		t.Errorf("4.21 EX:\n%s", out)
	}
	png := filepath.Join(t.TempDir(), "enter.png")
	mustRun(t, "enter", "--seed", "1", "--png", png)
	if _, err := os.Stat(png); err != nil {
		t.Error(err)
	}
}

func TestPathMission(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "path", "x3O4", "--to-edge", "south", "--mission", "crossroads")
	if !strings.Contains(out, "Infantry from x3O4 to south edge") || !strings.Contains(out, "x1") {
		t.Errorf("the way from the church across x1 to the south edge:\n%s", out)
	}
	if _, err := run(t, "path", "x3O4", "x1Q5", "--mission", "crossroads", "--layout", "x3/x1"); err == nil {
		t.Error("--mission and --layout together")
	}
}

func TestWave(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "wave", "--seed", "11", "--turns", "3")
	for _, want := range []string{"Turn 2\n  ENEMY Player Turn\n  RPh\n    Human Wave A:", "  MPh\n", "from off the south edge,", "Activated in", "(SASL 4.34)", "Fire group", "(SASL 4.36 priority 1)", "Seed 11."} {
		if !strings.Contains(out, want) {
			t.Errorf("wave output lacks %q:\n%s", want, out)
		}
	}
	if again := mustRun(t, "wave", "--seed", "11", "--turns", "3"); again != out {
		t.Error("same seed, different story")
	}
	var doc struct {
		Dice  string `json:"dice"`
		Turns []struct {
			Turn   int `json:"turn"`
			Events []struct {
				Phase string `json:"phase"`
				Kind  string `json:"kind"`
				Path  []struct {
					Location string  `json:"location"`
					MF       float64 `json:"mf"`
				} `json:"path"`
			} `json:"events"`
		} `json:"turns"`
	}
	js := mustRun(t, "wave", "--seed", "11", "--turns", "3", "--json")
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	moves := 0
	for _, tr := range doc.Turns {
		for _, e := range tr.Events {
			if e.Kind != "move" {
				continue
			}
			moves++
			total := 0.0
			for _, s := range e.Path {
				total += s.MF
			}
			if e.Phase != "MPh" || len(e.Path) < 2 || total > 8 {
				t.Errorf("turn %d move %+v: 8 MF at most, in the MPh", tr.Turn, e)
			}
		}
	}
	if moves == 0 {
		t.Error("no moves in the JSON")
	}
	// The dice replay the story.
	if replay := mustRun(t, "wave", "--dice", doc.Dice, "--turns", "3", "--json"); !strings.Contains(replay, `"turns"`) {
		t.Errorf("replay: %s", replay)
	}
}

func TestWaveSaveAndResume(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s2 := filepath.Join(dir, "after2.yaml")
	mustRun(t, "wave", "--seed", "5", "--turns", "2", "--save", s2)
	data, err := os.ReadFile(s2)
	if err != nil || !strings.Contains(string(data), "turn: 3") || !strings.Contains(string(data), "wave: A") {
		t.Fatalf("saved state:\n%s (%v)", data, err)
	}
	// The player marks a unit broken and plays turn 3 from the saved state.
	edited := strings.Replace(string(data), "wave: A}", "wave: A, broken: true}", 1)
	os.WriteFile(s2, []byte(edited), 0o644)
	out := mustRun(t, "wave", "--friendly", s2, "--turns", "1", "--seed", "6")
	if !strings.Contains(out, "Turn 3") {
		t.Errorf("resumed at:\n%s", out)
	}
	png := filepath.Join(dir, "wave.png")
	mustRun(t, "wave", "--seed", "5", "--turns", "3", "--png", png)
	if _, err := os.Stat(png); err != nil {
		t.Error(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"wave", "--mission", "wooded-hill"}, "brings on no Human Wave"},
		{[]string{"wave", "--friendly", filepath.Join(dir, "none.yaml")}, "no such file"},
		{[]string{"wave", "--dice", "A"}, "ran out"},
	} {
		if _, err := run(t, tt.args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("sasl %s: %v, want %q", strings.Join(tt.args, " "), err, tt.want)
		}
	}
}

// A whole game at the command line: play new, play turn to the last turn,
// play show; past the last turn is an error; a failed run leaves the game
// file as it was; a symlinked game file stays a link; play new --seed N
// places exactly what place --seed N places.
func TestPlay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g := filepath.Join(dir, "game.yaml")
	// Seed 14: the crossroads (SASL 4.1 case c, issue 51) sets up S?
	// that are never Activated, so play show still lists them by case.
	const seed = "14"
	mustRun(t, "play", "new", "--policy", "hold", "--seed", seed, "--save", g)
	placed := mustRun(t, "place", "--seed", seed)
	newOut := mustRun(t, "play", "new", "--policy", "hold", "--seed", seed, "--save", filepath.Join(dir, "again.yaml"))
	if newOut != placed {
		t.Errorf("play new --seed %s and place --seed %s differ", seed, seed)
	}
	saved := filepath.Join(dir, "placed.yaml")
	mustRun(t, "place", "--seed", seed, "--save", saved)
	a, _ := os.ReadFile(g)
	b, _ := os.ReadFile(saved)
	if string(a) != string(b) {
		t.Errorf("place --save and play new write different games")
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(g, link); err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, "play", "turn", link)
	if !strings.Contains(out, "Turn 1") || !strings.Contains(out, "stands before turn 2 of 6") {
		t.Errorf("play turn:\n%s", out)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the game file's link was replaced: %v", err)
	}
	before, _ := os.ReadFile(g)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "turn", g, "--png", filepath.Join(dir, "no", "such", "dir.png")}, "cannot write"},
		{[]string{"play", "turn", g, "--dice", "1"}, "ran out"},
		{[]string{"play", "turn", g, "--turns", "0"}, "at least one turn"},
		{[]string{"play", "turn", g, "--turns", "9"}, "at most 5 more"},
		{[]string{"play", "turn", g, "--dice", ""}, "give the rolls"},
		{[]string{"play", "new"}, "--save"},
	} {
		if _, err := run(t, tt.args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("sasl %s: %v, want %q", strings.Join(tt.args, " "), err, tt.want)
		}
		if after, _ := os.ReadFile(g); string(after) != string(before) {
			t.Fatalf("sasl %s changed the game file", strings.Join(tt.args, " "))
		}
	}
	js := mustRun(t, "play", "turn", g, "--json")
	var doc struct {
		Turns []struct {
			Events []struct {
				Phase, Kind string
				Units       []string
				Entrances   []string `json:"entrances"`
				Direction   string   `json:"hw_direction"`
				Path        []struct {
					Location string
					MF       float64
				}
				Rolls []struct {
					Rule, Die string
					Value     any
				}
				Fire *struct {
					Members   []string
					Target    string
					Firepower float64
					DRM       int
				} `json:"fire_group"`
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, e := range doc.Turns[0].Events {
		kinds[e.Kind]++
		switch e.Kind {
		case "wave_entry":
			if len(e.Entrances) < 4 || e.Direction == "" || len(e.Rolls) == 0 || e.Rolls[0].Rule != "SASL 4.21" {
				t.Errorf("wave entry %+v", e)
			}
		case "move":
			if len(e.Path) < 2 || len(e.Units) == 0 {
				t.Errorf("move %+v", e)
			}
		case "fire":
			if e.Fire == nil || e.Fire.Firepower <= 0 || e.Fire.Target == "" || len(e.Fire.Members) == 0 {
				t.Errorf("fire %+v", e)
			}
		}
		for _, r := range e.Rolls {
			if r.Die != "dr" && r.Die != "DR" && r.Die != "chit" {
				t.Errorf("roll %+v", r)
			}
		}
	}
	if kinds["wave_entry"] != 1 || kinds["move"] == 0 {
		t.Errorf("turn 2 events: %v", kinds)
	}
	mustRun(t, "play", "turn", g, "--turns", "4")
	if _, err := run(t, "play", "turn", g); err == nil || !strings.Contains(err.Error(), "the game is over") {
		t.Errorf("a turn after the last: %v", err)
	}
	show := mustRun(t, "play", "show", g)
	if !strings.Contains(show, "The game is over") || !strings.Contains(show, "ENEMY units:") ||
		!strings.Contains(show, "The ENEMY's Prevailing Attitude: Maintain (SASL 4.33, 6).") {
		t.Errorf("play show:\n%s", show)
	}
	// The S? still unactivated at the end are shown with the SASL 4.1
	// case that set them up, as place set them up.
	setup := regexp.MustCompile(`(?m)^  (x\w+)\s+case (\w)  `).FindAllStringSubmatch(placed, -1)
	shown := regexp.MustCompile(`(?m)^  S\d+\s+s\?\s+(x\w+)\s+case (\w)$`).FindAllStringSubmatch(show, -1)
	if len(shown) == 0 {
		t.Errorf("play show: no S? with its case:\n%s", show)
	}
	for _, u := range shown {
		if !slices.ContainsFunc(setup, func(p []string) bool { return p[1] == u[1] && p[2] == u[2] }) {
			t.Errorf("play show: %q, not as place --seed %s set it up: %q", u[0], seed, setup)
		}
	}
	if js := mustRun(t, "play", "show", g, "--json"); !strings.Contains(js, `"over": true`) || !strings.Contains(js, `"attitude": "maintain"`) {
		t.Errorf("play show --json:\n%s", js)
	}
	// wave writes a game it can read back, never past the last turn.
	w := filepath.Join(dir, "wave.yaml")
	if _, err := run(t, "wave", "--turns", "99", "--save", w); err == nil || !strings.Contains(err.Error(), "at most 6 more") {
		t.Errorf("wave --turns 99: %v", err)
	}
	mustRun(t, "wave", "--seed", "3", "--save", w)
	if out := mustRun(t, "play", "show", w); !strings.Contains(out, "The game is over") {
		t.Errorf("wave's saved game:\n%s", out)
	}
	// enter --save: S? waiting to enter; play turn brings them on.
	e := filepath.Join(dir, "enter.yaml")
	mustRun(t, "enter", "--turn", "3", "--seed", "4", "--save", e)
	if out := mustRun(t, "play", "turn", e); !strings.Contains(out, "from off the east edge, x") || strings.Count(out, "set up off the") != 0 {
		t.Errorf("entries from enter --save:\n%s", out)
	}
}

// sasl wave --friendly of a game file of rules revision 1 makes a plain
// game of this sasl's rules (SASL 4.34: an S? outside a Human Wave stops
// where it is Activated): the journal it drops is what replayed by the old
// ones (a reviewer: it kept rules: 1, and every later play turn walked the
// S? on after Activation).
func TestWaveFromAnOldGamePlaysTodaysRules_SASL4_34(t *testing.T) {
	t.Parallel()
	old := filepath.Join("..", "..", "table", "testdata", "rules1-activated-moves-on.yaml")
	if !strings.Contains(string(mustRead(t, old)), "\njournal:") {
		t.Fatalf("%s has no journal: not a game of revision 1", old)
	}
	save := filepath.Join(t.TempDir(), "w.yaml")
	mustRun(t, "wave", "--mission", "crossroads", "--friendly", old, "--save", save, "--turns", "1", "--seed", "5")
	if data := string(mustRead(t, save)); !strings.Contains(data, "\nrules: 2\n") || !strings.Contains(data, "\nplain: true\n") {
		t.Errorf("the wave's game, from a game of revision 1:\n%.600s", data)
	}
}
