package vassal

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/vasl"
)

// The geometry of VASL's map (../shared/vasl/saves/README.md): a margin
// of 400 pixels around the boards; each geomorphic board 1800 x 645
// pixels in its row and column, 33 hexrows 56.25 pixels apart, hexes
// 64.5 pixels tall, the centres where vasl.Centre puts them: hexrow c at
// x = 56.25 c, hex n of an even hexrow (A, C, ...) at y = 64.5 n - 32.25,
// of an odd one at y = 64.5 n. A reversed board is turned half round.
const (
	Edge        = 400.0
	BoardWidth  = 1800.0
	BoardHeight = 645.0
	colStep     = BoardWidth / layout.BoardCols
	hexHeight   = BoardHeight / layout.BoardRows
)

// Cell is one board of the save's configuration: its column and row (from
// the top left), the board and whether it is reversed.
type Cell struct {
	Col, Row int
	Board    string
	Reversed bool
	// Version is the board's version VASL recorded.
	Version string
}

// Boards returns the board configuration of VASL's board picker command
// ("bd TAB COL TAB ROW TAB [r]BOARD TAB VER TAB VERSION ..."): none if
// the save has no board. A cropped board or a cell named twice is an
// error.
func (s *Save) Boards() ([]Cell, error) { return s.boards(s.Commands()) }

func (s *Save) boards(cmds []string) ([]Cell, error) {
	for _, c := range cmds {
		if !strings.HasPrefix(c, "bd\t") {
			continue
		}
		f := strings.Split(strings.TrimRight(c, "\t"), "\t")
		var cells []Cell
		for i := 0; i < len(f); {
			if f[i] != "bd" || i+3 >= len(f) {
				if len(f) == 1 {
					return nil, nil // "bd": no board
				}
				return nil, fmt.Errorf("%s: board command %q: want bd COLUMN ROW BOARD", s.Name, trim(c))
			}
			col, err1 := strconv.Atoi(f[i+1])
			row, err2 := strconv.Atoi(f[i+2])
			if err1 != nil || err2 != nil || col < 0 || row < 0 || col >= layout.MaxCols || row >= layout.MaxRows {
				return nil, fmt.Errorf("%s: board command: cell %q, %q is not a column and row of a configuration", s.Name, trim(f[i+1]), trim(f[i+2]))
			}
			cell := Cell{Col: col, Row: row, Board: f[i+3]}
			if b, ok := strings.CutPrefix(cell.Board, "r"); ok {
				cell.Board, cell.Reversed = b, true
			}
			if t := strings.TrimLeft(cell.Board, "0"); t != "" && isDigits(cell.Board) {
				cell.Board = t // "02" is board 2
			}
			i += 4
			for i < len(f) && f[i] != "bd" {
				switch {
				case f[i] == "VER" && i+1 < len(f):
					cell.Version = f[i+1]
					i += 2
				default:
					return nil, fmt.Errorf("%s: board %s: %q: a cropped or otherwise changed board is not supported", s.Name, cell.Board, trim(f[i]))
				}
			}
			for _, o := range cells {
				if o.Col == col && o.Row == row {
					return nil, fmt.Errorf("%s: board command: two boards in column %d, row %d", s.Name, col, row)
				}
			}
			cells = append(cells, cell)
		}
		return cells, nil
	}
	return nil, nil
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// LayoutSpec writes cells in sasl's layout notation (layout.Parse): rows
// from the top separated by '/', boards by ',', "r" for reversed, "-" for
// an empty cell.
func LayoutSpec(cells []Cell) string {
	rows, cols := 0, 0
	for _, c := range cells {
		rows, cols = max(rows, c.Row+1), max(cols, c.Col+1)
	}
	grid := make([][]string, rows)
	for r := range grid {
		grid[r] = make([]string, cols)
		for c := range grid[r] {
			grid[r][c] = "-"
		}
	}
	for _, c := range cells {
		grid[c.Row][c.Col] = c.Board
		if c.Reversed {
			grid[c.Row][c.Col] += "r"
		}
	}
	out := make([]string, rows)
	for r, row := range grid {
		out[r] = strings.Join(row, ",")
	}
	return strings.Join(out, "/")
}

// HexAt returns the hex of the board of cells under map pixel (x, y),
// in the board's own grid coordinates: the hex whose centre is nearest;
// ok is false off the boards. A board covers its image's rectangle, its
// right and bottom edges included, where the half hexes of hexrow GG and
// of hex 10 have their centres; where two boards meet, such a half hex is
// read as the first board's of cells (the map makes the two halves one
// hex).
func HexAt(cells []Cell, x, y float64) (g coord.Grid, ok bool) {
	if math.IsNaN(x) || math.IsNaN(y) {
		return g, false
	}
	best := math.Inf(1)
	for _, c := range cells {
		lx, ly := x-Edge-float64(c.Col)*BoardWidth, y-Edge-float64(c.Row)*BoardHeight
		if lx < 0 || ly < 0 || lx > BoardWidth || ly > BoardHeight {
			continue
		}
		if c.Reversed {
			lx, ly = BoardWidth-lx, BoardHeight-ly
		}
		hc, hr := localHex(lx, ly)
		cx, cy := localCentre(hc, hr)
		if d := math.Hypot(lx-cx, ly-cy); d < best {
			best, g, ok = d, coord.Grid{Board: c.Board, Col: hc, Row: hr}, true
		}
	}
	return g, ok
}

// Centre returns the map pixel of the centre of hex g of the board of
// cells it names: HexAt's inverse.
func Centre(cells []Cell, g coord.Grid) (x, y float64, ok bool) {
	for _, c := range cells {
		if c.Board != g.Board {
			continue
		}
		lx, ly := localCentre(g.Col, g.Row)
		if c.Reversed {
			lx, ly = BoardWidth-lx, BoardHeight-ly
		}
		return Edge + float64(c.Col)*BoardWidth + lx, Edge + float64(c.Row)*BoardHeight + ly, true
	}
	return 0, 0, false
}

// localCentre is the board pixel of the centre of hexrow c's hex n, as
// the boards' own geometry has it (vasl.Centre).
func localCentre(c, n int) (x, y float64) {
	return vasl.Centre(int(BoardWidth), int(BoardHeight), hex.Hex{Col: c, Row: n})
}

// localHex is the hex of a board whose centre is nearest board pixel
// (x, y): hexrows A..GG, hexes 1..10 (0..10 in odd hexrows, whose ends
// are half-hexes).
func localHex(x, y float64) (c, n int) {
	best := math.Inf(1)
	c0 := int(math.Round(x / colStep))
	for cc := c0 - 1; cc <= c0+1; cc++ {
		if cc < 0 || cc > layout.BoardCols {
			continue
		}
		var nn int
		if cc&1 == 0 {
			nn = int(math.Round((y + hexHeight/2) / hexHeight))
			nn = min(max(nn, 1), layout.BoardRows)
		} else {
			nn = int(math.Round(y / hexHeight))
			nn = min(max(nn, 0), layout.BoardRows)
		}
		hx, hy := localCentre(cc, nn)
		if d := math.Hypot(x-hx, y-hy); d < best {
			best, c, n = d, cc, nn
		}
	}
	return c, n
}
