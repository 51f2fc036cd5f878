package table

import (
	"fmt"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/state"
)

// Do carries out command c at the stop the game stands at (game.Session.Do)
// with the player's own dice script, or the seed's if it is nil: every roll
// of a script must be used. The game file is not written: Save.
func (t *Game) Do(c game.Command, script *dice.ScriptRoller) (*game.Step, error) {
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	if c.Verb == game.Setup {
		return nil, fmt.Errorf("%s: the game is set up already", c.Verb)
	}
	step, err := s.Do(c, roller(script))
	if err != nil {
		return nil, err
	}
	if err := used(script); err != nil {
		return nil, err
	}
	return step, nil
}

// DoText is Do of a command in sasl play's words ("move F1 4T5").
func (t *Game) DoText(text string, script *dice.ScriptRoller) (*game.Step, error) {
	c, err := game.ParseCommand(text, t.g.World().Map())
	if err != nil {
		return nil, err
	}
	return t.Do(c, script)
}

// Failed reports whether the engine failed in a step of this game (a
// command it refused, or one that did not parse, changed nothing and is
// no failure): the game is to be opened again from its file, not saved.
func (t *Game) Failed() bool { return t.s != nil && t.s.Failed() }

// roller is script as a dice.Roller: nil (the seed's dice) for a nil
// script.
func roller(script *dice.ScriptRoller) dice.Roller {
	if script == nil {
		return nil
	}
	return script
}

// used refuses a script whose rolls were not all used.
func used(script *dice.ScriptRoller) error {
	if script != nil && len(script.Left()) > 0 {
		return &UnusedDiceError{Left: script.Left()}
	}
	return nil
}

// Undo takes the last n steps back (the setup is never undone), returning
// the steps undone. The game file is not written: Save.
func (t *Game) Undo(n int) ([]state.Step, error) {
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	j := s.Journal()
	u, err := s.Undo(n)
	if err != nil {
		return nil, err
	}
	t.s, t.g = u, u.Game()
	return j[len(j)-n:], nil
}

// Turns plays on n Game Turns, or to a stop where the player acts, or to
// the game's end, whichever comes first, with the player's own dice
// script or the seed's: each a step of the journal (next), or, in a file
// without one, a turn played straight on. It refuses more turns than the
// mission has left. The game file is not written: Save.
func (t *Game) Turns(n int, script *dice.ScriptRoller) ([]*game.Report, error) {
	g := t.g
	now, _, _ := g.Clock()
	if left := g.LastTurn() - now + 1; n <= 0 || n > left {
		return nil, &TurnsError{N: n, Path: t.path, At: now, Last: g.LastTurn(), Left: left, Mission: g.World().Mission().Name}
	}
	var all []*game.Report
	for range n {
		turn, _, _ := g.Clock()
		if t.s == nil {
			rep, err := g.Turn(roller(script))
			if err != nil {
				return nil, err
			}
			all = append(all, rep)
			if g.Over() {
				break
			}
			continue
		}
		step, err := t.s.Do(game.Command{Verb: game.Next}, roller(script))
		if err != nil {
			return nil, err
		}
		all = append(all, &game.Report{Turn: turn, Events: step.Events, Dice: step.Dice})
		if t.s.Stop().Kind != state.TurnStart {
			break // the player acts, or the game has ended
		}
	}
	if err := used(script); err != nil {
		return nil, err
	}
	return all, nil
}

// Journal is the game's steps, the setup first (nil for a file without a
// journal).
func (t *Game) Journal() []state.Step {
	if t.s == nil {
		return nil
	}
	return t.s.Journal()
}

// Stop is where the game stands for the player; for a file without a
// journal, before its next Game Turn or over.
func (t *Game) Stop() *state.Stop {
	if t.s != nil {
		return t.s.Stop()
	}
	return t.g.TurnStop()
}

// Steps is every step of the game from step n on (n >= 2) with its
// events (game.Session.Steps).
func (t *Game) Steps(n int) ([]game.Step, error) {
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	return s.Steps(n), nil
}

// TurnAt is the Game Turn the i-th event of the game's log happened in.
func (t *Game) TurnAt(i int) int {
	if t.s == nil {
		turn, _, _ := t.g.Clock()
		return turn
	}
	return t.s.TurnAt(i)
}

// Preview works command c out as Do would, with nothing rolled or changed
// (game.Session.Preview).
func (t *Game) Preview(c game.Command) (*game.Preview, error) {
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	return s.Preview(c)
}
