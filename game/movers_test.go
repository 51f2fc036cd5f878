package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// First Fire at a Location attacks every unit in it, but the movement
// DRM (FFNAM, FFMO: ASL A4.6, A8.1) is only against the units moving
// there: one IFT DR, whose Final DR for a unit that did not move leaves
// the movement DRM out. On the crossroads demo, in Open Ground x1Q8 with
// a clear LOS from two hexes (DRM -2 for a mover):
//   - the ENEMY 4-6-7 in x1Q10 First Fires at F2 moving into x1Q8, where
//     F1 stands: 4 FP, DR 8: NMC for F2 (8-2 = 6), nothing for F1 (8);
//   - the FRIENDLY 6-6-7 in x1Q6 First Fires at E2 moving into x1Q8,
//     where E1 stands: 6 FP, DR 9: NMC for E2 (9-2 = 7), nothing for E1.
func TestMovingTargetDRMOnlyForMovers_A4_6(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	words := report.New(w)
	texts := func(evs []report.Event) string {
		var out []string
		for _, e := range evs {
			out = append(out, words.Text(&e))
		}
		return strings.Join(out, "\n")
	}
	checked := func(evs []report.Event, id string) bool {
		return slices.ContainsFunc(evs, func(e report.Event) bool {
			return slices.Contains(e.Units, id) && (e.Kind == report.Morale || e.Kind == report.Break || e.Kind == report.Pinned)
		})
	}
	t.Run("ENEMY fire at a FRIENDLY mover", func(t *testing.T) {
		g := bare(t, w, PolicyHold)
		f1 := put(t, g, &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}, "x1Q8")
		f2 := put(t, g, &state.Unit{ID: "F2", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}, "x1Q9")
		put(t, g, &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, "x1Q10")
		// IFT DR 4+4; F2's NMC 1+1; more for an NMC F1 should not take.
		r, err := dice.Scripted("4 4 1 1 1 1 1 1")
		if err != nil {
			t.Fatal(err)
		}
		g.res.Reset(g.st, r)
		log := g.hw.Log()
		n := log.Len()
		g.st.Player, g.st.Phase = state.Friendly, state.MPh
		if err := g.move([]*state.Unit{f2}, []board.Location{f1.At()}, false); err != nil {
			t.Fatal(err)
		}
		evs := log.Since(n)
		if f2.At() != f1.At() || !checked(evs, "F2") {
			t.Fatalf("F2 moved to %s, checked %v:\n%s", w.Map().LocationName(f2.At()), checked(evs, "F2"), texts(evs))
		}
		if checked(evs, "F1") {
			t.Errorf("F1, which did not move, took the NMC of the DR 8-2 meant for the mover F2:\n%s", texts(evs))
		}
		if s := texts(evs); !strings.Contains(s, "DR 8-2 = 6: NMC on F1, F2 in x1Q8; F1, not moving (no FFNAM/FFMO, ASL A4.6): DR 8+0 = 8: -") {
			t.Errorf("the attack told as:\n%s", s)
		}
	})
	t.Run("FRIENDLY fire at an ENEMY mover", func(t *testing.T) {
		g := bare(t, w, PolicyHold)
		e1 := put(t, g, &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, "x1Q8")
		e2 := put(t, g, &state.Unit{ID: "E2", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, "x1Q9")
		put(t, g, &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}, "x1Q6")
		r, err := dice.Scripted("4 5 1 1 1 1 1 1")
		if err != nil {
			t.Fatal(err)
		}
		g.res.Reset(g.st, r)
		g.st.Player, g.st.Phase = state.Enemy, state.MPh
		from := e2.At()
		g.st.Move(e2, e1.At())
		log := g.hw.Log()
		n := log.Len()
		if err := g.Entered([]*state.Unit{e2}, e1.At(), []pathing.Step{{Location: from}, {Location: e1.At(), HalfMF: 2}}); err != nil {
			t.Fatal(err)
		}
		evs := log.Since(n)
		if !slices.ContainsFunc(evs, func(e report.Event) bool { return e.Kind == report.FirstFire }) || !checked(evs, "E2") {
			t.Fatalf("no First Fire at E2, or no NMC for it:\n%s", texts(evs))
		}
		if checked(evs, "E1") {
			t.Errorf("E1, which did not move, took the NMC of the DR 9-2 meant for the mover E2:\n%s", texts(evs))
		}
		if s := texts(evs); !strings.Contains(s, "DR 9 = 7: NMC; E1, not moving (no FFNAM/FFMO, ASL A4.6): DR 9+0 = 9: -") {
			t.Errorf("the attack told as:\n%s", s)
		}
	})
}

// The player's First Fire at a stop (ASL A8.1) hits every ENEMY unit in
// the stop's Location, the movement DRM against the stack that moved
// there only (A4.6): in whole games, each attack names as not moving the
// units attacked that are neither of the stop's moving stack nor made by
// an S? of it the attack Activated (an S? that stood there is revealed as
// units that did not move).
func TestPlayerFirstFireMoversOnly_A4_6(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	m := w.Map()
	found := 0
	for seed := range longrun.Seeds(30, 10) {
		s := begin(t, w, seed, PolicyPlayer, StopFire)
		for n := 0; s.Stop().Kind != state.Over && n < 2000; n++ {
			stop := s.Stop().Clone()
			if stop.Kind != state.FirstFireAt || !stop.CanFire {
				do(t, s, Next)
				continue
			}
			c, _ := ParseCommand("fire --from "+m.LocationName(stop.Groups[0].At)+" --at "+m.LocationName(stop.At), m)
			step, err := s.Do(c, nil)
			if err != nil {
				t.Fatalf("seed %d: %s offered, then %v", seed, report.Where(stop), err)
			}
			moving := slices.Clone(stop.Moving)
			for _, e := range step.Events {
				if e.Kind == report.Activate && slices.Contains(stop.Moving, e.Units[0]) {
					for _, x := range e.Made {
						moving = append(moving, x.ID)
					}
				}
			}
			for _, e := range step.Events {
				if e.Fire == nil || !combat.AtMover(e.Kind) || e.Fire.Move == 0 {
					continue
				}
				want := slices.DeleteFunc(slices.Clone(e.Fire.Targets), func(id string) bool { return slices.Contains(moving, id) })
				if len(want) == 0 {
					want = nil
				}
				if !slices.Equal(e.Fire.Still, want) {
					t.Errorf("seed %d: fire at %v moving into %s (attacking %v): not moving %v, want %v", seed, stop.Moving, m.LocationName(stop.At), e.Fire.Targets, e.Fire.Still, want)
				}
				if len(want) > 0 {
					found++
				}
			}
		}
	}
	if found == 0 {
		t.Errorf("no First Fire at a Location holding units that did not move: the test checks too little")
	}
	t.Logf("%d First Fire attacks at a Location holding units that did not move", found)
}
