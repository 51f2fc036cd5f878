package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"
	"strings"

	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/layout"
)

// A picture of one board with an S? counter on the first level of a
// building, written as PNG.
func Example() {
	b, err := board.ReadText(strings.NewReader(`sasl-board 1
board x9
R6 building building=wooden/1 stairs
Q7 open_ground N=wall
M4 woods elev=2
`), "x9.sasl")
	if err != nil {
		log.Fatal(err)
	}
	m, err := board.NewMap(layout.Single("x9"), map[string]*board.Board{"x9": b})
	if err != nil {
		log.Fatal(err)
	}
	r6, err := m.ParseLocation("x9R6h1")
	if err != nil {
		log.Fatal(err)
	}
	p := render.New(m, render.Options{})
	p.Add(render.Markers{{At: r6, Label: "S?"}})

	var buf bytes.Buffer
	if err := p.WritePNG(&buf); err != nil {
		log.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(img.Bounds().Dx(), "x", img.Bounds().Dy(), "pixels")
	// Output:
	// 1796 x 749 pixels
}

func ExampleMarker_LevelText() {
	for _, l := range []board.Location{{Level: 0}, {Level: 1}, {Level: -1}, {Level: 3, Roof: true}} {
		fmt.Printf("%q\n", render.Marker{At: l, Label: "S?"}.LevelText())
	}
	// Output:
	// ""
	// "h1"
	// "h-1"
	// "roof"
}

func ExampleFormatOf() {
	for _, name := range []string{"map.svg", "map.PNG", "map.gif"} {
		f, err := render.FormatOf(name)
		fmt.Println(f, err)
	}
	// Output:
	// svg <nil>
	// png <nil>
	// svg render: map.gif: unknown picture format .gif (want .svg, .png or .pdf)
}
