package game

import (
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/cpubench"
	"github.com/sasl-engine/sasl/state"
)

// BenchmarkGame is one whole game of realMission (four real boards: setup
// by cases a, b, c and e, two entries, a Human Wave against five FRIENDLY
// units, six turns) in one Game started again and again, its world (line
// of sight included) built before the timer: setup and every turn,
//
//   - enemy-only: the ENEMY Player Turn alone, as the engine played a Game
//     Turn before it played both (the baseline of the 2x target);
//   - hold, attack: both Player Turns, the FRIENDLY side played by that
//     policy.
func BenchmarkGame(b *testing.B) {
	p := prepareText(b, realMission)
	if _, err := p.LOS(); err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"enemy-only", string(PolicyHold), string(PolicyAttack)} {
		b.Run(mode, func(b *testing.B) {
			pol := state.Policy(mode)
			if mode == "enemy-only" {
				pol = PolicyHold
			}
			g := &Game{w: p, enemyOnly: mode == "enemy-only"}
			b.ReportAllocs()
			seed := uint64(0)
			turns := 0
			stop := cpubench.Start(b)
			for b.Loop() {
				seed++
				if _, err := g.Start(state.Game{Seed: seed, HasSeed: true, Policy: pol}, nil); err != nil {
					b.Fatal(err)
				}
				for !g.Over() {
					if _, err := g.Turn(nil); err != nil {
						b.Fatal(err)
					}
					turns++
				}
			}
			stop()
			if turns != 6*b.N {
				b.Fatalf("%d turns in %d games", turns, b.N)
			}
		})
	}
}
