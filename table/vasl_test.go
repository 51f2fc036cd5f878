package table

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/testkit/hill"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/state"
)

// fixedNow stamps the pieces the tests add to saves.
var fixedNow = time.UnixMilli(1_700_000_000_000)

// hillGame sets a game of the Hill 621 mission up in dir with the
// player's units of the save hill.Setup writes, as sasl play new
// --friendly-from does, and returns it (open) and the save.
func hillGame(t *testing.T, dir string) (*Game, string) {
	t.Helper()
	boards := testshared.Boards(t)
	setup, _ := hill.Setup(t, dir)
	mission := filepath.Join(dir, "hill.yaml")
	if err := os.WriteFile(mission, []byte(hill.Mission), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "g.yaml")
	written, err := MissionFromSave(mission, setup, path, false, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	w, hdr, err := game.Open(written, boards, "")
	if err != nil {
		t.Fatal(err)
	}
	hdr.Seed, hdr.HasSeed, hdr.Policy = 3, true, game.PolicyPlayer
	g, _, err := Create(path, Options{Boards: boards, Who: "test"}, false, w, hdr, nil, game.Stops{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	return g, setup
}

// enemySave writes the ENEMY of game g into the player's setup save, as
// sasl vasl write does, to dir/t0.vsav, and returns that path.
func enemySave(t *testing.T, g *Game, setup, dir string) string {
	t.Helper()
	w, err := g.WriteEnemy(setup, nil, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	if w.Placed == 0 || w.Steps != 0 {
		t.Fatalf("the first write placed %d S? in %d steps: want them all placed, no steps", w.Placed, w.Steps)
	}
	out := filepath.Join(dir, "t0.vsav")
	if err := w.WriteFile(out); err != nil {
		t.Fatal(err)
	}
	return out
}

// What a save says of a unit becomes the player's reports: broken or
// rallied, reduced, hidden or known, moved, gone.
func TestReadFriendly(t *testing.T) {
	t.Parallel()
	g, setup := hillGame(t, t.TempDir())
	f, err := ReadSave(setup, g.Game().World().Mission().Layout)
	if err != nil {
		t.Fatal(err)
	}
	if reads, unknown := readFriendly(g.Game(), f); len(reads) != 0 || len(unknown) != 0 {
		t.Fatalf("the save the game was set up from: %d reports, %d unknown", len(reads), len(unknown))
	}
	byHex := map[string]int{}
	for i, u := range f.units {
		if u.Kind == "squad" {
			byHex[u.Location] = i
		}
	}
	f.units[byHex["2E3"]].Broken = true
	f.units[byHex["2G4"]].Kind, f.units[byHex["2G4"]].Type = "half_squad", "2-4-7"
	f.units[byHex["2K3"]].Concealed = true
	f.units[byHex["2M4"]].Location = "2M3"
	extra := f.units[byHex["2O5"]]
	extra.ID = "42"
	f.units = append(f.units[:byHex["2O5"]], f.units[byHex["2O5"]+1:]...)
	f.units = append(f.units, extra)
	f.index()
	reads, unknown := readFriendly(g.Game(), f)
	got := map[string]string{}
	for _, r := range reads {
		got[r.u.ID] = strings.Join(r.cmd, "; ") + "|" + r.to
	}
	want := map[string]string{"F1": "set F1 broken|", "F2": "set F2 reduced|", "F5": "set F5 hidden|", "F6": "|2M3", "F8": "set F8 eliminated|"}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: %q, want %q", id, got[id], w)
		}
	}
	if len(got) != len(want) || len(unknown) != 1 || unknown[0].ID != "42" {
		t.Errorf("reports %v, unknown %v", got, unknown)
	}
}

// The ENEMY written into the player's save, then a turn played from that
// save, at package level: the S? stand in the new save where the game has
// them, and the game plays on to the player's next MPh.
func TestWriteEnemyThenTurnFromSave(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g, setup := hillGame(t, dir)
	out := enemySave(t, g, setup, dir)
	f, err := ReadSave(out, g.Game().World().Mission().Layout)
	if err != nil {
		t.Fatal(err)
	}
	if why := staleSave(g.Game(), f); why != "" {
		t.Fatalf("the save just written is stale: %s", why)
	}
	next := filepath.Join(dir, "t1.vsav")
	r, err := g.TurnFromSave(out, next, false, nil, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	if r.Units == 0 || r.Written == nil || r.First != 2 {
		t.Fatalf("read %d units, wrote %v, from step %d", r.Units, r.Written, r.First)
	}
	if st := g.Stop(); st.Kind != state.BeforePhase || st.Phase != state.MPh || st.Player != state.Friendly {
		t.Errorf("the game stands at %+v, want before the FRIENDLY MPh", st)
	}
	// Both files were written: the game reads back as it stands, the new
	// save is a save of it.
	back, err := Read(g.Path(), Options{Boards: testshared.Boards(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if len(back.Journal()) != len(g.Journal()) {
		t.Errorf("the game file has %d steps, the game %d", len(back.Journal()), len(g.Journal()))
	}
	f, err = ReadSave(next, g.Game().World().Mission().Layout)
	if err != nil {
		t.Fatal(err)
	}
	if why := staleSave(back.Game(), f); why != "" {
		t.Errorf("the save written with the turn is stale: %s", why)
	}
}

// The game and the save of its turn are written as one: a --vasl-out that
// cannot be written (a folder) leaves the game file as it was, not
// advanced without its save.
func TestTurnFromSaveWritesBothOrNeither(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g, setup := hillGame(t, dir)
	t0 := enemySave(t, g, setup, dir)
	before, _ := os.ReadFile(g.Path())
	folder := filepath.Join(dir, "out.vsav")
	os.Mkdir(folder, 0o755)
	if _, err := g.TurnFromSave(t0, folder, true, nil, fixedNow); err == nil || !strings.Contains(err.Error(), "it is a folder") {
		t.Fatalf("--vasl-out a folder: %v", err)
	}
	if now, _ := os.ReadFile(g.Path()); string(now) != string(before) {
		t.Error("the game file was written without its save")
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") && !strings.HasSuffix(e.Name(), ".lock") {
			t.Errorf("left in the folder: %s", e.Name())
		}
	}
}
