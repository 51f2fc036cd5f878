package los

import (
	"math"
	"sync"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Shapes of the terrain Rasterise draws, in pixels of the standard raster.
const (
	// A building fills a hexagon of this share of its hex's size around the
	// centre dot (VASL boards draw houses well inside their hexes, ASL
	// B.1), and a strip this many pixels either side of the line between
	// centres across each hexside the building continues over, so that a
	// line from an upper level leaves a multi-hex building only where it
	// does (A6.8).
	buildingShare = 0.6
	buildingStrip = 10
	// A wall, hedge, bocage or cliff is a band this many pixels either
	// side of its hexside, along the hexside's length.
	sideBand = 2
)

// Rasterise draws a board that has no raster (a board authored in the
// native format, or a correction of a VASL board) in VASL's pixel geometry
// from its hex terrain, so that one LOS algorithm serves every board: each
// pixel takes the level of the hex whose centre dot is nearest and the
// terrain code of that hex's most obstructive kind (building, rubble,
// woods, orchard, brush, grain, ...), buildings drawn as a central hexagon
// joined across BuildingLink hexsides, and hexside obstacles as bands
// along their hexsides.
func Rasterise(b *board.Board) *board.Raster {
	loadTiles()
	r := &board.Raster{W: board.RasterW, H: board.RasterH, Pix: make([]byte, 2*board.RasterW*board.RasterH)}
	runs := tileRuns()
	var last hex.Hex
	var d drawn
	// of makes d the terrain of hex h (found once a run of h's pixels).
	of := func(h hex.Hex) {
		if d.t == nil || h != last {
			last, d = h, drawnOf(b.Hex(h))
		}
	}
	// A column of pixels crosses the grid's period in runs of one nearest
	// centre dot (tileRuns): a run of a board hex of plain terrain is its
	// level and code throughout; a run of a hex off the board, pixel by
	// pixel to the nearest hex of the board (nearestBoardHex).
	for x := range r.W {
		kx := x / tileW
		col := r.Pix[2*x*r.H : 2*(x+1)*r.H]
		for ky := 0; ky*tileH < r.H; ky++ {
			for _, run := range runs[x-kx*tileW] {
				y0, y1 := ky*tileH+int(run.from), min(ky*tileH+int(run.to), r.H)
				if y0 >= y1 {
					break
				}
				h := hex.Hex{Col: int(run.c) + tileCols*kx, Row: int(run.n) + tileRows*ky}
				if !board.Valid(h) {
					for y := y0; y < y1; y++ {
						if h, ok := nearestBoardHex(x, y); ok {
							of(h)
							col[2*y], col[2*y+1] = byte(int8(d.t.Elevation)), d.code(h, float64(x), float64(y))
						}
					}
					continue
				}
				of(h)
				lv := byte(int8(d.t.Elevation))
				if d.sides || d.building || len(d.likeBldg) > 0 {
					for y := y0; y < y1; y++ {
						col[2*y], col[2*y+1] = lv, pixelCode(&d, h, float64(x), float64(y))
					}
					continue
				}
				for y := y0; y < y1; y++ {
					col[2*y], col[2*y+1] = lv, d.plain
				}
			}
		}
	}
	return r
}

// tileRun is a run of pixels of a column of the grid's period (rows from
// to to, exclusive) whose nearest centre dot is one hex (nearestTile).
type tileRun struct {
	from, to int16
	c, n     int8
}

var (
	runsOnce  sync.Once
	tileRunsV [][]tileRun
)

// tileRuns returns the runs of each column of the grid's period
// (nearestTile, which loadTiles has made), made once.
func tileRuns() [][]tileRun {
	runsOnce.Do(func() {
		out := make([][]tileRun, tileW)
		for x := range tileW {
			for y := range tileH {
				o := nearestTile[x*tileH+y]
				if rs := out[x]; len(rs) > 0 && rs[len(rs)-1].c == o[0] && rs[len(rs)-1].n == o[1] {
					rs[len(rs)-1].to = int16(y + 1)
					continue
				}
				out[x] = append(out[x], tileRun{from: int16(y), to: int16(y + 1), c: o[0], n: o[1]})
			}
		}
		tileRunsV = out
	})
	return tileRunsV
}

// drawn is what pixelCode reads of a hex's terrain, found once a hex: its
// kinds in areaOrder's order up to the first not drawn as a building
// (rubble, a lumberyard), whose code is plain (codeOpen for none).
type drawn struct {
	t        *terrain.Hex
	sides    bool // some hexside obstacle
	building bool
	likeBldg []uint8 // codes of building-like kinds, in order
	plain    uint8
}

func drawnOf(t *terrain.Hex) drawn {
	d := drawn{t: t, sides: t.Sides != [hex.Dirs]terrain.Features{}, building: t.Kinds.Has(terrain.Building), plain: codeOpen}
	for _, a := range areaOrder {
		if !t.Kinds.Has(a.k) {
			continue
		}
		if a.k == terrain.Rubble || a.k == terrain.Lumberyard {
			d.likeBldg = append(d.likeBldg, a.code)
			continue
		}
		d.plain = a.code
		break
	}
	return d
}

// code is pixelCode of the pixel at (fx, fy) of hex h.
func (d *drawn) code(h hex.Hex, fx, fy float64) uint8 {
	if !d.sides && !d.building && len(d.likeBldg) == 0 {
		return d.plain
	}
	return pixelCode(d, h, fx, fy)
}

// nearestBoardHex returns the hex of the board whose centre is nearest
// pixel (x, y): the grid's (nearestTile) unless that is not the board's.
func nearestBoardHex(x, y int) (hex.Hex, bool) {
	if c, n, _ := periodHex(x, y); board.Valid(hex.Hex{Col: c, Row: n}) {
		return hex.Hex{Col: c, Row: n}, true
	}
	c, n := nearestCentre(float64(x), float64(y), func(c, n int) bool { return board.Valid(hex.Hex{Col: c, Row: n}) })
	return hex.Hex{Col: c, Row: n}, c >= 0
}

// areaOrder is the order in which a hex's kinds claim its pixels: the
// first the hex has is drawn.
var areaOrder = []struct {
	k    terrain.Kind
	code uint8
}{
	{terrain.Rubble, codeStoneRubble},
	{terrain.Lumberyard, codeLumberyard},
	{terrain.Woods, codeWoods},
	{terrain.Orchard, codeOrchard},
	{terrain.Brush, codeBrush},
	{terrain.Grain, codeGrain},
	{terrain.Marsh, codeMarsh},
	{terrain.Crag, codeCrags},
	{terrain.Graveyard, codeGraveyard},
	{terrain.Shellholes, codeShellholes},
	{terrain.Water, codeWater},
	{terrain.Gully, codeGully},
	{terrain.Stream, codeStream},
	{terrain.SunkenRoad, codeSunkenRoad},
	{terrain.PavedRoad, codePavedRoad},
	{terrain.DirtRoad, codeDirtRoad},
}

// pixelCode returns the terrain code of the pixel at (fx, fy) of hex h,
// whose terrain d holds.
func pixelCode(d *drawn, h hex.Hex, fx, fy float64) uint8 {
	t := d.t
	cx, cy := centreOf(h)
	dx, dy := fx-cx, fy-cy
	// Hexside obstacles first: they lie over whatever the hex holds. A
	// pixel nearer the centre dot than the bands' inner edge (with a
	// margin for rounding) is in none.
	if d.sides && dx*dx+dy*dy >= sideReach {
		for d := range hex.Dirs {
			f := t.Sides[d] & (terrain.Wall | terrain.Hedge | terrain.Bocage | terrain.Cliff)
			if f == 0 {
				continue
			}
			ux, uy := sideNormal(d)
			// Distance from the hexside (half the span between centres
			// from the centre dot) and position along it.
			across := span/2 - (dx*ux + dy*uy)
			along := dx*(-uy) + dy*ux
			if math.Abs(across) <= sideBand && math.Abs(along) <= sideLen/2 {
				switch {
				case f.Has(terrain.Wall):
					return codeWall
				case f.Has(terrain.Hedge):
					return codeHedge
				case f.Has(terrain.Bocage):
					return codeBocage
				default:
					return codeCliff
				}
			}
		}
	}
	if d.building && inBuilding(t, dx, dy) {
		return buildingCode(t.Building)
	}
	// Rubble and lumberyards, building-like, are drawn where a building
	// would be.
	if len(d.likeBldg) > 0 && inBuilding(t, dx, dy) {
		return d.likeBldg[0]
	}
	return d.plain
}

// span is the distance between neighbouring centre dots (across a
// hexside); sideLen the length of a hexside.
var (
	span    = hexW / cos30
	sideLen = span / math.Sqrt(3)
)

// sideReach is the square of the least distance from a centre dot at
// which a pixel can lie in a hexside's band, less a margin.
var sideReach = (span/2 - sideBand - 0.5) * (span/2 - sideBand - 0.5)

// sideNormal is the unit vector from a centre dot toward the centre of its
// neighbour across hexside d (y grows downward).
func sideNormal(d hex.Dir) (float64, float64) { return sideNormals[d][0], sideNormals[d][1] }

var sideNormals = func() (n [hex.Dirs][2]float64) {
	for d := range hex.Dirs {
		ax, ay := centreOf(hex.Hex{Col: 2, Row: 5})
		bx, by := centreOf(hex.Hex{Col: 2, Row: 5}.Neighbour(d))
		l := math.Hypot(bx-ax, by-ay)
		n[d] = [2]float64{(bx - ax) / l, (by - ay) / l}
	}
	return n
}()

// inBuilding reports whether offset (dx, dy) from the centre dot lies in
// the building drawn in a building hex: the central hexagon, or the strip
// toward a neighbour the building continues into.
func inBuilding(t *terrain.Hex, dx, dy float64) bool {
	inner := 0.0
	for d := range hex.Dirs {
		ux, uy := sideNormal(d)
		inner = max(inner, dx*ux+dy*uy)
	}
	if inner <= buildingShare*span/2 {
		return true
	}
	for d := range hex.Dirs {
		if !t.Sides[d].Has(terrain.BuildingLink) {
			continue
		}
		ux, uy := sideNormal(d)
		if a := dx*ux + dy*uy; a > 0 && math.Abs(dx*(-uy)+dy*ux) <= buildingStrip {
			return true
		}
	}
	return false
}

// buildingCode returns the VASL code of a building: "Stone Building" (a
// single story) and "Stone Building, n Level", likewise wooden.
func buildingCode(s terrain.Structure) uint8 {
	n := uint8(min(max(s.Levels, 0), 4))
	if s.Material == terrain.Wooden {
		return codeWooden + n
	}
	return codeStone + n
}
