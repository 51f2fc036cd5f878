package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A whole mission on real boards played to the end through sasl play's
// commands only, no file edits: First Fire at a moving Human Wave, a unit
// reported broken, one pinned, one eliminated, an undo of two steps; every
// command rereads the file by replaying its journal, and a refused command
// leaves the file as it was. The built-in tables, seed 5: F1, F2 and F4
// are alive at the first MPh after the first First Fire stop (seed 11's F2
// falls in Close Combat at 2I9 before it).
func TestMissionByCommands(t *testing.T) {
	t.Parallel()
	boards := realBoards(t)
	dir := t.TempDir()
	g := filepath.Join(dir, "game.yaml")
	mustRun(t, "play", "new", "--mission", "../../examples/four-boards.yaml", "--boards", boards, "--seed", "5", "--policy", "player", "--save", g)
	// The game where it stands (table.View): the stop as data.
	type stop struct {
		Where string
		Over  bool
		Step  int
		Stop  struct {
			Kind, At string
			Groups   []struct{ At string }
		}
	}
	next := func(args ...string) stop {
		t.Helper()
		out := mustRun(t, append([]string{"play"}, append(args, "--json")...)...)
		var doc struct{ Game stop }
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		return doc.Game
	}
	read := func() []byte { return mustRead(t, g) }
	var fired, reported bool
	var s stop
	for range 300 {
		s = next("next", g)
		if s.Over {
			break
		}
		switch {
		case !fired && s.Stop.Kind == "first-fire" && len(s.Stop.Groups) > 0:
			next("fire", g, "--from", s.Stop.Groups[0].At, "--at", s.Stop.At)
			fired = true
		case fired && !reported && strings.Contains(s.Where, "before your MPh"):
			next("set", g, "F1", "broken")
			next("set", g, "F2", "pinned")
			next("set", g, "F4", "eliminated")
			before := read()
			if _, err := run(t, "play", "move", g, "F2", "33Q7"); err == nil || !strings.Contains(err.Error(), "F2 is pinned") {
				t.Errorf("moving a pinned unit: %v", err)
			}
			if _, err := run(t, "play", "move", g, "S1", "33Q7"); err == nil || !strings.Contains(err.Error(), "S1 is an ENEMY unit") {
				t.Errorf("moving an ENEMY unit: %v", err)
			}
			if !bytes.Equal(before, read()) {
				t.Error("a refused command changed the file")
			}
			u := next("undo", g, "--steps", "2")
			if u.Step != s.Step+1 {
				t.Errorf("undo of 2 of %d steps: now at step %d", s.Step+3, u.Step)
			}
			next("set", g, "F4", "eliminated")
			reported = true
		}
	}
	if !s.Over || !fired || !reported {
		t.Fatalf("the game ended %v, fired %v, reported %v at %+v", s.Over, fired, reported, s)
	}
	final := read()
	for _, want := range []string{"fire --from", "set F1 broken", "set F4 eliminated"} {
		if !bytes.Contains(final, []byte(want)) {
			t.Errorf("the journal has no %q", want)
		}
	}
	if bytes.Contains(final, []byte("set F2 pinned")) {
		t.Error("the undone pin is still in the journal")
	}
	// Replaying the journal from the seed gives the same file: every
	// command checks it, and log reads it without writing.
	if out := mustRun(t, "play", "log", g); strings.Contains(out, "Written to") || !strings.Contains(out, "In "+g+" the game is over") {
		t.Errorf("play log, which writes nothing, of the ended game ends:\n%s", out[max(len(out)-300, 0):])
	}
	if !bytes.Equal(final, read()) {
		t.Error("play log changed the file")
	}
	if _, err := run(t, "play", "next", g); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("next after the last turn: %v", err)
	}
	// The picture of the ended game names its winner, as the text does.
	svg := filepath.Join(dir, "end.svg")
	out := mustRun(t, "play", "show", g, "--svg", svg)
	winner := strings.TrimSuffix(regexp.MustCompile(`(?m)^Winner: the (ENEMY|FRIENDLY) side .*$`).FindString(out), ".")
	if winner == "" {
		t.Fatalf("play show of the ended game names no winner:\n%s", out)
	}
	if texts := svgTexts(t, svg); !slices.Contains(texts, winner) {
		t.Errorf("the picture of the ended game does not say %q: %q", winner, texts)
	}
}

// play log reads a game and writes nothing: it says where the game stands
// in its file, never "Written to" as the commands that save it do.
func TestPlayLogSaysNothingWritten(t *testing.T) {
	t.Parallel()
	g := filepath.Join(t.TempDir(), "game.yaml")
	mustRun(t, "play", "new", "--seed", "3", "--save", g)
	live := mustRun(t, "play", "next", g)
	if !strings.Contains(live, "Written to "+g+": ") {
		t.Fatalf("play next does not say it wrote the game:\n%s", live)
	}
	before, _ := os.ReadFile(g)
	out := mustRun(t, "play", "log", g)
	if strings.Contains(out, "Written to") || !strings.Contains(out, "\nIn "+g+": ") {
		t.Errorf("play log:\n%s", out)
	}
	// The log tells a step's dice as the step did when it was played.
	dice := regexp.MustCompile(`(?m)^  Dice \(seeded\): .+$`)
	if d := dice.FindString(live); d == "" || !strings.Contains(out, "Step 2: next\n") || !strings.Contains(out, d+"\n") {
		t.Errorf("play next said %q; play log does not:\n%s", d, out)
	}
	if now, _ := os.ReadFile(g); !bytes.Equal(before, now) {
		t.Error("play log changed the file")
	}
}
