package report

import (
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// Log is the events of one game in order, and the storage their lists
// share. A game appends to it as it plays; a Reset empties it and keeps
// the storage, so that a simulation's games, one after the other, allocate
// nothing once it has grown. Events and lists taken from a Log are valid
// until its next Reset. A Log is not safe for concurrent use.
type Log struct {
	events []Event
	// Phase is the phase events are added in, Player whose Player Turn
	// it belongs to.
	Phase  state.Phase
	Player state.Side

	ids    []string
	steps  []pathing.Step
	hexes  []hex.Hex
	locs   []board.Location
	rolls  []Roll
	made   []Made
	notes  []Note
	chains []ChainGroup
	fires  []FireGroup
	acts   []Activation
	acs    []AC
	checks []Action
}

// Reset empties the log, keeping its storage.
func (l *Log) Reset() {
	l.events = l.events[:0]
	l.ids, l.steps, l.hexes, l.locs = l.ids[:0], l.steps[:0], l.hexes[:0], l.locs[:0]
	l.rolls, l.made, l.notes, l.chains = l.rolls[:0], l.made[:0], l.notes[:0], l.chains[:0]
	clear(l.fires) // they hold slices: let the garbage go
	l.fires, l.acts, l.acs, l.checks = l.fires[:0], l.acts[:0], l.acs[:0], l.checks[:0]
	l.Phase, l.Player = 0, state.Enemy
}

// Add appends e in the log's phase.
func (l *Log) Add(e Event) {
	e.Phase, e.Player = l.Phase, l.Player
	l.events = append(l.events, e)
}

// Truncate forgets the events from the n-th on (a step that failed).
func (l *Log) Truncate(n int) { l.events = l.events[:n] }

// Len returns the number of events so far.
func (l *Log) Len() int { return len(l.events) }

// Since returns the events from the n-th on (nil for none).
func (l *Log) Since(n int) []Event {
	if n >= len(l.events) {
		return nil
	}
	return l.events[n:len(l.events):len(l.events)]
}

// Last returns the last event, for its maker to complete.
func (l *Log) Last() *Event { return &l.events[len(l.events)-1] }

// keep appends xs to a store and returns them as a list of their own.
func keep[T any](store *[]T, xs ...T) []T {
	if len(xs) == 0 {
		return nil
	}
	n := len(*store)
	*store = append(*store, xs...)
	return (*store)[n:len(*store):len(*store)]
}

// IDs keeps the IDs of units.
func (l *Log) IDs(units []*state.Unit) []string {
	n := len(l.ids)
	for _, u := range units {
		l.ids = append(l.ids, u.ID)
	}
	if len(l.ids) == n {
		return nil
	}
	return l.ids[n:len(l.ids):len(l.ids)]
}

// Strings keeps strings (unit IDs).
func (l *Log) Strings(s ...string) []string { return keep(&l.ids, s...) }

// Steps keeps the steps of a move.
func (l *Log) Steps(s ...pathing.Step) []pathing.Step { return keep(&l.steps, s...) }

// Hexes keeps hexes.
func (l *Log) Hexes(h ...hex.Hex) []hex.Hex { return keep(&l.hexes, h...) }

// Locations keeps Locations.
func (l *Log) Locations(x ...board.Location) []board.Location { return keep(&l.locs, x...) }

// Rolls keeps rolls.
func (l *Log) Rolls(r ...Roll) []Roll { return keep(&l.rolls, r...) }

// Made keeps the units an S? became.
func (l *Log) Made(m ...Made) []Made { return keep(&l.made, m...) }

// Notes keeps the notes of a move.
func (l *Log) Notes(n ...Note) []Note { return keep(&l.notes, n...) }

// Chains keeps the chains of a Human Wave.
func (l *Log) Chains(c ...ChainGroup) []ChainGroup { return keep(&l.chains, c...) }

// Fire keeps a fire group; its attack may be filled in later through the
// pointer.
func (l *Log) Fire(g FireGroup) *FireGroup {
	l.fires = append(l.fires, g)
	return &l.fires[len(l.fires)-1]
}

// Activation keeps what Activated an S?.
func (l *Log) Activation(a Activation) *Activation {
	l.acts = append(l.acts, a)
	return &l.acts[len(l.acts)-1]
}

// AC keeps the Activation Check dr of an S?.
func (l *Log) AC(a AC) *AC {
	l.acs = append(l.acs, a)
	return &l.acs[len(l.acs)-1]
}

// Action keeps an ENEMY Action check.
func (l *Log) Action(a Action) *Action {
	l.checks = append(l.checks, a)
	return &l.checks[len(l.checks)-1]
}
