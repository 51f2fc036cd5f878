package table

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

// A game saved by the sasl before revision 2 of the rules (SASL 4.34: an
// S? outside a Human Wave Activated as it moves ends its move there) opens
// and plays on as that sasl played it: testdata/rules1-activated-moves-on.yaml,
// the demo (seed 1) written by that sasl at the First Fire stop of E5a and
// E5b, Activated entering x1EE10 and moved on to x1DD10. Its journal
// replays to that stop, next goes on to x1CC10 as that sasl went, and the
// file written keeps its revision as it was said (no rules:). The same
// steps in a game begun now end their move where E5 was Activated.
func TestGameOfEarlierRulesPlaysOnAsBegun_SASL4_34(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "rules1-activated-moves-on.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("\nrules:")) {
		t.Fatal("the old file says its rules: it is not a file of the earlier sasl")
	}
	g, path := openCopy(t, data)
	m := g.g.World().Map()
	e5 := []string{"E5a", "E5b"}
	if st := g.Stop(); st.Kind != state.FirstFireAt || !slices.Equal(st.Moving, e5) || m.LocationName(st.At) != "x1DD10" {
		t.Fatalf("the old file stands %s, want First Fire at E5a, E5b in x1DD10", report.Where(st))
	}
	if _, err := g.DoText("next", nil); err != nil {
		t.Fatal(err)
	}
	if st := g.Stop(); st.Kind != state.FirstFireAt || !slices.Equal(st.Moving, e5) || m.LocationName(st.At) != "x1CC10" {
		t.Errorf("next: %s, where the earlier sasl went on to E5a, E5b in x1CC10", report.Where(st))
	}
	if err := g.Save(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); bytes.Contains(data, []byte("\nrules:")) || bytes.Contains(data, []byte("--rules")) {
		t.Errorf("the file written anew does not keep its rules (revision 1: no rules:, and no --rules in its setup):\n%s", data)
	}

	// Begun now: E5's units stop where it was Activated.
	w, hdr, err := game.Open("", "", "")
	if err != nil {
		t.Fatal(err)
	}
	hdr.Seed, hdr.HasSeed, hdr.Policy = 1, true, game.PolicyPlayer
	now, _, err := Create(filepath.Join(t.TempDir(), "now.yaml"), Options{Who: "test"}, false, w, hdr, nil, game.Stops{FirstFire: game.FireStopsNormal})
	if err != nil {
		t.Fatal(err)
	}
	defer now.Close()
	for _, do := range []string{"next", "fire --from x1K2 --at x1K8", "next"} {
		if _, err := now.DoText(do, nil); err != nil {
			t.Fatalf("%s: %v", do, err)
		}
	}
	if st := now.Stop(); st.Kind != state.FirstFireAt || !slices.Equal(st.Moving, e5) || m.LocationName(st.At) != "x1EE10" {
		t.Fatalf("begun now, the game stands %s, want First Fire at E5a, E5b in x1EE10", report.Where(st))
	}
	step, err := now.DoText("next", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range step.Events {
		if e.Kind == report.MovesOn && slices.Contains(e.Units, "E5a") {
			t.Errorf("begun now, E5a moves on from x1EE10, where it was Activated: %s", report.New(now.g.World()).Text(&e))
		}
	}
	if st := now.Stop(); st.Kind == state.FirstFireAt && slices.Contains(st.Moving, "E5a") {
		t.Errorf("begun now, the game stops again for E5a: %s", report.Where(st))
	}
}
