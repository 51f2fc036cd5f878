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
	// central has a bit per pixel (index x*gh+y), set on the pixels of
	// each hex's central region (markCentral).
	central []uint64
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

func (g *geometry) centre(h hex.Hex) (x, y float64) { return Centre(g.gw, g.gh, h) }

// Centre returns the pixel of the centre of board-local hex h (hexrow
// h.Col, hex h.Row) on a board picture of gw x gh pixels: hexrow c at x =
// c*gw/32, hex n of an even hexrow at y = (n-0.5)*gh/10, of an odd one at
// y = n*gh/10. On a standard board (1800 x 645) A1's centre is (0, 32.25).
// The one place the board's hex geometry is written: sasl's LOS and VASL
// saves' map pixels (package vassal) both use it.
func Centre(gw, gh int, h hex.Hex) (x, y float64) {
	colStep, hexH := float64(gw)/layout.BoardCols, float64(gh)/layout.BoardRows
	x = colStep * float64(h.Col)
	if h.Col&1 == 0 {
		return x, hexH * (float64(h.Row) - 0.5)
	}
	return x, hexH * float64(h.Row)
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
	g.markCentral()
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

// centrePixel is the pixel under the centre dot of h as VASL reads it: the
// exact centre truncated ((int)x, (int)y in Java), kept on the raster (the
// centres of hexrow GG and of the half-hexes of the bottom edge lie on
// its far edges).
func (g *geometry) centrePixel(h hex.Hex) (x, y int) {
	cx, cy := g.centre(h)
	return min(max(int(cx), 0), g.gw-1), min(max(int(cy), 0), g.gh-1)
}

// sidePoints returns VASL's hexside points of h (Hex.initHexNew): the
// midpoint of each hexside moved one pixel toward the centre, truncated
// like the centre pixel, in the order N, NE, SE, S, SW, NW; and whether
// each hexside is on the board (Hex.setHexFlags: the short edges cut
// hexrows A and GG, the long edges the half-hexes 0 and 10 of odd
// hexrows).
func (g *geometry) sidePoints(h hex.Hex) (pts [hex.Dirs][2]int, on [hex.Dirs]bool) {
	x, y := g.centre(h)
	vo := g.hexH / 2
	ho := math.Cos(math.Pi/6) * vo // VASL's own offset, not colStep/2
	fx, fy := []float64{x, x + ho - 1, x + ho - 1, x, x - ho + 1, x - ho + 1},
		[]float64{y - vo + 1, y - vo/2 + 1, y + vo/2 - 1, y + vo - 1, y + vo/2 - 1, y - vo/2 + 1}
	for d := range hex.Dirs {
		// Java's (int) truncates toward zero; points a pixel off the
		// raster are moved onto it (Hex.fixMapEdgePoints).
		px, py := int(fx[d]), int(fy[d])
		if px == -1 {
			px = 0
		}
		if py == -1 {
			py = 0
		}
		if px == g.gw || px == g.gw+1 {
			px = g.gw - 1
		}
		if py == g.gh || py == g.gh+1 {
			py = g.gh - 1
		}
		pts[d] = [2]int{px, py}
		on[d] = true
	}
	if h.Col == 0 {
		on[hex.SW], on[hex.NW] = false, false
	}
	if h.Col == layout.BoardCols {
		on[hex.NE], on[hex.SE] = false, false
	}
	if h.Col&1 == 1 && h.Row == 0 {
		on[hex.N], on[hex.NE], on[hex.NW] = false, false, false
	}
	if h.Col&1 == 1 && h.Row == layout.BoardRows {
		on[hex.S], on[hex.SE], on[hex.SW] = false, false, false
	}
	return pts, on
}

// centralReach bounds how far from the centre pixel a central region
// reaches: about 18 pixels on a standard board, a little more than half
// the way to the hexside points (TestCentralRegionAsVASL compares every
// region with a scan of the whole hex).
func (g *geometry) centralReach() int { return int(math.Ceil(g.hexH/2)) + 1 }

// markCentral finds the central region of every hex as VASL does when it
// looks for inherent terrain (Hex.setInherentTerrain, getNearestLocation):
// the pixels nearer the centre pixel than any on-board hexside point (a
// tie goes to the centre). It is about a quarter of the hex around its
// centre dot.
func (g *geometry) markCentral() {
	g.central = make([]uint64, (g.gw*g.gh+63)/64)
	r := g.centralReach()
	for c := 0; c <= layout.BoardCols; c++ {
		first, last := 1, layout.BoardRows
		if c&1 == 1 {
			first = 0
		}
		for n := first; n <= last; n++ {
			h := hex.Hex{Col: c, Row: n}
			lx, ly := g.centrePixel(h)
			pts, on := g.sidePoints(h)
			// p is nearer L than S (or as near) when
			// 2 p.(S-L) <= |S|^2 - |L|^2; relative to L, when
			// 2 q.(S-L) <= |S-L|^2 for q = p-L.
			var ax, ay, k [hex.Dirs]int
			m := 0
			for d := range hex.Dirs {
				if !on[d] {
					continue
				}
				sx, sy := pts[d][0]-lx, pts[d][1]-ly
				ax[m], ay[m], k[m] = 2*sx, 2*sy, sx*sx+sy*sy
				m++
			}
			// Each constraint bounds y in a column x from one side.
			for x := max(lx-r, 0); x <= min(lx+r, g.gw-1); x++ {
				qx := x - lx
				lo, hi := max(ly-r, 0)-ly, min(ly+r, g.gh-1)-ly
				for j := range m {
					rest := k[j] - ax[j]*qx // ay*qy <= rest
					switch {
					case ay[j] > 0:
						hi = min(hi, floorDiv(rest, ay[j]))
					case ay[j] < 0:
						lo = max(lo, -floorDiv(rest, -ay[j]))
					case rest < 0:
						hi = lo - 1
					}
				}
				for qy := lo; qy <= hi; qy++ {
					i := x*g.gh + ly + qy
					g.central[i>>6] |= 1 << (i & 63)
				}
			}
		}
	}
}

// floorDiv is a/b rounded down, for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// isCentral reports whether pixel i lies in the central region of a hex
// (the hex whose centre is nearest it).
func (g *geometry) isCentral(i int) bool { return g.central[i>>6]&(1<<(i&63)) != 0 }
