package sim

import (
	"testing"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/testkit/cpubench"
	"github.com/sasl-engine/sasl/policy"
	"github.com/sasl-engine/sasl/state"
)

// BenchmarkGames is whole games of a mission on real boards, both sides
// played, counted as sasl sim counts them, on one worker, the mission's
// world (line of sight included) built before the timer: games/s is games
// per CPU-second. four-boards is examples/four-boards.yaml (setup a/b/c/e,
// two entries, a Human Wave against five FRIENDLY units, six turns);
// twelve-boards is testdata/twelve-boards.yaml (three rows of four boards,
// two entries, two Human Waves, nine FRIENDLY units); heldout-four is
// testdata/heldout-four.yaml, sized as four-boards on boards no other
// mission plays together (issue 41's measure of games per CPU-second);
// speed-attack is testdata/speed.yaml, the FRIENDLY side playing attack,
// as .ci/speedratio plays it (issue 55's measure). Each reports the CPU time
// of a game (cpu-ns/op) and of an event its log holds (cpu-ns/event),
// the world's caches warm (see below).
func BenchmarkGames(b *testing.B) {
	const warm = 1000
	for _, c := range []struct {
		name, file string
		policy     state.Policy
		placed     float64 // the least S? a game places, on average
	}{
		{"four-boards", "../examples/four-boards.yaml", "", 50}, // 67 a game since issue 54 rebalanced it
		{"twelve-boards", "testdata/twelve-boards.yaml", "", 100},
		{"heldout-four", "testdata/heldout-four.yaml", "", 100},
		{"speed-attack", "testdata/speed.yaml", policy.Attack, 50},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := realMission(b, c.file)
			if c.policy != "" {
				p.Policy = c.policy
			}
			if _, err := p.W.LOS(); err != nil {
				b.Fatal(err)
			}
			t := p.newTally()
			g := game.Blank(p.W)
			// The first warm games once untimed, then over and over:
			// what is timed plays with the world's sight cache and the
			// policies' caches filled for its games, as a second sasl sim
			// of the same seeds plays with the sight file the first left
			// (.ci/speedratio's rounds after the first).
			for k := range uint64(warm) {
				if _, err := p.play(g, Seed(1, k), t); err != nil {
					b.Fatal(err)
				}
			}
			t.reset()
			b.ReportAllocs()
			k := uint64(0)
			stop := cpubench.Start(b)
			for b.Loop() {
				if _, err := p.play(g, Seed(1, k%warm), t); err != nil {
					b.Fatal(err)
				}
				k++
			}
			stop(cpubench.Per{Unit: "event", N: t.events})
			// The games were played and counted.
			if t.Runs != int64(b.N) || t.Placed.Summary(1).Mean < c.placed {
				b.Fatalf("%d games counted of %d, %g S? a game", t.Runs, b.N, t.Placed.Summary(1).Mean)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkRun2 is Run with two workers, games/s of wall time.
func BenchmarkRun2(b *testing.B) {
	p := fourBoards(b)
	if _, err := p.W.LOS(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		r, err := Run(p, Config{Runs: 200, Seed: uint64(n), Workers: 2})
		if err != nil || r.Runs != 200 {
			b.Fatal(err, r.Runs)
		}
		n += 200
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
}
