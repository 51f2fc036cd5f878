package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/world"
)

// The lines of sight a sasl sim traces are kept beside the boards cache
// (issue 55): a run writes its world's sight file; the next run of the
// same world reads it, plays the same games (the same output, byte for
// byte) and, tracing nothing new, leaves it as it is; a damaged file is
// ignored and written again; SASL_CACHE=off keeps none.
func TestSightCacheKeepsLines(t *testing.T) {
	t.Parallel()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cache, home := t.TempDir(), t.TempDir()
	run := func(cacheDir string) []byte {
		t.Helper()
		cmd := exec.Command(self, "sim", "--runs", "10", "--seed", "3", "--workers", "1", "--json")
		cmd.Env = []string{"SASL_TEST_MAIN=1", "HOME=" + home, "USERPROFILE=" + home, "SASL_CACHE=" + cacheDir, "PATH=" + os.Getenv("PATH")}
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("sasl sim: %v\n%s", err, errb.String())
		}
		return out.Bytes()
	}
	files := func() []string {
		f, _ := filepath.Glob(filepath.Join(cache, "sight", "*.sight"))
		return f
	}
	first := run(cache)
	fs := files()
	if len(fs) != 1 {
		t.Fatalf("sight files after a run: %v", fs)
	}
	st1, _ := os.Stat(fs[0])
	data, _ := os.ReadFile(fs[0])
	if again := run(cache); !bytes.Equal(again, first) {
		t.Errorf("the run with the sight file read differs from the first")
	}
	if st2, _ := os.Stat(fs[0]); !st2.ModTime().Equal(st1.ModTime()) || st2.Size() != st1.Size() {
		t.Errorf("a run that traced nothing new wrote the sight file again")
	}
	bad := bytes.Clone(data)
	bad[len(bad)/2] ^= 1
	if err := os.WriteFile(fs[0], bad, 0o644); err != nil {
		t.Fatal(err)
	}
	if again := run(cache); !bytes.Equal(again, first) {
		t.Errorf("the run beside a damaged sight file differs from the first")
	}
	if now, _ := os.ReadFile(fs[0]); !bytes.Equal(now, data) {
		t.Errorf("the damaged sight file was not written again (%d bytes, was %d)", len(now), len(data))
	}
	if again := run("off"); !bytes.Equal(again, first) {
		t.Errorf("the run without a cache differs")
	}
	if f, _ := filepath.Glob(filepath.Join(home, "*", "*", "sight")); len(f) != 0 {
		t.Errorf("SASL_CACHE=off wrote %v", f)
	}
}

// The sight file's key covers what the lines depend on: the engine, the
// map as line of sight sees it (its boards' pictures too:
// board.Map.SightDigest), the season and the tables; the same world again
// has the same key, and the world's part leaves the engine out.
func TestSightKeyParts(t *testing.T) {
	t.Parallel()
	w, _, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	e1, e2 := [32]byte{1}, [32]byte{2}
	k, of := sightKey(e1, w)
	if k2, of2 := sightKey(e1, w); k2 != k || of2 != of {
		t.Fatal("the same world, another key")
	}
	if k2, of2 := sightKey(e2, w); k2 == k || of2 != of {
		t.Error("another engine: the same key, or another world part")
	}
	ms := *w.Mission()
	ms.Month = 1 // grain and orchards out of season
	winter, err := game.Prepare(&ms, w.Map(), w.Tables())
	if err != nil {
		t.Fatal(err)
	}
	tb, err := w.Tables().Lay("combat", "ffmo", "-2")
	if err != nil {
		t.Fatal(err)
	}
	other, err := game.Prepare(w.Mission(), w.Map(), tb)
	if err != nil {
		t.Fatal(err)
	}
	for name, x := range map[string]*world.World{"season": winter, "tables": other} {
		if k2, _ := sightKey(e1, x); k2 == k {
			t.Errorf("another %s: the same key", name)
		}
	}
}
