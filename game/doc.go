// Package game plays one SASL game from setup to the last turn: the ENEMY
// side's procedures in rule order over a state.State that is the whole
// game, so that a game written to its file and read back plays on exactly
// as one played straight through.
//
//	w, hdr, _ := game.Open("crossroads", "", "") // a mission's world, once
//	hdr.Seed, hdr.HasSeed, hdr.Policy = 1, true, game.PolicyHold
//	g, setup, _ := game.New(w, hdr, nil)         // SASL 4.1 setup
//	for !g.Over() {
//		rep, _ := g.Turn(nil)                    // one Game Turn, both sides
//	}
//	o, _ := g.Outcome()                          // o.Winner, o.Text()
//	g.Write(out)                                 // the game file (Load)
//
// (Example plays such a game.) The FRIENDLY side is played by a policy:
// the engine holds or attacks (PolicyHold, PolicyAttack), or the player
// plays it (PolicyPlayer) in a Session, which stops where the player
// decides and takes the player's commands (Do), keeping a journal.
//
// What one game changes (its state, its dice, its search buffers) is the
// Game's; what does not change between games of a mission (the map, the
// Human Wave movement graph and its flow field to the FBE, the candidates
// of setup and entry, line of sight) is the mission's world.World, built
// once and shared read-only by any number of games. A Game is not safe
// for concurrent use; games of one world may run concurrently.
//
// The mechanics are package combat's and the ENEMY's decisions package
// ai's; game plays them in turn order, stops for the player and checks
// the player's commands.
//
// Where each rule is implemented:
//
//	ASL A3                   game.go (Turn, play, phase, enemyPhase: the
//	                         Player Turns phase by phase)
//	ASL A2.6                 stop.go (pathOf: a unit waiting to enter)
//	ASL A4, A4.1, A4.12,     act.go (move, mf: a FRIENDLY stack moves,
//	A17.2                    each step by package act's executor)
//	ASL A4.14                act.go (move: stopped by ENEMY units)
//	ASL A4.6, A4.61          act.go (act, move), command.go (Command, motion,
//	                         fire), game.go (Game: the movers of First Fire),
//	                         legal.go (Legal, moveCandidates)
//	ASL A4.7                 act.go (advance)
//	ASL A5.1                 act.go (fits)
//	ASL A6                   preview.go (SightLine, sightLines)
//	ASL A7.2, A7.21, A7.22   stop.go (FireStops, FireStopsUnset, wanted,
//	                         longRange, firstFire, firstFireGroups), act.go
//	                         (act), command.go (fire)
//	ASL A7.5                 stop.go (fireGroup)
//	ASL A7.8, A7.302         command.go (setRefused: what a report may say),
//	                         act.go (move)
//	ASL A8, A8.1, A8.3,      stop.go (firstFire, firstFireGroups, refire,
//	A8.31, A8.4              FireStops), act.go (Entered), command.go (aim,
//	                         offered)
//	ASL A8.2                 act.go (Entered, move, residualSQ), game.go
//	                         (phase), stop.go (firstFire)
//	ASL A10.3, A10.6, A10.62 command.go (setRefused, report), stop.go
//	                         (stopBefore), game.go (phase: EndDM)
//	ASL A10.5, A10.51,       rout.go (routPhase, routStop, routChoices,
//	A10.52                   reroute), command.go (Command, rout),
//	                         preview.go (Preview), legal.go (Legal: each
//	                         broken unit's rout and Low Crawl)
//	ASL A12 (not modelled)   act.go (move: a moving unit is Known)
//	ASL A17, A17.1, A17.11,  command.go (setRefused, report: a leader's
//	A17.3                    wound as the player reports it)
//	SASL 3.3, 3.32           act.go (move, advance, attack, residualSQ:
//	                         Activation by the ENEMY side), command.go
//	                         (fire), rout.go (routPhase)
//	SASL 4.1                 game.go (New, Start: the ENEMY setup)
//	SASL 4.2                 game.go (Game: Entries)
//	SASL 4.3                 victory.go (Outcome, Exited: what an exited
//	                         Human Wave S? counts)
//	SASL 4.34                act.go (move)
//	SASL 6.21                game.go (phase: a Panic ends with its Game
//	                         Turn; the checks are package ai's)
//	SASL 7.5                 game.go (phase: recombination before the
//	                         rallies; combat's Recombine)
//	Stops                    stop.go, session.go (the player's decisions)
//	Events                   package report (events as data, and their words)
package game
