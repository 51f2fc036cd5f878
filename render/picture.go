package render

import (
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
)

// DefaultHexHeight is the default distance between two opposite hexsides.
// At DefaultDPI it makes one board, with the margin around it, about 1800
// pixels wide: 48 hexsides of board plus 6 of margin at 0.6 in / sqrt(3)
// each, times 96 dots per inch.
const DefaultHexHeight = 0.6 * vg.Inch

// DefaultDPI is the resolution of PNG output when Options.DPI is zero: the
// usual screen resolution.
const DefaultDPI = 96

// Options set the scale and colours of a Picture. The zero value is the
// default.
type Options struct {
	// HexHeight is the distance between two opposite hexsides of a hex
	// (the height of a flat-topped hex); zero means DefaultHexHeight.
	HexHeight vg.Length
	// DPI is the resolution of PNG output; zero means DefaultDPI.
	DPI int
	// Palette colours terrain, hexsides and overlays; nil means
	// DefaultPalette().
	Palette *Palette
}

// Layer is one layer of a Picture, drawn on top of the layers before it.
// Draw must be deterministic: the same Context gives the same drawing
// calls, so that SVG output is byte-identical from run to run.
type Layer interface {
	Draw(c *Context)
}

// LayerFunc is a function used as a Layer.
type LayerFunc func(c *Context)

// Draw calls f(c).
func (f LayerFunc) Draw(c *Context) { f(c) }

// Picture is a drawing of a map: an ordered list of layers over the map's
// geometry. New starts it with the base layers (Base); overlays such as
// Markers, Path, Highlight and Heatmap are appended after them.
//
// A Picture is not safe for concurrent modification; once its layers are
// set, its Draw and Write methods only read it and may run concurrently.
type Picture struct {
	// Map is the map drawn.
	Map *board.Map
	// Layers are drawn in order: Layers[0] at the bottom.
	Layers []Layer

	opt    Options
	geo    geometry
	title  []string
	legend []LegendEntry
}

// New returns a picture of m with the base layers of Base. The canvas
// covers the map and a margin of one hex ring around it, so that markers on
// the off-board hexes next to an edge (ASL A2.6) are visible.
func New(m *board.Map, opt Options) *Picture {
	if opt.HexHeight <= 0 {
		opt.HexHeight = DefaultHexHeight
	}
	if opt.DPI <= 0 {
		opt.DPI = DefaultDPI
	}
	if opt.Palette == nil {
		opt.Palette = DefaultPalette()
	}
	return &Picture{
		Map:    m,
		Layers: Base(),
		opt:    opt,
		geo:    newGeometry(m, opt.HexHeight),
	}
}

// Add appends layers on top of the picture and returns p, so that calls
// chain.
func (p *Picture) Add(layers ...Layer) *Picture {
	p.Layers = append(p.Layers, layers...)
	return p
}

// Options returns the options of p, defaults filled in.
func (p *Picture) Options() Options { return p.opt }

// Size returns the width and height of the picture.
func (p *Picture) Size() (w, h vg.Length) { return p.geo.w, p.geo.h }

// Pixels returns the width and height of the PNG image of p.
func (p *Picture) Pixels() (w, h int) {
	dpi := vg.Length(p.opt.DPI)
	return int(p.geo.w/vg.Inch*dpi + 0.5), int(p.geo.h/vg.Inch*dpi + 0.5)
}

// Centre returns the canvas position of the centre dot of h, on or off the
// map, with the origin at the bottom left as in vg; with the image's height
// and DPI it locates h in the PNG (y grows upward here, downward in image
// rows).
func (p *Picture) Centre(h hex.Hex) vg.Point {
	c := h.Centre()
	return p.geo.at(float64(c.X), float64(c.Y))
}

// Draw draws every layer of p on c, which should be of size p.Size().
func (p *Picture) Draw(c vg.Canvas) {
	ctx := p.context(c)
	c.SetColor(p.opt.Palette.Background)
	ctx.Fill(rectPath(ctx.Rectangle))
	for _, l := range p.Layers {
		c.Push()
		l.Draw(ctx)
		c.Pop()
	}
	c.Push()
	p.drawTitle(ctx)
	p.drawLegend(ctx)
	c.Pop()
}

func (p *Picture) context(c vg.Canvas) *Context {
	return &Context{
		Canvas:    draw.NewCanvas(c, p.geo.w, p.geo.h),
		Map:       p.Map,
		Palette:   p.opt.Palette,
		HexHeight: p.opt.HexHeight,
		geo:       &p.geo,
	}
}

func rectPath(r vg.Rectangle) vg.Path {
	var path vg.Path
	path.Move(r.Min)
	path.Line(vg.Point{X: r.Max.X, Y: r.Min.Y})
	path.Line(r.Max)
	path.Line(vg.Point{X: r.Min.X, Y: r.Max.Y})
	path.Close()
	return path
}

// Lattice returns the canvas position of lattice position (x, y), in the
// units of hex.Point, origin at the bottom left as in vg: with Size it
// places marks of the lattice on the picture drawn (sasl serve's page).
func (p *Picture) Lattice(x, y float64) vg.Point { return p.geo.at(x, y) }
