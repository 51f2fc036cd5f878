package render

import (
	"fmt"
	"image"
	"io"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Format is an output format of a Picture.
type Format uint8

const (
	SVG Format = iota
	PNG
	PDF
)

var formatName = [...]string{SVG: "svg", PNG: "png", PDF: "pdf"}

func (f Format) String() string {
	if int(f) < len(formatName) {
		return formatName[f]
	}
	return fmt.Sprintf("Format(%d)", f)
}

// ParseFormat reads "svg", "png" or "pdf" (any case).
func ParseFormat(s string) (Format, error) {
	for f, n := range formatName {
		if strings.EqualFold(s, n) {
			return Format(f), nil
		}
	}
	return 0, fmt.Errorf("render: unknown picture format %q (want svg, png or pdf)", s)
}

// FormatOf returns the format named by the extension of a file name
// ("map.png").
func FormatOf(name string) (Format, error) {
	ext := strings.TrimPrefix(filepath.Ext(name), ".")
	if ext == "" {
		return 0, fmt.Errorf("render: %s: no file extension to tell the picture format (want .svg, .png or .pdf)", name)
	}
	f, err := ParseFormat(ext)
	if err != nil {
		return 0, fmt.Errorf("render: %s: unknown picture format .%s (want .svg, .png or .pdf)", name, ext)
	}
	return f, nil
}

// Write draws p in format f to w.
func (p *Picture) Write(w io.Writer, f Format) error {
	switch f {
	case SVG:
		return p.WriteSVG(w)
	case PNG:
		return p.WritePNG(w)
	case PDF:
		return p.WritePDF(w)
	}
	return fmt.Errorf("render: unknown picture format %v", f)
}

// WriteSVG draws p as an SVG document to w. The output depends only on the
// map, the options and the layers: the same picture gives the same bytes.
// Text names the Liberation Sans font without embedding it.
func (p *Picture) WriteSVG(w io.Writer) error { return p.draw(w, SVG) }

// WritePNG draws p as a PNG image of p.Pixels() to w, at Options.DPI.
func (p *Picture) WritePNG(w io.Writer) error { return p.draw(w, PNG) }

// WritePDF draws p as a one-page PDF document to w, with the fonts
// embedded.
func (p *Picture) WritePDF(w io.Writer) error { return p.draw(w, PDF) }

// Raster draws p as an image of dpi dots per inch, whatever
// Options.DPI: a picture of another resolution than p's PNG (the page's
// first view of a map, the size of a screen).
func (p *Picture) Raster(dpi int) image.Image {
	width, height := p.Size()
	c := vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(max(1, dpi)))
	p.Draw(c)
	return c.Image()
}

// FitDPI is the largest resolution, in whole dots per inch (at least
// one), at which p's raster fits within w x h pixels.
func (p *Picture) FitDPI(w, h int) int {
	pw, ph := p.Size()
	return max(1, int(min(float64(w)/float64(pw/vg.Inch), float64(h)/float64(ph/vg.Inch))))
}

func (p *Picture) draw(w io.Writer, f Format) error {
	width, height := p.Size()
	return drawAs(w, f, width, height, p.opt.DPI, p.Draw)
}

// drawAs draws a picture of that size in format f to w: SVG, PNG at dpi,
// or PDF with the fonts embedded. Maps and charts both go through it.
func drawAs(w io.Writer, f Format, width, height vg.Length, dpi int, draw func(vg.Canvas)) error {
	switch f {
	case SVG:
		c := vgsvg.New(width, height)
		draw(c)
		return writeTo(w, c, SVG)
	case PNG:
		c := vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(dpi))
		draw(c)
		return writeTo(w, vgimg.PngCanvas{Canvas: c}, PNG)
	case PDF:
		c := vgpdf.New(width, height)
		draw(pdfCanvas{c})
		return writeTo(w, c, PDF)
	}
	return fmt.Errorf("render: unknown picture format %v", f)
}

// pdfCanvas works around vgpdf in gonum/plot v0.17.0, which registers each
// font with fpdf under its name and no style but selects a bold font with
// style "B", so that fpdf fails with "undefined font: ... B". Giving the
// bold face a weight one step lighter changes only its name and the style
// vgpdf asks for: the glyphs drawn are still the bold face's.
type pdfCanvas struct{ *vgpdf.Canvas }

func (c pdfCanvas) FillString(f font.Face, pt vg.Point, s string) {
	if fs := fonts(); f.Font.Weight == fs.bold.Weight && fs.bold.Weight != fs.regular.Weight {
		f.Font.Weight--
	}
	c.Canvas.FillString(f, pt, s)
}

func writeTo(w io.Writer, c io.WriterTo, f Format) error {
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("render: writing %v: %w", f, err)
	}
	return nil
}

// compile-time checks that the back-ends are vg canvases.
var (
	_ vg.CanvasWriterTo = (*vgsvg.Canvas)(nil)
	_ vg.CanvasWriterTo = (*vgpdf.Canvas)(nil)
	_ vg.CanvasWriterTo = vgimg.PngCanvas{}
)
