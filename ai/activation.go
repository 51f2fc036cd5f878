package ai

import (
	"slices"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// activation returns what Activates an S? in Location l, if anything
// does: of the FRIENDLY units by (nil: every Known FRIENDLY unit on the
// map) within the table's ranges and in the S?'s LOS (traced from its
// Location to theirs), those whose range and Final IFT DRM the mission's
// row of the Activation table lets Activate it; the closest of them, then
// the one with the lowest DRM, then the first in the game's order. A
// FRIENDLY unit the ENEMY does not know of (Known false: not yet seen)
// Activates nothing.
func (e *Enemy) activation(l board.Location, by []*state.Unit, m report.Moment) (report.Activation, bool, error) {
	var act report.Activation
	ok, err := e.activationInto(l, by, m, &act)
	return act, ok, err
}

// activationInto is activation into *out, which it sets only when it
// reports that a unit Activates the S?: a check that finds none (most
// do) copies no event.
func (e *Enemy) activationInto(l board.Location, by []*state.Unit, m report.Moment, out *report.Activation) (bool, error) {
	row := e.w.ActivationRow()
	if err := e.w.SightErr(); err != nil {
		return false, err
	}
	a := &e.t.Activation
	reach := e.w.ActivationReach()
	if by == nil {
		by = e.st.OfSide(state.Friendly)
	}
	// The best so far, in locals: the event is made once, for it alone
	// (most checks Activate nothing).
	var (
		best              *state.Unit
		bestS             world.Sight
		bestCov           world.Cover
		bestDRM, bestMove int
		bestCell          tables.ActivationCell
		cells             []tables.ActivationCell // the row, read at the first cell needed
		haveRow           bool
	)
	// The lines toward each unit of by, its Location's row looked up once
	// for all the S? checked against it (e.toward, by index in by, kept
	// while the unit stays there), and the S?'s key once, at the first
	// unit within reach (most S? checked have none).
	var (
		kf       int
		okf, key bool
	)
	if len(e.toward) < len(by) {
		e.toward = append(e.toward, make([]world.Toward, len(by)-len(e.toward))...)
	}
	for i, f := range by {
		// Beyond the row's reach no cell Activates, whatever the DRM
		// (a "long" cell never does): no line need be looked at.
		if !f.Known || !f.OnMap() || f.Side != state.Friendly || hex.Distance(f.At().Hex, l.Hex) > reach {
			continue
		}
		if !key {
			kf, okf = e.w.Key(l)
			key = true
		}
		tw := &e.toward[i]
		if !tw.Of(e.w, f.At()) {
			*tw = e.w.Toward(f.At())
		}
		s := tw.From(l, kf, okf) // e.w.Sight(l, f.At())
		if !s.Clear {
			continue
		}
		// A unit farther than the best so far cannot replace it, and a
		// cell that never Activates ("long", beyond the table) does not
		// whatever the DRM: neither needs its cover worked out.
		if best != nil && s.Range > bestS.Range {
			continue
		}
		if !haveRow { // tables.Activation.Cell, its row looked up once
			r, err := e.activationRow(a, row)
			if err != nil {
				return false, err
			}
			cells, haveRow = r, true
		}
		cell := tables.ActivationCell{Need: tables.NeedNever}
		if s.Range >= 0 && s.Range < len(cells) {
			cell = cells[s.Range]
		}
		if cell.Need != tables.NeedAuto && cell.Need != tables.NeedDRM {
			continue // cell.Activates is false for every DRM
		}
		cov := combat.Cover(e.w, e.st, l, f.At(), state.Enemy)
		move := 0
		if e.motion != combat.Still && f.At() == e.movedTo && slices.Contains(e.moving, f) {
			// ASL A4.6: the Final DRM of a shot at a unit moving in the
			// FRIENDLY MPh has its FFNAM/FFMO, as its First Fire has.
			move = combat.MoveDRM(&e.t.Combat, e.motion, cov.TEM, s.Hindrance)
		}
		drm := cov.TEM + s.Hindrance + move
		if !cell.Activates(drm) {
			continue
		}
		if best != nil && s.Range == bestS.Range && drm >= bestDRM {
			continue
		}
		best, bestS, bestCov, bestDRM, bestMove, bestCell = f, s, cov, drm, move, cell
	}
	if best == nil {
		return false, nil
	}
	*out = report.Activation{By: best.ID, ByKind: best.Kind, ByType: best.Type, At: best.At(), Range: bestS.Range, DRM: bestDRM, TEM: bestCov.TEM,
		Hindrance: bestS.Hindrance, Move: bestMove, Row: row, Cell: bestCell, Moment: m}
	if bestCov.Wall != 0 {
		out.Wall = bestCov.Wall.String()
	}
	return true, nil
}

// activationRow returns the cells of row name of table a, the Enemy's
// Activation table: found once (a lookup by name) and kept, as neither the
// tables nor the world's row (World.ActivationRow) change.
func (e *Enemy) activationRow(a *tables.Activation, name string) ([]tables.ActivationCell, error) {
	if c := &e.actRow; c.ok && c.name == name {
		return c.cells, nil
	}
	r, err := a.Row(name)
	if err != nil {
		return nil, err
	}
	e.actRow.name, e.actRow.cells, e.actRow.ok = name, r.Value, true
	return r.Value, nil
}

// activate checks the S? leading stack, which moved, advanced or entered
// into Location l, against every Known FRIENDLY unit in its LOS (SASL
// 3.32: an S? that moves into a FRIENDLY unit's LOS): if one Activates it,
// it becomes its units (generate), which make the stack from then on.
func (e *Enemy) activate(stack []*state.Unit, l board.Location) ([]*state.Unit, error) {
	return e.check(stack, l, nil, report.SMoved)
}

// check Activates the S? leading stack in Location l if one of the
// FRIENDLY units by (nil: any Known one) does (activation), noting moment
// m.
func (e *Enemy) check(stack []*state.Unit, l board.Location, by []*state.Unit, m report.Moment) ([]*state.Unit, error) {
	ok, err := e.activationInto(l, by, m, &e.act1)
	if err != nil || !ok {
		return stack, err
	}
	return e.generate(stack[0], l, e.act1)
}

// Standing checks every S? on the map against every Known FRIENDLY unit in
// its LOS: the one fixed moment of each Player Turn at which S? and
// FRIENDLY units that stand still meet the Activation table
// (activation.still: the texts check an S? only when a unit acts; a pair
// that never moves would never be checked). The game calls it at the
// moment the tables name (game.Game's phase).
func (e *Enemy) Standing() error {
	return e.checkAll(nil, report.Standing)
}

// checkAll checks every S? on the map within the row's reach
// (ActivationReach) of the FRIENDLY units by (nil: every S?, against every
// Known FRIENDLY unit) against them, noting moment m.
func (e *Enemy) checkAll(by []*state.Unit, m report.Moment) error {
	max := e.w.ActivationReach()
	// The Locations of the units of by on the map, their cube
	// coordinates worked out once for all the S? (within).
	at := e.byAt[:0]
	for _, f := range by {
		if f.OnMap() {
			x, _, z := f.At().Hex.Cube()
			at = append(at, knownAt{f.At(), x, z})
		}
	}
	e.byAt = at
	sq := e.sq[:0]
	for _, u := range e.st.OfSide(state.Enemy) {
		if u.Kind != state.SQ || !u.OnMap() {
			continue
		}
		if by == nil || within(at, u.At(), max) {
			sq = append(sq, u)
		}
	}
	e.sq = sq
	if len(sq) > 0 { // activation's error, which the first check would return
		if err := e.w.SightErr(); err != nil {
			return err
		}
	}
	if by == nil {
		return e.standing(sq, max, m)
	}
	for _, u := range e.keep(sq...) {
		if !e.st.Holds(u) {
			continue
		}
		if _, err := e.check(e.keep(u), u.At(), by, m); err != nil {
			return err
		}
	}
	return nil
}

// standing is checkAll against every Known FRIENDLY unit: each S? of sq
// within max hexes of one is checked (activationInto), but for one the
// last Standing (e.still) found nothing to Activate in the Location it is
// in still, with no Known FRIENDLY unit within max hexes of it now in a
// Location none was in then. Such a check would find nothing again:
// whether a unit Activates an S? in Location l depends on l and the
// unit's Location alone (the line from l, the table's row and the TEM of
// the unit's Location are the world's), so a unit where one stood then
// does not, and one beyond reach never does; but for two things: the
// movement DRM of a FRIENDLY stack on the move (Acted's motion, Still
// here), and the Wall Advantage of combat.Cover, which reads who moved and
// whose Player Turn it is, but only for a unit ADJACENT to l (ASL B9.32) —
// an S? with a Known FRIENDLY unit within one hex is not kept in the memo,
// and so is always checked.
func (e *Enemy) standing(sq []*state.Unit, max int, m report.Moment) error {
	s := &e.still
	cur := e.knownAt(s.cur[:0])
	memo := s.ok && e.motion == combat.Still
	// The Known units in a Location none was in at the last Standing
	// (moved, or Known since): the only ones that may Activate an S? the
	// memo kept, and only within reach of it.
	moved := s.moved[:0]
	for _, f := range cur {
		if !slices.ContainsFunc(s.known, func(k knownAt) bool { return k.at == f.at }) {
			moved = append(moved, f)
		}
	}
	s.moved = moved
	s.ok = false // until this Standing is done
	changed := false
	clear := s.next[:0]
	j := 0 // s.clear is in the game's order, as sq is
	for _, u := range e.keep(sq...) {
		if !e.st.Holds(u) {
			continue
		}
		l := u.At()
		if memo && s.wasClear(&j, u, l) && !within(moved, l, max) {
			clear = addAt(clear, u, l)
			continue // nothing Activated it there, and no unit new there is within reach
		}
		if !within(cur, l, max) {
			clear = addAt(clear, u, l)
			continue // activation would find no unit: most S?, far from every one
		}
		ok, err := e.activationInto(l, nil, m, &e.act1)
		if err != nil {
			return err
		}
		if !ok {
			if !within(cur, l, 1) { // else Wall Advantage may count next time
				clear = addAt(clear, u, l)
			}
			continue
		}
		if _, err := e.generate(u, l, e.act1); err != nil {
			return err
		}
		// A generation changes ENEMY units alone; were it to change a
		// FRIENDLY one, the checks after it would be against the units
		// as they are then, and the memo would not be kept.
		if now := e.knownAt(s.tmp[:0]); !slices.Equal(now, cur) {
			memo, changed = false, true
			cur, s.tmp = now, cur
		} else {
			s.tmp = now
		}
	}
	s.cur, s.known = s.known, cur
	s.next, s.clear = s.clear, clear
	s.ok = !changed && e.motion == combat.Still
	return nil
}

// stillMemo is what the last Standing found (standing): the Known FRIENDLY
// units on the map then, in the game's order, and the S? it found nothing
// to Activate (but those with one of those units within one hex), in the
// game's order, each with its Location. ok: the memo
// holds (a Standing done, nothing FRIENDLY changed during it; Reset
// empties it, as a unit's storage serves the next game).
type stillMemo struct {
	ok    bool
	known []knownAt
	clear []unitAt
	// cur, tmp, next: the Standing's lists under way.
	cur, tmp, moved []knownAt
	next            []unitAt
}

// knownAt is the Location of a unit on the map (a Known FRIENDLY unit of
// a Standing, one of the units checkAll checks against), with its hex's
// cube coordinates x and z (hex.Hex.Cube).
type knownAt struct {
	at   board.Location
	x, z int
}

// unitAt is a unit and its Location.
type unitAt struct {
	u  *state.Unit
	at board.Location
}

// addAt appends unit u in Location l to dst, field by field: a unitAt
// made whole first and then copied is a load of 16 bytes from stores of 8
// and 1, which the CPU cannot forward to it (a stall at every S? of a
// Standing).
func addAt(dst []unitAt, u *state.Unit, l board.Location) []unitAt {
	dst = append(dst, unitAt{})
	p := &dst[len(dst)-1]
	p.u, p.at = u, l
	return dst
}

// wasClear reports whether the last Standing found nothing to Activate
// S? u in Location l, looking from s.clear[*j] on (the S? come in the
// game's order, which keeps the order of the units it holds: State.Add
// puts a unit after those of its side), and moves *j past u if it is
// there.
func (s *stillMemo) wasClear(j *int, u *state.Unit, l board.Location) bool {
	for k := *j; k < len(s.clear); k++ {
		if s.clear[k].u == u {
			*j = k + 1
			return s.clear[k].at == l
		}
	}
	return false // an S? not on the map at the last Standing
}

// knownAt appends the Locations of the Known FRIENDLY units on the map,
// in the game's order, to dst: the units activationInto checks an S?
// against when by is nil.
func (e *Enemy) knownAt(dst []knownAt) []knownAt {
	for _, f := range e.st.OfSide(state.Friendly) {
		if f.Known && f.OnMap() && f.Side == state.Friendly {
			x, _, z := f.At().Hex.Cube()
			dst = append(dst, knownAt{f.At(), x, z})
		}
	}
	return dst
}

// within reports whether one of the units of known is within r hexes of
// Location l.
func within(known []knownAt, l board.Location, r int) bool {
	// hex.Distance(f, l) <= r, written out: their cube coordinates differ
	// by at most r each (hex.Hex.Cube; y = -x-z), l's worked out once.
	lx, _, lz := l.Hex.Cube()
	for _, f := range known {
		if dx, dz := f.x-lx, f.z-lz; max(dx, -dx, dz, -dz, dx+dz, -dx-dz) <= r {
			return true
		}
	}
	return false
}

// firedChecks checks the S? in the LOS of the FRIENDLY units that fired
// during the ENEMY's moves (Acted), against them, once the moves are done.
func (e *Enemy) firedChecks() error {
	e.moves = false
	by := slices.DeleteFunc(e.firedBy, func(u *state.Unit) bool { return !e.st.Holds(u) || !u.OnMap() })
	e.firedBy = e.firedBy[:0]
	if len(by) == 0 {
		return nil
	}
	return e.checkAll(e.keep(by...), report.ByFired)
}

// activateAdvanced checks each S? that advanced in the APh (Advanced)
// against every Known FRIENDLY unit in its LOS (activate).
func (e *Enemy) activateAdvanced() error {
	sq := e.sq[:0]
	for _, u := range e.st.OfSide(state.Enemy) {
		if u.Kind == state.SQ && u.OnMap() && u.Advanced {
			sq = append(sq, u)
		}
	}
	e.sq = sq
	for _, u := range e.keep(sq...) {
		if _, err := e.activate(e.keep(u), u.At()); err != nil {
			return err
		}
	}
	return nil
}

// Acted checks the S? in the LOS of FRIENDLY units that acted against
// those units only (SASL 3.32 as VASL's SASL Activation Checker reads it:
// the S? with LOS to the unit that moved): m says how they acted (moved
// one step of the MPh, advanced, routed, fired). A stack moving in the
// FRIENDLY MPh (m ByMoved) moves as motion: the Final DRM of a shot at it
// has its movement DRM (combat.MoveDRM: FFNAM, FFMO; ASL A4.6), as the
// same step's First Fire has. An S? of the setup or an entry is
// generated as policy.setup_s says (SASL 5.1, 5); a Human Wave S? by Table x10 (4.34).
func (e *Enemy) Acted(by []*state.Unit, m report.Moment, motion combat.Motion) error {
	if len(by) == 0 {
		return nil
	}
	if m == report.ByFired && e.moves {
		// FRIENDLY First Fire at an ENEMY mover: the S? that see the
		// firers are checked once the ENEMY's moves are done, so that an
		// S? generated meanwhile does not lose its move (Play).
		for _, u := range by {
			if !slices.Contains(e.firedBy, u) {
				e.firedBy = append(e.firedBy, u)
			}
		}
		return nil
	}
	if m == report.ByMoved {
		e.moving, e.movedTo, e.motion = by, by[0].At(), motion
		defer func() { e.moving, e.motion = nil, combat.Still }()
	}
	return e.checkAll(slices.Clip(by), m)
}

// Reveal Activates S? s, found in a Location with FRIENDLY units (a
// Melee): whatever LOS says, it is revealed and generated (generate: SASL 5.1 and 5, or 4.34 for a Human Wave S?).
func (e *Enemy) Reveal(s *state.Unit) error {
	_, err := e.generate(s, s.At(), report.Activation{})
	return err
}

// Attacked Activates S? s, which FRIENDLY units fire at from Location
// from, by (the first of them) at range hexes: an attack on an S?
// Activates it first (SASL 3.3, not among the texts). A Human Wave S?
// attacked by First Fire as it moves goes on as the units it became.
func (e *Enemy) Attacked(s *state.Unit, by *state.Unit, from board.Location) error {
	_, err := e.attacked(s, report.Activation{By: by.ID, ByKind: by.Kind, ByType: by.Type, At: from, Range: hex.Distance(from.Hex, s.At().Hex), Fire: true})
	return err
}

// attacked Activates S? s, which an attack meets, as act says (generate),
// and keeps it and the units it became for the move under way (a Human
// Wave S? goes on as them: trip.revealed); it returns those units.
func (e *Enemy) attacked(s *state.Unit, act report.Activation) ([]*state.Unit, error) {
	units, err := e.generate(s, s.At(), act)
	if err != nil {
		return nil, err
	}
	units = slices.Clone(units)
	e.trip.revealed = append(e.trip.revealed, revealed{s, units})
	return units, nil
}

// revealed is an S? Activated by an attack and the units it became.
type revealed struct {
	s     *state.Unit
	units []*state.Unit
}
