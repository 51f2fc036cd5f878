package ai

import (
	"math"
	"slices"

	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/state"
)

// nextStep chooses the next Location of a Human Wave unit at cur: along
// the planned detour if there is one, else down the flow field toward the
// FBE, keeping to its lane: of the steps that cost at most the formation
// slack more than the cheapest way, the one nearest the lane (the cheapest
// of those as near). It says when the unit must stop: no way forward, or a
// way forward only around an obstacle that Human Wave movement cannot
// negotiate straight ahead, a Water Obstacle, a cliff or a rowhouse wall
// (SASL 4.33). Every step is toward the FBE (SASL 4.32: waveStepAt).
func (e *Enemy) nextStep(cur board.Location, lane hex.Hex, detour []board.Location, stack []*state.Unit) (next board.Location, cost int, exit bool, why stop, ok bool) {
	g := e.w.Graph()
	u, _ := g.Node(cur)
	if len(detour) > 0 && !e.overstacked(detour[0], stack) {
		v, _ := g.Node(detour[0])
		c, _ := g.Cost(u, v)
		return detour[0], c, false, stop{}, true
	}
	ws := e.waveStepAt(u)
	here := int(ws.here)
	if here == pathing.Unreached {
		// No way to the FBE from here (a river across the map, say): the
		// unit goes on straight ahead until it runs into the obstacle
		// itself (SASL 4.33), not released short of it.
		if ahead, ok := e.ahead(cur.Hex, lane); ok && e.m.OnMap(ahead) {
			if c, pass := e.w.Step(cur, board.Ground(ahead)); pass {
				if e.overstacked(board.Ground(ahead), stack) {
					return cur, 0, false, stop{full: board.Ground(ahead), isFull: true}, false
				}
				return board.Ground(ahead), c, false, stop{}, true
			}
		}
		return cur, 0, false, e.blocked(cur, lane, false), false
	}
	if ws.exit >= 0 {
		return cur, int(ws.exit), true, stop{}, true
	}
	best, bestDev, bestExtra := -1, math.Inf(1), 0
	bestCost := 0
	full, fullDev, isFull := board.Location{}, math.Inf(1), false
	for _, a := range e.waveArcs[ws.first : ws.first+ws.n] {
		v, c, extra := int(a.v), int(a.c), int(a.extra)
		d := e.laneDev(g.Location(v).Hex, lane)
		better := d < bestDev-1e-9 || (d < bestDev+1e-9 && extra < bestExtra)
		if !better && d >= fullDev {
			continue // no better step, nor a better full one to tell of
		}
		if e.overstacked(g.Location(v), stack) {
			// ASL A5.1: a Location that cannot take the stack is no
			// step of its move.
			if d < fullDev {
				full, fullDev, isFull = g.Location(v), d, true
			}
			continue
		}
		if better {
			best, bestDev, bestExtra, bestCost = v, d, extra, c
		}
	}
	ahead, okAhead := e.ahead(cur.Hex, lane)
	if best < 0 {
		if isFull {
			return cur, 0, false, stop{full: full, isFull: true}, false
		}
		return cur, 0, false, stop{}, false
	}
	next = g.Location(best)
	if okAhead && next.Hex != ahead {
		// An obstacle straight ahead, judged from the ground Location of
		// the unit's hex: a unit on an upper building level goes down
		// before it goes on, and the building's own levels are no
		// obstacle (SASL 4.33).
		if _, pass := e.w.Step(board.Ground(cur.Hex), board.Ground(ahead)); !pass && e.m.OnMap(ahead) {
			return cur, 0, false, e.blocked(cur, lane, true), false
		}
	}
	return next, bestCost, false, stop{}, true
}

// stop says why a Human Wave unit cannot go on: the obstacle straight
// ahead and its hex (SASL 4.33), none when there is no way forward at
// all; delay: the way forward goes round it, so that the unit may follow
// the tracks of another.
type stop struct {
	obstacle report.Obstacle
	ahead    hex.Hex
	delay    bool
	// isFull: no obstacle, but the way forward is a Location that cannot
	// take the stack (ASL A5.1), full.
	isFull bool
	full   board.Location
}

// blocked says what stops a unit at cur: the obstacle straight ahead, if
// there is one; around: there is a way round it.
func (e *Enemy) blocked(cur board.Location, lane hex.Hex, around bool) stop {
	ahead, ok := e.ahead(cur.Hex, lane)
	if ok {
		t, _ := e.m.Terrain(cur.Hex)
		d, _ := cur.Hex.DirTo(ahead)
		what := report.NoObstacle
		switch {
		case t.Sides[d].Has(terrain.Cliff):
			what = report.Cliff
		case t.Sides[d].Has(terrain.RowhouseWall):
			what = report.RowhouseWall
		default:
			if at, ok := e.m.Terrain(ahead); ok && at.Kinds.Any(terrain.Water, terrain.Stream) {
				what = report.WaterObstacle
			} else if ok {
				what = report.Impassable
			}
		}
		if what != report.NoObstacle {
			return stop{obstacle: what, ahead: ahead, delay: around}
		}
	}
	return stop{}
}

// ahead returns the hex straight ahead of x toward the FBE: the neighbour
// furthest toward it, the one nearer the lane when two are as far.
func (e *Enemy) ahead(x hex.Hex, lane hex.Hex) (hex.Hex, bool) {
	a := e.aheadAt(x)
	best, bestP := hex.Hex{}, math.Inf(-1)
	// The lane's deviation decides ties alone: worked out only for
	// them, best's when a tie first needs it (devOK).
	bestDev, devOK := 0.0, false
	for k, n := range a.n {
		p := a.p[k]
		if p > bestP+1e-9 {
			best, bestP, devOK = n, p, false
			continue
		}
		if math.Abs(p-bestP) < 1e-9 {
			if !devOK {
				bestDev, devOK = e.laneDev(best, lane), true
			}
			if dev := e.laneDev(n, lane); dev < bestDev {
				best, bestP, bestDev = n, p, dev
			}
		}
	}
	return best, bestP > a.own
}

// waveStep is what nextStep weighs at a node of the world's graph that
// no game changes: the cost of its way to the FBE (the world's flow
// field), the cost of exiting there across the FBE if within the
// formation slack of it (-1: none), and its steps toward the FBE (a
// shorter way to it, or a hex further toward it) within the slack
// (waveArcs[first:first+n], in the graph's order of arcs).
// Worked out at a unit's first step from the node, kept for the Enemy's
// games (its world, mission and tables are fixed).
type waveStep struct {
	made       bool
	here, exit int32
	first, n   int32
}

// waveArc is a step of waveStep: the node entered, its cost, and how much
// dearer than the cheapest way to the FBE a way by it is.
type waveArc struct{ v, c, extra int32 }

// waveStepAt returns node u's waveStep.
func (e *Enemy) waveStepAt(u int) waveStep {
	g, toFBE := e.w.Graph(), e.w.ToFBE()
	if e.waveSteps == nil {
		e.waveSteps = make([]waveStep, g.Len())
	}
	ws := &e.waveSteps[u]
	if ws.made {
		return *ws
	}
	here := toFBE.NodeCost(u)
	*ws = waveStep{made: true, here: int32(here), exit: -1, first: int32(len(e.waveArcs))}
	if here == pathing.Unreached {
		return *ws
	}
	slack := 2 * e.h.Formation.Value
	if c, okx := g.ExitCost(u, e.ms.FBE); okx && c-here <= slack {
		ws.exit = int32(c)
		return *ws
	}
	own := e.w.Progress(g.Location(u).Hex)
	g.Out(u, func(v, c int) {
		fv := toFBE.NodeCost(v)
		if fv == pathing.Unreached {
			return
		}
		// SASL 4.32: a Human Wave unit always moves toward the FBE. A
		// step whose way to the FBE is no shorter, into a hex no further
		// toward it, is a step sideways or back, whatever the lane: two
		// such Locations would each choose the other (a unit shuttling
		// across a board seam with the way on full).
		if fv >= here && e.w.Progress(g.Location(v).Hex) <= own+1e-9 {
			return
		}
		if extra := c + fv - here; extra <= slack {
			e.waveArcs = append(e.waveArcs, waveArc{v: int32(v), c: int32(c), extra: int32(extra)})
		}
	})
	ws.n = int32(len(e.waveArcs)) - ws.first
	return *ws
}

// aheadNext is what ahead weighs of a hex that no game changes: its
// neighbours and how far each lies toward the FBE, and its own; and
// whether a unit on its ground level may advance into each (adv: on the
// map, further toward the FBE, a step Infantry can take; canAdvance but
// for the stacking, SASL 4.322).
type aheadNext struct {
	made bool
	n    [6]hex.Hex
	p    [6]float64
	own  float64
	adv  [6]bool
}

// aheadAt returns hex x's aheadNext (not to be changed): kept by map
// index for the Enemy's games, worked out each time for a hex off the
// map.
func (e *Enemy) aheadAt(x hex.Hex) *aheadNext {
	var a *aheadNext
	if i, ok := e.m.Index(x); ok {
		if e.aheads == nil {
			e.aheads = make([]aheadNext, e.m.Stride())
		}
		if a = &e.aheads[i]; a.made {
			return a
		}
	} else {
		a = new(aheadNext)
	}
	*a = aheadNext{made: true, n: x.Neighbours(), own: e.w.Progress(x)}
	for k, n := range a.n {
		a.p[k] = e.w.Progress(n)
		if e.m.OnMap(n) && a.p[k] > a.own+1e-9 {
			_, a.adv[k] = e.w.Step(board.Ground(x), board.Ground(n))
		}
	}
	return a
}

// laneDev is how far hex x lies beside the lane through hex lane running
// toward the FBE.
func (e *Enemy) laneDev(x, lane hex.Hex) float64 {
	a, b := x.Centre(), lane.Centre()
	dx, dy := float64(a.X-b.X), float64(a.Y-b.Y)*math.Sqrt(3)
	fx, fy := e.w.FBEVector()
	return math.Abs(dx*fy - dy*fx)
}

// detour plans a way to a FRIENDLY-controlled VPO this unit can reach with
// the MF it has, not behind it, that no other unit is taking (SASL 4.32:
// Human Wave units attempt to Control any FRIENDLY Controlled VPO when
// possible during their movement toward the FBE).
func (e *Enemy) detour(cur board.Location, mf int, claimed *[]board.Location) []board.Location {
	searched := false
	for _, c := range e.st.VPO {
		v := c.At
		if c.Side != state.Friendly || slices.Contains(*claimed, v) || v.Level != 0 || v == cur {
			continue
		}
		// The world knows how far each of the mission's VPOs is: most
		// units have none within reach, and need no search.
		if cost, ok := e.w.DetourCost(v, cur); ok && cost > mf {
			continue
		}
		if !searched {
			e.s.From(&e.near, cur, nil, mf)
			searched = true
		}
		if !e.near.Reached(v) {
			continue
		}
		p, _ := e.near.Path(v)
		*claimed = append(*claimed, v)
		var out []board.Location
		for _, s := range p.Steps[1:] {
			out = append(out, s.Location)
		}
		return out
	}
	return nil
}
