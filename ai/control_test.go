package ai

import (
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// Control of a VPO (ASL A26.11) is gained by occupying it with an armed
// Good Order Infantry MMC without an armed enemy unit present: a Human
// Wave leader that walks through the FRIENDLY VPO o2K5 alone, or into it
// where only a broken ENEMY squad lies, takes nothing, nor does one that
// advances into it to close a gap (SASL 4.322); a squad walking the same
// way takes it.
func TestHWLeaderTakesNoVPO_A26_11(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission+"vpo: [\"o2K5\"]\n")
	vpo := board.Ground(mustLocate(t, m, "o2K5"))
	for _, c := range []struct {
		name, units string
		want        state.Side
	}{
		{"a leader alone", "  - {id: A1, unit: leader, type: 8-1, wave: A, at: o2K8}\n", state.Friendly},
		{"a leader with only a broken squad there", "  - {id: A1, unit: leader, type: 8-1, wave: A, at: o2K8}\n  - {id: A2, unit: squad, broken: true, at: o2K5}\n", state.Friendly},
		{"a squad", "  - {id: A1, unit: squad, wave: A, at: o2K8}\n", state.Enemy},
	} {
		h := walkA1(t, m, ms, c.units, "o2K5")
		evs := worded(h, 0)
		var said []string
		for _, e := range evs {
			said = append(said, e.Text)
		}
		through := slices.ContainsFunc(evs, func(e event) bool {
			return e.Kind == report.Move && slices.ContainsFunc(e.Steps, func(s pathing.Step) bool { return s.Location == vpo })
		})
		if !through {
			t.Fatalf("%s: A1 did not walk through o2K5: %q", c.name, said)
		}
		if side, _ := h.st.Controller(vpo); side != c.want {
			t.Errorf("%s walked through o2K5: the VPO is the %s's, want the %s's: %q", c.name, side, c.want, said)
		}
	}
	// A leader advancing into the VPO to close a gap takes nothing either.
	st, err := state.Read(strings.NewReader("turn: 2\nwaves:\n  - {id: A, edge: south, direction: o2K10}\nenemy:\n  - {id: A1, unit: leader, type: 8-1, wave: A, at: o2K6}\nvpo:\n  - {at: o2K5, control: friendly}\n"), "state.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	h := newHW(t, m, ms, scripted(t, ""), st)
	h.Log().Phase = state.APh
	h.advanceTo(st.Unit("A1"), vpo.Hex, report.Event{Kind: report.Gap})
	if side, _ := st.Controller(vpo); side != state.Friendly || st.Unit("A1").At() != vpo {
		t.Errorf("a leader advanced into o2K5 (now in %s): the VPO is the %s's", m.LocationName(st.Unit("A1").At()), side)
	}
}

// Human Wave units make a detour to take a FRIENDLY VPO within reach
// (SASL 4.32: they "attempt to Control" it): a squad does, toward o2M5 off
// its lane; a leader alone, who cannot gain Control (ASL A26.11), keeps to
// his lane.
func TestHWLeaderNoDetour_SASL4_32(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission+"vpo: [\"o2M5\"]\n")
	vpo := board.Ground(mustLocate(t, m, "o2M5"))
	for _, c := range []struct {
		unit   string
		detour bool
	}{{"leader, type: 8-1", false}, {"squad", true}} {
		h := walkA1(t, m, ms, "  - {id: A1, unit: "+c.unit+", wave: A, at: o2K8}\n", "o2M5")
		went := slices.ContainsFunc(worded(h, 0), func(e event) bool {
			return e.Kind == report.Move && slices.ContainsFunc(e.Steps, func(s pathing.Step) bool { return s.Location == vpo })
		})
		if went != c.detour {
			t.Errorf("%s: through the VPO o2M5 %v, want %v", c.unit, went, c.detour)
		}
	}
}

// walkA1 plays the Human Wave move of A1 in the MPh of turn 2, the ENEMY
// units those of units (lines of a state file), of wave A from the south
// edge, with the FRIENDLY-controlled VPO vpo.
func walkA1(t *testing.T, m *board.Map, ms *missions.Mission, units, vpo string) *Enemy {
	t.Helper()
	st, err := state.Read(strings.NewReader("turn: 2\nwaves:\n  - {id: A, edge: south, direction: o2K10}\nenemy:\n"+units+"vpo:\n  - {at: "+vpo+", control: friendly}\n"), "state.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	h := newHW(t, m, ms, scripted(t, ""), st)
	h.Log().Phase = state.MPh
	var claimed []board.Location
	if _, err := h.walk(st.Unit("A1"), &claimed); err != nil {
		t.Fatal(err)
	}
	return h
}
