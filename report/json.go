package report

import (
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/state"
)

// The JSON form of events: the same data, Locations in A2.2 notation, with
// the text sasl prints beside it.

// PathStepJSON is a step of a move.
type PathStepJSON struct {
	Location string  `json:"location"`
	MF       float64 `json:"mf"`
	OffBoard bool    `json:"off_board,omitempty"`
}

// RollJSON is a roll: the rule, the die, its value and what it was for.
type RollJSON struct {
	Rule  string `json:"rule"`
	Die   string `json:"die"` // dr, DR or chit
	Value any    `json:"value"`
	// Coloured and White are the two dice of a DR (Value is their sum).
	Coloured int    `json:"coloured,omitempty"`
	White    int    `json:"white,omitempty"`
	Why      string `json:"why"`
}

// UnitJSON is a unit an S? became.
type UnitJSON struct {
	ID   string `json:"id"`
	Unit string `json:"unit"`
	Type string `json:"type,omitempty"`
	At   string `json:"at"`
}

// FireJSON is a fire group.
type FireJSON struct {
	Members   []string `json:"members"`
	From      []string `json:"from"`
	Target    string   `json:"target"`
	At        string   `json:"target_at"`
	FP        float64  `json:"firepower"`
	DRM       int      `json:"drm"`
	TEM       int      `json:"tem"`
	Hindrance int      `json:"hindrance"`
	Range     int      `json:"range"`
	Priority  int      `json:"priority"`
	// Move is the movement DRM (FFNAM, FFMO), Wall the hexside feature
	// whose TEM tem is (ASL B9.3).
	Move int    `json:"move_drm,omitempty"`
	Wall string `json:"wall,omitempty"`
	// As: the fire an ENEMY group makes after First Fire (ASL A8.3-A8.4):
	// subsequent_first_fire, final_protective_fire, final_fire.
	As string `json:"as,omitempty"`
	// Still: the units attacked that did not move, against whom the
	// movement DRM does not count (ASL A4.6, A8.1).
	Still []string `json:"not_moving,omitempty"`
}

// ActivationJSON is what Activated an S? (SASL 4.34): the FRIENDLY unit in
// its LOS, the range, the Final IFT DRM and its parts, and the cell of the
// mission's row of the Activation table ("auto" or the highest DRM); or
// the FRIENDLY fire (or Residual FP) that Activated it.
type ActivationJSON struct {
	By        string `json:"by"`
	At        string `json:"at"`
	Range     int    `json:"range"`
	DRM       int    `json:"drm"`
	TEM       int    `json:"tem"`
	Hindrance int    `json:"hindrance"`
	Row       string `json:"table_row"`
	Cell      string `json:"table_cell"`
	Move      int    `json:"move_drm,omitempty"`
	Wall      string `json:"wall,omitempty"`
	// Fire: By fired at the S?, and the attack Activated it (the table
	// fields are empty); Residual: the Residual FP in At, the S?'s
	// Location, attacked it as it entered (ASL A8.2; By is empty too).
	Fire     bool `json:"fire,omitempty"`
	Residual bool `json:"residual,omitempty"`
	// Moment: what the check answered: moved, advanced, routed or fired
	// (By acted in the S?'s LOS), s_moved (the S? moved into By's LOS),
	// standing (the check each Player Turn of units standing still).
	Moment string `json:"moment,omitempty"`
}

// ACJSON is the Activation Check dr of an S? outside a Human Wave (SASL
// 5.1): the dr, each drm (0: did not apply), the Final dr, and the Final dr
// from which it is a dummy.
type ACJSON struct {
	Dr      int  `json:"dr"`
	VPO     int  `json:"vpo_drm,omitempty"`
	Stone   int  `json:"stone_drm,omitempty"`
	Level   int  `json:"level_drm,omitempty"`
	Near    int  `json:"near_drm,omitempty"`
	Village int  `json:"village_drm,omitempty"`
	City    int  `json:"city_drm,omitempty"`
	Final   int  `json:"final"`
	DummyAt int  `json:"dummy_at"`
	Dummy   bool `json:"dummy"`
}

// ActionJSON is an ENEMY Action check (SASL 6): the Attitude, the Panic
// dr and the least that panics, the Automatic Action (SASL 6.3) that
// decided it, the Action table's dr and row, the Command taken, and the
// rule that decided it.
type ActionJSON struct {
	Attitude  string `json:"attitude"`
	Panic     int    `json:"panic_dr"`
	PanicAt   int    `json:"panic_at"`
	Panicked  bool   `json:"panicked"`
	Automatic string `json:"automatic,omitempty"`
	Dr        int    `json:"table_dr,omitempty"`
	Row       string `json:"table_row,omitempty"`
	Command   string `json:"command"`
	Target    bool   `json:"target,omitempty"`
	Rule      string `json:"rule"`
}

// EventJSON is an event.
type EventJSON struct {
	Phase      state.Phase     `json:"phase"`
	Player     string          `json:"player_turn"`
	Kind       Kind            `json:"kind"`
	Units      []string        `json:"units,omitempty"`
	Wave       string          `json:"wave,omitempty"`
	Edge       string          `json:"edge,omitempty"`
	Entrances  []string        `json:"entrances,omitempty"`
	Direction  string          `json:"hw_direction,omitempty"`
	Path       []PathStepJSON  `json:"path,omitempty"`
	Made       []UnitJSON      `json:"generated,omitempty"`
	Activation *ActivationJSON `json:"activation,omitempty"`
	AC         *ACJSON         `json:"ac,omitempty"`
	Action     *ActionJSON     `json:"action,omitempty"`
	Fire       *FireJSON       `json:"fire_group,omitempty"`
	Rolls      []RollJSON      `json:"rolls,omitempty"`
	// Goal and GoalAt: what a move of ENEMY units outside a Human Wave
	// heads for (take_vpo, hold_vpo, fbe) and the VPO.
	Goal   string `json:"goal,omitempty"`
	GoalAt string `json:"goal_at,omitempty"`
	// GoOn: the stop the player went on from (first_fire, phase, rout,
	// hold_move: hold fire for the rest of the move; rout_done), where (a
	// First Fire stop's Location) and whether they acted there first.
	GoOn *GoOnJSON `json:"go_on,omitempty"`
	Text string    `json:"text"`
}

// GoOnJSON is what a go_on event says of the player's step.
type GoOnJSON struct {
	Stop  string `json:"stop"`
	At    string `json:"at,omitempty"`
	Acted bool   `json:"acted"`
}

// JSON returns the JSON form of events.
func (x *Words) JSON(evs []Event) []EventJSON {
	m := x.m
	out := []EventJSON{}
	for i := range evs {
		e := &evs[i]
		j := EventJSON{Phase: e.Phase, Player: e.Player.String(), Kind: e.Kind, Units: e.Units, Wave: e.Wave, Text: x.Text(e)}
		switch e.Kind {
		case Arrive, WaveEntry, Enter:
			j.Edge = e.Edge.String()
		}
		for _, h := range e.Hexes {
			j.Entrances = append(j.Entrances, m.NameString(h))
		}
		if e.Kind == WaveEntry {
			j.Direction = m.NameString(e.Direction)
		}
		for _, s := range e.Steps {
			name := m.LocationName(s.Location)
			if s.Off {
				name = m.NameString(s.Location.Hex)
			}
			j.Path = append(j.Path, PathStepJSON{name, float64(s.HalfMF) / 2, s.Off})
		}
		for _, u := range e.Made {
			if u.ID != "" || e.Kind == Excess { // Excess: units that did not come into play
				j.Made = append(j.Made, UnitJSON{u.ID, u.Kind.String(), u.Type, m.LocationName(u.At)})
			}
		}
		if f := e.Fire; f != nil {
			from := make([]string, len(f.From))
			for i, l := range f.From {
				from[i] = m.LocationName(l)
			}
			j.Fire = &FireJSON{f.Members, from, f.Target, m.LocationName(f.At), f.FP, f.DRM, f.TEM, f.Hindrance, f.Range, f.Priority, f.Move, f.Wall, "", f.Still}
			switch f.As {
			case SubsequentFirstFire, FinalProtectiveFire, FinalFire:
				j.Fire.As = f.As.String()
			}
		}
		if a := e.Activation; a != nil {
			j.Activation = &ActivationJSON{a.By, m.LocationName(a.At), a.Range, a.DRM, a.TEM, a.Hindrance, a.Row, a.Cell.String(), a.Move, a.Wall, a.Fire, a.Residual, a.Moment.String()}
		}
		if a := e.AC; a != nil {
			j.AC = &ACJSON{Dr: a.Dr, VPO: a.VPO, Stone: a.Stone, Level: a.Level, Near: a.Near, Final: a.Final, DummyAt: a.Dummy, Dummy: a.Final >= a.Dummy}
			if a.City {
				j.AC.City = a.Board
			} else {
				j.AC.Village = a.Board
			}
		}
		if a := e.Action; a != nil {
			j.Action = &ActionJSON{Attitude: a.Attitude, Panic: a.Panic.DR, PanicAt: a.Panic.Need, Panicked: a.Panicked,
				Automatic: a.Automatic.String(), Dr: a.Table.DR, Command: a.Command.String(), Target: a.Target, Rule: a.Rule()}
			if a.Table.DR > 0 {
				j.Action.Row = a.Row.String()
			}
			if a.Panicked {
				j.Action.Command = "panic"
			}
		}
		for _, r := range e.Rolls {
			j.Rolls = append(j.Rolls, x.RollJSON(r.Roll))
		}
		if e.Kind == GoOn {
			j.GoOn = &GoOnJSON{Stop: e.Other, Acted: e.Count > 0}
			if len(e.Units) > 0 {
				j.GoOn.At = m.LocationName(e.At)
			}
		}
		if e.Goal != NoGoal {
			j.Goal = e.Goal.String()
			if e.Goal != ToFBE {
				j.GoalAt = m.LocationName(e.TargetAt)
			}
		}
		out = append(out, j)
	}
	return out
}

// RollJSON returns the JSON form of a roll.
func (x *Words) RollJSON(r dice.Roll) RollJSON {
	j := RollJSON{Rule: r.Why.Rule, Why: x.Why(r.Why)}
	switch r.Kind {
	case dice.DR:
		j.Die, j.Value, j.Coloured, j.White = "DR", r.Coloured+r.White, r.Coloured, r.White
	case dice.Chit:
		j.Die, j.Value = "chit", r.Chit
	default:
		j.Die, j.Value = "dr", r.Coloured
	}
	return j
}
