package render

import (
	"fmt"
	"image/color"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// SwatchFunc is a function used as a Swatch.
type SwatchFunc func(c *Context, r vg.Rectangle)

// DrawSwatch calls f(c, r).
func (f SwatchFunc) DrawSwatch(c *Context, r vg.Rectangle) { f(c, r) }

// DrawSwatch draws a hexagon filled and outlined as the highlight's hexes.
func (hl Highlight) DrawSwatch(c *Context, r vg.Rectangle) {
	hexagon := swatchHex(c, r)
	if hl.Fill != nil {
		c.FillPolygon(c.Palette.GroundColor(0), hexagon)
		c.FillPolygon(hl.Fill, hexagon)
	}
	outline := hl.Outline
	if outline == nil && hl.Fill == nil {
		outline = c.Palette.Marker
	}
	if outline != nil {
		c.StrokeLines(draw.LineStyle{Color: outline, Width: c.Len(0.05)}, closed(hexagon))
	}
}

// Heat is the legend's sample of a Heatmap value: a hexagon in the
// colour Ramp (nil: HeatRamp) gives V, over open ground.
type Heat struct {
	V    float64
	Ramp func(v float64) color.Color
}

// DrawSwatch draws the sample.
func (h Heat) DrawSwatch(c *Context, r vg.Rectangle) {
	ramp := h.Ramp
	if ramp == nil {
		ramp = HeatRamp
	}
	hexagon := swatchHex(c, r)
	c.FillPolygon(c.Palette.GroundColor(0), hexagon)
	c.FillPolygon(ramp(min(max(h.V, 0), 1)), hexagon)
	c.StrokeLines(draw.LineStyle{Color: c.Palette.Grid, Width: c.Len(0.01)}, closed(hexagon))
}

// swatchHex returns a flat-topped hexagon as tall as r, centred in it.
func swatchHex(c *Context, r vg.Rectangle) []vg.Point {
	return circle(boxCentre(r), (r.Max.Y-r.Min.Y)/2*1.1547, 6) // corner radius = height / sqrt(3)
}

// TerrainLegend returns the legend entries of the terrain of m as the
// base layers draw it: each terrain kind, building material, level of
// ground and hexside obstacle that m holds, in a fixed order. Roads and
// woods are drawn on the ground colour as on the map.
func TerrainLegend(m *board.Map) []LegendEntry {
	var kinds terrain.Kinds
	var sides terrain.Features
	levels := map[int]bool{}
	var stone, wooden, upper, stairs bool
	for _, h := range m.Hexes() {
		t, ok := m.Terrain(h)
		if !ok {
			continue
		}
		kinds = kinds.Union(t.Kinds)
		levels[t.Elevation] = true
		if t.Kinds.Has(terrain.Building) {
			stone = stone || t.Building.Material != terrain.Wooden
			wooden = wooden || t.Building.Material == terrain.Wooden
			upper = upper || t.Building.Levels > 0
			stairs = stairs || t.Stairs
		}
		for d := range hex.Dirs {
			sides |= t.Sides[d] & terrain.Obstacles
		}
	}
	var out []LegendEntry
	lo, hi := 0, 0
	for l := range levels {
		lo, hi = min(lo, l), max(hi, l)
	}
	for l := lo; l <= hi; l++ {
		if !levels[l] {
			continue
		}
		name := fmt.Sprintf("ground level %d", l)
		if l < 0 {
			name = fmt.Sprintf("depression (level %d)", l)
		}
		out = append(out, LegendEntry{Swatch: groundSwatch(l), Text: name})
	}
	for _, k := range kinds.List() {
		switch k {
		case terrain.OpenGround:
			continue
		case terrain.Building:
			if stone {
				out = append(out, LegendEntry{Swatch: buildingSwatch(terrain.Stone), Text: "stone building"})
			}
			if wooden {
				out = append(out, LegendEntry{Swatch: buildingSwatch(terrain.Wooden), Text: "wooden building"})
			}
			continue
		}
		out = append(out, LegendEntry{Swatch: kindSwatch(k), Text: strings.ReplaceAll(k.Name(), "_", " ")})
	}
	for _, o := range obstacles {
		if sides.Has(o.f) {
			out = append(out, LegendEntry{Swatch: sideSwatch(o.f, o.width, o.col), Text: strings.ReplaceAll(o.f.String(), "_", " ")})
		}
	}
	if sides.Has(terrain.Cliff) {
		out = append(out, LegendEntry{Swatch: SwatchFunc(func(c *Context, r vg.Rectangle) {
			y := (r.Min.Y + r.Max.Y) / 2
			drawCliff(c, hex.Hex{Col: -99, Row: -99}, vg.Point{X: r.Min.X + c.Len(0.1), Y: y}, vg.Point{X: r.Max.X - c.Len(0.1), Y: y})
		}), Text: "cliff"})
	}
	if upper {
		out = append(out, LegendEntry{Swatch: SwatchFunc(func(c *Context, r vg.Rectangle) {
			buildingSwatch(terrain.Stone).DrawSwatch(c, r)
			c.Text(c.TextStyle(0.16, contrast(c.Palette.Stone), true), boxCentre(r), "h1")
		}), Text: "h1, h2: the building's upper levels"})
	}
	if stairs {
		out = append(out, LegendEntry{Swatch: SwatchFunc(func(c *Context, r vg.Rectangle) {
			buildingSwatch(terrain.Stone).DrawSwatch(c, r)
			st := draw.LineStyle{Color: contrast(c.Palette.Stone), Width: c.Len(0.015)}
			base := c.offset(boxCentre(r), 0, -0.05)
			for k, w := range []float64{0.12, 0.09, 0.06} {
				y := float64(k) * 0.035
				c.StrokeLines(st, []vg.Point{c.offset(base, -w/2, y), c.offset(base, w/2, y)})
			}
		}), Text: "stairwell (ASL B23.22)"})
	}
	if lo != 0 || hi != 0 {
		out = append(out, LegendEntry{Swatch: SwatchFunc(func(c *Context, r vg.Rectangle) {
			groundSwatch(1).DrawSwatch(c, r)
			c.Text(c.TextStyle(0.15, rgb(0x4a3520), true), c.offset(boxCentre(r), 0, -0.1), "1")
		}), Text: "number low in a hex: its base level"})
	}
	return out
}

func groundSwatch(level int) Swatch {
	return SwatchFunc(func(c *Context, r vg.Rectangle) {
		hexagon := swatchHex(c, r)
		c.FillPolygon(c.Palette.GroundColor(level), hexagon)
		c.StrokeLines(draw.LineStyle{Color: c.Palette.Grid, Width: c.Len(0.01)}, closed(hexagon))
	})
}

// kindSwatch draws kind k as the map does in outline: area kinds fill the
// hexagon, roads cross it, the rest stand in the middle of open ground.
func kindSwatch(k terrain.Kind) Swatch {
	return SwatchFunc(func(c *Context, r vg.Rectangle) {
		hexagon := swatchHex(c, r)
		ground := c.Palette.GroundColor(0)
		col := c.Palette.KindColor(k)
		ctr := boxCentre(r)
		rad := (r.Max.Y - r.Min.Y) / 2 * 1.1547
		switch {
		case k == terrain.Orchard:
			c.FillPolygon(ground, hexagon)
			c.FillPolygon(col, circle(ctr, rad*0.14, 12))
			for _, pt := range circle(ctr, rad*0.55, 6) {
				c.FillPolygon(col, circle(pt, rad*0.14, 12))
			}
		case k == terrain.Shellholes:
			c.FillPolygon(ground, hexagon)
			for _, o := range [][2]float64{{-0.36, 0.24}, {0.4, 0.16}, {0, -0.4}} {
				pt := vg.Point{X: ctr.X + rad*vg.Length(o[0]), Y: ctr.Y + rad*vg.Length(o[1])}
				c.FillPolygon(col, circle(pt, rad*0.2, 16))
				c.FillPolygon(mix(col, color.White, 0.45), circle(pt, rad*0.11, 12))
			}
		case terrain.Of(k).Road() || k == terrain.Path || k == terrain.Bridge:
			c.FillPolygon(ground, hexagon)
			w := c.Len(0.09)
			if k == terrain.Path {
				w = c.Len(0.04)
			}
			c.StrokeLines(draw.LineStyle{Color: col, Width: w}, []vg.Point{hexagon[3], hexagon[0]})
		case isFill(k):
			c.FillPolygon(col, hexagon)
		default:
			c.FillPolygon(ground, hexagon)
			c.FillPolygon(col, circle(ctr, rad*0.72, 12))
		}
		c.StrokeLines(draw.LineStyle{Color: c.Palette.Grid, Width: c.Len(0.01)}, closed(hexagon))
	})
}

func isFill(k terrain.Kind) bool {
	for _, f := range fillKinds {
		if f == k {
			return true
		}
	}
	return false
}

func buildingSwatch(m terrain.Material) Swatch {
	return SwatchFunc(func(c *Context, r vg.Rectangle) {
		hexagon := swatchHex(c, r)
		c.FillPolygon(c.Palette.GroundColor(0), hexagon)
		col := c.Palette.MaterialColor(m)
		inner := circle(boxCentre(r), (r.Max.Y-r.Min.Y)/2*1.1547*0.6, 6)
		c.FillPolygon(col, inner)
		c.StrokeLines(draw.LineStyle{Color: mix(col, color.Black, 0.55), Width: c.Len(0.015)}, closed(inner))
		c.StrokeLines(draw.LineStyle{Color: c.Palette.Grid, Width: c.Len(0.01)}, closed(hexagon))
	})
}

func sideSwatch(f terrain.Features, width float64, col func(*Palette) color.Color) Swatch {
	return SwatchFunc(func(c *Context, r vg.Rectangle) {
		y := (r.Min.Y + r.Max.Y) / 2
		line := []vg.Point{{X: r.Min.X + c.Len(0.1), Y: y}, {X: r.Max.X - c.Len(0.1), Y: y}}
		c.StrokeLines(draw.LineStyle{Color: col(c.Palette), Width: c.Len(width)}, line)
		if f == terrain.Wall {
			c.StrokeLines(draw.LineStyle{Color: mix(c.Palette.Wall, color.White, 0.45), Width: c.Len(0.03)}, line)
		}
	})
}
