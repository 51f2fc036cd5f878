package game

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// ASL A7.22: a unit beyond its normal range fires at long range, halved,
// or not at all. When the engine's FRIENDLY policy fires a Location's
// group only within normal range (hold: policy.hold_first_fire for First
// Fire, one normal range for Prep and Defensive Fire), a member beyond it
// adds no FP, so it is no firer: it is not in the fire group's members
// and is not marked as having fired (it may still move, or fire later).
// The held-out checker found it on main before af72ebc (which fixed it;
// TestA7_22_OnlyCountedMembersFire is its test): walls17-attack seed 2,
// hold, turn 6, FRIENDLY PFPh had F7 (a 3-3-7 four hexes from 17U6) among
// the members of F6, F7, F8's 4 FP Prep Fire from 17V9, marked fired. This
// keeps the held-out games' case, on real board 17, as it was found: with
// the ENEMY's units outside the Human Wave holding (policy.released hold)
// and the S? checked standing still at the end of each Player Turn
// (activation.still turn_end, as built in then).
func TestFireMembersAddFP_A7_22(t *testing.T) {
	t.Parallel()
	w := releasedAs(t, prepareText(t, heldoutMissions[4].text), tables.ReleasedHold) // walls17-attack
	tb := w.Tables().Clone()
	tb.Activation.Still.Value = tables.StillTurnEnd
	w, err := Prepare(w.Mission(), w.Map(), tb)
	if err != nil {
		t.Fatal(err)
	}
	m := w.Map()
	c := newHcount()
	left := 0
	for seed := range uint64(30) { // one unit left out in 30 seeds: all are needed
		g, _, err := New(w, state.Game{Mission: "walls17-attack", Seed: seed, HasSeed: true, Policy: PolicyHold}, nil)
		if err != nil {
			t.Fatal(err)
		}
		h := &hgame{t: t, w: w, m: m, c: c, where: fmt.Sprintf("walls17-attack seed %d hold", seed)}
		for !g.Over() {
			before := snapshot(g.st)
			rep, err := g.Phase(nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range rep.Events {
				if e.Fire == nil || e.Side != state.Friendly || len(e.Fire.From) == 0 {
					continue
				}
				h.checkFire(g.st, before, e, h.where)
				for id, u := range before {
					if u.side == state.Friendly && u.kind.MMC() && !u.broken && slices.Contains(e.Fire.From, u.at) && !slices.Contains(e.Fire.Members, id) {
						if x := g.st.Unit(id); x != nil && !x.Fired && e.Kind != report.FirstFire {
							left++ // not a firer, not marked
						}
					}
				}
			}
		}
	}
	if c.faults["ASL A7.22 long range"] > 0 {
		t.Errorf("%d fire groups list members that add no FP", c.faults["ASL A7.22 long range"])
	}
	if left == 0 {
		t.Error("no fire left a unit of its Locations out: the test checked nothing")
	}
	t.Logf("%d units left out of their Location's fire, %d fire groups checked", left, c.cases["ASL A7.5 contiguous groups"])
}
