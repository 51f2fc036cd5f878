package combat

import (
	"slices"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// CloseCombat is the CCPh (ASL A11): in every Location holding units of
// both sides (an S? among them revealed first, by Reveal), each side attacks the other at once: the odds of
// its Good Order units' FP (an SMC's CC FP) to all the defenders' give a
// Kill Number; a Final DR at most it eliminates the defenders, one more
// Casualty Reduces one of them. A leader's modifier applies to its side's
// DR. Locations still holding both sides stay in Melee.
func (c *Resolver) CloseCombat() error {
	st := c.St
	// The Locations of FRIENDLY units on the map (few): an ENEMY unit in
	// one of them is in a Location st.Has(state.Friendly, ...) finds,
	// without a walk of its hex for every ENEMY unit.
	held := c.held[:0]
	for _, f := range st.OfSide(state.Friendly) {
		if f.OnMap() && !slices.Contains(held, f.At()) {
			held = append(held, f.At())
		}
	}
	c.held = held
	// Of those, only the ones that hold ENEMY units too (a walk of each
	// one's hex) can be a Melee: in most CCPh none is, and no ENEMY unit
	// need be looked at.
	n := 0
	for _, l := range held {
		if st.Has(state.Enemy, l) {
			held[n] = l
			n++
		}
	}
	held = held[:n]
	locs := c.melee[:0]
	defer func() { c.melee = locs[:0] }()
	if len(held) > 0 {
		for _, u := range st.OfSide(state.Enemy) {
			if u.OnMap() && slices.Contains(held, u.At()) && !slices.Contains(locs, u.At()) {
				locs = append(locs, u.At())
			}
		}
	}
	if c.Reveal != nil {
		for _, l := range locs {
			for {
				s := st.AppendAt(c.victims[:0], state.Enemy, l)
				i := slices.IndexFunc(s, func(u *state.Unit) bool { return u.Kind == state.SQ })
				c.victims = s
				if i < 0 {
					break
				}
				if err := c.Reveal(s[i]); err != nil {
					return err
				}
			}
		}
	}
	for _, l := range locs {
		sides := [2][]*state.Unit{c.sides[0][:0], c.sides[1][:0]}
		for u := st.First(l.Hex); u != nil; u = u.Next() {
			if u.At() == l && Target(u) {
				sides[u.Side] = append(sides[u.Side], u)
			}
		}
		c.sides = sides
		type blow struct {
			kill, final, dr, drm int
			odds                 tables.Odds
			ok                   bool
		}
		var blows [2]blow
		for _, side := range []state.Side{state.Enemy, state.Friendly} {
			att, def := c.ccFP(sides[side], true), c.ccFP(sides[Other(side)], false)
			if att == 0 || len(sides[Other(side)]) == 0 {
				continue // nobody to attack: the S? there was a dummy (SASL 5.1)
			}
			o, ok := c.t.Combat.Kill(att, def)
			lead, _ := c.LeaderDRM(side, l)
			a, b, err := c.R.DR(dice.Why{Rule: "ASL A11", For: report.ForCC, Side: uint8(side), At: l, N: int(att), M: int(def)})
			if err != nil {
				return err
			}
			blows[side] = blow{kill: o.Kill.Value, dr: a + b, drm: lead, final: a + b + lead, odds: o, ok: ok}
		}
		for _, side := range []state.Side{state.Enemy, state.Friendly} {
			bl := blows[side]
			def := sides[Other(side)]
			if !bl.ok || len(def) == 0 {
				continue
			}
			c.log.Add(report.Event{Kind: report.CloseCombat, Units: c.log.IDs(sides[side]), At: l, Side: side, Odds: bl.odds,
				Dice: report.Dice{DR: bl.dr, DRM: bl.drm, Final: bl.final, Need: bl.kill}})
			switch {
			case bl.final <= bl.kill:
				for _, u := range def {
					c.Eliminate(u, report.InCloseCombat, report.Dice{})
				}
			case bl.final == bl.kill+1:
				i, err := c.randomSelection(def, report.SelectCC)
				if err != nil {
					return err
				}
				if _, err := c.Reduce(def[i], report.InCloseCombat, report.Dice{}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// ccFP is the CC firepower of units: their printed FP, an SMC's CC FP;
// attacking, broken units do not count, and a pinned unit's FP is halved
// (ASL A7.8: a pinned unit's FP is halved but for its CC defense;
// combat.pinned_fire).
func (c *Resolver) ccFP(units []*state.Unit, attacking bool) float64 {
	fp := 0.0
	for _, u := range units {
		if attacking && u.Broken {
			continue
		}
		f := float64(c.Strength(u).FP)
		if u.Kind.SMC() {
			f = float64(c.t.Combat.LeaderCCFP.Value)
		}
		if attacking {
			f /= float64(FireDivisor(c.t, u, false))
		}
		fp += f
	}
	return fp
}
