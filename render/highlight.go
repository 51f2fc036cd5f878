package render

import (
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/hex"
)

// Highlight is a layer marking a set of hexes (a radius, a set-up area, the
// hexes in LOS): each filled, outlined, or both. On-map hexes are clipped to
// the map like terrain; off-map hexes are drawn whole.
type Highlight struct {
	Hexes []hex.Hex
	// Fill fills each hex; use a translucent colour to keep the terrain
	// visible. Nil means no fill.
	Fill color.Color
	// Outline strokes each hex just inside its hexsides. Nil means
	// Palette.Marker when Fill is nil too, else no outline.
	Outline color.Color
	// Width is the outline width; zero means 0.05 hex heights.
	Width vg.Length
}

// Draw draws the highlight.
func (hl Highlight) Draw(c *Context) {
	outline := hl.Outline
	if outline == nil && hl.Fill == nil {
		outline = c.Palette.Marker
	}
	width := hl.Width
	if width <= 0 {
		width = c.Len(0.05)
	}
	sty := draw.LineStyle{Color: outline, Width: width}
	for _, h := range hl.Hexes {
		if hl.Fill != nil {
			c.FillIn(h, hl.Fill, c.Hexagon(h, 1))
		}
		if outline != nil {
			c.StrokeIn(h, sty, closed(c.Hexagon(h, 0.9)))
		}
	}
}

// Heatmap is a layer colouring every on-map hex by a value in 0..1 (how
// often ENEMY units reach it, say), through a colour ramp.
type Heatmap struct {
	// Value returns the value of h; ok == false leaves h uncoloured.
	// Values outside 0..1 are clamped.
	Value func(h hex.Hex) (v float64, ok bool)
	// Ramp maps 0..1 to a colour; nil means HeatRamp.
	Ramp func(v float64) color.Color
}

// Draw colours the hexes of the map in m.Hexes() order.
func (hm Heatmap) Draw(c *Context) {
	if hm.Value == nil {
		return
	}
	ramp := hm.Ramp
	if ramp == nil {
		ramp = HeatRamp
	}
	for _, h := range c.Map.Hexes() {
		v, ok := hm.Value(h)
		if !ok {
			continue
		}
		c.FillIn(h, ramp(min(max(v, 0), 1)), c.Hexagon(h, 1))
	}
}

// heatStops are the colours of HeatRamp at 0, 0.5 and 1: the ends and the
// middle of ColorBrewer's five-class YlOrRd scheme, more opaque as the value
// grows.
var heatStops = [3]color.NRGBA{
	{R: 0xff, G: 0xff, B: 0xb2, A: 0x50},
	{R: 0xfd, G: 0x8d, B: 0x3c, A: 0x90},
	{R: 0xbd, G: 0x00, B: 0x26, A: 0xb8},
}

// HeatRamp is the default ramp of a Heatmap: translucent pale yellow at 0
// through orange to deep red at 1. v is clamped to 0..1.
func HeatRamp(v float64) color.Color {
	v = min(max(v, 0), 1)
	lo, t := heatStops[0], v*2
	hi := heatStops[1]
	if v > 0.5 {
		lo, hi, t = heatStops[1], heatStops[2], (v-0.5)*2
	}
	return mix(lo, hi, t)
}
