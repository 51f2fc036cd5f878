package los

import (
	"fmt"
	"math/rand/v2"

	"github.com/sasl-engine/sasl/rules/terrain"
)

// Slow returns m with every line judging every pixel.
func Slow(m *Map) *Map {
	c := *m
	c.slow = true
	return &c
}

// KindsOf returns the kind Rasterise draws with code.
func KindsOf(code uint8) terrain.Kinds {
	for _, a := range areaOrder {
		if a.code == code {
			return terrain.Of(a.k)
		}
	}
	if code >= codeStone && code <= codeStone+4 || code >= codeWooden && code <= codeWooden+4 {
		return terrain.Of(terrain.Building)
	}
	return 0
}

// SumTo is sumTo.
var SumTo = sumTo

// WedgeErrors checks the clearances of n pixels of m's boards drawn from
// seed in every octant against the pixels of their wedges, one by one: it
// returns what is wrong (a wedge holding an unlike pixel, a same clearance
// below the largest level the wedge allows) and the mean same clearance.
// A pixel of an empty cell is like none.
func WedgeErrors(m *Map, n int, seed uint64) (errs []string, mean float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	label := make([]uint32, len(m.px))
	for i := range label {
		label[i] = m.texture(i)
	}
	total := 0
	for done := 0; done < n; {
		x, y := rng.IntN(m.gw), rng.IntN(m.gh)
		p := m.addr(x, y)
		if p < 0 {
			continue // no board: no clearances
		}
		done++
		for o := range 8 {
			dx, dy := 1, 1
			if o&octLeft != 0 {
				dx = -1
			}
			if o&octUp != 0 {
				dy = -1
			}
			c := m.clr[o][p]
			low, same := int(clearLevels[c>>4]), int(clearLevels[c&15])
			total += same
			// The largest wedge of each likeness, up to 255, by looking.
			var best [2]int
			for k := 1; k <= 255; k++ {
				ok := [2]bool{true, true}
				// The pixels the wedge of side k adds to that of side k-1.
				var add [][2]int
				if o&octSteep == 0 {
					for t := 0; t <= k; t++ { // column k-1, rows 0..k
						add = append(add, [2]int{k - 1, t})
					}
				} else {
					for i := 0; i <= k; i++ { // row k-1, columns 0..k
						add = append(add, [2]int{i, k - 1})
					}
				}
				for _, a := range add {
					qx, qy := x+a[0]*dx, y+a[1]*dy
					if qx < 0 || qy < 0 || qx >= m.gw || qy >= m.gh {
						ok = [2]bool{}
						break
					}
					q := m.addr(qx, qy)
					if q < 0 {
						// No board: like no pixel (Map.wedges).
						ok = [2]bool{}
						break
					}
					if m.px[q].iv > m.px[p].iv {
						ok[0] = false
					}
					if label[q] != label[p] {
						ok[1] = false
					}
				}
				if ok[0] && best[0] == k-1 {
					best[0] = k
				}
				if ok[1] && best[1] == k-1 {
					best[1] = k
				}
				if best[0] < k && best[1] < k {
					break
				}
			}
			if low > best[0] {
				errs = append(errs, fmt.Sprintf("pixel (%d,%d) octant %d: low %d, its wedge holds a higher pixel past %d", x, y, o, low, best[0]))
			}
			if same > best[1] || clearLevels[encodeClear(uint8(best[1]))] != uint8(same) {
				errs = append(errs, fmt.Sprintf("pixel (%d,%d) octant %d: same %d, its wedge is like it to %d", x, y, o, same, best[1]))
			}
			if len(errs) > 10 {
				return errs, 0
			}
		}
	}
	return errs, float64(total) / float64(8*n)
}
