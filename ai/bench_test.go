package ai

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// setupFourBoards is a mission on four real boards whose setup (SASL 4.1)
// places S? by the cases listed ("a, b, c, e").
func setupFourBoards(cases string) string {
	return `name: four boards
boards: [["33", "2"], ["15", "4"]]
north: up
fbe: north
ebe: south
month: 7
vpo: ["33Q6", "4T3", "15Y6"]
placement: [` + cases + `]
activatable_edges: [south]
`
}

// BenchmarkPlace is a full SASL 4.1 setup (cases a to e, 4.11-4.14) of a
// mission on four real boards, its world built before the timer (Crest
// facings included), one Enemy placing game after game. Target: <= 1 ms.
func BenchmarkPlace(b *testing.B) {
	ms, m := mission(b, realBoards(b), setupFourBoards("a, b, c, d, e"))
	w, err := world.New(m, ms, tables.Default(), nil)
	if err != nil {
		b.Fatal(err)
	}
	r := dice.Seeded(1)
	e := New(w, r, nil)
	if _, err := e.Place(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	seed := uint64(0)
	n := 0
	for b.Loop() {
		seed++
		r.Reset(seed)
		s, err := e.Place()
		if err != nil {
			b.Fatal(err)
		}
		n += len(s.Placements)
	}
	if n < 100*b.N {
		b.Fatalf("%d S? in %d setups", n, b.N)
	}
	b.ReportMetric(float64(n)/float64(b.N), "S?/op")
}

// BenchmarkEnter is the entry of seven S? along the length of a board and
// five along the widths of three (SASL 4.21, 4.22), the world built before
// the timer.
func BenchmarkEnter(b *testing.B) {
	ms, m := mission(b, realBoards(b), exBoards+"entry:\n  - {turn: 1, edge: east, count: 7}\n  - {turn: 1, edge: north, count: 5}\n")
	w, err := world.New(m, ms, tables.Default(), infantryOf(b, m))
	if err != nil {
		b.Fatal(err)
	}
	r := dice.Seeded(1)
	e := New(w, r, nil)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		r.Reset(seed)
		a, err := e.Enter(1)
		if err != nil || len(a.Arrivals) != 12 {
			b.Fatal(err, len(a.Arrivals))
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
	if _, err := w.LOS(); err != nil { // built before the timer
		b.Fatal(err)
	}
	r := dice.Seeded(1)
	h := New(w, r, st)
	start := st.Clone()
	b.ReportAllocs()
	moves := 0
	for b.Loop() {
		// Back to the start of the turn: same units, same places.
		start.CloneInto(st)
		st.Turn = 2
		h.Reset(r, st)
		for _, ph := range []state.Phase{state.RPh, state.MPh, state.AFPh, state.APh} {
			if err := h.Play(ph, false); err != nil {
				b.Fatal(err)
			}
		}
		for _, e := range h.Log().Since(0) {
			if e.Kind == report.Move {
				moves++
			}
		}
	}
	if moves == 0 {
		b.Fatal("nothing moved")
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
}
