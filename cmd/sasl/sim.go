package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/sim"
)

type simFlags struct {
	mission, tables string
	runs            int
	seed            uint64
	workers         int
	ci              float64
	replicate       int64
	vary            string
	heatmap         string
	hist            string
	json            bool
	pictures        pictureFlags
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

Each game is an ordinary game with the FRIENDLY side played by the hold policy
(see sasl play): game k of seed S has the seed printed by
sasl sim --seed S --replicate K, and sasl play new --seed N replays it. The
mission needs victory conditions (victory: in the mission file). What the
simulator plays, and what it does not, is in the README.

--vary KEY=v1,v2,... plays the mission once for each value of one mission
value (the same seed for each: common random numbers) and gives the win rate
against the value. Keys: ` + sim.VaryKeys + `.

Pictures (--svg/--png/--pdf): a heatmap of the ENEMY on the map (--heatmap
presence or setup), or with --vary the win rate with its interval against the
value. --hist FILE draws the histogram of ENEMY squad-equivalents exited.`,
		Example: `  sasl sim --runs 2000 --seed 1
  sasl sim --mission examples/four-boards.yaml --boards ~/vasl/boards --runs 10000 --json
  sasl sim --ci 0.01 --png heat.png
  sasl sim --vary human_wave.1.turn=1,2,3,4 --png sweep.png
  sasl sim --seed 1 --replicate 17 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSim(cmd, o, f)
		},
	}
	cmd.Flags().StringVar(&f.mission, "mission", "", "mission file, or the name of a built-in demo mission (default crossroads)")
	cmd.Flags().StringVar(&f.tables, "tables", "", "YAML file of table values laid over the built-in tables")
	cmd.Flags().IntVar(&f.runs, "runs", 1000, "games to play (with --ci: at most this many; default then 1000000)")
	cmd.Flags().Uint64Var(&f.seed, "seed", 0, "seed of the simulation: the same seed gives the same result (default: a new seed, printed)")
	cmd.Flags().IntVar(&f.workers, "workers", 0, "games played at once (default: one per CPU); the result does not depend on it")
	cmd.Flags().Float64Var(&f.ci, "ci", 0, "play until the half width of the win rate's 95% interval is at most this (0.01 = one point)")
	cmd.Flags().Int64Var(&f.replicate, "replicate", -1, "play only game K of the seed and print its game seed and outcome")
	cmd.Flags().StringVar(&f.vary, "vary", "", "KEY=v1,v2,...: a balance sweep over one mission value")
	cmd.Flags().StringVar(&f.heatmap, "heatmap", "presence", "the map picture: presence (ENEMY units at the end of each turn, summed) or setup (S? set up)")
	cmd.Flags().StringVar(&f.hist, "hist", "", "draw the histogram of ENEMY squad-equivalents exited into this file (.svg, .png or .pdf)")
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
	f.pictures.register(cmd)
	return cmd
}

func runSim(cmd *cobra.Command, o *options, f *simFlags) error {
	if f.runs < 1 || f.runs > sim.MaxRuns {
		return fmt.Errorf("--runs %d: want 1 to %d", f.runs, int64(sim.MaxRuns))
	}
	if !(f.ci >= 0 && f.ci < 0.5) { // also NaN
		return fmt.Errorf("--ci %g: want a half width above 0 and below 0.5 (0.01 is one percentage point)", f.ci)
	}
	if f.workers < 0 || f.workers > 4096 {
		return fmt.Errorf("--workers %d: want 0 (one per CPU) to 4096", f.workers)
	}
	if f.heatmap != "presence" && f.heatmap != "setup" {
		return fmt.Errorf("--heatmap %q: want presence or setup", f.heatmap)
	}
	if f.replicate >= 0 && f.vary != "" {
		return errors.New("give --replicate or --vary, not both")
	}
	if f.hist != "" {
		if _, err := render.FormatOf(f.hist); err != nil {
			return err
		}
	}
	if err := f.pictures.check(); err != nil {
		return err
	}
	// A picture that cannot be written fails now, not after the games.
	for _, path := range []string{f.hist, f.pictures.svg, f.pictures.png, f.pictures.pdf} {
		if path == "" {
			continue
		}
		if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() {
			return fmt.Errorf("%s: no folder %s to write the picture into", path, filepath.Dir(path))
		}
	}
	prep, hdr, err := game.Open(f.mission, o.boards, f.tables)
	if err != nil {
		return err
	}
	seed := f.seed
	if !cmd.Flags().Changed("seed") {
		seed = newSeed()
		f.seed = seed
	}
	runs := f.runs
	if f.ci > 0 && !cmd.Flags().Changed("runs") {
		runs = defaultCIRuns
	}
	sp, err := sim.Prepare(prep, hdr.Mission)
	if err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	if f.replicate >= 0 {
		rep, err := sim.Play(sp, seed, uint64(f.replicate))
		if err != nil {
			return err
		}
		return writeReplicate(w, f, hdr.Mission, hdr.Boards, rep)
	}
	var vary *sim.Vary
	if f.vary != "" {
		if vary, err = sim.ParseVary(f.vary, prep.Mission()); err != nil {
			return err
		}
	}
	cfg := sim.Config{Runs: runs, Seed: seed, Workers: f.workers, CI: f.ci}
	bar := newBar(cmd, runs, f.ci > 0, vary)
	run := func(p *sim.Prepared) (*sim.Result, error) {
		c := cfg
		if bar != nil {
			c.Progress = func(int) { _ = bar.Add(1) }
		}
		return sim.Run(p, c)
	}
	res, err := run(sp)
	if err != nil {
		return err
	}
	var rows []sim.Row
	if vary != nil {
		for _, v := range vary.Values {
			ms, err := vary.Apply(prep.Mission(), v)
			if err != nil {
				return err
			}
			vp, err := game.Prepare(ms, prep.Map(), prep.Tables())
			if err != nil {
				return err
			}
			vsp, err := sim.Prepare(vp, hdr.Mission)
			if err != nil {
				return err
			}
			r, err := run(vsp)
			if err != nil {
				return fmt.Errorf("--vary %s=%s: %w", vary.Key, v, err)
			}
			rows = append(rows, sim.Row{Value: v, Result: r})
		}
	}
	if bar != nil {
		_ = bar.Finish()
		fmt.Fprintln(cmd.ErrOrStderr())
	}
	if err := simPictures(f, sp, res, vary, rows); err != nil {
		return err
	}
	if f.json {
		return writeSimJSON(w, hdr.Mission, res, vary, rows)
	}
	writeSimText(w, prep.Mission().Name, hdr.Mission, hdr.Boards, res, vary, rows)
	if f.ci > 0 && res.FriendlyWins.HalfWidth() > f.ci {
		fmt.Fprintf(w, "Note: --runs %d games were played before the interval came within %g either side of the rate.\n", runs, f.ci)
	}
	return nil
}

// newBar is a progress bar on stderr when it is a terminal, nil otherwise.
func newBar(cmd *cobra.Command, runs int, ci bool, vary *sim.Vary) *progressbar.ProgressBar {
	f, ok := cmd.ErrOrStderr().(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	total := int64(runs)
	if vary != nil {
		total *= int64(len(vary.Values) + 1)
	}
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
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(struct {
			Replicate uint64  `json:"replicate"`
			Seed      uint64  `json:"seed"`
			Winner    string  `json:"winner"`
			Why       string  `json:"why"`
			Exited    float64 `json:"enemy_exited"`
			Turns     int     `json:"turns"`
			SimSeed   uint64  `json:"sim_seed"`
			Replay    string  `json:"replay"`
		}{r.K, r.Seed, r.Winner, r.Why, r.Exited, r.Turns, f.seed, replay})
	}
	fmt.Fprintf(w, "Game %d of seed %d: game seed %d.\n", r.K, f.seed, r.Seed)
	fmt.Fprintf(w, "Winner: the %s side (%s).\n", strings.ToUpper(r.Winner), r.Why)
	fmt.Fprintf(w, "Replay it turn by turn: %s, then sasl play turn game.yaml until the last turn (%d).\n", replay, r.Turns)
	return nil
}

func writeSimJSON(w io.Writer, mission string, r *sim.Result, vary *sim.Vary, rows []sim.Row) error {
	out := struct {
		*sim.Result
		Mission string     `json:"mission"`
		Policy  string     `json:"friendly_policy"`
		Sweep   *sweepJSON `json:"sweep,omitempty"`
	}{Result: r, Mission: mission, Policy: game.PolicyHold}
	if vary != nil {
		out.Sweep = &sweepJSON{Key: vary.Key}
		for _, row := range rows {
			out.Sweep.Rows = append(out.Sweep.Rows, sweepRowJSON{Value: row.Value, Runs: row.Result.Runs, FriendlyWins: row.Result.FriendlyWins, EnemyExited: row.Result.EnemyExited.Mean})
		}
	}
	enc := json.NewEncoder(w)
	return enc.Encode(out)
}

type sweepJSON struct {
	Key  string         `json:"key"`
	Rows []sweepRowJSON `json:"rows"`
}

type sweepRowJSON struct {
	Value        string   `json:"value"`
	Runs         int64    `json:"runs"`
	FriendlyWins sim.Rate `json:"friendly_wins"`
	EnemyExited  float64  `json:"enemy_exited_mean"`
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

func writeSimText(w io.Writer, name, mission, boards string, r *sim.Result, vary *sim.Vary, rows []sim.Row) {
	fmt.Fprintf(w, "%s (%s): %d games, seed %d; the FRIENDLY side holds its positions (hold policy)\n\n", name, mission, r.Runs, r.Seed)
	fmt.Fprintf(w, "FRIENDLY wins: %d of %d = %s\n", r.FriendlyWins.Count, r.Runs, ciText(r.FriendlyWins))
	fmt.Fprintf(w, "ENEMY squad-equivalents exited off the FBE: %s\n", distText(r.EnemyExited))
	fmt.Fprintln(w, "Turn an ENEMY unit first entered (S? set up there do not count):")
	for _, x := range r.FirstReach {
		fmt.Fprintf(w, "  %-10s in %d of %d games: %s\n", x.Where, x.Turn.N, r.Runs, distText(x.Turn))
	}
	fmt.Fprintf(w, "S? put in play (setup, entries, Human Waves): %s\n", distText(r.Placed))
	fmt.Fprintf(w, "S? Activated: %s\n", distText(r.Activated))
	fmt.Fprintf(w, "Units eliminated: ENEMY %s\n", distText(r.Casualties["enemy"]))
	fmt.Fprintf(w, "                  FRIENDLY %s\n", distText(r.Casualties["friendly"]))
	if vary != nil {
		fmt.Fprintf(w, "\nFRIENDLY win rate by %s:\n", vary.Key)
		fmt.Fprintf(w, "  %-10s %8s  %s\n", "value", "games", "FRIENDLY wins")
		for _, row := range rows {
			fmt.Fprintf(w, "  %-10s %8d  %s\n", row.Value, row.Result.Runs, ciText(row.Result.FriendlyWins))
		}
	}
	fmt.Fprintf(w, "\nReplay game K: sasl sim --mission %s%s --seed %d --replicate K\n", mission, boardsFlag(boards), r.Seed)
}

// simPictures draws the pictures asked for.
func simPictures(f *simFlags, sp *sim.Prepared, r *sim.Result, vary *sim.Vary, rows []sim.Row) error {
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
		ch, err := render.HistogramChart(fmt.Sprintf("ENEMY squad-equivalents exited (%d games)", r.Runs), "squad-equivalents exited off the FBE", labels, counts)
		if err != nil {
			return err
		}
		if err := writeChart(f.hist, ch); err != nil {
			return err
		}
	}
	if !f.pictures.any() {
		return nil
	}
	if vary != nil {
		var pts []render.Estimate
		for _, row := range rows {
			fw := row.Result.FriendlyWins
			pts = append(pts, render.Estimate{Label: row.Value, Value: fw.Rate, Low: fw.CI95[0], High: fw.CI95[1]})
		}
		ch, err := render.RateChart(fmt.Sprintf("FRIENDLY win rate by %s (seed %d, 95%% CI)", vary.Key, r.Seed), vary.Key, "FRIENDLY win rate", pts)
		if err != nil {
			return err
		}
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
	return f.pictures.write(sp.P.Map(), []render.Layer{heat})
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
