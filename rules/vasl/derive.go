package vasl

import (
	"sync"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Thresholds of the derivation, checked against every board fact the rules'
// examples state (FORMAT.md; see vasl_test.go). A kind is in a hex when the
// pixel under the centre dot has it (what VASL itself reads), when it is
// inherent terrain in the hex's central region (isInherent), or when it
// covers at least this share of the hex: ASL B.1 lets symbology spill
// marginally into neighbours, so spills must stay below it, while 33T6
// (grain on 39% of the hex, centre in Open Ground) and 2M4 (woods on 41%)
// must reach it.
var minShare = map[terrain.Kind]float64{
	// Over all real boards, building spill into a neighbour stays under 2%
	// while the smallest building wholly inside a hex off its centre dot,
	// 6C4, covers 9.5%; 4X8 "barely covers the hex" (ASL B.1 EX).
	terrain.Building:   0.05,
	terrain.Rubble:     0.05,
	terrain.Lumberyard: 0.05,
	terrain.Woods:      0.25,
	terrain.Brush:      0.25,
	terrain.Grain:      0.25,
	terrain.Orchard:    0.25,
	terrain.Marsh:      0.25,
	terrain.Crag:       0.20,
	terrain.Graveyard:  0.20,
	terrain.Shellholes: 0.20,
	terrain.Gully:      0.25,
	terrain.Stream:     0.25,
	terrain.Water:      0.30,
	terrain.Bridge:     0.05,
	// Roads are narrow: a road through the hex covers 15-25% of it, one
	// grazing a corner a few per cent.
	terrain.DirtRoad:     0.10,
	terrain.PavedRoad:    0.10,
	terrain.ElevatedRoad: 0.10,
	terrain.SunkenRoad:   0.10,
	terrain.Path:         0.08,
	terrain.Runway:       0.25,
}

// Hexside classes: what the pixels along a hexside may say about it.
const (
	clWall = iota
	clHedge
	clBocage
	clCliff
	clRowhouse
	clRoad
	clWoods
	clBrush
	clBuilding
	numClasses
)

var classFeature = [numClasses]terrain.Features{
	terrain.Wall, terrain.Hedge, terrain.Bocage, terrain.Cliff, terrain.RowhouseWall,
	terrain.RoadLink, terrain.WoodsLink, terrain.BrushLink, terrain.BuildingLink,
}

// A hexside has an obstacle when its pixels cover at least obstacleBins of
// the sideBins stretches of its length within obstacleBand pixels of it; a
// depiction crosses it (a link) when it covers linkBins stretches within
// linkBand pixels. Walls are drawn about 5 px wide along a 37 px hexside.
var (
	obstacleBand = uint8(6)
	linkBand     = uint8(2)
	minBins      = [numClasses]int{
		clWall: 8, clHedge: 8, clBocage: 8, clCliff: 6, clRowhouse: 6,
		clRoad: 3, clWoods: 5, clBrush: 5, clBuilding: 3,
	}
)

// classOf[code] is the bitmask of hexside classes a terrain code counts for;
// kindsOf[code] lists the kinds it stands for.
var (
	classOf [256]uint16
	kindsOf [256][]terrain.Kind
)

func init() {
	for c, info := range codes {
		if info.area && info.kinds != 0 {
			kindsOf[c] = info.kinds.List()
		}
		var m uint16
		for k, f := range classFeature[:clRoad] {
			if info.side.Has(f) {
				m |= 1 << k
			}
		}
		switch {
		case info.kinds.Road():
			m |= 1 << clRoad
		case info.kinds.Has(terrain.Woods):
			m |= 1 << clWoods
		case info.kinds.Has(terrain.Brush):
			m |= 1 << clBrush
		}
		if info.kinds.Has(terrain.Building) && info.side == 0 {
			m |= 1 << clBuilding
		}
		if isInherent[c] {
			m |= inherentBit
		}
		classOf[c] = m
	}
}

// inherentBit marks, in classOf, the codes of inherent terrain.
const inherentBit = 1 << 15

// isInherent marks the codes SharedBoardMetadata.xml calls inherent
// terrain (isInherentTerrain="TRUE") that stand for a kind here: crags and
// debris, graveyard, orchards (in and out of season, olive groves,
// vineyards, palm trees), rubble, building clusters, cactus patches and
// bamboo (brush), dense jungle (woods), rice paddies in season (grain).
// Woods, brush and grain themselves are not inherent. VASL makes a hex
// such terrain when any of its pixels lies in the hex's central region
// (Hex.setInherentTerrain, see geometry.markCentral), whatever covers the
// centre dot: orchards on boards 8 and 21 are drawn as four separate
// trees per hex, 15-21% of it, none under the dot. On all real boards the
// rule changes only those orchards: every hex whose central region holds
// crags or a graveyard has that kind by its centre pixel or its share.
var isInherent = func() (in [256]bool) {
	for _, c := range []int{26, 27, 28, 63, 64, 90, 91, 115, 117, 118, 119, 127, 128, 129, 137} {
		in[c] = true
	}
	return in
}()

// tally holds what one pass over the raster counts.
type tally struct {
	codes [numHexes][256]int32
	bins  [numHexes][hex.Dirs][numClasses]uint16 // bitmask of bins hit
	// inherent is the first inherent code (classOf has inherentBit) met
	// in the hex's central region, x major as VASL scans it; 0 for none.
	inherent [numHexes]uint8
}

var tallyPool = sync.Pool{New: func() any { return new(tally) }}

func (t *tally) count(d *LOSData, g *geometry) {
	px := d.pixels
	for i := range len(px) / 2 {
		code := px[2*i+1]
		o := g.owner[i]
		t.codes[o][code]++
		cls := classOf[code]
		if cls == 0 {
			continue
		}
		if cls&inherentBit != 0 && t.inherent[o] == 0 && g.isCentral(i) {
			t.inherent[o] = code
		}
		if g.bin[i] == noBin {
			continue
		}
		dist := g.dist[i]
		if dist > obstacleBand {
			continue
		}
		bit := uint16(1) << g.bin[i]
		s := g.side[i]
		for k := range numClasses {
			if cls&(1<<k) == 0 {
				continue
			}
			if k >= clRoad && dist > linkBand {
				continue
			}
			t.bins[o][s][k] |= bit
		}
	}
}

// derive turns the raster into board terrain.
func derive(id string, d *LOSData, g *geometry) *board.Board {
	t := tallyPool.Get().(*tally)
	*t = tally{}
	defer tallyPool.Put(t)
	t.count(d, g)

	b := board.New(id)
	stair := 0
	for c := range d.Width {
		for k := range d.Height + c%2 {
			n := k
			if c%2 == 0 {
				n = k + 1 // even hexrows start at hex 1
			}
			h := hex.Hex{Col: c, Row: n}
			if board.Valid(h) && d.Stairs[stair] != 0 {
				b.Hex(h).Stairs = true
			}
			stair++
		}
	}
	b.Each(func(h hex.Hex, th *terrain.Hex) {
		i := hexIndex(h)
		deriveHex(th, &t.codes[i], g.area[i], t.inherent[i], d, g, h)
	})
	b.Each(func(h hex.Hex, th *terrain.Hex) {
		for dir := range hex.Dirs {
			f := sideFeatures(t, h, dir)
			if f != 0 {
				b.AddSide(h, dir, f)
			}
		}
	})
	// A link says a depiction continues from one hex into the other: keep
	// it only where both hexes (or the one on the board, at its edge) hold
	// that terrain.
	b.Each(func(h hex.Hex, th *terrain.Hex) {
		for dir := range hex.Dirs {
			for _, l := range links {
				if !th.Sides[dir].Has(l.f) {
					continue
				}
				n := h.Neighbour(dir)
				if !l.ok(th.Kinds) || (board.Valid(n) && !l.ok(b.Hex(n).Kinds)) {
					th.Sides[dir] &^= l.f
					if board.Valid(n) {
						b.Hex(n).Sides[dir.Opposite()] &^= l.f
					}
				}
			}
		}
	})
	// A building hex with a rowhouse wall is a rowhouse (ASL B23.71).
	b.Each(func(h hex.Hex, th *terrain.Hex) {
		if !th.Kinds.Has(terrain.Building) {
			return
		}
		for dir := range hex.Dirs {
			if th.Sides[dir].Has(terrain.RowhouseWall) {
				th.Building.Rowhouse = true
			}
		}
	})
	return b
}

var links = []struct {
	f  terrain.Features
	ok func(terrain.Kinds) bool
}{
	{terrain.RoadLink, terrain.Kinds.Road},
	{terrain.WoodsLink, func(k terrain.Kinds) bool { return k.Has(terrain.Woods) }},
	{terrain.BrushLink, func(k terrain.Kinds) bool { return k.Has(terrain.Brush) }},
	{terrain.BuildingLink, func(k terrain.Kinds) bool { return k.Has(terrain.Building) }},
}

// kindShares counts a hex's pixels per terrain.Kind from its pixels per
// code.
func kindShares(counts *[256]int32) (share [32]int32) {
	for code, n := range counts {
		if n == 0 {
			continue
		}
		for _, k := range kindsOf[code] {
			share[k] += n
		}
	}
	return share
}

// deriveHex decides the kinds, building, and elevation of one hex from its
// pixel counts, its centre pixel (read as VASL reads it, so the hex has
// VASL's terrain at the dot and VASL's base level), and inherent, the
// first inherent code of its central region (0 for none).
func deriveHex(th *terrain.Hex, counts *[256]int32, area int32, inherent uint8, d *LOSData, g *geometry, h hex.Hex) {
	x, y := g.centrePixel(h)
	centre := codes[d.Code(x, y)]
	th.Elevation = d.Elevation(x, y)
	if area == 0 {
		return
	}
	share := kindShares(counts)
	kinds := centre.kinds
	if inherent != 0 {
		kinds = kinds.Union(codes[inherent].kinds)
	}
	for k, min := range minShare {
		if float64(share[k]) >= min*float64(area) {
			kinds = kinds.With(k)
		}
	}
	th.Kinds = kinds
	if kinds.Has(terrain.Building) {
		// The building's type is that of most of its pixels; on a tie the
		// taller one (VASL applies BoardMetadata overrides to these codes).
		best, bestN := -1, int32(0)
		for code, n := range counts {
			info := codes[code]
			if n == 0 || !info.kinds.Has(terrain.Building) {
				continue
			}
			if n > bestN || (n == bestN && info.levels > codes[best].levels) {
				best, bestN = code, n
			}
		}
		if best >= 0 {
			info := codes[best]
			th.Building = terrain.Structure{Material: terrain.Wooden, Levels: info.levels}
			if info.stone {
				th.Building.Material = terrain.Stone
			}
		}
	}
}

// sideFeatures decides the features of hexside dir of h from the bins hit
// on both sides of it.
func sideFeatures(t *tally, h hex.Hex, dir hex.Dir) terrain.Features {
	bins := t.bins[hexIndex(h)][dir]
	if n := h.Neighbour(dir); board.Valid(n) {
		other := t.bins[hexIndex(n)][dir.Opposite()]
		for k := range bins {
			bins[k] |= other[k]
		}
	}
	var f terrain.Features
	for k := range numClasses {
		if popcount(bins[k]) >= minBins[k] {
			f |= classFeature[k]
		}
	}
	return f
}

func popcount(v uint16) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}
