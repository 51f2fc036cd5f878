package pathing_test

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/tables"
)

// The way off the north edge of demo board x1 from its crossroads, along
// the road up hexrow Q.
func ExampleSearch_ToEdge() {
	m, err := library.New("").Map(layout.Single("x1"))
	if err != nil {
		panic(err)
	}
	t := tables.Default()
	clear, _ := t.Preset("clear")
	g, err := pathing.NewGraph(m, pathing.NewInfantry(m, &t.Infantry, clear, t.Seasons.At(7)))
	if err != nil {
		panic(err)
	}
	var f pathing.Field
	g.NewSearch().ToEdge(&f, layout.North, nil)
	q5, _ := m.ParseLocation("x1Q5")
	p, _ := f.Path(q5)
	var names []string
	for _, s := range p.Steps {
		names = append(names, m.NameString(s.Location.Hex))
	}
	fmt.Println(strings.Join(names, " "))
	fmt.Println(p.MF(), "MF")
	// Output:
	// x1Q5 x1Q4 x1Q3 x1Q2 x1Q1 x1Q0
	// 5 MF
}
