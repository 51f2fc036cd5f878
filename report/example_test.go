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
	// activate: S6 Activated in x2K5: F1 squad 6-6-7 moving into x2J9 in LOS at 5 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= -1 on the Activation table (row axis_minor_russia_japan, range 5): x10 dr 1: S6a squad 4-4-7, S6b squad 4-4-7, S6c leader 6+1 (SASL 4.34)
	// activate: S8 Activated in x2J6: F1 squad 6-6-7 moving into x2J9 in LOS at 3 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= 1 on the Activation table (row axis_minor_russia_japan, range 3): x10 dr 2: S8a squad 4-4-7, S8b squad 4-4-7, S8c half-squad 2-3-7 (SASL 4.34)
	// activate: S9 Activated in x2L4: F1 squad 6-6-7 moving into x2J9 in LOS at 6 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= -1 on the Activation table (row axis_minor_russia_japan, range 6): x10 dr 6: S9a squad 4-4-7, S9b half-squad 2-3-7 (SASL 4.34)
	// activate: S10 Activated in x2L4h1: F1 squad 6-6-7 moving into x2J9 in LOS at 6 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= -1 on the Activation table (row axis_minor_russia_japan, range 6): x10 dr 4: S10a squad 4-4-7, S10b squad 4-4-7 (SASL 4.34)
	// activate: S11 Activated in x2L6: F1 squad 6-6-7 moving into x2J9 in LOS at 4 hexes: Final DRM +0 (TEM +0, hindrance +1, FFNAM -1) <= 0 on the Activation table (row axis_minor_russia_japan, range 4): x10 dr 5: S11a squad 4-4-7, S11b half-squad 2-3-7 (SASL 4.34)
	// activate: S21 Activated in x2L4: F1 squad 6-6-7 moving into x2J9 in LOS at 6 hexes: Final DRM -2 (TEM +0, hindrance +0, FFNAM/FFMO -2) <= -1 on the Activation table (row axis_minor_russia_japan, range 6): x10 dr 4: S21a squad 4-4-7 (SASL 4.34)
	// excess: S21 also hid squad 4-4-7, which x2L4 cannot take beside the ENEMY units there (ASL A5.1: 3 squads and 4 SMC): not placed, they do not come into play (human_wave.excess)
}
