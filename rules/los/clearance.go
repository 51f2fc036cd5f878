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
// two columns of full clearances are kept.
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
	out := make([]uint8, gw*gh)
	// Full clearances (low, same) of this column and the one ahead.
	cur, next := make([][2]uint8, gh), make([][2]uint8, gh)
	x0, y0 := gw-1, gh-1
	if dx < 0 {
		x0 = 0
	}
	if dy < 0 {
		y0 = 0
	}
	for n := range gw {
		x := x0 - n*dx
		nx := x + dx // the column ahead
		for m := range gh {
			y := y0 - m*dy
			p := x*gh + y
			iv, lab := lm.px[p].iv, label[p]
			// like reports, for each likeness, whether pixel (qx, qy) is
			// like p, and the clearance it has (0 off the raster, or not
			// like p).
			like := func(qx, qy int, clear [][2]uint8) (lo, sa int, okLo, okSa bool) {
				if qy < 0 || qy >= gh || qx < 0 || qx >= gw {
					return 0, 0, false, false
				}
				q := qx*gh + qy
				okLo, okSa = lm.px[q].iv <= iv, label[q] == lab
				if clear != nil {
					if okLo {
						lo = int(clear[qy][0])
					}
					if okSa {
						sa = int(clear[qy][1])
					}
				}
				return lo, sa, okLo, okSa
			}
			// ok: the rest of the wedge's first column (shallow: the pixel
			// after p in it) or row (steep: the pixel beside p) is like p;
			// a and b: the clearances of the two wedges it grows from.
			var ok [2]bool
			var a, b [2]int
			if !steep {
				_, _, ok[0], ok[1] = like(x, y+dy, nil)
				a[0], a[1], _, _ = like(nx, y, next)
			} else {
				_, _, ok[0], ok[1] = like(nx, y, nil)
				a[0], a[1], _, _ = like(x, y+dy, cur)
			}
			b[0], b[1], _, _ = like(nx, y+dy, next)
			for k := range 2 {
				cur[y][k] = 0
				if ok[k] {
					cur[y][k] = uint8(min(255, 1+min(a[k], b[k])))
				}
			}
			out[p] = enc[cur[y][0]]<<4 | enc[cur[y][1]]
		}
		cur, next = next, cur
	}
	return out
}
