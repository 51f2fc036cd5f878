package game_test

import (
	"fmt"
	"log"

	"github.com/sasl-engine/sasl/game"
)

// A whole game of the built-in demo mission wooded-hill, the engine
// playing both sides (the FRIENDLY side attacks), on seeded dice: the
// setup, each Game Turn, and who won by the mission's victory conditions.
func Example() {
	w, hdr, err := game.Open("wooded-hill", "", "") // the mission, its boards, the tables
	if err != nil {
		log.Fatal(err)
	}
	hdr.Seed, hdr.HasSeed, hdr.Policy = 1, true, game.PolicyAttack
	g, setup, err := game.New(w, hdr, nil) // SASL 4.1 setup
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(setup.Placements), "S? set up")
	for !g.Over() {
		rep, err := g.Turn(nil) // one Game Turn, both Player Turns
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("turn %d of %d: %d events\n", rep.Turn, g.LastTurn(), len(rep.Events))
	}
	if o, ok := g.Outcome(); ok {
		fmt.Println("winner:", o.Text())
	}
	// Output:
	// 22 S? set up
	// turn 1 of 7: 103 events
	// turn 2 of 7: 99 events
	// turn 3 of 7: 76 events
	// turn 4 of 7: 74 events
	// turn 5 of 7: 62 events
	// turn 6 of 7: 43 events
	// turn 7 of 7: 24 events
	// winner: the ENEMY side (the ENEMY Controls x2T4)
}
