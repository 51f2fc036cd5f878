package sim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// Vary is a sweep over one mission or tables value: --vary KEY=v1,v2,...
type Vary struct {
	Key    string
	Values []string
	// spec is KEY=v1,v2,... as written.
	spec string
	k    *key
}

// key is a mission or tables value that a sweep (--vary) or a balance
// search (--balance) sets.
type key struct {
	name string
	// flag names the option in errors: --vary or --balance.
	flag string
	// set changes a mission to value v; nil for a key that changes no
	// mission value (the policy, a tables value).
	set func(ms *missions.Mission, v string) error
	// table: a value of the tables, laid with tables.Set.LayKey.
	table bool
	// policy: the FRIENDLY policy (hold, attack).
	policy bool
	// whole: the key takes the whole numbers lo..hi (a --balance key; a
	// tables key takes what the table takes).
	whole  bool
	lo, hi int
}

// VaryKeys describes the keys a sweep or a balance search can vary.
const VaryKeys = `policy (the FRIENDLY policy: hold, attack), attitude (the
ENEMY's Prevailing Attitude: an Action table of the tables, such as maintain,
advance), turns (the number of turns), entry.N.count and entry.N.turn (the N-th entry of the mission file,
from 1), human_wave.N.turn, victory.max_enemy_exits, without (a FRIENDLY unit
left out by its ID; "none" leaves none out), friendly.add.TYPE@LOC (that many
FRIENDLY units of counter TYPE added at LOC; LOC1+LOC2+... fills them in turn:
friendly.add.6-6-7@x2P10+x2R10), and any value of the tables as a tables file
names it (policy.released, combat.ffmo, s_generation.vpo_drm,
sasl.entry.stacking, activation.infantry.germany.5: one cell of the SASL
Activation table). Every value plays the same seeds (common random numbers)`

// tablesNames are the tables of a tables file: a key starting with one
// (but human_wave.N.turn and the policy alone) is a tables value.
var tablesNames = []string{"infantry", "weather", "seasons", "sasl", "human_wave", "counters", "half_squads", "ift", "combat", "activation", "tem", "policy", "s_generation"}

// MaxVaryValues bounds the values of one sweep, and the cells of a grid
// of sweeps.
const MaxVaryValues = 100

// ParseVary reads KEY=v1,v2,... and checks every value against ms and the
// built-in tables.
func ParseVary(s string, ms *missions.Mission) (*Vary, error) {
	return parseVary(s, ms, tables.Default())
}

func parseVary(s string, ms *missions.Mission, t *tables.Set) (*Vary, error) {
	name, list, ok := strings.Cut(s, "=")
	if !ok || list == "" {
		return nil, fmt.Errorf("sim: --vary %q: want KEY=v1,v2,... (keys: %s)", s, VaryKeys)
	}
	if strings.ContainsAny(s, " \t\n") {
		return nil, fmt.Errorf("sim: --vary %q: no spaces in KEY=v1,v2,...", s)
	}
	if n := strings.Count(list, ",") + 1; n > MaxVaryValues {
		return nil, fmt.Errorf("sim: --vary %s: %d values, at most %d", name, n, MaxVaryValues)
	}
	k, err := parseKey(name, "--vary", ms, t)
	if err != nil {
		return nil, err
	}
	v := &Vary{Key: name, Values: strings.Split(list, ","), spec: s, k: k}
	// Each value is one arm of the sweep: one given twice (hold,hold, or
	// 3,03 of a whole number) would play the same arm twice.
	seen := make(map[string]string, len(v.Values))
	for _, x := range v.Values {
		same := x
		if n, err := strconv.Atoi(x); err == nil && k.whole {
			same = strconv.Itoa(n)
		}
		if was, ok := seen[same]; ok {
			if was == x {
				return nil, fmt.Errorf("sim: --vary %s: %q given twice: each value is one arm of the sweep, give it once", name, x)
			}
			return nil, fmt.Errorf("sim: --vary %s: %q is %q again: each value is one arm of the sweep, give it once", name, x, was)
		}
		seen[same] = x
	}
	for _, x := range v.Values {
		if _, err := v.Apply(ms, x); err != nil {
			return nil, err
		}
		if k.table {
			if _, err := t.LayKey(name, x); err != nil {
				return nil, fmt.Errorf("sim: --vary %s=%s: %w", name, x, err)
			}
		}
	}
	return v, nil
}

// parseKey reads a key of a sweep or balance search (flag names which in
// errors) and checks it against ms and t.
func parseKey(name, flag string, ms *missions.Mission, t *tables.Set) (*key, error) {
	k := &key{name: name, flag: flag}
	whole := func(lo, hi int, apply func(ms *missions.Mission, n int)) {
		k.whole, k.lo, k.hi = true, lo, hi
		k.set = func(ms *missions.Mission, s string) error {
			n, err := strconv.Atoi(s)
			if err != nil || n < lo || n > hi {
				return fmt.Errorf("sim: %s %s=%s: want a whole number %d to %d", flag, name, s, lo, hi)
			}
			apply(ms, n)
			return nil
		}
	}
	parts := strings.Split(name, ".")
	_, nth := strconv.Atoi(parts[min(1, len(parts)-1)])
	switch {
	case name == "turns":
		whole(1, 99, func(ms *missions.Mission, n int) { ms.Turns = n })
	case name == "policy":
		k.policy = true
	case name == "attitude":
		// The mission's Prevailing Attitude (SASL 4.33, 6): an Attitude
		// with an Action table of the run's tables.
		k.set = func(ms *missions.Mission, v string) error {
			if _, err := t.SASL.Action.Table(v); err != nil {
				return fmt.Errorf("sim: %s attitude=%s: %w", flag, v, err)
			}
			ms.Attitude, ms.AttitudeLine = v, 0
			return nil
		}
	case name == "victory.max_enemy_exits":
		if ms.Victory == nil {
			return nil, fmt.Errorf("sim: %s %s: the mission has no victory conditions", flag, name)
		}
		whole(0, 999, func(ms *missions.Mission, n int) { ms.Victory.MaxEnemyExits = float64(n) })
	case name == "without":
		k.set = func(ms *missions.Mission, id string) error {
			if id == "none" {
				return nil
			}
			i := slices.IndexFunc(ms.Friendly, func(f state.Spec) bool { return f.ID == id })
			if i < 0 {
				return fmt.Errorf("sim: %s without=%s: the mission has no FRIENDLY unit %s", flag, id, id)
			}
			ms.Friendly = slices.Delete(ms.Friendly, i, i+1)
			return nil
		}
	case len(parts) == 3 && parts[0] == "friendly" && parts[1] == "add":
		add, err := friendlyAdd(parts[2], ms, t)
		if err != nil {
			return nil, fmt.Errorf("sim: %s %s: %w", flag, name, err)
		}
		whole(0, 99, add)
	case len(parts) == 3 && (parts[0] == "entry" || parts[0] == "human_wave" && nth == nil):
		list := func(ms *missions.Mission) []missions.Entry {
			if parts[0] == "entry" {
				return ms.Entry
			}
			return ms.HumanWave
		}
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 1 || n > len(list(ms)) {
			return nil, fmt.Errorf("sim: %s %s: the mission has %d %s lines; N counts them from 1", flag, name, len(list(ms)), parts[0])
		}
		switch {
		case parts[2] == "turn":
			whole(1, 99, func(ms *missions.Mission, x int) { list(ms)[n-1].Turn = x })
		case parts[2] == "count" && parts[0] == "entry":
			whole(1, 99, func(ms *missions.Mission, x int) { list(ms)[n-1].Count = x })
		default:
			return nil, fmt.Errorf("sim: %s %s: unknown field %q (keys: %s)", flag, name, parts[2], VaryKeys)
		}
	case len(parts) >= 2 && slices.Contains(tablesNames, parts[0]):
		// A value of the tables, checked as a tables file's
		// (tables.Set.LayKey) and laid over the run's own tables.
		k.table = true
	default:
		return nil, fmt.Errorf("sim: %s %s: unknown key (keys: %s)", flag, name, VaryKeys)
	}
	return k, nil
}

// friendlyAdd reads TYPE@LOC1+LOC2+... and returns what adds n FRIENDLY
// units of counter TYPE to a mission, the first at LOC1, the next at LOC2
// and round again: a squad, a half-squad (a TYPE the tables Casualty
// Reduce a squad to, ASL A7.302) or a leader (an SMC's TYPE such as 8-1),
// Known as the mission's first unit in that Location is (hidden where none
// stands). Their IDs are +1, +2, ... A Location that cannot take them
// (off the map, overstacked: ASL A5.1) is an error when the mission is
// prepared.
func friendlyAdd(spec string, ms *missions.Mission, t *tables.Set) (func(*missions.Mission, int), error) {
	typ, at, ok := strings.Cut(spec, "@")
	if !ok || typ == "" || at == "" {
		return nil, fmt.Errorf("want friendly.add.TYPE@LOC (friendly.add.6-6-7@x1Q5, or @LOC1+LOC2 to fill them in turn)")
	}
	locs := strings.Split(at, "+")
	if slices.Contains(locs, "") {
		return nil, fmt.Errorf("Locations %q: want LOC or LOC1+LOC2+...", at)
	}
	kind := state.Squad
	switch {
	case strings.Count(typ, "-") == 2:
		for _, h := range t.HalfSquads {
			if h.Value == typ {
				kind = state.HalfSquad
			}
		}
	case strings.LastIndexAny(typ, "+-") > 0:
		kind = state.Leader
	default:
		return nil, fmt.Errorf("counter %q: want an MMC's (6-6-7) or a leader's (8-1)", typ)
	}
	known := make([]bool, len(locs))
	for i, l := range locs {
		if j := slices.IndexFunc(ms.Friendly, func(f state.Spec) bool { return f.AtText == l }); j >= 0 {
			known[i] = ms.Friendly[j].Known
		}
	}
	return func(ms *missions.Mission, n int) {
		used := map[string]bool{}
		for _, f := range ms.Friendly {
			used[f.ID] = true
		}
		next := 1
		for i := range n {
			for used["+"+strconv.Itoa(next)] {
				next++
			}
			id := "+" + strconv.Itoa(next)
			used[id] = true
			sp := state.Spec{Unit: state.Unit{ID: id, Side: state.Friendly, Kind: kind, Type: typ, Known: known[i%len(locs)]}, AtText: locs[i%len(locs)]}
			ms.Friendly = append(ms.Friendly, sp)
		}
	}, nil
}

// Tables reports whether the sweep varies a value of the tables (laid over
// the run's own as each value is prepared) rather than of the mission.
func (v *Vary) Tables() bool { return v.k.table }

func (k *key) lay(t *tables.Set, x string) (*tables.Set, error) {
	out, err := t.LayKey(k.name, x)
	if err != nil {
		return nil, fmt.Errorf("sim: %s %s=%s: %w", k.flag, k.name, x, err)
	}
	return out, nil
}

// String returns the sweep as ParseVary read it.
func (v *Vary) String() string { return v.spec }

// Apply returns a copy of ms with the key set to value x (a tables key or
// the policy leave it as it is, but for checking the policy).
func (v *Vary) Apply(ms *missions.Mission, x string) (*missions.Mission, error) {
	c := ms.Clone()
	if err := v.k.apply(c, x); err != nil {
		return nil, err
	}
	if err := checkEntries(c, v.k.flag+" "+v.Key+"="+x); err != nil {
		return nil, err
	}
	return c, nil
}

// apply sets the key of ms to x.
func (k *key) apply(ms *missions.Mission, x string) error {
	switch {
	case k.policy:
		if p := state.Policy(x); p != game.PolicyHold && p != game.PolicyAttack {
			return fmt.Errorf("sim: %s policy=%s: a simulation plays hold or attack", k.flag, x)
		}
	case k.set != nil:
		return k.set(ms, x)
	}
	return nil
}

// checkEntries checks that no entry of ms comes after its last turn; what
// names the values set, for the error.
func checkEntries(ms *missions.Mission, what string) error {
	for _, e := range slices.Concat(ms.Entry, ms.HumanWave) {
		if e.Turn > ms.Turns {
			return fmt.Errorf("sim: %s: an entry on turn %d of a %d-turn mission (%s:%d)", what, e.Turn, ms.Turns, ms.File, e.Line)
		}
	}
	return nil
}

// Grid is the sweeps of a run: one --vary, or several played as a grid,
// every value of each with every value of the others.
type Grid struct {
	Axes []*Vary
	// Cells are the grid's cells in the order they are played and
	// reported, the last sweep's values changing fastest: cell i sets
	// Axes[a] to Cells[i][a].
	Cells [][]string
}

// ParseGrid reads the sweeps of specs (KEY=v1,v2,... each) against the
// mission and tables of a run: a grid of at most MaxVaryValues cells, each
// key once.
func ParseGrid(specs []string, ms *missions.Mission, t *tables.Set) (*Grid, error) {
	g := &Grid{Cells: [][]string{{}}}
	for _, s := range specs {
		v, err := parseVary(s, ms, t)
		if err != nil {
			return nil, err
		}
		for _, a := range g.Axes {
			if a.Key == v.Key {
				return nil, fmt.Errorf("sim: --vary %s twice: give its values in one --vary %s=v1,v2,...", v.Key, v.Key)
			}
		}
		if n := len(g.Cells) * len(v.Values); n > MaxVaryValues {
			return nil, fmt.Errorf("sim: --vary %s: a grid of %d cells, at most %d (every value of each --vary with every value of the others)", strings.Join(specs, " --vary "), n, MaxVaryValues)
		}
		g.Axes = append(g.Axes, v)
		var cells [][]string
		for _, c := range g.Cells {
			for _, x := range v.Values {
				cells = append(cells, append(slices.Clone(c), x))
			}
		}
		g.Cells = cells
	}
	if len(g.Axes) == 0 {
		return nil, nil
	}
	for i := range g.Cells {
		if _, _, _, err := g.apply(ms, t, "", i, false); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// SplitVary splits the sweeps of a run as its RunID names them.
func SplitVary(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, " --vary ")
}

// String returns the sweeps as the options gave them, joined by
// " --vary ": the RunID's Vary.
func (g *Grid) String() string {
	var specs []string
	for _, a := range g.Axes {
		specs = append(specs, a.String())
	}
	return strings.Join(specs, " --vary ")
}

// Key names the keys of the grid: "turns", or "turns and entry.1.count".
func (g *Grid) Key() string { return strings.Join(g.Keys(), " and ") }

// Keys are the keys of the grid's sweeps, in order.
func (g *Grid) Keys() []string {
	keys := make([]string, len(g.Axes))
	for i, a := range g.Axes {
		keys[i] = a.Key
	}
	return keys
}

// Label names cell i: its value, or its values joined by commas.
func (g *Grid) Label(i int) string { return strings.Join(g.Cells[i], ",") }

// apply returns the mission, tables and FRIENDLY policy of cell i, from
// ms and t and the run's policy; with lay false the tables are left as
// they are (checked when ParseGrid read each value).
func (g *Grid) apply(ms *missions.Mission, t *tables.Set, policy state.Policy, i int, lay bool) (*missions.Mission, *tables.Set, state.Policy, error) {
	keys := make([]*key, len(g.Axes))
	for a, v := range g.Axes {
		keys[a] = v.k
	}
	return applyKeys(ms, t, policy, keys, g.Cells[i], lay, "--vary "+g.cellText(i))
}

// applyKeys returns the mission, tables and FRIENDLY policy with each key
// of keys set to its value of vals, from ms, t and policy: the mission a
// copy only if a key changes it (else ms itself, whose world is then
// shared), the tables laid only if lay. what names the values, for the
// errors.
func applyKeys(ms *missions.Mission, t *tables.Set, policy state.Policy, keys []*key, vals []string, lay bool, what string) (*missions.Mission, *tables.Set, state.Policy, error) {
	c := ms
	if slices.ContainsFunc(keys, func(k *key) bool { return k.set != nil }) {
		c = ms.Clone()
	}
	for a, k := range keys {
		x := vals[a]
		if err := k.apply(c, x); err != nil {
			return nil, nil, "", err
		}
		switch {
		case k.policy:
			policy = state.Policy(x)
		case k.table && lay:
			var err error
			if t, err = k.lay(t, x); err != nil {
				return nil, nil, "", err
			}
		}
	}
	if err := checkEntries(c, what); err != nil {
		return nil, nil, "", err
	}
	return c, t, policy, nil
}

// prepare prepares cell i of the grid for simulation, the mission of w
// (named name) with the cell's values, played by policy unless the cell
// sets it.
func (g *Grid) prepare(w *world.World, name string, policy state.Policy, i int) (*Prepared, error) {
	ms, t, pol, err := g.apply(w.Mission(), w.Tables(), policy, i, true)
	if err != nil {
		return nil, err
	}
	return prepareWith(w, ms, t, name, pol, "--vary "+g.cellText(i))
}

// cellText names cell i as KEY=VALUE, joined by spaces.
func (g *Grid) cellText(i int) string {
	var what []string
	for a, v := range g.Axes {
		what = append(what, v.Key+"="+g.Cells[i][a])
	}
	return strings.Join(what, " ")
}

// prepareWith prepares the mission ms of w's map on tables t for
// simulation by policy; what names the values that made ms (the option
// and its values: "--vary turns=5") in its errors. A mission and tables
// that are w's own share w.
func prepareWith(w *world.World, ms *missions.Mission, t *tables.Set, name string, policy state.Policy, what string) (*Prepared, error) {
	vw := w
	if ms != w.Mission() || t != w.Tables() {
		var err error
		if vw, err = game.Prepare(ms, w.Map(), t); err != nil {
			return nil, fmt.Errorf("sim: %s: %w", what, err)
		}
	}
	sp, err := Prepare(vw, name)
	if err != nil {
		return nil, fmt.Errorf("sim: %s: %w", what, err)
	}
	sp.Policy, sp.what = policy, what
	return sp, nil
}

// Row is the outcome of one value (one cell) of a sweep.
type Row struct {
	// Value names the value, or the cell's values joined by commas.
	Value string `json:"value"`
	// Values are the cell's values, one a sweep, for a grid.
	Values []string `json:"values,omitempty"`
	Result *Result  `json:"result"`
	// Diff is the difference of the FRIENDLY win rate from the row
	// before, on the same games (nil for the first row, and in a grid for
	// a row whose other sweeps' values are not those of the row before).
	Diff *Diff `json:"diff_from_previous,omitempty"`
}
