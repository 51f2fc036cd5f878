package table

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

// demoGame sets a player game of the built-in demo mission up in a new
// file (seed), open and locked.
func demoGame(t *testing.T, seed uint64) *Game {
	t.Helper()
	w, hdr, err := game.Open("", "", "")
	if err != nil {
		t.Fatal(err)
	}
	hdr.Seed, hdr.HasSeed, hdr.Policy = seed, true, game.PolicyPlayer
	g, _, err := Create(filepath.Join(t.TempDir(), "game.yaml"), Options{Who: "test"}, false, w, hdr, nil, game.Stops{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	return g
}

// stopName names a stop by its kind, side and phase: "first-fire",
// "before-phase friendly MPh".
func stopName(s *state.Stop) string {
	if s.Kind != state.BeforePhase {
		return s.Kind.String()
	}
	return fmt.Sprintf("%s %s %s", s.Kind, s.Player, s.Phase)
}

// A game saved at every kind of stop holds the stop as data, never as
// words: the file has none of the words sasl says of it, and it opens
// again at the same stop, taking the same commands.
func TestStopsAreData(t *testing.T) {
	t.Parallel()
	every := []string{"first-fire", "before-phase enemy RPh", "before-phase enemy DFPh", "before-phase enemy CCPh",
		"before-phase friendly RPh", "before-phase friendly PFPh", "before-phase friendly MPh", "before-phase friendly AFPh",
		"before-phase friendly APh", "before-phase friendly CCPh"}
	seen := map[string]bool{}
	// Seeds until every kind of stop is seen (a FRIENDLY CCPh needs a
	// Melee in the FRIENDLY Player Turn, which the fire after First Fire,
	// ASL A8.3-A8.4, makes rarer).
	all := func() bool { return !slices.ContainsFunc(every, func(k string) bool { return !seen[k] }) }
	for seed := uint64(1); seed <= 40 && !all(); seed++ {
		g := demoGame(t, seed)
		for steps := 0; g.Stop().Kind != state.Over && steps < 400; steps++ {
			stop := g.Stop()
			if !seen[stopName(stop)] && stop.Kind != state.TurnStart {
				seen[stopName(stop)] = true
				checkSavedAt(t, g)
			}
			verb := game.Pass
			if stop.Kind == state.TurnStart {
				verb = game.Next
			}
			if _, err := g.Do(game.Command{Verb: verb}, nil); err != nil {
				t.Fatalf("seed %d: %s at %s: %v", seed, verb, report.Where(stop), err)
			}
		}
	}
	t.Logf("stops saved and opened: %v", seen)
	for _, want := range every {
		if !seen[want] {
			t.Errorf("no %s stop in the games played: the test checks too little (saw %v)", want, seen)
		}
	}
}

// checkSavedAt saves g at the stop it stands at and checks the file.
func checkSavedAt(t *testing.T, g *Game) {
	t.Helper()
	if err := g.Save(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(g.Path())
	if err != nil {
		t.Fatal(err)
	}
	where := report.Where(g.Stop())
	if asked := g.Asked(); bytes.Contains(data, []byte("asked:")) || bytes.Contains(data, []byte(asked)) {
		t.Fatalf("at %s the game file holds the question's words (%q):\n%s", where, asked, data)
	}
	if !bytes.Contains(data, []byte("stopped_at: {kind: "+g.Stop().Kind.String())) {
		t.Fatalf("at %s the game file keeps no stopped_at:\n%s", where, data)
	}
	back, err := Read(g.Path(), Options{})
	if err != nil {
		t.Fatalf("at %s: the game file does not open: %v", where, err)
	}
	defer back.Close()
	if !reflect.DeepEqual(back.Stop(), g.Stop()) || !reflect.DeepEqual(back.s.Verbs(), g.s.Verbs()) {
		t.Fatalf("at %s: read back at %+v taking %v, want %+v taking %v", where, back.Stop(), back.s.Verbs(), g.Stop(), g.s.Verbs())
	}
}

// stoppedLine is the line of a game file that keeps its stop; a file of
// an earlier sasl kept its question there (asked:).
var stoppedLine = regexp.MustCompile(`(?m)^stopped_at: .*\n`)

// A file written by the sasl before stops were data kept the question in
// its words (asked:). It opens whatever those words were (rewording the
// questions strands no game), plays on, and is written with the stop as
// data from then on. A file whose asked: says a question where its journal
// replays to none was edited by hand.
func TestLegacyAskedOpens(t *testing.T) {
	t.Parallel()
	g := demoGame(t, 2)
	for g.Stop().Kind != state.FirstFireAt {
		verb := game.Pass
		if g.Stop().Kind == state.TurnStart {
			verb = game.Next
		}
		if _, err := g.Do(game.Command{Verb: verb}, nil); err != nil {
			t.Fatal(err)
		}
		if g.Stop().Kind == state.Over {
			t.Fatal("no First Fire stop in the game")
		}
	}
	if err := g.Save(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(g.Path())
	want := g.Stop()
	for _, words := range []string{
		"S? S4 entered x3H7 in LOS of F1 in x3H8 (1 hexes): First Fire? (fire --from LOC --at x3H7, or next)",
		"Reworded: fire now, or let it pass.",
	} {
		old := stoppedLine.ReplaceAll(data, []byte(fmt.Sprintf("asked: %q\n", words)))
		path := filepath.Join(t.TempDir(), "old.yaml")
		if err := os.WriteFile(path, old, 0o644); err != nil {
			t.Fatal(err)
		}
		o, err := Open(path, Options{Who: "test"})
		if err != nil {
			t.Fatalf("a file of the earlier sasl asking %q: %v", words, err)
		}
		if !reflect.DeepEqual(o.Stop(), want) {
			t.Errorf("opened at %+v, want %+v", o.Stop(), want)
		}
		if _, err := o.Do(game.Command{Verb: game.Next}, nil); err != nil {
			t.Fatal(err)
		}
		if err := o.Save(); err != nil {
			t.Fatal(err)
		}
		o.Close()
		now, _ := os.ReadFile(path)
		if bytes.Contains(now, []byte("asked:")) {
			t.Errorf("written again, the file still has asked:\n%s", now)
		}
	}
	// At a Game Turn's start nothing is asked: a file that says a
	// question there was edited.
	fresh := demoGame(t, 3)
	if fresh.Stop().Kind != state.TurnStart {
		t.Fatalf("a new game stands at %s", report.Where(fresh.Stop()))
	}
	data, _ = os.ReadFile(fresh.Path())
	edited := strings.Replace(string(data), "\nenemy:", "\nasked: \"your MPh: move, then next\"\nenemy:", 1)
	path := filepath.Join(t.TempDir(), "edited.yaml")
	os.WriteFile(path, []byte(edited), 0o644)
	if _, err := Read(path, Options{}); err == nil || !strings.Contains(err.Error(), "edited by hand") {
		t.Errorf("a file asking where its journal stops at a turn's start: %v, want it refused as edited", err)
	}
}

// openCopy opens a copy of the game file data (a testdata file of an
// earlier sasl, kept as it was), closed when the test ends.
func openCopy(t *testing.T, data []byte) (*Game, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := Open(path, Options{Who: "test"})
	if err != nil {
		t.Fatalf("a file of an earlier sasl does not open: %v", err)
	}
	t.Cleanup(g.Close)
	return g, path
}

// A game file of the sasl before --first-fire and the mover's path
// (testdata/first-fire-before-path.yaml: the demo mission, seed 1, one
// next, written by that sasl) opens, stopped at its First Fire at long
// range (ASL A7.22): it has no --first-fire, so it stops as it did (at
// every shot), the stop gains its path from the journal, and next goes on
// to the stop that sasl went on to (E1a in x1Q9): the file it writes is
// that sasl's (testdata/first-fire-before-path-next.yaml) but for the
// path. The View says no setting.
func TestFileBeforeFirstFireSettingPlaysAsBeforeA7_22(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "first-fire-before-path.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("first_fire")) || bytes.Contains(data, []byte("path:")) {
		t.Fatal("the old file has the new keys: it is not a file of the earlier sasl")
	}
	g, path := openCopy(t, data)
	v := g.View()
	if v.FirstFire != "" || g.g.Stops().FirstFire != game.FireStopsUnset {
		t.Errorf("the old file's setting: view %q, game %v", v.FirstFire, g.g.Stops())
	}
	m := g.g.World().Map()
	stop := g.Stop()
	if stop.Kind != state.FirstFireAt || m.LocationName(stop.At) != "x1Q10" || len(stop.Path) != 2 || stop.Path[1] != stop.At || m.OnMap(stop.Path[0].Hex) {
		t.Fatalf("the old file's stop: %s, path %v", report.Where(stop), stop.Path)
	}
	if len(v.Stop.Path) != 2 || v.Stop.Path[1] != *v.Stop.AtHex {
		t.Errorf("the view's path %v, at %v", v.Stop.Path, v.Stop.AtHex)
	}
	if !strings.Contains(g.Asked(), "E1a entered x1Q10 from off the map") || !strings.Contains(g.Asked(), "next holds your fire") {
		t.Errorf("asked: %s", g.Asked())
	}
	if _, err := g.DoText("next", nil); err != nil {
		t.Fatal(err)
	}
	if err := g.Save(); err != nil {
		t.Fatal(err)
	}
	stop = g.Stop()
	if stop.Kind != state.FirstFireAt || m.LocationName(stop.At) != "x1Q9" || !slices.Equal(stop.Moving, []string{"E1a"}) {
		t.Errorf("next: %s, where the earlier sasl went on to E1a in x1Q9", report.Where(stop))
	}
	g.Close()
	again, err := Open(path, Options{Who: "test"})
	if err != nil {
		t.Fatalf("the file written anew does not open: %v", err)
	}
	defer again.Close()
	data, _ = os.ReadFile(path)
	if !bytes.Contains(data, []byte("moving: [E1a], path: [x1Q10, x1Q9], from: ")) || bytes.Contains(data, []byte("first_fire")) {
		t.Errorf("written anew:\n%s", data)
	}
	// E1a, its move under way, has moved: the executor marks a unit
	// when it enters a Location (package act), the earlier sasl only
	// once its move had ended.
	if !bytes.Contains(data, []byte("{id: E1a, unit: half_squad, type: 2-4-7, at: x1Q9, moved: true}")) {
		t.Errorf("E1a, under way, is not marked moved:\n%s", data)
	}
	data = bytes.Replace(data, []byte("at: x1Q9, moved: true}"), []byte("at: x1Q9}"), 1)
	// The rest is the file that sasl wrote after the same next.
	want, err := os.ReadFile(filepath.Join("testdata", "first-fire-before-path-next.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := regexp.MustCompile(`, path: \[[^]]*\], from: [a-z]+`).ReplaceAll(data, nil); !bytes.Equal(got, want) {
		t.Errorf("after next the file is not the earlier sasl's but for the path and E1a's moved:\n%s", got)
	}
}
