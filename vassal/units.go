package vassal

import (
	"bytes"
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

//go:embed data/counters.yaml
var countersYAML []byte

// counterTable is data/counters.yaml: which VASL counters are which units.
type counterTable struct {
	Squad        classes `yaml:"squad"`
	HalfSquad    classes `yaml:"half_squad"`
	Leader       smc     `yaml:"leader"`
	Commissar    smc     `yaml:"commissar"`
	BrokenPrefix string  `yaml:"broken_prefix"`
}

type classes struct {
	Classes []string `yaml:"classes"`
	Source  string   `yaml:"source"`
}

type smc struct {
	Suffixes []string `yaml:"suffixes"`
	Source   string   `yaml:"source"`
}

// counters is the table, read once, when first asked for: not at every
// command's start.
var counters = sync.OnceValue(func() counterTable {
	var t counterTable
	d := yaml.NewDecoder(bytes.NewReader(countersYAML))
	d.KnownFields(true)
	if err := d.Decode(&t); err != nil {
		panic("vassal: data/counters.yaml: " + err.Error()) // embedded: a test reads it
	}
	return t
})

var (
	strengthRE = regexp.MustCompile(`^([0-9]{1,2}-[0-9]{1,2}-[0-9]{1,2}) (\S+)$`)
	leaderRE   = regexp.MustCompile(`^[0-9]{1,2}[-+][0-9]$`)
)

// Unit is a counter of a save read as a sasl unit.
type Unit struct {
	Placed
	// Kind is sasl's unit kind (squad, half_squad, leader, commissar) and
	// Type its counter ("4-4-7", "9-2").
	Kind, Type string
	Broken     bool
}

// Known reports whether the ENEMY may know of the unit: neither hidden
// nor concealed.
func (u Unit) Known() bool { return !u.Hidden && !u.Concealed }

// Skipped is a piece on the boards that is not read as a unit, and why.
type Skipped struct {
	Placed
	Why string
}

// Suspect reports whether a piece is a SASL S? counter: VASL's
// SASLActivationChecker takes a piece whose name holds "Suspect" for one.
func (p Piece) Suspect() bool { return strings.Contains(p.Name, "Suspect") }

// Units reads the pieces on the boards as sasl units by the counters
// table; every other piece is skipped with the reason. S? counters (the
// ENEMY's, as sasl vasl write puts them) and concealment counters are
// skipped too.
func (c *Contents) Units() (units []Unit, skipped []Skipped) {
	for _, p := range c.On {
		u, why := unitOf(p)
		if why != "" {
			skipped = append(skipped, Skipped{p, why})
			continue
		}
		units = append(units, u)
	}
	return units, skipped
}

// unitOf reads one piece as a unit, or says why it is none.
func unitOf(p Placed) (Unit, string) {
	u := Unit{Placed: p}
	name := p.Name
	if n, ok := strings.CutPrefix(name, counters().BrokenPrefix); ok {
		name, u.Broken = n, true
	}
	switch {
	case p.Suspect():
		return u, "an S? (the ENEMY's)"
	case p.Concealment:
		return u, "a concealment counter"
	}
	if m := strengthRE.FindStringSubmatch(name); m != nil {
		switch {
		case slices.Contains(counters().Squad.Classes, m[2]):
			u.Kind, u.Type = "squad", m[1]
		case slices.Contains(counters().HalfSquad.Classes, m[2]):
			u.Kind, u.Type = "half_squad", m[1]
		default:
			return u, fmt.Sprintf("class %q is not a squad's or half-squad's the counters table knows (%s; %s)",
				m[2], strings.Join(counters().Squad.Classes, ", "), strings.Join(counters().HalfSquad.Classes, ", "))
		}
		return u, ""
	}
	if leaderRE.MatchString(name) {
		for _, k := range []struct {
			kind string
			t    smc
		}{{"leader", counters().Leader}, {"commissar", counters().Commissar}} {
			for _, s := range k.t.Suffixes {
				if strings.HasSuffix(p.Basic, s) {
					u.Kind, u.Type = k.kind, name
					return u, ""
				}
			}
		}
		return u, fmt.Sprintf("named like a leader, but counter %q is no leader's the counters table knows", p.Basic)
	}
	return u, "not a unit sasl reads (squads, half-squads, leaders, Commissars)"
}
