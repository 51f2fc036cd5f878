package ai

import (
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

// ResidualAttacked Activates S? s, which the Residual FP in its Location
// attacks as it enters (ASL A8.2: Residual FP attacks every unit that
// enters the Location): an attack on an S? Activates it first (SASL 3.3,
// not among the texts; as Attacked, the player's fire at one), here by no
// unit, so the Activation names the Residual FP. It returns the units s
// became, which the Residual FP then attacks (none: a dummy, removed from
// play, SASL 5.1); they go on as the S? would have (a Human Wave S?'s
// with the MF it has left, 4.34; fired).
func (e *Enemy) ResidualAttacked(s *state.Unit) ([]*state.Unit, error) {
	return e.attacked(s, report.Activation{At: s.At(), Residual: true})
}
