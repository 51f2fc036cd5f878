package combat

import (
	"fmt"
	"slices"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// Morale is a unit's ML: its counter's, one less for a wounded leader
// (ASL A17.3), plus the Human Wave increase for a unit engaging in a SASL
// Human Wave (SASL 4.3).
func (c *Resolver) Morale(u *state.Unit) int {
	ml := c.Strength(u).Morale
	if u.Wounded {
		ml-- // ASL A17.3
	}
	if u.Side == state.Enemy && u.Wave != "" && !u.Released {
		ml += c.t.Combat.HWMorale.Value
	}
	return ml
}

// pinTasks makes the Pin Task Checks of a PTC result (ASL A7.8): each Good
// Order unit rolls against its morale as for a MC, leaders first and the
// others with the modifier of a leader in their Location; a Final DR above
// the ML pins it (tables: ptc_fail). Broken units ignore a PTC.
func (c *Resolver) pinTasks(units []*state.Unit) error {
	leadersFirst(units)
	for _, u := range units {
		if u.Broken {
			continue
		}
		d, ml, err := c.moraleDR(u, "ASL A7.8", report.ForPTC, c.ledDRM(u, 0))
		if err != nil {
			return err
		}
		if d.Final > ml {
			// A failed PTC is told, whether or not it pins (ASL A7.8).
			switch {
			case c.t.Combat.PTCFail.Value != tables.Pin:
				c.add(report.Morale, u, report.Event{Dice: d, Cause: report.PTCNoPin})
			case c.pinWaived(u):
				c.add(report.Morale, u, report.Event{Dice: d, Cause: report.PTCInWave})
			default:
				c.pin(u, report.PinTask, d)
			}
			continue
		}
		c.add(report.Morale, u, report.Event{Dice: d, Cause: report.PinTask})
	}
	return nil
}

// ledDRM is the DRM n of a MC or PTC of u, with the modifier of a Good
// Order leader in its Location for a MMC (ASL A10.7).
func (c *Resolver) ledDRM(u *state.Unit, n int) int {
	if !u.Kind.SMC() {
		if lead, ok := c.LeaderDRM(u.Side, u.At()); ok {
			n += lead
		}
	}
	return n
}

// pin pins u (ASL A7.8) for the rest of the Player Turn, unless it moves in
// a SASL Human Wave and the tables say a pin does nothing there (hw_pin).
func (c *Resolver) pin(u *state.Unit, why report.Cause, d report.Dice) {
	if c.pinWaived(u) {
		return
	}
	u.Pinned = true
	c.add(report.Pinned, u, report.Event{Cause: why, Dice: d})
}

// pinWaived reports whether a pin does nothing to u: it moves in a SASL
// Human Wave and the tables say so (hw_pin).
func (c *Resolver) pinWaived(u *state.Unit) bool {
	return u.Side == state.Enemy && u.Wave != "" && !u.Released && c.t.Combat.HWPin.Value != tables.Pin
}

// moraleChecks makes the units' Morale Checks with DRM n: leaders first,
// then the others with the modifier of a leader that passed (ASL A10.7).
func (c *Resolver) moraleChecks(units []*state.Unit, n int) error {
	return c.moraleChecksAs(units, n, "ASL A10", report.NoCause)
}

// moraleChecksAs is moraleChecks under rule, for cause (NoCause: an IFT
// result; else the cause its events tell, failed or passed).
func (c *Resolver) moraleChecksAs(units []*state.Unit, n int, rule string, cause report.Cause) error {
	failed := report.FailedMC
	if cause != report.NoCause {
		failed = cause
	}
	leadersFirst(units)
	for _, u := range units {
		d, ml, err := c.moraleDR(u, rule, report.ForMC, c.ledDRM(u, n))
		if err != nil {
			return err
		}
		switch {
		case d.DR == 12 && c.t.Combat.MCTwelve.Value == tables.Reduce:
			// It fails and is Casualty Reduced too: what is left of it breaks.
			gone, err := c.Reduce(u, report.MC12, d)
			if err != nil {
				return err
			}
			if !gone && !u.Broken {
				c.brk(u, failed, d)
			}
		case d.Final > ml && u.Broken:
			if err := c.consequence(u, c.t.Combat.BrokenFail.Value, report.FailedBroken); err != nil {
				return err
			}
		case d.Final > ml:
			c.brk(u, failed, d)
		default:
			c.add(report.Morale, u, report.Event{Dice: d, Cause: cause})
			if d.Final == ml && !u.Broken && c.t.Combat.MCAtML.Value == tables.Pin {
				c.pin(u, report.AtML, d)
			}
		}
	}
	return nil
}

// moraleDR rolls u's DR against its morale with DRM drm (a Morale Check,
// or a rally attempt: for, under rule), and returns it and the ML.
func (c *Resolver) moraleDR(u *state.Unit, rule string, why uint8, drm int) (report.Dice, int, error) {
	ml := c.Morale(u)
	a, b, err := c.R.DR(dice.Why{Rule: rule, For: why, Unit: u.ID, N: ml, M: drm})
	if err != nil {
		return report.Dice{}, 0, err
	}
	return report.Dice{DR: a + b, DRM: drm, Final: a + b + drm, Need: ml}, ml, nil
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
func (c *Resolver) consequence(u *state.Unit, what tables.Consequence, why report.Cause) error {
	switch {
	case what == tables.Reduce, what == tables.Break && u.Broken:
		_, err := c.Reduce(u, why, report.Dice{})
		return err
	case what == tables.Break:
		c.brk(u, why, report.Dice{})
	}
	return nil
}

// brk breaks a unit; a broken Human Wave unit leaves its wave (SASL
// 4.323).
func (c *Resolver) brk(u *state.Unit, why report.Cause, d report.Dice) {
	u.Broken, u.DM = true, true // ASL A10.62: a unit that breaks is DM
	left := ""
	if u.Side == state.Enemy && u.Wave != "" {
		left = u.Wave
		u.Wave, u.Released = "", false
	}
	c.add(report.Break, u, report.Event{Cause: why, Dice: d, Other: left})
}

// Reduce Casualty Reduces a unit (ASL A7.302): a squad becomes its
// half-squad (HalfSquad), a leader is wounded (Wound, ASL A17), anything
// else is eliminated. It reports whether the unit is gone.
func (c *Resolver) Reduce(u *state.Unit, why report.Cause, d report.Dice) (bool, error) {
	switch u.Kind {
	case state.Squad:
	case state.Leader, state.Commissar:
		return c.Wound(u, why, d)
	default:
		c.Eliminate(u, why|report.Reduced, d)
		return true, nil
	}
	half, known := c.HalfSquad(u)
	u.Kind, u.Type = state.HalfSquad, half
	ev := report.Event{Cause: why, Dice: d, Type: u.Type}
	if !known {
		ev.Notes = c.log.Notes(report.Note{Kind: report.Placeholder})
	}
	c.add(report.Reduce, u, ev)
	return false, nil
}

// Wound wounds leader u, Casualty Reduced for why (ASL A17.1): a Wound
// Severity dr (A17.11), +wound_again_drm if he is wounded already, of
// wound_mortal or more is a mortal wound, treated as a KIA: he is
// eliminated; less, a minor wound: he is Wounded (his ML one less, his
// leadership modifier one more, wounded_mf MF: Morale, LeaderDRM,
// Leadership; only once however often wounded, A17.3). It reports
// whether he is gone.
func (c *Resolver) Wound(u *state.Unit, why report.Cause, d report.Dice) (bool, error) {
	cm := &c.t.Combat
	drm := 0
	if u.Wounded {
		drm = cm.WoundAgain.Value
	}
	dr, err := c.R.Dr(dice.Why{Rule: "ASL A17.11", For: report.ForWound, Unit: u.ID, M: drm})
	if err != nil {
		return false, err
	}
	wd := report.Dice{DR: dr, DRM: drm, Final: dr + drm, Need: cm.WoundMortal.Value - 1}
	// The event keeps the roll that Casualty Reduced him (d: the failed
	// NMC of an Interdiction, ASL A10.53; a K/n's n) beside his wound's.
	c.add(report.Wound, u, report.Event{Cause: why, Dice: wd, CauseDice: d})
	if wd.Final >= cm.WoundMortal.Value {
		c.Eliminate(u, report.MortalWound, wd)
		return true, nil
	}
	u.Wounded = true
	return false, nil
}

// Leadership is the leadership modifier of leader u whose counter is s:
// one more if he is wounded (ASL A17.3: a modifier of 0 becomes +1).
func Leadership(u *state.Unit, s tables.Strength) int {
	if u.Wounded {
		return s.Modifier + 1
	}
	return s.Modifier
}

// HalfSquad is the counter squad u is reduced to (ASL A7.302), of either
// side: the half-squad tables.HalfSquads gives for its counter (an ENEMY
// squad without a counter name is its nationality's squad). known is
// false for a squad the table does not list: the half-squad is then a
// placeholder, half its firepower (at least 1) with its range and morale,
// which the event of its reduction marks.
func (c *Resolver) HalfSquad(u *state.Unit) (half string, known bool) {
	s := c.Strength(u)
	name := fmt.Sprintf("%d-%d-%d", s.FP, s.Range, s.Morale)
	if u.Side == state.Enemy {
		if n := c.t.Counters.Of(c.W.Mission().Enemy); n.Squad.Value == name {
			return n.HalfSquad.Value, true
		}
	}
	if e, ok := c.t.HalfSquads.Of(name); ok {
		return e.Value, true
	}
	return fmt.Sprintf("%d-%d-%d", max(s.FP/2, 1), s.Range, s.Morale), false
}

// eliminate removes a unit from play; what it carried is left in its
// Location.
func (c *Resolver) Eliminate(u *state.Unit, why report.Cause, d report.Dice) {
	st := c.St
	for _, sw := range u.SW {
		st.Loose = append(st.Loose, state.Loose{At: u.At(), SW: sw})
	}
	st.Remove(u)
	c.add(report.Eliminate, u, report.Event{Cause: why, Dice: d, Unit: u.Kind})
}
