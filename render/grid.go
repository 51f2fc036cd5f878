package render

import (
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/hex"
)

// Base returns the base layers in drawing order: Terrain, Grid, Hexsides,
// Labels, NorthArrow. New starts every Picture with them.
func Base() []Layer {
	return []Layer{Terrain(), Grid(), Hexsides(), Labels(), NorthArrow()}
}

// Grid returns the layer of the hex grid: every hexside as a thin line, the
// centre dot of every hex (ASL A2.2: the dot locates the hex), and the
// outline of every board.
func Grid() Layer { return LayerFunc(drawGrid) }

func drawGrid(c *Context) {
	line := draw.LineStyle{Color: c.Palette.Grid, Width: c.Len(0.012)}
	eachSide(c.Map, func(h hex.Hex, d hex.Dir) {
		c.StrokeIn(h, line, []vg.Point{c.Corner(h, d.CW(-1)), c.Corner(h, d)})
	})
	for _, h := range c.Map.Hexes() {
		c.FillIn(h, c.Palette.Label, circle(c.Centre(h), c.Len(0.025), 12))
	}
	rows, cols := c.Map.Size()
	edge := draw.LineStyle{Color: c.Palette.BoardEdge, Width: c.Len(0.025)}
	for i := range rows {
		for j := range cols {
			if r, ok := c.BoardRect(i, j); ok {
				c.StrokeLines(edge, closed(corners(r)))
			}
		}
	}
}
