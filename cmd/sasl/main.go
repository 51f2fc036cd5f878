// Command sasl plays the ENEMY side of Solitaire Advanced Squad Leader on
// real ASL mapboards: it reads VASL board archives, shows and exports their
// terrain, and (in later subcommands) places, enters and moves ENEMY units.
//
// Run "sasl --help" for the commands; every command runs with no flags on
// the built-in demo boards.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/rules/library"
)

// options are the flags every command shares.
type options struct {
	boards string // --boards: the VASL boards folder
}

func (o *options) library() *library.Library { return library.New(o.boards) }

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	o := &options{}
	root := &cobra.Command{
		Use:   "sasl",
		Short: "The ENEMY side of Solitaire ASL, on your own VASL boards",
		Long: `sasl plays the ENEMY side of Solitaire Advanced Squad Leader. It reads the
terrain of real geomorphic mapboards from the VASL board archives (bdNN files)
in your boards folder, or uses its built-in demo boards (` + joinIDs(library.Demo()) + `).`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.Version = engineVersion()
	root.SetVersionTemplate("sasl {{.Version}}\n")
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.PersistentFlags().StringVar(&o.boards, "boards", "", "folder of VASL board archives (default $"+library.EnvBoards+")")
	root.AddCommand(newPlayCmd(o), newSimCmd(o), newPlaceCmd(o), newEnterCmd(o), newWaveCmd(o), newPathCmd(o), newLOSCmd(o), newBoardCmd(o))
	registerCompletions(root, o)
	return root
}

// Exit statuses: 1 for an error, which running again would repeat (a
// wrong flag, mission, boards or tables file: games are deterministic);
// 75 (EX_TEMPFAIL of sysexits.h) for a failure another try may not meet,
// such as a part file that could not be written. A Kubernetes
// podFailurePolicy fails an index at once on 1 (and on 2, a Go panic) and
// retries the others.
const (
	exitError     = 1
	exitTemporary = 75
)

// temporary marks err as a failure that another try may not meet.
type temporary struct{ error }

func (e temporary) Unwrap() error { return e.error }

func exitStatus(err error) int {
	if errors.As(err, new(temporary)) {
		return exitTemporary
	}
	return exitError
}

func main() { os.Exit(runMain()) }

// runMain runs the command line of os.Args and returns the exit status.
func runMain() int {
	removeTempsOnSignal()
	root := newRoot(os.Stdout, os.Stderr)
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "sasl:", err)
		return exitStatus(err)
	}
	return 0
}

// engineVersion names the build of sasl: the module version and the VCS
// revision it was built from ("+dirty" with uncommitted changes).
func engineVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	rev, dirty := "", ""
	for _, s := range bi.Settings {
		switch {
		case s.Key == "vcs.revision":
			rev = s.Value
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "+dirty"
		}
	}
	if rev != "" && !strings.Contains(v, rev[:min(len(rev), 12)]) {
		v += " " + rev + dirty
	}
	return v
}

// temps are the temporary files being written: removed if sasl is
// interrupted or terminated while writing (Kubernetes sends SIGTERM to an
// evicted pod), so that nothing half-written is left behind.
var temps struct {
	sync.Mutex
	files map[string]bool
}

func trackTemp(path string, on bool) {
	temps.Lock()
	defer temps.Unlock()
	if temps.files == nil {
		temps.files = map[string]bool{}
	}
	if on {
		temps.files[path] = true
	} else {
		delete(temps.files, path)
	}
}

func removeTempsOnSignal() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-c
		temps.Lock() // held: no file is renamed into place from now on
		for path := range temps.files {
			os.Remove(path)
		}
		code := 130
		if sig == syscall.SIGTERM {
			code = 143
		}
		os.Exit(code)
	}()
}

func joinIDs(ids []string) string {
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += ", "
		}
		s += id
	}
	return s
}

// writeFile writes a file through a temporary file in the same folder and
// renames it into place, so that a failure leaves nothing half-written.
// Errors name path, never the temporary file. A device or pipe (/dev/null,
// /dev/stdout, a FIFO) is written as it is: a file renamed onto it would
// replace it.
func writeFile(path string, write func(io.Writer) error) error {
	target := path
	// Write through a symbolic link: the link stays, its target changes.
	if t, err := filepath.EvalSymlinks(path); err == nil {
		target = t
	}
	if st, err := os.Stat(target); err == nil && !st.Mode().IsRegular() {
		if st.IsDir() {
			return fmt.Errorf("%s: cannot write: it is a folder", path)
		}
		return writeDevice(path, target, write)
	}
	dir := filepath.Dir(target)
	// Created and tracked under the lock the signal handler takes: a
	// signal cannot come between the two.
	temps.Lock()
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".*")
	if err == nil {
		if temps.files == nil {
			temps.files = map[string]bool{}
		}
		temps.files[f.Name()] = true
	}
	temps.Unlock()
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s: cannot write: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		os.Remove(tmp) // a no-op once renamed; removed before it is untracked
		trackTemp(tmp, false)
	}()
	fail := func(err error) error { return fmt.Errorf("%s: %w", path, hideName{err, tmp}) }
	if err := write(f); err != nil {
		f.Close()
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		return fail(err)
	}
	if err := renameTemp(tmp, target); err != nil {
		var le *os.LinkError
		if errors.As(err, &le) {
			err = le.Err
		}
		return fmt.Errorf("%s: cannot write: %w", path, err)
	}
	return nil
}

// writeDevice writes to a device or pipe in place.
func writeDevice(path, target string, write func(io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s: cannot write: %w", path, err)
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, hideName{err, target})
	}
	return nil
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

// renameTemp renames a tracked temporary file into place, unless sasl is
// being stopped by a signal.
func renameTemp(tmp, path string) error {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.files, tmp)
	return os.Rename(tmp, path)
}

// writeJSON writes v as the commands' --json answers are written: indented
// by one space, one object ending in a newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(v)
}
