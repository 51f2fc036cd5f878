package game

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

var (
	realLibMu sync.Mutex
	realLib   = map[string]*library.Library{}
	// prepared worlds by mission text (or "demo NAME"), with the built-in tables: a world
	// is read only once prepared (sim shares one among its workers), so
	// the tests share one each and build its LOS once.
	sharedWorldsMu sync.Mutex
	sharedWorlds   = map[string]*world.World{}
)

func prepareText(t testing.TB, text string) *world.World {
	t.Helper()
	return sharedWorld(t, text, func() *world.World { return prepareTables(t, text, tables.Default()) })
}

// sharedWorld is the world key names, prepared by prepare the first time
// it is asked for and shared by the tests after.
func sharedWorld(t testing.TB, key string, prepare func() *world.World) *world.World {
	t.Helper()
	sharedWorldsMu.Lock()
	w := sharedWorlds[key]
	sharedWorldsMu.Unlock()
	if w != nil {
		return w
	}
	w = prepare()
	sharedWorldsMu.Lock()
	defer sharedWorldsMu.Unlock()
	if w0 := sharedWorlds[key]; w0 != nil {
		return w0
	}
	sharedWorlds[key] = w
	return w
}

// prepareTables prepares the mission text with tables tab.
func prepareTables(t testing.TB, text string, tab *tables.Set) *world.World {
	t.Helper()
	dir := testshared.Boards(t)
	realLibMu.Lock()
	if realLib[dir] == nil {
		realLib[dir] = library.New(dir)
	}
	lib := realLib[dir]
	realLibMu.Unlock()
	ms, err := missions.Parse([]byte(text), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ms.Map(lib)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(ms, m, tab)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

var lineBoards = []string{"1", "2", "3", "4", "5", "6", "9", "10", "11", "12", "13", "14"}

// Eight and twelve boards in a line, with entries and a Human Wave along
// their lengths (one Letter Chit and a DR for the board) and along their
// widths: every reroll is bounded, and a whole game ends (it took memory
// without bound before: one die cannot choose among more than six boards).
func TestManyBoardsInALine(t *testing.T) {
	t.Parallel()
	// Twelve boards in the long run (longrun); eight are already more
	// than a die can choose among.
	for _, n := range []int{8, 12}[:longrun.Choose(2, 1)] {
		row := `["` + strings.Join(lineBoards[:n], `", "`) + `"]`
		for _, layout := range []string{"[" + row + "]", "[" + strings.ReplaceAll(strings.ReplaceAll(row, `", "`, `"], ["`), "[", "[") + "]"} {
			p := prepareText(t, fmt.Sprintf(`name: %d boards
boards: %s
fbe: north
ebe: south
turns: 3
entry:
  - {turn: 1, edge: south, count: 6}
  - {turn: 1, edge: east, count: 6}
human_wave:
  - {turn: 1, edge: south}
friendly:
  - {id: F1, unit: squad, at: 1Q5, known: true}
`, n, layout))
			for seed := range uint64(5) {
				g := newGame(t, p, seed)
				for !g.Over() {
					if _, err := g.Turn(nil); err != nil {
						t.Fatalf("%d boards %s seed %d: %v", n, layout, seed, err)
					}
				}
				waiting := 0
				for _, u := range g.st.Units() {
					if u.Entering && u.Wave == "" {
						waiting++
					}
				}
				if waiting != 0 || len(g.st.Waves) != 1 {
					t.Errorf("%d boards %s seed %d: %d S? never entered, %d waves", n, layout, seed, waiting, len(g.st.Waves))
				}
			}
		}
	}
}

// No Human Wave unit's APh move takes it further from the FBE, nor sideways
// (SASL 4.32): 100 seeds of a whole game on four real boards (25 in the
// short run). (The units
// outside a wave, policy.released advance, advance toward their goal.)
func TestAPhNeverBack(t *testing.T) {
	t.Parallel()
	p := prepareText(t, realMission)
	moves := 0
	for seed := range longrun.Seeds(100, 25) {
		g := newGame(t, p, seed)
		for !g.Over() {
			rep, err := g.Turn(nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range rep.Events {
				if e.Phase != state.APh || len(e.Steps) < 2 || e.Goal != report.NoGoal {
					continue
				}
				moves++
				from, to := e.Steps[0].Location.Hex, e.Steps[len(e.Steps)-1].Location.Hex
				if p.Progress(to) <= p.Progress(from) {
					t.Errorf("seed %d: %s advances away from the FBE or sideways: %s", seed, e.Units, report.New(p).Text(&e))
				}
			}
		}
	}
	if moves == 0 {
		t.Error("no APh move in any game")
	}
}

// SASL 4.1 [EXC: 4.1e]: case e may add a third S? to a Location that cases
// a and c filled: here the VPO building 33R6 on board 33, whose ground
// Location takes one S? by case a and one by case c, and a third by case e
// when a placement hex's radius covers it.
func TestCaseEThirdS(t *testing.T) {
	t.Parallel()
	p := prepareText(t, `name: third S?
boards: [["33"]]
fbe: north
ebe: south
month: 7
vpo: ["33R6"]
placement: [a, c, e]
`)
	third := 0
	for seed := range longrun.Seeds(200, 40) {
		s, err := ai.New(p, seededRoller(seed), nil).Place()
		if err != nil {
			t.Fatal(err)
		}
		count := map[string][]byte{}
		for _, pl := range s.Placements {
			name := p.Map().LocationName(pl.Location)
			count[name] = append(count[name], byte(pl.Case))
		}
		for loc, cases := range count {
			if len(cases) == 3 {
				third++
				if string(cases) != "ace" {
					t.Errorf("seed %d: %s holds S? of cases %q; only case e may be the third", seed, loc, cases)
				}
			}
			if len(cases) > 3 {
				t.Errorf("seed %d: %d S? in %s", seed, len(cases), loc)
			}
		}
	}
	if third == 0 {
		t.Error("in every setup case e never added a third S? to a Location cases a and c filled")
	}
}
