package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/vassal"
)

// The colours of the S? counters sasl puts into a save: an S? black, a
// Human Wave's red (as sasl's pictures draw it), a unit an S? became grey.
const (
	colourSQ   = 0 // Black
	colourHW   = 7 // Red
	colourUnit = 2 // Grey
)

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
save by their labels and writes what the ENEMY did as steps VASL plays one by
one with its Step forward button, as it plays a log file: the moves of the
last Game Turn played (or the journal's steps from --since N on) in their order,
then what else changed (units that entered, were Activated, eliminated or
exited). Every command of your save is kept byte for byte; --out is a new
file.`,
		Example: `  sasl vasl write game.yaml --into mysetup.vsav --out turn1.vsav
  sasl vasl write game.yaml --into turn1.vsav --out turn2.vsav --since 5`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if into == "" || out == "" {
				return errors.New("vasl write: give --into SAVE.vsav (your save) and --out NEW.vsav (the file to write)")
			}
			if filepath.Clean(out) == filepath.Clean(into) {
				return fmt.Errorf("--out %s: that is the --into save; write a new file (your save stays as it was)", out)
			}
			if err := refuseExisting(out, force); err != nil {
				return err
			}
			path := args[0]
			release, err := lockGame(cmd, o, path)
			if err != nil {
				return err
			}
			defer release()
			s, err := openSession(path, game.LoadOptions{Boards: o.boards})
			if err != nil {
				return err
			}
			defer s.Close()
			var sinceP *int
			if cmd.Flags().Changed("since") {
				sinceP = &since
			}
			w, err := writeEnemy(s, into, sinceP, time.Now())
			if err != nil {
				return err
			}
			return w.write(cmd, out, force)
		},
	}
	cmd.Flags().StringVar(&into, "into", "", "your VASL save (.vsav) to write into; it is not changed")
	cmd.Flags().StringVar(&out, "out", "", "the new VASL save to write")
	cmd.Flags().IntVar(&since, "since", 0, "step through the ENEMY's moves from this step of the game's journal on (default: the last Game Turn played)")
	cmd.Flags().BoolVar(&force, "force", false, "replace the --out file if it exists")
	return cmd
}

// offMap stands for a counter off the boards.
var offMap = hex.Hex{Col: -1 << 20}

// enemyWrite is what writing a game's ENEMY into a save did.
type enemyWrite struct {
	into                                 string
	save                                 *vassal.Save
	placed, added, moved, removed, steps int
}

// write writes the new save to out and says what it holds.
func (w *enemyWrite) write(cmd *cobra.Command, out string, force bool) error {
	var b bytes.Buffer
	if err := w.save.Write(&b); err != nil {
		return err
	}
	if err := writeAtomic(out, false, func(f io.Writer) error { _, err := f.Write(b.Bytes()); return err }); err != nil {
		return err
	}
	fmt.Fprintf(cmd.OutOrStdout(), "Written to %s: %d S? placed, %d added, %d moved, %d removed; %d steps to play with VASL's Step forward.\n",
		out, w.placed, w.added, w.moved, w.removed, w.steps)
	return nil
}

// refuseExisting refuses to replace a file unless force.
func refuseExisting(path string, force bool) error {
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && !force {
		return fmt.Errorf("%s: the file exists; give --force to replace it", path)
	}
	return nil
}

// writeEnemy writes the ENEMY units of session s into the save at into:
// placed when the save has none of them, else the changes as steps.
func writeEnemy(s *game.Session, into string, since *int, now time.Time) (*enemyWrite, error) {
	g := s.G
	m := g.W.Map()
	sv, err := vassal.Open(into)
	if err != nil {
		return nil, err
	}
	c, err := sv.Contents()
	if err != nil {
		return nil, err
	}
	if err := sameBoards(into, c, g.W.Mission().Layout); err != nil {
		return nil, err
	}
	e, err := sv.Edit(now)
	if err != nil {
		return nil, err
	}
	w := &enemyWrite{into: into}
	// The save's S? by the unit IDs of their labels ("S12", "S12a 4-4-7 squad").
	// A hex is compared as the map knows it: a half hex on a seam has two
	// names (2H10 is 4H0 when board 4 is below board 2).
	piece := map[string]string{}
	where := map[string]hex.Hex{} // unit ID -> the hex its counter is on
	for _, p := range append(slices.Clone(c.On), c.Off...) {
		if id, _, _ := strings.Cut(p.Label, " "); p.Suspect() && id != "" && piece[id] == "" {
			piece[id] = p.ID
			if l, err := m.ParseLocation(p.Location); err == nil && p.Location != "" {
				where[id] = l.Hex
			} else {
				where[id] = offMap
			}
		}
	}
	units := map[string]*state.Unit{}
	var onMap []*state.Unit
	for _, u := range g.State.OfSide(state.Enemy) {
		units[u.ID] = u
		if u.OnMap() {
			onMap = append(onMap, u)
		}
	}
	grid := func(l board.Location) coord.Grid { gr, _ := m.Name(l.Hex); return gr }
	hexOf := func(g coord.Grid) hex.Hex { l, _ := m.ParseLocation(g.String()); return l.Hex }
	label := func(id, kind, typ string) string {
		if kind == state.SQ.String() {
			return id
		}
		return strings.TrimSpace(id + " " + typ + " " + strings.ReplaceAll(kind, "_", "-"))
	}
	colour := func(u *state.Unit) int {
		switch {
		case u == nil || u.Kind != state.SQ:
			return colourUnit
		case u.HW:
			return colourHW
		}
		return colourSQ
	}
	add := func(ids []string, at coord.Grid, logged bool) error {
		for _, id := range ids {
			u := units[id]
			kind, typ := state.SQ.String(), ""
			if u != nil {
				kind, typ = u.Kind.String(), u.Type
			}
			got, err := e.AddSuspects(at, colour(u), []string{label(id, kind, typ)}, logged)
			if err != nil {
				return err
			}
			piece[id], where[id] = got[0], hexOf(at)
		}
		return nil
	}
	if len(piece) == 0 || !slices.ContainsFunc(onMap, func(u *state.Unit) bool { return piece[u.ID] != "" }) {
		// The first write: every unit placed with the save's own pieces,
		// one stack a hex.
		byHex := map[coord.Grid][]string{}
		var hexes []coord.Grid
		for _, u := range onMap {
			gr := grid(u.At())
			if byHex[gr] == nil {
				hexes = append(hexes, gr)
			}
			byHex[gr] = append(byHex[gr], u.ID)
		}
		for _, gr := range hexes {
			labels := make([]string, len(byHex[gr]))
			for i, id := range byHex[gr] {
				u := units[id]
				labels[i] = label(id, u.Kind.String(), u.Type)
			}
			if _, err := e.AddSuspects(gr, colour(units[byHex[gr][0]]), labels, false); err != nil {
				return nil, err
			}
			w.placed += len(labels)
		}
		w.save = e.Result()
		return w, nil
	}
	// The moves in the game's order, of the units the save does not show
	// where the game has them.
	behind := map[string]bool{}
	for id, at := range where {
		if u := units[id]; u == nil || !u.OnMap() || u.At().Hex != at {
			behind[id] = true
		}
	}
	for _, u := range onMap {
		if piece[u.ID] == "" {
			behind[u.ID] = true
		}
	}
	for _, ev := range enemyEvents(s, since) {
		switch ev.Kind {
		case report.Enter, report.Move, report.Gap, report.Advance:
			if len(ev.Steps) == 0 {
				continue
			}
			last := ev.Steps[len(ev.Steps)-1]
			if last.Off {
				continue // an exit: removed below
			}
			to := grid(last.Location)
			var move, fresh []string
			for _, id := range ev.Units {
				switch {
				case !behind[id] || piece[id] != "" && where[id] == last.Location.Hex:
				case piece[id] == "":
					fresh = append(fresh, id)
				default:
					move = append(move, piece[id])
					where[id] = last.Location.Hex
				}
			}
			if err := e.Move(move, to); err != nil {
				return nil, err
			}
			w.moved += len(move)
			if err := add(fresh, to, true); err != nil {
				return nil, err
			}
			w.added += len(fresh)
		case report.Activate:
			for _, made := range ev.Made {
				if piece[made.ID] == "" {
					if err := add([]string{made.ID}, grid(made.At), true); err != nil {
						return nil, err
					}
					w.added++
				}
			}
		}
	}
	// What else changed: units the save lacks, on the wrong hex, or gone.
	for _, u := range onMap {
		at := grid(u.At())
		switch {
		case piece[u.ID] == "":
			if err := add([]string{u.ID}, at, true); err != nil {
				return nil, err
			}
			w.added++
		case where[u.ID] != u.At().Hex:
			if err := e.Move([]string{piece[u.ID]}, at); err != nil {
				return nil, err
			}
			where[u.ID] = u.At().Hex
			w.moved++
		}
	}
	var gone []string
	for id, p := range piece {
		if u := units[id]; u == nil || !u.OnMap() {
			gone = append(gone, p)
		}
	}
	slices.Sort(gone)
	if err := e.Remove(gone); err != nil {
		return nil, err
	}
	w.removed = len(gone)
	w.steps = e.Steps()
	w.save = e.Result()
	return w, nil
}

// enemyEvents are the events of the ENEMY's Player Turns from step since
// on, or of the last Game Turn played.
func enemyEvents(s *game.Session, since *int) []report.Event {
	n := len(s.Journal())
	from := 2
	if since != nil {
		from = min(max(*since, 2), n+1)
	} else if n >= 2 {
		steps := s.Steps(2)
		last := s.TurnAt(steps[len(steps)-1].First)
		for _, st := range steps {
			if s.TurnAt(st.First) == last {
				from = st.N
				break
			}
		}
	}
	var out []report.Event
	for _, st := range s.Steps(from) {
		for _, ev := range st.Events {
			if ev.Player == state.Enemy {
				out = append(out, ev)
			}
		}
	}
	return out
}
