package game

import (
	"fmt"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// waveMission is a mission of Human Waves only, on boards the other tests
// do not use: 7 (a river across it), 8 (cliffs and water), 9 (cliffs),
// 21 (rowhouses).
func waveMission(boards, fbe, ebe string) string {
	return fmt.Sprintf(`name: waves on %[1]s
boards: [[%[1]s]]
north: up
fbe: %[2]s
ebe: %[3]s
month: 6
enemy: Russian
turns: 4
placement: []
human_wave:
  - {turn: 1, edge: %[3]s}
  - {turn: 2, edge: %[3]s}
friendly:
  - {id: F1, unit: squad, type: 4-6-7, at: %[4]s}
`, boards, fbe, ebe, map[string]string{`"7"`: "7A1", `"8"`: "8A1", `"9"`: "9A1", `"21"`: "21A1", `"8", "9"`: "8A1"}[boards])
}

// TestRelease433 plays Human Waves across rivers, cliffs and rowhouses
// and checks every release (SASL 4.33): a Human Wave unit is released
// where it "runs into an obstacle which cannot be negotiated via Human
// Wave movement (such as a Water Obstacle, cliffs, rowhouse walls,
// etc.)": the obstacle it names is one of those (or terrain Infantry
// cannot enter at all, which the code counts among the "etc."), on the
// hexside or in the hex next to the released unit, ahead of it toward the
// FBE. A unit stopped by a full Location ahead ran into no obstacle.
func TestRelease433(t *testing.T) {
	t.Parallel()
	seeds := uint64(24)
	if !longrun.Enabled() {
		seeds = 6
	}
	releases := 0
	for _, c := range []struct{ boards, fbe, ebe string }{
		{`"7"`, "north", "south"}, {`"7"`, "south", "north"},
		{`"8"`, "north", "south"}, {`"8"`, "south", "north"},
		{`"9"`, "east", "west"}, {`"9"`, "north", "south"},
		{`"21"`, "north", "south"}, {`"8", "9"`, "west", "east"},
	} {
		w := prepareText(t, waveMission(c.boards, c.fbe, c.ebe))
		for seed := range seeds {
			releases += checkReleases(t, w, seed, fmt.Sprintf("boards %s, FBE %s, seed %d", c.boards, c.fbe, seed))
		}
	}
	if releases < 50 {
		t.Errorf("only %d releases: the test checks too little", releases)
	}
	t.Logf("%d releases checked", releases)
}

func checkReleases(t *testing.T, w *world.World, seed uint64, where string) int {
	t.Helper()
	g, _, err := New(w, state.Game{Mission: "test", Seed: seed, HasSeed: true, Policy: PolicyHold}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := w.Map()
	inf, err := w.Infantry()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for !g.Over() {
		rep, err := g.Phase(nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range rep.Events {
			if e.Kind != report.Release || e.Cause == report.CannotEnter {
				continue // CannotEnter: the entrance hex itself, from off the map
			}
			n++
			at, ob := e.At.Hex, e.ObstacleAt
			text := report.New(w).Text(&e)
			d, adjacent := at.DirTo(ob)
			switch {
			case e.Obstacle == report.NoObstacle:
				t.Errorf("%s: %s: no obstacle named", where, text)
				continue
			case !adjacent:
				t.Errorf("%s: %s: the obstacle is %d hexes away", where, text, hex.Distance(at, ob))
				continue
			case w.Progress(ob) <= w.Progress(at):
				t.Errorf("%s: %s: the obstacle is not ahead, toward the FBE", where, text)
				continue
			}
			t0, _ := m.Terrain(at)
			t1, on := m.Terrain(ob)
			real := false
			switch e.Obstacle {
			case report.Cliff:
				real = t0.Sides[d].Has(terrain.Cliff)
			case report.RowhouseWall:
				real = t0.Sides[d].Has(terrain.RowhouseWall)
			case report.WaterObstacle:
				real = on && t1.Kinds.Any(terrain.Water, terrain.Stream)
			case report.Impassable:
				a, _ := inf.Node(e.At)
				b, ok := inf.Node(board.Ground(ob))
				_, can := inf.Cost(a, b)
				real = on && (!ok || !can)
			}
			if !real {
				t.Errorf("%s: %s: there is no such obstacle there (%s)", where, text, m.Describe(ob))
			}
		}
	}
	return n
}
