package combat_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

var (
	walls33Once sync.Once
	walls33     *world.World
	walls33Err  error
)

// walls33 is the world of real board 33 alone (its 33Q7 walled on five
// hexsides, the 4.1 EX's Q6-Q7 wall among them), built once.
func board33(t *testing.T) *world.World {
	t.Helper()
	dir := testshared.Boards(t)
	walls33Once.Do(func() {
		ms, err := missions.Parse([]byte("name: walls\nboards: [[\"33\"]]\nfbe: north\nebe: south\nmonth: 7\nvpo: [\"33R6\"]\n"), "walls.yaml")
		if err != nil {
			walls33Err = err
			return
		}
		m, err := ms.Map(library.New(dir))
		if err != nil {
			walls33Err = err
			return
		}
		walls33, walls33Err = world.New(m, ms, tables.Default(), nil)
	})
	if walls33Err != nil {
		t.Fatal(walls33Err)
	}
	return walls33
}

// placed returns a Resolver on board 33 whose state holds the units given
// at their Locations (by name), the FRIENDLY Player Turn under way.
func placed(t *testing.T, w *world.World, units map[string][]*state.Unit) (*combat.Resolver, *state.State) {
	t.Helper()
	initial, err := w.Initial()
	if err != nil {
		t.Fatal(err)
	}
	st := initial.Clone()
	for _, u := range slices.Clone(st.Units()) {
		st.Remove(u)
	}
	for at, us := range units {
		l, err := w.Map().ParseLocation(at)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range us {
			st.Add(u, l)
		}
	}
	st.Player = state.Friendly
	c := combat.New(w, &report.Log{})
	c.Reset(st, nil)
	return c, st
}

func squad(id string, side state.Side, typ string) *state.Unit {
	return &state.Unit{ID: id, Side: side, Kind: state.Squad, Type: typ}
}

func loc(t *testing.T, w *world.World, s string) board.Location {
	t.Helper()
	l, err := w.Map().ParseLocation(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestWallAdvantage_B9_32: of two units ADJACENT across a wall hexside
// only the one holding Wall Advantage takes the wall's TEM against the
// other (ASL B9.32): a unit there before (not moved this Player Turn)
// holds it over one that moved up, else the DEFENDER does
// (combat.wall_advantage, a reading); a firer that is not ADJACENT never
// takes it away.
func TestWallAdvantage_B9_32(t *testing.T) {
	t.Parallel()
	w := board33(t)
	q6, q7, q5 := loc(t, w, "33Q6"), loc(t, w, "33Q7"), loc(t, w, "33Q5")
	for _, c := range []struct {
		name                   string
		friendlyMoved, enMoved bool
		player                 state.Side
		// the TEM each side's unit takes against the other's fire
		friendlyTEM, enemyTEM int
	}{
		{"the FRIENDLY squad moved up to the ENEMY's wall", true, false, state.Friendly, 0, 2},
		{"the ENEMY squad moved up to the FRIENDLY's wall", false, true, state.Enemy, 2, 0},
		{"neither moved, FRIENDLY Player Turn: the DEFENDER (ENEMY) holds it", false, false, state.Friendly, 0, 2},
		{"neither moved, ENEMY Player Turn: the DEFENDER (FRIENDLY) holds it", false, false, state.Enemy, 2, 0},
	} {
		f, e := squad("F1", state.Friendly, "6-6-7"), squad("E1", state.Enemy, "4-4-7")
		f.Moved, e.Moved = c.friendlyMoved, c.enMoved
		cr, st := placed(t, w, map[string][]*state.Unit{"33Q6": {f}, "33Q7": {e}})
		st.Player = c.player
		if got := cr.Cover(q6, q7, state.Friendly); got.TEM != c.enemyTEM {
			t.Errorf("%s: the ENEMY squad in Q7 takes TEM %+d, want %+d", c.name, got.TEM, c.enemyTEM)
		}
		if got := cr.Cover(q7, q6, state.Enemy); got.TEM != c.friendlyTEM {
			t.Errorf("%s: the FRIENDLY squad in Q6 takes TEM %+d, want %+d", c.name, got.TEM, c.friendlyTEM)
		}
		if got := cr.Cover(q5, q7, state.Friendly); got.TEM != 2 {
			t.Errorf("%s: fire from Q5, not ADJACENT, at Q7: TEM %+d, want the wall's +2", c.name, got.TEM)
		}
	}
	// With wall_advantage 0 both take it.
	tb := tables.Default().Clone() // Default is every world's: never changed
	tb.Combat.WallAdvantage.Value = 0
	w0, err := world.New(w.Map(), w.Mission(), tb, nil)
	if err != nil {
		t.Fatal(err)
	}
	f, e := squad("F1", state.Friendly, "6-6-7"), squad("E1", state.Enemy, "4-4-7")
	f.Moved = true
	cr, _ := placed(t, w0, map[string][]*state.Unit{"33Q6": {f}, "33Q7": {e}})
	if a, b := cr.Cover(q6, q7, state.Friendly), cr.Cover(q7, q6, state.Enemy); a.TEM != 2 || b.TEM != 2 {
		t.Errorf("wall_advantage 0: TEM %+d and %+d, want +2 both", a.TEM, b.TEM)
	}
}

// TestFFMO_A4_6: FFNAM applies to a unit moving but by Assault Movement;
// FFMO only in Open Ground with an unhindered LOS: not with a hindrance,
// not with a positive TEM against that fire (a wall's included, B9.3),
// never at a unit that does not move.
func TestFFMO_A4_6(t *testing.T) {
	t.Parallel()
	cm := &tables.Default().Combat
	nam, mo := cm.FFNAM.Value, cm.FFMO.Value
	for _, c := range []struct {
		name           string
		m              combat.Motion
		tem, hindrance int
		want           int
	}{
		{"in the open, clear LOS", combat.Moving, 0, 0, nam + mo},
		{"in the open, hindered LOS", combat.Moving, 0, 1, nam},
		{"behind a wall", combat.Moving, 2, 0, nam},
		{"in woods", combat.Moving, 1, 0, nam},
		{"Assault Movement in the open", combat.Assault, 0, 0, mo},
		{"Assault Movement, hindered", combat.Assault, 0, 2, 0},
		{"not moving", combat.Still, 0, 0, 0},
	} {
		if got := combat.MoveDRM(cm, c.m, c.tem, c.hindrance); got != c.want {
			t.Errorf("%s: DRM %+d, want %+d", c.name, got, c.want)
		}
	}
}

// TestAimWallTEM_B9_31: FRIENDLY fire at an ENEMY unit behind the Q6-Q7
// wall takes the wall's +2 in its DRM and says so; First Fire at a unit
// moving there has FFNAM but no FFMO (it is not in Open Ground against
// that fire); a fire group one of whose lines crosses the wall takes it
// for the whole group (one DRM for a fire group, as its hindrance:
// ASL A7.55).
func TestAimWallTEM_B9_31(t *testing.T) {
	t.Parallel()
	w := board33(t)
	cm := &tables.Default().Combat
	q7 := loc(t, w, "33Q7")
	f := squad("F1", state.Friendly, "6-6-7")
	g := squad("F2", state.Friendly, "6-6-7")
	e := squad("E1", state.Enemy, "4-4-7")
	cr, _ := placed(t, w, map[string][]*state.Unit{"33Q5": {f}, "33R7": {g}, "33Q7": {e}})
	sh, ok := cr.Aim([]*state.Unit{f}, q7, combat.Moving, 2, false)
	if !ok || sh.TEM != 2 || sh.Wall != terrain.Wall || sh.Move != cm.FFNAM.Value || sh.DRM != 2+sh.Hindrance+cm.FFNAM.Value {
		t.Errorf("from Q5 across the wall: %+v, want TEM +2 (wall), FFNAM only", sh)
	}
	if gr := sh.Group(); gr.Wall != "wall" || gr.TEM != 2 {
		t.Errorf("the report of the fire: %+v, want wall TEM +2", gr)
	}
	sh, ok = cr.Aim([]*state.Unit{g}, q7, combat.Moving, 2, false)
	if !ok || sh.TEM != 0 || sh.Wall != 0 || (sh.Hindrance == 0 && sh.Move != cm.FFNAM.Value+cm.FFMO.Value) {
		t.Errorf("from R7 by the open SE hexside: %+v, want TEM 0, FFNAM and FFMO", sh)
	}
	sh, ok = cr.Aim([]*state.Unit{f, g}, q7, combat.Still, 2, false)
	if !ok || sh.TEM != 2 || sh.Move != 0 {
		t.Errorf("the group of Q5 and R7: %+v, want the wall's +2 for the group", sh)
	}
}
