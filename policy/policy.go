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
	// Skip, if set, reports the units that may not fire at this decision:
	// at a First Fire stop the player passed at, those that fired at the
	// stack already (ASL A8.3: each unit fires once at a move).
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

// Policy decides the FRIENDLY side's actions. A Policy value belongs to
// one game at a time (it may keep scratch space); New makes one.
type Policy interface {
	// Name is the policy's name (Hold, Attack, Player).
	Name() state.Policy
	// Decide appends the FRIENDLY actions at d to out, in the order they
	// are carried out, and returns it.
	Decide(d *Decision, out []Action) ([]Action, error)
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
