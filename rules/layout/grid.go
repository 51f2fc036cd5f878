package layout

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
)

// Part is one board's share of a frame hex: the whole hex, or one of the two
// half-hexes of a combined hex (ASL A2.2).
type Part struct {
	Row, Col int // the cell of the board
	Slot
	// Local is the hex in the board's own coordinates: Col is the hexrow
	// index (A=0 .. GG=32), Row the printed hex number.
	Local hex.Hex
}

// Grid returns the printed grid coordinate of the part.
func (p Part) Grid() coord.Grid {
	return coord.Grid{Board: p.Board, Col: p.Local.Col, Row: p.Local.Row}
}

// onBoard reports whether a board-local hex is printed on a board.
func onBoard(c, n int) bool {
	if c < 0 || c > BoardCols {
		return false
	}
	if c&1 == 0 {
		return n >= 1 && n <= BoardRows
	}
	return n >= 0 && n <= BoardRows
}

// reverse maps a board-local hex to where it lies on the board turned 180
// degrees; it is its own inverse (DESIGN.md: (c, n) -> (32-c, 11-n) for even
// c, (32-c, 10-n) for odd c).
func reverse(h hex.Hex) hex.Hex {
	if h.Col&1 == 0 {
		return hex.Hex{Col: BoardCols - h.Col, Row: BoardRows + 1 - h.Row}
	}
	return hex.Hex{Col: BoardCols - h.Col, Row: BoardRows - h.Row}
}

// local returns the hex of frame position h in the coordinates of the board
// in cell (i, j), whether or not that board covers it.
func (l *Layout) local(h hex.Hex, i, j int) hex.Hex {
	p := hex.Hex{Col: h.Col - BoardCols*j, Row: h.Row - BoardRows*i}
	if l.grid[i][j].Reversed {
		p = reverse(p)
	}
	return p
}

// frame returns the frame hex of board-local hex p of the board in cell (i, j).
func (l *Layout) frame(p hex.Hex, i, j int) hex.Hex {
	if l.grid[i][j].Reversed {
		p = reverse(p)
	}
	return hex.Hex{Col: p.Col + BoardCols*j, Row: p.Row + BoardRows*i}
}

// Parts returns the boards covering frame hex h: none off the map, one for a
// whole hex (or an edge half-hex), two for a combined hex. It allocates
// nothing.
func (l *Layout) Parts(h hex.Hex) (parts [2]Part, n int) {
	js := [2]int{floorDiv(h.Col, BoardCols), -1}
	if h.Col%BoardCols == 0 {
		js[1] = js[0] - 1 // the shared A/GG column
	}
	var is [2]int
	if h.Col&1 == 0 {
		is = [2]int{floorDiv(h.Row-1, BoardRows), -1}
	} else {
		is = [2]int{floorDiv(h.Row, BoardRows), -1}
		if h.Row%BoardRows == 0 {
			is[1] = is[0] - 1 // the shared 0/10 row
		}
	}
	for _, i := range is {
		for _, j := range js {
			if i < 0 || j < 0 || i >= l.rows || j >= l.cols || l.grid[i][j].Board == "" {
				continue
			}
			p := l.local(h, i, j)
			if !onBoard(p.Col, p.Row) {
				continue
			}
			parts[n] = Part{Row: i, Col: j, Slot: l.grid[i][j], Local: p}
			n++
		}
	}
	return parts, n
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// OnMap reports whether h is a hex (whole or half) of some board.
func (l *Layout) OnMap(h hex.Hex) bool {
	_, n := l.Parts(h)
	return n > 0
}

// Name returns the grid coordinate of an on-map hex by ASL A2.2: a combined
// half-hex takes the board number and hexrow of the north-easternmost of its
// two boards, so the name depends on where north lies. Off-map hexes just
// beyond a board's long edge (the mirror hexes of ASL A2.6, such as S0 in
// the SASL 4.11 EX) are named by extending that board's lettering; ok is
// false for hexes with no name.
func (l *Layout) Name(h hex.Hex) (g coord.Grid, ok bool) {
	parts, n := l.Parts(h)
	switch n {
	case 1:
		return parts[0].Grid(), true
	case 2:
		if l.eastNorth(parts[1].Row, parts[1].Col) > l.eastNorth(parts[0].Row, parts[0].Col) {
			return parts[1].Grid(), true
		}
		return parts[0].Grid(), true
	}
	// Off the map: a whole mirror hex beyond a board's long edge is named
	// by extending that board's even hexrow to hex 0 or 11.
	best, bestScore := coord.Grid{}, 0
	for i := range l.rows {
		for j := range l.cols {
			if l.grid[i][j].Board == "" {
				continue
			}
			p := l.local(h, i, j)
			if !offName(p) {
				continue
			}
			if score := l.eastNorth(i, j); !ok || score > bestScore {
				best, bestScore, ok = coord.Grid{Board: l.grid[i][j].Board, Col: p.Col, Row: p.Row}, score, true
			}
		}
	}
	return best, ok
}

// offName reports whether board-local p is a whole hex just beyond a long
// edge of the board: hex 0 or 11 of an even hexrow.
func offName(p hex.Hex) bool {
	return p.Col >= 0 && p.Col <= BoardCols && p.Col&1 == 0 && (p.Row == 0 || p.Row == BoardRows+1)
}

// eastNorth scores a cell by how far north plus how far east it lies. Two
// boards sharing a half-hex are side by side in the frame, so their scores
// differ by one and the higher is the north-easternmost (ASL A2.2).
func (l *Layout) eastNorth(i, j int) int {
	switch l.north {
	case Up: // north is up, east is right
		return -i + j
	case Right: // north is right, east is down
		return j + i
	case Down: // north is down, east is left
		return i - j
	default: // Left: north is left, east is up
		return -j - i
	}
}

// NameString returns the A2.2 name of h, or its frame position in
// parentheses when it has none.
func (l *Layout) NameString(h hex.Hex) string {
	if g, ok := l.Name(h); ok {
		return g.String()
	}
	return h.String()
}

// Locate returns the frame hex of a grid coordinate naming a hex on the map.
// A coordinate without a board is accepted when the configuration has one
// board. Either half of a combined hex locates it, whichever board names it.
func (l *Layout) Locate(g coord.Grid) (hex.Hex, error) {
	board := g.Board
	if board == "" {
		if len(l.at) != 1 {
			return hex.Hex{}, fmt.Errorf("layout: %s names no board; the configuration holds boards %s", g, strings.Join(l.Boards(), ", "))
		}
		for b := range l.at {
			board = b
		}
	}
	cell, ok := l.at[board]
	if !ok {
		return hex.Hex{}, fmt.Errorf("layout: %s: board %s is not in the configuration (%s)", g, board, strings.Join(l.Boards(), ", "))
	}
	if g.Col < 0 || g.Col > BoardCols {
		return hex.Hex{}, fmt.Errorf("layout: %s: no such hexrow", g)
	}
	if !onBoard(g.Col, g.Row) {
		lo := 0
		if g.Col&1 == 0 {
			lo = 1
		}
		return hex.Hex{}, fmt.Errorf("layout: %s is off the board: hexrow %s holds hexes %d..%d", g, coord.ColName(g.Col), lo, BoardRows)
	}
	return l.frame(hex.Hex{Col: g.Col, Row: g.Row}, cell[0], cell[1]), nil
}

// LocateOff is Locate that also accepts the whole hexes just beyond a
// board's long edges: hex 0 or 11 of an even hexrow (the ASL A2.6 mirror
// hexes, such as "whole offboard hex S0" in the SASL 4.11 EX), provided no
// other board covers them.
func (l *Layout) LocateOff(g coord.Grid) (hex.Hex, error) {
	if !offName(hex.Hex{Col: g.Col, Row: g.Row}) {
		return l.Locate(g)
	}
	board := g.Board
	if board == "" && len(l.at) == 1 {
		board = l.Boards()[0]
	}
	cell, ok := l.at[board]
	if !ok {
		return l.Locate(g) // reports the missing board
	}
	h := l.frame(hex.Hex{Col: g.Col, Row: g.Row}, cell[0], cell[1])
	if l.OnMap(h) {
		return hex.Hex{}, fmt.Errorf("layout: %s is not off the map: it is %s", g, l.NameString(h))
	}
	return h, nil
}
