package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/table"
)

func newPlayCmd(o *options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play a whole mission, one turn at a time, in one game file",
		Long: `Play the ENEMY side of a mission from setup to the last turn in one game file.

  sasl play new --mission M --save game.yaml   sets the mission up (SASL 4.1)
  sasl play next game.yaml                     plays on to your next decision
  sasl play show game.yaml                     shows where everything stands

You play the FRIENDLY side (--policy player, the default). The game stops
wherever you decide: before each phase of your Player Turn you act in, at
each ENEMY move a unit of yours could First Fire at within its normal range
(--first-fire every: long range too; pbf: Point Blank Fire only), before the
ENEMY's DFPh and before Close Combat (--stop turn: less often). At a stop:

  sasl play move game.yaml F1 4T5              move (MPh) or advance (APh)
  sasl play fire game.yaml --from 4T6 --at 4T4 Prep, First, Defensive or Advancing Fire
  sasl play set game.yaml F2 pinned            report a unit broken, pinned, good ...
  sasl play next game.yaml                     on to the next stop
  sasl play pass game.yaml                     let the engine decide this stop (as hold)
  sasl play undo game.yaml --steps 2           take the last steps back
  sasl play log game.yaml                      what happened, step by step

With --policy hold (the one sasl sim plays) or attack the engine plays the
FRIENDLY side too, and sasl play turn plays whole Game Turns: with hold,
FRIENDLY units keep their positions, First Fire at moving ENEMY units and
fire in the DFPh, rally in the RPh, and every attack is resolved on the
Infantry Fire Table (Close Combat on the CC Table). After the last turn the
mission's victory conditions name the winner.

The engine rolls what the ENEMY does (its fire, your Morale Checks, Close
Combat, its rallies) with the seed's dice, or yours with --dice. Each command
is a step of the journal the game file keeps with its dice: the file resumes
anywhere, and replaying the journal from the setup gives the same file.`,
	}
	cmd.PersistentFlags().DurationVar(&o.wait, "wait", 10*time.Second, "how long to wait for another sasl command using the game file to end")
	cmd.AddCommand(newPlayNewCmd(o), newPlayTurnCmd(o), newPlayShowCmd(o),
		newPlayNextCmd(o, game.Next), newPlayNextCmd(o, game.Pass), newPlayMoveCmd(o), newPlayFireCmd(o),
		newPlaySetCmd(o), newPlayUndoCmd(o), newPlayLogCmd(o), newPlayUpgradeCmd(o), newPlayPreviewCmd(o))
	return cmd
}

type playNewFlags struct {
	missionFlags
	pictures pictureFlags
	save     string
	policy   string
	stop     string
	fire     string
	force    bool
	json     bool
	// friendlyFrom is a VASL save whose units are the FRIENDLY setup.
	friendlyFrom string
}

// stopModes and firstFireValues are the values of --stop and
// --first-fire, as their help says them (play new, play next, serve).
const (
	stopModes       = "fire (every decision, each First Fire chance too), phase (before phases, and First Fire) or turn (your own Player Turn only)"
	firstFireValues = "every (every shot, long range too: ASL A7.22), normal (a shot within normal range) or pbf (Point Blank Fire only: ADJACENT or the same Location, A7.21); the others the engine decides as the hold policy does"
)

func newPlayNewCmd(o *options) *cobra.Command {
	f := &playNewFlags{}
	cmd := &cobra.Command{
		Use:   "new",
		Short: "Set a mission up and write the game file",
		Example: `  sasl play new --save game.yaml
  sasl play new --mission my.yaml --boards ~/vasl/boards --seed 7 --save game.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.save == "" {
				return errors.New("play new: give --save FILE, the game file to write")
			}
			policy, err := game.ParsePolicy(f.policy)
			if err != nil || f.policy == "" {
				return fmt.Errorf("--policy %q: want player (you play the FRIENDLY side), or hold or attack (the engine does, as sasl sim does)", f.policy)
			}
			mode, err := game.ParseStopMode(f.stop)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("stop") && policy != game.PolicyPlayer {
				return fmt.Errorf("--stop %s: the game stops for you only with --policy player", f.stop)
			}
			stops := game.Stops{Mode: mode}
			if policy == game.PolicyPlayer {
				if stops.FirstFire, err = game.ParseFireStops(f.fire); err != nil {
					return err
				}
			} else if cmd.Flags().Changed("first-fire") {
				return fmt.Errorf("--first-fire %s: the game stops for you only with --policy player", f.fire)
			}
			if err := table.NotOver(f.save, f.pictures.outputs("--friendly-from", f.friendlyFrom)); err != nil {
				return err
			}
			if st, err := os.Stat(f.save); err == nil && st.Mode().IsRegular() && !f.force {
				return fmt.Errorf("--save %s: the file exists (a game in progress?); give --force to replace it", f.save)
			}
			written := "" // the mission file --friendly-from writes
			var before func() error
			if f.friendlyFrom != "" {
				// Under the game file's lock: a game in progress keeps its
				// mission file while another command holds it.
				before = func() error {
					var err error
					if written, err = table.MissionFromSave(f.mission, f.friendlyFrom, f.save, f.force, cmd.ErrOrStderr()); err != nil {
						return err
					}
					f.mission = written
					return nil
				}
				defer func() {
					if written != "" {
						os.Remove(written) // the game was not set up: nothing half-written
					}
				}()
			}
			p, setup, err := setUp(cmd, o, &f.missionFlags, &f.pictures, policy, stops, f.save, f.force, before)
			if err != nil {
				return err
			}
			// Who plays the FRIENDLY side is said, the default (you) too.
			next := fmt.Sprintf("the engine plays the FRIENDLY side (--policy %s); play a turn with sasl play turn %s", policy, f.save)
			if policy == game.PolicyPlayer {
				next = "the FRIENDLY side is yours (--policy hold lets the engine play it); play on to your first decision with sasl play next " + f.save
			}
			if written != "" {
				fmt.Fprintf(cmd.ErrOrStderr(), "Mission with your VASL units written to %s\n", written)
				written = ""
				next = fmt.Sprintf("put the ENEMY into your save with sasl vasl write %s --into %s --out NEW.vsav", f.save, f.friendlyFrom)
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "Game written to %s: %s\n", f.save, next)
			return writeSetup(cmd.OutOrStdout(), p, setup, f.json)
		},
	}
	f.missionFlags.register(cmd)
	f.pictures.register(cmd)
	cmd.Flags().StringVar(&f.save, "save", "", "the game file to write (required)")
	cmd.Flags().BoolVar(&f.force, "force", false, "replace the --save file if it exists")
	cmd.Flags().StringVar(&f.policy, "policy", string(game.PolicyPlayer), "who plays the FRIENDLY side: player (you, at the table), or hold or attack (the engine, as sasl sim)")
	cmd.Flags().StringVar(&f.stop, "stop", "fire", "with --policy player, how often the game stops for you: "+stopModes)
	cmd.Flags().StringVar(&f.fire, "first-fire", game.DefaultFireStops.String(), "with --policy player, which ENEMY moves the game stops at for your First Fire: "+firstFireValues)
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
	cmd.Flags().StringVar(&f.friendlyFrom, "friendly-from", "", "your VASL save (.vsav): its units on the boards are the FRIENDLY setup (written with the mission to GAME.mission.yaml)")
	return cmd
}

type playTurnFlags struct {
	pictures pictureFlags
	// mission, tables: files to play on with, changed since the game began
	mission, tables string
	turns           int
	dice            string
	json            bool
	// friendlyFrom, vaslOut: the player's VASL save read, and the save the
	// ENEMY's turn is written into.
	friendlyFrom, vaslOut string
	force                 bool
}

func newPlayTurnCmd(o *options) *cobra.Command {
	f := &playTurnFlags{}
	cmd := &cobra.Command{
		Use:   "turn GAME",
		Short: "Play the next Game Turn (or --turns N) and write the game back",
		Long: `Play the next Game Turn in rule order: RPh (S? entering, SASL 4.2; Human
Waves, 4.31), MPh (4.32-4.35), DFPh, AFPh (4.36), APh (4.322, 4.37), CCPh, then
write the game file back. With the hold policy the engine plays the FRIENDLY side
too (rally, First Fire, Defensive Fire, Close Combat, every attack resolved) and
names the winner after the last turn. A run that fails leaves the file as it was.

With --friendly-from SAVE.vsav (a game of policy player set up with play new
--friendly-from) your latest VASL save is your report instead of commands: a
unit of yours gone from the boards is eliminated, one broken, rallied, reduced,
hidden or revealed is reported so, one on another hex moves there in your MPh.
Your fire is the engine's, as with play pass. The game plays on to your next
PFPh (your MPh, when no unit of yours can fire), where your next save's moves
are read before any Prep Fire; --vasl-out NEW.vsav writes the ENEMY's turn into
a copy of your save.`,
		Example: `  sasl play turn game.yaml
  sasl play turn game.yaml --turns 2 --png turns.png
  sasl play turn game.yaml --dice "3 Q S 4"
  sasl play turn game.yaml --friendly-from mine.vsav --vasl-out enemy.vsav`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.turns <= 0 {
				return fmt.Errorf("--turns %d: play at least one turn", f.turns)
			}
			path := args[0]
			if err := table.NotOver(path, f.pictures.outputs("--vasl-out", f.vaslOut)); err != nil {
				return err
			}
			to := tableOptions(cmd, o, path)
			to.Mission, to.Tables = f.mission, f.tables
			var script *dice.ScriptRoller
			if cmd.Flags().Changed("dice") {
				var err error
				if script, err = dice.Scripted(f.dice); err != nil {
					return err
				}
				if len(script.Left()) == 0 {
					return errors.New(`--dice "": give the rolls, such as --dice "3 Q S 4"`)
				}
			}
			if f.friendlyFrom != "" {
				if cmd.Flags().Changed("turns") {
					return errors.New("--turns: with --friendly-from the game plays on to your next PFPh (or MPh), where your next save takes over")
				}
				return turnFromSave(cmd, path, to, f, script)
			}
			if f.vaslOut != "" {
				return errors.New("--vasl-out: give --friendly-from SAVE.vsav too: the ENEMY's turn is written into your save")
			}
			t, err := table.Open(path, to)
			if err != nil {
				return err
			}
			defer t.Close()
			all, err := t.Turns(f.turns, script)
			if err != nil {
				return err
			}
			g := t
			if f.pictures.any() {
				dice := table.SeedText(g.Header())
				if script != nil {
					dice = "your dice"
				}
				if err := f.pictures.write(table.TurnsScene(g.World().Map(), g.World().Mission(), all, g.Snapshot(), dice, g.Winner())); err != nil {
					return err
				}
			}
			if err := t.Save(); err != nil {
				return err
			}
			o.saved = path
			p := newPlayed(g.World())
			p.seed = g.Header().Seed
			var trail []dice.Roll
			for _, rep := range all {
				trail = append(trail, rep.Dice...)
			}
			w := cmd.OutOrStdout()
			if f.json {
				return writeTurnsJSON(w, p, all, trail, map[string]any{"game": t.View()})
			}
			fmt.Fprintln(w, p.header())
			for _, rep := range all {
				writeTurnText(w, p.words, rep.Turn, rep.Events)
			}
			fmt.Fprintln(w)
			stop := t.Stop()
			switch {
			case g.Over():
				fmt.Fprintf(w, "That was the mission's last turn (%d): the game is over. Written to %s.\n", g.LastTurn(), path)
				writeWinner(w, g)
			case stop.Kind != state.TurnStart:
				fmt.Fprintf(w, "Written to %s: %s.\nAsked: %s\n", path, report.Where(stop), t.Asked())
			default:
				fmt.Fprintf(w, "Written to %s: the game stands before turn %d of %d.\n", path, t.View().Turn, g.LastTurn())
			}
			fmt.Fprintf(w, "Dice: %s\n", dice.Script(trail))
			return nil
		},
	}
	f.pictures.register(cmd)
	decimalVar(cmd.Flags(), &f.turns, "turns", 1, "the number of turns to play")
	cmd.Flags().StringVar(&f.mission, "mission", "", "play on with this mission file, changed since the game began (given on purpose)")
	cmd.Flags().StringVar(&f.tables, "tables", "", "play on with this tables file, changed since the game began (given on purpose)")
	cmd.Flags().StringVar(&f.dice, "dice", "", "your own rolls for these turns, in rule order")
	cmd.Flags().StringVar(&f.friendlyFrom, "friendly-from", "", "your latest VASL save (.vsav): your units' moves and results as it shows them, instead of commands; the game plays on to your next PFPh (or MPh), where the next save speaks for your Prep Fire and moves")
	cmd.Flags().StringVar(&f.vaslOut, "vasl-out", "", "with --friendly-from, write the ENEMY's turn into a copy of your save (a new .vsav)")
	cmd.Flags().BoolVar(&f.force, "force", false, "replace the --vasl-out file if it exists")
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
	return cmd
}

type playShowFlags struct {
	pictures pictureFlags
	json     bool
	since    int
}

func newPlayShowCmd(o *options) *cobra.Command {
	f := &playShowFlags{}
	cmd := &cobra.Command{
		Use:   "show GAME",
		Short: "Show where everything stands in a game",
		Example: `  sasl play show game.yaml
  sasl play show game.yaml --png now.png
  sasl play show game.yaml --since 12 --png since12.png`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := table.NotOver(args[0], f.pictures.outputs()); err != nil {
				return err
			}
			if cmd.Flags().Changed("since") {
				return showSince(cmd, o, f, args[0])
			}
			t, err := table.Read(args[0], tableOptions(cmd, o, args[0]))
			if err != nil {
				return err
			}
			defer t.Close()
			g := t
			m, st, words := g.World().Map(), g.Snapshot(), report.New(g.World())
			if f.pictures.any() {
				if err := f.pictures.write(g.ShowScene()); err != nil {
					return err
				}
			}
			w := cmd.OutOrStdout()
			if f.json {
				return writeJSON(w, t.View())
			}
			ms := g.World().Mission()
			fmt.Fprintf(w, "%s (%s)\n", ms.Name, st.Mission)
			fmt.Fprintln(w, capitalize(report.AttitudeText(g.World().Attitude()))+".")
			if g.Over() {
				fmt.Fprintf(w, "The game is over: the mission ended after turn %d.\n", g.LastTurn())
				writeWinner(w, g)
			} else {
				// Where the game stands, as the stop says it (a First Fire
				// stop is in the ENEMY MPh, not before it).
				where := report.Where(g.Stop())
				if rest, ok := strings.CutPrefix(where, fmt.Sprintf("turn %d, ", st.Turn)); ok {
					fmt.Fprintf(w, "Turn %d of %d, %s.\n", st.Turn, g.LastTurn(), rest)
				} else { // before a Game Turn
					fmt.Fprintf(w, "Turn %d of %d, before its %s.\n", st.Turn, g.LastTurn(), st.Phase)
				}
			}
			if notice := report.PlaceholdersText(g.World().Tables().PlaceholderSummary()); notice != "" {
				fmt.Fprintln(w, notice)
			}
			for _, side := range []state.Side{state.Enemy, state.Friendly} {
				fmt.Fprintf(w, "\n%s units:\n", map[state.Side]string{state.Enemy: "ENEMY", state.Friendly: "FRIENDLY"}[side])
				for _, u := range st.Units() {
					if u.Side == side {
						fmt.Fprintf(w, "  %s\n", words.UnitText(u))
					}
				}
			}
			for _, wv := range st.Waves {
				fmt.Fprintf(w, "\nHuman Wave %s: entered along the %s edge, HW Direction counter on %s\n", wv.ID, wv.Edge, m.NameString(wv.Direction))
			}
			if len(st.VPO) > 0 {
				fmt.Fprintln(w, "\nVPO:")
				for _, c := range st.VPO {
					fmt.Fprintf(w, "  %-8s %s\n", m.LocationName(c.At), map[state.Side]string{state.Enemy: "ENEMY", state.Friendly: "FRIENDLY"}[c.Side])
				}
			}
			return nil
		},
	}
	f.pictures.register(cmd)
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
	decimalVar(cmd.Flags(), &f.since, "since", 0, "list and draw only what happened from this step of the journal on")
	return cmd
}

// showSince lists and draws what happened from step f.since on.
func showSince(cmd *cobra.Command, o *options, f *playShowFlags, path string) error {
	t, err := table.Read(path, tableOptions(cmd, o, path))
	if err != nil {
		return err
	}
	defer t.Close()
	if n := len(t.Journal()); f.since < 2 || f.since > n {
		return fmt.Errorf("--since %d: the game has steps 2 to %d after its setup", f.since, n)
	}
	steps, err := t.Steps(f.since)
	if err != nil {
		return err
	}
	if f.pictures.any() {
		var reps []*game.Report
		for _, st := range steps {
			reps = append(reps, &game.Report{Turn: t.TurnAt(st.First), Events: st.Events, Dice: st.Dice})
		}
		g := t
		if err := f.pictures.write(table.TurnsScene(g.World().Map(), g.World().Mission(), reps, g.Snapshot(), table.SeedText(g.Header()), g.Winner())); err != nil {
			return err
		}
	}
	return writeSteps(cmd.OutOrStdout(), t, steps, path, f.json)
}

// writeWinner names the winner of a finished game by the mission's victory
// conditions.
func writeWinner(w io.Writer, g *table.Game) {
	if _, ok := g.Outcome(); !ok {
		fmt.Fprintln(w, "The mission gives no victory conditions (victory: in the mission file): no winner is named.")
		return
	}
	fmt.Fprintln(w, g.Winner()+".")
}
