package los

import "math"

// This file holds the arithmetic of a line's rows: where it crosses each
// pixel column.

// rowSeq gives the rows a line visits: column j (counted from the source's
// column) spans rows int(exit(j-1)) to int(exit(j)), where exit(j) =
// sy + (j+1)*dy is where the line leaves column j (exit(-1) is the source's
// y, and the last column's exit the target's).
//
// exit is the exact value, not VASL's: VASL adds dy column by column in
// floating point, and where the exact value is a whole number m (every
// period columns) the sum may fall short of m, moving a pixel of row m
// from one column to the next. The sums from one end are not those from
// the other, so a line and its reverse crossed different pixels and could
// be judged differently (ASL A6.1: LOS is reciprocal, a line between the
// same two centre dots). Exact, the rows of column j are those of the
// reverse line's column ncols-1-j: the same line both ways. Elsewhere the
// exact value is at least 1/ncols from a whole number and the product
// sy + dy*(j+1) has its integer part.
type rowSeq struct {
	sy, dy float64
	period int // 0: dy is 0
}

func (r *rowSeq) approx(j int) float64 { return r.sy + r.dy*float64(j+1) }

// exit returns exit(j), exactly where it is a whole number.
func (r *rowSeq) exit(j int) float64 {
	if j < 0 || r.period == 0 {
		return r.sy
	}
	if (j+1)%r.period != 0 {
		return r.approx(j)
	}
	return math.Round(r.approx(j))
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
