package los

import (
	"github.com/sasl-engine/sasl/rules/board"
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

// New builds the line of sight of m in season s. Boards with a raster of
// the standard size use it; the others are rasterised from their hexes.
// Time and memory are proportional to the boards of m.
func New(m *board.Map, s terrain.Season) (*Map, error) {
	loadTiles()
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
