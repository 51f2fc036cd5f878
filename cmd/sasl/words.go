package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/table"
)

// cliWords words the engine's refusals (game's and table's error values)
// as command cmd meets them: with the flag that asked for what was
// refused, or that mends it, where cmd takes that flag, or else the
// command that does. The engine's own words name no flag (the page words
// them its own way). The refusal's words are replaced where they stand
// in err's, so what a command said around them stays; any other error is
// returned as it is.
func cliWords(cmd *cobra.Command, err error) error {
	if err == nil {
		return nil
	}
	var (
		changed *game.ChangedError
		digest  *game.NoDigestError
		undo    *game.UndoError
		stops   *game.PlayerStopsError
		wait    *table.WaitError
		exists  *table.ExistsError
		turns   *table.TurnsError
		unused  *table.UnusedDiceError
		setting *game.SettingError
		plain   *table.PlainError
	)
	var inner error
	var words string
	var save *table.SaveRefusal
	switch {
	case errors.As(err, &save):
		inner, words = save, saveWords(cmd, save)
	case errors.As(err, &changed) && changed.Tables:
		inner, words = changed, fmt.Sprintf("%s; to play on with it as it is now, %s", changed, give(cmd, "tables", changed.Name, changed.File))
	case errors.As(err, &changed):
		inner, words = changed, fmt.Sprintf("%s. To play on with the mission as it is now, %s", changed, give(cmd, "mission", changed.Name, changed.File))
	case errors.As(err, &digest):
		inner, words = digest, fmt.Sprintf("%s: %s to play on with the mission as it is now, or start the game again with sasl play new, or give it to sasl play upgrade %s to play it on as it is", digest, give(cmd, "mission", digest.Mission, digest.File), digest.File)
	case errors.As(err, &undo) && undo.Steps < 1:
		inner, words = undo, fmt.Sprintf("undo: --steps %d: undo at least one step", undo.Steps)
	case errors.As(err, &undo):
		inner, words = undo, fmt.Sprintf("undo: --steps %d: the game has %d steps since its setup", undo.Steps, undo.Have)
	case errors.As(err, &stops):
		var flags []string
		if stops.Stop {
			flags = append(flags, "--stop "+stops.Mode.String())
		}
		if stops.FirstFire != game.FireStopsUnset {
			flags = append(flags, "--first-fire "+stops.FirstFire.String())
		}
		flag := strings.Join(flags, " and ")
		if stops.Verb != "" {
			flag = string(stops.Verb) + ": " + flag
		}
		inner, words = stops, fmt.Sprintf("%s: the game stops for the player only in a game of policy player (this one: %s)", flag, stops.Policy)
	case errors.As(err, &plain):
		inner, words = plain, fmt.Sprintf("%s: a game with no journal (plain: true, written by sasl enter or wave --save): it plays turn by turn (sasl play turn), not step by step; start it again with sasl play new", plain.Path)
	case errors.As(err, &setting):
		inner, words = setting, setting.Flagged()
	case errors.As(err, &wait):
		inner, words = wait, fmt.Sprintf("--wait %v: want a duration from 0s to %v", wait.Wait, table.MaxWait)
	case errors.As(err, &exists):
		inner, words = exists, exists.Error()+"; give --force to replace it"
	case errors.As(err, &turns) && turns.N <= 0:
		inner, words = turns, fmt.Sprintf("--turns %d: play at least one turn", turns.N)
	case errors.As(err, &turns) && !turns.Over():
		inner, words = turns, fmt.Sprintf("--turns %d: %s stands at turn %d of %d: at most %d more", turns.N, turns.Path, turns.At, turns.Last, turns.Left)
	case errors.As(err, &unused):
		inner, words = unused, fmt.Sprintf("dice: %d rolls of --dice were not used: %v (check the script)", len(unused.Left), unused.Left)
	default:
		return err
	}
	return &worded{strings.Replace(err.Error(), inner.Error(), words, 1), err}
}

// worded is an error in the words cliWords gave it, wrapping the error.
type worded struct {
	msg string
	err error
}

func (w *worded) Error() string { return w.msg }
func (w *worded) Unwrap() error { return w.err }

// give says how to give flag --name value to play on with game file
// game: to cmd itself where it takes the flag (sasl serve takes
// --mission and --tables only with --new, for a new game), else to sasl
// play next, which plays the game's next step with it.
func give(cmd *cobra.Command, name, value, game string) string {
	if cmd != nil && cmd.Flags().Lookup(name) != nil && cmd.Name() != "serve" {
		return fmt.Sprintf("give --%s %s", name, value)
	}
	return fmt.Sprintf("play its next step with sasl play next %s --%s %s", game, name, value)
}

// saveWords words a refusal of the VASL way of play with the flags that
// gave its files.
func saveWords(cmd *cobra.Command, e *table.SaveRefusal) string {
	switch e.Kind {
	case table.MissionIsTheMission:
		return fmt.Sprintf("--friendly-from: the mission with your units goes to %s, which is your --mission: name the game file otherwise", e.Path)
	case table.MissionExists:
		return "--friendly-from: the mission with your units goes to " + cliWords(cmd, e.Err).Error()
	case table.MissionTooLarge:
		return "--friendly-from " + strings.TrimPrefix(e.Error(), "your save ")
	case table.OutIsTheSave:
		return fmt.Sprintf("--vasl-out %s: that is the --friendly-from save; write a new file (your save stays as it was)", e.Path)
	case table.OutExists:
		return "--vasl-out: " + cliWords(cmd, e.Err).Error()
	case table.NotPlayersGame:
		return fmt.Sprintf("%s: --friendly-from: the engine plays the FRIENDLY side of this game (policy %s); a save reports your units in a game of policy player", e.Other, e.Policy)
	case table.StaleSave:
		return fmt.Sprintf("%s: not a save of %s as it stands (%s): give the save the last sasl vasl write or play turn --vasl-out wrote, with your moves; sasl vasl write %s --into %s --out NEW.vsav puts the ENEMY where the game has it and keeps your moves and reports", e.Path, e.Other, e.Why, e.Other, e.Path)
	case table.SinceOutOfRange:
		return fmt.Sprintf("--since %d: the game has steps 2 to %d after its setup (sasl play log %s lists them)", e.Since, e.Last, e.Other)
	case table.OlderSave:
		return fmt.Sprintf("%s: not a save of %s as it stands (%s; VASSAL keeps no place in a log it saves): read as it is, it would undo what the game did since; step through all the steps of the save sasl wrote last and save it again, with your moves, or sasl vasl write %s --into %s --out NEW.vsav writes the steps from where it stands", e.Path, e.Other, e.Why, e.Other, e.Path)
	}
	return e.Error()
}
