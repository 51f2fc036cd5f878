package table

import (
	"fmt"
	"time"
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
	Over     bool
	Mission  string
}

func (e *TurnsError) Error() string {
	switch {
	case e.N <= 0:
		return fmt.Sprintf("%d turns: play at least one turn", e.N)
	case e.Over:
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
