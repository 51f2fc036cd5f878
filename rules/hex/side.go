package hex

import "fmt"

// Point is a position on the exact integer lattice of the grid: X is in
// units of half a hexside (a column is 3 units wide), Y in units of half a
// hex height, growing downward. Hex centres and vertices fall on integer
// points, so lines between centres can be tested against hexsides exactly.
// The lattice is stretched: Euclidean distance squared is proportional to
// X*X + 3*Y*Y.
type Point struct{ X, Y int }

// Centre returns the lattice point of the centre dot of h.
func (h Hex) Centre() Point {
	y := 2 * h.Row
	if h.even() {
		y-- // even columns sit half a hex higher
	}
	return Point{3 * h.Col, y}
}

// corner offsets from the centre: corner d is the clockwise end of side d.
var corner = [6]Point{
	N:  {1, -1},
	NE: {2, 0},
	SE: {1, 1},
	S:  {-1, 1},
	SW: {-2, 0},
	NW: {-1, -1},
}

// Corner returns the vertex at the clockwise end of side d of h: Corner(N) is
// the vertex shared by the N and NE sides.
func (h Hex) Corner(d Dir) Vertex {
	c := h.Centre()
	o := corner[d]
	return Vertex{c.X + o.X, c.Y + o.Y}
}

// Side is one hexside, named by a hex and the side of that hex. The same
// hexside has two names (h, d) and (h.Neighbour(d), d.Opposite());
// Canonical picks one, so canonical Sides can be compared and used as map
// keys.
type Side struct {
	Hex Hex
	Dir Dir
}

func (s Side) String() string { return fmt.Sprintf("%v.%v", s.Hex, s.Dir) }

// Canonical returns the name of s whose Dir is N, NE or SE.
func (s Side) Canonical() Side {
	if s.Dir <= SE {
		return s
	}
	return Side{s.Hex.Neighbour(s.Dir), s.Dir.Opposite()}
}

// Other returns the hex on the far side of s from s.Hex.
func (s Side) Other() Hex { return s.Hex.Neighbour(s.Dir) }

// Ends returns the two vertices of s, counter-clockwise end first as seen
// from s.Hex.
func (s Side) Ends() (Vertex, Vertex) {
	return s.Hex.Corner(s.Dir.CW(-1)), s.Hex.Corner(s.Dir)
}

// Vertex is a hex vertex (a hexspine end), identified by its lattice point.
// Three hexes and three hexsides meet at every vertex.
type Vertex Point

// Hexes returns the three hexes that meet at v.
func (v Vertex) Hexes() [3]Hex {
	// A vertex is the E or W corner of exactly one hex whose centre lies
	// two units left or right of it on the same row of the lattice; the
	// other two hexes are that hex's neighbours on either side of the corner.
	var out [3]Hex
	for _, d := range [2]Dir{NE, SW} {
		o := corner[d]
		c := Point{v.X - o.X, v.Y - o.Y}
		if h, ok := hexAtCentre(c); ok {
			out[0] = h
			out[1] = h.Neighbour(d)
			out[2] = h.Neighbour(d.CW(1))
			return out
		}
	}
	panic(fmt.Sprintf("hex: %v is not a vertex", v))
}

// Sides returns the three hexsides that meet at v, in canonical form.
func (v Vertex) Sides() [3]Side {
	hs := v.Hexes()
	var out [3]Side
	for i := range 3 {
		a, b := hs[i], hs[(i+1)%3]
		d, _ := a.DirTo(b)
		out[i] = Side{a, d}.Canonical()
	}
	return out
}

// hexAtCentre returns the hex whose centre is p, if any.
func hexAtCentre(p Point) (Hex, bool) {
	if p.X%3 != 0 {
		return Hex{}, false
	}
	c := p.X / 3
	even := c&1 == 0
	y := p.Y
	if even {
		y++
	}
	if y&1 != 0 {
		return Hex{}, false
	}
	return Hex{c, y / 2}, true
}

// At returns the hex containing the lattice position (x, y), given in the
// same units as Point. A position on a hexside or vertex belongs to one of
// the hexes there; which one is unspecified.
func At(x, y float64) Hex {
	best, bestD := Hex{}, -1.0
	c0 := int(floor(x / 3))
	for c := c0 - 1; c <= c0+2; c++ {
		off := 0.0
		if c&1 == 0 {
			off = 1
		}
		n0 := int(floor((y + off) / 2))
		for n := n0 - 1; n <= n0+2; n++ {
			h := Hex{c, n}
			p := h.Centre()
			dx, dy := x-float64(p.X), y-float64(p.Y)
			d := dx*dx + 3*dy*dy
			if bestD < 0 || d < bestD {
				best, bestD = h, d
			}
		}
	}
	return best
}

func floor(v float64) float64 {
	i := float64(int(v))
	if i > v {
		i--
	}
	return i
}
