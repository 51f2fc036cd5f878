// Package table is a game at the table: what the command line (sasl play,
// sasl vasl) and the browser (sasl serve) do with one game file, in one
// place between them and package game.
//
//   - The game file: Open takes its lock (package filelock), reads it,
//     replays its journal and checks that the file is what the journal
//     replays to; Save writes it whole (package atomicfile); Create sets a
//     new game up in a new file.
//   - The player's steps: Do carries out a command at the stop the game
//     stands at, Undo takes steps back, Turns plays Game Turns on.
//   - VASL saves of a game: a mission's FRIENDLY units from a save
//     (ReadSave, MissionFromSave), a turn played from the player's save
//     (TurnFromSave), the ENEMY written into a copy of it (WriteEnemy).
//   - One view of a game (View) for every front end: sasl play show
//     --json, the stop JSON of the step commands and the browser; and its
//     picture (Picture).
//
// A recipe (the package's Example plays it): play on to the next stop and
// write the game back.
//
//	t, err := table.Open("game.yaml", table.Options{Wait: 10 * time.Second, Who: "sasl play next"})
//	if err != nil {
//		return err
//	}
//	defer t.Close()
//	if _, err := t.Do(game.Command{Verb: game.Next}, nil); err != nil {
//		return err
//	}
//	return t.Save()
//
// A Game is not safe for concurrent use.
package table
