package state

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
)

// atoiNumber is idNumber as it was written first, through strconv: the
// reference the hand-read digits must agree with.
func atoiNumber(id, prefix string) (int, bool) {
	rest, ok := strings.CutPrefix(id, prefix)
	if !ok {
		return 0, false
	}
	end := 0
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	if end == 0 || end > 9 {
		return 0, false
	}
	n, err := strconv.Atoi(rest[:end])
	return n, err == nil
}

func TestIDNumberAgreesWithAtoi(t *testing.T) {
	ids := []string{"", "E", "E0", "E3", "E3a-1", "E12", "E007", "E123456789", "E1234567890",
		"E999999999x", "EE1", "e1", "S12", "W1-4", "W1-", "W1-12-3", "E-1", "E+1", "X9"}
	prefixes := []string{"", "E", "S", "W1-", "W1", "E3a-"}
	for _, id := range ids {
		for _, p := range prefixes {
			n, ok := idNumber(id, p)
			wn, wok := atoiNumber(id, p)
			if n != wn || ok != wok {
				t.Errorf("idNumber(%q, %q) = %d, %v; want %d, %v", id, p, n, ok, wn, wok)
			}
		}
	}
}

// shownID's kept answer (index.shown) is the scan's through random runs of
// NewID, Add, Remove and clones: the memo NewID reads is exact.
func TestShownIDMemoExact(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	hexes := m.Hexes()
	r := rand.New(rand.NewPCG(3, 4))
	prefixes := []string{"E", "W", "E3a-", "A"}
	s := New(m)
	for step := range 3000 {
		p := prefixes[r.IntN(len(prefixes))]
		switch op := r.IntN(10); {
		case op < 4 || len(s.Units()) == 0:
			id := s.NewID(p)
			if s.Unit(id) != nil {
				t.Fatalf("step %d: NewID(%q) gave %s, in play", step, p, id)
			}
			s.Add(&Unit{ID: id, Side: Side(r.IntN(2))}, board.Ground(hexes[r.IntN(12)]))
		case op < 6:
			// An ID NewID did not give, as a file or a split S? makes
			// them: it may show more than the record.
			id := fmt.Sprintf("%s%d%s", p, r.IntN(40), []string{"", "a", "a-1"}[r.IntN(3)])
			if s.Unit(id) == nil {
				s.Add(&Unit{ID: id}, board.Ground(hexes[r.IntN(12)]))
			}
		case op < 9:
			us := s.Units()
			s.Remove(us[r.IntN(len(us))])
		default:
			s = s.Clone()
		}
		if err := s.check(); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		// One prefix asked, so that its answer is kept through the next
		// change (check compares the kept answer with a scan).
		q := prefixes[r.IntN(len(prefixes))]
		if got, want := s.shownID(q), s.scanShownID(q); got != want {
			t.Fatalf("step %d: shownID(%q) = %d, a scan says %d", step, q, got, want)
		}
	}
}
