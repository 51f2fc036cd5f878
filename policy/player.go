package policy

import (
	"fmt"

	"github.com/sasl-engine/sasl/state"
)

// player leaves the FRIENDLY side to the person: it asks once at the start
// of each FRIENDLY Player Turn (its RPh) and otherwise lets the engine go
// on (the player reports what the ENEMY's fire did in the game file, as
// sasl play's README says). The commands of sasl play that answer each
// question are the next step: this is the hook they plug into.
type player struct{}

func (player) Name() string { return Player }

func (player) Decide(d *Decision, out []Action) ([]Action, error) {
	if d.Player == state.Friendly && d.Phase == state.PFPh && d.Moving == nil {
		return out, &Ask{Question: fmt.Sprintf("turn %d, your Player Turn: move, fire and advance with your units, report the results in the game file, then play on", d.St.Turn)}
	}
	return out, nil
}
