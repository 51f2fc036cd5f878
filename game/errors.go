package game

import (
	"fmt"

	"github.com/sasl-engine/sasl/state"
)

// Refusals the engine gives as values, so that each front end words them
// in its own terms: sasl's commands name the flag that mends them, the
// page names none. Their Error() is the game's own words, with no flag of
// a command's.

// ChangedError refuses a game whose mission or tables file changed since
// the game began: it would not play on as it was set up.
type ChangedError struct {
	File   string // the game file
	Tables bool   // the tables file changed, not the mission
	Name   string // the mission or tables file the game names
	What   string // of a mission: what changed ("its turns", "its file")
}

func (e *ChangedError) Error() string {
	if e.Tables {
		return fmt.Sprintf("%s: the tables file %s has changed since the game began", e.File, e.Name)
	}
	return fmt.Sprintf("%s: the mission %s has changed since the game began (%s); the game would not play on as it was set up", e.File, e.Name, e.What)
}

// NoDigestError refuses a game file that records no mission_digest (it
// was deleted, or the file is of an earlier sasl): a changed mission
// would go unnoticed.
type NoDigestError struct {
	File, Mission string
}

func (e *NoDigestError) Error() string {
	return fmt.Sprintf("state: %s: the file records no mission_digest (deleted, or written by an earlier sasl), so a changed mission would go unnoticed", e.File)
}

// UndoError refuses an undo of no step, or of more steps than the game
// has taken since its setup (which is never undone).
type UndoError struct {
	Steps, Have int
}

func (e *UndoError) Error() string {
	if e.Steps < 1 {
		return fmt.Sprintf("undo: %d steps: undo at least one step", e.Steps)
	}
	return fmt.Sprintf("undo: %d steps: the game has %d steps since its setup", e.Steps, e.Have)
}

// PlayerStopsError refuses First Fire stops asked of a game whose FRIENDLY
// side the engine plays: the game stops only for a player.
type PlayerStopsError struct {
	FirstFire FireStops
	Policy    state.Policy
}

func (e *PlayerStopsError) Error() string {
	return fmt.Sprintf("First Fire stops %s: the game stops for the player only in a game of policy player (this one: %s)", e.FirstFire, e.Policy)
}
