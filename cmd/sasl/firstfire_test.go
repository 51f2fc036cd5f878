package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The First Fire setting (ASL A8.1: which ENEMY moves stop the game for
// the player's First Fire; A7.2 normal range, A7.22 long range, A7.21
// Point Blank Fire): normal unless play new says otherwise, changed by
// play next --first-fire, kept in the game file and its journal, said by
// show --json; a hold game has none, and a bad value is refused naming
// the values.
func TestPlayFirstFireSetting_A7_2_A7_21_A7_22(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g := filepath.Join(dir, "game.yaml")
	mustRun(t, "play", "new", "--mission", "crossroads", "--seed", "1", "--policy", "player", "--save", g)
	read := func() []byte { return mustRead(t, g) }
	show := func() (v struct {
		FirstFire string `json:"first_fire"`
		Stop      struct {
			Kind  string   `json:"kind"`
			AtHex []int    `json:"at_hex"`
			Path  [][2]int `json:"path"`
		} `json:"stop"`
	}) {
		if err := json.Unmarshal([]byte(mustRun(t, "play", "show", g, "--json")), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	if b := read(); !bytes.Contains(b, []byte("first_fire: normal\n")) || !bytes.Contains(b, []byte("do: setup --first-fire normal --rules 2,")) {
		t.Fatalf("a new player game is not --first-fire normal:\n%s", b)
	}
	if v := show(); v.FirstFire != "normal" {
		t.Errorf("show --json: first_fire %q", v.FirstFire)
	}
	out := mustRun(t, "play", "next", g, "--first-fire", "every")
	if b := read(); !bytes.Contains(b, []byte("first_fire: every\n")) || !bytes.Contains(b, []byte("do: next --first-fire every,")) {
		t.Errorf("next --first-fire every: the file says\n%s", b)
	}
	v := show()
	if v.FirstFire != "every" || v.Stop.Kind != "first-fire" {
		t.Fatalf("after next --first-fire every: %+v\n%s", v, out)
	}
	if n := len(v.Stop.Path); n < 2 || v.Stop.Path[n-1][0] != v.Stop.AtHex[0] || v.Stop.Path[n-1][1] != v.Stop.AtHex[1] {
		t.Errorf("the stop's path %v does not end at %v", v.Stop.Path, v.Stop.AtHex)
	}
	if !strings.Contains(out, "next holds your fire; next --hold-move holds it for the rest of this move; pass lets sasl fire for you") || !strings.Contains(out, " from off the map") {
		t.Errorf("the question does not say next, next --hold-move, pass and the path:\n%s", out)
	}
	// The text says the stop as the question does: in the ENEMY MPh, not
	// before it (ASL A8.1).
	if txt := mustRun(t, "play", "show", g); !regexp.MustCompile(`\nTurn 1 of \d+, the ENEMY MPh, First Fire at [A-Z0-9a-z, ]+\.\n`).MatchString(txt) {
		t.Errorf("play show at a First Fire stop says:\n%s", txt)
	}
	before := read()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "next", g, "--first-fire", "far"}, `--first-fire "far": want every`},
		{[]string{"play", "new", "--mission", "crossroads", "--policy", "hold", "--first-fire", "pbf", "--save", filepath.Join(dir, "hold.yaml")}, "only with --policy player"},
	} {
		if _, err := run(t, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("sasl %s: %v, want an error saying %q", strings.Join(c.args, " "), err, c.want)
		}
	}
	if !bytes.Equal(before, read()) {
		t.Error("a refused command changed the game file")
	}
	h := filepath.Join(dir, "hold2.yaml")
	mustRun(t, "play", "new", "--mission", "crossroads", "--policy", "hold", "--save", h)
	if b, _ := os.ReadFile(h); bytes.Contains(b, []byte("first")) {
		t.Errorf("a hold game has a First Fire setting:\n%s", b)
	}
	// The game refuses a stop setting of a hold game as a value
	// (game.PlayerStopsError); the command words it with its flag.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--stop", "phase"}, "next: --stop phase: the game stops for the player only"},
		{[]string{"--first-fire", "pbf"}, "next: --first-fire pbf: the game stops for the player only"},
		{[]string{"--stop", "turn", "--first-fire", "every"}, "next: --stop turn and --first-fire every: the game stops for the player only"},
	} {
		if _, err := run(t, append([]string{"play", "next", h}, c.args...)...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("next %v in a hold game: %v, want %q", c.args, err, c.want)
		}
	}
}
