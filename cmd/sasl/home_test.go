package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// notFileFlags are the string flags that name no file: TestFileFlags
// holds every string flag to be in this list or in fileFlags.
var notFileFlags = []string{
	"addr", "at", "dice", "first-fire", "from", "heatmap", "layout", "north", "policy", "shard",
	"stop", "to-edge", "unseen-by", "balance", "weather",
}

// Every string flag of every command is a file flag, whose leading "~"
// expandHome reads as the home folder, or is known to name no file.
func TestFileFlags(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Value.Type() != "string" {
				return
			}
			seen[f.Name] = true
			if !slices.Contains(fileFlags, f.Name) && !slices.Contains(notFileFlags, f.Name) {
				t.Errorf("%s --%s: a string flag in neither fileFlags (a path: ~ is expanded) nor notFileFlags", c.CommandPath(), f.Name)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	root := newRoot(nil, nil)
	root.PersistentFlags().VisitAll(func(f *pflag.Flag) { seen[f.Name] = slices.Contains(fileFlags, f.Name) })
	walk(root)
	for _, name := range append(slices.Clone(fileFlags), notFileFlags...) {
		if !seen[name] {
			t.Errorf("--%s: listed, but no command has it", name)
		}
	}
}

// A leading "~" of every path a command is given is the home folder, in
// a flag's "=" form and in an argument, which no shell expands: the
// files are written and read there, and the game file records the boards
// folder as the absolute path.
func TestHomeInPaths(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("USERPROFILE", home) // os.UserHomeDir on Windows
	mission, err := os.ReadFile("../../missions/demo/crossroads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"m.yaml": mission, "vasl/.keep": nil} {
		p := filepath.Join(home, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mustRun(t, "tables", "template", "--out=~/t.yaml")
	mustRun(t, "play", "new", "--mission=~/m.yaml", "--tables=~/t.yaml", "--boards=~/vasl", "--seed", "3", "--policy", "hold", "--save=~/g.yaml", "--png=~/setup.png")
	mustRun(t, "play", "turn", "~/g.yaml", "--svg", "~/turn.svg")
	mustRun(t, "board", "export", "x1", "-o", "~/x1.sasl")
	mustRun(t, "sim", "--mission", "~/m.yaml", "--runs", "2", "--out=~/parts/")
	for _, f := range []string{"t.yaml", "g.yaml", "setup.png", "turn.svg", "x1.sasl", "parts"} {
		if _, err := os.Stat(filepath.Join(home, f)); err != nil {
			t.Errorf("~/%s: %v", f, err)
		}
	}
	g, err := os.ReadFile(filepath.Join(home, "g.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "boards: " + filepath.Join(home, "vasl") + "\n"; !strings.Contains(string(g), want) {
		t.Errorf("the game file does not record the boards folder %q:\n%.600s", want, g)
	}
	if _, err := run(t, "play", "show", "~/nothing.yaml"); err == nil || !strings.Contains(err.Error(), filepath.Join(home, "nothing.yaml")) {
		t.Errorf("play show ~/nothing.yaml: %v, want an error naming %s", err, filepath.Join(home, "nothing.yaml"))
	}
}

// sasl play new sets up a game for the player at the table: the FRIENDLY
// side is yours unless --policy says otherwise, and it says which.
func TestPlayNewIsThePlayers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tt := range []struct {
		args         []string
		policy, says string
	}{
		{nil, "player", "the FRIENDLY side is yours (--policy hold lets the engine play it); play on to your first decision with sasl play next "},
		{[]string{"--policy", "hold"}, "hold", "the engine plays the FRIENDLY side (--policy hold); play a turn with sasl play turn "},
		{[]string{"--policy", "attack"}, "attack", "the engine plays the FRIENDLY side (--policy attack); "},
	} {
		path := filepath.Join(dir, tt.policy+".yaml")
		var out, errs strings.Builder
		root := newRoot(&out, &errs)
		root.SetArgs(append([]string{"play", "new", "--seed", "1", "--save", path}, tt.args...))
		if err := root.Execute(); err != nil {
			t.Fatalf("play new %v: %v", tt.args, err)
		}
		if !strings.Contains(errs.String(), "Game written to "+path+": "+tt.says) {
			t.Errorf("play new %v says %q, want %q", tt.args, errs.String(), tt.says)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "\npolicy: "+tt.policy+"\n") {
			t.Errorf("play new %v: the game file's policy is not %s:\n%.300s", tt.args, tt.policy, data)
		}
	}
}
