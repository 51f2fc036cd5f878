package policy

import (
	"slices"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// hold keeps the FRIENDLY units where they are: each Location's Good Order
// MMC fire as one fire group (ASL A7.5), with the leaders there: at the
// first moving ENEMY stack within combat.hold_first_fire_range times their
// normal range (First Fire); once First Fired, at a later move within
// their normal range (Subsequent First Fire, A8.3) and, marked Final Fire,
// at a stack with a Good Order MMC moving in an ADJACENT Location (Final
// Protective Fire, A8.31: the NMC it costs is worth stopping a stack that
// could otherwise reach them), each at odds of at least policy.fire_odds;
// in the DFPh at the ENEMY Location in their LOS and range with the best
// odds (those that First Fired at an ADJACENT one only, A8.4), and in
// their own Player Turn by Prep Fire at the best odds of at least
// policy.fire_odds.
type hold struct {
	fire firer
	buf  []Action
}

func (*hold) Name() state.Policy { return Hold }

func (h *hold) Next(d *Decision) (Action, bool, error) {
	h.fire.one = true
	defer func() { h.fire.one = false }()
	return first(h, d, &h.buf)
}

func (h *hold) actions(d *Decision, out []Action) ([]Action, error) {
	return h.fire.decide(d, out, nil)
}

// firer is the fire of both policies: it keeps the scratch lists.
type firer struct {
	locs    []board.Location
	targets []board.Location
	// held is the Locations of every FRIENDLY unit on the map, those in
	// Melee too (locations lists them): an ENEMY unit in one of them is in
	// Melee.
	held []board.Location
	// reached is the Locations of units a stack moving in the MPh is
	// within the reach of (near).
	reached []board.Location
	// aims is best's fire groups, each with its Location and reach.
	aims []aim
	// groups holds the units of the actions decided, reused from decision
	// to decision: valid until the next.
	groups []*state.Unit
	// one: the fire decided is asked for its first action only (Next):
	// the rest are not worked out.
	one bool
}

// aim is a fire group of best: its units in Location l, and rng, the
// longest normal range of its MMC that may aim.
type aim struct {
	l   board.Location
	fg  []*state.Unit
	rng int
}

// decide appends the fire of the FRIENDLY Locations at d, but of units
// moving reports true for (nil: none moves).
func (f *firer) decide(d *Decision, out []Action, moving func(*state.Unit) bool) ([]Action, error) {
	f.groups = f.groups[:0]
	c := &d.W.Tables().Combat // a pointer: the table is large
	odds := float64(d.W.Tables().Policy.FireOdds.Value) / 100
	switch {
	case d.Moving != nil:
		// First Fire at the stack that entered d.At (ASL A8.1); not into
		// a Melee, a Location FRIENDLY units hold too (fire into a Melee is
		// not modelled: the player's is refused so, and the engine's is
		// not made).
		if !slices.ContainsFunc(d.Moving, combat.Target) || d.C.InMelee(d.At) {
			return out, nil
		}
		// A stack beyond reach times the normal range of every unit in a
		// Location that may aim is beyond that of each group of them,
		// whom AimAs would not count: none of that Location's groups
		// fires. near lists the others, found once.
		if f.near(d, d.At, max(c.HoldFirstFire.Value, 1)); len(f.reached) == 0 {
			return out, nil
		}
		threat := slices.ContainsFunc(d.Moving, func(u *state.Unit) bool {
			return u.Kind.MMC() && !u.Broken && d.St.Holds(u) && u.At() == d.At
		})
		for _, l := range f.locations(d) {
			if !slices.Contains(f.reached, l) {
				continue
			}
			for _, as := range [...]combat.FireKind{combat.FirstFire, combat.SubsequentFirstFire, combat.FinalProtectiveFire} {
				if as == combat.FinalProtectiveFire && !threat {
					continue
				}
				fg := f.group(d, l, moving, as)
				if len(fg) == 0 {
					continue
				}
				sh, ok := d.C.AimAs(fg, d.At, combat.Moving, c.HoldFirstFire.Value, combat.FirstFire)
				if ok && (as == combat.FirstFire || sh.Odds >= odds) {
					out = append(out, Action{Kind: Fire, Units: fg, Shot: sh})
					if f.one {
						return out, nil // the first is all Next takes
					}
				}
			}
		}
	case d.Player == state.Enemy && d.Phase == state.DFPh:
		out = f.best(d, out, 0, moving)
	case d.Player == state.Friendly && (d.Phase == state.PFPh || d.Phase == state.AFPh):
		out = f.best(d, out, odds, moving)
	}
	return out, nil
}

// best appends, for each FRIENDLY Location, the fire of its group at the
// ENEMY Location with the best odds of at least least (ties: the closest),
// if any.
func (f *firer) best(d *Decision, out []Action, least float64, moving func(*state.Unit) bool) []Action {
	as := combat.PrepFire
	switch {
	case d.Phase == state.AFPh:
		as = combat.AdvancingFire
	case d.Phase == state.DFPh:
		as = combat.DefensiveFire
	}
	// The groups first, each with the longest normal range of its MMC
	// that may aim (not broken): a Target beyond it is beyond every
	// member's, whom AimAs (reach 1, from l) would not count.
	f.aims = f.aims[:0]
	for _, l := range f.locations(d) {
		fg := f.group(d, l, moving, as)
		if len(fg) == 0 {
			continue
		}
		rng := 0
		for _, u := range fg {
			if !u.Kind.SMC() && !u.Broken {
				rng = max(rng, d.C.Strength(u).Range)
			}
		}
		f.aims = append(f.aims, aim{l: l, fg: fg, rng: rng})
	}
	if len(f.aims) == 0 {
		return out
	}
	// The ENEMY Locations that may be fired at, in the order of their
	// units: of a Target, not in Melee (a Location of a FRIENDLY unit,
	// held), within the reach of a group. A Location beyond every group's
	// is one no group would aim at: it is left out before it is looked
	// for among those taken.
	f.targets = f.targets[:0]
	last, lastOK := board.Location{}, false
	for _, u := range d.St.OfSide(state.Enemy) {
		if !combat.Target(u) {
			continue
		}
		t := u.At()
		if lastOK && t == last {
			continue // a Target before it decided this Location already
		}
		last, lastOK = t, true
		if !f.within(t) || slices.Contains(f.held, t) || slices.Contains(f.targets, t) {
			continue
		}
		f.targets = append(f.targets, t)
	}
	for _, a := range f.aims {
		var best combat.Shot
		found := false
		for _, t := range f.targets {
			if hex.Distance(a.l.Hex, t.Hex) > a.rng {
				continue
			}
			sh, ok := d.C.AimAs(a.fg, t, combat.Still, 1, as)
			if !ok || sh.Odds < least {
				continue
			}
			if !found || sh.Odds > best.Odds || sh.Odds == best.Odds && sh.Range < best.Range {
				best, found = sh, true
			}
		}
		if found {
			out = append(out, Action{Kind: Fire, Units: a.fg, Shot: best})
			if f.one {
				break // the first is all Next takes
			}
		}
	}
	return out
}

// within reports whether Location t is within the range of a group of
// best (aims).
func (f *firer) within(t board.Location) bool {
	for _, a := range f.aims {
		if hex.Distance(a.l.Hex, t.Hex) <= a.rng {
			return true
		}
	}
	return false
}

// near lists in f.reached the Locations of the FRIENDLY units on the map
// that may aim (AimAs: not broken, not SMC) with at within reach times
// their normal range.
func (f *firer) near(d *Decision, at board.Location, reach int) {
	f.reached = f.reached[:0]
	for _, u := range d.St.OfSide(state.Friendly) {
		if u.OnMap() && !u.Kind.SMC() && !u.Broken && !slices.Contains(f.reached, u.At()) &&
			hex.Distance(u.At().Hex, at.Hex) <= reach*d.C.Strength(u).Range {
			f.reached = append(f.reached, u.At())
		}
	}
}

// locations lists the Locations of FRIENDLY units on the map that are not
// in Melee, in the order of the units; f.held lists the Locations of all
// of them.
func (f *firer) locations(d *Decision) []board.Location {
	out, held := f.locs[:0], f.held[:0]
	for _, u := range d.St.OfSide(state.Friendly) {
		if !u.OnMap() || slices.Contains(held, u.At()) {
			continue
		}
		held = append(held, u.At())
		if !d.C.InMelee(u.At()) {
			out = append(out, u.At())
		}
	}
	f.locs, f.held = out, held
	return out
}

// group is the FRIENDLY units in l that may fire together as fire of kind
// as (ASL A7.5): its Good Order MMC whose fire markers let them
// (combat.Ready; nor move, by moving), with its Good Order leaders to
// direct them; nil if no MMC.
func (f *firer) group(d *Decision, l board.Location, moving func(*state.Unit) bool, as combat.FireKind) []*state.Unit {
	n := len(f.groups)
	mmc := false
	for u := range d.St.In(state.Friendly, l) {
		if u.Broken || !combat.Ready(u, as) || moving != nil && moving(u) || skip(d, u) {
			continue
		}
		f.groups = append(f.groups, u)
		mmc = mmc || u.Kind.MMC()
	}
	if !mmc {
		f.groups = f.groups[:n]
		return nil
	}
	return f.groups[n:len(f.groups):len(f.groups)]
}

// skip reports whether d's Skip reports u.
func skip(d *Decision, u *state.Unit) bool { return d.Skip != nil && d.Skip(u) }
