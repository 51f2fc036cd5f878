package world

import (
	"math/rand/v2"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
)

// TestSightCache checks world.Sight and Toward.From against lines traced
// afresh (rules/los) on random pairs of Locations of the four real
// boards, ground and upper levels, toward 40 targets (500 sources each,
// which share blocks), each pair asked twice (traced, then cached): the
// cache and its blocks (a row per target, made as lines reach them) give
// what a trace gives.
func TestSightCache(t *testing.T) {
	t.Parallel()
	w := fourBoards(t)
	lm, err := w.LOS()
	if err != nil {
		t.Fatal(err)
	}
	hexes := w.Map().Hexes()
	rng := rand.New(rand.NewPCG(41, 6))
	loc := func() board.Location {
		l := board.Ground(hexes[rng.IntN(len(hexes))])
		if ls := w.Locations(l.Hex); len(ls) > 1 && rng.IntN(4) == 0 {
			l = ls[rng.IntN(len(ls))]
		}
		return l
	}
	targets := make([]board.Location, 40)
	for i := range targets {
		targets[i] = loc()
	}
	tws := make([]Toward, len(targets))
	for i, to := range targets {
		tws[i] = w.Toward(to)
		if !tws[i].Of(w, to) {
			t.Fatalf("Toward(%s) is not of it", w.Map().LocationName(to))
		}
	}
	for k := range 20000 {
		i := rng.IntN(len(targets))
		from, to := loc(), targets[i]
		want := trace(lm, from, to)
		if from.Hex == to.Hex {
			want = Sight{Clear: true}
		}
		kf, okf := w.Key(from)
		for range 2 {
			if got := w.Sight(from, to); got != want {
				t.Fatalf("pair %d: Sight(%s, %s) = %+v, traced %+v", k, w.Map().LocationName(from), w.Map().LocationName(to), got, want)
			}
			if got := tws[i].From(from, kf, okf); got != want {
				t.Fatalf("pair %d: Toward(%s).From(%s) = %+v, traced %+v", k, w.Map().LocationName(to), w.Map().LocationName(from), got, want)
			}
		}
	}
}

// TestSightReciprocal_A6_1: the engine's lines of sight (fire traces them
// from the target, Activation from the S?, sasl los from the Location
// named first) all come from one function, rules/los's Query, and LOS is
// reciprocal (ASL A6.1): Sight and Toward.From give one answer both ways,
// Query's, for every pair of an upper building level of the four boards
// and a Location within 3 hexes (where the A6.8 building restriction
// acts; it bound only the source: 15H5h2 - 15F3 was blocked, 15F3 -
// 15H5h2 clear).
func TestSightReciprocal_A6_1(t *testing.T) {
	t.Parallel()
	w := fourBoards(t)
	lm, err := w.LOS()
	if err != nil {
		t.Fatal(err)
	}
	m := w.Map()
	n := 0
	for _, h := range m.Hexes() {
		for _, a := range w.Locations(h) {
			if a.Level == 0 {
				continue
			}
			hex.Within(h, 3, func(o hex.Hex) bool {
				if !m.OnMap(o) {
					return true
				}
				for _, b := range w.Locations(o) {
					n++
					r := lm.Query(a, b)
					want := Sight{Clear: r.Clear, Range: r.Range, Hindrance: r.Hindrance}
					if a.Hex == b.Hex {
						want = Sight{Clear: true}
					}
					tw := w.Toward(a)
					kb, okb := w.Key(b)
					ab, ba, toward := w.Sight(a, b), w.Sight(b, a), tw.From(b, kb, okb)
					if ab != want || ba.Clear != want.Clear || ba.Range != want.Range || want.Clear && ba.Hindrance != want.Hindrance || toward != ba {
						t.Errorf("%s - %s: Query %+v; Sight %+v, back %+v, Toward %+v", m.LocationName(a), m.LocationName(b), want, ab, ba, toward)
					}
				}
				return true
			})
		}
	}
	if n == 0 {
		t.Fatal("no upper building level on the four boards")
	}
}
