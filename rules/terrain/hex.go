package terrain

import (
	"fmt"

	"github.com/sasl-engine/sasl/rules/hex"
)

// Material is what a building is made of (ASL B23.2).
type Material uint8

const (
	NoMaterial Material = iota
	Stone
	Wooden
)

var materialName = [...]string{NoMaterial: "", Stone: "stone", Wooden: "wooden"}

func (m Material) String() string { return materialName[m] }

// ParseMaterial reads "stone" or "wooden".
func ParseMaterial(s string) (Material, error) {
	switch s {
	case "stone":
		return Stone, nil
	case "wooden":
		return Wooden, nil
	}
	return 0, fmt.Errorf("terrain: unknown building material %q (want stone or wooden)", s)
}

// Structure describes the building in a hex. A multi-hex building is several
// hexes joined by BuildingLink hexsides (ASL B23.1); each rowhouse hex is a
// building of its own, walled off by RowhouseWall hexsides (ASL B23.71).
type Structure struct {
	Material Material
	// Levels is the number of upper levels above ground level: 0 for a
	// single-story house, 1 for a building with a first level (VASL's
	// "Wooden Building, 1 Level"), and so on.
	Levels   int
	Rowhouse bool
}

// Hex is the terrain of one hex.
type Hex struct {
	Kinds Kinds
	// Elevation is the base level of the hex (ASL B10): the ground level of
	// its centre dot; -1 in a gully or stream.
	Elevation int
	// Building is meaningful when Kinds has Building.
	Building Structure
	// Stairs: the building hex has a stairwell (ASL B23.22).
	Stairs bool
	// Sides holds the features of each hexside, indexed by hex.Dir in the
	// frame the Hex is seen in.
	Sides [hex.Dirs]Features
}

// Upper returns the number of upper building levels of the hex (0 if it has
// no building).
func (h *Hex) Upper() int {
	if !h.Kinds.Has(Building) {
		return 0
	}
	return h.Building.Levels
}

// Reversed returns h seen on a board turned 180 degrees: every hexside moves
// to the opposite direction.
func (h Hex) Reversed() Hex {
	var s [hex.Dirs]Features
	for d := range hex.Dirs {
		s[d.Opposite()] = h.Sides[d]
	}
	h.Sides = s
	return h
}

// Season says which seasonal terrain is in season. Which months those are
// is data (tables); the rules only ask.
type Season struct {
	// Grain in season is Concealment Terrain; out of season it is Open
	// Ground (ASL B15).
	Grain bool
	// Orchard in season is Concealment Terrain; out of season it is not
	// (ASL B14).
	Orchard bool
}

// InSeason is a Season with grain and orchards in season.
var InSeason = Season{Grain: true, Orchard: true}

// Concealment reports whether a Location of terrain kinds is Concealment
// Terrain (ASL A12.12): woods, brush, building, rubble, lumberyard, marsh,
// crag and graveyard always; grain and orchard only in season. Upper
// building levels are Concealment Terrain because they are building
// Locations. Open Ground behind a wall is Concealment Terrain only for SASL
// 4.1e, which the caller decides with the line of fire.
//
// Source: ASL A12.12 as applied by the SASL 4.1 EX, where orchards P5/P6
// receive S? and grain T6/U7 only "if Grain is in season".
func Concealment(k Kinds, s Season) bool {
	if k.Any(Woods, Brush, Building, Rubble, Lumberyard, Marsh, Crag, Graveyard) {
		return true
	}
	if s.Grain && k.Any(Grain) {
		return true
	}
	if s.Orchard && k.Any(Orchard) {
		return true
	}
	return false
}
