package ai

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// Activation is what Activated an S? (SASL 3.32, by the S? Activation
// table; 4.34 for a Human Wave S?): a Known FRIENDLY unit in its LOS
// within the table's ranges, at a range whose cell the Final IFT DRM of a
// shot at that unit from the S?'s Location satisfies.
type Activation struct {
	// By is the FRIENDLY unit, At its Location.
	By string
	At board.Location
	// Range in hexes from the S? to it.
	Range int
	// DRM is the Final IFT DRM: the TEM of the FRIENDLY unit's Location
	// plus the hindrance DRM along the LOS. (A FRIENDLY unit moving in the
	// open would add FFMO/FFNAM; sasl only Activates S? in the ENEMY
	// Player Turn, when FRIENDLY units do not move.)
	DRM, TEM, Hindrance int
	// Row of the table the mission plays by ("germany"), and its cell at
	// Range.
	Row  string
	Cell tables.ActivationCell
}

// activation returns what Activates an S? in Location l, if anything
// does: of the Known FRIENDLY units on the map within the table's ranges
// and in the S?'s LOS (traced from its Location to theirs), those whose
// range and Final IFT DRM the mission's row of the Activation table lets
// Activate it; the closest of them, then the one with the lowest DRM,
// then the first in the game's order. A FRIENDLY unit the ENEMY does not
// know of (Known false: not yet seen) Activates nothing.
func (e *Enemy) activation(l board.Location) (Activation, bool, error) {
	row, err := e.w.ActivationRow()
	if err != nil {
		return Activation{}, false, err
	}
	if _, err := e.w.LOS(); err != nil {
		return Activation{}, false, err
	}
	a := &e.t.Activation
	var best Activation
	found := false
	for _, f := range e.st.OfSide(state.Friendly) {
		if !f.Known || !f.OnMap() || hex.Distance(f.At().Hex, l.Hex) > a.MaxRange {
			continue
		}
		s := e.w.Sight(l, f.At())
		if !s.Clear {
			continue
		}
		tem := e.w.TEM(f.At())
		drm := tem + s.Hindrance
		cell, err := a.Cell(row, s.Range)
		if err != nil {
			return Activation{}, false, err
		}
		if !cell.Activates(drm) {
			continue
		}
		if found && (s.Range > best.Range || (s.Range == best.Range && drm >= best.DRM)) {
			continue
		}
		best = Activation{By: f.ID, At: f.At(), Range: s.Range, DRM: drm, TEM: tem, Hindrance: s.Hindrance, Row: row, Cell: cell}
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
	var sq []*state.Unit
	for _, u := range e.st.OfSide(state.Enemy) {
		if u.Kind == state.SQ && u.HW && u.OnMap() {
			sq = append(sq, u)
		}
	}
	for _, u := range sq {
		if _, err := e.activate([]*state.Unit{u}, u.At()); err != nil {
			return err
		}
	}
	return nil
}

// activationText says for the player why an S? was Activated: "F1 squad
// 6-6-7 in x1Q5 in LOS at 2 hexes: Final DRM +1 (TEM +1, hindrance +0) <=
// 2 on the Activation table (row germany, range 2)".
func (e *Enemy) activationText(a Activation) string {
	who := a.By
	if f := e.st.Unit(a.By); f != nil {
		who += " " + strings.ReplaceAll(f.Kind.String(), "_", "-") + typeSuffix(f.Type)
	}
	why := "auto"
	if a.Cell.Need == tables.NeedDRM {
		why = fmt.Sprintf("Final DRM %+d (TEM %+d, hindrance %+d) <= %d", a.DRM, a.TEM, a.Hindrance, a.Cell.DRM)
	}
	return fmt.Sprintf("%s in %s in LOS at %s: %s on the Activation table (row %s, range %d)", who, e.name(a.At), HexesText(a.Range), why, a.Row, a.Range)
}
