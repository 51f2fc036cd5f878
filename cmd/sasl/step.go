package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/table"
)

// This file is the player's commands of sasl play: each a step of the
// game's journal, done at the stop the game stands at and written back.

// stepFlags are the flags every step command takes.
type stepFlags struct {
	// mission, tables: files to play on with, changed or moved since the
	// game began (given on purpose).
	mission, tables string
	dice            string
	json            bool
}

func (f *stepFlags) register(cmd *cobra.Command, dice bool) {
	cmd.Flags().StringVar(&f.mission, "mission", "", "play on with this mission file (moved, or changed since the game began: given on purpose)")
	cmd.Flags().StringVar(&f.tables, "tables", "", "play on with this tables file, changed since the game began (given on purpose)")
	if dice {
		cmd.Flags().StringVar(&f.dice, "dice", "", "your own rolls for this step, in rule order")
	}
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
}

// script is the player's own dice of --dice, nil for the seed's.
func (f *stepFlags) script(cmd *cobra.Command) (*dice.ScriptRoller, error) {
	if !cmd.Flags().Changed("dice") {
		return nil, nil
	}
	s, err := dice.Scripted(f.dice)
	if err != nil {
		return nil, err
	}
	if len(s.Left()) == 0 {
		return nil, errors.New(`--dice "": give the rolls, such as --dice "3 4"`)
	}
	return s, nil
}

// tableOptions are the options every command opens a game file with: the
// --boards folder, --wait, and the command line as the lock file says it.
func tableOptions(cmd *cobra.Command, o *options, path string) table.Options {
	return table.Options{Boards: o.boards, Wait: o.wait, Who: cmd.CommandPath() + " " + path}
}

// openLocked opens game file path under its lock, as every command that
// writes it begins (close it).
func openLocked(cmd *cobra.Command, o *options, path string, f *stepFlags) (*table.Game, error) {
	to := tableOptions(cmd, o, path)
	to.Mission, to.Tables = f.mission, f.tables
	return table.Open(path, to)
}

// stepRun is one step command's run: the game file opened under its lock,
// the command done and the file written back; then what changed is
// printed.
func stepRun(cmd *cobra.Command, o *options, path string, f *stepFlags, command func(m *board.Map) (game.Command, error)) error {
	t, err := openLocked(cmd, o, path, f)
	if err != nil {
		return err
	}
	defer t.Close()
	c, err := command(t.World().Map())
	if err != nil {
		return err
	}
	script, err := f.script(cmd)
	if err != nil {
		return err
	}
	step, err := t.Do(c, script)
	if err != nil {
		return err
	}
	if err := t.Save(); err != nil {
		return err
	}
	o.saved = path
	return writeSteps(cmd.OutOrStdout(), t, []game.Step{*step}, path, f.json)
}

// writeSteps prints steps and where the game stands after them.
func writeSteps(w io.Writer, t *table.Game, steps []game.Step, path string, asJSON bool) error {
	if asJSON {
		// The steps as the page's log has them too (table.StepView).
		out := struct {
			Steps []table.StepView `json:"steps"`
			Game  table.View       `json:"game"`
		}{Steps: t.StepViews(steps), Game: t.View()}
		return writeJSON(w, out)
	}
	words := report.New(t.World())
	for _, st := range steps {
		writeStepText(w, words, t, st)
	}
	writeStopText(w, t, path, true)
	return nil
}

// writeStepText writes one step's events for people, phase by phase.
func writeStepText(w io.Writer, words *report.Words, t *table.Game, st game.Step) {
	fmt.Fprintf(w, "Step %d: %s\n", st.N, st.Do)
	if len(st.Events) == 0 {
		// The engine tells what the player did at each stop (report.GoOn)
		// and a stack moving on (MovesOn): a step of an earlier sasl's
		// game file, replayed, says so too; none should be empty.
		fmt.Fprintln(w, "  nothing happened")
	}
	turn, phase, player := -1, state.Phase(255), state.Side(255)
	for i := range st.Events {
		e := &st.Events[i]
		if at := t.TurnAt(st.First + i); at != turn || e.Player != player || e.Phase != phase {
			turn, player, phase = at, e.Player, e.Phase
			fmt.Fprintf(w, "  turn %d, %s %s\n", turn, strings.ToUpper(player.String()), phase)
		}
		fmt.Fprintf(w, "    %s", words.Text(e))
		if len(e.Rolls) > 0 {
			fmt.Fprintf(w, "  [%s]", report.RollsText(e.Rolls))
		}
		fmt.Fprintln(w)
	}
	// The step's dice as the journal keeps them: a step just played and
	// one of the game file (play log) alike.
	if script := t.StepDice(&st); script != "" {
		whose := "seeded"
		if st.Own {
			whose = "yours"
		}
		fmt.Fprintf(w, "  Dice (%s): %s\n", whose, script)
	}
}

// writeStopText says where the game in file path stands and what it
// asks: after a command that wrote it (written), "Written to"; after one
// that only read it (play log), where it stands in the file.
func writeStopText(w io.Writer, t *table.Game, path string, written bool) {
	stop := t.Stop()
	g := t
	in := "Written to " + path
	if !written {
		in = "In " + path
	}
	switch stop.Kind {
	case state.Over:
		if written {
			fmt.Fprintf(w, "\nThat was the mission's last turn (%d): the game is over. Written to %s.\n", g.LastTurn(), path)
		} else {
			fmt.Fprintf(w, "\nIn %s the game is over: the mission's last turn (%d) was played.\n", path, g.LastTurn())
		}
		writeWinner(w, g)
	case state.TurnStart:
		fmt.Fprintf(w, "\n%s: %s of %d. %s.\n", in, report.Where(stop), g.LastTurn(), capitalize(t.Asked()))
	default:
		fmt.Fprintf(w, "\n%s: %s.\nAsked: %s\n", in, report.Where(stop), t.Asked())
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func newPlayNextCmd(o *options, verb game.Verb) *cobra.Command {
	f := &stepFlags{}
	var stop, fire string
	var holdMove bool
	short := map[game.Verb]string{
		game.Next: "Play on to the next stop (where you decide, or the next Game Turn)",
		game.Pass: "Pass at this stop: the engine decides it as the hold policy does, then plays on",
	}[verb]
	cmd := &cobra.Command{
		Use:   string(verb) + " GAME",
		Short: short,
		Example: fmt.Sprintf(`  sasl play %s game.yaml
  sasl play %s game.yaml --dice "3 4 5 2"`, verb, verb),
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return stepRun(cmd, o, args[0], f, func(*board.Map) (game.Command, error) {
				c := game.Command{Verb: verb}
				if cmd.Flags().Changed("stop") {
					mode, err := game.ParseStopMode(stop)
					if err != nil {
						return c, err
					}
					c.Stop, c.HasStop = mode, true
				}
				if cmd.Flags().Changed("first-fire") {
					ff, err := game.ParseFireStops(fire)
					if err != nil {
						return c, err
					}
					c.FirstFire, c.HasFirstFire = ff, true
				}
				c.HoldMove = holdMove
				return c, nil
			})
		},
	}
	f.register(cmd, true)
	if verb == game.Next {
		cmd.Example += "\n  sasl play next game.yaml --first-fire pbf"
		cmd.Flags().StringVar(&stop, "stop", "", "how often the game stops for you from now on: "+stopModes)
		cmd.Flags().StringVar(&fire, "first-fire", "", "which ENEMY moves the game stops at for your First Fire from now on: "+firstFireValues)
		cmd.Flags().BoolVar(&holdMove, "hold-move", false, "at a First Fire stop: hold your fire at the moving stack for the rest of its move (no more stops for it, nor does the engine fire at it for you)")
		cmd.Example += "\n  sasl play next game.yaml --hold-move"
	}
	return cmd
}

func newPlayMoveCmd(o *options) *cobra.Command {
	f := &stepFlags{}
	var assault, lowCrawl bool
	cmd := &cobra.Command{
		Use:   "move GAME UNIT[,UNIT] LOCATION [LOCATION...]",
		Short: "Move your units in your MPh (advance them one Location in your APh; rout a broken unit in a RtPh)",
		Long: `Move a FRIENDLY stack from its Location: to LOCATION by the cheapest path
that enters no ENEMY Location, or along the Locations given one by one. The
move must fit the stack's MF (ASL A4.1) and stacking (A5.1). The ENEMY
reacts as it goes: S? that see it are Activated, ENEMY units First Fire.
Before your APh the same command advances the stack one Location (A4.7),
into an ENEMY Location too. At a rout stop (the RtPh) it routs one broken
unit to a Location the stop offers (A10.51), by the shortest legal path or
along the Locations given, or by Low Crawl one Location (--low-crawl,
A10.52).`,
		Example: `  sasl play move game.yaml F1 4T5
  sasl play move game.yaml F1,F2 4T5 4T6 4U6
  sasl play move game.yaml F3 4S4 --assault
  sasl play move game.yaml F2 4P6 --low-crawl`,
		Args: cobra.MinimumNArgs(3),
		RunE: func(cmd *cobra.Command, args []string) error {
			return stepRun(cmd, o, args[0], f, func(m *board.Map) (game.Command, error) {
				text := "move " + strings.Join(args[1:], " ")
				switch {
				case assault && lowCrawl:
					return game.Command{}, fmt.Errorf("move: --assault (the MPh, ASL A4.61) and --low-crawl (the RtPh, A10.52) do not go together")
				case assault:
					text += " --assault"
				case lowCrawl:
					text += " --low-crawl"
				}
				return game.ParseCommand(text, m)
			})
		},
	}
	f.register(cmd, true)
	cmd.Flags().BoolVar(&assault, "assault", false, "Assault Movement: one Location, no FFNAM (ASL A4.61)")
	cmd.Flags().BoolVar(&lowCrawl, "low-crawl", false, "at a rout stop: Low Crawl one Location, never Interdicted (ASL A10.52)")
	return cmd
}

func newPlayFireCmd(o *options) *cobra.Command {
	f := &stepFlags{}
	var from, at string
	cmd := &cobra.Command{
		Use:   "fire GAME --from LOCATION[,LOCATION] --at LOCATION",
		Short: "Fire with your units at ENEMY units: resolved on the IFT",
		Long: `Fire with the Good Order FRIENDLY units of the --from Locations (ADJACENT
to each other: one fire group, ASL A7.5) that have not fired this Player Turn
at the ENEMY units in the --at Location: Prep Fire before your PFPh,
Advancing Fire before your AFPh, First Fire at an ENEMY move the game stopped
for, Defensive Fire before the ENEMY's DFPh. S? attacked are Activated first;
the attack is resolved on the Infantry Fire Table, with the Morale Checks of
the ENEMY units it hits.`,
		Example: `  sasl play fire game.yaml --from 4T5 --at 4T4
  sasl play fire game.yaml --from 4T5,4T6 --at 4T3 --dice "3 4 5 2"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if from == "" || at == "" {
				return errors.New("fire: give --from LOCATION[,LOCATION] and --at LOCATION")
			}
			return stepRun(cmd, o, args[0], f, func(m *board.Map) (game.Command, error) {
				return game.ParseCommand("fire --from "+from+" --at "+at, m)
			})
		},
	}
	f.register(cmd, true)
	cmd.Flags().StringVar(&from, "from", "", "the Locations of the fire group, comma-separated")
	cmd.Flags().StringVar(&at, "at", "", "the Location fired at")
	return cmd
}

func newPlaySetCmd(o *options) *cobra.Command {
	f := &stepFlags{}
	cmd := &cobra.Command{
		Use:   "set GAME UNIT " + game.ReportWords("|") + " | set GAME UNIT piece ID",
		Short: "Report what became of one of your units",
		Long: `Report what became of one of your units. The report is checked against the
rules where the game stands, and refused with the rule when they do not allow
it: a broken unit becomes good only by rallying in an RPh (ASL A10.6); a pin
lasts to the end of the Player Turn and only a Good Order unit is pinned
(A7.8); a squad is reduced to the half-squad its counter prints (A7.302); a
leader is wounded, once (A17: report a mortal wound as eliminated).

In a game played from VASL saves, "piece ID" says which VASL piece is the
unit's counter now: a half-squad counter you swapped in for a squad and moved
in the same save, which sasl play turn --friendly-from does not take for the
squad's on its own (it takes one on the unit's hex).`,
		Example: `  sasl play set game.yaml F1 broken
  sasl play set game.yaml F2 good
  sasl play set game.yaml F2 piece 1533971077664`,
		Args: cobra.RangeArgs(3, 4),
		RunE: func(cmd *cobra.Command, args []string) error {
			return stepRun(cmd, o, args[0], f, func(m *board.Map) (game.Command, error) {
				return game.ParseCommand("set "+strings.Join(args[1:], " "), m)
			})
		},
	}
	f.register(cmd, false)
	return cmd
}

func newPlayUndoCmd(o *options) *cobra.Command {
	f := &stepFlags{}
	var steps int
	cmd := &cobra.Command{
		Use:   "undo GAME",
		Short: "Undo the last step (or --steps N): the game as it stood before",
		Example: `  sasl play undo game.yaml
  sasl play undo game.yaml --steps 2`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			t, err := openLocked(cmd, o, path, f)
			if err != nil {
				return err
			}
			defer t.Close()
			first := len(t.Journal()) - steps + 1
			gone, err := t.Undo(steps)
			if err != nil {
				return err
			}
			if err := t.Save(); err != nil {
				return err
			}
			o.saved = path
			w := cmd.OutOrStdout()
			if f.json {
				return writeJSON(w, map[string]any{"undone": len(gone), "game": t.View()})
			}
			for i, st := range gone {
				fmt.Fprintf(w, "Undone: step %d: %s\n", first+i, st.Do)
			}
			writeStopText(w, t, path, true)
			return nil
		},
	}
	f.register(cmd, false)
	decimalVar(cmd.Flags(), &steps, "steps", 1, "the number of steps to undo")
	return cmd
}

func newPlayLogCmd(o *options) *cobra.Command {
	var since int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "log GAME",
		Short: "What happened in the game, step by step, with the dice",
		Example: `  sasl play log game.yaml
  sasl play log game.yaml --since 12`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := table.Read(args[0], tableOptions(cmd, o, args[0]))
			if err != nil {
				return err
			}
			defer t.Close()
			steps, err := t.Steps(2)
			if err != nil {
				return err
			}
			n := len(t.Journal())
			if since < 1 || since > n {
				return fmt.Errorf("--since %d: the game has steps 1 to %d", since, n)
			}
			steps = steps[max(since, 2)-2:]
			w := cmd.OutOrStdout()
			if asJSON {
				return writeSteps(w, t, steps, args[0], true)
			}
			if since == 1 {
				j := t.Journal()[0]
				fmt.Fprintf(w, "Step 1: %s (seed %d)\n  Dice: %s\n", j.Do, t.Header().Seed, j.Dice)
			}
			words := report.New(t.World())
			for _, st := range steps {
				writeStepText(w, words, t, st)
			}
			writeStopText(w, t, args[0], false) // read, not written
			return nil
		},
	}
	decimalVar(cmd.Flags(), &since, "since", 1, "from this step on")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func newPlayUpgradeCmd(o *options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "upgrade GAME",
		Short: "Play on a game file of an earlier sasl: record its mission as it is now, and mark one with no journal",
		Long: `A game file keeps its journal (every step, replayed to check the file) and the
digest of its mission (a mission changed mid-game is refused). A file without
them, written by an earlier sasl or with those lines deleted, is refused by
every command. Upgrade is the explicit way on: it records the mission's and
tables' digests as they are now, and marks a file with no journal plain: true,
a game played on turn by turn (sasl play turn) without the check of its steps.`,
		Example: `  sasl play upgrade old-game.yaml`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			t, did, err := table.Upgrade(path, tableOptions(cmd, o, path))
			if err != nil {
				return err
			}
			defer t.Close()
			w := cmd.OutOrStdout()
			if len(did) == 0 {
				fmt.Fprintf(w, "%s: nothing to upgrade; it plays on as it is.\n", path)
				return nil
			}
			if err := t.Save(); err != nil {
				return err
			}
			o.saved = path
			fmt.Fprintf(w, "Upgraded %s:\n", path)
			for _, d := range did {
				fmt.Fprintf(w, "  %s\n", d)
			}
			return nil
		},
	}
	return cmd
}
