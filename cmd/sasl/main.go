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
	"time"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/rules/library"
)

// options are the flags every command shares.
type options struct {
	boards string // --boards: the VASL boards folder
	// saved is the game file a command has written, for the error of a
	// command that fails after it: the file holds what it did.
	saved string
	// wait: --wait, how long a play command waits for the game file's lock.
	wait time.Duration
}

func (o *options) library() *library.Library { return library.New(o.boards) }

// refuseUnknown makes a command that only groups others (sasl play, sasl
// board) refuse an argument that names none of them, with cobra's
// suggestions, rather than print its help with status 0: "sasl play trun
// game.yaml" is a typo, not a request for help.
func refuseUnknown(c *cobra.Command) {
	if !c.HasSubCommands() || c.Run != nil || c.RunE != nil {
		return
	}
	c.Args = cobra.ArbitraryArgs
	c.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmd.Help()
		}
		msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
		cmd.SuggestionsMinimumDistance = 2 // cobra's own, for the root
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			msg += "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t")
		}
		return fmt.Errorf("%s\n\nRun '%s --help' for its commands", msg, cmd.CommandPath())
	}
}

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root, _ := newRootOptions(stdout, stderr)
	return root
}

// newRootOptions is newRoot with the options its commands share.
func newRootOptions(stdout, stderr io.Writer) (*cobra.Command, *options) {
	o := &options{wait: 10 * time.Second} // wave --save waits as play does
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
	root.AddCommand(newPlayCmd(o), newSimCmd(o), newPlaceCmd(o), newEnterCmd(o), newWaveCmd(o), newPathCmd(o), newLOSCmd(o), newBoardCmd(o), newServeCmd(o), newVaslCmd(o))
	for _, c := range root.Commands() {
		refuseUnknown(c)
	}
	registerCompletions(root, o)
	// "sasl completion tcsh" is an error, not cobra's help and exit 0.
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Args = cobra.ArbitraryArgs
			c.RunE = func(cmd *cobra.Command, args []string) error {
				if len(args) == 0 {
					return cmd.Help()
				}
				return fmt.Errorf("completion %s: sasl writes completion scripts for bash, zsh, fish and powershell", args[0])
			}
		}
	}
	return root, o
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
//
// Standard output is checked: a command whose output could not be written
// (a full disk, a closed stdout) fails, saying so, and says whether the
// game file it wrote holds what it did all the same.
func runMain() int {
	removeTempsOnSignal()
	out := &checkedWriter{w: os.Stdout}
	root, o := newRootOptions(out, os.Stderr)
	err := root.Execute()
	if err == nil && out.err != nil {
		err = fmt.Errorf("standard output: %w", out.err)
	}
	var quiet quietError
	if errors.As(err, &quiet) && out.err == nil {
		return quiet.exit
	}
	if err != nil {
		msg := err.Error()
		if o.saved != "" {
			msg += fmt.Sprintf(" (%s was written before: it holds what was played)", o.saved)
		}
		fmt.Fprintln(os.Stderr, "sasl:", msg)
		return exitStatus(err)
	}
	return 0
}

// checkedWriter keeps the first error of its writes, after which it writes
// nothing more.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		c.err = err
	}
	return n, err
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
//
// The new file keeps the mode of the one it replaces (0644 for a new one)
// and is synced to the disk before the rename. writeGameFile also removes
// the temporary files a killed run of sasl left beside it.
func writeFile(path string, write func(io.Writer) error) error {
	return writeAtomic(path, false, write)
}

// writeGameFile writes a game file as writeFile does; the caller holds its
// lock (filelock), so that the temporary files beside it that are not its
// own are left by a run that was killed, and are removed.
func writeGameFile(path string, write func(io.Writer) error) error {
	return writeAtomic(path, true, write)
}

func writeAtomic(path string, sweep bool, write func(io.Writer) error) error {
	target := path
	// Write through a symbolic link: the link stays, its target changes.
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
		removeStaleTemps(target)
	}
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
	if err := renameTemp(tmp, target); err != nil {
		var le *os.LinkError
		if errors.As(err, &le) {
			err = le.Err
		}
		return fmt.Errorf("%s: cannot write: %w", path, err)
	}
	return nil
}

// pipeWait is how long a named pipe is given for a reader to open it.
const pipeWait = 2 * time.Second

// writeDevice writes to a device or pipe in place; a named pipe no
// program reads from (within pipeWait) is refused rather than waited on
// for ever.
func writeDevice(path, target string, write func(io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC|syscall.O_NONBLOCK, 0)
	// A reader may be about to open the pipe: give it pipeWait.
	for end := time.Now().Add(pipeWait); errors.Is(err, syscall.ENXIO) && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
		f, err = os.OpenFile(target, os.O_WRONLY|os.O_TRUNC|syscall.O_NONBLOCK, 0)
	}
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		if errors.Is(err, syscall.ENXIO) {
			return fmt.Errorf("%s: cannot write: a named pipe no program reads from", path)
		}
		return fmt.Errorf("%s: cannot write: %w", path, err)
	}
	f.Fd() // blocking writes again: a slow reader is waited for
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, hideName{err, target})
	}
	return nil
}

// removeStaleTemps removes the temporary files of target that a run of
// sasl killed while writing it left behind (".NAME.123456789": a kill -9
// cannot be caught).
func removeStaleTemps(target string) {
	dir, base := filepath.Dir(target), filepath.Base(target)
	names, err := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+".*"))
	if err != nil {
		return
	}
	for _, n := range names {
		suffix := strings.TrimPrefix(filepath.Base(n), "."+base+".")
		if suffix != "" && strings.Trim(suffix, "0123456789") == "" {
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
