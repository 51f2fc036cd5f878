package los

import "math"

// This file holds the rules a walk applies at a pixel, in VASL's order
// (applyLOSRules): A6.3 depressions, the A6.8 building restriction (at
// both ends: mustLeave), B9 hexside terrain, the A6.2 height rules with
// blind hexes (A6.4), and the B.10 hindrances. walk.go finds the pixels;
// result.go words the verdict.

// block ends the line at the current pixel for reason r.
func (w *walk) block(r Reason, code uint8) bool {
	w.res.Clear = false
	w.res.Reason = r
	w.res.Pixel = [2]int{w.col, w.row}
	w.res.code = code
	w.res.level = int8(w.gl)
	if h, ok := w.lm.hexOf(w.col, w.row); ok {
		w.res.BlockedAt = h
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
	if w.ct.is&isHexside != 0 && w.ct.is&isCliff == 0 && w.hexsideRule() {
		return true
	}
	cur := w.cur
	if cur != w.src && w.rng != w.rTT && cur != w.tgt && w.rng != w.rTS {
		if w.ct.flags&inherent != 0 && w.lm.p[cur.centre].code != w.ct.code {
			return false
		}
		if c := &w.lm.p[cur.centre]; c.flags&inherent != 0 && w.ct.code != c.code {
			// ASL B.6: inherent terrain identifies "the entire hex" as that
			// terrain: "It is not necessary that a LOS actually cross such a
			// symbol ... mere entrance of the hex ... suffices". A pixel of
			// the hex that is not the symbol (a road through an orchard) is
			// judged as the symbol too.
			ct, h := w.ct, w.h
			w.ct, w.h = c, int(c.height)
			hit := w.rules()
			w.ct, w.h = ct, h
			if hit {
				return true
			}
		}
		return w.rules()
	}
	return false
}

// rules are the rules of terrain between the ends, for the current pixel's
// terrain w.ct.
func (w *walk) rules() bool {
	return w.groundRule() || w.splitRule() || w.halfRule() || w.higherRule() || w.heightRule() || w.blindRule()
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

// restricts reports whether a pixel of terrain t at ground level gl holds
// the A6.8 building restriction for an end of the line at level e:
// building terrain as high as e (below e, the line passes over its roof).
func restricts(t *prop, gl, e int) bool {
	return t.is&isBuildingTerrain != 0 && !(e > gl+int(t.height))
}

// mustLeave applies A6.8 EX 2 at one end of the line, the source or the
// target (toSource: the target, looking back along the line), the two at
// different levels: from a Location in a building hex the line must leave
// the building before it leaves that hex. It looks at the line's pixels
// from that end, as a walk from it would, up to the first that is not
// building; it returns the first that restricts (restricts) outside the
// end's hex (its grown polygon, as the walk counts a pixel the end's), if
// any. The rule is the same at both ends (ASL A6.1: LOS is reciprocal):
// VASL applies it at its source only, so that 1K5 - 1J5h1 was blocked
// and 1J5h1 - 1K5 clear.
func (w *walk) mustLeave(rs *rowSeq, ncols int, toSource bool) (x, y int, ok bool) {
	lm := w.lm
	end, e := w.src, w.sE
	j, dj := 0, 1
	if toSource {
		end, e = w.tgt, w.tE
		j, dj = ncols-1, -1
	}
	if w.sE == w.tE || lm.p[end.centre].is&isBuilding == 0 {
		return 0, 0, false
	}
	for ; j >= 0 && j < ncols; j += dj {
		x := w.sx + j*w.colDir
		r0, r1, dir := int(rs.exit(j-1)), int(rs.exit(j)), w.rowDir
		if toSource {
			r0, r1, dir = r1, r0, -dir
		}
		for y := r0; ; y += dir {
			if !lm.onRaster(x, y) {
				return 0, 0, false
			}
			gl, code := lm.rasterAt(x, y)
			t := &lm.p[code]
			if code == codeOffMap || t.is&isBuilding == 0 {
				return 0, 0, false // the line has left the building
			}
			if restricts(t, int(gl), e) {
				if h := w.ownAt(x, y); !holds(end, h, nearAt(h, x, y)) {
					return x, y, true
				}
			}
			if y == r1 {
				break
			}
		}
	}
	return 0, 0, false
}

type loc struct {
	h    *hexInfo
	side int
}

// rowhouseRule: a rowhouse wall or interior factory wall (B23.71, O5.31),
// as VASL applies it (checkRowhouseFactoryWall, with no rooftops, which
// come by SSR only): the firer's and the target's own walls too, unlike
// other hexside terrain, block a line across them unless both ends see
// over the wall: it blocks when higher than both ends, as high as both
// and half a level, or as high as the higher end and above the lower;
// else a blind hex behind it is blind.
func (w *walk) rowhouseRule() bool {
	t := w.ct
	top := w.gl + w.h
	lo, hi := min(w.sE, w.tE), max(w.sE, w.tE)
	if top > hi || top == w.sE && top == w.tE && t.flags&half != 0 || top == hi && top > lo {
		return w.block(RowhouseWall, t.code)
	}
	return w.blindRule()
}

// hexsideRule: a wall or hedge between Locations at its own ground level
// blocks (B9.2), unless it is a hexside of the firer's or the target's hex
// or lies along the line's first or last hexspine (ignorable, B9.2).
func (w *walk) hexsideRule() bool {
	if w.ct.is&isRowhouse != 0 {
		return w.rowhouseRule()
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
		// VASL: between a Location beside a Water Obstacle and one in the
		// water, the bit of land that reaches into the first water hex,
		// next to the higher end, does not block (8S5-8L4 across 8M5).
		if lm := w.lm; lm.p[w.cur.centre].is&isWater != 0 && t.top2 < 2 &&
			(w.rTS == 1 && w.sE > w.tE && lm.p[w.tgt.centre].is&isWater != 0 ||
				w.rTT == 1 && w.tE > w.sE && lm.p[w.src.centre].is&isWater != 0) {
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
