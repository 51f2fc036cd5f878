package game

import (
	"fmt"
	"strings"

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
	// Why says which conditions failed, or that all held.
	Why string
}

// Exited returns the ENEMY squad-equivalents that have exited off the FBE.
func (g *Game) Exited() float64 {
	hwS := float64(g.W.Tables().HumanWave.SquadsPerS.Value)
	n := 0.0
	for _, u := range g.State.OfSide(state.Enemy) {
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
	v := g.W.Mission().Victory
	if v == nil || !g.Over() {
		return o, false
	}
	o = Outcome{Winner: state.Friendly, Exited: g.Exited(), MaxExits: v.MaxEnemyExits}
	var failed []string
	m := g.W.Map()
	vpos, err := g.W.VictoryVPOs() // checked by Prepare
	if err != nil {
		failed = append(failed, err.Error())
	}
	for _, l := range vpos {
		side, _ := g.State.Controller(l)
		o.Control = append(o.Control, state.Control{At: l, Side: side})
		if side != state.Friendly {
			failed = append(failed, fmt.Sprintf("the ENEMY Controls %s", m.LocationName(l)))
		}
	}
	if v.MaxEnemyExits >= 0 && o.Exited > v.MaxEnemyExits {
		failed = append(failed, fmt.Sprintf("%g ENEMY squad-equivalents exited off the FBE (at most %g)", o.Exited, v.MaxEnemyExits))
	}
	o.Why = "every victory condition holds"
	if len(failed) > 0 {
		o.Winner = state.Enemy
		o.Why = strings.Join(failed, "; ")
	}
	return o, true
}
