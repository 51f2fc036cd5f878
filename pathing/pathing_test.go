package pathing

import (
	"cmp"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/tables"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
)

func realBoards(t testing.TB) string { return testshared.Boards(t) }

var (
	libMu sync.Mutex
	libs  = map[string]*library.Library{}
)

func mapOf(t testing.TB, dir, spec string, north layout.Frame) *board.Map {
	t.Helper()
	libMu.Lock()
	lib := libs[dir]
	if lib == nil {
		lib = library.New(dir)
		libs[dir] = lib
	}
	libMu.Unlock()
	l, err := layout.Parse(spec, north)
	if err != nil {
		t.Fatal(err)
	}
	m, err := lib.Map(l)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func clear(t testing.TB) *tables.Weather {
	w, err := tables.Default().Preset("clear")
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func infantry(t testing.TB, m *board.Map) *Infantry {
	return NewInfantry(m, &tables.Default().Infantry, clear(t), terrain.InSeason)
}

func at(t testing.TB, m *board.Map, s string) board.Location {
	t.Helper()
	l, err := m.ParseLocation(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestRuleExamples checks the movement examples of the rules on the real
// boards they name.
func TestRuleExamples(t *testing.T) {
	t.Parallel()
	dir := realBoards(t)
	b2 := mapOf(t, dir, "2", layout.Up)
	b3 := mapOf(t, dir, "3", layout.Up)
	b33 := mapOf(t, dir, "33", layout.Up)
	step := func(m *board.Map, a, b string) int {
		t.Helper()
		c, ok := infantry(t, m).Step(at(t, m, a), at(t, m, b))
		if !ok {
			t.Fatalf("%s -> %s not allowed", a, b)
		}
		return c
	}
	t.Run("A2.4 EX: entering 2I9 costs 4 MF", func(t *testing.T) {
		if c := step(b2, "2I8", "2I9"); c != 8 {
			t.Errorf("2I8 -> 2I9 costs %s MF, want 4", HalfMF(c))
		}
		th, _ := b2.Terrain(at(t, b2, "2I9").Hex)
		if c, _ := infantry(t, b2).COT(th, false); c != 8 {
			t.Errorf("COT of 2I9 %s MF, want 4", HalfMF(c))
		}
	})
	t.Run("B.2: a wall into Open Ground costs 2 MF", func(t *testing.T) {
		if c := step(b33, "33Q6", "33Q7"); c != 4 {
			t.Errorf("33Q6 -> 33Q7 across the wall costs %s MF, want 2", HalfMF(c))
		}
	})
	t.Run("B.2: a wall into woods costs 3 MF", func(t *testing.T) {
		if c := step(b3, "3P5", "3Q6"); c != 6 {
			t.Errorf("3P5 -> 3Q6 across the wall costs %s MF, want 3", HalfMF(c))
		}
	})
	t.Run("A2.6 EX: exits of 2Y1, 2W1 and 2AA1", func(t *testing.T) {
		// With the road rate at 0.5 MF (below the Open Ground rate) the
		// rates are told apart: 2Y1's road runs off the board, 2W1's does
		// not; 2AA1 leaves as a woods hex.
		mv := tables.Default().Clone().Infantry
		mv.Road.HalfMF = 1
		c := NewInfantry(b2, &mv, clear(t), terrain.InSeason)
		for _, tt := range []struct {
			hex  string
			want int
		}{{"2Y1", 1}, {"2W1", 2}, {"2AA1", 4}} {
			got, ok := c.Exit(at(t, b2, tt.hex), layout.North)
			if !ok || got != tt.want {
				t.Errorf("exit of %s costs %d half MF (%v), want %d", tt.hex, got, ok, tt.want)
			}
		}
		if _, ok := c.Exit(at(t, b2, "2Y2"), layout.North); ok {
			t.Error("2Y2 is not an edge hex")
		}
	})
	t.Run("B.2: uphill doubles the COT", func(t *testing.T) {
		// 15U8 (level 0) up to V7 (level 1), a continuous slope (B.5 EX).
		b15 := mapOf(t, dir, "15", layout.Up)
		a, b := at(t, b15, "15U8"), at(t, b15, "15V7")
		ta, _ := b15.Terrain(a.Hex)
		tb, _ := b15.Terrain(b.Hex)
		cot, _ := infantry(t, b15).COT(tb, false)
		got, _ := infantry(t, b15).Step(a, b)
		back, _ := infantry(t, b15).Step(b, a)
		if tb.Elevation != ta.Elevation+1 || got != 2*cot {
			t.Errorf("U8 (%d) -> V7 (%d): %d half MF, want double the COT %d", ta.Elevation, tb.Elevation, got, cot)
		}
		if back*2 != got {
			t.Errorf("downhill costs %d, want the plain COT", back)
		}
	})
}

// A test map in the native format.
func textMap(t testing.TB, text string) *board.Map {
	t.Helper()
	b, err := board.ReadText(strings.NewReader("sasl-board 1\nboard t1\n"+text), "t.sasl")
	if err != nil {
		t.Fatal(err)
	}
	m, err := board.NewMap(layout.Single("t1"), map[string]*board.Board{"t1": b})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestCosts(t *testing.T) {
	t.Parallel()
	m := textMap(t, `
C5 woods+dirt_road N=road
C4 open_ground+dirt_road
D5 water
E5 stream elev=-1
F5 open_ground
G5 open_ground NW=cliff
H5 grain
I5 building building=stone/2 stairs SE=building
J5 building building=stone/2
K5 open_ground N=bocage
`)
	def := tables.Default()
	clearW, _ := def.Preset("clear")
	winter, _ := def.Preset("winter")
	sat, _ := def.Preset("saturated")
	c := NewInfantry(m, &def.Infantry, clearW, terrain.InSeason)
	for _, tt := range []struct {
		name     string
		coster   *Infantry
		from, to string
		want     int // half MF; -1 impassable
	}{
		{"along a woods road", c, "t1C4", "t1C5", 2},
		{"into woods off the road", c, "t1B5", "t1C5", 4},
		{"saturated: dirt road rate lost", NewInfantry(m, &def.Infantry, sat, terrain.InSeason), "t1C4", "t1C5", 4},
		{"water is impassable", c, "t1C5", "t1D5", -1},
		{"winter: water as Open Ground", NewInfantry(m, &def.Infantry, winter, terrain.InSeason), "t1C5", "t1D5", 2},
		{"stream down", c, "t1F5", "t1E5", 4},
		{"stream up out", c, "t1E5", "t1F5", 4},
		{"winter: stream as Open Ground", NewInfantry(m, &def.Infantry, winter, terrain.InSeason), "t1F5", "t1E5", 2},
		{"cliff", c, "t1G5", "t1F4", -1},
		{"grain in season", c, "t1G5", "t1H5", 3},
		{"grain out of season", NewInfantry(m, &def.Infantry, clearW, terrain.Season{}), "t1G5", "t1H5", 2},
		{"up a stairwell", c, "t1I5", "t1I5h1", 2},
		{"two levels at once", c, "t1I5", "t1I5h2", -1},
		{"upper level to upper level of one building", c, "t1I5h1", "t1J5h1", 4},
		{"upper level to ground of another hex", c, "t1I5h1", "t1J5", -1},
		{"bocage", c, "t1K4", "t1K5", 6},
		{"not adjacent", c, "t1C4", "t1K5", -1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.coster.Step(at(t, m, tt.from), at(t, m, tt.to))
			if !ok {
				got = -1
			}
			if got != tt.want {
				t.Errorf("%s -> %s: %d half MF, want %d", tt.from, tt.to, got, tt.want)
			}
		})
	}
	// J5 is in I5's building and has no stairwell of its own.
	if _, ok := c.Step(at(t, m, "t1J5"), at(t, m, "t1J5h1")); ok {
		t.Error("a multi-hex building changes level only at a stairwell")
	}
}

// gonumGraph builds the same graph for gonum's Dijkstra.
func gonumGraph(g *Graph) *simple.WeightedDirectedGraph {
	gg := simple.NewWeightedDirectedGraph(0, 0)
	for u := range g.Len() {
		gg.AddNode(simple.Node(u))
	}
	for u := range g.Len() {
		g.Out(u, func(v, c int) {
			gg.SetWeightedEdge(gg.NewWeightedEdge(simple.Node(u), simple.Node(v), float64(c)))
		})
	}
	return gg
}

// TestOracle compares every pair of Locations of small maps with gonum's
// Dijkstra, with and without weights.
func TestOracle(t *testing.T) {
	t.Parallel()
	for _, id := range library.Demo() {
		t.Run(id, func(t *testing.T) {
			m := mapOf(t, "", id, layout.Up)
			g, err := NewGraph(m, infantry(t, m))
			if err != nil {
				t.Fatal(err)
			}
			for _, weighted := range []bool{false, true} {
				var w Weights
				gg := gonumGraph(g)
				if weighted {
					r := rand.New(rand.NewPCG(1, uint64(len(id))))
					w = make(Weights, g.Len())
					for i := range w {
						w[i] = int32(r.IntN(5))
					}
					// gonum sees the weight of a node on every arc into it.
					gg = simple.NewWeightedDirectedGraph(0, 0)
					for u := range g.Len() {
						gg.AddNode(simple.Node(u))
					}
					for u := range g.Len() {
						g.Out(u, func(v, c int) {
							gg.SetWeightedEdge(gg.NewWeightedEdge(simple.Node(u), simple.Node(v), float64(c+int(w[v]))))
						})
					}
				}
				s := g.NewSearch()
				var f Field
				// From every Location in the long run (longrun), from one
				// in three in the short.
				step := longrun.Choose(1, 3)
				for u := 0; u < g.Len(); u += step {
					want := path.DijkstraFrom(simple.Node(u), gg)
					s.From(&f, g.Location(u), w, -1)
					for v := range g.Len() {
						wd := want.WeightTo(int64(v))
						got := f.NodeCost(v)
						if (got == Unreached) != (wd > 1e18) || (got != Unreached && float64(got) != wd) {
							t.Fatalf("weighted %v: %s -> %s: ours %d, gonum %v", weighted, m.LocationName(g.Location(u)), m.LocationName(g.Location(v)), got, wd)
						}
					}
				}
			}
		})
	}
}

// A field toward one Location (To) costs every Location as a search from
// it does, weights included, and its paths end at that Location.
func TestToOneLocation(t *testing.T) {
	t.Parallel()
	m := mapOf(t, "", "x1", layout.Up)
	g, err := NewGraph(m, infantry(t, m))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	w := make(Weights, g.Len())
	for i := range w {
		w[i] = int32(r.IntN(4))
	}
	s := g.NewSearch()
	var to, from Field
	for range 40 {
		dst := g.Location(r.IntN(g.Len()))
		if !s.To(&to, dst, w) {
			t.Fatalf("To(%s) refused", m.LocationName(dst))
		}
		for range 20 {
			src := g.Location(r.IntN(g.Len()))
			s.From(&from, src, w, -1)
			if got, want := to.Cost(src), from.Cost(dst); got != want {
				t.Fatalf("%s -> %s: To says %d, From %d", m.LocationName(src), m.LocationName(dst), got, want)
			}
			if p, ok := to.Path(src); ok {
				if last := p.Steps[len(p.Steps)-1]; last.Off || last.Location != dst || p.Cost != to.Cost(src) {
					t.Fatalf("%s -> %s: the path ends at %s (off %v), cost %d", m.LocationName(src), m.LocationName(dst), m.LocationName(last.Location), last.Off, p.Cost)
				}
			}
		}
	}
}

// TestProperties: triangle inequality, and a path's cost is the sum of its
// steps, on a real board.
func TestProperties(t *testing.T) {
	t.Parallel()
	m := mapOf(t, realBoards(t), "2", layout.Up)
	g, err := NewGraph(m, infantry(t, m))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewSearch()
	r := rand.New(rand.NewPCG(5, 6))
	var fa, fb Field
	for range 60 {
		a, b := r.IntN(g.Len()), r.IntN(g.Len())
		s.From(&fa, g.Location(a), nil, -1)
		s.From(&fb, g.Location(b), nil, -1)
		for c := range g.Len() {
			ac, ab, bc := fa.NodeCost(c), fa.NodeCost(b), fb.NodeCost(c)
			if ab != Unreached && bc != Unreached && ac > ab+bc {
				t.Fatalf("d(a,c) %d > d(a,b) %d + d(b,c) %d", ac, ab, bc)
			}
		}
		p, ok := s.Path(g.Location(a), g.Location(b), nil)
		if !ok {
			continue
		}
		sum := 0
		for i, st := range p.Steps {
			sum += st.HalfMF
			if i > 0 {
				c, ok := g.Cost(mustNode(t, g, p.Steps[i-1].Location), mustNode(t, g, st.Location))
				if !ok || c != st.HalfMF {
					t.Fatalf("step %d costs %d, the arc %d (%v)", i, st.HalfMF, c, ok)
				}
			}
		}
		if sum != p.HalfMF || p.HalfMF != fa.NodeCost(b) || p.Steps[0].Location != g.Location(a) || p.Steps[len(p.Steps)-1].Location != g.Location(b) {
			t.Fatalf("path %+v: sum %d, total %d, field %d", p, sum, p.HalfMF, fa.NodeCost(b))
		}
	}
}

func mustNode(t *testing.T, g *Graph, l board.Location) int {
	t.Helper()
	u, ok := g.Node(l)
	if !ok {
		t.Fatalf("%v not in the graph", l)
	}
	return u
}

// TestFlowField: every Location's way off the map ends in a mirror hex of
// the edge and costs what the field says; exits and budget reach agree with
// forward searches.
func TestFlowField(t *testing.T) {
	t.Parallel()
	m := mapOf(t, "", "x1,x2", layout.Up)
	g, err := NewGraph(m, infantry(t, m))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewSearch()
	var f Field
	for e := layout.North; e <= layout.West; e++ {
		s.ToEdge(&f, e, nil)
		for u := range g.Len() {
			p, ok := f.Path(g.Location(u))
			if !ok {
				continue
			}
			last := p.Steps[len(p.Steps)-1]
			if !last.Off || m.OnMap(last.Location.Hex) && m.FrameOf(e) != layout.Left && m.FrameOf(e) != layout.Right && last.Location.Hex.Col%2 == 0 {
				t.Fatalf("%v: path of %s does not end off the map: %+v", e, m.LocationName(g.Location(u)), last)
			}
			if p.HalfMF != p.Cost || p.Cost != f.NodeCost(u) {
				t.Fatalf("%v: path MF %d, cost %d, field %d", e, p.HalfMF, p.Cost, f.NodeCost(u))
			}
		}
	}
	// From x1's west-east road at A5, three MF reach along the road further
	// than across the fields.
	var r Field
	s.From(&r, at(t, m, "x1A5"), nil, 6)
	if !r.Reached(at(t, m, "x1D5")) || r.Reached(at(t, m, "x1A9")) {
		t.Error("3 MF from A5 should reach D5 along the road but not A9")
	}
	for u := range g.Len() {
		if c := r.NodeCost(u); c != Unreached && c > 6 {
			t.Fatalf("reached %s at %d half MF, over the budget", m.LocationName(g.Location(u)), c)
		}
	}
	// Entering from the north edge: a field of entries.
	var in Field
	s.FromEdge(&in, layout.North, nil)
	p, ok := in.Path(at(t, m, "x1Q5"))
	if !ok || !p.Steps[0].Off || p.Steps[1].Location.Hex.Row != 1 {
		t.Fatalf("entry path to Q5: %+v", p)
	}
	if p.HalfMF != 10 { // along the road Q1..Q5 from off-board: 5 MF
		t.Errorf("entry from the north along the road to Q5: %s MF, want 5", HalfMF(p.HalfMF))
	}
}

func TestWeightsChangeTheRoute(t *testing.T) {
	t.Parallel()
	m := mapOf(t, "", "x1", layout.Up)
	g, err := NewGraph(m, infantry(t, m))
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewSearch()
	from, to := at(t, m, "x1B5"), at(t, m, "x1J5")
	fast, _ := s.Path(from, to, nil)
	// Weigh the road heavily: the covered path leaves it.
	w := make(Weights, g.Len())
	for u := range g.Len() {
		th, _ := m.Terrain(g.Location(u).Hex)
		if th.Kinds.Road() {
			w[u] = 10
		}
	}
	w[mustNode(t, g, to)] = 0
	covered, _ := s.Path(from, to, w)
	// Open ground beside the road costs what the road does: the covered
	// path spends no more MF and pays no weight.
	if covered.HalfMF != fast.HalfMF || covered.Cost != covered.HalfMF {
		t.Errorf("fast %s MF, covered %s MF (cost %d)", HalfMF(fast.HalfMF), HalfMF(covered.HalfMF), covered.Cost)
	}
	if fastW := pathWeight(t, g, fast, w); fastW == 0 {
		t.Error("the fast path runs along the road and would pay its weight")
	}
	onRoad := 0
	for _, st := range covered.Steps[1 : len(covered.Steps)-1] {
		th, _ := m.Terrain(st.Location.Hex)
		if th.Kinds.Road() {
			onRoad++
		}
	}
	if onRoad > 0 {
		t.Errorf("covered path uses %d road hexes", onRoad)
	}
}

func pathWeight(t *testing.T, g *Graph, p Path, w Weights) int {
	sum := 0
	for _, st := range p.Steps[1:] {
		sum += int(w[mustNode(t, g, st.Location)])
	}
	return sum
}

func TestCoverAndExposure(t *testing.T) {
	t.Parallel()
	m := mapOf(t, "", "x1", layout.Up)
	g, err := NewGraph(m, infantry(t, m))
	if err != nil {
		t.Fatal(err)
	}
	cover := g.Cover(terrain.InSeason, 3)
	if cover[mustNode(t, g, at(t, m, "x1K2"))] != 0 || cover[mustNode(t, g, at(t, m, "x1A1"))] != 3 || cover[mustNode(t, g, at(t, m, "x1S6h1"))] != 0 {
		t.Error("Cover: woods and building levels free, open ground weighed")
	}
	// A covered path from L7 (woods) to K2 (woods) spends more MF than the
	// fast one but pays less weight.
	s := g.NewSearch()
	from, to := at(t, m, "x1L7"), at(t, m, "x1K2")
	fast, _ := s.Path(from, to, nil)
	covered, _ := s.Path(from, to, cover)
	if pathWeight(t, g, covered, cover) > pathWeight(t, g, fast, cover) {
		t.Errorf("covered path pays more weight than the fast one")
	}
	lm, err := los.New(m, terrain.InSeason)
	if err != nil {
		t.Fatal(err)
	}
	exp := g.Exposure(lm, []board.Location{at(t, m, "x1Q5")}, 2, terrain.InSeason, 5)
	if exp[mustNode(t, g, at(t, m, "x1Q6"))] != 5 || exp[mustNode(t, g, at(t, m, "x1Q5"))] != 5 || exp[mustNode(t, g, at(t, m, "x1Q9"))] != 0 || exp[mustNode(t, g, at(t, m, "x1S6"))] != 0 {
		t.Error("Exposure: open ground in LOS of the known unit within reach only")
	}
}

// Exposure is by LOS, not nearness: open ground behind woods is not
// exposed to a Known unit however near; open ground in its LOS is.
func TestExposureByLOS(t *testing.T) {
	t.Parallel()
	b, err := board.ReadText(strings.NewReader("sasl-board 1\nboard o1\nK5 woods\nN6 building building=stone/0\n"), "o1.sasl")
	if err != nil {
		t.Fatal(err)
	}
	l, err := layout.Parse("o1", layout.Up)
	if err != nil {
		t.Fatal(err)
	}
	m, err := board.NewMap(l, map[string]*board.Board{"o1": b})
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGraph(m, infantry(t, m))
	if err != nil {
		t.Fatal(err)
	}
	lm, err := los.New(m, terrain.InSeason)
	if err != nil {
		t.Fatal(err)
	}
	exp := g.Exposure(lm, []board.Location{at(t, m, "o1K7")}, 4, terrain.InSeason, 5)
	for _, c := range []struct {
		hex  string
		want int32
		why  string
	}{
		{"o1K6", 5, "open ground next to the known unit"},
		{"o1M7", 5, "open ground in its LOS at range 2"},
		{"o1K4", 0, "open ground behind the woods of K5, range 3"},
		{"o1K3", 0, "open ground behind the woods of K5, range 4"},
		{"o1O6", 0, "open ground behind the building of N6, range 4"},
		{"o1K5", 0, "woods: Concealment Terrain"},
		{"o1K1", 0, "beyond reach"},
	} {
		if got := exp[mustNode(t, g, at(t, m, c.hex))]; got != c.want {
			t.Errorf("%s: exposure %d, want %d (%s)", c.hex, got, c.want, c.why)
		}
	}
}

func TestWeightsAdd(t *testing.T) {
	t.Parallel()
	a, b := Weights{0, 2, 1}, Weights{3, 0, 1}
	if got := a.Add(b); !slices.Equal(got, Weights{3, 2, 2}) || !slices.Equal(a, Weights{0, 2, 1}) {
		t.Errorf("%v + %v = %v (and a is now %v)", a, b, got, a)
	}
	if got := Weights(nil).Add(b); !slices.Equal(got, b) {
		t.Errorf("nil + %v = %v", b, got)
	}
	if got := a.Add(nil); !slices.Equal(got, a) {
		t.Errorf("%v + nil = %v", a, got)
	}
}

// freeArcs is an Infantry Coster with some arcs free (cost 0: the real
// tables have none, but Search handles them, an arc refilling the bucket
// being emptied) and some closed, by a hash of the step.
type freeArcs struct{ *Infantry }

func (f freeArcs) Step(a, b board.Location) (int, bool) {
	c, ok := f.Infantry.Step(a, b)
	switch (a.Hex.Col*7 + a.Hex.Row*3 + b.Hex.Col*5 + b.Hex.Row + a.Level) % 9 {
	case 0, 1:
		return 0, ok
	case 2:
		return 0, false
	}
	return c, ok
}

// TestLazyAsTo checks a Lazy field against Search.To's whole field on a
// real board with weights (zeros among them), and on one with free and
// closed arcs too: the same cost and the same path, ties broken alike,
// for Locations asked in a random order, each asked before or after the
// nodes around it settle, and CostBelow bounded above and below a
// Location's cost.
func TestLazyAsTo(t *testing.T) {
	t.Parallel()
	m := mapOf(t, realBoards(t), "2", layout.Up)
	g, err := NewGraph(m, infantry(t, m))
	if err != nil {
		t.Fatal(err)
	}
	free, err := NewGraph(m, freeArcs{infantry(t, m)})
	if err != nil {
		t.Fatal(err)
	}
	zero := 0
	for u := range free.Len() {
		free.Out(u, func(_, c int) {
			if c == 0 {
				zero++
			}
		})
	}
	if zero == 0 {
		t.Fatal("no free arc: the test does not try them")
	}
	lazyAsTo(t, g)
	lazyAsTo(t, free)
}

func lazyAsTo(t *testing.T, g *Graph) {
	t.Helper()
	m := g.Map
	r := rand.New(rand.NewPCG(7, 8))
	w := make(Weights, g.Len())
	s := g.NewSearch()
	z := g.NewLazy()
	var to Field
	for round := range 30 {
		for i := range w {
			w[i] = 0
			if round%3 != 0 { // every third round unweighted
				w[i] = int32(r.IntN(4))
			}
		}
		dst := g.Location(r.IntN(g.Len()))
		if s.To(&to, dst, w) != z.To(dst, w) {
			t.Fatal("To and Lazy.To disagree on", m.LocationName(dst))
		}
		for range 60 {
			l := g.Location(r.IntN(g.Len()))
			// CostBelow, asked first half the time, settles less far
			// and leaves the answers after it the whole field's.
			if r.IntN(2) == 0 {
				want := to.Cost(l)
				bound := want + r.IntN(7) - 3
				if want == Unreached {
					bound = r.IntN(40)
				}
				got := z.CostBelow(l, bound)
				if want < bound && got != want || want >= bound && (got < bound || got > want) {
					t.Fatalf("to %s, from %s: CostBelow %d = %d, cost %d", m.LocationName(dst), m.LocationName(l), bound, got, want)
				}
			}
			if got, want := z.Cost(l), to.Cost(l); got != want {
				t.Fatalf("to %s, from %s: Lazy cost %d, To %d", m.LocationName(dst), m.LocationName(l), got, want)
			}
			gp, gok := z.Path(l)
			wp, wok := to.Path(l)
			if gok != wok || !reflect.DeepEqual(gp, wp) {
				t.Fatalf("to %s, from %s: Lazy path %v (%v), To %v (%v)", m.LocationName(dst), m.LocationName(l), gp, gok, wp, wok)
			}
		}
	}
	// Not in the graph: nothing is reached.
	if z.To(board.Location{Hex: hex.Hex{Col: -5, Row: -5}}, nil) || z.Cost(g.Location(0)) != Unreached {
		t.Error("a Lazy field toward no node reaches a Location")
	}
}

// OutArcs lists a node's arcs as Out calls them, in Out's order, and
// InArcs the arcs into it, each an arc Out calls from its tail, on every
// demo board (ASL A4.1: the MF of each step).
func TestOutArcsAsOut_A4_1(t *testing.T) {
	t.Parallel()
	arcs := 0
	for _, id := range library.Demo() {
		m := mapOf(t, "", id, layout.Up)
		g, err := NewGraph(m, infantry(t, m))
		if err != nil {
			t.Fatal(err)
		}
		for u := range g.Len() {
			var want [][2]int
			g.Out(u, func(v, c int) { want = append(want, [2]int{v, c}) })
			to, mf := g.OutArcs(u)
			if len(to) != len(want) || len(mf) != len(to) {
				t.Fatalf("%s node %d: %d heads, %d costs; Out calls %d", id, u, len(to), len(mf), len(want))
			}
			for i, w := range want {
				if int(to[i]) != w[0] || int(mf[i]) != w[1] {
					t.Fatalf("%s node %d arc %d: %d (%d MF), Out %v", id, u, i, to[i], mf[i], w)
				}
			}
			arcs += len(to)
		}
		// Every arc Out calls, by head, is one InArcs lists of it.
		into := make([][][2]int, g.Len())
		for u := range g.Len() {
			g.Out(u, func(v, c int) { into[v] = append(into[v], [2]int{u, c}) })
		}
		for v := range g.Len() {
			from, mf := g.InArcs(v)
			var got [][2]int
			for i, u := range from {
				got = append(got, [2]int{int(u), int(mf[i])})
			}
			want := into[v]
			slices.SortFunc(got, func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) })
			slices.SortFunc(want, func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) })
			if !slices.Equal(got, want) {
				t.Fatalf("%s node %d: InArcs %v, Out's arcs into it %v", id, v, got, want)
			}
		}
	}
	if arcs == 0 {
		t.Fatal("no arcs: nothing compared")
	}
}
