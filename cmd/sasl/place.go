package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/table"
)

type placeFlags struct {
	missionFlags
	pictures pictureFlags
	json     bool
	save     string
}

func newPlaceCmd(o *options) *cobra.Command {
	f := &placeFlags{}
	cmd := &cobra.Command{
		Use:   "place",
		Short: "Set up the ENEMY S? of a mission (SASL 4.1)",
		Long: `Set up the ENEMY S? of a mission by the SASL 4.1 cases it lists (a-e), with
4.11 (never within 3 hexes of a whole off-board hex of the FBE), 4.12 (Table
A9e on built-up boards), 4.13 (woods boards) and 4.14 (Crest status in
Depressions). Lists each S? in rulebook notation with the case that put it
there and the dice that decided it, then the dice of the whole setup, which
--dice replays.`,
		Example: `  sasl place
  sasl place --mission wooded-hill --seed 7 --png setup.png
  sasl place --mission 41ex.yaml --boards ~/vasl/boards --dice "3 Q S 4 6 6 4"
  sasl place --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			// A game file as sasl play new writes it.
			p, s, err := setUp(cmd, o, &f.missionFlags, &f.pictures, game.PolicyHold, game.Stops{}, f.save, true, nil)
			if err != nil {
				return err
			}
			return writeSetup(cmd.OutOrStdout(), p, s, f.json)
		},
	}
	f.missionFlags.register(cmd)
	f.pictures.register(cmd)
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
	cmd.Flags().StringVar(&f.save, "save", "", "write the game after setup to this file (sasl play turn plays on)")
	return cmd
}

// setUp starts a game of the mission of mf by its 4.1 setup (sasl place,
// play new): the game's FRIENDLY side played by policy, the picture pf
// asks for, and the game file when save is given.
//
// With save, the game file's lock is taken first, and before (if not nil)
// runs under it: play new --friendly-from writes the mission beside the
// game there, never while another command holds the game.
func setUp(cmd *cobra.Command, o *options, mf *missionFlags, pf *pictureFlags, policy state.Policy, stops game.Stops, save string, force bool, before func() error) (*played, *ai.Setup, error) {
	if err := table.NotOver(save, pf.outputs()); save != "" && err != nil {
		return nil, nil, err
	}
	var l *table.FileLock
	if save != "" {
		var err error
		if l, err = table.Lock(save, tableOptions(cmd, o, save)); err != nil {
			return nil, nil, err
		}
		defer func() { l.Release() }() // nil once the game holds it
	}
	if before != nil {
		if err := before(); err != nil {
			return nil, nil, err
		}
	}
	p, err := mf.open(cmd, o)
	if err != nil {
		return nil, nil, err
	}
	p.hdr.Policy = policy
	var snap *state.State // the game as set up
	var s *ai.Setup
	if save == "" {
		var session *game.Session
		if session, s, err = game.Begin(p.prep, p.hdr, p.scriptOrNil(), stops); err != nil {
			return nil, nil, err
		}
		defer session.Close()
		snap = session.Game().Snapshot()
	} else {
		held := l
		l = nil // CreateLocked releases it, or the game holds it
		t, setup, err := table.CreateLocked(save, held, force, p.prep, p.hdr, p.scriptOrNil(), stops)
		if err != nil {
			return nil, nil, err
		}
		defer t.Close()
		o.saved = save
		snap, s = t.Snapshot(), setup
	}
	if err := p.leftover(); err != nil {
		return nil, nil, err
	}
	if pf.any() {
		if err := pf.write(table.SetupScene(p.m, p.ms, snap, p.diceName())); err != nil {
			return nil, nil, err
		}
	}
	return p, s, nil
}

// diceName names the dice of a command for a title: the seed, or the
// player's own.
func (p *played) diceName() string {
	if p.script != nil {
		return "your dice"
	}
	return fmt.Sprintf("seed %d", p.seed)
}

// writeSetup prints a setup as text or JSON.
func writeSetup(w io.Writer, p *played, s *ai.Setup, asJSON bool) error {
	if asJSON {
		return writePlaceJSON(w, p, s)
	}
	return writePlaceText(w, p, s)
}

func writePlaceText(w io.Writer, p *played, s *ai.Setup) error {
	fmt.Fprintln(w, p.header())
	for _, k := range s.Kinds {
		fmt.Fprintf(w, "Board %s: %s (%s)\n", k.Board, k.BoardKind, p.words.KindWhy(k))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Procedure:")
	for i := range s.Log {
		fmt.Fprintln(w, "  "+p.words.Text(&s.Log[i]))
	}
	fmt.Fprintf(w, "\n%d S?:\n", len(s.Placements))
	for _, pl := range s.Placements {
		fmt.Fprintf(w, "  %-16s case %s  %s", s.Ref(pl), pl.Case, p.words.Reason(pl.Location, pl.Why))
		if len(pl.Rolls) > 0 {
			fmt.Fprintf(w, "  [%s]", report.RollsText(pl.Rolls))
		}
		if pl.Crest {
			fmt.Fprint(w, "  Crest status (SASL 4.14)")
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, p.diceLine(s.Trail))
	return nil
}

func writePlaceJSON(w io.Writer, p *played, s *ai.Setup) error {
	out := table.SetupViewOf(p.words, s) // as the page's GET /api/setup
	out.Placeholders = p.t.PlaceholderSummary()
	if p.script == nil {
		out.Seed = &p.seed
	}
	return writeJSON(w, out)
}

type enterFlags struct {
	missionFlags
	pictures pictureFlags
	turn     int
	json     bool
	save     string
}

func newEnterCmd(o *options) *cobra.Command {
	f := &enterFlags{}
	cmd := &cobra.Command{
		Use:   "enter",
		Short: "Bring on the S? a mission schedules for a turn (SASL 4.2)",
		Long: `Set up just off the map the ENEMY S? a mission schedules to enter on a turn:
along the length of a board by a Letter Chit per S? (SASL 4.21), along the
widths of boards by a DR per S? (SASL 4.22). Lists the hex each S? enters
and the dice that decided it.`,
		Example: `  sasl enter --turn 1
  sasl enter --mission wooded-hill --turn 4 --seed 3 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := f.open(cmd, o)
			if err != nil {
				return err
			}
			if len(p.ms.EntriesOn(f.turn)) == 0 {
				return fmt.Errorf("%s schedules no S? to enter on turn %d (entries: %s)", p.ms.Name, f.turn, entryTurns(p))
			}
			a, err := ai.New(p.prep, p.r, nil).Enter(f.turn)
			if err != nil {
				return err
			}
			if err := p.leftover(); err != nil {
				return err
			}
			if err := table.NotOver(f.save, f.pictures.outputs()); f.save != "" && err != nil {
				return err
			}
			if f.save != "" {
				if err := saveEntry(f.save, tableOptions(cmd, o, f.save), p, a); err != nil {
					return err
				}
			}
			if f.pictures.any() {
				if err := f.pictures.write(table.EntryScene(p.m, p.ms, a, p.diceName())); err != nil {
					return err
				}
			}
			if f.json {
				return writeEnterJSON(cmd.OutOrStdout(), p, a)
			}
			fmt.Fprintln(cmd.OutOrStdout(), p.header())
			fmt.Fprintln(cmd.OutOrStdout())
			for i := range a.Log {
				fmt.Fprintln(cmd.OutOrStdout(), "  "+p.words.Text(&a.Log[i]))
			}
			fmt.Fprintf(cmd.OutOrStdout(), "\n%d S? enter on turn %d:\n", len(a.Arrivals), f.turn)
			for _, x := range a.Arrivals {
				fmt.Fprintf(cmd.OutOrStdout(), "  %-8s from off the %s edge  SASL %s  [%s]\n", p.m.NameString(x.Hex), x.Edge, x.Entry.Method, report.RollsText(x.Rolls))
			}
			fmt.Fprintln(cmd.OutOrStdout())
			fmt.Fprintln(cmd.OutOrStdout(), p.diceLine(a.Trail))
			return nil
		},
	}
	f.missionFlags.register(cmd)
	f.pictures.register(cmd)
	decimalVar(cmd.Flags(), &f.turn, "turn", 1, "the turn whose entries to set up")
	cmd.Flags().BoolVar(&f.json, "json", false, "print JSON")
	cmd.Flags().StringVar(&f.save, "save", "", "write a game at this turn with these S? waiting off the map to enter (sasl play turn plays on)")
	return cmd
}

// saveEntry writes a game standing at the start of the turn with the S?
// set up off the map, waiting to enter: the mission's FRIENDLY units and
// VPOs, no setup S? (enter places none). sasl play turn plays the turn on,
// the S? entering in its MPh.
func saveEntry(path string, to table.Options, p *played, a *ai.Arrivals) error {
	st, err := p.ms.State(p.m)
	if err != nil {
		return err
	}
	st.Game = p.hdr
	if st.Policy == "" {
		st.Policy = game.PolicyPlayer
	}
	st.Player, st.HasPlayer = p.ms.First, true
	st.Plain = true // played on turn by turn, without a journal
	st.Turn = a.Turn
	st.Trail = []string{dice.Script(a.Trail)}
	if sr, ok := p.r.(*dice.SeededRoller); ok {
		st.RNG = sr.State()
	} else if st.HasSeed { // the player's dice: the game's own roll on from its seed
		st.RNG = dice.Seeded(st.Seed).State()
	}
	for _, x := range a.Arrivals {
		st.Add(&state.Unit{ID: st.NewID("E"), Side: state.Enemy, Kind: state.SQ, Entering: true, Edge: x.Edge}, board.Ground(x.Hex))
	}
	l, err := table.Lock(path, to)
	if err != nil {
		return err
	}
	defer l.Release()
	return table.SaveState(path, l, st, p.m)
}

func entryTurns(p *played) string {
	seen := map[int]bool{}
	s := ""
	for _, e := range p.ms.Entry {
		if !seen[e.Turn] {
			seen[e.Turn] = true
			if s != "" {
				s += ", "
			}
			s += fmt.Sprintf("turn %d", e.Turn)
		}
	}
	if s == "" {
		return "none"
	}
	return s
}

func writeEnterJSON(w io.Writer, p *played, a *ai.Arrivals) error {
	type entryJSON struct {
		Edge   string   `json:"edge"`
		Hex    string   `json:"hex"`
		Method string   `json:"method"`
		Dice   []string `json:"dice"`
	}
	out := struct {
		Mission string      `json:"mission"`
		Turn    int         `json:"turn"`
		Seed    *uint64     `json:"seed,omitempty,string"`
		Dice    string      `json:"dice"`
		Entries []entryJSON `json:"entries"`
	}{Mission: p.ms.Name, Turn: a.Turn, Dice: dice.Script(a.Trail), Entries: []entryJSON{}}
	if p.script == nil {
		out.Seed = &p.seed
	}
	for _, x := range a.Arrivals {
		var ds []string
		for _, r := range x.Rolls {
			ds = append(ds, r.String())
		}
		out.Entries = append(out.Entries, entryJSON{x.Edge.String(), p.m.NameString(x.Hex), x.Entry.Method, ds})
	}
	return writeJSON(w, out)
}
