package table

import (
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// The page offers what the game takes (issue 53): at every stop of a
// demo game played by passing, each move and fire Offers lists is done
// by the game (on a copy: Preview), and a Prep Fired unit is offered no
// move in the MPh (ASL A3.3). The offers at the FRIENDLY MPh include a
// move of every stack that may move.
func TestOffersAreWhatTheGameTakes_A3_3(t *testing.T) {
	t.Parallel()
	g := demoGame(t, 2)
	m := g.Map()
	moves, fires := 0, 0
	for steps := 0; g.Stop().Kind != state.Over && steps < 200; steps++ {
		stop := g.Stop()
		o := g.Offers()
		for _, mv := range o.Moves {
			for _, to := range mv.To {
				l, err := m.ParseLocation(to)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := g.Preview(game.Command{Verb: game.Move, Units: mv.Units, To: []board.Location{l}}); err != nil {
					t.Fatalf("%s: offered %v to %s, refused: %v", report.Where(stop), mv.Units, to, err)
				}
				moves++
			}
			for _, id := range mv.Units {
				if u, _ := g.g.Unit(id); stop.Phase == state.MPh && u.Fired {
					t.Errorf("%s: %s Prep Fired and is offered a move", report.Where(stop), id)
				}
			}
		}
		for _, f := range o.Fires {
			from, _ := m.ParseLocation(f.From)
			for _, at := range f.At {
				l, _ := m.ParseLocation(at)
				if _, err := g.Preview(game.Command{Verb: game.Fire, From: []board.Location{from}, At: l}); err != nil {
					t.Fatalf("%s: offered a fire from %s at %s, refused: %v", report.Where(stop), f.From, at, err)
				}
				fires++
			}
		}
		if stop.Kind == state.BeforePhase && stop.Player == state.Friendly && stop.Phase == state.MPh {
			for u := range g.g.Units() {
				if u.Side == state.Friendly && u.OnMap() && !u.Broken && !u.Pinned && !u.Fired && !u.Moved &&
					!slices.ContainsFunc(o.Moves, func(mv MoveOffer) bool { return slices.Contains(mv.Units, u.ID) }) {
					t.Errorf("%s: %s may move and is offered none", report.Where(stop), u.ID)
				}
			}
		}
		verb := game.Pass
		if stop.Kind == state.TurnStart {
			verb = game.Next
		}
		if _, err := g.Do(game.Command{Verb: verb}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if moves == 0 || fires == 0 {
		t.Errorf("%d moves and %d fires offered: the test checks too little", moves, fires)
	}
	t.Logf("%d moves and %d fires offered, each taken", moves, fires)
}
