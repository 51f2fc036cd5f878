package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/sim"
	"github.com/sasl-engine/sasl/state"
)

// runBalance runs sasl sim --balance KEY=LO..HI: the search, its report,
// its CSV and picture; a range that does not cross the target is an error
// naming the rates at both ends, after the report of what was played.
func runBalance(cmd *cobra.Command, f *simFlags, in sim.Inputs) error {
	run, err := sim.OpenBalance(in, f.balance)
	if err != nil {
		return err
	}
	bar := newBar(cmd, -1, true)
	c := sim.Config{Runs: f.runs, Seed: f.seed, Workers: f.workers}
	if bar != nil {
		c.Progress = func(int) { _ = bar.Add(1) }
	}
	b, err := run.Find(c, f.target)
	if err != nil {
		return err
	}
	if bar != nil {
		_ = bar.Finish()
		fmt.Fprintln(cmd.ErrOrStderr())
	}
	if f.csv != "" {
		if err := writeRatesCSV(f.csv, balanceCSV(b)); err != nil {
			return err
		}
	}
	if err := balancePicture(f, run, b); err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	if f.json {
		err = json.NewEncoder(w).Encode(struct {
			Runs    int          `json:"runs"`
			Seed    uint64       `json:"seed,string"`
			Mission string       `json:"mission"`
			Policy  state.Policy `json:"friendly_policy"`
			Balance *sim.Balance `json:"balance"`
			Ph      any          `json:"placeholder_tables,omitempty"`
		}{f.runs, f.seed, run.Header.Mission, run.Header.Policy, b, run.World.Tables().PlaceholderSummary()})
	} else {
		writeBalanceText(w, f, run, b)
	}
	if err != nil {
		return err
	}
	if msg := b.NoCrossing(); msg != "" {
		return fmt.Errorf("--balance %s: %s", f.balance, msg)
	}
	return nil
}

// writeBalanceText writes a search's report for people.
func writeBalanceText(w io.Writer, f *simFlags, run *sim.BalanceRun, b *sim.Balance) {
	hdr := run.Header
	fmt.Fprintf(w, "%s (%s): the value of %s from %d to %d at which the FRIENDLY side wins %s of its games; %d games a value, seed %d; %s\n",
		run.World.Mission().Name, hdr.Mission, b.Key, b.Range[0], b.Range[1], pct(b.Target), f.runs, f.seed, policyWords[hdr.Policy])
	if notice := report.PlaceholdersText(run.World.Tables().PlaceholderSummary()); notice != "" {
		fmt.Fprintln(w, notice)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "FRIENDLY win rate by %s, each value played on the same %d seeds:\n", b.Key, f.runs)
	var rows []rateRow
	for _, p := range b.Curve {
		r := rateRow{label: strconv.Itoa(p.Value), games: p.Runs, rate: p.FriendlyWins, diff: p.Diff, fitted: math.NaN()}
		if slices.Contains(b.FittedValues, p.Value) {
			r.fitted = p.Fitted
		}
		if p.Losses != nil {
			r.losses = *p.Losses
		}
		rows = append(rows, r)
	}
	writeRateTable(w, "value", rows, b.Crosses)
	fmt.Fprintln(w)
	if !b.Crosses {
		fmt.Fprintf(w, "No value on %d..%d: %s.\n", b.Range[0], b.Range[1], b.NoCrossing())
		return
	}
	fmt.Fprintf(w, "The fitted curve gives %s at %s=%.2f (95%% CI %.2f to %.2f), fitted to the values %s (%d games in all).\n",
		pct(b.Target), b.Key, b.Crossing, b.CI95[0], b.CI95[1], intsText(b.FittedValues), b.Games)
	at := sim.Rate{Rate: b.Rate, CI95: b.RateCI95}
	if b.Hit {
		fmt.Fprintf(w, "Balanced: %s=%d, where the FRIENDLY side won %s (95%% CI %s to %s).\n", b.Key, b.Value, pct(at.Rate), pct(at.CI95[0]), pct(at.CI95[1]))
		return
	}
	rate := func(x int) string {
		for _, p := range b.Curve {
			if p.Value == x {
				return fmt.Sprintf("%d (%s, 95%% CI %s to %s)", x, pct(p.FriendlyWins.Rate), pct(p.FriendlyWins.CI95[0]), pct(p.FriendlyWins.CI95[1]))
			}
		}
		return strconv.Itoa(x)
	}
	fmt.Fprintf(w, "No whole value's interval holds %s: the nearest are %s and %s; %s=%d is the nearer to the crossing.\n",
		pct(b.Target), rate(b.Below), rate(b.Above), b.Key, b.Value)
}

func intsText(xs []int) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += ", "
		}
		s += strconv.Itoa(x)
	}
	return s
}

// balancePicture draws a search's curve, if asked.
func balancePicture(f *simFlags, run *sim.BalanceRun, b *sim.Balance) error {
	if !f.pictures.any() {
		return nil
	}
	var pts []render.Point
	for _, p := range b.Curve {
		fw := p.FriendlyWins
		pts = append(pts, render.Point{X: float64(p.Value), Value: fw.Rate, Low: fw.CI95[0], High: fw.CI95[1]})
	}
	crossing, lo, hi := math.NaN(), 0.0, 0.0
	var curve func(float64) float64
	if b.Crosses {
		crossing, curve = b.Crossing, b.Fit.At
		lo, hi = float64(b.FittedValues[0]), float64(b.FittedValues[len(b.FittedValues)-1])
	}
	title := fmt.Sprintf("%s: FRIENDLY win rate, %d games a value, seed %d", run.World.Mission().Name, f.runs, f.seed)
	ch, err := render.BalanceChart(title, wrapKey(b.Key, 45), "FRIENDLY win rate", pts, curve, lo, hi, b.Target, crossing, b.CI95[0], b.CI95[1])
	if err != nil {
		return err
	}
	ch.Scale = f.pictures.scale
	return f.pictures.each(ch.Write)
}

// wrapKey breaks a long key into lines of about width characters, after
// a '+' or a '.', for a picture's label.
func wrapKey(key string, width int) string {
	var out []byte
	line := 0
	for i := 0; i < len(key); i++ {
		out = append(out, key[i])
		line++
		if line >= width && (key[i] == '+' || key[i] == '.') && i+1 < len(key) {
			out = append(out, '\n')
			line = 0
		}
	}
	return string(out)
}

// csvRow is a row of --csv: the values of the keys, then the rate.
type csvRow struct {
	values []string
	games  int64
	rate   sim.Rate
	diff   *sim.Diff
	losses sim.Losses
	fitted *float64
}

// csvTable is what --csv writes: the keys' names and the rows.
type csvTable struct {
	keys   []string
	fitted bool
	rows   []csvRow
}

// sweepCSV is the CSV of a run's results: a row a cell of the grid, or
// one row for a plain run.
func sweepCSV(g *sim.Grid, results []*sim.Result, rows []sim.Row) csvTable {
	var t csvTable
	if g == nil {
		r := results[0]
		t.rows = append(t.rows, csvRow{games: r.Runs, rate: r.FriendlyWins, losses: r.FriendlyLosses})
		return t
	}
	t.keys = g.Keys()
	for i, row := range rows {
		r := row.Result
		t.rows = append(t.rows, csvRow{values: g.Cells[i], games: r.Runs, rate: r.FriendlyWins, diff: row.Diff, losses: r.FriendlyLosses})
	}
	return t
}

// balanceCSV is the CSV of a search: a row a value played, in order.
func balanceCSV(b *sim.Balance) csvTable {
	t := csvTable{keys: []string{b.Key}, fitted: b.Crosses}
	for _, p := range b.Curve {
		r := csvRow{values: []string{strconv.Itoa(p.Value)}, games: p.Runs, rate: p.FriendlyWins, diff: p.Diff}
		if p.Losses != nil {
			r.losses = *p.Losses
		}
		if b.Crosses {
			r.fitted = &p.Fitted
		}
		t.rows = append(t.rows, r)
	}
	return t
}

// writeRatesCSV writes t into path: a header, then a row a value.
func writeRatesCSV(path string, t csvTable) error {
	return writeFile(path, func(w io.Writer) error { return t.write(w) })
}

func (t csvTable) write(w io.Writer) error {
	cw := csv.NewWriter(w)
	head := append(append([]string{}, t.keys...), "games", "friendly_wins", "rate", "ci95_low", "ci95_high",
		"diff_from_previous", "diff_ci95_low", "diff_ci95_high", "lost_on_vpo", "lost_on_exits", "lost_on_both")
	if t.fitted {
		head = append(head, "fitted_rate")
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	for _, r := range t.rows {
		rec := append(append([]string{}, r.values...), strconv.FormatInt(r.games, 10), strconv.FormatInt(r.rate.Count, 10),
			num(r.rate.Rate), num(r.rate.CI95[0]), num(r.rate.CI95[1]))
		if r.diff != nil {
			rec = append(rec, num(r.diff.Diff), num(r.diff.CI95[0]), num(r.diff.CI95[1]))
		} else {
			rec = append(rec, "", "", "")
		}
		rec = append(rec, strconv.FormatInt(r.losses.VPO, 10), strconv.FormatInt(r.losses.Exits, 10), strconv.FormatInt(r.losses.Both, 10))
		if t.fitted {
			if r.fitted != nil {
				rec = append(rec, num(*r.fitted))
			} else {
				rec = append(rec, "")
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
