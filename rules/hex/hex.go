package hex

import (
	"fmt"
	"strconv"
)

// Hex is a hex of the configuration frame. Col counts hexrows from the left
// edge of the frame: hexrow c (A=0 .. GG=32) of the board in grid column j is
// Col 32j+c, because side-by-side boards share their A/GG half-hex column.
// Row counts hex numbers downward: hex n of the board in grid row i is Row
// 10i+n, because stacked boards share their 0/10 half-hexes. Even columns
// hold rows 1..10 of a board, odd columns 0..10 (DESIGN.md, Geometry).
//
// Hexes outside every board (negative Col or Row, say) are valid values: the
// off-board mirror hexes of ASL A2.6 live there.
type Hex struct {
	Col, Row int
}

func (h Hex) String() string { return fmt.Sprintf("(%d,%d)", h.Col, h.Row) }

// even reports whether the hex's column is even. Even columns sit half a hex
// higher than odd columns with the same Row.
func (h Hex) even() bool { return h.Col&1 == 0 }

// Neighbour returns the hex across side d. The offsets are those of
// DESIGN.md: N (c, n-1), S (c, n+1); even c: NE (c+1, n-1), SE (c+1, n),
// SW (c-1, n), NW (c-1, n-1); odd c: NE (c+1, n), SE (c+1, n+1),
// SW (c-1, n+1), NW (c-1, n).
func (h Hex) Neighbour(d Dir) Hex {
	c, n := h.Col, h.Row
	switch d {
	case N:
		return Hex{c, n - 1}
	case S:
		return Hex{c, n + 1}
	}
	lift := 0 // row shift for diagonal steps: even columns step up
	if h.even() {
		lift = -1
	}
	switch d {
	case NE:
		return Hex{c + 1, n + lift}
	case SE:
		return Hex{c + 1, n + lift + 1}
	case SW:
		return Hex{c - 1, n + lift + 1}
	case NW:
		return Hex{c - 1, n + lift}
	}
	panic(fmt.Sprintf("hex: invalid direction %d", d))
}

// Neighbours returns the six adjacent hexes in the order N, NE, SE, S, SW, NW.
func (h Hex) Neighbours() [6]Hex {
	var out [6]Hex
	for d := range Dirs {
		out[d] = h.Neighbour(d)
	}
	return out
}

// DirTo returns the side of h that o lies across, or ok == false when o is
// not adjacent to h.
func (h Hex) DirTo(o Hex) (d Dir, ok bool) {
	for d := range Dirs {
		if h.Neighbour(d) == o {
			return d, true
		}
	}
	return 0, false
}

// Adjacent reports whether a and b share a hexside.
func Adjacent(a, b Hex) bool {
	_, ok := a.DirTo(b)
	return ok
}

// cube returns the cube coordinates of h (x + y + z == 0). Odd columns are
// shifted down, so z = row - (col - col&1)/2.
func (h Hex) cube() (x, y, z int) {
	x = h.Col
	z = h.Row - h.Col>>1 // (Col - Col&1) / 2: floor(Col/2), negative columns too
	return x, -x - z, z
}

// Cube returns h in cube coordinates (x + y + z = 0): two hexes are d
// apart when their coordinates differ by at most d, each.
func (h Hex) Cube() (x, y, z int) { return h.cube() }

// Distance returns the number of hexes from a to b, counting b but not a:
// the range of ASL. It is symmetric and Distance(a, a) == 0.
func Distance(a, b Hex) int {
	// The cube coordinates' differences (cube), written out so that the
	// function is inlined: it is among the most called of a game. A
	// shift halves a column (floor), and abs has no branch (its sign is
	// as likely either way, and a branch missed costs more than the sum).
	dx := a.Col - b.Col
	dz := a.Row - b.Row - (a.Col>>1 - b.Col>>1)
	return max(abs(dx), abs(dx+dz), abs(dz))
}

func abs(v int) int {
	m := v >> (strconv.IntSize - 1) // all ones when v < 0
	return (v ^ m) - m
}

// Within calls yield for every hex at distance <= r from centre, centre
// first, then by increasing column and row. It allocates nothing.
func Within(centre Hex, r int, yield func(Hex) bool) {
	if !yield(centre) {
		return
	}
	for c := centre.Col - r; c <= centre.Col+r; c++ {
		// Rows of column c reachable within r lie in a window of width 2r+1.
		for n := centre.Row - r - 1; n <= centre.Row+r+1; n++ {
			h := Hex{c, n}
			if h == centre || Distance(centre, h) > r {
				continue
			}
			if !yield(h) {
				return
			}
		}
	}
}
