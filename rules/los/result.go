package los

import (
	"fmt"

	"github.com/sasl-engine/sasl/rules/hex"
)

// Hindrance is one hex that hinders a line (ASL B.10; inherent terrain
// along a hexside counts once, B.6): the hex and its DRM.
type Hindrance struct {
	Hex hex.Hex
	DRM int
}

// Result is the verdict of one line of sight.
type Result struct {
	Clear bool
	// Range in hexes (ASL A6.1 range is counted hexes, not pixels).
	Range int
	// Hindrance is the total Hindrance DRM along the line, counted up to
	// where it is blocked; Hindrances lists the hexes, nearest the firer
	// first. Six or more block (B.10).
	Hindrance  int
	Hindrances [maxHind]Hindrance
	NHind      int
	// Where and why a blocked line is blocked: the hex, the pixel and the
	// rule; the terrain code of that pixel (Terrain names it).
	BlockedAt hex.Hex
	Pixel     [2]int
	Reason    Reason
	code      uint8
	level     int8 // ground level of the blocking pixel
}

// HindranceHexes returns the hexes that hinder the line, nearest the firer
// first.
func (r *Result) HindranceHexes() []Hindrance { return r.Hindrances[:r.NHind] }

// maxHind: at most six hexes are counted, each at least DRM 1.
const maxHind = 6

// Blocking returns what blocks the line: the terrain ("Woods", "Wall"),
// or, where the ground itself blocks, "level 2 ground"; "" for a clear
// line.
func (r *Result) Blocking() string {
	if r.Clear {
		return ""
	}
	if r.Reason == OffMap {
		return "no board"
	}
	p := &props[r.code]
	if (r.Reason == GroundHigher || r.Reason == HeightAdvantage || r.Reason == BlindB1023) && p.height == 0 && p.flags&half == 0 && p.is&isHexside == 0 {
		return fmt.Sprintf("level %d ground", r.level)
	}
	return p.name
}

// Reason says which rule blocked a line; its String is VASL's own text,
// with the rule.
type Reason uint8

const (
	NotBlocked Reason = iota
	ExitsDepression
	EntersDepression
	MustLeaveBuilding
	HexsideTerrain
	GroundHigher
	SplitBlocks
	HalfLevel
	TerrainHigher
	HeightAdvantage
	BlindA64
	BlindB1023
	SixHindrances
	OffMap
	RowhouseWall
	MustLeaveTargetBuilding
)

var reasonText = [...]string{
	NotBlocked:        "",
	ExitsDepression:   "Exits depression before range/elevation restrictions are satisfied (A6.3)",
	EntersDepression:  "Does not enter depression while range/elevation restrictions are satisfied (A6.3)",
	MustLeaveBuilding: "LOS must leave the building before leaving the source hex to see a location with a different elevation (A6.8 Example 2)",
	HexsideTerrain:    "Intervening hexside terrain (B9.2)",
	GroundHigher:      "Ground level is higher than both the source and target (A6.2)",
	SplitBlocks:       "This terrain blocks LOS to same same elevation Source and Target",
	HalfLevel:         "Half level terrain is higher than both the source and/or the target (A6.2)",
	TerrainHigher:     "Terrain is higher than both the source and target (A6.2)",
	HeightAdvantage:   "Must have a height advantage to see over this terrain (A6.2)",
	BlindA64:          "Source or Target location is in a blind hex (A6.4)",
	BlindB1023:        "Source or Target location is in a blind hex (B10.23)",
	SixHindrances:     "Hindrance total of six or more (B.10)",
	OffMap:            "The line leaves the playing area (no board in that part of the configuration)",
	RowhouseWall:      "Cannot see through rowhouse/factory wall (B23.71/O5.31)",
	// VASL applies A6.8 EX 2 at the source only; LOS is reciprocal (A6.1).
	MustLeaveTargetBuilding: "LOS must leave the building before leaving the target hex for the target to see a location with a different elevation (A6.8 Example 2; LOS is reciprocal, A6.1)",
}

func (r Reason) String() string {
	if int(r) < len(reasonText) {
		return reasonText[r]
	}
	return "unknown reason"
}
