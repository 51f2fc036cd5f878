package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/filelock"
	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

func newPlayCmd(o *options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play a whole mission, one turn at a time, in one game file",
		Long: `Play the ENEMY side of a mission from setup to the last turn in one game file.

  sasl play new --mission M --save game.yaml   sets the mission up (SASL 4.1)
  sasl play turn game.yaml                     plays the next Game Turn
  sasl play show game.yaml                     shows where everything stands

The FRIENDLY side is played by the engine too unless you say --policy player:
with the hold policy (the one sasl sim plays) FRIENDLY units keep their
positions, First Fire at moving ENEMY units and fire in the DFPh, rally in the
RPh, and every attack is resolved on the Infantry Fire Table (Close Combat on
the CC Table). After the last turn the mission's victory conditions name the
winner.

With --policy player you play the FRIENDLY side. The game stops wherever you
decide: before each phase of your Player Turn you act in, at each ENEMY move a
unit of yours could First Fire at, before the ENEMY's DFPh and before Close
Combat (--stop phase or turn: less often). At a stop:

  sasl play move game.yaml F1 4T5              move (MPh) or advance (APh)
  sasl play fire game.yaml --from 4T6 --at 4T4 Prep, First, Defensive or Advancing Fire
  sasl play set game.yaml F2 pinned            report a unit broken, pinned, good ...
  sasl play next game.yaml                     on to the next stop
  sasl play pass game.yaml                     let the engine decide this stop (as hold)
  sasl play undo game.yaml --steps 2           take the last steps back
  sasl play log game.yaml                      what happened, step by step

The engine rolls what the ENEMY does (its fire, your Morale Checks, Close
Combat, its rallies) with the seed's dice, or yours with --dice. Each command
is a step of the journal the game file keeps with its dice: the file resumes
anywhere, and replaying the journal from the setup gives the same file.`,
	}
	cmd.PersistentFlags().DurationVar(&o.wait, "wait", 10*time.Second, "how long to wait for another sasl command using the game file to end")
	cmd.AddCommand(newPlayNewCmd(o), newPlayTurnCmd(o), newPlayShowCmd(o),
		newPlayNextCmd(o, game.Next), newPlayNextCmd(o, game.Pass), newPlayMoveCmd(o), newPlayFireCmd(o),
		newPlaySetCmd(o), newPlayUndoCmd(o), newPlayLogCmd(o))
	return cmd
}

// maxWait bounds --wait.
const maxWait = time.Hour

// lockGame takes the lock of game file path for the command (released by
// the returned func): one command at a time reads, plays and writes it.
func lockGame(cmd *cobra.Command, o *options, path string) (func(), error) {
	if o.wait < 0 || o.wait > maxWait {
		return nil, fmt.Errorf("--wait %v: want a duration from 0s to %v", o.wait, maxWait)
	}
	l, err := filelock.Acquire(path, o.wait, cmd.CommandPath()+" "+path)
	if err != nil {
		return nil, err
	}
	return l.Release, nil
}

type playNewFlags struct {
	missionFlags
	pictures pictureFlags
	save     string
	policy   string
	stop     string
	force    bool
	json     bool
	// friendlyFrom is a VASL save whose units are the FRIENDLY setup.
	friendlyFrom string
}

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
				return fmt.Errorf("--policy %q: want hold (the engine plays the FRIENDLY side, as sasl sim does) or player (you do)", f.policy)
			}
			mode, err := game.ParseStopMode(f.stop)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("stop") && policy != game.PolicyPlayer {
				return fmt.Errorf("--stop %s: the game stops for you only with --policy player", f.stop)
			}
			release, err := lockGame(cmd, o, f.save)
			if err != nil {
				return err
			}
			defer release()
			if st, err := os.Stat(f.save); err == nil && st.Mode().IsRegular() && !f.force {
				return fmt.Errorf("--save %s: the file exists (a game in progress?); give --force to replace it", f.save)
			}
			written := "" // the mission file --friendly-from writes
			if f.friendlyFrom != "" {
				if written, err = missionFromSave(cmd, &f.missionFlags, f.friendlyFrom, f.save, f.force); err != nil {
					return err
				}
				defer func() {
					if written != "" {
						os.Remove(written) // the game was not set up: nothing half-written
					}
				}()
			}
			p, setup, err := setUp(cmd, o, &f.missionFlags, &f.pictures, policy, mode, f.save)
			if err != nil {
				return err
			}
			next := "play a turn with sasl play turn " + f.save
			if policy == game.PolicyPlayer {
				next = "play on to your first decision with sasl play next " + f.save
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
	cmd.Flags().StringVar(&f.policy, "policy", game.PolicyHold, "who plays the FRIENDLY side: hold or attack (the engine, as sasl sim) or player (you)")
	cmd.Flags().StringVar(&f.stop, "stop", "fire", "with --policy player, how often the game stops for you: fire (every decision, each First Fire chance too), phase (before phases only) or turn (your own Player Turn only)")
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
MPh; --vasl-out NEW.vsav writes the ENEMY's turn into a copy of your save.`,
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
			lo := game.LoadOptions{Boards: o.boards, Mission: f.mission, Tables: f.tables}
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
					return errors.New("--turns: with --friendly-from the game plays on to your next MPh, where your next save takes over")
				}
				return turnFromSave(cmd, o, path, lo, f, script)
			}
			if f.vaslOut != "" {
				return errors.New("--vasl-out: give --friendly-from SAVE.vsav too: the ENEMY's turn is written into your save")
			}
			release, err := lockGame(cmd, o, path)
			if err != nil {
				return err
			}
			defer release()
			g, err := loadGame(path, lo)
			if err != nil {
				return err
			}
			if left := g.LastTurn() - g.State.Turn + 1; f.turns > left {
				if left <= 0 {
					return fmt.Errorf("%s: the game is over: %s ended after turn %d", path, g.W.Mission().Name, g.LastTurn())
				}
				return fmt.Errorf("--turns %d: %s stands at turn %d of %d: at most %d more", f.turns, path, g.State.Turn, g.LastTurn(), left)
			}
			var r dice.Roller
			if script != nil {
				r = script
			}
			var all []*game.Report
			var session *game.Session
			if len(g.State.Journal) == 0 { // a file of an earlier sasl
				for range f.turns {
					rep, err := g.Turn(r)
					if err != nil {
						return err
					}
					all = append(all, rep)
					if g.Over() {
						break
					}
				}
			} else {
				if session, err = game.OpenSession(path, g); err != nil {
					return err
				}
				defer session.Close()
				g = session.G
				for range f.turns {
					turn := g.State.Turn
					step, err := session.Do(game.Command{Verb: game.Next}, r)
					if err != nil {
						return err
					}
					all = append(all, &game.Report{Turn: turn, Events: step.Events, Dice: step.Dice})
					if session.Stop().Kind != game.TurnStart {
						break // the player acts, or the game has ended
					}
				}
			}
			if script != nil && len(script.Left()) > 0 {
				return fmt.Errorf("dice: %d rolls of the script were not used: %v (check the script)", len(script.Left()), script.Left())
			}
			if f.pictures.any() {
				dice := seedText(g.State)
				if script != nil {
					dice = "your dice"
				}
				if err := f.pictures.write(turnsScene(g.W.Map(), g.W.Mission(), all, g.State, dice, winnerText(g))); err != nil {
					return err
				}
			}
			if err := writeGameFile(path, g.Write); err != nil {
				return err
			}
			o.saved = path
			p := newPlayed(g.W)
			p.seed = g.State.Seed
			var trail []dice.Roll
			for _, rep := range all {
				trail = append(trail, rep.Dice...)
			}
			w := cmd.OutOrStdout()
			if f.json {
				extra := map[string]any{"next_turn": g.State.Turn, "over": g.Over(), "player_turn": g.State.Player.String(), "phase": g.State.Phase.String(), "step": len(g.State.Journal)}
				if g.State.Asked != "" {
					extra["asked"] = g.State.Asked
				}
				if o, ok := g.Outcome(); ok {
					extra["winner"] = o.Winner.String()
					extra["why"] = o.Why()
				}
				return writeTurnsJSON(w, p, all, trail, extra)
			}
			fmt.Fprintln(w, p.header())
			for _, rep := range all {
				writeTurnText(w, p.words, rep.Turn, rep.Events)
			}
			fmt.Fprintln(w)
			if g.Over() {
				fmt.Fprintf(w, "That was the mission's last turn (%d): the game is over. Written to %s.\n", g.LastTurn(), path)
				writeWinner(w, g)
			} else if session != nil && session.Stop().Kind != game.TurnStart {
				fmt.Fprintf(w, "Written to %s: %s.\nAsked: %s\n", path, session.Stop().Where(), session.Stop().Question)
			} else {
				fmt.Fprintf(w, "Written to %s: the game stands before turn %d of %d.\n", path, g.State.Turn, g.LastTurn())
			}
			fmt.Fprintf(w, "Dice: %s\n", dice.Script(trail))
			return nil
		},
	}
	f.pictures.register(cmd)
	cmd.Flags().IntVar(&f.turns, "turns", 1, "the number of turns to play")
	cmd.Flags().StringVar(&f.mission, "mission", "", "play on with this mission file, changed since the game began (given on purpose)")
	cmd.Flags().StringVar(&f.tables, "tables", "", "play on with this tables file, changed since the game began (given on purpose)")
	cmd.Flags().StringVar(&f.dice, "dice", "", "your own rolls for these turns, in rule order")
	cmd.Flags().StringVar(&f.friendlyFrom, "friendly-from", "", "your latest VASL save (.vsav): your units' moves and results as it shows them, instead of commands; the game plays on to your next MPh")
	cmd.Flags().StringVar(&f.vaslOut, "vasl-out", "", "with --friendly-from, write the ENEMY's turn into a copy of your save (a new .vsav)")
	cmd.Flags().BoolVar(&f.force, "force", false, "replace the --vasl-out file if it exists")
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
	return cmd
}

func loadGame(path string, lo game.LoadOptions) (*game.Game, error) {
	file, err := yamldoc.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return game.LoadWith(file, path, lo)
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
			if cmd.Flags().Changed("since") {
				return showSince(cmd, o, f, args[0])
			}
			g, err := loadGame(args[0], game.LoadOptions{Boards: o.boards})
			if err != nil {
				return err
			}
			m, st, words := g.W.Map(), g.State, report.New(g.W)
			if f.pictures.any() {
				if err := f.pictures.write(showScene(g)); err != nil {
					return err
				}
			}
			w := cmd.OutOrStdout()
			if f.json {
				return writeShowJSON(w, g)
			}
			ms := g.W.Mission()
			fmt.Fprintf(w, "%s (%s)\n", ms.Name, st.Mission)
			if g.Over() {
				fmt.Fprintf(w, "The game is over: the mission ended after turn %d.\n", g.LastTurn())
				writeWinner(w, g)
			} else {
				fmt.Fprintf(w, "Turn %d of %d, before its %s.\n", st.Turn, g.LastTurn(), st.Phase)
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
	cmd.Flags().IntVar(&f.since, "since", 0, "list and draw only what happened from this step of the journal on")
	return cmd
}

// showSince lists and draws what happened from step f.since on.
func showSince(cmd *cobra.Command, o *options, f *playShowFlags, path string) error {
	s, err := openSession(path, game.LoadOptions{Boards: o.boards})
	if err != nil {
		return err
	}
	defer s.Close()
	if n := len(s.Journal()); f.since < 2 || f.since > n {
		return fmt.Errorf("--since %d: the game has steps 2 to %d after its setup", f.since, n)
	}
	steps := s.Steps(f.since)
	if f.pictures.any() {
		var reps []*game.Report
		for _, st := range steps {
			reps = append(reps, &game.Report{Turn: s.TurnAt(st.First), Events: st.Events, Dice: st.Dice})
		}
		if err := f.pictures.write(turnsScene(s.G.W.Map(), s.G.W.Mission(), reps, s.G.State, seedText(s.G.State), winnerText(s.G))); err != nil {
			return err
		}
	}
	return writeSteps(cmd.OutOrStdout(), s, steps, path, f.json)
}

func writeShowJSON(w io.Writer, g *game.Game) error {
	m, st := g.W.Map(), g.State
	type unitJ struct {
		ID       string `json:"id"`
		Side     string `json:"side"`
		Unit     string `json:"unit"`
		Type     string `json:"type,omitempty"`
		At       string `json:"at"`
		Case     string `json:"case,omitempty"`
		Crest    string `json:"crest,omitempty"`
		Wave     string `json:"wave,omitempty"`
		Entering string `json:"entering,omitempty"`
		Known    bool   `json:"known,omitempty"`
		Broken   bool   `json:"broken,omitempty"`
		Released bool   `json:"released,omitempty"`
		Exited   bool   `json:"exited,omitempty"`
	}
	type vpoJ struct {
		At      string `json:"at"`
		Control string `json:"control"`
	}
	out := struct {
		Mission  string      `json:"mission"`
		Turn     int         `json:"turn"`
		LastTurn int         `json:"last_turn"`
		Phase    state.Phase `json:"phase"`
		Over     bool        `json:"over"`
		Policy   string      `json:"policy"`
		Winner   string      `json:"winner,omitempty"`
		Why      string      `json:"why,omitempty"`
		Exited   float64     `json:"enemy_exited"`
		Units    []unitJ     `json:"units"`
		VPO      []vpoJ      `json:"vpo"`
	}{Mission: g.W.Mission().Name, Turn: st.Turn, LastTurn: g.LastTurn(), Phase: st.Phase, Over: g.Over(), Policy: g.Policy(), Exited: g.Exited(), Units: []unitJ{}, VPO: []vpoJ{}}
	if o, ok := g.Outcome(); ok {
		out.Winner, out.Why = o.Winner.String(), o.Why()
	}
	for _, u := range st.Units() {
		j := unitJ{ID: u.ID, Side: u.Side.String(), Unit: u.Kind.String(), Type: u.Type, At: m.LocationName(u.At()), Wave: u.Wave,
			Known: u.Known, Broken: u.Broken, Released: u.Released, Exited: u.Exited}
		if u.Case != 0 {
			j.Case = string(u.Case)
		}
		if u.Crest {
			j.Crest = m.NameString(u.Facing)
		}
		if u.Entering {
			j.Entering = u.Edge.String()
		}
		out.Units = append(out.Units, j)
	}
	for _, c := range st.VPO {
		out.VPO = append(out.VPO, vpoJ{m.LocationName(c.At), c.Side.String()})
	}
	return writeJSON(w, out)
}

// writeWinner names the winner of a finished game by the mission's victory
// conditions.
func writeWinner(w io.Writer, g *game.Game) {
	if _, ok := g.Outcome(); !ok {
		fmt.Fprintln(w, "The mission gives no victory conditions (victory: in the mission file): no winner is named.")
		return
	}
	fmt.Fprintln(w, winnerText(g)+".")
}

// winnerText names the winner of a game that has ended ("Winner: the ENEMY
// side (...)"), and is empty while it goes on or when the mission gives no
// victory conditions.
func winnerText(g *game.Game) string {
	o, ok := g.Outcome()
	if !g.Over() || !ok {
		return ""
	}
	return "Winner: " + o.Text()
}
