package pathing

import (
	"fmt"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/tables"
)

// Coster prices the moves of one kind of unit. Costs are in half MF, so
// that grain's 1.5 MF is the whole number 3; ok is false where the unit
// cannot go (an impassable move is never a large number).
type Coster interface {
	// Step prices moving from Location a into Location b: a Location at
	// the same level of an adjacent hex, or one level up or down in the
	// same hex.
	Step(a, b board.Location) (cost int, ok bool)
	// Exit prices leaving the map from a across compass edge e, into the
	// mirror image of a's hex (ASL A2.6).
	Exit(a board.Location, e layout.Compass) (cost int, ok bool)
	// Enter prices entering the map into b from the off-board hex beyond
	// compass edge e (ASL A2.5, A2.51).
	Enter(b board.Location, e layout.Compass) (cost int, ok bool)
}

// Infantry prices Infantry movement on a map (ASL Chapter B) with the
// movement table of tables, in given ground conditions and season. It is
// safe for concurrent use.
type Infantry struct {
	m       *board.Map
	mv      *tables.Movement
	wx      *tables.Weather
	season  terrain.Season
	asOpen  terrain.Kinds // kinds crossed as Open Ground in this weather
	outward [4][hex.Dirs]bool
}

// NewInfantry returns the Infantry cost model of m.
func NewInfantry(m *board.Map, mv *tables.Movement, wx *tables.Weather, season terrain.Season) *Infantry {
	c := &Infantry{m: m, mv: mv, wx: wx, season: season}
	for _, k := range wx.AsOpenGround {
		c.asOpen = c.asOpen.With(k)
	}
	// The hexsides of an edge hex that face off the map across each edge.
	for e := layout.North; e <= layout.West; e++ {
		var ds []hex.Dir
		switch m.FrameOf(e) {
		case layout.Up:
			ds = []hex.Dir{hex.N, hex.NE, hex.NW}
		case layout.Down:
			ds = []hex.Dir{hex.S, hex.SE, hex.SW}
		case layout.Right:
			ds = []hex.Dir{hex.NE, hex.SE}
		case layout.Left:
			ds = []hex.Dir{hex.NW, hex.SW}
		}
		for _, d := range ds {
			c.outward[e][d] = true
		}
	}
	return c
}

// roadRate reports whether a road hex of kinds k is entered at the road
// rate in this weather (optional rule 12.1 keeps it on paved roads only).
func (c *Infantry) roadRate(k terrain.Kinds) bool {
	if !k.Road() && !k.Has(terrain.Path) {
		return false
	}
	if c.wx.RoadRate == nil {
		return true
	}
	for _, r := range c.wx.RoadRate {
		if k.Has(r) {
			return true
		}
	}
	return false
}

// COT returns the cost of terrain of a hex (ASL B.2): the road rate when
// entered along its road, else the costs of its kinds added up (ASL A2.4),
// Open Ground if they add up to nothing.
func (c *Infantry) COT(t *terrain.Hex, alongRoad bool) (int, bool) {
	if alongRoad && c.roadRate(t.Kinds) {
		return c.mv.Road.HalfMF, true
	}
	sum := 0
	var buf [32]terrain.Kind
	for _, k := range t.Kinds.AppendTo(buf[:0]) {
		if k == terrain.OpenGround || c.asOpen.Has(k) {
			continue
		}
		cost := c.mv.Terrain[k]
		if cost.Impassable {
			return 0, false
		}
		v := cost.HalfMF
		if k == terrain.Grain && !c.season.Grain && cost.OutOfSeason >= 0 {
			v = cost.OutOfSeason
		}
		sum += v
	}
	if sum == 0 {
		sum = c.mv.Terrain[terrain.OpenGround].HalfMF
	}
	return sum, true
}

// crossing returns the cost of a hexside's obstacles, added to the COT of
// the hex entered (ASL B.2), or ok false for an impassable one.
func (c *Infantry) crossing(f terrain.Features) (int, bool) {
	sum := 0
	for o := terrain.Wall; o <= terrain.RowhouseWall; o <<= 1 {
		if f&o == 0 {
			continue
		}
		cost := c.mv.Hexsides[o]
		if cost.Impassable {
			return 0, false
		}
		sum += cost.HalfMF
	}
	return sum, true
}

// uphill applies ASL B.2: the COT doubles for each level climbed.
func (c *Infantry) uphill(cot, from, to int) int {
	for ; to > from; from++ {
		cot *= c.mv.Uphill
	}
	return cot
}

// Step implements Coster.
func (c *Infantry) Step(a, b board.Location) (int, bool) {
	ta, ok := c.m.Terrain(a.Hex)
	if !ok || a.Roof || b.Roof {
		return 0, false
	}
	tb, ok := c.m.Terrain(b.Hex)
	if !ok {
		return 0, false
	}
	if a.Hex == b.Hex {
		// Changing level within a building hex, by its stairwell; a
		// single-hex building always has one (ASL B23.22).
		if abs(a.Level-b.Level) != 1 || min(a.Level, b.Level) < 0 || max(a.Level, b.Level) > ta.Upper() {
			return 0, false
		}
		if !ta.Stairs && len(c.m.BuildingHexes(a.Hex)) > 1 {
			return 0, false
		}
		return c.mv.Level.HalfMF, true
	}
	d, adj := a.Hex.DirTo(b.Hex)
	if !adj || a.Level != b.Level {
		return 0, false
	}
	side := ta.Sides[d]
	extra, ok := c.crossing(side)
	if !ok {
		return 0, false
	}
	if a.Level > 0 {
		// Upper level to upper level of the same building.
		if !side.Has(terrain.BuildingLink) || b.Level > tb.Upper() {
			return 0, false
		}
		return c.mv.Terrain[terrain.Building].HalfMF, true
	}
	if a.Level < 0 {
		return 0, false
	}
	along := side.Has(terrain.RoadLink) && side&terrain.Obstacles == 0
	cot, ok := c.COT(tb, along)
	if !ok {
		return 0, false
	}
	return extra + c.uphill(cot, ta.Elevation, tb.Elevation), true
}

// edgeSides returns the features of the hexsides of h facing off the map
// across edge e, whether any does, and whether h is a whole hex there (a
// half-hex's mirror image is its own missing half: no hexside between).
func (c *Infantry) edgeSides(h hex.Hex, t *terrain.Hex, e layout.Compass) (f terrain.Features, any, whole bool) {
	n := 0
	for d := range hex.Dirs {
		if c.outward[e][d] && !c.m.OnMap(h.Neighbour(d)) {
			f |= t.Sides[d]
			n++
		}
	}
	f2 := c.m.FrameOf(e)
	whole = (f2 == layout.Up || f2 == layout.Down) && h.Col&1 == 0
	return f, n > 0, whole
}

// Exit implements Coster: leaving the map from a ground-level edge hex costs
// entering its mirror image (ASL A2.6): the same terrain, at the road rate
// where a road runs off the board (A2.6 EX: 2Y1 at the road rate, W1 at the
// Open Ground rate, AA1 as woods), at the same level.
func (c *Infantry) Exit(a board.Location, e layout.Compass) (int, bool) {
	return c.edge(a, e, false)
}

// Enter implements Coster: from the off-board hex beyond edge e (Open
// Ground at level 0, ASL A2.51) into the edge hex b, at b's COT, or the road
// rate where a road runs onto the board; climbing to a hill costs double.
func (c *Infantry) Enter(b board.Location, e layout.Compass) (int, bool) {
	return c.edge(b, e, true)
}

// edge prices crossing edge e between edge hex l and the off-board hex
// beyond it: the hexside's obstacles if l is a whole hex (a half-hex's
// mirror is its own missing half, with no hexside between), plus the COT of
// l (the mirror has the same terrain), at the road rate where a road
// crosses the edge and nothing stands on it.
func (c *Infantry) edge(l board.Location, e layout.Compass, entering bool) (int, bool) {
	t, ok := c.m.Terrain(l.Hex)
	if !ok || l.Level != 0 || l.Roof {
		return 0, false
	}
	f, any, whole := c.edgeSides(l.Hex, t, e)
	if !any {
		return 0, false
	}
	extra := 0
	if whole {
		if extra, ok = c.crossing(f); !ok {
			return 0, false
		}
	}
	cot, ok := c.COT(t, f.Has(terrain.RoadLink) && f&terrain.Obstacles == 0)
	if !ok {
		return 0, false
	}
	if entering {
		cot = c.uphill(cot, 0, t.Elevation)
	}
	return extra + cot, true
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// HalfMF formats a cost in half MF as MF: "4", "1.5".
func HalfMF(v int) string {
	if v%2 == 0 {
		return fmt.Sprint(v / 2)
	}
	return fmt.Sprintf("%d.5", v/2)
}
