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
	for i := range rep.Events[:7] {
		e := &rep.Events[i]
		fmt.Printf("%v: %s\n", e.Kind, words.Text(e))
	}
	// Output:
	// Case b: woods and brush Locations of the parity of their board's dr
	// Board x2: dr 3: odd coordinates
	// x2C3: case b, 4.13 dr 4 > 3 on woods board x2: no S?
	// activate: S13 Activated in x2J6: F1 squad 6-6-7 moving into x2J9 in LOS at 3 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= 1 on the Activation table (the Russian row, range 3): AC dr 2 -1 (stone building) = 1: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 6 (default, placeholder): S13a half-squad 2-3-7 (SASL 5.1, SASL 5)
	// activate: S14 Activated in x2L4: F1 squad 6-6-7 moving into x2J9 in LOS at 6 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= -1 on the Activation table (the Russian row, range 6): AC dr 4 -1 (in/ADJACENT to a VPO) = 3: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 5 (default, placeholder): S14a half-squad 2-3-7 (SASL 5.1, SASL 5)
	// activate: S15 Activated in x2L4h1: F1 squad 6-6-7 moving into x2J9 in LOS at 6 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= -1 on the Activation table (the Russian row, range 6): AC dr 4 -1 (in/ADJACENT to a VPO) -1 (above the hex's base level) -1 (an Activated ENEMY unit within 2 hexes) = 1: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 2 (default, placeholder): S15a squad 4-4-7, S15b half-squad 2-3-7 (SASL 5.1, SASL 5)
	// activate: S16 Activated in x2L6: F1 squad 6-6-7 moving into x2J9 in LOS at 4 hexes: Final DRM +0 (TEM +0, hindrance +1, FFNAM -1) <= 0 on the Activation table (the Russian row, range 4): AC dr 1 -1 (an Activated ENEMY unit within 2 hexes) = 0: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 3 (default, placeholder): S16a squad 4-4-7 (SASL 5.1, SASL 5)
	// activate: S17 Activated in x2L7: F1 squad 6-6-7 moving into x2J9 in LOS at 3 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= 1 on the Activation table (the Russian row, range 3): AC dr 1 -1 (an Activated ENEMY unit within 2 hexes) = 0: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 2 (default, placeholder): S17a squad 4-4-7, S17b half-squad 2-3-7 (SASL 5.1, SASL 5)
	// fire: Fire group S16a, S17a, S17b (3 units) fires at F1 (squad 6-6-7) in x2J9: 10 FP, DRM +0 (TEM +0, hindrance +1, FFNAM -1: First Fire at a moving unit); Good Order, 3 hexes, in LOS (SASL 4.36 priority 1)
	// ift_result: IFT: 10 FP, DR 2+0 = 2: 1KIA on F1, F2, F3 in x2J9
}
