package render

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font/liberation"
)

// TestCounterGlyphsAsTheFontDrawsThem holds the page's glyphs to
// Liberation Sans Bold read afresh: every printable ASCII character has
// the font's advance, and its outline, read back as SVG reads it (each
// contour from its point, every command relative), has the points the
// font's segments have, to the rounding of one unit: no error adds up
// along a contour.
func TestCounterGlyphsAsTheFontDrawsThem(t *testing.T) {
	raw, err := CounterGlyphs()
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Units, Ascent, Descent int
		Glyphs                 map[string][]any
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	if got.Units != GlyphUnits || got.Ascent != 905 || got.Descent != 212 {
		t.Errorf("units %d, ascent %d, descent %d; want %d, 905 and 212 (Liberation Sans's em)", got.Units, got.Ascent, got.Descent, GlyphUnits)
	}
	var sf *sfnt.Font
	for _, face := range liberation.Collection() {
		if face.Font.Name() == "LiberationSans-Bold" {
			sf = face.Face
		}
	}
	var b sfnt.Buffer
	ppem := fixed.I(GlyphUnits)
	for r := rune(' '); r <= '~'; r++ {
		g, ok := got.Glyphs[string(r)]
		if !ok {
			t.Errorf("no glyph for %q", r)
			continue
		}
		x, _ := sf.GlyphIndex(&b, r)
		adv, _ := sf.GlyphAdvance(&b, x, ppem, font.HintingNone)
		if int(g[0].(float64)) != adv.Round() {
			t.Errorf("%q: advance %v, want %d", r, g[0], adv.Round())
		}
		segs, err := sf.LoadGlyph(&b, x, ppem, nil)
		if err != nil {
			t.Fatal(err)
		}
		var want [][2]float64
		for _, s := range segs {
			n := map[sfnt.SegmentOp]int{sfnt.SegmentOpMoveTo: 1, sfnt.SegmentOpLineTo: 1, sfnt.SegmentOpQuadTo: 2, sfnt.SegmentOpCubeTo: 3}[s.Op]
			for _, p := range s.Args[:n] {
				want = append(want, [2]float64{float64(p.X) / 64, float64(p.Y) / 64})
			}
		}
		var pts [][2]float64
		for i := 1; i+2 < len(g); i += 3 {
			ps, err := readContour(g[i].(float64), g[i+1].(float64), g[i+2].(string))
			if err != nil {
				t.Fatalf("%q: %v", r, err)
			}
			pts = append(pts, ps...)
		}
		if len(pts) != len(want) {
			t.Errorf("%q: %d points, the font %d", r, len(pts), len(want))
			continue
		}
		for i := range pts {
			if math.Abs(pts[i][0]-want[i][0]) > 0.5 || math.Abs(pts[i][1]-want[i][1]) > 0.5 {
				t.Errorf("%q: point %d at %v, the font's at %v", r, i, pts[i], want[i])
				break
			}
		}
	}
}

// readContour reads a contour as SVG does: from (x, y), commands l, q and
// c relative to the point before, z closing it. It returns the points in
// the order the commands give them, the first among them.
func readContour(x, y float64, path string) ([][2]float64, error) {
	pts := [][2]float64{{x, y}}
	var cmd byte
	var args []float64
	per := map[byte]int{'l': 2, 'q': 4, 'c': 6}
	flush := func() error {
		n := per[cmd]
		if n == 0 || len(args)%n != 0 {
			return fmt.Errorf("%q: %d numbers after %c", path, len(args), cmd)
		}
		for i := 0; i < len(args); i += n {
			x0, y0 := x, y
			for j := 0; j < n; j += 2 {
				pts = append(pts, [2]float64{x0 + args[i+j], y0 + args[i+j+1]})
			}
			x, y = x0+args[i+n-2], y0+args[i+n-1]
		}
		args = args[:0]
		return nil
	}
	for i := 0; i < len(path); {
		switch c := path[i]; {
		case c == 'l' || c == 'q' || c == 'c' || c == 'z':
			if cmd != 0 {
				if err := flush(); err != nil {
					return nil, err
				}
			}
			cmd = c
			i++
		case c == ' ':
			i++
		default:
			j := i + 1
			for j < len(path) && (path[j] >= '0' && path[j] <= '9') {
				j++
			}
			v, err := strconv.Atoi(path[i:j])
			if err != nil {
				return nil, fmt.Errorf("%q at %d: %v", path, i, err)
			}
			args = append(args, float64(v))
			i = j
		}
	}
	if cmd != 'z' {
		return nil, fmt.Errorf("%q does not end in z", path)
	}
	return pts, nil
}
