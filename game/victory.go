package game

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// Outcome is how a game ended by the mission's victory conditions.
type Outcome struct {
	Winner state.Side
	// Exited is the ENEMY squad-equivalents exited off the FBE (a Human
	// Wave S? counts as SASL 4.3 says, a half-squad half, an SMC none);
	// MaxExits the most the FRIENDLY side allows (-1: no limit).
	Exited, MaxExits float64
	// Control is who Controls each VPO the FRIENDLY side must Control.
	Control []state.Control
	// m names the VPOs in Why; err is why the VPOs were not resolved.
	m   *board.Map
	err error
}

// Text names the winner and why: "the ENEMY side (the ENEMY Controls
// 33Q6)".
func (o Outcome) Text() string {
	return fmt.Sprintf("the %s side (%s)", strings.ToUpper(o.Winner.String()), o.Why())
}

// Why says which conditions failed, or that all held: "the ENEMY
// Controls 33Q6; 3 ENEMY squad-equivalents exited off the FBE (at most
// 2)". It is worded only when asked (a simulation never does).
func (o Outcome) Why() string {
	var failed []string
	if o.err != nil {
		failed = append(failed, o.err.Error())
	}
	for _, c := range o.Control {
		if c.Side != state.Friendly {
			failed = append(failed, fmt.Sprintf("the ENEMY Controls %s", o.m.LocationName(c.At)))
		}
	}
	if o.MaxExits >= 0 && o.Exited > o.MaxExits {
		failed = append(failed, fmt.Sprintf("%g ENEMY squad-equivalents exited off the FBE (at most %g)", o.Exited, o.MaxExits))
	}
	if len(failed) == 0 {
		return "every victory condition holds"
	}
	return strings.Join(failed, "; ")
}

// Exited returns the ENEMY squad-equivalents that have exited off the FBE.
func (g *Game) Exited() float64 {
	hwS := float64(g.w.Tables().HumanWave.SquadsPerS.Value)
	n := 0.0
	for _, u := range g.st.OfSide(state.Enemy) {
		if u.Exited {
			n += u.Squads(hwS)
		}
	}
	return n
}

// Outcome judges the game by the mission's victory conditions: the
// FRIENDLY side wins when every one holds, else the ENEMY side wins. ok is
// false while the game is not over or when the mission has none.
func (g *Game) Outcome() (o Outcome, ok bool) {
	v := g.w.Mission().Victory
	if v == nil || !g.Over() {
		return o, false
	}
	o = Outcome{Winner: state.Friendly, Exited: g.Exited(), MaxExits: v.MaxEnemyExits, m: g.w.Map()}
	vpos, err := g.w.VictoryVPOs() // checked by Prepare
	if err != nil {
		o.Winner, o.err = state.Enemy, err
	}
	for _, l := range vpos {
		side, _ := g.st.Controller(l)
		o.Control = append(o.Control, state.Control{At: l, Side: side})
		if side != state.Friendly {
			o.Winner = state.Enemy
		}
	}
	if v.MaxEnemyExits >= 0 && o.Exited > v.MaxEnemyExits {
		o.Winner = state.Enemy
	}
	return o, true
}
