package ai

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// The configuration of the 4.21 and 4.22 EX: boards 3, 2 and 16 with north
// to the right of the frame, so that the north edge runs along their
// widths (numbered 3, 2, 16 clockwise) and the east edge along the length
// of 16.
const exBoards = "name: 4.2 EX\nboards: [[\"3r\"], [\"2\"], [\"16\"]]\nnorth: right\nfbe: west\nebe: east\n"

func infantryOf(t testing.TB, m *board.Map) pathing.Coster {
	tb := tables.Default()
	w, _ := tb.Preset("clear")
	return pathing.NewInfantry(m, &tb.Infantry, w, tb.Seasons.At(7))
}

func arrivalNames(a *Arrivals) []string {
	var out []string
	for _, x := range a.Arrivals {
		out = append(out, a.Map.NameString(x.Hex))
	}
	return out
}

// TestS4_21_EX: seven S? enter on the EBE (east, along 16's length); chit G
// sets the first up just off the east edge opposite 16G10; chits return to
// the cup, so a hexrow may take more than one S?.
func TestS4_21_EX(t *testing.T) {
	t.Parallel()
	ms, m := mission(t, realBoards(t), exBoards+"entry:\n  - {turn: 1, edge: east, count: 7}\n")
	r := scripted(t, "G H G A B C D")
	a, err := enterOn(m, ms, tables.Default(), infantryOf(t, m), r, 1)
	if err != nil {
		t.Fatal(err)
	}
	got := arrivalNames(a)
	want := []string{"16G10", "16H10", "16G10", "16A10", "16B10", "16C10", "16D10"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("entry hexes %v, want %v", got, want)
	}
	for _, x := range a.Arrivals {
		// A whole edge hex is entered from the off-board hex beyond it; a
		// half-hex from its own missing half (ASL A2.6), at the same frame
		// position.
		whole := x.Hex.Col%2 == 0
		if x.Entry.Method != "4.21" || x.Entry.Board != "16" || (whole && m.OnMap(x.Off)) || (!whole && x.Off != x.Hex) {
			t.Errorf("%+v: want 4.21 on board 16 from off the map", x)
		}
	}
	if len(r.Left()) != 0 {
		t.Errorf("dice left: %v", r.Left())
	}
}

// TestS4_22_EX: five S? along the north edge; boards 3 (1-2), 2 (3-4) and
// 16 (5-6). DR red 5 white 2: 16GG4; DR red 2 white 6: 3A8.
func TestS4_22_EX(t *testing.T) {
	t.Parallel()
	ms, m := mission(t, realBoards(t), exBoards+"entry:\n  - {turn: 1, edge: north, count: 5}\n")
	r := scripted(t, "5 2  2 6  3 1  4 4  6 3")
	a, err := enterOn(m, ms, tables.Default(), infantryOf(t, m), r, 1)
	if err != nil {
		t.Fatal(err)
	}
	got := arrivalNames(a)
	want := []string{"16GG4", "3A8", "2GG3", "2GG6", "16GG5"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("entry hexes %v, want %v\n%s", got, want, fmt.Sprint(a.Log))
	}
	for _, x := range a.Arrivals {
		if x.Entry.Method != "4.22" {
			t.Errorf("%+v: want 4.22", x)
		}
	}
}

func TestEntryRules(t *testing.T) {
	t.Parallel()
	dir := realBoards(t)
	t.Run("coloured dr that chooses no board is rerolled", func(t *testing.T) {
		// Four boards along the north edge: 1..4 choose, 5 and 6 reroll.
		ms, m := mission(t, dir, "name: x\nboards: [[\"3\"], [\"2\"], [\"16\"], [\"4\"]]\nnorth: right\nfbe: west\nebe: east\nentry:\n  - {turn: 1, edge: north, count: 1}\n")
		a, err := enterOn(m, ms, tables.Default(), infantryOf(t, m), scripted(t, "5 1 6 2 4 3"), 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := arrivalNames(a); len(got) != 1 || !strings.HasPrefix(got[0], "4") {
			t.Errorf("coloured 4 chooses the fourth board: %v\n%s", got, fmt.Sprint(a.Log))
		}
	})
	t.Run("one board along the width takes a dr", func(t *testing.T) {
		ms, m := mission(t, "", "name: x\nboards: [[\"x1\"]]\nfbe: east\nebe: west\nentry:\n  - {turn: 2, edge: west, count: 1}\n")
		a, err := enterOn(m, ms, tables.Default(), infantryOf(t, m), scripted(t, "4"), 2)
		if err != nil {
			t.Fatal(err)
		}
		if got := arrivalNames(a); len(got) != 1 || got[0] != "x1A6" {
			t.Errorf("dr 4 + 2 on the west edge of x1: %v", got)
		}
	})
	t.Run("overstacked entry hex redraws", func(t *testing.T) {
		ms, m := mission(t, "", "name: x\nboards: [[\"x1\"]]\nfbe: north\nebe: south\nentry:\n  - {turn: 1, edge: south, count: 3}\n")
		a, err := enterOn(m, ms, tables.Default(), infantryOf(t, m), scripted(t, "Q Q Q R"), 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := arrivalNames(a); !reflect.DeepEqual(got, []string{"x1Q10", "x1Q10", "x1R10"}) {
			t.Errorf("two S? per entry hex: %v", got)
		}
	})
	t.Run("script runs out", func(t *testing.T) {
		ms, m := mission(t, "", "name: x\nboards: [[\"x1\"]]\nfbe: north\nebe: south\nentry:\n  - {turn: 1, edge: south, count: 2}\n")
		r := scripted(t, "Q")
		r.Words = report.New(newWorld(t, m, ms)).Why
		_, err := enterOn(m, ms, tables.Default(), infantryOf(t, m), r, 1)
		if err == nil || !strings.Contains(err.Error(), "ran out: a Letter Chit was expected for SASL 4.21: hexrow of S? 2 of 2") {
			t.Errorf("error %v", err)
		}
	})
}

// Properties over many seeds and every demo mission: no S? within 3 hexes
// of a whole off-board FBE hex, never more than two in a Location, the same
// seed gives the same setup, and the setup's dice, as a script, replay it.
func TestPlacementProperties(t *testing.T) {
	t.Parallel()
	lib := library.New("")
	for _, name := range missions.Demos() {
		ms, err := missions.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ms.Map(lib)
		if err != nil {
			t.Fatal(err)
		}
		fbe := m.OffBoard(ms.FBE)
		w, err := world.New(m, ms, tables.Default(), nil)
		if err != nil {
			t.Fatal(err)
		}
		place := func(r dice.Roller) (*Setup, error) { return New(w, r, nil).Place() }
		for seed := range uint64(60) {
			s, err := place(dice.Seeded(seed))
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			count := map[board.Location]int{}
			byE := map[board.Location]int{}
			for _, p := range s.Placements {
				if p.Case == 'e' {
					byE[p.Location]++
				} else {
					count[p.Location]++
				}
				// SASL 4.1: two S? a Location [EXC: 4.1e], and one by
				// case e.
				if count[p.Location] > 2 || byE[p.Location] > 1 {
					t.Fatalf("%s seed %d: %d S? by cases a-d and %d by case e in %s", name, seed, count[p.Location], byE[p.Location], m.LocationName(p.Location))
				}
				for _, o := range fbe {
					if hex.Distance(o, p.Location.Hex) <= 3 {
						t.Fatalf("%s seed %d: S? in %s within 3 hexes of %s", name, seed, m.LocationName(p.Location), m.NameString(o))
					}
				}
				if p.Crest {
					if !hex.Adjacent(p.Location.Hex, p.Facing) {
						t.Fatalf("%s: Crest counter in %s faces %v", name, m.LocationName(p.Location), p.Facing)
					}
				}
			}
			again, _ := place(dice.Seeded(seed))
			if fmt.Sprint(again.Placements, again.Log) != fmt.Sprint(s.Placements, s.Log) {
				t.Fatalf("%s seed %d: two runs differ", name, seed)
			}
			script := dice.Script(s.Trail)
			replay, err := place(scripted(t, script))
			if err != nil {
				t.Fatalf("%s seed %d: replaying %q: %v", name, seed, script, err)
			}
			if fmt.Sprint(replay.Placements, replay.Log) != fmt.Sprint(s.Placements, s.Log) {
				t.Fatalf("%s seed %d: the script does not replay the setup", name, seed)
			}
		}
	}
}

func TestEntryProperties(t *testing.T) {
	t.Parallel()
	lib := library.New("")
	for _, name := range missions.Demos() {
		ms, _ := missions.Open(name)
		m, _ := ms.Map(lib)
		for seed := range uint64(30) {
			for _, en := range ms.Entry {
				a, err := enterOn(m, ms, tables.Default(), infantryOf(t, m), dice.Seeded(seed), en.Turn)
				if err != nil {
					t.Fatalf("%s seed %d turn %d: %v", name, seed, en.Turn, err)
				}
				per := map[hex.Hex]int{}
				for _, x := range a.Arrivals {
					per[x.Hex]++
					if per[x.Hex] > 2 || !m.OnMap(x.Hex) {
						t.Fatalf("%s: entry hex %s overstacked or off the map", name, m.NameString(x.Hex))
					}
					onEdge := false
					for _, e := range m.Edge(x.Edge) {
						onEdge = onEdge || e == x.Hex
					}
					if !onEdge {
						t.Fatalf("%s: %s is not on the %s edge", name, m.NameString(x.Hex), x.Edge)
					}
				}
				replay, err := enterOn(m, ms, tables.Default(), infantryOf(t, m), scripted(t, dice.Script(a.Trail)), en.Turn)
				if err != nil || fmt.Sprint(replay.Arrivals) != fmt.Sprint(a.Arrivals) {
					t.Fatalf("%s seed %d: entry does not replay: %v", name, seed, err)
				}
			}
		}
	}
}
