package combat

import (
	"slices"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// Cover is the TEM of Location at against fire from Location from by
// units of side firer (world.FireTEM: a wall, hedge or bocage hexside the
// line crosses, or the Location's own TEM), with Wall Advantage (ASL
// B9.32): when from is ADJACENT at ground level across that very
// hexside, only the side holding WA takes the wall's TEM; the target gets
// its own TEM when the firer holds it. sasl keeps no WA marker: a unit
// that did not move this Player Turn holds it over one that did, else the
// DEFENDER does (tables: combat.wall_advantage, a reading). O(1) where no
// wall is near; O(units in the two hexes) otherwise.
func Cover(w *world.World, st *state.State, from, at board.Location, firer state.Side) world.Cover {
	cov := w.FireTEM(from, at)
	if cov.Wall == 0 || w.Tables().Combat.WallAdvantage.Value == 0 || from.Level != 0 || from.Roof {
		return cov
	}
	d, ok := at.Hex.DirTo(from.Hex)
	if !ok || (hex.Side{Hex: at.Hex, Dir: d}).Canonical() != cov.Side.Canonical() {
		return cov
	}
	fm, tm := moved(st, firer, from), moved(st, Other(firer), at)
	holder := Other(st.Player) // the DEFENDER
	if fm != tm {
		holder = firer
		if fm {
			holder = Other(firer)
		}
	}
	if holder == firer {
		return world.Cover{TEM: w.TEM(at)}
	}
	return cov
}

// moved reports whether a unit of side in Location l moved this Player
// Turn.
func moved(st *state.State, side state.Side, l board.Location) bool {
	for u := st.First(l.Hex); u != nil; u = u.Next() {
		if u.Side == side && u.At() == l && u.Moved {
			return true
		}
	}
	return false
}

// Cover is the package's Cover in the Resolver's game.
func (c *Resolver) Cover(from, at board.Location, firer state.Side) world.Cover {
	return Cover(c.W, c.St, from, at, firer)
}

// FP is the firepower of a counter of strength s in Location from against
// Location at of map m (ASL A7.2): doubled at Point Blank range (ADJACENT
// Locations, A7.21), halved beyond its normal range (A7.22), divided by
// the divisor of FireDivisor (1: neither Advancing Fire nor pinned).
func FP(m *board.Map, s tables.Strength, from, at board.Location, divisor int) float64 {
	fp := float64(s.FP)
	switch d := hex.Distance(from.Hex, at.Hex); {
	case Adjacent(m, from, at):
		fp *= 2
	case d > s.Range:
		fp /= 2
	}
	return fp / float64(max(divisor, 1))
}

// Shot is what a fire group would roll at a Location: its FP, DRM (TEM,
// the hindrance of the most hindered line, the directing leader's
// modifier, and the movement DRM), range, and the chance of a Morale
// Check or worse. TEM is the largest TEM any member's line gives the
// target (a wall one crosses counts for the whole group: ASL A7.55's one
// DRM for a fire group, read as the hindrance is), Wall the hexside
// feature it comes from (0: the Location's own), Move the movement DRM
// (MoveDRM).
type Shot struct {
	At                  board.Location
	FP                  float64
	DRM, TEM, Hindrance int
	Move                int
	Wall                terrain.Features
	Range               int
	Odds                float64
	// As is the fire the group makes (AimAs).
	As report.Kind
	// asked and reach: the fire and the reach it was aimed as (Firers).
	asked report.Kind
	reach int
}

// Group is the report of the Shot's attack, before the firers and targets
// are known (Resolver.Attack fills them).
func (sh Shot) Group() report.FireGroup {
	g := report.FireGroup{At: sh.At, FP: sh.FP, DRM: sh.DRM, TEM: sh.TEM, Hindrance: sh.Hindrance, Move: sh.Move, Range: sh.Range}
	if sh.Wall != 0 {
		g.Wall = sh.Wall.String()
	}
	return g
}

// Aim works out the Shot of the Good Order MMC fg (with the leaders of
// their Locations) at Location at, whose units move as m (First Fire:
// MoveDRM): ok is false when none of them has a clear LOS to it within
// reach times its normal range (those that have fire). The TEM is the
// largest any firer's line gives (Cover: walls, Wall Advantage). Units
// that moved this Player Turn fire as Advancing Fire (in the AFPh; afph).
// It is AimAs of Prep Fire, or of Advancing Fire.
func (c *Resolver) Aim(fg []*state.Unit, at board.Location, m Motion, reach int, afph bool) (Shot, bool) {
	as := report.PrepFire
	if afph {
		as = report.AdvancingFire
	}
	return c.AimAs(fg, at, m, reach, as)
}

// AimAs is Aim of fire of kind as (report.FirstFire at a mover in the MPh,
// DefensiveFire in the DFPh, PrepFire, AdvancingFire): each unit of fg
// fires as its fire markers let it (Use; ASL A8.1-A8.4), Area Fire halved,
// and those that may not fire at at add nothing. Shot.As is the group's
// fire: its members' kind, or as where they differ.
func (c *Resolver) AimAs(fg []*state.Unit, at board.Location, m Motion, reach int, as report.Kind) (Shot, bool) {
	sh := Shot{At: at, Range: 99}
	n, leadOK, lead := 0, true, -99
	seen := c.seen[:0]
	for _, u := range fg {
		kind, s, d, v, ok := c.aims(u, at, reach, as)
		if !ok {
			continue
		}
		div := FireDivisor(c.t, u, as == report.AdvancingFire)
		if Area(kind) {
			div *= c.t.Combat.AreaFire.Value
		}
		sh.FP += FP(c.W.Map(), s, u.At(), at, div)
		sh.Hindrance = max(sh.Hindrance, v.Hindrance)
		if cov := c.Cover(u.At(), at, u.Side); n == 0 || cov.TEM > sh.TEM {
			sh.TEM, sh.Wall = cov.TEM, cov.Wall
		}
		sh.Range = min(sh.Range, d)
		switch {
		case n == 0:
			sh.As = kind
		case sh.As != kind:
			sh.As = as
		}
		n++
		if !slices.ContainsFunc(seen, func(x *state.Unit) bool { return x.At() == u.At() }) {
			seen = append(seen, u)
		}
	}
	// A leader in each Location directs the group (A7.53), one whose fire
	// markers let him direct the group's fire (A8.4: a leader directs one
	// fire a phase).
	for _, u := range seen {
		if m, ok := c.leaderDRM(u.Side, u.At(), sh.As); ok {
			lead = max(lead, m)
		} else {
			leadOK = false
		}
	}
	c.seen = seen[:0]
	if n == 0 {
		return sh, false
	}
	sh.asked, sh.reach = as, reach
	sh.Move = MoveDRM(&c.t.Combat, m, sh.TEM, sh.Hindrance)
	sh.DRM = sh.TEM + sh.Hindrance + sh.Move
	if leadOK {
		sh.DRM += lead
	}
	sh.Odds = c.Odds(sh.FP, sh.DRM)
	return sh, true
}

// aims reports whether MMC u of a fire group aimed as fire as may fire at
// Location at within reach times its normal range, with a clear LOS to it
// (AimAs), and how: its fire, counter, range and LOS.
func (c *Resolver) aims(u *state.Unit, at board.Location, reach int, as report.Kind) (report.Kind, tables.Strength, int, world.Sight, bool) {
	if u.Kind.SMC() || u.Broken {
		return 0, tables.Strength{}, 0, world.Sight{}, false
	}
	s := c.Strength(u)
	kind, ok := Use(c.W.Map(), u, as, s.Range, at)
	if !ok {
		return 0, s, 0, world.Sight{}, false
	}
	d := hex.Distance(u.At().Hex, at.Hex)
	if d > s.Range*max(reach, 1) {
		return 0, s, d, world.Sight{}, false
	}
	v := c.W.Sight(at, u.At()) // traced from the target: the lines recur by the firer
	return kind, s, d, v, v.Clear
}

// Firers are the units of fg that fire the Shot sh (AimAs): the MMC it
// counted (in LOS and reach, free to fire by their markers) and the
// leaders of their Locations who may direct its fire (directs: A8.4, a
// leader directs one fire a phase). The others neither fire nor are marked as
// having fired (ASL A7.5, A7.22): a member beyond the reach adds no FP and
// keeps its fire. out is appended to and returned.
func (c *Resolver) Firers(fg []*state.Unit, sh Shot, out []*state.Unit) []*state.Unit {
	n := len(out)
	for _, u := range fg {
		if _, _, _, _, ok := c.aims(u, sh.At, sh.reach, sh.asked); ok {
			out = append(out, u)
		}
	}
	for _, u := range fg {
		if u.Kind.SMC() && !u.Broken && directs(u, sh.As) && slices.ContainsFunc(out[n:], func(x *state.Unit) bool { return x.At() == u.At() }) {
			out = append(out, u)
		}
	}
	return out
}

// Odds is the chance of a Morale Check or worse of an attack of fp FP with
// DRM drm on the Infantry Fire Table: the 36 DR of two dice fall on the 11
// sums 2..12, each read once in the column of fp, found once.
func (c *Resolver) Odds(fp float64, drm int) float64 {
	ift := &c.t.IFT
	col, ok := ift.Column(fp)
	if !ok {
		return 0 // below the first column: no effect (tables.IFT.Result)
	}
	n := 0
	for dr := 2; dr <= 12 && dr+drm <= 15; dr++ { // above 15: no effect
		if ift.Rows[max(dr+drm, 0)][col].Kind >= tables.MC {
			n += ways[dr]
		}
	}
	return chances[n]
}

// ways[dr] is how many of the 36 rolls of two dice make DR dr.
var ways = [13]int{2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}

// chances[n] is the chance of n rolls of the 36: 1/36 added n times, as
// a sum over the rolls one by one makes it (the same float64 to the bit,
// which the odds of ties between Shots compare).
var chances = func() (p [37]float64) {
	for n := 1; n <= 36; n++ {
		p[n] = p[n-1] + 1.0/36
	}
	return p
}()

// Fire resolves an ENEMY fire group's attack on the FRIENDLY units in at,
// where the units of moving are moving (First Fire at a stack that entered
// at: the movement DRM g.Move is against them only, split).
func (c *Resolver) Fire(g *report.FireGroup, at board.Location, moving []*state.Unit) error {
	targets := c.St.AppendAt(c.targets[:0], state.Friendly, at)
	c.targets = targets
	if len(targets) == 0 {
		return nil
	}
	res, dr, final, err := c.roll(g.FP, g.DRM, dice.Why{Rule: "ASL A7", For: report.ForGroupIFT, Units: g.Members, At: at})
	if err != nil {
		return err
	}
	g.DR, g.Final, g.Result = dr, final, res.String()
	movers, still, stillRes := c.split(g, targets, moving)
	c.log.Add(report.Event{Kind: report.Result, Units: c.log.IDs(targets), Fire: g})
	if AtMover(g.As) {
		c.leaveResidual(state.Enemy, at, g.FP, g.Hindrance)
	}
	if err := c.applySplit(res, movers, stillRes, still); err != nil || g.As != report.FinalProtectiveFire {
		return err
	}
	var fg []*state.Unit
	for _, id := range g.Members {
		if u := c.St.Unit(id); u != nil {
			fg = append(fg, u)
		}
	}
	return c.fpfChecks(fg)
}

// Attack is one fire group's attack of kind kind on targets: g holds where
// they are, the group's FP and DRM, its TEM, the hindrance of its LOS and
// the range (Shot.Group); the units of moving are moving there (the
// movement DRM g.Move is against them only, split). The firers are marked
// as having fired this Player Turn (Mark), and FRIENDLY ones become Known
// (firing reveals them). An attack at a mover leaves Residual FP (ASL
// A8.2); after Final Protective Fire each firer takes a NMC (A8.31).
func (c *Resolver) Attack(kind report.Kind, fg, targets []*state.Unit, g report.FireGroup, moving []*state.Unit) error {
	for _, u := range fg {
		Mark(u, kind)
		if u.Side == state.Friendly {
			u.Known = true
		}
	}
	var from []board.Location
	for _, u := range fg {
		if !slices.Contains(from, u.At()) {
			from = append(from, u.At())
		}
	}
	g.Members, g.Targets, g.From = c.log.IDs(fg), c.log.IDs(targets), c.log.Locations(from...)
	g.Target, g.Good = targets[0].ID, !targets[0].Broken
	res, dr, final, err := c.roll(g.FP, g.DRM, dice.Why{Rule: "ASL A7", For: report.ForIFT, Units: g.Members, At: g.At})
	if err != nil {
		return err
	}
	g.DR, g.Final, g.Result = dr, final, res.String()
	movers, still, stillRes := c.split(&g, targets, moving)
	c.log.Add(report.Event{Kind: kind, Units: g.Members, Side: fg[0].Side, Fire: c.log.Fire(g)})
	if AtMover(kind) {
		c.leaveResidual(fg[0].Side, g.At, g.FP, g.Hindrance)
	}
	if err := c.applySplit(res, movers, stillRes, still); err != nil || kind != report.FinalProtectiveFire {
		return err
	}
	return c.fpfChecks(fg)
}

// split parts the targets of an attack g, rolled already (g.DR), into the
// units moving (those of moving) and those that did not move. Fire at a
// Location attacks every unit in it, but the movement DRM (FFNAM, FFMO)
// is only against the units moving there (ASL A4.6, A8.1): the units
// that did not move take the same DR with the DRM less g.Move, their own
// Final DR and result (stillRes), which g tells (Still, StillFinal,
// StillResult). still is empty, and movers targets, when the attack has
// no movement DRM or every target moves. O(targets x moving).
func (c *Resolver) split(g *report.FireGroup, targets, moving []*state.Unit) (movers, still []*state.Unit, stillRes tables.Result) {
	if g.Move == 0 || !slices.ContainsFunc(targets, func(u *state.Unit) bool { return !slices.Contains(moving, u) }) {
		return targets, nil, tables.Result{}
	}
	for _, u := range targets {
		if slices.Contains(moving, u) {
			movers = append(movers, u)
		} else {
			still = append(still, u)
		}
	}
	final := g.DR + g.DRM - g.Move
	stillRes = c.t.IFT.Result(g.FP, final)
	g.Still, g.StillFinal, g.StillResult = c.log.IDs(still), final, stillRes.String()
	return movers, still, stillRes
}

// applySplit carries out an attack's results (split): res on movers,
// stillRes on the units still, each as Apply does; the movers first.
func (c *Resolver) applySplit(res tables.Result, movers []*state.Unit, stillRes tables.Result, still []*state.Unit) error {
	if len(movers) > 0 {
		if err := c.Apply(res, movers); err != nil {
			return err
		}
	}
	if len(still) == 0 {
		return nil
	}
	return c.Apply(stillRes, still)
}

// roll makes an IFT DR.
func (c *Resolver) roll(fp float64, drm int, why dice.Why) (tables.Result, int, int, error) {
	a, b, err := c.R.DR(why)
	if err != nil {
		return tables.Result{}, 0, 0, err
	}
	dr := a + b
	return c.t.IFT.Result(fp, dr+drm), dr, dr + drm, nil
}

// apply carries out an IFT result on the units attacked (ASL A7.3):
// nKIA eliminates n of them by Random Selection and breaks the rest; K/n
// Casualty Reduces one and gives all an nMC; nMC and NMC a Morale Check.
// A PTC is a Pin Task Check of each Good Order unit (pinTasks).
func (c *Resolver) Apply(res tables.Result, units []*state.Unit) error {
	units = append(c.victims[:0], units...)
	c.victims = units
	for _, u := range units {
		if u.Broken {
			u.DM = true // ASL A10.62: a broken unit attacked is DM
		}
	}
	switch res.Kind {
	case tables.KIA:
		for n := 0; n < res.N && len(units) > 0; n++ {
			i, err := c.randomSelection(units, report.SelectKIA)
			if err != nil {
				return err
			}
			c.Eliminate(units[i], report.KIA, report.Dice{})
			units = slices.Delete(units, i, i+1)
		}
		for _, u := range units {
			if err := c.consequence(u, c.t.Combat.KIASurvivors.Value, report.SurvivedKIA); err != nil {
				return err
			}
		}
		return nil
	case tables.KMC:
		i, err := c.randomSelection(units, report.SelectK)
		if err != nil {
			return err
		}
		gone, err := c.Reduce(units[i], report.KMC, report.Dice{Need: res.N})
		if err != nil {
			return err
		}
		if gone {
			units = slices.Delete(units, i, i+1)
		}
	case tables.MC:
	case tables.PTC:
		return c.pinTasks(units)
	default:
		return nil
	}
	return c.moraleChecks(units, res.N)
}

// FireDivisor is what u's FP is divided by when it fires (ASL A7.25, A7.8):
// the Advancing Fire divisor in the AFPh if it moved (afph), times the
// pinned divisor if it is pinned.
func FireDivisor(t *tables.Set, u *state.Unit, afph bool) int {
	d := 1
	if afph && u.Moved {
		d = t.Combat.AdvancingFire.Value
	}
	if u.Pinned {
		d *= t.Combat.PinnedFire.Value
	}
	return d
}
