package game

import (
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// SASL 4.34: "SASL Human Wave units (only) may continue movement after
// Activation, MF permitting." An S? of the setup or an entry Activated as
// it moves in the ENEMY MPh (by a FRIENDLY unit's LOS, or fired at) ends
// its move where it was Activated, as the units it became; a Human Wave
// S?'s units go on. A checker saw E5 of the crossroads demo (seed 1)
// Activated entering x1EE10, its units walking on three hexes.
//
// Over attack-policy games of the demo missions: every Move of units an
// S? outside a Human Wave became, which starts before the Location it was
// Activated in (the way it moved to it), ends there.
func TestActivatedSQStopsOutsideAHumanWave_SASL4_34(t *testing.T) {
	t.Parallel()
	midMove, waveOn := 0, 0
	for _, mission := range []string{"crossroads", "wooded-hill"} {
		w := prepared(t, mission, "")
		for seed := range longrun.Seeds(40, 6) {
			g := newPolicyGame(t, w, PolicyAttack, seed)
			phaseByPhase(t, g, PolicyAttack, seed, func(where string, side state.Side, ph state.Phase, _ map[string]was, evs []report.Event) {
				if side != state.Enemy || ph != state.MPh {
					return
				}
				setup := map[string]board.Location{} // units an S? outside a Human Wave became, where
				wave := map[string]board.Location{}  // units a Human Wave S? became
				for _, e := range evs {
					switch {
					case e.Kind == report.Activate && e.SetupS():
						for _, m := range e.Made {
							setup[m.ID] = e.At
						}
					case e.Kind == report.Activate:
						for _, m := range e.Made {
							wave[m.ID] = e.At
						}
					case e.Kind == report.Move || e.Kind == report.MovesOn:
						last := e.Steps[len(e.Steps)-1].Location
						for _, id := range e.Units {
							// An entry's first step is off the map, by the
							// Location it enters.
							if at, ok := setup[id]; ok {
								in := func(s pathing.Step) bool { return !s.Off && s.Location == at }
								switch {
								case slices.ContainsFunc(e.Steps[:len(e.Steps)-1], in):
									t.Errorf("%s: %s, Activated in %s as it moved, moves on from there to %s (SASL 4.34: only Human Wave units continue movement after Activation)", where, id, w.Map().LocationName(at), w.Map().LocationName(last))
								case last == at && len(e.Steps) > 1:
									midMove++
								}
							}
							if at, ok := wave[id]; ok && last != at && slices.ContainsFunc(e.Steps, func(s pathing.Step) bool { return !s.Off && s.Location == at }) {
								waveOn++
							}
						}
					}
				}
			})
		}
	}
	t.Logf("%d moves of units Activated on the way, outside a Human Wave, stopped there; %d of a Human Wave's went on", midMove, waveOn)
	if midMove == 0 || waveOn == 0 {
		t.Errorf("the games Activated %d S? outside a Human Wave as they moved and %d Human Wave S? that went on: the test checks nothing", midMove, waveOn)
	}
}
