package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// sasl sim: the same seed gives the same JSON for any --workers; the top
// level starts runs, seed, friendly_wins.
func TestSimJSONWorkers(t *testing.T) {
	t.Parallel()
	var first string
	for _, w := range []string{"1", "3"} {
		out := mustRun(t, "sim", "--runs", "30", "--seed", "3", "--workers", w, "--json")
		if first == "" {
			first = out
		} else if out != first {
			t.Fatal("--workers 3 gives other JSON than --workers 1")
		}
	}
	if !strings.HasPrefix(first, `{"runs":30,"seed":"3","friendly_wins":{"count":`) {
		t.Errorf("JSON starts %.80s", first)
	}
	var doc struct {
		FriendlyWins struct {
			Rate float64    `json:"rate"`
			CI   [2]float64 `json:"ci95"`
		} `json:"friendly_wins"`
		Heatmaps struct {
			Setup    []any   `json:"setup"`
			Presence [][]any `json:"presence_by_turn"`
		} `json:"heatmaps"`
	}
	if err := json.Unmarshal([]byte(first), &doc); err != nil {
		t.Fatal(err)
	}
	if fw := doc.FriendlyWins; fw.CI[0] > fw.Rate || fw.CI[1] < fw.Rate || len(doc.Heatmaps.Setup) == 0 || len(doc.Heatmaps.Presence) != 6 {
		t.Errorf("friendly_wins %+v, %d setup hexes, %d turns of presence", fw, len(doc.Heatmaps.Setup), len(doc.Heatmaps.Presence))
	}
}

// A replicate replays as an ordinary game: sasl play new --seed N, then
// play turn to the end, names the same winner.
func TestSimReplicateReplays(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, k := range []string{"0", "4", "9"} {
		var rep struct {
			Replicate int    `json:"replicate"`
			Seed      uint64 `json:"seed,string"`
			Winner    string `json:"winner"`
		}
		if err := json.Unmarshal([]byte(mustRun(t, "sim", "--seed", "5", "--replicate", k, "--json")), &rep); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "game"+k+".yaml")
		mustRun(t, "play", "new", "--policy", "hold", "--seed", strconv.FormatUint(rep.Seed, 10), "--save", file)
		last := ""
		for range 6 {
			last = mustRun(t, "play", "turn", file)
		}
		if !strings.Contains(last, "Winner: the "+strings.ToUpper(rep.Winner)+" side") {
			t.Errorf("replicate %s (seed %d, %s): the last turn says\n%s", k, rep.Seed, rep.Winner, last)
		}
		var show struct {
			Winner string `json:"winner"`
			Policy string `json:"policy"`
		}
		if err := json.Unmarshal([]byte(mustRun(t, "play", "show", file, "--json")), &show); err != nil {
			t.Fatal(err)
		}
		if show.Winner != rep.Winner || show.Policy != "hold" {
			t.Errorf("replicate %s: play show says winner %q policy %q, sim %q", k, show.Winner, show.Policy, rep.Winner)
		}
	}
}

func TestSimPicturesAndSweep(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	heat, hist, sweep := filepath.Join(dir, "heat.png"), filepath.Join(dir, "hist.svg"), filepath.Join(dir, "sweep.pdf")
	mustRun(t, "sim", "--runs", "20", "--seed", "1", "--png", heat, "--hist", hist)
	out := mustRun(t, "sim", "--runs", "20", "--seed", "1", "--vary", "turns=3,6", "--pdf", sweep)
	if !strings.Contains(out, "FRIENDLY win rate by turns (") {
		t.Errorf("no sweep table:\n%s", out)
	}
	for _, f := range []string{heat, hist, sweep} {
		if st, err := os.Stat(f); err != nil || st.Size() < 1000 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestSimErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--runs", "0"}, "--runs 0"},
		{[]string{"sim", "--runs", "99999999999999"}, "--runs"},
		{[]string{"sim", "--workers", "-1"}, "--workers"},
		{[]string{"sim", "--ci", "2"}, "--ci"},
		{[]string{"sim", "--vary", "garbage"}, "KEY=v1,v2"},
		{[]string{"sim", "--vary", "without=F99"}, "F99"},
		{[]string{"sim", "--heatmap", "x"}, "--heatmap"},
		{[]string{"sim", "--hist", "h.txt"}, ".txt"},
		{[]string{"sim", "--mission", "wooded-hill", "--replicate", "1", "--vary", "turns=2"}, "not both"},
		{[]string{"play", "new", "--save", "x.yaml", "--policy", "both"}, "--policy"},
	} {
		_, err := run(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("sasl %s: %v (want an error naming %s)", strings.Join(c.args, " "), err, c.want)
		}
	}
}

// Every seed sasl writes in JSON is a string of its decimal digits: a
// reader that holds JSON numbers as doubles (JavaScript) would round a
// 64-bit seed above 2^53, and the run it names would not replay. The
// largest seed comes back whole from sim, a replicate (its sim_seed),
// sasl place and sasl wave.
func TestSeedsInJSONAreStrings(t *testing.T) {
	t.Parallel()
	const big = "18446744073709551615"
	for _, c := range []struct {
		args  []string
		keys  []string
		given string // the key that holds the seed given
	}{
		{[]string{"sim", "--runs", "2", "--seed", big, "--json"}, []string{"seed"}, "seed"},
		{[]string{"sim", "--seed", big, "--replicate", "1", "--json"}, []string{"seed", "sim_seed"}, "sim_seed"},
		{[]string{"place", "--seed", big, "--json"}, []string{"seed"}, "seed"},
		{[]string{"wave", "--seed", big, "--turns", "1", "--json"}, []string{"seed"}, "seed"},
	} {
		out := mustRun(t, c.args...)
		var doc map[string]any
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		for _, k := range c.keys {
			s, ok := doc[k].(string)
			if !ok {
				t.Errorf("%v: %q is %T %v, not a string", c.args, k, doc[k], doc[k])
				continue
			}
			if _, err := strconv.ParseUint(s, 10, 64); err != nil {
				t.Errorf("%v: %q is %q: %v", c.args, k, s, err)
			}
		}
		if doc[c.given] != big {
			t.Errorf("%v: %q is %v, not the seed given, %s", c.args, c.given, doc[c.given], big)
		}
	}
}
