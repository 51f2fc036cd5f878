//go:build unix || windows

package table

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/filelock"
)

// closedDemoGame is demoGame's file, closed (its lock released).
func closedDemoGame(t *testing.T) string {
	t.Helper()
	g := demoGame(t, 1)
	g.Close()
	return g.Path()
}

// unchanged fails t unless the folder of path holds exactly names and path
// holds was: a refused command wrote nothing, left nothing half-written.
func unchanged(t *testing.T, path string, was []byte, names ...string) {
	t.Helper()
	if now, err := os.ReadFile(path); err != nil || string(now) != string(was) {
		t.Errorf("%s changed (%v)", path, err)
	}
	ents, _ := os.ReadDir(filepath.Dir(path))
	var got []string
	for _, e := range ents {
		if e.Name() != filepath.Base(filelock.Path(path)) { // kept, emptied, on Windows
			got = append(got, e.Name())
		}
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("the folder holds %q, want %q", got, names)
	}
}

// A game file with a second name (a hard link) is refused by every way
// of opening it to write, naming the count, before anything is written:
// the two names would take two locks (commands on them racing lose turns),
// and a write would part them. Both names stay one file.
func TestHardLinkedGameRefused(t *testing.T) {
	t.Parallel()
	path := closedDemoGame(t)
	other := filepath.Join(filepath.Dir(path), "other.yaml")
	if err := os.Link(path, other); err != nil {
		t.Skip("no hard links here:", err)
	}
	was, _ := os.ReadFile(path)
	w, hdr, err := game.Open("", "", "")
	if err != nil {
		t.Fatal(err)
	}
	hdr.Seed, hdr.HasSeed, hdr.Policy = 2, true, game.PolicyPlayer
	opens := map[string]func(name string) error{
		"Open": func(name string) error {
			g, err := Open(name, Options{Who: "test"})
			if err == nil {
				g.Close()
			}
			return err
		},
		"Upgrade": func(name string) error {
			g, _, err := Upgrade(name, Options{Who: "test"})
			if err == nil {
				g.Close()
			}
			return err
		},
		"Create --force": func(name string) error {
			g, _, err := Create(name, Options{Who: "test"}, true, w, hdr, nil, game.Stops{})
			if err == nil {
				g.Close()
			}
			return err
		},
	}
	for what, open := range opens {
		for _, name := range []string{path, other} {
			err := open(name)
			if err == nil || !strings.HasPrefix(err.Error(), name+": the game file has 2 names (hard links)") || !strings.Contains(err.Error(), "copy it") {
				t.Errorf("%s %s: %v, want it refused, naming 2 names and the copy", what, filepath.Base(name), err)
			}
		}
	}
	unchanged(t, path, was, "game.yaml", "other.yaml")
	a, _ := os.Stat(path)
	b, _ := os.Stat(other)
	if !os.SameFile(a, b) {
		t.Error("the two names are two files now")
	}
}

// A read-only game file is refused, saying so, and left as it was: a write
// would replace it (its folder allows that), so the mode would not have
// kept it. The mode bits decide, not a failed open: root may open any file.
func TestReadOnlyGameRefused(t *testing.T) {
	t.Parallel()
	path := closedDemoGame(t)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(path, 0o644) }) // Windows cannot remove it otherwise
	was, _ := os.ReadFile(path)
	g, err := Open(path, Options{Who: "test"})
	if err == nil {
		g.Close()
	}
	if err == nil || !strings.HasPrefix(err.Error(), path+": the game file is read-only") {
		t.Errorf("Open of a read-only game file: %v, want it refused as read-only", err)
	}
	unchanged(t, path, was, "game.yaml")
	if st, err := os.Stat(path); err != nil || st.Mode().Perm()&0o222 != 0 {
		t.Errorf("the file's mode is now %v", st.Mode())
	}
	// Read, which writes nothing, still reads it (sasl play show).
	if r, err := Read(path, Options{}); err != nil {
		t.Errorf("Read of a read-only game file: %v", err)
	} else {
		r.Close()
	}
}

// A mission made with the units of a VASL save (--friendly-from) over the
// bound of a mission file is refused naming the save and its units, not
// as "n.mission.yaml: larger than 4 MiB", a file the player never wrote
// (issue 52: a 90,000-piece save).
func TestMissionFromHugeSaveNamesTheSave(t *testing.T) {
	t.Parallel()
	if err := missionFits("big.vsav", 10, make([]byte, 1000)); err != nil {
		t.Errorf("a small mission: %v", err)
	}
	err := missionFits("big.vsav", 90000, make([]byte, 5<<20))
	if err == nil || !strings.Contains(err.Error(), "your save big.vsav: its 90000 units of yours make a mission of 5.0 MiB, over the 4 MiB") || strings.Contains(err.Error(), "mission.yaml") || strings.Contains(err.Error(), "--") {
		t.Errorf("a mission of 5 MiB: %v", err)
	}
}
