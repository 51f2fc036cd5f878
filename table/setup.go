package table

import (
	"errors"
	"fmt"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
)

// Setup is the game's ENEMY setup (SASL 4.1), its journal's first step,
// made again: the journal keeps only the step's command and dice, so the
// setup is replayed from them (the game's seed, or the player's own
// dice) as a replay of the whole journal makes it, and checked to roll
// the dice the journal says.
func (t *Game) Setup() (*ai.Setup, error) {
	j := t.Journal()
	if len(j) == 0 {
		return nil, errors.New("the game has no journal: no setup step to show")
	}
	first := j[0]
	script, err := game.StepDice(first)
	if err != nil {
		return nil, fmt.Errorf("journal step 1: %v", err)
	}
	g := t.g
	_, s, err := game.New(g.World(), g.Header(), script)
	if err != nil {
		return nil, fmt.Errorf("the setup again: %v", err)
	}
	if got := dice.Script(s.Trail); got != first.Dice {
		return nil, fmt.Errorf("the setup made again rolled %q, the journal says %q", got, first.Dice)
	}
	return s, nil
}
