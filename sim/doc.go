// Package sim plays a mission many times with independent dice and counts
// what happened: the FRIENDLY side's win rate with its confidence
// interval, how many ENEMY units exited, when the ENEMY first reached each
// VPO and the FBE, S? placed and Activated, casualties, and per-hex
// heatmaps of the S? setup and of ENEMY presence by turn.
//
// Replicate k of a simulation seeded with S plays an ordinary game whose
// seed is Seed(S, k) (SplitMix64 of the pair, then PCG as every game), with
// the FRIENDLY side played by the Prepared's Policy (game.PolicyHold unless
// set); so results do not depend on the number of workers, and any
// replicate replays alone (Play, or sasl play with its seed). Everything
// is counted in integers and fixed bins, so that tallies of separate runs
// (shards) merge exactly (Merger).
//
//	w, hdr, _ := game.Open("crossroads", "", "") // the mission's world, once
//	p, _ := sim.Prepare(w, hdr.Mission)
//	res, _ := sim.Run(p, sim.Config{Runs: 10000, Seed: 1})
//	fmt.Println(res.FriendlyWins.Rate, res.FriendlyWins.CI95)
//
// (ExampleRun runs it.) OpenSweep opens a mission from its file names and
// prepares it at each value of a sweep (--vary; several as a Grid), every
// value on the same seeds so that consecutive values pair (PairedDiff);
// OpenBalance and Search find the value of a key at which the FRIENDLY win
// rate is a target (--balance). Run plays its games on
// Config.Workers goroutines, each game with its own state and dice over the
// one world, which is read only; the time is proportional to the games.
package sim
