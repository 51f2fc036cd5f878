package layout_test

import (
	"fmt"

	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/layout"
)

// The boards of the SASL 4.21 and 4.22 EX: 3, 2 and 16 with north to the
// right of the frame. The combined half-hex of 2FF10 and 16FF0 is named by
// board 16, the more easterly (ASL A2.2), and the north edge runs along the
// widths of boards 3, 2 and 16 in clockwise order.
func ExampleLayout_Name() {
	l, err := layout.Parse("3r/2/16", layout.Right)
	if err != nil {
		panic(err)
	}
	h, _ := l.Locate(coord.Grid{Board: "2", Col: 31, Row: 10})
	fmt.Println(l.NameString(h))
	for _, b := range l.EdgeBoards(layout.North) {
		fmt.Print(b.Board, " ")
	}
	fmt.Println()
	// Output:
	// 16FF0
	// 3 2 16
}
