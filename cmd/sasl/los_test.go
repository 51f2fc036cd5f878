package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/rules/terrain"
)

func TestLOSCommand(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "los", "x1A5", "x1K5")
	if !strings.HasPrefix(out, "x1A5 - x1K5: clear; range 10") {
		t.Errorf("los text: %q", out)
	}
	var j losJSON
	if err := json.Unmarshal([]byte(mustRun(t, "los", "x1Q5", "x1S6", "--json")), &j); err != nil {
		t.Fatal(err)
	}
	if j.From != "x1Q5" || j.To != "x1S6" || (j.Verdict != "clear" && j.Verdict != "blocked") || j.Range != 2 {
		t.Errorf("los --json: %+v", j)
	}
	out = mustRun(t, "los", "x1Q5", "--range", "3")
	if !strings.HasPrefix(out, "x1Q5 sees ") || !strings.Contains(out, "range  1:") {
		t.Errorf("los --range: %q", out)
	}
	dir := t.TempDir()
	pairs := filepath.Join(dir, "pairs.txt")
	os.WriteFile(pairs, []byte("# pairs\nx1A5 x1K5\n\n  x1Q5   x1S6  # comment\n"), 0o644)
	out = mustRun(t, "los", "--pairs", pairs, "--json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("--pairs: %d lines: %q", len(lines), out)
	}
	for _, l := range lines {
		var j map[string]any
		if err := json.Unmarshal([]byte(l), &j); err != nil {
			t.Fatalf("--pairs line %q: %v", l, err)
		}
		for _, k := range []string{"from", "to", "verdict", "hindrances"} {
			if _, ok := j[k]; !ok {
				t.Errorf("--pairs line %q has no %q", l, k)
			}
		}
	}
	svg := filepath.Join(dir, "los.svg")
	mustRun(t, "los", "x1A5", "x1K5", "--svg", svg)
	if data, err := os.ReadFile(svg); err != nil || !bytes.Contains(data, []byte("LOS x1A5 - x1K5")) {
		t.Errorf("los --svg: %v, title missing", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"los"}, "give FROM and TO"},
		{[]string{"los", "x1A5"}, "give TO, or --range N"},
		{[]string{"los", "x1A5", "--range", "0"}, "--range 0"},
		{[]string{"los", "x1A5", "x1B5", "--range", "3"}, "--range N goes with FROM alone"},
		{[]string{"los", "x1A5", "x1B5", "--month", "13"}, "--month 13"},
		{[]string{"los", "x1A5", "x1ZZ5"}, "ZZ"},
		{[]string{"los", "--pairs", pairs, "x1A5"}, "--pairs reads its Locations"},
		{[]string{"los", "--pairs", dir}, "a folder"},
		{[]string{"los", "--pairs", filepath.Join(dir, "none")}, "no such file"},
	} {
		_, err := run(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("sasl %s: %v, want an error with %q", strings.Join(c.args, " "), err, c.want)
		}
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("x1A5 x1K5\nx1A5\n"), 0o644)
	if _, err := run(t, "los", "--pairs", bad); err == nil || !strings.Contains(err.Error(), "bad.txt:2: want two Locations") {
		t.Errorf("bad pairs: %v", err)
	}
	if _, err := run(t, "los", "--pairs", "/dev/zero"); err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("/dev/zero as pairs: %v", err)
	}
}

// TestLOSReal runs the command on a real board against one of VASL's own
// verdicts (33Q5 - 33X3 is clear with four grain hexes in season).
func TestLOSReal(t *testing.T) {
	t.Parallel()
	dir := realBoards(t)
	var j losJSON
	if err := json.Unmarshal([]byte(mustRun(t, "los", "33Q5", "33X3", "--boards", dir, "--json")), &j); err != nil {
		t.Fatal(err)
	}
	if j.Verdict != "clear" || j.Hindrances != 4 || len(j.Hexes) != 4 {
		t.Errorf("33Q5 - 33X3: %+v", j)
	}
	if err := json.Unmarshal([]byte(mustRun(t, "los", "33Q5", "33X3", "--boards", dir, "--json", "--month", "1")), &j); err != nil {
		t.Fatal(err)
	}
	if j.Verdict != "clear" || j.Hindrances != 0 {
		t.Errorf("33Q5 - 33X3 in January: %+v", j)
	}
}

// TestLOSReciprocal_A6_1: sasl los gives one verdict whichever Location
// comes first (ASL A6.1: LOS is reciprocal), the engine's own (fire and
// Activation trace with the same function, from either end): issue 51's
// 1K5 - 1J5h1 was blocked by the A6.8 building restriction and 1J5h1 -
// 1K5 clear.
func TestLOSReciprocal_A6_1(t *testing.T) {
	t.Parallel()
	dir := realBoards(t)
	for _, p := range [][2]string{{"1K5", "1J5h1"}, {"1J5h1", "1K5"}} {
		var j losJSON
		if err := json.Unmarshal([]byte(mustRun(t, "los", "--layout", "1", p[0], p[1], "--boards", dir, "--json")), &j); err != nil {
			t.Fatal(err)
		}
		if j.Verdict != "blocked" || j.BlockedAt != "1J5" || !strings.Contains(j.Reason, "A6.8") {
			t.Errorf("%s - %s: %+v; want blocked at 1J5 (A6.8)", p[0], p[1], j)
		}
	}
	// --pairs: the lines both ways.
	pairs := filepath.Join(t.TempDir(), "pairs.txt")
	os.WriteFile(pairs, []byte("1K5 1J5h1\n1J5h1 1K5\n"), 0o644)
	out := mustRun(t, "los", "--layout", "1", "--pairs", pairs, "--boards", dir)
	if n := strings.Count(out, ": blocked at 1J5 "); n != 2 {
		t.Errorf("--pairs: %d of 2 blocked at 1J5:\n%s", n, out)
	}
}

var (
	fuzzMapOnce sync.Once
	fuzzMap     *los.Map
)

// FuzzPairs feeds arbitrary text to the --pairs reader: it must never
// panic, must answer at most one line per input line, and every error
// must name the input.
func FuzzPairs(f *testing.F) {
	for _, s := range []string{"x1A5 x1K5\n", "# c\n\nx1Q5 x1S6h1\n", "x1A5\n", "x1A5 x1B5 x1C5", "x1A5 x1GG10\nx1A0 x1A1", "33R6 33Q5", "x1A5 x1K5h-1\n", strings.Repeat("x1A5 x1K5\n", 50), "\x00\xff x1"} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, asJSON bool) {
		fuzzMapOnce.Do(func() {
			lay, _ := layout.Parse("x1", layout.Up)
			bm, err := library.New("").Map(lay)
			if err != nil {
				panic(err)
			}
			fuzzMap, err = los.New(bm, terrain.InSeason)
			if err != nil {
				panic(err)
			}
		})
		var out bytes.Buffer
		err := answerPairs(&out, bytes.NewReader(data), "fuzz", asJSON, func([]string) (*los.Map, error) { return fuzzMap, nil })
		if err != nil && !strings.HasPrefix(err.Error(), "fuzz") {
			t.Fatalf("error does not name the input: %v", err)
		}
		in := bytes.Count(data, []byte("\n")) + 1
		sc := bufio.NewScanner(&out)
		n := 0
		for sc.Scan() {
			n++
			if asJSON && !json.Valid(sc.Bytes()) {
				t.Fatalf("not JSON: %q", sc.Text())
			}
		}
		if n > in {
			t.Fatalf("%d answers to %d lines", n, in)
		}
	})
}

// TestB23_41NoCellarWithoutSSR: cellars (ASL B23.41), sewers (B8) and
// rooftops (B23.8) are Locations only by SSR, and no mission gives one:
// on real board 1 (new to the tests), 1E4h-1 is refused, not traced as a
// Location that is "clear" to 1E5.
func TestB23_41NoCellarWithoutSSR(t *testing.T) {
	t.Parallel()
	boards := realBoards(t)
	for _, args := range [][]string{{"los", "1E4h-1", "1E5"}, {"los", "1E5", "1E4h-1"}, {"path", "1E4h-1", "1E6"}} {
		_, err := run(t, append(args, "--boards", boards)...)
		if err == nil || !strings.Contains(err.Error(), "1E4h-1: 1E4 has no cellar or sewer Location") {
			t.Errorf("sasl %s: %v, want a refusal of 1E4h-1", strings.Join(args, " "), err)
		}
	}
}

// A mission whose board the boards folder lacks is named, with its line,
// by los and path --mission as by every other command.
func TestMissionBoardMissingNamesTheMission(t *testing.T) {
	t.Parallel()
	m := filepath.Join(t.TempDir(), "m99.yaml")
	os.WriteFile(m, []byte("name: x\nboards: [[\"99\"]]\nfbe: north\nebe: south\n"), 0o644)
	for _, args := range [][]string{{"los", "99A1", "99A2", "--mission", m}, {"path", "99A1", "99A2", "--mission", m}} {
		if _, err := run(t, args...); err == nil || !strings.Contains(err.Error(), "m99.yaml:2: library: board 99") {
			t.Errorf("sasl %s: %v", strings.Join(args, " "), err)
		}
	}
}
