package hex

import (
	"math/rand/v2"
	"testing"
)

// h builds a board-local hex from a hexrow letter index and a hex number.
func h(col, row int) Hex { return Hex{col, row} }

// Hexrow indices of board coordinates used in the rule examples.
const (
	colA = 0
	colB = 1
	colC = 2
	colP = 15
	colS = 18
	colT = 19
	colU = 20
	colX = 23
)

func TestNeighboursFromDesign(t *testing.T) {
	tests := []struct {
		name string
		of   Hex
		want []Hex
	}{
		{"A5 touches B4 and B5", h(colA, 5), []Hex{h(colB, 4), h(colB, 5)}},
		{"B5 touches C5 and C6", h(colB, 5), []Hex{h(colC, 5), h(colC, 6)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, w := range tt.want {
				if !Adjacent(tt.of, w) {
					t.Errorf("%v not adjacent to %v; neighbours %v", tt.of, w, tt.of.Neighbours())
				}
				if Distance(tt.of, w) != 1 {
					t.Errorf("Distance(%v, %v) = %d, want 1", tt.of, w, Distance(tt.of, w))
				}
			}
		})
	}
}

// TestS4_11_EX: on board 4 with the FBE along A1-GG1, T3 is four hexes from
// the whole off-board hex S0, while P1, S2 and X1 are within three of one.
func TestS4_11_EX(t *testing.T) {
	if d := Distance(h(colT, 3), h(colS, 0)); d != 4 {
		t.Errorf("T3 to S0 = %d, want 4", d)
	}
	if d := Distance(h(colT, 3), h(colU, 0)); d != 4 {
		t.Errorf("T3 to U0 = %d, want 4", d)
	}
	near := map[string]struct{ from, to Hex }{
		"P1 to Q0": {h(colP, 1), h(colP+1, 0)},
		"S2 to S0": {h(colS, 2), h(colS, 0)},
		"X1 to W0": {h(colX, 1), h(colX-1, 0)},
	}
	for name, c := range near {
		if d := Distance(c.from, c.to); d > 3 {
			t.Errorf("%s = %d, want <= 3", name, d)
		}
	}
}

func randHex(r *rand.Rand) Hex { return Hex{r.IntN(80) - 20, r.IntN(50) - 15} }

func TestGridProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		a, b, c := randHex(r), randHex(r), randHex(r)
		if Distance(a, b) != Distance(b, a) {
			t.Fatalf("distance not symmetric for %v %v", a, b)
		}
		if Distance(a, c) > Distance(a, b)+Distance(b, c) {
			t.Fatalf("triangle inequality fails for %v %v %v", a, b, c)
		}
		if (Distance(a, b) == 0) != (a == b) {
			t.Fatalf("distance zero iff equal fails for %v %v", a, b)
		}
		for d := range Dirs {
			n := a.Neighbour(d)
			if n.Neighbour(d.Opposite()) != a {
				t.Fatalf("%v -%v-> %v does not return home", a, d, n)
			}
			if Distance(a, n) != 1 {
				t.Fatalf("neighbour %v of %v at distance %d", n, a, Distance(a, n))
			}
			if got, ok := a.DirTo(n); !ok || got != d {
				t.Fatalf("DirTo(%v) = %v, want %v", n, got, d)
			}
			s := Side{a, d}
			if s.Canonical() != (Side{n, d.Opposite()}).Canonical() {
				t.Fatalf("two names of %v disagree", s)
			}
			p, q := s.Ends()
			p2, q2 := Side{n, d.Opposite()}.Ends()
			if p != q2 || q != p2 {
				t.Fatalf("side %v ends %v %v, from the other hex %v %v", s, p, q, p2, q2)
			}
		}
	}
}

func TestWithin(t *testing.T) {
	for r := range 6 {
		n := 0
		seen := map[Hex]bool{}
		Within(Hex{7, 4}, r, func(x Hex) bool {
			if seen[x] {
				t.Fatalf("radius %d: %v twice", r, x)
			}
			seen[x] = true
			if Distance(Hex{7, 4}, x) > r {
				t.Fatalf("radius %d: %v too far", r, x)
			}
			n++
			return true
		})
		if want := 3*r*(r+1) + 1; n != want {
			t.Errorf("radius %d: %d hexes, want %d", r, n, want)
		}
	}
}

func TestVertex(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		a := randHex(r)
		for d := range Dirs {
			v := a.Corner(d)
			hs := v.Hexes()
			want := map[Hex]bool{a: true, a.Neighbour(d): true, a.Neighbour(d.CW(1)): true}
			for _, x := range hs {
				if !want[x] {
					t.Fatalf("corner %v of %v: hexes %v, want %v", d, a, hs, want)
				}
				delete(want, x)
			}
			for _, s := range v.Sides() {
				p, q := s.Ends()
				if p != v && q != v {
					t.Fatalf("side %v of vertex %v does not end there", s, v)
				}
			}
		}
	}
}

func TestAt(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		a := randHex(r)
		c := a.Centre()
		// Any point strictly inside the hex, up to 0.45 of the way to a corner.
		d := Dir(r.IntN(6))
		k := r.Float64() * 0.45
		o := corner[d]
		x, y := float64(c.X)+k*float64(o.X), float64(c.Y)+k*float64(o.Y)
		if got := At(x, y); got != a {
			t.Fatalf("At(%v,%v) = %v, want %v", x, y, got, a)
		}
	}
}

func TestRandomDir(t *testing.T) {
	want := []Dir{N, NE, SE, S, SW, NW}
	for dr := 1; dr <= 6; dr++ {
		if got := RandomDir(dr, false); got != want[dr-1] {
			t.Errorf("RandomDir(%d) = %v, want %v", dr, got, want[dr-1])
		}
		if got := RandomDir(dr, true); got != want[dr-1].Opposite() {
			t.Errorf("RandomDir(%d, reversed) = %v, want %v", dr, got, want[dr-1].Opposite())
		}
	}
}

// TestDistanceIsSteps: Distance is the number of steps between neighbours
// (a breadth-first search of the grid), for every pair of hexes of a
// stretch of the grid that takes in negative hexrows and hex numbers.
func TestDistanceIsSteps(t *testing.T) {
	var all []Hex
	for c := -5; c <= 6; c++ {
		for r := -4; r <= 5; r++ {
			all = append(all, Hex{Col: c, Row: r})
		}
	}
	for _, from := range all {
		steps := map[Hex]int{from: 0}
		queue := []Hex{from}
		for len(queue) > 0 {
			h := queue[0]
			queue = queue[1:]
			if steps[h] > 24 {
				continue
			}
			for _, n := range h.Neighbours() {
				if _, ok := steps[n]; !ok {
					steps[n] = steps[h] + 1
					queue = append(queue, n)
				}
			}
		}
		for _, to := range all {
			if got := Distance(from, to); got != steps[to] {
				t.Fatalf("Distance(%v, %v) = %d, %d steps", from, to, got, steps[to])
			}
		}
	}
}
