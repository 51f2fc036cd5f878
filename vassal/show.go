package vassal

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/layout"
)

// Placed is a piece as it stands on the map: on a hex of the boards
// (Location, in A2.2 notation) or off them (setup areas, other maps).
type Placed struct {
	Piece
	// Location is the hex under the piece ("2Q5"); empty off the boards.
	Location string
}

// Contents are what a save holds: its configuration in sasl's layout
// notation and its pieces, those on the boards first, by hex.
type Contents struct {
	Layout string
	Cells  []Cell
	On     []Placed
	Off    []Placed
	// save and stacks: what an Edit of the save starts from; lastID the
	// largest numeric ID any command of the save ever added (a piece
	// removed since too: its ID is not to be given again).
	save   *Save
	stacks []Stack
	lastID int64
}

// Contents reads the save's boards and pieces and places each piece on
// its hex. The configuration is checked as sasl's layout notation reads
// it.
func (s *Save) Contents() (*Contents, error) {
	cmds := s.Commands()
	cells, err := s.boards(cmds)
	if err != nil {
		return nil, err
	}
	out := &Contents{Cells: cells, save: s}
	if len(cells) > 0 {
		out.Layout = LayoutSpec(cells)
		if _, err := layout.Parse(out.Layout, layout.Up); err != nil {
			return nil, fmt.Errorf("%s: board configuration %s: %v", s.Name, out.Layout, err)
		}
	}
	pieces, stacks, err := s.pieces(cmds)
	if err != nil {
		return nil, err
	}
	out.stacks = stacks
	for _, c := range cmds {
		c, _ = strings.CutPrefix(c, "LOG\t")
		if rest, ok := strings.CutPrefix(c, "+/"); ok {
			id, _, _ := strings.Cut(rest, "/")
			if n, err := strconv.ParseInt(id, 10, 64); err == nil && n > out.lastID {
				out.lastID = n
			}
		}
	}
	for _, p := range pieces {
		pl := Placed{Piece: p}
		if g, ok := HexAt(cells, float64(p.X), float64(p.Y)); ok && p.Map == MainMap {
			pl.Location = g.String()
			out.On = append(out.On, pl)
			continue
		}
		out.Off = append(out.Off, pl)
	}
	// By board, hexrow and hex, in the save's order within a hex.
	grid := map[string]coord.Grid{}
	for _, p := range out.On {
		grid[p.ID], _ = coord.ParseGrid(p.Location)
	}
	slices.SortStableFunc(out.On, func(a, b Placed) int {
		ga, gb := grid[a.ID], grid[b.ID]
		return cmp.Or(cmp.Compare(ga.Board, gb.Board), cmp.Compare(ga.Col, gb.Col), cmp.Compare(ga.Row, gb.Row))
	})
	return out, nil
}

// MainMap is the name of VASL's map in a save.
const MainMap = "Main Map"

// Marks says what a piece's state adds to its name: hidden, concealed.
func (p Piece) Marks() string {
	var m []string
	if p.Hidden {
		m = append(m, "hidden (HIP)")
	}
	if p.Concealed {
		m = append(m, "concealed")
	}
	return strings.Join(m, ", ")
}
