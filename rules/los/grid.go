package los

import (
	"math"
	"sync"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// ownAt returns the hex of on-board pixel (x, y): the hex of VASL's grid
// whose centre dot is nearest (gridToHex).
func (lm *Map) ownAt(x, y int) *hexInfo { return lm.hexAt(lm.nearestValid(x, y)) }

// A pixel's near says which grown polygons (hexInfo.contains) hold it:
// bit s that of its hex's neighbour s, bit 6 its hex's own (nearAt).

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
// unbounded grid, as hexrow and hex number. It is made by loadTiles, which
// New and Rasterise call first (every reader of it is behind one of them),
// not at the program's start: most sasl commands trace no line, and the
// table costs a few ms.
var (
	nearestTile []([2]int8)
	tilesOnce   sync.Once
)

// loadTiles makes nearestTile, once.
func loadTiles() {
	tilesOnce.Do(func() {
		t := make([][2]int8, tileW*tileH)
		for x := range tileW {
			for y := range tileH {
				c, n := nearestCentre(float64(x), float64(y), func(int, int) bool { return true })
				t[x*tileH+y] = [2]int8{int8(c), int8(n)}
			}
		}
		nearestTile = t
	})
}

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
