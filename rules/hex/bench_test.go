package hex

import "testing"

// A 4-board configuration spans 65 columns and 21 rows.
var benchHexes = func() []Hex {
	var hs []Hex
	for c := 0; c <= 64; c++ {
		for n := 0; n <= 20; n++ {
			hs = append(hs, Hex{c, n})
		}
	}
	return hs
}()

var sink int

func BenchmarkNeighbours(b *testing.B) {
	b.ReportAllocs()
	s := 0
	for b.Loop() {
		for _, h := range benchHexes {
			for d := range Dirs {
				s += h.Neighbour(d).Row
			}
		}
	}
	sink = s
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchHexes)*6), "ns/neighbour")
}

func BenchmarkDistance(b *testing.B) {
	b.ReportAllocs()
	s := 0
	o := Hex{32, 10}
	for b.Loop() {
		for _, h := range benchHexes {
			s += Distance(o, h)
		}
	}
	sink = s
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchHexes)), "ns/distance")
}

func BenchmarkTrace(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		l := Trace(Hex{16, 0}, Hex{21, 9}) // a line of fire across a board
		sink += len(l.Crossings)
	}
}
