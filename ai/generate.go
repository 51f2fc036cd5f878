package ai

import (
	"fmt"
	"slices"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// generate turns Activated S? s in Location at into the units it hid, and
// returns those that came into play (none for a dummy). A Human Wave S?,
// released or not, becomes the units of Table x10 (SASL 4.34, 4.33: no AC
// dr, never a dummy). Any other S? is generated as policy.setup_s says:
// sasl5 (SASL 5, not among the texts) gives it an AC dr first (SASL 5.1),
// whose Final dr may show a dummy, removed from play; if not, it becomes
// the units of its nationality's unit generation table. x10 takes Table
// x10 for it too, never a dummy.
func (e *Enemy) generate(s *state.Unit, at board.Location, act report.Activation) ([]*state.Unit, error) {
	rolls := e.gen.rolls[:0]
	var row []string
	var ac *report.AC
	if s.HW || e.t.Policy.SetupS.Value == tables.SetupX10 {
		why := dice.Why{Rule: "SASL 4.34", For: report.ForX10, Unit: s.ID, At: at}
		if !s.HW {
			why.Rule, why.For = "SASL 5 by Table x10 (policy.setup_s x10)", report.ForX10S
		}
		v, err := e.r.Dr(why)
		if err != nil {
			return nil, err
		}
		rolls = append(rolls, e.last("x10"))
		row = e.h.X10.Rows[v].Value
	} else {
		a, err := e.acCheck(s, at)
		if err != nil {
			return nil, err
		}
		rolls = append(rolls, e.last("AC"))
		if a.Final >= a.Dummy {
			// SASL 5.1: a dummy is removed from play.
			e.st.Remove(s)
			e.log.Add(report.Event{Kind: report.Dummy, Units: e.log.Strings(s.ID), At: at, Rolls: e.log.Rolls(rolls...),
				Activation: e.log.Activation(act), AC: e.log.AC(a)})
			e.gen.rolls = rolls
			return nil, nil
		}
		g := &e.t.SGeneration
		nat := e.ms.Enemy
		if _, ok := g.Units[nat]; !ok {
			nat = "default"
		}
		v, err := e.r.Dr(dice.Why{Rule: "SASL 5", For: report.ForGeneration, Unit: s.ID, At: at, Board: nat})
		if err != nil {
			return nil, err
		}
		rolls = append(rolls, e.last("generation"))
		row = g.Units[nat].Rows[v].Value
		ac = e.log.AC(a)
	}
	return e.become(s, at, act, row, rolls, ac)
}

// acCheck rolls the AC dr of S? s in Location at (SASL 5.1) with the drm
// of the tables' s_generation (a public SASL quick reference's, cumulative):
// s in or ADJACENT to a VPO; in a stone building; per level above its
// hex's base level; an Activated ENEMY unit (not an S?) within near_range
// hexes; on a Village or City mapboard (Table A9), unless s is in Advance
// Attitude: an S? that entered (SASL 4.2), not one of the setup (4.1, its
// Case set). "In the same building" beyond near_range is not played.
func (e *Enemy) acCheck(s *state.Unit, at board.Location) (report.AC, error) {
	g := &e.t.SGeneration
	a := report.AC{Dummy: g.Dummy.Value}
	vpo := e.w.VPOInHex(at.Hex)
	for d := range hex.Dirs {
		vpo = vpo || e.w.VPOInHex(at.Hex.Neighbour(d))
	}
	if vpo {
		a.VPO = g.VPO.Value
	}
	if t, ok := e.m.Terrain(at.Hex); ok && t.Kinds.Has(terrain.Building) && t.Building.Material == terrain.Stone && !at.Roof {
		a.Stone = g.Stone.Value
	}
	if at.Level > 0 {
		a.Level = at.Level * g.Level.Value
	}
	for _, u := range e.st.OfSide(state.Enemy) {
		if u != s && u.Kind != state.SQ && u.OnMap() && hex.Distance(u.At().Hex, at.Hex) <= g.NearRange.Value {
			a.Near = g.Near.Value
			break
		}
	}
	if s.Case != 0 { // of the setup: not in Advance Attitude
		i, _ := e.w.Board(at.Hex)
		switch k := e.w.Kinds()[i]; {
		case k.City:
			a.Board, a.City = g.City.Value, true
		case k.BuiltUp:
			a.Board = g.Village.Value
		}
	}
	drm := a.VPO + a.Stone + a.Level + a.Near + a.Board
	v, err := e.r.Dr(dice.Why{Rule: "SASL 5.1", For: report.ForAC, Unit: s.ID, At: at, N: drm})
	if err != nil {
		return a, err
	}
	a.Dr, a.Final = v, v+drm
	return a, nil
}

// become puts in S? s's place the units of row (a row of Table x10, or of
// a unit generation table), rolls the rolls so far: a leader by Table x3,
// with +1 per leader or Commissar in the Human Wave, -1 if none (SASL
// 4.35), for a Human Wave S? or one by Table x10; with s_generation's
// leader_drm for the others (SASL 5). The units keep the S?'s wave and
// lane, and the MF it has left.
func (e *Enemy) become(s *state.Unit, at board.Location, act report.Activation, row []string, rolls []report.Roll, ac *report.AC) ([]*state.Unit, error) {
	out := e.gen.out[:0]
	made := e.gen.made[:0]
	defer func() { e.gen.rolls, e.gen.made, e.gen.out = rolls, made, out }()
	for i, kind := range row {
		e.gen.id = append(append(e.gen.id[:0], s.ID...), byte('a'+i))
		u := e.newUnit()
		*u = state.Unit{ID: e.st.Intern(e.gen.id), Side: state.Enemy, HW: s.HW, Wave: s.Wave, Lane: s.Lane, Released: s.Released, Moved: s.Moved,
			Setup: s.Case != 0 || s.Setup}
		u.Place(at)
		if e.st.Unit(u.ID) != nil {
			u.ID = e.st.NewID(u.ID + "-")
		}
		switch kind {
		case "squad":
			u.Kind, u.Type = state.Squad, e.t.Counters.Of(e.ms.Enemy).Squad.Value
		case "half_squad":
			u.Kind, u.Type = state.HalfSquad, e.t.Counters.Of(e.ms.Enemy).HalfSquad.Value
		case "leader":
			why := dice.Why{Rule: "SASL 5", For: report.ForLeader, Unit: s.ID, N: e.t.SGeneration.LeaderDRM.Value}
			if ac == nil {
				// 4.35: +1 per leader "currently part of that Human Wave
				// formation", -1 if none. An S? released from its wave
				// (4.33) is part of no formation: -1 (the reading sasl
				// takes).
				drm := 0
				for _, x := range e.st.OfSide(state.Enemy) {
					if s.Wave != "" && !s.Released && x.Wave == s.Wave && !x.Released && !x.Broken && x.OnMap() && x.Kind.SMC() {
						drm++
					}
				}
				if drm == 0 {
					drm = -1
				}
				why = dice.Why{Rule: "SASL 4.35", For: report.ForX3, Unit: s.ID, N: drm}
			}
			lv, err := e.r.Dr(why)
			if err != nil {
				return nil, err
			}
			rolls = append(rolls, e.last("x3"))
			row := e.h.X3.Leader(lv + why.N)
			if row.Value == "none" {
				made = append(made, report.Made{Kind: state.Leader, X3: lv, DRM: why.N})
				continue
			}
			u.Kind, u.Type = state.Leader, row.Value
		}
		out = append(out, u)
		made = append(made, report.Made{ID: u.ID, Kind: u.Kind, Type: u.Type, At: at})
	}
	if len(out) == 0 && ac == nil {
		return nil, fmt.Errorf("ai: SASL 4.34: Table x10 generated no unit for %s; a Human Wave S? is never a dummy", s.ID)
	}
	// The S? leaves play for the units it hid, which come into play in
	// the row's order while the Location takes them (ASL A5.1); the
	// first always does, in the S?'s own place. What becomes of the rest
	// the tables say (human_wave.excess): by default they do not come
	// into play.
	e.st.Remove(s)
	excess := e.gen.excess[:0]
	placed := out[:0]
	for i, u := range out {
		if i > 0 && e.h.Excess.Value == tables.ExcessNotPlaced && !e.w.Fits(e.st, state.Enemy, at, []*state.Unit{u}) {
			excess = append(excess, report.Made{Kind: u.Kind, Type: u.Type})
			made = slices.DeleteFunc(made, func(m report.Made) bool { return m.ID == u.ID })
			continue
		}
		e.st.Add(u, at)
		placed = append(placed, u)
	}
	out = placed
	e.gen.excess = excess
	e.log.Add(report.Event{Kind: report.Activate, Units: e.log.Strings(s.ID), At: at, Rolls: e.log.Rolls(rolls...),
		Activation: e.log.Activation(act), Made: e.log.Made(made...), AC: ac})
	if len(excess) > 0 {
		e.log.Add(report.Event{Kind: report.Excess, Units: e.log.Strings(s.ID), At: at, Made: e.log.Made(excess...),
			Count: e.h.Stacking.Value, Was: e.h.StackSMC.Value})
	}
	return e.keep(out...), nil
}
