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
// "A1a") and under it an optional note ("4-6-7"), at a Location, on or off
// the map (an entry hex beyond an edge, ASL A2.6, is drawn in the margin).
type Marker struct {
	At    board.Location
	Label string
	// Note is a second, smaller line under the label: the counter's
	// strength, say.
	Note string
	// Color fills the counter; nil means Palette.Marker. The label is
	// written in black or white, whichever reads better.
	Color color.Color
	// Broken draws the counter with a red band across its top right
	// corner, as the broken side of a counter reads at a glance.
	Broken bool
	// Ghost draws the counter pale with a dashed border: a counter that is
	// no longer in play where it is drawn (exited off the map, say).
	Ghost bool
	// Tag is a letter in a small white disc at the counter's top left
	// corner ("R": released from its Human Wave); "" for none.
	Tag string
	// Group sets counters of one hex apart: counters of two groups (the
	// two sides, say) stand side by side, each group one counter or a
	// pile, so that no group hides under another.
	Group int
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

// Markers is a layer of counters. Counters in the same hex are set so
// that every label stays readable and the hex's coordinate stays visible:
// one counter fills the middle of the hex, two sit side by side, and three
// or more make a pile: the first counter on top of the edges of the others,
// with a badge giving how many there are (the text report lists them).
// Counters of different Groups in a hex stand side by side, each group a
// counter or a pile (beyond two groups, the later ones join the second).
// Within a hex they are ordered by group, then level (ground first), then
// as given; a counter above or below ground shows its level under its
// label (LevelText). The counters of a half-hex of the map's edge stand on
// its half on the map, inside the map's frame (Inward).
type Markers []Marker

// Counter layouts, in hex heights: one counter, two side by side, and the
// top counter of a pile with the offset of each counter under it. They sit
// a little low in the hex, clear of the coordinate at its top.
const (
	oneSize  = 0.5
	oneY     = -0.03
	twoSize  = 0.44
	twoX     = 0.235
	twoY     = -0.05
	pileSize = 0.44
	pileX    = -0.03
	pileY    = -0.08
	pileStep = 0.04 // each counter under the top one shows this much
	badgeR   = 0.1  // radius of the count badge
)

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
		slices.SortStableFunc(stack, func(a, b Marker) int {
			if a.Group != b.Group {
				return a.Group - b.Group
			}
			return level(a.At) - level(b.At)
		})
		// On the half on the map of an edge half-hex (Inward).
		p := h.Centre()
		dx, dy := Inward(c.Map, h)
		ctr := c.Lattice(float64(p.X)+dx, float64(p.Y)+dy)
		k := 1
		for k < len(stack) && stack[k].Group == stack[0].Group {
			k++
		}
		if k == len(stack) || (k == 1 && len(stack) == 2) {
			drawStack(c, ctr, stack)
			continue
		}
		// Two groups side by side, each a counter or a pile.
		for i, g := range [][]Marker{stack[:k], stack[k:]} {
			pt := c.offset(ctr, []float64{-twoX, twoX}[i], twoY)
			if len(g) == 1 {
				drawCounter(c, pt, twoSize, g[0])
				continue
			}
			drawPile(c, c.offset(pt, -0.03, -0.03), pileSize*0.8, g)
		}
	}
}

// level orders Locations within a hex: cellar, ground, upper levels, roof.
func level(l board.Location) int {
	if l.Roof {
		return l.Level + 1
	}
	return l.Level
}

// drawStack draws the counters of one hex centred on ctr.
func drawStack(c *Context, ctr vg.Point, stack []Marker) {
	switch len(stack) {
	case 0:
	case 1:
		drawCounter(c, c.offset(ctr, 0, oneY), oneSize, stack[0])
	case 2:
		drawCounter(c, c.offset(ctr, -twoX, twoY), twoSize, stack[0])
		drawCounter(c, c.offset(ctr, twoX, twoY), twoSize, stack[1])
	default:
		drawPile(c, c.offset(ctr, pileX, pileY), pileSize, stack)
	}
}

// drawPile draws a pile of three or more counters of side size with its
// top counter at pt: the edges of up to two counters under it (up and to
// the right, as a stack is seen from the side), then the top one, then the
// count badge on its top right corner.
func drawPile(c *Context, pt vg.Point, size float64, stack []Marker) {
	step := pileStep * size / pileSize
	under := min(len(stack)-1, 2)
	for k := under; k >= 1; k-- {
		m := stack[k]
		m.Label, m.Note, m.Tag, m.At.Level, m.At.Roof = "", "", "", 0, false
		drawCounter(c, c.offset(pt, step*float64(k), step*float64(k)), size, m)
	}
	drawCounter(c, pt, size, stack[0])
	corner := size/2 + step*float64(under)
	drawBadge(c, c.offset(pt, corner, corner), badgeR*size/pileSize, len(stack))
}

// drawBadge draws the count of a pile: a number in a dark disc of radius
// r hex heights.
func drawBadge(c *Context, pt vg.Point, r float64, n int) {
	ink := color.NRGBA{R: 0x10, G: 0x10, B: 0x10, A: 0xff}
	c.FillPolygon(color.White, circle(pt, c.Len(r*1.2), 24))
	c.FillPolygon(ink, circle(pt, c.Len(r), 24))
	txt := fmt.Sprint(n)
	c.Text(fitted(c, txt, r*1.4, r*1.7, color.White), pt, txt)
}

// brokenInk is the bar across a broken counter.
var brokenInk = color.NRGBA{R: 0xe0, G: 0x10, B: 0x10, A: 0xff}

// drawCounter draws one counter of side size hex heights centred on pt.
func drawCounter(c *Context, pt vg.Point, size float64, m Marker) {
	col := m.Color
	if col == nil {
		col = c.Palette.Marker
	}
	if m.Ghost {
		col = mix(col, color.White, 0.55)
	}
	half := c.Len(size / 2)
	r := vg.Rectangle{Min: vg.Point{X: pt.X - half, Y: pt.Y - half}, Max: vg.Point{X: pt.X + half, Y: pt.Y + half}}
	if !m.Ghost {
		shadow := c.Len(size * 0.06)
		sr := vg.Rectangle{Min: r.Min.Add(vg.Point{X: shadow, Y: -shadow}), Max: r.Max.Add(vg.Point{X: shadow, Y: -shadow})}
		c.FillPolygon(color.NRGBA{A: 0x70}, corners(sr))
	}
	c.FillPolygon(col, corners(r))
	border := draw.LineStyle{Color: mix(col, color.Black, 0.6), Width: c.Len(0.012)}
	if m.Ghost {
		border.Width = c.Len(0.02)
		border.Dashes = []vg.Length{c.Len(0.05), c.Len(0.035)}
	}
	if m.Broken {
		// A band across the top right corner.
		a, b := c.Len(size*0.3), c.Len(size*0.5)
		c.FillPolygon(brokenInk, []vg.Point{
			{X: r.Max.X - b, Y: r.Max.Y}, {X: r.Max.X - a, Y: r.Max.Y},
			{X: r.Max.X, Y: r.Max.Y - a}, {X: r.Max.X, Y: r.Max.Y - b},
		})
	}
	c.StrokeLines(border, closed(corners(r)))

	ink := contrast(col)
	lines := make([]string, 0, 3)
	sizes := make([]float64, 0, 3)
	for k, txt := range []string{m.Label, m.Note, m.LevelText()} {
		if txt == "" {
			continue
		}
		lines = append(lines, txt)
		sizes = append(sizes, []float64{0.34, 0.26, 0.26}[k])
	}
	if len(lines) == 3 {
		for k := range sizes {
			sizes[k] *= 0.85
		}
	}
	// The lines stacked about the centre, each sizes[k] of the counter
	// high with a little space between.
	var total float64
	for _, s := range sizes {
		total += s
	}
	y := total / 2 * size
	for k, txt := range lines {
		h := sizes[k] * size
		c.Text(fitted(c, txt, h*0.95, size*0.9, ink), c.offset(pt, 0, y-h/2), txt)
		y -= h
	}
	if m.Tag != "" {
		tp := vg.Point{X: r.Min.X, Y: r.Max.Y}
		c.FillPolygon(color.White, circle(tp, c.Len(size*0.2), 20))
		c.StrokeLines(draw.LineStyle{Color: color.Black, Width: c.Len(0.01)}, closed(circle(tp, c.Len(size*0.2), 20)))
		c.Text(fitted(c, m.Tag, size*0.26, size*0.34, color.Black), tp, m.Tag)
	}
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

// DrawSwatch draws the counter in the middle of a legend box.
func (m Marker) DrawSwatch(c *Context, r vg.Rectangle) {
	drawCounter(c, boxCentre(r), min(float64((r.Max.Y-r.Min.Y)/c.HexHeight), oneSize), m)
}

// Pile is the legend's sample of a pile of N counters (Markers draws
// three or more in a hex as a pile with a count badge).
type Pile struct {
	N     int
	Color color.Color
}

// DrawSwatch draws a pile of p.N (at least three) blank counters with its
// badge.
func (p Pile) DrawSwatch(c *Context, r vg.Rectangle) {
	stack := make([]Marker, max(p.N, 3))
	for k := range stack {
		stack[k].Color = p.Color
	}
	const size = 0.34
	drawPile(c, c.offset(boxCentre(r), -0.05, -0.05), size, stack)
}
