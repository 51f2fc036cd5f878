package rules_test

import (
	"fmt"
	"log"

	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
)

// Read the boards of a configuration and name Locations: demo board x3
// north of demo board x1, north up. The half-hex x1B0 makes one hex with
// x3B10, named by the northern board (ASL A2.2). A folder of VASL
// archives, library.New("/path/to/vasl/boards"), gives the real boards
// the same way: layout.Parse("3r/2/16", layout.Right).
func Example() {
	lay, err := layout.Parse("x3/x1", layout.Up)
	if err != nil {
		log.Fatal(err)
	}
	m, err := library.New("").Map(lay) // "": $SASL_BOARDS, and the demo boards
	if err != nil {
		log.Fatal(err)
	}
	for _, name := range []string{"x1Q5", "x3O4h1", "x1B0"} {
		loc, err := m.ParseLocation(name)
		if err != nil {
			log.Fatal(err)
		}
		t, _ := m.Terrain(loc.Hex)
		fmt.Println(name, "is", m.LocationName(loc)+":", t.Kinds, "elevation", t.Elevation)
	}
	// Output:
	// x1Q5 is x1Q5: open_ground+dirt_road elevation 0
	// x3O4h1 is x3O4h1: building elevation 0
	// x1B0 is x3B10: open_ground elevation 0
}
