package ai

import (
	"testing"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/tables"
)

// BenchmarkPlace is a full SASL 4.1 setup (cases a to e, 4.11-4.14) of a
// mission on four real boards, the boards already loaded. Target: <= 1 ms.
func BenchmarkPlace(b *testing.B) {
	ms, m := mission(b, realBoards(b), `name: four boards
boards: [["33", "2"], ["15", "4"]]
north: up
fbe: north
ebe: south
month: 7
vpo: ["33Q6", "4T3", "15Y6"]
placement: [a, b, c, d, e]
activatable_edges: [south]
`)
	t := tables.Default()
	if _, err := Place(m, ms, t, dice.Seeded(1)); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	seed := uint64(0)
	n := 0
	for b.Loop() {
		seed++
		s, err := Place(m, ms, t, dice.Seeded(seed))
		if err != nil {
			b.Fatal(err)
		}
		n += len(s.Placements)
	}
	b.ReportMetric(float64(n)/float64(b.N), "S?/op")
}

// BenchmarkEnter is the entry of seven S? along the length of a board.
func BenchmarkEnter(b *testing.B) {
	ms, m := mission(b, realBoards(b), exBoards+"entry:\n  - {turn: 1, edge: east, count: 7}\n  - {turn: 1, edge: north, count: 5}\n")
	t := tables.Default()
	c := infantryOf(b, m)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := Enter(m, ms, t, c, dice.Seeded(seed), 1); err != nil {
			b.Fatal(err)
		}
	}
}
