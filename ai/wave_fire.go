package ai

import (
	"slices"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/world"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// Target is a FRIENDLY unit a Human Wave fire group fires at, and why it
// was chosen (SASL 4.36).
type Target struct {
	Unit *state.Unit
	// TEM of the Target's Location against the group's fire, and the
	// hindrance DRM of the group's LOS to it: each the largest along the
	// lines of the shooters that can fire at it (one attack, one DRM: the
	// most hindered line, and a wall any line crosses, count for the
	// group; ASL A7.55, B9.3). "Least TEM" is least TEM plus hindrance.
	// Wall is the hexside feature whose TEM TEM is (0: the Location's).
	TEM, Hindrance int
	Wall           terrain.Features
	Range          int
	Priority       int // 1: closest Good Order Target in least TEM; 2: closest Target in least TEM
}

// Targeting is what the choice of a Human Wave fire group's Target weighs
// (SASL 4.36): the range within which a unit joins a fire group, the TEM
// of a unit against fire from a Location (combat.Cover: a wall or hedge
// the line crosses, Wall Advantage), the LOS from one Location to another
// (traced from the shooter), and whether a unit is locked in Melee (nil:
// none is).
type Targeting struct {
	Range int
	TEM   func(from board.Location, u *state.Unit) world.Cover
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
		var cov world.Cover
		for _, s := range shooters {
			if hex.Distance(s.Hex, f.At().Hex) > fireRange {
				continue
			}
			v := sight(s, f.At())
			if !v.Clear {
				continue
			}
			if c := tem(s, f); rng < 0 || c.TEM > cov.TEM {
				cov = c
			}
			if rng < 0 || v.Range < rng {
				rng = v.Range
			}
			hind = max(hind, v.Hindrance)
		}
		if rng < 0 {
			continue
		}
		c := Target{Unit: f, TEM: cov.TEM, Wall: cov.Wall, Hindrance: hind, Range: rng, Priority: 2}
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
// priority list (of the units within range that have the Target in their
// LOS, the contiguous group with the most FP: group), then the units left
// over against theirs. ENEMY units in no wave (released
// from one, rallied, generated from an S? of the setup) fire the same way,
// as one group of their own (their Prevailing Attitude is not among the
// texts: policy.released). A unit that moved fires as Advancing Fire.
func (e *Enemy) fire() error { return e.fireGroups(state.AFPh) }

// Defend is the ENEMY DFPh in the FRIENDLY Player Turn: every ENEMY unit
// that has not fired this Player Turn fires by the priorities of SASL 4.36,
// as in the AFPh (SASL 4.36 names the DFPh with the AFPh).
//
// Then, by human_wave.final_fire, the ENEMY units marked First Fire fire
// Final Fire at ADJACENT Targets, as Area Fire (ASL A8.4), a group a
// Target by the same priorities.
func (e *Enemy) Defend() error {
	e.log.Phase = state.DFPh
	if err := e.fireGroups(state.DFPh); err != nil {
		return err
	}
	// Only in a game (a Resolver): it clears the fire markers as each
	// Player Turn begins, so that a unit marked First Fire here fired in
	// this MPh; sasl wave, which plays the ENEMY alone, keeps them from
	// its AFPh. The Defensive Fire just made marked its firers Final Fire
	// (combat.Mark: a unit fires once in the DFPh, ASL A8.4).
	if e.h.FinalFire.Value == 0 || e.Res == nil {
		return nil
	}
	return e.finalFire()
}

// choose picks the Target of the shooters among the FRIENDLY units by tt
// (Targeting.Choose, from the shooters' Locations, but a Location the one
// before had: a Location met again weighs what it weighed the first time,
// and Choose keeps the first of equal TEM, so the units of a stack, which
// come one after another, count as one).
func (e *Enemy) choose(tt Targeting, shooters []*state.Unit) (Target, bool) {
	at := e.fireAt[:0]
	for _, s := range shooters {
		if l := s.At(); len(at) == 0 || at[len(at)-1] != l {
			at = append(at, l)
		}
	}
	e.fireAt = at
	return tt.Choose(at, e.st.OfSide(state.Friendly))
}

// finalFire is the DFPh fire of the ENEMY units marked First Fire (ASL
// A8.4: they fired in the MPh): at ADJACENT Known FRIENDLY units only, as
// Area Fire, as fire groups of contiguous Locations (A7.5).
func (e *Enemy) finalFire() error {
	shooters := e.finalSc.shooters[:0]
	defer func() { e.finalSc.shooters = shooters[:0] }()
	for _, u := range e.st.OfSide(state.Enemy) {
		if u.Kind != state.SQ && !u.Broken && u.OnMap() && u.Fired && !u.FinalFire && !u.Panicked && !e.inMelee(u) {
			shooters = append(shooters, u)
		}
	}
	tt := Targeting{Range: 1, TEM: e.cover, Sight: e.w.Sight, Melee: e.inMelee}
	for len(shooters) > 0 {
		tg, ok := e.choose(tt, shooters)
		if !ok {
			return nil
		}
		fg := e.finalSc.adjacent[:0]
		rest := shooters[:0]
		for _, s := range shooters {
			if combat.Adjacent(e.w.Map(), s.At(), tg.Unit.At()) && e.w.Sight(s.At(), tg.Unit.At()).Clear {
				fg = append(fg, s)
			} else {
				rest = append(rest, s)
			}
		}
		if len(fg) == 0 {
			return nil // the closest is at an upper level of an adjacent hex: no ADJACENT Target
		}
		// Of those ADJACENT to the Target, the contiguous group with the
		// most FP fires (ASL A7.5); the others are left for their own.
		in := fg
		e.finalSc.adjacent = in[:0]
		fg, left := e.group(in, tg.Unit.At(), false)
		shooters = append(rest, left...)
		if len(fg) == 0 {
			shooters = slices.DeleteFunc(shooters, func(u *state.Unit) bool { return slices.Contains(in, u) })
			continue // leaders alone have no FP to fire with
		}
		e.aim(fg, &tg)
		if err := e.shoot(fg, tg, report.FinalFire, combat.Still); err != nil {
			return err
		}
	}
	return nil
}

// inMelee reports whether u shares its Location with units of the other
// side: it does not fire, and it is no Target.
func (e *Enemy) inMelee(u *state.Unit) bool {
	other := state.Friendly
	if u.Side == state.Friendly {
		other = state.Enemy
	}
	return e.st.Has(other, u.At())
}

// shooter reports whether ENEMY unit u may fire: a Good Order unit (not
// an S?) on the map, not in Melee, that has not fired this Player Turn.
//
// A panicked unit fires only Final Protective Fire at ADJACENT FRIENDLY
// units as they move (SASL 6.212: FirstFire); a unit whose Action check gave
// it no Action (SASL 6) fires not at all in its Player Turn.
func (e *Enemy) shooter(u *state.Unit) bool {
	return u.Kind != state.SQ && !u.Broken && u.OnMap() && !u.Fired && !u.Panicked &&
		u.Command != state.Hold && !e.inMelee(u) // a Command lasts its Player Turn
}

func (e *Enemy) fireGroups(ph state.Phase) error {
	if err := e.w.SightErr(); err != nil {
		return err
	}
	tt := Targeting{Range: e.h.FireRange.Value, TEM: e.cover, Sight: e.w.Sight, Melee: e.inMelee}
	for i := 0; i <= len(e.st.Waves); i++ {
		w := "" // the units in no wave, last
		if i < len(e.st.Waves) {
			w = e.st.Waves[i].ID
		}
		shooters := e.shooters[:0]
		for _, u := range e.st.OfSide(state.Enemy) {
			if u.Kind != state.SQ && u.Wave == w && e.shooter(u) { // S?, most units, never fire
				shooters = append(shooters, u)
			}
		}
		e.shooters = shooters[:0] // its storage, kept as it grows below too
		for len(shooters) > 0 {
			tg, ok := e.choose(tt, shooters)
			if !ok {
				break
			}
			// The units that can fire at the Target, and of those the
			// largest fire group of contiguous Locations (e.group); the
			// others are left for their own groups and Targets.
			in := e.inRange[:0]
			rest := shooters[:0]
			for _, s := range shooters {
				if e.reaches(s, tg.Unit.At()) && e.w.Sight(s.At(), tg.Unit.At()).Clear {
					in = append(in, s)
				} else {
					rest = append(rest, s)
				}
			}
			e.inRange = in
			fg, left := e.group(in, tg.Unit.At(), ph == state.AFPh)
			shooters = append(rest, left...)
			if len(fg) == 0 {
				shooters = slices.DeleteFunc(shooters, func(u *state.Unit) bool { return slices.Contains(in, u) })
				continue // leaders alone have no FP to fire with
			}
			e.aim(fg, &tg)
			as := report.Kind(0)
			if ph == state.AFPh {
				as = report.AdvancingFire
			}
			if err := e.shoot(fg, tg, as, combat.Still); err != nil {
				return err
			}
		}
	}
	return nil
}

// aim sets the LOS and cover of fire group fg's attack on Target tg: its
// most hindered line, its closest member, the largest TEM a member's line
// gives. Choose weighed every unit that could fire, and some are not of
// the group (a unit two levels above the Target in its hex is not
// ADJACENT to it, ASL A8.4: its range 0 is not the group's).
func (e *Enemy) aim(fg []*state.Unit, tg *Target) {
	tg.Range, tg.Hindrance = 99, 0
	for i, u := range fg {
		v := e.w.Sight(u.At(), tg.Unit.At())
		tg.Range, tg.Hindrance = min(tg.Range, v.Range), max(tg.Hindrance, v.Hindrance)
		if c := e.cover(u.At(), tg.Unit); i == 0 || c.TEM > tg.TEM {
			tg.TEM, tg.Wall = c.TEM, c.Wall
		}
	}
}

// reaches reports whether ENEMY unit u may join a fire group at Location
// at: within fire_range (SASL 4.36) and, an MMC, within its long range,
// twice its normal range (ASL A7.22: beyond it a unit has no FP to add, and
// keeps its fire).
func (e *Enemy) reaches(u *state.Unit, at board.Location) bool {
	d := hex.Distance(u.At().Hex, at.Hex)
	return d <= e.h.FireRange.Value && (!u.Kind.MMC() || d <= 2*e.w.Strength(u).Range)
}

// cover is the TEM of FRIENDLY unit u against ENEMY fire from Location
// from (combat.Cover).
func (e *Enemy) cover(from board.Location, u *state.Unit) world.Cover {
	return combat.Cover(e.w, e.st, from, u.At(), state.Enemy)
}

// shoot tells of fire group fg's attack on Target tg, as fire of kind as
// (AdvancingFire in the AFPh; FirstFire, SubsequentFirstFire,
// FinalProtectiveFire at a mover; FinalFire; 0 for the DFPh), which moves
// as m (fire at a mover: combat.MoveDRM, with the group's TEM and
// hindrance), and has the Resolver resolve it; its units are marked as
// having fired it (combat.Mark).
func (e *Enemy) shoot(fg []*state.Unit, tg Target, as report.Kind, m combat.Motion) error {
	g := e.fireGroup(fg, tg, as)
	g.Move = combat.MoveDRM(&e.t.Combat, m, tg.TEM, tg.Hindrance)
	g.DRM += g.Move
	if as != report.AdvancingFire {
		g.As = as
	}
	mark := as
	if as == 0 && e.log.Phase == state.DFPh {
		mark = report.DefensiveFire // done for the phase (ASL A8.4)
	}
	for _, u := range fg {
		combat.Mark(u, mark)
	}
	p := e.log.Fire(g)
	e.log.Add(report.Event{Kind: report.Fire, Units: p.Members, Wave: fg[0].Wave, Fire: p})
	if e.Res != nil {
		return e.Res.Fire(p, tg.Unit.At())
	}
	return nil
}

// FirstFire is ENEMY Defensive First Fire at a FRIENDLY stack that has
// entered Location at in the FRIENDLY MPh (SASL 4.36: Human Wave units
// "will First Fire in the FRIENDLY MPh vs a Target as per 8.61-.612"; those
// rules are not among the texts, and sasl has the ENEMY units that may
// fire, have at in their LOS within fire_range and have not fired this
// Player Turn fire at it, other ENEMY units alike: as fire groups of
// contiguous Locations, ASL A7.5, one attack each, the group with the most
// FP first (group), while a unit of the stack is there). Then, by
// human_wave.sff and fpf, the units marked First Fire before this move fire
// Subsequent First Fire at it within their normal range (ASL A8.3), and
// those marked Final Fire Final Protective Fire at it in an ADJACENT
// Location (A8.31), as fire groups of Area Fire likewise: each unit fires
// once at a move; FPF only at a stack with a Good Order MMC. The stack
// moves as m: its movement DRM is combat.MoveDRM's (FFNAM; FFMO in Open
// Ground as each group sees it, ASL A4.6).
func (e *Enemy) FirstFire(stack []*state.Unit, at board.Location, m combat.Motion) error {
	if e.st.Has(state.Enemy, at) {
		return nil
	}
	// The groups are formed before any fires: a unit First Firing now is
	// not in the Subsequent First Fire group of this move.
	var groups [3][]*state.Unit
	kinds := [3]report.Kind{report.FirstFire, report.SubsequentFirstFire, report.FinalProtectiveFire}
	for _, u := range e.st.OfSide(state.Enemy) {
		if u.Kind == state.SQ || u.Broken || !u.OnMap() || e.inMelee(u) {
			continue
		}
		i, d := 0, hex.Distance(u.At().Hex, at.Hex)
		switch {
		case u.Panicked: // Final Protective Fire only (SASL 6.212)
			if e.h.FPF.Value == 0 || !combat.Adjacent(e.w.Map(), u.At(), at) {
				continue
			}
			i = 2
		case !u.Fired:
			if !e.reaches(u, at) {
				continue
			}
		case !u.FinalFire:
			if e.h.SFF.Value == 0 || u.Kind.MMC() && d > e.w.Strength(u).Range || !u.Kind.MMC() && d > e.h.FireRange.Value {
				continue
			}
			i = 1
		default:
			if e.h.FPF.Value == 0 || !combat.Adjacent(e.w.Map(), u.At(), at) {
				continue
			}
			i = 2
		}
		if !e.w.Sight(u.At(), at).Clear {
			continue
		}
		groups[i] = append(groups[i], u)
	}
	for i := range groups {
		can := groups[i]
		for len(can) > 0 {
			var tg *state.Unit
			for _, u := range stack {
				if u.OnMap() && e.st.Holds(u) && u.At() == at && (tg == nil || tg.Broken && !u.Broken) {
					tg = u
				}
			}
			if tg == nil {
				return nil
			}
			// Final Protective Fire costs its firers a NMC: the ENEMY fires
			// it at a stack that still holds a Good Order MMC (a broken
			// one's move ends there, ASL A10.5).
			if kinds[i] == report.FinalProtectiveFire && !slices.ContainsFunc(stack, func(u *state.Unit) bool {
				return u.Kind.MMC() && !u.Broken && e.st.Holds(u) && u.At() == at
			}) {
				break
			}
			can = slices.DeleteFunc(can, func(u *state.Unit) bool { return !e.st.Holds(u) || u.Broken })
			// One attack a contiguous group (ASL A7.5), the group with the
			// most FP first.
			fg, left := e.group(can, at, false)
			if len(fg) == 0 {
				break // leaders alone have no FP to fire with
			}
			can = append(can[:0], left...)     // can is not the Grouper's: group read it before
			t := Target{Unit: tg, Priority: 1} // tg stands in at
			e.aim(fg, &t)
			e.log.Phase = state.MPh
			if err := e.shoot(fg, t, kinds[i], m); err != nil {
				return err
			}
		}
	}
	return nil
}

// group splits units, each able to fire at Location at, into the fire
// group that fires and the units left over (ASL A7.5, by
// combat.Grouper.Largest): the contiguous Locations whose MMC have the most
// FP at it, each MMC's FP as fireGroup counts it; of equal FP, the group of
// the first MMC in units. SASL 4.36's "largest fire group possible" read
// as the most FP: the FP is what the attack rolls on. The slices are the
// Enemy's own, valid until the next call.
func (e *Enemy) group(units []*state.Unit, at board.Location, afph bool) (fg, left []*state.Unit) {
	fg, left = e.groups.Largest(e.w.Map(), units, func(u *state.Unit) float64 {
		return combat.FP(e.w.Map(), e.w.Strength(u), u.At(), at, combat.FireDivisor(e.t, u, afph))
	}, e.fg[:0], e.left[:0])
	e.fg, e.left = fg, left
	return fg, left
}

// fireGroup works out the firepower and DRM of a fire group (ASL A7):
// each MMC's printed firepower, doubled at point blank range (the Target's
// Location ADJACENT or the same: combat.FP), halved beyond its normal
// range, halved again for a unit that moved (Advancing Fire, in the AFPh); the
// DRM is the Target's TEM plus the hindrance of the group's LOS (the
// largest of its members' lines, tg.Hindrance) plus a leadership modifier
// where every Location of the group holds a Good Order leader (the worst
// of them directs).
func (e *Enemy) fireGroup(fg []*state.Unit, tg Target, as report.Kind) report.FireGroup {
	g := report.FireGroup{Target: tg.Unit.ID, TargetKind: tg.Unit.Kind, TargetType: tg.Unit.Type, At: tg.Unit.At(),
		TEM: tg.TEM, Hindrance: tg.Hindrance, DRM: tg.TEM + tg.Hindrance, Range: tg.Range, Priority: tg.Priority, Good: !tg.Unit.Broken}
	if tg.Wall != 0 {
		g.Wall = tg.Wall.String()
	}
	// Each Location of the group once, in the order first met: whether
	// an MMC fires from it, whether a Good Order leader is in it and the
	// worst modifier of those (a slice, not maps: a group holds a few).
	locs := e.fgLocs[:0]
	at := func(l board.Location) *fgLoc {
		for i := range locs {
			if locs[i].at == l {
				return &locs[i]
			}
		}
		locs = append(locs, fgLoc{at: l})
		return &locs[len(locs)-1]
	}
	g.Members = e.log.IDs(fg)
	from := e.fgFrom[:0] // the Locations that fire, in order
	for _, u := range fg {
		if u.Kind.SMC() {
			if st, err := e.w.ParseStrength(u.Type); err == nil && st.Leader {
				x := at(u.At())
				if m := combat.Leadership(u, st); !x.leader || m > x.worst {
					x.worst = m // a wounded leader's one more (ASL A17.3)
				}
				x.leader = true
			}
			continue
		}
		if x := at(u.At()); !x.mmc {
			x.mmc = true
			from = append(from, u.At())
		}
		div := combat.FireDivisor(e.t, u, as == report.AdvancingFire)
		if combat.Area(as) { // ASL A7.23, A8.3-A8.4
			div *= e.t.Combat.AreaFire.Value
		}
		g.FP += combat.FP(e.w.Map(), e.w.Strength(u), u.At(), tg.Unit.At(), div)
	}
	e.fgLocs, e.fgFrom = locs, from
	worst, all := -99, len(from) > 0
	for _, x := range locs {
		if !x.mmc {
			continue
		}
		if !x.leader {
			all = false
			break
		}
		worst = max(worst, x.worst)
	}
	if all {
		g.DRM += worst
	}
	g.From = e.log.Locations(from...)
	return g
}

// fgLoc is a Location of a fire group (fireGroup): whether an MMC fires
// from it, whether a Good Order leader is in it, and the worst modifier of
// its leaders.
type fgLoc struct {
	at          board.Location
	mmc, leader bool
	worst       int
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
