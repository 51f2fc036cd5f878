package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sasl play preview works a move or a fire out as the page's plan does
// (table.PreviewText, issue 53: one view for both front ends), with the
// game file unchanged; a command the stop does not take is refused as
// the command itself would be.
func TestPlayPreview(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "g.yaml")
	mustRun(t, "play", "new", "--seed", "1", "--save", path)
	for i := 0; ; i++ {
		if out := mustRun(t, "play", "next", path); strings.Contains(out, "before your MPh") {
			break
		}
		if i > 20 {
			t.Fatal("no MPh of yours in 20 steps")
		}
	}
	before := mustRead(t, path)
	// Flags after the command's words, as every play command takes them.
	if out := mustRun(t, "play", "preview", path, "move", "F5", "x1BB8", "--wait", "1s"); out != "F5: x1CC8 > x1BB8, 1 of 4 MF\n" {
		t.Errorf("preview move: %q", out)
	}
	var p struct {
		Verb  string
		Units []string
		Path  []struct {
			Name string
			MF   float64
		}
		Spent, MF float64
	}
	if err := json.Unmarshal([]byte(mustRun(t, "play", "preview", path, "move", "F5", "x1BB8", "--json")), &p); err != nil || p.Verb != "move" || len(p.Path) != 2 || p.Path[1].Name != "x1BB8" || p.Spent != 1 || p.MF != 4 {
		t.Errorf("preview --json: %+v, %v", p, err)
	}
	if out := mustRun(t, "play", "preview", path, "move", "F1,F2,F8", "x1R5", "--assault"); !strings.Contains(out, "by Assault Movement (ASL A4.61)") {
		t.Errorf("preview --assault: %q", out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"fire", "--from", "x1CC8", "--at", "x1EE10"}, "fire: not at this stop"},
		{[]string{"move", "F5", "x1A1"}, "F5 has 4 MF (ASL A4.1)"},
	} {
		_, err := run(t, append(append([]string{"play", "preview", path}, c.args...), "--boards", "")...)
		_, doErr := run(t, append(append([]string{"play", c.args[0], path}, c.args[1:]...), "--boards", "")...)
		if err == nil || !strings.Contains(err.Error(), c.want) || doErr == nil || !strings.Contains(doErr.Error(), c.want) {
			t.Errorf("preview %v: %v; the command itself: %v; want both to say %q", c.args, err, doErr, c.want)
		}
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("preview changed the game file")
	}
}

// A fire's preview words its DRM as the fire's report will (issue 56):
// the movement DRM by what it is made of (FFNAM/FFMO, ASL A4.6), not "a
// moving target", and the directing leader's as "leader" (A7.53). The
// demo's first First Fire stop (seed 21): E3a entering x1S10 in the open.
func TestPreviewFireSaysTheReportsWords(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "g.yaml")
	mustRun(t, "play", "new", "--seed", "21", "--save", path)
	if out := mustRun(t, "play", "next", path); !strings.Contains(out, "First Fire at E3a") {
		t.Fatalf("seed 21's first stop is not First Fire at E3a:\n%s", out)
	}
	pre := mustRun(t, "play", "preview", path, "fire", "--from", "x1R6", "--at", "x1S10")
	parts := regexp.MustCompile(`DRM [-+]\d+ \(([^)]*)\)`).FindStringSubmatch(pre)
	if parts == nil || !strings.Contains(parts[1], "FFNAM") || strings.Contains(pre, "moving target") || strings.Contains(pre, "leadership") {
		t.Fatalf("preview: %q", pre)
	}
	if out := mustRun(t, "play", "fire", path, "--from", "x1R6", "--at", "x1S10"); !strings.Contains(out, parts[0]) {
		t.Errorf("the preview says %q, the fire's report does not:\n%s", parts[0], out)
	}
}
