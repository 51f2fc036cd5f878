package sim

import (
	"errors"
	"fmt"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// Prepared is a mission prepared for simulation: the game engine's
// prepared mission and what the counting needs of it.
type Prepared struct {
	W           *world.World
	name        string
	vpos        []board.Location
	vpoNames    []string
	fbe         []bool // hexes along the FBE, by map index
	friendlyIDs map[string]bool
	turns       int
	// Policy plays the FRIENDLY side: hold or attack.
	Policy state.Policy
	// what names the sweep's values the mission was prepared with
	// ("--vary turns=5"), for errors; "" for the mission as it is.
	what string
	// maxCount bounds every count of a game (Hist.add): the units that can
	// come into play, each in halves.
	maxCount int
}

// Prepare prepares a mission (game.Prepare) for simulation; name is the
// game's mission name (a demo's name or the file's path).
func Prepare(p *world.World, name string) (*Prepared, error) {
	ms, m := p.Mission(), p.Map()
	if ms.Victory == nil {
		return nil, errors.New("sim: " + ms.File + ": the mission has no victory conditions (add victory: {control: [...], max_enemy_exits: N})")
	}
	if ms.Turns == 0 {
		return nil, errors.New("sim: " + ms.File + ": the mission does not say how many turns it lasts (turns: N)")
	}
	vpos, err := ms.VPOs(m)
	if err != nil {
		return nil, err
	}
	// A mission whose FRIENDLY units cannot be set up is said to be so
	// now, not as the failure of its first game.
	if _, err := p.Initial(); err != nil {
		return nil, fmt.Errorf("sim: %s: the mission cannot start: %w", ms.File, err)
	}
	sp := &Prepared{W: p, name: name, vpos: vpos, fbe: make([]bool, m.Stride()), friendlyIDs: map[string]bool{}, turns: ms.Turns, Policy: game.PolicyHold}
	for _, v := range vpos {
		sp.vpoNames = append(sp.vpoNames, m.LocationName(v))
	}
	for _, h := range m.Edge(ms.FBE) {
		if i, ok := m.Index(h); ok {
			sp.fbe[i] = true
		}
	}
	for _, f := range ms.Friendly {
		sp.friendlyIDs[f.ID] = true
	}
	sp.maxCount = maxUnits(p)
	return sp, nil
}

func (p *Prepared) index(l board.Location) (int, bool) { return p.W.Map().Index(l.Hex) }

// Tally is what many games did, in integer counts and fixed bins: tallies
// of the same mission merge exactly, in any order.
type Tally struct {
	Runs, FriendlyWins int64
	// Losses are the games the FRIENDLY side lost, by why (LostVPO,
	// LostExits, LostBoth).
	Losses [3]int64
	// OnlyHere and OnlyPrev pair the games with those of the mission
	// played before in the same run (a sweep's previous value), replicate
	// by replicate: the replicates the FRIENDLY side won here and lost
	// there, and lost here and won there.
	OnlyHere, OnlyPrev int64
	// Exited: ENEMY squad-equivalents exited, in halves (bin 3 is 1.5).
	Exited    Hist
	Placed    Hist
	Activated Hist
	// SetupS: the S? outside a Human Wave (of the setup and entries)
	// Activated, Dummies the dummies among them (SASL 5.1), SetupSquads
	// the squads their units put in play, in halves (a half-squad is 1).
	SetupS, Dummies, SetupSquads Hist
	Casualties                   [2]Hist // units eliminated, by side
	// FirstVPO (by VPO) and FirstFBE: the turn the ENEMY first reached
	// it, Never if it did not.
	FirstVPO []Hist
	FirstFBE Hist
	// Setup counts the S? set up in each hex (by board.Map.Index); Presence the
	// ENEMY units that came onto the map (entries, Human Waves) in each hex
	// at the end of each turn.
	Setup    []int64
	Presence [][]int64
	// events: the events the games logged, for the benchmarks' CPU time
	// per event; no part of a result.
	events int64
}

// unitBins is the bins a histogram of units starts with (placed,
// Activated, eliminated): it grows beyond when a game needs more.
const unitBins = 256

func (p *Prepared) newTally() *Tally {
	n := p.W.Map().Stride()
	t := &Tally{
		Exited:    newHist(2*unitBins + 1),
		Placed:    newHist(unitBins + 1),
		Activated: newHist(unitBins + 1),
		SetupS:    newHist(unitBins + 1),
		Dummies:   newHist(unitBins + 1),
		// in halves, as Exited
		SetupSquads: newHist(2*unitBins + 1),
		FirstFBE:    newHist(p.turns + 1),
		Setup:       make([]int64, n),
		Presence:    make([][]int64, p.turns),
	}
	for i := range t.Casualties {
		t.Casualties[i] = newHist(unitBins + 1)
	}
	for range p.vpos {
		t.FirstVPO = append(t.FirstVPO, newHist(p.turns+1))
	}
	for i := range t.Presence {
		t.Presence[i] = make([]int64, n)
	}
	return t
}

// reset empties t.
func (t *Tally) reset() {
	t.Runs, t.FriendlyWins, t.Losses, t.OnlyHere, t.OnlyPrev, t.events = 0, 0, [3]int64{}, 0, 0, 0
	for _, h := range t.hists() {
		clear(h.Counts)
		h.Never = 0
	}
	clear(t.Setup)
	for _, row := range t.Presence {
		clear(row)
	}
}

// hists are t's histograms.
func (t *Tally) hists() []*Hist {
	hs := []*Hist{&t.Exited, &t.Placed, &t.Activated, &t.Casualties[0], &t.Casualties[1], &t.FirstFBE, &t.SetupS, &t.Dummies, &t.SetupSquads}
	for i := range t.FirstVPO {
		hs = append(hs, &t.FirstVPO[i])
	}
	return hs
}

// Merge adds o to t.
func (t *Tally) Merge(o *Tally) {
	t.Runs += o.Runs
	t.FriendlyWins += o.FriendlyWins
	for i, c := range o.Losses {
		t.Losses[i] += c
	}
	t.OnlyHere += o.OnlyHere
	t.OnlyPrev += o.OnlyPrev
	t.events += o.events
	oh := o.hists()
	for i, h := range t.hists() {
		h.merge(oh[i])
	}
	for i, c := range o.Setup {
		t.Setup[i] += c
	}
	for turn, row := range o.Presence {
		for i, c := range row {
			t.Presence[turn][i] += c
		}
	}
}

// Result is a simulation's outcome, as sasl sim prints it.
type Result struct {
	Runs         int64  `json:"runs"`
	Seed         uint64 `json:"seed,string"`
	FriendlyWins Rate   `json:"friendly_wins"`
	EnemyWins    Rate   `json:"enemy_wins"`
	// FriendlyLosses: why the FRIENDLY side lost the games it lost.
	FriendlyLosses Losses `json:"friendly_losses"`
	// EnemyExited: ENEMY squad-equivalents exited off the FBE.
	EnemyExited Dist `json:"enemy_exited"`
	// FirstReach: the turn an ENEMY unit first entered each VPO (S? set up
	// in it do not count) and reached the FBE (a hex along it, or off it).
	FirstReach []Reach `json:"first_reach"`
	Placed     Dist    `json:"s_placed"`
	Activated  Dist    `json:"s_activated"`
	// SetupS: the S? of the setup and entries (not of a Human Wave)
	// Activated, the dummies among them, and the squads they put in play.
	SetupS     SetupS          `json:"setup_s"`
	Casualties map[string]Dist `json:"casualties"`
	Heatmaps   Heatmaps        `json:"heatmaps"`
	Tally      *Tally          `json:"-"`
}

// Losses count the games the FRIENDLY side lost by the victory
// conditions that failed: a VPO of victory.control the ENEMY Controls
// (and no more ENEMY exits than allowed), too many ENEMY squad-equivalents
// exited (and every VPO held), or both.
type Losses struct {
	VPO   int64 `json:"vpo"`
	Exits int64 `json:"exits"`
	Both  int64 `json:"both"`
}

// Total is the games lost.
func (l Losses) Total() int64 { return l.VPO + l.Exits + l.Both }

// SetupS is what the S? outside a Human Wave (of the setup and of entries)
// did when Activated, per game, and the squads (half-squads as a half) all
// of them put in play per S? Activated (0 when none was).
type SetupS struct {
	Activated  Dist    `json:"activated"`
	Dummies    Dist    `json:"dummies"`
	Squads     Dist    `json:"squads"`
	SquadsPerS float64 `json:"squads_per_s"`
}

// Reach is when the ENEMY first reached a place.
type Reach struct {
	Where string `json:"where"`
	Turn  Dist   `json:"turn"`
}

// Heatmaps are per-hex counts: S? set up, and ENEMY units at the end of
// each turn, summed over the games.
type Heatmaps struct {
	Setup    []HexCount   `json:"setup"`
	Presence [][]HexCount `json:"presence_by_turn"`
}

// HexCount is a hex and a count.
type HexCount struct {
	Hex   string `json:"hex"`
	Count int64  `json:"count"`
}

// Result summarises the tally of a simulation seeded with seed.
func (t *Tally) result(p *Prepared, seed uint64) *Result {
	r := &Result{
		Runs: t.Runs, Seed: seed, Tally: t,
		FriendlyWins:   NewRate(t.FriendlyWins, t.Runs),
		EnemyWins:      NewRate(t.Runs-t.FriendlyWins, t.Runs),
		FriendlyLosses: Losses{VPO: t.Losses[LostVPO], Exits: t.Losses[LostExits], Both: t.Losses[LostBoth]},
		EnemyExited:    t.Exited.Summary(2),
		Placed:         t.Placed.Summary(1),
		Activated:      t.Activated.Summary(1),
		SetupS: SetupS{
			Activated: t.SetupS.Summary(1), Dummies: t.Dummies.Summary(1), Squads: t.SetupSquads.Summary(2),
		},
		Casualties: map[string]Dist{
			"enemy":    t.Casualties[state.Enemy].Summary(1),
			"friendly": t.Casualties[state.Friendly].Summary(1),
		},
	}
	if n := t.SetupS.sum(); n > 0 {
		r.SetupS.SquadsPerS = float64(t.SetupSquads.sum()) / 2 / float64(n)
	}
	for i, name := range p.vpoNames {
		r.FirstReach = append(r.FirstReach, Reach{Where: "VPO " + name, Turn: t.FirstVPO[i].Summary(1)})
	}
	r.FirstReach = append(r.FirstReach, Reach{Where: "FBE", Turn: t.FirstFBE.Summary(1)})
	r.Heatmaps.Setup = p.hexCounts(t.Setup)
	for _, row := range t.Presence {
		r.Heatmaps.Presence = append(r.Heatmaps.Presence, p.hexCounts(row))
	}
	return r
}

func (p *Prepared) hexCounts(counts []int64) []HexCount {
	m := p.W.Map()
	out := []HexCount{}
	for _, h := range m.Hexes() {
		if i, _ := m.Index(h); counts[i] > 0 {
			out = append(out, HexCount{Hex: m.NameString(h), Count: counts[i]})
		}
	}
	return out
}

// HexValue returns a heatmap's count of hex h; counts are per map index.
func (p *Prepared) HexValue(counts []int64, h hex.Hex) int64 {
	if i, ok := p.W.Map().Index(h); ok {
		return counts[i]
	}
	return 0
}

// maxUnits bounds the count of anything a game of world w counts in a
// histogram: every unit that can come into play (3 S? a Location at setup,
// SASL 4.1 and its [EXC: 4.1e]; the S? the mission brings on; 12 a Human
// Wave, 4.31's widest entry, each S? turned into a row of Table x10), each
// counted in halves of the squads it may count as (4.3), and the FRIENDLY
// units.
func maxUnits(w *world.World) int {
	ms, t := w.Mission(), w.Tables()
	locs := 0
	for _, h := range w.Map().Hexes() {
		locs += len(w.Locations(h))
	}
	s := 3 * locs
	for _, e := range ms.Entry {
		s += e.Count
	}
	row := 1
	for _, r := range t.HumanWave.X10.Rows {
		row = max(row, len(r.Value))
	}
	s += 12 * len(ms.HumanWave) * row
	return 2*max(t.HumanWave.SquadsPerS.Value, 1)*s + len(ms.Friendly)
}
