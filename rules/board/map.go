package board

import (
	"cmp"
	"crypto/sha256"
	"fmt"
	"slices"
	"sync"

	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
)

func colName(c int) string { return coord.ColName(c) }

// Map is the playing surface of a configuration (ASL A2.1): the boards of a
// layout.Layout butted together, with the terrain of every frame hex. A
// combined hex joins the terrain of its two half-hexes (ASL A2.3). A Map is
// immutable once built and safe for concurrent use. Its storage is
// proportional to its boards: an empty cell of the layout takes a few
// bytes (one entry of blocks), however many there are.
type Map struct {
	*layout.Layout
	boards map[string]*Board
	// The dense index of an on-map hex (Index) is its place in order. A
	// frame hex (c, n) lies in block (n/blockRows, c/blockCols) of the
	// frame; blocks holds, by block, the block's first entry in slots (0
	// for a block with no on-map hex: slots' first block, of none); slots
	// holds blockSize entries a block, the dense index of each of its
	// hexes or -1.
	ncols, nrows int // frame columns 0..ncols-1, rows 0..nrows-1
	bcols        int // blocks in a row of blocks
	blocks       []int32
	slots        []int32
	// frame, for a layout whose frame is mostly boards (not sparse): the
	// dense index of every frame hex, by column then row, or -1; a lookup
	// is then one load (Index is among the most called of a game).
	frame []int32
	hexes []terrain.Hex // by dense index
	order []hex.Hex     // on-map hexes by column then row
	// sight: SightDigest, worked out once (a few ms a board). The boards
	// of a map are not changed once it is made.
	sight *digestOnce
}

// digestOnce is a digest worked out on first use.
type digestOnce struct {
	once sync.Once
	sum  string
}

// The blocks of Map's index: a board's columns but its shared last one, and
// its rows but its shared last one, so that a board's hexes fill about one
// block and butted boards share none.
const (
	blockCols = layout.BoardCols
	blockRows = layout.BoardRows
	blockSize = blockCols * blockRows
)

// denseFrame: a frame of at most this many cells an on-map hex keeps a
// dense index of every cell (Map.frame): 4 bytes a cell, 8 cells a hex at
// most. A sparse layout keeps the blocks alone.
const denseFrame = 8

// boardHexes is the number of hexes of a board (DESIGN.md): 17 hexrows of
// 10 and 16 of 11.
const boardHexes = 17*layout.BoardRows + 16*(layout.BoardRows+1)

// NewMap assembles the boards of l. boards must hold every board of l. It
// takes time and memory proportional to the boards of l, not to its cells.
func NewMap(l *layout.Layout, boards map[string]*Board) (*Map, error) {
	for _, id := range l.Boards() {
		if boards[id] == nil {
			return nil, fmt.Errorf("board: configuration %s needs board %s", l, id)
		}
	}
	maxC, maxR := l.Extent()
	m := &Map{
		Layout: l,
		boards: boards,
		ncols:  maxC + 1,
		nrows:  maxR + 1,
		bcols:  maxC/blockCols + 1,
		sight:  new(digestOnce),
	}
	// The on-map hexes are the hexes of the boards present: a half-hex
	// shared by two boards is found twice.
	ids := l.Boards()
	m.order = make([]hex.Hex, 0, len(ids)*boardHexes)
	for _, id := range ids {
		boards[id].Each(func(p hex.Hex, _ *terrain.Hex) {
			h, err := l.Locate(coord.Grid{Board: id, Col: p.Col, Row: p.Row})
			if err != nil {
				panic(err) // a board's own hex is on the map
			}
			m.order = append(m.order, h)
		})
	}
	slices.SortFunc(m.order, func(a, b hex.Hex) int { return cmp.Or(a.Col-b.Col, a.Row-b.Row) })
	m.order = slices.Compact(m.order)
	// Every block first points at the block of none (slots 0 to
	// blockSize), which the empty blocks share: a look-up needs no test
	// of its block (Index).
	m.blocks = make([]int32, (maxR/blockRows+1)*m.bcols)
	m.slots = make([]int32, blockSize, 5*blockSize) // and a board's four
	for i := range m.slots {
		m.slots[i] = -1
	}
	m.hexes = make([]terrain.Hex, len(m.order))
	for i, h := range m.order {
		b, k := m.block(h)
		if m.blocks[b] == 0 {
			m.blocks[b] = int32(len(m.slots))
			for range blockSize {
				m.slots = append(m.slots, -1)
			}
		}
		m.slots[int(m.blocks[b])+k] = int32(i)
		parts, n := l.Parts(h)
		m.hexes[i] = m.merge(h, parts[:n])
	}
	if cells := m.ncols * m.nrows; cells <= denseFrame*max(len(m.order), 1) {
		m.frame = make([]int32, cells)
		for i := range m.frame {
			m.frame[i] = -1
		}
		for i, h := range m.order {
			m.frame[h.Col*m.nrows+h.Row] = int32(i)
		}
	}
	return m, nil
}

// index is Index, called, not inlined: Terrain and OnMap, which call it,
// stay small enough to be inlined themselves.
//
//go:noinline
func (m *Map) index(h hex.Hex) (int, bool) { return m.Index(h) }

// block returns the block of frame hex h, which must be in the frame, and
// h's place in it. Index writes the same out (calling block would cost it
// its inlining).
func (m *Map) block(h hex.Hex) (b, k int) {
	bi, ri := h.Row/blockRows, h.Row%blockRows
	bj, cj := h.Col/blockCols, h.Col%blockCols
	return bi*m.bcols + bj, cj*blockRows + ri
}

// merge joins the half-hexes of a frame hex.
func (m *Map) merge(h hex.Hex, parts []layout.Part) terrain.Hex {
	name, _ := m.Name(h)
	var out terrain.Hex
	for k, p := range parts {
		t := *m.boards[p.Board].Hex(p.Local)
		if p.Reversed {
			t = t.Reversed()
		}
		if k == 0 {
			out = t
			continue
		}
		// ASL A2.3: Open Ground butted against other terrain is that
		// terrain; kinds are a set, so the union says it.
		out.Kinds = out.Kinds.Union(t.Kinds)
		out.Stairs = out.Stairs || t.Stairs
		if t.Kinds.Has(terrain.Building) && t.Building.Levels >= out.Building.Levels {
			out.Building = t.Building
		}
		// ASL A2.2: the centre dot of the naming board is the hex's.
		if p.Board == name.Board {
			out.Elevation = t.Elevation
		}
		for d := range hex.Dirs {
			out.Sides[d] |= t.Sides[d]
		}
	}
	return out
}

// Digest is the SHA-256, in hex, of the configuration and of every board
// in it written in the native format: maps with the same Digest have the
// same terrain, wherever their boards were read from.
func (m *Map) Digest() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s north=%d\n", m.Layout, m.North())
	ids := m.Boards()
	for _, id := range ids {
		if err := WriteText(h, m.boards[id]); err != nil {
			panic(err) // a hash takes every write
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// SightDigest is the SHA-256, in hex, of what line of sight is traced
// over (rules/los): the map's Digest and each board's raster, the terrain
// picture it was read from (a board without one is drawn from its
// hexes, which Digest covers). Two boards of one terrain read from
// archives whose pictures differ have one Digest, not one SightDigest.
// A raster whose Source is known stands by it, not by its pixels (some 2
// MB a board to hash at every start). It is worked out once a map.
func (m *Map) SightDigest() string {
	if m.sight == nil { // a map not made by NewMap
		return m.sightDigest()
	}
	m.sight.once.Do(func() { m.sight.sum = m.sightDigest() })
	return m.sight.sum
}

func (m *Map) sightDigest() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", m.Digest())
	for _, id := range m.Boards() {
		if r := m.boards[id].Raster; r != nil && r.Source != ([32]byte{}) {
			fmt.Fprintf(h, "%s raster %dx%d read from %x\n", id, r.W, r.H, r.Source)
		} else if r != nil {
			fmt.Fprintf(h, "%s raster %dx%d\n", id, r.W, r.H)
			h.Write(r.Pix)
		} else {
			fmt.Fprintf(h, "%s no raster\n", id)
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// Board returns a board of the map.
func (m *Map) Board(id string) *Board { return m.boards[id] }

// Terrain returns the terrain of an on-map hex, with hexsides in the frame's
// directions. The pointer is to the map's own storage: do not modify it.
func (m *Map) Terrain(h hex.Hex) (*terrain.Hex, bool) {
	i, ok := m.index(h)
	if !ok {
		return nil, false
	}
	return &m.hexes[i], true
}

// Side returns the features of hexside d of on-map hex h.
func (m *Map) Side(h hex.Hex, d hex.Dir) terrain.Features {
	t, ok := m.Terrain(h)
	if !ok {
		return 0
	}
	return t.Sides[d]
}

// Hexes returns the on-map hexes, by frame column then row. The slice is
// the map's own: do not modify it.
func (m *Map) Hexes() []hex.Hex { return m.order }

// Len returns the number of on-map hexes.
func (m *Map) Len() int { return len(m.order) }

// Index returns a dense index of on-map hex h in [0, Stride()): suitable for
// slices indexed by hex. It is h's place in Hexes. ok is false off the map.
// O(1).
//
// Index is among the most called functions of a game (the state's, the
// graph's and the sight cache's look-ups): it is written to be inlined
// (the compiler's budget, which it just fits), a layout mostly of boards
// reading its frame's dense table, a sparse one its blocks (an empty
// block the block of none). Where ok is false the index is not one
// (-1 for a hex off the map within the frame): never use it.
func (m *Map) Index(h hex.Hex) (int, bool) {
	if uint(h.Col) >= uint(m.ncols) || uint(h.Row) >= uint(m.nrows) {
		return 0, false
	}
	var i int32
	if m.frame != nil {
		i = m.frame[h.Col*m.nrows+h.Row]
	} else {
		i = m.slots[int(m.blocks[(h.Row/blockRows)*m.bcols+h.Col/blockCols])+(h.Col%blockCols)*blockRows+h.Row%blockRows]
	}
	return int(i), i >= 0
}

// OnMap reports whether h is a hex of the map: layout.Layout.OnMap, read
// from the map's index. O(1).
func (m *Map) OnMap(h hex.Hex) bool {
	_, ok := m.index(h)
	return ok
}

// Stride is the size of the dense hex index space of Index: the number of
// on-map hexes (Len), so that slices indexed by hex are proportional to the
// boards of the map, never to the empty cells of its layout.
func (m *Map) Stride() int { return len(m.order) }

// BuildingHexes returns the hexes of the building that h is part of: h and
// every hex joined to it by BuildingLink hexsides (ASL B23.1). A rowhouse
// hex is a building of its own for SASL 4.12.
func (m *Map) BuildingHexes(h hex.Hex) []hex.Hex {
	t, ok := m.Terrain(h)
	if !ok || !t.Kinds.Has(terrain.Building) {
		return nil
	}
	out := []hex.Hex{h}
	seen := map[hex.Hex]bool{h: true}
	for k := 0; k < len(out); k++ {
		cur := out[k]
		ct, _ := m.Terrain(cur)
		for d := range hex.Dirs {
			if !ct.Sides[d].Has(terrain.BuildingLink) || ct.Sides[d].Has(terrain.RowhouseWall) {
				continue
			}
			n := cur.Neighbour(d)
			if nt, ok := m.Terrain(n); ok && nt.Kinds.Has(terrain.Building) && !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}
