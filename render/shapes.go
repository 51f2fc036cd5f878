package render

import (
	"math"

	"gonum.org/v1/plot/vg"

	"github.com/sasl-engine/sasl/rules/hex"
)

// circle returns a regular n-gon of radius r about o: a circle that can be
// clipped like any polygon.
func circle(o vg.Point, r vg.Length, n int) []vg.Point {
	out := make([]vg.Point, n)
	for k := range out {
		s, c := math.Sincos(2 * math.Pi * float64(k) / float64(n))
		out[k] = vg.Point{X: o.X + r*vg.Length(c), Y: o.Y + r*vg.Length(s)}
	}
	return out
}

// rounded returns a 12-sided shape inside h: the corners scaled by s and
// the side midpoints scaled by s*1.07 (a midpoint is nearer the centre than
// a corner, so this rounds the hexagon off).
func (c *Context) rounded(h hex.Hex, s float64) []vg.Point {
	ctr := c.Centre(h)
	out := make([]vg.Point, 0, 2*hex.Dirs)
	for d := range hex.Dirs {
		out = append(out, scaleAbout(ctr, c.SideMid(h, d), s*1.07), scaleAbout(ctr, c.Corner(h, d), s))
	}
	return out
}

// bridgeTo returns the quadrilateral joining side d of the inner hexagon of
// h scaled by s to side d of h itself: drawn with the inner hexagon, it
// carries a depiction across a linked hexside to meet the neighbour's.
func (c *Context) bridgeTo(h hex.Hex, d hex.Dir, s float64) []vg.Point {
	ctr := c.Centre(h)
	a, b := c.Corner(h, d.CW(-1)), c.Corner(h, d)
	ia, ib := scaleAbout(ctr, a, s), scaleAbout(ctr, b, s)
	// Stop just past the hexside so that the neighbour's bridge overlaps
	// it and no seam shows.
	const over = 1.02
	return []vg.Point{ia, ib, scaleAbout(ctr, b, over), scaleAbout(ctr, a, over)}
}

// star returns an irregular closed shape about the centre of h whose radii
// (in hex heights) are rs, for crags.
func (c *Context) star(h hex.Hex, rs []float64) []vg.Point {
	ctr := c.Centre(h)
	out := make([]vg.Point, len(rs))
	for k, r := range rs {
		s, co := math.Sincos(2*math.Pi*float64(k)/float64(len(rs)) + 0.3)
		out[k] = vg.Point{X: ctr.X + c.Len(r)*vg.Length(co), Y: ctr.Y + c.Len(r)*vg.Length(s)}
	}
	return out
}

// offset returns o moved by (dx, dy) hex heights, dy upward on the canvas.
func (c *Context) offset(o vg.Point, dx, dy float64) vg.Point {
	return vg.Point{X: o.X + c.Len(dx), Y: o.Y + c.Len(dy)}
}

// inMap reports whether pt lies on the part of the map that holds h; any
// point does for an off-map hex.
func (c *Context) inMap(h hex.Hex, pt vg.Point) bool {
	rs, n := c.pieces(h)
	if n == 0 {
		return true
	}
	for _, r := range rs[:n] {
		if pt.X >= r.Min.X && pt.X <= r.Max.X && pt.Y >= r.Min.Y && pt.Y <= r.Max.Y {
			return true
		}
	}
	return false
}

// fits reports whether a box of width w and height ht centred on pt lies
// on the part of the map that holds h.
func (c *Context) fits(h hex.Hex, pt vg.Point, w, ht vg.Length) bool {
	for _, o := range [4][2]vg.Length{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		if !c.inMap(h, vg.Point{X: pt.X + o[0]*w/2, Y: pt.Y + o[1]*ht/2}) {
			return false
		}
	}
	return true
}

// span returns the horizontal extent of the part of the map holding h at
// height y, or ok == false when none does (or h is off the map).
func (c *Context) span(h hex.Hex, y vg.Length) (x0, x1 vg.Length, ok bool) {
	rs, n := c.pieces(h)
	for _, r := range rs[:n] {
		if y < r.Min.Y || y > r.Max.Y {
			continue
		}
		if !ok {
			x0, x1, ok = r.Min.X, r.Max.X, true
			continue
		}
		x0, x1 = min(x0, r.Min.X), max(x1, r.Max.X)
	}
	return x0, x1, ok
}
