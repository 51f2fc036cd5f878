package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
)

// StopMode says how often a player game stops for the player (sasl play
// --stop); what it does not stop for the engine decides as the hold
// policy does, and says so.
type StopMode uint8

const (
	// StopFire stops at every decision of the FRIENDLY side, down to each
	// ENEMY move a FRIENDLY unit could First Fire at (as FireStops asks).
	StopFire StopMode = iota
	// StopPhase stops before phases, and at the ENEMY moves FireStops
	// asks for: as StopFire, in a game with a FireStops; in a game begun
	// by an earlier sasl (FireStopsUnset) at no First Fire, which is then
	// the hold policy's, as that sasl played it.
	StopPhase
	// StopTurn stops in the FRIENDLY Player Turn only: the whole ENEMY
	// Player Turn (First Fire, the DFPh, Close Combat) is the hold
	// policy's.
	StopTurn
)

var stopNames = [...]string{"fire", "phase", "turn"}

func (m StopMode) String() string { return stopNames[m] }

// ParseStopMode reads a stop mode by its name; "" is StopFire.
func ParseStopMode(s string) (StopMode, error) {
	if s == "" {
		return StopFire, nil
	}
	if i := slices.Index(stopNames[:], s); i >= 0 {
		return StopMode(i), nil
	}
	return 0, &SettingError{Setting: SettingStop, Value: s}
}

// FireStops says at which of the ENEMY's moves in its MPh a player game
// stops for the player's First Fire (sasl play --first-fire): where one of
// the player's fire groups has a shot the rules allow (ASL A8.1: Good
// Order, LOS, within long range, A7.22, its fire markers letting it,
// A8.3, A8.31) that is as close as the player asked. A move it does not
// stop at the engine decides as the hold policy does (which First Fires
// within combat.hold_first_fire_range times normal range, never at an S?),
// as it does what StopMode does not stop for, and says so.
type FireStops uint8

const (
	// FireStopsUnset is a game begun by an earlier sasl, which had no
	// such setting: it stops as that sasl did (at every shot with --stop
	// fire, at none with phase or turn), so that its journal replays.
	FireStopsUnset FireStops = iota
	// FireStopsEvery stops at every shot, long range too (ASL A7.22).
	FireStopsEvery
	// FireStopsNormal stops where a fire group has the stack within its
	// normal range (ASL A7.2): sasl play new's default.
	FireStopsNormal
	// FireStopsPBF stops only at Point Blank Fire: the stack ADJACENT to
	// a fire group, or in its Location (ASL A7.21).
	FireStopsPBF
)

// DefaultFireStops is the setting a new player game stops by unless the
// player says otherwise.
const DefaultFireStops = FireStopsNormal

var fireStopNames = [...]string{"", "every", "normal", "pbf"}

// String is the setting's name in commands and game files ("" unset).
func (f FireStops) String() string {
	if int(f) < len(fireStopNames) {
		return fireStopNames[f]
	}
	return fmt.Sprintf("FireStops(%d)", f)
}

// ParseFireStops reads a setting by its name.
func ParseFireStops(s string) (FireStops, error) {
	if i := slices.Index(fireStopNames[:], s); i > 0 {
		return FireStops(i), nil
	}
	return 0, &SettingError{Setting: SettingFirstFire, Value: s}
}

// Stops is how a player game stops for the player: how often (Mode), and
// at which ENEMY moves for First Fire (FirstFire).
type Stops struct {
	Mode      StopMode
	FirstFire FireStops
}

// Flags are the stops as the flags of a command ("--stop phase
// --first-fire pbf"; "" for StopFire and FireStopsUnset), each with a
// space before it.
func (s Stops) Flags() string {
	out := ""
	if s.Mode != StopFire {
		out += " --stop " + s.Mode.String()
	}
	if s.FirstFire != FireStopsUnset {
		out += " --first-fire " + s.FirstFire.String()
	}
	return out
}

// Stops is how the game stops for the player (Session: as set up and
// changed by next --stop and --first-fire).
func (g *Game) Stops() Stops { return g.stops }

// Stop is where a game stands for the player, and what it asks: data
// (state.Stop), which package report words.
type Stop = state.Stop

// errClosed ends the play of a Session that was closed at a stop.
var errClosed = errors.New("game: the session was closed")

// ask stops for the player at s, if the game is played in a Session that
// stops there, and reports whether the player took the decision (false:
// the engine decides as hold does, and says so).
func (g *Game) ask(s *Stop) (bool, error) {
	if g.yield == nil {
		return false, nil
	}
	if !g.stops.asks(s) {
		g.said(report.Unasked, s)
		return false, nil
	}
	g.passed, g.actedHere = false, false
	if !g.yield(s) {
		return false, errClosed
	}
	if g.passed {
		g.said(report.Pass, s)
	} else {
		g.wentOn(s)
	}
	return !g.passed, nil
}

// wentOn tells that the player went on from stop s with next: what they
// did there, held their fire or acted first (report.GoOn).
func (g *Game) wentOn(s *Stop) {
	log := g.hw.Log()
	e := report.Event{Kind: report.GoOn, Units: log.Strings(s.Moving...), At: s.At, Other: "phase"}
	switch s.Kind {
	case state.FirstFireAt:
		e.Other = "first_fire"
		if h := &g.holdMove; h.on && !h.told {
			e.Other, h.told = "hold_move", true
		}
	case state.RoutAt:
		e.Other = "rout"
		if len(s.Routs) == 0 {
			e.Other = "rout_done"
		}
	}
	if g.actedHere {
		e.Count = 1
	}
	log.Add(e)
}

// sameStack reports whether the units now of a move are the stack was of
// it, or what became of it: each is one of was, or a unit an S? of was
// became when it was Activated, whose ID is the S?'s and a letter (SASL
// 5: "S3" became "S3a", "S3b"; ai's generation names them so, but for an
// ID taken already, renamed, which is then asked about as a new stack).
// Units the stack lost on the way (broken, eliminated) are not among now.
func sameStack(was, now []string) bool {
	if len(now) == 0 {
		return false
	}
	for _, id := range now {
		if slices.Contains(was, id) {
			continue
		}
		if n := len(id); n < 2 || id[n-1] < 'a' || id[n-1] > 'z' || !slices.Contains(was, id[:n-1]) {
			return false
		}
	}
	return true
}

// askedMove is an ENEMY move the game stopped for: the moving stack's
// units, the turn, and the Location the move began at.
type askedMove struct {
	moving []string
	turn   int
	from   board.Location
}

// set makes m the move of stack moving in turn, begun at from.
func (m *askedMove) set(moving []string, turn int, from board.Location) {
	m.moving = append(m.moving[:0], moving...)
	m.turn, m.from = turn, from
}

// is reports whether a stack of units now, in turn, along path (from its
// start), makes move m still: the same turn and start, and the stack or
// what became of it (sameStack).
func (m *askedMove) is(now []string, turn int, path []pathing.Step) bool {
	return len(path) > 0 && m.turn == turn && m.from == path[0].Location && sameStack(m.moving, now)
}

// movedOn tells, at a First Fire stop at Location at of a stack moving
// along path, how the stack moved on from the stop the player was asked at
// last on this move, if there was one (report.MovesOn), and keeps this
// stop as the last.
func (g *Game) movedOn(stop *Stop, path []pathing.Step) {
	last := &g.lastAsk
	if last.move.is(stop.Moving, stop.Turn, path) {
		for i := len(path) - 1; i >= 0; i-- {
			if path[i].Location == last.at {
				steps := append([]pathing.Step{{Location: last.at}}, path[i+1:]...)
				log := g.hw.Log()
				log.Add(report.Event{Kind: report.MovesOn, Units: log.Strings(stop.Moving...), Steps: log.Steps(steps...)})
				break
			}
		}
	}
	from := board.Location{}
	if len(path) > 0 {
		from = path[0].Location
	}
	last.move.set(stop.Moving, stop.Turn, from)
	last.at = stop.At
}

// said tells that the engine decides stop s as the hold policy does.
func (g *Game) said(kind report.Kind, s *Stop) {
	log := g.hw.Log()
	log.Add(report.Event{Kind: kind, Units: log.Strings(s.Moving...), At: s.At, Other: g.stops.Mode.String()})
}

// asks reports whether a game that stops as ss does stops at s: with
// --stop phase, at First Fire too unless the game was begun by an earlier
// sasl (FireStopsUnset); which First Fire it stops at is firstFire's.
func (ss Stops) asks(s *Stop) bool {
	switch ss.Mode {
	case StopPhase:
		return s.Kind != state.FirstFireAt || ss.FirstFire != FireStopsUnset
	case StopTurn:
		return s.Kind != state.FirstFireAt && s.Player == state.Friendly
	}
	return true
}

// stopBefore stops before phase ph of side's Player Turn, where the
// player has a decision: in their own Player Turn the RPh (with a broken
// unit to rally), the PFPh and AFPh (with a unit that can fire), the MPh
// and APh (with a unit that can move), the CCPh (with a Melee); in the
// ENEMY's, the DFPh and, with a Melee, the CCPh. It reports whether the
// player took the decision.
func (g *Game) stopBefore(side state.Side, ph state.Phase) (bool, error) {
	if !g.player() || g.yield == nil {
		return false, nil
	}
	var has bool
	switch {
	case ph == state.CCPh:
		has = g.melee()
	case ph == state.RPh: // both sides rally in every RPh (ASL A10.6)
		has = g.friendly(func(u *state.Unit) bool { return u.Broken })
	case side == state.Enemy:
		has = ph == state.DFPh && g.friendly(func(u *state.Unit) bool { return !u.Broken && u.Kind.MMC() })
	case ph == state.PFPh, ph == state.AFPh:
		has = g.friendly(func(u *state.Unit) bool { return !u.Broken && u.Kind.MMC() })
	case ph == state.MPh, ph == state.APh:
		has = g.friendly(func(u *state.Unit) bool { return !u.Broken && !u.Pinned })
	}
	if !has {
		return false, nil
	}
	st := g.st
	return g.ask(&Stop{Kind: state.BeforePhase, Turn: st.Turn, Player: side, Phase: ph})
}

// friendly reports whether a FRIENDLY unit on the map is as ok says.
func (g *Game) friendly(ok func(*state.Unit) bool) bool {
	return slices.ContainsFunc(g.st.OfSide(state.Friendly), func(u *state.Unit) bool { return u.OnMap() && ok(u) })
}

// melee reports whether a Location holds units of both sides.
func (g *Game) melee() bool {
	st := g.st
	return slices.ContainsFunc(st.OfSide(state.Enemy), func(u *state.Unit) bool { return u.OnMap() && st.Has(state.Friendly, u.At()) })
}

// firstFire stops after an ENEMY stack entered Location at along path in
// its MPh if a FRIENDLY Location's Good Order MMC that have not fired have
// it in LOS within twice their normal range (ASL A7.22), as close as the
// player's FireStops ask, and reports whether the player took the
// decision (false: the engine decides as hold does); stop is the stop the
// player stood at (nil: none was shown), as the player's fire left it
// (refire).
func (g *Game) firstFire(stack []*state.Unit, at board.Location, path []pathing.Step) (stop *Stop, took bool, err error) {
	if !g.player() || g.yield == nil || !slices.ContainsFunc(stack, targetable) {
		return nil, false, nil
	}
	held := slices.DeleteFunc(slices.Clone(stack), func(u *state.Unit) bool { return !g.st.Holds(u) })
	if !slices.ContainsFunc(held, targetable) {
		return nil, false, nil // the Residual FP there eliminated it (ASL A8.2)
	}
	if h := &g.holdMove; h.on && h.move.is(state.IDs(held), g.st.Turn, path) {
		return nil, true, nil // next --hold-move: no fire at it for the rest of its move, the player's or the engine's
	}
	groups := g.firstFireGroups(at)
	if len(groups) == 0 {
		return nil, false, nil
	}
	st := g.st
	stop = &Stop{Kind: state.FirstFireAt, Turn: st.Turn, Player: state.Enemy, Phase: state.MPh, At: at, Moving: state.IDs(held), Groups: groups, CanFire: true}
	if g.stops.asks(stop) && !g.wanted(groups, at) {
		// Not as close as the player asked to be stopped at: the engine
		// decides as hold does, and says so where hold may fire (not at
		// an S? alone: Entered).
		if slices.ContainsFunc(held, combat.Target) {
			log := g.hw.Log()
			log.Add(report.Event{Kind: report.Unasked, Units: log.Strings(stop.Moving...), At: at, Other: g.stops.FirstFire.String()})
		}
		return nil, false, nil
	}
	stop.Path = g.pathOf(path)
	if g.stops.asks(stop) {
		g.movedOn(stop, path)
	}
	took, err = g.ask(stop)
	if !g.stops.asks(stop) {
		stop = nil // not shown: nobody fired at it
	}
	return stop, took, err
}

// firstFireGroups are the FRIENDLY fire groups that may fire at a stack
// in Location at, each of one Location and one fire by the units' markers
// (ASL A8): the units that have not fired First Fire at it within long
// range (A7.22, A8.1); those marked First Fire fire Subsequent First Fire
// within their normal range (A8.3); those marked Final Fire fire Final
// Protective Fire at an ADJACENT Location (A8.31).
//
// None where at is in Melee: fire into a Melee is not modelled (the stack
// that entered a FRIENDLY Location fights in the CCPh).
func (g *Game) firstFireGroups(at board.Location) []state.StopGroup {
	if g.res.InMelee(at) {
		return nil
	}
	var out []state.StopGroup
	var locs []board.Location
	for _, u := range g.st.OfSide(state.Friendly) {
		if !u.OnMap() || slices.Contains(locs, u.At()) || g.res.InMelee(u.At()) {
			continue
		}
		locs = append(locs, u.At())
		for k, as := range stopFire {
			fg := g.fireGroup(u.At(), as)
			if len(fg) == 0 {
				continue
			}
			// The units that fire the shot (Firers): a half-squad marked
			// First Fire beyond its normal range may not fire Subsequent
			// First Fire though the squad beside it may (ASL A8.3).
			if sh, ok := g.res.AimAs(fg, at, combat.Moving, longRange, report.FirstFire); ok {
				fg = g.res.Firers(fg, sh, nil)
				out = append(out, state.StopGroup{Units: state.IDs(fg), At: u.At(), Range: hex.Distance(u.At().Hex, at.Hex), Fire: state.FireKind(k)})
			}
		}
	}
	return out
}

// pathOf is the Locations of the steps of a move, a Location entered
// twice in a row once. A move that came onto the map starts off it (ASL
// A2.6) in the hex beyond the edge where a counter waiting to enter is
// shown (layout.Layout.Beyond), not the mirror hex of its step (a
// half-hex's own missing half, which has the half-hex's position).
func (g *Game) pathOf(steps []pathing.Step) []board.Location {
	m := g.w.Map()
	out := make([]board.Location, 0, len(steps))
	for i, s := range steps {
		l := s.Location
		if i == 0 && s.Off && len(steps) > 1 {
			for c := layout.North; c <= layout.West; c++ {
				if off, _ := m.Mirror(steps[1].Location.Hex, c); off == l.Hex {
					if b := m.Beyond(steps[1].Location.Hex, c); !m.OnMap(b) {
						l = board.Ground(b)
						break
					}
				}
			}
		}
		if len(out) > 0 && out[len(out)-1] == l {
			continue
		}
		out = append(out, l)
	}
	return out
}

// wanted reports whether one of the fire groups may fire at Location at
// from as close as the player's FireStops ask (any of them, unset or
// every): within its normal range (ASL A7.2: a member MMC within its own,
// combat.Resolver.AimAs with reach 1), or at Point Blank range (A7.21:
// combat.Adjacent).
func (g *Game) wanted(groups []state.StopGroup, at board.Location) bool {
	switch g.stops.FirstFire {
	case FireStopsNormal:
		return slices.ContainsFunc(groups, func(gr state.StopGroup) bool {
			// aimed as firstFireGroups aims (the markers say the fire)
			_, ok := g.res.AimAs(g.units(gr.Units), at, combat.Moving, 1, report.FirstFire)
			return ok
		})
	case FireStopsPBF:
		return slices.ContainsFunc(groups, func(gr state.StopGroup) bool { return combat.Adjacent(g.w.Map(), gr.At, at) })
	}
	return true
}

// units are the units of ids.
func (g *Game) units(ids []string) []*state.Unit {
	out := make([]*state.Unit, 0, len(ids))
	for _, id := range ids {
		if u := g.st.Unit(id); u != nil {
			out = append(out, u)
		}
	}
	return out
}

// stopFire is the fire of each state.FireKind.
var stopFire = [...]report.Kind{state.FireFirst: report.FirstFire, state.FireSubsequent: report.SubsequentFirstFire, state.FireProtective: report.FinalProtectiveFire}

// refire brings a First Fire stop up to date after the player's fire
// (events): the moving units left (an S? the attack Activated as the
// units it became), and the fire groups that may still fire at them.
func (g *Game) refire(stop *Stop, events []report.Event) {
	moving := g.movers(stop.Moving, events)
	stop.Moving = state.IDs(moving)
	old := stop.Groups
	stop.Groups = nil
	if len(moving) > 0 {
		// Each unit fires once at a move (ASL A8.3: Subsequent First Fire
		// is at a later one): a group keeps the units offered before with
		// the same fire, the units that fired having changed marker.
		var fired []string // the firers of this fire (FPF changes no marker)
		for _, e := range events {
			if combat.AtMover(e.Kind) {
				fired = append(fired, e.Units...)
			}
		}
		for _, ng := range g.firstFireGroups(stop.At) {
			ng.Units = slices.DeleteFunc(ng.Units, func(id string) bool {
				return slices.Contains(fired, id) || !slices.ContainsFunc(old, func(o state.StopGroup) bool { return o.Fire == ng.Fire && slices.Contains(o.Units, id) })
			})
			if slices.ContainsFunc(ng.Units, func(id string) bool { u := g.st.Unit(id); return u != nil && u.Kind.MMC() }) {
				stop.Groups = append(stop.Groups, ng)
			}
		}
	}
	stop.CanFire = len(stop.Groups) > 0
}

// movers are the units of ids still in play, each S? among them that
// events Activated as the units it became.
func (g *Game) movers(ids []string, events []report.Event) []*state.Unit {
	var moving []*state.Unit
	for _, id := range ids {
		if u := g.st.Unit(id); u != nil && g.st.Holds(u) {
			moving = append(moving, u)
			continue
		}
		for _, e := range events {
			if e.Kind != report.Activate || len(e.Units) == 0 || e.Units[0] != id {
				continue
			}
			for _, x := range e.Made {
				if u := g.st.Unit(x.ID); x.ID != "" && u != nil && g.st.Holds(u) {
					moving = append(moving, u)
				}
			}
		}
	}
	return moving
}

// targetable reports whether FRIENDLY fire may attack u: a unit on the map,
// or an S? (the attack Activates it first).
func targetable(u *state.Unit) bool { return combat.Target(u) || u.Kind == state.SQ && u.OnMap() }

// longRange is how far Infantry fire reaches: twice the normal range (ASL
// A7.22, long range).
const longRange = 2

// fireGroup is the FRIENDLY units of Location l that may fire in a fire
// group of kind as: its Good Order units whose fire markers let them
// (combat.Ready), if an MMC is among them (ASL A7.5).
func (g *Game) fireGroup(l board.Location, as report.Kind) []*state.Unit {
	var fg []*state.Unit
	for u := range g.st.In(state.Friendly, l) {
		if !u.Broken && combat.Ready(u, as) {
			fg = append(fg, u)
		}
	}
	if !slices.ContainsFunc(fg, func(u *state.Unit) bool { return u.Kind.MMC() }) {
		return nil
	}
	return fg
}
