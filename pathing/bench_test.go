package pathing

import (
	"testing"

	ybgraph "github.com/yourbasic/graph"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/sasl-engine/sasl/rules/layout"
)

// benchGraph is the movement graph of four real boards, two by two, for the
// flow field toward the north edge. The same problem is given to yourbasic
// and gonum as a single-source search from a sink joined to every exit, over
// the arcs reversed.
type benchGraph struct {
	g    *Graph
	sink int
	yb   *ybgraph.Immutable
	gn   *simple.WeightedDirectedGraph
}

func newBenchGraph(b *testing.B) *benchGraph {
	m := mapOf(b, realBoards(b), "33,2/15,4", layout.Up)
	g, err := NewGraph(m, infantry(b, m))
	if err != nil {
		b.Fatal(err)
	}
	bg := &benchGraph{g: g, sink: g.Len()}
	mut := ybgraph.New(g.Len() + 1)
	gn := simple.NewWeightedDirectedGraph(0, 0)
	for u := range g.Len() + 1 {
		gn.AddNode(simple.Node(u))
	}
	for u := range g.Len() {
		g.Out(u, func(v, c int) {
			mut.AddCost(v, u, int64(c))
			gn.SetWeightedEdge(gn.NewWeightedEdge(simple.Node(v), simple.Node(u), float64(c)))
		})
	}
	g.Exits(layout.North, func(u, c int) {
		mut.AddCost(bg.sink, u, int64(c))
		gn.SetWeightedEdge(gn.NewWeightedEdge(simple.Node(bg.sink), simple.Node(u), float64(c)))
	})
	bg.yb = ybgraph.Sort(mut)
	bg.gn = gn
	return bg
}

// BenchmarkFlowField compares, on one 4-board real-terrain graph, our flow
// field (a bucket-queue Dijkstra over compressed arcs with reused buffers)
// with yourbasic's ShortestPaths and gonum's DijkstraFrom computing the same
// costs. The results are checked equal once, outside the timing.
func BenchmarkFlowField(b *testing.B) {
	bg := newBenchGraph(b)
	g := bg.g
	s := g.NewSearch()
	var f Field
	s.ToEdge(&f, layout.North, nil)
	_, ybDist := ybgraph.ShortestPaths(bg.yb, bg.sink)
	gnDist := path.DijkstraFrom(simple.Node(bg.sink), bg.gn)
	for u := range g.Len() {
		want := f.NodeCost(u)
		if want == Unreached {
			want = -1
		}
		if int(ybDist[u]) != want {
			b.Fatalf("node %d: ours %d, yourbasic %d", u, want, ybDist[u])
		}
		if gw := gnDist.WeightTo(int64(u)); want >= 0 && gw != float64(want) {
			b.Fatalf("node %d: ours %d, gonum %v", u, want, gw)
		}
	}
	b.Logf("graph: %d Locations, %d arcs, %d exits", g.Len(), g.Arcs(), len(g.exits[layout.North]))

	b.Run("sasl", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.ToEdge(&f, layout.North, nil)
		}
	})
	b.Run("yourbasic", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ybgraph.ShortestPaths(bg.yb, bg.sink)
		}
	})
	b.Run("gonum", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			path.DijkstraFrom(simple.Node(bg.sink), bg.gn)
		}
	})
}

// BenchmarkGraph builds the movement graph of four real boards.
func BenchmarkGraph(b *testing.B) {
	m := mapOf(b, realBoards(b), "33,2/15,4", layout.Up)
	c := infantry(b, m)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewGraph(m, c); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPath is a point-to-point path across the four boards.
func BenchmarkPath(b *testing.B) {
	m := mapOf(b, realBoards(b), "33,2/15,4", layout.Up)
	g, err := NewGraph(m, infantry(b, m))
	if err != nil {
		b.Fatal(err)
	}
	s := g.NewSearch()
	from, to := at(b, m, "33A5"), at(b, m, "4GG6")
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := s.Path(from, to, nil); !ok {
			b.Fatal("no path")
		}
	}
}
