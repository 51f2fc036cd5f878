// Package act is the executor: every change of a unit's Location on the
// map, by either side, is checked and carried out here, one Location at a
// time (DESIGN.md: one executor; notnil/chess's Move takes only a member
// of ValidMoves, Wesnoth's AI moves by the code a player's click runs).
// FRIENDLY moves and advances (game), Human Waves and the ENEMY's moves
// outside them (ai), routs and Low Crawls (combat) and an entry redone
// (ai) all step through Executor.Enter or Executor.Place; state's Move is
// called from this package alone (deps_test.go checks it).
//
// Enter checks a step against the rules of its Motion before it changes
// anything, and refuses it with a *Refusal (data: why, the units and the
// Locations; each front end words it). The deciders check their choices
// too, so an engine's step refused here is a fault of the engine, which
// the game reports as an error rather than play on from a state the rules
// do not allow. Walk carries out a move of one stack along a path,
// asking the other side's reactions (a Reactor) after each Location
// entered.
//
// Where each rule is implemented:
//
//	ASL A4, A4.1             enter.go (Check, Enter: an arc of the
//	                         Infantry graph, within the MF left), walk.go
//	                         (Walk: a move a Location at a time)
//	ASL A4.12                walk.go (Walk: the MF of those that go on)
//	ASL A7.8, A10            walk.go (GoesOn: pinned and broken units stop)
//	ASL A8.1, A8.2, A8.3,    walk.go (Reaction: the other side's, asked
//	A8.31, A10.53,           after each Location entered; the callers'
//	SASL 3.32                reactions: game's First Fire, Residual FP,
//	                         Activation; combat's Interdiction)
//	ASL A26.11, SASL 4.34    walk.go (Reaction: what entering does for the
//	                         mover, ai's VPO taken and S? Activated)
//	SASL 4.3, 4.323          walk.go (GoesOn: a Human Wave unit broken
//	                         stops, pinned goes on)
//	ASL A4.14                enter.go (Check: Occupied, no Location of the
//	                         other side's units), motion.go (Move)
//	ASL A4.61                motion.go (Assault)
//	ASL A4.7                 enter.go (Check, Enter), motion.go (Advance:
//	                         one Location, into a Melee too)
//	ASL A5.1                 enter.go (Check: Full, world.Fits),
//	                         motion.go (Move)
//	ASL A10.5, A10.51,       enter.go (Enter: DM and routed), motion.go
//	A10.52                   (Rout, LowCrawl: the path is checked whole by
//	                         combat.RoutOptions; here each step's arc and
//	                         the other side's Locations)
//	ASL A12                  enter.go (Enter: a FRIENDLY unit that moves or
//	                         advances is Known to the ENEMY)
//	ASL A2.5, SASL 4.2       enter.go (Place: an entry redone, never into
//	                         a Location of the other side's units)
//	SASL 3.11                enter.go (Place: the entry's own stacking)
//	SASL 4.32, 4.323         motion.go (Wave: the Human Wave graph,
//	                         world.Graph; a Location of FRIENDLY units may
//	                         be entered)
package act
