package game

import (
	"fmt"
	"strings"

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
	// Verb: the command that asked (next), "" for a game begun so; Stop:
	// it asked for stop mode Mode; FirstFire: the First Fire stops it
	// asked for (FireStopsUnset: none).
	Verb      Verb
	Stop      bool
	Mode      StopMode
	FirstFire FireStops
	Policy    state.Policy
}

func (e *PlayerStopsError) Error() string {
	var asked []string
	if e.Stop {
		asked = append(asked, "stop mode "+e.Mode.String())
	}
	if e.FirstFire != FireStopsUnset {
		asked = append(asked, "First Fire stops "+e.FirstFire.String())
	}
	what := strings.Join(asked, " and ")
	if e.Verb != "" {
		what = string(e.Verb) + ": " + what
	}
	return fmt.Sprintf("%s: the game stops for the player only in a game of policy player (this one: %s)", what, e.Policy)
}

// Setting names a setting of how a player game stops.
type Setting uint8

const (
	// SettingStop is how often the game stops (StopMode).
	SettingStop Setting = iota + 1
	// SettingFirstFire is at which ENEMY moves it stops for First Fire
	// (FireStops).
	SettingFirstFire
)

// SettingError refuses a value of a setting the game does not know; each
// front end words it with its own name for the setting (a command's
// --stop, the page's choice).
type SettingError struct {
	Setting Setting
	Value   string
}

// Want says the values the setting takes, each with what it does.
func (e *SettingError) Want() string {
	if e.Setting == SettingStop {
		return "fire (every decision, each First Fire chance the First Fire setting asks for too), phase (before phases, and those First Fire chances) or turn (in your own Player Turn only)"
	}
	return "every (every shot, long range too: ASL A7.22), normal (a shot within normal range) or pbf (Point Blank Fire only: ADJACENT or the same Location, A7.21)"
}

func (e *SettingError) Error() string {
	what := map[Setting]string{SettingStop: "stop mode", SettingFirstFire: "First Fire stops"}[e.Setting]
	return fmt.Sprintf("%s %q: want %s", what, e.Value, e.Want())
}

// Flagged is the refusal in the words of sasl play's commands, which set
// the setting by Flag: `--stop "often": want ...`.
func (e *SettingError) Flagged() string {
	return fmt.Sprintf("%s %q: want %s", e.Setting.Flag(), e.Value, e.Want())
}

// Flag is the option of sasl play's command words (ParseCommand) that
// sets the setting: --stop, --first-fire.
func (s Setting) Flag() string {
	if s == SettingStop {
		return "--stop"
	}
	return "--first-fire"
}
