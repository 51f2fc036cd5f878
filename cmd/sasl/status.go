package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/sim"
)

// A shard writes its progress beside its part while it plays (part-I.json
// has part-I.progress): games done of its block, when it started and last
// wrote, where it runs, and at the end done or failed with the error.
// sasl sim status reads them with the part files, whatever scheduler ran
// the shards.
type progress struct {
	Format string `json:"format"`
	// Run is the run's id, once the mission is read (none for a shard
	// that failed before).
	Run    *sim.RunID `json:"run,omitempty"`
	Shard  int        `json:"shard"`
	Shards int        `json:"shards"`
	// Done of Games: games played (each value of a --vary sweep plays the
	// block again).
	Done  int64  `json:"done"`
	Games int64  `json:"games"`
	State string `json:"state"` // running, done, failed
	// Error of a failed shard; Temporary: another try may not meet it
	// (exit status 75).
	Error     string    `json:"error,omitempty"`
	Temporary bool      `json:"temporary,omitempty"`
	Host      string    `json:"host"`
	PID       int       `json:"pid"`
	Started   time.Time `json:"started"`
	Updated   time.Time `json:"updated"`
}

const (
	progressFormat = "sasl-sim-progress/1"
	progressEvery  = time.Second // at most one write a second while playing
	// staleAfter: a running shard silent this long may be gone (killed, its
	// node lost); status says so.
	staleAfter = 2 * time.Minute
	// maxProgress bounds what sasl sim status reads of a progress file.
	maxProgress = 1 << 20
)

// progressPath is where the shard writing part path writes its progress.
func progressPath(part string) string {
	return strings.TrimSuffix(part, filepath.Ext(part)) + ".progress"
}

// progressWriter writes a shard's progress file: at the start, at most
// once a second while it plays, and at the end. A progress file that
// cannot be written is no reason to stop the games: it is said once.
type progressWriter struct {
	mu     sync.Mutex
	path   string
	p      progress
	last   time.Time
	warn   io.Writer
	warned bool
}

func newProgress(path string, shard, shards int, warn io.Writer) *progressWriter {
	host, _ := os.Hostname()
	now := time.Now().UTC()
	w := &progressWriter{path: path, warn: warn, p: progress{Format: progressFormat, Shard: shard, Shards: shards,
		State: "running", Host: host, PID: os.Getpid(), Started: now}}
	w.write(now)
	return w
}

// start records the run and the games the shard plays.
func (w *progressWriter) start(id sim.RunID, games int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.p.Run, w.p.Games = &id, games
	w.write(time.Now().UTC())
}

// played is told of each game played.
func (w *progressWriter) played() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.p.Done++
	if now := time.Now().UTC(); now.Sub(w.last) >= progressEvery {
		w.write(now)
	}
}

// end records how the shard ended: done, or failed with err.
func (w *progressWriter) end(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.p.State = "done"
	if err != nil {
		w.p.State, w.p.Error, w.p.Temporary = "failed", err.Error(), errors.As(err, new(temporary))
	}
	w.write(time.Now().UTC())
}

func (w *progressWriter) write(now time.Time) {
	w.last, w.p.Updated = now, now
	err := writeFile(w.path, func(out io.Writer) error {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(w.p)
	})
	if err != nil && !w.warned {
		w.warned = true
		fmt.Fprintf(w.warn, "sasl: the shard's progress is not written (%v); the games go on\n", err)
	}
}

// shardStatus is what sasl sim status says of one shard.
type shardStatus struct {
	Shard int    `json:"shard"`
	State string `json:"state"` // missing, running, done, failed
	// Part: the part file of a done shard; Progress: its progress file.
	Part      string     `json:"part,omitempty"`
	Progress  string     `json:"progress,omitempty"`
	Done      int64      `json:"done,omitempty"`
	Games     int64      `json:"games,omitempty"`
	Error     string     `json:"error,omitempty"`
	Temporary bool       `json:"temporary,omitempty"`
	Host      string     `json:"host,omitempty"`
	PID       int        `json:"pid,omitempty"`
	Updated   *time.Time `json:"updated,omitempty"`
}

func newSimStatusCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "status FOLDER",
		Short: "Say which shards of a sharded sasl sim run are missing, running, done or failed",
		Long: `Read the part files (part-I.json) and the progress files (part-I.progress)
that the shards of a sasl sim run write into their --out folder, and say of
each shard 0..n-1 whether it is done (its part is there), running (games
played of its block, and when it last wrote), failed (with its error; exit
status 75 marks a failure another try may not meet), or missing (nothing of
it yet). Nothing of a scheduler is asked: it works the same for a Slurm job
array, a Kubernetes Indexed Job or shards started by hand. The exit status is
0 once every shard is done, 3 while some are not, 1 on an error.`,
		Example: `  sasl sim status parts/
  watch -n 5 sasl sim status parts/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSimStatus(cmd.OutOrStdout(), args[0], asJSON, time.Now())
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the shards' states as JSON")
	return cmd
}

// notDone is the error of sasl sim status while some shard is not done:
// exit status 3, nothing more said.
var notDone = quietError{exit: 3}

// quietError ends sasl with a status and no message.
type quietError struct{ exit int }

func (e quietError) Error() string { return fmt.Sprintf("exit status %d", e.exit) }

func runSimStatus(w io.Writer, folder string, asJSON bool, now time.Time) error {
	if st, err := os.Stat(folder); err != nil || !st.IsDir() {
		return fmt.Errorf("%s: not a folder of part files", folder)
	}
	parts, _ := filepath.Glob(filepath.Join(folder, "part-*.json"))
	progs, _ := filepath.Glob(filepath.Join(folder, "*.progress"))
	var run *sim.RunID
	var runFrom string
	same := func(id sim.RunID, name string) error {
		if run == nil {
			run, runFrom = &id, name
			return nil
		}
		if d := run.Differs(id); d != "" {
			return fmt.Errorf("%s is of another run than %s: %s (one run to a folder)", name, runFrom, d)
		}
		return nil
	}
	shards := 0
	byShard := map[int]*shardStatus{}
	for _, p := range parts {
		h, err := readPartHeader(p)
		if err != nil {
			return err
		}
		if err := same(h.Run, p); err != nil {
			return err
		}
		shards = h.Run.Shards
		if s := byShard[h.Shard]; s != nil {
			return fmt.Errorf("%s and %s are both shard %d", s.Part, p, h.Shard)
		}
		byShard[h.Shard] = &shardStatus{Shard: h.Shard, State: "done", Part: p, Done: h.Block[1] - h.Block[0], Games: h.Block[1] - h.Block[0]}
	}
	for _, p := range progs {
		pr, err := readProgress(p)
		if err != nil {
			return err
		}
		if pr.Run != nil {
			if err := same(*pr.Run, p); err != nil {
				return err
			}
		}
		if shards == 0 {
			shards = pr.Shards
		}
		if pr.Shards != shards {
			return fmt.Errorf("%s: shard %d of %d, but the other files are of %d shards", p, pr.Shard, pr.Shards, shards)
		}
		s := byShard[pr.Shard]
		if s != nil && s.State == "done" {
			s.Progress = p // the part is there: done, whatever a rerun wrote since
			continue
		}
		if s != nil {
			return fmt.Errorf("%s and %s are both the progress of shard %d", s.Progress, p, pr.Shard)
		}
		up := pr.Updated
		byShard[pr.Shard] = &shardStatus{Shard: pr.Shard, State: pr.State, Progress: p, Done: pr.Done, Games: pr.Games,
			Error: pr.Error, Temporary: pr.Temporary, Host: pr.Host, PID: pr.PID, Updated: &up}
		if pr.State == "done" {
			byShard[pr.Shard].State = "running" // done, but its part is not there (yet)
		}
	}
	if shards == 0 {
		return fmt.Errorf("%s: no part-*.json or *.progress files of a sharded sasl sim run", folder)
	}
	all := make([]shardStatus, shards)
	done := 0
	for i := range all {
		all[i] = shardStatus{Shard: i, State: "missing"}
		if s := byShard[i]; s != nil {
			all[i] = *s
		}
		if all[i].State == "done" {
			done++
		}
	}
	if asJSON {
		err := writeJSON(w, struct {
			Folder string        `json:"folder"`
			Run    *sim.RunID    `json:"run,omitempty"`
			Shards []shardStatus `json:"shards"`
			Done   int           `json:"done"`
		}{folder, run, all, done})
		if err == nil && done < shards {
			err = notDone
		}
		return err
	}
	if run != nil {
		vary := ""
		if run.Vary != "" {
			vary = ", --vary " + run.Vary
		}
		fmt.Fprintf(w, "%s: seed %d, %d games%s, %d shards; mission %s\n", folder, run.Seed, run.Runs, vary, shards, run.Mission)
	} else {
		fmt.Fprintf(w, "%s: %d shards\n", folder, shards)
	}
	for _, s := range all {
		fmt.Fprintf(w, "  shard %d: %s\n", s.Shard, s.text(now))
	}
	fmt.Fprintf(w, "%d of %d shards done.", done, shards)
	if done == shards {
		fmt.Fprintf(w, " sasl sim merge %s gives the report.\n", folder)
		return nil
	}
	fmt.Fprintln(w)
	return notDone
}

// text says a shard's state: "running, 120 of 500 games, 3s ago (host vm,
// pid 812)".
func (s shardStatus) text(now time.Time) string {
	switch s.State {
	case "done":
		return fmt.Sprintf("done, %d games (%s)", s.Games, s.Part)
	case "missing":
		return "missing: nothing of it yet"
	}
	ago := "?"
	if s.Updated != nil {
		ago = now.Sub(*s.Updated).Round(time.Second).String()
	}
	where := fmt.Sprintf("host %s, pid %d", s.Host, s.PID)
	if s.State == "failed" {
		again := ""
		if s.Temporary {
			again = " (exit status 75: another try may not meet it)"
		}
		return fmt.Sprintf("failed %s ago (%s): %s%s", ago, where, s.Error, again)
	}
	games := "starting"
	if s.Games > 0 {
		games = fmt.Sprintf("%d of %d games", s.Done, s.Games)
	}
	stale := ""
	if s.Updated != nil && now.Sub(*s.Updated) > staleAfter {
		stale = ": no word since, stopped or killed?"
	}
	return fmt.Sprintf("running, %s, last written %s ago (%s)%s", games, ago, where, stale)
}

// readPartHeader reads the header of a part file.
func readPartHeader(path string) (sim.PartHeader, error) {
	f, err := yamldoc.Open(path)
	if err != nil {
		return sim.PartHeader{}, err
	}
	defer f.Close()
	return sim.ReadPartHeader(f, path)
}

// readProgress reads a progress file, refusing what is not one.
func readProgress(path string) (progress, error) {
	f, err := yamldoc.Open(path)
	if err != nil {
		return progress{}, err
	}
	defer f.Close()
	data, err := yamldoc.ReadAll(f, maxProgress)
	if err != nil {
		return progress{}, fmt.Errorf("%s: %w", path, err)
	}
	var p progress
	if err := json.Unmarshal(data, &p); err != nil || p.Format != progressFormat {
		return progress{}, fmt.Errorf("%s: not a progress file of sasl sim (%s)", path, progressFormat)
	}
	if p.Shards < 1 || p.Shards > sim.MaxShards || p.Shard < 0 || p.Shard >= p.Shards || !slices.Contains([]string{"running", "done", "failed"}, p.State) {
		return progress{}, fmt.Errorf("%s: shard %d of %d, state %q: not a progress file of sasl sim", path, p.Shard, p.Shards, p.State)
	}
	return p, nil
}
