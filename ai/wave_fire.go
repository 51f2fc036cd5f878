package ai

import (
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/world"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// Target is a FRIENDLY unit a Human Wave fire group fires at, and why it
// was chosen (SASL 4.36).
type Target struct {
	Unit *state.Unit
	// TEM of the Target's Location, and the hindrance DRM of the fire
	// group's LOS to it: the largest along the lines of the shooters that
	// can fire at it (one attack, one DRM: the most hindered line counts
	// for the group). "Least TEM" is least TEM plus hindrance.
	TEM, Hindrance int
	Range          int
	Priority       int // 1: closest Good Order Target in least TEM; 2: closest Target in least TEM
}

// Targeting is what the choice of a Human Wave fire group's Target weighs
// (SASL 4.36): the range within which a unit joins a fire group, the TEM
// of a unit's Location, the LOS from one Location to another (traced from
// the shooter), and whether a unit is locked in Melee (nil: none is).
type Targeting struct {
	Range int
	TEM   func(*state.Unit) int
	Sight func(from, to board.Location) world.Sight
	Melee func(*state.Unit) bool
}

// Choose picks the Target of a Human Wave fire group from the Known
// FRIENDLY units of targets (SASL 4.36). A unit can be fired at by the
// shooters (the Locations of the units that may fire) within range of it
// that have it in their LOS; one that none can fire at is no Target, nor
// is one in Melee. First the Good Order Targets, then any; of those, the
// least TEM, the hindrance of the group's LOS counted with it (the largest
// of the shooters' that can fire at it), then the closest, then the first
// by ID; ok is false with no Target.
func (tt Targeting) Choose(shooters []board.Location, targets []*state.Unit) (Target, bool) {
	fireRange, tem, sight, melee := tt.Range, tt.TEM, tt.Sight, tt.Melee
	var best Target
	found := false
	for _, f := range targets {
		if !f.Known || !f.OnMap() || (melee != nil && melee(f)) {
			continue
		}
		rng, hind := -1, 0
		for _, s := range shooters {
			if hex.Distance(s.Hex, f.At().Hex) > fireRange {
				continue
			}
			v := sight(s, f.At())
			if !v.Clear {
				continue
			}
			if rng < 0 || v.Range < rng {
				rng = v.Range
			}
			hind = max(hind, v.Hindrance)
		}
		if rng < 0 {
			continue
		}
		c := Target{Unit: f, TEM: tem(f), Hindrance: hind, Range: rng, Priority: 2}
		if !f.Broken {
			c.Priority = 1
		}
		ct, bt := c.TEM+c.Hindrance, best.TEM+best.Hindrance
		better := !found || c.Priority < best.Priority ||
			(c.Priority == best.Priority && (ct < bt || (ct == bt && (c.Range < best.Range || (c.Range == best.Range && c.Unit.ID < best.Unit.ID)))))
		if better {
			best, found = c, true
		}
	}
	return best, found
}

// fire is the AFPh of the Human Waves (SASL 4.36): the Activated units of a
// wave form the largest fire group possible against the Target of 4.36's
// priority list (every unit within range that has the Target in its LOS),
// then the units left over against theirs.
func (e *Enemy) fire() error {
	if _, err := e.w.LOS(); err != nil {
		return err
	}
	tem := func(u *state.Unit) int { return e.w.TEM(u.At()) }
	// Units sharing a Location with units of the other side are in Melee:
	// they do not fire, and such a Location is no Target.
	inMelee := func(u *state.Unit) bool {
		other := state.Friendly
		if u.Side == state.Friendly {
			other = state.Enemy
		}
		return e.st.Has(other, u.At())
	}
	tt := Targeting{Range: e.h.FireRange.Value, TEM: tem, Sight: e.w.Sight, Melee: inMelee}
	for _, wv := range e.st.Waves {
		w := wv.ID
		var shooters []*state.Unit
		for _, u := range e.st.OfSide(state.Enemy) {
			if u.Wave == w && u.Kind != state.SQ && !u.Broken && u.OnMap() && !inMelee(u) {
				shooters = append(shooters, u)
			}
		}
		for len(shooters) > 0 {
			at := e.fireAt[:0]
			for _, s := range shooters {
				at = append(at, s.At())
			}
			e.fireAt = at
			tg, ok := tt.Choose(at, e.st.OfSide(state.Friendly))
			if !ok {
				break
			}
			var fg []*state.Unit
			rest := shooters[:0]
			for _, s := range shooters {
				if hex.Distance(s.At().Hex, tg.Unit.At().Hex) <= e.h.FireRange.Value && e.w.Sight(s.At(), tg.Unit.At()).Clear {
					fg = append(fg, s)
				} else {
					rest = append(rest, s)
				}
			}
			shooters = rest
			g := e.log.Fire(e.fireGroup(fg, tg))
			e.log.Add(report.Event{Kind: report.Fire, Units: g.Members, Wave: w, Fire: g})
			if e.Res != nil {
				if err := e.Res.Fire(g, tg.Unit.At()); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// fireGroup works out the firepower and DRM of a fire group (ASL A7):
// each MMC's printed firepower, doubled at point blank range (the Target
// adjacent or in the same Location), halved beyond its normal range; the
// DRM is the Target's TEM plus the hindrance of the group's LOS (the
// largest of its members' lines, tg.Hindrance) plus a leadership modifier
// where every Location of the group holds a Good Order leader (the worst
// of them directs).
func (e *Enemy) fireGroup(fg []*state.Unit, tg Target) report.FireGroup {
	g := report.FireGroup{Target: tg.Unit.ID, TargetKind: tg.Unit.Kind, TargetType: tg.Unit.Type, At: tg.Unit.At(),
		TEM: tg.TEM, Hindrance: tg.Hindrance, DRM: tg.TEM + tg.Hindrance, Range: tg.Range, Priority: tg.Priority, Good: !tg.Unit.Broken}
	leaders := map[board.Location]int{} // the worst modifier in each Location
	hasLeader := map[board.Location]bool{}
	locs := map[board.Location]bool{}
	g.Members = e.log.IDs(fg)
	var from []board.Location
	for _, u := range fg {
		st, err := e.w.ParseStrength(u.Type)
		if u.Kind.SMC() {
			if err == nil && st.Leader {
				if !hasLeader[u.At()] || st.Modifier > leaders[u.At()] {
					leaders[u.At()] = st.Modifier
				}
				hasLeader[u.At()] = true
			}
			continue
		}
		if !locs[u.At()] {
			from = append(from, u.At())
		}
		locs[u.At()] = true
		g.FP += e.w.Strength(u).Firepower(hex.Distance(u.At().Hex, tg.Unit.At().Hex))
	}
	worst, all := -99, len(locs) > 0
	for l := range locs {
		if !hasLeader[l] {
			all = false
			break
		}
		worst = max(worst, leaders[l])
	}
	if all {
		g.DRM += worst
	}
	g.From = e.log.Locations(from...)
	return g
}

// Recovers reports whether an ENEMY Human Wave unit attempts Recovery of a
// SW (SASL 4.37): an MMC only of a SW of <= 2 PP; an SMC never.
func Recovers(u *state.Unit, sw state.SW) bool {
	return u.Kind.MMC() && !u.Broken && sw.PP <= 2
}

// recover is the end of the APh (SASL 4.37): a Human Wave MMC in a
// Location with an unpossessed SW of <= 2 PP attempts Recovery (the dr is
// the player's to make); SMC never do.
func (e *Enemy) recover() {
	for _, l := range e.st.Loose {
		for u := range e.st.In(state.Enemy, l.At) {
			if u.Wave == "" || u.Kind == state.SQ || !Recovers(u, l.SW) {
				continue
			}
			e.log.Add(report.Event{Kind: report.Recover, Units: e.log.Strings(u.ID), At: l.At, SW: l.SW})
			break
		}
	}
}
