// Package policy decides the FRIENDLY side's actions: a Policy is given
// the game at one decision (a phase of either Player Turn, or an ENEMY
// stack that has just moved into a Location) and returns what the FRIENDLY
// side does there, as Actions the game carries out (package game) with
// the ENEMY side's reactions and the combat of package combat.
//
//	hold    stays and fires (sasl sim's FRIENDLY side before policies)
//	attack  takes and holds the mission's victory VPOs
//	player  the person decides at the game's stops (package game); where
//	        they pass, as hold
//
// A policy decides from the state alone, so a game resumed from its file
// decides exactly as one played straight on. Its weights are table data
// (tables.Policy).
package policy

import (
	"fmt"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// The policies' names.
const (
	Hold   = state.PolicyHold
	Attack = state.PolicyAttack
	Player = state.PolicyPlayer
)

// Names lists the policies.
var Names = []state.Policy{Hold, Attack, Player}

// Parse reads a policy by its name; "" is Player (a game file of an
// earlier sasl).
func Parse(s string) (state.Policy, error) {
	switch p := state.Policy(s); p {
	case "":
		return Player, nil
	case Hold, Attack, Player:
		return p, nil
	}
	return "", fmt.Errorf("unknown FRIENDLY policy %q (want hold, attack or player)", s)
}

// Decision is one point at which the FRIENDLY side decides: a phase of
// Player Turn Player, or (Moving not nil) an ENEMY stack that has just
// entered Location At in the ENEMY MPh, at which FRIENDLY units may First
// Fire (ASL A8.1).
type Decision struct {
	W      *world.World
	St     *state.State
	C      *combat.Resolver
	Player state.Side
	Phase  state.Phase
	Moving []*state.Unit
	At     board.Location
	// Skip, if set, reports the units that may not act at this decision:
	// those that acted at it already (the game's), and at a First Fire
	// stop the player passed at, those that fired at the stack already
	// (ASL A8.3: each unit fires once at a move).
	Skip func(*state.Unit) bool
}

// Kind is what an Action does.
type Kind uint8

const (
	// Fire: Units fire as one group at Shot.At.
	Fire Kind = iota + 1
	// Move: Units move together along Path in the MPh (Assault: one
	// Location by Assault Movement, ASL A4.61).
	Move
	// Advance: Units advance into Path[0] in the APh (ASL A4.7).
	Advance
)

// Action is one thing the FRIENDLY side does.
type Action struct {
	Kind    Kind
	Units   []*state.Unit
	Shot    combat.Shot
	Path    []board.Location
	Assault bool
}

// Policy decides the FRIENDLY side's actions, one at a time (DESIGN.md:
// the engine asks a side's decider one action at a time, the situation
// seen anew after each; Wesnoth's RCA loop). A Policy value belongs to one
// game at a time (it may keep scratch space); New makes one.
type Policy interface {
	// Name is the policy's name (Hold, Attack, Player).
	Name() state.Policy
	// Next is the FRIENDLY side's next action at d, decided on the game as
	// it stands (the actions taken at d before it carried out), or false
	// when it takes none. The game asks again after carrying it out, until
	// false; it reports the units that acted at d already by d.Skip, and
	// Next never offers them. The action's lists are valid until the next
	// call.
	Next(d *Decision) (Action, bool, error)
}

// lister is a policy as the list of the actions it would take at d, in
// the order it would take them: Next is the first (first).
type lister interface {
	actions(d *Decision, out []Action) ([]Action, error)
}

// first is the first action l lists at d, with buf as scratch.
func first(l lister, d *Decision, buf *[]Action) (Action, bool, error) {
	acts, err := l.actions(d, (*buf)[:0])
	*buf = acts[:0]
	if err != nil || len(acts) == 0 {
		return Action{}, false, err
	}
	return acts[0], true, nil
}

// New returns a policy of that name for games of world w.
func New(name state.Policy, w *world.World) (Policy, error) {
	p, err := Parse(string(name))
	if err != nil {
		return nil, err
	}
	switch p {
	case Hold:
		return &hold{}, nil
	case Attack:
		return newAttack(w), nil
	}
	return &player{}, nil
}
