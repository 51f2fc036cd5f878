package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/policy"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

func prepared(t testing.TB, name string) *Prepared {
	t.Helper()
	sp, err := Prepare(demoWorld(t, name), name)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

var (
	demoWorldsMu sync.Mutex
	demoWorlds   = map[string]*world.World{}
)

// demoWorld is the world of built-in mission name, opened once for the
// tests: a world is read only once prepared (a run's workers share one),
// so its LOS is built once.
func demoWorld(t testing.TB, name string) *world.World {
	t.Helper()
	demoWorldsMu.Lock()
	defer demoWorldsMu.Unlock()
	if w := demoWorlds[name]; w != nil {
		return w
	}
	w, _, err := game.Open(name, "", "")
	if err != nil {
		t.Fatal(err)
	}
	demoWorlds[name] = w
	return w
}

// fourBoards prepares examples/four-boards.yaml on the real boards of
// ../shared/vasl (setup by case b, two entries, a Human Wave on turn 4
// against nine FRIENDLY units, six turns).
func fourBoards(t testing.TB) *Prepared { return realMission(t, "../examples/four-boards.yaml") }

// realMission prepares a mission file on the real boards of ../shared/vasl.
func realMission(t testing.TB, file string) *Prepared {
	t.Helper()
	dir := testshared.Boards(t)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := missions.Parse(data, filepath.Base(file))
	if err != nil {
		t.Fatal(err)
	}
	m, err := ms.Map(library.New(dir))
	if err != nil {
		t.Fatal(err)
	}
	p, err := game.Prepare(ms, m, tables.Default())
	if err != nil {
		t.Fatal(err)
	}
	sp, err := Prepare(p, filepath.Base(file))
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func resultJSON(t testing.TB, r *Result) []byte {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The same seed gives byte-identical JSON with 1, 3, 2 and 4 workers (1
// and 3 in the short run), also when --ci decides how many games to play.
func TestWorkersGiveTheSameResult(t *testing.T) {
	t.Parallel()
	p := prepared(t, "crossroads")
	for _, cfg := range []Config{{Runs: 60, Seed: 7}, {Runs: 5000, Seed: 8, CI: 0.08, Batch: 50}} {
		var first []byte
		for _, w := range []int{1, 3, 2, 4}[:longrun.Choose(4, 2)] { // 1 and 3 workers in the short run
			c := cfg
			c.Workers = w
			r, err := Run(p, c)
			if err != nil {
				t.Fatal(err)
			}
			b := resultJSON(t, r)
			if first == nil {
				first = b
				continue
			}
			if !bytes.Equal(b, first) {
				t.Fatalf("%+v: %d workers give other JSON than 1", cfg, w)
			}
		}
		if cfg.CI > 0 {
			var r Result
			if err := json.Unmarshal(first, &r); err != nil {
				t.Fatal(err)
			}
			if r.FriendlyWins.HalfWidth() > cfg.CI || r.Runs%int64(cfg.Batch) != 0 || r.Runs >= int64(cfg.Runs) {
				t.Errorf("--ci %g stopped after %d games with half width %.4f", cfg.CI, r.Runs, r.FriendlyWins.HalfWidth())
			}
		}
	}
}

// Tallies merge exactly: two batches make the run of both.
func TestTallyMerge(t *testing.T) {
	t.Parallel()
	p := prepared(t, "crossroads")
	whole, err := Run(p, Config{Runs: 200, Seed: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	as, err := runBatch([]*Prepared{p}, Config{Seed: 3}, 0, 120, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := runBatch([]*Prepared{p}, Config{Seed: 3}, 120, 80, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	a, b := as[0], bs[0]
	b.Merge(a)
	if got, want := resultJSON(t, b.result(p, 3)), resultJSON(t, whole); !bytes.Equal(got, want) {
		t.Error("120 + 80 games merged differ from 200 games")
	}
}

// A replicate played again as an ordinary game (with its words, its trail,
// saved and resumed half-way) reaches the same end and the same winner.
func TestReplicatesReplay(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"crossroads", "four-boards"} {
		t.Run(name, func(t *testing.T) { replays(t, name) })
	}
}

func replays(t *testing.T, name string) {
	var p *Prepared
	if name == "crossroads" {
		p = prepared(t, name)
	} else {
		p = fourBoards(t) // skips without ../shared/vasl
	}
	{
		winners := map[string]int{}
		for k := range uint64(30) {
			rep, err := Play(p, 11, k)
			if err != nil {
				t.Fatal(err)
			}
			winners[rep.Winner]++
			g, _, err := game.New(p.W, state.Game{Mission: p.name, Seed: rep.Seed, HasSeed: true, Policy: game.PolicyHold}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for turn := 1; !g.Over(); turn++ {
				if _, err := g.Turn(nil); err != nil {
					t.Fatal(err)
				}
				if turn == 3 {
					var b bytes.Buffer
					if err := g.Write(&b); err != nil {
						t.Fatal(err)
					}
					st, err := state.Parse(b.Bytes(), "game.yaml", p.W.Map())
					if err != nil {
						t.Fatal(err)
					}
					if g, err = game.Resume(p.W, st); err != nil {
						t.Fatal(err)
					}
				}
			}
			o, ok := g.Outcome()
			if !ok || o.Winner.String() != rep.Winner || o.Exited != rep.Exited {
				t.Fatalf("%s replicate %d (seed %d): replayed %v %s, %g exited; the simulation said %s, %g", p.name, k, rep.Seed, ok, o.Winner, o.Exited, rep.Winner, rep.Exited)
			}
			now := g.Snapshot()
			rep.Final.Trail, rep.Final.RNG = now.Trail, now.RNG // a quiet game keeps neither
			var x, y bytes.Buffer
			rep.Final.Write(&x, p.W.Map())
			g.Write(&y)
			if !bytes.Equal(x.Bytes(), y.Bytes()) {
				t.Fatalf("%s replicate %d: the replayed game ends elsewhere:\n%s\n---\n%s", p.name, k, x.String(), y.String())
			}
		}
		t.Logf("%s: winners of 30 replicates: %v", p.name, winners)
	}
}

func TestSeedMixes(t *testing.T) {
	t.Parallel()
	seen := map[uint64]bool{}
	for s := range uint64(50) {
		for k := range uint64(50) {
			x := Seed(s, k)
			if seen[x] || x == s || x == k {
				t.Fatalf("Seed(%d, %d) = %d: repeated or raw", s, k, x)
			}
			seen[x] = true
		}
	}
	// Neighbouring replicates differ in about half their bits.
	bits := 0
	for k := range uint64(1000) {
		bits += popcount(Seed(1, k) ^ Seed(1, k+1))
	}
	if avg := float64(bits) / 1000; avg < 30 || avg > 34 {
		t.Errorf("neighbouring seeds differ in %.1f bits on average, want about 32", avg)
	}
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// The 95% interval covers a known p in at least 93% of 1,000 trials, for
// Wilson (n = 400) and Clopper-Pearson (n = 40); its half width shrinks as
// 1/sqrt(n).
func TestIntervalCoverage(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int64{40, 400} {
		for _, p := range []float64{0.1, 0.3, 0.5, 0.85} {
			covered := 0
			for range 1000 {
				var x int64
				for range n {
					if r.Float64() < p {
						x++
					}
				}
				ci := NewRate(x, n).CI95
				if ci[0] <= p && p <= ci[1] {
					covered++
				}
			}
			if covered < 930 {
				t.Errorf("n %d, p %.2f: covered in %d of 1000 trials", n, p, covered)
			}
		}
	}
	if NewRate(10, 40).Method != "clopper-pearson" || NewRate(100, 400).Method != "wilson" {
		t.Error("the interval's method is not chosen by n")
	}
	for _, n := range []int64{400, 1600, 6400} {
		ratio := NewRate(n/2, n).HalfWidth() / NewRate(2*n, 4*n).HalfWidth()
		if math.Abs(ratio-2) > 0.05 {
			t.Errorf("half width at n %d over n %d: %.3f, want 2 (1/sqrt(n))", n, 4*n, ratio)
		}
	}
	if ci := NewRate(0, 10).CI95; ci[0] != 0 || ci[1] < 0.25 || ci[1] > 0.35 {
		t.Errorf("0 of 10: %v, want [0, 0.308]", ci)
	}
}

// A value beyond a histogram's first bins counts as itself, not as the
// last bin (12 was once counted as 9: the S? of twelve boards saturated at
// 256).
func TestDistSummary(t *testing.T) {
	t.Parallel()
	h := newHist(10)
	for _, v := range []int{1, 1, 2, 3, 3, 3, 4, 9, 12} {
		h.add(v)
	}
	h.Never = 2
	d := h.Summary(1)
	if d.N != 9 || d.Never != 2 || d.Quantiles[2] != 3 || d.Quantiles[4] != 12 || math.Abs(d.Mean-38.0/9) > 1e-9 || len(d.Bins) != 13 {
		t.Errorf("%+v", d)
	}
	var m Hist
	m.merge(&h)
	m.merge(&h)
	if len(m.Counts) != 13 || m.Counts[12] != 2 || m.Never != 4 {
		t.Errorf("merged %+v", m)
	}
	if d.CI95[0] >= d.Mean || d.CI95[1] <= d.Mean {
		t.Errorf("mean interval %v around %g", d.CI95, d.Mean)
	}
}

func TestVary(t *testing.T) {
	t.Parallel()
	// released hold: under advance the crossroads' ENEMY wins nearly every
	// game whenever its wave comes (issue 40), and the sweep would show
	// nothing.
	p := preparedReleased(t, "crossroads", tables.ReleasedHold)
	ms := p.W.Mission()
	for _, bad := range []string{"turns", "turns=0", "turns=x", "entry.3.count=1", "entry.1.size=2", "human_wave.1.turn=9",
		"without=F99", "nonsense=1", "turns=1"} {
		if _, err := ParseVary(bad, ms); err == nil {
			t.Errorf("--vary %s taken", bad)
		}
	}
	v, err := ParseVary("without=none,F1,F7", ms)
	if err != nil {
		t.Fatal(err)
	}
	c, err := v.Apply(ms, "F1")
	if err != nil || len(c.Friendly) != len(ms.Friendly)-1 || len(ms.Friendly) < 2 {
		t.Fatalf("without F1: %d FRIENDLY units (mission %d): %v", len(c.Friendly), len(ms.Friendly), err)
	}
	v, err = ParseVary("human_wave.1.turn=2,5", ms)
	if err != nil {
		t.Fatal(err)
	}
	rates := map[string]float64{}
	for _, x := range v.Values {
		c, _ := v.Apply(ms, x)
		gp, err := game.Prepare(c, p.W.Map(), p.W.Tables())
		if err != nil {
			t.Fatal(err)
		}
		sp, err := Prepare(gp, "crossroads")
		if err != nil {
			t.Fatal(err)
		}
		r, err := Run(sp, Config{Runs: 150, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		rates[x] = r.FriendlyWins.Rate
	}
	// A Human Wave on turn 5 of 6 has less time to reach the crossroads.
	if rates["5"] <= rates["2"] {
		t.Errorf("FRIENDLY win rate with the Human Wave on turn 5: %.3f, on turn 2: %.3f", rates["5"], rates["2"])
	}
}

// A sweep plays each value of --vary once: a value given twice is refused
// (policy.released=hold,hold played the hold arm twice).
func TestVaryValueTwice(t *testing.T) {
	t.Parallel()
	ms := prepared(t, "crossroads").W.Mission()
	for spec, want := range map[string]string{
		"policy.released=hold,hold":         `sim: --vary policy.released: "hold" given twice`,
		"policy.released=hold,advance,hold": `sim: --vary policy.released: "hold" given twice`,
		"turns=3,4,03":                      `sim: --vary turns: "03" is "3" again`,
		"without=F1,none,F1":                `sim: --vary without: "F1" given twice`,
	} {
		if _, err := ParseVary(spec, ms); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("--vary %s: %v, want %q", spec, err, want)
		}
	}
	if _, err := ParseVary("policy.released=hold,advance", ms); err != nil {
		t.Errorf("--vary policy.released=hold,advance: %v", err)
	}
}

func TestRunRefuses(t *testing.T) {
	t.Parallel()
	p := prepared(t, "crossroads")
	for _, cfg := range []Config{{Runs: 0}, {Runs: 10, CI: -1}, {Runs: 10, CI: 1}} {
		if _, err := Run(p, cfg); err == nil {
			t.Errorf("%+v taken", cfg)
		}
	}
	gp, _, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	ms := gp.Mission().Clone()
	ms.Victory = nil
	np, err := game.Prepare(ms, gp.Map(), gp.Tables())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Prepare(np, "x"); err == nil {
		t.Error("a mission without victory conditions taken")
	}
}

// A sweep ParseVary takes has at most MaxVaryValues values, each of which
// Apply turns into a valid copy of the mission without touching the
// mission itself; one it refuses says which --vary.
func FuzzParseVary(f *testing.F) {
	for _, s := range []string{"turns=3,4", "without=none,F1,F7", "human_wave.1.turn=2,5", "entry.1.count=1,99", "entry.1.turn=1",
		"turns", "turns=0", "entry.3.count=1", "entry.1.size=2", "without=F99", "nonsense=1", "=", "turns=,", "entry.0.turn=1", "entry.-1.turn=1",
		"policy.released=hold,advance", "policy.released=run", "policy.nothing=1", "policy.advance_cover=0,20"} {
		f.Add(s)
	}
	p := prepared(f, "crossroads")
	ms := p.W.Mission()
	before := ms.Clone()
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVary(s, ms)
		if !reflect.DeepEqual(ms, before) {
			t.Fatalf("ParseVary(%q) changed the mission", s)
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "sim: --vary ") {
				t.Fatalf("ParseVary(%q): %v", s, err)
			}
			return
		}
		if len(v.Values) == 0 || len(v.Values) > MaxVaryValues || !strings.HasPrefix(s, v.Key+"=") {
			t.Fatalf("ParseVary(%q): key %q, %d values", s, v.Key, len(v.Values))
		}
		for _, x := range v.Values {
			c, err := v.Apply(ms, x)
			if err != nil {
				t.Fatalf("ParseVary(%q) took %q, which Apply refuses: %v", s, x, err)
			}
			if c == ms || c.Turns < 1 || !reflect.DeepEqual(ms, before) {
				t.Fatalf("Apply(%q): %d turns, or the mission changed", x, c.Turns)
			}
			for _, e := range slices.Concat(c.Entry, c.HumanWave) {
				if e.Turn < 1 || e.Turn > c.Turns || e.Count < 0 {
					t.Fatalf("Apply(%q): entry on turn %d (count %d) of %d", x, e.Turn, e.Count, c.Turns)
				}
			}
		}
	})
}

// The wooded-hill demo is a mission the FRIENDLY side must attack: under
// hold it never wins. FRIENDLY moves are not counted as the ENEMY's: the
// ENEMY of wooded-hill (no Human Wave) under policy.released hold (S? that
// enter stop) never reaches its FBE, along which the FRIENDLY attackers
// start. Since the fire that
// follows First Fire (ASL A8.2-A8.4: Residual FP, Subsequent First Fire,
// FPF, Final Fire) the attack policy, which crosses its open ground in
// the ENEMY's LOS, hardly wins it (about 15% before, under 1% of 1,000
// after); that it wins some games and loses others (strictly between 5%
// and 95%) is checked on the crossroads demo, where it still does.
func TestAttackWinsSome(t *testing.T) {
	t.Parallel()
	p := prepared(t, "wooded-hill")
	hold, err := Run(p, Config{Runs: 100, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if hold.FriendlyWins.Count != 0 {
		t.Errorf("wooded-hill under hold: %d FRIENDLY wins of 100, want none (it must attack)", hold.FriendlyWins.Count)
	}
	a := *p
	a.Policy = game.PolicyAttack
	r, err := Run(&a, Config{Runs: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("attack: FRIENDLY wins %d of %d (%.1f%%, 95%% CI %.1f%%-%.1f%%)", r.FriendlyWins.Count, r.Runs,
		100*r.FriendlyWins.Rate, 100*r.FriendlyWins.CI95[0], 100*r.FriendlyWins.CI95[1])
	if r.FriendlyWins.Rate >= 0.95 {
		t.Errorf("wooded-hill under attack: FRIENDLY win rate %.3f, want below 0.95", r.FriendlyWins.Rate)
	}
	// Under policy.released advance the crossroads' ENEMY exits far more
	// than the mission's two squad-equivalents and wins all but a few
	// games (issue 40); the attack policy's balance is checked where the
	// units outside the wave hold.
	c := *preparedReleased(t, "crossroads", tables.ReleasedHold)
	c.Policy = game.PolicyAttack
	cr, err := Run(&c, Config{Runs: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if cr.FriendlyWins.Rate <= 0.05 || cr.FriendlyWins.Rate >= 0.95 {
		t.Errorf("crossroads under attack: FRIENDLY win rate %.3f, want strictly between 0.05 and 0.95", cr.FriendlyWins.Rate)
	}
	// Under policy.released advance the ENEMY's units outside a wave go
	// for the FBE once they hold the VPOs: the FBE is counted under hold,
	// where they stay.
	held := preparedReleased(t, "wooded-hill", tables.ReleasedHold)
	held.Policy = game.PolicyAttack
	rh, err := Run(held, Config{Runs: 100, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, reach := range rh.FirstReach {
		if reach.Where == "FBE" && reach.Turn.N != 0 {
			t.Errorf("the ENEMY reached the FBE in %d games: FRIENDLY moves counted as the ENEMY's", reach.Turn.N)
		}
	}
}

// preparedReleased prepares demo mission name with policy.released set to
// released.
func preparedReleased(t testing.TB, name, released string) *Prepared {
	t.Helper()
	w := demoWorld(t, name)
	tb := w.Tables().Clone()
	tb.Policy.Released.Value = released
	w, err := game.Prepare(w.Mission(), w.Map(), tb)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := Prepare(w, name)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// A game must stay a game (issue 51): with the built-in tables and the
// attack policy, each shipped mission gives the FRIENDLY side 30% to 70%
// of 1,000 games (seed 3, as the README shows). A change of rules or of
// the ENEMY's play that breaks this fails here; sasl sim --balance says
// what to change in the mission.
func TestShippedMissionsAreGames(t *testing.T) {
	longrun.Skip(t) // 3,000 games: .ci/run's long pass plays them
	t.Parallel()
	for _, name := range []string{"crossroads", "wooded-hill", "four-boards"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var p *Prepared
			if name == "four-boards" {
				p = fourBoards(t)
			} else {
				p = prepared(t, name)
			}
			p.Policy = game.PolicyAttack
			r, err := Run(p, Config{Runs: 1000, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			rate := float64(r.Tally.FriendlyWins) / float64(r.Tally.Runs)
			t.Logf("%s: the FRIENDLY side wins %.1f%% of %d games", name, 100*rate, r.Tally.Runs)
			if rate < 0.30 || rate > 0.70 {
				t.Errorf("%s: the FRIENDLY side wins %.1f%% of 1,000 attack games: not a game (30%% to 70%%); sasl sim --balance finds what to change", name, 100*rate)
			}
		})
	}
}

// A game that fails ends the run: no worker claims another game (the
// others finish the one they play), and the error names the replicate.
// Not parallel: failGame is the package's.
//
// The count of games played does not hang on the scheduler: a game above
// replicate 5 ends only once replicate 5 has failed and stopped the run,
// so that the other worker cannot play on meanwhile (on a loaded machine
// CI counted 13 games where the bound was 12).
func TestFailedGameEndsTheRun(t *testing.T) {
	p := prepared(t, "crossroads")
	for _, workers := range []int{1, 2} {
		stop := make(chan struct{})
		var ended atomic.Int64 // games played to their end, the failed one too
		failGame = func(k uint64) error {
			ended.Add(1)
			switch {
			case k == 5:
				return errors.New("a game that fails")
			case k > 5:
				<-stop
			}
			return nil
		}
		stopped = func() { close(stop) }
		_, err := Run(p, Config{Runs: 400, Seed: 1, Workers: workers})
		failGame, stopped = nil, nil
		played := int(ended.Load()) - 1
		if err == nil || !strings.Contains(err.Error(), "a game that fails") || !strings.Contains(err.Error(), "replicate 5") {
			t.Fatalf("%d workers: Run: %v", workers, err)
		}
		// Replicates 0-4 before the failure; with 2 workers, the game
		// the other worker plays, if it had claimed one.
		switch want := 5; {
		case workers == 1 && played != want:
			t.Errorf("1 worker: %d games played, want %d (replicates 0-4)", played, want)
		case workers == 2 && (played < want || played > want+1):
			t.Errorf("2 workers: %d games of 400 played, want %d or %d: a failed game ends the run", played, want, want+1)
		}
	}
}

// In this game of the speed mission a Human Wave half-squad stops before
// an obstacle to follow another unit's tracks (SASL 4.33) and is
// eliminated, before it follows, by First Fire at another stack entering
// its Location (ASL A8.1: the fire attacks every unit there). It follows
// no more: the engine once walked it, and refused itself ("a unit is not
// on the map"), one game in 600,000.
func TestDelayedWaveUnitEliminatedMeanwhile_SASL4_33_A8_1(t *testing.T) {
	t.Parallel()
	p := realMission(t, "testdata/speed.yaml")
	p.Policy = policy.Attack
	if _, err := p.play(game.Blank(p.W), 16870790238201464460, p.newTally()); err != nil {
		t.Fatal(err)
	}
}
