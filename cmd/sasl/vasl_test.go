package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testboards"
)

// sasl vasl show lists a save's boards and pieces, each on its hex, as
// text and as JSON, and refuses a file that is no save.
func TestVaslShow(t *testing.T) {
	t.Parallel()
	d := testboards.Saves(t)
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
