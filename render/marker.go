package render

import (
	"fmt"
	"image/color"
	"slices"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
)

// Marker is a counter on the map: a square with a short label ("S?",
// "4-6-7") at a Location, on or off the map (an entry hex beyond an edge,
// ASL A2.6, is drawn in the margin).
type Marker struct {
	At    board.Location
	Label string
	// Color fills the counter; nil means Palette.Marker. The label is
	// written in black or white, whichever reads better.
	Color color.Color
}

// LevelText returns how a marker shows the level of its Location: "" at
// ground level, "h1" for the first upper level and "h-1" for a cellar (the
// A2.2 suffix), "roof" on a rooftop.
func (m Marker) LevelText() string {
	switch {
	case m.At.Roof:
		return "roof"
	case m.At.Level != 0:
		return fmt.Sprintf("h%d", m.At.Level)
	}
	return ""
}

// Markers is a layer of counters. Counters in the same hex are set side by
// side, smaller, so that every label stays readable: one counter fills the
// middle of the hex, two sit side by side, up to four in a 2x2 block, up to
// nine in a 3x3 block; beyond nine the last shows how many more there are.
// Within a hex they are ordered by level (ground first), then as given; a
// counter above or below ground shows its level under its label
// (LevelText).
type Markers []Marker

// slot layouts by number of counters: size in hex heights and the offsets
// of the counters' centres from the hex centre (y upward). The blocks sit a
// little low in the hex, clear of the coordinate at its top.
var markerSlots = []struct {
	size float64
	at   [][2]float64
}{
	{0.5, [][2]float64{{0, -0.03}}},
	{0.44, [][2]float64{{-0.235, -0.05}, {0.235, -0.05}}},
	{0.34, [][2]float64{{-0.18, 0.1}, {0.18, 0.1}, {-0.18, -0.26}, {0.18, -0.26}}},
	{0.23, [][2]float64{
		{-0.25, 0.12}, {0, 0.12}, {0.25, 0.12},
		{-0.25, -0.13}, {0, -0.13}, {0.25, -0.13},
		{-0.25, -0.38}, {0, -0.38}, {0.25, -0.38},
	}},
}

// Draw draws the markers, hex by hex in the order each hex first appears.
func (ms Markers) Draw(c *Context) {
	var hexes []hex.Hex
	byHex := map[hex.Hex][]Marker{}
	for _, m := range ms {
		h := m.At.Hex
		if _, seen := byHex[h]; !seen {
			hexes = append(hexes, h)
		}
		byHex[h] = append(byHex[h], m)
	}
	for _, h := range hexes {
		stack := byHex[h]
		slices.SortStableFunc(stack, func(a, b Marker) int { return level(a.At) - level(b.At) })
		drawStack(c, h, stack)
	}
}

// level orders Locations within a hex: cellar, ground, upper levels, roof.
func level(l board.Location) int {
	if l.Roof {
		return l.Level + 1
	}
	return l.Level
}

func drawStack(c *Context, h hex.Hex, stack []Marker) {
	slot := markerSlots[len(markerSlots)-1]
	switch n := len(stack); {
	case n == 1:
		slot = markerSlots[0]
	case n == 2:
		slot = markerSlots[1]
	case n <= 4:
		slot = markerSlots[2]
	}
	if len(stack) > len(slot.at) {
		more := Marker{At: stack[0].At, Label: fmt.Sprintf("+%d", len(stack)-len(slot.at)+1), Color: color.Gray{Y: 0xd0}}
		stack = append(stack[:len(slot.at)-1:len(slot.at)-1], more)
	}
	ctr := c.Centre(h)
	for k, m := range stack {
		drawCounter(c, c.offset(ctr, slot.at[k][0], slot.at[k][1]), slot.size, m)
	}
}

// drawCounter draws one counter of side size hex heights centred on pt.
func drawCounter(c *Context, pt vg.Point, size float64, m Marker) {
	col := m.Color
	if col == nil {
		col = c.Palette.Marker
	}
	half := c.Len(size / 2)
	r := vg.Rectangle{Min: vg.Point{X: pt.X - half, Y: pt.Y - half}, Max: vg.Point{X: pt.X + half, Y: pt.Y + half}}
	shadow := c.Len(size * 0.06)
	sr := vg.Rectangle{Min: r.Min.Add(vg.Point{X: shadow, Y: -shadow}), Max: r.Max.Add(vg.Point{X: shadow, Y: -shadow})}
	c.FillPolygon(color.NRGBA{A: 0x70}, corners(sr))
	c.FillPolygon(col, corners(r))
	c.StrokeLines(draw.LineStyle{Color: mix(col, color.Black, 0.6), Width: c.Len(0.012)}, closed(corners(r)))

	ink := contrast(col)
	lv := m.LevelText()
	labelAt, levelAt := pt, pt
	if lv != "" {
		labelAt = c.offset(pt, 0, size*0.18)
		levelAt = c.offset(pt, 0, -size*0.2)
	}
	c.Text(fitted(c, m.Label, size*0.34, size*0.9, ink), labelAt, m.Label)
	c.Text(fitted(c, lv, size*0.3, size*0.9, ink), levelAt, lv)
}

// fitted returns a bold style of height size hex heights, shrunk so that
// txt is at most width hex heights wide.
func fitted(c *Context, txt string, size, width float64, col color.Color) draw.TextStyle {
	sty := c.TextStyle(size, col, true)
	if w := sty.Width(txt); w > c.Len(width) {
		sty.Font.Size *= c.Len(width) / w
	}
	return sty
}
