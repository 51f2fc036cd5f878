package los

import (
	"fmt"
	"math"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
)

// Hindrance is one hex that hinders a line (ASL B.10; inherent terrain
// along a hexside counts once, B.6): the hex and its DRM.
type Hindrance struct {
	Hex hex.Hex
	DRM int
}

// Result is the verdict of one line of sight.
type Result struct {
	Clear bool
	// Range in hexes (ASL A6.1 range is counted hexes, not pixels).
	Range int
	// Hindrance is the total Hindrance DRM along the line, counted up to
	// where it is blocked; Hindrances lists the hexes, nearest the firer
	// first. Six or more block (B.10).
	Hindrance  int
	Hindrances [maxHind]Hindrance
	NHind      int
	// Where and why a blocked line is blocked: the hex, the pixel and the
	// rule; the terrain code of that pixel (Terrain names it).
	BlockedAt hex.Hex
	Pixel     [2]int
	Reason    Reason
	code      uint8
	level     int8 // ground level of the blocking pixel
}

// HindranceHexes returns the hexes that hinder the line, nearest the firer
// first.
func (r *Result) HindranceHexes() []Hindrance { return r.Hindrances[:r.NHind] }

// maxHind: at most six hexes are counted, each at least DRM 1.
const maxHind = 6

// Blocking returns what blocks the line: the terrain ("Woods", "Wall"),
// or, where the ground itself blocks, "level 2 ground"; "" for a clear
// line.
func (r *Result) Blocking() string {
	if r.Clear {
		return ""
	}
	if r.Reason == OffMap {
		return "no board"
	}
	p := &props[r.code]
	if (r.Reason == GroundHigher || r.Reason == HeightAdvantage || r.Reason == BlindB1023) && p.height == 0 && p.flags&half == 0 && p.is&isHexside == 0 {
		return fmt.Sprintf("level %d ground", r.level)
	}
	return p.name
}

// Reason says which rule blocked a line; its String is VASL's own text,
// with the rule.
type Reason uint8

const (
	NotBlocked Reason = iota
	ExitsDepression
	EntersDepression
	MustLeaveBuilding
	HexsideTerrain
	GroundHigher
	SplitBlocks
	HalfLevel
	TerrainHigher
	HeightAdvantage
	BlindA64
	BlindB1023
	SixHindrances
	OffMap
)

var reasonText = [...]string{
	NotBlocked:        "",
	ExitsDepression:   "Exits depression before range/elevation restrictions are satisfied (A6.3)",
	EntersDepression:  "Does not enter depression while range/elevation restrictions are satisfied (A6.3)",
	MustLeaveBuilding: "LOS must leave the building before leaving the source hex to see a location with a different elevation (A6.8 Example 2)",
	HexsideTerrain:    "Intervening hexside terrain (B9.2)",
	GroundHigher:      "Ground level is higher than both the source and target (A6.2)",
	SplitBlocks:       "This terrain blocks LOS to same same elevation Source and Target",
	HalfLevel:         "Half level terrain is higher than both the source and/or the target (A6.2)",
	TerrainHigher:     "Terrain is higher than both the source and target (A6.2)",
	HeightAdvantage:   "Must have a height advantage to see over this terrain (A6.2)",
	BlindA64:          "Source or Target location is in a blind hex (A6.4)",
	BlindB1023:        "Source or Target location is in a blind hex (B10.23)",
	SixHindrances:     "Hindrance total of six or more (B.10)",
	OffMap:            "The line leaves the playing area (no board in that part of the configuration)",
}

func (r Reason) String() string {
	if int(r) < len(reasonText) {
		return reasonText[r]
	}
	return "unknown reason"
}

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
	memoOwn        int32
	memoCode       uint8
	memoNear       uint8 // lines along hexsides: the pixel's cell.near
	memoGl         int
	srcOwn, tgtOwn uint16 // the ends' hexes, as own
	oct            int    // the octant of the line's direction (clr)
}

// Query traces the line of sight from Location from to Location to as
// VASL's Map.LOS does over the raster: pixel by pixel along the line
// between the LOS points of the two hexes, each pixel's terrain judged by
// the A6 height rules at that pixel's ground level, in the order VASL
// applies them (the first that blocks decides the reason). It allocates
// nothing. Both Locations must be on the map.
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
	w.srcOwn, w.tgtOwn = uint16(src.h.Col*lm.nrows+src.h.Row), uint16(tgt.h.Col*lm.nrows+tgt.h.Row)
	w.sx, w.sy = int(src.los.x), int(src.los.y)
	w.tx, w.ty = int(tgt.los.x), int(tgt.los.y)
	w.colDir, w.rowDir = 1, 1
	if w.tx < w.sx {
		w.colDir = -1
	}
	if w.ty < w.sy {
		w.rowDir = -1
	}
	w.oct = octant(w.sx, w.sy, w.tx, w.ty)
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
	if w.spine && noSpine {
		return
	}
	w.slow = w.exitsSrcDep || w.entersTgtDep || lm.slow
	rs := rowSeq{sy: float64(w.sy), dy: dy, jAcc: -1, acc: float64(w.sy), n: w.ty - w.sy, d: ncols}
	if dy != 0 {
		rs.period = ncols / gcd(ncols, abs(w.ty-w.sy))
	}
	if !w.slow && !w.spine {
		w.walkFast(&rs, ncols)
		return
	}
	for j := 0; j < ncols; {
		x := w.sx + j*w.colDir
		// The columns of the line in this block column.
		bx := x / block
		k := x - bx*block + 1
		if w.colDir > 0 {
			k = (bx+1)*block - x
		}
		k = min(k, ncols-j)
		if !w.slow && w.leaves && w.spine {
			ya, yb := rs.approx(j-1), rs.approx(j+k-1)
			if lm.boring(lm.bmaxSpine, bx, int(min(ya, yb))-1, int(max(ya, yb))+1, w.lo2) {
				j += k
				continue
			}
		}
		prev := w.rowAt(&rs, j-1, x-w.colDir, ncols)
		for ; k > 0; k-- {
			cur := w.rowAt(&rs, j, x, ncols)
			if w.column(x, int(prev), int(cur)) {
				return
			}
			prev = cur
			j++
			x += w.colDir
		}
	}
}

// walkFast visits the columns of a line that skips (skip).
func (w *walk) walkFast(rs *rowSeq, ncols int) {
	for j := 0; j < ncols; {
		x := w.sx + j*w.colDir
		prev := w.rowAt(rs, j-1, x-w.colDir, ncols)
		for {
			if nj := w.skip(rs, j, x, int(prev)); nj > j {
				j = nj
				break
			}
			cur := w.rowAt(rs, j, x, ncols)
			if w.column(x, int(prev), int(cur)) {
				return
			}
			prev = cur
			j++
			x += w.colDir
			if j == ncols {
				return
			}
		}
	}
}

// skip returns the first column from column j (at pixel column x) the
// walk must visit. Where the walk enters column j, at pixel p (row y), the
// wedge ahead of p within its clearance (clearance.go) holds nothing the
// walk would judge: when p's iv is no higher than the lower end (low); or
// (same) when p's texture is open ground not above the lower end and
// terrain the walk would not judge (no higher than the lower end, or the
// pixel last judged was of it in this hex: memoOwn), or when p is in the
// firer's or the target's hex, where terrain other than hexsides changes
// nothing, or, still inside the firer's building, a building pixel of the
// firer's hex. The columns whose pixels lie in that wedge are skipped
// (rowSeq.wedge). Lines along hexsides and walks judging every pixel
// (slow) never skip.
func (w *walk) skip(rs *rowSeq, j, x, y int) int {
	lm := w.lm
	if x < 0 || x >= lm.gw || y < 0 || y >= lm.gh {
		return j
	}
	i := x*lm.gh + y
	c := &lm.px[i]
	v := int(c.iv)
	if v == 127 {
		return j
	}
	clr := lm.clr[w.oct][i]
	low, same := int(clearLevels[clr>>4]), int(clearLevels[clr&15])
	o := c.own
	if !w.leaves {
		// Still in the firer's building: its pixels in the firer's hex
		// change nothing (A6.8 EX 2 looks beyond the hex).
		if o != w.srcOwn || lm.p[c.code].is&isBuilding == 0 {
			return j
		}
		return rs.wedge(j, y, same, w.oct&octSteep != 0)
	}
	k := 0
	if v <= w.lo2 {
		k = low
	}
	if o == w.srcOwn || o == w.tgtOwn {
		k = max(k, same)
	} else if gl := int(c.gl); 2*gl <= w.lo2 {
		h := &lm.hexes[o]
		code := c.code
		t := &lm.p[code]
		if h.texOK && t.top2 == 0 && gl == int(h.base) {
			code, t = h.texCode, &lm.p[h.texCode]
		}
		if 2*gl+int(t.top2) <= w.lo2 || int32(o) == w.memoOwn && code == w.memoCode && gl == w.memoGl {
			k = max(k, same)
		}
	}
	return rs.wedge(j, y, k, w.oct&octSteep != 0)
}

// wedge returns the column past those from column j whose pixels lie in
// the wedge of clearance k at the first pixel the walk visits in column
// j, row y = R(j-1) (R: the rows VASL's sums give, the floor of the
// exact row, or one less where that is a whole number). A steep wedge
// holds the rows less than k from y (advance). A shallow one holds the
// first k columns, where column j+i visits rows to R(j+i), no more than
// i+1 from the floor of exact(j-1): unless y is one less than that (going
// down) or R(j+i) is (going up), which the columns where the exact row is
// whole (every period) show.
func (rs *rowSeq) wedge(j, y, k int, steep bool) int {
	if steep {
		return rs.advance(j, k)
	}
	if k == 0 {
		return j
	}
	if n, d := rs.n, rs.d; n >= 0 {
		if n*j%d == 0 && y != int(rs.sy)+n*j/d {
			return j
		}
		return j + k
	}
	p := rs.period
	m := (j+p)/p*p - 1 // the first column from j whose exact row is whole
	return j + min(k, m-j)
}

// advance returns the column past those from column j whose pixels lie
// within k-1 rows of the first pixel the walk visits in column j, row
// R(j-1). The columns from j to j+s-1 visit rows between R(j-1) and
// R(j+s-1), so they lie within |floor(exact(j+s-1)) - floor(exact(j-1))| +
// 1 rows of the first, which the sum's numerator n*(m+1) over d gives in
// integers.
func (rs *rowSeq) advance(j, k int) int {
	if k < 2 {
		return j
	}
	s := k
	if n, d := rs.n, rs.d; n != 0 {
		rem := n * j % d // exact(j-1) = sy + (n*j)/d
		if rem < 0 {
			rem += d
		}
		if n > 0 {
			s = min(s, (d*(k-1)-rem-1)/n)
		} else {
			s = min(s, (d*(k-2)+rem)/-n)
		}
	}
	if s <= 0 {
		return j
	}
	return j + s
}

// rowAt returns exit(j) (the row sum after column j, at pixel column x)
// to the precision the walk needs: where its exact value is a whole
// number m, the sum may fall either side of m, moving the pixels of rows
// m-1 and m between column j and j+1. If none of those pixels can fire a
// rule (and in the last column, the target's own hex, none is a hexside),
// either answer gives the same result and the sum need not be made.
func (w *walk) rowAt(rs *rowSeq, j, x, ncols int) float64 {
	v, amb := rs.step(j)
	if !amb {
		return v
	}
	m := int(v)
	if w.slow || !w.leaves || m < 1 || m >= w.lm.gh {
		return rs.exact(j)
	}
	lm := w.lm
	for _, cx := range [2]int{x, x + w.colDir} {
		if cx < 0 || cx >= lm.gw {
			return rs.exact(j)
		}
		for _, y := range [2]int{m - 1, m} {
			i := cx*lm.gh + y
			if j == ncols-1 {
				// Past the last column nothing is visited; in it, the
				// target's hex, only hexside terrain matters.
				if cx != x {
					continue
				}
				if c := lm.px[i].code; c == codeOffMap || lm.p[c].is&isHexside != 0 {
					return rs.exact(j)
				}
				continue
			}
			if int(lm.px[i].iv) > w.lo2 || w.spine && lm.hexes[lm.px[i].own].inhNear {
				return rs.exact(j)
			}
		}
	}
	return v
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
	base := x * lm.gh
	px := lm.px[base : base+lm.gh]
	for y := r0; ; y += dir {
		c := &px[y]
		look := c.iv > lo2 || spine && lm.hexes[c.own].inhNear
		if all {
			// Still in the firer's building, its pixels in the firer's hex
			// change nothing (skip).
			look = w.slow || c.own != w.srcOwn || lm.p[c.code].is&isBuilding == 0
		}
		if look {
			if int32(c.own) != w.memoOwn || c.code != w.memoCode || int(c.gl) != w.memoGl || !w.leaves || spine && c.near != w.memoNear {
				if w.judge(base+y, y) {
					return true
				}
			}
		}
		if y == r1 {
			return false
		}
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
		if w.judge(x*lm.gh+y, y) {
			return true
		}
		if y == r1 {
			return false
		}
	}
}

// judge applies the rules at pixel i (row y of the current column); it
// reports whether the line ends there. column skips the pixels the last
// one judged in the same hex (memoOwn) speaks for.
func (w *walk) judge(i, y int) bool {
	lm := w.lm
	c := &lm.px[i]
	code := c.code
	if code == codeOffMap {
		w.row = y
		return w.block(OffMap, code)
	}
	ct := &lm.p[code]
	if !w.leaves && ct.is&isBuilding == 0 {
		w.leaves = true
	}
	w.ct, w.gl, w.row = ct, int(c.gl), y
	return w.pixel(w.col, y, int32(c.own), c.near)
}

// rowSeq gives the rows VASL's walk visits: column j spans rows
// int(exit(j-1)) to int(exit(j)), where exit is accumulated column by
// column by float addition (exit(-1) is the source's y). A product gives
// the same integer part except where the exact value is a whole number
// (every period columns); there the sum is made, from the last one made.
type rowSeq struct {
	n, d   int // the rows and columns the line crosses: dy = n/d
	sy, dy float64
	period int // 0: dy is 0
	next   int // the next multiple of period
	jAcc   int
	acc    float64 // exit(jAcc) as VASL sums it
}

func (r *rowSeq) approx(j int) float64 { return r.sy + r.dy*float64(j+1) }

// step returns exit(j) and whether its exact value is a whole number
// (then v is that number and the sum itself may lie either side of it:
// exact makes it). Calls come with j never decreasing.
func (r *rowSeq) step(j int) (v float64, whole bool) {
	if j < 0 || r.period == 0 {
		return r.sy, false
	}
	for r.next < j+1 {
		r.next += r.period
	}
	if j+1 != r.next {
		return r.approx(j), false
	}
	return math.Round(r.approx(j)), true
}

// exact returns exit(j) summed as VASL sums it, from the last sum made
// (sumTo).
func (r *rowSeq) exact(j int) float64 {
	if j < 0 || r.period == 0 {
		return r.sy
	}
	r.acc = sumTo(r.acc, r.dy, j-r.jAcc)
	r.jAcc = j
	return r.acc
}

// sumTo returns acc with dy added to it m times in float64, as a loop of
// acc += dy would, without making every sum: while the sums stay within
// one binade [2^e, 2^(e+1)), every double there is a multiple of its
// ulp u, so each sum adds dy rounded to a multiple of u (no tie: then
// the parity of the sum would decide), and m sums add m times that, an
// integer number of ulps. A sum leaving the binade, and sums below 1,
// are made one at a time.
func sumTo(acc, dy float64, m int) float64 {
	const top = 1 << 53 // binade [2^52, 2^53) in ulps
	for m > 0 {
		if acc < 1 || dy == 0 {
			acc += dy
			m--
			continue
		}
		exp := math.Float64bits(acc) >> 52 & 0x7ff
		u := math.Ldexp(1, int(exp)-1075) // ulp of acc
		a := int64(math.Float64bits(acc)&(1<<52-1) | 1<<52)
		q := dy / u // exact: a power of two apart
		c := math.Round(q)
		if math.Abs(q-math.Trunc(q)) == 0.5 || math.Abs(c) >= top/4 {
			acc += dy
			m--
			continue
		}
		ci := int64(c)
		// Sums a+i*ci for i <= s stay in the binade, one ulp of margin
		// either side for the exact value they round.
		var s int64
		if ci > 0 {
			s = (top - 2 - a) / ci
		} else if ci < 0 {
			s = (a - top/2 - 1) / -ci
		} else {
			s = int64(m)
		}
		if s <= 0 {
			acc += dy
			m--
			continue
		}
		s = min(s, int64(m))
		acc = float64(a+s*ci) * u
		m -= int(s)
	}
	return acc
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

var tan60 = math.Tan(60 * (math.Pi / 180))

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// pixel applies the rules at one pixel; it reports whether the line is
// blocked. near is the pixel's cell.near: which grown polygons hold it.
func (w *walk) pixel(x, y int, own int32, near uint8) bool {
	lm := w.lm
	h := &lm.hexes[own]
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
// cell.near is near: only h's own polygon and its neighbours' reach it.
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

func (w *walk) block(r Reason, code uint8) bool {
	w.res.Clear = false
	w.res.Reason = r
	w.res.Pixel = [2]int{w.col, w.row}
	w.res.code = code
	w.res.level = int8(w.gl)
	if h := w.lm.gridToHex(w.col, w.row); h != nil {
		w.res.BlockedAt = h.h
	}
	return true
}

// apply is VASL's applyLOSRules for the current pixel and hex.
func (w *walk) apply() bool {
	w.h = int(w.ct.height)
	if w.tmp != w.cur {
		w.cur = w.tmp
		w.rTS = hexDist(w.cur, w.src)
		w.rTT = hexDist(w.cur, w.tgt)
	}
	if (w.exitsSrcDep || w.entersTgtDep) && w.depressionRule() {
		return true
	}
	if w.buildingRestriction() {
		return true
	}
	if w.ct.is&isHexside != 0 && w.ct.is&isCliff == 0 && w.hexsideRule() {
		return true
	}
	cur := w.cur
	if cur != w.src && w.rng != w.rTT && cur != w.tgt && w.rng != w.rTS {
		if w.ct.flags&inherent != 0 && w.lm.p[cur.centre].code != w.ct.code {
			return false
		}
		return w.groundRule() || w.splitRule() || w.halfRule() || w.higherRule() || w.heightRule() || w.blindRule()
	}
	return false
}

// depressionRule is A6.3 as VASL applies it: a line out of a depression
// must satisfy the range/elevation restriction before it leaves the
// depression's depiction, and one into a depression must enter it while
// they are satisfied.
func (w *walk) depressionRule() bool {
	if w.exitsSrcDep && w.depressionEnd(w.sE, w.tE, w.tgt, w.rTT) {
		return w.block(ExitsDepression, w.ct.code)
	}
	if w.entersTgtDep && w.depressionEnd(w.tE, w.sE, w.src, w.rTS) {
		return w.block(EntersDepression, w.ct.code)
	}
	return false
}

// depressionEnd is the A6.3 test for the end in a depression at level
// nearE, seen from the other end (far, at level farE; the current hex is
// rFar from it), the same for a line out of the source's depression and
// one into the target's.
func (w *walk) depressionEnd(nearE, farE int, far *hexInfo, rFar int) bool {
	cur := w.cur
	curDep := w.lm.p[cur.centre].is&isDepression != 0
	base := int(cur.base)
	px, curLOS := [2]int{w.col, w.row}, [2]int{int(cur.los.x), int(cur.los.y)}
	t1 := rFar > farE-nearE && cur != far &&
		!(curDep && (w.gl == base || nearE >= w.gl)) && !(!curDep && w.gl <= nearE)
	if t1 {
		if farE == nearE && cur != far && (curDep && w.gl == base || !curDep && w.gl <= farE) {
			t1 = false
		}
		if rFar == 1 && farE > base && curDep && dist(far.los, px) < dist(far.los, curLOS) {
			t1 = false
		}
	}
	t2 := !t1 && rFar == 1 && curDep && !(w.gl == base || nearE >= w.gl || farE > w.gl) &&
		dist(far.los, px) > dist(far.los, curLOS)
	return t1 || t2
}

func dist(a pt, b [2]int) float64 {
	return math.Hypot(float64(b[0]-int(a.x)), float64(b[1]-int(a.y)))
}

// buildingRestriction: from an upper building level the line must leave
// the building before it leaves the firer's hex to see a Location at
// another level (ASL A6.8 EX 2).
func (w *walk) buildingRestriction() bool {
	if !w.leaves && w.cur != w.src && w.ct.is&isBuildingTerrain != 0 {
		if !(w.sE > w.h+w.gl) && w.sE != w.tE {
			return w.block(MustLeaveBuilding, w.ct.code)
		}
	}
	return false
}

type loc struct {
	h    *hexInfo
	side int
}

// hexsideRule: a wall or hedge between Locations at its own ground level
// blocks (B9.2), unless it is a hexside of the firer's or the target's hex
// or lies along the line's first or last hexspine (ignorable, B9.2).
func (w *walk) hexsideRule() bool {
	if w.ct.is&isRowhouse != 0 {
		return false // rowhouse walls: not on the boards VASL's file covers
	}
	l := loc{w.cur, w.lm.nearest(w.cur, w.col, w.row)}
	if w.ignorable(w.src, l, w.exitSpine) || w.ignorable(w.tgt, l, w.enterSpine) {
		return false
	}
	if w.ct.is&isBocage != 0 {
		return false
	}
	if w.gl == w.sE && w.gl == w.tE {
		return w.block(HexsideTerrain, w.ct.code)
	}
	return false
}

var spines = [6][2]int{{2, 4}, {3, 5}, {4, 0}, {5, 1}, {0, 2}, {1, 3}}

func (w *walk) ignorable(h *hexInfo, l loc, spine int) bool {
	lm := w.lm
	if l.side == -1 {
		return true
	}
	if hexDist(h, l.h) > 2 {
		return false
	}
	if l.h == h {
		return true
	}
	for s := range 6 {
		if h.nb[s] == l.h && l.side == (s+3)%6 {
			return true
		}
	}
	for s := range 6 {
		if h.nb[s] == l.h && (l.side == spines[s][0] || l.side == spines[s][1]) {
			return true
		}
	}
	if hexDist(h, l.h) == 1 && lm.p[l.h.locTerr[l.side]].is&isHexside == 0 {
		return true
	}
	if spine >= 0 {
		if hexDist(h, l.h) == 2 {
			o := l.h.nb[l.side]
			if o == nil {
				return true
			}
			if hexDist(h, o) > 1 {
				return false
			}
			l = loc{o, (l.side + 3) % 6}
		}
		hexside := spine - 1
		if spine == 0 {
			hexside = 5
		}
		hexspine := spine - 2
		if spine < 2 {
			hexspine = spine + 4
		}
		h1, h2 := h.nb[hexside], h.nb[spine]
		if h1 == nil || h2 == nil {
			return false
		}
		t1, t2, t3 := h2.sideTerr[hexspine], h1.sideTerr[spine], h2.sideTerr[hexside]
		return t1 >= 0 && (l == loc{h1, spine} || l == loc{h2, hexside}) && (t2 < 0 || t3 < 0)
	}
	return false
}

// sideAlong returns, on a line along hexsides, the hexside of the current
// hex the pixel lies along, or -1.
func (w *walk) sideAlong() int {
	te := w.tgtEnter
	pairs := [6][4]int{{3, 4, 2, 5}, {4, 5, 3, 0}, {5, 0, 4, 1}, {0, 1, 5, 2}, {1, 2, 0, 3}, {2, 3, 1, 4}}
	for _, p := range pairs {
		if te[0] == p[0] && te[1] == p[1] || te[0] == p[1] && te[1] == p[0] {
			h := w.cur
			d1 := sq(w.col-int(h.side[p[2]].x), w.row-int(h.side[p[2]].y))
			d2 := sq(w.col-int(h.side[p[3]].x), w.row-int(h.side[p[3]].y))
			if d1 < d2 {
				return p[2]
			}
			return p[3]
		}
	}
	return -1
}

// cliffAlong reports, on a line along hexsides, whether the pixel lies
// along a cliff hexside of the current hex, and the lower base level of
// the hexes it separates (the current one alone when the other is an end).
func (w *walk) cliffAlong() (low int, ok bool) {
	if !(w.horiz || w.is60) || w.rTS%2 == 0 || !w.cur.cliff {
		return 0, false
	}
	x := w.sideAlong()
	if x < 0 || w.lm.p[w.cur.locTerr[x]].is&isCliff == 0 {
		return 0, false
	}
	t := w.cur.nb[x]
	low = int(w.cur.base)
	if t != nil && t != w.src && t != w.tgt {
		low = min(low, int(t.base))
	}
	return low, true
}

// groundRule: ground higher than both ends blocks (A6.2).
func (w *walk) groundRule() bool {
	if w.gl <= w.sE || w.gl <= w.tE {
		return false
	}
	if low, ok := w.cliffAlong(); ok && low <= max(w.sE, w.tE) {
		return false
	}
	return w.block(GroundHigher, w.ct.code)
}

// splitRule: terrain with a split height (orchards) at the level of both
// ends hinders (or blocks) as its lower part says.
func (w *walk) splitRule() bool {
	t := w.ct
	if t.split != 0 && w.gl == w.sE && w.gl == w.tE {
		if t.flags&lowerObstacle != 0 {
			return w.block(SplitBlocks, t.code)
		}
		if t.flags&lowerHindrance != 0 {
			return w.addHindrance()
		}
	}
	return false
}

// halfRule: half-level terrain (grain, brush) level with both ends.
func (w *walk) halfRule() bool {
	t := w.ct
	if t.flags&half != 0 && t.is&isHexside == 0 && w.gl+w.h == w.sE && w.gl+w.h == w.tE {
		if t.flags&obstacle != 0 {
			return w.block(HalfLevel, t.code)
		}
		return w.addHindrance()
	}
	return false
}

// higherRule: terrain higher than both ends blocks if an obstacle, else
// hinders (A6.2, B.10).
func (w *walk) higherRule() bool {
	t := w.ct
	adj2 := 0
	if t.flags&half != 0 && t.is&isHexside == 0 {
		adj2 = 1
	}
	if t.split != 0 && w.gl == w.sE && w.gl == w.tE {
		return false
	}
	if t.is&(isBocage|isNotHigher) != 0 {
		return false
	}
	top2 := 2*(w.gl+w.h) + adj2
	if top2 > 2*w.sE && top2 > 2*w.tE {
		if t.flags&obstacle != 0 && t.is&isLightWoods == 0 {
			return w.block(TerrainHigher, t.code)
		}
		if t.is&isRoadOrBridge != 0 && w.gl > w.sE && w.gl > w.tE {
			return false
		}
		return w.addHindrance()
	}
	return false
}

// heightRule: terrain as high as the higher end and above the lower blocks
// from the lower (A6.2 "height advantage").
func (w *walk) heightRule() bool {
	t := w.ct
	if w.heightCandidate(t) {
		_, adj2 := w.top2(t)
		px := [2]int{w.col, w.row}
		curLOS := [2]int{int(w.cur.los.x), int(w.cur.los.y)}
		flat := w.h == 0 && adj2 == 0
		if w.rTS == 1 && flat && w.sE > int(w.cur.base) && dist(w.src.los, px) < dist(w.src.los, curLOS) {
			return false
		}
		if w.rTT == 1 && flat && w.tE > int(w.cur.base) && dist(w.tgt.los, px) < dist(w.tgt.los, curLOS) {
			return false
		}
		if t.is&(isBocage|isRowhouse) != 0 {
			return false
		}
		if low, ok := w.cliffAlong(); ok && low < max(w.sE, w.tE) {
			return false
		}
		if t.is&(isOrchardOOS|isTower) != 0 {
			return w.addHindrance()
		}
		return w.block(HeightAdvantage, t.code)
	}
	return false
}

// nearestCliff reports whether the pixel is nearest a cliff hexside of its
// hex (lines not along hexsides).
func (w *walk) nearestCliff() bool {
	if w.is60 || w.horiz {
		return false
	}
	h := w.lm.gridToHex(w.col, w.row)
	n := w.lm.nearest(h, w.col, w.row)
	return n != -1 && h.sideTerr[n] >= 0 && w.lm.p[h.sideTerr[n]].is&isCliff != 0
}

// blindRule: terrain between the levels of the two ends makes blind hexes
// behind it (A6.4, B10.23).
func (w *walk) blindRule() bool {
	t := w.ct
	cliffAdj := 0
	if t.is&isCliff != 0 {
		cliffAdj = 1
	}
	lo, hi := min(w.sE, w.tE), max(w.sE, w.tE)
	if top := w.gl + w.h + cliffAdj; top > lo && top < hi {
		cadj := noCliff
		if (w.is60 || w.horiz) && w.rTS%2 != 0 {
			if x := w.sideAlong(); x != -1 && w.lm.p[w.cur.locTerr[x]].is&isCliff != 0 {
				if tt := w.cur.nb[x]; tt != w.src && tt != w.tgt {
					cadj = int(w.cur.base)
					if tt != nil {
						cadj = min(cadj, int(tt.base))
					}
				}
			}
		}
		nc := w.nearestCliff()
		if w.isBlind(w.h, nc, cadj) {
			switch {
			case t.flags&obstacle != 0 && t.is&isHexside == 0:
				if t.flags&inherent == 0 || w.lm.p[w.cur.centre].code == t.code {
					if (w.is60 || w.horiz) && t.is&isBuilding != 0 && w.rTT%2 != 0 {
						return false
					}
					return w.block(BlindA64, t.code)
				}
			case w.gl+cliffAdj > lo && w.gl+cliffAdj < hi && w.isBlind(0, nc, cadj):
				return w.block(BlindB1023, t.code)
			case w.cur != w.tgt && w.cur != w.src:
				if t.is&isOrchardOOS != 0 {
					if w.rTT == 1 {
						return w.addHindrance()
					}
				} else {
					return w.addHindrance()
				}
			}
		}
	}
	return false
}

const noCliff = -99

// isBlind is the blind hex test of A6.4 as VASL computes it: the hex at
// range rTT from the lower end is blind if rTT <= 2*(height of the
// obstacle) + rTS/5 - (levels of the ends) + 1 (a crest, height 0,
// without the +1).
func (w *walk) isBlind(th int, cliffSide bool, cadj int) bool {
	sE, tE, rTS, rTT := w.sE, w.tE, w.rTS, w.rTT
	gl := w.gl
	if sE == tE {
		return false
	}
	start, finish := w.src, w.tgt
	if sE < tE {
		sE, tE = tE, sE
		start, finish = w.tgt, w.src
		rTS, rTT = rTT, rTS
	}
	if cliffSide && !w.is60 && !w.horiz {
		n := w.lm.nearest(w.cur, w.col, w.row)
		px := [2]int{w.col, w.row}
		curLOS := [2]int{int(w.cur.los.x), int(w.cur.los.y)}
		if n != -1 && w.lm.p[w.cur.locTerr[n]].is&isCliff != 0 {
			if rTS == 1 && sE > th && dist(start.los, px) < dist(start.los, curLOS) {
				return false
			}
			if rTT == 1 && sE > th && dist(finish.los, px) > dist(finish.los, curLOS) {
				return false
			}
		}
	} else if (w.is60 || w.horiz) && cadj != noCliff {
		gl = cadj
	}
	if th == 0 && !cliffSide {
		return rTT <= max(2*(gl+th)+rTS/5-sE-tE, 0)
	}
	return rTT <= max(2*(gl+th)+rTS/5-sE-tE+1, 1)
}

// addHindrance counts the current hex's hindrance once per range from the
// firer, keeping the larger DRM (B.6), for hexes strictly between the two
// ends; six or more block (B.10).
func (w *walk) addHindrance() bool {
	cur := w.cur
	if cur == w.src || cur == w.tgt {
		return false
	}
	r := w.rTS // apply keeps rTS and rTT those of cur
	if r >= w.rng || w.rTT >= w.rng {
		return false
	}
	v := 1
	if w.ct.is&isLightWoods != 0 {
		v = 2
	}
	res := &w.res
	k := 0
	for k < res.NHind && w.hindRange[k] != r {
		k++
	}
	switch {
	case k < res.NHind:
		if v > res.Hindrances[k].DRM {
			res.Hindrance += v - res.Hindrances[k].DRM
			res.Hindrances[k] = Hindrance{cur.h, v}
		}
	default:
		// Six entries hold at least six DRM: the line is blocked before a
		// seventh.
		res.Hindrances[k] = Hindrance{cur.h, v}
		w.hindRange[k] = r
		res.NHind++
		res.Hindrance += v
	}
	if res.Hindrance >= 6 {
		return w.block(SixHindrances, w.ct.code)
	}
	return false
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

var noSpine bool
