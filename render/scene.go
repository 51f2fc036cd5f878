package render

import (
	"image/color"

	"github.com/sasl-engine/sasl/rules/board"
	"gonum.org/v1/plot/vg"
)

// The colours of the sides' marks, the same in every picture and every run
// so that a player learns them once: FRIENDLY blue, ENEMY dark grey.
var (
	FriendlyColor = color.NRGBA{0x1f, 0x5f, 0xc0, 0xff}
	EnemyColor    = color.NRGBA{0x40, 0x40, 0x40, 0xff}
)

// Scene is what a picture shows over the map: its layers, its title and
// the legend of the marks those layers use, built together so that the
// legend names every mark drawn and nothing else.
type Scene struct {
	m      *board.Map
	title  []string
	layers []Layer
	// Tags are drawn over everything.
	Tags   Tags
	legend []LegendEntry
	keyed  map[string]bool
}

// NewScene starts the scene of a picture of m with its title.
func NewScene(m *board.Map, title ...string) *Scene {
	return &Scene{m: m, title: title, keyed: map[string]bool{}}
}

// Add draws layers on top of the scene's.
func (s *Scene) Add(ls ...Layer) { s.layers = append(s.layers, ls...) }

// Key adds an entry to the legend, once per text.
func (s *Scene) Key(sw Swatch, text string) {
	if s.keyed[text] {
		return
	}
	s.keyed[text] = true
	s.legend = append(s.legend, LegendEntry{Swatch: sw, Text: text})
}

// Picture returns the scene drawn on m: the layers, then the title, and
// the legend with the map's terrain after the scene's marks.
func (s *Scene) Picture(scale float64) *Picture {
	p := New(s.m, Options{HexHeight: DefaultHexHeight * vg.Length(scale)})
	p.Add(s.layers...)
	p.Add(s.Tags)
	p.SetTitle(s.title...)
	p.SetLegend(append(s.legend, TerrainLegend(s.m)...)...)
	return p
}

// Map is the map the scene is drawn on.
func (s *Scene) Map() *board.Map { return s.m }
