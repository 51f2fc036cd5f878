package sim

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// This file is where the shards of a run find their index and write their
// parts: the scheduler's index variables, the part files' paths.

// PartFiles are the files of the arguments: files, and the part-*.json
// files of folders.
func PartFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a, errors.Unwrap(err))
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		in := named(a, func(name string) bool { return strings.HasPrefix(name, "part-") && strings.HasSuffix(name, ".json") })
		if len(in) == 0 {
			return nil, fmt.Errorf("%s: a folder with no part-*.json files", a)
		}
		files = append(files, in...)
	}
	return files, nil
}

// named lists the files of folder dir whose names are as ok says, in
// order (no pattern: a folder's name may hold any character).
func named(dir string, ok func(name string) bool) []string {
	ents, _ := os.ReadDir(dir)
	var out []string
	for _, e := range ents {
		if ok(e.Name()) {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

// FolderOf checks that the folder to write path into exists.
func FolderOf(path, what string) error {
	if path == "" {
		return nil
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() {
		return fmt.Errorf("%s: no folder %s to write the %s into", path, filepath.Dir(path), what)
	}
	return nil
}

// ShardOf returns the shard a run plays: shard "i/n" (--shard), or of
// shards n (--shards, shardsSet) the index a scheduler set (the variables
// getenv reads: a Kubernetes Indexed Job's, a Slurm job array's, ...); 0
// of 1 for the whole run.
func ShardOf(shard string, shards int, shardsSet bool, getenv func(string) string) (i, n int, err error) {
	if shardsSet && (shards < 1 || shards > MaxShards) {
		return 0, 0, fmt.Errorf("--shards %d: want 1 to %d", shards, MaxShards)
	}
	if shard != "" {
		a, b, _ := strings.Cut(shard, "/")
		i, ok1 := whole(a)
		n, ok2 := whole(b)
		if !ok1 || !ok2 || n < 1 || n > MaxShards || i >= n {
			return 0, 0, fmt.Errorf("--shard %q: want i/n, 0 <= i < n <= %d (shard 0 of 4 is 0/4)", shard, MaxShards)
		}
		if shardsSet && shards != n {
			return 0, 0, fmt.Errorf("--shard %s and --shards %d disagree", shard, shards)
		}
		return i, n, nil
	}
	if !shardsSet {
		return 0, 1, nil
	}
	n = shards
	var from indexVar
	i = -1
	for _, v := range indexVars {
		env := getenv(v.name)
		if env == "" {
			continue
		}
		k, ok := whole(env)
		if !ok || k >= n {
			return 0, 0, fmt.Errorf("--shards %d: $%s is %q: want 0 to %d", n, v.name, env, n-1)
		}
		if i >= 0 && k != i {
			return 0, 0, fmt.Errorf("--shards %d: $%s (%s) is %d but $%s (%s) is %d: which shard?", n, from.name, from.who, i, v.name, v.who, k)
		}
		// The array's own size, where the scheduler gives it, must be n.
		for _, c := range v.checks {
			got := getenv(c.name)
			if got == "" {
				continue
			}
			if x, ok := whole(got); !ok || x != c.want(n) {
				return 0, 0, fmt.Errorf("--shards %d: $%s is %q, want %d: %s", n, c.name, got, c.want(n), v.fix(n))
			}
		}
		i, from = k, v
	}
	if i < 0 {
		return 0, 0, fmt.Errorf("--shards %d: which shard? none of %s is set (a scheduler's array task sets one); or give --shard i/%d", n, indexNames(), n)
	}
	return i, n, nil
}

// indexVar is a variable a scheduler sets to the index of an array task,
// with the variables of the array's size to check against --shards.
type indexVar struct {
	name, who string
	checks    []sizeVar
	fix       func(n int) string
}

type sizeVar struct {
	name string
	want func(n int) int
}

// indexVars are the variables that give a shard its index: a Kubernetes
// Indexed Job, a Slurm job array (0-based: --array=0-(n-1)), an AWS Batch
// array job, a Google Cloud Batch job. Two set at once must agree.
var indexVars = []indexVar{
	{name: "JOB_COMPLETION_INDEX", who: "a Kubernetes Indexed Job"},
	{name: "SLURM_ARRAY_TASK_ID", who: "a Slurm job array", checks: []sizeVar{
		{"SLURM_ARRAY_TASK_MIN", func(int) int { return 0 }},
		{"SLURM_ARRAY_TASK_MAX", func(n int) int { return n - 1 }},
		{"SLURM_ARRAY_TASK_COUNT", func(n int) int { return n }},
	}, fix: func(n int) string { return fmt.Sprintf("submit the array as sbatch --array=0-%d", n-1) }},
	{name: "AWS_BATCH_JOB_ARRAY_INDEX", who: "an AWS Batch array job"},
	{name: "BATCH_TASK_INDEX", who: "a Google Cloud Batch job", checks: []sizeVar{
		{"BATCH_TASK_COUNT", func(n int) int { return n }},
	}, fix: func(n int) string { return fmt.Sprintf("give the task group taskCount %d", n) }},
}

// IndexVariables are the names of every variable ShardOf reads: the
// index variables and those of the arrays' sizes.
func IndexVariables() []string {
	var out []string
	for _, v := range indexVars {
		out = append(out, v.name)
		for _, c := range v.checks {
			out = append(out, c.name)
		}
	}
	return out
}

// indexNames lists the index variables for a message: "$A, $B or $C".
func indexNames() string {
	var s []string
	for _, v := range indexVars {
		s = append(s, "$"+v.name)
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// whole reads a whole number written in digits alone ("+1", " 1" and
// "1.0" are not).
func whole(s string) (int, bool) {
	if s == "" || len(s) > 9 || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// EndsInSlash says --out names a folder to make if missing.
func EndsInSlash(out string) bool {
	return strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(os.PathSeparator))
}

// IsFolder says whether out names a folder: an existing one, or a name
// ending with a slash.
func IsFolder(out string) bool {
	if EndsInSlash(out) {
		return true
	}
	st, err := os.Stat(out)
	return err == nil && st.IsDir()
}

// CheckPartPath checks, before any game, that a part can be written at
// path: its folder exists and takes a file, and path is not a file of
// something else.
func CheckPartPath(path string) error {
	if err := FolderOf(path, "part"); err != nil {
		return err
	}
	probe, err := os.CreateTemp(filepath.Dir(path), ".sasl-probe-*")
	if err != nil {
		return fmt.Errorf("%s: cannot write the part into %s: %w", path, filepath.Dir(path), errors.Unwrap(err))
	}
	probe.Close()
	os.Remove(probe.Name())
	if fh, err := os.Open(path); err == nil {
		_, err := ReadPartHeader(fh, path)
		fh.Close()
		if err != nil {
			return fmt.Errorf("%s is there and is not a part file of sasl sim: not overwritten", path)
		}
	}
	return nil
}

// PartPath is where shard i of n writes its part: out, or a file named by
// the shard in out if out is a folder.
func PartPath(out string, i, n int) string {
	if IsFolder(out) {
		return filepath.Join(out, fmt.Sprintf("part-%0*d.json", len(strconv.Itoa(n-1)), i))
	}
	return out
}
