package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/terrain"
)

func newBoardCmd(o *options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "board",
		Short: "Show and export mapboard terrain",
	}
	cmd.AddCommand(newBoardShowCmd(o), newBoardExportCmd(o))
	return cmd
}

// layoutFlags select a configuration of boards.
type layoutFlags struct {
	layout string
	north  string
}

func (f *layoutFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.layout, "layout", "", `board configuration: rows top to bottom separated by "/", boards by ",", "r" for reversed, "-" for an empty cell (e.g. "3r/2/16")`)
	cmd.Flags().StringVar(&f.north, "north", "up", "where north lies in the board frame: up, right, down or left")
}

// build returns the configuration of the flags, or of boards side by side.
func (f *layoutFlags) build(boards []string) (*layout.Layout, error) {
	north, err := layout.ParseFrame(f.north)
	if err != nil {
		return nil, err
	}
	switch {
	case f.layout != "" && len(boards) > 0:
		return nil, errors.New("give boards as arguments or with --layout, not both")
	case f.layout != "":
		return layout.Parse(f.layout, north)
	case len(boards) == 0:
		boards = library.Demo()[:1]
	}
	return layout.Parse(strings.Join(boards, ","), north)
}

// mapOf returns the map of the configuration --layout gives, or else of
// the one board the Locations locs name (the demo board when they name
// none and there is no boards folder).
func (f *layoutFlags) mapOf(o *options, locs []string) (*board.Map, error) {
	var l *layout.Layout
	var err error
	if f.layout != "" {
		l, err = f.build(nil)
	} else {
		ids, perr := boardsOf(locs)
		if perr != nil {
			return nil, perr
		}
		if len(ids) > 1 {
			return nil, fmt.Errorf("%s name boards %s: give their configuration with --layout", strings.Join(locs, " and "), strings.Join(ids, ", "))
		}
		if len(ids) == 0 && (o.boards != "" || os.Getenv(library.EnvBoards) != "") {
			return nil, fmt.Errorf("%s: which board? with a boards folder, name it in the hex (33%s) or give --layout (without one, the demo board %s is meant)", strings.Join(locs, " "), locs[0], library.Demo()[0])
		}
		l, err = f.build(ids)
	}
	if err != nil {
		return nil, err
	}
	return o.library().Map(l)
}

type showFlags struct {
	layoutFlags
	json     bool
	pictures pictureFlags
}

func newBoardShowCmd(o *options) *cobra.Command {
	f := &showFlags{}
	cmd := &cobra.Command{
		Use:               "show [BOARD...]",
		ValidArgsFunction: completeBoards(o),
		Short:             "Show the terrain of boards: a list, JSON, or a picture",
		Long: `Show the terrain of one or more boards (side by side, or as --layout says).
Boards come from the --boards folder (VASL archives bdNN, or native files
bdNN.sasl that override them) or are built in (` + joinIDs(library.Demo()) + `).
With no board, the first demo board is shown.`,
		Example: `  sasl board show x1
  sasl board show 33 --boards ~/vasl/boards --png 33.png
  sasl board show --layout "3r/2/16" --north right --boards ~/vasl/boards --svg map.svg
  sasl board show x1 --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := f.build(args)
			if err != nil {
				return err
			}
			m, err := o.library().Map(l)
			if err != nil {
				return err
			}
			if f.pictures.any() {
				if err := f.pictures.write(render.NewScene(m, fmt.Sprintf("Boards %s, north %s", m.Layout, m.Layout.North()))); err != nil {
					return err
				}
			}
			if f.json {
				return writeMapJSON(cmd.OutOrStdout(), m)
			}
			return writeMapText(cmd.OutOrStdout(), m)
		},
	}
	f.register(cmd)
	cmd.Flags().BoolVar(&f.json, "json", false, "print the terrain of every hex as JSON")
	f.pictures.register(cmd)
	return cmd
}

func newBoardExportCmd(o *options) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use: "export BOARD",
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeBoards(o)(cmd, args, toComplete)
		},
		Short: "Write a board in the native text format",
		Long: `Write a board's terrain in sasl's native text format (see the README). Put
the file next to the archives as bdNN.sasl to correct derived terrain: it
then overrides the archive.`,
		Example: `  sasl board export 33 --boards ~/vasl/boards > bd33.sasl
  sasl board export 33 --boards ~/vasl/boards -o ~/vasl/boards/bd33.sasl`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			b, err := o.library().Board(args[0])
			if err != nil {
				return err
			}
			if out == "" {
				return board.WriteText(cmd.OutOrStdout(), b)
			}
			return writeFile(out, func(w io.Writer) error { return board.WriteText(w, b) })
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "write to this file instead of standard output")
	return cmd
}

// hexJSON is one hex of "board show --json".
type hexJSON struct {
	Hex       string            `json:"hex"`
	Terrain   []string          `json:"terrain"`
	Elevation int               `json:"elevation"`
	Building  *buildingJSON     `json:"building,omitempty"`
	Stairs    bool              `json:"stairs,omitempty"`
	Hexsides  map[string]string `json:"hexsides,omitempty"`
}

type buildingJSON struct {
	Material string `json:"material"`
	Levels   int    `json:"levels"`
	Rowhouse bool   `json:"rowhouse,omitempty"`
}

// writeMapJSON prints {"hexes": [...]}, one object per on-map hex in frame
// order. Hexsides are keyed by the A2.2 name of the hex across them; sides
// towards off-map hexes without a name are left out.
func writeMapJSON(w io.Writer, m *board.Map) error {
	out := struct {
		Hexes []hexJSON `json:"hexes"`
	}{Hexes: make([]hexJSON, 0, m.Len())}
	for _, h := range m.Hexes() {
		t, _ := m.Terrain(h)
		j := hexJSON{
			Hex:       m.NameString(h),
			Terrain:   t.Kinds.Names(),
			Elevation: t.Elevation,
			Stairs:    t.Stairs,
		}
		if t.Kinds.Has(terrain.Building) {
			j.Building = &buildingJSON{Material: t.Building.Material.String(), Levels: t.Building.Levels, Rowhouse: t.Building.Rowhouse}
		}
		for d := range hex.Dirs {
			if t.Sides[d] == 0 {
				continue
			}
			g, ok := m.Name(h.Neighbour(d))
			if !ok {
				continue
			}
			if j.Hexsides == nil {
				j.Hexsides = map[string]string{}
			}
			j.Hexsides[g.String()] = t.Sides[d].String()
		}
		out.Hexes = append(out.Hexes, j)
	}
	return writeJSON(w, out)
}

// writeMapText prints, per board, where it comes from and its terrain, then
// every hex that is not plain open ground.
func writeMapText(w io.Writer, m *board.Map) error {
	fmt.Fprintf(w, "Configuration %s, north %s: %d hexes\n", m.Layout, m.North(), m.Len())
	for _, id := range m.Boards() {
		b := m.Board(id)
		counts := map[terrain.Kind]int{}
		b.Each(func(_ hex.Hex, t *terrain.Hex) {
			for _, k := range t.Kinds.List() {
				counts[k]++
			}
		})
		var parts []string
		for _, k := range terrain.AllKinds() {
			if counts[k] > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", k, counts[k]))
			}
		}
		fmt.Fprintf(w, "Board %s (%s): %s\n", id, b.Source, strings.Join(parts, ", "))
	}
	var lines []string
	for _, h := range m.Hexes() {
		if line := m.Describe(h); line != "" {
			lines = append(lines, fmt.Sprintf("%-7s %s", m.NameString(h), line))
		}
	}
	fmt.Fprintf(w, "\n%d hexes hold terrain; the other %d, plain open ground at level 0 with nothing on their hexsides, are not listed.\n\n", len(lines), m.Len()-len(lines))
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	return nil
}
