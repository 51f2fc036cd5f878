package coord_test

import (
	"fmt"

	"github.com/sasl-engine/sasl/rules/coord"
)

func ExampleParse() {
	r, err := coord.Parse("1E4caD3/D4")
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Board, coord.ColName(r.Col), r.Row, r.CA[0], r.CA[1])
	fmt.Println(r)
	// Output:
	// 1 E 4 D3 D4
	// 1E4caD3/D4
}
