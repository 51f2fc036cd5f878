package ai

import (
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// enteredLog is a Resolver that records where the FRIENDLY side was offered
// First Fire at a moving stack (ASL A8.1), firing nothing.
type enteredLog struct {
	at []board.Location
}

func (r *enteredLog) Entered(stack []*state.Unit, at board.Location, _ []pathing.Step) error {
	r.at = append(r.at, at)
	return nil
}

func (r *enteredLog) Fire(*report.FireGroup, board.Location) error { return nil }

// fullAhead is a wave of three Human Wave S? in o2M8, o2N8 and o2O8 (a
// chain, SASL 4.323) heading north, and, two hexes ahead of N8 in its
// lane, o2N6 holding a Known FRIENDLY squad and three
// ENEMY squads (a Melee): full for the ENEMY.
func fullAhead(t *testing.T) (*Enemy, board.Location) {
	t.Helper()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission)
	st := waveState(t, m, "o2M8", "o2N8", "o2O8")
	full := testmaps.Loc(t, m, "o2N6")
	st.Add(&state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}, full)
	for _, id := range []string{"E1", "E2", "E3"} {
		st.Add(&state.Unit{ID: id, Side: state.Enemy, Kind: state.Squad, Type: "4-4-7", Broken: true}, full)
	}
	return newHW(t, m, ms, scripted(t, "4 4 4 4 4 4 4 4 4 4 4 4"), st), full
}

// TestS4_323_NoReleaseWithoutEvent_A5_1: a Human Wave stack whose way
// ahead is a full Location (ASL A5.1) holding a Known FRIENDLY unit does
// not enter it (entering would end its Human Wave movement, SASL 4.323,
// and overstack it): it goes round it or stops short of it, no Location is overstacked,
// and a unit marked released has a Release event or entered a Known
// FRIENDLY unit's Location where it stands. Before, the stack entered the
// full Location, was marked released there, then backed off it, released
// with no event.
func TestS4_323_NoReleaseWithoutEvent_A5_1(t *testing.T) {
	t.Parallel()
	h, full := fullAhead(t)
	wt, err := playTurn(h)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range h.st.OfSide(state.Enemy) {
		if !u.OnMap() {
			continue
		}
		if h.w.Overstacked(h.st, state.Enemy, u.At()) {
			t.Errorf("%s overstacked: %v", h.m.LocationName(u.At()), state.IDs(h.st.At(state.Enemy, u.At())))
		}
		if u.Wave == "" {
			continue
		}
		if u.At() == full {
			t.Errorf("%s entered the full %s: %v", u.ID, h.m.LocationName(full), wt.Events)
		}
		if !u.Released {
			continue
		}
		told := slices.ContainsFunc(wt.Events, func(e event) bool {
			if !slices.Contains(e.Units, u.ID) {
				return false
			}
			lost := e.Kind == report.Chain && slices.ContainsFunc(e.Chains, func(c report.ChainGroup) bool { return !c.Kept })
			return e.Kind == report.Release || lost || slices.ContainsFunc(e.Notes, func(n report.Note) bool { return n.Kind == report.EnteredKnown && n.At == u.At() })
		})
		if !told {
			t.Errorf("%s in %s is released with no event saying so: %v", u.ID, h.m.LocationName(u.At()), wt.Events)
		}
	}
	// The stack in N8's lane goes round N6, or stops short of it saying
	// so.
	moved := false
	for _, e := range events(wt, "move") {
		if !slices.ContainsFunc(e.Units, func(id string) bool { return strings.HasPrefix(id, "A2") }) {
			continue
		}
		moved = true
		if slices.ContainsFunc(e.Steps, func(s pathing.Step) bool { return s.Location == full }) {
			t.Errorf("%v moves into the full %s: %s", e.Units, h.m.LocationName(full), e.Text)
		}
	}
	if !moved {
		t.Errorf("the units of A2 did not move: %v", wt.Events)
	}
}

// TestA8_1_FireOnlyWhereTheStackIs: the FRIENDLY side is offered First
// Fire at a Human Wave stack only in Locations its move enters and keeps
// (ASL A8.1): never in a full Location it would back off from.
func TestA8_1_FireOnlyWhereTheStackIs(t *testing.T) {
	t.Parallel()
	h, full := fullAhead(t)
	res := &enteredLog{}
	h.Res = res
	wt, err := playTurn(h)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.at) == 0 {
		t.Fatalf("the stack met no First Fire anywhere: %v", wt.Events)
	}
	for _, at := range res.at {
		if at == full {
			t.Errorf("First Fire offered in the full %s, which the stack cannot stay in: %v", h.m.LocationName(full), wt.Events)
		}
		kept := slices.ContainsFunc(events(wt, "move"), func(e event) bool {
			return slices.ContainsFunc(e.Steps, func(s pathing.Step) bool { return s.Location == at })
		})
		if !kept {
			t.Errorf("First Fire offered in %s, which no move's steps hold: %v", h.m.LocationName(at), wt.Events)
		}
	}
	for _, e := range events(wt, "activate") {
		if e.At == full {
			t.Errorf("Activation in the full %s: %s", h.m.LocationName(full), e.Text)
		}
	}
}

// TestS4_34_Excess_A5_1: a Human Wave S? (released, 4.33) Activated in a
// Location with two ENEMY squads becomes, by Table x10 dr 1, two squads and a leader; the Location
// takes the first squad and the leader (three squads and four SMC, ASL
// A5.1), and the second squad does not come into play
// (human_wave.excess: not_placed), which an Excess event tells.
func TestS4_34_Excess_A5_1(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission)
	st := waveState(t, m, "o2K9")
	at := testmaps.Loc(t, m, "o2N6")
	s := &state.Unit{ID: "S1", Side: state.Enemy, Kind: state.SQ, HW: true, Released: true}
	st.Add(s, at)
	for _, id := range []string{"E1", "E2"} {
		st.Add(&state.Unit{ID: id, Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}, at)
	}
	h := newHW(t, m, ms, scripted(t, "1 6"), st)
	n := h.Log().Len()
	if err := h.Reveal(s); err != nil {
		t.Fatal(err)
	}
	if h.w.Overstacked(st, state.Enemy, at) {
		sq, smc := h.w.Stack(st, state.Enemy, at)
		t.Errorf("%s overstacked: %g squads, %d SMC: %v", h.m.LocationName(at), sq, smc, state.IDs(st.At(state.Enemy, at)))
	}
	if got := state.IDs(st.At(state.Enemy, at)); !slices.Equal(got, []string{"E1", "E2", "S1a", "S1c"}) {
		t.Errorf("in %s: %v, want E1, E2, S1a and the leader S1c", h.m.LocationName(at), got)
	}
	evs := worded(h, n)
	var excess []event
	for _, e := range evs {
		if e.Kind == report.Excess {
			excess = append(excess, e)
		}
	}
	if len(excess) != 1 || len(excess[0].Made) != 1 || excess[0].Made[0].Kind != state.Squad || !strings.Contains(excess[0].Text, "do not come into play") {
		t.Errorf("want one Excess event for the second squad: %v", evs)
	}
}

// TestS4_33_UpperLevelJoinsWave: two squads on the first level of a
// building next to a Human Wave join it (SASL 4.323) and goes down to the ground
// level to move on with it: the building's own levels are no obstacle
// (4.33), and it is not released at one.
func TestS4_33_UpperLevelJoinsWave(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": "N7 building building=wooden/1 stairs\n"}, openMission)
	st := waveState(t, m, "o2K7", "o2L7", "o2M7")
	e1 := &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}
	st.Add(e1, testmaps.Loc(t, m, "o2N7h1"))
	st.Add(&state.Unit{ID: "E2", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}, testmaps.Loc(t, m, "o2N7h1"))
	h := newHW(t, m, ms, scripted(t, "4 4 4 4 4 4 4 4 4"), st)
	wt, err := playTurn(h)
	if err != nil {
		t.Fatal(err)
	}
	if e1.Wave != "A" {
		t.Fatalf("E1 did not join wave A: %v", wt.Events)
	}
	for _, e := range events(wt, "release") {
		if slices.Contains(e.Units, "E1") {
			t.Errorf("E1 released: %s", e.Text)
		}
	}
	if e1.Released || e1.At().Level != 0 || e1.At().Hex == testmaps.Loc(t, m, "o2N7").Hex {
		t.Errorf("E1 in %s (released %v), want it gone on at ground level: %v", m.LocationName(e1.At()), e1.Released, wt.Events)
	}
}

// entryGame is a game of board x1 with S? entering along the south edge
// and the units of text (a state file's) on the map.
func entryGame(t *testing.T, text string, script string) *Enemy {
	t.Helper()
	ms, m := mission(t, "", "name: x\nboards: [[\"x1\"]]\nfbe: north\nebe: south\nentry:\n  - {turn: 1, edge: south, count: 1}\n")
	st, err := state.Read(strings.NewReader("turn: 1\n"+text), "state.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	return New(newWorld(t, m, ms), scripted(t, script), st)
}

// TestA2_5_EntryNotOntoFriendly: an entry hex holding FRIENDLY units
// cannot be entered (ASL A2.5), so it is an illegal entry hex and the
// procedure is repeated (SASL 4.2): chit Q names x1Q10, which F1 holds;
// chit R gives x1R10. Before, the S? entered x1Q10 straight into Close
// Combat, unfired at.
func TestA2_5_EntryNotOntoFriendly(t *testing.T) {
	t.Parallel()
	h := entryGame(t, "friendly:\n  - {id: F1, unit: squad, type: 6-6-7, at: x1Q10}\n", "Q R")
	a, err := h.Enter(1)
	if err != nil {
		t.Fatal(err)
	}
	if got := arrivalNames(a); !slices.Equal(got, []string{"x1R10"}) {
		t.Errorf("entry hexes %v, want x1R10: %s", got, logText(report.New(h.w), a.Log))
	}
	if !slices.ContainsFunc(a.Log, func(e report.Event) bool { return e.Kind == report.EntryRepeat && e.Cause == report.FriendlyHeld }) {
		t.Errorf("no repeat for the FRIENDLY-held hex: %s", logText(report.New(h.w), a.Log))
	}
}

// TestS4_2_EntryRedone_A5_1: an S? set up in the RPh to enter x1Q10
// finds it illegal as it enters in the MPh: full of ENEMY units (ASL
// A5.1; the Human Waves move first, SASL 4.321) or held by FRIENDLY units
// (A2.5). The procedure is repeated for it (SASL 4.2: chit R) and it
// enters x1R10, saying why.
func TestS4_2_EntryRedone_A5_1(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, units string
		cause       report.Cause
	}{
		{"full", "enemy:\n  - {id: E1, unit: \"s?\", at: x1Q10, entering: south}\n  - {id: E2, unit: squad, at: x1Q10}\n  - {id: E3, unit: squad, at: x1Q10}\n  - {id: E4, unit: squad, at: x1Q10}\n", report.Full},
		{"FRIENDLY-held", "enemy:\n  - {id: E1, unit: \"s?\", at: x1Q10, entering: south}\nfriendly:\n  - {id: F1, unit: squad, type: 6-6-7, at: x1Q10}\n", report.FriendlyHeld},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := entryGame(t, c.units, "R")
			h.Log().Phase = state.MPh
			n := h.Log().Len()
			if err := h.enterMap(); err != nil {
				t.Fatal(err)
			}
			e1 := h.st.Unit("E1")
			if want := testmaps.Loc(t, h.m, "x1R10"); e1.At() != want || e1.Entering {
				t.Errorf("E1 in %s (entering %v), want it entered x1R10", h.m.LocationName(e1.At()), e1.Entering)
			}
			evs := worded(h, n)
			if !slices.ContainsFunc(evs, func(e event) bool { return e.Kind == report.EntryRedone && e.Cause == c.cause }) {
				t.Errorf("no entry_redone event (%v): %v", c.cause, evs)
			}
			for _, l := range []string{"x1Q10", "x1R10"} {
				if h.w.Overstacked(h.st, state.Enemy, testmaps.Loc(t, h.m, l)) {
					t.Errorf("%s overstacked", l)
				}
			}
		})
	}
}
