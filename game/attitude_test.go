package game

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// releasedAs is world w again with policy.released set to released.
func releasedAs(t testing.TB, w *world.World, released string) *world.World {
	t.Helper()
	tb := w.Tables().Clone()
	tb.Policy.Released.Value = released
	w2, err := Prepare(w.Mission(), w.Map(), tb)
	if err != nil {
		t.Fatal(err)
	}
	return w2
}

// TestIssue40_SASL4_33_Crossroads3: the crossroads demo with seed 3 ended
// with the ENEMY's units outside the Human Wave where they came on or were
// released, the VPO left to the FRIENDLY side. Under policy.released hold
// they still never move; under advance (SASL 4.33: released units assume
// the Prevailing Attitude; the S? of entries, SASL 4.2, come on in Advance
// Attitude) they move in the MPh, the S? of the entries entering as the
// first step of their move, and advance in the APh; under actions (SASL
// 6) those a Move Command orders do.
func TestIssue40_SASL4_33_Crossroads3(t *testing.T) {
	t.Parallel()
	base := prepared(t, "crossroads", "")
	for _, c := range []struct {
		released string
		moves    bool
	}{{tables.ReleasedHold, false}, {tables.ReleasedAdvance, true}, {tables.ReleasedActions, true}} {
		t.Run(c.released, func(t *testing.T) {
			t.Parallel()
			w := releasedAs(t, base, c.released)
			g, _, err := New(w, state.Game{Mission: "crossroads", Seed: 3, HasSeed: true, Policy: PolicyHold}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var moves, advances, entered int
			for !g.Over() {
				rep, err := g.Turn(nil)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range rep.Events {
					if e.Goal == report.NoGoal || e.Player != state.Enemy {
						continue
					}
					switch e.Kind {
					case report.Move:
						moves++
						if e.Steps[0].Off {
							entered++
						}
					case report.AdvanceInto:
						advances++
					}
				}
			}
			o, _ := g.Outcome()
			t.Logf("released %s: %d moves (%d entering), %d advances outside the wave; winner %s", c.released, moves, entered, advances, o.Text())
			if got := moves > 0 && advances > 0 && entered > 0; got != c.moves {
				t.Errorf("released %s: %d moves (%d entering), %d advances outside the wave, want some: %v", c.released, moves, entered, advances, c.moves)
			}
		})
	}
}

// TestIssue40_EmptyVPOTaken: an ENEMY side with units beside an empty VPO
// takes it under policy.released advance (sasl's reading of Advance
// Attitude, kept as a choice; SASL 6's Action checks move a unit only by
// a Move Command, and a Maintain Attitude unit may stay). Over many seeds of the demo and the four-boards missions, no
// game has Good Order ENEMY MMC or S? (not in Melee, not the garrison of
// an ENEMY VPO) one Infantry step from a victory VPO the FRIENDLY side
// Controls with no unit in its hex at the end of three Game Turns in a
// row: two whole ENEMY Player Turns to enter it (ASL A26.11: the ENEMY
// gains Control by entering it).
func TestIssue40_EmptyVPOTaken(t *testing.T) {
	t.Parallel()
	seeds := uint64(200)
	if !longrun.Enabled() {
		seeds = 40
	}
	for _, c := range []struct{ name, mission, boards string }{{"crossroads", "crossroads", ""}, {"four-boards", "", "real"}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var w *world.World
			if c.boards == "" {
				w = prepared(t, c.mission, "")
			} else {
				w = prepareText(t, realMission)
			}
			w = releasedAs(t, w, tables.ReleasedAdvance)
			checked := 0
			for seed := range seeds {
				checked += checkEmptyVPOs(t, w, seed)
			}
			if checked == 0 {
				t.Errorf("no Game Turn ended with ENEMY units next to an empty FRIENDLY VPO: nothing was checked")
			}
			t.Logf("%d Game Turns ended with ENEMY units next to an empty VPO of the FRIENDLY side", checked)
		})
	}
}

// checkEmptyVPOs plays one game and fails where ENEMY units stood beside
// an empty victory VPO of the FRIENDLY side three Game Turn ends in a row;
// it returns the Game Turn ends that found some.
func checkEmptyVPOs(t *testing.T, w *world.World, seed uint64) int {
	t.Helper()
	g, _, err := New(w, state.Game{Mission: "test", Seed: seed, HasSeed: true, Policy: PolicyHold}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ig, err := w.Infantry()
	if err != nil {
		t.Fatal(err)
	}
	vpos, _ := w.VictoryVPOs()
	run := make([]int, len(vpos))
	found := 0
	for !g.Over() {
		if _, err := g.Turn(nil); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for i, v := range vpos {
			who := besideEmpty(g, ig, v)
			if who == "" {
				run[i] = 0
				continue
			}
			found++
			if run[i]++; run[i] >= 3 {
				t.Errorf("seed %d turn %d: %s beside %s, an empty VPO of the FRIENDLY side, for three Game Turn ends", seed, g.st.Turn-1, who, w.Map().LocationName(v))
			}
		}
	}
	return found
}

// besideEmpty names the Good Order ENEMY MMC or S? one Infantry step from
// VPO v, which the FRIENDLY side Controls with no unit in its hex: not in
// Melee nor the garrison of an ENEMY VPO; "" if v is not such a VPO or
// none is.
func besideEmpty(g *Game, ig *pathing.Graph, v board.Location) string {
	st := g.st
	if side, _ := st.Controller(v); side != state.Friendly || st.First(v.Hex) != nil {
		return ""
	}
	b, ok := ig.Node(v)
	if !ok {
		return ""
	}
	who := ""
	for _, n := range v.Hex.Neighbours() {
		for u := range st.InHex(n) {
			if u.Side != state.Enemy || u.Broken || !u.OnMap() || !(u.Kind == state.SQ || u.Kind.MMC()) || st.Has(state.Friendly, u.At()) {
				continue
			}
			if side, isVPO := st.Controller(u.At()); isVPO && side == state.Enemy {
				continue // the garrison of an ENEMY VPO
			}
			a, _ := ig.Node(u.At())
			if _, adj := ig.Cost(a, b); !adj || hex.Distance(u.At().Hex, v.Hex) != 1 {
				continue
			}
			who += fmt.Sprintf(", %s in %s", u.ID, g.w.Map().LocationName(u.At()))
		}
	}
	return strings.TrimPrefix(who, ", ")
}

// TestIssue40_PlayerStopsAtMovesOutsideWave: in sasl play (the player's
// FRIENDLY side, --stop fire) each step of an ENEMY move outside a Human
// Wave that a FRIENDLY unit could First Fire at stops the game for the
// player (ASL A8.1), as a Human Wave step does; a game passed stop by stop
// replays from its journal to the same file.
func TestIssue40_PlayerStopsAtMovesOutsideWave(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	stops := 0
	for seed := uint64(1); seed <= 3; seed++ {
		s := begin(t, w, seed, PolicyPlayer, StopFire)
		for s.Stop().Kind != state.Over {
			stop := s.Stop()
			if stop.Kind == state.FirstFireAt && len(stop.Moving) > 0 {
				if u := s.g.st.Unit(stop.Moving[0]); u != nil && (u.Wave == "" || u.Released) && u.Side == state.Enemy {
					stops++
				}
			}
			do(t, s, Pass)
		}
		rs, err := Replay(w, s.g.st.Game, s.Journal())
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if string(written(t, rs.g)) != string(written(t, s.g)) {
			t.Errorf("seed %d: the replayed game differs", seed)
		}
	}
	if stops == 0 {
		t.Error("no First Fire stop at an ENEMY move outside a Human Wave")
	}
	t.Logf("%d First Fire stops at ENEMY moves outside a Human Wave", stops)
}
