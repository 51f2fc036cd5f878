package sim

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

// Seed returns the game seed of replicate k of a simulation seeded with
// seed: element k of the SplitMix64 sequence that starts at seed, so that
// neighbouring replicates (and neighbouring seeds) get unrelated streams.
func Seed(seed, k uint64) uint64 {
	z := seed + (k+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Config says how many games to play and how.
type Config struct {
	// Runs is the number of games; with CI, the most games.
	Runs int
	Seed uint64
	// Workers play games at once (0: one per CPU).
	Workers int
	// CI > 0 plays batches until the half width of the FRIENDLY win rate's
	// 95% interval is at most CI (or Runs games are played).
	CI float64
	// Batch is the number of games between two looks at CI (0: 1000).
	Batch int
	// Progress, if not nil, is told the games played so far, from one
	// goroutine at a time.
	Progress func(done int)
	// Outcome, if not nil, is told whether the FRIENDLY side won
	// replicate k, for each of the run's missions in order (a sweep's
	// cells), from one goroutine at a time.
	Outcome func(k uint64, friendlyWon []bool)
	// Shard of Shards (0 or 1: the whole run) plays only the replicates
	// Block(Runs, Shard, Shards): a fixed block, so that a shard's tally
	// depends on Seed, Runs, Shard and Shards alone and the shards' tallies
	// add up to the whole run's.
	Shard, Shards int
}

// MaxRuns bounds Config.Runs; MaxShards bounds Config.Shards.
const (
	MaxRuns   = 1 << 40
	MaxShards = 1 << 20
)

// Block returns the replicates from..to-1 that shard i of n plays of a
// run of runs games: the blocks are consecutive, cover 0..runs-1 once and
// differ in size by at most one game.
func Block(runs int64, i, n int) (from, to int64) {
	return runs * int64(i) / int64(n), runs * int64(i+1) / int64(n)
}

// checkShard checks shard i of n of a run of runs games.
func checkShard(runs int64, i, n int) error {
	if n < 1 || n > MaxShards {
		return fmt.Errorf("sim: %d shards: want 1 to %d", n, MaxShards)
	}
	if i < 0 || i >= n {
		return fmt.Errorf("sim: shard %d of %d: want 0 to %d", i, n, n-1)
	}
	if int64(n) > runs {
		return fmt.Errorf("sim: %d shards of %d games: every shard needs a game", n, runs)
	}
	return nil
}

// Replicate is one game of a simulation.
type Replicate struct {
	K      uint64       `json:"replicate"`
	Seed   uint64       `json:"seed,string"`
	Winner string       `json:"winner"`
	Why    string       `json:"why"`
	Exited float64      `json:"enemy_exited"`
	Turns  int          `json:"turns"`
	Final  *state.State `json:"-"`
}

// Play plays replicate k of a simulation seeded with seed on its own.
func Play(p *Prepared, seed, k uint64) (*Replicate, error) {
	g := game.Blank(p.W)
	if _, err := p.play(g, Seed(seed, k), p.newTally()); err != nil {
		return nil, p.gameError(k, Seed(seed, k), err)
	}
	o, _ := g.Outcome()
	return &Replicate{K: k, Seed: Seed(seed, k), Winner: o.Winner.String(), Why: o.Why(), Exited: o.Exited,
		Turns: g.LastTurn(), Final: g.Snapshot()}, nil
}

// failGame, when set (by tests), fails the game of each replicate it
// returns an error for, as a game of the engine that fails would.
var failGame func(k uint64) error

// stopped, when set (by tests), is called by the worker whose game failed
// once no worker can claim another game.
var stopped func()

// gameError names the replicate whose game failed, and the sweep's
// values it was played with.
func (p *Prepared) gameError(k, seed uint64, err error) error {
	if p.what != "" {
		return fmt.Errorf("sim: %s: replicate %d (game seed %d): %w", p.what, k, seed, err)
	}
	return fmt.Errorf("sim: replicate %d (game seed %d): %w", k, seed, err)
}

// Run plays the games of cfg and returns their tally.
func Run(p *Prepared, cfg Config) (*Result, error) {
	rs, err := runAll([]*Prepared{p}, cfg)
	if err != nil {
		return nil, err
	}
	return rs[0], nil
}

// runAll plays the games of cfg for each of preps, replicate k of each on
// the same seed, and returns their results in order. With cfg.CI it
// stops when the interval of every one is narrow enough, so that each
// plays the same replicates.
func runAll(preps []*Prepared, cfg Config) ([]*Result, error) {
	if cfg.Runs < 1 || cfg.Runs > MaxRuns {
		return nil, fmt.Errorf("sim: runs %d: want 1 to %d", cfg.Runs, MaxRuns)
	}
	if cfg.CI < 0 || cfg.CI >= 1 {
		return nil, fmt.Errorf("sim: ci %g: want a half width between 0 and 1", cfg.CI)
	}
	shards := max(cfg.Shards, 1)
	if err := checkShard(int64(cfg.Runs), cfg.Shard, shards); err != nil {
		return nil, err
	}
	if cfg.CI > 0 && shards > 1 {
		return nil, errors.New("sim: a sharded run plays a fixed number of games: it cannot stop when the interval is narrow enough (ci)")
	}
	from, to := Block(int64(cfg.Runs), cfg.Shard, shards)
	runs := int(to - from)
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	batch := runs
	if cfg.CI > 0 {
		batch = cfg.Batch
		if batch <= 0 {
			batch = 1000
		}
	}
	totals := make([]*Tally, len(preps))
	for i, p := range preps {
		totals[i] = p.newTally()
	}
	done := 0
	for done < runs {
		n := min(batch, runs-done)
		ts, err := runBatch(preps, cfg, uint64(from)+uint64(done), n, workers, done*len(preps))
		if err != nil {
			return nil, err
		}
		narrow := true
		for i, t := range ts {
			totals[i].Merge(t)
			narrow = narrow && NewRate(totals[i].FriendlyWins, totals[i].Runs).HalfWidth() <= cfg.CI
		}
		done += n
		if cfg.CI > 0 && narrow {
			break
		}
	}
	out := make([]*Result, len(preps))
	for i, t := range totals {
		out[i] = t.result(preps[i], cfg.Seed)
	}
	return out, nil
}

// runBatch plays replicates from..from+n-1 of each of preps with workers
// goroutines, a replicate of every one by one worker, so that the games
// of a replicate can be paired (Tally.OnlyHere, OnlyPrev); before is the
// games played before, for cfg.Progress.
func runBatch(preps []*Prepared, cfg Config, from uint64, n, workers, before int) ([]*Tally, error) {
	workers = max(min(workers, n), 1)
	// The games are claimed by counting (next), not handed over a
	// channel: a handover a game woke a parked goroutine, a futex a game
	// (about 1% of a one-worker run's CPU, and its system time).
	var next atomic.Uint64
	next.Store(from)
	end := from + uint64(n)
	tallies := make([][]*Tally, workers)
	errs := make([]error, workers)
	var mu sync.Mutex
	played := before
	var wg sync.WaitGroup
	for w := range workers {
		tallies[w] = make([]*Tally, len(preps))
		for i, p := range preps {
			tallies[w][i] = p.newTally()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			// One game per mission and worker, reused game after game.
			games := make([]*game.Game, len(preps))
			for i, p := range preps {
				games[i] = game.Blank(p.W)
			}
			won := make([]bool, len(preps))
			for {
				k := next.Add(1) - 1
				if k >= end { // all claimed, or a game failed (next is end)
					return
				}
				seed := Seed(cfg.Seed, k)
				for i, p := range preps {
					var err error
					if won[i], err = p.play(games[i], seed, tallies[w][i]); err == nil && failGame != nil {
						err = failGame(k)
					}
					if err != nil {
						next.Store(end) // no worker claims another game
						errs[w] = p.gameError(k, seed, err)
						if stopped != nil {
							stopped()
						}
						break
					}
					if i > 0 && won[i] != won[i-1] {
						if won[i] {
							tallies[w][i].OnlyHere++
						} else {
							tallies[w][i].OnlyPrev++
						}
					}
				}
				if errs[w] != nil || cfg.Progress == nil && cfg.Outcome == nil {
					continue
				}
				mu.Lock()
				if cfg.Outcome != nil {
					cfg.Outcome(k, won)
				}
				if cfg.Progress != nil {
					for range preps {
						played++
						cfg.Progress(played)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	out := make([]*Tally, len(preps))
	for i, p := range preps {
		out[i] = p.newTally()
		for _, ts := range tallies {
			out[i].Merge(ts[i])
		}
	}
	return out, nil
}

// play plays one whole game with seed in g, counts it into t and says
// whether the FRIENDLY side won.
func (p *Prepared) play(g *game.Game, seed uint64, t *Tally) (bool, error) {
	setup, err := g.Start(state.Game{Mission: p.name, Seed: seed, HasSeed: true, Policy: p.Policy}, nil)
	if err != nil {
		return false, err
	}
	rec := p.newRecord()
	rec.placed += len(setup.Placements)
	for u := range g.Enemies() {
		if u.Case != 0 {
			if i, ok := p.index(u.At()); ok {
				t.Setup[i]++
			}
		}
	}
	for !g.Over() {
		rep, err := g.Turn(nil)
		if err != nil {
			return false, err
		}
		rec.turn(p, rep)
		t.events += int64(len(rep.Events))
		turn := rep.Turn
		if turn-1 < len(t.Presence) {
			row := t.Presence[turn-1]
			for u := range g.Enemies() {
				if u.OnMap() && u.Case == 0 { // the setup's S? are Setup's
					if i, ok := p.index(u.At()); ok {
						row[i]++
					}
				}
			}
		}
	}
	o, ok := g.Outcome()
	if !ok {
		return false, errors.New("the mission has no victory conditions (victory: in the mission file)")
	}
	rec.finish(t, g, o)
	return o.Winner == state.Friendly, nil
}

// record is what one game did, counted as it goes.
type record struct {
	placed, activated int
	// setupS: S? outside a Human Wave Activated, dummies among them, and
	// the squads their units put in play, in halves (a half-squad is 1).
	setupS, dummies, setupHalves int
	casualties                   [2]int
	firstVPO                     []int // turn, 0 for never
	firstFBE                     int
	friendly                     map[string]bool
}

func (p *Prepared) newRecord() *record {
	return &record{firstVPO: make([]int, len(p.vpos)), friendly: p.friendlyIDs}
}

func (r *record) turn(p *Prepared, rep *game.Report) {
	for i := range rep.Events {
		e := &rep.Events[i]
		switch e.Kind {
		case report.Activate, report.Dummy: // a dummy was Activated too (SASL 5.1)
			r.activated += len(e.Units)
			if !e.SetupS() {
				continue
			}
			r.setupS += len(e.Units)
			if e.Kind == report.Dummy {
				r.dummies++
			}
			for _, m := range e.Made {
				switch {
				case m.ID == "":
				case m.Kind == state.Squad:
					r.setupHalves += 2
				case m.Kind == state.HalfSquad:
					r.setupHalves++
				}
			}
		case report.Arrive, report.WaveEntry:
			r.placed += len(e.Units)
		case report.Eliminate:
			for _, id := range e.Units {
				if r.friendly[id] {
					r.casualties[state.Friendly]++
				} else {
					r.casualties[state.Enemy]++
				}
			}
		case report.Exit:
			if r.firstFBE == 0 {
				r.firstFBE = rep.Turn
			}
		case report.Move, report.Advance, report.Enter, report.AdvanceInto:
			if e.Player != state.Enemy {
				continue // a FRIENDLY unit's move
			}
			for _, s := range e.Steps {
				if s.Off {
					continue
				}
				for vi, v := range p.vpos {
					if s.Location == v && r.firstVPO[vi] == 0 {
						r.firstVPO[vi] = rep.Turn
					}
				}
				if r.firstFBE == 0 {
					if i, ok := p.index(s.Location); ok && p.fbe[i] {
						r.firstFBE = rep.Turn
					}
				}
			}
		}
	}
}

func (r *record) finish(t *Tally, g *game.Game, o game.Outcome) {
	t.Runs++
	if o.Winner == state.Friendly {
		t.FriendlyWins++
	} else {
		t.Losses[lossCause(o)]++
	}
	t.Exited.add(int(o.Exited*2 + 0.5))
	t.Placed.add(r.placed)
	t.Activated.add(r.activated)
	t.SetupS.add(r.setupS)
	t.Dummies.add(r.dummies)
	t.SetupSquads.add(r.setupHalves)
	t.Casualties[state.Enemy].add(r.casualties[state.Enemy])
	t.Casualties[state.Friendly].add(r.casualties[state.Friendly])
	addTurn := func(h *Hist, turn int) {
		if turn == 0 {
			h.Never++
		} else {
			h.add(turn)
		}
	}
	for i, turn := range r.firstVPO {
		addTurn(&t.FirstVPO[i], turn)
	}
	addTurn(&t.FirstFBE, r.firstFBE)
}

// Why the FRIENDLY side lost a game, by the mission's victory conditions:
// an ENEMY-held VPO of victory.control, too many ENEMY exits
// (victory.max_enemy_exits), or both.
const (
	LostVPO = iota
	LostExits
	LostBoth
)

// lossCause says why the FRIENDLY side lost the game of o (LostVPO, ...).
// A game whose VPOs could not be resolved (Prepare resolves them first)
// is lost on them.
func lossCause(o game.Outcome) int {
	vpo := false
	for _, c := range o.Control {
		vpo = vpo || c.Side != state.Friendly
	}
	exits := o.MaxExits >= 0 && o.Exited > o.MaxExits
	switch {
	case vpo && exits:
		return LostBoth
	case exits:
		return LostExits
	}
	return LostVPO
}
