package sim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// Vary is a sweep over one mission value: --vary KEY=v1,v2,...
type Vary struct {
	Key    string
	Values []string
	// spec is KEY=v1,v2,... as written.
	spec string
	// set changes a mission to one value; for a key of the tables
	// (policy.KEY), table is the table and set changes nothing.
	set   func(ms *missions.Mission, v string) error
	table string
}

// VaryKeys describes the keys a sweep can vary.
const VaryKeys = `policy (the FRIENDLY policy: hold, attack; the games of each
value are played with the same seeds), policy.KEY (a value of the tables'
policy section, e.g. policy.released=hold,advance: what the ENEMY units outside
a Human Wave do; the same seeds too), turns (the number of turns), entry.N.count and entry.N.turn (the
N-th entry of the mission file, from 1), human_wave.N.turn, and without (a
FRIENDLY unit left out by its ID; "none" leaves none out)`

// MaxVaryValues bounds the values of one sweep.
const MaxVaryValues = 100

// ParseVary reads KEY=v1,v2,... and checks every value against ms.
func ParseVary(s string, ms *missions.Mission) (*Vary, error) {
	key, list, ok := strings.Cut(s, "=")
	if !ok || list == "" {
		return nil, fmt.Errorf("sim: --vary %q: want KEY=v1,v2,... (keys: %s)", s, VaryKeys)
	}
	if n := strings.Count(list, ",") + 1; n > MaxVaryValues {
		return nil, fmt.Errorf("sim: --vary %s: %d values, at most %d", key, n, MaxVaryValues)
	}
	v := &Vary{Key: key, Values: strings.Split(list, ","), spec: s}
	whole := func(lo, hi int, apply func(ms *missions.Mission, n int)) func(*missions.Mission, string) error {
		return func(ms *missions.Mission, s string) error {
			n, err := strconv.Atoi(s)
			if err != nil || n < lo || n > hi {
				return fmt.Errorf("sim: --vary %s=%s: want a whole number %d to %d", key, s, lo, hi)
			}
			apply(ms, n)
			return nil
		}
	}
	parts := strings.Split(key, ".")
	switch {
	case key == "turns":
		v.set = whole(1, 99, func(ms *missions.Mission, n int) { ms.Turns = n })
	case key == "policy":
		v.set = func(_ *missions.Mission, p string) error {
			if p != "hold" && p != "attack" {
				return fmt.Errorf("sim: --vary policy=%s: a simulation plays hold or attack", p)
			}
			return nil
		}
	case len(parts) == 2 && parts[0] == "policy":
		// A value of the tables' policy section, checked as a tables
		// file's (tables.Set.Lay) against the built-in tables here and
		// laid over the run's own by the sweep (LayTables).
		v.table = parts[0]
		v.set = func(*missions.Mission, string) error { return nil }
		for _, x := range v.Values {
			if _, err := tables.Default().Lay(parts[0], parts[1], x); err != nil {
				return nil, fmt.Errorf("sim: --vary %s=%s: %w", key, x, err)
			}
		}
	case key == "without":
		v.set = func(ms *missions.Mission, id string) error {
			if id == "none" {
				return nil
			}
			i := slices.IndexFunc(ms.Friendly, func(f state.Spec) bool { return f.ID == id })
			if i < 0 {
				return fmt.Errorf("sim: --vary without=%s: the mission has no FRIENDLY unit %s", id, id)
			}
			ms.Friendly = slices.Delete(ms.Friendly, i, i+1)
			return nil
		}
	case len(parts) == 3 && (parts[0] == "entry" || parts[0] == "human_wave"):
		list := func(ms *missions.Mission) []missions.Entry {
			if parts[0] == "entry" {
				return ms.Entry
			}
			return ms.HumanWave
		}
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 1 || n > len(list(ms)) {
			return nil, fmt.Errorf("sim: --vary %s: the mission has %d %s lines; N counts them from 1", key, len(list(ms)), parts[0])
		}
		switch {
		case parts[2] == "turn":
			v.set = whole(1, 99, func(ms *missions.Mission, x int) { list(ms)[n-1].Turn = x })
		case parts[2] == "count" && parts[0] == "entry":
			v.set = whole(1, 99, func(ms *missions.Mission, x int) { list(ms)[n-1].Count = x })
		default:
			return nil, fmt.Errorf("sim: --vary %s: unknown field %q (keys: %s)", key, parts[2], VaryKeys)
		}
	default:
		return nil, fmt.Errorf("sim: --vary %s: unknown key (keys: %s)", key, VaryKeys)
	}
	for _, x := range v.Values {
		if _, err := v.Apply(ms, x); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// Tables reports whether the sweep varies a value of the tables
// (policy.KEY), which LayTables sets, rather than of the mission.
func (v *Vary) Tables() bool { return v.table != "" }

// LayTables returns a copy of t with the swept tables value set to x.
func (v *Vary) LayTables(t *tables.Set, x string) (*tables.Set, error) {
	out, err := t.Lay(v.table, strings.TrimPrefix(v.Key, v.table+"."), x)
	if err != nil {
		return nil, fmt.Errorf("sim: --vary %s=%s: %w", v.Key, x, err)
	}
	return out, nil
}

// String returns the sweep as ParseVary read it.
func (v *Vary) String() string { return v.spec }

// Apply returns a copy of ms with the key set to value x.
func (v *Vary) Apply(ms *missions.Mission, x string) (*missions.Mission, error) {
	c := ms.Clone()
	if err := v.set(c, x); err != nil {
		return nil, err
	}
	for _, e := range slices.Concat(c.Entry, c.HumanWave) {
		if e.Turn > c.Turns {
			return nil, fmt.Errorf("sim: --vary %s=%s: an entry on turn %d of a %d-turn mission (%s:%d)", v.Key, x, e.Turn, c.Turns, c.File, e.Line)
		}
	}
	return c, nil
}

// Row is the outcome of one value of a sweep.
type Row struct {
	Value  string  `json:"value"`
	Result *Result `json:"result"`
}
