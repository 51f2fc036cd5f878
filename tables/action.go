package tables

import (
	"fmt"
	"maps"
	"regexp"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
)

// Action is the ENEMY's Action procedure outside the Human Waves (SASL 6),
// as far as sasl plays it (policy.released actions): in the ENEMY PFPh
// each Activated ENEMY Infantry unit takes an Action check, a Panic dr
// (SASL 6.21) first, then an Automatic Action (6.3) or a dr on the Action
// table of its Attitude. The public play aids (the SASL SOP v1.0 and the
// SASL QRDC) give the procedure and the Automatic Actions; no public
// source gives the numbers of the Panic dr or of the Action tables, so
// every one of them is a placeholder (default: true) for the rulebook's.
type Action struct {
	// Panic: a Panic dr (SASL 6.21) of at least this panics the unit.
	Panic Entry[int]
	// Prevailing is the Prevailing Attitude of a mission that names none
	// (missions' attitude:).
	Prevailing Entry[string]
	// Tables are the Action tables by Attitude name ("advance",
	// "maintain", ...): the Command a dr gives.
	Tables map[string]*CommandByDr
}

// Command is what an Action table's row orders an ENEMY unit to do in its
// Player Turn (SASL 6).
type Command uint8

const (
	// CmdHold: no Action: the unit neither fires nor moves in its Player
	// Turn.
	CmdHold Command = iota
	// CmdFire: it Prep Fires at a Target (SASL 4.36's priorities); with
	// none, no Action.
	CmdFire
	// CmdFireMove: it Prep Fires at a Target; with none it moves.
	CmdFireMove
	// CmdMove: it moves in the MPh (and may advance in the APh).
	CmdMove
)

// AttitudeAdvance is the Attitude of the S? of entries (SASL 4.2) and the
// units they become.
const AttitudeAdvance = "advance"

var commandNames = [...]string{"hold", "fire", "fire_move", "move"}

func (c Command) String() string { return commandNames[c] }

// CommandByDr is one Attitude's Action table, by dr.
type CommandByDr struct {
	Source string
	Rows   [7]Entry[Command] // Rows[dr]
}

// attitudeName is what an Attitude may be called: a mission file names it.
var attitudeName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)

// Attitudes lists the Attitudes with an Action table, sorted.
func (a *Action) Attitudes() []string { return slices.Sorted(maps.Keys(a.Tables)) }

// Table returns the Action table of Attitude name, or an error naming the
// Attitudes there are.
func (a *Action) Table(name string) (*CommandByDr, error) {
	if t := a.Tables[name]; t != nil {
		return t, nil
	}
	return nil, fmt.Errorf("no Action table for Attitude %q (the tables have %v; add one under sasl.action.tables)", name, a.Attitudes())
}

func (a *Action) clone() Action {
	c := *a
	c.Tables = make(map[string]*CommandByDr, len(a.Tables))
	for k, t := range a.Tables {
		tc := *t
		c.Tables[k] = &tc
	}
	return c
}

func (a *Action) check() error {
	if a.Panic.Source == "" || a.Prevailing.Value == "" {
		return fmt.Errorf("sasl.action needs panic and prevailing")
	}
	if _, err := a.Table(a.Prevailing.Value); err != nil {
		return fmt.Errorf("sasl.action.prevailing: %w", err)
	}
	for _, name := range a.Attitudes() {
		for dr := 1; dr <= 6; dr++ {
			if a.Tables[name].Rows[dr].Source == "" {
				return fmt.Errorf("sasl.action.tables.%s needs a row for every dr 1..6 (dr %d is missing)", name, dr)
			}
		}
	}
	return nil
}

type actionFile struct {
	yamldoc.Fields
	Panic      *entryFile            `yaml:"panic"`
	Prevailing *entryFile            `yaml:"prevailing"`
	Tables     yamldoc.Map[rowsFile] `yaml:"tables"`
}

func (f *actionFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }

func (a *Action) apply(c *yamldoc.Check, f *actionFile) {
	const what = "sasl.action"
	if !c.Fields(f, what, yamldoc.Unknown(what, "want panic, prevailing, tables")) {
		return
	}
	setInt(c, f.Panic, what+".panic", &a.Panic, 1, 7)
	if f.Tables.Node != nil && c.Map(f.Tables.Node, what+".tables") {
		if a.Tables == nil {
			a.Tables = map[string]*CommandByDr{}
		}
		for i, k := range f.Tables.Keys {
			name := k.Value
			if !attitudeName.MatchString(name) {
				c.Errorf(k, "%s.tables: %q is not an Attitude's name (lower-case letters, digits and _, such as maintain)", what, name)
				return
			}
			t := &CommandByDr{}
			if old := a.Tables[name]; old != nil {
				*t = *old
			}
			isNew := a.Tables[name] == nil
			rows(c, &f.Tables.Values[i], what+".tables."+name, &t.Source, dr, func(dr int, w string, e *entryFile) {
				cmd, ok := entry(c, e, w, func(v yamldoc.Value, w string) Command {
					s := c.Str(v, w)
					if i := slices.Index(commandNames[:], s); i >= 0 || !c.OK() {
						return Command(max(i, 0))
					}
					c.Errorf(v.Node, "%s: %q is not one of %v", w, s, commandNames)
					return 0
				})
				if ok {
					t.Rows[dr] = cmd
				}
			})
			if !c.OK() {
				return
			}
			for r := 1; r <= 6 && isNew; r++ {
				if t.Rows[r].Source == "" {
					c.Errorf(k, "%s.tables.%s: a new Attitude's table needs a row for every dr 1..6 (dr %d is missing)", what, name, r)
					return
				}
			}
			a.Tables[name] = t
		}
	}
	if f.Prevailing != nil {
		e, ok := entry(c, f.Prevailing, what+".prevailing", func(v yamldoc.Value, w string) string { return c.Str(v, w) })
		if !ok {
			return
		}
		if _, err := a.Table(e.Value); err != nil {
			c.Errorf(f.Prevailing.Value.Node, "%s.prevailing: %v", what, err)
			return
		}
		a.Prevailing = e
	}
}
