package table

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/testkit/hill"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/vassal"
)

// partWayChecks checks every save the player may make of the save sasl
// wrote for a turn (next, from the player's save before) by stepping
// through part of its steps and saving (VASSAL keeps the counters, not the
// place in the steps), k steps of n for every k (issue 56 items 1 and 4):
//
//   - sasl vasl write into it leaves both sides' counters where and as the
//     game has them, no S? twice, and nothing the next turn would read as
//     a move or report of the player's: the game's breaks, rallies and
//     routs not yet stepped to are never undone;
//   - a note says the save was saved part way where its steps go on from
//     within the turn's (a save that shows what an earlier step left, the
//     steps between changing nothing it shows, is told from there);
//   - sasl play turn refuses it (olderSave) where it would read the
//     player's units otherwise than the game has them;
//   - with a move of the player's in it too (a unit in Good Order there
//     and in the game, on the hex the game has it on, moved a hex where it
//     never stood): the same, but that the move is kept, the one thing
//     read as the player's, or noted to be made again (the second review:
//     the game's rallies were undone where the save was moved in).
//
// The saves with a move are tried with moves alone (the long run).
// It returns how many of the saves were found part way, and refused.
func partWayChecks(t *testing.T, g *Game, dir, before, next string, moves bool) (partWay, refused int) {
	t.Helper()
	turn := written(t, g, before, next, nil)
	s, first, n := turn.save, turn.first, len(turn.steps)
	lay := g.g.World().Mission().Layout
	sess, _ := g.session()
	name := filepath.Base(next)
	for k := 0; k <= 2*n+1; k++ {
		part := hill.WriteSave(t, s.UpTo(first+k/2), dir, fmt.Sprintf("%s-part%d.vsav", name, k))
		mover := ""
		if k%2 == 1 && !moves {
			continue
		}
		if k%2 == 1 { // the same save, a unit moved in it
			pf, err := ReadSave(part, lay)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range g.g.Snapshot().OfSide(state.Friendly) {
				if v, ok := pf.byPiece[u.Vasl]; ok && u.OnMap() && !u.Broken && !v.Broken && v.Location == m(g).LocationName(u.At()) && g.Stop().Player == state.Friendly {
					// A hex it never stood on in a save of the game: a move
					// back where the game had it is an older save's (an
					// ambiguity sasl settles for the game).
					had := hadHexes(t, dir, u.Vasl)
					to := movableHexBut(t, g, u, had)

					if to == "" {
						continue
					}
					mover = u.ID
					part = movedSave(t, part, dir, fmt.Sprintf("%s-part%d-moved.vsav", name, k), u.Vasl, to)
					break
				}
			}
			if mover == "" {
				continue
			}
		}
		k := k / 2
		pf, err := ReadSave(part, lay)
		if err != nil {
			t.Fatal(err)
		}
		if staleSave(g.g, pf) == "" {
			reads, _, found, err := readFriendly(g.g, pf)
			if err != nil {
				t.Fatal(err)
			}
			why, err := olderSave(sess, pf, found, reads)
			if err != nil {
				t.Fatal(err)
			}
			if why != "" {
				refused++
			} else {
				for _, rd := range reads {
					if rd.u.ID != mover && k < n {
						t.Errorf("%s stepped %d of %d (moved: %q): sasl play turn would read %s's counter as the player's (%v to %q)", name, k, n, mover, rd.u.ID, rd.cmd, rd.to)
					}
				}
			}
		}
		w, out, f := mendedSave(t, g, part, dir)
		var probs []string
		if why := staleSave(g.g, f); why != "" {
			probs = append(probs, why)
		}
		reads, _, _, err := readFriendly(g.g, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, rd := range reads {
			if rd.u.ID != mover || len(rd.cmd) > 0 {
				probs = append(probs, fmt.Sprintf("%s read as the player's: %v to %q", rd.u.ID, rd.cmd, rd.to))
			}
		}
		// The move is kept; or, where the game moved the unit since the
		// place the save is found at (the player's own move read from the
		// save is such a move: an ambiguity left), put back where the game
		// has it, with a note to make it again.
		if mover != "" && !slices.ContainsFunc(reads, func(rd reading) bool { return rd.u.ID == mover && rd.to != "" }) {
			probs = append(probs, fmt.Sprintf("%s's move is not kept", mover))
		}
		for _, u := range g.g.Snapshot().OfSide(state.Friendly) {
			if v, ok := f.byPiece[u.Vasl]; u.OnMap() && ok && u.ID != mover && (v.Location != m(g).LocationName(u.At()) || v.Broken != u.Broken) {
				probs = append(probs, fmt.Sprintf("%s on %s broken %v, its counter on %s broken %v", u.ID, m(g).LocationName(u.At()), u.Broken, v.Location, v.Broken))
			}
		}
		labels := map[string]int{}
		for _, p := range f.c.On {
			if p.Suspect() {
				labels[parseFace(p.Label).id]++
			}
		}
		for id, c := range labels {
			if c > 1 {
				probs = append(probs, fmt.Sprintf("%d counters of %s", c, id))
			}
		}
		if slices.ContainsFunc(w.Notes, func(n string) bool { return strings.Contains(n, "was saved part way") }) {
			partWay++
		}
		if len(probs) > 0 {
			t.Errorf("%s stepped %d of %d (moved: %q), written into (%s): %q; notes %q", name, k, n, mover, out, probs, w.Notes)
		}
	}
	return partWay, refused
}

// Saves stepped through in part, of games where the faults the second
// review found show (SASL_LONG: 3 games of 9 turns): the rallies of the
// player's RPh, the last step, not yet stepped to (seed 13); a unit
// rallied and broken again within one journal step, with the player's
// moves each turn (seed 1); an earlier place whose counters come back
// when pins end (seed 8). Each is checked by partWayChecks at every step
// of every turn.
func TestPartWaySavesNeverUndoTheGame_A10_6(t *testing.T) {
	t.Parallel()
	if !longrun.Enabled() {
		t.Skip("plays 3 games of 9 turns through saves (SASL_LONG)")
	}
	var partWay, refused atomic.Int64
	t.Cleanup(func() {
		if partWay.Load() == 0 || refused.Load() == 0 {
			t.Errorf("%d saves found part way, %d refused by sasl play turn: the games show too little", partWay.Load(), refused.Load())
		}
	})
	for _, c := range []struct {
		seed  uint64
		moves bool
	}{{13, false}, {1, true}, {8, true}} {
		t.Run(fmt.Sprintf("seed %d", c.seed), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			g, setup := hillGameSeeded(t, dir, strings.Replace(hill.Mission, "turns: 3", "turns: 9", 1), "", c.seed)
			cur := enemySave(t, g, setup, dir)
			for i := 1; i <= 9 && g.Stop().Kind != state.Over; i++ {
				if c.moves {
					for _, u := range g.g.Snapshot().OfSide(state.Friendly) {
						if u.OnMap() && !u.Broken && u.Vasl != "" && g.Stop().Player == state.Friendly {
							cur = movedSave(t, cur, dir, fmt.Sprintf("t%d-moved.vsav", i-1), u.Vasl, movableHex(t, g, u))
							break
						}
					}
				}
				next := filepath.Join(dir, fmt.Sprintf("t%d.vsav", i))
				if _, err := g.TurnFromSave(cur, next, false, nil, fixedNow); err != nil {
					t.Fatal(err)
				}
				p, r := partWayChecks(t, g, dir, cur, next, true)
				partWay.Add(int64(p))
				refused.Add(int64(r))
				cur = next
			}
		})
	}
}

// The part-way saves of games whose S? enter beside your units
// (westMission, sasl play new's stops): a save made where a step ends
// before an entering S?'s Activation, its counter brought on in the step
// before (the VASL steps never add and remove a counter in one step), is
// found there (saveBase checks that place: ways, removedBy). Before, the
// saves at that place of these seeds and turns were read as of another
// place, and the steps written into them told the turn again, leaving a
// unit of yours where it stood before its rout (seed 3); and the mirror
// had a step of the game file that began at a First Fire stop of an
// entering S? show it already, where the VASL steps bring it on only
// then (seed 54, the third reviewer's).
func TestPartWaySavesOfEntriesNearYou_A10_6(t *testing.T) {
	t.Parallel()
	longrun.Skip(t)
	for _, c := range []struct {
		seed  uint64
		turns int
	}{{3, 1}, {16, 1}, {38, 1}, {21, 2}, {31, 4}, {54, 3}} {
		t.Run(fmt.Sprintf("seed %d", c.seed), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			g, setup := hillGameStops(t, dir, strings.Replace(westMission(), "turns: 3", "turns: 6", 1), "", c.seed, game.Stops{FirstFire: game.DefaultFireStops})
			cur := enemySave(t, g, setup, dir)
			for i := 1; i <= c.turns; i++ {
				next := filepath.Join(dir, fmt.Sprintf("t%d.vsav", i))
				if _, err := g.TurnFromSave(cur, next, false, nil, fixedNow); err != nil {
					t.Fatal(err)
				}
				partWayChecks(t, g, dir, cur, next, false)
				cur = next
			}
		})
	}
}

// hadHexes are the hexes piece id stands on in the saves of dir, the
// setup's too.
func hadHexes(t *testing.T, dir, id string) []string {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(dir, "*.vsav"))
	var out []string
	for _, p := range paths {
		if b := filepath.Base(p); strings.Contains(b, "-part") || strings.HasPrefix(b, "mended") {
			continue // the part saves, and what was written, are made of these
		}
		for _, pl := range hill.Contents(t, p).On {
			if pl.ID == id && !slices.Contains(out, pl.Location) {
				out = append(out, pl.Location)
			}
		}
	}
	return out
}

// A write (sasl vasl write) while the game stands at a First Fire stop
// (ASL A8.1) of an ENEMY stack entering from off the map: its steps bring
// the stack on at the stop, and its last step every ENEMY counter to where
// the game has it, so a save of all its steps is of the game as it stands
// (found at the stop, whole, exact) and writing into it again tells no
// step; a save of all but that last step is found at the stop too (part
// way: the last step is written into it). Found by reviewers: a step of
// the game file that begins at such a stop was checked only as the steps
// show it, without the stack, and the save of all the steps was not found
// at all; the turn was told again (seed 1, journal steps 9 and 17; 26 of
// 31 such stops over seeds 11-40); checked as the game has it too, the
// save of all but the last was found at an older place and steps it
// shows were told again (seed 5, journal step 7; seed 9, step 33).
func TestWriteAtAStopOfAnEnteringStack_A8_1(t *testing.T) {
	t.Parallel()
	// Seed 5 (journal steps 7, 8 and 9) fails both ways; the long run
	// plays seeds 1-20.
	seeds := []uint64{5}
	if longrun.Enabled() {
		seeds = nil
		for s := range uint64(20) {
			seeds = append(seeds, s+1)
		}
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprintf("seed %d", seed), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			g, setup := hillGameStops(t, dir, strings.Replace(westMission(), "turns: 3", "turns: 6", 1), "", seed, game.Stops{FirstFire: game.DefaultFireStops})
			cur := filepath.Join(dir, "t1.vsav")
			if _, err := g.TurnFromSave(enemySave(t, g, setup, dir), cur, false, nil, fixedNow); err != nil {
				t.Fatal(err)
			}
			s, err := g.session()
			if err != nil {
				t.Fatal(err)
			}
			mp := g.g.World().Map()
			found, lastSteps := 0, 0
			for steps := 0; steps < 400 && found < 3; steps++ {
				st := g.Stop()
				if st.Kind == state.Over {
					break
				}
				if st.Kind == state.FirstFireAt && len(st.Path) > 1 && !mp.OnMap(st.Path[0].Hex) {
					found++
					w, err := g.WriteEnemy(cur, nil, fixedNow)
					if err != nil {
						t.Fatal(err)
					}
					written := filepath.Join(dir, fmt.Sprintf("stop%d.vsav", steps))
					if err := w.WriteFile(written); err != nil {
						t.Fatal(err)
					}
					sv, err := vassal.Open(written)
					if err != nil {
						t.Fatal(err)
					}
					// All the steps, and all but the last where that is the
					// step that brings the ENEMY's counters to where the
					// game has them (the writer's last, when the steps leave
					// some elsewhere: the stack brought on, as the steps
					// show it, at a stop they have not come to).
					cases := map[int]int{sv.Steps(): 0}
					if logged := sv.LoggedSteps(); slices.ContainsFunc(logged[len(logged)-1], func(c string) bool {
						return strings.Contains(c, "leave elsewhere than the game has them")
					}) {
						cases[sv.Steps()-1] = 1
						lastSteps++
					}
					for k, want := range cases {
						saved := hill.WriteSave(t, sv.UpTo(k), dir, fmt.Sprintf("stop%d-%d.vsav", steps, k))
						f, err := ReadSave(saved, g.g.World().Mission().Layout)
						if err != nil {
							t.Fatal(err)
						}
						yours, _, err := f.counters(g.g)
						if err != nil {
							t.Fatal(err)
						}
						at, err := saveBase(s, f, yours)
						if err != nil {
							t.Fatal(err)
						}
						j := len(s.Journal())
						if at.base == nil || at.from != j+1 || at.partWay != (want > 0) || !at.exact {
							t.Errorf("journal step %d, a stop at %s of %v entering: the save of %d of the %d steps written there is found at step %d (a place %v, part way %v, exact %v), want %d, part way %v, exact",
								j, mp.LocationName(st.At), st.Moving, k, sv.Steps(), at.from, at.base != nil, at.partWay, at.exact, j+1, want > 0)
						}
						if w2, _, _ := mendedSave(t, g, saved, dir); w2.Steps != want {
							t.Errorf("journal step %d: the save of %d of the %d steps, written into again, takes %d steps, want %d (notes %q)", j, k, sv.Steps(), w2.Steps, want, w2.Notes)
						}
					}
				}
				verb := game.Pass
				if st.Kind == state.TurnStart || st.Kind == state.BeforePhase && st.Player == state.Friendly && (st.Phase == state.MPh || st.Phase == state.PFPh) {
					verb = game.Next
				}
				c, err := game.ParseCommand(string(verb), mp)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Do(c, roller(nil)); err != nil {
					t.Fatal(err)
				}
			}
			if lastSteps == 0 && !longrun.Enabled() {
				t.Fatalf("%d First Fire stops of an entering stack in turn 2, none a write's last step brings on: the test checks too little", found)
			}
		})
	}
}
