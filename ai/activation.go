package ai

import (
	"slices"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// activation returns what Activates an S? in Location l, if anything
// does: of the Known FRIENDLY units on the map within the table's ranges
// and in the S?'s LOS (traced from its Location to theirs), those whose
// range and Final IFT DRM the mission's row of the Activation table lets
// Activate it; the closest of them, then the one with the lowest DRM,
// then the first in the game's order. A FRIENDLY unit the ENEMY does not
// know of (Known false: not yet seen) Activates nothing.
func (e *Enemy) activation(l board.Location) (report.Activation, bool, error) {
	row := e.w.ActivationRow()
	if _, err := e.w.LOS(); err != nil {
		return report.Activation{}, false, err
	}
	a := &e.t.Activation
	var best report.Activation
	found := false
	for _, f := range e.st.OfSide(state.Friendly) {
		if !f.Known || !f.OnMap() || hex.Distance(f.At().Hex, l.Hex) > a.MaxRange {
			continue
		}
		s := e.w.Sight(l, f.At())
		if !s.Clear {
			continue
		}
		cov := combat.Cover(e.w, e.st, l, f.At(), state.Enemy)
		move := 0
		if e.motion != combat.Still && f.At() == e.movedTo && slices.Contains(e.moving, f) {
			// ASL A4.6: the Final DRM of a shot at a unit moving in the
			// FRIENDLY MPh has its FFNAM/FFMO, as its First Fire has.
			move = combat.MoveDRM(&e.t.Combat, e.motion, cov.TEM, s.Hindrance)
		}
		drm := cov.TEM + s.Hindrance + move
		cell, err := a.Cell(row, s.Range)
		if err != nil {
			return report.Activation{}, false, err
		}
		if !cell.Activates(drm) {
			continue
		}
		if found && (s.Range > best.Range || (s.Range == best.Range && drm >= best.DRM)) {
			continue
		}
		best = report.Activation{By: f.ID, ByKind: f.Kind, ByType: f.Type, At: f.At(), Range: s.Range, DRM: drm, TEM: cov.TEM, Hindrance: s.Hindrance, Move: move, Row: row, Cell: cell}
		if cov.Wall != 0 {
			best.Wall = cov.Wall.String()
		}
		found = true
	}
	return best, found, nil
}

// activate Activates the Human Wave S? leading stack in Location l if a
// FRIENDLY unit's LOS does (see activation): it becomes the units of
// Table x10 (generate), which make the stack from then on.
func (e *Enemy) activate(stack []*state.Unit, l board.Location) ([]*state.Unit, error) {
	act, ok, err := e.activation(l)
	if err != nil || !ok {
		return stack, err
	}
	return e.generate(stack[0], l, act)
}

// activateAll Activates every Human Wave S? on the map that a FRIENDLY
// unit's LOS Activates where it stands: at the start of the MPh (the
// FRIENDLY side may have moved, or become Known, since), and after the
// APh's advances. Moving S? are also checked at each step of their move.
func (e *Enemy) activateAll() error {
	sq := e.sq[:0]
	for _, u := range e.st.OfSide(state.Enemy) {
		if u.Kind == state.SQ && u.HW && u.OnMap() {
			sq = append(sq, u)
		}
	}
	e.sq = sq
	for _, u := range sq {
		if _, err := e.activate(e.keep(u), u.At()); err != nil {
			return err
		}
	}
	return nil
}

// ActivateSeen Activates every S? on the map within the Activation table's
// range of Location l that a Known FRIENDLY unit's LOS Activates (SASL
// 3.32, 4.34): in the FRIENDLY MPh, after FRIENDLY stack moving, which
// moves as m, has entered l. The Final DRM of a shot at a unit of the
// stack has its movement DRM (combat.MoveDRM: FFNAM, FFMO; ASL A4.6), as
// the same step's First Fire has; other FRIENDLY units are not moving. An
// S? of the setup or an entry is generated as policy.setup_s says (Table
// x10: SASL 5's generation is not among the texts).
func (e *Enemy) ActivateSeen(moving []*state.Unit, l board.Location, m combat.Motion) error {
	e.moving, e.movedTo, e.motion = moving, l, m
	defer func() { e.moving, e.motion = nil, combat.Still }()
	max := e.t.Activation.MaxRange
	sq := e.sq[:0]
	for _, u := range e.st.OfSide(state.Enemy) {
		if u.Kind == state.SQ && u.OnMap() && hex.Distance(u.At().Hex, l.Hex) <= max {
			sq = append(sq, u)
		}
	}
	e.sq = sq
	for _, u := range sq {
		if !e.st.Holds(u) {
			continue
		}
		if _, err := e.activate(e.keep(u), u.At()); err != nil {
			return err
		}
	}
	return nil
}

// Reveal Activates S? s, found in a Location with FRIENDLY units (a
// Melee): whatever LOS says, it is revealed and generated (SASL 4.34).
func (e *Enemy) Reveal(s *state.Unit) error {
	_, err := e.generate(s, s.At(), report.Activation{})
	return err
}

// Attacked Activates S? s, which FRIENDLY units fire at from Location
// from, by (the first of them) at range hexes: an attack on an S?
// Activates it first (SASL 3.3, not among the texts). A Human Wave S?
// attacked by First Fire as it moves goes on as the units it became.
func (e *Enemy) Attacked(s *state.Unit, by *state.Unit, from board.Location) error {
	act := report.Activation{By: by.ID, ByKind: by.Kind, ByType: by.Type, At: from, Range: hex.Distance(from.Hex, s.At().Hex), Fire: true}
	units, err := e.generate(s, s.At(), act)
	if err == nil {
		e.trip.revealed = append(e.trip.revealed, revealed{s, slices.Clone(units)})
	}
	return err
}

// revealed is an S? Activated by an attack and the units it became.
type revealed struct {
	s     *state.Unit
	units []*state.Unit
}
