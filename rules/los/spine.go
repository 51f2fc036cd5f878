package los

import "math"

// A pixel of an empty cell of the configuration is of no board: its code
// is codeOffMap, its level 0, and every line must look at it (ivTop), which
// ends the line (walk.judge).

// ivTops returns, by terrain code, twice the height the terrain reaches
// (prop.top2), or 127 for a pixel every line must look at (a cliff, a
// rowhouse wall, no board). A pixel's iv, what a line reads first of it
// (ivAt), is twice the highest level its terrain reaches (2*ground +
// top2, at most 126), or 127 where its code's is. A line whose lower end
// is at least as high passes it by, but for a pixel of a hex of inherent
// terrain (ASL B.6: every pixel of such a hex is judged as that terrain,
// walk.apply; Map.inh says which blocks hold one). Hexside terrain
// (walls, hedges) has its height: a line whose lower end is above it is
// not blocked by it (the hexside rule asks for both ends at its level,
// hexsideRule).
func ivTops(props *[256]prop) (top [256]int16) {
	for code := range top {
		p := &props[code]
		top[code] = int16(p.top2)
		if code == codeOffMap || p.is&(isCliff|isRowhouse) != 0 {
			top[code] = 127
		}
	}
	return top
}

// ivAt is the iv of a pixel of ground level gl and terrain code, where
// top is ivTops's.
func ivAt(top *[256]int16, gl int8, code uint8) int8 {
	t := top[code]
	if t == 127 {
		return 127
	}
	return int8(min(2*int(gl)+int(t), 126))
}

// block is the side of the blocks of spine, in pixels.
const block = 16

// The blocks of spine kept with a tile: those whose first pixel lies in
// it, at most spineCols x spineRows.
const (
	spineCols = (boardW + block - 1) / block
	spineRows = (boardH + block - 1) / block
	spineN    = spineCols * spineRows
)

// spineIndex returns the index in spine of block (bx, by) of the frame,
// -1 for a block whose first pixel lies in an empty cell.
func (lm *Map) spineIndex(bx, by int) int {
	x, y := bx*block, by*block
	t, _, _ := lm.tile(x, y)
	if t < 0 {
		return -1
	}
	tx, ty := x/boardW, y/boardH
	return t*spineN + (bx-ceilDiv(tx*boardW, block))*spineRows + by - ceilDiv(ty*boardH, block)
}

// spineAt returns the spine of block (bx, by) of the frame: 127 for a
// block with a pixel in an empty cell.
func (lm *Map) spineAt(bx, by int) int8 {
	if b := lm.spineIndex(bx, by); b >= 0 {
		return lm.spine[b]
	}
	return 127
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// buildInterest makes the spine blocks (spine, inh) from the pixels'
// iv and hexes. The pixels are visited column by column, their place in
// the grid's period kept as they go (nearestValid's tiles): a pixel's hex
// is the period's but where that falls off VASL's grid. A block takes the
// pixels of the cells it straddles (spineIndex: kept with the tile of its
// first pixel); one that reaches into an empty cell is 127.
func (lm *Map) buildInterest() {
	lm.ivTop = ivTops(lm.p)
	lm.nbx, lm.nby = ceilDiv(lm.gw, block), ceilDiv(lm.gh, block)
	lm.spine = make([]int8, len(lm.pix)*spineN)
	lm.inh = make([]bool, len(lm.pix)*spineN)
	for i := range lm.spine {
		lm.spine[i] = math.MinInt8
	}
	for k, t := range lm.tileOf {
		if t < 0 {
			continue
		}
		x0, y0 := k%lm.tcols*boardW, k/lm.tcols*boardH
		ky0, oy0 := y0/tileH, y0%tileH
		pix := lm.pix[t]
		for lx := range boardW {
			x := x0 + lx
			kx, ox := x/tileW, x%tileW
			src := pix[2*lx*boardH : 2*(lx+1)*boardH]
			tiles := nearestTile[ox*tileH : (ox+1)*tileH]
			// The hex of the last pixel's period place: the next pixel
			// down mostly has the same.
			lc, ln, h := -1, -1, (*hexInfo)(nil)
			ky, oy := ky0, oy0
			// The rows of the column by spine block: ly from a to b.
			for a := 0; a < boardH; {
				y := y0 + a
				b := min(boardH, (y/block+1)*block-y0)
				top, inh := int8(math.MinInt8), false
				for ly := a; ly < b; ly++ {
					o := tiles[oy]
					if c, n := int(o[0])+tileCols*kx, int(o[1])+tileRows*ky; c == lc && n == ln {
					} else if lm.valid(c, n) {
						lc, ln, h = c, n, lm.hexAt(c, n)
					} else {
						lc, ln, h = -1, -1, lm.hexAt(nearestCentre(float64(x), float64(y0+ly), lm.valid))
					}
					v := ivAt(&lm.ivTop, int8(src[2*ly]), src[2*ly+1])
					if h.inhNear {
						v = 127
					}
					top, inh = max(top, v), inh || h.inh
					if oy++; oy == tileH {
						ky, oy = ky+1, 0
					}
				}
				if sb := lm.spineIndex(x/block, y/block); sb >= 0 {
					lm.spine[sb] = max(lm.spine[sb], top)
					lm.inh[sb] = lm.inh[sb] || inh
				}
				a = b
			}
		}
	}
	lm.spineEdges()
}

// inhAt reports whether block (bx, by) of the frame holds a pixel of a
// hex of inherent terrain (or of an empty cell).
func (lm *Map) inhAt(bx, by int) bool {
	if b := lm.spineIndex(bx, by); b >= 0 {
		return lm.inh[b]
	}
	return true
}

// spineEdges makes 127 the spine blocks that reach into an empty cell:
// a block is smaller than a cell, so one of its corners then lies in it.
func (lm *Map) spineEdges() {
	for k, t := range lm.tileOf {
		if t < 0 {
			continue
		}
		x0, y0 := k%lm.tcols*boardW, k/lm.tcols*boardH
		for bx := ceilDiv(x0, block); bx < min(ceilDiv(x0+boardW, block), lm.nbx); bx++ {
			for by := ceilDiv(y0, block); by < min(ceilDiv(y0+boardH, block), lm.nby); by++ {
				xa, ya := bx*block, by*block
				xb, yb := min(xa+block, lm.gw)-1, min(ya+block, lm.gh)-1
				if lm.addr(xb, ya) < 0 || lm.addr(xa, yb) < 0 || lm.addr(xb, yb) < 0 {
					lm.spine[lm.spineIndex(bx, by)] = 127
				}
			}
		}
	}
}

// boring reports whether no pixel of block column bx between rows r0 and r1
// rises above lo2 (twice a level).
func (lm *Map) boring(bx, r0, r1, lo2 int) bool {
	r0, r1 = max(r0, 0), min(r1, lm.gh-1)
	for by := r0 / block; by <= r1/block; by++ {
		if int(lm.spineAt(bx, by)) > lo2 {
			return false
		}
	}
	return true
}
