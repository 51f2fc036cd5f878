package game

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
	gpath "gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
)

// A perft-like count (issue 53): at every MPh stop of the player's in
// several demo games, the moves of one Location that Legal lists are
// exactly those an independent count finds by the rules: of the units of
// each stack that may move (Good Order, not pinned, not moved, not Prep
// Fired, not in Melee: ASL A10, A7.8, A3.3, A11), together, into each Location ADJACENT by
// the Infantry graph that holds no ENEMY unit (it is entered in the APh,
// A4.7) and takes the stack (A5.1), reached within the stack's MF (A4.1)
// by the cheapest path that enters no ENEMY Location, found by gonum's
// Dijkstra over the graph without the ENEMY Locations.
func TestLegalMovesPerft_A4_1(t *testing.T) {
	t.Parallel()
	w := crossroads(t)
	gr, err := w.Infantry()
	if err != nil {
		t.Fatal(err)
	}
	m := w.Map()
	stops, total := 0, 0
	for seed := range longrun.Seeds(4, 2) {
		s := begin(t, w, seed, PolicyPlayer, StopPhase)
		for s.Stop().Kind != state.Over {
			stop := s.Stop()
			if stop.Kind == state.BeforePhase && stop.Player == state.Friendly && stop.Phase == state.MPh {
				stops++
				var got []string
				// The moves of each stack's movable units together (Legal
				// lists each alone too).
				movable := map[board.Location]int{}
				for _, u := range s.g.st.OfSide(state.Friendly) {
					if u.OnMap() && !u.Broken && !u.Pinned && !u.Moved && !u.Fired {
						movable[u.At()]++
					}
				}
				for _, c := range s.Legal() {
					if c.Verb == Move && !c.Assault && len(c.Units) == movable[s.g.st.Unit(c.Units[0]).At()] {
						got = append(got, m.LocationName(s.g.st.Unit(c.Units[0]).At())+">"+m.LocationName(c.To[0]))
					}
				}
				want := perft(s, gr)
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("seed %d, turn %d: Legal moves %v, the count %v", seed, stop.Turn, got, want)
				}
				total += len(got)
			}
			do(t, s, Next)
		}
	}
	if stops == 0 || total == 0 {
		t.Fatalf("%d MPh stops, %d moves: the count checked nothing", stops, total)
	}
	t.Logf("%d MPh stops, %d moves of one Location", stops, total)
}

// perft counts the moves of one Location at session s's MPh
// stop, as TestLegalMovesPerft_A4_1 says, "FROM>TO" each.
func perft(s *Session, gr *pathing.Graph) []string {
	g := s.g
	m := g.w.Map()
	enemy := map[board.Location]bool{}
	for _, u := range g.st.OfSide(state.Enemy) {
		if u.OnMap() {
			enemy[u.At()] = true
		}
	}
	gg := simple.NewWeightedDirectedGraph(0, 0)
	for u := range gr.Len() {
		gg.AddNode(simple.Node(u))
	}
	for u := range gr.Len() {
		if enemy[gr.Location(u)] {
			continue
		}
		gr.Out(u, func(v, c int) {
			if !enemy[gr.Location(v)] {
				gg.SetWeightedEdge(gg.NewWeightedEdge(simple.Node(u), simple.Node(v), float64(c)))
			}
		})
	}
	stacks := map[board.Location][]*state.Unit{}
	for _, u := range g.st.OfSide(state.Friendly) {
		if u.OnMap() && !u.Broken && !u.Pinned && !u.Moved && !u.Fired && !enemy[u.At()] {
			stacks[u.At()] = append(stacks[u.At()], u)
		}
	}
	var out []string
	for from, units := range stacks {
		n, ok := gr.Node(from)
		if !ok {
			continue
		}
		shortest := gpath.DijkstraFrom(simple.Node(n), gg)
		mf := float64(g.mf(units))
		gr.Out(n, func(v, _ int) {
			to := gr.Location(v)
			if enemy[to] || !g.fits(to, units) || shortest.WeightTo(int64(v)) > mf {
				return
			}
			out = append(out, fmt.Sprintf("%s>%s", m.LocationName(from), m.LocationName(to)))
		})
	}
	return out
}
