package ai

import (
	"cmp"
	"slices"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// The ENEMY's Actions outside the Human Waves as SASL 6 orders them
// (policy.released actions). The texts sasl holds give only their edges
// (SASL 4.2: entry S? are in Advance Attitude; 4.33: released Human Wave
// units assume the Prevailing Attitude); the public play aids (the SASL
// QRDC, the SASL SOP v1.0) give the procedure, and no public source its
// numbers (tables.Action: placeholders).
//
//   - who: in the ENEMY PFPh, each Activated ENEMY Infantry unit on the map
//     outside Human Wave movement, Good Order (SASL 4.32: a Human Wave
//     unit has an automatic Move Action and is never subject to Panic; so
//     is one that joins a wave as its MPh begins, 4.323: joining),
//     not in Melee (ASL A11: it acts in the CCPh), not panicked already;
//     the units of a Location take one check together (sasl's reading:
//     the aids order the checks by Location, and a stack acts as one),
//     those of one Attitude apart from those of another; SASL 4.32's
//     exception for a leader of a Human Wave, who may panic (6.317), is
//     not played: he moves with the wave, as its other units do;
//   - order: hexrow by hexrow from the north edge (world.NorthDistance),
//     in a hexrow the Locations closest to the FBE first, of a hex the
//     highest Location first (the QRDC's "Order of ENEMY Actions");
//   - Attitude: the units of entries are in Advance Attitude (SASL 4.2:
//     neither of the setup nor of a Human Wave: advanceAttitude); the
//     others, of the setup's S? (4.1) and released from a Human Wave or
//     joined to one (4.33, 4.323), in the mission's Prevailing Attitude
//     (world.Attitude);
//   - the check: a Panic dr (SASL 6.21, sasl.action.panic): a panicked
//     unit takes no Action until the Game Turn ends, as a TI unit (ASL
//     A4.8), and fires only Final Protective Fire at ADJACENT FRIENDLY
//     units as they move (SASL 6.212: FirstFire; no Defensive or Final
//     Fire in the DFPh); then the Automatic Actions
//     (SASL 6.3) sasl plays for Infantry: Known FRIENDLY units ADJACENT
//     (6.311: Prep Fire at them); else a dr on the Attitude's Action table
//     (sasl.action.tables): fire, fire_move, move or hold;
//   - the Commands: a Fire Command Prep Fires at once, the units of the
//     Location as one fire group, at the Target of SASL 4.36's priorities
//     (6.311: an ADJACENT one); with no Target, no Action (a fire_move row:
//     a Move Command). A Move Command moves in the MPh as attitude.go's
//     reading of Advance Attitude moves (toward the VPOs, then the FBE),
//     advances in the APh and fires in the AFPh as Advancing Fire. A unit
//     with no Action neither fires nor moves in its Player Turn; it
//     defends in the other's.
//
// The Automatic Actions SASL 6.3 gives for what sasl does not model are
// not played: berserk units (6.3), unarmed MMC (6.301) and guards,
// Infantry in a Flame Location (6.304), flamethrowers (6.306), vehicles
// (6.308, 6.309), crews (6.310) and Improvised Positions (6.312, 6.3121)
// are a later issue. An overstacked Location cannot arise: the executor
// keeps every move within the stacking limit (ASL A5.1) and an S?'s units
// beyond it do not come into play (human_wave.excess). A unit that comes
// into play after the PFPh (an S? Activated by a move) takes its first
// check in its next PFPh; it may fire in this AFPh.

// actions reports whether the tables play SASL 6's Action checks
// (policy.released actions).
func (e *Enemy) actions() bool { return e.t.Policy.Released.Value == tables.ReleasedActions }

// checked reports whether ENEMY unit u takes an Action check in its PFPh
// (see above); waves are the members of each Human Wave (wavesNow).
func (e *Enemy) checked(u *state.Unit, waves [][]*state.Unit) bool {
	return u.Side == state.Enemy && u.Kind != state.SQ && u.OnMap() && !u.Broken && !u.Exited &&
		!u.Panicked && !moving(u) && !e.inMelee(u) && !joining(u, waves)
}

// advanceAttitude reports whether u is in Advance Attitude by SASL 4.2: a
// unit of an entry's S?, not of the setup's S? (4.1), and never of a
// Human Wave (4.33: released, a unit takes the Prevailing Attitude; so
// does one that joined a wave, 4.323, its Wave kept). Units an S? becomes
// after its release from a wave take the Prevailing Attitude too: 4.33
// keeps the released S? in Advance Attitude and sends the units of the
// wave to the Prevailing one, and says nothing of an S? Activated after
// (sasl's reading).
func advanceAttitude(u *state.Unit) bool { return !u.Setup && !u.HW && u.Wave == "" }

// checkGroup is the units of a Location that take one Action check.
type checkGroup struct {
	units    []*state.Unit
	at       board.Location
	attitude string // the Attitude whose Action table they roll on
	row, fbe int    // the sort keys: NorthDistance, FBEDistance
}

// actionChecks is the ENEMY PFPh outside the Human Waves (see above): the
// Action checks in SASL's order, each Fire Command Prep Firing as it is
// given.
func (e *Enemy) actionChecks() error {
	if err := e.w.SightErr(); err != nil {
		return err
	}
	prevailing, _ := e.w.Attitude()
	advance := prevailing
	if _, err := e.t.SASL.Action.Table(tables.AttitudeAdvance); err == nil {
		advance = tables.AttitudeAdvance
	}
	groups := e.checkSc.groups[:0] // each group's units kept from PFPh to PFPh
	defer func() { e.checkSc.groups = groups[:0] }()
	waves := e.wavesNow()
	for _, u := range e.st.OfSide(state.Enemy) {
		if !e.checked(u, waves) {
			continue
		}
		attitude := prevailing
		if advanceAttitude(u) {
			attitude = advance
		}
		i := slices.IndexFunc(groups, func(g checkGroup) bool { return g.at == u.At() && g.attitude == attitude })
		if i < 0 {
			var units []*state.Unit
			if len(groups) < cap(groups) {
				units = groups[:len(groups)+1][len(groups)].units[:0]
			}
			groups = append(groups, checkGroup{units: units, at: u.At(), attitude: attitude, row: e.w.NorthDistance(u.At().Hex), fbe: e.w.FBEDistance(u.At().Hex)})
			i = len(groups) - 1
		}
		groups[i].units = append(groups[i].units, u)
	}
	slices.SortStableFunc(groups, func(a, b checkGroup) int {
		return cmp.Or(a.row-b.row, a.fbe-b.fbe, b.at.Level-a.at.Level)
	})
	for _, g := range groups {
		attitude := g.attitude
		// A unit of the group broken or eliminated by the fire of one
		// before it (none fires at ENEMY units in their own PFPh, but
		// the check stays exact) takes no check.
		g.units = slices.DeleteFunc(g.units, func(u *state.Unit) bool { return !e.st.Holds(u) || u.Broken || !u.OnMap() })
		if len(g.units) == 0 {
			continue
		}
		if err := e.actionCheck(g.units, g.at, attitude); err != nil {
			return err
		}
	}
	return nil
}

// actionCheck is the Action check of the units of Location at in Attitude
// attitude (see above).
func (e *Enemy) actionCheck(units []*state.Unit, at board.Location, attitude string) error {
	act := &e.t.SASL.Action
	a := report.Action{Attitude: attitude, Panic: report.Dice{Need: act.Panic.Value}}
	ids := e.log.IDs(units)
	v, err := e.r.Dr(dice.Why{Rule: "SASL 6.21", For: report.ForPanic, Units: ids, At: at, N: act.Panic.Value})
	if err != nil {
		return err
	}
	var rb [2]report.Roll
	rolls := append(rb[:0], e.last("Panic"))
	a.Panic.DR, a.Panic.Final = v, v
	if v >= act.Panic.Value {
		a.Panicked, a.Command = true, state.Hold
		for _, u := range units {
			u.Panicked, u.Command = true, state.Hold
		}
		e.log.Add(report.Event{Kind: report.ActionCheck, Units: ids, At: at, Action: e.log.Action(a), Rolls: e.log.Rolls(rolls...)})
		return nil
	}
	var tg Target
	found := false
	if tg, found = e.adjacentTarget(units, at); found {
		a.Automatic, a.Command, a.Target = report.FireAdjacent, state.Fire, true
	} else {
		t, err := act.Table(attitude)
		if err != nil {
			return err
		}
		v, err := e.r.Dr(dice.Why{Rule: "SASL 6", For: report.ForAction, Board: attitude, Units: ids, At: at})
		if err != nil {
			return err
		}
		rolls = append(rolls, e.last("Action"))
		a.Table = report.Dice{DR: v, Final: v}
		a.Row = t.Rows[v].Value
		switch a.Row {
		case tables.CmdFire, tables.CmdFireMove:
			tg, found = e.prepTarget(units)
			a.Target = found
			switch {
			case found:
				a.Command = state.Fire
			case a.Row == tables.CmdFireMove:
				a.Command = state.MoveOn
			default:
				a.Command = state.Hold
			}
		case tables.CmdMove:
			a.Command = state.MoveOn
		default:
			a.Command = state.Hold
		}
	}
	for _, u := range units {
		u.Command = a.Command
	}
	e.log.Add(report.Event{Kind: report.ActionCheck, Units: ids, At: at, Action: e.log.Action(a), Rolls: e.log.Rolls(rolls...)})
	if !found {
		return nil
	}
	in := e.checkSc.in[:0]
	for _, u := range units {
		if !u.Kind.MMC() || e.reaches(u, tg.Unit.At()) {
			in = append(in, u)
		}
	}
	e.checkSc.in = in[:0]
	fg, _ := e.group(in, tg.Unit.At(), false)
	if len(fg) == 0 {
		return nil // leaders alone have no FP to fire with
	}
	e.aim(fg, &tg)
	return e.shoot(fg, tg, report.PrepFire, combat.Still)
}

// adjacentTarget is the Target of SASL 6.311's Automatic Action for the
// units of Location at, if an MMC is among them (a leader alone has no FP:
// his check goes on to the table): of the Known FRIENDLY units ADJACENT to it (ASL
// A8.4's ADJACENT: combat.Adjacent) in its LOS and not in Melee, the one
// SASL 4.36's priorities choose.
func (e *Enemy) adjacentTarget(units []*state.Unit, at board.Location) (Target, bool) {
	if !slices.ContainsFunc(units, func(u *state.Unit) bool { return u.Kind.MMC() }) {
		return Target{}, false // a leader alone has no FP to fire with
	}
	var near []*state.Unit
	for _, f := range e.st.OfSide(state.Friendly) {
		if f.Known && f.OnMap() && combat.Adjacent(e.w.Map(), at, f.At()) {
			near = append(near, f)
		}
	}
	if len(near) == 0 {
		return Target{}, false
	}
	tt := Targeting{Range: 1, TEM: e.cover, Sight: e.w.Sight, Melee: e.inMelee}
	return tt.Choose([]board.Location{at}, near)
}

// prepTarget is the Target of a Fire Command for units (one Location): by
// SASL 4.36's priorities, within human_wave.fire_range and the units'
// reach (reaches), in their LOS.
func (e *Enemy) prepTarget(units []*state.Unit) (Target, bool) {
	tt := Targeting{Range: e.h.FireRange.Value, TEM: e.cover, Sight: e.w.Sight, Melee: e.inMelee}
	tg, ok := e.choose(tt, units)
	if !ok || !slices.ContainsFunc(units, func(u *state.Unit) bool { return u.Kind.MMC() && e.reaches(u, tg.Unit.At()) }) {
		return Target{}, false
	}
	return tg, true
}

// moveCause is the Cause of the event of a move or advance of ENEMY units
// outside a Human Wave toward a goal: a Move Command (SASL 6) for Activated
// units under policy.released actions; none (Advance Attitude: the S? of
// entries, SASL 4.2, and sasl's reading advance) otherwise.
func (e *Enemy) moveCause(stack []*state.Unit) report.Cause {
	if e.actions() && len(stack) > 0 && stack[0].Kind != state.SQ && stack[0].Command == state.MoveOn {
		return report.MoveCommand
	}
	return report.NoCause
}
