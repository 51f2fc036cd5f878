package ai

import (
	"strings"

	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
)

// EventKind is what an Event is.
type EventKind uint8

//go:generate go run golang.org/x/tools/cmd/stringer@v0.39.0 -type=EventKind -linecomment

const (
	EventArrive    EventKind = iota // arrive
	EventWaveEntry                  // wave_entry
	EventEnter                      // enter
	EventMove                       // move
	EventDelay                      // delay
	EventActivate                   // activate
	EventRelease                    // release
	EventExit                       // exit
	EventJoin                       // join
	EventChain                      // chain
	EventFire                       // fire
	EventGap                        // gap
	EventAdvance                    // advance
	EventRecover                    // recover
	EventControl                    // control
	// What sasl plays for the FRIENDLY side and the dice of combat (a game
	// with a FRIENDLY policy, sasl sim):
	EventFirstFire     // first_fire
	EventDefensiveFire // defensive_fire
	EventResult        // ift_result
	EventMorale        // morale_check
	EventBreak         // break
	EventReduce        // casualty_reduction
	EventEliminate     // eliminate
	EventRally         // rally
	EventCloseCombat   // close_combat
)

// MarshalText writes a kind by its name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Event is one thing the ENEMY side did, as data; Text says it for people.
type Event struct {
	Phase state.Phase
	Kind  EventKind
	// Units are the IDs of the units concerned: those that moved or
	// advanced together, the S? Activated, the members of a chain.
	Units []string
	// Steps of a move or an advance, each with the MF it cost (half MF);
	// the first is where the unit started (off the map for an entry).
	Steps []pathing.Step
	// Wave, Edge, Entrances and Direction of a Human Wave's entry (SASL
	// 4.31); Edge also for S? arriving (4.2).
	Wave      string
	Edge      layout.Compass
	Entrances []hex.Hex
	Direction hex.Hex
	// Made are the units an Activated S? turned into (SASL 4.34), and
	// Activation what Activated it.
	Made       []state.Unit
	Activation *Activation
	// Fire is the fire group of a fire event (SASL 4.36).
	Fire  *FireGroup
	Rolls []Roll
	Text  string
}

// FireGroup is a Human Wave fire group and its Target (SASL 4.36).
type FireGroup struct {
	Members []string
	Target  string
	// From are the Locations the group's MMC fire from, each once, in the
	// order of Members; At is the Target's Location.
	From []board.Location
	At   board.Location
	// FP is the fire group's firepower: the members' printed firepower,
	// doubled at point blank range, halved beyond normal range (ASL A7).
	FP float64
	// DRM is the Target's TEM plus the hindrance DRM along the group's LOS
	// (ASL B.10) plus the directing leaders' modifier; TEM, Hindrance,
	// Range and Priority say why the Target was chosen.
	DRM, TEM, Hindrance, Range, Priority int
	Good                                 bool // the Target is in Good Order
	// The attack on the Infantry Fire Table, once resolved: the DR, the
	// Final DR and the result ("2MC"; "" when nobody rolled it).
	DR, Final int
	Result    string
}

// Rule returns the rule a roll was made for: "SASL 4.34" of "SASL 4.34:
// Table x10, ...".
func (r Roll) Rule() string {
	rule, _, _ := strings.Cut(r.Why, ":")
	return rule
}
