package ai

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// TestStandingMemo plays Standing checks on four real boards (walls and
// hedges among them, for combat.Cover's Wall Advantage) twice, on two
// copies of one game with the same dice: once as it is, the last
// Standing's memo (stillMemo) sparing the S? it found nothing to Activate
// where they are still, but for Known FRIENDLY units in new Locations
// within reach, once with the memo dropped before each Standing, every S?
// within reach checked. Between Standings the
// FRIENDLY units move (often next to an S?), are seen or not, and stand
// still for whole rounds; S? move; the Player and the Moved flags change.
// Both copies must tell the same events and keep the same units.
//
// It runs under the built-in tables and under tables whose row Activates
// at ranges 0 and 1 by a Final DRM, not "auto": there Wall Advantage,
// which reads the Moved flags and the Player (combat.Cover), decides some
// checks of ADJACENT pairs, which the memo must never keep.
func TestStandingMemo(t *testing.T) {
	t.Parallel()
	ms, m := mission(t, realBoards(t), setupFourBoards("a, b, c, e"))
	t.Run("built-in", func(t *testing.T) { standingMemo(t, ms, m, newWorld(t, m, ms)) })
	t.Run("close by DRM", func(t *testing.T) {
		ts := tables.Default().Clone()
		row := newWorld(t, m, ms).ActivationRow() // the mission's row
		r := ts.Activation.Infantry[row]
		r.Value[0] = tables.ActivationCell{Need: tables.NeedDRM, DRM: 0}
		r.Value[1] = tables.ActivationCell{Need: tables.NeedDRM, DRM: 0}
		ts.Activation.Infantry[row] = r
		w, err := world.New(m, ms, ts, infantryOf(t, m))
		if err != nil {
			t.Fatal(err)
		}
		standingMemo(t, ms, m, w)
	})
}

// standingMemo is TestStandingMemo in world w of mission ms on map m.
func standingMemo(t *testing.T, ms *missions.Mission, m *board.Map, w *world.World) {
	hexes := m.Hexes()
	held, activated := 0, 0
	for seed := range uint64(6) {
		st, err := ms.State(m)
		if err != nil {
			t.Fatal(err)
		}
		memo := New(w, dice.Seeded(seed), st)
		setup, err := memo.Place()
		if err != nil {
			t.Fatal(err)
		}
		for i, pl := range setup.Placements {
			st.Add(&state.Unit{ID: fmt.Sprintf("S%d", i+1), Side: state.Enemy, Kind: state.SQ, Case: byte(pl.Case), Crest: pl.Crest, Facing: pl.Facing}, pl.Location)
		}
		rnd := rand.New(rand.NewPCG(seed, 41))
		for i := range 8 {
			st.Add(&state.Unit{ID: fmt.Sprintf("F%d", i+1), Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: rnd.IntN(3) > 0},
				board.Ground(hexes[rnd.IntN(len(hexes))]))
		}
		ref := New(w, dice.Seeded(seed+100), st.CloneInto(nil))
		memo.Roll(dice.Seeded(seed + 100))
		for round := range 60 {
			// The same change in both games, by unit ID.
			if rnd.IntN(3) == 0 { // else the FRIENDLY units stand still
				f := fmt.Sprintf("F%d", 1+rnd.IntN(8))
				var to board.Location
				switch sq := sqOf(memo.st); {
				case rnd.IntN(2) == 0 && len(sq) > 0: // next to an S?
					to = board.Ground(sq[rnd.IntN(len(sq))].At().Hex.Neighbour(hex.Dir(rnd.IntN(6))))
				default:
					to = board.Ground(hexes[rnd.IntN(len(hexes))])
				}
				known := rnd.IntN(4) > 0
				if _, ok := m.Index(to.Hex); ok {
					for _, g := range []*state.State{memo.st, ref.st} {
						u := g.Unit(f)
						g.Move(u, to)
						u.Known = known
					}
				}
			}
			if sq := sqOf(memo.st); rnd.IntN(2) == 0 && len(sq) > 0 { // an S? moves
				s := sq[rnd.IntN(len(sq))]
				to := board.Ground(s.At().Hex.Neighbour(hex.Dir(rnd.IntN(6))))
				if _, ok := m.Index(to.Hex); ok {
					memo.st.Move(s, to)
					ref.st.Move(ref.st.Unit(s.ID), to)
				}
			}
			player := state.Side(rnd.IntN(2))
			for _, g := range []*state.State{memo.st, ref.st} {
				g.Player = player
			}
			for i, u := range memo.st.Units() {
				moved := rnd.IntN(3) == 0
				u.Moved = moved
				ref.st.Units()[i].Moved = moved
			}
			if memo.still.ok {
				held++
			}
			ref.still.ok = false // the path without the memo
			n, nr := memo.Log().Len(), ref.Log().Len()
			if err := memo.Standing(); err != nil {
				t.Fatal(err)
			}
			if err := ref.Standing(); err != nil {
				t.Fatal(err)
			}
			got, want := worded(memo, n), worded(ref, nr)
			activated += len(want)
			if !slices.EqualFunc(got, want, func(a, b event) bool { return a.Text == b.Text }) {
				t.Fatalf("seed %d round %d: with the memo %v\nwithout %v", seed, round, got, want)
			}
			if g, r := unitList(memo.st), unitList(ref.st); g != r {
				t.Fatalf("seed %d round %d: units with the memo %s\nwithout %s", seed, round, g, r)
			}
		}
	}
	// The memo was in play, and the checks Activated S?.
	if held < 100 || activated < 20 {
		t.Errorf("memo held at %d Standings, %d events: too few to tell", held, activated)
	}
}

// sqOf returns the S? on the map of st.
func sqOf(st *state.State) []*state.Unit {
	var sq []*state.Unit
	for _, u := range st.OfSide(state.Enemy) {
		if u.Kind == state.SQ && u.OnMap() {
			sq = append(sq, u)
		}
	}
	return sq
}

// unitList is every unit of st, its ID and Location, in order.
func unitList(st *state.State) string {
	s := ""
	for _, u := range st.Units() {
		s += fmt.Sprintf("%s@%v ", u.ID, u.At())
	}
	return s
}
