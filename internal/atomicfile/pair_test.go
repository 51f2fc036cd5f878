package atomicfile

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func text(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// A pair of files is written as one: killed at any point of WritePair,
// then recovered, both files are old (the pair was still being written)
// or both are new (it was ready), and no temporary file or record is left.
func TestPairKilledAnywhere(t *testing.T) {
	for _, tt := range []struct {
		name  string
		stop  pairStage
		isNew bool
	}{
		{"temporaries created", stageCreated, false},
		{"both filled", stageFilled, false},
		{"ready", stageReady, true},
		{"one renamed", stageOneMoved, true},
		{"whole", stageNone, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			game, save := filepath.Join(dir, "g.yaml"), filepath.Join(dir, "t1.vsav")
			os.WriteFile(game, []byte("old game"), 0o644)
			os.WriteFile(save, []byte("old save"), 0o644)
			if err := writePair(game, text("new game"), save, text("new save"), tt.stop); err != nil {
				t.Fatal(err)
			}
			if _, err := Recover(game); err != nil {
				t.Fatal(err)
			}
			g, _ := os.ReadFile(game)
			s, _ := os.ReadFile(save)
			want := map[bool][2]string{false: {"old game", "old save"}, true: {"new game", "new save"}}[tt.isNew]
			if string(g) != want[0] || string(s) != want[1] {
				t.Errorf("after recovery: %q and %q, want %q", g, s, want)
			}
			var names []string
			ents, _ := os.ReadDir(dir)
			for _, e := range ents {
				names = append(names, e.Name())
			}
			if !slices.Equal(names, []string{"g.yaml", "t1.vsav"}) {
				t.Errorf("left in the folder: %v", names)
			}
		})
	}
}

// A record that names other files than the pair's temporaries moves and
// removes nothing: it is refused.
func TestPairRecordEdited(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "g.yaml")
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, []byte("keep"), 0o644)
	for _, rec := range []string{
		"ready\n" + victim + "\t" + game + "\n" + filepath.Join(dir, ".t.vsav.1") + "\t" + filepath.Join(dir, "t.vsav") + "\n",
		"writing\n" + filepath.Join(dir, ".g.yaml.12") + "\t" + game + "\n",
		"done\n",
		strings.Repeat("x", maxPairRecord+10),
	} {
		os.WriteFile(PairPath(game), []byte(rec), 0o644)
		if _, err := Recover(game); err == nil || !strings.Contains(err.Error(), "not a record") {
			t.Errorf("record %.40q: %v", rec, err)
		}
		if b, _ := os.ReadFile(victim); string(b) != "keep" {
			t.Fatal("an edited record moved a file it names")
		}
	}
}
