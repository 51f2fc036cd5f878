package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/sasl-engine/sasl/internal/atomicfile"
	"github.com/sasl-engine/sasl/internal/yamldoc"
)

// A shard writes its progress beside its part while it plays (part-I.json
// has part-I.progress): games done of its block, when it started and last
// wrote, where it runs, and at the end done or failed with the error.
// sasl sim status reads them with the part files, whatever scheduler ran
// the shards.
type Progress struct {
	Format string `json:"format"`
	// Run is the run's id, once the mission is read (none for a shard
	// that failed before).
	Run    *RunID `json:"run,omitempty"`
	Shard  int    `json:"shard"`
	Shards int    `json:"shards"`
	// Done of Games: games played (each value of a --vary sweep plays the
	// block again).
	Done  int64  `json:"done"`
	Games int64  `json:"games"`
	State string `json:"state"` // running, done, failed, interrupted
	// Error of a failed shard, or the signal that stopped an interrupted
	// one (SIGINT, SIGTERM); Temporary: another try may not meet it (exit
	// status 75).
	Error     string    `json:"error,omitempty"`
	Temporary bool      `json:"temporary,omitempty"`
	Host      string    `json:"host"`
	PID       int       `json:"pid"`
	Started   time.Time `json:"started"`
	Updated   time.Time `json:"updated"`
}

const (
	// Format 2 writes the run's seed as a string (sasl-sim-part/3).
	progressFormat = "sasl-sim-progress/2"
	progressEvery  = time.Second // at most one write a second while playing
	// staleAfter: a running shard silent this long may be gone (killed, its
	// node lost); status says so.
	staleAfter = 2 * time.Minute
	// maxProgress bounds what sasl sim status reads of a progress file.
	maxProgress = 1 << 20
)

// ProgressPath is where the shard writing part path writes its progress.
func ProgressPath(part string) string {
	return strings.TrimSuffix(part, filepath.Ext(part)) + ".progress"
}

// ProgressWriter writes a shard's progress file: at the start, at most
// once a second while it plays, and at the end. A progress file that
// cannot be written is no reason to stop the games: it is said once.
type ProgressWriter struct {
	mu     sync.Mutex
	path   string
	p      Progress
	last   time.Time
	warn   io.Writer
	warned bool
}

// NewProgress starts the progress file at path of shard of shards,
// saying to warn once if it cannot be written.
func NewProgress(path string, shard, shards int, warn io.Writer) *ProgressWriter {
	host, _ := os.Hostname()
	now := time.Now().UTC()
	w := &ProgressWriter{path: path, warn: warn, p: Progress{Format: progressFormat, Shard: shard, Shards: shards,
		State: "running", Host: host, PID: os.Getpid(), Started: now}}
	w.write(now)
	return w
}

// Start records the run and the games the shard plays.
func (w *ProgressWriter) Start(id RunID, games int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.p.Run, w.p.Games = &id, games
	w.write(time.Now().UTC())
}

// Interrupted records that a signal (by: "SIGINT", "SIGTERM") stopped
// the shard before it was done: sasl exits on it without the End a
// finished shard writes.
func (w *ProgressWriter) Interrupted(by string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.p.State, w.p.Error = "interrupted", by
	w.write(time.Now().UTC())
}

// Played is told of each game played.
func (w *ProgressWriter) Played() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.p.Done++
	if now := time.Now().UTC(); now.Sub(w.last) >= progressEvery {
		w.write(now)
	}
}

// End records how the shard ended: done, or failed with err (temporary:
// another try may not meet it).
func (w *ProgressWriter) End(err error, temporary bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.p.State = "done"
	if err != nil {
		w.p.State, w.p.Error, w.p.Temporary = "failed", err.Error(), temporary
	}
	w.write(time.Now().UTC())
}

func (w *ProgressWriter) write(now time.Time) {
	w.last, w.p.Updated = now, now
	err := atomicfile.Write(w.path, func(out io.Writer) error {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(w.p)
	})
	if err != nil && !w.warned {
		w.warned = true
		fmt.Fprintf(w.warn, "sasl: the shard's progress is not written (%v); the games go on\n", err)
	}
}

// ShardStatus is what sasl sim status says of one shard.
type ShardStatus struct {
	Shard int    `json:"shard"`
	State string `json:"state"` // missing, running, done, failed, interrupted, gone
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

// RunStatus is the state of a sharded run's shards, as the part and
// progress files of its folder say.
type RunStatus struct {
	Folder string        `json:"folder"`
	Run    *RunID        `json:"run,omitempty"`
	Shards []ShardStatus `json:"shards"`
	Done   int           `json:"done"`
}

// StatusOf reads the part files (part-I.json) and progress files
// (part-I.progress) of a sharded run's folder: which shards are done,
// running, failed or missing. Files of two runs in one folder are an
// error.
func StatusOf(folder string) (*RunStatus, error) {
	if st, err := os.Stat(folder); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("%s: not a folder of part files", folder)
	}
	parts := named(folder, func(name string) bool { return strings.HasPrefix(name, "part-") && strings.HasSuffix(name, ".json") })
	progs := named(folder, func(name string) bool { return strings.HasSuffix(name, ".progress") })
	host, _ := os.Hostname()
	var run *RunID
	var runFrom string
	same := func(id RunID, name string) error {
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
	byShard := map[int]*ShardStatus{}
	for _, p := range parts {
		h, err := readPartHeader(p)
		if err != nil {
			return nil, err
		}
		if err := same(h.Run, p); err != nil {
			return nil, err
		}
		shards = h.Run.Shards
		if s := byShard[h.Shard]; s != nil {
			return nil, fmt.Errorf("%s and %s are both shard %d", s.Part, p, h.Shard)
		}
		byShard[h.Shard] = &ShardStatus{Shard: h.Shard, State: "done", Part: p, Done: h.Block[1] - h.Block[0], Games: h.Block[1] - h.Block[0]}
	}
	for _, p := range progs {
		pr, err := ReadProgress(p)
		if err != nil {
			return nil, err
		}
		if pr.Run != nil {
			if err := same(*pr.Run, p); err != nil {
				return nil, err
			}
		}
		if shards == 0 {
			shards = pr.Shards
		}
		if pr.Shards != shards {
			return nil, fmt.Errorf("%s: shard %d of %d, but the other files are of %d shards", p, pr.Shard, pr.Shards, shards)
		}
		s := byShard[pr.Shard]
		if s != nil && s.State == "done" {
			s.Progress = p // the part is there: done, whatever a rerun wrote since
			continue
		}
		if s != nil {
			return nil, fmt.Errorf("%s and %s are both the progress of shard %d", s.Progress, p, pr.Shard)
		}
		up := pr.Updated
		byShard[pr.Shard] = &ShardStatus{Shard: pr.Shard, State: pr.State, Progress: p, Done: pr.Done, Games: pr.Games,
			Error: pr.Error, Temporary: pr.Temporary, Host: pr.Host, PID: pr.PID, Updated: &up}
		if pr.State == "done" {
			byShard[pr.Shard].State = "running" // done, but its part is not there (yet)
		}
		if byShard[pr.Shard].State == "running" && pr.Host == host && processGone(pr.PID) {
			// Killed without a word (SIGKILL, the OOM killer): its process
			// is gone from this host.
			byShard[pr.Shard].State = "gone"
		}
	}
	if shards == 0 {
		return nil, fmt.Errorf("%s: no part-*.json or *.progress files of a sharded sasl sim run", folder)
	}
	all := make([]ShardStatus, shards)
	done := 0
	for i := range all {
		all[i] = ShardStatus{Shard: i, State: "missing"}
		if s := byShard[i]; s != nil {
			all[i] = *s
		}
		if all[i].State == "done" {
			done++
		}
	}
	return &RunStatus{Folder: folder, Run: run, Shards: all, Done: done}, nil
}

// Text says a shard's state: "running, 120 of 500 games, 3s ago (host vm,
// pid 812)".
func (s ShardStatus) Text(now time.Time) string {
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
	if s.State == "gone" {
		return fmt.Sprintf("gone without a word %s after it last wrote, %d of %d games played (%s: no such process on this host; killed?): run the shard again", ago, s.Done, s.Games, where)
	}
	if s.State == "interrupted" {
		played := fmt.Sprintf("%d of %d games played", s.Done, s.Games)
		if s.Games == 0 {
			played = "before its first game"
		}
		return fmt.Sprintf("interrupted by %s %s ago, %s (%s): run the shard again", s.Error, ago, played, where)
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
func readPartHeader(path string) (PartHeader, error) {
	f, err := yamldoc.Open(path)
	if err != nil {
		return PartHeader{}, err
	}
	defer f.Close()
	return ReadPartHeader(f, path)
}

// ReadProgress reads a progress file, refusing what is not one.
func ReadProgress(path string) (Progress, error) {
	f, err := yamldoc.Open(path)
	if err != nil {
		return Progress{}, err
	}
	defer f.Close()
	data, err := yamldoc.ReadAll(f, maxProgress)
	if err != nil {
		return Progress{}, fmt.Errorf("%s: %w", path, err)
	}
	// The format first, alone: a file of another sasl's format says so,
	// whatever its other keys hold.
	var head struct {
		Format string `json:"format"`
	}
	if err := json.Unmarshal(data, &head); err != nil || !strings.HasPrefix(head.Format, "sasl-sim-progress/") {
		return Progress{}, fmt.Errorf("%s: not a progress file of sasl sim (%s)", path, progressFormat)
	}
	if head.Format != progressFormat {
		return Progress{}, fmt.Errorf("%s: format %q: this sasl reads %q (a shard of another sasl's: run it again with this one, or use that sasl's sim status)", path, printable(head.Format, 64), progressFormat)
	}
	var p Progress
	if err := json.Unmarshal(data, &p); err != nil {
		return Progress{}, fmt.Errorf("%s: not a progress file of sasl sim (%s)", path, progressFormat)
	}
	if p.Shards < 1 || p.Shards > MaxShards || p.Shard < 0 || p.Shard >= p.Shards || !slices.Contains([]string{"running", "done", "failed", "interrupted"}, p.State) {
		return Progress{}, fmt.Errorf("%s: shard %d of %d, state %q: not a progress file of sasl sim", path, p.Shard, p.Shards, p.State)
	}
	// What sasl sim status prints must be what a shard could write: its
	// games counted from 0 to its block, its times in order and not to
	// come (a minute's grace for clocks of other machines), its words
	// without control characters and of a bounded length.
	switch {
	case p.Done < 0 || p.Games < 0 || p.Games > MaxRuns*MaxVaryValues || p.Games > 0 && p.Done > p.Games:
		return Progress{}, fmt.Errorf("%s: %d of %d games: not a progress file of sasl sim", path, p.Done, p.Games)
	case p.Updated.Before(p.Started) || p.Updated.After(time.Now().Add(time.Minute)):
		return Progress{}, fmt.Errorf("%s: started %s, updated %s: not a progress file of sasl sim", path, p.Started.Format(time.RFC3339), p.Updated.Format(time.RFC3339))
	case p.PID < 0:
		return Progress{}, fmt.Errorf("%s: pid %d: not a progress file of sasl sim", path, p.PID)
	}
	p.Host, p.Error = printable(p.Host, 255), printable(p.Error, 2000)
	return p, nil
}

// printable is s without control characters (a terminal's escapes), cut
// to at most n bytes.
func printable(s string, n int) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, s)
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "") + "..."
	}
	return s
}
