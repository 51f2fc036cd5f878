package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
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
			return w.write(cmd, out)
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
	save                                 *vassal.Save
	placed, added, moved, removed, steps int
}

// write writes the new save to out and says what it holds.
func (w *enemyWrite) write(cmd *cobra.Command, out string) error {
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

// enemyWriter writes a game's ENEMY units into an edit of a save.
type enemyWriter struct {
	enemyWrite
	e     *vassal.Edit
	m     *board.Map
	units map[string]*state.Unit // the game's ENEMY units by ID
	onMap []*state.Unit
	// piece and where: the save's counter of each unit (by the unit ID of
	// its label, "S12" or "S12a 4-4-7 squad") and the hex it is on, as the
	// map knows it: a half hex on a seam has two names (2H10 is 4H0).
	piece map[string]string
	where map[string]hex.Hex
}

// writeEnemy writes the ENEMY units of session s into the save at into:
// placed when the save has none of them, else the changes as steps.
func writeEnemy(s *game.Session, into string, since *int, now time.Time) (*enemyWrite, error) {
	g := s.G
	f, err := readSave(into, g.W.Mission().Layout)
	if err != nil {
		return nil, err
	}
	e, err := f.save.Edit(now)
	if err != nil {
		return nil, err
	}
	w := &enemyWriter{e: e, m: g.W.Map(), units: map[string]*state.Unit{}, piece: map[string]string{}, where: map[string]hex.Hex{}}
	for _, p := range append(slices.Clone(f.c.On), f.c.Off...) {
		if id, _, _ := strings.Cut(p.Label, " "); p.Suspect() && id != "" && w.piece[id] == "" {
			w.piece[id] = p.ID
			if l, err := w.m.ParseLocation(p.Location); err == nil && p.Location != "" {
				w.where[id] = l.Hex
			} else {
				w.where[id] = offMap
			}
		}
	}
	for _, u := range g.State.OfSide(state.Enemy) {
		w.units[u.ID] = u
		if u.OnMap() {
			w.onMap = append(w.onMap, u)
		}
	}
	if !slices.ContainsFunc(w.onMap, func(u *state.Unit) bool { return w.piece[u.ID] != "" }) {
		err = w.placeAll()
	} else {
		err = w.stepThrough(enemyEvents(s, since))
	}
	if err != nil {
		return nil, err
	}
	w.steps = e.Steps()
	w.save = e.Result()
	return &w.enemyWrite, nil
}

func (w *enemyWriter) grid(l board.Location) coord.Grid { g, _ := w.m.Name(l.Hex); return g }

// label is the label of unit id's counter: its ID, and its type if it is
// no S? ("S12a 4-4-7 squad").
func (w *enemyWriter) label(id string) string {
	u := w.units[id]
	if u == nil || u.Kind == state.SQ {
		return id
	}
	return strings.TrimSpace(id + " " + u.Type + " " + strings.ReplaceAll(u.Kind.String(), "_", "-"))
}

// colour is the colour of unit id's counter.
func (w *enemyWriter) colour(id string) int {
	switch u := w.units[id]; {
	case u == nil || u.Kind != state.SQ:
		return colourUnit
	case u.HW:
		return colourHW
	}
	return colourSQ
}

// placeAll places every ENEMY unit on the map with the save's own pieces,
// the units of a hex in one stack: the first write into a save.
func (w *enemyWriter) placeAll() error {
	byHex := map[coord.Grid][]string{}
	var hexes []coord.Grid
	for _, u := range w.onMap {
		g := w.grid(u.At())
		if byHex[g] == nil {
			hexes = append(hexes, g)
		}
		byHex[g] = append(byHex[g], u.ID)
	}
	for _, g := range hexes {
		ids := byHex[g]
		labels := make([]string, len(ids))
		for i, id := range ids {
			labels[i] = w.label(id)
		}
		if _, err := w.e.AddSuspects(g, w.colour(ids[0]), labels, false); err != nil {
			return err
		}
		w.placed += len(labels)
	}
	return nil
}

// add adds a counter for each unit of ids on hex g, a logged step each.
func (w *enemyWriter) add(ids []string, g coord.Grid) error {
	for _, id := range ids {
		got, err := w.e.AddSuspects(g, w.colour(id), []string{w.label(id)}, true)
		if err != nil {
			return err
		}
		l, _ := w.m.ParseLocation(g.String())
		w.piece[id], w.where[id] = got[0], l.Hex
		w.added++
	}
	return nil
}

// move moves the counters of units ids onto hex g in one logged step.
func (w *enemyWriter) move(ids []string, to board.Location) error {
	var pieces []string
	for _, id := range ids {
		pieces = append(pieces, w.piece[id])
		w.where[id] = to.Hex
	}
	w.moved += len(pieces)
	return w.e.Move(pieces, w.grid(to))
}

// remove removes the counters of units ids that are no longer on the map,
// in one logged step.
func (w *enemyWriter) remove(ids []string) error {
	var pieces []string
	for _, id := range ids {
		if u := w.units[id]; w.piece[id] != "" && (u == nil || !u.OnMap()) {
			pieces = append(pieces, w.piece[id])
			delete(w.piece, id)
		}
	}
	slices.Sort(pieces)
	w.removed += len(pieces)
	return w.e.Remove(pieces)
}

// stepThrough writes what the ENEMY did as logged steps: the events'
// moves, entries and Activations in their order (of the units the save
// does not show where the game has them), then what else changed.
func (w *enemyWriter) stepThrough(events []report.Event) error {
	behind := map[string]bool{}
	for id, at := range w.where {
		if u := w.units[id]; u == nil || !u.OnMap() || u.At().Hex != at {
			behind[id] = true
		}
	}
	for _, u := range w.onMap {
		if w.piece[u.ID] == "" {
			behind[u.ID] = true
		}
	}
	for _, ev := range events {
		switch ev.Kind {
		case report.Enter, report.Move, report.Gap, report.Advance:
			if len(ev.Steps) == 0 {
				continue
			}
			last := ev.Steps[len(ev.Steps)-1]
			if last.Off {
				continue // an exit: removed below
			}
			var move, fresh []string
			for _, id := range ev.Units {
				switch {
				case !behind[id] || w.piece[id] != "" && w.where[id] == last.Location.Hex:
				case w.piece[id] == "":
					fresh = append(fresh, id)
				default:
					move = append(move, id)
				}
			}
			if err := w.move(move, last.Location); err != nil {
				return err
			}
			if err := w.add(fresh, w.grid(last.Location)); err != nil {
				return err
			}
		case report.Activate:
			// The S? goes, the units it became come.
			if err := w.remove(ev.Units); err != nil {
				return err
			}
			for _, made := range ev.Made {
				if w.piece[made.ID] == "" {
					if err := w.add([]string{made.ID}, w.grid(made.At)); err != nil {
						return err
					}
				}
			}
		}
	}
	// What else changed: units the save lacks, on another hex, or gone.
	for _, u := range w.onMap {
		switch {
		case w.piece[u.ID] == "":
			if err := w.add([]string{u.ID}, w.grid(u.At())); err != nil {
				return err
			}
		case w.where[u.ID] != u.At().Hex:
			if err := w.move([]string{u.ID}, u.At()); err != nil {
				return err
			}
		}
	}
	gone := slices.Collect(maps.Keys(w.piece))
	slices.Sort(gone)
	return w.remove(gone)
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
