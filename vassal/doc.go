// Package vassal reads and writes VASL saved games (.vsav). A save is a
// ZIP whose savedGame entry holds VASSAL's command list, obfuscated or not
// (!VCSK, VOBS; ../shared/vasl/saves/README.md); Save keeps every entry
// as it was, so that a save written back is the one read.
//
// Reading: Contents gives the board configuration (in sasl's layout
// notation) and every piece, with its hex in A2.2 notation, as the save's
// commands leave it: pieces added ("+/"), moved ("M/"), changed ("D/", a
// counter flipped to its broken side or reduced) and removed ("-/"),
// logged steps ("LOG", which VASL plays one by one with its Step forward
// button) included. Units reads the counters as sasl units by the
// embedded counters table (data/counters.yaml); any other piece is
// skipped with the reason.
//
// Writing: an Edit adds commands to a copy of the save and keeps every
// command of it byte for byte. It places S? counters, built from VASL's
// own Suspect templates (data/suspect.txt), with the save's pieces at
// setup or as a logged step; it moves, relabels, breaks, reduces and
// removes pieces as logged steps after the save's end_save, for the player
// to step through in VASL.
//
//	s, _ := vassal.Open("game.vsav")
//	c, _ := s.Contents()         // c.Layout, c.On: the pieces on the boards
//	units, skipped := c.Units()  // the counters that are sasl units
//	e, _ := c.Edit(time.Now())
//	ids, _ := e.AddSuspects(coord.Grid{Board: "33", Col: 16, Row: 5}, 0, []string{"S1"}, false)
//	_ = e.Move(ids, coord.Grid{Board: "33", Col: 16, Row: 4}) // a logged step
//	_ = e.Result().Write(out)
//
// A Save is not changed by reading; an Edit is not safe for concurrent use.
// Reading is bounded (file, entry and piece sizes) so that no file makes
// it work or allocate without bound; FuzzRead and FuzzContent check it.
package vassal
