package ai

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// TestLinkStacks checks gather's lists of the units that stack by
// Location (linkStacks) against a comparison of every pair: for random
// lists of squads, leaders, S? and entering units over a few hexes and
// their building levels, following the lists from the first unit of each
// Location gives the units of that Location, in order, that are neither
// S? nor entering; and a unit on a roof, which has no key, turns the
// lists down.
func TestLinkStacks(t *testing.T) {
	t.Parallel()
	four, fourMap := mission(t, realBoards(t), setupFourBoards("a, b, c, d, e"))
	w := newWorld(t, fourMap, four)
	e := New(w, dice.Seeded(1), nil)
	var locs []board.Location
	for _, h := range w.Map().Hexes()[:400] {
		if ls := w.Locations(h); len(ls) > 1 || len(locs) < 12 {
			locs = append(locs, ls...)
		}
		if len(locs) >= 24 {
			break
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	kinds := []state.Kind{state.SQ, state.Squad, state.HalfSquad, state.Leader}
	stacks := func(x *state.Unit) bool { return x.Kind != state.SQ && !x.Entering }
	for try := range 300 {
		n := rng.IntN(40)
		units := make([]*state.Unit, n)
		for j := range units {
			u := &state.Unit{Kind: kinds[rng.IntN(len(kinds))], Entering: rng.IntN(8) == 0}
			units[j] = u.Place(locs[rng.IntN(min(len(locs), 1+try%len(locs)))])
		}
		if !e.linkStacks(units) {
			t.Fatalf("try %d: no lists, with no roof", try)
		}
		done := make([]bool, n)
		for i, u := range units {
			if done[i] || !stacks(u) {
				continue
			}
			var want, got []int
			for j := i; j < n; j++ {
				if stacks(units[j]) && units[j].At() == u.At() {
					want = append(want, j)
					done[j] = true
				}
			}
			for j := int32(i); j >= 0; j = e.act.next[j] {
				got = append(got, int(j))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("try %d: the stack of unit %d is %v by the lists, %v unit by unit", try, i, got, want)
			}
		}
		if k := slices.IndexFunc(e.act.head, func(h int32) bool { return h != -1 }); k >= 0 {
			t.Fatalf("try %d: head[%d] = %d left after the lists", try, k, e.act.head[k])
		}
	}
	roof := (&state.Unit{Kind: state.Squad}).Place(board.Location{Hex: locs[0].Hex, Roof: true})
	if e.linkStacks([]*state.Unit{(&state.Unit{Kind: state.Squad}).Place(locs[0]), roof}) {
		t.Error("lists made with a unit on a roof, which has no key")
	}
}
