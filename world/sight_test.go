package world

import (
	"math/rand/v2"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/rules/terrain"
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

// Worlds of one terrain and season share one LOS map (sharedLOS): the
// games a web server opens, the variants of a balance search. Another
// season, or other terrain, has its own; a map no world holds is built
// again when asked.
func TestWorldsOfOneMapShareTheirLOS(t *testing.T) {
	t.Parallel()
	a, b := sightWorld(t), sightWorld(t)
	if a.Map() == b.Map() {
		t.Fatal("the two worlds share one board.Map: the test checks nothing")
	}
	la, err := a.LOS()
	if err != nil {
		t.Fatal(err)
	}
	if lb, err := b.LOS(); err != nil || lb != la {
		t.Errorf("two worlds of one map: LOS maps %p and %p (%v)", la, lb, err)
	}
	out := terrain.Season{}
	if out == a.season {
		t.Fatal("the test's world is out of season already")
	}
	if lo, err := sharedLOS(a.Map(), out); err != nil || lo == la {
		t.Errorf("another season: the same LOS map (%v)", err)
	}
	m, _ := testmaps.MapAndMission(t, map[string]string{"o1": "K6 woods\n", "o2": ""}, "name: x\nboards: [[\"o1\"], [\"o2\"]]\nfbe: north\nebe: south\n")
	if m.SightDigest() == a.Map().SightDigest() {
		t.Fatal("other terrain, one digest")
	}
	if lo, err := sharedLOS(m, a.season); err != nil || lo == la {
		t.Errorf("other terrain: the same LOS map (%v)", err)
	}
	// The same answers as a map of its own.
	own, err := los.New(a.Map(), a.season)
	if err != nil {
		t.Fatal(err)
	}
	hexes := a.Map().Hexes()
	for i := 0; i < len(hexes); i += 7 {
		from, to := board.Ground(hexes[i]), board.Ground(hexes[len(hexes)-1-i])
		if b.Sight(from, to) != trace(own, from, to) {
			t.Fatalf("%v -> %v: the shared map and a map of its own differ", from, to)
		}
	}
}
