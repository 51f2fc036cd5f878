// Package render draws pictures of maps: the hex grid with its
// coordinates, terrain colours, buildings with their upper levels, hexside
// obstacles, elevations and a north arrow, and on top of them overlays such
// as counters, paths and heatmaps. It draws with gonum/plot's vg packages
// and writes SVG, PNG or PDF.
//
// A Picture is an ordered list of layers over a board.Map. New starts it
// with the base layers (Base: Terrain, Grid, Hexsides, Labels, NorthArrow);
// overlays take plain data (hexes, Locations, strings, colours) and are
// appended on top:
//
//	p := render.New(m, render.Options{})
//	p.Add(
//		render.Highlight{Hexes: radius, Fill: color.NRGBA{R: 255, A: 60}},
//		render.Path{Hexes: route, Labels: mfSpent},
//		render.Markers{{At: board.Location{Hex: h, Level: 1}, Label: "S?"}},
//	)
//	err := p.WritePNG(w) // or WriteSVG, WritePDF, Write(w, format)
//
// Any type with a Draw(*Context) method is a Layer; Context gives it the
// canvas and the geometry from hexes to canvas points, and clips to the map
// what is drawn for an on-map hex.
//
// Captions. SetTitle writes lines above the map and SetLegend a legend
// under it, in columns; the canvas grows to hold them. The overlays are
// their own legend swatches (Swatch), so a legend entry looks like the
// mark it explains; TerrainLegend lists the terrain a map holds.
//
// Geometry. Hexes are flat-topped and placed by hex.Hex.Centre and
// hex.Hex.Corner on the lattice of hex.Point. Every board of the layout
// covers 32 columns by 10 hex heights; half-hexes are the whole hexes
// clipped to the boards that hold them (ASL A2.2), and empty cells of the
// layout are left blank. The canvas adds a margin of one ring of off-board
// hexes, so that counters on the off-board hexes of ASL A2.6 can be shown.
//
// Scale. Options.HexHeight sets the size of a hex (DefaultHexHeight, 0.6
// in), Options.DPI the resolution of PNG output (DefaultDPI, 96): one board
// comes out 1796 x 749 pixels by default.
//
// Output is deterministic: the same map, options and layers give the same
// SVG bytes. Text uses the Liberation Sans font embedded in gonum/plot;
// SVG output names the font without embedding it.
package render
