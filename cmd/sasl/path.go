package main

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/table"
	"github.com/sasl-engine/sasl/tables"
)

// conditionFlags choose the tables and the ground conditions of movement.
type conditionFlags struct {
	tables  string
	weather string
	month   int
}

func (f *conditionFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.tables, "tables", "", "YAML file of table values laid over the built-in tables")
	cmd.Flags().StringVar(&f.weather, "weather", "clear", "ground conditions: clear, saturated or winter (optional rules 12.1, 12.2)")
	decimalVar(cmd.Flags(), &f.month, "month", 7, "month of the year, 1..12: decides whether grain and orchards are in season")
}

// infantry returns the tables and the Infantry cost model of m.
func (f *conditionFlags) infantry(m *board.Map) (*tables.Set, *pathing.Infantry, error) {
	t, err := tables.Load(f.tables)
	if err != nil {
		return nil, nil, err
	}
	w, err := t.Preset(f.weather)
	if err != nil {
		return nil, nil, err
	}
	if f.month < 1 || f.month > 12 {
		return nil, nil, fmt.Errorf("--month %d: want 1..12", f.month)
	}
	return t, pathing.NewInfantry(m, &t.Infantry, w, t.Seasons.At(f.month)), nil
}

// unseenReach is how far --unseen-by looks: the 16 hexes within which a
// Known unit Activates an S? (SASL Activation table), beyond which fire
// is long range for most Infantry.
const unseenReach = 16

type pathFlags struct {
	layoutFlags
	conditionFlags
	pictures pictureFlags
	toEdge   string
	mf       float64
	covered  bool
	unseenBy string
	json     bool
	mission  string
	game     string
}

func newPathCmd(o *options) *cobra.Command {
	f := &pathFlags{}
	cmd := &cobra.Command{
		Use:   "path FROM [TO]",
		Short: "Find the cheapest way for Infantry: to a Location, off an edge, or all within some MF",
		Long: `Find a cheapest path for Infantry over the terrain, priced by the movement
tables (ASL Chapter B; see "sasl path --help" for the flags):

  sasl path FROM TO              the path from one Location to another
  sasl path FROM --to-edge EDGE  the path off the map across a compass edge
                                 (ASL A2.6: into the mirror image of an edge hex)
  sasl path FROM --mf N          every Location reachable with N MF

Locations are written as the rulebook does (33Q7, 2I9, 33R6h1). With --mf,
a path also shows how far N MF take a unit in one phase. Boards come from
FROM and TO when they name one board; otherwise give --layout or --mission.`,
		Example: `  sasl path x1A5 x1GG5
  sasl path 33A5 33GG6 --boards ~/vasl/boards --mf 4
  sasl path 33R6h1 --to-edge north --boards ~/vasl/boards --png path.png
  sasl path x2K5 --mf 4 --weather winter --json
  sasl path x3O4 --to-edge south --mission crossroads`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := fromGame(o, f.game, &f.mission); err != nil {
				return err
			}
			if err := f.fromMission(cmd, o, f.mission, &f.month, &f.weather); err != nil {
				return err
			}
			return runPath(cmd.OutOrStdout(), o, f, args)
		},
	}
	f.layoutFlags.register(cmd)
	cmd.Flags().StringVar(&f.game, "game", "", "take the boards, weather and month of this game file's mission")
	f.conditionFlags.register(cmd)
	f.pictures.register(cmd)
	cmd.Flags().StringVar(&f.mission, "mission", "", "take the boards, weather and month of this mission (a file or a built-in demo)")
	cmd.Flags().StringVar(&f.toEdge, "to-edge", "", "find the path off the map across this edge: north, east, south or west")
	cmd.Flags().Float64Var(&f.mf, "mf", 0, "MF the unit has in a phase (multiples of 0.5)")
	cmd.Flags().BoolVar(&f.covered, "covered", false, "prefer Concealment Terrain: each hex of open ground counts 1 MF more")
	cmd.Flags().StringVar(&f.unseenBy, "unseen-by", "", "keep out of sight of these Locations (comma-separated: known enemy units): each hex of open ground in their LOS within 16 hexes counts 1 MF more")
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
	return cmd
}

// fromMission sets the layout, and the month and weather the user did not
// give, from the mission file or demo named (nothing when it is "").
// fromGame takes the mission and boards folder of the --game file, if one
// is given (the boards of --boards or $SASL_BOARDS if given).
func fromGame(o *options, game string, mission *string) error {
	if game == "" {
		return nil
	}
	if *mission != "" {
		return errors.New("give --game or --mission, not both")
	}
	hdr, err := table.ReadHeader(game)
	if err != nil {
		return fmt.Errorf("--game: %w", err)
	}
	*mission = hdr.Mission
	if o.boards == "" && os.Getenv(library.EnvBoards) == "" {
		o.boards = hdr.Boards
	}
	return nil
}

func (f *layoutFlags) fromMission(cmd *cobra.Command, o *options, mission string, month *int, weather *string) error {
	if mission == "" {
		return nil
	}
	ms, err := missions.Open(mission)
	if err != nil {
		return err
	}
	if err := ms.HasBoards(o.library()); err != nil {
		return err
	}
	if f.layout != "" {
		return errors.New("give --mission or --layout, not both")
	}
	f.layout, f.north = ms.Layout.String(), ms.Layout.North().String()
	if weather != nil && !cmd.Flags().Changed("weather") {
		*weather = ms.Weather
	}
	if month != nil && !cmd.Flags().Changed("month") {
		*month = ms.Month
	}
	return nil
}

// boardsOf returns the board IDs named by Location arguments.
func boardsOf(args []string) ([]string, error) {
	var ids []string
	for _, a := range args {
		r, err := coord.Parse(a)
		if err != nil {
			return nil, err
		}
		if r.Board != "" && !contains(ids, r.Board) {
			ids = append(ids, r.Board)
		}
	}
	return ids, nil
}

func contains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// maxMF bounds --mf: far more MF than any unit has.
const maxMF = 1000

func runPath(out io.Writer, o *options, f *pathFlags, args []string) error {
	if f.mf != 0 && (!(f.mf > 0 && f.mf <= maxMF) || f.mf*2 != float64(int(f.mf*2))) {
		return fmt.Errorf("--mf %v: want a positive multiple of 0.5, at most %d", f.mf, maxMF)
	}
	modes := 0
	for _, on := range []bool{len(args) == 2, f.toEdge != "", f.mf > 0 && len(args) == 1 && f.toEdge == ""} {
		if on {
			modes++
		}
	}
	if modes != 1 {
		return errors.New("give TO, or --to-edge EDGE, or --mf N with FROM alone")
	}
	budget := -1
	if f.mf != 0 {
		budget = int(f.mf * 2)
	}
	m, err := f.mapOf(o, args)
	if err != nil {
		return err
	}
	tbl, inf, err := f.infantry(m)
	if err != nil {
		return err
	}
	g, err := pathing.NewGraph(m, inf)
	if err != nil {
		return err
	}
	var w pathing.Weights
	var sight *unseen
	season := tbl.Seasons.At(f.month)
	if f.covered {
		w = g.Cover(season, 2)
	}
	if f.unseenBy != "" {
		var known []board.Location
		for _, s := range strings.Split(f.unseenBy, ",") {
			l, err := m.ParseLocation(strings.TrimSpace(s))
			if err != nil {
				return fmt.Errorf("--unseen-by: %w", err)
			}
			if !slices.Contains(known, l) {
				known = append(known, l) // each Location once, however often named
			}
		}
		lm, err := los.New(m, season)
		if err != nil {
			return err
		}
		ex := g.Exposure(lm, known, unseenReach, season, 2)
		w = w.Add(ex)
		sight = &unseen{by: known}
		for _, h := range m.Hexes() {
			if u, ok := g.Node(board.Ground(h)); ok && ex[u] > 0 {
				sight.exposed = append(sight.exposed, h)
			}
		}
	}
	from, err := m.ParseLocation(args[0])
	if err != nil {
		return err
	}
	s := g.NewSearch()
	if len(args) == 1 && f.toEdge == "" {
		return showReach(out, f, m, s, from, budget)
	}
	var p pathing.Path
	var ok bool
	var to string
	if f.toEdge != "" {
		e, err := layout.ParseCompass(f.toEdge)
		if err != nil {
			return err
		}
		var fld pathing.Field
		s.ToEdge(&fld, e, w)
		p, ok = fld.Path(from)
		to = f.toEdge + " edge"
	} else {
		dest, err := m.ParseLocation(args[1])
		if err != nil {
			return err
		}
		p, ok = s.Path(from, dest, w)
		to = m.LocationName(dest)
	}
	if !ok {
		return fmt.Errorf("no path for Infantry from %s to %s in %s weather", m.LocationName(from), to, f.weather)
	}
	if f.pictures.any() {
		title := fmt.Sprintf("Infantry path from %s to %s: %s MF, %s weather", m.LocationName(from), to, pathing.HalfMF(p.HalfMF), f.weather)
		if err := f.pictures.write(pathScene(m, p, budget, title, sight)); err != nil {
			return err
		}
	}
	if f.json {
		return writePathJSON(out, m, p, budget)
	}
	return writePathText(out, m, p, budget, m.LocationName(from), to, f)
}

type stepJSON struct {
	Location string  `json:"location"`
	MF       float64 `json:"mf"`
	OffBoard bool    `json:"off_board,omitempty"`
}

func stepName(m *board.Map, s pathing.Step) string {
	if s.Off {
		return m.NameString(s.Location.Hex)
	}
	return m.LocationName(s.Location)
}

func writePathJSON(w io.Writer, m *board.Map, p pathing.Path, budget int) error {
	out := struct {
		MF    float64    `json:"mf"`
		Steps []stepJSON `json:"steps"`
		Phase *phaseJSON `json:"phase,omitempty"`
	}{MF: p.MF()}
	for _, s := range p.Steps {
		out.Steps = append(out.Steps, stepJSON{Location: stepName(m, s), MF: float64(s.HalfMF) / 2, OffBoard: s.Off})
	}
	if budget >= 0 {
		within := p.Within(budget)
		last := within[len(within)-1]
		out.Phase = &phaseJSON{MF: float64(budget) / 2, Reaches: stepName(m, last), Phases: phases(p, budget)}
	}
	return writeJSON(w, out)
}

type phaseJSON struct {
	MF      float64 `json:"mf"`
	Reaches string  `json:"reaches"`
	Phases  int     `json:"phases"`
}

// phases counts the Movement Phases a unit with budget half MF needs to walk
// p, stopping where the next step would exceed the phase's MF.
func phases(p pathing.Path, budget int) int {
	if budget <= 0 {
		return 0
	}
	n, spent := 1, 0
	for _, s := range p.Steps {
		if s.HalfMF > budget {
			return -1 // a step the unit can never afford
		}
		if spent+s.HalfMF > budget {
			n++
			spent = 0
		}
		spent += s.HalfMF
	}
	return n
}

func writePathText(w io.Writer, m *board.Map, p pathing.Path, budget int, from, to string, f *pathFlags) error {
	fmt.Fprintf(w, "Infantry from %s to %s: %s MF (%s weather, month %d)\n", from, to, pathing.HalfMF(p.HalfMF), f.weather, f.month)
	total := 0
	for i, s := range p.Steps {
		total += s.HalfMF
		note := ""
		if s.Off {
			note = "  off the map"
		}
		fmt.Fprintf(w, "  %2d  %-10s %4s MF  %5s total%s\n", i, stepName(m, s), pathing.HalfMF(s.HalfMF), pathing.HalfMF(total), note)
	}
	if budget >= 0 {
		within := p.Within(budget)
		fmt.Fprintf(w, "With %s MF a phase: reaches %s in the first phase; %d phases in all.\n",
			pathing.HalfMF(budget), stepName(m, within[len(within)-1]), phases(p, budget))
	}
	return nil
}

// pathScene draws the path, labelled with the running MF total, and marks
// where the phase's MF run out.
// unseen is what --unseen-by weighed: the Locations whose sight the path
// keeps out of and the open ground hexes they see.
type unseen struct {
	by      []board.Location
	exposed []hex.Hex
}

func pathScene(m *board.Map, p pathing.Path, budget int, title string, sight *unseen) *render.Scene {
	var labels []string
	total := 0
	for _, s := range p.Steps {
		total += s.HalfMF
		labels = append(labels, pathing.HalfMF(total))
	}
	s := render.NewScene(m, title, fmt.Sprintf("Boards %s, north %s", m.Layout, m.Layout.North()))
	if sight != nil {
		hl := render.Highlight{Hexes: sight.exposed, Fill: color.NRGBA{0xD0, 0x30, 0x20, 0x50}}
		s.Add(hl)
		s.Key(hl, fmt.Sprintf("open ground an --unseen-by Location sees within %d hexes: 1 MF more to the search", unseenReach))
		var mk render.Markers
		for _, l := range sight.by {
			mk = append(mk, render.Marker{At: l, Label: "sees", Color: render.EnemyColor})
		}
		s.Add(mk)
		s.Key(mk[0], "an --unseen-by Location")
	}
	line := render.Path{Hexes: p.Hexes(), Labels: hexLabels(p, labels), Color: color.NRGBA{R: 0x20, G: 0x40, B: 0xD0, A: 0xFF}}
	s.Add(line)
	s.Key(render.Path{Color: line.Color}, "the cheapest path; MF spent so far at each hex")
	if budget >= 0 {
		within := p.Within(budget)
		last := within[len(within)-1]
		mk := render.Marker{At: last.Location, Label: pathing.HalfMF(budget) + " MF", Color: color.NRGBA{R: 0xD0, G: 0x20, B: 0x20, A: 0xFF}}
		s.Add(render.Markers{mk})
		s.Key(mk, "where the MF of one MPh run out")
	}
	return s
}

// hexLabels gives one label per hex of the path (a level change within a
// hex keeps the later label), matching p.Hexes().
func hexLabels(p pathing.Path, labels []string) []string {
	var out []string
	for i, s := range p.Steps {
		if i > 0 && p.Steps[i-1].Location.Hex == s.Location.Hex {
			out[len(out)-1] = labels[i]
			continue
		}
		out = append(out, labels[i])
	}
	return out
}

func showReach(w io.Writer, f *pathFlags, m *board.Map, s *pathing.Search, from board.Location, budget int) error {
	var fld pathing.Field
	s.From(&fld, from, nil, budget)
	type reached struct {
		Location string  `json:"location"`
		MF       float64 `json:"mf"`
	}
	var out []reached
	var hexes []hex.Hex
	for _, h := range m.Hexes() {
		for _, l := range m.Locations(h, board.Options{}) {
			if c := fld.Cost(l); c != pathing.Unreached {
				out = append(out, reached{m.LocationName(l), float64(c) / 2})
				hexes = append(hexes, h)
			}
		}
	}
	if f.pictures.any() {
		hl := render.Highlight{Hexes: hexes, Fill: color.NRGBA{R: 0x30, G: 0x60, B: 0xFF, A: 0x50}}
		mk := render.Marker{At: from, Label: "start", Color: color.NRGBA{R: 0xD0, G: 0x20, B: 0x20, A: 0xFF}}
		sc := render.NewScene(m, fmt.Sprintf("Where Infantry from %s can go with %s MF, %s weather", m.LocationName(from), pathing.HalfMF(budget), f.weather),
			fmt.Sprintf("Boards %s, north %s", m.Layout, m.Layout.North()))
		sc.Add(hl, render.Markers{mk})
		sc.Key(mk, "where the move starts")
		sc.Key(hl, "hexes it can reach (a Location of the hex)")
		if err := f.pictures.write(sc); err != nil {
			return err
		}
	}
	if f.json {
		return writeJSON(w, struct {
			From    string    `json:"from"`
			MF      float64   `json:"mf"`
			Reached []reached `json:"reached"`
		}{m.LocationName(from), float64(budget) / 2, out})
	}
	fmt.Fprintf(w, "Infantry at %s with %s MF (%s weather, month %d) reaches %d Locations:\n", m.LocationName(from), pathing.HalfMF(budget), f.weather, f.month, len(out))
	for i, r := range out {
		sep := "  "
		if i%6 == 5 || i == len(out)-1 {
			sep = "\n"
		}
		fmt.Fprintf(w, "%-9s %4s%s", r.Location, strconv.FormatFloat(r.MF, 'f', -1, 64), sep)
	}
	return nil
}
