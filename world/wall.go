package world

import (
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Wall is the wall, hedge or bocage hexside of a hex that a theoretical
// line of fire from the FBE crosses (SASL 4.1e): Behind when there is one.
type Wall struct {
	Behind bool
	// Dir is the hexside of the hex it lies on, Feature what it is (wall,
	// hedge, bocage).
	Dir     hex.Dir
	Feature terrain.Features
}

// BehindWall reports whether an Open Ground hex counts as Concealment
// Terrain for SASL 4.1e: a theoretical line of fire from one of the nearest
// whole off-board FBE hexes crosses (or passes through a vertex of) one of
// its wall, hedge or bocage hexsides, and a unit in it could gain wall
// advantage there: it is not lower than the hex across that hexside. O(1).
func (w *World) BehindWall(h hex.Hex) Wall {
	i, ok := w.m.Index(h)
	if !ok {
		return Wall{}
	}
	return w.walls[i]
}

func (w *World) wallToward(h hex.Hex) Wall {
	t, _ := w.m.Terrain(h)
	var walls []hex.Dir
	for d := range hex.Dirs {
		if t.Sides[d].WallAdvantage() {
			walls = append(walls, d)
		}
	}
	if len(walls) == 0 {
		return Wall{}
	}
	best := int(^uint(0) >> 1)
	for _, o := range w.fbe {
		best = min(best, hex.Distance(h, o))
	}
	for _, o := range w.fbe {
		if hex.Distance(h, o) != best {
			continue
		}
		for _, d := range walls {
			if !hex.EntersAcross(o, h, d) {
				continue
			}
			if nt, ok := w.m.Terrain(h.Neighbour(d)); ok && nt.Elevation > t.Elevation {
				continue // no wall advantage against higher ground
			}
			return Wall{Behind: true, Dir: d, Feature: t.Sides[d] & (terrain.Wall | terrain.Hedge | terrain.Bocage)}
		}
	}
	return Wall{}
}
