package combat_test

import (
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// Fire groups of contiguous Locations (ASL A7.5): A5, B5 and C6 are a
// chain (A5-B5, B5-C6 ADJACENT; A5 and C6 are not) and one group in any
// order; E6 is a group of its own; the first level of the middle hex is
// ADJACENT to the ground Locations of the hexes next to it (within one
// level, combat.Adjacent), its second level to none.
func TestGroups_A7_5(t *testing.T) {
	t.Parallel()
	m := flat(t)
	at := func(col, row, level int) board.Location {
		return board.Location{Hex: hex.Hex{Col: col, Row: row}, Level: level}
	}
	a5, b5, c6, e6, b5up, b5top := at(0, 5, 0), at(1, 5, 0), at(2, 6, 0), at(4, 6, 0), at(1, 5, 1), at(1, 5, 2)
	for _, c := range []struct {
		name string
		ls   []board.Location
		want []int
	}{
		{"a chain, its ends first", []board.Location{a5, c6, b5}, []int{0, 0, 0}},
		{"a chain and a far Location", []board.Location{e6, a5, b5, c6}, []int{0, 1, 1, 1}},
		{"the ends without the middle", []board.Location{a5, c6}, []int{0, 1}},
		{"the first level of the middle", []board.Location{a5, b5up, c6}, []int{0, 0, 0}},
		{"the second level of the middle", []board.Location{a5, b5top, c6}, []int{0, 1, 2}},
		{"one Location", []board.Location{a5}, []int{0}},
	} {
		got, n := combat.Groups(m, c.ls, nil)
		if !slices.Equal(got, c.want) || n != slices.Max(c.want)+1 {
			t.Errorf("%s: groups %v (%d), want %v", c.name, got, n, c.want)
		}
		if contiguous := combat.Contiguous(m, c.ls); contiguous != (n == 1) {
			t.Errorf("%s: Contiguous %v with %d groups", c.name, contiguous, n)
		}
	}
}

// Grouper.Largest (ASL A7.5, SASL 4.36 "the largest fire group
// possible"): of the units that could fire at a Target, the contiguous
// group with the most FP fires, with the leaders of its Locations; the
// units of the other groups, and a leader in none of the group's
// Locations, are left over; of equal FP, the group of the first MMC.
func TestLargest_A7_5(t *testing.T) {
	t.Parallel()
	m := flat(t)
	at := func(col, row int) board.Location { return board.Ground(hex.Hex{Col: col, Row: row}) }
	unit := func(id string, k state.Kind, fp float64, l board.Location) *state.Unit {
		u := &state.Unit{ID: id, Kind: k, Type: map[float64]string{4: "4-6-7", 6: "6-6-7", 0: "8-1"}[fp]}
		return u.Place(l)
	}
	fp := func(u *state.Unit) float64 {
		return map[string]float64{"4-6-7": 4, "6-6-7": 6}[u.Type]
	}
	a5, b5, e6, g6 := at(0, 5), at(1, 5), at(4, 6), at(6, 6)
	units := []*state.Unit{
		unit("E1", state.Squad, 4, a5),
		unit("L1", state.Leader, 0, a5),
		unit("E2", state.Squad, 4, e6), // alone: 4 FP
		unit("E3", state.Squad, 6, b5), // with E1: 10 FP
		unit("L2", state.Leader, 0, g6),
	}
	var gr combat.Grouper
	fg, rest := gr.Largest(m, units, fp, nil, nil)
	if got := state.IDs(fg); !slices.Equal(got, []string{"E1", "L1", "E3"}) {
		t.Errorf("the fire group %v, want E1, L1, E3", got)
	}
	if got := state.IDs(rest); !slices.Equal(got, []string{"E2", "L2"}) {
		t.Errorf("left over %v, want E2, L2", got)
	}
	// Equal FP: the group of the first MMC.
	fg, _ = gr.Largest(m, []*state.Unit{units[2], units[0]}, fp, nil, nil)
	if got := state.IDs(fg); !slices.Equal(got, []string{"E2"}) {
		t.Errorf("of two groups of 4 FP, %v fires, want E2 (the first)", got)
	}
	// Leaders alone have no group.
	fg, rest = gr.Largest(m, []*state.Unit{units[1], units[4]}, fp, nil, nil)
	if len(fg) != 0 || len(rest) != 2 {
		t.Errorf("leaders alone: group %v, left %v", state.IDs(fg), state.IDs(rest))
	}
}
