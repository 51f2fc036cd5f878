package game

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/act"
	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// Verb is what a command of the player's does (sasl play VERB); the
// journal keeps it as its word.
type Verb string

// The verbs of the player's commands.
const (
	Setup Verb = "setup"
	Next  Verb = "next"
	Pass  Verb = "pass"
	Move  Verb = "move"
	Fire  Verb = "fire"
	Set   Verb = "set"
)

// UnitReport is what sasl play set reports of a FRIENDLY unit: what the
// player's own dice decided for it.
type UnitReport string

// The reports a unit may get (setRefused says which the rules allow where
// the game stands).
const (
	ReportBroken     UnitReport = "broken"
	ReportPinned     UnitReport = "pinned"
	ReportGood       UnitReport = "good"
	ReportEliminated UnitReport = "eliminated"
	ReportReduced    UnitReport = "reduced"
	ReportWounded    UnitReport = "wounded"
	ReportKnown      UnitReport = "known"
	ReportHidden     UnitReport = "hidden"
)

// ReportPiece records the VASL piece that is a unit's counter now ("set
// F2 piece 1533971088241", Command.Piece): a squad's counter the player
// swapped for a half-squad counter in VASL (ASL A7.302), read from the
// save by sasl play turn --friendly-from, or named by the player (sasl
// play set GAME F2 piece ID) where the save alone does not say it, so
// that the next save finds the unit by its new counter. Not among
// Reports: it takes the piece's ID, and is of games played from VASL.
const ReportPiece UnitReport = "piece"

// Reports are the reports, in the order sasl play set lists them.
var Reports = []UnitReport{ReportBroken, ReportPinned, ReportGood, ReportEliminated, ReportReduced, ReportWounded, ReportKnown, ReportHidden}

// ReportWords is Reports in sasl play's words, joined by sep.
func ReportWords(sep string) string {
	words := make([]string, len(Reports))
	for i, r := range Reports {
		words[i] = string(r)
	}
	return strings.Join(words, sep)
}

// Command is one command of the player's, as the journal keeps it.
type Command struct {
	Verb Verb
	// Units: the units a move or a report is about.
	Units []string
	// To: a move's destination, or its whole path Location by Location
	// (more than one); Assault: by Assault Movement (ASL A4.61).
	To      []board.Location
	Assault bool
	// LowCrawl: a rout by Low Crawl, one Location (ASL A10.52).
	LowCrawl bool
	// From, At: a fire's Locations and its target's.
	From []board.Location
	At   board.Location
	// Report: what set reports (Reports).
	Report UnitReport
	// Stop: the stop mode a next or setup sets (HasStop); FirstFire: the
	// First Fire chances it stops at (HasFirstFire).
	Stop         StopMode
	HasStop      bool
	FirstFire    FireStops
	HasFirstFire bool
	// Rules: the rules' revision a setup begins the game with (HasRules;
	// none: revision 1), so that a rules: line deleted is noticed.
	Rules    state.Rules
	HasRules bool
	// Piece: the VASL piece of a set ... piece (ReportPiece).
	Piece string
	// HoldMove: a next at a First Fire stop holds the player's fire at
	// the moving stack for the rest of its move: the game stops for it no
	// more, nor does the engine fire at it for the player (ASL A8.1: First
	// Fire is the DEFENDER's to make or not).
	HoldMove bool
}

// ParseCommand reads a command as Text writes it (the journal's do:):
// "next", "next --stop phase --first-fire pbf", "next --hold-move", "pass", "move F1,F2 4T5 [4T6 ...]
// [--assault]", "fire --from 4T5[,4T6] --at 4T4", "set F1 pinned",
// "setup [--stop turn]".
func ParseCommand(text string, m *board.Map) (Command, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Command{}, fmt.Errorf("an empty command")
	}
	c := Command{Verb: Verb(f[0])}
	args := f[1:]
	bad := func(want string) error { return fmt.Errorf("%q: want %s", text, want) }
	loc := func(s string) (board.Location, error) {
		l, err := m.ParseLocation(s)
		if err != nil {
			return l, fmt.Errorf("%s: Location %q: %w", c.Verb, s, err)
		}
		return l, nil
	}
	switch c.Verb {
	case Setup, Next, Pass:
		for len(args) > 0 {
			if args[0] == "--hold-move" && c.Verb == Next && !c.HoldMove {
				c.HoldMove, args = true, args[1:]
				continue
			}
			switch {
			case len(args) >= 2 && args[0] == "--stop" && c.Verb != Pass && !c.HasStop:
				mode, err := ParseStopMode(args[1])
				if err != nil {
					return c, grammar(err)
				}
				c.Stop, c.HasStop = mode, true
			case len(args) >= 2 && args[0] == "--first-fire" && c.Verb != Pass && !c.HasFirstFire:
				ff, err := ParseFireStops(args[1])
				if err != nil {
					return c, grammar(err)
				}
				c.FirstFire, c.HasFirstFire = ff, true
			case len(args) >= 2 && args[0] == "--rules" && c.Verb == Setup && !c.HasRules:
				n, err := strconv.Atoi(args[1])
				if c.Rules, err = state.RulesNumbered(n); err != nil {
					return c, fmt.Errorf("%q: --rules %s: %w", text, args[1], err)
				}
				c.HasRules = true
			default:
				if c.Verb == Pass {
					return c, bad(string(c.Verb))
				}
				if c.Verb == Next {
					return c, bad("next [--stop fire|phase|turn] [--first-fire every|normal|pbf] [--hold-move]")
				}
				return c, bad(string(c.Verb) + " [--stop fire|phase|turn] [--first-fire every|normal|pbf] [--rules N]")
			}
			args = args[2:]
		}
	case Move:
		if n := len(args); n > 0 && args[n-1] == "--assault" {
			c.Assault, args = true, args[:n-1]
		} else if n > 0 && args[n-1] == "--low-crawl" {
			c.LowCrawl, args = true, args[:n-1]
		}
		if len(args) < 2 || c.LowCrawl && len(args) != 2 {
			return c, bad("move UNIT[,UNIT] LOCATION [LOCATION ...] [--assault], or in a RtPh move UNIT LOCATION --low-crawl")
		}
		c.Units = strings.Split(args[0], ",")
		for _, a := range args[1:] {
			l, err := loc(a)
			if err != nil {
				return c, err
			}
			c.To = append(c.To, l)
		}
	case Fire:
		if len(args) != 4 || args[0] != "--from" || args[2] != "--at" {
			return c, bad("fire --from LOCATION[,LOCATION] --at LOCATION")
		}
		for _, a := range strings.Split(args[1], ",") {
			l, err := loc(a)
			if err != nil {
				return c, err
			}
			c.From = append(c.From, l)
		}
		l, err := loc(args[3])
		if err != nil {
			return c, err
		}
		c.At = l
	case Set:
		if len(args) == 3 && args[1] == string(ReportPiece) {
			if args[2] == "" || strings.Trim(args[2], "0123456789") != "" || len(args[2]) > 20 {
				return c, bad("set UNIT piece ID, the VASL piece's ID in digits")
			}
			c.Units, c.Report, c.Piece = []string{args[0]}, ReportPiece, args[2]
			break
		}
		if len(args) != 2 || !slices.Contains(Reports, UnitReport(args[1])) {
			return c, bad("set UNIT " + ReportWords("|"))
		}
		c.Units, c.Report = []string{args[0]}, UnitReport(args[1])
	default:
		return c, fmt.Errorf("%q: unknown command %q (want setup, next, pass, move, fire or set)", text, c.Verb)
	}
	for _, id := range c.Units {
		if id == "" {
			return c, bad("unit IDs such as F1 or F1,F2")
		}
	}
	return c, nil
}

// Text writes c as ParseCommand reads it, Locations by their names on m.
func (c Command) Text(m *board.Map) string {
	names := func(ls []board.Location) []string {
		out := make([]string, len(ls))
		for i, l := range ls {
			out[i] = m.LocationName(l)
		}
		return out
	}
	switch c.Verb {
	case Move:
		s := "move " + strings.Join(c.Units, ",") + " " + strings.Join(names(c.To), " ")
		if c.Assault {
			s += " --assault"
		}
		if c.LowCrawl {
			s += " --low-crawl"
		}
		return s
	case Fire:
		return "fire --from " + strings.Join(names(c.From), ",") + " --at " + m.LocationName(c.At)
	case Set:
		if c.Report == ReportPiece {
			return "set " + c.Units[0] + " piece " + c.Piece
		}
		return "set " + c.Units[0] + " " + string(c.Report)
	}
	s := string(c.Verb)
	if c.HasStop {
		s += " --stop " + c.Stop.String()
	}
	if c.HasFirstFire {
		s += " --first-fire " + c.FirstFire.String()
	}
	if c.HasRules {
		s += " --rules " + strconv.Itoa(c.Rules.Number())
	}
	if c.HoldMove {
		s += " --hold-move"
	}
	return s
}

// grammar words a setting's refusal as the command words name the
// setting (--stop, --first-fire: ParseCommand's own options).
func grammar(err error) error {
	var se *SettingError
	if errors.As(err, &se) {
		return errors.New(se.Flagged())
	}
	return err
}

// moves reports whether the stop takes a move: before the FRIENDLY MPh,
// or an advance before the APh.
func moves(s *Stop) bool {
	return s.Kind == state.BeforePhase && s.Player == state.Friendly && (s.Phase == state.MPh || s.Phase == state.APh)
}

// fire reports whether the stop takes the player's fire, and its kind:
// First Fire at a moving ENEMY stack, Prep and Advancing Fire before the
// PFPh and AFPh, Defensive Fire before the ENEMY's DFPh.
func fireKind(s *Stop) (report.Kind, bool) {
	switch {
	case s.Kind == state.FirstFireAt:
		return report.FirstFire, true
	case s.Kind != state.BeforePhase:
	case s.Player == state.Friendly && s.Phase == state.PFPh:
		return report.PrepFire, true
	case s.Player == state.Friendly && s.Phase == state.AFPh:
		return report.AdvancingFire, true
	case s.Player == state.Enemy && s.Phase == state.DFPh:
		return report.DefensiveFire, true
	}
	return 0, false
}

// Verbs lists the player's commands the game takes where it stands
// (next, pass, move, fire, set), the verbs check does not refuse out of
// hand; a fire at a First Fire stop only while a fire group may still
// fire.
func (s *Session) Verbs() []Verb {
	g, stop := s.g, s.stop
	if stop.Kind == state.Over {
		return nil
	}
	out := []Verb{Next}
	if !g.player() {
		return out
	}
	out = append(out, Set)
	if stop.Kind == state.TurnStart {
		return out
	}
	out = append(out, Pass)
	if _, ok := fireKind(stop); ok && (stop.Kind != state.FirstFireAt || stop.CanFire) {
		out = append(out, Fire)
	}
	if moves(stop) || stop.Kind == state.RoutAt && len(stop.Routs) > 0 {
		out = append(out, Move)
	}
	return out
}

// check refuses a command the stop does not take, or about units and
// Locations it cannot be, before anything is changed.
func (s *Session) check(c Command) error {
	g, stop := s.g, s.stop
	refuse := func(format string, a ...any) error {
		return fmt.Errorf(string(c.Verb)+": "+format, a...)
	}
	if c.Verb == Setup {
		return refuse("the game is set up already")
	}
	if stop.Kind == state.Over {
		return refuse("the game is over: the mission ended after turn %d (undo goes back)", g.LastTurn())
	}
	if c.Verb != Next && c.Verb != Pass && !g.player() {
		return refuse("the engine plays the FRIENDLY side of this game (policy %s): its commands are for a game of policy player", policyOf(g.st))
	}
	if (c.HasStop || c.HasFirstFire) && !g.player() {
		return &PlayerStopsError{Verb: c.Verb, Stop: c.HasStop, Mode: c.Stop, FirstFire: c.FirstFire, Policy: policyOf(g.st)}
	}
	if c.HoldMove && c.Verb != Next {
		return refuse("--hold-move is next's: it holds your fire")
	}
	if c.HoldMove && (stop.Kind != state.FirstFireAt || len(stop.Moving) == 0) {
		return refuse("--hold-move holds your fire at a moving ENEMY stack for the rest of its move: only at a First Fire stop (the game stands %s)", report.Where(stop))
	}
	switch c.Verb {
	case Move:
		if stop.Kind == state.RoutAt {
			_, _, err := s.rout(c)
			return err
		}
		_, _, err := s.route(c)
		return err
	case Fire:
		_, _, _, err := s.aim(c)
		return err
	case Set:
		u, err := s.own(c.Verb, c.Units[0])
		if err != nil {
			return err
		}
		if c.Report == ReportPiece {
			if u.Vasl == "" {
				return refuse("%s piece %s: %s has no VASL counter (a game set up with play new --friendly-from has them)", u.ID, c.Piece, u.ID)
			}
			for _, x := range g.st.OfSide(state.Friendly) {
				if x != u && x.Vasl == c.Piece {
					return refuse("%s piece %s: that piece is the counter of %s", u.ID, c.Piece, x.ID)
				}
			}
			return nil
		}
		if why := setRefused(stop, u, c.Report); why != "" {
			return refuse("%s %s: %s", u.ID, c.Report, why)
		}
	}
	return nil
}

// setRefused says why the rules refuse the player's report of what became
// of unit u at stop (sasl play set), "" if they allow it:
//   - good: a broken unit becomes Good Order only by rallying, in an RPh
//     (ASL A10.6); a pinned one stays pinned to the end of its Player Turn
//     (A7.8); one in Good Order already is nothing to report;
//   - broken: not a unit broken already (A10.3: a broken unit that fails
//     a MC is Casualty Reduced: report reduced);
//   - pinned: only a Good Order unit is pinned (A7.8), and not before the
//     RPh, where no fire has been since the last Player Turn ended the pins;
//   - reduced: a squad or half-squad (A7.302); a leader is wounded (A17);
//   - wounded: a leader only (A17.1); wounded once, he is wounded for good
//     (A17.3: never more than one ML and modifier lost); a mortal wound is
//     eliminated;
//   - known, hidden: a change (hidden: not a unit that fired this Player
//     Turn, which revealed it).
func setRefused(stop *Stop, u *state.Unit, what UnitReport) string {
	rph := stop.Kind == state.BeforePhase && stop.Phase == state.RPh
	switch what {
	case ReportGood:
		switch {
		case u.Broken && !rph:
			return fmt.Sprintf("%s is broken: a broken unit becomes Good Order only by rallying in the RPh (ASL A10.6); the game stands at %s", u.ID, report.Where(stop))
		case !u.Broken && u.Pinned:
			return fmt.Sprintf("%s is pinned: a pin lasts to the end of the Player Turn (ASL A7.8)", u.ID)
		case !u.Broken:
			return fmt.Sprintf("%s is in Good Order already", u.ID)
		}
	case ReportBroken:
		if u.Broken {
			return fmt.Sprintf("%s is broken already: a broken unit that fails a MC is Casualty Reduced (ASL A10.3): report it reduced", u.ID)
		}
	case ReportPinned:
		switch {
		case u.Broken:
			return fmt.Sprintf("%s is broken: only a Good Order unit is pinned (ASL A7.8)", u.ID)
		case u.Pinned:
			return fmt.Sprintf("%s is pinned already", u.ID)
		case stop.Kind == state.TurnStart || rph:
			return fmt.Sprintf("no fire comes before the RPh, and a pin ends with the Player Turn it was received in (ASL A7.8); the game stands at %s", report.Where(stop))
		}
	case ReportReduced:
		if u.Kind.SMC() {
			return fmt.Sprintf("%s is a leader: Casualty Reduction wounds a leader (ASL A17.1): report it wounded (a minor wound) or eliminated (a mortal one)", u.ID)
		}
	case ReportWounded:
		switch {
		case !u.Kind.SMC():
			return fmt.Sprintf("%s is a %s: only a leader is wounded (ASL A17.1); report it reduced", u.ID, u.Kind)
		case u.Wounded:
			return fmt.Sprintf("%s is wounded already: a leader loses one ML and modifier however often wounded (ASL A17.3); a mortal wound (A17.11) is eliminated", u.ID)
		}
	case ReportKnown:
		if u.Known {
			return fmt.Sprintf("%s is Known already", u.ID)
		}
	case ReportHidden:
		switch {
		case !u.Known:
			return fmt.Sprintf("%s is not Known to the ENEMY already", u.ID)
		case u.Fired:
			return fmt.Sprintf("%s fired this Player Turn: firing reveals it (ASL A12)", u.ID)
		}
	}
	return ""
}

// own finds a FRIENDLY unit on the map by ID.
func (s *Session) own(verb Verb, id string) (*state.Unit, error) {
	st := s.g.st
	u := st.Unit(id)
	switch {
	case u == nil:
		var ids []string
		for _, x := range st.OfSide(state.Friendly) {
			ids = append(ids, x.ID)
		}
		return nil, fmt.Errorf("%s: no unit %s in the game (your units: %s)", verb, id, strings.Join(ids, ", "))
	case u.Side == state.Enemy:
		return nil, fmt.Errorf("%s: %s is an ENEMY unit: you command and report only your own (FRIENDLY) units; sasl resolves the ENEMY's (fire at it with sasl play fire)", verb, id)
	case !u.OnMap():
		return nil, fmt.Errorf("%s: %s is not on the map", verb, id)
	}
	return u, nil
}

// route works out a move's units and path (its Locations after the
// start), or why it cannot be: a move at a stop before the FRIENDLY MPh,
// an advance of one Location before the APh.
func (s *Session) route(c Command) ([]*state.Unit, []board.Location, error) {
	g, stop := s.g, s.stop
	m := g.w.Map()
	if !moves(stop) {
		return nil, nil, fmt.Errorf("move: not at this stop (%s): units move before your MPh, and advance one Location before your APh", report.Where(stop))
	}
	var units []*state.Unit
	for _, id := range c.Units {
		u, err := s.own("move", id)
		if err != nil {
			return nil, nil, err
		}
		switch {
		case slices.Contains(units, u):
			return nil, nil, fmt.Errorf("move: %s is named twice", id)
		case len(units) > 0 && u.At() != units[0].At():
			return nil, nil, fmt.Errorf("move: %s in %s and %s in %s are not in one Location: a stack moves together from one Location", units[0].ID, m.LocationName(units[0].At()), id, m.LocationName(u.At()))
		}
		if err := s.mayMove(u); err != nil {
			return nil, nil, err
		}
		units = append(units, u)
	}
	if c.LowCrawl {
		return nil, nil, fmt.Errorf("move: a Low Crawl is a rout (ASL A10.52): only a broken unit Low Crawls, in a RtPh")
	}
	if c.Assault && (len(c.To) != 1 || stop.Phase != state.MPh) {
		return nil, nil, fmt.Errorf("move: Assault Movement is a move of one Location in the MPh (ASL A4.61)")
	}
	from := units[0].At()
	dst := c.To[len(c.To)-1]
	switch {
	case dst == from:
		return nil, nil, fmt.Errorf("move: %s is in %s already", units[0].ID, m.LocationName(dst))
	case stop.Phase == state.APh && len(c.To) != 1:
		return nil, nil, fmt.Errorf("move: in the APh a unit advances one Location (ASL A4.7), not along a path")
	case stop.Phase == state.MPh && g.st.Has(state.Enemy, dst):
		return nil, nil, fmt.Errorf("move: %s holds ENEMY units: Infantry does not move into an ENEMY Location in the MPh (ASL A4.14); advance into it in the APh (ASL A4.7)", m.LocationName(dst))
	}
	path := c.To
	motion, budget := routeMotion(stop, c), act.NoLimit
	if stop.Phase == state.MPh {
		budget = g.mf(units)
		if len(c.To) == 1 && !c.Assault {
			p, ok := s.cheapest(units, from, dst)
			if !ok {
				return nil, nil, fmt.Errorf("move: no way from %s to %s for Infantry that avoids ENEMY Locations (ASL A4.14) and those it would overstack (ASL A5.1)", m.LocationName(from), m.LocationName(dst))
			}
			path = p
		}
	}
	// The executor's checks, step by step, as it will carry the move out
	// (a member of what Do takes is never stopped short by them).
	if _, err := act.On(g.w, g.st).CheckPath(units, path, motion, budget); err != nil {
		var r *act.Refusal
		if !errors.As(err, &r) {
			return nil, nil, err
		}
		return nil, nil, s.refusedStep(r, units, path)
	}
	return units, path, nil
}

// mayMove says why FRIENDLY unit u may not move (or advance) at the stop,
// or nil where it may.
func (s *Session) mayMove(u *state.Unit) error {
	stop := s.stop
	switch {
	case s.g.res.InMelee(u.At()):
		return fmt.Errorf("move: %s is in Melee in %s: it fights there in the CCPh (ASL A11; Withdrawal is not modelled)", u.ID, s.g.w.Map().LocationName(u.At()))
	case u.Broken:
		return fmt.Errorf("move: %s is broken: a broken unit neither moves nor advances (ASL A10)", u.ID)
	case u.Pinned:
		return fmt.Errorf("move: %s is pinned: it may not move or advance this Player Turn (ASL A7.8)", u.ID)
	case stop.Phase == state.MPh && u.Moved:
		return fmt.Errorf("move: %s has moved this MPh already", u.ID)
	case stop.Phase == state.MPh && u.Fired:
		return fmt.Errorf("move: %s fired in the PFPh: a unit that Prep Fires does not move in the MPh (ASL A3.3)", u.ID)
	case stop.Phase == state.APh && u.Advanced:
		return fmt.Errorf("move: %s has advanced this APh already: a unit advances one Location (ASL A4.7)", u.ID)
	}
	return nil
}

// routeMotion is the executor's motion of move command c at stop: an
// advance in the APh (ASL A4.7), a move or Assault Movement (A4.61) in
// the MPh.
func routeMotion(stop *Stop, c Command) act.Motion {
	switch {
	case stop.Phase != state.MPh:
		return act.Advance
	case c.Assault:
		return act.Assault
	}
	return act.Move
}

// refusedStep words the executor's refusal of a step of the player's
// move of units along path.
func (s *Session) refusedStep(r *act.Refusal, units []*state.Unit, path []board.Location) error {
	g := s.g
	m := g.w.Map()
	ids := make([]string, len(units))
	for i, u := range units {
		ids[i] = u.ID
	}
	switch r.Why {
	case act.NoArc, act.OffMap:
		return fmt.Errorf("move: %s to %s is no move of one Location for Infantry (not adjacent, or terrain it cannot enter)", m.LocationName(r.From), m.LocationName(r.To))
	case act.NoMF:
		if spent, err := act.On(g.w, g.st).CheckPath(units, path, r.Motion, act.NoLimit); err == nil {
			return fmt.Errorf("move: %s to %s costs %s MF along %s; %s has %s MF (ASL A4.1)", m.LocationName(units[0].At()), m.LocationName(path[len(path)-1]), pathing.HalfMF(spent), names(m, path), strings.Join(ids, ", "), pathing.HalfMF(g.mf(units)))
		}
		return fmt.Errorf("move: %s has %s MF (ASL A4.1): along %s, entering %s takes %s MF and %s are left", strings.Join(ids, ", "), pathing.HalfMF(g.mf(units)), names(m, path), m.LocationName(r.To), pathing.HalfMF(r.Cost), pathing.HalfMF(r.Left))
	case act.Occupied: // the destination's ENEMY units route refused first
		return fmt.Errorf("move: the path enters %s, which holds ENEMY units (ASL A4.14)", m.LocationName(r.To))
	case act.Full:
		return fmt.Errorf("move: %s: the move would overstack it (ASL A5.1: %d squads and %d SMC a side)", m.LocationName(r.To), g.w.HumanWave().Stacking.Value, g.w.HumanWave().StackSMC.Value)
	}
	return fmt.Errorf("move: %w", r)
}

// rout works out the player's rout at a rout stop (ASL A10.5): the units
// named, each one the stop lets rout, all in one Location, and each one's
// legal rout along the Locations given (combat.RoutPath).
func (s *Session) rout(c Command) ([]*state.Unit, []combat.RoutOption, error) {
	g, stop := s.g, s.stop
	if c.Assault {
		return nil, nil, fmt.Errorf("move: Assault Movement is a move of the MPh (ASL A4.61): in the RtPh a broken unit routs, or Low Crawls (ASL A10.52)")
	}
	if len(c.Units) != 1 {
		return nil, nil, fmt.Errorf("move: in the RtPh each broken unit routs on its own (ASL A10.5): name one unit")
	}
	if c.LowCrawl && len(c.To) != 1 {
		return nil, nil, fmt.Errorf("move: a Low Crawl is of one Location (ASL A10.52): name the Location")
	}
	var units []*state.Unit
	var opts []combat.RoutOption
	for _, id := range c.Units {
		u, err := s.own("move", id)
		if err != nil {
			return nil, nil, err
		}
		if _, ok := routOf(stop, id); !ok || slices.Contains(units, u) {
			var may []string
			for _, r := range stop.Routs {
				may = append(may, r.Unit)
			}
			why := "it is not broken and DM, or routed already, or is in Melee (ASL A10.5)"
			if slices.Contains(units, u) {
				why = "it is named twice"
			}
			return nil, nil, fmt.Errorf("move: %s does not rout now: %s; routing now: %s", id, why, strings.Join(may, ", "))
		}
		o, err := g.res.RoutPath(u, c.To, c.LowCrawl)
		if err != nil {
			return nil, nil, fmt.Errorf("move: %w", err)
		}
		units, opts = append(units, u), append(opts, o)
	}
	return units, opts, nil
}

func names(m *board.Map, ls []board.Location) string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = m.LocationName(l)
	}
	return strings.Join(out, ", ")
}

// cheapest is the cheapest path for Infantry stack units from one
// Location to another that enters no Location holding ENEMY units (ASL
// A4.14) nor one of FRIENDLY units it would overstack (A5.1), the
// executor's checks (act), but the last.
func (s *Session) cheapest(units []*state.Unit, from, to board.Location) ([]board.Location, bool) {
	g := s.g
	gr, err := g.w.Infantry()
	if err != nil {
		return nil, false
	}
	// A barred Location weighs more than any move's MF: a path through
	// one costs more than barred.
	const barred = 200
	w := make(pathing.Weights, gr.Len())
	for _, u := range g.st.Units() {
		if !u.OnMap() || u.At() == to {
			continue
		}
		if i, ok := gr.Node(u.At()); ok && (u.Side == state.Enemy || !g.fits(u.At(), units)) {
			w[i] = barred
		}
	}
	if s.search == nil {
		s.search = gr.NewSearch()
	}
	p, ok := s.search.Path(from, to, w)
	if !ok || p.Cost >= barred {
		return nil, false
	}
	out := make([]board.Location, 0, len(p.Steps)-1)
	for _, st := range p.Steps[1:] {
		out = append(out, st.Location)
	}
	return out, true
}

// aim works out a fire's kind, firers and shot, or why it cannot be.
func (s *Session) aim(c Command) (report.Kind, []*state.Unit, combat.Shot, error) {
	g, stop := s.g, s.stop
	m := g.w.Map()
	kind, ok := fireKind(stop)
	switch {
	case ok && stop.Kind == state.FirstFireAt && c.At != stop.At:
		return 0, nil, combat.Shot{}, fmt.Errorf("fire: First Fire is at the stack that moved into %s (%s), not at %s", m.LocationName(stop.At), strings.Join(stop.Moving, ", "), m.LocationName(c.At))
	case !ok:
		return 0, nil, combat.Shot{}, fmt.Errorf("fire: not at this stop (%s): you fire before your PFPh and AFPh, at an ENEMY move (First Fire) and before the ENEMY's DFPh", report.Where(stop))
	}
	var fg []*state.Unit
	if groups, n := combat.Groups(m, c.From, nil); n > 1 {
		i := slices.IndexFunc(groups, func(g int) bool { return g > 0 })
		return 0, nil, combat.Shot{}, fmt.Errorf("fire: %s is not ADJACENT to %s nor by a chain of ADJACENT Locations of the fire group (ASL A7.5)", m.LocationName(c.From[i]), m.LocationName(c.From[0]))
	}
	as := kind // the group's fire, by its units' markers (ASL A8)
	for i, l := range c.From {
		if slices.Contains(c.From[:i], l) {
			return 0, nil, combat.Shot{}, fmt.Errorf("fire: %s is named twice", m.LocationName(l))
		}
		if g.res.InMelee(l) {
			return 0, nil, combat.Shot{}, fmt.Errorf("fire: the units in %s are in Melee: they fight in the CCPh", m.LocationName(l))
		}
		group, k, err := s.offered(l, c.At, kind)
		if err != nil {
			return 0, nil, combat.Shot{}, err
		}
		if i > 0 && k != as {
			return 0, nil, combat.Shot{}, fmt.Errorf("fire: %s in %s and %s in %s do not fire as one group: First Fire, Subsequent First Fire and Final Protective Fire are each their own (ASL A8.3)", report.FireText(as), m.LocationName(c.From[0]), report.FireText(k), m.LocationName(l))
		}
		as = k
		fg = append(fg, group...)
	}
	targets := g.st.AppendAt(nil, state.Enemy, c.At)
	targets = slices.DeleteFunc(targets, func(u *state.Unit) bool { return !u.OnMap() })
	switch {
	case len(targets) == 0:
		return 0, nil, combat.Shot{}, fmt.Errorf("fire: %s holds no ENEMY unit", m.LocationName(c.At))
	case g.res.InMelee(c.At):
		return 0, nil, combat.Shot{}, fmt.Errorf("fire: %s is in Melee: fire into a Melee is not modelled; it is fought in the CCPh", m.LocationName(c.At))
	}
	sh, ok := g.res.AimAs(fg, c.At, motion(kind), longRange, kind)
	if !ok && kind == report.DefensiveFire && !slices.ContainsFunc(fg, func(u *state.Unit) bool { return u.Kind.MMC() && !u.Fired }) {
		return 0, nil, combat.Shot{}, fmt.Errorf("fire: the units in %s First Fired in the MPh: in the DFPh they fire only at an ADJACENT Location, as Final Fire (ASL A8.4)", names(m, c.From))
	}
	if !ok {
		return 0, nil, combat.Shot{}, fmt.Errorf("fire: no unit in %s has a clear LOS to %s within twice its normal range", names(m, c.From), m.LocationName(c.At))
	}
	return sh.As, fg, sh, nil
}

// offered is the fire group of Location l at a fire of kind (fireKind) at
// Location at, and its fire by its units' markers (ASL A8), or why they
// may not fire. At a First Fire stop, the units of the first group the
// stop offers in l, whose kind says their fire (First Fire, Subsequent
// First Fire, Final Protective Fire); in the DFPh the units that have not
// fired with those marked First Fire (ASL A8.4: they fire at ADJACENT
// Locations only); else those that have not fired.
func (s *Session) offered(l, at board.Location, kind report.Kind) ([]*state.Unit, report.Kind, error) {
	g, stop := s.g, s.stop
	m := g.w.Map()
	if kind != report.FirstFire {
		group := g.fireGroup(l, kind)
		if len(group) > 0 {
			return group, kind, nil
		}
		if kind == report.DefensiveFire && len(g.fireGroup(l, report.FinalProtectiveFire)) > 0 {
			return nil, 0, fmt.Errorf("fire: the units in %s are marked Final Fire: they do not fire in the DFPh (ASL A8.4)", m.LocationName(l))
		}
		return nil, 0, fmt.Errorf("fire: %s holds no FRIENDLY squad or half-squad that can fire (Good Order, not fired this Player Turn)", m.LocationName(l))
	}
	for _, sg := range stop.Groups {
		if sg.At != l {
			continue
		}
		var group []*state.Unit
		as := stopFire[sg.Fire]
		for _, id := range sg.Units {
			if u := g.st.Unit(id); u != nil && g.st.Holds(u) && !u.Broken && combat.Ready(u, as) {
				group = append(group, u)
			}
		}
		if slices.ContainsFunc(group, func(u *state.Unit) bool { return u.Kind.MMC() }) {
			return group, as, nil
		}
	}
	// Why not: by the markers of the units there (ASL A8.3, A8.31).
	switch {
	case len(g.fireGroup(l, report.SubsequentFirstFire)) > 0 && len(g.fireGroup(l, report.FirstFire)) == 0:
		return nil, 0, fmt.Errorf("fire: the units in %s have First Fired: they fire again (Subsequent First Fire, as Area Fire) only at a Location within their normal range, once at each move (ASL A8.3)", m.LocationName(l))
	case len(g.fireGroup(l, report.FinalProtectiveFire)) > 0 && len(g.fireGroup(l, report.FirstFire)) == 0:
		return nil, 0, fmt.Errorf("fire: the units in %s are marked Final Fire: they fire again only at an ADJACENT Location, as Final Protective Fire (ASL A8.31)", m.LocationName(l))
	case len(g.fireGroup(l, report.FirstFire)) > 0:
		return nil, 0, fmt.Errorf("fire: the units in %s have no clear LOS to %s within twice their normal range, or fired at this move already", m.LocationName(l), m.LocationName(at))
	}
	return nil, 0, fmt.Errorf("fire: %s holds no FRIENDLY squad or half-squad that can fire (Good Order, not fired this Player Turn)", m.LocationName(l))
}

// motion is how the target of fire of kind moves: fire at a mover (First
// Fire, Subsequent First Fire, FPF) is at a stack moving (the ENEMY's
// Human Waves and S? never use Assault Movement), other fire at units
// standing still. combat.AimAs works out the DRM from it (FFNAM, FFMO:
// ASL A4.6).
func motion(kind report.Kind) combat.Motion {
	if combat.AtMover(kind) {
		return combat.Moving
	}
	return combat.Still
}

// act carries out a move, a fire or a report, checked already.
func (s *Session) act(c Command) error {
	g := s.g
	switch c.Verb {
	case Move:
		if s.stop.Kind == state.RoutAt {
			units, opts, err := s.rout(c)
			if err != nil {
				return err
			}
			for i, u := range units {
				if err := g.res.RoutOne(u, opts[i]); err != nil {
					return err
				}
			}
			return g.reroute(s.stop)
		}
		units, path, err := s.route(c)
		if err != nil {
			return err
		}
		if s.stop.Phase == state.APh {
			return g.advance(units, path[0])
		}
		return g.move(units, path, c.Assault)
	case Fire:
		return s.fire(c)
	case Set:
		return s.report(c)
	}
	return nil
}

// fire resolves the player's fire: S? in the target Location are
// Activated by the attack first (SASL 3.32), then the fire group attacks
// the units there on the IFT.
func (s *Session) fire(c Command) error {
	g := s.g
	kind, fg, sh, err := s.aim(c)
	if err != nil {
		return err
	}
	fg = g.res.Firers(fg, sh, nil) // those in LOS and reach (ASL A7.22)
	st := g.st
	log := g.hw.Log()
	n := log.Len()
	for {
		at := st.AppendAt(nil, state.Enemy, c.At)
		i := slices.IndexFunc(at, func(u *state.Unit) bool { return u.Kind == state.SQ && u.OnMap() })
		if i < 0 {
			break
		}
		by := fg[slices.IndexFunc(fg, func(u *state.Unit) bool { return u.Kind.MMC() })]
		if err := g.hw.Attacked(at[i], by, by.At()); err != nil {
			return err
		}
	}
	targets := slices.DeleteFunc(st.AppendAt(nil, state.Enemy, c.At), func(u *state.Unit) bool { return !combat.Target(u) })
	if len(targets) == 0 {
		for _, u := range fg {
			combat.Mark(u, kind)
			u.Known = true
		}
		// the S? were dummies, or are gone: the firers fired all the same
		return g.hw.Acted(fg, report.ByFired, combat.Still)
	}
	var moving []*state.Unit
	if s.stop.Kind == state.FirstFireAt {
		// First Fire at the stack that moved into c.At (aim: the stop's
		// Location): the movement DRM is against its units only (ASL
		// A4.6), those the S? among them became too.
		moving = g.movers(s.stop.Moving, log.Since(n))
	}
	return g.attack(kind, fg, targets, sh.Group(), moving)
}

// report carries out sasl play set.
func (s *Session) report(c Command) error {
	g := s.g
	u, err := s.own(c.Verb, c.Units[0])
	if err != nil {
		return err
	}
	at := u.At()
	switch c.Report {
	case ReportPiece:
		u.Vasl = c.Piece
		log := g.hw.Log()
		log.Add(report.Event{Kind: report.Reported, Units: log.Strings(u.ID), At: at, Other: "piece " + c.Piece})
		return nil
	case ReportEliminated:
		g.res.Eliminate(u, report.ByPlayer, report.Dice{})
		return nil
	case ReportReduced:
		_, err := g.res.Reduce(u, report.ByPlayer, report.Dice{})
		return err
	case ReportWounded:
		u.Wounded = true // a minor wound, as the player rolled it (ASL A17.11)
	case ReportBroken:
		u.Broken, u.Pinned, u.DM = true, false, true // ASL A10.62: a unit that breaks is DM
	case ReportPinned:
		u.Pinned = true
	case ReportGood:
		u.Broken, u.Pinned, u.DM = false, false, false
	case ReportKnown:
		u.Known = true
	case ReportHidden:
		u.Known = false
	}
	log := g.hw.Log()
	log.Add(report.Event{Kind: report.Reported, Units: log.Strings(u.ID), At: at, Other: string(c.Report)})
	return nil
}
