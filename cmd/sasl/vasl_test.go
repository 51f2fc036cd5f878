package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"
)

// sasl vasl show lists a save's boards and pieces, each on its hex, as
// text and as JSON, and refuses a file that is no save.
func TestVaslShow(t *testing.T) {
	t.Parallel()
	d := testshared.Path(t, "vasl/saves")
	out := mustRun(t, "vasl", "show", filepath.Join(d, "The-Streets-Of-Stalingrad-Scenario-C.vsav"))
	for _, want := range []string{"VASL 6.5.1, VASSAL 3.2.17 (savedGame !VCSK)", "Boards: 1 (rows from the top; north up)", "On the boards: 121 pieces", "  1E5      Half-hex Blue perimeter", "Off the boards: 223 pieces"} {
		if !strings.Contains(out, want) {
			t.Errorf("vasl show: no %q in:\n%.600s", want, out)
		}
	}
	js := mustRun(t, "vasl", "show", "--json", filepath.Join(d, "hip-concealed.vsav"))
	var doc struct {
		Layout string `json:"layout"`
		Off    []struct {
			Name      string `json:"name"`
			Hidden    bool   `json:"hidden"`
			Concealed bool   `json:"concealed"`
		} `json:"off_boards"`
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	marks := map[string]string{}
	for _, p := range doc.Off {
		name, _, _ := strings.Cut(p.Name, " (") // "SU-152 (SU-152 hidden) vca3 BU": its label and layers
		marks[name] = map[[2]bool]string{{true, false}: "hidden", {false, true}: "concealed", {false, false}: ""}[[2]bool{p.Hidden, p.Concealed}]
	}
	if marks["SU-152"] != "hidden" || marks["PzKw VIE"] != "concealed" {
		t.Errorf("hip-concealed: %v, want SU-152 hidden and PzKw VIE concealed", marks)
	}
	bad := filepath.Join(t.TempDir(), "x.vsav")
	os.WriteFile(bad, []byte("not a zip"), 0o644)
	if _, err := run(t, "vasl", "show", bad); err == nil || !strings.Contains(err.Error(), "not a VASL save: not a ZIP archive") {
		t.Errorf("vasl show of a text file: %v", err)
	}
}

// The VASL commands refuse what they cannot do with one clear error, and
// write nothing.
func TestVaslRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	saves := testshared.Path(t, "vasl/saves")
	hill := filepath.Join(saves, "Hill-621-Scenario-E.vsav")
	game := filepath.Join(dir, "g.yaml")
	mustRun(t, "play", "new", "--policy", "hold", "--save", game, "--seed", "1")
	text := filepath.Join(dir, "x.vsav")
	os.WriteFile(text, []byte("not a zip"), 0o644)
	out := filepath.Join(dir, "out.vsav")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"vasl", "write", game, "--out", out}, "give --into SAVE.vsav"},
		{[]string{"vasl", "write", game, "--into", text, "--out", out}, "not a ZIP archive"},
		{[]string{"vasl", "write", game, "--into", hill, "--out", out}, "the save's boards are 2/4/3, the mission's x3/x1"},
		{[]string{"vasl", "write", game, "--into", hill, "--out", hill}, "that is the --into save"},
		{[]string{"vasl", "mission", filepath.Join(saves, "basic.vsav")}, "the save has no boards"},
		{[]string{"play", "turn", game, "--friendly-from", hill}, "the engine plays the FRIENDLY side of this game (policy hold)"},
		{[]string{"play", "turn", game, "--vasl-out", out}, "give --friendly-from SAVE.vsav too"},
		{[]string{"play", "turn", game, "--friendly-from", hill, "--turns", "2"}, "--turns: with --friendly-from"},
		{[]string{"play", "turn", game, "--friendly-from", hill, "--vasl-out", hill}, "that is the --friendly-from save"},
		{[]string{"play", "new", "--friendly-from", hill, "--save", filepath.Join(dir, "n.yaml")}, "the save's boards are 2/4/3"},
	} {
		if _, err := run(t, tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("sasl %s: %v, want %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused command wrote --out")
	}
	if _, err := os.Stat(filepath.Join(dir, "n.mission.yaml")); err == nil {
		t.Error("a refused play new wrote its mission")
	}
}
