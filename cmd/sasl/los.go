package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/table"
	"github.com/sasl-engine/sasl/tables"
)

type losFlags struct {
	layoutFlags
	pictures pictureFlags
	tables   string
	month    int
	mission  string
	game     string
	json     bool
	rng      int
	pairs    string
}

func newLOSCmd(o *options) *cobra.Command {
	f := &losFlags{}
	cmd := &cobra.Command{
		Use:   "los FROM [TO]",
		Short: "Line of sight between Locations, as ASL A6 and VASL trace it",
		Long: `Trace line of sight as ASL A6 says and as VASL does: from centre dot to
centre dot over the terrain picture of the boards (the VASL archive's own
raster; boards without one are drawn from their hexes), judging each pixel
by the height rules (A6.2 obstacles, height advantage, blind hexes A6.4,
A6.8 upper building levels, B9.2 hexside terrain, A6.3 depressions) and
counting hindrances once per hex (B.10: six or more block).

  sasl los FROM TO          the verdict, where and why it is blocked, the
                            hindrances along the line
  sasl los FROM --range N   every Location in LOS within N hexes
  sasl los --pairs FILE     one "FROM TO" pair a line ("-" reads standard
                            input), one result a line

Grain and orchards are in season from the month (--month; the tables say
which months). Boards come from the Locations when they name one board;
otherwise give --layout or --mission.`,
		Example: `  sasl los x1A5 x1K5
  sasl los 33Q5 33X3 --boards ~/vasl/boards --png los.png
  sasl los 33R6h1 --range 16 --boards ~/vasl/boards --svg seen.svg
  sasl los --pairs pairs.txt --layout 2,33 --boards ~/vasl/boards --json`,
		Args: cobra.RangeArgs(0, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := fromGame(o, f.game, &f.mission); err != nil {
				return err
			}
			if err := f.fromMission(cmd, o, f.mission, &f.month, nil); err != nil {
				return err
			}
			return runLOS(cmd.OutOrStdout(), cmd.InOrStdin(), o, f, args, cmd.Flags().Changed("range"))
		},
	}
	f.layoutFlags.register(cmd)
	cmd.Flags().StringVar(&f.game, "game", "", "take the boards, weather and month of this game file's mission")
	f.pictures.register(cmd)
	cmd.Flags().StringVar(&f.tables, "tables", "", "YAML file of table values laid over the built-in tables")
	decimalVar(cmd.Flags(), &f.month, "month", 7, "month of the year, 1..12: decides whether grain and orchards are in season")
	cmd.Flags().StringVar(&f.mission, "mission", "", "take the boards and month of this mission (a file or a built-in demo)")
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON (with --pairs: one object a line)")
	decimalVar(cmd.Flags(), &f.rng, "range", 0, "list every Location in LOS of FROM within this many hexes")
	cmd.Flags().StringVar(&f.pairs, "pairs", "", `file of "FROM TO" pairs, one a line ("-": standard input)`)
	return cmd
}

// maxPairLine bounds a line of a --pairs file.
const maxPairLine = 4096

func runLOS(out io.Writer, in io.Reader, o *options, f *losFlags, args []string, rangeSet bool) error {
	switch {
	case f.pairs != "" && (len(args) > 0 || rangeSet):
		return errors.New("--pairs reads its Locations from the file: give no FROM, TO or --range")
	case f.pairs != "" && f.pictures.any():
		return errors.New("--pairs draws no picture: draw one line with FROM TO, or FROM --range N")
	case f.pairs == "" && len(args) == 0:
		return errors.New("give FROM and TO, FROM and --range N, or --pairs FILE")
	case rangeSet && len(args) != 1:
		return errors.New("--range N goes with FROM alone")
	case !rangeSet && f.pairs == "" && len(args) != 2:
		return errors.New("give TO, or --range N")
	case rangeSet && f.rng < 1:
		return fmt.Errorf("--range %d: want 1 or more hexes", f.rng)
	case f.month < 1 || f.month > 12:
		return fmt.Errorf("--month %d: want 1..12", f.month)
	}
	t, err := tables.Load(f.tables)
	if err != nil {
		return err
	}
	if f.pairs != "" {
		return losPairs(out, in, o, f, t)
	}
	lm, err := f.losMap(o, t, args)
	if err != nil {
		return err
	}
	m := lm.Board()
	from, err := m.ParseLocation(args[0])
	if err != nil {
		return err
	}
	if rangeSet {
		return losRange(out, lm, f, from)
	}
	to, err := m.ParseLocation(args[1])
	if err != nil {
		return err
	}
	r := lm.Query(from, to)
	if f.pictures.any() {
		if err := f.pictures.write(losScene(lm, from, to, &r, f.month)); err != nil {
			return err
		}
	}
	if f.json {
		return writeJSON(out, losJSONOf(m, from, to, &r))
	}
	_, err = fmt.Fprintln(out, losText(m, from, to, &r))
	return err
}

// losMap builds the LOS of the configuration the flags or the Locations
// name.
func (f *losFlags) losMap(o *options, t *tables.Set, locs []string) (*los.Map, error) {
	m, err := f.mapOf(o, locs)
	if err != nil {
		return nil, err
	}
	return los.New(m, t.Seasons.At(f.month))
}

// losJSON is one line of sight for programs.
type losJSON struct {
	From       string     `json:"from"`
	To         string     `json:"to"`
	Verdict    string     `json:"verdict"` // clear or blocked
	Range      int        `json:"range"`
	BlockedAt  string     `json:"blocked_at,omitempty"`
	BlockedBy  string     `json:"blocked_by,omitempty"`
	Hindrances int        `json:"hindrances"` // total DRM
	Hexes      []hindJSON `json:"hindrance_hexes,omitempty"`
	Reason     string     `json:"reason,omitempty"`
}

type hindJSON struct {
	Hex string `json:"hex"`
	DRM int    `json:"drm"`
}

func losJSONOf(m *board.Map, from, to board.Location, r *los.Result) losJSON {
	s := table.SightOf(m, from, to, r)
	j := losJSON{From: s.From, To: s.To, Verdict: s.Verdict, Range: s.Range, BlockedAt: s.BlockedAt, BlockedBy: s.BlockedBy,
		Hindrances: s.Hindrances, Reason: s.Reason}
	for _, h := range s.Hexes {
		j.Hexes = append(j.Hexes, hindJSON{h.Hex, h.DRM})
	}
	return j
}

// losText says a verdict in one line for a player (table.Sight's Text).
func losText(m *board.Map, from, to board.Location, r *los.Result) string {
	return table.SightOf(m, from, to, r).Text
}

// losRange lists every Location in LOS of from within f.rng hexes, nearest
// first.
func losRange(out io.Writer, lm *los.Map, f *losFlags, from board.Location) error {
	m := lm.Board()
	// Beyond the map's own size a larger range finds nothing more.
	maxC, maxR := m.Extent()
	r := min(f.rng, maxC+maxR+2)
	type seen struct {
		Location   string `json:"location"`
		Range      int    `json:"range"`
		Hindrances int    `json:"hindrances"`
		loc        board.Location
	}
	byRange := make([][]seen, r+1)
	total, inLOS := 0, 0
	lm.Range(from, r, func(to board.Location, res *los.Result) bool {
		total++
		if res.Clear {
			inLOS++
			byRange[res.Range] = append(byRange[res.Range], seen{m.LocationName(to), res.Range, res.Hindrance, to})
		}
		return true
	})
	if f.pictures.any() {
		var hexes []hex.Hex
		for _, ss := range byRange {
			for _, s := range ss {
				hexes = append(hexes, s.loc.Hex)
			}
		}
		if err := f.pictures.write(losRangeScene(lm, from, r, hexes, inLOS, total, f.month)); err != nil {
			return err
		}
	}
	if f.json {
		all := []seen{}
		for _, ss := range byRange {
			all = append(all, ss...)
		}
		return writeJSON(out, struct {
			From      string `json:"from"`
			Range     int    `json:"range"`
			Locations int    `json:"locations_within_range"`
			InLOS     []seen `json:"in_los"`
		}{m.LocationName(from), r, total, all})
	}
	bw := bufio.NewWriter(out)
	fmt.Fprintf(bw, "%s sees %d of the %d Locations within %d hexes (hindrance DRM in brackets):\n", m.LocationName(from), inLOS, total, r)
	for d, ss := range byRange {
		if len(ss) == 0 {
			continue
		}
		fmt.Fprintf(bw, "  range %2d:", d)
		for _, s := range ss {
			fmt.Fprintf(bw, " %s", s.Location)
			if s.Hindrances > 0 {
				fmt.Fprintf(bw, "(+%d)", s.Hindrances)
			}
		}
		fmt.Fprintln(bw)
	}
	return bw.Flush()
}

// losPairs answers a file of "FROM TO" lines, one result a line.
func losPairs(out io.Writer, in io.Reader, o *options, f *losFlags, t *tables.Set) error {
	name := f.pairs
	var r io.Reader = in
	if name == "-" {
		name = "standard input"
	} else {
		st, err := os.Stat(name)
		if err != nil {
			return err
		}
		if st.IsDir() {
			return fmt.Errorf("%s: a folder, not a file of pairs", name)
		}
		fh, err := yamldoc.Open(name)
		if err != nil {
			return err
		}
		defer fh.Close()
		r = fh
	}
	bw := bufio.NewWriter(out)
	defer bw.Flush()
	return answerPairs(bw, r, name, f.json, func(locs []string) (*los.Map, error) { return f.losMap(o, t, locs) })
}

// answerPairs reads "FROM TO" lines from r (named name in errors) and
// writes one result a line; the map is made, by mapFor, from the first
// pair's Locations.
func answerPairs(out io.Writer, r io.Reader, name string, asJSON bool, mapFor func(locs []string) (*los.Map, error)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 256), maxPairLine)
	enc := json.NewEncoder(out)
	var lm *los.Map
	pairs := 0
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 2 {
			return fmt.Errorf("%s:%d: want two Locations, FROM TO; got %q", name, n, truncate(strings.TrimSpace(line), 60))
		}
		if lm == nil {
			var err error
			if lm, err = mapFor(fields); err != nil {
				return fmt.Errorf("%s:%d: %w", name, n, err)
			}
		}
		m := lm.Board()
		from, err := m.ParseLocation(fields[0])
		if err != nil {
			return fmt.Errorf("%s:%d: %w", name, n, err)
		}
		to, err := m.ParseLocation(fields[1])
		if err != nil {
			return fmt.Errorf("%s:%d: %w", name, n, err)
		}
		res := lm.Query(from, to)
		pairs++
		if asJSON {
			if err := enc.Encode(losJSONOf(m, from, to, &res)); err != nil {
				return err
			}
			continue
		}
		if _, err := fmt.Fprintln(out, losText(m, from, to, &res)); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%s: a line longer than %d bytes: not a file of pairs", name, maxPairLine)
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	if pairs == 0 {
		return fmt.Errorf("%s: no pairs in it: want one \"FROM TO\" a line (a named pipe nobody writes to reads as empty)", name)
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

var (
	losClearColor   = color.NRGBA{0x10, 0x90, 0x30, 0xff}
	losBlockedColor = color.NRGBA{0xd0, 0x20, 0x20, 0xff}
	losHindColor    = color.NRGBA{0xe0, 0xa0, 0x00, 0xff}
)

// losSeason is the caption's note on the season.
func losSeason(lm *los.Map, month int) string {
	s := lm.Season()
	return fmt.Sprintf("Boards %s, north %s; month %d: grain %s, orchards %s", lm.Board().Layout, lm.Board().Layout.North(), month, inSeason(s.Grain), inSeason(s.Orchard))
}

func inSeason(b bool) string {
	if b {
		return "in season"
	}
	return "out of season"
}

// losScene draws one line: green where it is clear, red beyond the hex that
// blocks it; the hexes that hinder it outlined.
func losScene(lm *los.Map, from, to board.Location, r *los.Result, month int) *render.Scene {
	m := lm.Board()
	verdict := "clear"
	if !r.Clear {
		verdict = "blocked at " + m.NameString(r.BlockedAt)
	}
	s := render.NewScene(m, fmt.Sprintf("LOS %s - %s: %s, range %d, hindrance DRM +%d", m.LocationName(from), m.LocationName(to), verdict, r.Range, r.Hindrance), losSeason(lm, month))
	if hs := r.HindranceHexes(); len(hs) > 0 {
		var hexes []hex.Hex
		for _, h := range hs {
			hexes = append(hexes, h.Hex)
		}
		hl := render.Highlight{Hexes: hexes, Outline: losHindColor}
		s.Add(hl)
		s.Key(hl, "a hex that hinders the line (B.10)")
	}
	if r.Clear {
		p := render.Path{Hexes: []hex.Hex{from.Hex, to.Hex}, Color: losClearColor}
		s.Add(p)
		s.Key(p, "the line of sight, clear")
	} else {
		p := render.Path{Hexes: []hex.Hex{from.Hex, to.Hex}, Color: losBlockedColor, Dashed: true}
		s.Add(p)
		s.Key(p, "the line of sight, blocked")
		hl := render.Highlight{Hexes: []hex.Hex{r.BlockedAt}, Outline: losBlockedColor}
		s.Add(hl)
		s.Key(hl, fmt.Sprintf("where it is blocked: %s (%s)", r.Blocking(), r.Reason))
	}
	mk := render.Markers{{At: from, Label: "from", Color: render.FriendlyColor}, {At: to, Label: "to", Color: render.EnemyColor}}
	s.Add(mk)
	return s
}

// losRangeScene shades the hexes holding a Location in LOS of from.
func losRangeScene(lm *los.Map, from board.Location, r int, hexes []hex.Hex, inLOS, total, month int) *render.Scene {
	m := lm.Board()
	s := render.NewScene(m, fmt.Sprintf("LOS from %s: %d of %d Locations within %d hexes", m.LocationName(from), inLOS, total, r), losSeason(lm, month))
	hl := render.Highlight{Hexes: hexes, Fill: color.NRGBA{0x10, 0x90, 0x30, 0x60}}
	s.Add(hl)
	s.Key(hl, "a hex with a Location in LOS")
	mk := render.Markers{{At: from, Label: "from", Color: render.FriendlyColor}}
	s.Add(mk)
	return s
}
