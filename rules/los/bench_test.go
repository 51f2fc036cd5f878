package los_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/cpubench"
	"github.com/sasl-engine/sasl/internal/testkit/testlayout"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// randomPairs returns n pairs of Locations of m at most r hexes apart
// (ground levels and building levels), from a fixed seed.
func randomPairs(m *los.Map, n, r int) [][2]board.Location {
	bm := m.Board()
	locs := locationsOf(bm)
	rng := rand.New(rand.NewPCG(1, 2))
	var out [][2]board.Location
	for len(out) < n {
		a, b := locs[rng.IntN(len(locs))], locs[rng.IntN(len(locs))]
		if a.Hex == b.Hex || hex.Distance(a.Hex, b.Hex) > r {
			continue
		}
		out = append(out, [2]board.Location{a, b})
	}
	return out
}

// BenchmarkQuery is one line of sight between random Locations up to 16
// hexes apart on board 33 (target: 5 us, no allocations; 5.0 us of CPU on
// a quiet 2-core machine, 2.3 us when the map kept per-pixel clearances
// that took 200 ms of CPU a board to build. VASL's own engine, measured
// warm side by side on such lines, takes 34-139 us a query).
func BenchmarkQuery(b *testing.B) {
	m := realMap(b, "33")
	pairs := randomPairs(m, 4096, 16)
	b.ReportAllocs()
	clear := 0
	stop := cpubench.Start(b)
	for i := 0; b.Loop(); i++ {
		p := pairs[i%len(pairs)]
		if m.Query(p[0], p[1]).Clear {
			clear++
		}
	}
	stop()
}

// BenchmarkRange is every Location in LOS of one Location within 16 hexes
// (about 800 lines), from Locations spread over board 33 and the two-board
// layout 2,33. Target: 2 ms (1.6 ms of CPU measured, quiet), about 2 us
// a line: a shallow line reads a new cache line at each pixel column (the
// raster is kept by column). Per-pixel clearances made it 0.5 ms (the 300
// us once aimed at was never met) but took 200 ms of CPU and 20 MB to
// build a board, which Range's one caller (sasl los --range, once a
// command) and the games' lines (about ten a game in a 3,000-game run)
// never repaid.
func BenchmarkRange(b *testing.B) {
	for _, spec := range []string{"33", "2,33"} {
		b.Run(spec, func(b *testing.B) {
			m := realMap(b, spec)
			bm := m.Board()
			var froms []board.Location
			for _, s := range []string{"33Q5", "33I7", "33X3", "33R6h1", "33E2"} {
				l, err := bm.ParseLocation(s)
				if err != nil {
					b.Fatal(err)
				}
				froms = append(froms, l)
			}
			b.ReportAllocs()
			stop := cpubench.Start(b)
			for i := 0; b.Loop(); i++ {
				n := 0
				m.Range(froms[i%len(froms)], 16, func(to board.Location, r *los.Result) bool {
					if r.Clear {
						n++
					}
					return true
				})
			}
			stop()
		})
	}
}

// BenchmarkNew is building the LOS map of one board and of two (the
// rasters already read): the pixels' hexes and grown polygons, the spine
// blocks and the hexes' terrain.
func BenchmarkNew(b *testing.B) {
	for _, spec := range []string{"33", "2,33"} {
		b.Run(spec, func(b *testing.B) {
			bm := realMap(b, spec).Board()
			b.ReportAllocs()
			stop := cpubench.Start(b)
			for b.Loop() {
				if _, err := los.New(bm, terrain.InSeason); err != nil {
					b.Fatal(err)
				}
			}
			stop()
		})
	}
}

// BenchmarkRasterise is drawing the raster of demo board x1, which has
// no raster of its own (each process that traces LOS on a native board
// draws it once: rasterised). Filled by runs of a column's pixels
// nearest one centre dot, 4.2-5.3 ms of CPU a board; pixel by pixel,
// 12.5 ms.
func BenchmarkRasterise(b *testing.B) {
	bd, err := library.New("").Board("x1")
	if err != nil {
		b.Fatal(err)
	}
	los.Rasterise(bd) // the grid's tables, made once a process
	b.ReportAllocs()
	stop := cpubench.Start(b)
	for b.Loop() {
		los.Rasterise(bd)
	}
	stop()
}

// BenchmarkNewSparse is building the board map and the LOS map of one
// board alone and of the same board in a 10 x 10 configuration of empty
// cells: the memory (B/op) should be about the same, the empty cells
// taking next to none (0.2 and 0.3 MB: the raster drawn for x1 is kept
// from the first loop, rasterised; drawn every time, 2.5 MB; when the
// raster covered the whole configuration, 10 x 10 cells took 2.1 GB and
// 9 s).
func BenchmarkNewSparse(b *testing.B) {
	for _, c := range []struct{ name, spec string }{{"x1", "x1"}, {"x1 in 10x10", testlayout.Sparse(10, 10, 4, 4, "x1")}} {
		b.Run(c.name, func(b *testing.B) {
			lay, err := layout.Parse(c.spec, layout.Up)
			if err != nil {
				b.Fatal(err)
			}
			lib := library.New("")
			b.ReportAllocs()
			stop := cpubench.Start(b)
			defer stop()
			for b.Loop() {
				bm, err := lib.Map(lay)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := los.New(bm, terrain.InSeason); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
