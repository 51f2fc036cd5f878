package combat

import (
	"slices"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// This file is the fire that follows First Fire, for both sides (ASL
// A8.2-A8.4): what a unit may fire by its fire markers, the Residual FP a
// First Fire attack leaves and its attacks on later movers, and the NMC
// of Final Protective Fire.

// Use is the fire unit u, of normal range normal, makes in a fire of kind
// as at Location at, by its fire markers (state.Unit Fired, FinalFire);
// ok is false where the rules let it not fire at at. as is FirstFire for
// any fire at a stack moving in the MPh, DefensiveFire for the DFPh:
//   - at a mover: a unit that has not fired First Fires (ASL A8.1); one
//     marked First Fire fires Subsequent First Fire, at a Location within
//     its normal range only (A8.3); one marked Final Fire fires Final
//     Protective Fire, at an ADJACENT Location only (A8.31);
//   - in the DFPh: a unit that has not fired fires Defensive Fire; one
//     marked First Fire fires Final Fire, at an ADJACENT Location only
//     (A8.4); one marked Final Fire does not fire;
//   - in its own Player Turn (Prep, Advancing Fire) a unit fires once.
func Use(m *board.Map, u *state.Unit, as report.Kind, normal int, at board.Location) (report.Kind, bool) {
	switch {
	case !u.Fired:
		return as, true
	case as == report.FirstFire && !u.FinalFire:
		return report.SubsequentFirstFire, hex.Distance(u.At().Hex, at.Hex) <= normal
	case as == report.FirstFire:
		return report.FinalProtectiveFire, Adjacent(m, u.At(), at)
	case as == report.DefensiveFire && !u.FinalFire:
		return report.FinalFire, Adjacent(m, u.At(), at)
	}
	return 0, false
}

// Ready reports whether u's fire markers let it take part in a fire group
// of kind as (Shot.As): First, Prep and Advancing Fire a unit that has not
// fired; Subsequent First Fire and Final Fire one marked First Fire; Final
// Protective Fire one marked Final Fire; Defensive Fire (the DFPh, where
// units that did not fire and units marked First Fire fire together, ASL
// A8.4) any not marked Final Fire.
func Ready(u *state.Unit, as report.Kind) bool {
	switch as {
	case report.SubsequentFirstFire, report.FinalFire:
		return u.Fired && !u.FinalFire
	case report.FinalProtectiveFire:
		return u.FinalFire
	case report.DefensiveFire:
		return !u.FinalFire
	}
	return !u.Fired
}

// directs reports whether leader u may direct a fire group's fire of kind
// k by his fire markers (ASL A7.53, A8.4: a leader directs one fire a
// phase, and marks as the units he directs): the first fire of a phase
// (Prep, First, Defensive, Advancing Fire) if he has not fired; Subsequent
// First Fire and Final Fire if marked First Fire; Final Protective Fire if
// marked Final Fire.
func directs(u *state.Unit, k report.Kind) bool {
	if k == report.DefensiveFire {
		return !u.Fired // the first fire of his DFPh (Final Fire is its own kind)
	}
	return Ready(u, k)
}

// Area reports whether fire of kind k is Area Fire, its FP divided by
// combat.area_fire (ASL A7.23): Subsequent First Fire (A8.3), Final
// Protective Fire (A8.31) and the DFPh Final Fire of a unit marked First
// Fire (A8.4).
func Area(k report.Kind) bool {
	return k == report.SubsequentFirstFire || k == report.FinalProtectiveFire || k == report.FinalFire
}

// AtMover reports whether fire of kind k is the DEFENDER's fire at a
// stack moving in the MPh: First Fire, Subsequent First Fire or Final
// Protective Fire, each of which leaves Residual FP (ASL A8.2).
func AtMover(k report.Kind) bool {
	return k == report.FirstFire || k == report.SubsequentFirstFire || k == report.FinalProtectiveFire
}

// Mark marks u as having fired fire of kind k: Subsequent First Fire and
// Final Protective Fire mark it Final Fire (ASL A8.3), and so does fire in
// the DFPh, Defensive or Final Fire (A8.4: a unit fires once in the DFPh,
// then no more this Player Turn); any other fire marks it fired (at a
// mover: First Fire, A8.1).
func Mark(u *state.Unit, k report.Kind) {
	u.Fired = true
	switch k {
	case report.SubsequentFirstFire, report.FinalProtectiveFire, report.DefensiveFire, report.FinalFire:
		u.FinalFire = true
	}
}

// ResidualOf is the Residual FP an attack of fp FP whose LOS had hindrance
// DRM hindrance leaves (ASL A8.2): its IFT column divided by
// combat.residual_divisor, rounded down to a column, then
// combat.residual_hindrance columns less for each +1 of hindrance
// (A8.26); 0 when that is below the first column.
func (c *Resolver) ResidualOf(fp float64, hindrance int) int {
	ift, cm := &c.t.IFT, &c.t.Combat
	col, ok := ift.Column(fp)
	if !ok {
		return 0
	}
	col, ok = ift.Column(float64(ift.Columns[col]) / float64(max(cm.ResidualDivisor.Value, 1)))
	if !ok {
		return 0
	}
	if col -= max(hindrance, 0) * cm.ResidualHindrance.Value; col < 0 {
		return 0
	}
	return ift.Columns[col]
}

// leaveResidual leaves the Residual FP of an attack at a mover in Location
// at by side's units (ASL A8.2): one a Location, the higher kept.
func (c *Resolver) leaveResidual(side state.Side, at board.Location, fp float64, hindrance int) {
	if r := c.ResidualOf(fp, hindrance); c.St.LeaveResidual(at, r) {
		c.log.Add(report.Event{Kind: report.ResidualLeft, At: at, Count: r, Side: side})
	}
}

// ResidualFire is the attack of the Residual FP in Location at on the
// units of moving that have entered it (ASL A8.2), with movement DRM move
// (FFNAM, FFMO): the Location's TEM and move, neither hindrance nor
// leadership. Residual FP left by one side attacks the other's movers
// only: it lies where a stack of the side whose MPh it is was attacked.
func (c *Resolver) ResidualFire(moving []*state.Unit, at board.Location, move int) error {
	fp := c.St.ResidualAt(at)
	if fp == 0 {
		return nil
	}
	targets := c.targets[:0]
	for _, u := range moving {
		if Target(u) && c.St.Holds(u) && u.At() == at {
			targets = append(targets, u)
		}
	}
	c.targets = targets
	if len(targets) == 0 {
		return nil
	}
	tem := c.W.TEM(at)
	g := report.FireGroup{At: at, FP: float64(fp), TEM: tem, DRM: tem + move, Move: move, Target: targets[0].ID, Good: !targets[0].Broken}
	ids := c.log.IDs(targets)
	g.Targets = ids
	res, dr, final, err := c.roll(g.FP, g.DRM, dice.Why{Rule: "ASL A8.2", For: report.ForIFT, Units: ids, At: at})
	if err != nil {
		return err
	}
	g.DR, g.Final, g.Result = dr, final, res.String()
	c.log.Add(report.Event{Kind: report.ResidualFire, Units: ids, Side: Other(targets[0].Side), Fire: c.log.Fire(g)})
	return c.Apply(res, targets)
}

// fpfChecks makes the NMC each unit that fired Final Protective Fire takes
// after the attack (ASL A8.31), as a Morale Check of DRM 0.
func (c *Resolver) fpfChecks(fg []*state.Unit) error {
	units := slices.DeleteFunc(slices.Clone(fg), func(u *state.Unit) bool { return !c.St.Holds(u) || !u.OnMap() })
	return c.moraleChecksAs(units, 0, "ASL A8.31", report.FPFCheck)
}

// FireKind is a kind of fire as report names it; its values are here for
// the FRIENDLY policies, which decide fire without wording it.
type FireKind = report.Kind

// The kinds of fire (ASL A3.3-A3.5, A8).
const (
	PrepFire            = report.PrepFire
	AdvancingFire       = report.AdvancingFire
	FirstFire           = report.FirstFire
	SubsequentFirstFire = report.SubsequentFirstFire
	FinalProtectiveFire = report.FinalProtectiveFire
	DefensiveFire       = report.DefensiveFire
	FinalFire           = report.FinalFire
)
