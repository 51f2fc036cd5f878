package world

import (
	"math/rand/v2"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
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
