package table

import (
	"fmt"
	"time"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/state"
)

// Refusals this package gives as values (as package game does), so that
// each front end words them in its own terms: sasl's commands name the
// flag that asked or mends, the page names none. Their Error() is in the
// game's own words.

// WaitError refuses a wait for a game file's lock outside 0 to MaxWait.
type WaitError struct {
	Wait time.Duration
}

func (e *WaitError) Error() string {
	return fmt.Sprintf("a wait of %v for the lock: want a duration from 0s to %v", e.Wait, MaxWait)
}

// ExistsError refuses to replace a file that is there (a game in
// progress, a save) unless asked to.
type ExistsError struct {
	Path string
	Game bool // the file is to be a game file
}

func (e *ExistsError) Error() string {
	if e.Game {
		return fmt.Sprintf("%s: the file exists (a game in progress?)", e.Path)
	}
	return fmt.Sprintf("%s: the file exists", e.Path)
}

// TurnsError refuses a number of Game Turns to play on: none, or more
// than the mission has left (Left; Over when it has ended).
type TurnsError struct {
	N        int
	Path     string
	At, Last int // the turn the game stands at, its last
	Left     int
	Mission  string
}

// Over reports whether the game has ended: no turn is left.
func (e *TurnsError) Over() bool { return e.Left <= 0 }

func (e *TurnsError) Error() string {
	switch {
	case e.N <= 0:
		return fmt.Sprintf("%d turns: play at least one turn", e.N)
	case e.Over():
		return fmt.Sprintf("%s: the game is over: %s ended after turn %d", e.Path, e.Mission, e.Last)
	}
	return fmt.Sprintf("%d turns: %s stands at turn %d of %d: at most %d more", e.N, e.Path, e.At, e.Last, e.Left)
}

// UnusedDiceError refuses a dice script whose rolls were not all used.
type UnusedDiceError struct {
	Left []string
}

func (e *UnusedDiceError) Error() string {
	return fmt.Sprintf("dice: %d rolls of the script were not used: %v (check the script)", len(e.Left), e.Left)
}

// SaveRefusal is a refusal of the VASL way of play (a save the player
// gives, a save sasl writes), in the game's words; sasl's commands word
// it with the flags that gave the files (--friendly-from, --vasl-out,
// --since: cmd/sasl's cliWords).
type SaveRefusal struct {
	Kind SaveRefusalKind
	// Path: the save or file the refusal is about; Other: the file it
	// clashes with (the mission, the player's save, the game).
	Path, Other string
	// Units, Bytes: the save's units and the mission they make
	// (MissionTooLarge); Last: the game's last step (SinceOutOfRange);
	// Since: the step asked for.
	Units, Bytes, Last, Since int
	Policy                    state.Policy
	Why                       string // StaleSave: how the save differs
	Err                       error  // MissionExists, OutExists: why it cannot be written
}

// SaveRefusalKind is what a SaveRefusal refuses.
type SaveRefusalKind uint8

const (
	// MissionIsTheMission: the mission made with the save's units would
	// be written over the mission it is made from.
	MissionIsTheMission SaveRefusalKind = iota + 1
	// MissionExists: the mission made with the save's units cannot be
	// written (Err).
	MissionExists
	// MissionTooLarge: the save's units make a mission over the bound of
	// a mission file.
	MissionTooLarge
	// OutIsTheSave: the save to write is the player's save read.
	OutIsTheSave
	// OutExists: the save to write cannot be written (Err).
	OutExists
	// NotPlayersGame: a save reports the player's units, and the engine
	// plays them.
	NotPlayersGame
	// StaleSave: the save is not of the game as it stands (Why).
	StaleSave
	// SinceOutOfRange: the steps to write from are not the game's.
	SinceOutOfRange
	// OlderSave: the save shows the game as it stood before what it did
	// last (Why: an older save, or one saved part way through sasl's
	// steps, and where).
	OlderSave
)

func (e *SaveRefusal) Error() string {
	switch e.Kind {
	case MissionIsTheMission:
		return fmt.Sprintf("the mission with your units goes to %s, which is the mission it is made from: name the game file otherwise", e.Path)
	case MissionExists:
		return fmt.Sprintf("the mission with your units goes to %v", e.Err)
	case MissionTooLarge:
		return fmt.Sprintf("your save %s: its %d units of yours make a mission of %.1f MiB, over the %d MiB a mission file may be: not a save of one mission's FRIENDLY units", e.Path, e.Units, float64(e.Bytes)/(1<<20), yamldoc.MaxFileSize>>20)
	case OutIsTheSave:
		return fmt.Sprintf("the save to write, %s, is the save you gave; write a new file (your save stays as it was)", e.Path)
	case OutExists:
		return fmt.Sprintf("the save to write: %v", e.Err)
	case NotPlayersGame:
		return fmt.Sprintf("%s: the engine plays the FRIENDLY side of this game (policy %s); a save reports your units in a game of policy player", e.Other, e.Policy)
	case StaleSave:
		return fmt.Sprintf("%s: not a save of %s as it stands (%s): give the save sasl wrote last, with your moves", e.Path, e.Other, e.Why)
	case SinceOutOfRange:
		return fmt.Sprintf("step %d: the game has steps 2 to %d after its setup (sasl play log %s lists them)", e.Since, e.Last, e.Other)
	case OlderSave:
		return fmt.Sprintf("%s: not a save of %s as it stands (%s): step through all the steps of the save sasl wrote last and save it again, with your moves", e.Path, e.Other, e.Why)
	}
	return "a save refused"
}

func (e *SaveRefusal) Unwrap() error { return e.Err }

// PlainError refuses a step of a game file with no journal (plain: true,
// written by sasl enter or wave --save, or upgraded): it plays turn by
// turn, not step by step.
type PlainError struct{ Path string }

func (e *PlainError) Error() string {
	return fmt.Sprintf("%s: a game with no journal (plain: true): it plays turn by turn, not step by step; start it again as a new game to play it step by step", e.Path)
}
