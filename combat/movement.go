package combat

import (
	"slices"

	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// Motion says how a unit fired at moves (ASL A4.6): not at all (fire
// outside its move), moving, or by Assault Movement (A4.61).
type Motion uint8

const (
	Still Motion = iota
	Moving
	Assault
)

// MoveDRM is the DRM of First Fire at a unit moving as m (ASL A4.6):
// FFNAM unless it uses Assault Movement, and FFMO when it is in Open
// Ground as the fire sees it: its TEM against that fire (tem, a wall's
// included: B9.3) is not positive and the LOS is not hindered (hindrance
// 0). Both sides' First Fire and the S? Activation table's Final DRM use
// it. O(1).
func MoveDRM(t *tables.Combat, m Motion, tem, hindrance int) int {
	if m == Still {
		return 0
	}
	drm := 0
	if m != Assault {
		drm += t.FFNAM.Value
	}
	if tables.OpenGround(tem, hindrance) {
		drm += t.FFMO.Value
	}
	return drm
}

// StackMF is the MF of an Infantry stack moving together, in half MF
// (ASL A4.1, A4.12): 4 for MMC (an S? counts as one), 6 for a leader
// alone, 6 for MMC with a leader; a wounded leader's 3 (A17.2) caps the
// stack he is in.
func StackMF(t *tables.Combat, units []*state.Unit) int {
	mmc := slices.ContainsFunc(units, func(u *state.Unit) bool { return u.Kind.MMC() || u.Kind == state.SQ })
	lead := slices.ContainsFunc(units, func(u *state.Unit) bool { return u.Kind.SMC() })
	mf := t.InfantryMF.Value
	switch {
	case !mmc:
		mf = t.LeaderMF.Value
	case lead:
		mf = t.InfantryMF.Value + t.LedMF.Value
	}
	if slices.ContainsFunc(units, func(u *state.Unit) bool { return u.Kind.SMC() && u.Wounded }) {
		mf = min(mf, t.WoundedMF.Value)
	}
	return 2 * mf
}
