package tables

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Need is what one cell of the SASL Activation table asks for an S? to be
// Activated.
type Need uint8

const (
	// NeedNever: beyond the table's last range (16), or a row the table
	// does not have: never Activated.
	NeedNever Need = iota
	// NeedLong ("long"): the long-range case only; the table alone does
	// not Activate.
	NeedLong
	// NeedAuto ("auto"): Activated.
	NeedAuto
	// NeedDRM (a number N): Activated when the Final IFT DRM of a shot at
	// the FRIENDLY unit from the S?'s Location is <= N.
	NeedDRM
)

// ActivationCell is one cell of the SASL Activation table.
type ActivationCell struct {
	Need Need
	// DRM is N of a NeedDRM cell: the highest Final IFT DRM that
	// Activates.
	DRM int
}

// Activates reports whether the cell Activates an S? when the Final IFT
// DRM of a shot at the FRIENDLY unit from the S?'s Location is finalDRM
// (the TEM of the FRIENDLY unit's Location, the hindrances along the LOS,
// any movement DRM such as FFMO/FFNAM): "auto" always, N when finalDRM <=
// N, "long" and beyond the table never.
func (c ActivationCell) Activates(finalDRM int) bool {
	switch c.Need {
	case NeedAuto:
		return true
	case NeedDRM:
		return finalDRM <= c.DRM
	}
	return false
}

// String returns the cell as the table file writes it: "auto", "long",
// "2", "-1"; "never" for a range beyond the table.
func (c ActivationCell) String() string {
	switch c.Need {
	case NeedAuto:
		return "auto"
	case NeedLong:
		return "long"
	case NeedDRM:
		return strconv.Itoa(c.DRM)
	}
	return "never"
}

// Bounds of N in a cell of the Activation table: a Final IFT DRM.
const minActivationDRM, maxActivationDRM = -9, 9

// ParseActivationCell reads a cell as the table file writes it: "auto",
// "long", or a whole number N in -9..9.
func ParseActivationCell(s string) (ActivationCell, error) {
	switch s {
	case "auto":
		return ActivationCell{Need: NeedAuto}, nil
	case "long":
		return ActivationCell{Need: NeedLong}, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < minActivationDRM || n > maxActivationDRM {
		return ActivationCell{}, fmt.Errorf("%q is not auto, long or a Final IFT DRM %d..%d", s, minActivationDRM, maxActivationDRM)
	}
	return ActivationCell{Need: NeedDRM, DRM: n}, nil
}

// Activation is the SASL S? Activation table (SASL 3.32, cited by 4.34):
// whether an S? is Activated by a FRIENDLY unit in its LOS, by nationality
// row and range. The built-in rows are VASL's encoding of the table
// (SASLActivationChecker), not checked against the printed card and so
// marked Default. Vehicles are not modelled and have no rows.
//
// An Activation is not modified once loaded; its methods are safe for
// concurrent use and cost O(1) but for the error paths, which list names.
type Activation struct {
	Source string
	// MaxRange is the last range of the table (16): a row has a cell for
	// each range 0..MaxRange, and beyond it an S? is never Activated.
	MaxRange int
	// Infantry holds the rows by name ("germany", "partisan", ...), each
	// with MaxRange+1 cells, Infantry[name].Value[rng].
	Infantry map[string]Entry[[]ActivationCell]
	// Enemy maps a mission's ENEMY nationality word ("German"), matched
	// without regard to case, to its row; the word "default" gives the row
	// of a mission that names none.
	Enemy map[string]Entry[string]
	// Still is the moment of each Player Turn at which the S? and the
	// FRIENDLY units that stand still are checked (issue 40: the texts
	// check an S? when a FRIENDLY unit acts in its LOS or when it moves
	// into one's LOS, and say nothing of a pair that never moves).
	Still Entry[Still]
}

// Still is when the S? and FRIENDLY units that stand still are checked
// against each other.
type Still uint8

const (
	// StillTurnEnd: at the end of each Player Turn (after its CCPh),
	// every S? on the map against every Known FRIENDLY unit in its LOS.
	StillTurnEnd Still = iota
	// StillMPh: at the start of each MPh (both Player Turns), before
	// anything moves.
	StillMPh
	// StillNone: never; an S? is checked only when a unit acts.
	StillNone
)

var stillNames = [...]string{StillTurnEnd: "turn_end", StillMPh: "mph_start", StillNone: "none"}

func (s Still) String() string {
	if int(s) < len(stillNames) {
		return stillNames[s]
	}
	return fmt.Sprintf("Still(%d)", uint8(s))
}

// DefaultEnemy is the Enemy word of a mission that names no ENEMY
// nationality.
const DefaultEnemy = "default"

// Rows returns the names of the rows, sorted.
func (a *Activation) Rows() []string {
	return slices.Sorted(maps.Keys(a.Infantry))
}

// Words returns the ENEMY nationality words the table maps, sorted.
func (a *Activation) Words() []string {
	return slices.Sorted(maps.Keys(a.Enemy))
}

// Row returns the row of that name (a name of Rows, such as "germany"); an
// unknown name is an error listing the rows.
func (a *Activation) Row(name string) (Entry[[]ActivationCell], error) {
	if r, ok := a.Infantry[name]; ok {
		return r, nil
	}
	return Entry[[]ActivationCell]{}, fmt.Errorf("tables: activation: unknown nationality row %q (want %s)", name, strings.Join(a.Rows(), ", "))
}

// RowFor returns the name of the row a mission plays by, from its ENEMY
// nationality word (the mission's `enemy:`, such as "German"), matched
// without regard to case; "" gives the row of "default". A word the table
// does not map is an error listing the words it maps. The encoding does
// not say whose nationality keys the row: sasl takes the ENEMY force's, and
// the owner may change the words' rows with --tables.
func (a *Activation) RowFor(enemy string) (string, error) {
	word := strings.TrimSpace(enemy)
	if word == "" {
		word = DefaultEnemy
	}
	if k, ok := a.word(word); ok {
		return a.Enemy[k].Value, nil
	}
	return "", fmt.Errorf("tables: activation: no row for the ENEMY nationality %q (known: %s; add it under activation.enemy with --tables FILE)", enemy, strings.Join(a.Words(), ", "))
}

// word returns the key of Enemy that is w without regard to case.
func (a *Activation) word(w string) (string, bool) {
	if _, ok := a.Enemy[w]; ok {
		return w, true
	}
	for k := range a.Enemy {
		if strings.EqualFold(k, w) {
			return k, true
		}
	}
	return "", false
}

// Cell returns the cell of a row at range rng (hexes from the FRIENDLY
// unit to the S?): a range below 0 or beyond MaxRange is a NeedNever cell.
// An unknown row is Row's error.
func (a *Activation) Cell(row string, rng int) (ActivationCell, error) {
	r, err := a.Row(row)
	if err != nil {
		return ActivationCell{}, err
	}
	if rng < 0 || rng >= len(r.Value) {
		return ActivationCell{Need: NeedNever}, nil
	}
	return r.Value[rng], nil
}

// Reach returns the last range at which a cell of the row of that name
// can Activate an S? ("auto" or a DRM: not "long", not beyond the table),
// -1 for none or an unknown row: an S? farther from a FRIENDLY unit is
// never Activated by it, whatever the DRM, and need not be looked at.
func (a *Activation) Reach(row string) int {
	r, err := a.Row(row)
	if err != nil {
		return -1
	}
	for rng := len(r.Value) - 1; rng >= 0; rng-- {
		if n := r.Value[rng].Need; n == NeedAuto || n == NeedDRM {
			return rng
		}
	}
	return -1
}

// Activates reports whether the Activation table Activates an S? at range
// rng from a FRIENDLY unit in its LOS, on the row of that name (see Row;
// RowFor finds a mission's), when the Final IFT DRM of a shot at the
// FRIENDLY unit from the S?'s Location is finalDRM: "auto" always, N when
// finalDRM <= N, "long" never (the long-range case is not this table's),
// beyond range MaxRange never. An unknown row never Activates: look it up
// first with Row or RowFor, whose errors say why.
func (a *Activation) Activates(row string, rng, finalDRM int) bool {
	c, err := a.Cell(row, rng)
	return err == nil && c.Activates(finalDRM)
}

// has reports whether the table has a row of that name.
func (a *Activation) has(row string) bool {
	_, ok := a.Infantry[row]
	return ok
}

func (a *Activation) clone() Activation {
	c := *a
	c.Infantry = maps.Clone(a.Infantry)
	for k, r := range c.Infantry {
		r.Value = slices.Clone(r.Value)
		c.Infantry[k] = r
	}
	c.Enemy = maps.Clone(a.Enemy)
	return c
}

// check verifies that the Activation table is complete.
func (a *Activation) check() error {
	if len(a.Infantry) == 0 {
		return fmt.Errorf("activation has no infantry rows")
	}
	for _, name := range a.Rows() {
		if got := len(a.Infantry[name].Value); got != a.MaxRange+1 {
			return fmt.Errorf("activation.infantry.%s has %d cells for the ranges 0..%d", name, got, a.MaxRange)
		}
	}
	if _, ok := a.word(DefaultEnemy); !ok {
		return fmt.Errorf("activation.enemy needs a %s row", DefaultEnemy)
	}
	for _, word := range a.Words() {
		if row := a.Enemy[word].Value; !a.has(row) {
			return fmt.Errorf("activation.enemy.%s: %q is not a row of activation.infantry", word, row)
		}
	}
	return nil
}
