package hex

import (
	"cmp"
	"slices"
)

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=CrossKind

// CrossKind says how a line meets the grid at a Crossing.
type CrossKind uint8

const (
	// Across: the line crosses the interior of a hexside.
	Across CrossKind = iota
	// AtVertex: the line passes exactly through a vertex (a hexspine end).
	AtVertex
	// Along: the line runs exactly along a hexside (a hexspine).
	Along
)

// Crossing is one place where a line leaves one hex for another.
type Crossing struct {
	Kind CrossKind
	// Side is the hexside crossed or run along (canonical form). It is the
	// zero Side for AtVertex.
	Side Side
	// Vertex is the vertex passed through; zero unless Kind is AtVertex.
	Vertex Vertex
	// T is the position along the line, 0 at the first centre and 1 at the
	// last; for Along, where the line reaches the hexside.
	T float64
}

// Line is the straight line between the centre dots of two hexes, as used
// for the theoretical line of fire of SASL 4.1e and for LOS (ASL A6.1).
type Line struct {
	From, To Hex
	// Hexes are the hexes whose interior the line passes through, in order,
	// From first and To last. A line running along a hexspine passes through
	// neither hex of that hexside there.
	Hexes []Hex
	// Crossings are the hexsides and vertices the line meets, in order.
	Crossings []Crossing
}

// Trace returns the line from the centre of a to the centre of b. The
// computation is exact: hexsides, vertices and hexspines are found with
// integer orientation tests on the lattice of Point, never by sampling. Its
// cost is O(Distance(a, b)).
func Trace(a, b Hex) Line {
	l := Line{From: a, To: b}
	if a == b {
		l.Hexes = []Hex{a}
		return l
	}
	A, B := a.Centre(), b.Centre()
	dx, dy := B.X-A.X, B.Y-A.Y

	// Candidate hexes: the hexes near the straight path and their
	// neighbours; every hexside the segment can touch belongs to one.
	steps := Distance(a, b)
	cand := make([]Hex, 0, 7*(steps+1))
	for i := 0; i <= steps; i++ {
		x := float64(A.X) + float64(dx)*float64(i)/float64(steps)
		y := float64(A.Y) + float64(dy)*float64(i)/float64(steps)
		h := At(x, y)
		cand = append(cand, h)
		for _, n := range h.Neighbours() {
			cand = append(cand, n)
		}
	}
	slices.SortFunc(cand, cmpHex)
	cand = slices.Compact(cand)
	sides := make([]Side, 0, 3*len(cand))
	for _, h := range cand {
		for d := range Dirs {
			sides = append(sides, Side{h, d}.Canonical())
		}
	}
	slices.SortFunc(sides, func(x, y Side) int {
		if c := cmpHex(x.Hex, y.Hex); c != 0 {
			return c
		}
		return cmp.Compare(x.Dir, y.Dir)
	})
	sides = slices.Compact(sides)
	var vertices []Vertex
	var along [][2]float64
	for _, s := range sides {
		p, q := s.Ends()
		op := cross(dx, dy, p.X-A.X, p.Y-A.Y)
		oq := cross(dx, dy, q.X-A.X, q.Y-A.Y)
		switch {
		case op == 0 && oq == 0:
			// Collinear: the line runs along s if it covers part of it.
			tp, tq := param(A, dx, dy, Point(p)), param(A, dx, dy, Point(q))
			lo, hi := min(tp, tq), max(tp, tq)
			if lo < 1 && hi > 0 {
				l.Crossings = append(l.Crossings, Crossing{Kind: Along, Side: s, T: max(lo, 0)})
				along = append(along, [2]float64{lo, hi})
			}
		case op == 0 || oq == 0:
			v := p
			if oq == 0 {
				v = q
			}
			t := param(A, dx, dy, Point(v))
			if t > 0 && t < 1 && !slices.Contains(vertices, v) {
				vertices = append(vertices, v)
				l.Crossings = append(l.Crossings, Crossing{Kind: AtVertex, Vertex: v, T: t})
			}
		case (op > 0) != (oq > 0):
			// p and q lie on opposite sides of the line; the segment
			// crosses s if A and B lie on opposite sides of s.
			sx, sy := q.X-p.X, q.Y-p.Y
			oa := cross(sx, sy, A.X-p.X, A.Y-p.Y)
			ob := cross(sx, sy, B.X-p.X, B.Y-p.Y)
			if oa != 0 && ob != 0 && (oa > 0) != (ob > 0) {
				t := float64(oa) / float64(oa-ob)
				l.Crossings = append(l.Crossings, Crossing{Kind: Across, Side: s, T: t})
			}
		}
	}
	slices.SortFunc(l.Crossings, func(x, y Crossing) int {
		if c := cmp.Compare(x.T, y.T); c != 0 {
			return c
		}
		return cmp.Compare(x.Kind, y.Kind)
	})

	// Hexes: sample the middle of each stretch between consecutive events;
	// a stretch along a hexspine belongs to neither hex there.
	ts := []float64{0, 1}
	for _, c := range l.Crossings {
		ts = append(ts, c.T)
	}
	slices.Sort(ts)
	ts = slices.Compact(ts)
	l.Hexes = append(l.Hexes, a)
	for i := 0; i+1 < len(ts); i++ {
		m := (ts[i] + ts[i+1]) / 2
		if inAlong(along, m) {
			continue
		}
		h := At(float64(A.X)+float64(dx)*m, float64(A.Y)+float64(dy)*m)
		if h != l.Hexes[len(l.Hexes)-1] {
			l.Hexes = append(l.Hexes, h)
		}
	}
	return l
}

// inAlong reports whether position t lies on one of the hexspine stretches.
func inAlong(along [][2]float64, t float64) bool {
	for _, r := range along {
		if t > r[0] && t < r[1] {
			return true
		}
	}
	return false
}

// Crosses reports whether the line crosses the interior of hexside s.
func (l Line) Crosses(s Side) bool {
	s = s.Canonical()
	for _, c := range l.Crossings {
		if c.Kind == Across && c.Side == s {
			return true
		}
	}
	return false
}

// Touches reports whether the line meets hexside s at all: across its
// interior, along it, or through one of its two vertices.
func (l Line) Touches(s Side) bool {
	s = s.Canonical()
	p, q := s.Ends()
	for _, c := range l.Crossings {
		switch c.Kind {
		case Across, Along:
			if c.Side == s {
				return true
			}
		case AtVertex:
			if c.Vertex == p || c.Vertex == q {
				return true
			}
		}
	}
	return false
}

func cross(ax, ay, bx, by int) int { return ax*by - ay*bx }

func cmpHex(a, b Hex) int {
	if c := cmp.Compare(a.Col, b.Col); c != 0 {
		return c
	}
	return cmp.Compare(a.Row, b.Row)
}

// param returns the position of p projected on the line A + t(dx, dy),
// measured in the stretched lattice metric (X*X + 3*Y*Y).
func param(A Point, dx, dy int, p Point) float64 {
	num := (p.X-A.X)*dx + 3*(p.Y-A.Y)*dy
	den := dx*dx + 3*dy*dy
	return float64(num) / float64(den)
}

// Enters returns how the line from the centre of a to the centre of b
// enters b: across the interior of one of b's hexsides, or through one of
// its vertices. A hex is convex and the line ends at its centre, so it
// crosses b's boundary once; this looks at b's six hexsides only, with the
// exact tests of Trace, and allocates nothing. ok is false when a == b.
func Enters(a, b Hex) (c Crossing, ok bool) {
	if a == b {
		return Crossing{}, false
	}
	A, B := a.Centre(), b.Centre()
	dx, dy := B.X-A.X, B.Y-A.Y
	for d := range Dirs {
		s := Side{b, d}
		p, q := s.Ends()
		op := cross(dx, dy, p.X-A.X, p.Y-A.Y)
		oq := cross(dx, dy, q.X-A.X, q.Y-A.Y)
		switch {
		case op == 0 && oq == 0:
			// The line runs along a hexside of b: impossible for a line
			// that ends at b's centre.
		case op == 0 || oq == 0:
			v := p
			if oq == 0 {
				v = q
			}
			if t := param(A, dx, dy, Point(v)); t > 0 && t < 1 {
				return Crossing{Kind: AtVertex, Vertex: v, T: t}, true
			}
		case (op > 0) != (oq > 0):
			sx, sy := q.X-p.X, q.Y-p.Y
			oa := cross(sx, sy, A.X-p.X, A.Y-p.Y)
			ob := cross(sx, sy, B.X-p.X, B.Y-p.Y)
			if oa != 0 && ob != 0 && (oa > 0) != (ob > 0) {
				return Crossing{Kind: Across, Side: s.Canonical(), T: float64(oa) / float64(oa-ob)}, true
			}
		}
	}
	panic("hex: a line into a hex crosses none of its hexsides")
}

// EntersAcross reports whether the line from a's centre to b's centre
// enters b across hexside d of b, or through one of that hexside's two
// vertices.
func EntersAcross(a, b Hex, d Dir) bool {
	c, ok := Enters(a, b)
	if !ok {
		return false
	}
	s := Side{b, d}
	switch c.Kind {
	case Across:
		return c.Side == s.Canonical()
	case AtVertex:
		p, q := s.Ends()
		return c.Vertex == p || c.Vertex == q
	}
	return false
}
