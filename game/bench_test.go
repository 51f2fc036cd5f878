package game

import (
	"testing"

	"github.com/sasl-engine/sasl/state"
)

// BenchmarkGame is one whole game of realMission (four real boards: setup
// by cases a, b, c and e, two entries, a Human Wave against five FRIENDLY
// units, six turns) in one Game started again and again, its world (line
// of sight included) built before the timer: setup and every turn, both
// sides played by the hold policy.
func BenchmarkGame(b *testing.B) {
	p := prepareText(b, realMission)
	if _, err := p.LOS(); err != nil {
		b.Fatal(err)
	}
	g := &Game{W: p}
	b.ReportAllocs()
	seed := uint64(0)
	turns := 0
	for b.Loop() {
		seed++
		if _, err := g.Start(state.Game{Seed: seed, HasSeed: true, Policy: PolicyHold}, nil); err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			if _, err := g.Turn(nil); err != nil {
				b.Fatal(err)
			}
			turns++
		}
	}
	if turns != 6*b.N {
		b.Fatalf("%d turns in %d games", turns, b.N)
	}
}
