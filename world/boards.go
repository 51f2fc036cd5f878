package world

import (
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/tables"
)

// BoardKind is the kind of a mapboard and where sasl got it: a row of
// Table A9, or its terrain when the table has none.
type BoardKind struct {
	Board string
	tables.BoardKind
	// FromTable: a row of Table A9 said so (Source: the row's source);
	// otherwise derived from the counts below.
	FromTable bool
	Source    string
	// Counts behind a derived kind: buildings and rubble Locations, woods
	// hexes, water hexes.
	NBuildings, NWoods, NWater int
}

// Kind returns the kind of board b (SASL Table A9): the table's row if it
// has one, else derived from the board's terrain: built-up with >= 19
// rubble-Locations/buildings (SASL 4.12; a building counts once however many
// hexes it has, each rowhouse hex as a building of its own), woods and
// river by the thresholds of the table.
func Kind(b *board.Board, t *tables.SASL) BoardKind {
	if e, ok := t.A9.Boards[b.ID]; ok {
		return BoardKind{Board: b.ID, BoardKind: e.Value, FromTable: true, Source: e.Source}
	}
	k := BoardKind{Board: b.ID}
	// Buildings are counted once: a walk over BuildingLink hexsides (not
	// across rowhouse walls) marks the other hexes of a multi-hex one.
	var seen [layout.BoardCols + 1][layout.BoardRows + 1]bool
	var stack []hex.Hex
	b.Each(func(h hex.Hex, t *terrain.Hex) {
		switch {
		case t.Kinds.Has(terrain.Building) && !seen[h.Col][h.Row]:
			k.NBuildings++
			seen[h.Col][h.Row] = true
			stack = append(stack[:0], h)
			for len(stack) > 0 {
				cur := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				ct := b.Hex(cur)
				for d := range hex.Dirs {
					f := ct.Sides[d]
					n := cur.Neighbour(d)
					if !f.Has(terrain.BuildingLink) || f.Has(terrain.RowhouseWall) || !board.Valid(n) || seen[n.Col][n.Row] || !b.Hex(n).Kinds.Has(terrain.Building) {
						continue
					}
					seen[n.Col][n.Row] = true
					stack = append(stack, n)
				}
			}
		case t.Kinds.Has(terrain.Rubble):
			k.NBuildings++ // a rubble Location
		}
		if t.Kinds.Has(terrain.Woods) {
			k.NWoods++
		}
		if t.Kinds.Has(terrain.Water) {
			k.NWater++
		}
	})
	k.BuiltUp = k.NBuildings >= t.A9.BuiltUpMin.Value
	k.Woods = k.NWoods >= t.A9.WoodsMin.Value
	k.River = k.NWater >= t.A9.RiverMin.Value
	return k
}
