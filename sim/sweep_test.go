package sim

import (
	"strings"
	"testing"
)

func TestSweepRun(t *testing.T) {
	t.Parallel()
	s, err := OpenSweep(Inputs{Mission: "crossroads"}, "turns=5,7")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Preps) != 3 || s.Vary.String() != "turns=5,7" || s.Header.Mission != "crossroads" {
		t.Fatalf("%d preps, sweep %q, mission %q", len(s.Preps), s.Vary, s.Header.Mission)
	}
	results, err := s.Run(Config{Runs: 20, Seed: 3, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	rows := s.Rows(results)
	if len(results) != 3 || len(rows) != 2 || rows[0].Value != "5" || rows[1].Result != results[2] {
		t.Fatalf("%d results, rows %+v", len(results), rows)
	}
	for i, r := range results {
		if r.Runs != 20 || r.FriendlyWins.Count+r.EnemyWins.Count != 20 {
			t.Errorf("result %d: %d runs", i, r.Runs)
		}
	}
	if _, err := s.Run(Config{Runs: 0}); err == nil {
		t.Error("no runs taken")
	}
	plain, err := OpenSweep(Inputs{Mission: "crossroads"}, "")
	if err != nil || plain.Vary != nil || plain.Rows([]*Result{nil}) != nil {
		t.Fatalf("no sweep: %+v, %v", plain, err)
	}
}

// OpenRun reopens what the parts name, or what the player gives, and says
// which input differs from the shards'.
func TestOpenRun(t *testing.T) {
	t.Parallel()
	s, err := OpenSweep(Inputs{Mission: "crossroads"}, "turns=5,7")
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
	if again := got.RunID("test", 1, 100, 2); again != id || len(got.Preps) != 3 {
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
