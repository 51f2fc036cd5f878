package sim

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/game"
)

// sweep prepares crossroads and its sweep over the number of turns (so
// that the tallies of the values differ in shape).
func sweep(t testing.TB) ([]*Prepared, string) {
	t.Helper()
	const vary = "turns=5,7"
	s, err := OpenSweep(Inputs{Mission: "crossroads"}, []string{vary})
	if err != nil {
		t.Fatal(err)
	}
	return s.Preps, vary
}

func runID(t testing.TB, p *Prepared, seed uint64, runs int64, vary string, shards int) RunID {
	t.Helper()
	_, hdr, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	return newRunID(p.W, hdr, "test", seed, runs, vary, shards)
}

// shardPart plays shard i of id for every prepared mission and returns
// the part file.
func shardPart(t testing.TB, preps []*Prepared, id RunID, i int) []byte {
	t.Helper()
	// The mission and every value of the sweep together, as sasl sim
	// plays them: replicate k of each by one worker, paired.
	rs, err := runAll(preps, Config{Runs: int(id.Runs), Seed: id.Seed, Workers: 2, Shard: i, Shards: id.Shards})
	if err != nil {
		t.Fatal(err)
	}
	var tallies []*Tally
	for _, r := range rs {
		tallies = append(tallies, r.Tally)
	}
	var buf bytes.Buffer
	if _, err := NewPart(id, i, tallies).WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func merge(preps []*Prepared, id RunID, parts map[string][]byte) ([]*Result, error) {
	var hs []PartHeader
	var names []string
	for _, name := range slices.Sorted(maps.Keys(parts)) {
		h, err := ReadPartHeader(bytes.NewReader(parts[name]), name)
		if err != nil {
			return nil, err
		}
		hs, names = append(hs, h), append(names, name)
	}
	order, err := Order(hs)
	if err != nil {
		return nil, err
	}
	m := NewMerger(id, preps)
	for _, i := range order {
		if err := m.Add(bytes.NewReader(parts[names[i]]), names[i]); err != nil {
			return nil, err
		}
	}
	return m.Results()
}

// Shards of a run, and of a sweep whose values change the tallies' shape,
// written as part files and merged in any order, are the unsharded run
// byte for byte.
func TestShardsMergeToTheWholeRun(t *testing.T) {
	t.Parallel()
	preps, vary := sweep(t)
	const runs, seed, shards = 90, 11, 4
	id := runID(t, preps[0], seed, runs, vary, shards)
	parts := map[string][]byte{}
	for i := range shards {
		parts[fmt.Sprintf("part-%d.json", i)] = shardPart(t, preps, id, i)
	}
	got, err := merge(preps, id, parts)
	if err != nil {
		t.Fatal(err)
	}
	wholes, err := runAll(preps, Config{Runs: runs, Seed: seed, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i, whole := range wholes {
		if a, b := resultJSON(t, got[i]), resultJSON(t, whole); !bytes.Equal(a, b) {
			t.Errorf("tally %d: merged shards differ from the whole run:\n%s\n%s", i, a, b)
		}
	}

	// Broken sets of parts: each error names the file or the shards.
	other := runID(t, preps[0], seed+1, runs, vary, shards)
	foreign := shardPart(t, preps, other, 2)
	without := func(drop string, add map[string][]byte) map[string][]byte {
		out := map[string][]byte{}
		for k, v := range parts {
			if k != drop {
				out[k] = v
			}
		}
		for k, v := range add {
			out[k] = v
		}
		return out
	}
	for _, c := range []struct {
		name  string
		parts map[string][]byte
		want  string
	}{
		{"missing", without("part-2.json", nil), "1 of 4 shards missing: shard 2"},
		{"twice", without("", map[string][]byte{"copy.json": parts["part-1.json"]}), "are both shard 1 of 4"},
		{"foreign", without("part-2.json", map[string][]byte{"part-2.json": foreign}), "part-2.json is a part of another run than part-0.json: seed 12, not 11"},
		{"cut short", without("part-3.json", map[string][]byte{"part-3.json": parts["part-3.json"][:len(parts["part-3.json"])/2]}), "part-3.json: cut short"},
		{"empty", without("part-3.json", map[string][]byte{"part-3.json": nil}), "part-3.json: empty"},
		{"not json", without("part-3.json", map[string][]byte{"part-3.json": []byte("shard: 3\n")}), "part-3.json: byte"},
	} {
		_, err := merge(preps, id, c.parts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// A part whose header is right but whose tallies were changed is refused,
// naming the file and what is wrong, and nothing of it is added.
func TestPartTampered(t *testing.T) {
	t.Parallel()
	p := prepared(t, "crossroads")
	const runs, shards = 40, 2
	id := runID(t, p, 3, runs, "", shards)
	good := string(shardPart(t, []*Prepared{p}, id, 0))
	wins := regexp.MustCompile(`"runs":20,"friendly_wins":\d+`).FindString(good)
	n, _ := strconv.Atoi(wins[len(`"runs":20,"friendly_wins":`):])
	losses := regexp.MustCompile(`"friendly_losses":\[\d+,\d+,\d+\]`).FindString(good)
	// One win more or one less, of 20, and as many losses on exits less
	// or more: counts that add up.
	var lost [3]int
	fmt.Sscanf(losses, `"friendly_losses":[%d,%d,%d]`, &lost[0], &lost[1], &lost[2])
	i := slices.Index(lost[:], slices.Max(lost[:]))
	lost[i] -= n ^ 1 - n
	plausible := fmt.Sprintf(`"runs":20,"friendly_wins":%d,"friendly_losses":[%d,%d,%d]`, n^1, lost[0], lost[1], lost[2])
	wins += "," + losses
	for _, c := range []struct{ from, to, want string }{
		{`"friendly_wins":`, `"friendly_wins":999,"x":`, "unknown field"},
		{`"runs":20,"friendly_wins":`, `"runs":21,"friendly_wins":`, "21 games, not the block's 20"},
		{`"setup":[[`, `"setup":[[99999999,1],[`, "off the map"},
		{`"setup":[[`, `"setup":[[0,-1],[`, "count -1"},
		{`"first_fbe":{"counts":[`, `"first_fbe":{"counts":[7,`, "first_fbe"},
		{`"replicates":[0,20]`, `"replicates":[0,21]`, "shard 0 of 2 plays 0 to 20"},
		{`"format":"sasl-sim-part/3"`, `"format":"sasl-sim-part/9"`, "this sasl reads"},
		{`"format":"sasl-sim-part/3"`, `"format":"sasl-sim-part/2"`, "this sasl reads"},
		{losses, `"friendly_losses":[0,0,0]`, "games lost, not the"},
		{losses, `"friendly_losses":[-1,0,21]`, "friendly_losses [-1 0 21]"},
		{`"paired_with_previous":[0,0]`, `"paired_with_previous":[0,99]`, "paired_with_previous [0 99]"},
		{`"paired_with_previous":[0,0]`, `"paired_with_previous":[0,1]`, "paired with a tally before it"},
		{`"shard":0`, `"shard":5`, "shard 5 of 2: want 0 to 1"},
		{`]}` + "\n", `]}{}`, "more after the part"},
		{`"tallies":[`, `"extra":1,"tallies":[`, `unknown key "extra"`},
		{`"replicates":[0,20]`, `"replicates":[0,20,40]`, "want a pair of whole numbers"},
		{`"setup":[[`, `"setup":[[1e3,1],[`, "want a pair of whole numbers"},
		{`"setup":[[`, `"setup":[[9223372036854775808,1],[`, "want a pair of whole numbers"},
		// Edits the counts allow: the checksum finds them.
		{wins, plausible, "not what the shard wrote"},
		{wins, wins + `,"friendly_wins":` + plausible[len(`"runs":20,"friendly_wins":`):], "not what the shard wrote"},
		{`"tallies_sha256":"`, `"tallies_sha256":"0`, "not what the shard wrote"},
	} {
		bad := strings.Replace(good, c.from, c.to, 1)
		if bad == good {
			t.Fatalf("%q is not in the part", c.from)
		}
		m := NewMerger(id, []*Prepared{p})
		err := m.Add(strings.NewReader(bad), "p.json")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "p.json: ") {
			t.Errorf("%s -> %s: %v, want an error naming p.json with %q", c.from, c.to, err, c.want)
		}
		if m.totals[0].Runs != 0 {
			t.Errorf("%s: a refused part was added", c.to)
		}
	}
	// A part longer than any of this mission can be is refused before its
	// decoding takes memory: here rows of empty heatmaps.
	huge := strings.Replace(good, `"presence_by_turn":[`, `"presence_by_turn":[`+strings.Repeat("[],", 2_000_000), 1)
	if err := NewMerger(id, []*Prepared{p}).Add(strings.NewReader(huge), "huge"); err == nil || !strings.Contains(err.Error(), "larger than a part file of this mission can be") {
		t.Errorf("a 6 MB part of empty rows: %v", err)
	}
	// An endless file stops at the bound.
	endless := io.MultiReader(strings.NewReader(`{"format":"`+PartFormat+`","run":`), &spaces{})
	if _, err := ReadPartHeader(endless, "zero"); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("an endless part: %v", err)
	}
}

type spaces struct{}

func (spaces) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = ' '
	}
	return len(b), nil
}

// The blocks of shards cover every replicate once and differ in size by
// at most one game.
func TestBlocks(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		runs := 1 + rng.Int64N(1<<40)
		if rng.IntN(2) == 0 {
			runs = 1 + rng.Int64N(100)
		}
		n := 1 + rng.IntN(int(min(runs, MaxShards)))
		next := int64(0)
		lo, hi := runs, int64(0)
		for i := range n {
			from, to := Block(runs, i, n)
			if from != next || to <= from {
				t.Fatalf("%d games in %d shards: shard %d is %d to %d after %d", runs, n, i, from, to, next)
			}
			lo, hi, next = min(lo, to-from), max(hi, to-from), to
			if n > 50 && i == 2 {
				from, to = Block(runs, n-1, n)
				lo, hi, next = min(lo, to-from), max(hi, to-from), to
				break
			}
		}
		if next != runs || hi-lo > 1 {
			t.Fatalf("%d games in %d shards: end %d, sizes %d to %d", runs, n, next, lo, hi)
		}
	}
}

func TestShardRefused(t *testing.T) {
	t.Parallel()
	p := prepared(t, "crossroads")
	for _, cfg := range []Config{{Runs: 10, Shard: 3, Shards: 3}, {Runs: 10, Shard: -1, Shards: 2}, {Runs: 3, Shards: 4},
		{Runs: 10, Shards: MaxShards + 1}, {Runs: 100, Shards: 2, CI: 0.1}} {
		if _, err := Run(p, cfg); err == nil {
			t.Errorf("%+v taken", cfg)
		}
	}
}

func FuzzPart(f *testing.F) {
	p := prepared(f, "crossroads")
	id := runID(f, p, 1, 6, "", 2)
	good := shardPart(f, []*Prepared{p}, id, 1)
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add([]byte(`{"format":"sasl-sim-part/1","run":{},"shard":0,"replicates":[0,1],"tallies":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := ReadPartHeader(bytes.NewReader(data), "f"); err != nil && !strings.HasPrefix(err.Error(), "f: ") {
			t.Fatalf("error without the file's name: %v", err)
		}
		m := NewMerger(id, []*Prepared{p})
		if err := m.Add(bytes.NewReader(data), "f"); err == nil {
			if _, err := m.Results(); err == nil {
				t.Fatal("one shard of two gave results")
			}
		}
	})
}

// BenchmarkMerge1000 reads, checks and adds 1,000 part files of a
// 1,000-shard run of crossroads, each the tally of 50 games (from memory:
// the cost of sasl sim merge without the disk).
func BenchmarkMerge1000(b *testing.B) {
	p := prepared(b, "crossroads")
	const shards, per = 1000, 50
	id := runID(b, p, 1, shards*per, "", shards)
	r, err := Run(p, Config{Runs: per, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	parts := make([][]byte, shards)
	size := 0
	for i := range parts {
		var buf bytes.Buffer
		if _, err := NewPart(id, i, []*Tally{r.Tally}).WriteTo(&buf); err != nil {
			b.Fatal(err)
		}
		parts[i] = buf.Bytes()
		size += buf.Len()
	}
	b.ReportAllocs()
	b.SetBytes(int64(size))
	for b.Loop() {
		hs := make([]PartHeader, shards)
		for i, data := range parts {
			if hs[i], err = ReadPartHeader(bytes.NewReader(data), "p"); err != nil {
				b.Fatal(err)
			}
		}
		order, err := Order(hs)
		if err != nil {
			b.Fatal(err)
		}
		m := NewMerger(id, []*Prepared{p})
		for _, i := range order {
			if err := m.Add(bytes.NewReader(parts[i]), "p"); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := m.Results(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPairIsStrict(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]pair{"[1,2]": {1, 2}, " [ -3 ,\n4 ] ": {-3, 4}, "[0,9223372036854775]": {0, 9223372036854775}} {
		var p pair
		if err := p.UnmarshalJSON([]byte(in)); err != nil || p != want {
			t.Errorf("%q: %v %v", in, p, err)
		}
	}
	for _, in := range []string{"[1,2,3]", "[1]", "[1.0,2]", "[1e3,2]", "[+1,2]", "[,2]", "[1,2]x", "null", "[]", "[1,-]", "[99999999999999999999,1]", "[1 2]"} {
		var p pair
		if err := p.UnmarshalJSON([]byte(in)); err == nil {
			t.Errorf("%q taken as %v", in, p)
		}
	}
}
