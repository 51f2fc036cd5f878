package game

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

// At a First Fire stop the player fires, then passes: the engine fires
// only with the units the stop still offers, never again with one that
// fired at this move (ASL A8.3: each unit fires once at a move). And where
// the player's fire eliminates the moving stack, the game file keeps the
// stop with nothing left moving, and reads back and replays.
func TestA8_3_PassAfterFireFiresNoUnitTwice(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	m := w.Map()
	fired, passed, gone := 0, 0, 0
	for i := range longrun.Seeds(12, 6) {
		seed := i + 1
		s := begin(t, w, seed, PolicyPlayer, StopFire)
		for s.Stop().Kind != state.Over {
			stop := s.Stop()
			if stop.Kind != state.FirstFireAt || !stop.CanFire || len(stop.Groups) == 0 {
				do(t, s, Pass)
				continue
			}
			gr := stop.Groups[0]
			c, err := ParseCommand("fire --from "+m.LocationName(gr.At)+" --at "+m.LocationName(stop.At), m)
			if err != nil {
				t.Fatal(err)
			}
			// Every other fire a sure kill: the stack may be gone after it.
			var script dice.Roller
			if fired%2 == 1 {
				script = &ones{}
			}
			st, err := s.Do(c, script)
			if err != nil {
				t.Fatalf("seed %d: %s: %v", seed, c.Text(m), err)
			}
			fired++
			var firers []string
			for _, e := range st.Events {
				if combat.AtMover(e.Kind) && e.Side == state.Friendly {
					firers = append(firers, e.Units...)
				}
			}
			if len(s.Stop().Moving) == 0 {
				gone++
				rs, err := Replay(w, s.g.st.Game, s.Journal())
				if err != nil {
					t.Fatalf("seed %d: the game whose stack the fire eliminated does not replay: %v", seed, err)
				}
				if string(written(t, rs.g)) != string(written(t, s.g)) {
					t.Fatalf("seed %d: the replay differs", seed)
				}
				if _, err := state.Read(bytesReader(written(t, s.g)), "g.yaml", m); err != nil {
					t.Fatalf("seed %d: the game file does not read back: %v", seed, err)
				}
				rs.Close()
			}
			st = do(t, s, Pass)
			passed++
			for _, e := range st.Events {
				if e.Kind == report.Move {
					break // the move goes on: later stops are new moves
				}
				// (Another stack of a Human Wave, moving on, is another
				// move: Subsequent First Fire may meet it, A8.3.)
				if combat.AtMover(e.Kind) && e.Side == state.Friendly && (e.Fire == nil || e.Fire.At == stop.At) {
					for _, id := range e.Units {
						if slices.Contains(firers, id) {
							t.Fatalf("seed %d: %s fired at the stack in %s twice: %s", seed, id, m.LocationName(stop.At), report.New(w).Text(&e))
						}
					}
				}
			}
		}
		s.Close()
	}
	t.Logf("%d fires at First Fire stops, %d passes after them, %d stacks gone", fired, passed, gone)
	if fired == 0 || gone == 0 {
		t.Fatalf("%d fires, %d stacks eliminated by them: the test saw nothing", fired, gone)
	}
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }

// ones rolls 1 on every die: the player's own dice, a sure kill.
type ones struct{ rolls []dice.Roll }

func (o *ones) Dr(dice.Why) (int, error) {
	o.rolls = append(o.rolls, dice.Roll{Kind: dice.Dr, Coloured: 1})
	return 1, nil
}

func (o *ones) DR(dice.Why) (int, int, error) {
	o.rolls = append(o.rolls, dice.Roll{Kind: dice.DR, Coloured: 1, White: 1})
	return 1, 1, nil
}

func (o *ones) Draw(*dice.Cup, dice.Why) (string, error) { return "", errors.New("no chits") }

func (o *ones) Trail() []dice.Roll { return o.rolls }
