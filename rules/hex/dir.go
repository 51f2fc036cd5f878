package hex

import "fmt"

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=Dir

// Dir names a hexside (and the direction across it) in the board frame: N is
// toward the top of the frame as boards are printed (hex numbers decrease),
// whatever compass north the configuration has. Hexes are flat-topped, so
// the six sides are N, NE, SE, S, SW, NW, clockwise.
type Dir uint8

const (
	N Dir = iota
	NE
	SE
	S
	SW
	NW
)

// Dirs is the number of hexsides; `for d := range Dirs` visits them in
// clockwise order from N.
const Dirs Dir = 6

// Opposite returns the side facing d: N for S, NE for SW, and so on.
func (d Dir) Opposite() Dir { return (d + 3) % 6 }

// CW returns the side k steps clockwise from d (k may be negative).
func (d Dir) CW(k int) Dir { return Dir((int(d) + k%6 + 6) % 6) }

// ParseDir reads a side name as String writes it.
func ParseDir(s string) (Dir, error) {
	for d := range Dirs {
		if d.String() == s {
			return d, nil
		}
	}
	return 0, fmt.Errorf("hex: unknown hexside %q (want N, NE, SE, S, SW or NW)", s)
}

// RandomDir turns a Random Direction dr into a hexside (ASL B.8): a dr of 1
// is the hexside containing the grid coordinate of the reference board, each
// higher dr the next hexside clockwise. The coordinate is printed at the top
// of the hex, so it is the N side of an unreversed board and the S side of a
// reversed one. RandomDir panics if dr is not in 1..6.
func RandomDir(dr int, reversed bool) Dir {
	if dr < 1 || dr > 6 {
		panic(fmt.Sprintf("hex: random direction dr %d out of 1..6", dr))
	}
	first := N
	if reversed {
		first = S
	}
	return first.CW(dr - 1)
}
