// Package coord reads and writes Location references in the notation of ASL
// A2.2 (with A2.71 and A2.73 for overlays): "33R6", "33R6h1", "1E4h-1",
// "32oE7", "14oAK7", "1E4En", "Wire/33R6", "33K4/CRK3", "1E4caD3/D4" and the
// bypass "F3-E3". It is pure syntax: whether a board or hex exists is for
// layout and board to say.
//
//	r, err := coord.Parse("33R6h1")
//	fmt.Println(r.Board, coord.ColName(r.Col), r.Row, r.Level) // 33 R 6 1
//	fmt.Println(r)                                            // 33R6h1
package coord
