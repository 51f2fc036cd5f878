package render

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Terrain returns the layer of hex terrain: a fill by elevation and area
// terrain (water, marsh, grain, ...), shapes for woods, brush, orchards,
// crags and the like, roads, buildings with their upper levels, and the
// elevation of every hex not at level 0. Each hex is drawn clipped to the
// boards that hold it, so half-hexes end at the board edges (ASL A2.2).
//
// Several kinds in one hex (ASL A2.4: woods and building) are all shown:
// the fill for the area kind, then shapes on top, the building last.
// Hexes are drawn in m.Hexes() order, in passes, so that no hex's fill
// covers its neighbour's shapes.
func Terrain() Layer { return LayerFunc(drawTerrain) }

func drawTerrain(c *Context) {
	hexes := c.Map.Hexes()
	passes := []func(*Context, hex.Hex, *terrain.Hex){
		drawFill, drawShapes, drawRoads, drawBuilding, drawElevation,
	}
	for _, pass := range passes {
		for _, h := range hexes {
			t, _ := c.Map.Terrain(h)
			pass(c, h, t)
		}
	}
}

// fillKinds are the kinds that colour a whole hex, first found first.
var fillKinds = []terrain.Kind{terrain.Water, terrain.Marsh, terrain.Grain, terrain.Runway, terrain.Graveyard}

// drawFill fills h with its area colour.
func drawFill(c *Context, h hex.Hex, t *terrain.Hex) {
	c.FillIn(h, fillColor(c.Palette, t), c.Hexagon(h, 1))
}

// fillColor returns the colour of the whole of a hex: that of its area
// terrain, or of open ground at its elevation, tinted by the elevation.
func fillColor(p *Palette, t *terrain.Hex) color.Color {
	ground := p.GroundColor(t.Elevation)
	for _, k := range fillKinds {
		if t.Kinds.Has(k) {
			col := p.KindColor(k)
			if t.Elevation != 0 && k != terrain.Water {
				// Grain on a hill still shows the hill.
				col = mix(col, ground, 0.35)
			}
			return col
		}
	}
	return ground
}

// topColor returns the colour under the coordinate near the top of a hex:
// woods or brush cover it, else the fill shows.
func topColor(p *Palette, t *terrain.Hex) color.Color {
	switch {
	case t.Kinds.Has(terrain.Woods):
		return p.KindColor(terrain.Woods)
	case t.Kinds.Has(terrain.Brush):
		return p.KindColor(terrain.Brush)
	}
	return fillColor(p, t)
}

// drawShapes draws the terrain that stands inside a hex.
func drawShapes(c *Context, h hex.Hex, t *terrain.Hex) {
	p := c.Palette
	k := t.Kinds
	ctr := c.Centre(h)
	switch {
	case k.Has(terrain.Stream):
		c.FillIn(h, p.KindColor(terrain.Stream), c.rounded(h, 0.62))
	case k.Has(terrain.Gully):
		c.FillIn(h, p.KindColor(terrain.Gully), c.rounded(h, 0.62))
	}
	if k.Has(terrain.Marsh) {
		tuft := draw.LineStyle{Color: mix(p.KindColor(terrain.Marsh), color.Black, 0.45), Width: c.Len(0.015)}
		for _, o := range [][2]float64{{-0.22, 0.12}, {0.18, 0.2}, {0.05, -0.18}, {-0.2, -0.2}, {0.25, -0.05}} {
			b := c.offset(ctr, o[0], o[1])
			for _, dx := range []float64{-0.04, 0, 0.04} {
				c.StrokeIn(h, tuft, []vg.Point{c.offset(b, dx*0.6, 0), c.offset(b, dx, 0.07)})
			}
		}
	}
	if k.Has(terrain.Orchard) {
		col := p.KindColor(terrain.Orchard)
		c.FillIn(h, col, circle(ctr, c.Len(0.07), 12))
		for _, pt := range c.Hexagon(h, 0.55) {
			c.FillIn(h, col, circle(pt, c.Len(0.07), 12))
		}
	}
	for _, a := range []struct {
		kind terrain.Kind
		link terrain.Features
	}{{terrain.Brush, terrain.BrushLink}, {terrain.Woods, terrain.WoodsLink}} {
		if !k.Has(a.kind) {
			continue
		}
		col := p.KindColor(a.kind)
		const s = 0.78
		c.FillIn(h, col, c.rounded(h, s))
		for d := range hex.Dirs {
			if t.Sides[d].Has(a.link) {
				c.FillIn(h, col, c.bridgeTo(h, d, s))
			}
		}
		if a.kind == terrain.Brush {
			dot := mix(col, color.Black, 0.3)
			for _, pt := range c.Hexagon(h, 0.4) {
				c.FillIn(h, dot, circle(pt, c.Len(0.025), 8))
			}
		}
	}
	if k.Has(terrain.Crag) {
		poly := c.star(h, []float64{0.3, 0.36, 0.24, 0.34, 0.28, 0.37, 0.22, 0.33, 0.27})
		c.FillIn(h, p.KindColor(terrain.Crag), poly)
		c.StrokeIn(h, draw.LineStyle{Color: color.Black, Width: c.Len(0.015)}, closed(poly))
	}
	if k.Has(terrain.Shellholes) {
		col := p.KindColor(terrain.Shellholes)
		for _, o := range [][2]float64{{-0.18, 0.12}, {0.2, 0.08}, {0, -0.2}} {
			pt := c.offset(ctr, o[0], o[1])
			c.FillIn(h, col, circle(pt, c.Len(0.1), 16))
			c.FillIn(h, mix(col, color.White, 0.45), circle(pt, c.Len(0.055), 12))
		}
	}
	if k.Has(terrain.Rubble) {
		col := p.KindColor(terrain.Rubble)
		poly := c.rounded(h, 0.6)
		c.FillIn(h, col, poly)
		dark := mix(col, color.Black, 0.4)
		for _, pt := range c.Hexagon(h, 0.3) {
			c.FillIn(h, dark, circle(pt, c.Len(0.035), 6))
		}
	}
	if k.Has(terrain.Lumberyard) {
		col := p.KindColor(terrain.Lumberyard)
		r := vg.Rectangle{Min: c.offset(ctr, -0.28, -0.18), Max: c.offset(ctr, 0.28, 0.18)}
		c.FillIn(h, col, corners(r))
		plank := draw.LineStyle{Color: mix(col, color.Black, 0.45), Width: c.Len(0.012)}
		for _, y := range []float64{-0.06, 0.06} {
			c.StrokeIn(h, plank, []vg.Point{c.offset(ctr, -0.28, y), c.offset(ctr, 0.28, y)})
		}
	}
	if k.Has(terrain.Graveyard) {
		cross := draw.LineStyle{Color: rgb(0x4a4a4a), Width: c.Len(0.02)}
		for _, o := range [][2]float64{{-0.2, 0.1}, {0.2, 0.1}, {0, -0.15}} {
			pt := c.offset(ctr, o[0], o[1])
			c.StrokeIn(h, cross, []vg.Point{c.offset(pt, 0, -0.08), c.offset(pt, 0, 0.08)})
			c.StrokeIn(h, cross, []vg.Point{c.offset(pt, -0.05, 0.03), c.offset(pt, 0.05, 0.03)})
		}
	}
}

// roadKinds are the kinds drawn as roads, the first found giving the
// colour.
var roadKinds = []terrain.Kind{terrain.PavedRoad, terrain.ElevatedRoad, terrain.SunkenRoad, terrain.DirtRoad, terrain.Path}

// drawRoads draws a road from the centre of h to the middle of every
// hexside a road crosses (terrain.RoadLink), so that the halves drawn in
// two hexes make one line between their centres; a road hex with no such
// hexside gets a dot. A bridge is a deck across the centre.
func drawRoads(c *Context, h hex.Hex, t *terrain.Hex) {
	var links []hex.Dir
	for d := range hex.Dirs {
		if t.Sides[d].Has(terrain.RoadLink) {
			links = append(links, d)
		}
	}
	kind, found := terrain.Kind(0), false
	for _, k := range roadKinds {
		if t.Kinds.Has(k) {
			kind, found = k, true
			break
		}
	}
	if !found && len(links) == 0 {
		if t.Kinds.Has(terrain.Bridge) {
			drawBridge(c, h, nil)
		}
		return
	}
	if !found {
		kind = terrain.DirtRoad
	}
	ctr := c.Centre(h)
	sty := draw.LineStyle{Color: c.Palette.KindColor(kind), Width: c.Len(0.1)}
	switch kind {
	case terrain.PavedRoad:
		sty.Width = c.Len(0.12)
	case terrain.Path:
		sty.Width = c.Len(0.035)
		sty.Dashes = []vg.Length{c.Len(0.06), c.Len(0.04)}
	}
	if kind == terrain.ElevatedRoad || kind == terrain.SunkenRoad {
		// Embankment or cutting: a wider edge under the road.
		edge := sty
		edge.Width = sty.Width * 1.8
		edge.Color = mix(sty.Color, color.Black, 0.5)
		for _, d := range links {
			c.StrokeIn(h, edge, []vg.Point{ctr, c.SideMid(h, d)})
		}
	}
	for _, d := range links {
		c.StrokeIn(h, sty, []vg.Point{ctr, c.SideMid(h, d)})
	}
	if len(links) == 0 || kind != terrain.Path {
		// A round joint where road segments meet, or the dot of a road
		// hex without links.
		r := sty.Width / 2
		if len(links) == 0 {
			r = sty.Width
		}
		c.FillIn(h, sty.Color, circle(ctr, r, 16))
	}
	if t.Kinds.Has(terrain.Bridge) {
		drawBridge(c, h, links)
	}
}

// drawBridge draws a bridge deck over the centre of h along the first road
// link (horizontal without one).
func drawBridge(c *Context, h hex.Hex, links []hex.Dir) {
	ctr := c.Centre(h)
	u := vg.Point{X: 1, Y: 0}
	if len(links) > 0 {
		m := c.SideMid(h, links[0]).Sub(ctr)
		u = m.Scale(1 / (c.HexHeight / 2))
	}
	v := vg.Point{X: -u.Y, Y: u.X}
	along, across := c.Len(0.28), c.Len(0.1)
	poly := []vg.Point{
		ctr.Add(u.Scale(-along)).Add(v.Scale(-across)),
		ctr.Add(u.Scale(along)).Add(v.Scale(-across)),
		ctr.Add(u.Scale(along)).Add(v.Scale(across)),
		ctr.Add(u.Scale(-along)).Add(v.Scale(across)),
	}
	c.FillIn(h, c.Palette.KindColor(terrain.Bridge), poly)
	c.StrokeIn(h, draw.LineStyle{Color: color.Black, Width: c.Len(0.015)}, closed(poly))
}

// drawBuilding draws the building of h: an inner shape in the colour of its
// material (ASL B23.2), joined to the rest of a multi-hex building across
// BuildingLink hexsides (ASL B23.1), with its upper levels written as the
// Location of its top level ("h1" for a building with one upper level) and
// a stair mark for a stairwell (ASL B23.22).
func drawBuilding(c *Context, h hex.Hex, t *terrain.Hex) {
	if !t.Kinds.Has(terrain.Building) {
		return
	}
	col := c.Palette.MaterialColor(t.Building.Material)
	const s = 0.56
	inner := c.Hexagon(h, s)
	c.FillIn(h, col, inner)
	edge := draw.LineStyle{Color: mix(col, color.Black, 0.55), Width: c.Len(0.015)}
	c.StrokeIn(h, edge, closed(inner))
	for d := range hex.Dirs {
		f := t.Sides[d]
		// A rowhouse wall (ASL B23.71) divides one block: the block is
		// joined here and the wall drawn across it by Hexsides.
		if f.Has(terrain.BuildingLink) {
			q := c.bridgeTo(h, d, s)
			c.FillIn(h, col, q)
			c.StrokeIn(h, edge, []vg.Point{q[0], q[3]})
			c.StrokeIn(h, edge, []vg.Point{q[1], q[2]})
		}
	}
	ctr := c.Centre(h)
	if t.Building.Levels > 0 {
		sty := c.TextStyle(0.2, contrast(col), true)
		c.Text(sty, c.offset(ctr, 0, 0.02), fmt.Sprintf("h%d", t.Building.Levels))
	}
	if t.Stairs {
		st := draw.LineStyle{Color: contrast(col), Width: c.Len(0.015)}
		base := c.offset(ctr, 0.02, -0.17)
		for k, w := range []float64{0.12, 0.09, 0.06} {
			y := float64(k) * 0.035
			c.StrokeIn(h, st, []vg.Point{c.offset(base, -w/2, y), c.offset(base, w/2, y)})
		}
	}
}

// drawElevation writes the base level of h (ASL B10) low in the hex when it
// is not 0; on a half-hex cut across the bottom it moves to a corner still
// on the map.
func drawElevation(c *Context, h hex.Hex, t *terrain.Hex) {
	if t.Elevation == 0 {
		return
	}
	ctr := c.Centre(h)
	ink := rgb(0x4a3520) // dark brown on light ground
	if contrast(fillColor(c.Palette, t)) == color.White {
		ink = rgb(0xf4ead8) // pale on dark hills
	}
	sty := c.TextStyle(0.15, ink, true)
	txt := fmt.Sprint(t.Elevation)
	for _, o := range [][2]float64{{0, -0.36}, {0.36, 0.18}, {-0.36, 0.18}, {0.36, -0.18}, {-0.36, -0.18}} {
		pt := c.offset(ctr, o[0], o[1])
		if c.fits(h, pt, sty.Width(txt), sty.Font.Size) {
			c.Text(sty, pt, txt)
			return
		}
	}
}
