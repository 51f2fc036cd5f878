package game

import (
	"testing"

	"github.com/sasl-engine/sasl/state"
)

// BenchmarkLegal: the player's legal commands at the crossroads' first
// FRIENDLY MPh stop (moves and Assault Moves of every stack) and at its
// first DFPh stop (fires from every Location at every ENEMY Location),
// each checked as Do checks it (Preview).
func BenchmarkLegal(b *testing.B) {
	w := crossroads(b)
	for _, c := range []struct {
		name   string
		player state.Side
		phase  state.Phase
	}{{"MPh", state.Friendly, state.MPh}, {"DFPh", state.Enemy, state.DFPh}} {
		b.Run(c.name, func(b *testing.B) {
			s := begin(b, w, 1, PolicyPlayer, StopFire)
			for s.Stop().Kind != state.Over && !(s.Stop().Kind == state.BeforePhase && s.Stop().Phase == c.phase && s.Stop().Player == c.player) {
				if _, err := s.Do(Command{Verb: Next}, nil); err != nil {
					b.Fatal(err)
				}
			}
			if s.Stop().Kind == state.Over {
				b.Skip("no such stop")
			}
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n = len(s.Legal())
			}
			b.ReportMetric(float64(n), "commands")
		})
	}
}
