package los

import "sync"

// Clearances let a line skip the pixels it would not judge (walk.skip).
// A line's direction lies in one of eight octants: it goes right or left
// (colDir), down or up (rowDir), and is shallow (at most one row a column)
// or steep. Ahead of a pixel p the pixels a line in an octant may visit
// lie in a wedge, in columns i = 0, 1, ... and rows t = 0, 1, ... counted
// from p in the line's direction:
//
//	shallow: i < k and t <= i+1    steep: t < k and i <= t+1
//
// (the walk's rows are floors of the exact rows, or one less where an
// exact row is whole: rowSeq.wedge allows for that). A pixel's
// clearance k in an octant is the largest wedge whose pixels are all like
// p. Wedges nest, which gives every clearance from the next column's (or
// row's) in one pass: for a shallow octant the wedge of side k at p is p
// and the next pixel of its column (t = 1) with the wedges of side k-1 at
// the next column's pixels at t = 0 and t = 1; a steep one likewise by
// rows.
//
// Two likenesses are kept: an iv no higher than p's (low, a lower bound:
// a like pixel's own wedge measures likeness to it), and p's texture
// (same: hex, ground level and terrain, open ground at the hex's base
// level counted as the hex's texture, hexInfo.texCode).

// Octant bits.
const (
	octSteep = 1 << iota
	octUp
	octLeft
)

// octant returns the octant of a line from (sx, sy) to (tx, ty).
func octant(sx, sy, tx, ty int) int {
	o := 0
	if abs(ty-sy) > abs(tx-sx) {
		o |= octSteep
	}
	if ty < sy {
		o |= octUp
	}
	if tx < sx {
		o |= octLeft
	}
	return o
}

// A clearance is kept in four bits, rounded down to one of these (a
// shorter skip is still exact); a byte holds low (high nibble) and same.
var clearLevels = [16]uint8{0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 28, 40, 64, 128}

// encodeClear returns the four bits of clearance k.
func encodeClear(k uint8) uint8 {
	e := uint8(0)
	for i, l := range clearLevels {
		if l <= k {
			e = uint8(i)
		}
	}
	return e
}

// buildWedges makes clr, one octant a goroutine. label is each pixel's
// texture (Map.texture).
func (lm *Map) buildWedges(label []uint32) {
	var enc [256]uint8
	for k := range enc {
		enc[k] = encodeClear(uint8(k))
	}
	var wg sync.WaitGroup
	for o := range lm.clr {
		wg.Go(func() { lm.clr[o] = lm.wedges(o, label, &enc) })
	}
	wg.Wait()
}

// wedges returns the clearances of octant o. Columns are made from the far
// side (the direction of the lines) and each column's rows from the far
// side, so that what a pixel's clearance is made from is already made:
// two columns of full clearances are kept. Only the pixels of the boards
// are made; a pixel of an empty cell is like none (a pixel like it is one
// no higher, and only a cliff's, 127, is as high: its clearances are never
// read, walk.skip).
func (lm *Map) wedges(o int, label []uint32, enc *[256]uint8) []uint8 {
	gw, gh := lm.gw, lm.gh
	dx, dy := 1, 1
	if o&octLeft != 0 {
		dx = -1
	}
	if o&octUp != 0 {
		dy = -1
	}
	steep := o&octSteep != 0
	out := make([]uint8, len(lm.px))
	// Full clearances (low, same) of this column and the one ahead, by row
	// of the frame.
	cur, next := make([][2]uint8, gh), make([][2]uint8, gh)
	// at returns the index of pixel (qx, qy), -1 off the raster or the
	// boards.
	at := func(qx, qy int) int {
		if qy < 0 || qy >= gh || qx < 0 || qx >= gw {
			return -1
		}
		return lm.addr(qx, qy)
	}
	x0 := gw - 1
	if dx < 0 {
		x0 = 0
	}
	trows := gh / boardH
	for n := range gw {
		x := x0 - n*dx
		nx := x + dx // the column ahead
		tx, lx := x/boardW, x%boardW
		inX := lx+dx >= 0 && lx+dx < boardW
		for k := range trows {
			ty := trows - 1 - k
			if dy < 0 {
				ty = k
			}
			t := lm.tileOf[ty*lm.tcols+tx]
			if t < 0 {
				continue
			}
			col := int(t)*boardN + lx*boardH
			for m := range boardH {
				ly := boardH - 1 - m
				if dy < 0 {
					ly = m
				}
				y, p := ty*boardH+ly, col+ly
				// The pixels after p in its column, ahead of it, and ahead
				// and after.
				var qAfter, qAhead, qBoth int
				if inY := ly+dy >= 0 && ly+dy < boardH; inX && inY {
					qAfter, qAhead, qBoth = p+dy, p+dx*boardH, p+dx*boardH+dy
				} else {
					qAfter, qAhead, qBoth = at(x, y+dy), at(nx, y), at(nx, y+dy)
				}
				// The wedge of side k at p is p, the rest of its first
				// column (shallow: the pixel after p in it) or row (steep:
				// the pixel ahead of it), q1, and the wedges of side k-1
				// at qa (the pixel ahead, shallow; after, steep) and
				// qBoth, each of the likeness it keeps (0 off the raster
				// or the boards, or not like p).
				q1, qa, qay, qaClear := qAfter, qAhead, y, next
				if steep {
					q1, qa, qay, qaClear = qAhead, qAfter, y+dy, cur
				}
				iv, lab := lm.px[p].iv, label[p]
				var lo, sa uint8
				if q1 >= 0 {
					okLo, okSa := lm.px[q1].iv <= iv, label[q1] == lab
					var a, b [2]uint8
					if qa >= 0 {
						if lm.px[qa].iv <= iv {
							a[0] = qaClear[qay][0]
						}
						if label[qa] == lab {
							a[1] = qaClear[qay][1]
						}
					}
					if qBoth >= 0 {
						if lm.px[qBoth].iv <= iv {
							b[0] = next[y+dy][0]
						}
						if label[qBoth] == lab {
							b[1] = next[y+dy][1]
						}
					}
					if okLo {
						lo = uint8(min(255, 1+int(min(a[0], b[0]))))
					}
					if okSa {
						sa = uint8(min(255, 1+int(min(a[1], b[1]))))
					}
				}
				cur[y] = [2]uint8{lo, sa}
				out[p] = enc[lo]<<4 | enc[sa]
			}
		}
		cur, next = next, cur
	}
	return out
}
