package render

import (
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A Swatch draws a sample of a mark into a small box of the legend: the
// overlays (Marker, Path, Highlight, MapEdge, Objective, ...) are their own
// swatches, so that a legend shows exactly what the map does.
type Swatch interface {
	// DrawSwatch draws the sample inside r.
	DrawSwatch(c *Context, r vg.Rectangle)
}

// LegendEntry is one line of a legend: a swatch and what it means.
type LegendEntry struct {
	Swatch Swatch
	Text   string
}

// Caption sizes, in hex heights: the title's first line and the lines
// under it; a legend row, its swatch box and its text.
const (
	titleSize    = 0.36
	subtitleSize = 0.24
	titleGap     = 0.12 // between title lines, and above and below them
	rowH         = 0.62
	swatchW      = 1.0
	swatchH      = 0.5
	legendText   = 0.22
	legendPad    = 0.5 // the legend's left and right margins
	legendColGap = 0.6
)

// SetTitle sets the lines written above the map, replacing any before:
// the first large and bold (what the picture shows: the mission, the turns,
// the seed), the rest smaller. The canvas grows to hold them.
func (p *Picture) SetTitle(lines ...string) *Picture {
	p.title = append([]string(nil), lines...)
	p.relayout()
	return p
}

// SetLegend sets the legend written under the map, in columns, replacing
// any before. The canvas grows to hold it.
func (p *Picture) SetLegend(entries ...LegendEntry) *Picture {
	p.legend = append([]LegendEntry(nil), entries...)
	p.relayout()
	return p
}

// Title returns the title lines of p.
func (p *Picture) Title() []string { return p.title }

// Legend returns the legend entries of p.
func (p *Picture) Legend() []LegendEntry { return p.legend }

// relayout recomputes the geometry for the map, the title band above it
// and the legend band under it.
func (p *Picture) relayout() {
	g := newGeometry(p.Map, p.opt.HexHeight)
	hh := p.opt.HexHeight
	if len(p.title) > 0 {
		top := titleGap + titleSize
		for range p.title[1:] {
			top += titleGap + subtitleSize
		}
		g.top = vg.Length(top+titleGap) * hh
	}
	if len(p.legend) > 0 {
		g.legend = legendGrid(p.legend, g.w, hh)
		g.bottom = vg.Length(float64(g.legend.rows)*rowH+2*titleGap) * hh
	}
	g.place(p.Map)
	p.geo = g
}

// grid is how a legend is laid out: rows by columns, column-major, each
// column colW wide.
type grid struct {
	rows, cols int
	colW       vg.Length
}

// legendGrid fits the entries into as many columns as the width w holds.
func legendGrid(entries []LegendEntry, w, hh vg.Length) grid {
	sty := legendStyle(hh)
	var widest vg.Length
	for _, e := range entries {
		widest = max(widest, sty.Width(e.Text))
	}
	colW := vg.Length(swatchW+0.2+legendColGap)*hh + widest
	avail := w - 2*legendPad*hh
	cols := max(1, int(avail/colW))
	cols = min(cols, len(entries))
	rows := (len(entries) + cols - 1) / cols
	cols = (len(entries) + rows - 1) / rows // as few as those rows need
	return grid{rows: rows, cols: cols, colW: colW}
}

func legendStyle(hh vg.Length) draw.TextStyle {
	c := Context{HexHeight: hh}
	sty := c.TextStyle(legendText, nil, false)
	sty.XAlign = draw.XLeft
	return sty
}

// drawTitle writes the title lines centred above the map, each shrunk to
// the canvas's width if need be.
func (p *Picture) drawTitle(c *Context) {
	if len(p.title) == 0 {
		return
	}
	y := c.Rectangle.Max.Y - c.Len(titleGap)
	maxW := c.Rectangle.Max.X - c.Len(2*legendPad)
	for k, line := range p.title {
		size, bold := titleSize, true
		if k > 0 {
			size, bold = subtitleSize, false
		}
		sty := c.TextStyle(size, c.Palette.Label, bold)
		sty.YAlign = draw.YTop
		if w := sty.Width(line); w > maxW {
			sty.Font.Size *= maxW / w
		}
		c.Text(sty, vg.Point{X: c.Rectangle.Max.X / 2, Y: y}, line)
		y -= c.Len(size + titleGap)
	}
}

// drawLegend draws the legend in the band under the map: a rule across,
// then the entries column by column, each a swatch and its text.
func (p *Picture) drawLegend(c *Context) {
	if len(p.legend) == 0 {
		return
	}
	g := p.geo.legend
	top := p.geo.bottom - c.Len(titleGap)
	x0 := c.Len(legendPad)
	c.StrokeLine2(draw.LineStyle{Color: c.Palette.Grid, Width: c.Len(0.01)}, x0, top, c.Rectangle.Max.X-x0, top)
	sty := c.TextStyle(legendText, c.Palette.Label, false)
	sty.XAlign = draw.XLeft
	for k, e := range p.legend {
		col, row := k/g.rows, k%g.rows
		x := x0 + vg.Length(col)*g.colW
		yc := top - c.Len(rowH*(float64(row)+0.5))
		box := vg.Rectangle{
			Min: vg.Point{X: x, Y: yc - c.Len(swatchH/2)},
			Max: vg.Point{X: x + c.Len(swatchW), Y: yc + c.Len(swatchH/2)},
		}
		if e.Swatch != nil {
			c.Push()
			e.Swatch.DrawSwatch(c, box)
			c.Pop()
		}
		c.Text(sty, vg.Point{X: box.Max.X + c.Len(0.2), Y: yc}, e.Text)
	}
}

// boxCentre returns the centre of r.
func boxCentre(r vg.Rectangle) vg.Point {
	return vg.Point{X: (r.Min.X + r.Max.X) / 2, Y: (r.Min.Y + r.Max.Y) / 2}
}
