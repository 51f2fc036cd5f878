package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// Words makes the words sasl prints from events and rolls: the only place
// the engine's prose is built. Make one per world (New); it is read-only
// and safe for concurrent use.
type Words struct {
	w *world.World
	m *board.Map
}

// New returns the words of the events of games of world w.
func New(w *world.World) *Words { return &Words{w: w, m: w.Map()} }

func (x *Words) name(l board.Location) string { return x.m.LocationName(l) }
func (x *Words) hex(h hex.Hex) string         { return x.m.NameString(h) }

// HexesText writes a count of hexes, a range: "1 hex", "3 hexes".
func HexesText(n int) string {
	if n == 1 {
		return "1 hex"
	}
	return strconv.Itoa(n) + " hexes"
}

// FormatFP writes a firepower as the Infantry Fire Table's columns and
// the rules write it: "8", "1.5".
func FormatFP(fp float64) string {
	return strconv.FormatFloat(fp, 'f', -1, 64)
}

// KindText writes a unit's kind as a player reads it: "half-squad".
func KindText(k state.Kind) string { return strings.ReplaceAll(k.String(), "_", "-") }

// FireText names a kind of fire as the rules do: "First Fire", "Defensive
// Fire", "Prep Fire", "Advancing Fire", "Subsequent First Fire (ASL A8.3,
// Area Fire)", ...; "" for another kind.
func FireText(k Kind) string { return fireText[k] }

var fireText = map[Kind]string{FirstFire: "First Fire", DefensiveFire: "Defensive Fire", PrepFire: "Prep Fire", AdvancingFire: "Advancing Fire",
	SubsequentFirstFire: "Subsequent First Fire (ASL A8.3, Area Fire)", FinalProtectiveFire: "Final Protective Fire (ASL A8.31, Area Fire)", FinalFire: "Final Fire (ASL A8.4, Area Fire)"}

// countText is n things: "1 unit", "3 units".
func countText(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// typeSuffix is " " and a counter's type, or nothing.
func typeSuffix(t string) string {
	if t == "" {
		return ""
	}
	return " " + t
}

// RollsText writes rolls as a player reads them: "A6d dr 3, chit Q".
func RollsText(rolls []Roll) string {
	parts := make([]string, len(rolls))
	for i, r := range rolls {
		parts[i] = r.String()
	}
	return strings.Join(parts, ", ")
}

// What a roll is for (dice.Why.For), and what of its Why each fills.
const (
	forRule         uint8 = iota // the rule alone
	For413                       // 4.13: does the S? in At on woods board Board stay
	ForA9e                       // 4.12: the S? Locations of At's hex
	ForParity                    // 4.1b: odd or even coordinates on board Board
	ForA6d                       // 4.1e: Letter Chits for board Board
	ForChit                      // 4.1e: Letter Chit N of M, board Board
	ForNewChit                   // 4.1 NOTE: a new chit for board Board, chit Chit placed N S?
	ForHexNumber                 // 4.1e: dr +2, hex number in hexrow Chit of board Board
	ForRadius                    // 4.1e: Table A6f, radius around At's hex
	ForEntryBoard                // 4.21/4.22: which board along Edge for Who (N, M)
	ForHexrow                    // 4.21: hexrow of Who along Edge of board Board
	ForEntryNumber               // 4.22: dr +2, hex number for Who along Edge of board Board
	ForBoardNumber               // 4.22: coloured dr for the board, white dr +2 for Who along Edge
	ForX10                       // 4.34: Table x10, units of Unit in At
	ForX3                        // 4.35: Table x3, leader of Unit (DRM N)
	ForGroupIFT                  // A7: IFT DR of the fire group of Units at At
	ForIFT                       // A7: IFT DR of Units at At
	ForMC                        // A10: MC of Unit (ML N, DRM M)
	ForSelection                 // A.9: Random Selection for M (a Selection) of Unit
	ForRally                     // A10.6: rally of Unit (ML N, DRM M)
	ForCC                        // A11: Close Combat of side Side in At (N FP vs M)
	ForPTC                       // A7.8: Pin Task Check of Unit (ML N, DRM M)
	ForInterdiction              // A10.53: Interdiction NMC of Unit (ML N, DRM M)
	ForWound                     // A17.11: Wound Severity dr of Unit (DRM M)
	ForAC                        // SASL 5.1: AC dr of Unit in At (drm N)
	ForGeneration                // SASL 5: unit generation table of Board (a nationality), units of Unit in At
	ForLeader                    // SASL 5: Table x3, leader of Unit, not of a Human Wave (DRM N)
	ForX10S                      // policy.setup_s x10: Table x10, units of Unit (not of a Human Wave) in At
	ForPanic                     // SASL 6.21: Panic dr of Units in At (panics on N or more)
	ForAction                    // SASL 6: Action table (Attitude: Board) of Units in At
)

// What a Random Selection is for (ForSelection's M).
const (
	SelectKIA = iota
	SelectK
	SelectCC
)

// Why words what a roll is for: "SASL 4.1e: Letter Chit 1 of 2, board 33".
// It is a dice.Words.
func (x *Words) Why(y dice.Why) string {
	var d string
	switch y.For {
	case For413:
		d = fmt.Sprintf("does the S? in %s on woods board %s stay (dr <= 3)?", x.name(y.At), y.Board)
	case ForA9e:
		d = "Table A9e, S? Locations of " + x.hex(y.At.Hex)
	case ForParity:
		d = "odd or even coordinates on board " + y.Board
	case ForA6d:
		d = "Table A6d, Letter Chits for board " + y.Board
	case ForChit:
		d = fmt.Sprintf("Letter Chit %d of %d, board %s", y.N, y.M, y.Board)
	case ForNewChit:
		d = fmt.Sprintf("a new Letter Chit for board %s (chit %s placed %d S?)", y.Board, y.Chit, y.N)
	case ForHexNumber:
		d = fmt.Sprintf("dr +2, hex number in hexrow %s of board %s", y.Chit, y.Board)
	case ForRadius:
		d = "Table A6f, radius around " + x.hex(y.At.Hex)
	case ForEntryBoard:
		boards, _ := x.w.EntryBoards(y.Edge)
		d = fmt.Sprintf("which board along the %s edge for %s", y.Edge, Who{y.N, y.M})
		if len(boards) > 6 {
			d += ": DR as (coloured-1)*6+white"
		}
		d += " (" + EntryNames(boards) + ")"
	case ForHexrow:
		d = fmt.Sprintf("hexrow of %s along the %s edge of board %s", Who{y.N, y.M}, y.Edge, y.Board)
	case ForEntryNumber:
		d = fmt.Sprintf("dr +2, hex number for %s along the %s edge of board %s", Who{y.N, y.M}, y.Edge, y.Board)
	case ForBoardNumber:
		boards, _ := x.w.EntryBoards(y.Edge)
		d = fmt.Sprintf("coloured dr for the board (%s), white dr +2 for the hex number, %s along the %s edge", EntryNames(boards), Who{y.N, y.M}, y.Edge)
	case ForX10:
		d = fmt.Sprintf("Table x10, units of Human Wave S? %s in %s", y.Unit, x.name(y.At))
	case ForX3:
		d = fmt.Sprintf("Table x3, leader of Human Wave S? %s (DRM %+d)", y.Unit, y.N)
	case ForGroupIFT:
		d = fmt.Sprintf("IFT DR of the fire group of %s at %s", strings.Join(y.Units, ", "), x.name(y.At))
	case ForIFT:
		d = fmt.Sprintf("IFT DR of %s at %s", strings.Join(y.Units, ", "), x.name(y.At))
	case ForMC:
		d = fmt.Sprintf("MC of %s (ML %d, DRM %+d)", y.Unit, y.N, y.M)
	case ForPTC:
		d = fmt.Sprintf("PTC of %s (ML %d, DRM %+d)", y.Unit, y.N, y.M)
	case ForInterdiction:
		d = fmt.Sprintf("Interdiction NMC of routing %s (ML %d, DRM %+d)", y.Unit, y.N, y.M)
	case ForSelection:
		d = fmt.Sprintf("Random Selection for %s: %s", [...]string{"KIA", "K", "Casualty Reduction in CC"}[y.M], y.Unit)
	case ForRally:
		d = fmt.Sprintf("rally of %s (ML %d, DRM %+d)", y.Unit, y.N, y.M)
	case ForAC:
		d = fmt.Sprintf("AC dr of S? %s in %s (drm %+d)", y.Unit, x.name(y.At), y.N)
	case ForGeneration:
		d = fmt.Sprintf("unit generation table (%s), units of S? %s in %s", y.Board, y.Unit, x.name(y.At))
	case ForX10S:
		d = fmt.Sprintf("Table x10, units of S? %s (not of a Human Wave) in %s", y.Unit, x.name(y.At))
	case ForPanic:
		d = fmt.Sprintf("Panic dr of %s in %s (panics on %d or more)", strings.Join(y.Units, ", "), x.name(y.At), y.N)
	case ForAction:
		d = fmt.Sprintf("%s Action table, %s in %s", attitudeTitle(y.Board), strings.Join(y.Units, ", "), x.name(y.At))
	case ForLeader:
		d = fmt.Sprintf("Table x3, leader of S? %s (DRM %+d)", y.Unit, y.N)
	case ForWound:
		d = fmt.Sprintf("Wound Severity dr of %s (drm %+d)", y.Unit, y.M)
	case ForCC:
		d = fmt.Sprintf("Close Combat of the %s side in %s (%d FP vs %d)", state.Side(y.Side), x.name(y.At), y.N, y.M)
	default:
		return y.Rule
	}
	return y.Rule + ": " + d
}

// String words who an entry roll is for: "S? 2 of 4", "the first of two
// hexes of a Human Wave".
func (w Who) String() string {
	if w.Of == 0 {
		return [...]string{"", "the first", "the second"}[min(w.N, 2)] + " of two hexes of a Human Wave"
	}
	return fmt.Sprintf("S? %d of %d", w.N, w.Of)
}

// EntryNames lists boards with the dice numbers each is given: "3 (1-2),
// 2 (3-4), 16 (5-6)"; from seven boards on, the numbers of a DR read as
// (coloured-1)*6+white.
func EntryNames(boards []layout.EdgeBoard) string {
	faces := 6
	if len(boards) > 6 {
		faces = 36
	}
	per := faces / len(boards)
	var parts []string
	for i, b := range boards {
		lo, hi := i*per+1, (i+1)*per
		if lo == hi {
			parts = append(parts, fmt.Sprintf("%s (%d)", b.Board, lo))
		} else {
			parts = append(parts, fmt.Sprintf("%s (%d-%d)", b.Board, lo, hi))
		}
	}
	return strings.Join(parts, ", ")
}

// PathText writes a path: "from off the south edge, x1Q10 (1) x1Q9 (1)
// ... off the north edge (1)", each step with the MF it cost; from is the
// edge an entry crosses.
func (x *Words) PathText(steps []pathing.Step, from layout.Compass) string {
	parts := make([]string, len(steps))
	for i, s := range steps {
		var name string
		switch {
		case s.Off && i == 0:
			name = fmt.Sprintf("from off the %s edge,", from)
		case s.Off:
			name = fmt.Sprintf("off the %s edge", x.w.Mission().FBE)
		default:
			name = x.name(s.Location)
		}
		if i == 0 {
			parts[i] = name
			continue
		}
		parts[i] = name + " (" + pathing.HalfMF(s.HalfMF) + ")"
	}
	return strings.Join(parts, " ")
}

// levelsText says which Locations of a hex Table A9e picks.
func levelsText(l tables.Levels) string {
	switch l {
	case tables.LevelsNone:
		return "no Location"
	case tables.LevelsAll:
		return "every Location"
	case tables.LevelsGround:
		return "ground level only"
	}
	return fmt.Sprintf("level %d only", int(l)-1)
}

// parityName is "even" or "odd".
func parityName(v int) string {
	if v%2 == 0 {
		return "even"
	}
	return "odd"
}

// attitudeTitle names an Attitude as the rules do: "Maintain Attitude".
func attitudeTitle(name string) string {
	if name == "" {
		return "no Attitude"
	}
	return attitudeName(name) + " Attitude"
}

// attitudeName is an Attitude's name as a title: "Maintain".
func attitudeName(name string) string {
	if name == "" {
		return ""
	}
	return strings.ToUpper(name[:1]) + strings.ReplaceAll(name[1:], "_", " ")
}

// AttitudeText says the ENEMY's Prevailing Attitude (SASL 4.33, 6) as a
// player reads it: "the ENEMY's Prevailing Attitude: Maintain (SASL 4.33,
// 6)"; reading: the mission names none, and the tables' is played.
func AttitudeText(name string, reading bool) string {
	a := attitudeName(name)
	if reading {
		return fmt.Sprintf("the ENEMY's Prevailing Attitude: %s (the mission names none: sasl.action.prevailing, sasl's reading)", a)
	}
	return fmt.Sprintf("the ENEMY's Prevailing Attitude: %s (SASL 4.33, 6)", a)
}
