package combat

import (
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// Rally is the RPh of both sides (ASL A10.6), of the ENEMY side alone
// unless friendly (the player reports their own): each broken unit with a
// Good Order leader in its Location, every broken leader, and up to
// self_rally_mmc other MMC a side try to rally: DR <= ML, with the
// leader's modifier or the self-rally DRM, the terrain DRM in a Location
// with a positive TEM, and the desperation DRM of a DM unit (ASL A10.62:
// one that broke or was attacked, or is ADJACENT to a Known Good Order
// armed enemy unit; Desperate).
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
		for _, u := range broken {
			if !st.Holds(u) {
				continue
			}
			drm := 0
			lead, ok := c.LeaderDRM(side, u.At())
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
