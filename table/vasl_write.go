package table

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/atomicfile"
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

// offMap stands for a counter off the boards.
var offMap = hex.Hex{Col: -1 << 20}

// EnemyWrite is what writing a game's ENEMY into a save did: the S?
// counters placed, added, moved and removed, the logged steps VASL plays
// with Step forward.
type EnemyWrite struct {
	save                                 *vassal.Save
	Placed, Added, Moved, Removed, Steps int
	// Yours: the changes to your units' counters (moved, broken, rallied,
	// reduced, eliminated); Notes: what the counters cannot show.
	Yours int
	Notes []string
}

// WriteFile writes the new save to out, whole or not at all, removing the
// temporary files of out a killed run left.
func (w *EnemyWrite) WriteFile(out string) error { return atomicfile.Swept(out, w.write) }

// write writes the new save.
func (w *EnemyWrite) write(f io.Writer) error {
	var b bytes.Buffer
	if err := w.save.Write(&b); err != nil {
		return err
	}
	_, err := f.Write(b.Bytes())
	return err
}

// Plural writes n things: "1 step", "2 steps".
func Plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// RefuseExisting refuses to replace a file unless force.
func RefuseExisting(path string, force bool) error {
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && !force {
		return &ExistsError{Path: path}
	}
	return nil
}

// enemyWriter writes a game's ENEMY units into an edit of a save.
type enemyWriter struct {
	EnemyWrite
	e     *vassal.Edit
	m     *board.Map
	units map[string]*state.Unit // the game's ENEMY units by ID
	onMap []*state.Unit
	// piece and where: the save's counter of each unit (by the unit ID of
	// its label, "S12" or "S12a 4-4-7 squad") and the hex it is on, as the
	// map knows it: a half hex on a seam has two names (2H10 is 4H0).
	piece map[string]string
	where map[string]hex.Hex
	// labels are the labels of the save's S?, by piece ID.
	labels map[string]string
	// words tell the events in the chat; header begins the step under way
	// (head).
	words  *report.Words
	header string
	// yours: your units' counters by unit ID (planYours); gone: the pieces
	// of your units the game no longer has on the map.
	yours map[string]*yourCounter
	gone  map[string]bool
	// dead: the ENEMY units whose counters an event removed (a move told
	// after it adds none again); friendly: the IDs of your units, a
	// counter or not.
	dead, friendly map[string]bool
	// retold: the steps begin before the place the save was written at
	// (saveAt.retold), which the first step's chat line says.
	retold bool
}

// WriteEnemy writes the ENEMY units of the game into the save at into:
// placed when the save has none of them, else the changes as steps (those
// of the last Game Turn played, or of the journal's steps from since on,
// if not nil). now stamps the new pieces' IDs.
func (t *Game) WriteEnemy(into string, since *int, now time.Time) (*EnemyWrite, error) {
	return t.writeEnemy(into, since, now, nil)
}

// writeEnemy is WriteEnemy with the save's counter of each FRIENDLY unit
// as read before the turn was played (Save.counters), nil to find them
// now: a unit eliminated in the turn is no longer there to find its
// counter by.
func (t *Game) writeEnemy(into string, since *int, now time.Time, yours map[string]vassal.Unit) (*EnemyWrite, error) {
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	if since != nil {
		if n := len(s.Journal()); *since < 2 || *since > n {
			return nil, &SaveRefusal{Kind: SinceOutOfRange, Since: *since, Last: n, Other: t.path}
		}
	}
	g := s.Game()
	f, err := ReadSave(into, g.World().Mission().Layout)
	if err != nil {
		return nil, err
	}
	// Written on its own (sasl vasl write), into a save that has the
	// ENEMY already: the save may show moves and reports of yours the game
	// has not had yet (a save of before, given back with your moves: the
	// way a stale save is mended), which are never undone.
	var base map[string]baseUnit
	var at saveAt
	standalone := yours == nil
	if standalone {
		if yours, _, err = f.counters(g); err != nil {
			return nil, err
		}
		if len(f.suspects) > 0 {
			if at, err = saveBase(s, f, yours); err != nil {
				return nil, err
			}
			base = at.base
			// The steps tell what the game did since the save was written
			// of it: the player's save shows the game as it stood then.
			if base != nil && since == nil && at.from >= 2 && at.from <= len(s.Journal())+1 {
				since = &at.from // past the last step: a save of the game as it stands, nothing to step through
			} else {
				at.skip = 0
			}
		}
	}
	e, err := f.c.Edit(now)
	if err != nil {
		return nil, err
	}
	w := &enemyWriter{e: e, m: g.World().Map(), units: map[string]*state.Unit{}, piece: map[string]string{}, where: map[string]hex.Hex{}, labels: map[string]string{}, dead: map[string]bool{}, words: report.New(g.World())}
	for id, p := range f.suspects {
		w.piece[id], w.labels[p.ID], w.where[id] = p.ID, p.Label, offMap
		if l, err := w.m.ParseLocation(p.Location); err == nil && p.Location != "" {
			w.where[id] = l.Hex
		}
	}
	for _, u := range g.Snapshot().OfSide(state.Enemy) {
		w.units[u.ID] = u
		if u.OnMap() {
			w.onMap = append(w.onMap, u)
		}
	}
	if standalone && len(f.suspects) > 0 && base == nil && since == nil && slices.ContainsFunc(w.onMap, func(u *state.Unit) bool { return w.piece[u.ID] != "" }) {
		// No step of the game had the ENEMY where the save has it.
		w.Notes = append(w.Notes, fmt.Sprintf("the ENEMY's counters in %s stand where the game never had them all (a save of another game, or one saved part way through its steps): the steps tell the last Game Turn played, and your counters' hexes and states that differ from the game's are read as your moves and reports", into))
	}
	events := turnEvents(s, since)[at.skip:]
	if where := firstPlace(events); at.partWay && where != "" {
		// Stepped through in part: its steps go on from where it stopped;
		// or, where that is known only to the journal step, are told
		// again from the step before.
		if at.retold {
			w.retold = true
			w.Notes = append(w.Notes, fmt.Sprintf("%s was saved part way through its steps, and moved in or changed since (VASSAL keeps no place in a log it saves): the steps begin again at %s, and your counters follow the game from there", into, where))
		} else {
			w.Notes = append(w.Notes, fmt.Sprintf("%s was saved part way through its steps (VASSAL keeps no place in a log it saves): the steps go on from %s", into, where))
		}
	}
	w.planYours(g, f, yours, standalone, base)
	if !slices.ContainsFunc(w.onMap, func(u *state.Unit) bool { return w.piece[u.ID] != "" }) {
		err = w.placeAll()
	} else {
		err = w.stepThrough(events)
	}
	if err != nil {
		return nil, err
	}
	// One step for the labels, one for your units (a press each in VASL).
	mark := e.Steps()
	w.header = "sasl: the ENEMY's labels as the game has them now"
	if err := w.relabel(); err != nil {
		return nil, err
	}
	e.Join(mark)
	mark = e.Steps()
	if ids := yoursMissing(g, f); ids != "" {
		w.Notes = append(w.Notes, fmt.Sprintf("none of your units of the game (%s) is in %s, set up from another save: your counters are not followed", ids, into))
	}
	w.header = "sasl: your counters as the game has them now"
	if err := w.yourUnits(g, f, yours, standalone, base); err != nil {
		return nil, err
	}
	e.Join(mark)
	if g.Over() {
		// The last step says the game is over, and who won.
		end := fmt.Sprintf("sasl: the game is over: the mission ended after Game Turn %d", g.LastTurn())
		if _, ok := g.Outcome(); ok {
			end += ". " + WinnerText(g)
		}
		e.Chat(end)
	}
	w.Steps = e.Steps()
	w.save = e.Result()
	return &w.EnemyWrite, nil
}

// yoursMissing lists the game's FRIENDLY units that keep a VASL piece's
// ID when the save has none of those pieces, "" otherwise.
func yoursMissing(g *game.Game, f *Save) string {
	var ids []string
	for _, sp := range g.World().Mission().Friendly {
		if sp.Vasl == "" {
			continue
		}
		if _, ok := f.byPiece[sp.Vasl]; ok {
			return ""
		}
		ids = append(ids, sp.ID)
	}
	if len(ids) > 3 {
		ids = append(ids[:3], "...")
	}
	return strings.Join(ids, ", ")
}

// relabel gives every S? of the save the label its unit has now: its
// level in a building, its type once it is no S?, broken.
func (w *enemyWriter) relabel() error {
	ids := slices.Sorted(maps.Keys(w.piece))
	for _, id := range ids {
		p := w.piece[id]
		if l := w.label(id); w.labels[p] != l {
			w.head()
			if _, err := w.e.Relabel(p, l); err != nil {
				return err
			}
			w.labels[p] = l
		}
	}
	return nil
}

// yourUnits brings your units' counters (yours, by unit ID:
// Save.counters) to where the game has them: moved where a move ended,
// broken, rallied or reduced as the ENEMY's fire and your rallies left
// them, removed when eliminated. What a counter cannot show is noted for
// the player.
//
// standalone (sasl vasl write): a counter that stands elsewhere than the
// game has it, or is broken or rallied otherwise, is changed only where
// base (the game as the save was written of it, saveBase) shows the
// change as the game's since (a rout, an advance, the ENEMY's fire); else
// it is your move or report, which the next sasl play turn reads, and is
// kept as the save has it, with a note.
func (w *enemyWriter) yourUnits(g *game.Game, f *Save, yours map[string]vassal.Unit, standalone bool, base map[string]baseUnit) error {
	st := g.Snapshot()
	// The counters of units the game no longer has on the map that no
	// step removed at an elimination (planYours).
	gone := slices.Sorted(maps.Keys(w.gone))
	if len(gone) > 0 {
		w.head()
	}
	if err := w.e.Remove(gone); err != nil {
		return err
	}
	w.Yours += len(gone)
	for _, u := range st.OfSide(state.Friendly) {
		v, ok := yours[u.ID]
		c := w.yours[u.ID]
		if b, known := base[u.ID]; !ok && standalone && known && u.Vasl != "" && b.changed(u) {
			// Deleted in a save older than the game, which moved, broke
			// or rallied the unit since: not a report to take unawares.
			w.Notes = append(w.Notes, fmt.Sprintf("%s: its counter is not in your save, which sasl play turn reads as %s eliminated; but your save is older than the game, which has %s on %s since: if it was not eliminated, put its counter there", u.ID, u.ID, u.ID, w.m.LocationName(u.At())))
		}
		if u.Vasl == "" || !ok || c == nil || !u.OnMap() {
			continue
		}
		b, known := base[u.ID]
		// onHex: where the counter stands in the new save, which the notes
		// below name (the game's hex once it is moved there: issue 56, a
		// note named the hex a unit had left by its rout).
		onHex := v.Location
		if l, err := w.m.ParseLocation(v.Location); err != nil || l.Hex != u.At().Hex {
			// The save's hex is the player's move unless the game had the
			// unit there since the save's base: then the game has taken
			// that move already, and what it did with the unit after (a
			// rout, an advance) wins (issue 56; planYours).
			if !c.moves {
				note := fmt.Sprintf("%s stays on %s, where your save has it (the game has it on %s): sasl play turn reads it as your move", u.ID, v.Location, w.m.LocationName(u.At()))
				if u.Broken {
					note += fmt.Sprintf(", and refuses it: %s is broken, and a broken unit does not move (ASL A10); put its counter back on %s", u.ID, w.m.LocationName(u.At()))
				}
				w.Notes = append(w.Notes, note)
			} else {
				switch {
				case standalone && err == nil && b.since(l.Hex) && b.at != l.Hex:
					w.Notes = append(w.Notes, fmt.Sprintf("%s: its counter is moved from %s to %s, where the game has it: your save is older than the game, which had %s on %s and moved it on since (a move of yours back there: make it again in this save)", u.ID, v.Location, w.m.LocationName(u.At()), u.ID, v.Location))
				case standalone && !(err == nil && b.since(l.Hex)):
					w.Notes = append(w.Notes, fmt.Sprintf("%s: its counter is moved from %s to %s, where the game has it: your save is older than the game, which moved, broke or rallied %s since (a move of yours: make it again in this save, if %s may move)", u.ID, v.Location, w.m.LocationName(u.At()), u.ID, u.ID))
				}
				onHex = w.m.LocationName(u.At())
			}
		}
		if err := w.yourMove(c, u.At()); err != nil {
			return err
		}
		if u.Kind == state.HalfSquad && c.squad {
			ok, err := w.reduce(c)
			if err != nil {
				return err
			}
			if !ok {
				w.Notes = append(w.Notes, fmt.Sprintf("%s (%s on %s) is reduced to a %s half-squad: its counter has no half-squad side sasl can turn; swap it in VASL for a %s half-squad counter on that hex (sasl takes that counter as %s)", u.ID, v.Name, onHex, u.Type, u.Type, u.ID))
			}
			c.squad = !ok
		}
		// The save's state against the game's (the steps may have turned
		// the counter already).
		if v.Broken != u.Broken {
			switch {
			case standalone && known && b.broken != v.Broken && b.hadBroken[b2i(v.Broken)]:
				w.Notes = append(w.Notes, fmt.Sprintf("%s: its counter is turned %s, as the game has it: your save is older than the game, which had it %s since", u.ID, map[bool]string{true: "broken", false: "to Good Order"}[u.Broken], map[bool]string{true: "broken", false: "in Good Order"}[v.Broken]))
			case standalone && known && !b.hadBroken[b2i(v.Broken)] && b.changed(u):
				w.Notes = append(w.Notes, fmt.Sprintf("%s: its counter is turned %s, as the game has it: your save is older than the game, which moved, broke or rallied %s since (a report of yours: make it again in this save)", u.ID, map[bool]string{true: "broken", false: "to Good Order"}[u.Broken], u.ID))
			}
			if !c.turns {
				w.Notes = append(w.Notes, fmt.Sprintf("%s stays %s, as your save has it (the game has it %s): sasl play turn reads it as your report", u.ID, map[bool]string{true: "broken", false: "in Good Order"}[v.Broken], map[bool]string{true: "broken", false: "in Good Order"}[u.Broken]))
				continue // the last change of the unit's
			}
		}
		// As the counter shows it now (a squad reduced shows its half-squad).
		if shown := strings.HasPrefix(w.e.Name(v.ID), "broken "); u.Broken != shown && c.turns {
			ok, err := w.turn(func() (bool, error) { return w.e.SetBroken(v.ID, u.Broken) })
			if err != nil {
				return err
			}
			if !ok {
				w.Notes = append(w.Notes, fmt.Sprintf("%s (%s on %s) is %s: its counter has no broken side sasl can turn; turn it in VASL", u.ID, v.Name, onHex, map[bool]string{true: "broken", false: "rallied"}[u.Broken]))
			}
		}
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (w *enemyWriter) grid(l board.Location) coord.Grid { g, _ := w.m.Name(l.Hex); return g }

// label is the label of unit id's counter (enemyLabel).
func (w *enemyWriter) label(id string) string {
	if u := w.units[id]; u != nil {
		return enemyLabel(u)
	}
	return id
}

// enemyLabel is the label of an ENEMY unit's counter: its ID, its type if
// it is no S? ("S12a 4-4-7 squad"), its level in a building, broken,
// pinned (face).
func enemyLabel(u *state.Unit) string { return faceOf(u).label() }

// colour is the colour of unit id's counter.
func (w *enemyWriter) colour(id string) int {
	switch u := w.units[id]; {
	case u == nil || u.Kind != state.SQ:
		return colourUnit
	case u.InHumanWave(): // as the page and the pictures draw it
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
		got, err := w.e.AddSuspects(g, w.colour(ids[0]), labels, false)
		if err != nil {
			return err
		}
		for i, p := range got {
			w.piece[ids[i]], w.labels[p] = p, labels[i]
		}
		w.Placed += len(labels)
	}
	return nil
}

// add adds a counter for each unit of ids on hex g as the game has the
// unit now, a logged step each.
func (w *enemyWriter) add(ids []string, g coord.Grid) error {
	for _, id := range ids {
		f := face{id: id}
		if u := w.units[id]; u != nil {
			f = faceOf(u)
		}
		if err := w.addFace(f, g); err != nil {
			return err
		}
	}
	return nil
}

// addFace adds a counter labelled f for ENEMY unit f.id on hex g, a
// logged step.
func (w *enemyWriter) addFace(f face, g coord.Grid) error {
	w.head()
	label := f.label()
	got, err := w.e.AddSuspects(g, w.colour(f.id), []string{label}, true)
	if err != nil {
		return err
	}
	w.labels[got[0]] = label
	l, _ := w.m.ParseLocation(g.String())
	w.piece[f.id], w.where[f.id] = got[0], l.Hex
	w.Added++
	return nil
}

// move moves the counters of units ids onto hex g in one logged step.
func (w *enemyWriter) move(ids []string, to board.Location) error {
	if len(ids) == 0 {
		return nil
	}
	w.head()
	var pieces []string
	for _, id := range ids {
		pieces = append(pieces, w.piece[id])
		w.where[id] = to.Hex
	}
	w.Moved += len(pieces)
	return w.e.Move(pieces, w.grid(to))
}

// remove removes the counters of ENEMY units ids that are no longer on
// the map, in one logged step.
func (w *enemyWriter) remove(ids []string) error {
	var pieces []string
	for _, id := range ids {
		if u := w.units[id]; w.piece[id] != "" && (u == nil || !u.OnMap()) {
			pieces = append(pieces, w.piece[id])
		}
	}
	slices.Sort(pieces)
	return w.removePieces(pieces)
}

// removePieces removes pieces, the ENEMY's and yours, in one logged
// step.
func (w *enemyWriter) removePieces(pieces []string) error {
	if len(pieces) == 0 {
		return nil
	}
	w.head()
	for id, p := range w.piece {
		if slices.Contains(pieces, p) {
			delete(w.piece, id)
			w.dead[id] = true
			w.Removed++
		}
	}
	for _, p := range pieces {
		delete(w.gone, p)
	}
	return w.e.Remove(pieces)
}
