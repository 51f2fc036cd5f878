package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// sasl play set is checked against the rules: a unit reported broken is
// not reported Good Order again outside the RPh (ASL A10.6: only a rally
// makes it so), nor a leader reduced (A17: he is wounded); each refusal
// names the rule, exits non-zero and leaves the game file as it was.
func TestPlaySetChecked_A10_6(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g := filepath.Join(dir, "game.yaml")
	mustRun(t, "play", "new", "--mission", "crossroads", "--seed", "3", "--policy", "player", "--save", g)
	read := func() []byte { return mustRead(t, g) }
	mustRun(t, "play", "set", g, "F3", "broken")
	for _, c := range []struct{ args, want string }{
		{"F3 good", "rallying in the RPh (ASL A10.6)"},
		{"F3 pinned", "only a Good Order unit is pinned (ASL A7.8)"},
		{"F2 reduced", "report it wounded"},
		{"F1 wounded", "only a leader is wounded (ASL A17.1)"},
	} {
		before := read()
		_, err := run(t, append([]string{"play", "set", g}, strings.Fields(c.args)...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("play set %s: %v, want an error saying %q", c.args, err, c.want)
		}
		if !bytes.Equal(before, read()) {
			t.Errorf("play set %s was refused but changed the file", c.args)
		}
	}
	mustRun(t, "play", "set", g, "F2", "wounded")
	if !bytes.Contains(read(), []byte("wounded: true")) {
		t.Error("F2 reported wounded: the game file has no wounded: true")
	}
}
