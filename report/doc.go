// Package report is what happens in a game as data, and the words sasl
// says of it: the only place the engine's prose is built. The engine (ai,
// game) appends typed Events to a game's Log as it plays (kinds, units,
// Locations, steps, rolls, numbers), and rolls its dice with purposes as
// data (dice.Why); a simulation counts the events and never words them.
// Words turns events, rolls, placements and board kinds into the text and
// JSON sasl prints.
//
//	var log report.Log                  // one per game, reused
//	e := ai.New(w, r, st, &log)         // the engine appends to it
//	words := report.New(w)              // one per world
//	for _, ev := range log.Since(0) {
//		fmt.Println(words.Text(&ev))
//	}
package report
