// Package filelock keeps one command at a time on a file that commands read
// and write whole, such as a game file: an advisory lock on a lock file
// beside it, ".NAME.lock" (the game file itself is replaced by each write,
// so cannot hold a lock). The lock file says who holds it, for the one that
// waits. On Unix the lock is flock(2), and the lock file goes when the lock
// is released: a command that locked a lock file removed in the meantime
// tries again on the new one. On Windows it is LockFileEx on a byte far
// beyond the text, and the lock file stays, emptied, for the next command
// (see flock_windows.go). Where there is neither, Acquire fails with an
// error that wraps errors.ErrUnsupported (see flock_other.go).
//
//	l, err := filelock.Acquire("game.yaml", 10*time.Second, "sasl play turn")
//	if err != nil { return err } // held by another command all that time
//	defer l.Release()
//
// A lock file that is a link of either kind is refused, never written: a
// symbolic link could point at any file, a hard link's other name is
// another file's. Links counts a file's names, for callers that refuse a
// locked file of two names (two names, two lock files).
//
// The lock is advisory: it keeps sasl's commands (and any program that
// takes it) from interleaving, not an editor.
package filelock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Lock is a lock held on a file.
type Lock struct {
	f    *os.File
	name string
}

// poll is how often a waiting command tries the lock again.
const poll = 20 * time.Millisecond

// Path is the lock file of path: ".NAME.lock" in the folder of the file
// path names, its links followed and its folder made absolute, so that two
// names of one file (a link, sub/../game.yaml) have one lock file.
func Path(path string) string {
	f := Resolve(path)
	return filepath.Join(filepath.Dir(f), "."+filepath.Base(f)+".lock")
}

// Resolve is the file path names: absolute, cleaned, its symbolic links
// followed; for a file not there yet, its folder's.
func Resolve(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	if d, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(d, filepath.Base(abs))
	}
	return abs
}

// unnamed refuses a path that reaches a file no folder holds any more: a
// /proc/self/fd or /dev/fd name of a file deleted, or replaced by a
// rename (as every write of a game file replaces it), since it was opened.
// Linux's link then reads "NAME (deleted)"; its lock would go beside a
// name the file no longer has, and its write to a folder that is not one.
// Any other path (one not there yet, a dangling link, a pipe, a volume
// whose links Go cannot follow) is left to the checks that follow.
func unnamed(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil
	}
	if _, err := filepath.EvalSymlinks(abs); err == nil {
		return nil
	}
	target, err := os.Readlink(abs)
	if err != nil || !strings.HasSuffix(target, " (deleted)") {
		return nil
	}
	if _, err := os.Stat(abs); err != nil {
		return nil // nothing there: the caller says so
	}
	return fmt.Errorf("%s: names %s, which is in no folder any more: it was deleted, or replaced (each write of a game file replaces it), since it was opened; give the file's own name", path, target)
}

// Acquire locks path for the caller, who, as the lock file then says, is
// doing what (a command line): if another holds it, it tries again until
// wait has passed, then fails saying who holds it.
func Acquire(path string, wait time.Duration, what string) (*Lock, error) {
	if err := unnamed(path); err != nil {
		return nil, err
	}
	name := Path(path)
	deadline := time.Now().Add(wait)
	for {
		// A lock file that is a link (a game folder from another player can
		// carry one) is never followed: it could point at any file.
		if st, err := os.Lstat(name); err == nil && st.Mode()&os.ModeSymlink != 0 {
			return nil, fmt.Errorf("%s: cannot lock it: %s is a symbolic link (remove it; a lock file is never a link)", path, name)
		} else if err == nil && !st.Mode().IsRegular() {
			// A folder (or another kind of file) where the lock file goes:
			// the lock file's fault, not the game file's.
			return nil, fmt.Errorf("%s: cannot lock it: %s is not a regular file (%s; remove it: a lock file is sasl's own)", path, name, kindOf(st.Mode()))
		}
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|noFollow, 0o644)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			// The folder the game file is written in does not take the lock
			// file: it does not take the game file either.
			return nil, fmt.Errorf("%s: cannot write: %w", path, err)
		}
		if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() {
			f.Close()
			return nil, fmt.Errorf("%s: cannot lock it: %s is not a regular file", path, name)
		}
		// Nor is a lock file that is a hard link: its other name is
		// another file's, which the lock would truncate and overwrite.
		// Asked before the lock is taken, so nothing is written to it.
		if n, err := fileLinks(f); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: cannot lock it (%s): %w", path, name, err)
		} else if n > 1 {
			f.Close()
			return nil, fmt.Errorf("%s: cannot lock it: %s has %d names (hard links), so is another file too (remove it; a lock file is sasl's own, with one name)", path, name, n)
		}
		for {
			ok, err := tryLock(f)
			if err != nil {
				f.Close()
				return nil, fmt.Errorf("%s: cannot lock it (%s): %w", path, name, err)
			}
			if ok {
				break
			}
			if !time.Now().Before(deadline) {
				holder := readHolder(f)
				f.Close()
				return nil, fmt.Errorf("%s: in use by %s; waited %v (try again when it has ended)", path, holder, wait)
			}
			time.Sleep(poll)
		}
		// The holder before may have removed the file as it released it:
		// then this lock is on a file nobody else will lock.
		held, err1 := f.Stat()
		now, err2 := os.Stat(name)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			if err := f.Truncate(0); err == nil {
				fmt.Fprintf(f, "pid %d, %s, since %s\n", os.Getpid(), what, time.Now().Format(time.RFC3339))
			}
			return &Lock{f: f, name: name}, nil
		}
		unlock(f)
		f.Close()
	}
}

// kindOf names a file's kind by its mode: "a folder", "a named pipe", ...
func kindOf(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}

// readHolder says who holds the lock, as its lock file says.
func readHolder(f *os.File) string {
	b := make([]byte, 512)
	n, _ := f.ReadAt(b, 0)
	s := strings.TrimSpace(string(b[:n]))
	if s == "" {
		return "another command"
	}
	return "another command (" + s + ")"
}

// Release unlocks the file. It may be called more than once.
func (l *Lock) Release() {
	if l == nil || l.f == nil {
		return
	}
	// Before unlocking: a waiter then sees the file went, or, where it
	// stays (keepLockFile, or a removal that failed), reads no holder that
	// has gone.
	if keepLockFile || os.Remove(l.name) != nil {
		l.f.Truncate(0)
	}
	unlock(l.f)
	l.f.Close()
	l.f = nil
}
