package hex_test

import (
	"fmt"

	"github.com/sasl-engine/sasl/rules/hex"
)

// The neighbours of DESIGN.md: A5 touches B4 and B5 (hexrow A is column 0).
func ExampleHex_Neighbour() {
	a5 := hex.Hex{Col: 0, Row: 5}
	fmt.Println(a5.Neighbour(hex.NE), a5.Neighbour(hex.SE))
	// Output: (1,4) (1,5)
}

// SASL 4.11 EX: 4T3 is four hexes from the whole off-board hex S0.
func ExampleDistance() {
	t3, s0 := hex.Hex{Col: 19, Row: 3}, hex.Hex{Col: 18, Row: 0}
	fmt.Println(hex.Distance(t3, s0))
	// Output: 4
}

// The line of fire from off-board Q0 to 33Q7 (SASL 4.1 EX) crosses the
// Q6-Q7 hexside, the N side of Q7.
func ExampleTrace() {
	q0, q7 := hex.Hex{Col: 16, Row: 0}, hex.Hex{Col: 16, Row: 7}
	l := hex.Trace(q0, q7)
	fmt.Println(len(l.Hexes), l.Crosses(hex.Side{Hex: q7, Dir: hex.N}))
	// Output: 8 true
}
