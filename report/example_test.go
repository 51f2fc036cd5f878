package report_test

import (
	"fmt"
	"log"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
)

// The words of a game: the engine records what happens as typed events
// (a setup's log, each Game Turn's report), and Words makes the text of
// them; a simulation counts the events and never words them.
func ExampleWords_Text() {
	w, hdr, err := game.Open("wooded-hill", "", "")
	if err != nil {
		log.Fatal(err)
	}
	hdr.Seed, hdr.HasSeed, hdr.Policy = 1, true, game.PolicyAttack
	g, setup, err := game.New(w, hdr, nil)
	if err != nil {
		log.Fatal(err)
	}
	words := report.New(w) // one per world
	for i := range setup.Log[:3] {
		fmt.Println(words.Text(&setup.Log[i]))
	}
	rep, err := g.Turn(nil)
	if err != nil {
		log.Fatal(err)
	}
	for i := range rep.Events[:4] {
		e := &rep.Events[i]
		fmt.Printf("%v: %s\n", e.Kind, words.Text(e))
	}
	// Output:
	// Case b: woods and brush Locations of the parity of their board's dr
	// Board x2: dr 3: odd coordinates
	// x2C3: case b, 4.13 dr 4 > 3 on woods board x2: no S?
	// activate: S8 Activated in x2J6: F1 squad 6-6-7 in x2J9 in LOS at 3 hexes: Final DRM +0 (TEM +0, hindrance +0) <= 1 on the Activation table (row axis_minor_russia_japan, range 3): x10 dr 1: S8a squad 4-4-7, S8b squad 4-4-7, S8c leader 6+1 (SASL 4.34)
	// fire: Fire group S8a, S8b, S8c (3 units) fires at F1 (squad 6-6-7) in x2J9: 8 FP, DRM -1 (TEM +0, hindrance +0, leader +1, FFNAM/FFMO -2: First Fire at a moving unit); Good Order, 3 hexes, in LOS (SASL 4.36 priority 1)
	// ift_result: IFT: 8 FP, DR 8-1 = 7: 1MC on F1, F2, F3 in x2J9
	// break: F3 in x2J9 breaks: MC DR 9+1 = 10 > ML 8
}
