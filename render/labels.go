package render

import (
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// Labels returns the layer of map text: the grid coordinate of every hex
// near the top of the hex, as printed boards have it, without the board
// number ("R6"; a combined half-hex shows the name ASL A2.2 gives it), and
// the number of every board once, large, beside its top-left corner ("33",
// "2r" for a reversed board, as layout.Parse writes it).
func Labels() Layer { return LayerFunc(drawLabels) }

func drawLabels(c *Context) {
	dark := c.TextStyle(0.16, c.Palette.Label, false)
	light := c.TextStyle(0.16, c.Palette.Background, false)
	for _, h := range c.Map.Hexes() {
		g, ok := c.Map.Name(h)
		if !ok {
			continue
		}
		g.Board = ""
		t, _ := c.Map.Terrain(h)
		sty := dark
		if contrast(topColor(c.Palette, t)) == color.White {
			sty = light
		}
		drawCoord(c, h, sty, g.String())
	}
	drawBoardIDs(c)
}

// drawCoord writes txt near the top of h; on a half-hex whose top is cut
// off by a board edge, below the centre dot instead, and on a half-hex cut
// at its side, moved sideways onto the board.
func drawCoord(c *Context, h hex.Hex, sty draw.TextStyle, txt string) {
	w, ht := sty.Width(txt), sty.Font.Size
	pad := c.Len(0.03)
	ctr := c.Centre(h)
	for _, dy := range []float64{0.5 - 0.08 - 0.08, -0.2} {
		pt := c.offset(ctr, 0, dy)
		x0, x1, ok := c.span(h, pt.Y)
		if !ok {
			continue
		}
		pt.X = max(pt.X, x0+w/2+pad)
		pt.X = min(pt.X, x1-w/2-pad)
		if c.fits(h, pt, w, ht) {
			c.Text(sty, pt, txt)
			return
		}
	}
}

// drawBoardIDs writes each board's number beside its top-left corner: in
// the margin above it when nothing is above it, else in the margin to its
// left, else in a box inside its corner.
func drawBoardIDs(c *Context) {
	sty := c.TextStyle(0.4, c.Palette.BoardEdge, true)
	rows, cols := c.Map.Size()
	for i := range rows {
		for j := range cols {
			s := c.Map.Slot(i, j)
			if s.Board == "" {
				continue
			}
			txt := s.String()
			x, y := float64(boardW*j), float64(boardH*i)
			_, above := c.BoardRect(i-1, j)
			_, left := c.BoardRect(i, j-1)
			switch {
			case !above:
				st := sty
				st.XAlign = draw.XLeft
				c.Text(st, c.Lattice(x+1, y-marginY/2.0), txt)
			case !left:
				c.Text(sty, c.Lattice(x-marginX/2.0, y+boardH/2.0), txt)
			default:
				pt := c.Lattice(x+2.5, y+1.6)
				c.Label(sty, pt, txt, withAlpha(c.Palette.Background, 0.8))
			}
		}
	}
}

// NorthArrow returns the layer of the compass: an arrow marked "N" in the
// top-right margin, pointing to the frame side where north lies
// (layout.Layout.FrameOf(layout.North)). North decides the names of
// combined half-hexes (ASL A2.2) and of the map edges.
func NorthArrow() Layer { return LayerFunc(drawNorthArrow) }

func drawNorthArrow(c *Context) {
	_, cols := c.Map.Size()
	ctr := c.Lattice(float64(boardW*cols)+marginX/2.0, -marginY/2.0)
	var u vg.Point // unit vector toward north on the canvas (y up)
	switch c.Map.FrameOf(layout.North) {
	case layout.Up:
		u = vg.Point{X: 0, Y: 1}
	case layout.Right:
		u = vg.Point{X: 1, Y: 0}
	case layout.Down:
		u = vg.Point{X: 0, Y: -1}
	default:
		u = vg.Point{X: -1, Y: 0}
	}
	v := vg.Point{X: -u.Y, Y: u.X}
	at := func(along, across float64) vg.Point {
		return ctr.Add(u.Scale(c.Len(along))).Add(v.Scale(c.Len(across)))
	}
	col := c.Palette.Label
	c.StrokeLines(draw.LineStyle{Color: col, Width: c.Len(0.04)}, []vg.Point{at(-0.42, 0), at(0.15, 0)})
	c.FillPolygon(col, []vg.Point{at(0.38, 0), at(0.12, 0.13), at(0.12, -0.13)})
	c.Text(c.TextStyle(0.26, col, true), at(0.56, 0), "N")
}
