// Package report is what happens in a game as data, and the words sasl
// says of it: the only place the engine's prose is built. The engine (ai,
// game) appends typed Events to a game's Log as it plays (kinds, units,
// Locations, steps, rolls, numbers), and rolls its dice with purposes as
// data (dice.Why); a simulation counts the events and never words them.
// Words turns events, rolls, placements and board kinds into the text and
// JSON sasl prints.
//
//	words := report.New(w)                 // one per world
//	g, setup, _ := game.New(w, hdr, nil)   // setup.Log: the SASL 4.1 procedure
//	rep, _ := g.Turn(nil)                  // rep.Events: one Game Turn's
//	for i := range rep.Events {
//		fmt.Println(words.Text(&rep.Events[i]))
//	}
//	js := words.JSON(rep.Events)           // the same as data, each with its text
//
// (ExampleWords_Text words a game's first events.) A Log is one game's
// and not safe for concurrent use; Words only reads its world, and one
// Words may word the events of many games at once.
package report
