package ai

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// Target is a FRIENDLY unit a Human Wave fire group fires at, and why it
// was chosen (SASL 4.36).
type Target struct {
	Unit     *state.Unit
	TEM      int
	Range    int
	Priority int // 1: closest Good Order Target in least TEM; 2: closest Target in least TEM
}

// ChooseTarget picks the Target of a Human Wave fire group from the Known
// FRIENDLY units within range of a shooter (SASL 4.36): first the Good Order
// Targets, then any; of those, the least TEM, then the closest. tem gives a
// unit's TEM; melee reports a Target locked in Melee, not fired at; ok is
// false with no Target in range.
func ChooseTarget(shooters []hex.Hex, targets []*state.Unit, fireRange int, tem func(*state.Unit) int, melee func(*state.Unit) bool) (Target, bool) {
	var best Target
	found := false
	for _, f := range targets {
		if !f.Known || !f.OnMap() || (melee != nil && melee(f)) {
			continue
		}
		rng := -1
		for _, s := range shooters {
			if d := hex.Distance(s, f.At.Hex); d <= fireRange && (rng < 0 || d < rng) {
				rng = d
			}
		}
		if rng < 0 {
			continue
		}
		c := Target{Unit: f, TEM: tem(f), Range: rng, Priority: 2}
		if !f.Broken {
			c.Priority = 1
		}
		better := !found || c.Priority < best.Priority ||
			(c.Priority == best.Priority && (c.TEM < best.TEM || (c.TEM == best.TEM && (c.Range < best.Range || (c.Range == best.Range && c.Unit.ID < best.Unit.ID)))))
		if better {
			best, found = c, true
		}
	}
	return best, found
}

// fire is the AFPh of the Human Waves (SASL 4.36): the Activated units of a
// wave form the largest fire group possible against the Target of 4.36's
// priority list, then the units left over against theirs.
func (h *HW) fire() {
	tem := func(u *state.Unit) int {
		t, _ := h.m.Terrain(u.At.Hex)
		return h.h.TEMOf(t)
	}
	for _, w := range h.waveIDs() {
		// Units sharing a Location with FRIENDLY units are in Melee: they
		// do not fire, and such a Location is no Target.
		inMelee := func(u *state.Unit) bool {
			other := state.Friendly
			if u.Side == state.Friendly {
				other = state.Enemy
			}
			return len(h.st.At(other, u.At)) > 0
		}
		var shooters []*state.Unit
		for _, u := range h.st.Units {
			if u.Wave == w && u.Side == state.Enemy && u.Kind != state.SQ && !u.Broken && !u.Exited && !inMelee(u) {
				shooters = append(shooters, u)
			}
		}
		for len(shooters) > 0 {
			at := make([]hex.Hex, len(shooters))
			for i, s := range shooters {
				at[i] = s.At.Hex
			}
			tg, ok := ChooseTarget(at, h.st.Side(state.Friendly), h.h.FireRange.Value, tem, inMelee)
			if !ok {
				break
			}
			var fg []string
			rest := shooters[:0]
			for _, s := range shooters {
				if hex.Distance(s.At.Hex, tg.Unit.At.Hex) <= h.h.FireRange.Value {
					fg = append(fg, s.ID)
				} else {
					rest = append(rest, s)
				}
			}
			shooters = rest
			status := "Good Order"
			if tg.Unit.Broken {
				status = "broken"
			}
			h.emit(Event{Kind: "fire", Text: fmt.Sprintf("Fire group %s (%d units) fires at %s (%s%s) in %s: %s, TEM %+d, %d hexes (SASL 4.36 priority %d)",
				strings.Join(fg, ", "), len(fg), tg.Unit.ID, tg.Unit.Kind, typeSuffix(tg.Unit.Type), h.name(tg.Unit.At), status, tg.TEM, tg.Range, tg.Priority)})
		}
	}
}

// Recovers reports whether an ENEMY Human Wave unit attempts Recovery of a
// SW (SASL 4.37): an MMC only of a SW of <= 2 PP; an SMC never.
func Recovers(u *state.Unit, sw state.SW) bool {
	return u.Kind.MMC() && !u.Broken && sw.PP <= 2
}

// recover is the end of the APh (SASL 4.37): a Human Wave MMC in a
// Location with an unpossessed SW of <= 2 PP attempts Recovery (the dr is
// the player's to make); SMC never do.
func (h *HW) recover() {
	for _, l := range h.st.Loose {
		for _, u := range h.st.At(state.Enemy, l.At) {
			if u.Wave == "" || u.Kind == state.SQ || !Recovers(u, l.SW) {
				continue
			}
			h.emit(Event{Unit: u.ID, Kind: "recover", Text: fmt.Sprintf("%s attempts Recovery of the %s (%d PP) in %s (SASL 4.37)", u.ID, l.SW.Name, l.SW.PP, h.name(l.At))})
			break
		}
	}
}
