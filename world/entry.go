package world

import (
	"errors"
	"fmt"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// Entry along an edge (SASL 4.2, 4.31), before any die is rolled: the
// boards an S? may choose, the hex of each hexrow or hex number on each,
// and the edge's hexes in order.

// MaxEdgeBoards is the most boards along one edge that entry can choose
// among: a DR read as a two-digit number in base 6 gives 36 outcomes.
const MaxEdgeBoards = 36

// edgeEntry is the entry of one compass edge.
type edgeEntry struct {
	eligible []layout.EdgeBoard
	// hexes[i][x] of eligible board i: the edge hex of hexrow x along a
	// length (4.21), of hex number x along a width (4.22); ok false where
	// the board has none.
	hexes [][]edgeHex
	// why no S? may enter along the edge ("" if one may), and err the
	// same as EntryBoards returns it
	why  string
	err  error
	edge []hex.Hex
	pos  map[hex.Hex]int
}

type edgeHex struct {
	hex hex.Hex
	ok  bool
}

func (w *World) edgeEntry(c layout.Compass) edgeEntry {
	var e edgeEntry
	for _, b := range w.m.EdgeBoards(c) {
		if !b.Length && w.kindOf(b.Board).River {
			continue // SASL 4.22: river boards are not chosen along widths
		}
		e.eligible = append(e.eligible, b)
	}
	switch {
	case len(e.eligible) == 0:
		e.why = fmt.Sprintf("SASL 4.22: no board along the %s edge may be entered (river boards are excluded)", c)
	case len(e.eligible) > MaxEdgeBoards:
		e.why = fmt.Sprintf("SASL 4.22: %d boards along the %s edge; entry chooses among at most %d (a DR read as two base-6 digits)", len(e.eligible), c, MaxEdgeBoards)
	default:
		for _, b := range e.eligible {
			if b.Length != e.eligible[0].Length {
				e.why = fmt.Sprintf("SASL 4.2: the %s edge runs along the length of some boards and the width of others", c)
			}
		}
	}
	if e.why != "" {
		e.err = errors.New("ai: " + e.why)
	}
	for _, b := range e.eligible {
		n := 11 // hex numbers 0..10
		if b.Length {
			n = 33 // hexrows A..GG
		}
		row := make([]edgeHex, n)
		for x := range n {
			row[x].hex, row[x].ok = w.edgeHex(b, c, x)
		}
		e.hexes = append(e.hexes, row)
	}
	e.edge = w.m.Edge(c)
	e.pos = make(map[hex.Hex]int, len(e.edge))
	for i, h := range e.edge {
		e.pos[h] = i
	}
	return e
}

// edgeHex returns the hex of board cell b's edge along compass edge c in
// hexrow x along a length (4.21), with hex number x along a width (4.22).
func (w *World) edgeHex(b layout.EdgeBoard, c layout.Compass, x int) (hex.Hex, bool) {
	for _, h := range w.m.BoardEdge(b.Row, b.Col, w.m.FrameOf(c)) {
		parts, k := w.m.Parts(h)
		for _, pt := range parts[:k] {
			if pt.Board != b.Board {
				continue
			}
			if b.Length && pt.Local.Col == x {
				return h, true
			}
			if !b.Length && pt.Local.Row == x {
				return h, true
			}
		}
	}
	return hex.Hex{}, false
}

// EntryBoards returns the boards along edge c an S? may enter by, in
// clockwise order: all of them, less river boards along widths (SASL
// 4.22); and why none may, or why the edge mixes lengths and widths. The
// slice is the world's own.
func (w *World) EntryBoards(c layout.Compass) ([]layout.EdgeBoard, error) {
	return w.entry[c].eligible, w.entry[c].err
}

// EdgeHex returns the hex of the i-th board of EntryBoards(c) along edge
// c: in hexrow x (SASL 4.21) along a length, with hex number x (4.22)
// along a width. O(1).
func (w *World) EdgeHex(c layout.Compass, i, x int) (hex.Hex, bool) {
	row := w.entry[c].hexes[i]
	if x < 0 || x >= len(row) {
		return hex.Hex{}, false
	}
	return row[x].hex, row[x].ok
}

// Edge returns the hexes along edge c in clockwise order (board.Map.Edge);
// the slice is the world's own.
func (w *World) Edge(c layout.Compass) []hex.Hex { return w.entry[c].edge }

// EdgePos returns the place of hex h in Edge(c), or -1.
func (w *World) EdgePos(c layout.Compass, h hex.Hex) int {
	if i, ok := w.entry[c].pos[h]; ok {
		return i
	}
	return -1
}
