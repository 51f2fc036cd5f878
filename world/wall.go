package world

import (
	"github.com/sasl-engine/sasl/rules/board"
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

// walls of one hex for fire (ASL B9.3): the TEM of each of its wall,
// hedge or bocage hexsides (side[d]), and of the hexspine that ends at each
// of its vertices without being one of its hexsides (spine[d], at the
// vertex hex.Hex.Corner(d)), with what they are; zero for none.
type hexWalls struct {
	side, spine   [hex.Dirs]int8
	sideF, spineF [hex.Dirs]terrain.Features
}

// any reports whether the hex has a wall, hedge or bocage on a hexside or
// on a hexspine touching one of its vertices.
func (h *hexWalls) any() bool { return h.side != [hex.Dirs]int8{} || h.spine != [hex.Dirs]int8{} }

// wallFeatures are the hexside features with a TEM of their own (ASL B9).
const wallFeatures = terrain.Wall | terrain.Hedge | terrain.Bocage

// prepareFireWalls fills w.fire: the hexes with a wall, hedge or bocage
// on or touching them. O(hexes).
func (w *World) prepareFireWalls() {
	n := w.m.Stride()
	w.fire = make([]hexWalls, n)
	for _, h := range w.m.Hexes() {
		i, _ := w.m.Index(h)
		fw := &w.fire[i]
		for d := range hex.Dirs {
			if f := w.m.Side(h, d) & wallFeatures; f != 0 {
				fw.side[d], fw.sideF[d] = int8(w.t.TEM.Side(f)), f
			}
			// The vertex at the clockwise end of side d joins h, its
			// neighbour across d and its neighbour across d+1: the third
			// hexside there lies between those two.
			a, b := h.Neighbour(d), h.Neighbour(d.CW(1))
			if dd, ok := a.DirTo(b); ok && w.m.OnMap(a) {
				if f := w.m.Side(a, dd) & wallFeatures; f != 0 {
					fw.spine[d], fw.spineF[d] = int8(w.t.TEM.Side(f)), f
				}
			}
		}
	}
}

// Cover is the TEM of a Location against fire from one other Location
// (ASL B9.3): the Location's own TEM, or the TEM of a wall, hedge or
// bocage the line of fire crosses into it, whichever is the larger (B9.31:
// the two are not added; the target takes the one it prefers).
type Cover struct {
	TEM int
	// Wall is the hexside feature whose TEM TEM is (terrain.Wall, Hedge,
	// Bocage), 0 when it is the Location's own; Side is that hexside (a
	// hexside of the Location's hex, or the hexspine the line runs along).
	Wall terrain.Features
	Side hex.Side
}

// FireTEM is the TEM of Location at against fire from Location from (ASL
// B9.3, B9.31). A wall, hedge or bocage hexside of at's hex gives its TEM
// (tables.TEM.Side) when the line from from's centre dot crosses it or
// passes through one of its vertices (B9.1: the hexside, vertices
// included, is the wall), or when the line runs exactly along a wall
// hexspine that ends at at's hex (B9.2's example: both ends of such a
// line take its TEM). It is not added to the Location's own TEM: the
// larger applies (B9.31). Only a unit at ground level is behind a wall
// (an upper building level or a rooftop is above it; a reading,
// tables: tem), and a firer higher than at within combat.wall_above hexes
// fires over it (a reading: combat.wall_above). Wall Advantage, which
// needs the units, is combat's (combat.Cover). O(1): hexes without walls
// return at once.
func (w *World) FireTEM(from, at board.Location) Cover {
	i, ok := w.m.Index(at.Hex) // once, for the TEM and the walls
	if !ok {
		return Cover{} // TEM: 0 off the map
	}
	c := Cover{TEM: int(w.tem[i])}
	if at.Level != 0 || at.Roof || from.Hex == at.Hex || !w.fire[i].any() {
		return c
	}
	fw := &w.fire[i]
	cr, ok := hex.Enters(from.Hex, at.Hex)
	if !ok {
		return c
	}
	best := c
	try := func(tem int8, f terrain.Features, s hex.Side) {
		if int(tem) > best.TEM {
			best = Cover{TEM: int(tem), Wall: f, Side: s}
		}
	}
	switch cr.Kind {
	case hex.Across:
		for d := range hex.Dirs {
			if s := (hex.Side{Hex: at.Hex, Dir: d}); fw.side[d] != 0 && s.Canonical() == cr.Side {
				try(fw.side[d], fw.sideF[d], s)
			}
		}
	case hex.AtVertex:
		for d := range hex.Dirs {
			if at.Hex.Corner(d) != cr.Vertex {
				continue
			}
			// Sides d and d+1 of at's hex meet at corner d.
			try(fw.side[d], fw.sideF[d], hex.Side{Hex: at.Hex, Dir: d})
			e := d.CW(1)
			try(fw.side[e], fw.sideF[e], hex.Side{Hex: at.Hex, Dir: e})
			if fw.spine[d] != 0 {
				a := at.Hex.Neighbour(d)
				dd, _ := a.DirTo(at.Hex.Neighbour(e))
				s := hex.Side{Hex: a, Dir: dd}
				if along(from.Hex, at.Hex, s) {
					try(fw.spine[d], fw.spineF[d], s)
				}
			}
		}
	}
	if best.Wall == 0 {
		return c
	}
	if r := w.t.Combat.WallAbove.Value; r > 0 && hex.Distance(from.Hex, at.Hex) <= r && w.elevation(from) > w.elevation(at) {
		return c
	}
	return best
}

// along reports whether the line between the centres of a and b runs
// along hexside s (both its ends on the line).
func along(a, b hex.Hex, s hex.Side) bool {
	A, B := a.Centre(), b.Centre()
	p, q := s.Ends()
	dx, dy := B.X-A.X, B.Y-A.Y
	return dx*(p.Y-A.Y)-dy*(p.X-A.X) == 0 && dx*(q.Y-A.Y)-dy*(q.X-A.X) == 0
}

// elevation is the height of Location l in levels: its hex's base level
// (ASL B10) plus its building level.
func (w *World) elevation(l board.Location) int {
	t, ok := w.m.Terrain(l.Hex)
	if !ok {
		return l.Level
	}
	return t.Elevation + l.Level
}
