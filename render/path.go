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
}

// Draw draws the path.
func (p Path) Draw(c *Context) {
	if len(p.Hexes) == 0 {
		return
	}
	col := p.Color
	if col == nil {
		col = c.Palette.Path
	}
	width := p.Width
	if width <= 0 {
		width = c.Len(0.06)
	}
	pts := make([]vg.Point, len(p.Hexes))
	for k, h := range p.Hexes {
		pts[k] = c.Centre(h)
	}
	sty := draw.LineStyle{Color: col, Width: width}
	c.FillPolygon(col, circle(pts[0], width*1.3, 16))
	if len(pts) == 1 {
		c.StrokeLines(draw.LineStyle{Color: col, Width: width / 2}, closed(circle(pts[0], c.Len(0.3), 32)))
	} else {
		// The arrowhead: its tip short of the last centre, so that a
		// marker there stays readable, and the line stops at its base.
		last, prev := pts[len(pts)-1], pts[len(pts)-2]
		d := last.Sub(prev)
		n := vg.Length(math.Hypot(float64(d.X), float64(d.Y)))
		if n > 0 {
			u := d.Scale(1 / n)
			v := vg.Point{X: -u.Y, Y: u.X}
			headLen := max(width*4, c.Len(0.2))
			tip := last.Sub(u.Scale(c.Len(0.12)))
			base := tip.Sub(u.Scale(headLen))
			line := append(pts[:len(pts)-1:len(pts)-1], base)
			c.StrokeLines(sty, line)
			c.FillPolygon(col, []vg.Point{tip, base.Add(v.Scale(headLen * 0.5)), base.Sub(v.Scale(headLen * 0.5))})
		} else {
			c.StrokeLines(sty, pts)
		}
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
