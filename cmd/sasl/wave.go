package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/table"
	"github.com/spf13/cobra"
)

type waveFlags struct {
	missionFlags
	pictures pictureFlags
	turns    int
	friendly string
	save     string
	json     bool
}

func newWaveCmd(o *options) *cobra.Command {
	f := &waveFlags{}
	cmd := &cobra.Command{
		Use:   "wave",
		Short: "Run a mission's Human Waves turn by turn (SASL 4.3)",
		Long: `Run the SASL Human Waves of a mission for some turns against the FRIENDLY
positions (the mission's, or --friendly FILE): entry (4.31), movement with 8 MF
toward the FBE (4.32-4.324), Activation and unit generation (4.34-4.35), fire
group targets (4.36), release at obstacles (4.33), the chain rule (4.323), and
gap closing or advancing (4.322). Prints, per turn and phase, each unit's path
with the MF of each step, in rulebook notation.

--friendly FILE and --save FILE hold a game state (see the README): the FRIENDLY
units as you report them, and the ENEMY units, waves and VPO control as the
engine leaves them, so a mission can be played a turn at a time.`,
		Example: `  sasl wave
  sasl wave --turns 4 --seed 3 --png wave.png
  sasl wave --friendly positions.yaml --save next.yaml --dice "L B 3 5 Q V ..."`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWave(cmd, o, f)
		},
	}
	f.missionFlags.register(cmd)
	f.pictures.register(cmd)
	decimalVar(cmd.Flags(), &f.turns, "turns", 0, "turns to run (default: the mission's turns)")
	cmd.Flags().StringVar(&f.friendly, "friendly", "", "game state file with the FRIENDLY positions (and any ENEMY units, waves, VPO control)")
	cmd.Flags().StringVar(&f.save, "save", "", "write the game state after the last turn to this file")
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
	return cmd
}

func runWave(cmd *cobra.Command, o *options, f *waveFlags) error {
	if cmd.Flags().Changed("turns") && f.turns <= 0 {
		return fmt.Errorf("--turns %d: play at least one turn", f.turns)
	}
	var l *table.FileLock
	if err := table.NotOver(f.save, f.pictures.outputs()); f.save != "" && err != nil {
		return err
	}
	if f.save != "" { // the file it writes may be the one it reads (--friendly)
		var err error
		if l, err = table.Lock(f.save, tableOptions(cmd, o, f.save)); err != nil {
			return err
		}
		defer l.Release()
	}
	p, err := f.open(cmd, o)
	if err != nil {
		return err
	}
	if len(p.ms.HumanWave) == 0 && f.friendly == "" {
		return fmt.Errorf("%s (%s) brings on no Human Wave (add human_wave to the mission, or give a --friendly state with one)", p.ms.Name, p.ms.File)
	}
	var st *state.State
	if f.friendly != "" {
		if st, err = table.ReadState(f.friendly, p.m); err != nil {
			return err
		}
		if cmd.Flags().Changed("seed") || st.RNG == "" {
			st.RNG = "" // the seed of the command line (or a new one) rolls on
			st.Seed, st.HasSeed = p.seed, true
		}
	} else if st, err = p.ms.State(p.m); err != nil {
		return err
	}
	st.Mission, st.Boards, st.Tables = p.hdr.Mission, p.hdr.Boards, p.hdr.Tables
	st.MissionDigest, st.TablesDigest = p.hdr.MissionDigest, p.hdr.TablesDigest
	// The Human Waves alone, turn by turn: a plain game, whose file says
	// so (a journal it was read with no longer says its steps).
	st.Journal, st.Stopped, st.Plain = nil, nil, true
	st.Rules = state.RulesNow // nothing to replay: this sasl's rules
	if st.Policy == "" {
		st.Policy = game.PolicyPlayer // the player reports between Game Turns
	}
	if !st.HasSeed {
		st.Seed, st.HasSeed = p.seed, true
	}
	g, err := game.Resume(p.prep, st)
	if err != nil {
		return err
	}
	g.WavesOnly() // the Human Waves alone
	left := g.LastTurn() - st.Turn + 1
	turns := f.turns
	if turns == 0 {
		turns = left
	}
	if turns > left {
		return fmt.Errorf("--turns %d: the game stands at turn %d and %s ends after turn %d: at most %d more", turns, st.Turn, p.ms.Name, g.LastTurn(), max(left, 0))
	}
	var all []*game.Report
	for range turns {
		rep, err := g.Turn(p.scriptOrNil())
		if err != nil {
			return err
		}
		all = append(all, rep)
	}
	if err := p.leftover(); err != nil {
		return err
	}
	st = g.Snapshot() // where the turns left the game
	var trail []dice.Roll
	for _, rep := range all {
		trail = append(trail, rep.Dice...)
	}
	if f.pictures.any() {
		if err := f.pictures.write(table.TurnsScene(p.m, p.ms, all, st, p.diceName(), "")); err != nil {
			return err
		}
	}
	if f.save != "" {
		if err := table.SaveGame(f.save, l, g); err != nil {
			return err
		}
	}
	w := cmd.OutOrStdout()
	if f.json {
		return writeTurnsJSON(w, p, all, trail, nil)
	}
	fmt.Fprintln(w, p.header())
	for _, rep := range all {
		writeTurnText(w, p.words, rep.Turn, rep.Events)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, p.diceLine(trail))
	return nil
}

// writeTurnsJSON writes turns of a game: every event as data.
func writeTurnsJSON(w io.Writer, p *played, all []*game.Report, trail []dice.Roll, extra map[string]any) error {
	type turnJ struct {
		Turn   int                `json:"turn"`
		Events []report.EventJSON `json:"events"`
		Dice   string             `json:"dice"`
	}
	out := map[string]any{"mission": p.ms.Name, "dice": dice.Script(trail)}
	if sum := p.t.PlaceholderSummary(); sum != nil {
		out["placeholder_tables"] = sum
	}
	if p.script == nil {
		out["seed"] = strconv.FormatUint(p.seed, 10) // a string, as every seed in sasl's JSON
	}
	turns := []turnJ{}
	for _, rep := range all {
		turns = append(turns, turnJ{rep.Turn, p.words.JSON(rep.Events), dice.Script(rep.Dice)})
	}
	out["turns"] = turns
	for k, v := range extra {
		out[k] = v
	}
	return writeJSON(w, out)
}
