package report

import (
	"fmt"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/world"
)

// Reason says what placed an S? (SASL 4.1), as data.
type Reason struct {
	Kind ReasonKind
	// What a case a Location is.
	What world.Structure
	// Group: the size of a case b woods/brush group, ByEdge when it takes
	// S? for being connected to the EBE, Odd the parity of the hex's
	// coordinate.
	Group       int
	ByEdge, Odd bool
	// Radius of case c/d (1 ADJACENT, 2) or of case e's placement hex.
	Radius int
	// At: the VPO of case c/d, the placement hex of case e.
	At board.Location
}

// ReasonKind is the kind of a Reason.
type ReasonKind uint8

const (
	InStructure ReasonKind = iota // 4.1a: a building, rubble or lumberyard Location
	InWoods                       // 4.1b: a woods/brush Location
	AtVPO                         // 4.1c/d: a VPO Location
	NearVPO                       // 4.1c/d: Concealment Terrain near a VPO
	Concealed                     // 4.1e: Concealment Terrain near a placement hex
	BehindWall                    // 4.1e: Open Ground behind a wall toward the FBE
)

// Reason words what placed the S? in Location l: "Concealment Terrain
// within 2 of placement hex 33S8".
func (x *Words) Reason(l board.Location, r Reason) string {
	switch r.Kind {
	case InStructure:
		return r.What.String() + " Location"
	case InWoods:
		why := fmt.Sprintf("woods/brush group of %d", r.Group)
		if r.ByEdge {
			why = fmt.Sprintf("woods/brush group of %d connected to the %s EBE", r.Group, x.w.Mission().EBE)
		}
		odd := 0
		if r.Odd {
			odd = 1
		}
		return why + ", " + parityName(odd) + " coordinate"
	case AtVPO:
		return "VPO Location"
	case NearVPO:
		return fmt.Sprintf("Concealment Terrain %s VPO %s", nearText(r.Radius), x.name(r.At))
	case Concealed:
		return fmt.Sprintf("Concealment Terrain within %d of placement hex %s", r.Radius, x.hex(r.At.Hex))
	}
	wall := x.w.BehindWall(l.Hex)
	what := fmt.Sprintf("%s-%s %s", x.hex(l.Hex.Neighbour(wall.Dir)), x.hex(l.Hex), wall.Feature)
	return fmt.Sprintf("Open Ground behind the %s toward the FBE, within %d of placement hex %s", what, r.Radius, x.hex(r.At.Hex))
}

// nearText is how near case c (1) and case d (2) look for Concealment
// Terrain.
func nearText(radius int) string {
	if radius == 2 {
		return "within two hexes of"
	}
	return "adjacent to"
}

// KindWhy says how a board's kind was decided: "Table A9: ..." or
// "derived (...)".
func (x *Words) KindWhy(k world.BoardKind) string {
	if k.FromTable {
		return "Table A9: " + k.Source
	}
	a9 := &x.w.Tables().SASL.A9
	return fmt.Sprintf("derived (Table A9 has no row for board %s): %d buildings and rubble Locations (built-up from %d, SASL 4.12), %d woods hexes (woods from %d), %d water hexes (river from %d)",
		k.Board, k.NBuildings, a9.BuiltUpMin.Value, k.NWoods, a9.WoodsMin.Value, k.NWater, a9.RiverMin.Value)
}

// procedure words a step of the setup or of entry.
func (x *Words) procedure(e *Event) string {
	switch e.Kind {
	case NoBridge:
		return x.name(e.At) + " is a bridge Location not Accessible to a land hex: no S? (SASL 4.1c/d)"
	case CaseBegins:
		switch e.Case {
		case 'a':
			return "Case a: one S? in each building, rubble and lumberyard Location"
		case 'b':
			return "Case b: woods and brush Locations of the parity of their board's dr"
		case 'e':
			return "Case e: Letter Chits, placement hexes and radii on each board"
		}
		return fmt.Sprintf("Case %c: each VPO Location and each Concealment Terrain Location %s one", e.Case, nearText(e.Radius))
	case A9e:
		switch e.Cause {
		case Reroll:
			return fmt.Sprintf("%s: A9e dr %d (%s) picks no VPO Location of the hex that can take an S?: reroll (SASL 4.12)", x.hex(e.At.Hex), e.Dice.DR, e.Levels)
		case NoVPOTaker:
			return fmt.Sprintf("%s: A9e dr %d: %s; no VPO Location of the hex can take an S? (FRIENDLY units, or no row of Table A9e picks one): no reroll (SASL 4.12)", x.hex(e.At.Hex), e.Dice.DR, levelsText(e.Levels))
		}
		return fmt.Sprintf("%s: A9e dr %d: %s (SASL 4.12)", x.hex(e.At.Hex), e.Dice.DR, levelsText(e.Levels))
	case Woods413:
		return fmt.Sprintf("%s: case %c, 4.13 dr %d > 3 on woods board %s: no S?", x.name(e.At), e.Case, e.Dice.DR, e.Board)
	case Parity:
		return fmt.Sprintf("Board %s: dr %d: %s coordinates", e.Board, e.Dice.DR, parityName(e.Dice.DR))
	case LetterChits:
		return fmt.Sprintf("Board %s: A6d dr %d: %d Letter Chits", e.Board, e.Dice.DR, e.Count)
	case ChitPlaced:
		return fmt.Sprintf("Board %s: chit %s: placement hex %s, radius %d: %d S?", e.Board, e.Chit, x.hex(e.At.Hex), e.Radius, e.Count)
	case ChitRedone:
		return fmt.Sprintf("Board %s: chit %s placed %d S? (<= 2): removed, new chit %s (SASL 4.1 NOTE)", e.Board, e.Chit, e.Count, e.Other)
	case CupEmpty:
		return fmt.Sprintf("Board %s: the cup is empty: no chit to redo %s with", e.Board, e.Chit)
	case EntryBegins:
		return fmt.Sprintf("Turn %d: %d S? enter along the %s edge", e.Turn, e.Count, e.Edge)
	case EntrySet:
		return fmt.Sprintf("%s: %s", e.Who, x.entryText(e))
	case EntryRepeat:
		switch e.Cause {
		case Prohibited:
			return fmt.Sprintf("%s: Infantry cannot enter %s from off the map: Prohibited, repeat", e.Who, x.hex(e.Hexes[0]))
		case FriendlyHeld:
			return fmt.Sprintf("%s: %s holds FRIENDLY units, which bar its entry (ASL A2.5): repeat", e.Who, x.hex(e.Hexes[0]))
		case Full:
			return fmt.Sprintf("%s: %s cannot take one more S? beside the ENEMY units there (ASL A5.1): Overstacked, repeat", e.Who, x.hex(e.Hexes[0]))
		}
		return fmt.Sprintf("%s: %s already has %d entering S?: Overstacked, repeat", e.Who, x.hex(e.Hexes[0]), e.Count)
	case EntryReroll:
		return fmt.Sprintf("%s: coloured dr %d chooses no board of %d: reroll (SASL 4.22)", e.Who, e.Dice.DR, e.Count)
	}
	return e.Kind.String()
}
