package sim

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestShardFlags(t *testing.T) {
	t.Parallel()
	env := func(v string) func(string) string {
		return func(name string) string {
			if name == "JOB_COMPLETION_INDEX" {
				return v
			}
			return ""
		}
	}
	for _, c := range []struct {
		shard  string
		shards int
		env    string
		i, n   int
		err    string
	}{
		{"", -1, "", 0, 1, ""},
		{"", -1, "5", 0, 1, ""}, // no --shards: the variable is not read
		{"", 0, "0", 0, 0, "--shards 0: want 1 to"},
		{"+1/3", -1, "", 0, 0, "want i/n"},
		{" 1/3", -1, "", 0, 0, "want i/n"},
		{"1/3/4", -1, "", 0, 0, "want i/n"},
		{"", 3, "+1", 0, 0, `is "+1"`},
		{"", 3, " 1", 0, 0, `is " 1"`},
		{"", 3, "1.0", 0, 0, `is "1.0"`},
		{"2/5", -1, "", 2, 5, ""},
		{"2/5", 5, "4", 2, 5, ""},
		{"", 4, "3", 3, 4, ""},
		{"", 4, "", 0, 0, "none of $JOB_COMPLETION_INDEX, $SLURM_ARRAY_TASK_ID, $AWS_BATCH_JOB_ARRAY_INDEX or $BATCH_TASK_INDEX is set"},
		{"", 4, "4", 0, 0, `$JOB_COMPLETION_INDEX is "4": want 0 to 3`},
		{"", 4, "x", 0, 0, `is "x"`},
		{"5/5", -1, "", 0, 0, "want i/n"},
		{"-1/5", -1, "", 0, 0, "want i/n"},
		{"1/0", -1, "", 0, 0, "want i/n"},
		{"1", -1, "", 0, 0, "want i/n"},
		{"1/99999999", -1, "", 0, 0, "want i/n"},
		{"1/4", 5, "", 0, 0, "disagree"},
		{"", 0, "1", 0, 0, "--shards 0"},
	} {
		i, n, err := ShardOf(c.shard, max(c.shards, 0), c.shards >= 0, env(c.env)) // -1: no --shards
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("--shard %q --shards %d $=%q: %v, want %q", c.shard, c.shards, c.env, err, c.err)
			}
			continue
		}
		if err != nil || i != c.i || n != c.n {
			t.Errorf("--shard %q --shards %d $=%q: %d/%d %v, want %d/%d", c.shard, c.shards, c.env, i, n, err, c.i, c.n)
		}
	}
}

// A folder of parts may have any name: pattern characters in it are
// characters.
func TestPartFilesInAnyFolder(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "run [1]*?")
	os.Mkdir(dir, 0o755)
	for _, n := range []string{"part-0.json", "part-1.json", "part-0.progress", "notes.json"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	got, err := PartFiles([]string{dir})
	if err != nil || len(got) != 2 || filepath.Base(got[0]) != "part-0.json" || filepath.Base(got[1]) != "part-1.json" {
		t.Errorf("PartFiles: %v %v", got, err)
	}
}
