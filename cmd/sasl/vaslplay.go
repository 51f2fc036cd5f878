package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/table"
)

// This file is the VASL way of play: sasl vasl write, and sasl play turn
// --friendly-from (package table does the work; this prints it).

func newVaslWriteCmd(o *options) *cobra.Command {
	var into, out string
	var since int
	var force bool
	cmd := &cobra.Command{
		Use:   "write GAME --into SAVE.vsav --out NEW.vsav",
		Short: "Write the ENEMY's units and moves into your VASL save",
		Long: `Write every ENEMY unit of a game into a copy of your VASL save, as VASL's own
S? counters (the Suspect counters of its SASL palette): each on its hex, the
units of a hex in one stack, labelled with the unit's ID as sasl names it (an
S? "S12", a unit an S? became "S12a 4-4-7 squad"). S? are black, a Human
Wave's red, the units S? became grey.

The first time (the save has none of the game's ENEMY counters yet) they are
placed as VASL places counters. After that, sasl finds its counters in your
save by their labels and writes what the game did as steps VASL plays one by
one with its Step forward button, as it plays a log file: a step per phase of
both sides' Player Turns, each with chat lines telling its events, from where
the game stood when your save was written (found by its S?; else the last
Game Turn played; or the journal's steps from --since N on), then what else
changed. Every command of your save is kept byte for byte; --out is a new
file.`,
		Example: `  sasl vasl write game.yaml --into mysetup.vsav --out turn1.vsav
  sasl vasl write game.yaml --into turn1.vsav --out turn2.vsav --since 5`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if into == "" || out == "" {
				return errors.New("vasl write: give --into SAVE.vsav (your save) and --out NEW.vsav (the file to write)")
			}
			if err := table.NotOver(args[0], map[string]string{"--out": out, "--into": into}); err != nil {
				return err
			}
			if table.SameFile(out, into) {
				return fmt.Errorf("--out %s: that is the --into save; write a new file (your save stays as it was)", out)
			}
			if err := table.RefuseExisting(out, force); err != nil {
				return err
			}
			path := args[0]
			t, err := table.Open(path, tableOptions(cmd, o, path))
			if err != nil {
				return err
			}
			defer t.Close()
			var sinceP *int
			if cmd.Flags().Changed("since") {
				sinceP = &since
			}
			w, err := t.WriteEnemy(into, sinceP, time.Now())
			if err != nil {
				return err
			}
			if err := w.WriteFile(out); err != nil {
				return err
			}
			writeEnemyReport(cmd.OutOrStdout(), w, out)
			if st := t.Stop(); st.Kind == state.TurnStart && t.Policy() == game.PolicyPlayer {
				fmt.Fprintf(cmd.ErrOrStderr(), "Next: open %s in VASL to see the ENEMY; the game stands %s. Then sasl play turn %s --friendly-from %s --vasl-out NEXT.vsav plays on to your next PFPh (your MPh, when no unit of yours can fire): your moves in that save are read before any Prep Fire; move nothing before then (the ENEMY's phases come first).\n", out, report.Where(st), path, out)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&into, "into", "", "your VASL save (.vsav) to write into; it is not changed")
	cmd.Flags().StringVar(&out, "out", "", "the new VASL save to write")
	decimalVar(cmd.Flags(), &since, "since", 0, "step through the game from this step of its journal on (default: from where it stood when the save was written, found by the save's S?; else the last Game Turn played)")
	cmd.Flags().BoolVar(&force, "force", false, "replace the --out file if it exists")
	return cmd
}

// writeEnemyReport says what the new save out holds.
func writeEnemyReport(wr io.Writer, w *table.EnemyWrite, out string) {
	fmt.Fprintf(wr, "Written to %s: %d S? placed, %d added, %d moved, %d removed; %s to your units; %s to play with VASL's Step forward.\n",
		out, w.Placed, w.Added, w.Moved, w.Removed, table.Plural(w.Yours, "change"), table.Plural(w.Steps, "step"))
	for _, n := range w.Notes {
		fmt.Fprintf(wr, "  note: %s\n", n)
	}
}

// turnFromSave plays game file path on with the FRIENDLY side as the VASL
// save of --friendly-from shows it (table.Game.TurnFromSave) and prints
// what it read and what happened.
func turnFromSave(cmd *cobra.Command, path string, to table.Options, pf *playTurnFlags, script *dice.ScriptRoller) error {
	if pf.json {
		return errors.New("--json: not with --friendly-from (its report is text)")
	}
	t, err := table.Open(path, to)
	if err != nil {
		return err
	}
	defer t.Close()
	r, err := t.TurnFromSave(pf.friendlyFrom, pf.vaslOut, pf.force, script, time.Now())
	if err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "Read from %s: %s of yours on the boards.\n", pf.friendlyFrom, table.Plural(r.Units, "unit"))
	for _, rd := range r.Reads {
		what := strings.Join(rd.Commands, ", ")
		if rd.To != "" {
			what = strings.TrimPrefix(what+", moved to "+rd.To, ", ")
		}
		if rd.Swapped != "" {
			what = strings.TrimSuffix(rd.Swapped+"; "+what, "; ")
		}
		fmt.Fprintf(w, "  %s %s: %s\n", rd.ID, rd.At, what)
	}
	if len(r.Reads) == 0 {
		fmt.Fprintln(w, "  no change to your units")
	}
	for _, v := range r.NotTaken {
		if v.Unit != "" {
			fmt.Fprintf(w, "  not taken: %s on %s is %s, no longer on the map in the game: its counter can go\n", v.Name, v.Location, v.Unit)
			continue
		}
		fmt.Fprintf(w, "  not taken: %s on %s (VASL piece %s is none of the game's units)\n", v.Name, v.Location, v.Piece)
	}
	for _, d := range r.Done {
		fmt.Fprintf(w, "  done: %s\n", d)
	}
	// What happened, turn by turn (a step may cross into the next turn).
	g := t
	p := newPlayed(g.World())
	var evs []report.Event
	turn := 0
	steps, err := t.Steps(r.First)
	if err != nil {
		return err
	}
	for _, st := range steps {
		for j, ev := range st.Events {
			if at := t.TurnAt(st.First + j); at != turn {
				if len(evs) > 0 {
					writeTurnText(w, p.words, turn, evs)
				}
				turn, evs = at, nil
			}
			evs = append(evs, ev)
		}
	}
	if len(evs) > 0 {
		writeTurnText(w, p.words, turn, evs)
	}
	fmt.Fprintln(w)
	if g.Over() {
		fmt.Fprintf(w, "That was the mission's last turn (%d): the game is over. Written to %s.\n", g.LastTurn(), path)
		writeWinner(w, g)
	} else {
		fmt.Fprintf(w, "Written to %s: %s; move your units in VASL, save, and give that save to sasl play turn --friendly-from.\n", path, report.Where(t.Stop()))
	}
	if r.Written != nil {
		writeEnemyReport(w, r.Written, pf.vaslOut)
	}
	return nil
}
