package ai

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// enemyOn is an Enemy of mission ms on map m, with its own world (the
// default tables) and the mission's state, for tests of what it keeps.
func enemyOn(t *testing.T, m *board.Map, ms *missions.Mission) (*Enemy, *world.World) {
	t.Helper()
	w, err := world.New(m, ms, tables.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := ms.State(m)
	if err != nil {
		t.Fatal(err)
	}
	return New(w, scripted(t, ""), st), w
}

// A Human Wave step weighs, at each node and hex, what no game changes
// (waveStepAt, aheadAt: the world's flow field toward the FBE, its arcs
// and how far each hex lies toward it), kept from the first step on (SASL
// 4.32, 4.33). On four real boards, every node's and every hex's kept
// answer is the one worked out afresh from the world, asked twice (the
// second from the memo), ahead agrees with its plain reading for lanes
// across the map, and so does an advance into each neighbour of each hex
// (SASL 4.322: canAdvanceTo, canAdvance). With the FBE north and with it
// east, where the hexes above and below a unit are no further toward it
// and steps to them are dropped (SASL 4.32: sideways).
func TestWaveStepKeptAsWorkedOut_SASL4_32_SASL4_33(t *testing.T) {
	t.Parallel()
	for _, fbe := range []string{"fbe: north\nebe: south", "fbe: east\nebe: west"} {
		_, ebe, _ := strings.Cut(fbe, "ebe: ")
		ms, m := mission(t, realBoards(t), "name: four boards\nboards: [[\"33\", \"2\"], [\"15\", \"4\"]]\nnorth: up\n"+fbe+"\nhuman_wave:\n  - {turn: 1, edge: "+ebe+"}\n")
		waveStepKept(t, ms, m, strings.HasPrefix(fbe, "fbe: east"))
	}
}

// waveStepKept is TestWaveStepKeptAsWorkedOut of mission ms on map m;
// sideways: steps within the slack that are sideways must be met.
func waveStepKept(t *testing.T, ms *missions.Mission, m *board.Map, sideways bool) {
	e, w := enemyOn(t, m, ms)
	g, toFBE := w.Graph(), w.ToFBE()
	slack := 2 * e.h.Formation.Value
	arcs, exits, dropped := 0, 0, 0
	for round := range 2 { // the second answers from the memo
		for u := range g.Len() {
			ws := e.waveStepAt(u)
			here := toFBE.NodeCost(u)
			if int(ws.here) != here {
				t.Fatalf("round %d node %d: here %d, want %d", round, u, ws.here, here)
			}
			exit := int32(-1)
			var want []waveArc
			if here != pathing.Unreached {
				if c, ok := g.ExitCost(u, ms.FBE); ok && c-here <= slack {
					exit = int32(c)
				} else {
					g.Out(u, func(v, c int) {
						fv := toFBE.NodeCost(v)
						side := fv >= here && w.Progress(g.Location(v).Hex) <= w.Progress(g.Location(u).Hex)+1e-9 // SASL 4.32
						if side && fv != pathing.Unreached && c+fv-here <= slack && round == 0 {
							dropped++
						}
						if fv != pathing.Unreached && !side && c+fv-here <= slack {
							want = append(want, waveArc{int32(v), int32(c), int32(c + fv - here)})
						}
					})
				}
			}
			got := e.waveArcs[ws.first : ws.first+ws.n]
			if ws.exit != exit || len(got) != len(want) {
				t.Fatalf("round %d node %d (%v): exit %d, %d steps; want %d, %d", round, u, g.Location(u), ws.exit, len(got), exit, len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("round %d node %d: step %d %+v, want %+v", round, u, i, got[i], want[i])
				}
			}
			if round == 0 {
				arcs += len(got)
				if exit >= 0 {
					exits++
				}
			}
		}
	}
	if arcs < g.Len() || exits == 0 || sideways && dropped == 0 {
		t.Errorf("%d steps kept, %d exits and %d sideways steps dropped over %d nodes: too few to tell", arcs, exits, dropped, g.Len())
	}
	// ahead: the neighbour furthest toward the FBE, the nearer the lane
	// of two as far, as the world's Progress says each time.
	plain := func(x, lane hex.Hex) (hex.Hex, bool) {
		best, bestP := hex.Hex{}, math.Inf(-1)
		bestDev := 0.0
		for _, n := range x.Neighbours() {
			p := w.Progress(n)
			if p > bestP+1e-9 {
				best, bestP, bestDev = n, p, e.laneDev(n, lane)
				continue
			}
			if math.Abs(p-bestP) < 1e-9 {
				if dev := e.laneDev(n, lane); dev < bestDev {
					best, bestP, bestDev = n, p, dev
				}
			}
		}
		return best, bestP > w.Progress(x)
	}
	hexes := m.Hexes()
	lanes := []hex.Hex{hexes[0], hexes[len(hexes)/3], hexes[len(hexes)/2], hexes[len(hexes)-1]}
	for round := range 2 {
		for _, x := range hexes {
			for _, lane := range lanes {
				gh, gok := e.ahead(x, lane)
				wh, wok := plain(x, lane)
				if gh != wh || gok != wok {
					t.Fatalf("round %d: ahead of %s (lane %s) %v %v, want %v %v", round, m.LocationName(board.Ground(x)), m.LocationName(board.Ground(lane)), gh, gok, wh, wok)
				}
			}
		}
	}
	// An advance from each hex's ground level into each neighbour.
	u := &state.Unit{ID: "A1", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}
	advances := 0
	for round := range 2 {
		for _, x := range hexes {
			u.Place(board.Ground(x))
			a := e.aheadAt(x)
			for k, n := range a.n {
				got, want := e.canAdvanceTo(u, x, a, k), e.canAdvance(u, n)
				if got != want {
					t.Fatalf("round %d: advance %s -> %v: %v, want %v", round, m.LocationName(board.Ground(x)), n, got, want)
				}
				if got && round == 0 {
					advances++
				}
			}
		}
	}
	if advances < len(hexes) {
		t.Errorf("%d advances over %d hexes: too few to tell", advances, len(hexes))
	}
}

// A stack outside a Human Wave heads for its goal by the goal's flow
// field (weighted for cover, made once), which no game changes: towardAt
// keeps, for each goal and node, what towards weighs there. On four real
// boards with two VPOs, every kept answer is the one worked out afresh
// from the fields, asked twice (the second from the memo) (SASL 4.32,
// ASL A26.11).
func TestTowardKeptAsWorkedOut_SASL4_32_A26_11(t *testing.T) {
	t.Parallel()
	ms, m := mission(t, realBoards(t), `name: four boards, two VPOs
boards: [["33", "2"], ["15", "4"]]
north: up
fbe: north
ebe: south
vpo: ["33Q6", "2I9"]
placement: [b]
`)
	e, w := enemyOn(t, m, ms)
	if err := e.prepareAttitude(); err != nil {
		t.Fatal(err)
	}
	ig, err := w.Infantry()
	if err != nil {
		t.Fatal(err)
	}
	goals := []goal{{vpo: -1}, {vpo: 0}, {vpo: 1}}
	steps, adjacent, exits := 0, 0, 0
	for round := range 2 {
		for _, g := range goals {
			f := e.field(g)
			for u := range ig.Len() {
				ts := e.towardAt(g, u)
				here := f.NodeCost(u)
				adj, exit := int32(-1), int32(-1)
				var want []towardArc
				if here != 0 && here != pathing.Unreached {
					v, okv := ig.Node(e.act.vpos[max(g.vpo, 0)])
					c, isAdj := ig.Cost(u, v)
					switch {
					case g.vpo >= 0 && okv && isAdj:
						adj = int32(c)
					default:
						if c, ok := ig.ExitCost(u, ms.FBE); g.vpo < 0 && ok && c == here {
							exit = int32(c)
						}
						ig.Out(u, func(v, c int) {
							if fv := f.NodeCost(v); fv != pathing.Unreached && fv < here {
								total := c + fv
								if e.act.cover != nil {
									total += int(e.act.cover[v])
								}
								want = append(want, towardArc{int32(v), int32(c), int32(total)})
							}
						})
					}
				}
				got := e.act.arcs[ts.first : ts.first+ts.n]
				if int(ts.here) != here || ts.adj != adj || ts.exit != exit || !slices.Equal(got, want) {
					t.Fatalf("round %d goal %d node %d (%v): here %d adj %d exit %d steps %v; want %d %d %d %v",
						round, g.vpo, u, ig.Location(u), ts.here, ts.adj, ts.exit, got, here, adj, exit, want)
				}
				if round == 0 {
					steps += len(got)
					if adj >= 0 {
						adjacent++
					}
					if exit >= 0 {
						exits++
					}
				}
			}
		}
	}
	if steps < ig.Len() || adjacent == 0 || exits == 0 {
		t.Errorf("%d steps, %d next to a VPO, %d exits kept: too few to tell", steps, adjacent, exits)
	}
}

// A Human Wave unit always moves toward the FBE (SASL 4.32): each step of
// its Human Wave movement either shortens its way to the FBE or enters a
// hex further toward it, so no unit enters one Location twice in a move.
// With the FBE east, the hexes above and below a unit lie no further
// east: across the seam of boards 33 and 15, where the way on was full,
// a unit went back and forth between 33D10 and 15D1 (each the other's
// step nearest its lane) for half its MF. Every node's kept steps are
// toward the FBE, and the waves of 20 seeds' first two turns never step
// sideways.
func TestHWStepsTowardFBE_SASL4_32(t *testing.T) {
	t.Parallel()
	ms, m := mission(t, realBoards(t), `name: seam
boards: [["33", "2"], ["15", "4"]]
north: up
fbe: east
ebe: west
human_wave:
  - {turn: 1, edge: west}
`)
	w := newWorld(t, m, ms)
	g, toFBE := w.Graph(), w.ToFBE()
	toward := func(a, b board.Location) bool {
		u, _ := g.Node(a)
		v, _ := g.Node(b)
		return toFBE.NodeCost(v) < toFBE.NodeCost(u) || w.Progress(b.Hex) > w.Progress(a.Hex)+1e-9
	}
	e := newHW(t, m, ms, dice.Seeded(1), nil)
	sideways := 0
	for u := range g.Len() {
		g.Out(u, func(v, _ int) {
			if !toward(g.Location(u), g.Location(v)) && toFBE.NodeCost(v) != pathing.Unreached {
				sideways++
			}
		})
		ws := e.waveStepAt(u)
		for _, a := range e.waveArcs[ws.first : ws.first+ws.n] {
			if !toward(g.Location(u), g.Location(int(a.v))) {
				t.Fatalf("%s keeps a step to %s, not toward the FBE", m.LocationName(g.Location(u)), m.LocationName(g.Location(int(a.v))))
			}
		}
	}
	if sideways == 0 {
		t.Fatal("no step on the map is sideways or back: the test tries nothing")
	}
	moves := 0
	for seed := range uint64(20) {
		h := newHW(t, m, ms, dice.Seeded(seed+1), nil)
		for turn := range 2 {
			wt, err := playTurn(h)
			if err != nil {
				t.Fatal(err)
			}
			for _, ev := range waveMoves(wt) {
				moves++
				// The first step of an entry in turn 1 is the mirror of
				// the entrance hex off the west edge, which for hexrow A
				// is that hex itself (ASL A2.6); a unit following tracks
				// starts on the map.
				first := 0
				if turn == 0 && ev.Lead == "" {
					first = 1
				}
				var seen []board.Location
				for i, s := range ev.Steps[first:] {
					if slices.Contains(seen, s.Location) {
						t.Fatalf("seed %d: %s enters %s twice: %s", seed+1, ev.Units[0], m.LocationName(s.Location), ev.Text)
					}
					seen = append(seen, s.Location)
					// A unit following another's tracks (SASL 4.33's
					// alternative) steps into them first, sideways or not.
					if i > 0 && !(ev.Lead != "" && i == 1) && !toward(seen[i-1], s.Location) {
						t.Fatalf("seed %d: %s steps %s -> %s, not toward the FBE: %s", seed+1, ev.Units[0], m.LocationName(seen[i-1]), m.LocationName(s.Location), ev.Text)
					}
				}
			}
		}
	}
	if moves < 100 {
		t.Errorf("%d Human Wave moves: too few to tell", moves)
	}
}
