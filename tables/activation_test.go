package tables

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"
)

// The built-in Activation table is ../shared/reference/activation.yaml,
// cell for cell.
func TestActivationIsTheReference(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(testshared.Path(t, "reference/activation.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Ranges   []int            `yaml:"ranges"`
		Infantry map[string][]any `yaml:"infantry"`
	}
	if err := yaml.Unmarshal(data, &ref); err != nil {
		t.Fatal(err)
	}
	a := Default().Activation
	if len(ref.Ranges) != a.MaxRange+1 || ref.Ranges[len(ref.Ranges)-1] != a.MaxRange {
		t.Fatalf("ranges 0..%d, the reference has %v", a.MaxRange, ref.Ranges)
	}
	if got, want := a.Rows(), slices.Sorted(maps.Keys(ref.Infantry)); !slices.Equal(got, want) {
		t.Fatalf("rows %v, the reference has %v", got, want)
	}
	cells := 0
	for name, row := range ref.Infantry {
		if len(row) != len(ref.Ranges) {
			t.Fatalf("reference row %s has %d cells", name, len(row))
		}
		for i, cell := range row {
			c, err := a.Cell(name, ref.Ranges[i])
			if err != nil {
				t.Fatal(err)
			}
			if got, want := c.String(), fmt.Sprint(cell); got != want {
				t.Errorf("%s at range %d: %s, want %s", name, ref.Ranges[i], got, want)
			}
			cells++
		}
	}
	if cells != 8*17 {
		t.Errorf("compared %d cells, want 8 rows of 17", cells)
	}
}

// The built-in rows name their source and are marked unchecked.
func TestActivationSource(t *testing.T) {
	t.Parallel()
	a := Default().Activation
	if !strings.Contains(a.Source, "SASLActivationChecker") || !strings.Contains(a.Source, "../shared/reference/activation.yaml") || !strings.Contains(a.Source, "not checked against the printed SASL card") {
		t.Errorf("source %q", a.Source)
	}
	for _, name := range a.Rows() {
		r, _ := a.Row(name)
		if !r.Default || !strings.Contains(r.Source, "not checked against the printed SASL card") {
			t.Errorf("row %s: default %v, source %q", name, r.Default, r.Source)
		}
	}
	if e := a.Enemy[DefaultEnemy]; !e.Reading || e.Source == "" {
		t.Errorf("the default row is sasl's choice, marked so (reading: true): %+v", e)
	}
	// No public source checks an S? and a FRIENDLY unit that both stand
	// still (SASL 3.32, 4.34, the play aids, VASL issue 2140): the standing
	// check is sasl's reading, off by default.
	if s := a.Still; s.Value != StillNone || !s.Reading || s.Source == "" {
		t.Errorf("activation.still %+v: want none, reading: true, with its source", s)
	}
}

func TestActivates(t *testing.T) {
	t.Parallel()
	a := &Default().Activation
	for _, tt := range []struct {
		name      string
		row       string
		rng, drm  int
		activates bool
	}{
		{"auto at range 0 whatever the DRM", "germany", 0, 9, true},
		{"auto at range 1", "partisan", 1, 5, true},
		{"N: DRM equal to N", "germany", 2, 2, true},
		{"N: DRM one above N", "germany", 2, 3, false},
		{"N: DRM below N", "germany", 2, -4, true},
		{"negative N: DRM equal", "germany", 7, -1, true},
		{"negative N: DRM one above", "germany", 7, 0, false},
		{"zero N: DRM 0", "allied_minor_france", 5, 0, true},
		{"zero N: DRM 1", "allied_minor_france", 5, 1, false},
		{"partisan range 2 is 1", "partisan", 2, 1, true},
		{"partisan range 2 is 1, DRM 2", "partisan", 2, 2, false},
		{"germany range 12 is -2", "germany", 12, -2, true},
		{"long never, even at DRM -9", "germany", 13, -9, false},
		{"long at range 11 for britain", "britain_usmc_1941", 11, -9, false},
		{"long at range 16", "cpva_ounc", 16, -9, false},
		{"range 17 never", "germany", 17, -9, false},
		{"range 99 never", "partisan", 99, -9, false},
		{"a negative range never", "germany", -1, -9, false},
		{"an unknown row never", "prussia", 0, -9, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := a.Activates(tt.row, tt.rng, tt.drm); got != tt.activates {
				t.Errorf("Activates(%q, %d, %d) = %v, want %v", tt.row, tt.rng, tt.drm, got, tt.activates)
			}
		})
	}
	if c, err := a.Cell("germany", 17); err != nil || c.Need != NeedNever || c.String() != "never" {
		t.Errorf("range 17: %v %v, want never", c, err)
	}
	for _, rng := range []int{0, 1} {
		for _, name := range a.Rows() {
			if c, _ := a.Cell(name, rng); c.Need != NeedAuto {
				t.Errorf("%s at range %d: %v, want auto", name, rng, c)
			}
		}
	}
}

func TestActivationUnknownRow(t *testing.T) {
	t.Parallel()
	a := &Default().Activation
	_, err := a.Row("prussia")
	if err == nil || !strings.Contains(err.Error(), `unknown nationality row "prussia"`) || !strings.Contains(err.Error(), "germany") {
		t.Errorf("Row(prussia): %v", err)
	}
	if _, err := a.Cell("prussia", 3); err == nil {
		t.Error("Cell of an unknown row")
	}
	if _, err := a.Row("German"); err == nil {
		t.Error("Row takes row names; RowFor takes a mission's words")
	}
}

func TestActivationRowFor(t *testing.T) {
	t.Parallel()
	a := &Default().Activation
	for _, tt := range []struct{ enemy, row string }{
		{"", "germany"}, {"  ", "germany"}, {"default", "germany"},
		{"German", "germany"}, {"german", "germany"}, {"GERMAN", "germany"},
		{"Russian", "axis_minor_russia_japan"}, {"Japanese", "axis_minor_russia_japan"},
		{"American", "us_usmc_1944"}, {"British", "britain_usmc_1941"}, {"French", "allied_minor_france"},
		{"BCFK", "bcfk"}, {"CPVA", "cpva_ounc"}, {"Partisan", "partisan"}, {"Free French", "allied_minor_france"},
	} {
		if got, err := a.RowFor(tt.enemy); err != nil || got != tt.row {
			t.Errorf("RowFor(%q) = %q, %v, want %q", tt.enemy, got, err, tt.row)
		}
	}
	_, err := a.RowFor("Martian")
	if err == nil || !strings.Contains(err.Error(), `"Martian"`) || !strings.Contains(err.Error(), "German") || !strings.Contains(err.Error(), "--tables") {
		t.Errorf("RowFor(Martian): %v", err)
	}
	// Every word a mission of the project uses has a row.
	files, _ := filepath.Glob("../missions/demo/*.yaml")
	more, _ := filepath.Glob("../examples/*.yaml")
	enemy := regexp.MustCompile(`(?m)^enemy:[ \t]*"?([^"#\n]*?)"?[ \t]*(#.*)?$`)
	words := 0
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range enemy.FindAllSubmatch(data, -1) {
			words++
			if _, err := a.RowFor(string(m[1])); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
	if words == 0 {
		t.Error("no mission names its ENEMY")
	}
}

func TestActivationOverride(t *testing.T) {
	t.Parallel()
	s, err := Load("testdata/activation-mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a := &s.Activation
	r, _ := a.Row("partisan")
	if r.Default || r.Source != "my SASL card" || r.Value[2].String() != "2" || r.Value[7].String() != "-2" {
		t.Errorf("partisan row %+v", r)
	}
	if !a.Activates("partisan", 7, -2) || Default().Activation.Activates("partisan", 7, -9) {
		t.Error("the file's partisan row Activates at range 7, the built-in one does not")
	}
	if g, _ := a.Row("germany"); !slices.Equal(g.Value, Default().Activation.Infantry["germany"].Value) {
		t.Error("rows not in the file keep their built-in cells")
	}
	// "russian" replaces "Russian": words match without regard to case.
	if row, _ := a.RowFor("Russian"); row != "partisan" || slices.Contains(a.Words(), "Russian") {
		t.Errorf("Russian plays by %s; words %v", row, a.Words())
	}
	if row, _ := Default().Activation.RowFor("Russian"); row != "axis_minor_russia_japan" {
		t.Error("loading a file changed the built-in tables")
	}
	if s.Digest() == Default().Digest() {
		t.Error("a changed row leaves the digest as it was")
	}
}

func TestActivationErrors(t *testing.T) {
	t.Parallel()
	long := "[auto, auto, 2, 1, 1, 0, 0, -1, -1, -2, -2, -2, -2, long, long, long, long]"
	short := "[auto, auto, 2, 1, 1, 0, 0, -1, -1, -2, -2, -2, long, long, long, long]"
	for _, tt := range []struct{ name, in, want string }{
		{"bad cell text",
			"activation:\n  infantry:\n    germany:\n      value: [auto, auto, sometimes, 1]\n      source: x\n",
			`mine.yaml:4: activation.infantry.germany.value: "sometimes" is not auto, long or a Final IFT DRM -9..9`},
		{"bad cell in a block list",
			"activation:\n  infantry:\n    germany:\n      source: x\n      value:\n        - auto\n        - Auto\n",
			`mine.yaml:7: activation.infantry.germany.value: "Auto" is not auto`},
		{"DRM out of bounds",
			"activation:\n  infantry:\n    germany: {value: [auto, 10], source: x}\n",
			`mine.yaml:3: activation.infantry.germany.value: "10" is not auto, long or a Final IFT DRM -9..9`},
		{"a cell not text",
			"activation:\n  infantry:\n    germany: {value: [auto, [1]], source: x}\n",
			"mine.yaml:3: activation.infantry.germany.value: want text"},
		{"too few ranges",
			"activation:\n  infantry:\n    germany:\n      value: " + short + "\n      source: x\n",
			"mine.yaml:4: activation.infantry.germany.value: 16 cells for the 17 ranges 0..16: give one a range"},
		{"too many ranges",
			"activation:\n  infantry:\n    bcfk: {value: [auto, auto, 2, 1, 1, 0, 0, -1, -1, -2, -2, long, long, long, long, long, long, long], source: x}\n",
			"mine.yaml:3: activation.infantry.bcfk.value: 18 cells for the 17 ranges 0..16"},
		{"a new row of the wrong length",
			"activation:\n  infantry:\n    finland:\n      value: [auto]\n      source: x\n",
			"mine.yaml:4: activation.infantry.finland.value: 1 cells for the 17 ranges 0..16"},
		{"not a list",
			"activation:\n  infantry:\n    germany: {value: auto, source: x}\n",
			"mine.yaml:3: activation.infantry.germany.value: want a list of cells"},
		{"no source",
			"activation:\n  infantry:\n    germany: {value: " + long + "}\n",
			"mine.yaml:3: activation.infantry.germany: every value names its source"},
		{"ranges changed, rows not",
			"activation:\n  ranges: [0, 1, 2]\n",
			"mine.yaml:2: activation.ranges: 3 ranges 0..2, but the row allied_minor_france has 17 cells: give every row anew"},
		{"ranges with a gap",
			"activation:\n  ranges: [0, 1, 3]\n",
			"mine.yaml:2: activation.ranges: range 3 where 2 is due"},
		{"ranges not from 0",
			"activation:\n  ranges: [1, 2]\n",
			"mine.yaml:2: activation.ranges: range 1 where 0 is due"},
		{"a word for no row",
			"activation:\n  enemy:\n    Martian: {value: mars, source: x}\n",
			`mine.yaml:3: activation.enemy.Martian.value: "mars" is not a row of activation.infantry (want allied_minor_france`},
		{"a word twice by case",
			"activation:\n  enemy:\n    Finn: {value: germany, source: x}\n    finn: {value: germany, source: x}\n",
			"mine.yaml:4: activation.enemy.finn given twice (as Finn"},
		{"unknown field",
			"activation:\n  vehicle: {}\n",
			`mine.yaml:2: activation: unknown field "vehicle" (want source, ranges, infantry, enemy, still)`},
		{"a still moment not played",
			"activation:\n  still: {value: rph_end, source: x}\n",
			`mine.yaml:2: activation.still.value: "rph_end" is not one of turn_end, mph_start, none`},
		{"a row given twice",
			"activation:\n  infantry:\n    germany: {value: " + long + ", source: x}\n    germany: {value: " + long + ", source: x}\n",
			"mine.yaml:4: activation.infantry.germany given twice"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.in), "mine.yaml")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
	// A file may give its ranges after its rows.
	s, err := Parse([]byte("activation:\n  infantry:\n"+func() string {
		var b strings.Builder
		for _, name := range Default().Activation.Rows() {
			fmt.Fprintf(&b, "    %s: {value: [auto, auto, 2, long], source: mine}\n", name)
		}
		return b.String()
	}()+"  ranges: [0, 1, 2, 3]\n"), "mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Activation.MaxRange != 3 || s.Activation.Activates("germany", 4, -9) || !s.Activation.Activates("germany", 2, 2) {
		t.Errorf("ranges 0..3: max %d", s.Activation.MaxRange)
	}
}

func TestParseActivationCell(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"auto", "long", "0", "2", "-2", "9", "-9"} {
		c, err := ParseActivationCell(s)
		if err != nil || c.String() != s {
			t.Errorf("%q: %v %v", s, c, err)
		}
	}
	for _, s := range []string{"", "never", "Auto", "1.5", "+x", "10", "-10"} {
		if _, err := ParseActivationCell(s); err == nil {
			t.Errorf("ParseActivationCell(%q) took it", s)
		}
	}
}

// TestActivationReach: a row's reach is its last range with a cell that
// can Activate ("auto" or a DRM), past its "long" cells; no cell past it
// Activates an S? at any DRM; an unknown row reaches nowhere.
func TestActivationReach(t *testing.T) {
	a := &Default().Activation
	for _, c := range []struct {
		row  string
		want int
	}{{"germany", 12}, {"axis_minor_russia_japan", 8}, {"cpva_ounc", 6}, {"no such row", -1}} {
		if got := a.Reach(c.row); got != c.want {
			t.Errorf("Reach(%q) = %d, want %d", c.row, got, c.want)
		}
	}
	for _, row := range a.Rows() {
		reach := a.Reach(row)
		for rng := reach + 1; rng <= a.MaxRange+1; rng++ {
			for drm := -10; drm <= 10; drm++ {
				if a.Activates(row, rng, drm) {
					t.Errorf("%s: range %d past the reach %d Activates at DRM %d", row, rng, reach, drm)
				}
			}
		}
		if reach >= 0 && !a.Activates(row, reach, -10) {
			t.Errorf("%s: range %d, its reach, Activates at no DRM", row, reach)
		}
	}
}
