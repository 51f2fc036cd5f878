package world

import (
	"testing"

	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/tables"
)

// board33 is a world of real board 33 alone: 33Q7 is walled on its N, NE,
// S, SW and NW hexsides (the 4.1 EX's Q6-Q7 wall), 33R6 is a building
// whose SW hexside is that same Q7-R6 wall, 33U8 is hedged.
func board33(t testing.TB, tb *tables.Set) *World {
	t.Helper()
	ms, err := missions.Parse([]byte("name: walls\nboards: [[\"33\"]]\nfbe: north\nebe: south\nmonth: 7\nvpo: [\"33R6\"]\n"), "walls.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ms.Map(library.New(realBoards(t)))
	if err != nil {
		t.Fatal(err)
	}
	w, err := New(m, ms, tb, nil)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestWallTEM_B9_31: a shot whose line crosses a wall (hedge) hexside of
// the target's hex, or passes through one of its vertices, takes the
// wall's +2 (the hedge's +1) (ASL B9.3, B9.1); a line entering by a
// hexside without one takes the hex's own TEM; the wall's TEM is not added
// to the hex's own, the larger applies (B9.31); a line run exactly along
// a wall hexspine gives both ends its TEM (B9.2's example); a unit on an
// upper level is above the wall, and an ADJACENT higher firer fires down
// behind it (combat.wall_above, a reading).
func TestWallTEM_B9_31(t *testing.T) {
	t.Parallel()
	w := board33(t, tables.Default())
	m := w.Map()
	loc := func(s string) board.Location {
		l, err := m.ParseLocation(s)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	for _, c := range []struct {
		name     string
		from, at string
		tem      int
		wall     terrain.Features
	}{
		{"across the Q6-Q7 wall from the north", "33Q5", "33Q7", 2, terrain.Wall},
		{"across the Q7-Q8 wall from the south", "33Q9", "33Q7", 2, terrain.Wall},
		{"ADJACENT across the wall", "33Q6", "33Q7", 2, terrain.Wall},
		{"through the vertex of the N and NE walls", "33R5", "33Q7", 2, terrain.Wall},
		{"by Q7's open SE hexside", "33R7", "33Q7", 0, 0},
		{"from the same hex", "33Q7", "33Q7", 0, 0},
		{"along the Q7-Q8 wall hexspine", "33R7", "33P7", 2, terrain.Wall},
		{"across a hedge", "33U6", "33U8", 1, terrain.Hedge},
		{"ADJACENT and higher: over the wall", "33R6h1", "33Q7", 0, 0},
		{"ADJACENT at the same elevation", "33R6", "33Q7", 2, terrain.Wall},
	} {
		got := w.FireTEM(loc(c.from), loc(c.at))
		if got.TEM != c.tem || got.Wall != c.wall {
			t.Errorf("%s: %s -> %s: TEM %+d (%v), want %+d (%v)", c.name, c.from, c.at, got.TEM, got.Wall, c.tem, c.wall)
		}
	}
	// The building 33R6 behind the same wall: its own TEM, not its own
	// plus the wall's (B9.31).
	r6 := loc("33R6")
	if got := w.FireTEM(loc("33Q7"), r6); got.TEM != w.TEM(r6) || got.Wall != 0 || w.TEM(r6) < 2 {
		t.Errorf("33Q7 -> 33R6 (building TEM %+d behind a wall): %+v, want the building's alone", w.TEM(r6), got)
	}
	// A unit on an upper level is above the wall: 33R6h1 fired at across
	// the Q7-R6 wall hexside takes its Location's TEM.
	if got := w.FireTEM(loc("33Q7"), loc("33R6h1")); got.Wall != 0 {
		t.Errorf("33Q7 -> 33R6h1: %+v, want no wall TEM on an upper level", got)
	}
	// With wall_above 0 the higher ADJACENT firer does not see behind it.
	tb := tables.Default().Clone() // Default is every world's: never changed
	tb.Combat.WallAbove.Value = 0
	if got := board33(t, tb).FireTEM(loc("33R6h1"), loc("33Q7")); got.TEM != 2 {
		t.Errorf("wall_above 0: 33R6h1 -> 33Q7 TEM %+d, want +2", got.TEM)
	}
}
