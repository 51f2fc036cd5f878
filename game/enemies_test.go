package game

import (
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/state"
)

// Enemies yields the ENEMY units Units yields, in the same order and with
// the same values, after every Game Turn of a game.
func TestEnemiesAreUnitsOfEnemy(t *testing.T) {
	t.Parallel()
	p := prepared(t, "wooded-hill", "")
	for seed := range uint64(3) {
		g := newGame(t, p, seed)
		for turn := 0; ; turn++ {
			var want, got []state.Unit
			for u := range g.Units() {
				if u.Side == state.Enemy {
					want = append(want, u)
				}
			}
			for u := range g.Enemies() {
				got = append(got, *u)
			}
			if len(want) == 0 || !slices.EqualFunc(got, want, func(a, b state.Unit) bool { return a.ID == b.ID && a.At() == b.At() && a.Case == b.Case }) {
				t.Fatalf("seed %d turn %d: Enemies %v, Units of the ENEMY %v", seed, turn, got, want)
			}
			if g.Over() {
				break
			}
			if _, err := g.Turn(nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}
