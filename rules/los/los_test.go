package los_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// demoMap returns the LOS of a configuration of the built-in demo boards.
func demoMap(t testing.TB, spec string, s terrain.Season) *los.Map {
	t.Helper()
	lay, err := layout.Parse(spec, layout.Up)
	if err != nil {
		t.Fatal(err)
	}
	bm, err := library.New("").Map(lay)
	if err != nil {
		t.Fatal(err)
	}
	m, err := los.New(bm, s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// maps under test: the demo boards (rasterised) always, real boards that
// are not in VASL's file too when they are present.
func testMaps(t *testing.T) map[string]*los.Map {
	out := map[string]*los.Map{}
	for _, spec := range []string{"x1", "x2,x3", "x1r/x2"} {
		out[spec] = demoMap(t, spec, terrain.InSeason)
	}
	if _, ok := testshared.FindBoards(); ok {
		for _, spec := range []string{"9", "24", "44r", "8/21"} {
			out[spec] = realMap(t, spec)
		}
	}
	return out
}

// TestProperties: a line to an adjacent hex is never blocked or hindered
// by terrain inside either hex (A6.1: the firer's and the target's hexes
// do not block), nor by anything but a hexside between them; LOS between
// two ground Locations at the same level does not depend on which end
// fires (A6.1: LOS is reciprocal; over many random pairs, every one); a
// Location sees itself.
func TestProperties(t *testing.T) {
	t.Parallel()
	for spec, m := range testMaps(t) {
		t.Run(spec, func(t *testing.T) {
			bm := m.Board()
			for _, h := range bm.Hexes() {
				tt, _ := bm.Terrain(h)
				for d := range hex.Dirs {
					n := h.Neighbour(d)
					nt, ok := bm.Terrain(n)
					if !ok || tt.Elevation != nt.Elevation || tt.Sides[d].Any(terrain.Obstacles) {
						continue
					}
					r := m.Query(board.Ground(h), board.Ground(n))
					if !r.Clear || r.Hindrance != 0 {
						t.Errorf("%s - %s (adjacent, same level, no hexside obstacle): %+v %s", bm.NameString(h), bm.NameString(n), r.Reason, bm.NameString(r.BlockedAt))
					}
				}
				if r := m.Query(board.Ground(h), board.Ground(h)); !r.Clear {
					t.Errorf("%s does not see itself", bm.NameString(h))
				}
			}
			rng := rand.New(rand.NewPCG(7, 9))
			hexes := bm.Hexes()
			n, asym := 0, 0
			for n < 3000 {
				a, b := hexes[rng.IntN(len(hexes))], hexes[rng.IntN(len(hexes))]
				ta, _ := bm.Terrain(a)
				tb, _ := bm.Terrain(b)
				if a == b || hex.Distance(a, b) > 16 || ta.Elevation != tb.Elevation {
					continue
				}
				n++
				ab, ba := m.Query(board.Ground(a), board.Ground(b)), m.Query(board.Ground(b), board.Ground(a))
				if ab.Clear != ba.Clear {
					asym++
					if asym <= 10 {
						t.Logf("asymmetric: %s - %s %v (%s at %s), back %v (%s at %s)", bm.NameString(a), bm.NameString(b),
							ab.Clear, ab.Reason, bm.NameString(ab.BlockedAt), ba.Clear, ba.Reason, bm.NameString(ba.BlockedAt))
					}
				}
			}
			if asym > 0 {
				t.Errorf("%d of %d same-level pairs are asymmetric", asym, n)
			}
		})
	}
}

// TestFilterExact: the walk that skips pixels, blocks and columns where no
// rule can fire gives exactly the result of the walk that judges every
// pixel: on random pairs, and on every line of Range from a few Locations
// (which holds the lines along hexsides and from upper building levels).
// long runs the property tests over all their samples (go test
// ./rules/los -long): three times the default's, and every pair of every
// board for TestLOSReciprocal_A6_1 (about 21 s of CPU; .ci/run runs it).
var long = flag.Bool("long", false, "the LOS property tests over all their samples (3x the default; TestLOSReciprocal_A6_1: every pair of every board)")

// samples is n, or 3n with -long.
func samples(n int) int {
	switch {
	case *long:
		return 3 * n
	case longrun.Enabled():
		return n
	}
	return n / 3 // the short run (no SASL_LONG)
}

func TestFilterExact(t *testing.T) {
	t.Parallel()
	maps := testMaps(t)
	// Boards among empty cells: lines that leave the boards end at the
	// first pixel of no board.
	for _, spec := range []string{"x1,-/-,x2r", "-,x3/x1,-"} {
		maps[spec] = demoMap(t, spec, terrain.InSeason)
	}
	if _, ok := testshared.FindBoards(); ok {
		for _, spec := range []string{"33", "2,33", "-,19/3,-"} {
			maps[spec] = realMap(t, spec)
		}
	}
	for spec, m := range maps {
		t.Run(spec, func(t *testing.T) {
			slow := los.Slow(m)
			bm := m.Board()
			pairs := randomPairs(m, samples(1000), 20)
			for i, p := range pairs {
				a, b := m.Query(p[0], p[1]), slow.Query(p[0], p[1])
				if a != b {
					t.Fatalf("pair %d %s - %s: filtered %+v, every pixel %+v", i, bm.LocationName(p[0]), bm.LocationName(p[1]), a, b)
				}
			}
			// Sources: random Locations, and upper building levels (45 in
			// the long run, 6 in the short: each traces every pixel of
			// some 800 lines).
			nFrom := samples(45)
			if !longrun.Enabled() && !*long {
				nFrom = 6
			}
			var froms []board.Location
			for _, p := range pairs[:min(nFrom*2/3, len(pairs))] {
				froms = append(froms, p[0])
			}
			for _, l := range locationsOf(bm) {
				if l.Level > 0 && len(froms) < nFrom {
					froms = append(froms, l)
				}
			}
			for _, from := range froms {
				m.Range(from, 16, func(to board.Location, a *los.Result) bool {
					if b := slow.Query(from, to); *a != b {
						t.Fatalf("%s - %s: filtered %+v, every pixel %+v", bm.LocationName(from), bm.LocationName(to), *a, b)
					}
					return true
				})
			}
		})
	}
}

// TestSeason: grain out of season is Open Ground and hinders nothing;
// orchards out of season hinder but do not block (B.10).
func TestSeason(t *testing.T) {
	t.Parallel()
	dir := testshared.Boards(t)
	lay, _ := layout.Parse("33", layout.Up)
	bm, err := library.New(dir).Map(lay)
	if err != nil {
		t.Fatal(err)
	}
	in, _ := los.New(bm, terrain.InSeason)
	out, _ := los.New(bm, terrain.Season{})
	loc := func(s string) board.Location {
		l, err := bm.ParseLocation(s)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	// 33Q5 - 33X3 crosses four grain hexes (T4 U4 V3 W4).
	if r := in.Query(loc("33Q5"), loc("33X3")); r.Hindrance != 4 {
		t.Errorf("in season: hindrance %d, want 4", r.Hindrance)
	}
	if r := out.Query(loc("33Q5"), loc("33X3")); !r.Clear || r.Hindrance != 0 {
		t.Errorf("out of season: %+v, want clear without hindrance", r)
	}
	// From the first level of 33R6 the orchard of 33P4 blocks the line to
	// 33N0 in season (as high as the higher end, A6.2) and only hinders
	// out of season.
	a, b := in.Query(loc("33R6h1"), loc("33N0")), out.Query(loc("33R6h1"), loc("33N0"))
	if a.Clear || a.Blocking() != "Orchard" {
		t.Errorf("in season: %+v, want blocked by the orchard", a)
	}
	if !b.Clear || b.Hindrance == 0 {
		t.Errorf("out of season: %+v, want clear and hindered", b)
	}
}

// TestRasterised compares LOS over a real board's own raster with LOS over
// the raster drawn from its derived hexes, on the pairs of VASL's file: a
// measure of how far a native board (a correction) can be trusted.
func TestRasterised(t *testing.T) {
	t.Parallel()
	cases := readVASL(t)
	dir := testshared.Boards(t)
	agree, n := 0, 0
	for _, spec := range []string{"2", "3", "4", "19", "33"} {
		real := realMap(t, spec)
		bm := real.Board()
		nb := *bm.Board(spec)
		nb.Raster = nil
		lay, _ := layout.Parse(spec, layout.Up)
		native, err := board.NewMap(lay, map[string]*board.Board{spec: &nb})
		if err != nil {
			t.Fatal(err)
		}
		dm, err := los.New(native, terrain.InSeason)
		if err != nil {
			t.Fatal(err)
		}
		if len(dm.Rasterised) != 1 {
			t.Fatalf("board %s not rasterised", spec)
		}
		_ = dir
		for _, c := range cases {
			if c.layout != spec {
				continue
			}
			from, _ := bm.ParseLocation(c.from)
			to, _ := bm.ParseLocation(c.to)
			n++
			if dm.Query(from, to).Clear == c.clear {
				agree++
			}
		}
	}
	pct := 100 * float64(agree) / float64(n)
	t.Logf("rasterised boards agree with VASL on %d of %d pairs (%.1f%%)", agree, n, pct)
	if pct < 85 {
		t.Errorf("rasterised boards agree with VASL on %.1f%% of pairs, under 85%%", pct)
	}
}

// TestRasteriseCentres: on the demo boards, the centre terrain and base
// level LOS derives from the drawn raster are those of the hexes.
func TestRasteriseCentres(t *testing.T) {
	t.Parallel()
	for _, id := range library.Demo() {
		b, err := library.New("").Board(id)
		if err != nil {
			t.Fatal(err)
		}
		r := los.Rasterise(b)
		b.Each(func(h hex.Hex, th *terrain.Hex) {
			x, y := centrePixel(h)
			lv, code := r.At(x, y)
			if lv != th.Elevation {
				t.Errorf("%s%s: level %d at the dot, hex at %d", id, fmt.Sprint(h), lv, th.Elevation)
			}
			if los.KindsOf(code)&th.Kinds != los.KindsOf(code) {
				t.Errorf("%s %v: code %d at the dot, hex is %v", id, h, code, th.Kinds)
			}
		})
	}
}

func centrePixel(h hex.Hex) (int, int) {
	x := 56.25 * float64(h.Col)
	y := 64.5 * float64(h.Row)
	if h.Col&1 == 0 {
		y -= 32.25
	}
	return min(int(x), board.RasterW-1), min(max(int(y), 0), board.RasterH-1)
}

// TestB6InherentTerrain: "It is not necessary that a LOS actually cross
// such a symbol to be affected - mere entrance of the hex ... suffices"
// (ASL B.6). On board 41 (new to the tests), out of season (month 1),
// 41EE2-41EE4 runs down the road through orchard 41EE3 and crosses no
// tree: it is hindered +1 all the same. So is 19W3-19M8 through 19N7,
// where VASL finds +0.
func TestB6InherentTerrain(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		board, from, to, at string
		season              terrain.Season
	}{
		{"41", "41EE2", "41EE4", "41EE3", terrain.Season{}},
		{"19", "19W3", "19M8", "19N7", terrain.InSeason},
	} {
		lay, err := layout.Parse(c.board, layout.Up)
		if err != nil {
			t.Fatal(err)
		}
		bm, err := library.New(testshared.Boards(t)).Map(lay)
		if err != nil {
			t.Fatal(err)
		}
		m, err := los.New(bm, c.season)
		if err != nil {
			t.Fatal(err)
		}
		from, _ := bm.ParseLocation(c.from)
		to, _ := bm.ParseLocation(c.to)
		r := m.Query(from, to)
		at, _ := bm.ParseLocation(c.at)
		if !r.Clear || r.Hindrance < 1 || !slices.ContainsFunc(r.Hindrances[:r.NHind], func(h los.Hindrance) bool { return h.Hex == at.Hex }) {
			t.Errorf("%s-%s: clear %v, hindrance %+d %v; want hindered by %s", c.from, c.to, r.Clear, r.Hindrance, r.Hindrances[:r.NHind], c.at)
		}
	}
}

// TestA6_2WaterEdge: lines from a Water Obstacle hex at level -1 to
// level 0 beyond the bank (board 8, new to the tests) are clear, as VASL
// finds them: the land that reaches into the water hex next to the higher
// end is no "height advantage" obstacle (VASL's checkTerrainHeightRule
// exception). They were blocked at 8M5 and 8B3 "by level 0 ground".
func TestA6_2WaterEdge(t *testing.T) {
	t.Parallel()
	m := realMap(t, "8")
	bm := m.Board()
	for _, c := range [][2]string{{"8S5", "8L4"}, {"8F9", "8B2"}, {"8L4", "8S5"}, {"8B2", "8F9"}} {
		from, _ := bm.ParseLocation(c[0])
		to, _ := bm.ParseLocation(c[1])
		if r := m.Query(from, to); !r.Clear {
			t.Errorf("%s-%s: blocked at %s: %s; VASL finds it clear", c[0], c[1], bm.NameString(r.BlockedAt), r.Reason)
		}
	}
}

// TestB23_71RowhouseWall: "a rowhouse wall blocks LOS" (ASL B23.71), the
// firer's own too, as VASL's LOS engine applies it: on board 21 (new to
// the tests), 21P7-21L7 leaves 21P7 across its rowhouse wall and is
// blocked there (sasl found it clear, +3). A line out of 21P7 across a
// hexside with no rowhouse wall is not blocked by one.
func TestB23_71RowhouseWall(t *testing.T) {
	t.Parallel()
	m := realMap(t, "21")
	bm := m.Board()
	p7, _ := bm.ParseLocation("21P7")
	l7, _ := bm.ParseLocation("21L7")
	r := m.Query(p7, l7)
	if r.Clear || r.Reason != los.RowhouseWall || r.BlockedAt != p7.Hex {
		t.Errorf("21P7-21L7: clear %v, blocked at %s: %s; want blocked at 21P7 by its rowhouse wall", r.Clear, bm.NameString(r.BlockedAt), r.Reason)
	}
	p4, _ := bm.ParseLocation("21P4")
	if r := m.Query(p7, p4); r.Reason == los.RowhouseWall {
		t.Errorf("21P7-21P4 leaves across 21P7's side to 21P6, with no rowhouse wall: %s", r.Reason)
	}
}

// TestLinesReciprocal_A6_1: lines VASL's floating point sums made cross
// other pixels one way than the other (rowSeq), judged differently: each
// was blocked one way only, by what its pixels of one column grazed. The
// line is the same both ways (A6.1: LOS is reciprocal), and so is its
// verdict. (TestLOSReciprocal_A6_1 checks every pair of the boards.)
func TestLinesReciprocal_A6_1(t *testing.T) {
	t.Parallel()
	for _, p := range [][2]string{
		{"33F2", "33L1"}, {"33F4", "33I8"}, {"33G2", "33Y3"}, {"48H1", "48N8"}, {"48O2", "48P4"},
		{"48Y10", "48GG4"}, {"24G9", "24I5"}, {"41A2", "41B4"}, {"49D4", "49F6"},
	} {
		m := realMap(t, p[0][:2])
		bm := m.Board()
		a, err := bm.ParseLocation(p[0])
		if err != nil {
			t.Fatal(err)
		}
		b, err := bm.ParseLocation(p[1])
		if err != nil {
			t.Fatal(err)
		}
		ab, ba := m.Query(a, b), m.Query(b, a)
		// (A blocked line's hindrances are those before the block.)
		if ab.Clear != ba.Clear || ab.Clear && ab.Hindrance != ba.Hindrance || ab.Range != ba.Range {
			t.Errorf("%s - %s: clear %v %s, hindrance %+d; back: clear %v %s, hindrance %+d", p[0], p[1],
				ab.Clear, ab.Reason, ab.Hindrance, ba.Clear, ba.Reason, ba.Hindrance)
		}
	}
}
