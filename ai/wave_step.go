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
// (SASL 4.33).
func (e *Enemy) nextStep(cur board.Location, lane hex.Hex, detour []board.Location, stack []*state.Unit) (next board.Location, cost int, exit bool, why stop, ok bool) {
	g, toFBE := e.w.Graph(), e.w.ToFBE()
	u, _ := g.Node(cur)
	if len(detour) > 0 && !e.overstacked(detour[0], stack) {
		v, _ := g.Node(detour[0])
		c, _ := g.Cost(u, v)
		return detour[0], c, false, stop{}, true
	}
	here := toFBE.NodeCost(u)
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
	slack := 2 * e.h.Formation.Value
	if c, okx := g.ExitCost(u, e.ms.FBE); okx && c-here <= slack {
		return cur, c, true, stop{}, true
	}
	best, bestDev, bestExtra := -1, math.Inf(1), 0
	bestCost := 0
	full, fullDev, isFull := board.Location{}, math.Inf(1), false
	g.Out(u, func(v, c int) {
		fv := toFBE.NodeCost(v)
		if fv == pathing.Unreached {
			return
		}
		extra := c + fv - here
		if extra > slack {
			return
		}
		d := e.laneDev(g.Location(v).Hex, lane)
		better := d < bestDev-1e-9 || (d < bestDev+1e-9 && extra < bestExtra)
		if !better && d >= fullDev {
			return // no better step, nor a better full one to tell of
		}
		if e.overstacked(g.Location(v), stack) {
			// ASL A5.1: a Location that cannot take the stack is no
			// step of its move.
			if d < fullDev {
				full, fullDev, isFull = g.Location(v), d, true
			}
			return
		}
		if better {
			best, bestDev, bestExtra, bestCost = v, d, extra, c
		}
	})
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
	best, bestP := hex.Hex{}, math.Inf(-1)
	// The lane's deviation decides ties alone: worked out only for
	// them, best's when a tie first needs it (devOK).
	bestDev, devOK := 0.0, false
	for _, n := range x.Neighbours() {
		p := e.w.Progress(n)
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
	return best, bestP > e.w.Progress(x)
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
