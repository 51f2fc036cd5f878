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
package game
