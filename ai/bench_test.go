package ai

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
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
	if _, err := placeOn(m, ms, t, dice.Seeded(1)); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	seed := uint64(0)
	n := 0
	for b.Loop() {
		seed++
		s, err := placeOn(m, ms, t, dice.Seeded(seed))
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
		if _, err := enterOn(m, ms, t, c, dice.Seeded(seed), 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHWTurn is one full Human Wave turn (chain check, movement of 12
// Human Wave units with 8 MF, fire, advance) on four real boards, the
// movement graph built once. Target: <= 200 us.
func BenchmarkHWTurn(b *testing.B) {
	ms, m := mission(b, realBoards(b), `name: four boards
boards: [["33", "2"], ["15", "4"]]
north: up
fbe: north
ebe: south
vpo: ["33Q6"]
friendly:
  - {id: F1, unit: squad, at: 33Q6, known: true}
  - {id: F2, unit: squad, at: 2I9, known: true}
`)
	t := tables.Default()
	var text strings.Builder
	text.WriteString("turn: 2\nwaves:\n  - {id: A, edge: south, direction: 15P10}\nenemy:\n")
	for i := range 12 {
		fmt.Fprintf(&text, "  - {id: A%d, unit: \"s?\", hw: true, wave: A, at: 15%s9}\n", i+1, []string{"J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U"}[i])
	}
	// F3 stands in the way: S? Activate, generate units, and fire at it.
	text.WriteString("friendly:\n  - {id: F1, unit: squad, at: 33Q6, known: true}\n  - {id: F2, unit: squad, at: 2I9, known: true}\n  - {id: F3, unit: squad, at: 15P4, known: true}\n")
	fresh := func() *state.State {
		st, err := state.Read(strings.NewReader(text.String()), "bench.yaml", m)
		if err != nil {
			b.Fatal(err)
		}
		return st
	}
	st := fresh()
	w, err := world.New(m, ms, t, infantryOf(b, m))
	if err != nil {
		b.Fatal(err)
	}
	h := New(w, dice.Seeded(1), st)
	start := st.Clone()
	b.ReportAllocs()
	moves := 0
	for b.Loop() {
		// Back to the start of the turn: same units, same places.
		start.CloneInto(st)
		st.Turn = 2
		wt, err := playTurn(h)
		if err != nil {
			b.Fatal(err)
		}
		moves += len(events(wt, "move"))
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
}
