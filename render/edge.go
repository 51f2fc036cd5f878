package render

import (
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// MapEdge is a layer marking one compass edge of the map (the FRIENDLY or
// ENEMY board edge of a mission): a band along the outside of every board
// on that edge, with a tag naming it ("FBE") near the end of each.
type MapEdge struct {
	Edge  layout.Compass
	Label string
	Color color.Color
}

// edgeBand is the band's width in hex heights.
const edgeBand = 0.09

// Draw draws the band and its tags.
func (e MapEdge) Draw(c *Context) {
	f := c.Map.FrameOf(e.Edge)
	w := c.Len(edgeBand)
	sty := c.TextStyle(0.2, contrast(e.Color), true)
	for _, b := range c.Map.EdgeBoards(e.Edge) {
		r, ok := c.BoardRect(b.Row, b.Col)
		if !ok {
			continue
		}
		// The band, outside the board's side; the tag on it, near the
		// clockwise end, clear of the board numbers at the top left.
		var band vg.Rectangle
		var tag vg.Point
		switch f {
		case layout.Up:
			band = vg.Rectangle{Min: vg.Point{X: r.Min.X, Y: r.Max.Y}, Max: vg.Point{X: r.Max.X, Y: r.Max.Y + w}}
			tag = vg.Point{X: r.Min.X + (r.Max.X-r.Min.X)*0.88, Y: r.Max.Y + w/2}
		case layout.Down:
			band = vg.Rectangle{Min: vg.Point{X: r.Min.X, Y: r.Min.Y - w}, Max: vg.Point{X: r.Max.X, Y: r.Min.Y}}
			tag = vg.Point{X: r.Min.X + (r.Max.X-r.Min.X)*0.12, Y: r.Min.Y - w/2}
		case layout.Right:
			band = vg.Rectangle{Min: vg.Point{X: r.Max.X, Y: r.Min.Y}, Max: vg.Point{X: r.Max.X + w, Y: r.Max.Y}}
			tag = vg.Point{X: r.Max.X + w/2, Y: r.Min.Y + (r.Max.Y-r.Min.Y)*0.12}
		default:
			band = vg.Rectangle{Min: vg.Point{X: r.Min.X - w, Y: r.Min.Y}, Max: vg.Point{X: r.Min.X, Y: r.Max.Y}}
			tag = vg.Point{X: r.Min.X - w/2, Y: r.Min.Y + (r.Max.Y-r.Min.Y)*0.88}
		}
		c.FillPolygon(e.Color, corners(band))
		c.Label(sty, tag, e.Label, e.Color)
	}
}

// DrawSwatch draws a piece of the band with its tag.
func (e MapEdge) DrawSwatch(c *Context, r vg.Rectangle) {
	y := (r.Min.Y + r.Max.Y) / 2
	w := c.Len(edgeBand)
	c.FillPolygon(e.Color, corners(vg.Rectangle{Min: vg.Point{X: r.Min.X, Y: y - w/2}, Max: vg.Point{X: r.Max.X, Y: y + w/2}}))
	c.Label(c.TextStyle(0.2, contrast(e.Color), true), boxCentre(r), e.Label, e.Color)
}

// Objective is a victory objective on the map (a Victory Point Objective,
// VPO, of a mission): a ring
// just inside the hex in the colour of the side that controls it, and
// Label under the hex's centre.
type Objective struct {
	At    hex.Hex
	Label string
	Color color.Color
}

// Objectives is a layer of objectives.
type Objectives []Objective

// Draw draws every objective, clipped to the map like terrain.
func (os Objectives) Draw(c *Context) {
	for _, o := range os {
		sty := draw.LineStyle{Color: o.Color, Width: c.Len(0.08)}
		c.StrokeIn(o.At, sty, closed(c.Hexagon(o.At, 0.88)))
		ts := c.TextStyle(0.13, o.Color, true)
		c.Label(ts, c.offset(c.Centre(o.At), 0, -0.38), o.Label, withAlpha(color.White, 0.85))
	}
}

// DrawSwatch draws a small hexagon ring with the label under it.
func (o Objective) DrawSwatch(c *Context, r vg.Rectangle) {
	hexagon := circle(boxCentre(r), c.Len(0.22), 6) // flat-topped, as the map's hexes
	c.StrokeLines(draw.LineStyle{Color: o.Color, Width: c.Len(0.06)}, closed(hexagon))
}

// Tag is a short text in a box at the foot of a hex (the firepower of an
// attack on the hex, say), in Color on white.
type Tag struct {
	At    hex.Hex
	Text  string
	Color color.Color
}

// DrawSwatch draws the tag's box with its text.
func (t Tag) DrawSwatch(c *Context, r vg.Rectangle) {
	c.Label(c.TextStyle(0.13, t.Color, true), boxCentre(r), t.Text, withAlpha(color.White, 0.9))
}

// Tags is a layer of tags, drawn on top of counters: the tags of one hex
// are stacked downward from its foot, in the order given.
type Tags []Tag

// Draw draws the tags.
func (ts Tags) Draw(c *Context) {
	n := map[hex.Hex]int{}
	for _, t := range ts {
		k := n[t.At]
		n[t.At]++
		sty := c.TextStyle(0.17, t.Color, true)
		c.Label(sty, c.offset(c.Centre(t.At), 0, -0.42-0.23*float64(k)), t.Text, withAlpha(color.White, 0.9))
	}
}
