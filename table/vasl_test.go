package table

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/testkit/hill"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/vassal"
)

// fixedNow stamps the pieces the tests add to saves.
var fixedNow = time.UnixMilli(1_700_000_000_000)

// hillGame sets a game of the Hill 621 mission up in dir with the
// player's units of the save hill.Setup writes, as sasl play new
// --friendly-from does, and returns it (open) and the save.
func hillGame(t *testing.T, dir string) (*Game, string) {
	t.Helper()
	return hillGameTables(t, dir, "")
}

// hillGameTables is hillGame played with tables file tablesFile.
func hillGameTables(t *testing.T, dir, tablesFile string) (*Game, string) {
	t.Helper()
	return hillGameOf(t, dir, hill.Mission, tablesFile)
}

// hillGameOf is hillGame of the mission text, played with tables file
// tablesFile ("" for none).
func hillGameOf(t *testing.T, dir, text, tablesFile string) (*Game, string) {
	t.Helper()
	return hillGameSeeded(t, dir, text, tablesFile, 3)
}

// hillGameSeeded is hillGameOf played with seed.
func hillGameSeeded(t *testing.T, dir, text, tablesFile string, seed uint64) (*Game, string) {
	t.Helper()
	return hillGameStops(t, dir, text, tablesFile, seed, game.Stops{})
}

// hillGameStops is hillGameSeeded with the game's stops (game.Stops{}: at
// every shot, as a game of an earlier sasl; sasl play new's are
// game.DefaultFireStops, which leaves others to the engine: Unasked).
func hillGameStops(t *testing.T, dir, text, tablesFile string, seed uint64, stops game.Stops) (*Game, string) {
	t.Helper()
	boards := testshared.Boards(t)
	setup, _ := hill.Setup(t, dir)
	mission := filepath.Join(dir, "hill.yaml")
	if err := os.WriteFile(mission, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "g.yaml")
	written, err := MissionFromSave(mission, setup, path, false, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	w, hdr, err := game.Open(written, boards, tablesFile)
	if err != nil {
		t.Fatal(err)
	}
	hdr.Seed, hdr.HasSeed, hdr.Policy = seed, true, game.PolicyPlayer
	g, _, err := Create(path, Options{Boards: boards, Who: "test"}, false, w, hdr, nil, stops)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	return g, setup
}

// hillWritten is hillGame with the ENEMY written into the player's save
// (enemySave): the game, its folder, the save and the save read.
func hillWritten(t *testing.T) (*Game, string, string, *Save) {
	t.Helper()
	dir := t.TempDir()
	g, setup := hillGame(t, dir)
	out := enemySave(t, g, setup, dir)
	f, err := ReadSave(out, g.g.World().Mission().Layout)
	if err != nil {
		t.Fatal(err)
	}
	return g, dir, out, f
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
	f, err := ReadSave(setup, g.g.World().Mission().Layout)
	if err != nil {
		t.Fatal(err)
	}
	if reads, unknown, _, err := readFriendly(g.g, f); err != nil || len(reads) != 0 || len(unknown) != 0 {
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
	reads, unknown, _, err := readFriendly(g.g, f)
	if err != nil {
		t.Fatal(err)
	}
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
// them, and the game plays on to the player's next PFPh.
func TestWriteEnemyThenTurnFromSave(t *testing.T) {
	t.Parallel()
	g, dir, out, f := hillWritten(t)
	if why := staleSave(g.g, f); why != "" {
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
	if st := g.Stop(); st.Kind != state.BeforePhase || st.Phase != state.PFPh || st.Player != state.Friendly {
		t.Errorf("the game stands at %+v, want before the FRIENDLY PFPh (the next save speaks for it)", st)
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
	f, err = ReadSave(next, g.g.World().Mission().Layout)
	if err != nil {
		t.Fatal(err)
	}
	if why := staleSave(back.g, f); why != "" {
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

// ASL A3.3: a unit that Prep Fires does not move. The save speaks for the
// PFPh of the Player Turn it moves in: its moves are read before any Prep
// Fire of the player's, so a unit the engine Prep Fires with when the
// player passes (a PFPh shot before the save) moves as the save shows.
func TestTurnFromSaveMovesBeforePrepFireA3_3(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	boards := testshared.Boards(t)
	// The S? beside the player's units are checked standing still at the
	// end of the ENEMY's Player Turn (activation.still turn_end, sasl's
	// reading, off as built in): the units they become are there for the
	// player's Prep Fire at turn 1.
	still := filepath.Join(dir, "still.yaml")
	if err := os.WriteFile(still, []byte("activation:\n  still: {value: turn_end, source: test}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g, setup := hillGameTables(t, dir, still)
	t0 := enemySave(t, g, setup, dir)
	t1 := filepath.Join(dir, "t1.vsav")
	if _, err := g.TurnFromSave(t0, t1, false, nil, fixedNow); err != nil {
		t.Fatal(err)
	}
	if st := g.Stop(); st.Kind != state.BeforePhase || st.Phase != state.PFPh || st.Player != state.Friendly {
		t.Fatalf("after the ENEMY's turn the game stands at %+v, want before the FRIENDLY PFPh", st)
	}
	// The unit the engine Prep Fires with if the player passes here.
	c, err := Read(g.Path(), Options{Boards: boards})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.DoText("pass", nil); err != nil {
		t.Fatal(err)
	}
	var firer *state.Unit
	for _, u := range c.g.Snapshot().OfSide(state.Friendly) {
		if u.Fired && u.OnMap() && u.Vasl != "" {
			firer = u
			break
		}
	}
	if firer == nil {
		t.Fatal("no unit of the player's Prep Fires at turn 1: the test needs a PFPh shot")
	}
	to := movableHex(t, g, firer)
	// The player moves it in VASL; the turn reads the move first.
	played := movedSave(t, t1, dir, "t1-played.vsav", firer.Vasl, to)
	r, err := g.TurnFromSave(played, "", false, nil, fixedNow)
	if err != nil {
		t.Fatalf("%s, which Prep Fires when the player passes, moved to %s in the save: %v", firer.ID, to, err)
	}
	if !slices.Contains(r.Done, "move "+firer.ID+" "+to) {
		t.Errorf("done %v, want move %s %s", r.Done, firer.ID, to)
	}
	// No Prep Fire of the player's in that PFPh: the step there is next.
	if j := g.Journal(); j[r.First-1].Do != "next" {
		t.Errorf("the step at the PFPh is %q, want next (no Prep Fire in a turn whose save moves units)", j[r.First-1].Do)
	}
}

// A busy turn is stepped through in VASL a phase at a press of Step
// forward (then what else changed, the labels, your units), not a press
// per counter moved: three turns of the Hill 621 game took 24, 32 and 21
// presses when each move was a step of its own. Since issue 56 the phases
// are both sides' (your routs before the ENEMY's advance), each a step
// only when it has something to tell.
func TestWriteEnemyStepPerPhase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g, setup := hillGame(t, dir)
	cur := enemySave(t, g, setup, dir)
	changed := 0
	for i := 1; i <= 4; i++ {
		next := filepath.Join(dir, fmt.Sprintf("t%d.vsav", i))
		r, err := g.TurnFromSave(cur, next, false, nil, fixedNow)
		if err != nil {
			t.Fatal(err)
		}
		w := r.Written
		sess, _ := g.session()
		phases := map[[3]int]bool{}
		for _, ev := range turnEvents(sess, &r.First) {
			phases[[3]int{ev.turn, int(ev.Player), int(ev.Phase)}] = true
		}
		if i == 4 {
			// Your half of the mission's last turn, to the game's end: the
			// last step says so, and who won.
			s, _ := vassal.Open(next)
			st := s.LoggedSteps()
			if end := chatOf(st[len(st)-1][0]); !strings.HasPrefix(end, "the game is over: the mission ended after Game Turn 3. Winner: the ") {
				t.Errorf("the last step of the last turn says %q", end)
			}
			phases[[3]int{}] = true // its step
		}
		if w.Steps > len(phases)+3 {
			t.Errorf("turn %d: %d steps for %d phases, %d added, %d moved, %d removed: want at most one per phase", i, w.Steps, len(phases), w.Added, w.Moved, w.Removed)
		}
		changed += w.Added + w.Moved + w.Removed
		s, err := vassal.Open(next)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Contents(); err != nil {
			t.Fatalf("turn %d: the save written does not read back: %v", i, err)
		}
		cur = next
	}
	if changed < 30 {
		t.Errorf("%d counters changed in three turns: not busy enough a game to test", changed)
	}
}

// ASL A7.302: a squad whose counter has no half-squad side is reduced in
// VASL by swapping a half-squad counter in for it. The counter swapped in
// (of the squad's half-squad type, on its hex) keeps the unit: the unit is
// reduced, not eliminated, the counter is the unit's in the game file from
// then on (set UNIT piece ID), and the ENEMY's turn written back follows
// it.
func TestSwappedHalfSquadKeepsItsUnitA7_302(t *testing.T) {
	t.Parallel()
	g, dir, _, t1, _ := afterTurnOne(t)
	s1, squad, spare := squadAndSpare(t, g, t1)
	swapped := swapSave(t, s1, squad, spare, g.g.World().Map().LocationName(squad.At()), dir, "swapped.vsav")
	t2 := filepath.Join(dir, "t2.vsav")
	r, err := g.TurnFromSave(swapped, t2, false, nil, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	read := readingOf(r, squad.ID)
	if read == nil || !slices.Equal(read.Commands, []string{"set " + squad.ID + " reduced", "set " + squad.ID + " piece " + spare}) || !strings.Contains(read.Swapped, "(piece "+spare+") is "+squad.ID) {
		t.Fatalf("%s, its squad counter swapped for a half-squad's: read %+v, want it reduced and kept", squad.ID, read)
	}
	for _, nt := range r.NotTaken {
		if nt.Piece == spare {
			t.Errorf("the half-squad swapped in is not taken: %+v", nt)
		}
	}
	// The unit goes on with its new counter: a reduced half-squad of the
	// game, or eliminated since by the ENEMY's turn, its counter removed.
	f2, err := ReadSave(t2, g.g.World().Mission().Layout)
	if err != nil {
		t.Fatal(err)
	}
	u, on := g.g.Unit(squad.ID)
	_, kept := f2.byPiece[spare]
	switch {
	case on && u.OnMap():
		if u.Kind != state.HalfSquad || !kept {
			t.Errorf("%s is a %s, its half-squad counter kept %v: want a half-squad on its new counter", squad.ID, u.Kind, kept)
		}
		if found, swapped, err := f2.counters(g.g); err != nil || found[squad.ID].ID != spare || swapped[squad.ID] != "" {
			t.Errorf("in the save of the next turn %s's counter is %q (%v, swapped %q), want %s, its own", squad.ID, found[squad.ID].ID, err, swapped[squad.ID], spare)
		}
		// The new counter is the unit's in the game file (issue 56: it
		// kept the deleted piece's ID, and the unit was guessed again
		// each turn).
		if u.Vasl != spare {
			t.Errorf("%s keeps piece %s, want %s, the counter swapped in", squad.ID, u.Vasl, spare)
		}
		again, err := Read(g.Path(), Options{Boards: testshared.Boards(t)})
		if err != nil {
			t.Fatal(err)
		}
		if x, ok := again.g.Unit(squad.ID); !ok || x.Vasl != spare {
			t.Errorf("the game file read again has %s's piece %v", squad.ID, x)
		}
		again.Close()
	case kept:
		t.Errorf("%s eliminated in the ENEMY's turn, its half-squad counter left in the save", squad.ID)
	}
}

// A counter moved off the boards is no report of an elimination: the
// turn is refused, naming the unit, the piece and the save, and the game
// is left as it was. Two half-squad counters elsewhere that could replace
// a vanished squad's are refused too, for the player to say which.
func TestCounterOffTheBoardsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g, setup := hillGame(t, dir)
	t0 := enemySave(t, g, setup, dir)
	s0, err := vassal.Open(t0)
	if err != nil {
		t.Fatal(err)
	}
	var u *state.Unit
	for _, x := range g.g.Snapshot().OfSide(state.Friendly) {
		if x.Vasl != "" && x.Kind == state.Leader {
			u = x
			break
		}
	}
	if u == nil {
		t.Fatal("no leader of the game")
	}
	// Dragged onto the main map beside the boards (VASSAL's move command).
	s0.Content = append(s0.Content, []byte("\x1bLOG\tM/"+u.Vasl+"/Main Map/40/40/null/Main Map/0/0/null/test")...)
	off := hill.WriteSave(t, s0, dir, "off.vsav")
	before, _ := os.ReadFile(g.Path())
	_, err = g.TurnFromSave(off, "", false, nil, fixedNow)
	if err == nil || !strings.Contains(err.Error(), off+": the counter of "+u.ID) || !strings.Contains(err.Error(), "VASL piece "+u.Vasl+") is off the boards, on the main map beside the boards at 40,40") {
		t.Errorf("a counter off the boards: %v", err)
	}
	if now, _ := os.ReadFile(g.Path()); string(now) != string(before) {
		t.Error("a refused save changed the game file")
	}

	f, err := ReadSave(t0, g.g.World().Mission().Layout)
	if err != nil {
		t.Fatal(err)
	}
	var squad *state.Unit
	for _, x := range g.g.Snapshot().OfSide(state.Friendly) {
		if x.Kind == state.Squad && x.Type == "4-6-7" {
			squad = x
			break
		}
	}
	for i, v := range f.units {
		if v.ID == squad.Vasl {
			f.units = slices.Delete(f.units, i, i+1)
			break
		}
	}
	for _, at := range []string{"3A1", "3A3"} {
		f.units = append(f.units, vassal.Unit{Placed: vassal.Placed{Piece: vassal.Piece{ID: "hs" + at, Name: "2-4-7 1hs"}, Location: at}, Kind: "half_squad", Type: "2-4-7"})
	}
	f.index()
	if _, _, _, err := readFriendly(g.g, f); err == nil || !strings.Contains(err.Error(), "2 counters of a 2-4-7 half-squad no unit of the game keeps stand elsewhere: 3A1 (piece hs3A1), 3A3 (piece hs3A3)") {
		t.Errorf("two half-squads that could be %s's: %v", squad.ID, err)
	}
	// One alone elsewhere is not taken for the squad's either (issue 56: a
	// squad deleted, eliminated, was read as reduced and moved there): the
	// player is asked which it is.
	f1 := *f // its own index: index clears the map it fills
	f1.units, f1.byPiece = slices.Clone(f.units[:len(f.units)-1]), map[string]vassal.Unit{}
	f1.index()
	if _, _, _, err := readFriendly(g.g, &f1); err == nil || !strings.Contains(err.Error(), "a 2-4-7 half-squad no unit of the game keeps stands elsewhere: 3A1 (piece hs3A1). sasl takes a counter swapped in only on the unit's own hex") {
		t.Errorf("one half-squad elsewhere that could be %s's: %v", squad.ID, err)
	}
	// One of them on the squad's hex is the one.
	f.units[len(f.units)-1].Location = g.g.World().Map().LocationName(squad.At())
	reads, _, _, err := readFriendly(g.g, f)
	if err != nil {
		t.Fatal(err)
	}
	for _, rd := range reads {
		if rd.u.ID == squad.ID && (rd.to != "" || !slices.Equal(rd.cmd, []string{"set " + squad.ID + " reduced", "set " + squad.ID + " piece hs3A3"})) {
			t.Errorf("%s: %v, moved to %q: want reduced, in place", squad.ID, rd.cmd, rd.to)
		}
	}
}

// movedSave writes save from as the player moved VASL piece id to hex to
// in it, as file name in dir, and returns its path.
func movedSave(t *testing.T, from, dir, name, id, to string) string {
	t.Helper()
	gr, _ := coord.ParseGrid(to)
	return editedSave(t, from, dir, name, func(e *vassal.Edit) error { return e.Move([]string{id}, gr) })
}

// editedSave writes save from as edit changed it, as file name in dir, and
// returns its path.
func editedSave(t *testing.T, from, dir, name string, edit func(*vassal.Edit) error) string {
	t.Helper()
	s, err := vassal.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	e, err := s.Edit(fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	if err := edit(e); err != nil {
		t.Fatal(err)
	}
	return hill.WriteSave(t, e.Result(), dir, name)
}

// movableHex is a hex beside unit u that the game lets it move to in the
// FRIENDLY MPh the game stands before (or at the PFPh before it, played
// without fire), tried on a copy of the game.
func movableHex(t *testing.T, g *Game, u *state.Unit) string {
	t.Helper()
	h := movableHexBut(t, g, u, nil)
	if h == "" {
		t.Fatalf("%s on %s can move to no hex beside it", u.ID, m(g).LocationName(u.At()))
	}
	return h
}

// movableHexBut is movableHex but none of the hexes avoid, "" for none.
func movableHexBut(t *testing.T, g *Game, u *state.Unit, avoid []string) string {
	t.Helper()
	c, err := Read(g.Path(), Options{Boards: testshared.Boards(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if st := c.Stop(); st.Phase == state.PFPh {
		if _, err := c.DoText("next", nil); err != nil {
			t.Fatal(err)
		}
	}
	m := g.g.World().Map()
	for _, n := range u.At().Hex.Neighbours() {
		name := m.LocationName(board.Location{Hex: n})
		cmd, err := game.ParseCommand("move "+u.ID+" "+name, m)
		if err != nil {
			continue
		}
		if _, err := c.Preview(cmd); err == nil && !slices.Contains(avoid, name) {
			return name
		}
	}
	return ""
}

// A save of before (the S? elsewhere than the game has them) with the
// player's moves is refused, and the way the refusal gives (sasl vasl
// write GAME --into SAVE) puts the ENEMY where the game has it without
// undoing the moves: the next turn reads and makes them.
func TestStaleSaveWayKeepsYourMoves(t *testing.T) {
	t.Parallel()
	g, dir, t0, _, mover := afterTurnOne(t)
	// The player moves a unit in the save of before the ENEMY's turn.
	to := movableHex(t, g, mover)
	stale := movedSave(t, t0, dir, "stale.vsav", mover.Vasl, to)
	_, err := g.TurnFromSave(stale, "", false, nil, fixedNow)
	var refused *SaveRefusal
	if !errors.As(err, &refused) || refused.Kind != StaleSave || refused.Path != stale || !strings.Contains(err.Error(), "not a save of") {
		t.Fatalf("a save of before: %v", err)
	}
	// The way out the refusal gives.
	w, mended, f := mendedSave(t, g, stale, dir)
	note := mover.ID + " stays on " + to + ", where your save has it"
	if !slices.ContainsFunc(w.Notes, func(n string) bool { return strings.HasPrefix(n, note) }) {
		t.Errorf("notes %q: want %q", w.Notes, note)
	}
	if why := staleSave(g.g, f); why != "" {
		t.Fatalf("the mended save is still not of the game: %s", why)
	}
	if v := f.byPiece[mover.Vasl]; v.Location != to {
		t.Fatalf("%s's counter is on %s in the mended save, want %s where the player moved it", mover.ID, v.Location, to)
	}
	r, err := g.TurnFromSave(mended, "", false, nil, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(r.Done, "move "+mover.ID+" "+to) {
		t.Errorf("done %v: want the player's move, move %s %s", r.Done, mover.ID, to)
	}
}

// Two units of the game that keep one VASL piece's ID would be read off
// one counter (moved, broken, eliminated together): refused, naming the
// piece, the units and the mission.
func TestTwoUnitsOfOnePieceRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
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
	text, err := os.ReadFile(written)
	if err != nil {
		t.Fatal(err)
	}
	piece := func(id string) string {
		for _, line := range strings.Split(string(text), "\n") {
			if strings.Contains(line, "{id: "+id+",") {
				_, v, _ := strings.Cut(line, `vasl: "`)
				p, _, _ := strings.Cut(v, `"`)
				return p
			}
		}
		t.Fatalf("no %s in the mission:\n%s", id, text)
		return ""
	}
	p1, p2 := piece("F1"), piece("F2")
	if err := os.WriteFile(written, []byte(strings.Replace(string(text), `vasl: "`+p2+`"`, `vasl: "`+p1+`"`, 1)), 0o644); err != nil {
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
	defer g.Close()
	// sasl vasl write reads the save's counters of the units, as play turn
	// does.
	_, err = g.WriteEnemy(setup, nil, fixedNow)
	if want := "VASL piece " + p1 + " is the counter of two units of the game, F1 and F2 (vasl: in " + filepath.Base(written) + ")"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("two units of one piece: %v, want %q", err, want)
	}
}

// A save older than the game never undoes what the game did with a unit
// after the player's own move of it (issue 56: a stale save kept F9 on
// the hex the player had moved it to, though F9 had routed since, and the
// next turn refused the save). The player's move read from a save, then
// the unit moved on by the game's journal (here a move of the next MPh),
// then the old save given again: its hex for the unit is one the game had
// the unit in since the save, so the game's hex wins, said in a note.
func TestStaleSaveNeverUndoesTheGame(t *testing.T) {
	t.Parallel()
	g, dir, _, t1, mover := afterTurnOne(t)
	to := movableHex(t, g, mover)
	moved := movedSave(t, t1, dir, "moved.vsav", mover.Vasl, to)
	if _, err := g.TurnFromSave(moved, "", false, nil, fixedNow); err != nil {
		t.Fatal(err)
	}
	// The game moves the unit on, by its journal, after the move read.
	on := movableHex(t, g, mover)
	if st := g.Stop(); st.Phase == state.PFPh {
		if _, err := g.DoText("next", nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := g.DoText("move "+mover.ID+" "+on, nil); err != nil {
		t.Fatal(err)
	}
	if err := g.Save(); err != nil {
		t.Fatal(err)
	}
	// The save of before, given again.
	w, _, f := mendedSave(t, g, moved, dir)
	if v := f.byPiece[mover.Vasl]; v.Location != on {
		t.Errorf("%s's counter is on %s in the new save, want %s, where the game moved it after the move the old save shows (%s); notes %q", mover.ID, v.Location, on, to, w.Notes)
	}
	if !slices.ContainsFunc(w.Notes, func(n string) bool {
		return strings.Contains(n, mover.ID) && strings.Contains(n, on) && strings.Contains(n, to)
	}) {
		t.Errorf("no note says %s's counter is moved from %s to %s: %q", mover.ID, to, on, w.Notes)
	}
}

// A half-squad counter swapped in for a squad and moved in the same save
// is not taken for the squad's on its own (a counter elsewhere may be
// another's, the squad deleted: issue 56); the player says it is (set
// UNIT piece ID), and the same save is read again: the squad reduced, its
// move made (ASL A7.302).
func TestSwappedAndMovedOnThePlayersWord(t *testing.T) {
	t.Parallel()
	g, dir, _, t1, _ := afterTurnOne(t)
	s1, squad, spare := squadAndSpare(t, g, t1)
	to := movableHex(t, g, squad)
	save := swapSave(t, s1, squad, spare, to, dir, "swapped-moved.vsav")
	if _, err := g.TurnFromSave(save, "", false, nil, fixedNow); err == nil || !strings.Contains(err.Error(), "sasl play set GAME "+squad.ID+" piece ID") {
		t.Fatalf("a squad's counter gone, a half-squad's elsewhere: %v", err)
	}
	if _, err := g.DoText("set "+squad.ID+" piece "+spare, nil); err != nil {
		t.Fatal(err)
	}
	r, err := g.TurnFromSave(save, "", false, nil, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	read := readingOf(r, squad.ID)
	if read == nil || !slices.Contains(read.Commands, "set "+squad.ID+" reduced") || read.To != to {
		t.Errorf("%s, swapped and moved, named by the player: read %+v, want reduced and moved to %s", squad.ID, read, to)
	}
}

// squadAndSpare opens save path (of game g as it stands) and finds a Good
// Order 4-6-7 squad of the game, not pinned, and a spare 4-6-7 counter of
// the save's setup area, off the boards, to be the half-squad swapped in
// for it (ASL A7.302).
func squadAndSpare(t *testing.T, g *Game, path string) (*vassal.Save, *state.Unit, string) {
	t.Helper()
	sv, err := vassal.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := sv.Contents()
	if err != nil {
		t.Fatal(err)
	}
	var squad *state.Unit
	for _, u := range g.g.Snapshot().OfSide(state.Friendly) {
		if u.Kind == state.Squad && u.Type == "4-6-7" && u.OnMap() && !u.Broken && !u.Pinned {
			squad = u
			break
		}
	}
	var spare string
	for _, p := range c.Off {
		if p.Name == "4-6-7 1sq" {
			spare = p.ID
			break
		}
	}
	if squad == nil || spare == "" {
		t.Fatalf("no squad of the game (%v) or no spare 4-6-7 counter in the save (%q)", squad, spare)
	}
	return sv, squad, spare
}

// afterTurnOne is the hill game played from its setup save through the
// ENEMY's first turn: its folder, the save of the ENEMY's setup (t0) and
// the save of its turn written back (t1), and a unit of the player's with
// a counter that may move (Good Order, not pinned).
func afterTurnOne(t *testing.T) (g *Game, dir, t0, t1 string, mover *state.Unit) {
	t.Helper()
	dir = t.TempDir()
	g, setup := hillGame(t, dir)
	t0 = enemySave(t, g, setup, dir)
	t1 = filepath.Join(dir, "t1.vsav")
	if _, err := g.TurnFromSave(t0, t1, false, nil, fixedNow); err != nil {
		t.Fatal(err)
	}
	for _, u := range g.g.Snapshot().OfSide(state.Friendly) {
		if u.Vasl != "" && u.OnMap() && !u.Broken && !u.Pinned {
			return g, dir, t0, t1, u
		}
	}
	t.Fatal("no unit of the player's that may move after the ENEMY's first turn")
	return
}

// A save older than the game never undoes the game's rally either: the
// player reports a unit broken in a save, the game has it broken from
// then on and rallies it (the engine rolls the rallies of a turn played
// from a save, ASL A10.6); the old save given again is not read as a
// report of the unit broken: its counter is turned to Good Order, said
// in a note (issue 56, as TestStaleSaveNeverUndoesTheGame for a move).
func TestStaleSaveNeverUndoesARally(t *testing.T) {
	t.Parallel()
	g, dir, _, t1, _ := afterTurnOne(t)
	s1, err := vassal.Open(t1)
	if err != nil {
		t.Fatal(err)
	}
	e, err := s1.Edit(fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	var broke []*state.Unit
	for _, u := range g.g.Snapshot().OfSide(state.Friendly) {
		if u.Vasl != "" && u.OnMap() && !u.Broken && u.Kind.MMC() {
			if ok, err := e.SetBroken(u.Vasl, true); err == nil && ok {
				broke = append(broke, u)
			}
		}
	}
	broken := hill.WriteSave(t, e.Result(), dir, "broken.vsav")
	if _, err := g.TurnFromSave(broken, "", false, nil, fixedNow); err != nil {
		t.Fatal(err)
	}
	var rallied []string
	for _, u := range broke {
		if x, ok := g.g.Unit(u.ID); ok && x.OnMap() && !x.Broken {
			rallied = append(rallied, u.ID)
		}
	}
	if len(rallied) == 0 {
		t.Fatalf("none of %d units reported broken rallied in the turn after: the test sees too little", len(broke))
	}
	// The save is of the game as it stood when its reports were read: the
	// steps go on from there, and the step of each rally turns its counter
	// (or, written from an older place, a note says the game's rally wins).
	w, out, f := mendedSave(t, g, broken, dir)
	s, err := vassal.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	before, err := vassal.Open(broken)
	if err != nil {
		t.Fatal(err)
	}
	var chat []string
	for _, st := range s.LoggedSteps()[before.Steps():] {
		for _, c := range st {
			chat = append(chat, chatOf(c))
		}
	}
	for _, id := range rallied {
		u, _ := g.g.Unit(id)
		told := slices.ContainsFunc(chat, func(c string) bool { return strings.HasPrefix(c, id+" in ") && strings.Contains(c, " rallies: ") })
		noted := slices.ContainsFunc(w.Notes, func(n string) bool { return strings.HasPrefix(n, id+": its counter is turned to Good Order") })
		if v := f.byPiece[u.Vasl]; v.Broken || !told && !noted {
			t.Errorf("%s rallied in the game: its counter broken %v in the new save; rally told %v; notes %q", id, v.Broken, told, w.Notes)
		}
	}
}

// mendedSave writes game g's ENEMY into save from (sasl vasl enemy, the
// way out a refused save gives) as mended.vsav in dir, and reads it back:
// what the writing did, the new save's path, and the save.
func mendedSave(t *testing.T, g *Game, from, dir string) (*EnemyWrite, string, *Save) {
	t.Helper()
	w, err := g.WriteEnemy(from, nil, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "mended.vsav")
	if err := w.WriteFile(out); err != nil {
		t.Fatal(err)
	}
	f, err := ReadSave(out, g.g.World().Mission().Layout)
	if err != nil {
		t.Fatal(err)
	}
	return w, out, f
}

// readingOf is what reading a save made of unit id's counter, or nil.
func readingOf(r *SaveTurn, id string) *Reading {
	for i := range r.Reads {
		if r.Reads[i].ID == id {
			return &r.Reads[i]
		}
	}
	return nil
}

// swapSave writes save sv as the player swapped counter spare in for
// squad's (ASL A7.302): spare turned to its half-squad on hex at, the
// squad's counter deleted; as file name in dir, whose path it returns.
func swapSave(t *testing.T, sv *vassal.Save, squad *state.Unit, spare, at, dir, name string) string {
	t.Helper()
	e, err := sv.Edit(fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	gr, _ := coord.ParseGrid(at)
	if err := e.Move([]string{spare}, gr); err != nil {
		t.Fatal(err)
	}
	if ok, err := e.Reduce(spare); err != nil || !ok {
		t.Fatalf("the spare counter turned to its half-squad: %v, %v", ok, err)
	}
	if err := e.Remove([]string{squad.Vasl}); err != nil {
		t.Fatal(err)
	}
	return hill.WriteSave(t, e.Result(), dir, name)
}

// TestSkippedPieceNamedInWords: a piece the save's reading leaves is
// named by its words, as the player reads it on the map: a VASL label
// in HTML (The Streets of Stalingrad's "factory") without its tags.
func TestSkippedPieceNamedInWords(t *testing.T) {
	for in, want := range map[string]string{
		"<html> <small><i><font color=blue>factory</font></i></small>": "factory",
		"LMG":                         "LMG",
		"Half-hex   Black\tperimeter": "Half-hex Black perimeter",
		"<html><b>A &amp; B</b>":      "A & B",
		"<html></html>":               "a label with no words",
		strings.Repeat("x", 70):       strings.Repeat("x", 59) + "…",
	} {
		if got := plainName(in); got != want {
			t.Errorf("plainName(%q) = %q, want %q", in, got, want)
		}
	}
}
