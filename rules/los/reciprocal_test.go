package los_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/rules/vasl"
)

// Which pairs TestLOSReciprocal_A6_1 checks by default: every pair with
// an upper building level at one end at most nearUpper hexes apart (where
// the A6.8 building restriction acts), and one in sampleEvery of the
// others, chosen by a fixed seed: 112,803 pairs of the 38 boards, about
// 1.8 s of CPU with the boards' loading (0.7 s), in the long run (longrun);
// the short run checks so on one board in shortEvery. With -long it checks
// every pair of every board: 2,583,160 pairs, 5.2 million lines, about
// 21 s.
const (
	nearUpper   = 3
	sampleEvery = 32
	shortEvery  = 4
)

// TestLOSReciprocal_A6_1: LOS is reciprocal (ASL A6.1): for every pair of
// Locations of every real board in ../shared/vasl/boards (ground levels
// and upper building levels), the line each way has the same verdict, and
// a clear line the same hindrance DRM. Two faults broke it: the A6.8 EX 2
// building restriction applied at the source only (1K5 - 1J5h1 blocked,
// 1J5h1 - 1K5 clear: 580 pairs on 18 boards) and VASL's floating point
// rows (24 pairs: TestLinesReciprocal_A6_1).
func TestLOSReciprocal_A6_1(t *testing.T) {
	t.Parallel()
	dir := testshared.Boards(t)
	ids, err := library.New(dir).IDs()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var boards, pairs, upper, asym int
	for bi, id := range ids {
		if slices.Contains(library.Demo(), id) || !longrun.Enabled() && !*long && bi%shortEvery != 0 {
			continue
		}
		m, err := loadReal(t, id)
		if errors.Is(err, vasl.ErrUnsupported) {
			t.Logf("board %s left out: %v", id, err)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		boards++
		bm := m.Board()
		locs := locationsOf(bm)
		rng := rand.New(rand.NewPCG(uint64(bi), 51))
		for i, a := range locs {
			for _, b := range locs[i+1:] {
				up := (a.Level > 0 || b.Level > 0) && hex.Distance(a.Hex, b.Hex) <= nearUpper
				if !*long && !up && rng.IntN(sampleEvery) != 0 {
					continue
				}
				pairs++
				if up {
					upper++
				}
				ab, ba := m.Query(a, b), m.Query(b, a)
				if ab.Clear == ba.Clear && (!ab.Clear || ab.Hindrance == ba.Hindrance) && ab.Range == ba.Range {
					continue
				}
				asym++
				if asym <= 20 {
					t.Errorf("%s - %s: %s; back: %s", bm.LocationName(a), bm.LocationName(b), verdict(bm, &ab), verdict(bm, &ba))
				}
			}
		}
	}
	if boards == 0 {
		t.Fatalf("no board of %s read", dir)
	}
	t.Logf("%d boards: %d pairs (%d with an upper level within %d hexes), %d not reciprocal (%v)", boards, pairs, upper, nearUpper, asym, time.Since(start).Round(time.Millisecond))
	if asym > 20 {
		t.Errorf("%d pairs not reciprocal in all", asym)
	}
}

// verdict says a line's result in a few words.
func verdict(bm *board.Map, r *los.Result) string {
	if r.Clear {
		return fmt.Sprintf("clear, hindrance %+d", r.Hindrance)
	}
	return fmt.Sprintf("blocked at %s: %s", bm.NameString(r.BlockedAt), r.Reason)
}

// TestA6_8BothEnds: from 1K5, at the ground level of its building, the
// line to the first level of 1J5 runs on through the building drawn over
// the hexside into 1J5 before it leaves it: blocked, "LOS must leave the
// building before leaving the source hex" (A6.8 EX 2). From 1J5h1 the line
// to 1K5 is the same line, blocked at the same place (A6.1); VASL, which
// applies the rule at its source only, found it clear, and so did sasl.
func TestA6_8BothEnds(t *testing.T) {
	t.Parallel()
	m := realMap(t, "1")
	bm := m.Board()
	k5, _ := bm.ParseLocation("1K5")
	j5, _ := bm.ParseLocation("1J5h1")
	for _, c := range []struct {
		from, to board.Location
		why      los.Reason
	}{{k5, j5, los.MustLeaveBuilding}, {j5, k5, los.MustLeaveTargetBuilding}} {
		r := m.Query(c.from, c.to)
		if r.Clear || r.Reason != c.why || r.BlockedAt != j5.Hex {
			t.Errorf("%s - %s: %s; want blocked at 1J5: %s", bm.LocationName(c.from), bm.LocationName(c.to), verdict(bm, &r), c.why)
		}
	}
}
