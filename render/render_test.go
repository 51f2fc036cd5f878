package render

import (
	"bytes"
	"flag"
	"fmt"
	"image/color"
	"image/png"
	"os"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// go test ./render -run TestSample -sample /tmp/render-sample.png writes a
// picture of the demo board with overlays to look at (.png, .svg or .pdf);
// SAMPLE_LAYOUT=x9,y1r/-,z2 draws it in another configuration.
var sample = flag.String("sample", "", "write a sample picture of the demo board to this file")

// small is a board written in the test, as the example has it.
const small = `sasl-board 1
board x9
R6 building building=wooden/1 stairs N=building
R5 building building=wooden/1
Q7 open_ground N=wall
M4 woods elev=2
`

func readBoard(t testing.TB, text string) *board.Board {
	t.Helper()
	b, err := board.ReadText(strings.NewReader(text), "test.sasl")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func demoBoard(t testing.TB) *board.Board {
	t.Helper()
	text, err := os.ReadFile("testdata/x9.sasl")
	if err != nil {
		t.Fatal(err)
	}
	return readBoard(t, string(text))
}

// newMap builds the map of configuration spec from boards, adding empty
// open-ground boards for IDs not given.
func newMap(t testing.TB, spec string, north layout.Frame, boards ...*board.Board) *board.Map {
	t.Helper()
	l, err := layout.Parse(spec, north)
	if err != nil {
		t.Fatal(err)
	}
	bs := map[string]*board.Board{}
	for _, b := range boards {
		bs[b.ID] = b
	}
	for _, id := range l.Boards() {
		if bs[id] == nil {
			bs[id] = board.New(id)
		}
	}
	m, err := board.NewMap(l, bs)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func svgOf(t testing.TB, p *Picture) string {
	t.Helper()
	var buf bytes.Buffer
	if err := p.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// texts returns the text elements of an SVG document.
func texts(svg string) []string {
	var out []string
	for _, m := range textRE.FindAllStringSubmatch(svg, -1) {
		out = append(out, m[1])
	}
	return out
}

var textRE = regexp.MustCompile(`(?s)<text [^>]*>([^<]*)</text>`)

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestSVGDeterministic(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		spec   string
		north  layout.Frame
		extras []Layer
	}{
		{"one board", "x9", layout.Up, nil},
		{"overlays", "x9", layout.Up, []Layer{
			Markers{{At: board.Ground(hex.Hex{Col: 17, Row: 6}), Label: "S?"}, {At: board.Location{Hex: hex.Hex{Col: 17, Row: 6}, Level: 1}, Label: "S?"}},
			Path{Hexes: []hex.Hex{{Col: 1, Row: 1}, {Col: 2, Row: 1}, {Col: 3, Row: 1}}, Labels: []string{"", "1", "2"}},
			Heatmap{Value: func(h hex.Hex) (float64, bool) { return float64(h.Col%7) / 6, h.Row < 4 }},
		}},
		{"three boards", "x9,y1r/-,z2", layout.Right, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMap(t, tt.spec, tt.north, demoBoard(t))
			a := svgOf(t, New(m, Options{}).Add(tt.extras...))
			b := svgOf(t, New(m, Options{}).Add(tt.extras...))
			if a != b {
				t.Fatal("two renders of the same picture differ")
			}
		})
	}
}

func TestSVGText(t *testing.T) {
	t.Parallel()
	m := newMap(t, "x9", layout.Up, readBoard(t, small))
	got := texts(svgOf(t, New(m, Options{})))
	tests := []struct{ name, text string }{
		{"coordinate", "R6"},
		{"half-hex coordinate A1", "A1"},
		{"half-hex coordinate B0", "B0"},
		{"half-hex coordinate GG10", "GG10"},
		{"north arrow", "N"},
		{"board number", "x9"},
		{"building levels", "h1"},
		{"elevation", "2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !has(got, tt.text) {
				t.Errorf("no text %q in the SVG", tt.text)
			}
		})
	}
	// One coordinate per hex, one board number, the north arrow, the
	// building levels of R5 and R6, M4's elevation.
	if want := m.Len() + 1 + 1 + 2 + 1; len(got) != want {
		t.Errorf("%d texts, want %d", len(got), want)
	}
}

// Every hexside obstacle is drawn once, on the hexside named.
func TestHexsideOnce(t *testing.T) {
	t.Parallel()
	m := newMap(t, "x9", layout.Up, readBoard(t, small))
	pal := DefaultPalette()
	pal.Wall = color.NRGBA{R: 0x12, G: 0x34, B: 0x56, A: 0xff}
	p := New(m, Options{Palette: pal})
	p.Layers = []Layer{Hexsides()}
	svg := svgOf(t, p)
	if n := strings.Count(svg, "stroke:#123456"); n != 1 {
		t.Errorf("the Q7 N wall is stroked %d times, want once", n)
	}
	// Q7 N is the hexside between Q7 and Q6: its ends are Q7's NW and N
	// corners.
	q7 := hex.Hex{Col: 16, Row: 7}
	ctx := p.context(nil)
	a, b := ctx.Corner(q7, hex.NW), ctx.Corner(q7, hex.N)
	want := fmt.Sprintf("M%.5g,%.5gL%.5g,%.5g", a.X.Points(), a.Y.Points(), b.X.Points(), b.Y.Points())
	if !strings.Contains(svg, want) {
		t.Errorf("no wall stroke %q in\n%s", want, svg)
	}
}

func TestPNGSize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		spec          string
		opt           Options
		wantW, wantH  int // from the geometry: (96+12) x (20+6) lattice units a board
		minW, maxW    int
		checkExplicit bool
	}{
		// Default: 0.6 in hexes at 96 dpi; a lattice unit is 0.3/sqrt(3) in
		// across and 0.3 in down: 108*0.1732*96 = 1796, 26*0.3*96 = 749.
		{name: "default", spec: "x9", wantW: 1796, wantH: 749, checkExplicit: true},
		{name: "small", spec: "x9", opt: Options{HexHeight: 0.3 * vg.Inch, DPI: 72}, wantW: 673, wantH: 281, checkExplicit: true},
		{name: "two boards", spec: "x9/y1r", opt: Options{DPI: 48}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMap(t, tt.spec, layout.Up, demoBoard(t))
			p := New(m, tt.opt)
			var buf bytes.Buffer
			if err := p.WritePNG(&buf); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			w, h := p.Pixels()
			if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
				t.Errorf("image is %dx%d, Pixels says %dx%d", b.Dx(), b.Dy(), w, h)
			}
			if tt.checkExplicit && (w != tt.wantW || h != tt.wantH) {
				t.Errorf("Pixels = %dx%d, want %dx%d", w, h, tt.wantW, tt.wantH)
			}
		})
	}
}

// Configurations with reversed boards, empty cells and every north render,
// with every board's number and the names ASL A2.2 gives combined hexes.
func TestLayouts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec  string
		north layout.Frame
	}{
		// Each frame's north once, among empty cells too; the long run
		// (longrun) draws the rest.
		{"x9r", layout.Down},
		{"x9/y1r", layout.Left},
		{"x9,y1r/-,z2", layout.Up},
		{"x9,-,y1/z2r,w3,-", layout.Right},
		{"x9", layout.Up},
		{"x9,y1r", layout.Right},
		{"-,x9/y1r,-", layout.Down},
	}
	for _, tt := range tests[:longrun.Choose(7, 4)] {
		t.Run(fmt.Sprintf("%s north %v", tt.spec, tt.north), func(t *testing.T) {
			m := newMap(t, tt.spec, tt.north, demoBoard(t))
			got := texts(svgOf(t, New(m, Options{})))
			rows, cols := m.Size()
			for i := range rows {
				for j := range cols {
					if s := m.Slot(i, j); s.Board != "" && !has(got, s.String()) {
						t.Errorf("no board label %q", s)
					}
				}
			}
			for _, h := range m.Hexes() {
				g, _ := m.Name(h)
				g.Board = ""
				if !has(got, g.String()) {
					t.Fatalf("no coordinate %s for %s", g, m.NameString(h))
				}
			}
			if !has(got, "N") {
				t.Error("no north arrow")
			}
			var buf bytes.Buffer
			if err := New(m, Options{DPI: 24}).WritePNG(&buf); err != nil {
				t.Fatal(err)
			}
			if err := New(m, Options{}).WritePDF(&buf); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestOverlays(t *testing.T) {
	t.Parallel()
	m := newMap(t, "x9", layout.Up, demoBoard(t))
	r6 := hex.Hex{Col: 17, Row: 6}
	pathCol := color.NRGBA{R: 0x0a, G: 0xbc, B: 0xde, A: 0xff}
	tests := []struct {
		name  string
		layer Layer
		texts []string // texts the layer adds
		style string   // a style the SVG must hold
	}{
		{"marker", Markers{{At: board.Ground(r6), Label: "S?"}}, []string{"S?"}, ""},
		{"marker upper level", Markers{{At: board.Location{Hex: r6, Level: 1}, Label: "S?"}}, []string{"S?", "h1"}, ""},
		{"marker roof", Markers{{At: board.Location{Hex: r6, Level: 2, Roof: true}, Label: "S?"}}, []string{"S?", "roof"}, ""},
		{"stack of three", Markers{
			{At: board.Location{Hex: r6, Level: 1}, Label: "B"},
			{At: board.Ground(r6), Label: "A"},
			{At: board.Ground(r6), Label: "C", Color: color.NRGBA{G: 0x80, A: 0xff}},
		}, []string{"A", "3"}, "fill:#008000"}, // a pile: the top counter, the others' edges, the count
		{"stack of twelve", Markers(func() []Marker {
			var ms []Marker
			for k := range 12 {
				ms = append(ms, Marker{At: board.Ground(r6), Label: fmt.Sprint("m", k)})
			}
			return ms
		}()), []string{"m0", "12"}, ""},
		{"marker with note and marks", Markers{{At: board.Location{Hex: r6, Level: 1}, Label: "A1a", Note: "4-6-7", Broken: true, Tag: "R"}}, []string{"A1a", "4-6-7", "h1", "R"}, "fill:#E01010"},
		{"ghost marker", Markers{{At: board.Ground(r6), Label: "A1a", Ghost: true}}, []string{"A1a"}, "stroke-dasharray"},
		{"map edge", MapEdge{Edge: layout.North, Label: "FBE", Color: pathCol}, []string{"FBE"}, "fill:#0ABCDE"},
		{"objective", Objectives{{At: r6, Label: "VPO", Color: pathCol}}, []string{"VPO"}, "stroke:#0ABCDE"},
		{"tags", Tags{{At: r6, Text: "26 FP +0", Color: pathCol}, {At: r6, Text: "6 FP +1", Color: pathCol}}, []string{"26 FP +0", "6 FP +1"}, "fill:#0ABCDE"},
		{"dashed path", Path{Hexes: []hex.Hex{{Col: 1, Row: 1}, {Col: 2, Row: 1}}, Color: pathCol, Dashed: true}, nil, "stroke-dasharray"},
		{"path", Path{Hexes: []hex.Hex{{Col: 1, Row: 1}, {Col: 2, Row: 1}, {Col: 3, Row: 2}}, Labels: []string{"0", "1", "2.5"}, Color: pathCol},
			[]string{"0", "1", "2.5"}, "stroke:#0ABCDE"},
		{"one-hex path", Path{Hexes: []hex.Hex{{Col: 1, Row: 1}}, Color: pathCol}, nil, "stroke:#0ABCDE"},
		{"highlight", Highlight{Hexes: []hex.Hex{r6, {Col: -1, Row: 5}}, Outline: pathCol}, nil, "stroke:#0ABCDE"},
		{"heatmap", Heatmap{Value: func(h hex.Hex) (float64, bool) { return 1, h == r6 }}, nil, "fill-opacity:0.72157"},
	}
	base := texts(svgOf(t, New(m, Options{})))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svg := svgOf(t, New(m, Options{}).Add(tt.layer))
			got := texts(svg)
			if added := got[len(base):]; strings.Join(added, " ") != strings.Join(tt.texts, " ") {
				t.Errorf("layer adds texts %q, want %q", added, tt.texts)
			}
			if tt.style != "" && !strings.Contains(svg, tt.style) {
				t.Errorf("no %s in the SVG", tt.style)
			}
		})
	}
}

// A marker on an off-board hex (ASL A2.6) lies inside the picture, and the
// PNG shows the counter there.
func TestOffMapMarker(t *testing.T) {
	t.Parallel()
	m := newMap(t, "x9,y1", layout.Up, demoBoard(t))
	col := color.NRGBA{R: 0xff, G: 0x00, B: 0xff, A: 0xff}
	var tests []struct {
		name string
		h    hex.Hex
	}
	// The first and the last hex beyond each edge in the long run
	// (longrun); in the short, one of them an edge, first and last by
	// turns.
	for c := layout.North; c <= layout.West; c++ {
		for i, k := range []int{0, -1} {
			if !longrun.Enabled() && i != int(c)%2 {
				continue
			}
			off := m.OffBoard(c)
			if k < 0 {
				k += len(off)
			}
			tests = append(tests, struct {
				name string
				h    hex.Hex
			}{fmt.Sprintf("%v %d", c, k), off[k]})
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if m.OnMap(tt.h) {
				t.Fatalf("%v is on the map", tt.h)
			}
			p := New(m, Options{DPI: 72})
			p.Add(Markers{{At: board.Ground(tt.h), Label: "S?", Color: col}})
			// The title and legend bands move the map; Centre follows.
			p.SetTitle("A title", "and a second line")
			p.SetLegend(LegendEntry{Swatch: Marker{Label: "S?", Color: col}, Text: "an S?"})
			ctr := p.Centre(tt.h)
			w, h := p.Size()
			half := p.Options().HexHeight / 4 // a lone counter is half a hex high
			if ctr.X-half < 0 || ctr.X+half > w || ctr.Y-half < 0 || ctr.Y+half > h {
				t.Fatalf("counter at %v is outside the %vx%v picture", ctr, w, h)
			}
			var buf bytes.Buffer
			if err := p.WritePNG(&buf); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			// Sample the counter beside its label: 72 dpi makes points pixels.
			hh := p.Options().HexHeight
			x := int(ctr.X + 0.18*hh)
			y := img.Bounds().Dy() - int(ctr.Y+0.1*hh)
			got := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			if got != col {
				t.Errorf("pixel (%d, %d) is %v, want the counter's %v", x, y, got, col)
			}
		})
	}
}

// Every terrain kind changes the drawing of its hex.
func TestEveryKindDrawn(t *testing.T) {
	t.Parallel()
	empty := svgOf(t, New(newMap(t, "x9", layout.Up), Options{}))
	for _, k := range terrain.AllKinds() {
		if k == terrain.OpenGround {
			continue
		}
		t.Run(k.Name(), func(t *testing.T) {
			text := fmt.Sprintf("sasl-board 1\nboard x9\nR6 %s", k.Name())
			if k == terrain.Building {
				text += " building=stone/0"
			}
			m := newMap(t, "x9", layout.Up, readBoard(t, text+"\n"))
			if svgOf(t, New(m, Options{})) == empty {
				t.Errorf("%v draws nothing", k)
			}
		})
	}
}

func TestFormatOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		want Format
		err  string
	}{
		{"map.svg", SVG, ""},
		{"dir.v2/MAP.PNG", PNG, ""},
		{"a.pdf", PDF, ""},
		{"map", 0, "render: map: no file extension"},
		{"map.gif", 0, "render: map.gif: unknown picture format .gif"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := FormatOf(tt.name)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || f != tt.want {
				t.Fatalf("FormatOf = %v, %v; want %v", f, err, tt.want)
			}
			var buf bytes.Buffer
			m := newMap(t, "x9", layout.Up)
			if err := New(m, Options{DPI: 12}).Write(&buf, f); err != nil || buf.Len() == 0 {
				t.Fatalf("Write %v: %v, %d bytes", f, err, buf.Len())
			}
		})
	}
}

// TestSample writes a picture of the demo board with overlays when -sample
// names a file.
func TestSample(t *testing.T) {
	t.Parallel()
	if *sample == "" {
		t.Skip("no -sample file")
	}
	spec := os.Getenv("SAMPLE_LAYOUT")
	if spec == "" {
		spec = "x9"
	}
	m := newMap(t, spec, layout.Up, demoBoard(t))
	r6, w3 := hex.Hex{Col: 17, Row: 6}, hex.Hex{Col: 22, Row: 3}
	p := New(m, Options{}).Add(
		Highlight{Hexes: []hex.Hex{{Col: 24, Row: 8}, {Col: 25, Row: 8}, {Col: 25, Row: 9}}, Fill: color.NRGBA{R: 0xff, G: 0x80, A: 0x60}},
		Path{Hexes: []hex.Hex{{Col: 30, Row: 0}, {Col: 30, Row: 1}, {Col: 29, Row: 2}, {Col: 28, Row: 2}, {Col: 27, Row: 3}}, Labels: []string{"", "1", "2", "3", "4"}},
		Markers{
			{At: board.Ground(r6), Label: "S?"},
			{At: board.Location{Hex: r6, Level: 1}, Label: "S?"},
			{At: board.Location{Hex: w3, Level: 2}, Label: "S?"},
			{At: board.Ground(hex.Hex{Col: 12, Row: 0}), Label: "S?", Color: color.NRGBA{R: 0x30, G: 0x60, B: 0x30, A: 0xff}},
			{At: board.Ground(hex.Hex{Col: -1, Row: 5}), Label: "4-6-7", Color: color.NRGBA{R: 0x9a, G: 0xb8, B: 0xd8, A: 0xff}},
		},
	)
	f, err := FormatOf(*sample)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(*sample)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if err := p.Write(out, f); err != nil {
		t.Fatal(err)
	}
}

// A title and a legend are written into the picture, which grows to hold
// them; the legend's columns fit in its width however many entries and
// however long their texts.
func TestCaption(t *testing.T) {
	t.Parallel()
	m := newMap(t, "x9", layout.Up, demoBoard(t))
	bare := New(m, Options{})
	bw, bh := bare.Size()
	legend := []LegendEntry{
		{Swatch: Marker{Label: "S?", Note: "S1", Color: color.Black}, Text: "ENEMY S?"},
		{Swatch: Path{Dashed: true}, Text: "turn 2: APh advance"},
		{Swatch: MapEdge{Label: "FBE", Color: color.Black}, Text: "FRIENDLY board edge (north)"},
		{Swatch: Objective{Label: "VPO", Color: color.Black}, Text: "VPO, ENEMY control"},
		{Swatch: Pile{N: 3}, Text: "a stack of 3 or more"},
		{Swatch: Heat{V: 0.5}, Text: "half"},
		{Swatch: Highlight{Outline: color.Black}, Text: "reached"},
		{Text: "no swatch"},
	}
	legend = append(legend, TerrainLegend(m)...)
	p := New(m, Options{}).SetTitle("Hold the crossroads: turns 1-3 of 6, seed 7", "Boards x9").SetLegend(legend...)
	w, h := p.Size()
	if w != bw || h <= bh {
		t.Errorf("size %vx%v, want %v wide and more than %v high", w, h, bw, bh)
	}
	got := texts(svgOf(t, p))
	for _, want := range []string{"Hold the crossroads: turns 1-3 of 6, seed 7", "Boards x9", "ENEMY S?", "S1", "FBE", "turn 2: APh advance", "3", "no swatch", "woods", "ground level 0"} {
		if !has(got, want) {
			t.Errorf("no %q in the SVG's texts", want)
		}
	}
	for _, n := range []int{1, 2, 7, 40, 200} {
		for _, long := range []bool{false, true} {
			es := make([]LegendEntry, n)
			for k := range es {
				es[k].Text = fmt.Sprint("entry ", k)
				if long {
					es[k].Text = strings.Repeat("a long entry ", 30)
				}
			}
			hh := DefaultHexHeight
			g := legendGrid(es, w, hh)
			if g.rows*g.cols < n || (g.rows-1)*g.cols >= n {
				t.Errorf("%d entries: %d rows of %d columns", n, g.rows, g.cols)
			}
			if g.cols > 1 && vg.Length(g.cols)*g.colW > w-2*legendPad*hh {
				t.Errorf("%d entries: %d columns of %v overflow %v", n, g.cols, g.colW, w)
			}
		}
	}
}

// The terrain legend lists what the map holds and nothing else.
func TestTerrainLegend(t *testing.T) {
	t.Parallel()
	m := newMap(t, "x9", layout.Up, demoBoard(t))
	var got []string
	for _, e := range TerrainLegend(m) {
		got = append(got, e.Text)
	}
	for _, want := range []string{"ground level 0", "woods"} {
		if !has(got, want) {
			t.Errorf("terrain legend %q has no %q", got, want)
		}
	}
	for _, k := range terrain.AllKinds() {
		name := strings.ReplaceAll(k.Name(), "_", " ")
		present := false
		for _, h := range m.Hexes() {
			if tr, _ := m.Terrain(h); tr.Kinds.Has(k) {
				present = true
			}
		}
		if k != terrain.OpenGround && k != terrain.Building && has(got, name) != present {
			t.Errorf("%s: in the legend %v, on the map %v", name, has(got, name), present)
		}
	}
}

// A counter in a half-hex of the map's edge (ASL A2.2) is drawn on the
// half on the map, inside its frame; one in a whole hex at its centre.
func TestMarkerInHalfHex(t *testing.T) {
	t.Parallel()
	m := newMap(t, "x9", layout.Up, demoBoard(t))
	p := New(m, Options{})
	g := p.geo
	frame := vg.Rectangle{Min: g.at(0, 0), Max: g.at(0, 0)}
	for _, h := range m.Hexes() {
		c := p.Centre(h)
		frame.Min.X, frame.Min.Y = min(frame.Min.X, c.X), min(frame.Min.Y, c.Y)
		frame.Max.X, frame.Max.Y = max(frame.Max.X, c.X), max(frame.Max.Y, c.Y)
	}
	half := DefaultHexHeight * oneSize / 2
	for _, h := range []hex.Hex{{Col: 0, Row: 3}, {Col: 5, Row: 0}, {Col: 5, Row: 10}, {Col: 32, Row: 4}} {
		if !m.OnMap(h) {
			t.Fatalf("%v is not on the map", h)
		}
		dx, dy := Inward(m, h)
		c := p.Centre(h)
		at := g.at(float64(h.Centre().X)+dx, float64(h.Centre().Y)+dy)
		if dx == 0 && dy == 0 {
			t.Errorf("%s, a half-hex of the edge, is drawn at its centre", m.NameString(h))
			continue
		}
		// The counter's square lies within the frame of hex centres of the
		// edge it lies on (the map's edge runs through them).
		if at.X-half < frame.Min.X-0.01 && c.X == frame.Min.X || at.X+half > frame.Max.X+0.01 && c.X == frame.Max.X ||
			at.Y-half < frame.Min.Y-0.01 && c.Y == frame.Min.Y || at.Y+half > frame.Max.Y+0.01 && c.Y == frame.Max.Y {
			t.Errorf("%s: its counter at %v crosses the map's edge (%v)", m.NameString(h), at, frame)
		}
	}
	if dx, dy := Inward(m, hex.Hex{Col: 17, Row: 6}); dx != 0 || dy != 0 {
		t.Errorf("a whole hex is drawn off its centre by %v, %v", dx, dy)
	}
}

// TestRaster: a picture drawn by Raster at a resolution is the PNG of the
// same picture at that DPI, pixel for pixel; FitDPI keeps it within a box.
func TestRaster(t *testing.T) {
	t.Parallel()
	m := newMap(t, "x9", layout.Up, demoBoard(t))
	q := New(m, Options{})
	for _, box := range [][2]int{{1200, 800}, {400, 1000}, {3000, 200}, {1, 1}} {
		dpi := q.FitDPI(box[0], box[1])
		b, up := q.Raster(dpi).Bounds(), q.Raster(dpi+1).Bounds()
		if dpi > 1 && (b.Dx() > box[0] || b.Dy() > box[1]) || up.Dx() <= box[0] && up.Dy() <= box[1] {
			t.Errorf("FitDPI(%v) = %d: %v, one more %v", box, dpi, b.Size(), up.Size())
		}
	}
	img := New(m, Options{}).Raster(40)
	var buf bytes.Buffer
	p := New(m, Options{DPI: 40})
	if err := p.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	want, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	w, h := p.Pixels()
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("Raster(40) is %dx%d, Pixels at 40 dpi %dx%d", b.Dx(), b.Dy(), w, h)
	}
	for y := range h {
		for x := range w {
			r1, g1, b1, _ := img.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				t.Fatalf("pixel %d,%d: Raster %v, PNG %v", x, y, img.At(x, y), want.At(x, y))
			}
		}
	}
}
