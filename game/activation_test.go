package game

import (
	"testing"

	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

// SASL 3.32 (as VASL's SASL Activation Checker reads it; issue 40): an S?
// is checked against a FRIENDLY unit that acts in its LOS, against that
// unit only. In the four-board game of seed 5, F4 moving to 4R1 at the
// first FRIENDLY MPh Activates no S? but those that see F4 itself (no S?
// around F1 and F2 on the other boards); with the tables as built in no
// S? is checked standing still (activation.still none: no text checks a
// pair that does not act).
func TestActivationByTheActingUnit_SASL3_32(t *testing.T) {
	t.Parallel()
	w := prepareText(t, realMission)
	m := w.Map()
	s := begin(t, w, 5, PolicyPlayer, StopFire)
	standing := 0
	for s.Stop().Kind != state.BeforePhase || s.Stop().Phase != state.MPh || s.Stop().Player != state.Friendly {
		if s.Stop().Kind == state.Over {
			t.Fatal("no FRIENDLY MPh")
		}
		st := do(t, s, Next)
		for _, e := range st.Events {
			if e.Kind == report.Activate && e.Activation != nil && e.Activation.Moment == report.Standing {
				standing++
			}
		}
	}
	if standing != 0 {
		t.Errorf("%d S? were checked standing still before the first FRIENDLY MPh (activation.still none)", standing)
	}
	if s.g.st.Unit("F4") == nil {
		t.Skip("F4 did not live to its first MPh")
	}
	c, err := ParseCommand("move F4 4R1", m)
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.Do(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range st.Events {
		if e.Kind != report.Activate {
			continue
		}
		n++
		a := e.Activation
		if a == nil || a.By != "F4" || a.Moment != report.ByMoved {
			t.Errorf("S? %s in %s Activated by %+v, want by F4 moving", e.Units[0], m.LocationName(e.At), a)
			continue
		}
		if sg := w.Sight(e.At, a.At); !sg.Clear || sg.Range > w.Tables().Activation.MaxRange {
			t.Errorf("S? %s in %s Activated by F4 in %s out of its LOS or the table's ranges", e.Units[0], m.LocationName(e.At), m.LocationName(a.At))
		}
	}
	t.Logf("%d S? Activated by F4's move; %d checked standing still before it", n, standing)
}
