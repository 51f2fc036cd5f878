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
	// activate: S6 Activated in x2K5: F1 squad 6-6-7 moving into x2J9 in LOS at 5 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= -1 on the Activation table (row axis_minor_russia_japan, range 5): AC dr 1 -1 (in/ADJACENT to a VPO) = 0: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 2 (default, placeholder): S6a squad 4-4-7, S6b half-squad 2-3-7 (SASL 5.1, SASL 5)
	// activate: S8 Activated in x2J6: F1 squad 6-6-7 moving into x2J9 in LOS at 3 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= 1 on the Activation table (row axis_minor_russia_japan, range 3): AC dr 2 -1 (stone building) -1 (an Activated ENEMY unit within 2 hexes) = 0: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 6 (default, placeholder): S8a half-squad 2-3-7 (SASL 5.1, SASL 5)
	// activate: S9 Activated in x2L4: F1 squad 6-6-7 moving into x2J9 in LOS at 6 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= -1 on the Activation table (row axis_minor_russia_japan, range 6): AC dr 4 -1 (in/ADJACENT to a VPO) -1 (an Activated ENEMY unit within 2 hexes) = 2: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 5 (default, placeholder): S9a half-squad 2-3-7 (SASL 5.1, SASL 5)
	// activate: S10 Activated in x2L4h1: F1 squad 6-6-7 moving into x2J9 in LOS at 6 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= -1 on the Activation table (row axis_minor_russia_japan, range 6): AC dr 4 -1 (in/ADJACENT to a VPO) -1 (above the hex's base level) -1 (an Activated ENEMY unit within 2 hexes) = 1: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 2 (default, placeholder): S10a squad 4-4-7, S10b half-squad 2-3-7 (SASL 5.1, SASL 5)
	// activate: S11 Activated in x2L6: F1 squad 6-6-7 moving into x2J9 in LOS at 4 hexes: Final DRM +0 (TEM +0, hindrance +1, FFNAM -1) <= 0 on the Activation table (row axis_minor_russia_japan, range 4): AC dr 1 -1 (an Activated ENEMY unit within 2 hexes) = 0: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 3 (default, placeholder): S11a squad 4-4-7 (SASL 5.1, SASL 5)
	// activate: S21 Activated in x2L4: F1 squad 6-6-7 moving into x2J9 in LOS at 6 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= -1 on the Activation table (row axis_minor_russia_japan, range 6): AC dr 1 -1 (in/ADJACENT to a VPO) -1 (an Activated ENEMY unit within 2 hexes) = -1: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 2 (default, placeholder): S21a squad 4-4-7, S21b half-squad 2-3-7 (SASL 5.1, SASL 5)
	// activate: S22 Activated in x2L4h1: F1 squad 6-6-7 moving into x2J9 in LOS at 6 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= -1 on the Activation table (row axis_minor_russia_japan, range 6): AC dr 1 -1 (in/ADJACENT to a VPO) -1 (above the hex's base level) -1 (an Activated ENEMY unit within 2 hexes) = -2: not a dummy (a dummy on a Final AC dr >= 5, placeholder): generation dr 1 (default, placeholder): S22a squad 4-4-7, S22b leader 9-1 (SASL 5.1, SASL 5)
}
