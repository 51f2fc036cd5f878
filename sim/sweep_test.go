package sim

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/game"
)

// A sweep plays one run a value, and not the mission as it is first
// (issue 51: --vary turns=5,7 played three runs); replicate k of every
// value has the same seed.
func TestSweepRunsOneRunAValue_Issue51(t *testing.T) {
	t.Parallel()
	s, err := OpenSweep(Inputs{Mission: "crossroads"}, []string{"turns=5,7"})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Preps) != 2 || s.Grid.String() != "turns=5,7" || s.Header.Mission != "crossroads" {
		t.Fatalf("%d preps, sweep %q, mission %q", len(s.Preps), s.Grid, s.Header.Mission)
	}
	played := 0
	results, err := s.Run(Config{Runs: 20, Seed: 3, Workers: 1, Progress: func(int) { played++ }})
	if err != nil {
		t.Fatal(err)
	}
	if played != 40 {
		t.Errorf("%d games played for 2 values of 20 games", played)
	}
	rows := s.Rows(results)
	if len(results) != 2 || len(rows) != 2 || rows[0].Value != "5" || rows[1].Result != results[1] || rows[0].Diff != nil || rows[1].Diff == nil {
		t.Fatalf("%d results, rows %+v", len(results), rows)
	}
	for i, r := range results {
		if r.Runs != 20 || r.FriendlyWins.Count+r.EnemyWins.Count != 20 || r.FriendlyLosses.Total() != r.EnemyWins.Count {
			t.Errorf("result %d: %d runs, %+v losses", i, r.Runs, r.FriendlyLosses)
		}
	}
	// Each value alone plays the games it played in the sweep.
	for i, turns := range []int{5, 7} {
		ms := s.World.Mission().Clone()
		ms.Turns = turns
		w, err := game.Prepare(ms, s.World.Map(), s.World.Tables())
		if err != nil {
			t.Fatal(err)
		}
		p, err := Prepare(w, "crossroads")
		if err != nil {
			t.Fatal(err)
		}
		alone, err := Run(p, Config{Runs: 20, Seed: 3, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(alone.FriendlyWins, results[i].FriendlyWins) || !reflect.DeepEqual(alone.EnemyExited, results[i].EnemyExited) {
			t.Errorf("turns=%d: alone %+v, in the sweep %+v", turns, alone.FriendlyWins, results[i].FriendlyWins)
		}
	}
	if _, err := s.Run(Config{Runs: 0}); err == nil {
		t.Error("no runs taken")
	}
	plain, err := OpenSweep(Inputs{Mission: "crossroads"}, nil)
	if err != nil || plain.Grid != nil || len(plain.Preps) != 1 || plain.Rows([]*Result{nil}) != nil {
		t.Fatalf("no sweep: %+v, %v", plain, err)
	}
}

// OpenRun reopens what the parts name, or what the player gives, and says
// which input differs from the shards'.
func TestOpenRun(t *testing.T) {
	t.Parallel()
	s, err := OpenSweep(Inputs{Mission: "crossroads"}, []string{"turns=5,7"})
	if err != nil {
		t.Fatal(err)
	}
	id := s.RunID("test", 1, 100, 2)
	if id.Vary != "turns=5,7" || id.Shards != 2 || id.MissionSHA256 == "" {
		t.Fatalf("run id %+v", id)
	}
	got, err := OpenRun("p.json", id, Inputs{})
	if err != nil {
		t.Fatal(err)
	}
	if again := got.RunID("test", 1, 100, 2); again != id || len(got.Preps) != 2 {
		t.Fatalf("reopened: %+v, want %+v", again, id)
	}
	changed := id
	changed.MissionSHA256 = "0123456789abcdef"
	otherPolicy := id
	otherPolicy.Policy = "player" // no engine plays it: a person does
	missing := id
	missing.Mission = "no-such-mission"
	for _, tt := range []struct {
		id    RunID
		given Inputs
		want  string
	}{
		{changed, Inputs{}, "p.json: the mission crossroads has changed since the shards read it (sha256 "},
		{id, Inputs{Mission: "wooded-hill"}, "p.json: the mission wooded-hill is not what the shards read"},
		{otherPolicy, Inputs{}, `p.json: sim: FRIENDLY policy "player": a simulation plays hold or attack`},
		{missing, Inputs{}, "(reading the mission, boards and tables of p.json; --mission, --boards and --tables read them from elsewhere)"},
	} {
		if _, err := OpenRun("p.json", tt.id, tt.given); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("OpenRun(%+v): %v, want %q", tt.given, err, tt.want)
		}
	}
}

// --vary policy.released=hold,actions (issue 40; actions since issue 54)
// plays the mission with each value of the tables' policy.released on the
// same seeds: the actions value (the built-in one) gives the run's own
// result game for game, the
// hold value that of a run on tables with hold laid over, and the two
// differ. A value or key the tables refuse is refused by name.
func TestIssue40_VaryTablesPolicy(t *testing.T) {
	t.Parallel()
	s, err := OpenSweep(Inputs{Mission: "crossroads", Policy: "attack"}, []string{"policy.released=hold,actions"})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Preps) != 2 || !s.Grid.Axes[0].Tables() {
		t.Fatalf("%d preps, tables %v", len(s.Preps), s.Grid.Axes[0].Tables())
	}
	for i, want := range []string{"hold", "actions"} {
		if got := s.Preps[i].W.Tables().Policy.Released.Value; got != want || s.Preps[i].Policy != "attack" {
			t.Errorf("prep %d: released %q, FRIENDLY %q, want %q, attack", i, got, s.Preps[i].Policy, want)
		}
	}
	c := Config{Runs: 30, Seed: 5, Workers: 2}
	results, err := s.Run(c)
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b *Result) bool { return reflect.DeepEqual(a, b) }
	own, err := Prepare(s.World, "crossroads")
	if err != nil {
		t.Fatal(err)
	}
	own.Policy = "attack"
	ownResult, err := Run(own, c)
	if err != nil {
		t.Fatal(err)
	}
	ownResult.Tally.OnlyHere, ownResult.Tally.OnlyPrev = results[1].Tally.OnlyHere, results[1].Tally.OnlyPrev // paired with hold in the sweep
	if !same(ownResult, results[1]) {
		t.Errorf("actions: %+v, the run's own: %+v", results[1].FriendlyWins, ownResult.FriendlyWins)
	}
	held := *own
	tb, err := s.World.Tables().Lay("policy", "released", "hold")
	if err != nil {
		t.Fatal(err)
	}
	w, err := game.Prepare(s.World.Mission(), s.World.Map(), tb)
	if err != nil {
		t.Fatal(err)
	}
	held.W = w
	alone, err := Run(&held, c)
	if err != nil {
		t.Fatal(err)
	}
	if !same(alone, results[0]) {
		t.Errorf("hold: %+v, a run on hold tables: %+v", results[0].FriendlyWins, alone.FriendlyWins)
	}
	if bytes.Equal(resultJSON(t, results[0]), resultJSON(t, results[1])) { // what the runs show, not what they count unseen
		t.Errorf("hold and actions gave the same result: %+v", results[1].FriendlyWins)
	}
	t.Logf("crossroads, attack, 60 games: hold %d FRIENDLY wins, actions %d", results[0].FriendlyWins.Count, results[1].FriendlyWins.Count)
	for _, c := range []struct{ vary, want string }{
		{"policy.released=hold,run", `"run" is not one of [actions advance hold]`},
		{"policy.relased=hold", `unknown policy value "relased"`},
		{"policy.advance_garrison=1,99", "advance_garrison"},
	} {
		if _, err := OpenSweep(Inputs{Mission: "crossroads"}, []string{c.vary}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("--vary %s: %v, want %q", c.vary, err, c.want)
		}
	}
}

// --vary attitude=maintain,advance (issue 54) plays the mission in each
// Prevailing Attitude (SASL 4.33, 6) on the same seeds, a row each, and
// the two differ; an Attitude without an Action table is refused, naming
// the ones there are.
func TestVaryAttitude_SASL6(t *testing.T) {
	t.Parallel()
	s, err := OpenSweep(Inputs{Mission: "crossroads", Policy: "attack"}, []string{"attitude=maintain,advance"})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"maintain", "advance"} {
		if got := s.Preps[i].W.Mission().Attitude; got != want {
			t.Errorf("prep %d: attitude %q, want %q", i, got, want)
		}
	}
	results, err := s.Run(Config{Runs: 20, Seed: 5, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	// What a run shows (its JSON), not what it counts unseen (Tally).
	if len(results) != 2 || bytes.Equal(resultJSON(t, results[0]), resultJSON(t, results[1])) {
		t.Errorf("maintain and advance: %d results, the same: %v", len(results), len(results) == 2)
	}
	if _, err := OpenSweep(Inputs{Mission: "crossroads"}, []string{"attitude=maintain,withdraw"}); err == nil || !strings.Contains(err.Error(), `no Action table for Attitude "withdraw" (the tables have [advance maintain]`) {
		t.Errorf("attitude=withdraw: %v", err)
	}
}
