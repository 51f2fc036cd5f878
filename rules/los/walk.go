package los

import (
	"math"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
)

// This file walks a line pixel by pixel over the raster (Query, Range),
// skipping what cannot change the verdict; rules.go judges the pixels.

// walk is the state of one line as VASL's LOSStatus keeps it.
type walk struct {
	lm             *Map
	src, tgt, cur  *hexInfo
	tmp            *hexInfo
	sx, sy, tx, ty int
	sE, tE         int
	lo2            int // twice the lower end's level
	rng, rTS, rTT  int
	colDir, rowDir int
	col, row       int
	horiz, is60    bool
	exitSpine      int
	enterSpine     int
	tgtEnter       [2]int
	leaves         bool
	// The pixel at which the line fails A6.8 EX 2 at its source
	// (mustLeave), blocked there as the walk reaches it.
	leaveX, leaveY int
	leaveOn        bool
	exitsSrcDep    bool
	entersTgtDep   bool
	ct             *prop
	gl, h          int
	res            Result
	hindRange      [maxHind]int
	slow           bool // judge every pixel
	spine          bool // horiz or is60
	// The last pixel judged independent of where in its hex it lies: the
	// index of its hex (-1: none), its terrain code and ground level. A
	// pixel like it in the same hex changes nothing either.
	memoOwn  int32
	memoCode uint8
	memoNear uint8 // lines along hexsides: the pixel's near bits
	memoGl   int
	srcOwn   uint16 // the source's hex, as own
	// The tile the walk last read: the board in the cell whose first
	// pixel is (tx0, ty0), its pixels in tpix (colAt).
	tx0, ty0 int
	tpix     []byte
	// The pixel column ownAt last read (ownX, its hexrows of the grid's
	// period ownKx), and the frame hex and hex data it last found.
	ownX, ownKx int
	ownTiles    [][2]int8
	ownC, ownN  int
	ownH        *hexInfo
}

// ownAt is Map.ownAt, keeping the column's place in the grid's period and
// the last hex found: a line looks at pixels of one hex after another.
func (w *walk) ownAt(x, y int) *hexInfo {
	if x != w.ownX {
		kx := x / tileW
		ox := x - kx*tileW
		w.ownX, w.ownKx, w.ownTiles = x, kx, nearestTile[ox*tileH:(ox+1)*tileH]
	}
	ky := y / tileH
	o := w.ownTiles[y-ky*tileH]
	c, n := int(o[0])+tileCols*w.ownKx, int(o[1])+tileRows*ky
	if c == w.ownC && n == w.ownN {
		return w.ownH
	}
	if !w.lm.valid(c, n) {
		return w.lm.ownAt(x, y)
	}
	w.ownC, w.ownN, w.ownH = c, n, w.lm.hexAt(c, n)
	return w.ownH
}

// colAt returns where column x of the cell holding on-raster pixel (x, y)
// lies in tpix: pixel (x, y0+k) at 2*(base+k), k < boardH; base is -1 for
// an empty cell. The last tile found is kept: lines mostly stay on one
// board.
func (w *walk) colAt(x, y int) (base, y0 int) {
	if lx, ly := uint(x-w.tx0), uint(y-w.ty0); lx < boardW && ly < boardH {
		return int(lx) * boardH, w.ty0
	}
	t, lx, ly := w.lm.tile(x, y)
	if t < 0 {
		return -1, y - ly
	}
	w.tx0, w.ty0, w.tpix = x-lx, y-ly, w.lm.pix[t]
	return lx * boardH, w.ty0
}

// pixelAt returns the ground level and terrain code of on-raster pixel
// (x, y), by colAt: codeOffMap (level 0) in an empty cell.
func (w *walk) pixelAt(x, y int) (gl int8, code uint8) {
	base, y0 := w.colAt(x, y)
	if base < 0 {
		return 0, codeOffMap
	}
	k := base + y - y0
	return int8(w.tpix[2*k]), w.tpix[2*k+1]
}

// Query traces the line of sight from Location from to Location to as
// VASL's Map.LOS does over the raster: pixel by pixel along the line
// between the LOS points of the two hexes, each pixel's terrain judged by
// the A6 height rules at that pixel's ground level, in the order VASL
// applies them (the first that blocks decides the reason). It allocates
// nothing. Both Locations must be on the map.
//
// LOS is reciprocal (ASL A6.1): Query(a, b) and Query(b, a) have the same
// verdict, and a clear line the same hindrance, on every pair of every
// real board (TestLOSReciprocal_A6_1), so a caller may trace a line from
// whichever end suits it. Where VASL is not, sasl departs from it: the
// line's pixels are the exact line's, not those of VASL's float sums
// (rowSeq), and the A6.8 building restriction, which VASL applies at the
// source only, binds both ends (mustLeave). Where it is blocked and the
// hindrances before that are counted from the source.
func (lm *Map) Query(from, to board.Location) Result {
	var res Result
	lm.query(from, to, &res)
	return res
}

func (lm *Map) query(from, to board.Location, out *Result) {
	var w walk
	lm.trace(&w, from, to)
	*out = w.res
}

func (lm *Map) trace(w *walk, from, to board.Location) {
	w.res = Result{Clear: true}
	res := &w.res
	src, tgt := lm.info(from.Hex), lm.info(to.Hex)
	if src == nil || tgt == nil {
		res.Clear = false
		res.Reason = OffMap
		return
	}
	w.lm, w.src, w.tgt, w.cur = lm, src, tgt, src
	w.memoOwn = -1
	w.tx0 = math.MinInt / 2 // no tile yet
	w.ownX, w.ownC = -1, -1
	w.srcOwn = src.idx
	w.sx, w.sy = int(src.los.x), int(src.los.y)
	w.tx, w.ty = int(tgt.los.x), int(tgt.los.y)
	w.colDir, w.rowDir = 1, 1
	if w.tx < w.sx {
		w.colDir = -1
	}
	if w.ty < w.sy {
		w.rowDir = -1
	}
	ncols := abs(w.tx-w.sx) + 1
	w.sE = int(src.base) + from.Level
	w.tE = int(tgt.base) + to.Level
	w.lo2 = 2 * min(w.sE, w.tE)
	w.rng = hexDist(src, tgt)
	res.Range = w.rng
	w.rTT = w.rng
	w.leaves = lm.p[src.centre].is&isBuilding == 0
	dy := float64(w.ty-w.sy) / float64(ncols)
	w.horiz = w.sy == w.ty
	slope := math.Inf(1)
	if w.sx != w.tx {
		slope = math.Abs(float64(w.sy-w.ty) / float64(w.sx-w.tx))
	}
	tol := 0.05
	if w.rng >= 5 && w.rng <= 15 {
		tol = 0.03
	} else if w.rng > 15 {
		tol = 0.015
	}
	w.is60 = math.Abs(slope-tan60) < tol
	w.exitSpine, w.enterSpine = -1, -1
	w.tgtEnter = [2]int{-1, -1}
	switch {
	case w.is60:
		switch {
		case w.colDir == 1 && w.rowDir == 1:
			w.exitSpine, w.enterSpine = 3, 0
		case w.colDir == 1:
			w.exitSpine, w.enterSpine = 1, 4
		case w.rowDir == 1:
			w.exitSpine, w.enterSpine = 4, 1
		default:
			w.exitSpine, w.enterSpine = 0, 3
		}
		// Exits from the source centre along a 60 degree line; the
		// target is entered through their opposites.
		var ex [2]int
		sl := float64(w.sy-w.ty) / float64(w.sx-w.tx)
		switch {
		case w.colDir == 1 && sl > 0:
			ex = [2]int{2, 3}
		case w.colDir == 1:
			ex = [2]int{0, 1}
		case sl > 0:
			ex = [2]int{5, 0}
		default:
			ex = [2]int{3, 4}
		}
		w.tgtEnter = [2]int{(ex[0] + 3) % 6, (ex[1] + 3) % 6}
	case w.horiz:
		if w.colDir == 1 {
			w.exitSpine, w.enterSpine = 2, 5
			w.tgtEnter = [2]int{4, 5}
		} else {
			w.exitSpine, w.enterSpine = 5, 2
			w.tgtEnter = [2]int{1, 2}
		}
	}
	// A6.3: a depression end restricts the line (VASL's
	// exitsSourceDepression and entersTargetDepression; bridges and
	// rooftops aside).
	// Adjacent Locations are not restricted: the line leaves the one hex
	// across the hexside it shares with the other (VASL lifts the
	// restriction at range 1 across a depression hexside).
	srcDep := from.Level == 0 && lm.p[src.centre].is&isDepression != 0 && w.rng > 1
	tgtDep := to.Level == 0 && lm.p[tgt.centre].is&isDepression != 0 && w.rng > 1
	w.exitsSrcDep = srcDep && (w.tE-w.sE > 0 && w.tE-w.sE <= w.rng || w.tE <= w.sE)
	w.entersTgtDep = tgtDep && (w.sE-w.tE > 0 && w.sE-w.tE <= w.rng || w.tE >= w.sE)
	if src == tgt {
		return
	}
	w.spine = w.horiz || w.is60
	w.slow = w.exitsSrcDep || w.entersTgtDep || lm.slow
	rs := rowSeq{sy: float64(w.sy), dy: dy}
	if dy != 0 {
		rs.period = ncols / gcd(ncols, abs(w.ty-w.sy))
	}
	// A6.8 EX 2 at both ends: at the source where the walk reaches the
	// pixel (in VASL's order of rules), at the target once the walk has
	// found nothing else.
	w.leaveX, w.leaveY, w.leaveOn = w.mustLeave(&rs, ncols, false)
	if w.walk(&rs, ncols) || !res.Clear {
		return
	}
	if x, y, ok := w.mustLeave(&rs, ncols, true); ok {
		gl, code := lm.rasterAt(x, y)
		w.col, w.row, w.gl, w.ct = x, y, int(gl), &lm.p[code]
		w.block(MustLeaveTargetBuilding, code)
	}
}

// walk visits the line's pixels column by column from the source; it
// reports whether the line ended (blocked, or off the raster).
func (w *walk) walk(rs *rowSeq, ncols int) bool {
	lm := w.lm
	for j := 0; j < ncols; {
		x := w.sx + j*w.colDir
		// The columns of the line in this block column.
		bx := x / block
		k := x - bx*block + 1
		if w.colDir > 0 {
			k = (bx+1)*block - x
		}
		k = min(k, ncols-j)
		if !w.slow && w.leaves {
			ya, yb := rs.approx(j-1), rs.approx(j+k-1)
			if lm.boring(bx, int(min(ya, yb))-1, int(max(ya, yb))+1, w.lo2) {
				j += k
				continue
			}
		}
		prev := rs.exit(j - 1)
		for ; k > 0; k-- {
			cur := rs.exit(j)
			if w.column(x, int(prev), int(cur)) {
				return true
			}
			prev = cur
			j++
			x += w.colDir
		}
	}
	return false
}

// column visits the pixels of column x from row r0 to row r1; it reports
// whether the line ends (blocked, or off the raster).
func (w *walk) column(x, r0, r1 int) bool {
	lm := w.lm
	if x < 0 || x >= lm.gw || r0 < 0 || r0 >= lm.gh || r1 < 0 || r1 >= lm.gh {
		return w.columnEdge(x, r0, r1)
	}
	w.col = x
	all := w.slow || !w.leaves
	lo2, spine, dir := int8(min(max(w.lo2, -128), 127)), w.spine, w.rowDir
	for y := r0; ; {
		// The pixels of column x in the cell of row y, rows y0.., up to
		// end: a board's, or none.
		base, y0 := w.colAt(x, y)
		end := min(r1, y0+boardH-1)
		if dir < 0 {
			end = max(r1, y0)
		}
		if base < 0 {
			return w.judge(0, codeOffMap, nil, y) // no board: the line ends
		}
		pix := w.tpix[2*base : 2*(base+boardH)]
		by, inh := -1, false // the spine block row of y, and its Map.inh
		for ; ; y += dir {
			k := y - y0
			// The pixel's hex is found only where the line looks at it,
			// or in a block holding a hex of inherent terrain (ASL B.6),
			// or along hexsides (next to one: inhNear).
			var h *hexInfo
			look := ivAt(&lm.ivTop, int8(pix[2*k]), pix[2*k+1]) > lo2
			if !look && !spine {
				if y/block != by {
					by = y / block
					inh = lm.inhAt(x/block, by)
				}
				if inh {
					h = w.ownAt(x, y)
					look = h.inh
				}
			}
			if !look && spine {
				h = w.ownAt(x, y)
				look = h.inhNear
			}
			if all {
				// Still in the firer's building, its pixels in the firer's
				// hex change nothing (A6.8 EX 2 looks beyond the hex), but
				// for its rowhouse walls (B23.71).
				if h == nil {
					h = w.ownAt(x, y)
				}
				p := &lm.p[pix[2*k+1]]
				look = w.slow || h.idx != w.srcOwn || p.is&isBuilding == 0 || p.is&isRowhouse != 0 ||
					w.leaveOn && x == w.leaveX && y == w.leaveY
			}
			if look {
				gl, code := int8(pix[2*k]), pix[2*k+1]
				if h == nil {
					h = w.ownAt(x, y)
				}
				if int32(h.idx) != w.memoOwn || code != w.memoCode || int(gl) != w.memoGl || !w.leaves || spine && nearAt(h, x, y) != w.memoNear {
					if w.judge(gl, code, h, y) {
						return true
					}
				}
			}
			if y == end {
				break
			}
		}
		if y == r1 {
			return false
		}
		y += dir
	}
}

// columnEdge is column for a column reaching off the raster: the line
// ends at the first pixel off it (VASL: no terrain there).
func (w *walk) columnEdge(x, r0, r1 int) bool {
	lm := w.lm
	if x < 0 || x >= lm.gw {
		return true
	}
	w.col = x
	for y := r0; ; y += w.rowDir {
		if y < 0 || y >= lm.gh {
			return true
		}
		gl, code := w.pixelAt(x, y)
		var h *hexInfo
		if code != codeOffMap {
			h = w.ownAt(x, y)
		}
		if w.judge(gl, code, h, y) {
			return true
		}
		if y == r1 {
			return false
		}
	}
}

// judge applies the rules at the pixel of row y of the current column,
// of ground level gl and terrain code, in hex h (nil for no board); it
// reports whether the line ends there. column skips the pixels the last
// one judged in the same hex (memoOwn) speaks for.
func (w *walk) judge(gl int8, code uint8, h *hexInfo, y int) bool {
	lm := w.lm
	if code == codeOffMap {
		// The level of no board is 0, whichever pixel the walk judged
		// last (Result.level).
		w.gl, w.row = 0, y
		return w.block(OffMap, code)
	}
	ct := &lm.p[code]
	if !w.leaves && ct.is&isBuilding == 0 {
		w.leaves = true
	}
	w.ct, w.gl, w.row = ct, int(gl), y
	if w.leaveOn && w.col == w.leaveX && y == w.leaveY {
		return w.block(MustLeaveBuilding, code)
	}
	return w.pixel(w.col, y, h, nearAt(h, w.col, y))
}

// pixel applies the rules at one pixel of hex h; it reports whether the
// line is blocked. near is the pixel's near bits: which grown polygons
// hold it (nearAt).
func (w *walk) pixel(x, y int, h *hexInfo, near uint8) bool {
	own := int32(h.idx)
	inSrc, inTgt := holds(w.src, h, near), holds(w.tgt, h, near)
	switch {
	case inSrc:
		w.tmp = w.src
	case inTgt:
		w.tmp = w.tgt
	default:
		w.tmp = h
	}
	t := w.ct // onHexside may put the centre terrain in w.ct
	// Next to an end, the height advantage and blind hex rules look at
	// where the pixel lies, but only between ends at different levels;
	// so do rules on cliffs, and the hexside rule, which blocks only
	// between ends at the same level (hexsideRule). Elsewhere a pixel like
	// this one in the same hex (and, along hexsides, in the same grown
	// polygons) gives the same result (memoOwn).
	same := !w.slow && w.leaves && t.is&isCliff == 0 && (t.is&isHexside == 0 || !w.spine && w.sE != w.tE)
	if !w.spine {
		if w.apply() {
			return true
		}
		w.memoOwn = -1
		if same && w.tmp == h && (w.rTS > 1 && w.rTT > 1 || !w.heightCandidate(t)) && !h.cliff {
			w.memoOwn, w.memoCode, w.memoGl = own, t.code, w.gl
		}
		return false
	}
	w.memoOwn = -1
	top, bot, exact := w.adjacentHexes(w.tmp, near, inSrc || inTgt, x, y)
	if top == nil {
		if w.apply() {
			return true
		}
		if same && exact && w.memoable(w.cur, t) {
			w.memoOwn, w.memoCode, w.memoGl, w.memoNear = own, t.code, w.gl, near
		}
		return false
	}
	if near&(1<<6) != 0 && w.onHexside(top) {
		return true
	}
	if bot != nil && holds(bot, h, near) && w.onHexside(bot) {
		return true
	}
	if same && exact && w.memoable(top, t) && (bot == nil || w.memoable(bot, t)) {
		w.ct = t
		w.memoOwn, w.memoCode, w.memoGl, w.memoNear = own, t.code, w.gl, near
	}
	return false
}

// memoable reports whether the rules at a pixel of terrain t of hex h on
// a line along hexsides do not depend on where in h the pixel lies (no
// cliff; not next to an end, unless t cannot give a height advantage).
func (w *walk) memoable(h *hexInfo, t *prop) bool {
	if h.cliff {
		return false
	}
	return !w.heightCandidate(t) || hexDist(h, w.src) > 1 && hexDist(h, w.tgt) > 1
}

// heightCandidate reports whether terrain t at the current pixel's ground
// level reaches the higher end's level and is above the lower end's: then
// the height advantage rule applies, and next to an end it looks at where
// the pixel lies (heightRule).
func (w *walk) heightCandidate(t *prop) bool {
	top2, _ := w.top2(t)
	return top2 == 2*max(w.sE, w.tE) && top2 > 2*min(w.sE, w.tE)
}

// top2 is twice the level terrain t reaches at the current pixel, a half
// level more for a building of half levels; adj2 is that half (VASL's
// height advantage test).
func (w *walk) top2(t *prop) (top2, adj2 int) {
	if t.flags&half != 0 && t.is&isBuilding != 0 {
		adj2 = 1
	}
	return 2*(w.gl+int(t.height)) + adj2, adj2
}

// holds reports whether e's grown polygon holds a pixel of hex h whose
// near bits are near: only h's own polygon and its neighbours' reach it.
func holds(e, h *hexInfo, near uint8) bool {
	if e == h {
		return near&(1<<6) != 0
	}
	dx, dz := e.cx-h.cx+1, e.cz-h.cz+1
	if uint32(dx) > 2 || uint32(dz) > 2 {
		return false
	}
	s := dirTo[dx][dz]
	return s >= 0 && near&(1<<s) != 0
}

// adjacentHexes returns, for a pixel of a line along hexsides at an odd
// range from the source, the hex it lies in and the neighbour sharing the
// hexside (VASL checks both: ASL A6.1, a line along a hexside is hindered
// or blocked by either hex); exact is false where the neighbour was
// chosen by where the pixel lies (no neighbour's polygon holds it). inEnd
// says the pixel lies in an end's polygon.
func (w *walk) adjacentHexes(rh *hexInfo, near uint8, inEnd bool, x, y int) (top, bot *hexInfo, exact bool) {
	if inEnd || hexDist(w.src, rh)%2 == 0 {
		return nil, nil, true
	}
	for s, t := range rh.nb {
		if t != nil && near&(1<<s) != 0 && t != w.src && t != w.tgt {
			return rh, t, true
		}
	}
	if n := w.lm.nearest(rh, x, y); n >= 0 {
		if t := rh.nb[n]; t != nil && t != w.src && t != w.tgt {
			return rh, t, false
		}
	}
	return nil, nil, false
}

func (w *walk) onHexside(h *hexInfo) bool {
	w.tmp = h
	if h == w.src || h == w.tgt {
		return false
	}
	centre := &w.lm.p[h.centre]
	if w.ct.is&isHexside != 0 && centre.flags&inherent != 0 {
		if w.apply() {
			return true
		}
	}
	if centre.flags&inherent != 0 {
		w.ct = centre
	}
	return w.apply()
}

// Range calls visit for every Location within r hexes of from (its own hex
// aside) with the result of the line from it, hexrow by hexrow (as
// hex.Within) and level by level; visit returns false to stop. res is
// reused between calls: copy what you keep. Locations
// are those of board.Map.Locations with no options (ground and upper
// building levels).
func (lm *Map) Range(from board.Location, r int, visit func(to board.Location, res *Result) bool) {
	var res Result
	hex.Within(from.Hex, r, func(h hex.Hex) bool {
		if h == from.Hex {
			return true
		}
		t, ok := lm.m.Terrain(h)
		if !ok {
			return true
		}
		for lv := 0; lv <= t.Upper(); lv++ {
			to := board.Location{Hex: h, Level: lv}
			lm.query(from, to, &res)
			if !visit(to, &res) {
				return false
			}
		}
		return true
	})
}
