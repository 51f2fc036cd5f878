package tables

import (
	"fmt"
	"maps"
)

// SASL holds the SASL tables of S? placement and entry (SASL S4).
type SASL struct {
	A6d IntByDr    // Letter Chits per mapboard (4.1e)
	A6f IntByDr    // radius around a placement hex (4.1e)
	A9e LevelsByDr // S? Locations of a building hex on a built-up board (4.12)
	A9  BoardKinds // mapboard kinds
	// EntryStacking is the number of entering S? an entry hex takes
	// before it is Overstacked (4.21, 4.22).
	EntryStacking Entry[int]
	// RallySelfMMC is the number of broken ENEMY MMC without a Good Order
	// leader in their Location that try to self-rally each ENEMY RPh, those
	// with the best chance of rallying (SASL 7.1).
	RallySelfMMC Entry[int]
	// Action is the ENEMY's Action procedure (SASL 6): the Panic dr and
	// the Action tables by Attitude.
	Action Action
}

// Entry is one value of a table with its source.
type Entry[T any] struct {
	Value   T
	Default bool // a placeholder for the owner's rulebook value
	// Reading: sasl's own reading where no text decides (reading: true),
	// the player's to change.
	Reading bool
	Source  string
}

// IntByDr is a table of whole numbers indexed by a dr, 1..6.
type IntByDr struct {
	Source string
	Rows   [7]Entry[int] // Rows[dr]
}

// Levels is a result of Table A9e: which Locations of a building hex get
// S?.
type Levels uint8

const (
	LevelsNone   Levels = iota // no Location
	LevelsGround               // ground level
	LevelsFirst                // level 1
	LevelsSecond               // level 2
	LevelsThird                // level 3
	LevelsAll                  // every non-Rooftop/-Sewer Location
)

var levelsName = [...]string{"none", "ground", "first", "second", "third", "all"}

func (l Levels) String() string { return levelsName[l] }

// Has reports whether Location level lv (0 ground, 1, 2, ...) is in l.
func (l Levels) Has(lv int) bool {
	switch l {
	case LevelsAll:
		return lv >= 0
	case LevelsNone:
		return false
	}
	return lv == int(l)-1
}

// LevelsByDr is Table A9e.
type LevelsByDr struct {
	Source string
	Rows   [7]Entry[Levels]
}

// BoardKind is what kind of mapboard a board is (Table A9).
type BoardKind struct {
	BuiltUp bool // "v" or "c": SASL 4.12 applies
	// City: "c", a City mapboard (BuiltUp too); a built-up board not
	// known as one is a Village ("v").
	City  bool
	Woods bool // "w": SASL 4.13 applies
	River bool // not an entry board for SASL 4.22
}

func (k BoardKind) String() string {
	var s []string
	switch {
	case k.City:
		s = append(s, "built-up (city)")
	case k.BuiltUp:
		s = append(s, "built-up")
	}
	if k.Woods {
		s = append(s, "woods")
	}
	if k.River {
		s = append(s, "river")
	}
	if len(s) == 0 {
		return "open"
	}
	out := s[0]
	for _, x := range s[1:] {
		out += ", " + x
	}
	return out
}

// BoardKinds is Table A9 and the thresholds that derive a board's kind
// from its terrain when the table has no row for it.
type BoardKinds struct {
	Source string
	Boards map[string]Entry[BoardKind]
	// BuiltUpMin: buildings plus rubble Locations (SASL 4.12: 19).
	BuiltUpMin Entry[int]
	// WoodsMin: woods hexes.
	WoodsMin Entry[int]
	// RiverMin: water hexes.
	RiverMin Entry[int]
}

func (s *SASL) clone() SASL {
	c := *s
	c.A9.Boards = maps.Clone(s.A9.Boards)
	c.Action = s.Action.clone()
	return c
}

// check verifies that the SASL tables are complete.
func (s *SASL) check() error {
	for dr := 1; dr <= 6; dr++ {
		if s.A6d.Rows[dr].Source == "" || s.A6f.Rows[dr].Source == "" || s.A9e.Rows[dr].Source == "" {
			return fmt.Errorf("sasl tables a6d, a6f and a9e need a row for every dr 1..6 (dr %d is missing)", dr)
		}
	}
	if s.EntryStacking.Value < 1 || s.A9.BuiltUpMin.Value < 1 || s.A9.WoodsMin.Value < 1 || s.A9.RiverMin.Value < 1 {
		return fmt.Errorf("sasl tables: entry stacking and the a9 derive thresholds must be set")
	}
	return s.Action.check()
}
