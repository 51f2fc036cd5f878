// Package layout is the board configuration of ASL A2.1: boards in rows and
// columns of the frame, each possibly reversed, with north on one side. It
// maps board coordinates to frame hexes and back, names combined half-hexes
// by the north-easternmost board (A2.2), lists the hexes along each compass
// edge in clockwise order and the off-board mirror hexes beyond them (A2.6).
// A Layout is immutable and safe for concurrent use. Its size is bounded
// where it is made (MaxBoards, MaxRows, MaxCols, MaxCells), so that nothing
// sized by a configuration can grow without bound.
//
//	l, _ := layout.Parse("3r/2/16", layout.Right) // the SASL 4.21 EX boards
//	h, _ := l.Locate(coord.Grid{Board: "16", Col: 6, Row: 10}) // 16G10
//	for _, e := range l.Edge(layout.East) { ... } // 16's hexes 10 and 0
package layout
