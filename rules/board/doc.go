// Package board holds terrain: a Board is one geomorphic mapboard in its own
// coordinates, a Map the boards of a configuration joined into one playing
// surface, with Locations (ASL A2.8) and their A2.2 names. ReadText and
// WriteText are the native text format of boards (documented in text.go and
// the README). Maps are immutable once built and safe for concurrent use.
//
//	b, _ := board.ReadText(file, "x1.sasl")
//	m, _ := board.NewMap(layout.Single("x1"), map[string]*board.Board{"x1": b})
//	for _, h := range m.Hexes() {
//		t, _ := m.Terrain(h)
//		fmt.Println(m.NameString(h), t.Kinds)
//	}
package board
