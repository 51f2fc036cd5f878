package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/tables"
)

// Shell completion of flag values (sasl completion bash|zsh|fish|powershell
// writes the script): the demo missions and files for --mission, the four
// frame sides for --north, compass edges, weather presets, policies, and
// board IDs from the boards folder and the demo boards.

// completeWords completes from a fixed list of words.
func completeWords(words ...string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return matching(words, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeWeather completes --weather from the default tables' weather
// names, read when a shell asks: every command registers it, and reading
// the tables at each start cost a few ms where most commands need none.
func completeWeather(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return matching(weatherWords(), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// matching returns the words that start with prefix.
func matching(words []string, prefix string) []string {
	var out []string
	for _, w := range words {
		if strings.HasPrefix(w, prefix) {
			out = append(out, w)
		}
	}
	return out
}

// completeMission offers the demo missions and, when none matches, the
// shell's file names.
func completeMission(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if m := matching(missions.Demos(), toComplete); len(m) > 0 {
		return m, cobra.ShellCompDirectiveNoFileComp
	}
	return nil, cobra.ShellCompDirectiveDefault
}

// completeBoards offers the board IDs of --boards (or $SASL_BOARDS) and
// the demo boards.
func completeBoards(o *options) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		ids, _ := o.library().IDs()
		return matching(ids, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

func frameWords() []string {
	return []string{layout.Up.String(), layout.Right.String(), layout.Down.String(), layout.Left.String()}
}

func edgeWords() []string {
	return []string{layout.North.String(), layout.East.String(), layout.South.String(), layout.West.String()}
}

func weatherWords() []string {
	var out []string
	for name := range tables.Default().Weather {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// registerCompletions gives every flag with a closed set of values, and
// every file flag, its completion, on every command that has it.
func registerCompletions(root *cobra.Command, o *options) {
	files := map[string][]string{
		"svg": {"svg"}, "png": {"png"}, "pdf": {"pdf"}, "hist": {"svg", "png", "pdf"},
		"tables": {"yaml", "yml"}, "friendly": {"yaml", "yml"}, "save": {"yaml", "yml"},
	}
	words := map[string]cobra.CompletionFunc{
		"mission": completeMission,
		"north":   completeWords(frameWords()...),
		"to-edge": completeWords(edgeWords()...),
		"weather": completeWeather,
		"policy":  completeWords(string(game.PolicyHold), string(game.PolicyAttack), string(game.PolicyPlayer)),
		"heatmap": completeWords("presence", "setup"),
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for name, fn := range words {
			if c.Flags().Lookup(name) != nil {
				_ = c.RegisterFlagCompletionFunc(name, fn)
			}
		}
		for name, exts := range files {
			if c.Flags().Lookup(name) != nil {
				_ = c.MarkFlagFilename(name, exts...)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	_ = root.MarkPersistentFlagDirname("boards")
}
