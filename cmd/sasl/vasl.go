package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/table"
	"github.com/sasl-engine/sasl/vassal"
)

func newVaslCmd(o *options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "vasl",
		Short: "VASL saved games: what a save holds, a mission from it, the ENEMY written into it",
	}
	cmd.AddCommand(newVaslShowCmd(o), newVaslMissionCmd(o), newVaslWriteCmd(o))
	return cmd
}

func newVaslMissionCmd(o *options) *cobra.Command {
	var mission string
	cmd := &cobra.Command{
		Use:   "mission SAVE.vsav",
		Short: "Print a mission with your VASL setup as its FRIENDLY units",
		Long: `Read your units from a VASL save and print them as a mission's FRIENDLY
units: squads and half-squads by their counters' names (4-4-7 1sq is a squad
4-4-7), leaders and Commissars by their ratings, broken as VASL shows them,
known unless hidden (HIP) or concealed. Each keeps its VASL piece's ID (vasl:),
by which sasl play turn --friendly-from finds it again in a later save. Pieces
that are no units sasl reads (support weapons, vehicles, markers) are listed on
stderr, never guessed.

With --mission, the mission is printed with its friendly list replaced (the
save's boards must be the mission's); without, a skeleton to fill in.`,
		Example: `  sasl vasl mission mysetup.vsav > my.yaml
  sasl vasl mission mysetup.vsav --mission examples/four-boards.yaml`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var want *layout.Layout
			if mission != "" {
				ms, err := missions.Open(mission)
				if err != nil {
					return err
				}
				want = ms.Layout
			}
			f, err := table.ReadSave(args[0], want)
			if err != nil {
				return err
			}
			if f.Layout() == "" {
				return fmt.Errorf("%s: the save has no boards: a mission needs them", args[0])
			}
			f.Describe(cmd.ErrOrStderr(), args[0])
			var out []byte
			if mission != "" {
				out, err = f.MissionWith(mission)
			} else {
				out, err = f.Skeleton(args[0])
			}
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write(out)
			return err
		},
	}
	cmd.Flags().StringVar(&mission, "mission", "", "a mission file (or demo) to print with your units as its FRIENDLY units")
	return cmd
}

func newVaslShowCmd(o *options) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show SAVE.vsav",
		Short: "List a VASL save's boards and pieces, each on its hex",
		Long: `Read a VASL saved game (.vsav, any VASSAL obfuscation): the module and VASSAL
versions, the board configuration in sasl's layout notation (rows from the top
separated by /, boards by commas, r for a reversed board), and every piece on
the boards with the hex under it in A2.2 notation, its name as VASL shows it
(4-4-7 1sq, broken 9-2: the counter's layers and label applied) and whether it is
hidden (HIP) or concealed (under a ? of its stack); the pieces off the boards
(setup areas, other maps) are listed apart. A save sasl vasl write made may hold
steps for VASL's Step forward button: the pieces are shown where the last step
leaves them.`,
		Example: `  sasl vasl show mygame.vsav
  sasl vasl show mygame.vsav --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := vassal.Open(args[0])
			if err != nil {
				return err
			}
			c, err := s.Contents()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if asJSON {
				type pieceJ struct {
					ID        string `json:"id"`
					Name      string `json:"name"`
					Counter   string `json:"counter"`
					Label     string `json:"label,omitempty"`
					Location  string `json:"location,omitempty"`
					Map       string `json:"map"`
					X         int    `json:"x"`
					Y         int    `json:"y"`
					Hidden    bool   `json:"hidden,omitempty"`
					Concealed bool   `json:"concealed,omitempty"`
				}
				list := func(ps []vassal.Placed) []pieceJ {
					out := []pieceJ{}
					for _, p := range ps {
						out = append(out, pieceJ{p.ID, p.Name, p.Basic, p.Label, p.Location, p.Map, p.X, p.Y, p.Hidden, p.Concealed})
					}
					return out
				}
				return writeJSON(w, map[string]any{
					"module": s.Module, "module_version": s.ModuleVersion, "vassal_version": s.VassalVersion,
					"obfuscation": s.Obfuscation.String(), "layout": c.Layout, "steps": s.Steps(), "on_boards": list(c.On), "off_boards": list(c.Off),
				})
			}
			fmt.Fprintf(w, "%s: %s %s, VASSAL %s (savedGame %s)\n", args[0], s.Module, s.ModuleVersion, s.VassalVersion, s.Obfuscation)
			if c.Layout == "" {
				fmt.Fprintln(w, "Boards: none")
			} else {
				fmt.Fprintf(w, "Boards: %s (rows from the top; north up)\n", c.Layout)
			}
			if n := s.Steps(); n > 0 {
				fmt.Fprintf(w, "Steps: %d, to play with VASL's Step forward; the pieces below stand where the last leaves them\n", n)
			}
			fmt.Fprintf(w, "\nOn the boards: %s\n", table.Plural(len(c.On), "piece"))
			for _, p := range c.On {
				line := fmt.Sprintf("  %-8s %s", p.Location, shownName(p.Piece))
				if m := p.Marks(); m != "" {
					line += "  [" + m + "]"
				}
				fmt.Fprintln(w, line)
			}
			fmt.Fprintf(w, "\nOff the boards: %s (setup areas, other maps)\n", table.Plural(len(c.Off), "piece"))
			for _, p := range c.Off {
				line := fmt.Sprintf("  %-10s %5d,%-5d %s", p.Map, p.X, p.Y, shownName(p.Piece))
				if m := p.Marks(); m != "" {
					line += "  [" + m + "]"
				}
				fmt.Fprintln(w, line)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// shownName is a piece's name for a list: cut to a line, with its counter
// when the name does not say it and names no unit's strength ("8-0
// [ruLDR]", but "4-4-7 1sq", not its counter's "4-5-8 Esq").
func shownName(p vassal.Piece) string {
	name := p.Name
	if r := []rune(name); len(r) > 80 {
		name = string(r[:77]) + "..."
	}
	if p.Basic != "" && !strings.Contains(p.Name, p.Basic) && (p.Basic[0] < '0' || p.Basic[0] > '9') {
		name += " [" + p.Basic + "]"
	}
	return name
}
