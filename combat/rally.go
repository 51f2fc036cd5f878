package combat

import (
	"slices"

	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// Rally is the RPh of both sides (ASL A10.6), of the ENEMY side alone
// unless friendly (the player reports their own): each broken unit with a
// Good Order leader in its Location and every broken leader try to rally,
// and of the other MMC, self-rallying, the first combat.self_rally_mmc of
// the FRIENDLY side's (ASL A10.63) and the sasl.rally.self_rally_mmc of
// the ENEMY's with the best chance of rallying (SASL 7.1: the fewest
// modifiers against their Morale, ties in the order of the game's units,
// sasl's reading of a priority list not among the texts): DR <= ML, with
// the leader's modifier or the self-rally DRM, the terrain DRM in a
// Location with a positive TEM, and the desperation DRM of a DM unit
// (ASL A10.62: one that broke or was attacked, or is ADJACENT to a Known
// Good Order armed enemy unit; Desperate). The leaders try first.
func (c *Resolver) Rally(friendly bool) error {
	st := c.St
	for _, side := range []state.Side{state.Enemy, state.Friendly} {
		if side == state.Friendly && !friendly {
			break
		}
		selfMMC := 0
		broken := c.rallying[:0]
		for _, u := range st.OfSide(side) {
			if u.Broken && u.OnMap() {
				broken = append(broken, u)
			}
		}
		c.rallying = broken
		leadersFirst(broken)
		var self []*state.Unit // the ENEMY MMC that self-rally (SASL 7.1)
		chosen := false
		for _, u := range broken {
			if !st.Holds(u) {
				continue
			}
			drm := 0
			lead, ok := c.LeaderDRM(side, u.At())
			if !u.Kind.SMC() && !ok && side == state.Enemy && !chosen {
				// The leaders have tried: the MMC left to self-rally.
				self, chosen = c.selfRallying(broken), true
			}
			switch {
			case u.Kind.SMC():
			case ok:
				drm += lead
			case side == state.Enemy && slices.Contains(self, u):
				drm += c.t.Combat.SelfRally.Value
			case side == state.Friendly && selfMMC < c.t.Combat.SelfRallyMMC.Value:
				selfMMC++
				drm += c.t.Combat.SelfRally.Value
			default:
				continue
			}
			if c.W.TEM(u.At()) > 0 {
				drm += c.t.Combat.RallyTerrain.Value
			}
			if c.Desperate(u) {
				drm += c.t.Combat.Desperation.Value
			}
			d, ml, err := c.moraleDR(u, "ASL A10.6", report.ForRally, drm)
			if err != nil {
				return err
			}
			switch {
			case d.DR == 12 && c.t.Combat.RallyTwelve.Value == tables.Reduce:
				if _, err := c.Reduce(u, report.Rally12, d); err != nil {
					return err
				}
			case d.Final <= ml:
				u.Broken, u.DM = false, false
				c.add(report.Rally, u, report.Event{Dice: d})
			default:
				c.add(report.Morale, u, report.Event{Dice: d, Cause: report.RallyFailed})
			}
		}
	}
	return nil
}

// selfRallying is the broken ENEMY MMC among units, without a Good Order
// leader in their Location, that try to self-rally this RPh: the
// sasl.rally.self_rally_mmc of them with the best chance of rallying (SASL
// 7.1), their Morale less the modifiers of the self-rally (the self-rally
// DRM, terrain, desperation) the highest, ties in the order of units.
func (c *Resolver) selfRallying(units []*state.Unit) []*state.Unit {
	type cand struct {
		u    *state.Unit
		need int
	}
	var cs []cand
	for _, u := range units {
		if !c.St.Holds(u) || !u.Broken || u.Kind.SMC() {
			continue
		}
		if _, led := c.LeaderDRM(state.Enemy, u.At()); led {
			continue
		}
		need := c.Morale(u) - c.t.Combat.SelfRally.Value
		if c.W.TEM(u.At()) > 0 {
			need -= c.t.Combat.RallyTerrain.Value
		}
		if c.Desperate(u) {
			need -= c.t.Combat.Desperation.Value
		}
		cs = append(cs, cand{u, need})
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return b.need - a.need })
	out := make([]*state.Unit, 0, min(len(cs), c.t.SASL.RallySelfMMC.Value))
	for _, x := range cs[:min(len(cs), c.t.SASL.RallySelfMMC.Value)] {
		out = append(out, x.u)
	}
	return out
}

// Recombine is the start of each RPh for the ENEMY side (SASL 7.5, as the
// public SASL sequence-of-play aid gives it: "Leader with no other
// activity recombines HS"): in each Location with a Good Order ENEMY
// leader and no broken ENEMY unit (which the leader would rally: his
// activity this RPh), two Good Order half-squads of one counter (and of
// one Human Wave, or none) recombine into the squad whose half-squad it is, as many pairs as
// there are, the first keeping its ID. The squad is the ENEMY
// nationality's whose half-squad counter it is (counters), else the one
// squad half_squads reduces to it; a half-squad of no known squad stays
// (sasl's reading: the counters say nothing more). Of SASL 7's other
// steps, 7.2 (a broken unit keeping DM to rout to rally terrain) does not
// arise, the engine's broken units routing only where they must
// (policy.rout), and 7.3, 7.4 (SW and Gun recovery and repair) wait for
// SW and Guns in the ENEMY's play.
func (c *Resolver) Recombine() error {
	st := c.St
	seen := c.seen[:0]
	defer func() { c.seen = seen[:0] }()
	var gone []*state.Unit
	for _, l := range st.OfSide(state.Enemy) {
		if l.Kind != state.Leader || l.Broken || !l.OnMap() || slices.Contains(seen, l) {
			continue
		}
		at := l.At()
		halves := map[[2]string][]*state.Unit{} // by counter and wave
		var types [][2]string
		broken := false
		for u := range st.In(state.Enemy, at) {
			seen = append(seen, u) // one leader a Location acts
			broken = broken || u.Broken
			if k := [2]string{u.Type, u.Wave}; u.Kind == state.HalfSquad && !u.Broken {
				if _, ok := halves[k]; !ok {
					types = append(types, k)
				}
				halves[k] = append(halves[k], u)
			}
		}
		if broken {
			continue
		}
		for _, k := range types {
			hs := halves[k]
			squad, ok := c.squadOf(k[0])
			if !ok {
				continue
			}
			for len(hs) >= 2 {
				a, b := hs[0], hs[1]
				hs = hs[2:]
				a.Kind, a.Type = state.Squad, squad
				gone = append(gone, b) // removed once the side's units are walked
				c.log.Add(report.Event{Kind: report.Recombine, Units: c.log.Strings(a.ID, b.ID, l.ID), At: at, Type: squad})
			}
		}
	}
	for _, b := range gone {
		st.Remove(b)
	}
	return nil
}

// squadOf is the squad counter whose half-squad is half (Recombine).
func (c *Resolver) squadOf(half string) (string, bool) {
	if n := c.t.Counters.Of(c.W.Mission().Enemy); n.HalfSquad.Value == half {
		return n.Squad.Value, true
	}
	squad, found := "", 0
	for s, h := range c.t.HalfSquads {
		if h.Value == half {
			squad, found = s, found+1
		}
	}
	return squad, found == 1
}
