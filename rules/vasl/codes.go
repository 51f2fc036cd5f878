package vasl

import "github.com/sasl-engine/sasl/rules/terrain"

// What each VASL terrain code (typeCode in SharedBoardMetadata.xml) means
// here. A code is area terrain (it fills part of a hex and may make the hex
// that kind), hexside terrain (drawn along hexsides: walls, hedges...), or
// both (rowhouse walls lie inside buildings along hexsides).
type codeInfo struct {
	kinds   terrain.Kinds // empty for Open Ground
	area    bool          // counts toward the hex's terrain
	side    terrain.Features
	stone   bool // building material
	wooden  bool
	levels  int  // upper levels of a building code
	unknown bool // no meaning assigned: counted as Open Ground
}

var codes [256]codeInfo

func init() {
	for i := range codes {
		codes[i] = codeInfo{area: true, unknown: true}
	}
	set := func(kind terrain.Kind, cs ...int) {
		for _, c := range cs {
			codes[c] = codeInfo{kinds: terrain.Of(kind), area: true}
		}
	}
	// Open Ground and its variants: plowed field (1), rooftop (2), snow,
	// deep snow, ice, mud, mudflats (3-7), runway, broken ground, sand,
	// hammada, scrub, rice paddies drained/irrigated and beaches.
	set(terrain.OpenGround, 0, 1, 2, 3, 4, 5, 6, 7, 100, 101, 107, 108, 111, 112, 120, 121, 135, 136, 143, 144, 145, 146, 147, 148, 153, 154, 155, 156)
	set(terrain.Water, 8, 9, 10, 11, 12, 13, 140, 141, 142) // water, rivers, ford, canal, ocean, effluent
	set(terrain.Marsh, 14, 133)                             // marsh, swamp
	set(terrain.Shellholes, 15)
	set(terrain.Grain, 24, 132, 137) // grain, kunai, rice paddy in season
	set(terrain.Brush, 25, 117, 128) // brush, cactus patch, bamboo
	set(terrain.Crag, 26, 27)        // crags, debris
	set(terrain.Graveyard, 28)
	set(terrain.Lumberyard, 29)
	set(terrain.Gully, 30, 31, 104) // gully, dry stream, wadi
	set(terrain.Stream, 32, 33, 34) // shallow, deep, flooded stream
	set(terrain.Woods, 60, 61, 62, 126, 127)
	set(terrain.Orchard, 63, 64, 118, 119, 129) // orchard (in/out of season), olive grove, vineyard, palm trees
	set(terrain.DirtRoad, 65)
	set(terrain.PavedRoad, 66)
	set(terrain.ElevatedRoad, 67)
	set(terrain.SunkenRoad, 68)
	set(terrain.Runway, 69)
	set(terrain.Path, 70)
	set(terrain.Bridge, 82, 83, 84, 85, 86, 87)
	set(terrain.Rubble, 90, 91, 131) // stone, wooden rubble; collapsed huts
	// Deep and flooded streams are Water Obstacles as well (ASL B20).
	codes[33].kinds = terrain.Of(terrain.Stream, terrain.Water)
	codes[34].kinds = terrain.Of(terrain.Stream, terrain.Water)

	building := func(code, levels int, stone bool) {
		codes[code] = codeInfo{kinds: terrain.Of(terrain.Building), area: true, stone: stone, wooden: !stone, levels: levels}
	}
	// "Stone Building, n Level": n upper levels; 40 is a single story.
	for n := 0; n <= 4; n++ {
		building(40+n, n, true)
		building(50+n, n, false)
	}
	building(45, 1, true) // stone factory walls and factories, 1.5 and 2.5 levels
	building(46, 2, true)
	building(47, 1, true)
	building(48, 2, true)
	// Market places (12R7): VASL gives them height 1 and traces from their
	// upper Location, h1.
	building(49, 1, true)
	building(55, 1, false)
	building(56, 2, false)
	building(57, 1, false)
	building(58, 2, false)
	building(59, 1, false)
	building(113, 0, true)  // mausoleum
	building(115, 0, true)  // building cluster
	building(125, 0, true)  // temple
	building(130, 0, false) // huts
	building(166, 0, true)  // storage tanks
	building(167, 1, true)
	building(174, 0, true) // cellar

	hexside := func(f terrain.Features, cs ...int) {
		for _, c := range cs {
			codes[c] = codeInfo{side: f}
		}
	}
	hexside(terrain.Wall, 72)
	hexside(terrain.Hedge, 73)
	hexside(terrain.Bocage, 74)
	hexside(terrain.Cliff, 75)
	hexside(0, 81, 109, 110, 152, 157) // roadblock, dune crests, embankments: not modelled
	for n := 0; n <= 4; n++ {
		// Rowhouse walls run along hexsides inside stone rowhouses.
		codes[76+n] = codeInfo{kinds: terrain.Of(terrain.Building), area: true, stone: true, levels: n, side: terrain.RowhouseWall}
	}
}
