// Package atomicfile writes files whole or not at all: through a temporary
// file in the same folder, synced, then renamed into place, so that a
// failure or a kill leaves the old file or the new one, never a mix.
//
//	err := atomicfile.Write("game.yaml", func(w io.Writer) error { return g.Write(w) })
//
// The temporary files being written are tracked: RemoveTemps removes them
// (a command interrupted by a signal calls it before it exits), and a file
// written with Swept also removes the temporary files of earlier runs that
// were killed while writing it (a kill -9 cannot be caught). Its functions
// are safe for concurrent use.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// temps are the temporary files being written.
var temps struct {
	sync.Mutex
	files map[string]bool
	// stopped: RemoveTemps was called; nothing is renamed into place.
	stopped bool
}

// RemoveTemps removes the temporary files being written and lets no file
// be renamed into place from now on: for a program that is about to exit
// on a signal (Kubernetes sends SIGTERM to an evicted pod), so that nothing
// half-written is left behind.
func RemoveTemps() {
	temps.Lock()
	defer temps.Unlock()
	temps.stopped = true
	for path := range temps.files {
		os.Remove(path)
	}
}

func untrack(path string) {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.files, path)
}

// Write writes a file through a temporary file in the same folder and
// renames it into place. Errors name path, never the temporary file. A
// device or pipe (/dev/null, /dev/stdout, a FIFO) is written as it is: a
// file renamed onto it would replace it. A symbolic link stays, its
// target changes.
//
// The new file keeps the mode of the one it replaces (0644 for a new one)
// and is synced to the disk before the rename.
func Write(path string, write func(io.Writer) error) error {
	return writeAtomic(path, false, write)
}

// Swept writes a file as Write does, and first removes the temporary files
// beside it that are not being written by this program: the caller holds
// the file's lock (package filelock), so those were left by a run that was
// killed.
func Swept(path string, write func(io.Writer) error) error {
	return writeAtomic(path, true, write)
}

func writeAtomic(path string, sweep bool, write func(io.Writer) error) error {
	target := path
	if t, err := filepath.EvalSymlinks(path); err == nil {
		target = t
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		if st.IsDir() {
			return fmt.Errorf("%s: cannot write: it is a folder", path)
		}
		if !st.Mode().IsRegular() {
			return writeDevice(path, target, write)
		}
		mode = st.Mode().Perm()
	}
	dir := filepath.Dir(target)
	if sweep {
		removeStale(target)
	}
	// Created and tracked under the lock RemoveTemps takes: a signal
	// cannot come between the two.
	temps.Lock()
	if temps.stopped {
		temps.Unlock()
		return fmt.Errorf("%s: not written: the program is stopping", path)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".*")
	if err == nil {
		if temps.files == nil {
			temps.files = map[string]bool{}
		}
		temps.files[f.Name()] = true
	}
	temps.Unlock()
	if err != nil {
		return fmt.Errorf("%s: cannot write: %w", path, bare(err))
	}
	tmp := f.Name()
	defer func() {
		os.Remove(tmp) // a no-op once renamed; removed before it is untracked
		untrack(tmp)
	}()
	fail := func(err error) error { return fmt.Errorf("%s: %w", path, hideName{err, tmp}) }
	if err := write(f); err != nil {
		f.Close()
		return fail(err)
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	if err := rename(tmp, target); err != nil {
		return fmt.Errorf("%s: cannot write: %w", path, bare(err))
	}
	return nil
}

// writeOpen writes to f, a device or pipe opened in place, and closes it.
func writeOpen(f *os.File, path, target string, write func(io.Writer) error) error {
	err := write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, hideName{err, target})
	}
	return nil
}

// bare is the error under a *PathError or *LinkError, which would name the
// temporary file.
func bare(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// rename renames a tracked temporary file into place, unless the program
// is stopping (RemoveTemps).
func rename(tmp, path string) error {
	temps.Lock()
	defer temps.Unlock()
	if temps.stopped {
		return errors.New("the program is stopping")
	}
	delete(temps.files, tmp)
	return os.Rename(tmp, path)
}

// PipeWait is how long a named pipe is given for a reader to open it.
const PipeWait = 2 * time.Second

// removeStale removes the temporary files of target that a run killed
// while writing it left behind (".NAME.123456789"), but not those this
// program is writing.
func removeStale(target string) {
	dir, base := filepath.Dir(target), filepath.Base(target)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	temps.Lock()
	defer temps.Unlock()
	for _, e := range ents {
		suffix, ok := strings.CutPrefix(e.Name(), "."+base+".")
		n := filepath.Join(dir, e.Name())
		if ok && suffix != "" && strings.Trim(suffix, "0123456789") == "" && !temps.files[n] {
			os.Remove(n)
		}
	}
}

// hideName takes a file name out of an error's message ("write
// /d/.x.png.123: no space left on device" becomes "write: no space left
// on device"): the message starts with the user's path instead.
type hideName struct {
	err  error
	name string
}

func (e hideName) Error() string {
	msg := strings.ReplaceAll(e.err.Error(), " "+e.name, "")
	return strings.ReplaceAll(msg, e.name, "the file")
}

func (e hideName) Unwrap() error { return e.err }
