// Package rules is the map of sasl: everything the ASL rules say about
// mapboards, split by concern into subpackages, each importing only those
// above it in this list (deps_test.go holds the lattice):
//
//   - hex: the hex grid of a board configuration's frame: neighbours,
//     distance, hexsides, vertices, the centre-to-centre line (ASL A6.1).
//   - coord: grid coordinates in ASL A2.2 notation ("33R6h1").
//   - layout: board configurations (ASL A2.1): reversed boards, north,
//     compass edges, A2.2 names of combined half-hexes, A2.6 mirror hexes.
//   - terrain: terrain kinds, hexside features, buildings, Concealment
//     Terrain (ASL Chapter B, A12.12).
//   - board: one mapboard's terrain, the Map of a configuration, Locations
//     (ASL A2.8), and the native text format of boards.
//   - vasl: the reader of VASL board archives.
//   - library: finds boards by ID in a boards folder or among the built-in
//     demo boards.
//   - los: line of sight over the boards' terrain rasters, as VASL traces
//     it (ASL A6, B9, B.10).
//
// A recipe: read the boards of a configuration and name a Location.
//
//	lay, _ := layout.Parse("x3/x1", layout.Up) // demo board x3 north of x1
//	m, _ := library.New("").Map(lay)           // "": $SASL_BOARDS, else the demo boards
//	loc, _ := m.ParseLocation("x1B0")
//	t, _ := m.Terrain(loc.Hex)
//	fmt.Println(m.LocationName(loc), t.Kinds)  // x3B10 open_ground: A2.2
//
// (Example runs it.) For VASL's boards, give their folder:
// library.New("/path/to/vasl/boards").Map(lay) for a layout such as
// layout.Parse("3r/2/16", layout.Right).
package rules
