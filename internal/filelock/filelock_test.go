//go:build unix || windows

package filelock

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// One holder at a time: a second waits, then says who holds the lock; once
// released, a waiting one gets it. The two are in one process, on two
// handles of the lock file: flock(2) locks conflict between open file
// descriptions, and LockFileEx's between handles, so this is what two
// commands see. On Windows the refusal naming the holder also shows that
// the holder's line is readable while it holds the lock (the lock is on a
// byte beyond it).
func TestAcquire(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.yaml")
	a, err := Acquire(path, 0, "sasl play turn game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Acquire(path, 50*time.Millisecond, "sasl play turn game.yaml --turns 2")
	want := fmt.Sprintf("in use by another command (pid %d, sasl play turn game.yaml, since", os.Getpid())
	if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), path+": ") {
		t.Fatalf("second Acquire: %v, want it to say %q", err, want)
	}
	got := make(chan error)
	go func() {
		b, err := Acquire(path, 5*time.Second, "second")
		if err == nil {
			b.Release()
		}
		got <- err
	}()
	time.Sleep(30 * time.Millisecond)
	if _, err := os.Stat(Path(path)); err != nil {
		t.Errorf("the lock file while held: %v", err)
	}
	a.Release()
	a.Release() // twice is harmless
	if err := <-got; err != nil {
		t.Fatalf("a waiting Acquire after Release: %v", err)
	}
	// On Unix the lock file goes; on Windows it stays, emptied (see
	// keepLockFile in flock_windows.go).
	switch st, err := os.Stat(Path(path)); {
	case !keepLockFile && !os.IsNotExist(err):
		t.Errorf("the lock file is left: %v", err)
	case keepLockFile && err != nil:
		t.Errorf("the lock file on %s: %v, want it kept", runtime.GOOS, err)
	case keepLockFile && st.Size() != 0:
		t.Errorf("the lock file kept on %s has %d bytes, want it emptied", runtime.GOOS, st.Size())
	}
}

func TestAcquireRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.Mkdir(Path(filepath.Join(dir, "g.yaml")), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Acquire(filepath.Join(dir, "g.yaml"), 0, "x"); err == nil {
		t.Error("a folder as the lock file: no error")
	}
	if _, err := Acquire(filepath.Join(dir, "no", "g.yaml"), 0, "x"); err == nil || !strings.Contains(err.Error(), "g.yaml: cannot write: no such file or directory") {
		t.Errorf("a missing folder: %v", err)
	}
}

// Many holders in turn, the lock file removed at each release: never two
// at once, and every one gets its turn.
func TestAcquireExclusive(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "game.yaml")
	var inside, turns atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 25 {
				l, err := Acquire(path, 10*time.Second, "stress")
				if err != nil {
					t.Error(err)
					return
				}
				if inside.Add(1) != 1 {
					t.Error("two holders at once")
				}
				turns.Add(1)
				inside.Add(-1)
				l.Release()
			}
		})
	}
	wg.Wait()
	if turns.Load() != 200 {
		t.Errorf("%d turns of 200", turns.Load())
	}
}

// Two names for one file (a link to it, a path through sub/..) are one
// lock: the second waits for the first.
func TestOneLockPerFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	game := filepath.Join(dir, "game.yaml")
	os.WriteFile(game, []byte("x"), 0o644)
	link := filepath.Join(dir, "link.yaml")
	os.Symlink(game, link)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	for _, other := range []string{link, filepath.Join(dir, "sub", "..", "game.yaml")} {
		a, err := Acquire(game, 0, "first")
		if err != nil {
			t.Fatal(err)
		}
		if b, err := Acquire(other, 30*time.Millisecond, "second"); err == nil {
			b.Release()
			t.Errorf("%s was locked while %s was held", other, game)
		}
		a.Release()
	}
}

// A lock file that is a symbolic link is never followed: the file it
// points at is left as it was.
func TestLockFileLinkRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	game := filepath.Join(dir, "game.yaml")
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, []byte("precious\n"), 0o644)
	if err := os.Symlink(victim, Path(game)); err != nil {
		t.Fatal(err)
	}
	if l, err := Acquire(game, 0, "x"); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		l.Release()
		t.Errorf("a lock file that links elsewhere: %v", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Errorf("the linked file now holds %q", b)
	}
}

// A lock file that is a hard link to another file is refused, naming its
// links: the other file is neither truncated nor written.
func TestHardLinkedLockFileRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	game := filepath.Join(dir, "game.yaml")
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, []byte("precious\n"), 0o644)
	if err := os.Link(victim, Path(game)); err != nil {
		t.Skip("no hard links here:", err)
	}
	l, err := Acquire(game, 0, "x")
	if err == nil || !strings.Contains(err.Error(), "has 2 names (hard links)") || !strings.HasPrefix(err.Error(), game+": ") {
		t.Errorf("a lock file hard-linked to another: %v", err)
	}
	if err == nil {
		l.Release()
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Errorf("the linked file now holds %q", b)
	}
}

// Links counts a file's names, a symbolic link followed.
func TestLinks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	os.WriteFile(a, nil, 0o644)
	if n, err := Links(a); err != nil || n != 1 {
		t.Errorf("Links of a file of one name: %d, %v", n, err)
	}
	if err := os.Link(a, filepath.Join(dir, "b")); err != nil {
		t.Skip("no hard links here:", err)
	}
	names := []string{a, filepath.Join(dir, "b")}
	if os.Symlink(a, filepath.Join(dir, "s")) == nil { // Windows may not allow it
		names = append(names, filepath.Join(dir, "s"))
	}
	for _, p := range names {
		if n, err := Links(p); err != nil || n != 2 {
			t.Errorf("Links(%s): %d, %v, want 2", p, n, err)
		}
	}
}

// A lock file that is a folder is refused naming the lock file and what it
// is (issue 52: "game.yaml: cannot write: is a directory" blamed the game
// file, which was fine).
func TestLockFileFolderNamed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	game := filepath.Join(dir, "game.yaml")
	if err := os.Mkdir(Path(game), 0o755); err != nil {
		t.Fatal(err)
	}
	l, err := Acquire(game, 0, "x")
	if err == nil {
		l.Release()
		t.Fatal("a lock file that is a folder was taken")
	}
	if want := Path(game) + " is not a regular file (a folder"; !strings.Contains(err.Error(), want) {
		t.Errorf("%v; want it to say %q", err, want)
	}
}

// A /proc/self/fd name of a game file replaced since it was opened (each
// write renames a new file over the name) reaches a file in no folder: it
// is refused, saying so (it said "no such file or directory", of a lock
// file beside /proc/self/fd/N); the same name of a file still in its
// folder locks that file's lock.
func TestReplacedFileUnderProcRefused(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd here")
	}
	dir := t.TempDir()
	game := filepath.Join(dir, "game.yaml")
	if err := os.WriteFile(game, []byte("turn: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(game)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	byFD := fmt.Sprintf("/proc/self/fd/%d", f.Fd())
	l, err := Acquire(byFD, 0, "x")
	if err != nil {
		t.Fatalf("%s of a file in its folder: %v", byFD, err)
	}
	if l.name != Path(game) {
		t.Errorf("%s locks %s, want %s", byFD, l.name, Path(game))
	}
	l.Release()
	// Replaced as a write replaces it.
	next := filepath.Join(dir, ".game.yaml.1")
	if err := os.WriteFile(next, []byte("turn: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(next, game); err != nil {
		t.Fatal(err)
	}
	l, err = Acquire(byFD, 0, "x")
	if err == nil {
		l.Release()
		t.Fatalf("%s of a replaced file was locked", byFD)
	}
	if want := byFD + ": names " + game + " (deleted), which is in no folder any more"; !strings.Contains(err.Error(), want) {
		t.Errorf("%v; want it to say %q", err, want)
	}
}
