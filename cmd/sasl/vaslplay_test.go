package main

import (
	"archive/zip"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/internal/filelock"
	"github.com/sasl-engine/sasl/internal/testkit/hill"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/vassal"
)

// enemyOnSave and enemyInGame are where the ENEMY's S? stand in a save
// (by their labels) and in a game file, each hex as the save's
// configuration puts its centre: a half hex on a seam has two names.
func enemyOnSave(t *testing.T, path string) map[string][2]float64 {
	t.Helper()
	c := hill.Contents(t, path)
	out := map[string][2]float64{}
	for _, p := range c.On {
		if p.Suspect() {
			id, _, _ := strings.Cut(p.Label, " ")
			g, _ := coord.ParseGrid(p.Location)
			x, y, _ := vassal.Centre(c.Cells, g)
			out[id] = [2]float64{x, y}
		}
	}
	return out
}

func enemyInGame(t *testing.T, game, save string) map[string][2]float64 {
	t.Helper()
	s, _ := vassal.Open(save)
	cells, _ := s.Boards()
	var doc struct {
		Units []struct {
			ID, Side, At string
			Exited       bool
			Entering     string
		} `json:"units"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "play", "show", game, "--json", "--boards", realBoards(t))), &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string][2]float64{}
	for _, u := range doc.Units {
		if u.Side != "enemy" || u.Exited || u.Entering != "" {
			continue
		}
		r, err := coord.Parse(u.At)
		if err != nil {
			t.Fatal(err)
		}
		x, y, _ := vassal.Centre(cells, r.Grid)
		out[u.ID] = [2]float64{x, y}
	}
	return out
}

func samePlaces(t *testing.T, what string, save, game map[string][2]float64) {
	t.Helper()
	if len(save) != len(game) {
		t.Errorf("%s: %d S? in the save, %d ENEMY units on the map", what, len(save), len(game))
	}
	for id, p := range game {
		if save[id] != p {
			t.Errorf("%s: %s at %v in the save, %v in the game", what, id, save[id], p)
		}
	}
}

// yoursAgree checks that a save shows the player's units as the game has
// them: each on its hex, broken or not, a half-squad when reduced; the
// eliminated gone.
func yoursAgree(t *testing.T, game, save string) {
	t.Helper()
	var doc struct {
		Units []struct {
			ID, Side, Unit, At string
			Broken             bool
		} `json:"units"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "play", "show", game, "--json", "--boards", realBoards(t))), &doc); err != nil {
		t.Fatal(err)
	}
	ms, _ := os.ReadFile(strings.TrimSuffix(game, ".yaml") + ".mission.yaml")
	piece := map[string]string{} // unit ID -> VASL piece
	for _, line := range strings.Split(string(ms), "\n") {
		if _, v, ok := strings.Cut(line, `vasl: "`); ok {
			_, id, _ := strings.Cut(line, "id: ")
			id, _, _ = strings.Cut(id, ",")
			piece[id], _, _ = strings.Cut(v, `"`)
		}
	}
	units, _ := hill.Contents(t, save).Units()
	inSave := map[string]vassal.Unit{}
	for _, u := range units {
		inSave[u.ID] = u
	}
	alive := map[string]bool{}
	for _, u := range doc.Units {
		if u.Side != "friendly" {
			continue
		}
		alive[u.ID] = true
		v, ok := inSave[piece[u.ID]]
		if !ok {
			t.Errorf("%s: no counter in the save", u.ID)
			continue
		}
		g, _ := coord.Parse(u.At)
		if v.Location != g.Grid.String() || v.Broken != u.Broken || v.Kind != u.Unit {
			t.Errorf("%s: the save shows %s %s on %s broken %v, the game %s on %s broken %v", u.ID, v.Kind, v.Name, v.Location, v.Broken, u.Unit, u.At, u.Broken)
		}
	}
	for id, p := range piece {
		if _, ok := inSave[p]; ok && !alive[id] {
			t.Errorf("%s is gone from the game, its counter is still in the save", id)
		}
	}
}

// The whole way of a VASL player: a mission from their setup, the ENEMY
// written into their save, a turn played from their save, their moves and
// losses read from the next, the ENEMY's turn written back as steps.
func TestVaslPlay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	boards := realBoards(t)
	setup, at := hill.Setup(t, dir)
	mission := filepath.Join(dir, "hill.yaml")
	os.WriteFile(mission, []byte(hill.Mission), 0o644)

	// The skeleton and the mission with the player's units.
	sk := mustRun(t, "vasl", "mission", setup)
	for _, want := range []string{`boards: [["2"], ["4"], ["3"]]`, "fbe: north # check", "unit: leader, type: 9-2, at: 2I5", "unit: squad, type: 4-6-7, at: 2O5"} {
		if !strings.Contains(sk, want) {
			t.Errorf("vasl mission: no %q in\n%s", want, sk)
		}
	}
	if strings.Contains(sk, "Icr") || strings.Contains(sk, "LMG") || strings.Count(sk, "vasl: ") != 8 {
		t.Errorf("vasl mission: want the 8 squads and leaders only:\n%s", sk)
	}
	if _, err := run(t, "vasl", "mission", filepath.Join(testshared.Path(t, "vasl/saves"), "Hill-621-Scenario-E.vsav"), "--mission", "crossroads"); err == nil ||
		!strings.Contains(err.Error(), "the save's boards are 2/4/3, the mission's x3/x1: 3 x 1 boards where the mission has 2 x 1") {
		t.Errorf("a save of other boards: %v", err)
	}

	// A game set up from the save: the mission beside it, the units with
	// their pieces' IDs.
	game := filepath.Join(dir, "g.yaml")
	// The default tables: no S? is checked standing still (activation.still
	// none); the units the test moves in its turn 1 Activate the S? in
	// their LOS as they move. The save's moves are read first, before the
	// PFPh (ASL A3.3), and made.
	mustRun(t, "play", "new", "--mission", mission, "--boards", boards, "--friendly-from", setup, "--save", game, "--seed", "7", "--policy", "player")
	ms, err := os.ReadFile(filepath.Join(dir, "g.mission.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for id, p := range at {
		unit := p[0] == "4-6-7 1sq" || p[0] == "9-2" || p[0] == "8-0"
		if got := strings.Contains(string(ms), `at: `+p[1]+`, known: true, vasl: "`+id+`"`); got != unit {
			t.Errorf("%s (piece %s) on %s: in the mission %v, want %v", p[0], id, p[1], got, unit)
		}
	}
	if n := strings.Count(string(ms), "vasl: "); n != 8 {
		t.Errorf("%d units from the save in the mission, want 8:\n%s", n, ms)
	}
	// A refused setup leaves no mission file behind.
	bad := filepath.Join(dir, "bad.yaml")
	if _, err := run(t, "play", "new", "--mission", "crossroads", "--friendly-from", setup, "--save", bad); err == nil {
		t.Error("a save of other boards: no error")
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.mission.yaml")); err == nil {
		t.Error("a refused play new left its mission file")
	}

	// The ENEMY's setup written into the player's save.
	t0 := filepath.Join(dir, "t0.vsav")
	out := mustRun(t, "vasl", "write", game, "--into", setup, "--out", t0, "--boards", boards)
	if !strings.Contains(out, "140 S? placed, 0 added, 0 moved, 0 removed; 0 changes to your units; 0 steps") {
		t.Errorf("vasl write: %s", out)
	}
	samePlaces(t, "setup", enemyOnSave(t, t0), enemyInGame(t, game, t0))
	// Its "Next:" says where play turn will stop: before the player's
	// PFPh, where the next save's moves are read (issue 56), as the turn
	// below shows.
	var stdout, stderr bytes.Buffer
	root := newRoot(&stdout, &stderr)
	root.SetArgs([]string{"vasl", "write", game, "--into", setup, "--out", filepath.Join(dir, "t0b.vsav"), "--boards", boards})
	if err := root.Execute(); err != nil || !strings.Contains(stderr.String(), "plays on to your next PFPh") || strings.Contains(stderr.String(), "to your MPh;") {
		t.Errorf("vasl write's Next: %v\n%s", err, stderr.String())
	}
	if _, err := run(t, "vasl", "write", game, "--into", setup, "--out", t0, "--boards", boards); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("vasl write over a file: %v", err)
	}

	// Moves before the ENEMY's Player Turn are refused: the player's MPh
	// comes after it.
	s0, err := vassal.Open(t0)
	if err != nil {
		t.Fatal(err)
	}
	e0, _ := s0.Edit(time.Now())
	for id, p := range at {
		if p[1] == "2E3" {
			g, _ := coord.ParseGrid("2E2")
			e0.Move([]string{id}, g)
		}
	}
	early := hill.WriteSave(t, e0.Result(), dir, "early.vsav")
	if _, err := run(t, "play", "turn", game, "--friendly-from", early, "--boards", boards); err == nil || !strings.Contains(err.Error(), "your units moved in the save (F1 to 2E2), but the game stands at before turn 1") {
		t.Errorf("a move before the ENEMY's turn: %v", err)
	}

	// Turn 1 from the save: nothing moved; the ENEMY's turn, to the
	// player's MPh.
	t1 := filepath.Join(dir, "t1.vsav")
	out = mustRun(t, "play", "turn", game, "--friendly-from", t0, "--vasl-out", t1, "--boards", boards)
	// The ENEMY's turn 1: the mission's 4 S? set up to enter, told in the
	// RPh's step (SASL 4.21), enter, added in the MPh's step, and advance,
	// moved in the APh's; no FRIENDLY unit acts, so none is Activated and
	// none removed.
	for _, want := range []string{"Read from " + t0 + ": 8 units of yours", "no change to your units", "turn 1, before your PFPh", "0 S? placed, 4 added, 4 moved, 0 removed; 0 changes to your units; 3 steps"} {
		if !strings.Contains(out, want) {
			t.Errorf("play turn --friendly-from: no %q in\n%s", want, out)
		}
	}
	if entered, advanced := strings.Count(out, " moves from off the south edge, "), strings.Count(out, " advances into "); entered != 4 || advanced != 4 || strings.Contains(out, " Activated ") {
		t.Errorf("turn 1: %d S? entered, %d advanced, Activated %v: not what the save counts:\n%s", entered, advanced, strings.Contains(out, " Activated "), out)
	}
	samePlaces(t, "turn 1", enemyOnSave(t, t1), enemyInGame(t, game, t1))

	// The player moves F1 a hex and loses F8 in VASL; the next turn reads
	// both, and writes the ENEMY's moves as steps.
	s1, err := vassal.Open(t1)
	if err != nil {
		t.Fatal(err)
	}
	e, err := s1.Edit(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var f5, f8 string
	var f34 []string // the squad and leader of 2I5
	for id, p := range at {
		switch {
		case p[1] == "2K3":
			f5 = id
		case p[1] == "2O5":
			f8 = id
		case p[1] == "2I5" && p[0] != "LMG":
			f34 = append(f34, id)
		}
	}
	g, _ := coord.ParseGrid("2K2")
	if err := e.Move([]string{f5}, g); err != nil {
		t.Fatal(err)
	}
	g, _ = coord.ParseGrid("2I4")
	if err := e.Move(f34, g); err != nil {
		t.Fatal(err)
	}
	if err := e.Remove([]string{f8}); err != nil {
		t.Fatal(err)
	}
	t1p := hill.WriteSave(t, e.Result(), dir, "t1-played.vsav")
	t2 := filepath.Join(dir, "t2.vsav")
	out = mustRun(t, "play", "turn", game, "--friendly-from", t1p, "--vasl-out", t2, "--boards", boards)
	for _, want := range []string{"F5 2K3: moved to 2K2", "F8 2O5: set F8 eliminated", "done: move F5 2K2", "done: move F3,F4 2I4", "done: set F8 eliminated", "F5: 2K3 2K2", "turn 2, before your PFPh"} {
		if !strings.Contains(out, want) {
			t.Errorf("play turn from the played save: no %q in\n%s", want, out)
		}
	}
	show := mustRun(t, "play", "show", game, "--boards", boards)
	if strings.Contains(show, "F8 ") {
		t.Errorf("after the save's turn, F8 is still there:\n%s", show)
	}
	samePlaces(t, "turn 2", enemyOnSave(t, t2), enemyInGame(t, game, t2))
	yoursAgree(t, game, t2)
	// The save of before is not of the game as it stands now.
	// (sasl's words name the way out by its flags: table's refusal names
	// none, cliWords adds them.)
	if _, err := run(t, "play", "turn", game, "--friendly-from", t1p, "--boards", boards); err == nil || !strings.Contains(err.Error(), "not a save of "+game+" as it stands") || !strings.Contains(err.Error(), "sasl vasl write "+game+" --into "+t1p+" --out NEW.vsav") {
		t.Errorf("the save of the turn before, again: %v", err)
	}
	if s2, _ := vassal.Open(t2); s2.Steps() == 0 {
		t.Error("turn 2 written with no steps to play")
	}
	// A step per phase, not per counter moved: the phases of both sides'
	// Player Turns from your MPh to your next RPh (16 at most), then what
	// else changed, the labels, your units.
	var added, moved, removed, yours, steps int
	if _, err := fmt.Sscanf(out[strings.LastIndex(out, "0 S? placed, "):], "0 S? placed, %d added, %d moved, %d removed; %d changes to your units; %d steps", &added, &moved, &removed, &yours, &steps); err != nil || steps > 19 || steps >= added+moved+removed+yours {
		t.Errorf("turn 2: %d steps for %d added, %d moved, %d removed, %d of yours (%v): want one per phase", steps, added, moved, removed, yours, err)
	}
	// A move the engine refuses (a surviving unit across the map) leaves
	// the game as it was.
	var survivor string
	for _, line := range strings.Split(show, "\n") {
		if f := strings.Fields(line); len(f) > 3 && strings.HasPrefix(f[0], "F") {
			survivor = f[0]
			break
		}
	}
	var piece string
	for _, line := range strings.Split(string(ms), "\n") {
		if strings.Contains(line, "id: "+survivor+",") {
			_, v, _ := strings.Cut(line, `vasl: "`)
			piece, _, _ = strings.Cut(v, `"`)
		}
	}
	before, _ := os.ReadFile(game)
	s2, _ := vassal.Open(t2)
	e2, _ := s2.Edit(time.Now())
	far, _ := coord.ParseGrid("3A1")
	if err := e2.Move([]string{piece}, far); err != nil {
		t.Fatalf("%s (piece %q): %v", survivor, piece, err)
	}
	t2far := hill.WriteSave(t, e2.Result(), dir, "far.vsav")
	if _, err := run(t, "play", "turn", game, "--friendly-from", t2far, "--boards", boards); err == nil || !strings.Contains(err.Error(), "move "+survivor+" 3A1 (from "+t2far+")") {
		t.Errorf("%s moved across the map: %v", survivor, err)
	}
	if after, _ := os.ReadFile(game); !bytes.Equal(before, after) {
		t.Error("a refused turn changed the game file")
	}
}

// The four-board setup written into a save of those boards and read back:
// every S? on its hex, every command of the save kept.
func TestVaslFourBoards(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := vassal.Open(filepath.Join(testshared.Path(t, "vasl/saves"), "Hill-621-Scenario-E.vsav"))
	if err != nil {
		t.Fatal(err)
	}
	old := []byte("bd\t0\t0\t02\tVER\t6.4\tbd\t0\t1\t04\tVER\t6.1\tbd\t0\t2\t03\tVER\t6.3\t")
	if !bytes.Contains(s.Content, old) {
		t.Fatal("the Hill 621 save's board command is not where the test expects it")
	}
	s.Content = bytes.ReplaceAll(s.Content, old, []byte("bd\t0\t0\t33\tVER\t6.4\tbd\t1\t0\t02\tVER\t6.4\tbd\t0\t1\t15\tVER\t6.1\tbd\t1\t1\t04\tVER\t6.1\t"))
	into := hill.WriteSave(t, s, dir, "four.vsav")
	game := filepath.Join(dir, "g.yaml")
	mustRun(t, "play", "new", "--policy", "hold", "--mission", "../../examples/four-boards.yaml", "--boards", realBoards(t), "--save", game, "--seed", "1")
	out := filepath.Join(dir, "out.vsav")
	got := mustRun(t, "vasl", "write", game, "--into", into, "--out", out, "--boards", realBoards(t))
	inGame := enemyInGame(t, game, out)
	// Every S? of the setup (SASL 4.1 case b since issue 51: 47 on seed
	// 1), as place counts them, is in the game and written.
	placed := mustRun(t, "place", "--mission", "../../examples/four-boards.yaml", "--boards", realBoards(t), "--seed", "1")
	m := regexp.MustCompile(`(?m)^(\d+) S\?:$`).FindStringSubmatch(placed)
	if m == nil {
		t.Fatalf("place: no count of S?:\n%s", placed)
	}
	if !strings.Contains(got, fmt.Sprintf("%d S? placed", len(inGame))) || strconv.Itoa(len(inGame)) != m[1] {
		t.Errorf("vasl write of %d S?, place set up %s: %s", len(inGame), m[1], got)
	}
	samePlaces(t, "four boards", enemyOnSave(t, out), inGame)
	shown := mustRun(t, "vasl", "show", out)
	if !strings.Contains(shown, "Boards: 33,2/15,4") || strings.Count(shown, "Suspect Black") != len(inGame) {
		t.Errorf("vasl show of the written save:\n%.500s", shown)
	}
	// The test's own decoder: the ZIP entry unmasked by hand, the commands
	// split at ESCs no backslash escapes, each S?'s label and pixel read
	// from its add command, the pixel's hex worked out here: boards 33, 2
	// over 15, 4, each 1800 x 645 beyond a 400 px margin.
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	z, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	var saved []byte
	for _, f := range z.File {
		if f.Name == "savedGame" {
			r, _ := f.Open()
			saved, _ = io.ReadAll(r)
			r.Close()
		}
	}
	bin, err := hex.DecodeString(strings.TrimPrefix(string(saved), "!VCSK"))
	if err != nil || !strings.HasPrefix(string(saved), "!VCSK") {
		t.Fatalf("savedGame is not !VCSK: %v", err)
	}
	for i := 1; i < len(bin); i++ {
		bin[i] ^= bin[0]
	}
	re := regexp.MustCompile(`^\+/\d+/prototype;Info\t.*Suspect/\t([^\\\t]+)\\\t\d\\\\\tMain Map;(\d+);(\d+);`)
	boardAt := [2][2]string{{"33", "2"}, {"15", "4"}}
	found := 0
	onBoard := map[string]int{}
	start := 1
	for i := 1; i <= len(bin); i++ {
		if i < len(bin) && (bin[i] != 0x1b || bin[i-1] == '\\') {
			continue
		}
		m := re.FindStringSubmatch(string(bin[start:i]))
		start = i + 1
		if m == nil {
			continue
		}
		x, _ := strconv.Atoi(m[2])
		y, _ := strconv.Atoi(m[3])
		bx, by := min((x-400)/1800, 1), min((y-400)/645, 1) // a half hex's centre on the far edge
		lx, ly := float64(x-400-1800*bx), float64(y-400-645*by)
		col := int(lx/56.25 + 0.5)
		row := int(ly/64.5 + 0.5)
		if col%2 == 0 {
			row = int((ly+32.25)/64.5 + 0.5)
		}
		letters := string(rune('A' + col%26))
		if col >= 26 {
			letters += letters
		}
		hexName := fmt.Sprintf("%s%s%d", boardAt[by][bx], letters, row)
		g, _ := coord.ParseGrid(hexName)
		cells, _ := s.Boards()
		px, py, _ := vassal.Centre(cells, g)
		id, _, _ := strings.Cut(m[1], " ") // "S16 level 1"
		if want, ok := inGame[id]; !ok || want != [2]float64{px, py} {
			t.Errorf("the test's decoder reads %s on %s (%d, %d), the game has it at %v", m[1], hexName, x, y, want)
		}
		found++
		onBoard[boardAt[by][bx]]++
	}
	if found != len(inGame) {
		t.Errorf("the test's decoder finds %d S?, the game has %d ENEMY units on the map", found, len(inGame))
	}
	// Case b sets S? up in the woods of every board: each of the four
	// boards has some, so every board's offset is checked.
	if len(onBoard) != 4 {
		t.Errorf("the test's decoder finds S? on the boards %v, want all four", onBoard)
	}
	w, err := vassal.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	// The save's own commands, in order and untouched, around the new ones.
	i := bytes.LastIndex(s.Content, []byte("\x1bend_save"))
	if !bytes.HasPrefix(w.Content, s.Content[:i]) || !bytes.HasSuffix(w.Content, s.Content[i:]) {
		t.Error("the save's commands are not kept byte for byte")
	}
}

// play new --friendly-from writes the mission beside the game only under
// the game file's lock: with another command holding it, the game in
// progress keeps its mission file (it was overwritten, then removed when
// the lock could not be had).
func TestFriendlyFromWaitsForTheLock(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	setup, _ := hill.Setup(t, dir)
	mission := filepath.Join(dir, "hill.yaml")
	os.WriteFile(mission, []byte(hill.Mission), 0o644)
	g := filepath.Join(dir, "g.yaml")
	mustRun(t, "play", "new", "--mission", mission, "--boards", realBoards(t), "--friendly-from", setup, "--save", g, "--seed", "7", "--policy", "player")
	written := filepath.Join(dir, "g.mission.yaml")
	before, err := os.ReadFile(written)
	if err != nil {
		t.Fatal(err)
	}
	l, err := filelock.Acquire(g, 0, "sasl play next")
	if err != nil {
		t.Fatal(err)
	}
	_, err = run(t, "play", "new", "--mission", mission, "--boards", realBoards(t), "--friendly-from", setup, "--save", g, "--seed", "8", "--policy", "player", "--force", "--wait", "0s")
	l.Release()
	if err == nil || !strings.Contains(err.Error(), "in use by another command") {
		t.Fatalf("play new while the game is held: %v", err)
	}
	if now, err := os.ReadFile(written); err != nil || !bytes.Equal(now, before) {
		t.Errorf("the game's mission file was touched: %v", err)
	}
	mustRun(t, "play", "show", g)
}
