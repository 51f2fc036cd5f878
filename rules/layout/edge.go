package layout

import (
	"slices"

	"github.com/sasl-engine/sasl/rules/hex"
)

// EdgeBoard is one board along an edge of the configuration.
type EdgeBoard struct {
	Row, Col int // the cell of the board
	Slot
	// Length is true when the edge runs along the board's 22" long side
	// (SASL 4.21), false along its short side, its width (SASL 4.22).
	Length bool
}

// EdgeBoards returns the boards along compass edge c, in clockwise order
// around the configuration (the order of SASL 4.22's numbering). Where a
// cell of the outer line is empty, the first board behind it along the same
// line of cells stands on the edge.
func (l *Layout) EdgeBoards(c Compass) []EdgeBoard {
	f := l.FrameOf(c)
	var out []EdgeBoard
	switch f {
	case Up, Down:
		for k := range l.cols {
			j := k
			if f == Down {
				j = l.cols - 1 - k // clockwise along the bottom runs right to left
			}
			for step := range l.rows {
				i := step
				if f == Down {
					i = l.rows - 1 - step
				}
				if s := l.grid[i][j]; s.Board != "" {
					out = append(out, EdgeBoard{Row: i, Col: j, Slot: s, Length: true})
					break
				}
			}
		}
	case Right, Left:
		for k := range l.rows {
			i := k
			if f == Left {
				i = l.rows - 1 - k // clockwise along the left runs bottom to top
			}
			for step := range l.cols {
				j := step
				if f == Right {
					j = l.cols - 1 - step
				}
				if s := l.grid[i][j]; s.Board != "" {
					out = append(out, EdgeBoard{Row: i, Col: j, Slot: s, Length: false})
					break
				}
			}
		}
	}
	return out
}

// BoardEdge returns the hexes of the board in cell (i, j) that touch its
// side f, in clockwise order: along a long side the whole hexes of even
// hexrows alternate with the half-hexes of odd hexrows; along a short side
// all are half-hexes of hexrow A or GG.
func (l *Layout) BoardEdge(i, j int, f Frame) []hex.Hex {
	x0, y0 := BoardCols*j, BoardRows*i
	var out []hex.Hex
	switch f {
	case Up:
		for c := 0; c <= BoardCols; c++ {
			n := 1 - c&1 // even hexrows: hex 1; odd: half-hex 0
			out = append(out, hex.Hex{Col: x0 + c, Row: y0 + n})
		}
	case Down:
		for c := BoardCols; c >= 0; c-- {
			out = append(out, hex.Hex{Col: x0 + c, Row: y0 + BoardRows})
		}
	case Right:
		for n := 1; n <= BoardRows; n++ {
			out = append(out, hex.Hex{Col: x0 + BoardCols, Row: y0 + n})
		}
	case Left:
		for n := BoardRows; n >= 1; n-- {
			out = append(out, hex.Hex{Col: x0, Row: y0 + n})
		}
	}
	return out
}

// Edge returns the on-map hexes along compass edge c of the configuration,
// in clockwise order, each once (ASL A2.6: the edge hexes and half-hexes
// units may exit from).
func (l *Layout) Edge(c Compass) []hex.Hex {
	f := l.FrameOf(c)
	var out []hex.Hex
	seen := map[hex.Hex]bool{}
	for _, b := range l.EdgeBoards(c) {
		for _, h := range l.BoardEdge(b.Row, b.Col, f) {
			if m, half := l.Mirror(h, c); !half && l.OnMap(m) {
				continue // an inner corner: a board lies beyond the hex
			}
			if !seen[h] {
				seen[h] = true
				out = append(out, h)
			}
		}
	}
	return out
}

// Mirror returns the off-board hex that an exit from edge hex h across
// compass edge c enters: its mirror image across the edge (ASL A2.6). A
// whole edge hex (an even hexrow's hex 1 or 10) mirrors to the whole hex
// beyond it; a half-hex mirrors to its own missing half, which has the same
// frame position, so Mirror returns h itself and half is true.
func (l *Layout) Mirror(h hex.Hex, c Compass) (m hex.Hex, half bool) {
	f := l.FrameOf(c)
	switch f {
	case Up, Down:
		if h.Col&1 == 1 {
			return h, true
		}
		if f == Up {
			return h.Neighbour(hex.N), false
		}
		return h.Neighbour(hex.S), false
	}
	return h, true
}

// Beyond returns the off-map hex just across compass edge c from edge hex
// h where a counter waiting to enter there, or one that has exited, is
// shown: the whole hex beyond h, or beyond a half-hex (whose own missing
// half is off the map) the next hex out, so that the counter sits wholly
// in the margin (h itself where no hex next to it is off the map).
func (l *Layout) Beyond(h hex.Hex, c Compass) hex.Hex {
	off, half := l.Mirror(h, c)
	if !half {
		return off
	}
	var dirs []hex.Dir
	switch l.FrameOf(c) {
	case Up:
		dirs = []hex.Dir{hex.N}
	case Down:
		dirs = []hex.Dir{hex.S}
	case Right:
		dirs = []hex.Dir{hex.NE, hex.SE}
	default:
		dirs = []hex.Dir{hex.NW, hex.SW}
	}
	for _, d := range dirs {
		if n := h.Neighbour(d); !l.OnMap(n) {
			return n
		}
	}
	return h
}

// EdgeOf returns a compass edge of the configuration along which h lies,
// the first clockwise from North; false if h is not an edge hex.
func (l *Layout) EdgeOf(h hex.Hex) (Compass, bool) {
	for c := North; c <= West; c++ {
		if slices.Contains(l.Edge(c), h) {
			return c, true
		}
	}
	return 0, false
}

// OffBoard returns the whole off-board hexes along compass edge c, in
// clockwise order: beyond a long side, the mirror images of the edge's whole
// hexes (hex 0 or 11 of each even hexrow, like S0 and U0 in the SASL 4.11
// EX); beyond a short side, where every edge hex is a half-hex, the first
// column of whole hexes of the unused board an off-board setup would place
// there (ASL A2.51), strictly between the corners. These are the hexes of
// SASL 4.11 and 4.1e.
func (l *Layout) OffBoard(c Compass) []hex.Hex {
	f := l.FrameOf(c)
	var out []hex.Hex
	seen := map[hex.Hex]bool{}
	add := func(h hex.Hex) {
		if !seen[h] && !l.OnMap(h) {
			seen[h] = true
			out = append(out, h)
		}
	}
	boards := l.EdgeBoards(c)
	for k, b := range boards {
		switch f {
		case Up, Down:
			for _, h := range l.BoardEdge(b.Row, b.Col, f) {
				if m, half := l.Mirror(h, c); !half {
					add(m)
				}
			}
		case Right, Left:
			x := BoardCols*b.Col - 1 // the odd column left of hexrow A
			if f == Right {
				x = BoardCols*b.Col + BoardCols + 1
			}
			y0 := BoardRows * b.Row
			rows := make([]int, 0, BoardRows)
			for n := 1; n < BoardRows; n++ {
				rows = append(rows, y0+n)
			}
			// Where the next board along the edge sits in the next row of
			// cells on the same column line, the shared row is whole too.
			if k+1 < len(boards) && boards[k+1].Col == b.Col && abs(boards[k+1].Row-b.Row) == 1 {
				rows = append(rows, y0+BoardRows*max(0, boards[k+1].Row-b.Row))
			}
			slices.Sort(rows)
			if f == Left {
				slices.Reverse(rows)
			}
			for _, y := range rows {
				add(hex.Hex{Col: x, Row: y})
			}
		}
	}
	return out
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
