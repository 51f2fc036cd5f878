package sim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/state"
)

// Vary is a sweep over one mission value: --vary KEY=v1,v2,...
type Vary struct {
	Key    string
	Values []string
	// spec is KEY=v1,v2,... as written.
	spec string
	// set changes a mission to one value.
	set func(ms *missions.Mission, v string) error
}

// VaryKeys describes the keys a sweep can vary.
const VaryKeys = `policy (the FRIENDLY policy: hold, attack; the games of each
value are played with the same seeds), turns (the number of turns), entry.N.count and entry.N.turn (the
N-th entry of the mission file, from 1), human_wave.N.turn, and without (a
FRIENDLY unit left out by its ID; "none" leaves none out). S? that enter
by SASL 4.2 stop on their entry hex (non-Human Wave movement is not played), so
entry.N.count changes little but the S? put in play`

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
