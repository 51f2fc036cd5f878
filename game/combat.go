package game

import (
	"fmt"
	"slices"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// Policies: who plays the FRIENDLY side of a game.
const (
	// PolicyHold: the engine plays the FRIENDLY side too, as sasl sim does:
	// FRIENDLY units keep their positions, First Fire at moving ENEMY units
	// and fire in the DFPh, rally in the RPh; every attack is resolved on
	// the Infantry Fire Table, Close Combat on the CC Table.
	PolicyHold = "hold"
	// PolicyPlayer: the player plays the FRIENDLY side and resolves the
	// ENEMY side's attacks, editing the game file between turns.
	PolicyPlayer = "player"
)

// ParsePolicy checks a policy name; "" is PolicyPlayer (a game file of an
// earlier sasl).
func ParsePolicy(s string) (string, error) {
	switch s {
	case "":
		return PolicyPlayer, nil
	case PolicyHold, PolicyPlayer:
		return s, nil
	}
	return "", fmt.Errorf("game: unknown FRIENDLY policy %q (want hold or player)", s)
}

// combat plays the FRIENDLY side by the hold policy and resolves every
// attack: ASL A7 (Infantry Fire Table), A10 (Morale Checks, Rally), A11
// (Close Combat), with the values of tables.Combat. It is the ai.Resolver
// of a game with PolicyHold.
type combat struct {
	g   *Game
	r   dice.Roller
	t   *tables.Set
	log *report.Log
	// fired: FRIENDLY Locations whose units have fired this ENEMY Player
	// Turn.
	fired map[board.Location]bool
	// scratch lists, reused: the FRIENDLY Locations, a fire group, the
	// units it attacks, those an attack's result falls on.
	locs                 []board.Location
	fg, targets, victims []*state.Unit
}

func newCombat(g *Game) *combat {
	return &combat{g: g, t: g.W.Tables(), log: g.hw.Log(), fired: map[board.Location]bool{}}
}

func (c *combat) st() *state.State { return c.g.State }

// add tells an event about one unit.
func (c *combat) add(kind report.Kind, u *state.Unit, ev report.Event) {
	ev.Kind, ev.Units, ev.At = kind, c.log.Strings(u.ID), u.At()
	c.log.Add(ev)
}

// strength is what a unit's counter says: an MMC's as world.World.Strength
// reads it; a leader's from its type, one without a readable type counted
// a 7-0.
func (c *combat) strength(u *state.Unit) tables.Strength {
	if !u.Kind.SMC() {
		return c.g.W.Strength(u)
	}
	if s, err := c.g.W.ParseStrength(u.Type); err == nil && s.Leader {
		return s
	}
	return tables.Strength{Leader: true, Morale: 7}
}

// morale is a unit's ML: its counter's, plus the Human Wave increase for a
// unit engaging in a SASL Human Wave (SASL 4.3).
func (c *combat) morale(u *state.Unit) int {
	ml := c.strength(u).Morale
	if u.Side == state.Enemy && u.Wave != "" && !u.Released {
		ml += c.t.Combat.HWMorale.Value
	}
	return ml
}

func (c *combat) tem(l board.Location) int { return c.g.W.TEM(l) }

// target reports whether u can be fired at: on the map and not an S?
// (sasl does not model an attack on an S?: SASL 3.3 Activates it first,
// a rule not among the texts).
func target(u *state.Unit) bool { return u.OnMap() && u.Kind != state.SQ }

func other(s state.Side) state.Side {
	if s == state.Enemy {
		return state.Friendly
	}
	return state.Enemy
}

// inMelee reports whether Location l holds units of both sides.
func (c *combat) inMelee(l board.Location) bool {
	return c.st().Has(state.Enemy, l) && c.st().Has(state.Friendly, l)
}

// leaderDRM is the modifier of the best Good Order leader of side in l
// (ASL A10.7), 0 with none.
func (c *combat) leaderDRM(side state.Side, l board.Location) (int, bool) {
	best, ok := 0, false
	for u := c.st().First(l.Hex); u != nil; u = u.Next() {
		if u.Side == side && u.At() == l && u.OnMap() && u.Kind == state.Leader && !u.Broken {
			if s := c.strength(u); s.Leader && (!ok || s.Modifier < best) {
				best, ok = s.Modifier, true
			}
		}
	}
	return best, ok
}

// group is the Good Order MMC of the FRIENDLY units in l that may fire.
func (c *combat) group(l board.Location) []*state.Unit {
	out := c.fg[:0]
	for u := c.st().First(l.Hex); u != nil; u = u.Next() {
		if u.Side == state.Friendly && u.At() == l && u.OnMap() && u.Kind.MMC() && !u.Broken {
			out = append(out, u)
		}
	}
	c.fg = out
	return out
}

// firepower is the FP of units firing at range d (tables.Strength.Firepower);
// reach is the group's longest normal range.
func (c *combat) firepower(units []*state.Unit, d int) (fp float64, reach int) {
	for _, u := range units {
		s := c.strength(u)
		fp += s.Firepower(d)
		reach = max(reach, s.Range)
	}
	return fp, reach
}

// friendlyLocations lists the Locations of FRIENDLY units on the map, in
// the order of the units.
func (c *combat) friendlyLocations() []board.Location {
	out := c.locs[:0]
	for _, u := range c.st().OfSide(state.Friendly) {
		if u.OnMap() && !slices.Contains(out, u.At()) {
			out = append(out, u.At())
		}
	}
	c.locs = out
	return out
}

// Entered is First Fire (ASL A8.1) by the hold policy: every FRIENDLY
// Location that has not fired this Player Turn fires, as one fire group of
// its Good Order MMC, at the first moving ENEMY stack within its normal
// range, with FFNAM and, in Open Ground, FFMO.
func (c *combat) Entered(stack []*state.Unit, at board.Location) error {
	targets := c.targets[:0]
	for _, u := range stack {
		if target(u) {
			targets = append(targets, u)
		}
	}
	c.targets = targets
	if len(targets) == 0 {
		return nil
	}
	for _, l := range c.friendlyLocations() {
		if c.fired[l] || l == at || c.inMelee(l) {
			continue
		}
		fg := c.group(l)
		if len(fg) == 0 {
			continue
		}
		d := hex.Distance(l.Hex, at.Hex)
		fp, reach := c.firepower(fg, d)
		if d > reach*c.t.Combat.HoldFirstFire.Value {
			continue
		}
		s := c.sight(l, at)
		if !s.Clear {
			continue
		}
		tem := c.tem(at)
		drm := tem + s.Hindrance + c.t.Combat.FFNAM.Value
		if tem == 0 {
			drm += c.t.Combat.FFMO.Value
		}
		lead, _ := c.leaderDRM(state.Friendly, l)
		drm += lead
		c.fired[l] = true
		if err := c.attack(report.FirstFire, fg, targets, report.FireGroup{At: at, FP: fp, DRM: drm, Hindrance: s.Hindrance, Range: d}); err != nil {
			return err
		}
		targets = slices.DeleteFunc(targets, func(u *state.Unit) bool { return u.Broken || !c.st().Holds(u) })
		if len(targets) == 0 {
			break
		}
	}
	return nil
}

// Fire resolves an ENEMY fire group's attack on the FRIENDLY units in at.
func (c *combat) Fire(g *report.FireGroup, at board.Location) error {
	targets := c.st().AppendAt(c.targets[:0], state.Friendly, at)
	c.targets = targets
	if len(targets) == 0 {
		return nil
	}
	res, dr, final, err := c.roll(g.FP, g.DRM, dice.Why{Rule: "ASL A7", For: report.ForGroupIFT, Units: g.Members, At: at})
	if err != nil {
		return err
	}
	g.DR, g.Final, g.Result = dr, final, res.String()
	c.log.Add(report.Event{Kind: report.Result, Units: c.log.IDs(targets), Fire: g})
	return c.apply(res, targets)
}

// defensiveFire is the DFPh by the hold policy: every FRIENDLY Location
// that did not First Fire fires at the ENEMY Location in its LOS within
// its normal range with the least TEM plus hindrance, then the closest
// (ASL A3.5, A7).
func (c *combat) defensiveFire() error {
	for _, l := range c.friendlyLocations() {
		if c.fired[l] || c.inMelee(l) {
			continue
		}
		fg := c.group(l)
		if len(fg) == 0 {
			continue
		}
		_, reach := c.firepower(fg, 2)
		reach *= c.t.Combat.HoldFirstFire.Value
		var best board.Location
		bestDRM, bestD, bestHind := 99, 99, 0
		for _, u := range c.st().OfSide(state.Enemy) {
			if !target(u) || c.inMelee(u.At()) {
				continue
			}
			d := hex.Distance(l.Hex, u.At().Hex)
			if d > reach {
				continue
			}
			s := c.sight(l, u.At())
			if !s.Clear {
				continue
			}
			if t := c.tem(u.At()) + s.Hindrance; t < bestDRM || (t == bestDRM && d < bestD) {
				best, bestDRM, bestD, bestHind = u.At(), t, d, s.Hindrance
			}
		}
		if bestD == 99 {
			continue
		}
		targets := c.targets[:0]
		for u := c.st().First(best.Hex); u != nil; u = u.Next() {
			if u.Side == state.Enemy && u.At() == best && target(u) {
				targets = append(targets, u)
			}
		}
		c.targets = targets
		fp, _ := c.firepower(fg, bestD)
		lead, _ := c.leaderDRM(state.Friendly, l)
		c.fired[l] = true
		if err := c.attack(report.DefensiveFire, fg, targets, report.FireGroup{At: best, FP: fp, DRM: bestDRM + lead, Hindrance: bestHind, Range: bestD}); err != nil {
			return err
		}
	}
	return nil
}

// sight is the LOS from FRIENDLY Location from to ENEMY Location at. It is
// traced from the ENEMY end, LOS being reciprocal (ASL A6.1), so that the
// lines are cached by the FRIENDLY positions, which recur (world.Sight).
func (c *combat) sight(from, at board.Location) world.Sight {
	return c.g.W.Sight(at, from)
}

// attack is one FRIENDLY fire group's attack on targets: g holds where
// they are, the group's FP and DRM, the hindrance of its LOS and the range.
// Firing reveals the firers (they become Known).
func (c *combat) attack(kind report.Kind, fg, targets []*state.Unit, g report.FireGroup) error {
	for _, u := range fg {
		u.Known = true
	}
	var from []board.Location
	for _, u := range fg {
		if !slices.Contains(from, u.At()) {
			from = append(from, u.At())
		}
	}
	g.Members, g.Targets, g.From = c.log.IDs(fg), c.log.IDs(targets), c.log.Locations(from...)
	g.Target, g.TEM, g.Good = targets[0].ID, c.tem(g.At), !targets[0].Broken
	res, dr, final, err := c.roll(g.FP, g.DRM, dice.Why{Rule: "ASL A7", For: report.ForIFT, Units: g.Members, At: g.At})
	if err != nil {
		return err
	}
	g.DR, g.Final, g.Result = dr, final, res.String()
	c.log.Add(report.Event{Kind: kind, Units: g.Members, Fire: c.log.Fire(g)})
	return c.apply(res, targets)
}

// roll makes an IFT DR.
func (c *combat) roll(fp float64, drm int, why dice.Why) (tables.Result, int, int, error) {
	a, b, err := c.r.DR(why)
	if err != nil {
		return tables.Result{}, 0, 0, err
	}
	dr := a + b
	return c.t.IFT.Result(fp, dr+drm), dr, dr + drm, nil
}

// apply carries out an IFT result on the units attacked (ASL A7.3):
// nKIA eliminates n of them by Random Selection and breaks the rest; K/n
// Casualty Reduces one and gives all an nMC; nMC and NMC a Morale Check.
// A PTC has no effect here (pins are not modelled).
func (c *combat) apply(res tables.Result, units []*state.Unit) error {
	units = append(c.victims[:0], units...)
	c.victims = units
	switch res.Kind {
	case tables.KIA:
		for n := 0; n < res.N && len(units) > 0; n++ {
			i, err := c.randomSelection(units, report.SelectKIA)
			if err != nil {
				return err
			}
			c.eliminate(units[i], report.KIA, report.Dice{})
			units = slices.Delete(units, i, i+1)
		}
		for _, u := range units {
			c.consequence(u, c.t.Combat.KIASurvivors.Value, report.SurvivedKIA)
		}
		return nil
	case tables.KMC:
		i, err := c.randomSelection(units, report.SelectK)
		if err != nil {
			return err
		}
		if c.reduce(units[i], report.KMC, report.Dice{Need: res.N}) {
			units = slices.Delete(units, i, i+1)
		}
	case tables.MC:
	default:
		return nil
	}
	return c.moraleChecks(units, res.N)
}

// moraleChecks makes the units' Morale Checks with DRM n: leaders first,
// then the others with the modifier of a leader that passed (ASL A10.7).
func (c *combat) moraleChecks(units []*state.Unit, n int) error {
	leadersFirst(units)
	for _, u := range units {
		drm := n
		if !u.Kind.SMC() {
			if lead, ok := c.leaderDRM(u.Side, u.At()); ok {
				drm += lead
			}
		}
		ml := c.morale(u)
		a, b, err := c.r.DR(dice.Why{Rule: "ASL A10", For: report.ForMC, Unit: u.ID, N: ml, M: drm})
		if err != nil {
			return err
		}
		d := report.Dice{DR: a + b, DRM: drm, Final: a + b + drm, Need: ml}
		switch {
		case a+b == 12 && c.t.Combat.MCTwelve.Value == tables.Reduce:
			c.reduce(u, report.MC12, d)
		case d.Final > ml && u.Broken:
			c.consequence(u, c.t.Combat.BrokenFail.Value, report.FailedBroken)
		case d.Final > ml:
			c.brk(u, report.FailedMC, d)
		default:
			c.add(report.Morale, u, report.Event{Dice: d})
		}
	}
	return nil
}

// leadersFirst sorts SMC before the others, keeping each in its order.
func leadersFirst(units []*state.Unit) {
	slices.SortStableFunc(units, func(a, b *state.Unit) int {
		switch {
		case a.Kind.SMC() == b.Kind.SMC():
			return 0
		case a.Kind.SMC():
			return -1
		}
		return 1
	})
}

// consequence does to u what a rule's value says.
func (c *combat) consequence(u *state.Unit, what tables.Consequence, why report.Cause) {
	switch {
	case what == tables.Reduce, what == tables.Break && u.Broken:
		c.reduce(u, why, report.Dice{})
	case what == tables.Break:
		c.brk(u, why, report.Dice{})
	}
}

// brk breaks a unit; a broken Human Wave unit leaves its wave (SASL
// 4.323).
func (c *combat) brk(u *state.Unit, why report.Cause, d report.Dice) {
	u.Broken = true
	left := ""
	if u.Side == state.Enemy && u.Wave != "" {
		left = u.Wave
		u.Wave, u.Released = "", false
	}
	c.add(report.Break, u, report.Event{Cause: why, Dice: d, Other: left})
}

// reduce Casualty Reduces a unit (ASL A7.302): a squad becomes a
// half-squad, anything else is eliminated. It reports whether the unit is
// gone.
func (c *combat) reduce(u *state.Unit, why report.Cause, d report.Dice) bool {
	if u.Kind != state.Squad {
		c.eliminate(u, why|report.Reduced, d)
		return true
	}
	u.Kind = state.HalfSquad
	u.Type = c.halfSquad(u)
	c.add(report.Reduce, u, report.Event{Cause: why, Dice: d, Type: u.Type})
	return false
}

// halfSquad is the counter a squad is reduced to: the ENEMY nationality's
// half-squad (tables.Counters); a FRIENDLY squad's half firepower, its
// range and morale (the half-squad is not in the mission).
func (c *combat) halfSquad(u *state.Unit) string {
	if u.Side == state.Enemy {
		return c.t.Counters.Of(c.g.W.Mission().Enemy).HalfSquad.Value
	}
	s := c.strength(u)
	return fmt.Sprintf("%d-%d-%d", max(s.FP/2, 1), s.Range, s.Morale)
}

// eliminate removes a unit from play; what it carried is left in its
// Location.
func (c *combat) eliminate(u *state.Unit, why report.Cause, d report.Dice) {
	st := c.st()
	for _, sw := range u.SW {
		st.Loose = append(st.Loose, state.Loose{At: u.At(), SW: sw})
	}
	st.Remove(u)
	c.add(report.Eliminate, u, report.Event{Cause: why, Dice: d, Unit: u.Kind})
}

// randomSelection picks one of units (ASL A.9: each rolls a dr, the
// highest is selected; the first of equals).
func (c *combat) randomSelection(units []*state.Unit, what int) (int, error) {
	if len(units) == 1 {
		return 0, nil
	}
	best, bi := 0, 0
	for i, u := range units {
		v, err := c.r.Dr(dice.Why{Rule: "ASL A.9", For: report.ForSelection, M: what, Unit: u.ID})
		if err != nil {
			return 0, err
		}
		if v > best {
			best, bi = v, i
		}
	}
	return bi, nil
}

// rally is the RPh of both sides (ASL A10.6): each broken unit with a Good
// Order leader in its Location, every broken leader, and up to
// self_rally_mmc other MMC a side try to rally: DR <= ML, with the
// leader's modifier or the self-rally DRM, the terrain DRM in a Location
// with a positive TEM, and Desperation Morale with a Good Order enemy unit
// adjacent.
func (c *combat) rally() error {
	st := c.st()
	for _, side := range []state.Side{state.Enemy, state.Friendly} {
		selfMMC := 0
		var broken []*state.Unit
		for _, u := range st.OfSide(side) {
			if u.Broken && u.OnMap() {
				broken = append(broken, u)
			}
		}
		leadersFirst(broken)
		for _, u := range broken {
			if !st.Holds(u) {
				continue
			}
			drm := 0
			lead, ok := c.leaderDRM(side, u.At())
			switch {
			case u.Kind.SMC():
			case ok:
				drm += lead
			case selfMMC < c.t.Combat.SelfRallyMMC.Value:
				selfMMC++
				drm += c.t.Combat.SelfRally.Value
			default:
				continue
			}
			if c.tem(u.At()) > 0 {
				drm += c.t.Combat.RallyTerrain.Value
			}
			if c.desperate(u) {
				drm += c.t.Combat.Desperation.Value
			}
			ml := c.morale(u)
			a, b, err := c.r.DR(dice.Why{Rule: "ASL A10.6", For: report.ForRally, Unit: u.ID, N: ml, M: drm})
			if err != nil {
				return err
			}
			d := report.Dice{DR: a + b, DRM: drm, Final: a + b + drm, Need: ml}
			switch {
			case a+b == 12 && c.t.Combat.RallyTwelve.Value == tables.Reduce:
				c.reduce(u, report.Rally12, d)
			case d.Final <= ml:
				u.Broken = false
				c.add(report.Rally, u, report.Event{Dice: d})
			default:
				c.add(report.Morale, u, report.Event{Dice: d, Cause: report.RallyFailed})
			}
		}
	}
	return nil
}

// desperate reports whether a Good Order unit of the other side is in or
// next to u's Location.
func (c *combat) desperate(u *state.Unit) bool {
	for _, x := range c.st().OfSide(other(u.Side)) {
		if target(x) && !x.Broken && hex.Distance(x.At().Hex, u.At().Hex) <= 1 {
			return true
		}
	}
	return false
}

// closeCombat is the CCPh (ASL A11): in every Location holding units of
// both sides (S? aside), each side attacks the other at once: the odds of
// its Good Order units' FP (an SMC's CC FP) to all the defenders' give a
// Kill Number; a Final DR at most it eliminates the defenders, one more
// Casualty Reduces one of them. A leader's modifier applies to its side's
// DR. Locations still holding both sides stay in Melee.
func (c *combat) closeCombat() error {
	st := c.st()
	var locs []board.Location
	for _, u := range st.OfSide(state.Enemy) {
		if target(u) && !slices.Contains(locs, u.At()) && st.Has(state.Friendly, u.At()) {
			locs = append(locs, u.At())
		}
	}
	for _, l := range locs {
		sides := [2][]*state.Unit{}
		for u := st.First(l.Hex); u != nil; u = u.Next() {
			if u.At() == l && target(u) {
				sides[u.Side] = append(sides[u.Side], u)
			}
		}
		type blow struct {
			kill, final, dr, drm int
			odds                 tables.Odds
			ok                   bool
		}
		var blows [2]blow
		for _, side := range []state.Side{state.Enemy, state.Friendly} {
			att, def := c.ccFP(sides[side], true), c.ccFP(sides[other(side)], false)
			if att == 0 {
				continue
			}
			o, ok := c.t.Combat.Kill(att, def)
			lead, _ := c.leaderDRM(side, l)
			a, b, err := c.r.DR(dice.Why{Rule: "ASL A11", For: report.ForCC, Side: uint8(side), At: l, N: int(att), M: int(def)})
			if err != nil {
				return err
			}
			blows[side] = blow{kill: o.Kill.Value, dr: a + b, drm: lead, final: a + b + lead, odds: o, ok: ok}
		}
		for _, side := range []state.Side{state.Enemy, state.Friendly} {
			bl := blows[side]
			def := sides[other(side)]
			if !bl.ok || len(def) == 0 {
				continue
			}
			c.log.Add(report.Event{Kind: report.CloseCombat, Units: c.log.IDs(sides[side]), At: l, Side: side, Odds: bl.odds,
				Dice: report.Dice{DR: bl.dr, DRM: bl.drm, Final: bl.final, Need: bl.kill}})
			switch {
			case bl.final <= bl.kill:
				for _, u := range def {
					c.eliminate(u, report.InCloseCombat, report.Dice{})
				}
			case bl.final == bl.kill+1:
				i, err := c.randomSelection(def, report.SelectCC)
				if err != nil {
					return err
				}
				c.reduce(def[i], report.InCloseCombat, report.Dice{})
			}
		}
	}
	return nil
}

// ccFP is the CC firepower of units: their printed FP, an SMC's CC FP;
// attacking, broken units do not count.
func (c *combat) ccFP(units []*state.Unit, attacking bool) float64 {
	fp := 0.0
	for _, u := range units {
		if attacking && u.Broken {
			continue
		}
		if u.Kind.SMC() {
			fp += float64(c.t.Combat.LeaderCCFP.Value)
			continue
		}
		fp += float64(c.strength(u).FP)
	}
	return fp
}

// control updates who Controls each VPO (ASL A26.11): the side whose Good
// Order units alone hold it.
func (c *combat) control() {
	st := c.st()
	for i, v := range st.VPO {
		var has [2]bool
		for u := st.First(v.At.Hex); u != nil; u = u.Next() {
			if u.At() == v.At && u.OnMap() && !u.Broken {
				has[u.Side] = true
			}
		}
		for _, side := range []state.Side{state.Enemy, state.Friendly} {
			if has[side] && !has[other(side)] && v.Side != side {
				st.VPO[i].Side = side
				c.log.Add(report.Event{Kind: report.Control, At: v.At, Side: side})
			}
		}
	}
}
