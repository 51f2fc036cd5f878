package render

import (
	"image/color"

	"github.com/sasl-engine/sasl/rules/terrain"
)

// Palette holds the colours of a Picture. The default is chosen to look
// like printed ASL boards (pale open ground, dark green woods, yellow grain,
// hills in browns); it is a choice of this package, not data from the
// rules.
type Palette struct {
	// Background is the canvas outside the map.
	Background color.Color
	// Kind is the colour of each terrain kind, indexed by terrain.Kind.
	// Open Ground's entry is unused: Ground gives it by elevation.
	Kind []color.Color
	// Ground is open ground by elevation: Ground[0] is level 0 ... Levels
	// above the last use the last; Depression is used below 0.
	Ground     []color.Color
	Depression color.Color
	// Stone and Wooden colour buildings by terrain.Material (ASL B23.2).
	Stone, Wooden color.Color
	// Hexside features (terrain.Obstacles).
	Wall, Hedge, Bocage, Cliff, RowhouseWall color.Color
	// Grid is the colour of hexsides and centre dots; BoardEdge of the
	// board outlines; Label of coordinates and other map text.
	Grid, BoardEdge, Label color.Color
	// Marker and Path are the default colours of overlays.
	Marker, Path color.Color
}

func rgb(v uint32) color.NRGBA {
	return color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// DefaultPalette returns a new copy of the default palette, which the
// caller may change.
func DefaultPalette() *Palette {
	kind := make([]color.Color, len(terrain.AllKinds()))
	for k, c := range map[terrain.Kind]uint32{
		terrain.OpenGround:   0xdfe3b8,
		terrain.Woods:        0x2f6b2a,
		terrain.Brush:        0x98c45e,
		terrain.Grain:        0xecd86a,
		terrain.Orchard:      0x4f8a33,
		terrain.Building:     0x8a8a8a,
		terrain.Rubble:       0x9a8b7a,
		terrain.Lumberyard:   0xb88a55,
		terrain.Marsh:        0xa9cdb9,
		terrain.Gully:        0x9b7745,
		terrain.Stream:       0x6ea6d8,
		terrain.Water:        0x3f7dc6,
		terrain.Crag:         0x77705f,
		terrain.Shellholes:   0x7a5a38,
		terrain.Graveyard:    0xc3cdb0,
		terrain.DirtRoad:     0xc39a5f,
		terrain.PavedRoad:    0x6c6c6c,
		terrain.SunkenRoad:   0x7b5630,
		terrain.ElevatedRoad: 0x4b4b4b,
		terrain.Path:         0x8c6a42,
		terrain.Bridge:       0x505050,
		terrain.Runway:       0xc7c7c2,
	} {
		kind[k] = rgb(c)
	}
	return &Palette{
		Background: rgb(0xffffff),
		Kind:       kind,
		Ground: []color.Color{
			rgb(0xdfe3b8), // level 0: pale green-beige
			rgb(0xd9c98e), // level 1: light tan
			rgb(0xc6a86c), // level 2
			rgb(0xaa8650), // level 3
			rgb(0x8c6a3e), // level 4
			rgb(0x6f5230), // level 5 and above
		},
		Depression:   rgb(0xb3ad9c), // grey, apart from the tans of hills
		Stone:        rgb(0x8f8f8f),
		Wooden:       rgb(0xa4512f),
		Wall:         rgb(0x4a3f35),
		Hedge:        rgb(0x3e8e2c),
		Bocage:       rgb(0x1c4417),
		Cliff:        rgb(0x111111),
		RowhouseWall: rgb(0x000000),
		Grid:         rgb(0x8d8d80),
		BoardEdge:    rgb(0x3a3a3a),
		Label:        rgb(0x202020),
		Marker:       rgb(0xc8102e),
		Path:         rgb(0x1f4fd1),
	}
}

// KindColor returns the colour of terrain kind k.
func (p *Palette) KindColor(k terrain.Kind) color.Color {
	if int(k) < len(p.Kind) && p.Kind[k] != nil {
		return p.Kind[k]
	}
	return p.Ground[0]
}

// GroundColor returns the colour of open ground at elevation level.
func (p *Palette) GroundColor(level int) color.Color {
	switch {
	case level < 0:
		return p.Depression
	case level >= len(p.Ground):
		return p.Ground[len(p.Ground)-1]
	}
	return p.Ground[level]
}

// MaterialColor returns the colour of a building of material m.
func (p *Palette) MaterialColor(m terrain.Material) color.Color {
	if m == terrain.Wooden {
		return p.Wooden
	}
	return p.Stone
}

// mix returns a blended with b: t == 0 is a, t == 1 is b.
func mix(a, b color.Color, t float64) color.Color {
	ca, cb := color.NRGBAModel.Convert(a).(color.NRGBA), color.NRGBAModel.Convert(b).(color.NRGBA)
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.NRGBA{R: f(ca.R, cb.R), G: f(ca.G, cb.G), B: f(ca.B, cb.B), A: f(ca.A, cb.A)}
}

// withAlpha returns c with opacity a in 0..1.
func withAlpha(c color.Color, a float64) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = uint8(a*255 + 0.5)
	return n
}

// contrast returns black or white, whichever reads better on c.
func contrast(c color.Color) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	// Rec. 601 luma weights.
	if 0.299*float64(n.R)+0.587*float64(n.G)+0.114*float64(n.B) < 140 {
		return color.White
	}
	return color.Black
}
