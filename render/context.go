package render

import (
	"image/color"
	"sync"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/board"
)

// Context is what a Layer draws with: a canvas the size of the picture
// (origin at the bottom left, as in vg), the map, the palette, and the
// geometry from hexes to canvas points. Positions on the map are given in
// hexes or in the lattice units of hex.Point; lengths are best given in hex
// heights (Len), so that layers scale with Options.HexHeight.
type Context struct {
	draw.Canvas
	Map       *board.Map
	Palette   *Palette
	HexHeight vg.Length
	geo       *geometry
}

// Len returns f hex heights as a canvas length.
func (c *Context) Len(f float64) vg.Length { return vg.Length(f) * c.HexHeight }

// The fonts: Liberation Sans, which gonum/plot embeds, regular and bold.
// They are looked up once; font.Cache is safe for concurrent use.
var fonts = sync.OnceValue(func() (f struct {
	handler       text.Handler
	regular, bold font.Font
}) {
	coll := liberation.Collection()
	f.handler = text.Plain{Fonts: font.NewCache(coll)}
	f.regular = font.Font{Typeface: "Liberation", Variant: "Sans"}
	f.bold = f.regular
	for _, face := range coll {
		// The bold face is found by name, to take its weight without
		// importing golang.org/x/image/font.
		if face.Font.Name() == "LiberationSans-Bold" {
			f.bold = face.Font
		}
	}
	return f
})

// TextStyle returns a style for text of height size hex heights in
// Liberation Sans, centred on the point it is drawn at.
func (c *Context) TextStyle(size float64, col color.Color, bold bool) draw.TextStyle {
	fs := fonts()
	f := fs.regular
	if bold {
		f = fs.bold
	}
	f.Size = c.Len(size)
	return draw.TextStyle{
		Color:   col,
		Font:    f,
		XAlign:  draw.XCenter,
		YAlign:  draw.YCenter,
		Handler: fs.handler,
	}
}

// Text draws txt at pt in style sty.
func (c *Context) Text(sty draw.TextStyle, pt vg.Point, txt string) {
	if txt == "" {
		return
	}
	c.FillText(sty, pt, txt)
}

// Label draws txt centred on pt over a box of colour bg, with a thin
// border in the text's colour: a tag on the map.
func (c *Context) Label(sty draw.TextStyle, pt vg.Point, txt string, bg color.Color) {
	if txt == "" {
		return
	}
	w, h := sty.Width(txt), sty.Font.Size
	pad := h * 0.25
	r := vg.Rectangle{
		Min: vg.Point{X: pt.X - w/2 - pad, Y: pt.Y - h/2 - pad/2},
		Max: vg.Point{X: pt.X + w/2 + pad, Y: pt.Y + h/2 + pad/2},
	}
	c.FillPolygon(bg, corners(r))
	c.StrokeLines(draw.LineStyle{Color: sty.Color, Width: c.Len(0.01)}, closed(corners(r)))
	c.Text(sty, pt, txt)
}

// corners returns the corners of r counter-clockwise from the bottom left.
func corners(r vg.Rectangle) []vg.Point {
	return []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}}
}

// closed returns polygon p as a closed polyline.
func closed(p []vg.Point) []vg.Point {
	out := make([]vg.Point, len(p)+1)
	copy(out, p)
	out[len(p)] = p[0]
	return out
}
