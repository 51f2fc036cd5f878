package sim_test

import (
	"fmt"
	"log"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/sim"
)

// 200 games of the built-in demo mission wooded-hill, the FRIENDLY side
// attacking: its win rate with a 95% confidence interval, and how the
// first game of the run ended, replayed alone. The result is the same
// with any number of workers.
func ExampleRun() {
	w, hdr, err := game.Open("wooded-hill", "", "")
	if err != nil {
		log.Fatal(err)
	}
	p, err := sim.Prepare(w, hdr.Mission) // once per mission
	if err != nil {
		log.Fatal(err)
	}
	p.Policy = game.PolicyAttack
	res, err := sim.Run(p, sim.Config{Runs: 200, Seed: 1, Workers: 2})
	if err != nil {
		log.Fatal(err)
	}
	fw := res.FriendlyWins
	fmt.Printf("FRIENDLY wins %d of %d: %.2f (95%% CI %.2f-%.2f, %s)\n", fw.Count, res.Runs, fw.Rate, fw.CI95[0], fw.CI95[1], fw.Method)

	r, err := sim.Play(p, 1, 0) // replicate 0 of the run seeded 1
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("replicate 0 (game seed %d): %s wins (%s)\n", r.Seed, r.Winner, r.Why)
	// Output:
	// FRIENDLY wins 99 of 200: 0.49 (95% CI 0.43-0.56, wilson)
	// replicate 0 (game seed 10451216379200822465): enemy wins (the ENEMY Controls x2T4; the ENEMY Controls x2K5)
}
