// Package hex is the geometry of the hex grid on which boards are laid
// (DESIGN.md, Geometry). Hexes are flat-topped and named by frame column and
// row (Hex); Dir names their six sides; Side and Vertex name hexsides and
// hexspine ends; Distance is the ASL range; Trace follows the line between
// two centre dots and reports every hexside, vertex and hexspine it meets,
// exactly.
//
// Everything here is a value computed on the fly: safe for concurrent use,
// and, except Trace, free of allocation.
//
// A recipe: is there a wall between a hex and the line of fire from another?
//
//	l := hex.Trace(from, to)
//	for _, c := range l.Crossings {
//		if c.Kind == hex.Across && isWall(c.Side) { ... }
//	}
package hex
