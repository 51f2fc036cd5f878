package game

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata")

func prepared(t testing.TB, name, boards string) *world.World {
	t.Helper()
	p, _, err := Open(name, boards, "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// newGame starts a game: the engine plays the FRIENDLY side (hold) for
// even seeds, the player for odd ones.
func newGame(t testing.TB, p *world.World, seed uint64) *Game {
	t.Helper()
	policy := PolicyHold
	if seed%2 == 1 {
		policy = PolicyPlayer
	}
	g, _, err := New(p, state.Game{Mission: "test", Seed: seed, HasSeed: true, Policy: policy}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// record is a turn's events as data, for comparing two runs byte for byte.
func record(t testing.TB, rep *Report) string {
	t.Helper()
	b, err := json.Marshal(rep.Events)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("turn %d %s dice %s\n", rep.Turn, b, dice.Script(rep.Dice))
}

func written(t testing.TB, g *Game) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := g.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Save and resume are exact: for any k, playing k turns, writing the game,
// reading it back and playing on gives byte-identical state and events to
// playing straight through (both demo missions, 50 seeds in the long run,
// 8 in the short, k = 1..4).
func TestSaveResumeExact(t *testing.T) {
	t.Parallel()
	for _, name := range missions.Demos() {
		p := prepared(t, name, "")
		for seed := range longrun.Seeds(50, 8) {
			straight := newGame(t, p, seed)
			var events []string
			for !straight.Over() {
				rep, err := straight.Turn(nil)
				if err != nil {
					t.Fatalf("%s seed %d: %v", name, seed, err)
				}
				events = append(events, record(t, rep))
			}
			final := written(t, straight)
			for k := 1; k <= 4; k++ {
				g := newGame(t, p, seed)
				var got []string
				for range k {
					rep, err := g.Turn(nil)
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, record(t, rep))
				}
				file := written(t, g)
				st, err := state.Parse(file, "game.yaml", p.Map())
				if err != nil {
					t.Fatalf("%s seed %d k %d: the engine's own file is refused: %v\n%s", name, seed, k, err, file)
				}
				if again := written(t, &Game{w: p, st: st}); !bytes.Equal(again, file) {
					t.Fatalf("%s seed %d k %d: written, read and written again differs:\n%s\n---\n%s", name, seed, k, file, again)
				}
				g, err = Resume(p, st)
				if err != nil {
					t.Fatal(err)
				}
				for !g.Over() {
					rep, err := g.Turn(nil)
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, record(t, rep))
				}
				for i := range events {
					if i >= len(got) || got[i] != events[i] {
						t.Fatalf("%s seed %d resumed after %d turns: turn %d differs:\nstraight %s\nresumed  %s", name, seed, k, i+1, events[i], got[min(i, len(got)-1)])
					}
				}
				if end := written(t, g); !bytes.Equal(end, final) {
					t.Fatalf("%s seed %d resumed after %d turns: final state differs:\n%s\n---\n%s", name, seed, k, final, end)
				}
			}
		}
	}
}

// A game plays to the mission's last turn and no further; the file of a
// finished game reads back.
func TestLastTurn(t *testing.T) {
	t.Parallel()
	p := prepared(t, "crossroads", "")
	g := newGame(t, p, 3) // a player's game out of a Session: it never stops
	for range p.Mission().Turns {
		if _, err := g.Turn(nil); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over() || g.st.Turn != 7 {
		t.Fatalf("after 6 turns: over %v, turn %d", g.Over(), g.st.Turn)
	}
	before := written(t, g)
	if _, err := g.Turn(nil); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("a seventh turn of a 6-turn mission: %v", err)
	}
	if !bytes.Equal(before, written(t, g)) {
		t.Error("a refused turn changed the game")
	}
	if _, err := state.Parse(before, "g.yaml", p.Map()); err != nil {
		t.Errorf("the file of a finished game: %v", err)
	}
}

// A turn whose dice run out fails and leaves the game as it was; the game
// then plays on as if it had never been tried.
func TestFailedTurnLeavesGame(t *testing.T) {
	t.Parallel()
	p := prepared(t, "crossroads", "")
	a, b := newGame(t, p, 5), newGame(t, p, 5)
	before := written(t, b)
	short, _ := dice.Scripted("1")
	if _, err := b.Turn(short); err == nil {
		t.Fatal("turn 1 with one die: no error")
	}
	if !bytes.Equal(before, written(t, b)) {
		t.Fatal("a failed turn changed the game")
	}
	ra, err := a.Turn(nil)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := b.Turn(nil)
	if err != nil {
		t.Fatal(err)
	}
	if record(t, ra) != record(t, rb) || !bytes.Equal(written(t, a), written(t, b)) {
		t.Error("after a failed turn the game plays differently")
	}
}

// play new --seed N places exactly the S? that place --seed N places, each
// a unit, with its case and Crest status.
func TestNewPlacesSetup(t *testing.T) {
	t.Parallel()
	p := prepared(t, "wooded-hill", "")
	for seed := range uint64(10) {
		g, setup, err := New(p, state.Game{Seed: seed, HasSeed: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		alone, err := ai.New(p, dice.Seeded(seed), nil).Place()
		if err != nil {
			t.Fatal(err)
		}
		var units []string
		for _, u := range g.st.Units() {
			if u.Kind == state.SQ {
				units = append(units, fmt.Sprintf("%s %c %v", p.Map().LocationName(u.At()), u.Case, u.Crest))
			}
		}
		var want []string
		for _, pl := range alone.Placements {
			want = append(want, fmt.Sprintf("%s %c %v", p.Map().LocationName(pl.Location), pl.Case, pl.Crest))
		}
		if strings.Join(units, "\n") != strings.Join(want, "\n") || len(setup.Placements) != len(want) {
			t.Fatalf("seed %d: game setup\n%s\nplace\n%s", seed, strings.Join(units, "\n"), strings.Join(want, "\n"))
		}
	}
	// Crest status survives a save.
	var g *Game
	crest := 0
	for seed := uint64(0); crest == 0 && seed < 50; seed++ {
		g = newGame(t, p, seed)
		for _, u := range g.st.Units() {
			if u.Crest {
				crest++
			}
		}
	}
	st, err := state.Parse(written(t, g), "g.yaml", p.Map())
	if err != nil {
		t.Fatal(err)
	}
	back := 0
	for _, u := range st.Units() {
		if u.Crest {
			back++
		}
	}
	if crest == 0 || back != crest {
		t.Errorf("%d S? in Crest status, %d after a save", crest, back)
	}
}

// Load finds the mission and boards a game file names, from any folder.
func TestLoad(t *testing.T) {
	t.Parallel()
	p, hdr, err := Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	hdr.Seed, hdr.HasSeed = 9, true
	g, _, err := New(p, hdr, nil)
	if err != nil {
		t.Fatal(err)
	}
	g.Turn(nil)
	file := written(t, g)
	back, err := Load(bytes.NewReader(file), "g.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(written(t, back), file) {
		t.Error("loaded game writes differently")
	}
	if _, err := Load(strings.NewReader("turn: 2\n"), "plain.yaml", ""); err == nil || !strings.Contains(err.Error(), "names no mission") {
		t.Errorf("a plain state file: %v", err)
	}
}

// The golden transcript of a whole seeded game on real boards: setup, then
// every turn's events as people read them. go test ./game -update rewrites
// it.
func TestGoldenRealBoards(t *testing.T) {
	t.Parallel()
	dir := testshared.Boards(t)
	ms, err := missions.Parse([]byte(realMission), "four-boards.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ms.Map(library.New(dir))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(ms, m, tables.Default())
	if err != nil {
		t.Fatal(err)
	}
	g, setup, err := New(p, state.Game{Mission: "four-boards.yaml", Seed: 20261122, HasSeed: true, Policy: PolicyHold}, nil)
	if err != nil {
		t.Fatal(err)
	}
	words := report.New(p)
	var b strings.Builder
	fmt.Fprintf(&b, "Setup: %d S?\n", len(setup.Placements))
	for _, pl := range setup.Placements {
		fmt.Fprintf(&b, "  %s case %s\n", setup.Ref(pl), pl.Case)
	}
	for !g.Over() {
		rep, err := g.Turn(nil)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "Turn %d\n", rep.Turn)
		for _, e := range rep.Events {
			fmt.Fprintf(&b, "  %s %s %s\n", e.Phase, e.Kind, words.Text(&e))
		}
		fmt.Fprintf(&b, "  dice: %s\n", dice.Script(rep.Dice))
	}
	b.WriteString("Game file:\n")
	b.Write(written(t, g))
	golden := filepath.Join("testdata", "four-boards.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./game -update)", err)
	}
	if b.String() != string(want) {
		t.Errorf("the transcript differs from %s (go test ./game -update rewrites it after a deliberate change):\n%s", golden, b.String())
	}
}

// realMission: four real boards, setup by cases a, b, c and e, two entries,
// a Human Wave from the south against five FRIENDLY units, six turns.
const realMission = `name: four boards
boards: [["33", "2"], ["15", "4"]]
north: up
fbe: north
ebe: south
month: 7
enemy: Russian
turns: 6
vpo: ["33Q6", "2I9"]
placement: [a, b, c, e]
entry:
  - {turn: 1, edge: south, count: 4}
  - {turn: 3, edge: east, count: 3}
human_wave:
  - {turn: 2, edge: south}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: 33Q6, known: true}
  - {id: F2, unit: squad, type: 6-6-7, at: 2I9, known: true}
  - {id: F3, unit: squad, type: 6-6-7, at: 15P4, known: true}
  - {id: F4, unit: half_squad, type: 3-3-7, at: 4T2, known: true}
  - {id: F5, unit: leader, type: 8-1, at: 33Q6, known: true}
victory:
  control: ["33Q6", "2I9"]
  max_enemy_exits: 2
`

func seededRoller(seed uint64) dice.Roller { return dice.Seeded(seed) }

// Save and resume are exact at every phase of both Player Turns: a game
// played phase by phase (Phase) plays as one played turn by turn (Turn),
// and written after any phase, read back and played on, it plays the same
// events and writes the same file as the game played straight through: to
// the end in the long run (six seeds), two phases on in the short (one
// seed). Under each policy (the player's stops included) on both demo
// missions and a FRIENDLY attack on real board 24.
func TestSaveResumeEveryPhase(t *testing.T) {
	t.Parallel()
	worlds := map[string]*world.World{}
	for _, name := range missions.Demos() {
		worlds[name] = prepared(t, name, "")
	}
	if _, ok := testshared.FindBoards(); ok {
		worlds["attack24"] = prepareText(t, attack24)
	}
	seeds := longrun.Seeds(6, 1)
	for name, w := range worlds {
		for _, pol := range []state.Policy{PolicyHold, PolicyAttack, PolicyPlayer} {
			t.Run(name+"/"+string(pol), func(t *testing.T) {
				t.Parallel()
				for seed := range seeds {
					saveResumeEveryPhase(t, w, pol, seed)
				}
			})
		}
	}
}

func saveResumeEveryPhase(t *testing.T, w *world.World, pol state.Policy, seed uint64) {
	t.Helper()
	start := func() *Game {
		g, _, err := New(w, state.Game{Mission: "test", Seed: seed, HasSeed: true, Policy: pol}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	// Turn by turn.
	g := start()
	var turns []report.Event
	for !g.Over() {
		rep, err := g.Turn(nil)
		if err != nil {
			t.Fatal(err)
		}
		turns = append(turns, rep.Events...)
	}
	byTurn := g.st.Clone()
	// Phase by phase, the file after each.
	g = start()
	var files [][]byte
	var events [][]byte // each phase's events as data
	var phases []report.Event
	for !g.Over() {
		rep, err := g.Phase(nil)
		if err != nil {
			t.Fatal(err)
		}
		phases = append(phases, rep.Events...)
		events = append(events, []byte(record(t, rep)))
		files = append(files, written(t, g))
	}
	final := files[len(files)-1]
	a, _ := json.Marshal(turns)
	b, _ := json.Marshal(phases)
	if !bytes.Equal(a, b) {
		t.Fatalf("seed %d: played phase by phase, the events differ from turn by turn", seed)
	}
	byTurn.Trail = g.st.Trail // the trail is kept by step: a step is a turn or a phase
	if x := written(t, &Game{w: w, st: byTurn}); !bytes.Equal(x, final) {
		t.Fatalf("seed %d: played phase by phase, the game ends differently:\n%s\n---\n%s", seed, x, final)
	}
	// Resumed after each phase: played to the end in the long run
	// (longrun); in the short, two phases on, each file compared with the
	// straight game's (state the file lost shows within a phase or two;
	// to the end is quadratic in the phases).
	ahead := len(files)
	if !longrun.Enabled() {
		ahead = 2
	}
	for k, file := range files[:len(files)-1] {
		st, err := state.Parse(file, "game.yaml", w.Map())
		if err != nil {
			t.Fatalf("seed %d after phase %d: the engine's own file is refused: %v\n%s", seed, k+1, err, file)
		}
		at := where(st)
		r, err := Resume(w, st)
		if err != nil {
			t.Fatal(err)
		}
		i := k + 1
		for ; !r.Over() && i <= k+ahead; i++ {
			rep, err := r.Phase(nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := record(t, rep); got != string(events[i]) {
				t.Fatalf("seed %d resumed after phase %d (%s): phase %d differs:\nstraight %s\nresumed  %s\nfile:\n%s", seed, k+1, at, i+1, events[i], got, file)
			}
		}
		if r.Over() != (i == len(files)) {
			t.Fatalf("seed %d resumed after phase %d (%s): over after phase %d, straight after %d", seed, k+1, at, i, len(files))
		}
		if end := written(t, r); !bytes.Equal(end, files[i-1]) {
			t.Fatalf("seed %d resumed after phase %d (%s): after phase %d the game differs:\n%s\n---\n%s", seed, k+1, at, i, files[i-1], end)
		}
	}
}

// where says where a game stands: "turn 2, before the friendly MPh".
func where(st *state.State) string {
	s := fmt.Sprintf("turn %d, before the %s %s", st.Turn, st.Player, st.Phase)
	if st.Stopped != nil {
		s += ", stopped at " + report.Where(st.Stopped)
	}
	return s
}
