package game

import (
	"testing"

	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// BenchmarkGame is one whole game of realMission (four real boards: setup
// by cases a, b, c and e, two entries, a Human Wave against five FRIENDLY
// units, six turns) from a prepared mission: setup and every turn.
func BenchmarkGame(b *testing.B) {
	p := prepareText(b, realMission)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		g, _, err := New(p, state.Game{Seed: seed, HasSeed: true}, nil)
		if err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			if _, err := g.Turn(nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkPrepare is the cost of preparing realMission once (its boards
// already read): board kinds, woods groups, the 4.11 mask, wall hexsides,
// the Human Wave movement graph and its flow field to the FBE.
func BenchmarkPrepare(b *testing.B) {
	p := prepareText(b, realMission)
	ms, err := missions.Parse([]byte(realMission), "test.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Prepare(ms, p.Map(), tables.Default()); err != nil {
			b.Fatal(err)
		}
	}
}
