package los

import "math"

// This file holds the arithmetic of a line's rows: where it crosses each
// pixel column, exactly as VASL's floating point accumulates it.

// rowSeq gives the rows VASL's walk visits: column j spans rows
// int(exit(j-1)) to int(exit(j)), where exit is accumulated column by
// column by float addition (exit(-1) is the source's y). A product gives
// the same integer part except where the exact value is a whole number
// (every period columns); there the sum is made, from the last one made.
type rowSeq struct {
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
