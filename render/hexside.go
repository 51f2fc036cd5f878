package render

import (
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// eachSide calls fn once for every hexside of an on-map hex: on the hex it
// is the N, NE or SE side of when both hexes are on the map (the canonical
// name, hex.Side.Canonical), otherwise on the on-map hex. Order follows
// m.Hexes().
func eachSide(m *board.Map, fn func(h hex.Hex, d hex.Dir)) {
	for _, h := range m.Hexes() {
		for d := range hex.Dirs {
			if d > hex.SE {
				if _, on := m.Index(h.Neighbour(d)); on {
					continue
				}
			}
			fn(h, d)
		}
	}
}

// Hexsides returns the layer of hexside obstacles (terrain.Obstacles):
// walls and hedges (ASL B9), bocage (ASL B26), cliffs (ASL B11) and rowhouse
// walls (ASL B23.71), each a thick line along its hexside, drawn once.
// Links (roads, woods, buildings across a hexside) are drawn by Terrain.
func Hexsides() Layer { return LayerFunc(drawHexsides) }

// obstacle styles, widest first so that a narrower feature on the same
// hexside shows on top. Widths are in hex heights.
var obstacles = []struct {
	f     terrain.Features
	width float64
	col   func(*Palette) color.Color
}{
	{terrain.Bocage, 0.15, func(p *Palette) color.Color { return p.Bocage }},
	{terrain.Hedge, 0.09, func(p *Palette) color.Color { return p.Hedge }},
	{terrain.Wall, 0.08, func(p *Palette) color.Color { return p.Wall }},
	{terrain.RowhouseWall, 0.05, func(p *Palette) color.Color { return p.RowhouseWall }},
}

func drawHexsides(c *Context) {
	eachSide(c.Map, func(h hex.Hex, d hex.Dir) {
		f := c.Map.Side(h, d) & terrain.Obstacles
		if f == 0 {
			return
		}
		a, b := c.Corner(h, d.CW(-1)), c.Corner(h, d)
		for _, o := range obstacles {
			if !f.Has(o.f) {
				continue
			}
			sty := draw.LineStyle{Color: o.col(c.Palette), Width: c.Len(o.width)}
			c.StrokeIn(h, sty, []vg.Point{a, b})
			// Round ends, so that features along consecutive hexsides join.
			c.FillIn(h, sty.Color, circle(a, sty.Width/2, 12))
			c.FillIn(h, sty.Color, circle(b, sty.Width/2, 12))
		}
		if f.Has(terrain.Wall) {
			// A stone-grey core shows a wall apart from a road.
			core := draw.LineStyle{Color: mix(c.Palette.Wall, color.White, 0.45), Width: c.Len(0.03)}
			c.StrokeIn(h, core, []vg.Point{a, b})
		}
		if f.Has(terrain.Cliff) {
			drawCliff(c, h, a, b)
		}
	})
}

// drawCliff draws a cliff hexside from a to b as a heavy line with teeth,
// as cliffs are drawn on the boards.
func drawCliff(c *Context, h hex.Hex, a, b vg.Point) {
	col := c.Palette.Cliff
	c.StrokeIn(h, draw.LineStyle{Color: col, Width: c.Len(0.04)}, []vg.Point{a, b})
	ab := b.Sub(a)
	n := vg.Point{X: -ab.Y, Y: ab.X}.Scale(0.12) // a tooth is 12% of the side high
	const teeth = 5
	line := make([]vg.Point, 0, 2*teeth+1)
	for k := range 2*teeth + 1 {
		p := a.Add(ab.Scale(vg.Length(k) / (2 * teeth)))
		if k%2 == 1 {
			p = p.Add(n)
		}
		line = append(line, p)
	}
	c.StrokeIn(h, draw.LineStyle{Color: col, Width: c.Len(0.025)}, line)
}
