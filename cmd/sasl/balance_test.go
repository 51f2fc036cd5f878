package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
)

// wave is a FRIENDLY strength key of the sweep tests: 6-6-7 squads added
// to the wooded hill's attackers along its south edge, ten Locations
// filled in turn (30 squads at most, three a Location: ASL A5.1).
const wave = "friendly.add.6-6-7@x2C10+x2E10+x2G10+x2P10+x2R10+x2W10+x2Y10+x2AA10+x2CC10+x2H10"

// sasl sim --vary mended (issue 51): one run a value (no run of the
// mission as it is first), why each game was lost, the paired change
// from the value before, --csv, two --vary as a grid, and an error of a
// value named by the value.
func TestSimSweepMended_Issue51(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "sweep.csv")
	var doc struct {
		Runs         int            `json:"runs"`
		FriendlyWins map[string]any `json:"friendly_wins"`
		Sweep        struct {
			Keys []string `json:"keys"`
			Rows []struct {
				Value  string   `json:"value"`
				Values []string `json:"values"`
				Runs   int      `json:"runs"`
				Wins   struct {
					Count int `json:"count"`
				} `json:"friendly_wins"`
				Losses struct{ VPO, Exits, Both int } `json:"friendly_losses"`
				Diff   *struct {
					Diff float64    `json:"diff"`
					CI95 [2]float64 `json:"ci95"`
				} `json:"diff_from_previous"`
			} `json:"rows"`
		} `json:"sweep"`
	}
	out := mustRun(t, "sim", "--mission", "wooded-hill", "--policy", "attack", "--runs", "30", "--seed", "4", "--vary", "entry.1.count=1,8", "--json", "--csv", file)
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	rows := doc.Sweep.Rows
	if doc.FriendlyWins != nil || len(rows) != 2 || doc.Sweep.Keys[0] != "entry.1.count" || rows[0].Diff != nil || rows[1].Diff == nil {
		t.Fatalf("a top-level result %v, %d rows: %+v", doc.FriendlyWins, len(rows), doc.Sweep)
	}
	for _, r := range rows {
		if r.Runs != 30 || r.Losses.VPO+r.Losses.Exits+r.Losses.Both != 30-r.Wins.Count {
			t.Errorf("value %s: %d games, %d won, lost %+v", r.Value, r.Runs, r.Wins.Count, r.Losses)
		}
	}
	if d := rows[1].Diff; math.Abs(d.Diff-float64(rows[1].Wins.Count-rows[0].Wins.Count)/30) > 1e-9 || d.CI95[0] > d.Diff || d.CI95[1] < d.Diff {
		t.Errorf("diff %+v", d)
	}
	recs, err := csv.NewReader(strings.NewReader(string(mustRead(t, file)))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[0][0] != "entry.1.count" || recs[0][1] != "games" || recs[1][0] != "1" || recs[2][0] != "8" || recs[1][7] != "" || recs[2][7] == "" || recs[2][2] != strconv.Itoa(rows[1].Wins.Count) {
		t.Errorf("CSV %q", recs)
	}
	// Two --vary: a grid, each cell paired with the one before in the
	// last key.
	text := mustRun(t, "sim", "--runs", "20", "--seed", "4", "--vary", "turns=5,6", "--vary", "entry.1.count=2,5")
	for _, want := range []string{"FRIENDLY win rate by turns and entry.1.count (", "  turns,entry.1.count ", "\n  5,2 ", "\n  5,5 ", "\n  6,2 ", "\n  6,5 ", "lost on: VPO exits  both"} {
		if !strings.Contains(text, want) {
			t.Errorf("grid: no %q in\n%s", want, text)
		}
	}
	// The plain run says why the FRIENDLY side lost: every game it did not
	// win, split into VPO, exits and both (the balanced crossroads, seed 4,
	// wins some and loses on each).
	text = mustRun(t, "sim", "--runs", "20", "--seed", "4")
	var won, lost, vpo, exits, both int
	i, j := strings.Index(text, "FRIENDLY wins: "), strings.Index(text, "FRIENDLY losses: ")
	if i < 0 || j < 0 {
		t.Fatalf("no wins or no losses in\n%s", text)
	}
	if _, err := fmt.Sscanf(text[i:], "FRIENDLY wins: %d of 20", &won); err != nil {
		t.Fatalf("wins: %v in\n%s", err, text)
	}
	if _, err := fmt.Sscanf(text[j:], "FRIENDLY losses: %d: on a VPO the ENEMY Controls %d, on ENEMY exits %d, on both %d", &lost, &vpo, &exits, &both); err != nil || lost != 20-won || vpo+exits+both != lost || lost == 0 || vpo == 0 || exits == 0 {
		t.Errorf("%d won, losses %d = %d VPO + %d exits + %d both (%v) in\n%s", won, lost, vpo, exits, both, err, text)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--vary", "turns=5,6", "--vary", "turns=4"}, "--vary turns twice"},
		{[]string{"--vary", "turns=6,7,8,9,10,11,12,13,14,15,16", "--vary", "entry.1.count=1,2,3,4,5,6,7,8,9,10"}, "a grid of 110 cells, at most 100"},
		{[]string{"--mission", "wooded-hill", "--vary", wave + "=0,31"}, "sim: --vary " + wave + "=31: sim: demo/wooded-hill.yaml: the mission cannot start: "},
		{[]string{"--vary", "turns=5,6", "--hist", filepath.Join(dir, "h.svg")}, "--hist draws the games of one mission"},
		{[]string{"--vary", "friendly.add.6-6-7=1"}, "want friendly.add.TYPE@LOC"},
	} {
		_, err := run(t, append([]string{"sim", "--runs", "10", "--seed", "1"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("sasl sim %s: %v, want %q", strings.Join(c.args, " "), err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "replicate 0") {
			t.Errorf("sasl sim %s: %v names a game, not the value", strings.Join(c.args, " "), err)
		}
	}
	// A mission that cannot start is named as such, not as its first game.
	bad := filepath.Join(dir, "bad.yaml")
	data := strings.Replace(string(mustRead(t, "../../missions/demo/crossroads.yaml")), "at: x1K2", "at: x1Q5", 1)
	data = strings.Replace(data, "at: x1Y2", "at: x1Q5", 1)
	data = strings.Replace(data, "at: x1CC8", "at: x1Q5", 1)
	if err := os.WriteFile(bad, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := run(t, "sim", "--mission", bad, "--runs", "5", "--seed", "1"); err == nil || !strings.Contains(err.Error(), "the mission cannot start") || strings.Contains(err.Error(), "replicate") {
		t.Errorf("an overstacked mission: %v", err)
	}
}

// sasl sim --balance (issue 51): its flags' errors, and a range whose rate
// does not cross the target is an error naming the rates at both ends,
// after the values it played.
func TestSimBalanceErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--balance", "turns=3-6"}, "want LO..HI"},
		{[]string{"--balance", "turns=6..3"}, "want LO below HI"},
		{[]string{"--balance", "turns=0..6"}, "the key takes 1 to 99"},
		{[]string{"--balance", "turns"}, "want KEY=LO..HI"},
		{[]string{"--balance", "policy=1..2"}, "a balance search varies a whole number"},
		{[]string{"--balance", "without=1..2"}, "a balance search varies a whole number"},
		{[]string{"--balance", "nonsense=1..2"}, "unknown key"},
		{[]string{"--balance", "turns=3..6", "--vary", "turns=4"}, "not both"},
		{[]string{"--balance", "turns=3..6", "--ci", "0.01"}, "not with --ci"},
		{[]string{"--balance", "turns=3..6", "--shard", "0/2", "--out", "x/"}, "cannot be split into shards"},
		{[]string{"--balance", "turns=3..6", "--target", "1"}, "--target 1"},
		{[]string{"--balance", "turns=1..6"}, "--balance turns=1: an entry on turn 3 of a 1-turn mission"},
		{[]string{"--balance", "combat.ffmo=-9..9"}, "combat.ffmo"},
		// The balanced crossroads (issue 51) under the hold policy, since
		// the ENEMY takes SASL 6's Action checks (issue 54): above 50% with
		// one to three S? in its first entry (20 games of seed 1).
		{[]string{"--balance", "entry.1.count=1..3"}, "the FRIENDLY win rate stays above 50.0% on entry.1.count=1..3: 65.0% at 1, 65.0% at 3"},
	} {
		out, err := run(t, append([]string{"sim", "--runs", "20", "--seed", "1"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("sasl sim %s: %v, want %q", strings.Join(c.args, " "), err, c.want)
		}
		if strings.Contains(c.want, "stays above") && (!strings.Contains(out, "\n  1 ") || !strings.Contains(out, "\n  3 ")) {
			t.Errorf("no crossing: the values played are not shown:\n%s", out)
		}
	}
}

// sasl sim --balance on the crossroads' first entry (1 to 20 S?: the
// FRIENDLY rate falls through 50% between about 5 and 12; at 30 games a
// value of seed 1 the search names 7, 46.7%, the crossing within 4-12.3):
// it names a value with its rate and interval, the curve of the values it
// played, the same seeds at each, and draws it; its JSON has the answer.
// (The wooded hill's curve, flatter since the ENEMY takes SASL 6's Action
// checks, leaves the crossing anywhere in 1..20 at 30 games a value. So,
// since an S? Activated outside a Human Wave stops, SASL 4.34, does the
// crossroads' at some seeds: 2 and 3 of seeds 1-5, at 30 and at 60 games
// a value; seed 2 was this test's before.)
func TestSimBalance(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	png, file := filepath.Join(dir, "b.png"), filepath.Join(dir, "b.csv")
	out := mustRun(t, "sim", "--mission", "crossroads", "--policy", "attack", "--runs", "30", "--seed", "1", "--balance", "entry.1.count=1..20", "--json", "--png", png, "--csv", file)
	var doc struct {
		Balance struct {
			Key      string     `json:"key"`
			Value    int        `json:"value"`
			Rate     float64    `json:"rate"`
			CI95     [2]float64 `json:"ci95"`
			Crossing float64    `json:"crossing"`
			Crosses  bool       `json:"crosses"`
			Hit      bool       `json:"hit"`
			RateCI   [2]float64 `json:"rate_ci95"`
			Curve    []struct {
				Value int `json:"value"`
				Runs  int `json:"runs"`
			} `json:"curve"`
		} `json:"balance"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	b := doc.Balance
	// The value named holds the target in its rate's interval, and the
	// crossing's interval is narrower than the range searched: a search
	// that found nothing would answer with the whole range.
	if !b.Hit || b.RateCI[0] > 0.5 || b.RateCI[1] < 0.5 || b.CI95[1]-b.CI95[0] >= 19 {
		t.Errorf("balance found no value at 50%%: %+v", b)
	}
	if b.Key != "entry.1.count" || !b.Crosses || b.Value < 1 || b.Value > 20 || !(b.CI95[0] <= b.Crossing && b.Crossing <= b.CI95[1]) || len(b.Curve) < 4 || b.Curve[0].Value != 1 || b.Curve[len(b.Curve)-1].Value != 20 {
		t.Fatalf("balance %+v", b)
	}
	recs, err := csv.NewReader(strings.NewReader(string(mustRead(t, file)))).ReadAll()
	if err != nil || len(recs) != len(b.Curve)+1 || recs[0][len(recs[0])-1] != "fitted_rate" {
		t.Errorf("CSV %q: %v", recs, err)
	}
	if st, err := os.Stat(png); err != nil || st.Size() < 5000 {
		t.Errorf("picture: %v", err)
	}
}

// The check of issue 51: sasl sim --balance on a mission whose FRIENDLY
// win rate falls through 50% on the range (the wooded hill, attacked, with
// 1 to 30 S? in its first entry: about 73% at 1, 5% at 30 since the
// rebalance of issue 51) names a value whose rate, played again with other
// seeds over 2,000 games, is within 40% to 60% (the values about 5 to 10;
// a value near either end would fail). About 10 s: not with -short.
func TestSimBalanceReplays_Issue51(t *testing.T) {
	if !longrun.Enabled() {
		t.Skip("plays about 7,000 games")
	}
	t.Parallel()
	const key = "entry.1.count"
	out := mustRun(t, "sim", "--mission", "wooded-hill", "--policy", "attack", "--runs", "600", "--seed", "3", "--balance", key+"=1..30", "--json")
	var doc struct {
		Balance struct {
			Value   int     `json:"value"`
			Rate    float64 `json:"rate"`
			Crosses bool    `json:"crosses"`
		} `json:"balance"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if !doc.Balance.Crosses {
		t.Fatalf("%s=1..30 does not cross 50%%:\n%s", key, out)
	}
	v := strconv.Itoa(doc.Balance.Value)
	again := mustRun(t, "sim", "--mission", "wooded-hill", "--policy", "attack", "--runs", "2000", "--seed", "1051", "--vary", key+"="+v, "--json")
	var rep struct {
		Sweep struct {
			Rows []struct {
				Wins struct {
					Rate float64    `json:"rate"`
					CI95 [2]float64 `json:"ci95"`
				} `json:"friendly_wins"`
			} `json:"rows"`
		} `json:"sweep"`
	}
	if err := json.Unmarshal([]byte(again), &rep); err != nil {
		t.Fatal(err)
	}
	r := rep.Sweep.Rows[0].Wins
	t.Logf("--balance named %s=%s (%.1f%% on its 600 games); 2,000 games of seed 1051 give %.1f%% (95%% CI %.1f%% to %.1f%%)", key, v, 100*doc.Balance.Rate, 100*r.Rate, 100*r.CI95[0], 100*r.CI95[1])
	if r.Rate < 0.40 || r.Rate > 0.60 {
		t.Errorf("%s=%s: %.3f over 2,000 other games, want 0.40 to 0.60", key, v, r.Rate)
	}
}
