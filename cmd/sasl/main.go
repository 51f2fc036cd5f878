// Command sasl plays the ENEMY side of Solitaire Advanced Squad Leader on
// real ASL mapboards: it sets up ENEMY S? (sasl place, SASL 4.1), brings
// them on (enter, 4.2), drives Human Waves (wave, 4.3), plays whole games
// with the player in them in a game file (play) or a browser (serve) or
// through VASL saves (vasl), simulates missions (sim), and shows boards,
// paths and lines of sight (board, path, los).
//
// This package is the command line only: flags, wiring and output. A game
// at the table (its file, the player's steps, VASL saves) is package table;
// the simulator's shards and progress files are package sim.
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
	"runtime/pprof"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sasl-engine/sasl/internal/atomicfile"
	"github.com/sasl-engine/sasl/internal/homedir"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/spf13/cobra"
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
	root.AddCommand(newPlayCmd(o), newSimCmd(o), newPlaceCmd(o), newEnterCmd(o), newWaveCmd(o), newPathCmd(o), newLOSCmd(o), newBoardCmd(o), newServeCmd(o), newVaslCmd(o), newTablesCmd())
	for _, c := range root.Commands() {
		refuseUnknown(c)
	}
	expandHome(root)
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

// fileFlags are the flags, of any command, that name a file or folder.
// TestPathFlags fails on a string flag that is in neither this list nor
// notFileFlags, so that a new path flag is not forgotten.
var fileFlags = []string{
	"boards", "mission", "tables", "game", "friendly", "friendly-from",
	"save", "out", "output", "into", "vasl-out", "svg", "png", "pdf", "hist", "pairs", "csv",
}

// expandHome makes every command of c's tree read a leading "~" of its
// path flags and of its arguments (game files, saves, folders) as the home
// folder (package homedir), before it runs: a shell expands "--boards
// ~/vasl" but not "--boards=~/vasl" nor a quoted path. An argument that is
// not a path (a hex, a board ID) never begins with "~".
func expandHome(c *cobra.Command) {
	for _, sub := range c.Commands() {
		expandHome(sub)
	}
	run := c.RunE
	if run == nil {
		return
	}
	c.RunE = func(cmd *cobra.Command, args []string) error {
		for _, name := range fileFlags {
			if f := cmd.Flags().Lookup(name); f != nil && f.Changed && f.Value.Type() == "string" {
				if err := f.Value.Set(homedir.Expand(f.Value.String())); err != nil {
					return fmt.Errorf("--%s: %w", name, err)
				}
			}
		}
		for i, a := range args {
			args[i] = homedir.Expand(a)
		}
		return cliWords(cmd, run(cmd, args))
	}
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
	if stop := startProfile(os.Getenv("SASL_CPUPROFILE")); stop != nil {
		defer stop()
	}
	library.SetCache(boardCache())
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

// EnvCache names the environment variable that moves the cache of boards
// read from VASL archives (library.SetCache) to another folder, or with
// "off" turns it off.
const EnvCache = "SASL_CACHE"

// boardCache returns the folder of the cache of boards read from VASL
// archives (the user's cache directory's sasl, or $SASL_CACHE; "" for
// none) and the engine that writes it: the version, and for a build that
// the version does not tell apart (no release, uncommitted changes, an unknown commit) the
// executable's size and time too, so that a rebuilt engine derives its
// boards again.
func boardCache() (dir, engine string) {
	switch dir = homedir.Expand(os.Getenv(EnvCache)); dir {
	case "off":
		return "", ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return "", ""
		}
		dir = filepath.Join(base, "sasl")
	}
	engine = engineVersion()
	if !exactBuild(engine) {
		exe, err := os.Executable()
		if err != nil {
			return "", ""
		}
		st, err := os.Stat(exe)
		if err != nil {
			return "", ""
		}
		engine += fmt.Sprintf(" %s %d %d", exe, st.Size(), st.ModTime().UnixNano())
	}
	return dir, engine
}

// startProfile writes a CPU profile of the whole command to path (the
// environment's SASL_CPUPROFILE, for measuring a command's start-up as a
// player runs it), and returns the function that ends it; nil when path is
// empty or cannot be written.
func startProfile(path string) func() {
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sasl: SASL_CPUPROFILE:", err)
		return nil
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		fmt.Fprintln(os.Stderr, "sasl: SASL_CPUPROFILE:", err)
		return nil
	}
	return func() { pprof.StopCPUProfile(); f.Close() }
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

// version and commit name a release build: .goreleaser.yaml sets them
// (-X main.version=1.2.0 -X main.commit=SHA, "+dirty" after it when the
// tree had uncommitted changes). They are empty in any other build, which
// Go's own stamp names.
var version, commit string

// engineVersion names the build of sasl: a release build by its version
// and commit (releaseVersion); any other by the module version and the VCS
// revision it was built from ("+dirty" with uncommitted changes).
func engineVersion() string {
	if version != "" {
		return releaseVersion(version, commit)
	}
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

// removeTempsOnSignal removes the temporary files being written if sasl
// is interrupted or terminated (Kubernetes sends SIGTERM to an evicted
// pod), so that nothing half-written is left behind, after the last words
// of atSignal (a shard's progress file says it was interrupted).
func removeTempsOnSignal() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-c
		signalHooks.Lock()
		for _, fn := range signalHooks.fns {
			fn(sig)
		}
		atomicfile.RemoveTemps()
		code := 130
		if sig == syscall.SIGTERM {
			code = 143
		}
		os.Exit(code)
	}()
}

// signalHooks are what sasl does, in order, when it is interrupted or
// terminated, before it removes its temporary files and exits; held
// locked from then on, so that none is added or run twice.
var signalHooks struct {
	sync.Mutex
	fns []func(os.Signal)
}

// atSignal has fn run if sasl is interrupted or terminated (SIGINT,
// SIGTERM) before it exits.
func atSignal(fn func(os.Signal)) {
	signalHooks.Lock()
	defer signalHooks.Unlock()
	signalHooks.fns = append(signalHooks.fns, fn)
}

// signalName is how a player names a signal sasl stops on.
func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
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

// writeFile writes a file whole or not at all (package atomicfile).
func writeFile(path string, write func(io.Writer) error) error {
	return atomicfile.Write(path, write)
}

// writeJSON writes v as the commands' --json answers are written: indented
// by one space, one object ending in a newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(v)
}

// exactBuild reports whether engine version v (engineVersion) names one
// build: a version with its commit, no uncommitted changes. Where it does
// not, what the build made is keyed by the executable's own bytes.
func exactBuild(v string) bool {
	return strings.HasPrefix(v, "v") && !strings.Contains(v, "dirty") && !strings.Contains(v, unknownCommit)
}

// unknownCommit stands for the commit of a release build GoReleaser read
// no git state for (its FullCommit is then "none": a snapshot of a clone
// with no remote). boardCache does not trust such a name alone.
const unknownCommit = "unknown-commit"

// releaseVersion is the name of a release build: "v" and GoReleaser's
// version (which has none: 1.2.0), then the commit: "v1.2.0 SHA".
func releaseVersion(version, commit string) string {
	if commit == "" || commit == "none" {
		commit = unknownCommit
	}
	return "v" + strings.TrimPrefix(version, "v") + " " + commit
}
