package ai_test

import (
	"fmt"
	"log"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// The ENEMY setup (SASL 4.1) of the demo mission crossroads on the
// built-in demo boards, by cases a, c and e (the mission itself sets up by
// case c alone), with seeded dice: the first S? each case placed and why,
// and how many each placed.
func ExampleEnemy_Place() {
	ms, err := missions.Open("crossroads")
	if err != nil {
		log.Fatal(err)
	}
	ms.Placement = []missions.Case{'a', 'c', 'e'}
	m, err := ms.Map(library.New("")) // the demo boards x1 and x3
	if err != nil {
		log.Fatal(err)
	}
	w, err := world.New(m, ms, tables.Default(), nil) // once per mission
	if err != nil {
		log.Fatal(err)
	}
	setup, err := ai.New(w, dice.Seeded(1), nil).Place()
	if err != nil {
		log.Fatal(err)
	}
	words := report.New(w)
	byCase := map[missions.Case]int{}
	for _, p := range setup.Placements {
		if byCase[p.Case] == 0 { // the first S? of each case
			fmt.Printf("%s, case %v: %s\n", setup.Ref(p), p.Case, words.Reason(p.Location, p.Why))
		}
		byCase[p.Case]++
	}
	fmt.Printf("%d S? by case %v, after %d rolls\n", len(setup.Placements), byCase, len(setup.Trail))
	// Output:
	// x3G7, case a: building Location
	// x3O4h2, case c: VPO Location
	// x3P7, case e: Concealment Terrain within 1 of placement hex x3Q8
	// 73 S? by case map[a:28 c:2 e:43], after 55 rolls
}
