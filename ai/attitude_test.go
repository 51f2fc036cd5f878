package ai

import (
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

// vpoMission is open ground with a VPO the FRIENDLY side must Control.
const vpoMission = `name: a VPO in the open
boards: [["o1"], ["o2"]]
fbe: north
ebe: south
vpo: ["o2K5"]
victory:
  control: ["o2K5"]
`

// An ENEMY side with units beside an empty VPO takes it (issue 40; ASL
// A26.11): under policy.released advance (sasl's reading before SASL 6's
// Action checks, kept as a choice) the stack of two squads outside a
// Human Wave two hexes from the empty VPO of the FRIENDLY side moves into it
// in the MPh, takes Control and stops there; in the next MPh the first
// stays as its garrison and the other goes on toward the FBE. A leader
// alone takes nothing. A VPO that Known
// FRIENDLY units hold is never entered in the MPh (ASL A4.14): the squad
// stops next to it and advances into it in the APh (advance_melee vpo:
// Close Combat follows).
func TestIssue40_A26_11_TakesEmptyVPO(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, vpoMission)
	read := func(text string) *state.State {
		st, err := state.Read(strings.NewReader(text), "state.yaml", m)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	t.Run("empty", func(t *testing.T) {
		st := read("turn: 2\nenemy:\n  - {id: S1, unit: squad, at: o2K7}\n  - {id: S2, unit: squad, at: o2K7}\n  - {id: L1, unit: leader, type: 8-1, at: o2M6}\nvpo:\n  - {at: o2K5, control: friendly}\n")
		h := advanceReading(t, newHW(t, m, ms, scripted(t, ""), st))
		evs, err := play(h, state.MPh)
		if err != nil {
			t.Fatal(err)
		}
		if side, _ := st.Controller(st.Unit("S1").At()); side != state.Enemy {
			t.Errorf("the VPO is the %s's, S1 in %s: %v", side, m.LocationName(st.Unit("S1").At()), evs)
		}
		took := slices.ContainsFunc(evs, func(e event) bool {
			return e.Kind == report.Move && e.Goal == report.TakeVPO && slices.ContainsFunc(e.Notes, func(n report.Note) bool { return n.Kind == report.TookVPO })
		})
		if !took {
			t.Errorf("no move took the VPO: %v", evs)
		}
		if got := m.LocationName(st.Unit("S1").At()); got != "o2K5" {
			t.Errorf("S1 in %s, want o2K5 (its garrison): %v", got, evs)
		}
		if l := m.LocationName(st.Unit("L1").At()); l == "o2K5" && slices.ContainsFunc(evs, func(e event) bool { return slices.Contains(e.Units, "L1") && len(e.Notes) > 0 }) {
			t.Errorf("the leader alone took the VPO: %v", evs)
		}
		for _, e := range evs {
			if e.Kind == report.Move && e.Goal != report.NoGoal && !strings.Contains(e.Text, "(Advance Attitude)") {
				t.Errorf("a move outside a wave worded %q", e.Text)
			}
		}
		for _, u := range st.Units() {
			u.Moved = false // the next ENEMY Player Turn
		}
		evs, err = play(h, state.MPh)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.LocationName(st.Unit("S1").At()); got != "o2K5" {
			t.Errorf("the garrison S1 left the VPO for %s: %v", got, evs)
		}
		if !slices.ContainsFunc(evs, func(e event) bool { return e.Goal == report.ToFBE && slices.Contains(e.Units, "S2") }) {
			t.Errorf("S2 did not go on toward the FBE: %v", evs)
		}
	})
	t.Run("held", func(t *testing.T) {
		st := read("turn: 2\nenemy:\n  - {id: S1, unit: squad, at: o2K7}\nfriendly:\n  - {id: F1, unit: squad, type: 6-6-7, at: o2K5, known: true}\nvpo:\n  - {at: o2K5, control: friendly}\n")
		h := advanceReading(t, newHW(t, m, ms, scripted(t, ""), st))
		if _, err := play(h, state.MPh); err != nil {
			t.Fatal(err)
		}
		if got := m.LocationName(st.Unit("S1").At()); got != "o2K6" {
			t.Errorf("S1 ends its MPh in %s, want o2K6 next to the VPO F1 holds", got)
		}
		evs, err := play(h, state.APh)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.LocationName(st.Unit("S1").At()); got != "o2K5" || !slices.ContainsFunc(evs, func(e event) bool { return e.Kind == report.AdvanceInto && e.Goal == report.TakeVPO }) {
			t.Errorf("S1 in %s after the APh, want an advance into o2K5 (Melee): %v", got, evs)
		}
	})
}

// Who goes for the FBE once no VPO needs it (policy.advance_fbe): under
// entered, a squad an S? of the setup became (SASL 4.1: setup: true) stays
// where it is, while a squad of an entry (Advance Attitude, SASL 4.2)
// heads for the FBE; under all both go.
func TestIssue40_SASL4_2_OnlyAdvanceAttitudeExits(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, vpoMission)
	const text = "turn: 2\nenemy:\n  - {id: S1a, unit: squad, at: o2C7, setup: true}\n  - {id: E1a, unit: squad, at: o2W7}\nvpo:\n  - {at: o2K5, control: enemy}\n"
	for _, fbe := range []string{"entered", "all"} {
		st, err := state.Read(strings.NewReader(text), "state.yaml", m)
		if err != nil {
			t.Fatal(err)
		}
		h := advanceReading(t, newHW(t, m, ms, scripted(t, ""), st))
		if fbe == "all" {
			if h.t, err = h.t.Lay("policy", "advance_fbe", "all"); err != nil {
				t.Fatal(err)
			}
		}
		// the VPO held by the ENEMY wants its garrison of one: E1a or S1a
		// goes there; keep it manned so that neither is needed
		st.Add(&state.Unit{ID: "G1", Side: state.Enemy, Kind: state.Squad}, testmaps.Loc(t, m, "o2K5"))
		if _, err := play(h, state.MPh); err != nil {
			t.Fatal(err)
		}
		s1, e1 := m.LocationName(st.Unit("S1a").At()), m.LocationName(st.Unit("E1a").At())
		if e1 == "o2W7" {
			t.Errorf("%s: E1a of an entry stayed in o2W7", fbe)
		}
		if moved := s1 != "o2C7"; moved != (fbe == "all") {
			t.Errorf("%s: S1a of the setup in %s", fbe, s1)
		}
	}
}

// advanceReading has h play policy.released advance, sasl's reading of
// Advance Attitude before SASL 6's Action checks, kept as a choice.
func advanceReading(t testing.TB, h *Enemy) *Enemy {
	t.Helper()
	var err error
	if h.t, err = h.t.Lay("policy", "released", "advance"); err != nil {
		t.Fatal(err)
	}
	return h
}
