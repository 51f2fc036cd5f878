package main

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/regfile"
	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/sim"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/table"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

type simFlags struct {
	mission, tables string
	runs            int
	seed            uint64
	workers         int
	ci              float64
	replicate       int64
	replicateSet    bool // --replicate given
	vary            []string
	balance         string
	target          float64
	csv             string
	policy          string
	heatmap         string
	hist            string
	json            bool
	pictures        pictureFlags
	// Sharded runs: --shard i/n or --shards n, and --out.
	shard  string
	shards int
	out    string
}

// defaultCIRuns is the most games --ci plays unless --runs says.
const defaultCIRuns = 1_000_000

func newSimCmd(o *options) *cobra.Command {
	f := &simFlags{}
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "Play a mission many times and report who wins, how often, and when",
		Long: `Play a mission thousands of times with independent dice and report the
FRIENDLY side's win rate with its 95% confidence interval (Wilson; Clopper-
Pearson under 100 games), the ENEMY squad-equivalents exited, the turn the
ENEMY first reach each VPO and the FBE, S? placed and Activated, casualties
of each side, and heatmaps of the S? setup and of ENEMY presence.

Each game is an ordinary game, both Player Turns of every Game Turn, with
the FRIENDLY side played by --policy: hold (stays and fires) or attack (takes
and holds the VPOs the victory conditions name; see sasl play): game k of seed S has the seed printed by
sasl sim --seed S --replicate K, and sasl play new --seed N replays it. The
mission needs victory conditions (victory: in the mission file). What the
simulator plays, and what it does not, is in the README.

Why the FRIENDLY side lost is counted: on a VPO of victory.control the ENEMY
Controls, on too many ENEMY exits (victory.max_enemy_exits), or on both.

--vary KEY=v1,v2,... plays --runs games at each value of one mission or tables
value, replicate k of every value on the same seed (common random numbers),
and gives the win rate against the value, with the change from the value
before and its paired 95% interval. Two --vary play a grid: every value of one
with every value of the other (at most 100 cells). Keys: ` + sim.VaryKeys + `.

--balance KEY=LO..HI finds the whole value of KEY, from LO to HI, at which the
FRIENDLY win rate is 50% (--target R for another rate): it plays both ends,
bisects between them (--runs games a value, on the same seeds), fits a
logistic curve to the values played nearest the target and inverts it, with a
95% interval from a bootstrap over the games. It names the whole value nearest
the crossing and its rate, or says that no whole value's interval holds the
target. A range whose rate does not cross the target is an error (exit status
1) naming the rates at both ends.

--csv FILE writes a row a value (of --vary or --balance; one row for a plain
run): games, FRIENDLY wins, rate and interval, the change from the value before
with its paired interval, and the games lost on VPOs, exits and both.

Pictures (--svg/--png/--pdf): a heatmap of the ENEMY on the map (--heatmap
presence or setup), with --vary the win rate with its interval against the
value, with --balance the rates played, the fitted curve and the crossing.
--hist FILE draws the histogram of ENEMY squad-equivalents exited.

Sharded runs: --shard i/n --out FOLDER/ plays shard i of n (a fixed block of
the --runs games) and writes its part, which sasl sim merge adds up; sasl sim
status FOLDER tells which shards are missing, running, done, failed or
interrupted. With --shards n the index comes from the scheduler's array task:
  $JOB_COMPLETION_INDEX       a Kubernetes Indexed Job (completions n)
  $SLURM_ARRAY_TASK_ID        a Slurm job array: sbatch --array=0-(n-1)
                              ($SLURM_ARRAY_TASK_MIN, _MAX and _COUNT checked)
  $AWS_BATCH_JOB_ARRAY_INDEX  an AWS Batch array job of size n
  $BATCH_TASK_INDEX           a Google Cloud Batch job ($BATCH_TASK_COUNT n)
Two of them set and disagreeing is an error. Exit status 1: an error another
try repeats; 75: a failure another try may not meet (retry or requeue it).`,
		Example: `  sasl sim --runs 2000 --seed 1
  sasl sim --mission examples/four-boards.yaml --boards ~/vasl/boards --runs 10000 --json
  sasl sim --ci 0.01 --png heat.png
  sasl sim --vary human_wave.1.turn=1,2,3,4 --png sweep.png --csv sweep.csv
  sasl sim --vary policy.released=hold,advance
  sasl sim --vary turns=4,5,6 --vary entry.1.count=3,5
  sasl sim --mission wooded-hill --policy attack --balance friendly.add.6-6-7@x2C10+x2E10+x2G10+x2P10+x2R10=0..15 --png balance.png
  sasl sim --seed 1 --replicate 17 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSim(cmd, o, f)
		},
	}
	cmd.Flags().StringVar(&f.mission, "mission", "", "mission file, or the name of a built-in demo mission (default crossroads)")
	cmd.Flags().StringVar(&f.tables, "tables", "", "YAML file of table values laid over the built-in tables")
	decimalVar(cmd.Flags(), &f.runs, "runs", 1000, "games to play (with --ci: at most this many; default then 1000000)")
	decimalVar(cmd.Flags(), &f.seed, "seed", 0, "seed of the simulation: the same seed gives the same result (default: a new seed, printed)")
	decimalVar(cmd.Flags(), &f.workers, "workers", 0, "games played at once (default: one per CPU); the result does not depend on it")
	cmd.Flags().Float64Var(&f.ci, "ci", 0, "play until the half width of the win rate's 95% interval is at most this (0.01 = one point)")
	decimalVar(cmd.Flags(), &f.replicate, "replicate", -1, "play only game K of the seed and print its game seed and outcome")
	cmd.Flags().StringArrayVar(&f.vary, "vary", nil, "KEY=v1,v2,...: a sweep over one mission or tables value (policy.released=hold,advance); twice for a grid")
	cmd.Flags().StringVar(&f.balance, "balance", "", "KEY=LO..HI: find the whole value of KEY at which the FRIENDLY win rate is --target (turns=3..12)")
	cmd.Flags().Float64Var(&f.target, "target", 0.5, "the FRIENDLY win rate --balance looks for")
	cmd.Flags().StringVar(&f.csv, "csv", "", "write the win rate a value (of --vary or --balance) into this CSV file")
	cmd.Flags().StringVar(&f.policy, "policy", string(game.PolicyHold), "who plays the FRIENDLY side: hold (stays and fires) or attack (takes the victory VPOs)")
	f.registerReport(cmd)
	cmd.Flags().StringVar(&f.shard, "shard", "", "i/n: play only shard i of n (a fixed block of the --runs games) and write its part with --out")
	decimalVar(cmd.Flags(), &f.shards, "shards", 0, "n: split the run into n shards, this one the shard a scheduler's array task index gives (see Sharded runs below)")
	cmd.Flags().StringVar(&f.out, "out", "", "write the run's part file for sasl sim merge here (a folder, or a name ending in /: part-I.json in it)")
	cmd.AddCommand(newSimMergeCmd(o), newSimStatusCmd())
	return cmd
}

// registerReport registers the flags of the report, which sasl sim and
// sasl sim merge share.
func (f *simFlags) registerReport(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.heatmap, "heatmap", "presence", "the map picture: presence (ENEMY units at the end of each turn, summed) or setup (S? set up)")
	cmd.Flags().StringVar(&f.hist, "hist", "", "draw the histogram of ENEMY squad-equivalents exited into this file (.svg, .png or .pdf)")
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
	f.pictures.register(cmd)
}

func newSimMergeCmd(o *options) *cobra.Command {
	f := &simFlags{}
	cmd := &cobra.Command{
		Use:   "merge PART... | FOLDER",
		Short: "Add up the part files of a sharded sasl sim run and report the whole run",
		Long: `Add up the part files that the shards of one sasl sim run wrote (sasl sim
--shard i/n --out FILE, or --shards n in a Kubernetes Indexed Job) and print
the report of the whole run: the same report, and the same --json byte for
byte, as the run played on one machine.

The parts must be of one run (the same mission, boards and tables by content,
engine, seed, --runs, --vary and number of shards) and hold every shard
exactly once; a part missing, given twice or of another run is an error that
names it. A folder stands for the part-*.json files in it.

The mission, boards and tables are read again from where the shards read
them (the part files name them); --mission, --tables and --boards read them
from elsewhere, and they must have the same content.`,
		Example: `  sasl sim --runs 100000 --seed 1 --shard 0/2 --out parts/
  sasl sim --runs 100000 --seed 1 --shard 1/2 --out parts/
  sasl sim merge parts/ --json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMerge(cmd, o, f, args)
		},
	}
	cmd.Flags().StringVar(&f.mission, "mission", "", "read the mission from this file (default: where the shards read it)")
	cmd.Flags().StringVar(&f.tables, "tables", "", "read the tables file from here (default: where the shards read it)")
	f.registerReport(cmd)
	return cmd
}

func runMerge(cmd *cobra.Command, o *options, f *simFlags, args []string) error {
	if err := f.checkReport(); err != nil {
		return err
	}
	files, err := sim.PartFiles(args)
	if err != nil {
		return err
	}
	read := func(name string, do func(r io.Reader) error) error {
		fh, _, err := regfile.Open(name) // a named pipe must not hang it
		if errors.Is(err, regfile.ErrNotRegular) {
			return fmt.Errorf("%s: not a regular file: not a part file", name)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, errors.Unwrap(err))
		}
		defer fh.Close()
		return do(fh)
	}
	hs := make([]sim.PartHeader, len(files))
	for i, name := range files {
		err := read(name, func(r io.Reader) (err error) {
			hs[i], err = sim.ReadPartHeader(r, name)
			return err
		})
		if err != nil {
			return err
		}
	}
	order, err := sim.Order(hs)
	if err != nil {
		return err
	}
	id := hs[order[0]].Run
	run, err := sim.OpenRun(files[order[0]], id, sim.Inputs{Mission: f.mission, Boards: o.boards, Tables: f.tables})
	if err != nil {
		return err
	}
	m := sim.NewMerger(id, run.Preps)
	for _, i := range order {
		if err := read(files[i], func(r io.Reader) error { return m.Add(r, files[i]) }); err != nil {
			return err
		}
	}
	results, err := m.Results()
	if err != nil {
		return err
	}
	return simReport(cmd.OutOrStdout(), f, run, results)
}

// check checks the flags that do not need the mission.
func (f *simFlags) check() error {
	if f.runs < 1 || f.runs > sim.MaxRuns {
		return fmt.Errorf("--runs %d: want 1 to %d", f.runs, int64(sim.MaxRuns))
	}
	if !(f.ci >= 0 && f.ci < 0.5) { // also NaN
		return fmt.Errorf("--ci %g: want a half width above 0 and below 0.5 (0.01 is one percentage point)", f.ci)
	}
	if f.workers < 0 || f.workers > 4096 {
		return fmt.Errorf("--workers %d: want 0 (one per CPU) to 4096", f.workers)
	}
	if f.replicateSet && f.replicate < 0 {
		return fmt.Errorf("--replicate %d: want the number of a game of the seed, from 0", f.replicate)
	}
	if f.replicate >= 0 && len(f.vary) > 0 {
		return errors.New("give --replicate or --vary, not both")
	}
	if f.balance != "" {
		switch {
		case len(f.vary) > 0:
			return errors.New("give --balance or --vary, not both")
		case f.replicate >= 0:
			return errors.New("give --replicate or --balance, not both")
		case f.ci > 0:
			return errors.New("--balance plays --runs games at each value it tries: not with --ci")
		case f.shard != "" || f.shards != 0 || f.out != "":
			return errors.New("--balance chooses each value from the rates before it, so it plays on one machine: it cannot be split into shards (--shard, --shards, --out); shard a --vary over the values instead")
		}
	}
	if !(f.target > 0 && f.target < 1) {
		return fmt.Errorf("--target %g: want a FRIENDLY win rate above 0 and below 1 (0.5 is even)", f.target)
	}
	if f.hist != "" && (len(f.vary) > 0 || f.balance != "") {
		return errors.New("--hist draws the games of one mission: not with --vary or --balance (give the value as the mission's)")
	}
	if f.csv != "" {
		if f.replicate >= 0 {
			return errors.New("--csv writes the rates of a run: not with --replicate")
		}
		if err := sim.FolderOf(f.csv, "CSV file"); err != nil {
			return err
		}
	}
	return f.checkReport()
}

// checkReport checks the flags of the report, pictures included: a
// picture that cannot be written fails now, not after the games.
func (f *simFlags) checkReport() error {
	if f.heatmap != "presence" && f.heatmap != "setup" {
		return fmt.Errorf("--heatmap %q: want presence or setup", f.heatmap)
	}
	if f.hist != "" {
		if _, err := render.FormatOf(f.hist); err != nil {
			return err
		}
	}
	if err := f.pictures.check(); err != nil {
		return err
	}
	for _, path := range []string{f.hist, f.pictures.svg, f.pictures.png, f.pictures.pdf} {
		if err := sim.FolderOf(path, "picture"); err != nil {
			return err
		}
	}
	return nil
}

func runSim(cmd *cobra.Command, o *options, f *simFlags) (err error) {
	f.replicateSet = cmd.Flags().Changed("replicate")
	if err := f.check(); err != nil {
		return err
	}
	shardsSet := cmd.Flags().Changed("shards")
	shard, shards, err := sim.ShardOf(f.shard, f.shards, shardsSet, os.Getenv)
	if err != nil {
		return err
	}
	if f.shard != "" || shardsSet {
		switch {
		case f.out == "":
			return fmt.Errorf("shard %d of %d: give --out FOLDER/ (or FILE) to write its part into", shard, shards)
		case !cmd.Flags().Changed("seed"):
			return errors.New("a shard needs --seed: every shard of a run plays the games of one seed")
		case f.ci > 0:
			return errors.New("--ci cannot split into shards: a sharded run plays its --runs games")
		case f.replicate >= 0:
			return errors.New("give --replicate or --shard, not both")
		case f.pictures.any() || f.hist != "" || cmd.Flags().Changed("heatmap"):
			return errors.New("a shard draws no pictures: draw them with sasl sim merge")
		case f.shard == "" && !sim.IsFolder(f.out):
			return fmt.Errorf("--shards %d --out %s: every index writes its own part, so --out names a folder (end it with /)", shards, f.out)
		}
	}
	var path string // of the part
	if f.out != "" {
		if f.ci > 0 || f.replicate >= 0 {
			return errors.New("--out writes the part of a run of --runs games: not with --ci or --replicate")
		}
		if sim.EndsInSlash(f.out) {
			_ = os.MkdirAll(f.out, 0o755) // if it fails, checkPartPath says so
		}
		path = sim.PartPath(f.out, shard, shards)
		if err := sim.CheckPartPath(path); err != nil {
			return err
		}
	}
	// A shard says how far it is, and how it ended, in its progress file.
	var pw *sim.ProgressWriter
	if f.shard != "" || shardsSet {
		pw = sim.NewProgress(sim.ProgressPath(path), shard, shards, cmd.ErrOrStderr())
		defer func() { pw.End(err, errors.As(err, new(temporary))) }()
		// Stopped by a signal (Ctrl-C, a pod evicted), it says so: no
		// deferred End runs then, and the file would say "running".
		atSignal(func(sig os.Signal) { pw.Interrupted(signalName(sig)) })
	}
	seed := f.seed
	if !cmd.Flags().Changed("seed") {
		seed = newSeed()
		f.seed = seed
	}
	in := sim.Inputs{Mission: f.mission, Boards: o.boards, Tables: f.tables, Policy: state.Policy(f.policy)}
	if f.balance != "" {
		return runBalance(cmd, f, in)
	}
	run, err := sim.OpenSweep(in, f.vary)
	if err != nil {
		return err
	}
	runs := f.runs
	if f.ci > 0 && !cmd.Flags().Changed("runs") {
		runs = defaultCIRuns
	}
	w := cmd.OutOrStdout()
	if f.replicate >= 0 {
		rep, err := sim.Play(run.Preps[0], seed, uint64(f.replicate))
		if err != nil {
			return err
		}
		return writeReplicate(w, f, run.Header.Mission, run.Header.Boards, rep)
	}
	from, to := sim.Block(int64(runs), shard, shards)
	bar := newBar(cmd, int(to-from)*len(run.Preps), f.ci > 0)
	c := sim.Config{Runs: runs, Seed: seed, Workers: f.workers, CI: f.ci, Shard: shard, Shards: shards}
	// The run's ID names the engine, which for a development build takes
	// a digest of the executable (partEngine): made only for the files
	// that keep it.
	var id sim.RunID
	if pw != nil || f.out != "" {
		id = run.RunID(partEngine(), seed, int64(runs), shards)
	}
	if pw != nil {
		pw.Start(id, (to-from)*int64(len(run.Preps)))
	}
	if bar != nil || pw != nil {
		c.Progress = func(int) {
			if bar != nil {
				_ = bar.Add(1)
			}
			if pw != nil {
				pw.Played()
			}
		}
	}
	// The lines of sight earlier runs traced, read from the cache, and
	// those this run adds written back (sightcache.go).
	var worlds []*world.World
	for _, p := range run.Preps {
		worlds = append(worlds, p.W)
	}
	caches := openSightCaches(worlds)
	results, err := run.Run(c)
	if err != nil {
		return err
	}
	saveSightCaches(caches)
	if bar != nil {
		_ = bar.Finish()
		fmt.Fprintln(cmd.ErrOrStderr())
	}
	if f.out != "" {
		var tallies []*sim.Tally
		for _, r := range results {
			tallies = append(tallies, r.Tally)
		}
		part := sim.NewPart(id, shard, tallies)
		if err := writeFile(path, func(w io.Writer) error { _, err := part.WriteTo(w); return err }); err != nil {
			return temporary{err} // the folder took a file before the games
		}
		if shards > 1 {
			return writeShard(w, f.json, part, path, results[0])
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "sasl: the run's part written to %s (sasl sim merge %s gives this report)\n", path, path)
	}
	if err := simReport(w, f, run, results); err != nil {
		return err
	}
	if f.ci > 0 && slices.ContainsFunc(results, func(r *sim.Result) bool { return r.FriendlyWins.HalfWidth() > f.ci }) {
		fmt.Fprintf(w, "Note: --runs %d games were played before the interval came within %g either side of the rate.\n", runs, f.ci)
	}
	return nil
}

// writeShard says what a shard played and where its part is.
func writeShard(w io.Writer, asJSON bool, part *sim.Part, path string, r *sim.Result) error {
	if asJSON {
		return json.NewEncoder(w).Encode(struct {
			Shard      int      `json:"shard"`
			Shards     int      `json:"shards"`
			Replicates [2]int64 `json:"replicates"`
			Part       string   `json:"part"`
		}{part.Shard, part.Run.Shards, part.Block, path})
	}
	fmt.Fprintf(w, "Shard %d of %d of seed %d: games %d to %d of %d (FRIENDLY wins %d of %d); part written to %s.\n",
		part.Shard, part.Run.Shards, part.Run.Seed, part.Block[0], part.Block[1]-1, part.Run.Runs, r.FriendlyWins.Count, r.Runs, path)
	merge := filepath.Dir(path)
	if ok, _ := filepath.Match("part-*.json", filepath.Base(path)); !ok {
		merge = "PART... (" + path + " and the other shards' parts)"
	}
	fmt.Fprintf(w, "When every shard has run: sasl sim merge %s\n", merge)
	return nil
}

// partEngine names the engine in part files: its version and revision
// (engineVersion), and the SHA-256 of the executable when those do not
// tell builds apart (exactBuild: no revision, an unknown one, or
// uncommitted changes).
func partEngine() string {
	v := engineVersion()
	if exactBuild(v) {
		return v
	}
	exe, err := os.Executable()
	if err != nil {
		return v
	}
	fh, err := os.Open(exe)
	if err != nil {
		return v
	}
	defer fh.Close()
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(fh, 1<<30)); err != nil {
		return v
	}
	return fmt.Sprintf("%s executable-sha256:%.16x", v, h.Sum(nil))
}

// simReport prints (and draws) the report of a run: results are the
// mission's or, with sweeps, each cell's.
func simReport(w io.Writer, f *simFlags, run *sim.Sweep, results []*sim.Result) error {
	res, rows := results[0], run.Rows(results)
	if err := simPictures(f, run.Preps[0], res, run.Grid, rows); err != nil {
		return err
	}
	if f.csv != "" {
		if err := writeRatesCSV(f.csv, sweepCSV(run.Grid, results, rows)); err != nil {
			return err
		}
	}
	ph := run.World.Tables().PlaceholderSummary()
	if f.json {
		return writeSimJSON(w, run.Header, res, run.Grid, rows, ph)
	}
	writeSimText(w, run.World.Mission().Name, run.Header, res, run.Grid, rows, ph)
	return nil
}

// newBar is a progress bar on stderr when it is a terminal, nil otherwise.
func newBar(cmd *cobra.Command, games int, ci bool) *progressbar.ProgressBar {
	f, ok := cmd.ErrOrStderr().(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	total := int64(games)
	if ci {
		total = -1 // unknown: a spinner with the rate
	}
	return progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription("games"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("games"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100_000_000),
		progressbar.OptionClearOnFinish(),
	)
}

func writeReplicate(w io.Writer, f *simFlags, mission, boards string, r *sim.Replicate) error {
	replay := fmt.Sprintf("sasl play new --mission %s%s --seed %d --save game.yaml", mission, boardsFlag(boards), r.Seed)
	if f.json {
		return writeJSON(w, struct {
			Replicate uint64  `json:"replicate"`
			Seed      uint64  `json:"seed,string"`
			Winner    string  `json:"winner"`
			Why       string  `json:"why"`
			Exited    float64 `json:"enemy_exited"`
			Turns     int     `json:"turns"`
			SimSeed   uint64  `json:"sim_seed,string"`
			Replay    string  `json:"replay"`
		}{r.K, r.Seed, r.Winner, r.Why, r.Exited, r.Turns, f.seed, replay})
	}
	fmt.Fprintf(w, "Game %d of seed %d: game seed %d.\n", r.K, f.seed, r.Seed)
	fmt.Fprintf(w, "Winner: the %s side (%s).\n", strings.ToUpper(r.Winner), r.Why)
	fmt.Fprintf(w, "Replay it turn by turn: %s, then sasl play turn game.yaml until the last turn (%d).\n", replay, r.Turns)
	return nil
}

// writeSimJSON writes the report of a run as JSON; ph are the
// placeholders of the tables it played by. With sweeps, the report is the
// sweep's rows (each cell's games are its own).
func writeSimJSON(w io.Writer, hdr state.Game, r *sim.Result, g *sim.Grid, rows []sim.Row, ph *tables.PlaceholderSummary) error {
	if g != nil {
		out := struct {
			Runs         int64                      `json:"runs"`
			Seed         uint64                     `json:"seed,string"`
			Mission      string                     `json:"mission"`
			Policy       state.Policy               `json:"friendly_policy"`
			Sweep        sweepJSON                  `json:"sweep"`
			Placeholders *tables.PlaceholderSummary `json:"placeholder_tables,omitempty"`
		}{Runs: r.Runs, Seed: r.Seed, Mission: hdr.Mission, Policy: hdr.Policy, Placeholders: ph}
		out.Sweep.Keys = g.Keys()
		for _, row := range rows {
			res := row.Result
			out.Sweep.Rows = append(out.Sweep.Rows, sweepRowJSON{Value: row.Value, Values: row.Values, Runs: res.Runs, FriendlyWins: res.FriendlyWins,
				Losses: res.FriendlyLosses, Diff: row.Diff, EnemyExited: res.EnemyExited.Mean})
		}
		return json.NewEncoder(w).Encode(out)
	}
	out := struct {
		*sim.Result
		Mission      string                     `json:"mission"`
		Policy       state.Policy               `json:"friendly_policy"`
		Placeholders *tables.PlaceholderSummary `json:"placeholder_tables,omitempty"`
	}{Result: r, Mission: hdr.Mission, Policy: hdr.Policy, Placeholders: ph}
	return json.NewEncoder(w).Encode(out)
}

type sweepJSON struct {
	Keys []string       `json:"keys"`
	Rows []sweepRowJSON `json:"rows"`
}

type sweepRowJSON struct {
	Value        string     `json:"value"`
	Values       []string   `json:"values,omitempty"`
	Runs         int64      `json:"runs"`
	FriendlyWins sim.Rate   `json:"friendly_wins"`
	Losses       sim.Losses `json:"friendly_losses"`
	Diff         *sim.Diff  `json:"diff_from_previous,omitempty"`
	EnemyExited  float64    `json:"enemy_exited_mean"`
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

func ciText(r sim.Rate) string {
	return fmt.Sprintf("%s (95%% CI %s to %s, %s)", pct(r.Rate), pct(r.CI95[0]), pct(r.CI95[1]), r.Method)
}

func distText(d sim.Dist) string {
	if d.N == 0 {
		return "never"
	}
	return fmt.Sprintf("mean %.2f (95%% CI %.2f to %.2f), median %g, middle 95%% %g to %g",
		d.Mean, d.CI95[0], d.CI95[1], d.Quantiles[2], d.Quantiles[0], d.Quantiles[4])
}

// policyWords says what a FRIENDLY policy does, for the report.
var policyWords = map[state.Policy]string{
	game.PolicyHold:   "the FRIENDLY side holds its positions and fires (hold policy)",
	game.PolicyAttack: "the FRIENDLY side attacks the victory VPOs (attack policy)",
}

// writeSimText writes the report of a run for people; ph are the
// placeholders of the tables it played by. With sweeps, the report is the
// sweep's table (each cell's games are its own).
func writeSimText(w io.Writer, name string, hdr state.Game, r *sim.Result, g *sim.Grid, rows []sim.Row, ph *tables.PlaceholderSummary) {
	mission, boards := hdr.Mission, hdr.Boards
	games := fmt.Sprintf("%d games", r.Runs)
	if g != nil {
		games = fmt.Sprintf("%d games a value", r.Runs)
	}
	fmt.Fprintf(w, "%s (%s): %s, seed %d; %s\n", name, mission, games, r.Seed, policyWords[hdr.Policy])
	if notice := report.PlaceholdersText(ph); notice != "" {
		fmt.Fprintln(w, notice)
	}
	fmt.Fprintln(w)
	if g != nil {
		fmt.Fprintf(w, "FRIENDLY win rate by %s (replicate k of every value on the same seed):\n", g.Key())
		var pts []rateRow
		for _, row := range rows {
			pts = append(pts, rateRow{label: row.Value, games: row.Result.Runs, rate: row.Result.FriendlyWins, losses: row.Result.FriendlyLosses, diff: row.Diff})
		}
		writeRateTable(w, strings.Join(g.Keys(), ","), pts, false)
		fmt.Fprintf(w, "\nReplay game K of a value: give the mission that value, then sasl sim --mission FILE%s --seed %d --replicate K\n", boardsFlag(boards), r.Seed)
		return
	}
	fmt.Fprintf(w, "FRIENDLY wins: %d of %d = %s\n", r.FriendlyWins.Count, r.Runs, ciText(r.FriendlyWins))
	if l := r.FriendlyLosses; l.Total() > 0 {
		fmt.Fprintf(w, "FRIENDLY losses: %d: on a VPO the ENEMY Controls %d, on ENEMY exits %d, on both %d\n", l.Total(), l.VPO, l.Exits, l.Both)
	}
	fmt.Fprintf(w, "ENEMY squad-equivalents exited off the FBE: %s\n", distText(r.EnemyExited))
	fmt.Fprintln(w, "Turn an ENEMY unit first entered (S? set up there do not count):")
	for _, x := range r.FirstReach {
		fmt.Fprintf(w, "  %-10s in %d of %d games: %s\n", x.Where, x.Turn.N, r.Runs, distText(x.Turn))
	}
	fmt.Fprintf(w, "S? put in play (setup, entries, Human Waves): %s\n", distText(r.Placed))
	fmt.Fprintf(w, "S? Activated: %s\n", distText(r.Activated))
	fmt.Fprintf(w, "  of the setup and entries (not Human Wave S?): %s\n", distText(r.SetupS.Activated))
	fmt.Fprintf(w, "  dummies among them (SASL 5.1): %s\n", distText(r.SetupS.Dummies))
	fmt.Fprintf(w, "  squads they put in play (half-squads as 0.5): %.2f per S? Activated\n", r.SetupS.SquadsPerS)
	fmt.Fprintf(w, "Units eliminated: ENEMY %s\n", distText(r.Casualties["enemy"]))
	fmt.Fprintf(w, "                  FRIENDLY %s\n", distText(r.Casualties["friendly"]))
	fmt.Fprintf(w, "\nReplay game K: sasl sim --mission %s%s --seed %d --replicate K\n", mission, boardsFlag(boards), r.Seed)
}

// rateRow is a row of a table of win rates: a sweep's value, or a value a
// balance search played.
type rateRow struct {
	label  string
	games  int64
	rate   sim.Rate
	losses sim.Losses
	diff   *sim.Diff
	fitted float64
}

// writeRateTable writes the rows: the value, games, FRIENDLY wins with
// their interval, the change from the row before with its paired
// interval, the games lost by why, and with fitted the fitted curve's
// rate.
func writeRateTable(w io.Writer, head string, rows []rateRow, fitted bool) {
	width := len(head)
	for _, r := range rows {
		width = max(width, len(r.label))
	}
	wins := len("FRIENDLY wins")
	for _, r := range rows {
		wins = max(wins, len(ciText(r.rate)))
	}
	fit := ""
	if fitted {
		fit = "  fitted"
	}
	fmt.Fprintf(w, "  %-*s %7s  %-*s%s  %-30s  %s\n", width, head, "games", wins, "FRIENDLY wins", fit, "change from the row before", "lost on: VPO exits  both")
	for _, r := range rows {
		diff := ""
		if r.diff != nil {
			diff = fmt.Sprintf("%+.1f (95%% CI %+.1f to %+.1f)", 100*r.diff.Diff, 100*r.diff.CI95[0], 100*r.diff.CI95[1])
		}
		fit := ""
		if fitted {
			fit = "        "
			if !math.IsNaN(r.fitted) {
				fit = fmt.Sprintf("  %6s", pct(r.fitted))
			}
		}
		fmt.Fprintf(w, "  %-*s %7d  %-*s%s  %-30s  %12d %5d %5d\n", width, r.label, r.games, wins, ciText(r.rate), fit, diff, r.losses.VPO, r.losses.Exits, r.losses.Both)
	}
	fmt.Fprintln(w, "  (changes in percentage points, paired game by game on the same seeds: Newcombe's interval)")
}

// simPictures draws the pictures asked for.
func simPictures(f *simFlags, sp *sim.Prepared, r *sim.Result, g *sim.Grid, rows []sim.Row) error {
	if f.hist != "" {
		d := r.EnemyExited
		labels := make([]string, len(d.Bins))
		counts := make([]float64, len(d.Bins))
		for i, c := range d.Bins {
			labels[i] = strconv.FormatFloat(float64(i)/2, 'f', -1, 64)
			counts[i] = float64(c)
		}
		if len(counts) == 0 {
			labels, counts = []string{"0"}, []float64{0}
		}
		ch, err := render.HistogramChart(fmt.Sprintf("%s: ENEMY squad-equivalents exited, %d games, seed %d", sp.W.Mission().Name, r.Runs, r.Seed), "squad-equivalents exited off the FBE", labels, counts)
		if err != nil {
			return err
		}
		ch.Scale = f.pictures.scale
		if err := writeChart(f.hist, ch); err != nil {
			return err
		}
		f.pictures.wrote(f.hist)
	}
	if !f.pictures.any() {
		return nil
	}
	if g != nil {
		var pts []render.Estimate
		for _, row := range rows {
			fw := row.Result.FriendlyWins
			pts = append(pts, render.Estimate{Label: row.Value, Value: fw.Rate, Low: fw.CI95[0], High: fw.CI95[1]})
		}
		ch, err := render.RateChart(fmt.Sprintf("%s: FRIENDLY win rate, %d games a value, seed %d", sp.W.Mission().Name, r.Runs, r.Seed), wrapKey(strings.Join(g.Keys(), ","), 45), "FRIENDLY win rate (95% CI)", pts)
		if err != nil {
			return err
		}
		ch.Scale = f.pictures.scale
		return f.pictures.each(ch.Write)
	}
	counts := r.Tally.Setup
	if f.heatmap == "presence" {
		counts = make([]int64, len(r.Tally.Setup))
		for _, row := range r.Tally.Presence {
			for i, c := range row {
				counts[i] += c
			}
		}
	}
	var top int64
	for _, c := range counts {
		top = max(top, c)
	}
	heat := render.Heatmap{Value: func(h hex.Hex) (float64, bool) {
		c := sp.HexValue(counts, h)
		if c == 0 || top == 0 {
			return 0, false
		}
		return math.Sqrt(float64(c) / float64(top)), true // square root: rare paths stay visible
	}}
	ms := sp.W.Mission()
	what, unit := "where the ENEMY units that came on (entries, Human Waves) stood at each turn's end", "such units at a turn's end"
	if f.heatmap == "setup" {
		what, unit = "where the S? were set up", "S? set up"
	}
	s := render.NewScene(sp.W.Map(), table.MissionTitle(ms, fmt.Sprintf("%s, %d games", what, r.Runs), fmt.Sprintf("seed %d", r.Seed))...)
	table.Edges(s, ms)
	s.Add(heat)
	if top > 0 {
		// The square root spreads the colours: a quarter of the top
		// count is half way along the ramp.
		for _, v := range []float64{1, 0.5, 0.25, 0.1} {
			per := float64(top) * v * v / float64(r.Runs)
			s.Key(render.Heat{V: v}, fmt.Sprintf("%s: about %.3g a game", unit, per))
		}
	}
	locs, err := ms.VPOs(sp.W.Map())
	if err != nil {
		return err
	}
	var vpos render.Objectives
	for _, l := range locs {
		vpos = append(vpos, render.Objective{At: l.Hex, Label: "VPO", Color: render.EnemyColor})
	}
	if len(vpos) > 0 {
		s.Add(vpos)
		s.Key(vpos[0], "VPO (control changes from game to game)")
	}
	return f.pictures.write(s)
}

// boardsFlag is the --boards of a command to print, if a folder was given.
func boardsFlag(boards string) string {
	if boards == "" {
		return ""
	}
	return " --boards " + boards
}

func writeChart(path string, ch *render.Chart) error {
	format, err := render.FormatOf(path)
	if err != nil {
		return err
	}
	return writeFile(path, func(w io.Writer) error { return ch.Write(w, format) })
}
