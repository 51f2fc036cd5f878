package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
)

// sasl sim status names each shard's state from the part and progress
// files alone: one done, one failed (a mission that is not there), one
// running (a process playing, seen through its progress file), one
// missing; exit status 3 until all are done. A long test: its done shard
// plays 10,000 games, so that the running one is seen playing.
func TestSimStatusStates(t *testing.T) {
	longrun.Skip(t)
	t.Parallel()
	dir := t.TempDir()
	out := dir + "/"
	mustRun(t, "sim", "--runs", "40000", "--seed", "5", "--shard", "0/4", "--out", out)
	if _, errs, code := runProcess(t, nil, "sim", "--runs", "40000", "--seed", "5", "--mission", filepath.Join(dir, "gone.yaml"), "--shard", "1/4", "--out", out); code != 1 {
		t.Fatalf("the failing shard: exit %d, %s", code, errs)
	}
	c, _, errs := saslProcess(t, nil, "sim", "--runs", "40000", "--seed", "5", "--shard", "2/4", "--out", out, "--workers", "1")
	defer c.Process.Kill()
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		if b, err := os.ReadFile(filepath.Join(dir, "part-2.progress")); err == nil && strings.Contains(string(b), `"done": `) && !strings.Contains(string(b), `"done": 0,`) {
			break
		}
		if time.Since(start) > 2*time.Minute {
			t.Fatalf("shard 2 wrote no progress in 2 minutes: %s", errs)
		}
	}
	text, errText, code := runProcess(t, nil, "sim", "status", dir)
	if code != 3 || errText != "" {
		t.Fatalf("status while shards are not done: exit %d, %q", code, errText)
	}
	for _, want := range []string{
		"seed 5, 40000 games, 4 shards; mission crossroads",
		"  shard 0: done, 10000 games (" + filepath.Join(dir, "part-0.json") + ")",
		"  shard 1: failed ",
		"gone.yaml",
		"  shard 2: running, ",
		" of 10000 games, last written ",
		"  shard 3: missing: nothing of it yet",
		"1 of 4 shards done.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("status has no %q:\n%s", want, text)
		}
	}
	js, _, code := runProcess(t, nil, "sim", "status", dir, "--json")
	var doc struct {
		Shards []struct{ State string }
		Done   int
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil || code != 3 {
		t.Fatalf("status --json: exit %d, %v\n%s", code, err, js)
	}
	var states []string
	for _, s := range doc.Shards {
		states = append(states, s.State)
	}
	if strings.Join(states, " ") != "done failed running missing" || doc.Done != 1 {
		t.Errorf("status --json: %v, %d done", states, doc.Done)
	}
	c.Process.Kill()
	c.Wait()
}

// A shard stopped by SIGINT (Ctrl-C) or SIGTERM (a pod evicted) says so
// in its progress file before it exits (130, 143), and sasl sim status
// calls it interrupted, by that signal, with the games it played: not
// running, as its last word before the signal said. One killed without a
// word (SIGKILL: the OOM killer) is gone, its process no longer on the
// host its progress names (issue 56 item 12).
func TestSimStatusInterrupted(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sig  os.Signal
		name string
		exit int
	}{{os.Interrupt, "SIGINT", 130}, {syscall.SIGTERM, "SIGTERM", 143}, {os.Kill, "SIGKILL", -1}} {
		dir := t.TempDir()
		p, _, errs := saslProcess(t, nil, "sim", "--runs", "4000000", "--seed", "5", "--shard", "0/2", "--out", dir+"/", "--workers", "1")
		for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
			if b, err := os.ReadFile(filepath.Join(dir, "part-0.progress")); err == nil && strings.Contains(string(b), `"games": 2000000`) {
				break
			}
			if time.Since(start) > 2*time.Minute {
				p.Process.Kill()
				t.Fatalf("the shard wrote no progress in 2 minutes: %s", errs)
			}
		}
		if err := p.Process.Signal(c.sig); err != nil {
			t.Fatal(err)
		}
		p.Wait()
		if code := p.ProcessState.ExitCode(); code != c.exit {
			t.Errorf("%s: exit %d, want %d (%s)", c.name, code, c.exit, errs)
		}
		text, _, code := runProcess(t, nil, "sim", "status", dir)
		said, state, why := "  shard 0: interrupted by "+c.name+" ", "interrupted", c.name
		if c.sig == os.Kill {
			said, state, why = "  shard 0: gone without a word ", "gone", ""
		}
		if code != 3 || !strings.Contains(text, said) || !strings.Contains(text, " of 2000000 games played") {
			t.Errorf("%s: status exit %d:\n%s", c.name, code, text)
		}
		js, _, _ := runProcess(t, nil, "sim", "status", dir, "--json")
		var doc struct {
			Shards []struct{ State, Error string }
		}
		if err := json.Unmarshal([]byte(js), &doc); err != nil || len(doc.Shards) != 2 || doc.Shards[0].State != state || doc.Shards[0].Error != why {
			t.Errorf("%s: status --json: %v\n%s", c.name, err, js)
		}
		if c.sig == os.Kill {
			continue // killed in the instant of writing, it may leave a temporary file (merge ignores it)
		}
		if tmp, _ := filepath.Glob(filepath.Join(dir, ".*")); len(tmp) > 0 {
			t.Errorf("%s: temporary files left: %v", c.name, tmp)
		}
	}
}

// sasl sim status of a run whose shards are all done: exit status 0 and
// the merge to run; files that are not a run's are refused, naming them.
func TestSimStatus(t *testing.T) {
	t.Parallel()
	small := t.TempDir()
	for _, s := range []string{"0/2", "1/2"} {
		mustRun(t, "sim", "--runs", "40", "--seed", "5", "--shard", s, "--out", small+"/")
	}
	if text, _, code := runProcess(t, nil, "sim", "status", small); code != 0 || !strings.Contains(text, "2 of 2 shards done. sasl sim merge") {
		t.Errorf("every shard done: exit %d\n%s", code, text)
	}

	// Files that are not a run's are refused, naming them.
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, "part-0.progress"), []byte(`{"format":"x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ folder, want string }{
		{bad, "part-0.progress: not a progress file of sasl sim"},
		{t.TempDir(), "no part-*.json or *.progress files"},
		{filepath.Join(small, "part-0.json"), "not a folder"},
	} {
		if _, errs, code := runProcess(t, nil, "sim", "status", c.folder); code != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("status %s: exit %d, %q; want %q", c.folder, code, errs, c.want)
		}
	}
}

// A progress file is read or refused, never a panic, whatever it holds.
