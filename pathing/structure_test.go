package pathing

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/yourbasic/graph"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

func TestWoodsGroups(t *testing.T) {
	t.Parallel()
	m := mapOf(t, "", "x1", layout.Up)
	sizes := map[string]int{}
	edges := map[string][4]bool{}
	for _, g := range WoodsGroups(m) {
		name := m.NameString(g.Hexes[0])
		sizes[name] = len(g.Hexes)
		edges[name] = g.Edges
	}
	// x1: brush D8-E8-E9, woods K2-L2, woods L7-M7-L8-M8, woods V10-W10-X10
	// off the south edge, lone BB2, CC8, and brush EE8-FF8.
	for first, want := range map[string]int{"x1D8": 3, "x1K2": 2, "x1L7": 4, "x1V10": 3, "x1BB2": 1, "x1CC8": 1, "x1EE8": 2} {
		if sizes[first] != want {
			t.Errorf("group at %s has %d hexes, want %d (groups %v)", first, sizes[first], want, sizes)
		}
	}
	if !edges["x1V10"][layout.South] || edges["x1V10"][layout.North] || edges["x1L7"][layout.South] {
		t.Errorf("only V10-X10 continues across the south edge: %v", edges)
	}
	// With north down the same group continues across the north edge.
	flipped := mapOf(t, "", "x1", layout.Down)
	for _, g := range WoodsGroups(flipped) {
		if len(g.Hexes) == 3 && flipped.NameString(g.Hexes[0]) == "x1V10" && !g.Edges[layout.North] {
			t.Error("with north down, V10-X10 reaches the north edge")
		}
	}
}

func TestWoodsGroupsRealBoard(t *testing.T) {
	t.Parallel()
	m := mapOf(t, realBoards(t), "33", layout.Up)
	groups := WoodsGroups(m)
	total := 0
	for _, g := range groups {
		total += len(g.Hexes)
		for _, h := range g.Hexes {
			th, _ := m.Terrain(h)
			if !th.Kinds.WoodsBrush() {
				t.Fatalf("%s in a woods group is %v", m.NameString(h), th.Kinds)
			}
		}
	}
	if total != 32 {
		t.Errorf("board 33 has %d woods hexes in groups, want 32", total)
	}
}

func TestCutOff(t *testing.T) {
	t.Parallel()
	m := textMap(t, "A4 open_ground SE=cliff S=cliff\n")
	g, err := NewGraph(m, infantry(t, m))
	if err != nil {
		t.Fatal(err)
	}
	none := func(hex.Hex) bool { return false }
	a1, a5 := at(t, m, "t1A1"), at(t, m, "t1A5")
	if CutOff(g, a1, none) || CutOff(g, a5, none) {
		t.Fatal("an open board cuts nothing off")
	}
	// A4 touches A3, B3, B4 and A5 (hexrow A is cut by the board edge);
	// cliffs close its sides to B4 and A5, so rubble in A3 and B3
	// (blocked) cuts it off, while A1 stays joined to the board.
	rubble := func(h hex.Hex) bool {
		n := m.NameString(h)
		return n == "t1A3" || n == "t1B3"
	}
	if !CutOff(g, at(t, m, "t1A4"), rubble) {
		t.Error("A4 is cut off by rubble in A3, B3 and its cliffs")
	}
	if CutOff(g, a1, rubble) {
		t.Error("A1 can still reach the board")
	}
	if !CutOff(g, at(t, m, "t1A3"), rubble) {
		t.Error("a blocked entry hex is cut off")
	}
}

func TestContiguous(t *testing.T) {
	t.Parallel()
	h := func(c, r int) hex.Hex { return hex.Hex{Col: c, Row: r} }
	for _, tt := range []struct {
		name  string
		hexes []hex.Hex
		want  bool
	}{
		{"a line", []hex.Hex{h(5, 3), h(6, 3), h(7, 3), h(8, 3)}, true},
		{"a gap", []hex.Hex{h(5, 3), h(6, 3), h(8, 3), h(9, 3)}, false},
		{"one hex", []hex.Hex{h(5, 3)}, true},
		{"repeated", []hex.Hex{h(5, 3), h(5, 3), h(5, 4)}, true},
		{"none", nil, false},
	} {
		if got := Contiguous(tt.hexes); got != tt.want {
			t.Errorf("%s: Contiguous = %v, want %v", tt.name, got, tt.want)
		}
	}
	cl := Clusters([]hex.Hex{h(9, 3), h(5, 3), h(8, 3), h(6, 3)})
	if len(cl) != 2 || cl[0][0] != h(9, 3) || len(cl[0]) != 2 || cl[1][0] != h(5, 3) {
		t.Errorf("clusters %v", cl)
	}
}

// TestS4_1bHalfHexOnEdge: a woods/brush half-hex that a map edge cuts is
// "connected to the EBE" (SASL 4.1b): its depiction runs into the edge
// itself, though no hexside of it faces off the map. On real boards the
// other tests do not use: every such half-hex's group reaches its edge,
// and some are groups of fewer than three hexes, which only this makes
// eligible along an activatable EBE.
func TestS4_1bHalfHexOnEdge(t *testing.T) {
	t.Parallel()
	dir := realBoards(t)
	small := 0
	for _, b := range []string{"5", "6", "7", "9", "10", "11", "12", "13", "14"} {
		m := mapOf(t, dir, b, layout.Up)
		for _, g := range WoodsGroups(m) {
			for _, h := range g.Hexes {
				for c := layout.North; c <= layout.West; c++ {
					if !slices.Contains(m.Edge(c), h) {
						continue
					}
					if _, half := m.Mirror(h, c); half && !g.Edges[c] {
						t.Errorf("board %s: woods/brush half-hex %s on the %s edge: its group is not connected to the edge", b, m.NameString(h), c)
					}
					if _, half := m.Mirror(h, c); half && len(g.Hexes) < 3 {
						small++
					}
				}
			}
		}
	}
	if small == 0 {
		t.Error("no group of fewer than three hexes with a half-hex on an edge: the test checks little")
	}
	t.Logf("%d half-hexes of groups of one or two hexes on an edge", small)
}

// TestClustererOracle checks Clusterer.Split against yourbasic/graph's
// Components (through Clusters, and directly) on many random sets of
// hexes, repeats included: the same groups in the same order. It guards
// the allocation-free split of a Human Wave's chain (SASL 4.323).
func TestClustererOracle(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(41, 4323))
	var c Clusterer
	for k := range 5000 {
		n := rng.IntN(30)
		span := 2 + rng.IntN(8)
		hexes := make([]hex.Hex, n)
		for i := range hexes {
			hexes[i] = hex.Hex{Col: 3 + rng.IntN(span), Row: 2 + rng.IntN(span)}
		}
		want := Clusters(hexes)
		uniq, label, groups := c.Split(hexes)
		if groups != len(want) {
			t.Fatalf("case %d %v: %d groups, yourbasic %d", k, hexes, groups, len(want))
		}
		for g, cl := range want {
			var got []hex.Hex
			for i, h := range uniq {
				if int(label[i]) == g {
					got = append(got, h)
				}
			}
			if !slices.Equal(got, cl) {
				t.Fatalf("case %d %v: group %d is %v, yourbasic %v", k, hexes, g, got, cl)
			}
		}
		// yourbasic directly: the same partition of the distinct hexes.
		comps := graph.Components(touching(uniq))
		if len(comps) != groups {
			t.Fatalf("case %d: %d components, %d groups", k, len(comps), groups)
		}
		for _, comp := range comps {
			for _, i := range comp {
				if label[i] != label[comp[0]] {
					t.Fatalf("case %d: %v and %v in one component, groups %d and %d", k, uniq[i], uniq[comp[0]], label[i], label[comp[0]])
				}
			}
		}
	}
}

// BenchmarkClusters splits a Human Wave's chain with yourbasic/graph
// (Clusters) and with Clusterer.
func BenchmarkClusters(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	hexes := make([]hex.Hex, 24)
	for i := range hexes {
		hexes[i] = hex.Hex{Col: 3 + rng.IntN(8), Row: 2 + rng.IntN(4)}
	}
	b.Run("yourbasic", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(Clusters(hexes)) == 0 {
				b.Fatal("no clusters")
			}
		}
	})
	b.Run("clusterer", func(b *testing.B) {
		b.ReportAllocs()
		var c Clusterer
		for b.Loop() {
			if _, _, n := c.Split(hexes); n == 0 {
				b.Fatal("no clusters")
			}
		}
	})
}
