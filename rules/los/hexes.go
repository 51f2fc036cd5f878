package los

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// pt is a pixel position.
type pt struct{ x, y int32 }

// hexInfo is VASL's per-hex data (Hex.java): the LOS point (the centre
// dot, truncated to a pixel), the polygon of the hex grown by a pixel, the
// hexside points 1 pixel inside each hexside's middle, the terrain of the
// centre Location and of each hexside Location, and the base level.
type hexInfo struct {
	idx      uint16 // the index in Map.hexes
	h        hex.Hex
	los      pt
	ext      [6]pt
	min, max pt // bounds of ext
	border   [2]pt
	side     [6]pt
	on       uint8 // bit s: hexside s lies on the map
	centre   uint8 // terrain code of the centre Location
	base     int8
	sideTerr [6]int16    // hexside terrain code, -1 for none
	locTerr  [6]uint8    // terrain code of each hexside Location
	cliff    bool        // some hexside is a cliff
	inhNear  bool        // the centre terrain of the hex or of a neighbour is inherent
	inh      bool        // the centre terrain of the hex is inherent (ASL B.6)
	nb       [6]*hexInfo // the neighbours (adj), nil off the grid
	cx, cz   int32       // cube coordinates (hexDist)
	// reg says the hex lies as in the unbounded grid, moved by whole
	// periods (regularGeometry); regNear has bit 6 and the bits of its
	// neighbours that do too: whether their grown polygons hold a pixel
	// of it is nearPeriod's (buildInterest).
	reg     bool
	regNear uint8
}

// cube returns the x and z cube coordinates of h (as hex.Distance counts).
func cube(h hex.Hex) (x, z int32) {
	return int32(h.Col), int32(h.Row - (h.Col-(h.Col&1))/2)
}

// hexDist is hex.Distance between two hexes of the map.
func hexDist(a, b *hexInfo) int {
	dx, dz := a.cx-b.cx, a.cz-b.cz
	return int(max(abs32(dx), abs32(dz), abs32(dx+dz)))
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// dirTo gives, by the cube step from a hex to a neighbour (x and z, each
// plus one), the neighbour's index in hexInfo.nb; -1 where no step leads.
var dirTo = func() (t [3][3]int8) {
	for i := range t {
		for j := range t[i] {
			t[i][j] = -1
		}
	}
	h := hex.Hex{Col: 2, Row: 2}
	hx, hz := cube(h)
	for d := range hex.Dirs {
		nx, nz := cube(h.Neighbour(d))
		t[nx-hx+1][nz-hz+1] = int8(d)
	}
	return t
}()

// The blocks of the index of hexes: as board.Map's, a board's hexrows
// but its last, by its hex numbers but its last.
const (
	hexBlockCols = layout.BoardCols
	hexBlockRows = layout.BoardRows
	hexBlockN    = hexBlockCols * hexBlockRows
)

// hexSlot returns the index in hexSlots of frame hex (c, n), which must
// be valid, or -1 where no hex of its block is kept.
func (lm *Map) hexSlot(c, n int) int {
	b := lm.hexBlocks[n/hexBlockRows*lm.hbcols+c/hexBlockCols]
	if b < 0 {
		return -1
	}
	return int(b) + c%hexBlockCols*hexBlockRows + n%hexBlockRows
}

// hexAt returns the hex data of frame hex (c, n), nil outside VASL's grid
// or further than hexReach from every board's hexes.
func (lm *Map) hexAt(c, n int) *hexInfo {
	if !lm.valid(c, n) {
		return nil
	}
	k := lm.hexSlot(c, n)
	if k < 0 || lm.hexSlots[k] < 0 {
		return nil
	}
	return &lm.hexes[lm.hexSlots[k]]
}

func (lm *Map) info(h hex.Hex) *hexInfo { return lm.hexAt(h.Col, h.Row) }

var cos30 = math.Cos(30 * (math.Pi / 180))

// centreOf returns the centre dot of frame hex h in pixels (exact: every
// value is a whole number of quarter pixels).
func centreOf(h hex.Hex) (float64, float64) {
	x := hexW * float64(h.Col)
	if h.Col&1 == 0 {
		return x, hexH * (float64(h.Row) - 0.5)
	}
	return x, hexH * float64(h.Row)
}

// hexReach is how far from the hexes of the boards hex data is kept. A
// pixel of a board is nearest the centre dot of one of the board's hexes
// or of a neighbour (in an even hexrow, a pixel on a long edge is as near
// the hex beyond it), and the walk and the grown polygons look one hex
// further (hexInfo.nb). A hex at hexReach has all its hexside points
// off the boards, so its data is as when every hex of VASL's grid was kept:
// no terrain of its own and none from beyond.
const hexReach = 2

// buildHexes makes the hex data of the hexes of VASL's grid within
// hexReach of the boards' hexes, by frame hexrow then hex number (so the
// hexes in reach are derived in the order of the whole grid).
func (lm *Map) buildHexes() error {
	lm.hbcols = (lm.ncols-1)/hexBlockCols + 1
	lm.hexBlocks = make([]int32, ((lm.nrows-1)/hexBlockRows+1)*lm.hbcols)
	for i := range lm.hexBlocks {
		lm.hexBlocks[i] = -1
	}
	var near []hex.Hex
	for _, o := range lm.m.Hexes() {
		hex.Within(o, hexReach, func(h hex.Hex) bool {
			if !lm.valid(h.Col, h.Row) {
				return true
			}
			b := &lm.hexBlocks[h.Row/hexBlockRows*lm.hbcols+h.Col/hexBlockCols]
			if *b < 0 {
				*b = int32(len(lm.hexSlots))
				for range hexBlockN {
					lm.hexSlots = append(lm.hexSlots, -1)
				}
			}
			if k := lm.hexSlot(h.Col, h.Row); lm.hexSlots[k] < 0 {
				lm.hexSlots[k] = 0
				near = append(near, h)
			}
			return true
		})
	}
	if len(near) > math.MaxUint16+1 {
		return fmt.Errorf("los: %d hexes near the boards; at most %d", len(near), math.MaxUint16+1)
	}
	slices.SortFunc(near, func(a, b hex.Hex) int { return cmp.Or(a.Col-b.Col, a.Row-b.Row) })
	lm.hexes = make([]hexInfo, len(near))
	for i, hh := range near {
		lm.hexSlots[lm.hexSlot(hh.Col, hh.Row)] = int32(i)
		lm.hexes[i].idx = uint16(i)
		lm.geometry(&lm.hexes[i], hh)
	}
	for i := range lm.hexes {
		h := &lm.hexes[i]
		for s := range 6 {
			n := h.h.Neighbour(hex.Dir(s))
			h.nb[s] = lm.hexAt(n.Col, n.Row)
		}
		h.cx, h.cz = cube(h.h)
	}
	geo := make([]bool, len(lm.hexes))
	for i := range lm.hexes {
		geo[i] = regularGeometry(&lm.hexes[i])
	}
	for i := range lm.hexes {
		h := &lm.hexes[i]
		h.reg, h.regNear = geo[i], 1<<6
		for s, n := range h.nb {
			if n != nil && geo[n.idx] {
				h.regNear |= 1 << s
			}
		}
	}
	inh := lm.firstInherent()
	for i := range lm.hexes {
		lm.resetTerrain(&lm.hexes[i], inh[i])
	}
	for i := range lm.hexes {
		lm.resetHexsideTerrain(&lm.hexes[i])
	}
	for i := range lm.hexes {
		h := &lm.hexes[i]
		for _, n := range h.h.Neighbours() {
			if o := lm.info(n); o != nil && lm.p[o.centre].flags&inherent != 0 {
				h.inhNear = true
			}
		}
		if lm.p[h.centre].flags&inherent != 0 {
			h.inhNear, h.inh = true, true
		}
		for s := range 6 {
			if h.sideTerr[s] >= 0 && lm.p[h.sideTerr[s]].is&isCliff != 0 || lm.p[h.locTerr[s]].is&isCliff != 0 {
				h.cliff = true
			}
		}
	}
	// Every Location of the board map must have its hex here.
	for _, h := range lm.m.Hexes() {
		if lm.info(h) == nil {
			return fmt.Errorf("los: hex %s is outside the raster grid", lm.m.NameString(h))
		}
	}
	return nil
}

// geometry makes the points and polygons of the hex data h of frame hex
// hh, as VASL's Hex does.
func (lm *Map) geometry(h *hexInfo, hh hex.Hex) {
	H := lm.nrows - 1 // VASL's grid height in hexes
	c, n := hh.Col, hh.Row
	h.h = hh
	r := n - 1 // VASL's row index
	if c&1 == 1 {
		r = n
	}
	cx, cy := centreOf(h.h)
	h.los = lm.fixPt(cx, cy)
	hs, vo := hexW*2/3, hexH/2
	var v [6][2]float64
	for k, p := range [6][2]float64{{-hs/2 + cx, -vo + cy}, {hs/2 + cx, -vo + cy}, {hs + cx, cy}, {hs/2 + cx, vo + cy}, {-hs/2 + cx, vo + cy}, {-hs + cx, cy}} {
		v[k][0], v[k][1] = lm.fix(p[0], p[1])
	}
	h.border = [2]pt{{math.MaxInt32, math.MaxInt32}, {math.MinInt32, math.MinInt32}}
	for _, p := range v {
		x, y := int32(math.RoundToEven(p[0])), int32(math.RoundToEven(p[1]))
		h.border[0] = pt{min(h.border[0].x, x), min(h.border[0].y, y)}
		h.border[1] = pt{max(h.border[1].x, x), max(h.border[1].y, y)}
	}
	t := func(f float64) int32 { return int32(f) }
	h.ext = [6]pt{
		{t(v[0][0]) - 1, t(v[0][1]) - 1}, {t(v[1][0]) + 1, t(v[1][1]) - 1}, {t(v[2][0]) + 1, t(v[2][1])},
		{t(v[3][0]) + 1, t(v[3][1]) + 1}, {t(v[4][0]) - 1, t(v[4][1]) + 1}, {t(v[5][0]) - 1, t(v[5][1])},
	}
	h.min, h.max = h.ext[0], h.ext[0]
	for _, p := range h.ext {
		h.min = pt{min(h.min.x, p.x), min(h.min.y, p.y)}
		h.max = pt{max(h.max.x, p.x), max(h.max.y, p.y)}
	}
	ho := cos30 * vo
	tr := func(f float64) float64 { return float64(int(f)) }
	sp := [6][2]float64{
		{tr(cx), tr(-vo + cy + 1)}, {tr(ho + cx - 1), tr(-vo/2 + cy + 1)}, {tr(ho + cx - 1), tr(vo/2 + cy - 1)},
		{tr(cx), tr(vo + cy - 1)}, {tr(-ho + cx + 1), tr(vo/2 + cy - 1)}, {tr(-ho + cx + 1), tr(-vo/2 + cy + 1)},
	}
	for k, p := range sp {
		h.side[k] = lm.fixPt(p[0], p[1])
	}
	on := uint8(0x3F)
	if c == 0 {
		on &^= 1<<4 | 1<<5
	}
	if c+1 == lm.ncols {
		on &^= 1<<1 | 1<<2
	}
	if c&1 == 1 && r == 0 {
		on &^= 1<<0 | 1<<1 | 1<<5
	}
	if c&1 == 1 && r == H {
		on &^= 1<<3 | 1<<2 | 1<<4
	}
	h.on = on
}

// resetTerrain derives the centre terrain and base level of a hex from its
// pixels, as VASL's Hex.resetTerrain: the pixel under the LOS point; a
// building pixel at a hexside point or 5 pixels from the dot makes it a
// building; inherent terrain (ASL B.6) anywhere in the central region (the
// pixels nearer the dot than any hexside point) makes it that terrain.
//
// first is the terrain code of the first pixel of inherent terrain in the
// hex's central region (firstInherent), -1 for none.
func (lm *Map) resetTerrain(h *hexInfo, first int16) {
	x, y := int(h.los.x), int(h.los.y)
	t, ok := lm.terr(x, y)
	if !ok {
		t = &lm.p[codeOpen]
	}
	if t.is&isBuilding == 0 {
		for _, p := range h.side {
			if tt, ok := lm.terr(int(p.x), int(p.y)); ok && tt.is&isBuilding != 0 {
				t = tt
				break
			}
		}
	}
	if t.is&isBuilding == 0 {
		for _, d := range [4][2]int{{5, 0}, {-5, 0}, {0, 5}, {0, -5}} {
			if tt, ok := lm.terr(x+d[0], y+d[1]); ok && tt.is&isBuilding != 0 {
				t = tt
			}
		}
	}
	h.centre = t.code
	if lm.onRaster(x, y) {
		h.base = int8(lm.ground(x, y))
	}
	for s := range 6 {
		h.sideTerr[s] = -1
		h.locTerr[s] = codeOpen
		if h.on&(1<<s) == 0 {
			continue
		}
		tt, ok := lm.terr(int(h.side[s].x), int(h.side[s].y))
		if !ok {
			tt = &lm.p[codeOpen]
		}
		if o := h.nb[s]; o != nil {
			op := o.side[(s+3)%6]
			if ot, ok := lm.terr(int(op.x), int(op.y)); ok && tt.is&isHexside == 0 && ot.is&isHexside != 0 {
				tt = ot
			}
		}
		if tt.is&isHexside != 0 {
			h.sideTerr[s] = int16(tt.code)
		}
		h.locTerr[s] = tt.code
	}
	if first >= 0 {
		h.centre = uint8(first)
	}
}

// firstInherent returns, by hex (as hexes), the terrain code of the first
// pixel, by column then row, of inherent terrain (ASL B.6) within the
// bounds of the hex's polygon (border) and nearer its LOS point than any
// of its hexside points (VASL's Hex.resetTerrain looks there, pixel by
// pixel); -1 where there is none. Only pixels of inherent terrain are
// looked at: such a pixel lies within the bounds of its nearest hex's
// polygon or of a neighbour's, no other.
func (lm *Map) firstInherent() []int16 {
	first := make([]int16, len(lm.hexes))
	at := make([]int, len(lm.hexes)) // the first pixel's x*gh+y
	for i := range first {
		first[i] = -1
	}
	for k, t := range lm.tileOf {
		if t < 0 {
			continue
		}
		x0, y0 := k%lm.tcols*boardW, k/lm.tcols*boardH
		pix := lm.pix[t]
		for i := range boardN {
			code := pix[2*i+1]
			if code == codeOffMap || lm.p[code].flags&inherent == 0 {
				continue
			}
			x, y := x0+i/boardH, y0+i%boardH
			own := lm.ownAt(x, y)
			for s := -1; s < 6; s++ {
				h := own
				if s >= 0 {
					h = own.nb[s]
				}
				if h == nil || x < int(h.border[0].x) || x >= int(h.border[1].x) || y < int(h.border[0].y) || y >= int(h.border[1].y) {
					continue
				}
				if p := x*lm.gh + y; (first[h.idx] < 0 || p < at[h.idx]) && lm.nearest(h, x, y) == -1 {
					first[h.idx], at[h.idx] = int16(code), p
				}
			}
		}
	}
	return first
}

func (lm *Map) resetHexsideTerrain(h *hexInfo) {
	for s := range 6 {
		if h.on&(1<<s) == 0 {
			continue
		}
		if t, ok := lm.terr(int(h.side[s].x), int(h.side[s].y)); ok && t.is&isHexside != 0 {
			h.sideTerr[s] = int16(t.code)
		}
		if o := h.nb[s]; o != nil && o.sideTerr[(s+3)%6] >= 0 {
			h.sideTerr[s] = o.sideTerr[(s+3)%6]
		}
	}
}

// nearest returns -1 when pixel (x, y) is nearer the hex's LOS point than
// any of its hexside points, else the nearest hexside (VASL's
// getNearestLocation).
func (lm *Map) nearest(h *hexInfo, x, y int) int {
	d := sq(x-int(h.los.x), y-int(h.los.y))
	best := -1
	for s := range 6 {
		if h.on&(1<<s) == 0 {
			continue
		}
		if nd := sq(x-int(h.side[s].x), y-int(h.side[s].y)); nd < d {
			d, best = nd, s
		}
	}
	return best
}

func sq(dx, dy int) int { return dx*dx + dy*dy }

// contains is java.awt.Polygon.contains for the hex's grown polygon: the
// even-odd rule with Java's half-open boundaries.
func (h *hexInfo) contains(x, y int) bool {
	if x < int(h.min.x) || y < int(h.min.y) || x >= int(h.max.x) || y >= int(h.max.y) {
		return false
	}
	hits := 0
	last := h.ext[5]
	for _, cur := range h.ext {
		lx, ly, cx, cy := int(last.x), int(last.y), int(cur.x), int(cur.y)
		last = cur
		if cy == ly {
			continue
		}
		var leftx int
		if cx < lx {
			if x >= lx {
				continue
			}
			leftx = cx
		} else {
			if x >= cx {
				continue
			}
			leftx = lx
		}
		var t1, t2 float64
		if cy < ly {
			if y < cy || y >= ly {
				continue
			}
			if x < leftx {
				hits++
				continue
			}
			t1, t2 = float64(x-cx), float64(y-cy)
		} else {
			if y < ly || y >= cy {
				continue
			}
			if x < leftx {
				hits++
				continue
			}
			t1, t2 = float64(x-lx), float64(y-ly)
		}
		if t1 < t2/float64(ly-cy)*float64(lx-cx) {
			hits++
		}
	}
	return hits&1 == 1
}
