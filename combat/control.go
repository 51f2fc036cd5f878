package combat

import (
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// Control updates who Controls each VPO (ASL A26.11): a side gains it by
// occupying its Location with a Good Order MMC (an S? too; a leader alone
// takes nothing) without the presence of an armed unit of the other side:
// a broken unit is armed and present, and sasl looks for it anywhere in
// the VPO's hex (Gainable: a unit passing through, or one on the ground
// floor under a held upper level, takes nothing).
func (c *Resolver) Control() {
	st := c.St
	for i, v := range st.VPO {
		var in [2]bool
		for u := st.First(v.At.Hex); u != nil; u = u.Next() {
			if u.OnMap() && u.At() == v.At && !u.Broken && !u.Kind.SMC() {
				in[u.Side] = true
			}
		}
		for _, side := range []state.Side{state.Enemy, state.Friendly} {
			if in[side] && v.Side != side && Gainable(st, side, v.At) {
				st.VPO[i].Side = side
				c.log.Add(report.Event{Kind: report.Control, At: v.At, Side: side})
			}
		}
	}
}

// Gainable reports whether side may gain Control of Location l (ASL
// A26.11): no unit of the other side is in any Location of its hex, broken
// or not (a broken unit is an armed enemy unit: A26.11 asks for none
// present).
func Gainable(st *state.State, side state.Side, l board.Location) bool {
	for u := st.First(l.Hex); u != nil; u = u.Next() {
		if u.Side != side && u.OnMap() {
			return false
		}
	}
	return true
}
