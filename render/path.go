package render

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/hex"
)

// Path is a layer showing a route: a line through the centres of its hexes
// with a dot at the start and an arrowhead at the end. Hexes may be off
// the map (an exit beyond an edge). Consecutive hexes need not be adjacent.
type Path struct {
	Hexes []hex.Hex
	// Labels, when not nil, holds a label per hex (the MF spent on
	// reaching it, say), written beside the hex's centre; "" writes none.
	// Extra labels are ignored.
	Labels []string
	// Color is the colour of line and labels; nil means Palette.Path.
	Color color.Color
	// Width is the line width; zero means 0.06 hex heights.
	Width vg.Length
	// Dashed draws the line dashed (an advance rather than a move, say).
	Dashed bool
	// Mark, when not "", is written in a disc of the path's colour at its
	// start instead of the start dot (the game turn of a move, say), so
	// that paths of similar colours are told apart.
	Mark string
}

// style returns the colour and line style of p.
func (p Path) style(c *Context) (color.Color, draw.LineStyle) {
	col := p.Color
	if col == nil {
		col = c.Palette.Path
	}
	width := p.Width
	if width <= 0 {
		width = c.Len(0.06)
	}
	sty := draw.LineStyle{Color: col, Width: width}
	if p.Dashed {
		sty.Dashes = []vg.Length{width * 3, width * 2}
	}
	return col, sty
}

// DrawSwatch draws a short arrow across a legend box in the path's style.
func (p Path) DrawSwatch(c *Context, r vg.Rectangle) {
	col, sty := p.style(c)
	y := (r.Min.Y + r.Max.Y) / 2
	a, b := vg.Point{X: r.Min.X + c.Len(0.05), Y: y}, vg.Point{X: r.Max.X - c.Len(0.05), Y: y}
	p.drawStart(c, col, sty, a)
	arrow(c, col, sty, []vg.Point{a, b}, 0)
}

// drawStart draws the start of the path at pt: a dot, or the Mark in a
// disc.
func (p Path) drawStart(c *Context, col color.Color, sty draw.LineStyle, pt vg.Point) {
	if p.Mark == "" {
		c.FillPolygon(col, circle(pt, sty.Width*1.3, 16))
		return
	}
	r := c.Len(0.11)
	c.FillPolygon(color.White, circle(pt, r*1.2, 24))
	c.FillPolygon(col, circle(pt, r, 24))
	c.Text(fitted(c, p.Mark, 0.15, 0.19, contrast(col)), pt, p.Mark)
}

// Draw draws the path.
func (p Path) Draw(c *Context) {
	if len(p.Hexes) == 0 {
		return
	}
	col, sty := p.style(c)
	pts := make([]vg.Point, len(p.Hexes))
	for k, h := range p.Hexes {
		pts[k] = c.Centre(h)
	}
	p.drawStart(c, col, sty, pts[0])
	if len(pts) == 1 {
		c.StrokeLines(draw.LineStyle{Color: col, Width: sty.Width / 2}, closed(circle(pts[0], c.Len(0.3), 32)))
	} else {
		// The tip short of the last centre, so that a marker there stays
		// readable.
		arrow(c, col, sty, pts, c.Len(0.12))
	}
	lsty := c.TextStyle(0.18, col, true)
	bg := withAlpha(c.Palette.Background, 0.85)
	for k, txt := range p.Labels {
		if k >= len(pts) {
			break
		}
		c.Label(lsty, c.offset(pts[k], 0.26, -0.2), txt, bg)
	}
}

// arrow strokes the polyline pts (two points or more) with an arrowhead
// whose tip stops short of the last point; the line stops at the head's
// base.
func arrow(c *Context, col color.Color, sty draw.LineStyle, pts []vg.Point, short vg.Length) {
	last, prev := pts[len(pts)-1], pts[len(pts)-2]
	d := last.Sub(prev)
	n := vg.Length(math.Hypot(float64(d.X), float64(d.Y)))
	if n == 0 {
		c.StrokeLines(sty, pts)
		return
	}
	u := d.Scale(1 / n)
	v := vg.Point{X: -u.Y, Y: u.X}
	headLen := max(sty.Width*4, c.Len(0.2))
	tip := last.Sub(u.Scale(short))
	base := tip.Sub(u.Scale(headLen))
	line := append(pts[:len(pts)-1:len(pts)-1], base)
	c.StrokeLines(sty, line)
	c.FillPolygon(col, []vg.Point{tip, base.Add(v.Scale(headLen * 0.5)), base.Sub(v.Scale(headLen * 0.5))})
}
