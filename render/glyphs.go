package render

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font/liberation"
)

// GlyphUnits is the units of Glyphs' outlines and metrics: thousandths of
// an em.
const GlyphUnits = 1000

// Glyphs is the outlines of the glyphs of Liberation Sans Bold, the
// counters' font, for the printable ASCII characters: the page of sasl
// serve draws a counter's words as paths from them, the shapes package
// render draws, with no font of the browser's. A browser lays out every
// SVG text, and asks its fonts for each size on the screen, at the first
// load and again at every zoom.
//
// Coordinates are in GlyphUnits, y down, the baseline at 0.
type Glyphs struct {
	Units   int              `json:"units"`   // GlyphUnits, an em
	Ascent  int              `json:"ascent"`  // above the baseline
	Descent int              `json:"descent"` // below it
	Glyphs  map[string]Glyph `json:"glyphs"`  // by character
}

// Glyph is one character's advance and outline.
type Glyph struct {
	Advance  int
	Contours []Contour
}

// Contour is a closed outline: its first point (absolute), then SVG path
// commands relative to it ("l", "q"), ending in "z".
type Contour struct {
	X, Y int
	Path string
}

// MarshalJSON writes g compactly, as the page reads it: [advance, x, y,
// path, x, y, path, ...].
func (g Glyph) MarshalJSON() ([]byte, error) {
	a := []any{g.Advance}
	for _, c := range g.Contours {
		a = append(a, c.X, c.Y, c.Path)
	}
	return json.Marshal(a)
}

// CounterGlyphs returns the glyphs of the counters' font, worked out once
// a process, and as JSON.
var CounterGlyphs = sync.OnceValues(func() (json.RawMessage, error) {
	g, err := counterGlyphs()
	if err != nil {
		return nil, err
	}
	return json.Marshal(g)
})

func counterGlyphs() (*Glyphs, error) {
	var sf *sfnt.Font
	for _, face := range liberation.Collection() {
		if face.Font.Name() == "LiberationSans-Bold" {
			sf = face.Face
		}
	}
	if sf == nil {
		return nil, fmt.Errorf("render: no LiberationSans-Bold among gonum/plot's Liberation fonts")
	}
	var b sfnt.Buffer
	ppem := fixed.I(GlyphUnits)
	m, err := sf.Metrics(&b, ppem, font.HintingNone)
	if err != nil {
		return nil, err
	}
	out := &Glyphs{Units: GlyphUnits, Ascent: m.Ascent.Round(), Descent: m.Descent.Round(), Glyphs: map[string]Glyph{}}
	for r := rune(' '); r <= '~'; r++ {
		x, err := sf.GlyphIndex(&b, r)
		if err != nil {
			return nil, err
		}
		if x == 0 {
			continue // none: the page writes such words as text
		}
		adv, err := sf.GlyphAdvance(&b, x, ppem, font.HintingNone)
		if err != nil {
			return nil, err
		}
		segs, err := sf.LoadGlyph(&b, x, ppem, nil)
		if err != nil {
			return nil, fmt.Errorf("render: the glyph of %q: %w", r, err)
		}
		out.Glyphs[string(r)] = Glyph{Advance: adv.Round(), Contours: contours(segs)}
	}
	return out, nil
}

// contours writes segments as Contours: every point rounded to a unit
// first, then each written relative to the one before, so that no error
// adds up along a contour.
func contours(segs sfnt.Segments) []Contour {
	var (
		out    []Contour
		sb     strings.Builder
		cx, cy int // the pen, rounded
		open   bool
	)
	pt := func(p fixed.Point26_6) (int, int) {
		return int(math.Round(float64(p.X) / 64)), int(math.Round(float64(p.Y) / 64))
	}
	num := func(v int) {
		if v >= 0 && sb.Len() > 0 {
			last := sb.String()[sb.Len()-1]
			if last >= '0' && last <= '9' {
				sb.WriteByte(' ')
			}
		}
		sb.WriteString(strconv.Itoa(v))
	}
	closeContour := func() {
		if open {
			sb.WriteByte('z')
			out[len(out)-1].Path = sb.String()
			sb.Reset()
			open = false
		}
	}
	var cmd byte
	// rel writes command c (once for a run of them) and points ps, each
	// relative to the pen, which then stands at the last.
	rel := func(c byte, ps ...fixed.Point26_6) {
		if c != cmd {
			sb.WriteByte(c)
			cmd = c
		}
		var x, y int
		for _, p := range ps {
			x, y = pt(p)
			num(x - cx)
			num(y - cy)
		}
		cx, cy = x, y
	}
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			closeContour()
			cx, cy = pt(s.Args[0])
			out = append(out, Contour{X: cx, Y: cy})
			open, cmd = true, 0
		case sfnt.SegmentOpLineTo:
			rel('l', s.Args[0])
		case sfnt.SegmentOpQuadTo:
			// The control point and the end, both relative to the pen
			// before the curve (SVG's q).
			rel('q', s.Args[0], s.Args[1])
		case sfnt.SegmentOpCubeTo:
			rel('c', s.Args[0], s.Args[1], s.Args[2])
		}
	}
	closeContour()
	return out
}
