package vasl

import (
	"fmt"
	"math"
	"sync"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// Pixel geometry of a board raster (FORMAT.md): hexrow c has its centres at
// x = colStep*c; hex n of an even hexrow at y = hexH*(n-0.5), of an odd
// hexrow at y = hexH*n. On a standard board colStep = 1800/32 = 56.25 px and
// hexH = 645/10 = 64.5 px.
type geometry struct {
	gw, gh        int
	colStep, hexH float64
	// Per pixel, x major like the raster:
	owner []uint16 // index of the hex whose centre is nearest (hexIndex)
	side  []uint8  // the owner's hexside facing the second-nearest centre
	dist  []uint8  // distance to that hexside in pixels, capped at 255
	bin   []uint8  // position along the hexside in sideBins bins, noBin if beyond its ends
	// area[i] is the number of pixels of hex i on the raster.
	area [numHexes]int32
}

const (
	numHexes = (layout.BoardCols + 1) * (layout.BoardRows + 1)
	sideBins = 16
	noBin    = 0xFF
)

// hexIndex numbers the board-local hex (c, n) as c*11+n.
func hexIndex(h hex.Hex) int { return h.Col*(layout.BoardRows+1) + h.Row }

func indexHex(i int) hex.Hex {
	return hex.Hex{Col: i / (layout.BoardRows + 1), Row: i % (layout.BoardRows + 1)}
}

func (g *geometry) centre(h hex.Hex) (x, y float64) {
	x = g.colStep * float64(h.Col)
	if h.Col&1 == 0 {
		return x, g.hexH * (float64(h.Row) - 0.5)
	}
	return x, g.hexH * float64(h.Row)
}

// CheckRaster refuses a raster of gw x gh pixels that is not a geomorphic
// board's picture: hexes must be at least 2 pixels wide and tall, and
// their height (gh/10) 0.8 to 1.5 times the distance between hexrows
// (gw/32; 2/sqrt(3) = 1.15 in true proportion, 1.15 on every VASL board).
func CheckRaster(gw, gh int) error {
	colStep, hexH := float64(gw)/layout.BoardCols, float64(gh)/layout.BoardRows
	if colStep < 2 || hexH < 2 || hexH < 0.8*colStep || hexH > 1.5*colStep {
		return fmt.Errorf("LOSData: a %d x %d pixel raster is not a picture of a 33 x 10 hex board (hexrows %.1f pixels apart, hexes %.1f tall; a board has hexes about 1.15 times taller than that)", gw, gh, colStep, hexH)
	}
	return nil
}

var (
	geomMu    sync.Mutex
	geomCache = map[[2]int]*geometry{}
)

// geometryFor returns the pixel tables of a gw x gh raster, building them
// on first use (about 40 ms for a standard board) and sharing them after.
func geometryFor(gw, gh int) *geometry {
	geomMu.Lock()
	defer geomMu.Unlock()
	if g := geomCache[[2]int{gw, gh}]; g != nil {
		return g
	}
	g := buildGeometry(gw, gh)
	if len(geomCache) < 8 { // standard boards share one; do not hoard odd sizes
		geomCache[[2]int{gw, gh}] = g
	}
	return g
}

// The grid repeats every 4 hexrows across and every 2 hexes down. When both
// periods are whole pixels (225 x 129 on a standard board) the tables are
// computed for one tile and copied, which is 15 times faster than
// classifying every pixel.
const tileCols, tileRows = 4, 2

func buildGeometry(gw, gh int) *geometry {
	n := gw * gh
	g := &geometry{
		gw: gw, gh: gh,
		colStep: float64(gw) / layout.BoardCols,
		hexH:    float64(gh) / layout.BoardRows,
		owner:   make([]uint16, n),
		side:    make([]uint8, n),
		dist:    make([]uint8, n),
		bin:     make([]uint8, n),
	}
	tw, th := g.colStep*tileCols, g.hexH*tileRows
	if tw != math.Trunc(tw) || th != math.Trunc(th) {
		for x := range gw {
			for y := range gh {
				h, sd, dist, bin := g.classify(float64(x), float64(y))
				g.set(x*gh+y, h, sd, dist, bin)
			}
		}
		return g
	}
	tW, tH := int(tw), int(th)
	type cell struct {
		h         hex.Hex
		sd        hex.Dir
		dist, bin uint8
	}
	tile := make([]cell, tW*tH)
	for x := range tW {
		for y := range tH {
			h, sd, dist, bin := g.classify(float64(x), float64(y))
			tile[x*tH+y] = cell{h, sd, dist, bin}
		}
	}
	for x := range gw {
		kx, tx := x/tW, x%tW
		for y := range gh {
			ky, ty := y/tH, y%tH
			c := tile[tx*tH+ty]
			h := hex.Hex{Col: c.h.Col + tileCols*kx, Row: c.h.Row + tileRows*ky}
			g.set(x*gh+y, h, c.sd, c.dist, c.bin)
		}
	}
	return g
}

func (g *geometry) set(i int, h hex.Hex, sd hex.Dir, dist, bin uint8) {
	// On a raster of a board's proportions (CheckRaster) the nearest
	// centre is always one of the board's; on any other, pixels outside
	// it count for the nearest hex of the board rather than for none.
	h.Col = min(max(h.Col, 0), layout.BoardCols)
	h.Row = min(max(h.Row, 0), layout.BoardRows)
	g.owner[i] = uint16(hexIndex(h))
	g.side[i] = uint8(sd)
	g.dist[i] = dist
	g.bin[i] = bin
	g.area[hexIndex(h)]++
}

// classify finds, for the pixel at (fx, fy), the hex of the nearest centre
// on the unbounded grid (inside the raster that is always a hex of the
// board), its hexside facing the next nearest centre, the distance to that
// hexside and the position along it.
func (g *geometry) classify(fx, fy float64) (best hex.Hex, sd hex.Dir, dist, bin uint8) {
	c0 := int(math.Round(fx / g.colStep))
	bestD := math.Inf(1)
	for c := c0 - 1; c <= c0+1; c++ {
		var r int
		if c&1 == 0 {
			r = int(math.Round(fy/g.hexH + 0.5))
		} else {
			r = int(math.Round(fy / g.hexH))
		}
		h := hex.Hex{Col: c, Row: r}
		cx, cy := g.centre(h)
		if d := (fx-cx)*(fx-cx) + (fy-cy)*(fy-cy); d < bestD {
			best, bestD = h, d
		}
	}
	// The nearest hexside is the bisector with the nearest neighbouring
	// centre.
	cx, cy := g.centre(best)
	sDist := math.Inf(1)
	var nx, ny float64
	for d := range hex.Dirs {
		ax, ay := g.centre(best.Neighbour(d))
		if dd := (fx-ax)*(fx-ax) + (fy-ay)*(fy-ay); dd < sDist {
			sd, sDist, nx, ny = d, dd, ax, ay
		}
	}
	vx, vy := nx-cx, ny-cy
	span := math.Hypot(vx, vy)
	// Distance from the pixel to the perpendicular bisector.
	toSide := (sDist - bestD) / (2 * span)
	// Position along the hexside, -0.5..0.5 from end to end (a hexside is
	// span/sqrt(3) long), its sign fixed by the canonical name of the
	// hexside so that pixels on both sides of it bin alike.
	mx, my := (cx+nx)/2, (cy+ny)/2
	along := ((fx-mx)*(-vy) + (fy-my)*vx) / span / (span / math.Sqrt(3))
	if sd > hex.SE {
		along = -along
	}
	dist = uint8(min(math.Round(toSide), 255))
	bin = noBin
	if along >= -0.5 && along < 0.5 {
		bin = uint8((along + 0.5) * sideBins)
	}
	return best, sd, dist, bin
}
