package layout

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/rules/coord"
)

// Board geometry in the frame (DESIGN.md): a board spans 32 column steps
// (33 hexrows, A..GG, sharing the first and last with its neighbours) and 10
// hex heights (even hexrows hold hexes 1..10, odd hexrows 0..10).
const (
	BoardCols = 32
	BoardRows = 10
)

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=Frame,Compass -linecomment

// Bounds on a configuration, checked where one is made (New, Parse), so that
// nothing sized by a configuration can ask for more than its boards need.
// Real ASL scenarios on geomorphic boards use one board to a few dozen;
// MaxBoards = 36 leaves room beyond them and is what entry along an edge
// can serve (world.MaxEdgeBoards: a DR read as two base-6 digits chooses
// among 36 boards), so no edge of a configuration that New accepts has
// more boards than entry chooses among. A row or a column with no board separates boards without
// joining them, so a configuration of at most MaxBoards boards needs no
// more than MaxBoards rows and MaxBoards columns; MaxCells follows. The
// memory of a map is proportional to its boards (board.Map, rules/los),
// an empty cell costing a few bytes, and loops over the cells (Name off the
// map, EdgeBoards) stay short.
const (
	MaxBoards = 36
	MaxRows   = MaxBoards
	MaxCols   = MaxBoards
	MaxCells  = MaxRows * MaxCols
)

// Frame is a side of the board frame: the picture of the configuration with
// boards' long sides horizontal.
type Frame uint8

const (
	Up    Frame = iota // up
	Right              // right
	Down               // down
	Left               // left
)

// Clockwise returns the frame side k quarter turns clockwise of f.
func (f Frame) Clockwise(k int) Frame { return Frame((int(f) + k%4 + 4) % 4) }

// ParseFrame reads up, right, down or left.
func ParseFrame(s string) (Frame, error) {
	for f := Up; f <= Left; f++ {
		if f.String() == s {
			return f, nil
		}
	}
	return 0, fmt.Errorf("layout: unknown frame side %q (want up, right, down or left)", s)
}

// Compass is a compass direction, used to name the edges of a configuration
// (FBE and EBE are compass edges).
type Compass uint8

const (
	North Compass = iota // north
	East                 // east
	South                // south
	West                 // west
)

// ParseCompass reads north, east, south or west.
func ParseCompass(s string) (Compass, error) {
	for c := North; c <= West; c++ {
		if c.String() == s {
			return c, nil
		}
	}
	return 0, fmt.Errorf("layout: unknown edge %q (want north, east, south or west)", s)
}

// Opposite returns the compass direction facing c.
func (c Compass) Opposite() Compass { return (c + 2) % 4 }

// Slot is one cell of a configuration: a board, turned 180 degrees or not.
// An empty Board is an empty cell.
type Slot struct {
	Board    string
	Reversed bool
}

func (s Slot) String() string {
	switch {
	case s.Board == "":
		return "-"
	case s.Reversed:
		return s.Board + "r"
	}
	return s.Board
}

// Layout is a board configuration (ASL A2.1): boards in rows and columns of
// the frame, all parallel, with north on one side of the frame. A Layout is
// immutable and safe for concurrent use.
type Layout struct {
	grid  [][]Slot
	north Frame
	rows  int
	cols  int
	at    map[string][2]int // board ID -> (row, column) of its slot
}

// New checks and builds a configuration. Rows must all have the same number
// of cells; at least one board must be present; a board may appear once
// (two copies would make A2.2 names ambiguous); the cells, rows, columns
// and boards are within MaxCells, MaxRows, MaxCols and MaxBoards.
func New(grid [][]Slot, north Frame) (*Layout, error) {
	if len(grid) == 0 || len(grid[0]) == 0 {
		return nil, errors.New("layout: no boards")
	}
	cells := 0
	for _, row := range grid {
		cells += len(row)
	}
	if err := checkSize(cells, len(grid)); err != nil {
		return nil, err
	}
	l := &Layout{north: north, rows: len(grid), cols: len(grid[0]), at: map[string][2]int{}}
	for i, row := range grid {
		if len(row) > MaxCols {
			return nil, fmt.Errorf("layout: row %d has %d cells; at most %d columns", i+1, len(row), MaxCols)
		}
		if len(row) != l.cols {
			return nil, fmt.Errorf("layout: row %d has %d boards, row 1 has %d", i+1, len(row), l.cols)
		}
		l.grid = append(l.grid, append([]Slot(nil), row...))
		for j, s := range row {
			if s.Board == "" {
				continue
			}
			if _, dup := l.at[s.Board]; dup {
				return nil, fmt.Errorf("layout: board %s appears twice; its grid coordinates would be ambiguous", s.Board)
			}
			l.at[s.Board] = [2]int{i, j}
		}
	}
	if len(l.at) == 0 {
		return nil, errors.New("layout: no boards, only empty cells")
	}
	if len(l.at) > MaxBoards {
		return nil, fmt.Errorf("layout: %d boards; at most %d", len(l.at), MaxBoards)
	}
	if north > Left {
		return nil, fmt.Errorf("layout: invalid north %d", north)
	}
	return l, nil
}

// Parse reads a configuration written as rows from top to bottom separated
// by '/', boards in a row separated by ',', a board number with an "r"
// suffix for a reversed board and "-" for an empty cell: "3r/2/16" is board
// 3 reversed above 2 above 16; "33,2r" is 33 left of 2 reversed.
//
// The size is checked before the cells are read (checkSize), so a spec of
// any length costs no more than its own bytes.
func Parse(spec string, north Frame) (*Layout, error) {
	rows := strings.Count(spec, "/") + 1
	if err := checkSize(rows+strings.Count(spec, ","), rows); err != nil {
		return nil, err
	}
	var grid [][]Slot
	for _, row := range strings.Split(spec, "/") {
		var slots []Slot
		for _, cell := range strings.Split(row, ",") {
			s, err := ParseSlot(cell)
			if err != nil {
				return nil, fmt.Errorf("%w (in %q)", err, spec)
			}
			slots = append(slots, s)
		}
		grid = append(grid, slots)
	}
	l, err := New(grid, north)
	if err != nil {
		return nil, fmt.Errorf("%w (in %q)", err, spec)
	}
	return l, nil
}

// checkSize refuses a configuration of more than MaxCells cells or
// MaxRows rows. (New checks the columns, row by row.)
func checkSize(cells, rows int) error {
	switch {
	case cells > MaxCells:
		return fmt.Errorf("layout: %d cells; at most %d (%d rows of %d)", cells, MaxCells, MaxRows, MaxCols)
	case rows > MaxRows:
		return fmt.Errorf("layout: %d rows; at most %d", rows, MaxRows)
	}
	return nil
}

// ParseSlot reads one cell of a configuration: a board ID ("33", "x1"),
// with an "r" suffix for a reversed board ("3r"), or "-" for an empty cell.
func ParseSlot(cell string) (Slot, error) {
	cell = strings.TrimSpace(cell)
	switch cell {
	case "-":
		return Slot{}, nil
	case "":
		return Slot{}, errors.New("layout: empty cell (write - for a cell without a board)")
	}
	s := Slot{Board: cell}
	if b, ok := strings.CutSuffix(cell, "r"); ok && b != "" {
		s = Slot{Board: b, Reversed: true}
	}
	if !validBoardID(s.Board) {
		return Slot{}, fmt.Errorf("layout: %q is not a board ID (digits, or a letter and digits)", s.Board)
	}
	return s, nil
}

// validBoardID reports whether id is written as coord.Grid expects.
func validBoardID(id string) bool {
	g, err := coord.ParseGrid(id + "A1")
	return err == nil && g.Board == id && !g.Overlay
}

// Single returns the configuration of one unreversed board with north up.
func Single(board string) *Layout {
	l, err := New([][]Slot{{{Board: board}}}, Up)
	if err != nil {
		panic(err)
	}
	return l
}

// String writes the configuration as Parse reads it.
func (l *Layout) String() string {
	rows := make([]string, l.rows)
	for i, row := range l.grid {
		cells := make([]string, len(row))
		for j, s := range row {
			cells[j] = s.String()
		}
		rows[i] = strings.Join(cells, ",")
	}
	return strings.Join(rows, "/")
}

// North returns the frame side where north lies.
func (l *Layout) North() Frame { return l.north }

// Size returns the number of rows and columns of board cells.
func (l *Layout) Size() (rows, cols int) { return l.rows, l.cols }

// Slot returns the cell at row i, column j.
func (l *Layout) Slot(i, j int) Slot { return l.grid[i][j] }

// Boards returns the board IDs in reading order (rows top to bottom, left to
// right).
func (l *Layout) Boards() []string {
	var out []string
	for _, row := range l.grid {
		for _, s := range row {
			if s.Board != "" {
				out = append(out, s.Board)
			}
		}
	}
	return out
}

// Has reports whether the configuration holds board id.
func (l *Layout) Has(id string) bool { _, ok := l.at[id]; return ok }

// Extent returns the frame columns and rows a configuration of this size
// can hold: columns 0..maxCol, rows 0..maxRow.
func (l *Layout) Extent() (maxCol, maxRow int) {
	return BoardCols * l.cols, BoardRows * l.rows
}

// FrameOf returns the frame side that compass direction c points to.
func (l *Layout) FrameOf(c Compass) Frame { return l.north.Clockwise(int(c)) }

// CompassOf returns the compass direction of frame side f.
func (l *Layout) CompassOf(f Frame) Compass { return Compass((int(f) - int(l.north) + 4) % 4) }
