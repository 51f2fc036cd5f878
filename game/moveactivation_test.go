package game

import (
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// SASL 3.32 (the Activation table, with FFNAM/FFMO of ASL A4.6, FFMO alone
// for Assault Movement, A4.61): a FRIENDLY move that ends in the LOS of an
// S? at a range and Final DRM the table Activates leaves no such S? standing
// (the held-out checker once saw an Assault Movement 2 hexes from an S?
// that did not Activate it). Checked at each move's last Location, over
// attack-policy games on real boards.
func TestMoveEndActivatesSQ_SASL3_32(t *testing.T) {
	t.Parallel()
	for _, text := range []string{realMission, attack24} {
		w := prepareText(t, text)
		row, _ := w.Tables().Activation.Row(w.ActivationRow())
		checked, missed := 0, 0
		for seed := range longrun.Seeds(30, 10) {
			g := newPolicyGame(t, w, PolicyAttack, seed)
			phaseByPhase(t, g, PolicyAttack, seed, func(where string, side state.Side, ph state.Phase, before map[string]was, evs []report.Event) {
				if side != state.Friendly || ph != state.MPh {
					return
				}
				for _, e := range evs {
					if e.Kind != report.Move || e.Side != state.Friendly {
						continue
					}
					assault := false
					for _, n := range e.Notes {
						if n.Kind == report.Assault {
							assault = true
						}
					}
					motion := combat.Moving
					if assault {
						motion = combat.Assault
					}
					end := e.Steps[len(e.Steps)-1].Location
					for id, b := range before {
						u := g.st.Unit(id)
						if b.kind != state.SQ || u == nil || !g.st.Holds(u) || u.Kind != state.SQ || u.At() != b.at {
							continue
						}
						d := hex.Distance(b.at.Hex, end.Hex)
						if d > 16 {
							continue
						}
						s := w.Sight(b.at, end)
						if !s.Clear || s.Range >= len(row.Value) {
							continue
						}
						cov := combat.Cover(w, g.st, b.at, end, state.Enemy)
						drm := cov.TEM + s.Hindrance + combat.MoveDRM(&w.Tables().Combat, motion, cov.TEM, s.Hindrance)
						checked++
						if row.Value[s.Range].Activates(drm) {
							missed++
							t.Errorf("%s: S? %s in %s not Activated by the move (assault %v) of %v into %s: range %d, DRM %d", where, id, w.Map().LocationName(b.at), assault, e.Units, w.Map().LocationName(end), s.Range, drm)
						}
					}
				}
			})
		}
		t.Logf("%d S? checked at the end of a FRIENDLY move, %d left standing though the table Activates them", checked, missed)
		if checked == 0 {
			t.Error("no S? was in LOS of a FRIENDLY move's end: the test checks nothing")
		}
	}
}
