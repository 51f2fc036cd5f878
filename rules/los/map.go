package los

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Pixel geometry of VASL's hex grid: hexrows 56.25 pixels apart, hexes 64.5
// pixels tall, hex A1's centre dot at (0, 32.25).
const (
	hexW = float64(board.RasterW) / layout.BoardCols
	hexH = float64(board.RasterH) / layout.BoardRows
)

// codeOffMap marks pixels of an empty cell of a configuration: no board
// there. VASL has no terrain code 255.
const codeOffMap = 255

// Map is the line of sight over a board.Map in one season: the boards'
// rasters butted together as in the configuration (a reversed board's
// picture turned 180 degrees), and the hex data VASL derives from them. It
// is built once (BenchmarkNew: about 7 ms of CPU and 130 KB a board beside
// its raster) and is then read only and safe for concurrent use.
//
// Pixels and hexes are addressed in the frame of the whole configuration,
// as VASL lays its boards out, but only the boards present are stored: a
// board's raster is a tile of the frame (the board's own, or its turned
// copy for a reversed board), a pixel of an empty cell is read as no
// board (codeOffMap), and only the hexes within hexReach of a board's
// have hex data (buildHexes). The memory of a Map is proportional to its
// boards, a few hundred KB a board beside their rasters, whatever the
// empty cells around them.
type Map struct {
	m      *board.Map
	season terrain.Season
	p      *[256]prop
	gw, gh int // pixels of the frame
	// pix is the raster of each tile (a board's, turned for a reversed
	// board: x major, boardN pixels of two bytes, ground level and terrain
	// code, as board.Raster); tileOf gives the tile of each cell of the
	// configuration (row major, tcols a row), -1 for an empty cell. addr
	// finds a pixel. What a line reads first of a pixel, its iv, comes of
	// its code and level (ivTop, ivAt); its hex (ownAt) and grown polygons
	// (nearAt) are found when a line looks at it.
	pix    [][]byte
	ivTop  [256]int16
	tileOf []int32
	tcols  int
	ncols  int // frame hexrows 0..ncols-1
	nrows  int // frame hex numbers 0..nrows-1
	// hexes is the hex data of the hexes within hexReach of a board's,
	// by frame hexrow then hex number; hexAt finds one through hexBlocks
	// (by block of the frame, as board.Map's index: its first entry in
	// hexSlots, -1 for none) and hexSlots (hexBlockN entries a block: the
	// index in hexes, -1 for none).
	hexes     []hexInfo
	hexBlocks []int32
	hexSlots  []int32
	hbcols    int
	// spine is the maximum of the pixels' iv over blocks of block x block
	// pixels of the frame, 127 for blocks holding a pixel of a hex next to
	// inherent terrain, which a line along hexsides must look at (ASL
	// B.6): a line skips the blocks where it is not above the lower end's
	// level (Map.boring). A block is kept with the tile of its first
	// pixel, spineN a tile (spineAt); one holding a pixel of an empty
	// cell is 127. inh says, by block as spine, which hold a pixel of a
	// hex of inherent terrain, which every line looks at.
	spine    []int8
	inh      []bool
	nbx, nby int
	// slow makes every line judge every pixel (tests compare it with the
	// filtered walk).
	slow bool
	// Rasterised lists the boards of the map with no raster of their own,
	// whose picture was drawn from their hexes (Rasterise).
	Rasterised []string
}

// The tiles of Map.pix: one board's raster, boardN pixels.
const (
	boardW, boardH = board.RasterW, board.RasterH
	boardN         = boardW * boardH
)

// A pixel of an empty cell of the configuration is of no board: its code
// is codeOffMap, its level 0, and every line must look at it (ivTop), which
// ends the line (walk.judge).

// ivTops returns, by terrain code, twice the height the terrain reaches
// (prop.top2), or 127 for a pixel every line must look at (a cliff, a
// rowhouse wall, no board). A pixel's iv, what a line reads first of it
// (ivAt), is twice the highest level its terrain reaches (2*ground +
// top2, at most 126), or 127 where its code's is. A line whose lower end
// is at least as high passes it by, but for a pixel of a hex of inherent
// terrain (ASL B.6: every pixel of such a hex is judged as that terrain,
// walk.apply; Map.inh says which blocks hold one). Hexside terrain
// (walls, hedges) has its height: a line whose lower end is above it is
// not blocked by it (the hexside rule asks for both ends at its level,
// hexsideRule).
func ivTops(props *[256]prop) (top [256]int16) {
	for code := range top {
		p := &props[code]
		top[code] = int16(p.top2)
		if code == codeOffMap || p.is&(isCliff|isRowhouse) != 0 {
			top[code] = 127
		}
	}
	return top
}

// ivAt is the iv of a pixel of ground level gl and terrain code, where
// top is ivTops's.
func ivAt(top *[256]int16, gl int8, code uint8) int8 {
	t := top[code]
	if t == 127 {
		return 127
	}
	return int8(min(2*int(gl)+int(t), 126))
}

// A pixel's near says which grown polygons (hexInfo.contains) hold it:
// bit s that of its hex's neighbour s, bit 6 its hex's own (nearAt).

// cube returns the x and z cube coordinates of h (as hex.Distance counts).
func cube(h hex.Hex) (x, z int32) {
	return int32(h.Col), int32(h.Row - (h.Col-(h.Col&1))/2)
}

// hexDist is hex.Distance between two hexes of the map.
func hexDist(a, b *hexInfo) int {
	dx, dz := a.cx-b.cx, a.cz-b.cz
	return int(max(abs32(dx), abs32(dz), abs32(dx+dz)))
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// dirTo gives, by the cube step from a hex to a neighbour (x and z, each
// plus one), the neighbour's index in hexInfo.nb; -1 where no step leads.
var dirTo = func() (t [3][3]int8) {
	for i := range t {
		for j := range t[i] {
			t[i][j] = -1
		}
	}
	h := hex.Hex{Col: 2, Row: 2}
	hx, hz := cube(h)
	for d := range hex.Dirs {
		nx, nz := cube(h.Neighbour(d))
		t[nx-hx+1][nz-hz+1] = int8(d)
	}
	return t
}()

// pt is a pixel position.
type pt struct{ x, y int32 }

// hexInfo is VASL's per-hex data (Hex.java): the LOS point (the centre
// dot, truncated to a pixel), the polygon of the hex grown by a pixel, the
// hexside points 1 pixel inside each hexside's middle, the terrain of the
// centre Location and of each hexside Location, and the base level.
type hexInfo struct {
	idx      uint16 // the index in Map.hexes
	h        hex.Hex
	los      pt
	ext      [6]pt
	min, max pt // bounds of ext
	border   [2]pt
	side     [6]pt
	on       uint8 // bit s: hexside s lies on the map
	centre   uint8 // terrain code of the centre Location
	base     int8
	sideTerr [6]int16    // hexside terrain code, -1 for none
	locTerr  [6]uint8    // terrain code of each hexside Location
	cliff    bool        // some hexside is a cliff
	inhNear  bool        // the centre terrain of the hex or of a neighbour is inherent
	inh      bool        // the centre terrain of the hex is inherent (ASL B.6)
	nb       [6]*hexInfo // the neighbours (adj), nil off the grid
	cx, cz   int32       // cube coordinates (hexDist)
	// reg says the hex lies as in the unbounded grid, moved by whole
	// periods (regularGeometry); regNear has bit 6 and the bits of its
	// neighbours that do too: whether their grown polygons hold a pixel
	// of it is nearPeriod's (buildInterest).
	reg     bool
	regNear uint8
}

// New builds the line of sight of m in season s. Boards with a raster of
// the standard size use it; the others are rasterised from their hexes.
// Time and memory are proportional to the boards of m.
func New(m *board.Map, s terrain.Season) (*Map, error) {
	rows, cols := m.Size()
	maxC, maxR := m.Extent()
	lm := &Map{
		m:      m,
		season: s,
		p:      propsFor(s),
		gw:     boardW * cols,
		gh:     boardH * rows,
		ncols:  maxC + 1,
		nrows:  maxR + 1,
		tcols:  cols,
		tileOf: make([]int32, rows*cols),
	}
	tiles := int32(0) // the tiles made so far
	for i := range rows {
		for j := range cols {
			lm.tileOf[i*cols+j] = -1
			slot := m.Slot(i, j)
			if slot.Board == "" {
				continue
			}
			b := m.Board(slot.Board)
			r := b.Raster
			if r == nil || r.W != board.RasterW || r.H != board.RasterH {
				r = rasterised(b)
				lm.Rasterised = append(lm.Rasterised, slot.Board)
			}
			lm.tileOf[i*cols+j] = tiles
			tiles++
			pix := r.Pix
			if slot.Reversed {
				pix = turned(r)
			}
			lm.pix = append(lm.pix, pix)
		}
	}
	if err := lm.buildHexes(); err != nil {
		return nil, err
	}
	lm.buildInterest()
	return lm, nil
}

// turned returns the pixels of a board's raster, of the standard size,
// turned 180 degrees (a reversed board).
func turned(r *board.Raster) []byte {
	out := make([]byte, len(r.Pix))
	for x := range r.W {
		src := r.Pix[2*x*r.H : 2*(x+1)*r.H]
		dst := out[2*(r.W-1-x)*r.H : 2*(r.W-x)*r.H]
		for y := range r.H {
			fy := r.H - 1 - y
			dst[2*fy], dst[2*fy+1] = src[2*y], src[2*y+1]
		}
	}
	return out
}

// tile returns the tile of the cell holding on-raster pixel (x, y), -1 for
// an empty cell, and the pixel's place in the tile.
func (lm *Map) tile(x, y int) (t, lx, ly int) {
	tx, ty := x/boardW, y/boardH
	return int(lm.tileOf[ty*lm.tcols+tx]), x - tx*boardW, y - ty*boardH
}

// addr returns a dense index of on-raster pixel (x, y) over the tiles, -1
// for a pixel of an empty cell: tile t's pixels from t*boardN, by column
// (boardH a column) then row.
func (lm *Map) addr(x, y int) int {
	t, lx, ly := lm.tile(x, y)
	if t < 0 {
		return -1
	}
	return t*boardN + lx*boardH + ly
}

// rasterAt returns the ground level and terrain code of on-raster pixel
// (x, y): codeOffMap (level 0) in an empty cell.
func (lm *Map) rasterAt(x, y int) (gl int8, code uint8) {
	t, lx, ly := lm.tile(x, y)
	if t < 0 {
		return 0, codeOffMap
	}
	i := lx*boardH + ly
	return int8(lm.pix[t][2*i]), lm.pix[t][2*i+1]
}

// ownAt returns the hex of on-board pixel (x, y): the hex of VASL's grid
// whose centre dot is nearest (gridToHex).
func (lm *Map) ownAt(x, y int) *hexInfo { return lm.hexAt(lm.nearestValid(x, y)) }

// nearAt returns the near bits of on-board pixel (x, y) of hex h (its
// ownAt): polygonBits, read off the grid's period where the hex is
// regular and is the period's hex of the pixel (not one found where that
// fell off VASL's grid), and so are its neighbours (nearPeriod,
// hexInfo.reg).
func nearAt(h *hexInfo, x, y int) uint8 {
	if !h.reg {
		return nearBits(h, x, y)
	}
	c, n, i := periodHex(x, y)
	if c != h.h.Col || n != h.h.Row {
		return nearBits(h, x, y)
	}
	near := nearPeriod()[i] & h.regNear
	if h.regNear != 0x7F {
		// Neighbours off the grid hold nothing; the others' polygons are
		// tested.
		for s, n := range h.nb {
			if h.regNear&(1<<s) == 0 && n != nil && n.contains(x, y) {
				near |= 1 << s
			}
		}
	}
	return near
}

// block is the side of the blocks of spine, in pixels.
const block = 16

// The blocks of spine kept with a tile: those whose first pixel lies in
// it, at most spineCols x spineRows.
const (
	spineCols = (boardW + block - 1) / block
	spineRows = (boardH + block - 1) / block
	spineN    = spineCols * spineRows
)

// spineIndex returns the index in spine of block (bx, by) of the frame,
// -1 for a block whose first pixel lies in an empty cell.
func (lm *Map) spineIndex(bx, by int) int {
	x, y := bx*block, by*block
	t, _, _ := lm.tile(x, y)
	if t < 0 {
		return -1
	}
	tx, ty := x/boardW, y/boardH
	return t*spineN + (bx-ceilDiv(tx*boardW, block))*spineRows + by - ceilDiv(ty*boardH, block)
}

// spineAt returns the spine of block (bx, by) of the frame: 127 for a
// block with a pixel in an empty cell.
func (lm *Map) spineAt(bx, by int) int8 {
	if b := lm.spineIndex(bx, by); b >= 0 {
		return lm.spine[b]
	}
	return 127
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// buildInterest makes the spine blocks (spine, inh) from the pixels'
// iv and hexes. The pixels are visited column by column, their place in
// the grid's period kept as they go (nearestValid's tiles): a pixel's hex
// is the period's but where that falls off VASL's grid. A block takes the
// pixels of the cells it straddles (spineIndex: kept with the tile of its
// first pixel); one that reaches into an empty cell is 127.
func (lm *Map) buildInterest() {
	lm.ivTop = ivTops(lm.p)
	lm.nbx, lm.nby = ceilDiv(lm.gw, block), ceilDiv(lm.gh, block)
	lm.spine = make([]int8, len(lm.pix)*spineN)
	lm.inh = make([]bool, len(lm.pix)*spineN)
	for i := range lm.spine {
		lm.spine[i] = math.MinInt8
	}
	for k, t := range lm.tileOf {
		if t < 0 {
			continue
		}
		x0, y0 := k%lm.tcols*boardW, k/lm.tcols*boardH
		ky0, oy0 := y0/tileH, y0%tileH
		pix := lm.pix[t]
		for lx := range boardW {
			x := x0 + lx
			kx, ox := x/tileW, x%tileW
			src := pix[2*lx*boardH : 2*(lx+1)*boardH]
			tiles := nearestTile[ox*tileH : (ox+1)*tileH]
			// The hex of the last pixel's period place: the next pixel
			// down mostly has the same.
			lc, ln, h := -1, -1, (*hexInfo)(nil)
			ky, oy := ky0, oy0
			// The rows of the column by spine block: ly from a to b.
			for a := 0; a < boardH; {
				y := y0 + a
				b := min(boardH, (y/block+1)*block-y0)
				top, inh := int8(math.MinInt8), false
				for ly := a; ly < b; ly++ {
					o := tiles[oy]
					if c, n := int(o[0])+tileCols*kx, int(o[1])+tileRows*ky; c == lc && n == ln {
					} else if lm.valid(c, n) {
						lc, ln, h = c, n, lm.hexAt(c, n)
					} else {
						lc, ln, h = -1, -1, lm.hexAt(nearestCentre(float64(x), float64(y0+ly), lm.valid))
					}
					v := ivAt(&lm.ivTop, int8(src[2*ly]), src[2*ly+1])
					if h.inhNear {
						v = 127
					}
					top, inh = max(top, v), inh || h.inh
					if oy++; oy == tileH {
						ky, oy = ky+1, 0
					}
				}
				if sb := lm.spineIndex(x/block, y/block); sb >= 0 {
					lm.spine[sb] = max(lm.spine[sb], top)
					lm.inh[sb] = lm.inh[sb] || inh
				}
				a = b
			}
		}
	}
	lm.spineEdges()
}

// inhAt reports whether block (bx, by) of the frame holds a pixel of a
// hex of inherent terrain (or of an empty cell).
func (lm *Map) inhAt(bx, by int) bool {
	if b := lm.spineIndex(bx, by); b >= 0 {
		return lm.inh[b]
	}
	return true
}

// nearPeriod returns the near bits of each pixel of the grid's period
// (tileW x tileH pixels, by column as nearestTile) in the unbounded grid:
// that of any pixel of the boards whose hex is regular (hexInfo.reg), at
// the same place in its period. The grid's geometry repeats by whole
// pixels every period, and a pixel's grown polygons are its hex's and its
// neighbours' (nearBits). Where a neighbour is not regular (its polygon
// cut by the edge of the frame), the other bits are still the period's
// (hexInfo.regNear).
var nearPeriod = sync.OnceValue(func() []uint8 {
	g := unboundedGrid()
	out := make([]uint8, tileW*tileH)
	for x := range tileW {
		for y := range tileH {
			o := nearestTile[x*tileH+y]
			h := g.at(int(o[0])+tileCols*periods, int(o[1])+tileRows*periods)
			out[x*tileH+y] = nearBits(h, x+tileW*periods, y+tileH*periods)
		}
	}
	return out
})

// periods is how many periods of the grid lie before the one
// unboundedGrid takes as the period of the unbounded grid, across and
// down: enough that no point of it or of its neighbours is moved onto
// the frame (Map.fix).
const periods = 2

// grid is the hex data of the hexes of a stretch of the grid (geometry
// and neighbours only), for the regular geometry (nearPeriod, regular).
type grid struct {
	cols, rows int
	hexes      []hexInfo
}

func (g *grid) at(c, n int) *hexInfo {
	if c < 0 || n < 0 || c >= g.cols || n >= g.rows {
		return nil
	}
	return &g.hexes[c*g.rows+n]
}

// unboundedGrid returns the hexes of 2*periods+1 periods of the grid
// each way, laid out in a frame large enough that none is at its edges:
// the hexes of its middle periods lie as in the unbounded grid.
var unboundedGrid = sync.OnceValue(func() *grid {
	n := 2*periods + 1
	lm := &Map{gw: tileW * (n + 2), gh: tileH * (n + 2), ncols: tileCols*(n+2) + 1, nrows: tileRows*(n+2) + 1}
	g := &grid{cols: tileCols * n, rows: tileRows * n}
	g.hexes = make([]hexInfo, g.cols*g.rows)
	for c := range g.cols {
		for r := range g.rows {
			lm.geometry(g.at(c, r), hex.Hex{Col: c, Row: r})
		}
	}
	for c := range g.cols {
		for r := range g.rows {
			h := g.at(c, r)
			for s := range 6 {
				nb := h.h.Neighbour(hex.Dir(s))
				h.nb[s] = g.at(nb.Col, nb.Row)
			}
		}
	}
	return g
})

// regularGeometry reports whether hex data h lies as the hex of the same
// place in the grid's period of the unbounded grid, moved by whole
// periods: its LOS point and grown polygon (what nearBits reads).
func regularGeometry(h *hexInfo) bool {
	g := unboundedGrid()
	c, n := h.h.Col, h.h.Row
	rc, rn := c%tileCols+tileCols*periods, n%tileRows+tileRows*periods
	if c < 0 || n < 0 {
		return false
	}
	dx, dy := int32((c-rc)/tileCols*tileW), int32((n-rn)/tileRows*tileH)
	r := g.at(rc, rn)
	move := func(p pt) pt { return pt{p.x + dx, p.y + dy} }
	if h.los != move(r.los) || h.min != move(r.min) || h.max != move(r.max) {
		return false
	}
	for k := range h.ext {
		if h.ext[k] != move(r.ext[k]) {
			return false
		}
	}
	return true
}

// spineEdges makes 127 the spine blocks that reach into an empty cell:
// a block is smaller than a cell, so one of its corners then lies in it.
func (lm *Map) spineEdges() {
	for k, t := range lm.tileOf {
		if t < 0 {
			continue
		}
		x0, y0 := k%lm.tcols*boardW, k/lm.tcols*boardH
		for bx := ceilDiv(x0, block); bx < min(ceilDiv(x0+boardW, block), lm.nbx); bx++ {
			for by := ceilDiv(y0, block); by < min(ceilDiv(y0+boardH, block), lm.nby); by++ {
				xa, ya := bx*block, by*block
				xb, yb := min(xa+block, lm.gw)-1, min(ya+block, lm.gh)-1
				if lm.addr(xb, ya) < 0 || lm.addr(xa, yb) < 0 || lm.addr(xb, yb) < 0 {
					lm.spine[lm.spineIndex(bx, by)] = 127
				}
			}
		}
	}
}

// nearBits returns the near bits of pixel (x, y) of hex h. The grown
// polygons reach little more than a pixel past the hexsides, which lie
// within a pixel of the lines halfway between centre dots, so a pixel
// further than nearMargin inside all of those lines is in h's polygon and
// no neighbour's, and only the others are tested.
func nearBits(h *hexInfo, x, y int) uint8 {
	far := true
	dh := sq(x-int(h.los.x), y-int(h.los.y))
	for _, n := range h.nb {
		if n == nil {
			continue
		}
		// (|p-n|^2 - |p-h|^2) / (2|n-h|) is p's distance inside the line
		// halfway between the two dots.
		dn := sq(x-int(n.los.x), y-int(n.los.y))
		if d := dn - dh; d <= 0 || d*d <= 4*nearMargin*nearMargin*sq(int(n.los.x-h.los.x), int(n.los.y-h.los.y)) {
			far = false
			break
		}
	}
	if far {
		return 1 << 6
	}
	return polygonBits(h, x, y)
}

// polygonBits is the near bits by the polygon tests.
func polygonBits(h *hexInfo, x, y int) uint8 {
	var near uint8
	if h.contains(x, y) {
		near = 1 << 6
	}
	for s, n := range h.nb {
		if n != nil && n.contains(x, y) {
			near |= 1 << s
		}
	}
	return near
}

// nearMargin is, in pixels, how far inside its hex's hexsides a pixel must
// lie for nearBits to skip the polygon tests.
const nearMargin = 4

// boring reports whether no pixel of block column bx between rows r0 and r1
// rises above lo2 (twice a level).
func (lm *Map) boring(bx, r0, r1, lo2 int) bool {
	r0, r1 = max(r0, 0), min(r1, lm.gh-1)
	for by := r0 / block; by <= r1/block; by++ {
		if int(lm.spineAt(bx, by)) > lo2 {
			return false
		}
	}
	return true
}

// Board returns the map LOS is traced over.
func (lm *Map) Board() *board.Map { return lm.m }

// Season returns the season the map was built for.
func (lm *Map) Season() terrain.Season { return lm.season }

func (lm *Map) onRaster(x, y int) bool { return x >= 0 && y >= 0 && x < lm.gw && y < lm.gh }

// code returns the terrain code of an on-raster pixel.
func (lm *Map) code(x, y int) uint8 {
	_, c := lm.rasterAt(x, y)
	return c
}

// ground returns the ground level of an on-raster pixel.
func (lm *Map) ground(x, y int) int {
	gl, _ := lm.rasterAt(x, y)
	return int(gl)
}

// terr returns the prop of a pixel; ok is false off the map.
func (lm *Map) terr(x, y int) (*prop, bool) {
	if !lm.onRaster(x, y) {
		return nil, false
	}
	c := lm.code(x, y)
	if c == codeOffMap {
		return nil, false
	}
	return &lm.p[c], true
}

// valid reports whether frame hex (c, n) is in VASL's grid: the frame's
// hexrows and hex numbers but hex 0 of an even hexrow.
func (lm *Map) valid(c, n int) bool {
	return c >= 0 && c < lm.ncols && n >= 0 && n < lm.nrows && (c&1 == 1 || n > 0)
}

// The blocks of the index of hexes: as board.Map's, a board's hexrows
// but its last, by its hex numbers but its last.
const (
	hexBlockCols = layout.BoardCols
	hexBlockRows = layout.BoardRows
	hexBlockN    = hexBlockCols * hexBlockRows
)

// hexSlot returns the index in hexSlots of frame hex (c, n), which must
// be valid, or -1 where no hex of its block is kept.
func (lm *Map) hexSlot(c, n int) int {
	b := lm.hexBlocks[n/hexBlockRows*lm.hbcols+c/hexBlockCols]
	if b < 0 {
		return -1
	}
	return int(b) + c%hexBlockCols*hexBlockRows + n%hexBlockRows
}

// hexAt returns the hex data of frame hex (c, n), nil outside VASL's grid
// or further than hexReach from every board's hexes.
func (lm *Map) hexAt(c, n int) *hexInfo {
	if !lm.valid(c, n) {
		return nil
	}
	k := lm.hexSlot(c, n)
	if k < 0 || lm.hexSlots[k] < 0 {
		return nil
	}
	return &lm.hexes[lm.hexSlots[k]]
}

func (lm *Map) info(h hex.Hex) *hexInfo { return lm.hexAt(h.Col, h.Row) }

// fix moves a point on the far edges of the map just inside it, as VASL's
// fixMapEdgePoints does.
func (lm *Map) fix(x, y float64) (float64, float64) {
	if x == -1 {
		x = 0
	}
	if y == -1 {
		y = 0
	}
	if ix := int(x); ix == lm.gw || ix == lm.gw+1 {
		x = float64(lm.gw - 1)
	}
	if iy := int(y); iy == lm.gh || iy == lm.gh+1 {
		y = float64(lm.gh - 1)
	}
	return x, y
}

func (lm *Map) fixPt(x, y float64) pt {
	fx, fy := lm.fix(x, y)
	return pt{int32(fx), int32(fy)}
}

var cos30 = math.Cos(30 * (math.Pi / 180))

// centreOf returns the centre dot of frame hex h in pixels (exact: every
// value is a whole number of quarter pixels).
func centreOf(h hex.Hex) (float64, float64) {
	x := hexW * float64(h.Col)
	if h.Col&1 == 0 {
		return x, hexH * (float64(h.Row) - 0.5)
	}
	return x, hexH * float64(h.Row)
}

// hexReach is how far from the hexes of the boards hex data is kept. A
// pixel of a board is nearest the centre dot of one of the board's hexes
// or of a neighbour (in an even hexrow, a pixel on a long edge is as near
// the hex beyond it), and the walk and the grown polygons look one hex
// further (hexInfo.nb). A hex at hexReach has all its hexside points
// off the boards, so its data is as when every hex of VASL's grid was kept:
// no terrain of its own and none from beyond.
const hexReach = 2

// buildHexes makes the hex data of the hexes of VASL's grid within
// hexReach of the boards' hexes, by frame hexrow then hex number (so the
// hexes in reach are derived in the order of the whole grid).
func (lm *Map) buildHexes() error {
	lm.hbcols = (lm.ncols-1)/hexBlockCols + 1
	lm.hexBlocks = make([]int32, ((lm.nrows-1)/hexBlockRows+1)*lm.hbcols)
	for i := range lm.hexBlocks {
		lm.hexBlocks[i] = -1
	}
	var near []hex.Hex
	for _, o := range lm.m.Hexes() {
		hex.Within(o, hexReach, func(h hex.Hex) bool {
			if !lm.valid(h.Col, h.Row) {
				return true
			}
			b := &lm.hexBlocks[h.Row/hexBlockRows*lm.hbcols+h.Col/hexBlockCols]
			if *b < 0 {
				*b = int32(len(lm.hexSlots))
				for range hexBlockN {
					lm.hexSlots = append(lm.hexSlots, -1)
				}
			}
			if k := lm.hexSlot(h.Col, h.Row); lm.hexSlots[k] < 0 {
				lm.hexSlots[k] = 0
				near = append(near, h)
			}
			return true
		})
	}
	if len(near) > math.MaxUint16+1 {
		return fmt.Errorf("los: %d hexes near the boards; at most %d", len(near), math.MaxUint16+1)
	}
	slices.SortFunc(near, func(a, b hex.Hex) int { return cmp.Or(a.Col-b.Col, a.Row-b.Row) })
	lm.hexes = make([]hexInfo, len(near))
	for i, hh := range near {
		lm.hexSlots[lm.hexSlot(hh.Col, hh.Row)] = int32(i)
		lm.hexes[i].idx = uint16(i)
		lm.geometry(&lm.hexes[i], hh)
	}
	for i := range lm.hexes {
		h := &lm.hexes[i]
		for s := range 6 {
			n := h.h.Neighbour(hex.Dir(s))
			h.nb[s] = lm.hexAt(n.Col, n.Row)
		}
		h.cx, h.cz = cube(h.h)
	}
	geo := make([]bool, len(lm.hexes))
	for i := range lm.hexes {
		geo[i] = regularGeometry(&lm.hexes[i])
	}
	for i := range lm.hexes {
		h := &lm.hexes[i]
		h.reg, h.regNear = geo[i], 1<<6
		for s, n := range h.nb {
			if n != nil && geo[n.idx] {
				h.regNear |= 1 << s
			}
		}
	}
	inh := lm.firstInherent()
	for i := range lm.hexes {
		lm.resetTerrain(&lm.hexes[i], inh[i])
	}
	for i := range lm.hexes {
		lm.resetHexsideTerrain(&lm.hexes[i])
	}
	for i := range lm.hexes {
		h := &lm.hexes[i]
		for _, n := range h.h.Neighbours() {
			if o := lm.info(n); o != nil && lm.p[o.centre].flags&inherent != 0 {
				h.inhNear = true
			}
		}
		if lm.p[h.centre].flags&inherent != 0 {
			h.inhNear, h.inh = true, true
		}
		for s := range 6 {
			if h.sideTerr[s] >= 0 && lm.p[h.sideTerr[s]].is&isCliff != 0 || lm.p[h.locTerr[s]].is&isCliff != 0 {
				h.cliff = true
			}
		}
	}
	// Every Location of the board map must have its hex here.
	for _, h := range lm.m.Hexes() {
		if lm.info(h) == nil {
			return fmt.Errorf("los: hex %s is outside the raster grid", lm.m.NameString(h))
		}
	}
	return nil
}

// geometry makes the points and polygons of the hex data h of frame hex
// hh, as VASL's Hex does.
func (lm *Map) geometry(h *hexInfo, hh hex.Hex) {
	H := lm.nrows - 1 // VASL's grid height in hexes
	c, n := hh.Col, hh.Row
	h.h = hh
	r := n - 1 // VASL's row index
	if c&1 == 1 {
		r = n
	}
	cx, cy := centreOf(h.h)
	h.los = lm.fixPt(cx, cy)
	hs, vo := hexW*2/3, hexH/2
	var v [6][2]float64
	for k, p := range [6][2]float64{{-hs/2 + cx, -vo + cy}, {hs/2 + cx, -vo + cy}, {hs + cx, cy}, {hs/2 + cx, vo + cy}, {-hs/2 + cx, vo + cy}, {-hs + cx, cy}} {
		v[k][0], v[k][1] = lm.fix(p[0], p[1])
	}
	h.border = [2]pt{{math.MaxInt32, math.MaxInt32}, {math.MinInt32, math.MinInt32}}
	for _, p := range v {
		x, y := int32(math.RoundToEven(p[0])), int32(math.RoundToEven(p[1]))
		h.border[0] = pt{min(h.border[0].x, x), min(h.border[0].y, y)}
		h.border[1] = pt{max(h.border[1].x, x), max(h.border[1].y, y)}
	}
	t := func(f float64) int32 { return int32(f) }
	h.ext = [6]pt{
		{t(v[0][0]) - 1, t(v[0][1]) - 1}, {t(v[1][0]) + 1, t(v[1][1]) - 1}, {t(v[2][0]) + 1, t(v[2][1])},
		{t(v[3][0]) + 1, t(v[3][1]) + 1}, {t(v[4][0]) - 1, t(v[4][1]) + 1}, {t(v[5][0]) - 1, t(v[5][1])},
	}
	h.min, h.max = h.ext[0], h.ext[0]
	for _, p := range h.ext {
		h.min = pt{min(h.min.x, p.x), min(h.min.y, p.y)}
		h.max = pt{max(h.max.x, p.x), max(h.max.y, p.y)}
	}
	ho := cos30 * vo
	tr := func(f float64) float64 { return float64(int(f)) }
	sp := [6][2]float64{
		{tr(cx), tr(-vo + cy + 1)}, {tr(ho + cx - 1), tr(-vo/2 + cy + 1)}, {tr(ho + cx - 1), tr(vo/2 + cy - 1)},
		{tr(cx), tr(vo + cy - 1)}, {tr(-ho + cx + 1), tr(vo/2 + cy - 1)}, {tr(-ho + cx + 1), tr(-vo/2 + cy + 1)},
	}
	for k, p := range sp {
		h.side[k] = lm.fixPt(p[0], p[1])
	}
	on := uint8(0x3F)
	if c == 0 {
		on &^= 1<<4 | 1<<5
	}
	if c+1 == lm.ncols {
		on &^= 1<<1 | 1<<2
	}
	if c&1 == 1 && r == 0 {
		on &^= 1<<0 | 1<<1 | 1<<5
	}
	if c&1 == 1 && r == H {
		on &^= 1<<3 | 1<<2 | 1<<4
	}
	h.on = on
}

// resetTerrain derives the centre terrain and base level of a hex from its
// pixels, as VASL's Hex.resetTerrain: the pixel under the LOS point; a
// building pixel at a hexside point or 5 pixels from the dot makes it a
// building; inherent terrain (ASL B.6) anywhere in the central region (the
// pixels nearer the dot than any hexside point) makes it that terrain.
//
// first is the terrain code of the first pixel of inherent terrain in the
// hex's central region (firstInherent), -1 for none.
func (lm *Map) resetTerrain(h *hexInfo, first int16) {
	x, y := int(h.los.x), int(h.los.y)
	t, ok := lm.terr(x, y)
	if !ok {
		t = &lm.p[codeOpen]
	}
	if t.is&isBuilding == 0 {
		for _, p := range h.side {
			if tt, ok := lm.terr(int(p.x), int(p.y)); ok && tt.is&isBuilding != 0 {
				t = tt
				break
			}
		}
	}
	if t.is&isBuilding == 0 {
		for _, d := range [4][2]int{{5, 0}, {-5, 0}, {0, 5}, {0, -5}} {
			if tt, ok := lm.terr(x+d[0], y+d[1]); ok && tt.is&isBuilding != 0 {
				t = tt
			}
		}
	}
	h.centre = t.code
	if lm.onRaster(x, y) {
		h.base = int8(lm.ground(x, y))
	}
	for s := range 6 {
		h.sideTerr[s] = -1
		h.locTerr[s] = codeOpen
		if h.on&(1<<s) == 0 {
			continue
		}
		tt, ok := lm.terr(int(h.side[s].x), int(h.side[s].y))
		if !ok {
			tt = &lm.p[codeOpen]
		}
		if o := h.nb[s]; o != nil {
			op := o.side[(s+3)%6]
			if ot, ok := lm.terr(int(op.x), int(op.y)); ok && tt.is&isHexside == 0 && ot.is&isHexside != 0 {
				tt = ot
			}
		}
		if tt.is&isHexside != 0 {
			h.sideTerr[s] = int16(tt.code)
		}
		h.locTerr[s] = tt.code
	}
	if first >= 0 {
		h.centre = uint8(first)
	}
}

// firstInherent returns, by hex (as hexes), the terrain code of the first
// pixel, by column then row, of inherent terrain (ASL B.6) within the
// bounds of the hex's polygon (border) and nearer its LOS point than any
// of its hexside points (VASL's Hex.resetTerrain looks there, pixel by
// pixel); -1 where there is none. Only pixels of inherent terrain are
// looked at: such a pixel lies within the bounds of its nearest hex's
// polygon or of a neighbour's, no other.
func (lm *Map) firstInherent() []int16 {
	first := make([]int16, len(lm.hexes))
	at := make([]int, len(lm.hexes)) // the first pixel's x*gh+y
	for i := range first {
		first[i] = -1
	}
	for k, t := range lm.tileOf {
		if t < 0 {
			continue
		}
		x0, y0 := k%lm.tcols*boardW, k/lm.tcols*boardH
		pix := lm.pix[t]
		for i := range boardN {
			code := pix[2*i+1]
			if code == codeOffMap || lm.p[code].flags&inherent == 0 {
				continue
			}
			x, y := x0+i/boardH, y0+i%boardH
			own := lm.ownAt(x, y)
			for s := -1; s < 6; s++ {
				h := own
				if s >= 0 {
					h = own.nb[s]
				}
				if h == nil || x < int(h.border[0].x) || x >= int(h.border[1].x) || y < int(h.border[0].y) || y >= int(h.border[1].y) {
					continue
				}
				if p := x*lm.gh + y; (first[h.idx] < 0 || p < at[h.idx]) && lm.nearest(h, x, y) == -1 {
					first[h.idx], at[h.idx] = int16(code), p
				}
			}
		}
	}
	return first
}

func (lm *Map) resetHexsideTerrain(h *hexInfo) {
	for s := range 6 {
		if h.on&(1<<s) == 0 {
			continue
		}
		if t, ok := lm.terr(int(h.side[s].x), int(h.side[s].y)); ok && t.is&isHexside != 0 {
			h.sideTerr[s] = int16(t.code)
		}
		if o := h.nb[s]; o != nil && o.sideTerr[(s+3)%6] >= 0 {
			h.sideTerr[s] = o.sideTerr[(s+3)%6]
		}
	}
}

// nearest returns -1 when pixel (x, y) is nearer the hex's LOS point than
// any of its hexside points, else the nearest hexside (VASL's
// getNearestLocation).
func (lm *Map) nearest(h *hexInfo, x, y int) int {
	d := sq(x-int(h.los.x), y-int(h.los.y))
	best := -1
	for s := range 6 {
		if h.on&(1<<s) == 0 {
			continue
		}
		if nd := sq(x-int(h.side[s].x), y-int(h.side[s].y)); nd < d {
			d, best = nd, s
		}
	}
	return best
}

func sq(dx, dy int) int { return dx*dx + dy*dy }

// gridToHex returns the hex whose centre is nearest pixel (x, y) (the first
// by hexrow then hex number on a tie), nil off the raster or off the
// boards (hexOf names those).
func (lm *Map) gridToHex(x, y int) *hexInfo {
	if !lm.onRaster(x, y) {
		return nil
	}
	if lm.addr(x, y) < 0 {
		return nil
	}
	return lm.ownAt(x, y)
}

// hexOf returns the frame hex whose centre is nearest pixel (x, y), as
// gridToHex, on the boards or off them; ok is false off the raster.
func (lm *Map) hexOf(x, y int) (h hex.Hex, ok bool) {
	if !lm.onRaster(x, y) {
		return hex.Hex{}, false
	}
	if lm.addr(x, y) >= 0 {
		return lm.ownAt(x, y).h, true
	}
	c, n := lm.nearestValid(x, y)
	return hex.Hex{Col: c, Row: n}, true
}

// nearestValid returns the hex of VASL's grid whose centre is nearest
// on-raster pixel (x, y).
func (lm *Map) nearestValid(x, y int) (c, n int) {
	// The grid repeats every tileW x tileH pixels; distances between
	// pixels and centre dots are exact in float64 (quarter pixels), so the
	// nearest centre of the tile's pixel, moved by whole tiles, is this
	// pixel's unless it falls off the grid.
	if c, n, _ := periodHex(x, y); lm.valid(c, n) {
		return c, n
	}
	return nearestCentre(float64(x), float64(y), lm.valid)
}

// periodHex returns the hex of the unbounded grid whose centre dot is
// nearest pixel (x, y) (x, y >= 0), read off the grid's period
// (nearestTile), and the pixel's place i in the period (nearestTile,
// nearPeriod). A caller checks the hex is one of its grid's.
func periodHex(x, y int) (c, n, i int) {
	kx, ky := x/tileW, y/tileH
	i = (x-kx*tileW)*tileH + (y - ky*tileH)
	o := nearestTile[i]
	return int(o[0]) + tileCols*kx, int(o[1]) + tileRows*ky, i
}

// The hex grid's period in pixels: 4 hexrows across, 2 hexes down.
const (
	tileCols, tileRows = 4, 2
	tileW, tileH       = board.RasterW * tileCols / layout.BoardCols, board.RasterH * tileRows / layout.BoardRows
)

// nearestTile[x*tileH+y] is the nearest centre dot of pixel (x, y) of the
// unbounded grid, as hexrow and hex number.
var nearestTile = func() []([2]int8) {
	t := make([][2]int8, tileW*tileH)
	for x := range tileW {
		for y := range tileH {
			c, n := nearestCentre(float64(x), float64(y), func(int, int) bool { return true })
			t[x*tileH+y] = [2]int8{int8(c), int8(n)}
		}
	}
	return t
}()

// nearestHex is gridToHex the long way, among the hexes of the grid.
func (lm *Map) nearestHex(x, y int) *hexInfo {
	return lm.hexAt(nearestCentre(float64(x), float64(y), lm.valid))
}

// nearestCentre returns the hex, among those ok accepts, whose centre dot is
// nearest (fx, fy): the first by hexrow then hex number on a tie.
func nearestCentre(fx, fy float64, ok func(c, n int) bool) (bc, bn int) {
	c0 := int(math.RoundToEven(fx / hexW))
	bc, bn = -1, -1
	bd := math.Inf(1)
	for c := c0 - 1; c <= c0+1; c++ {
		// Centres of hexrow c lie at y = hexH*n - off.
		off := 0.0
		if c&1 == 0 {
			off = hexH / 2
		}
		n0 := int(math.Floor((fy + off) / hexH))
		for n := n0; n <= n0+1; n++ {
			if !ok(c, n) {
				continue
			}
			cx, cy := centreOf(hex.Hex{Col: c, Row: n})
			dx, dy := fx-cx, fy-cy
			if d := dx*dx + dy*dy; d < bd {
				bd, bc, bn = d, c, n
			}
		}
	}
	return bc, bn
}

// contains is java.awt.Polygon.contains for the hex's grown polygon: the
// even-odd rule with Java's half-open boundaries.
func (h *hexInfo) contains(x, y int) bool {
	if x < int(h.min.x) || y < int(h.min.y) || x >= int(h.max.x) || y >= int(h.max.y) {
		return false
	}
	hits := 0
	last := h.ext[5]
	for _, cur := range h.ext {
		lx, ly, cx, cy := int(last.x), int(last.y), int(cur.x), int(cur.y)
		last = cur
		if cy == ly {
			continue
		}
		var leftx int
		if cx < lx {
			if x >= lx {
				continue
			}
			leftx = cx
		} else {
			if x >= cx {
				continue
			}
			leftx = lx
		}
		var t1, t2 float64
		if cy < ly {
			if y < cy || y >= ly {
				continue
			}
			if x < leftx {
				hits++
				continue
			}
			t1, t2 = float64(x-cx), float64(y-cy)
		} else {
			if y < ly || y >= cy {
				continue
			}
			if x < leftx {
				hits++
				continue
			}
			t1, t2 = float64(x-lx), float64(y-ly)
		}
		if t1 < t2/float64(ly-cy)*float64(lx-cx) {
			hits++
		}
	}
	return hits&1 == 1
}
