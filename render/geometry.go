package render

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// The picture works in the lattice units of hex.Point: X in half hexsides
// (a column is 3 units wide, a hex 4 units from corner to corner), Y in
// half hex heights growing downward. A board spans 3*layout.BoardCols units
// across and 2*layout.BoardRows down (DESIGN.md, Geometry).
const (
	boardW = 3 * layout.BoardCols
	boardH = 2 * layout.BoardRows
)

// Margins around the map in lattice units: one ring of off-board hexes and
// room to spare. Beyond a short edge the first whole off-board hex is in
// the odd column next to hexrow A, its centre 3 units out and its far
// corner 5 (layout.OffBoard); beyond a long edge it is hex 0 or 11 of an
// even hexrow, 2 units high. The spare unit holds the north arrow and the
// board numbers.
const (
	marginX = 6
	marginY = 3
)

// geometry maps lattice positions to canvas points and knows the board
// rectangles that clip half-hexes.
type geometry struct {
	ux, uy     vg.Length // canvas length of one lattice unit across and down
	x0, y1     float64   // lattice position of the canvas's left and bottom edges
	w, h       vg.Length
	rows, cols int
	rects      []vg.Rectangle // board rectangle of cell (i, j) at i*cols+j
	full       []bool         // whether cell (i, j) holds a board
	// top and bottom are the heights of the bands above and under the
	// map that hold the title and the legend (Picture.SetTitle,
	// SetLegend), laid out as legend says.
	top, bottom vg.Length
	legend      grid
}

func newGeometry(m *board.Map, hexHeight vg.Length) geometry {
	rows, cols := m.Size()
	side := hexHeight / vg.Length(math.Sqrt(3))
	g := geometry{
		ux:   side / 2,
		uy:   hexHeight / 2,
		x0:   -marginX,
		y1:   float64(boardH*rows + marginY),
		rows: rows,
		cols: cols,
	}
	g.w = vg.Length(boardW*cols+2*marginX) * g.ux
	g.place(m)
	return g
}

// place sets the canvas height and the board rectangles for the bands
// g.top and g.bottom around the map.
func (g *geometry) place(m *board.Map) {
	rows, cols := g.rows, g.cols
	g.h = vg.Length(boardH*rows+2*marginY)*g.uy + g.top + g.bottom
	g.rects = make([]vg.Rectangle, rows*cols)
	g.full = make([]bool, rows*cols)
	for i := range rows {
		for j := range cols {
			lo := g.at(float64(boardW*j), float64(boardH*(i+1))) // bottom left
			hi := g.at(float64(boardW*(j+1)), float64(boardH*i)) // top right
			g.rects[i*cols+j] = vg.Rectangle{Min: lo, Max: hi}
			g.full[i*cols+j] = m.Slot(i, j).Board != ""
		}
	}
}

// at returns the canvas point of lattice position (x, y).
func (g *geometry) at(x, y float64) vg.Point {
	return vg.Point{X: vg.Length(x-g.x0) * g.ux, Y: vg.Length(g.y1-y)*g.uy + g.bottom}
}

// Lattice returns the canvas point of lattice position (x, y), in the units
// of hex.Point.
func (c *Context) Lattice(x, y float64) vg.Point { return c.geo.at(x, y) }

// Point returns the canvas point of a lattice point.
func (c *Context) Point(p hex.Point) vg.Point { return c.geo.at(float64(p.X), float64(p.Y)) }

// Centre returns the canvas point of the centre dot of h.
func (c *Context) Centre(h hex.Hex) vg.Point { return c.Point(h.Centre()) }

// Corner returns the canvas point of the vertex at the clockwise end of
// side d of h.
func (c *Context) Corner(h hex.Hex, d hex.Dir) vg.Point { return c.Point(hex.Point(h.Corner(d))) }

// Hexagon returns the corners of h, scaled by s about its centre: s == 1
// is the hex itself. Corner k of the result is the clockwise end of side
// k (hex.Dir order).
func (c *Context) Hexagon(h hex.Hex, s float64) []vg.Point {
	ctr := c.Centre(h)
	out := make([]vg.Point, hex.Dirs)
	for d := range hex.Dirs {
		out[d] = scaleAbout(ctr, c.Corner(h, d), s)
	}
	return out
}

// SideMid returns the midpoint of side d of h.
func (c *Context) SideMid(h hex.Hex, d hex.Dir) vg.Point {
	a, b := c.Corner(h, d.CW(-1)), c.Corner(h, d)
	return vg.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
}

// scaleAbout returns p moved toward (s < 1) or away from o.
func scaleAbout(o, p vg.Point, s float64) vg.Point {
	return vg.Point{X: o.X + (p.X-o.X)*vg.Length(s), Y: o.Y + (p.Y-o.Y)*vg.Length(s)}
}

// BoardRect returns the canvas rectangle of the board cell (i, j) of the
// layout; ok is false for an empty cell.
func (c *Context) BoardRect(i, j int) (r vg.Rectangle, ok bool) {
	g := c.geo
	if i < 0 || j < 0 || i >= g.rows || j >= g.cols {
		return vg.Rectangle{}, false
	}
	k := i*g.cols + j
	return g.rects[k], g.full[k]
}

// pieces returns the board rectangles that hold parts of h: one for a whole
// hex or an edge half-hex, two for a combined hex, none off the map.
func (c *Context) pieces(h hex.Hex) ([2]vg.Rectangle, int) {
	var out [2]vg.Rectangle
	parts, n := c.Map.Parts(h)
	for k := range n {
		out[k], _ = c.BoardRect(parts[k].Row, parts[k].Col)
	}
	return out, n
}

// Clip returns the pieces of polygon poly, drawn for hex h, that lie on the
// map: poly clipped to the boards holding h (ASL A2.2 half-hexes are cut by
// the board edges). Off the map, poly is returned whole, so that off-board
// hexes (ASL A2.6) can be drawn.
func (c *Context) Clip(h hex.Hex, poly []vg.Point) [][]vg.Point {
	rs, n := c.pieces(h)
	if n == 0 {
		return [][]vg.Point{poly}
	}
	out := make([][]vg.Point, 0, n)
	for _, r := range rs[:n] {
		cl := draw.Canvas{Rectangle: r}
		if p := cl.ClipPolygonXY(poly); area(p) > 1e-6 {
			out = append(out, p)
		}
	}
	return out
}

// ClipLine returns the pieces of polyline line, drawn for hex h, that lie
// on the map, as Clip does for polygons.
func (c *Context) ClipLine(h hex.Hex, line []vg.Point) [][]vg.Point {
	rs, n := c.pieces(h)
	if n == 0 {
		return [][]vg.Point{line}
	}
	var out [][]vg.Point
	for _, r := range rs[:n] {
		cl := draw.Canvas{Rectangle: r}
		for _, l := range cl.ClipLinesXY(line) {
			if length(l) > 1e-6 {
				out = append(out, l)
			}
		}
	}
	return out
}

// FillIn fills polygon poly, drawn for hex h, with col, clipped as Clip
// does.
func (c *Context) FillIn(h hex.Hex, col color.Color, poly []vg.Point) {
	for _, p := range c.Clip(h, poly) {
		c.FillPolygon(col, p)
	}
}

// StrokeIn strokes polyline line, drawn for hex h, clipped as ClipLine
// does.
func (c *Context) StrokeIn(h hex.Hex, sty draw.LineStyle, line []vg.Point) {
	if ls := c.ClipLine(h, line); len(ls) > 0 {
		c.StrokeLines(sty, ls...)
	}
}

// area returns the absolute area of a polygon (shoelace formula).
func area(p []vg.Point) float64 {
	var a vg.Length
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i].X*p[j].Y - p[j].X*p[i].Y
	}
	return math.Abs(float64(a)) / 2
}

func length(l []vg.Point) float64 {
	var s float64
	for i := 1; i < len(l); i++ {
		d := l[i].Sub(l[i-1])
		s += math.Hypot(float64(d.X), float64(d.Y))
	}
	return s
}
