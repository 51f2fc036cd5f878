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
	if st, err := os.Stat(target); err == nil && !st.IsDir() && !st.Mode().IsRegular() {
		return writeDevice(path, target, write)
	}
	if sweep {
		removeStale(target)
	}
	t, err := Create(path)
	if err != nil {
		return err
	}
	defer t.Remove()
	if err := t.Fill(write); err != nil {
		return err
	}
	return t.Commit()
}

// Temp is a file being written in place of another: created beside it
// (".NAME.123"), filled and synced, then renamed into place (Commit), or
// removed (Remove). It is tracked from its creation: RemoveTemps removes
// it, and a program that is stopping commits nothing.
type Temp struct {
	path, target, name string
	f                  *os.File
	mode               os.FileMode
}

// Create starts writing path (the file it names, a link followed): a
// temporary file beside it, with the mode of the file it replaces (0644
// for a new one). A folder or a device at path is refused.
func Create(path string) (*Temp, error) {
	target := path
	if t, err := filepath.EvalSymlinks(path); err == nil {
		target = t
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		if st.IsDir() {
			return nil, fmt.Errorf("%s: cannot write: it is a folder", path)
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: cannot write: not a regular file", path)
		}
		mode = st.Mode().Perm()
	}
	// Created and tracked under the lock RemoveTemps takes: a signal
	// cannot come between the two.
	temps.Lock()
	if temps.stopped {
		temps.Unlock()
		return nil, fmt.Errorf("%s: not written: the program is stopping", path)
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*")
	if err == nil {
		if temps.files == nil {
			temps.files = map[string]bool{}
		}
		temps.files[f.Name()] = true
	}
	temps.Unlock()
	if err != nil {
		return nil, fmt.Errorf("%s: cannot write: %w", path, bare(err))
	}
	return &Temp{path: path, target: target, name: f.Name(), f: f, mode: mode}, nil
}

// Name is the temporary file; Target the file it takes the place of.
func (t *Temp) Name() string   { return t.name }
func (t *Temp) Target() string { return t.target }

// Fill writes the temporary file with write and syncs it to the disk.
// Errors name the user's path, never the temporary file.
func (t *Temp) Fill(write func(io.Writer) error) error {
	f := t.f
	t.f = nil
	fail := func(err error) error { return fmt.Errorf("%s: %w", t.path, hideName{err, t.name}) }
	if err := write(f); err != nil {
		f.Close()
		return fail(err)
	}
	if err := f.Chmod(t.mode); err != nil {
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
	return nil
}

// Commit renames the filled temporary file into place.
func (t *Temp) Commit() error {
	if err := rename(t.name, t.target); err != nil {
		return fmt.Errorf("%s: cannot write: %w", t.path, bare(err))
	}
	return nil
}

// Remove removes the temporary file (a no-op once committed) and stops
// tracking it.
func (t *Temp) Remove() {
	if t.f != nil {
		t.f.Close()
		t.f = nil
	}
	os.Remove(t.name) // removed before it is untracked
	untrack(t.name)
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
