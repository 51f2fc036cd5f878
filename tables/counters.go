package tables

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Counters are the counters of the ENEMY units sasl generates, by
// nationality; "default" serves a nationality not listed.
type Counters map[string]Nationality

// Nationality is the squad and half-squad counter of one nationality.
type Nationality struct {
	Squad, HalfSquad Entry[string]
}

// Of returns the counters of a nationality, or the default ones.
func (c Counters) Of(nationality string) Nationality {
	if n, ok := c[nationality]; ok {
		return n
	}
	return c["default"]
}

// Strength is what a counter name says: "4-6-7" is firepower 4, normal
// range 6, morale 7 (ASL A1.2); a leader "8-1" is morale 8, leadership
// modifier -1.
type Strength struct {
	FP, Range, Morale int
	// Leader: a leader's counter, with its leadership DRM in Modifier.
	Leader   bool
	Modifier int
}

// Strength returns the squad's counter of a nationality, or its
// half-squad's.
func (c Counters) Strength(nationality string, half bool) Strength {
	n := c.Of(nationality)
	name := n.Squad.Value
	if half {
		name = n.HalfSquad.Value
	}
	s, _ := ParseStrength(name) // checked when the table was read
	return s
}

// ParseStrength reads a counter name: "4-6-7", a leader's "8-1" or "6+1".
func ParseStrength(s string) (Strength, error) {
	if parts := strings.Split(s, "-"); len(parts) == 3 {
		var v [3]int
		for i, p := range parts {
			n, err := strconv.Atoi(p)
			if err != nil || n < 0 || n > 30 {
				return Strength{}, fmt.Errorf("counter %q: want firepower-range-morale such as 4-6-7", s)
			}
			v[i] = n
		}
		return Strength{FP: v[0], Range: v[1], Morale: v[2]}, nil
	}
	if i := strings.LastIndexAny(s, "+-"); i > 0 {
		ml, err1 := strconv.Atoi(s[:i])
		mod, err2 := strconv.Atoi(s[i:])
		if err1 == nil && err2 == nil && ml >= 0 && ml <= 12 && mod >= -5 && mod <= 5 {
			return Strength{Leader: true, Morale: ml, Modifier: mod}, nil
		}
	}
	return Strength{}, fmt.Errorf("counter %q: want firepower-range-morale (4-6-7) or a leader's morale and modifier (8-1, 6+1)", s)
}

func (c Counters) check() error {
	for nat, n := range c {
		if n.Squad.Value == "" || n.HalfSquad.Value == "" {
			return fmt.Errorf("counters.%s needs squad and half_squad", nat)
		}
	}
	if _, ok := c["default"]; !ok {
		return fmt.Errorf("counters needs a default nationality")
	}
	return nil
}

// HalfSquads is the half-squad each squad counter is Casualty Reduced to
// (ASL A7.302), by the squad's counter name ("4-6-7" -> "2-4-7"), for the
// squads of both sides: as the counters print them, which halve neither
// firepower nor range by one rule.
type HalfSquads map[string]Entry[string]

// Of returns the half-squad of squad counter squad; ok is false for a
// squad the table does not list.
func (h HalfSquads) Of(squad string) (Entry[string], bool) {
	e, ok := h[squad]
	return e, ok
}

// check makes the table agree with the nationalities' counters: the
// half-squad a nationality's squad is reduced to is the half-squad the
// nationality generates.
func (h HalfSquads) check(cs Counters) error {
	for _, nat := range slices.Sorted(maps.Keys(cs)) {
		n := cs[nat]
		if e, ok := h[n.Squad.Value]; ok && e.Value != n.HalfSquad.Value {
			return fmt.Errorf("counters.%s: half_squad %s, but half_squads says a %s is reduced to a %s", nat, n.HalfSquad.Value, n.Squad.Value, e.Value)
		}
	}
	return nil
}
