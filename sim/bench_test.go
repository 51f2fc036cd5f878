package sim

import (
	"testing"

	"github.com/sasl-engine/sasl/game"
)

// BenchmarkGames is whole games of examples/four-boards.yaml on four real
// boards (setup a/b/c/e, two entries, a Human Wave against five FRIENDLY
// units, six turns), both sides played, counted as sasl sim counts them,
// on one worker: games/s is games per CPU-second.
func BenchmarkGames(b *testing.B) {
	p := fourBoards(b)
	if _, err := p.W.LOS(); err != nil { // built before the timer
		b.Fatal(err)
	}
	t := p.newTally()
	g := &game.Game{W: p.W}
	b.ReportAllocs()
	k := uint64(0)
	for b.Loop() {
		if err := p.play(g, Seed(1, k), t); err != nil {
			b.Fatal(err)
		}
		k++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkRun2 is Run with two workers, games/s of wall time.
func BenchmarkRun2(b *testing.B) {
	p := fourBoards(b)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		if _, err := Run(p, Config{Runs: 200, Seed: uint64(n), Workers: 2}); err != nil {
			b.Fatal(err)
		}
		n += 200
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
}
