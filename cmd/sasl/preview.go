package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/table"
)

// newPlayPreviewCmd is sasl play preview: a command worked out before it
// is done, as the page's plan shows it (table.PreviewText, one view for
// both).
func newPlayPreviewCmd(o *options) *cobra.Command {
	var asJSON, assault, lowCrawl bool
	var from, at string
	cmd := &cobra.Command{
		Use:   "preview GAME move UNITS LOCATION... [--assault|--low-crawl] | fire --from LOCATION[,LOCATION] --at LOCATION",
		Short: "Work a move or a fire out before you make it: its path and MF, or its FP, DRM and LOS",
		Long: `Work a move or a fire out as sasl play move or fire would make it where the
game stands, with nothing rolled and the game file unchanged: a move's path
Location by Location with the MF it costs (ASL A4), by Assault Movement with
--assault (A4.61); a fire's FP, its DRM part by part as the fire's report
words it (TEM, hindrance, FFNAM/FFMO, leader: A4.6, A7), its range and the
LOS from each Location of the group, and the chance of a Morale Check or
worse. A command the stop
does not take is refused as the command would be refused; a fire refused for
its LOS says which line is blocked. The page's plan (sasl serve) shows the same.`,
		Example: `  sasl play preview game.yaml move F3 15O5
  sasl play preview game.yaml fire --from 4T2 --at 4U4 --json`,
		Args: cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			path, verb := args[0], args[1]
			var text string
			switch verb {
			case "move":
				if len(args) < 4 {
					return errors.New("preview move: give UNITS and the LOCATION to move to (or each Location of the path)")
				}
				text = "move " + strings.Join(args[2:], " ")
				if assault {
					text += " --assault"
				}
				if lowCrawl {
					text += " --low-crawl"
				}
			case "fire":
				if len(args) > 2 || from == "" || at == "" {
					return errors.New("preview fire: give --from LOCATION[,LOCATION] and --at LOCATION")
				}
				text = "fire --from " + from + " --at " + at
			default:
				return fmt.Errorf("preview %s: want move or fire", verb)
			}
			t, err := table.Read(path, tableOptions(cmd, o, path))
			if err != nil {
				return err
			}
			defer t.Close()
			p, err := t.PreviewText(text)
			if err != nil {
				var refused *table.PreviewRefused
				if errors.As(err, &refused) && slices.ContainsFunc(refused.Lines, func(l table.LineOfFire) bool { return !l.Clear }) {
					// A fire refused for its LOS: which lines are blocked.
					var lines []string
					for _, l := range refused.Lines {
						lines = append(lines, fmt.Sprintf("from %s %s", l.From.Name, l.Verdict()))
					}
					return fmt.Errorf("%w (LOS %s)", err, strings.Join(lines, ", "))
				}
				return err
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), p)
			}
			fmt.Fprintln(cmd.OutOrStdout(), p.Text)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the preview as JSON (the page's)")
	cmd.Flags().BoolVar(&assault, "assault", false, "a move by Assault Movement, one Location (ASL A4.61)")
	cmd.Flags().BoolVar(&lowCrawl, "low-crawl", false, "a rout by Low Crawl, one Location (ASL A10.52)")
	cmd.Flags().StringVar(&from, "from", "", "a fire: the Locations of the fire group, comma-separated")
	cmd.Flags().StringVar(&at, "at", "", "a fire: the Location fired at")
	return cmd
}
