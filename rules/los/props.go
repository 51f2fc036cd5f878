package los

import (
	"strings"

	"github.com/sasl-engine/sasl/rules/terrain"
)

// category is VASL's LOSCategory of a terrain code.
type category uint8

const (
	catOpen category = iota
	catBuilding
	catOther
	catFactory
	catHexside
	catDepression
	catWater
	catWoods
	catBridge
	catEntrenchment
	catRoad
	catMarketplace
)

// Flags of a terrainRow, as SharedBoardMetadata.xml names them.
const (
	obstacle       = 1 << iota // isLOSObstacle
	hindrance                  // isLOSHindrance
	half                       // isHalfLevelHeight
	inherent                   // isInherentTerrain (ASL B.6)
	lowerObstacle              // isLowerLOSObstacle
	lowerHindrance             // isLowerLOSHindrance
)

type terrainRow struct {
	code   uint8
	name   string
	cat    category
	height int8 // levels
	split  int8 // half levels
	flags  uint8
}

// prop is what the LOS rules ask of a terrain code: VASL's row and the
// tests its Terrain class derives from the row's name and category.
type prop struct {
	terrainRow
	known bool // the code has a row (others read as Open Ground)
	// top2 is twice the height the code can reach above its pixel's
	// ground level (half levels, and a cliff's extra level, included):
	// a pixel whose 2*ground+top2 is not above twice the lower end's
	// level can fire no rule of applyRules but the hexside rule.
	top2 int8
	is   uint16
}

// Tests of a prop (VASL's Terrain.isX methods).
const (
	isBuilding        = 1 << iota // BUILDING, FACTORY or MARKETPLACE
	isBuildingTerrain             // BUILDING or MARKETPLACE
	isRowhouse                    // rowhouse or interior factory wall
	isHexside                     // HEXSIDE category or rowhouse wall
	isCliff                       // a cliff hexside
	isLightWoods                  // Light Woods: hindrance 2 (B35)
	isBocage                      // bocage: hexside the height rules skip
	isOrchardOOS                  // an orchard out of season
	isTower                       // a tower hindrance
	isRoadOrBridge                // a road or bridge name or category
	isNotHigher                   // PartialOrchard, Hillock: no "higher than both" test
	isDepression                  // DEPRESSION category (A6.3)
	isWater                       // WATER category
)

// props is indexed by terrain code, in season (grain and orchards as
// drawn); outOfSeason replaces grain by Open Ground and orchards in leaf by
// orchards out of season (ASL B15.1, B16.1).
var props, outOfSeason [256]prop

func init() {
	for i := range props {
		props[i] = prop{terrainRow: terrainRow{code: uint8(i), name: "Open Ground"}}
	}
	for _, r := range vaslTerrain {
		p := prop{terrainRow: r, known: true}
		n := r.name
		if r.cat == catBuilding || r.cat == catFactory || r.cat == catMarketplace {
			p.is |= isBuilding
		}
		if r.cat == catBuilding || r.cat == catMarketplace {
			p.is |= isBuildingTerrain
		}
		if r.cat == catWater {
			p.is |= isWater
		}
		if strings.HasPrefix(n, "Rowhouse Wall") || strings.HasPrefix(n, "Interior Factory Wall") {
			p.is |= isRowhouse
		}
		if r.cat == catHexside || p.is&isRowhouse != 0 {
			p.is |= isHexside
		}
		if strings.Contains(n, "Cliff") {
			p.is |= isCliff
		}
		if strings.Contains(n, "Light Woods") {
			p.is |= isLightWoods
		}
		if n == "Bocage" {
			p.is |= isBocage
		}
		if n == "Orchard, Out of Season" {
			p.is |= isOrchardOOS
		}
		if n == "Tower Hindrance" {
			p.is |= isTower
		}
		if r.cat == catBridge || strings.Contains(n, "Road") {
			p.is |= isRoadOrBridge
		}
		if n == "PartialOrchard" || n == "Hillock" {
			p.is |= isNotHigher
		}
		if r.cat == catDepression {
			p.is |= isDepression
		}
		p.top2 = 2 * r.height
		if r.flags&half != 0 {
			p.top2++
		}
		if p.is&isCliff != 0 {
			p.top2 += 2
		}
		props[r.code] = p
	}
	outOfSeason = props
	for _, r := range vaslTerrain {
		switch r.code {
		case codeGrain:
			outOfSeason[r.code] = withCode(props[codeOpen], r.code)
		case codeOrchard:
			outOfSeason[r.code] = withCode(props[codeOrchardOOS], r.code)
		}
	}
}

// withCode is p under another code (a season's variant keeps the pixel's
// code so that messages can still name what is drawn).
func withCode(p prop, code uint8) prop {
	p.code = code
	return p
}

// Terrain codes the rasteriser and the seasons use.
const (
	codeOpen        = 0
	codeGrain       = 24
	codeBrush       = 25
	codeGully       = 30
	codeStream      = 32
	codeDeepStream  = 33
	codeStone       = 40 // "Stone Building": a single story
	codeStone1      = 41 // "Stone Building, 1 Level"
	codeWooden      = 50
	codeWoods       = 60
	codeOrchard     = 63
	codeOrchardOOS  = 64
	codeDirtRoad    = 65
	codePavedRoad   = 66
	codeSunkenRoad  = 68
	codeWall        = 72
	codeHedge       = 73
	codeBocage      = 74
	codeCliff       = 75
	codeStoneRubble = 90
	codeWater       = 8
	codeMarsh       = 14
	codeShellholes  = 15
	codeCrags       = 26
	codeGraveyard   = 28
	codeLumberyard  = 29
)

// propsFor returns the prop table of a season.
func propsFor(s terrain.Season) *[256]prop {
	if s.Grain && s.Orchard {
		return &props
	}
	t := new([256]prop)
	*t = props
	if !s.Grain {
		t[codeGrain] = outOfSeason[codeGrain]
	}
	if !s.Orchard {
		t[codeOrchard] = outOfSeason[codeOrchard]
	}
	return t
}
