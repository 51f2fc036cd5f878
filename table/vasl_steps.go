package table

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/vassal"
)

// The logged steps of a turn written into a save (issue 56): the game's
// events in the game's order, both sides' Player Turns, a step for each
// phase that changed a counter or has something to tell, each step's chat
// lines telling its events in the words sasl prints (report.Words), its
// commands changing the counters as the events did: the ENEMY's moves,
// Activations (the S? goes as its units come), dummies, exits,
// eliminations, breaks and rallies in their labels; your units' routs,
// advances, breaks, rallies, reductions and eliminations. A step never
// adds a counter and removes it again: a counter that would (a unit that
// enters and exits in one phase) ends its step there, so that each shows.

// turnEvent is an event of the game and the Game Turn it happened in.
type turnEvent struct {
	report.Event
	turn int
}

// turnEvents are the events of both sides from journal step since on, or
// of the last Game Turn played, in the game's order.
func turnEvents(s *game.Session, since *int) []turnEvent {
	n := len(s.Journal())
	from := 2
	if since != nil {
		from = *since
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
	return eventsOf(s, s.Steps(from))
}

// eventsOf are the events of steps of session s, each with its Game Turn.
func eventsOf(s *game.Session, steps []game.Step) []turnEvent {
	var out []turnEvent
	for _, st := range steps {
		for i, ev := range st.Events {
			out = append(out, turnEvent{ev, s.TurnAt(st.First + i)})
		}
	}
	return out
}

// firstPlace names where steps of events begin, as the chat's header of
// the first step written says it: by the first event a step tells
// ("Game Turn 5, your RPh"); "" for no events.
func firstPlace(events []turnEvent) string {
	if len(events) == 0 {
		return ""
	}
	ev := events[0]
	if i := slices.IndexFunc(events, func(e turnEvent) bool { return told(&e.Event) }); i >= 0 {
		ev = events[i]
	}
	return fmt.Sprintf("Game Turn %d, %s", ev.turn, report.PhaseOf(ev.Player, ev.Phase))
}

// face is what an ENEMY counter's label says of its unit (enemyLabel):
// its ID, its type once it is no S? ("4-4-7 squad"), its level in a
// building (-1 a cellar), broken, pinned.
type face struct {
	id, what       string
	level          int
	broken, pinned bool
}

func faceOf(u *state.Unit) face {
	f := face{id: u.ID, level: u.At().Level, broken: u.Broken, pinned: u.Pinned}
	if u.Kind != state.SQ {
		f.what = kindWords(u.Type, u.Kind)
	}
	return f
}

// kindWords names a unit's counter: "4-4-7 squad", "2-3-7 half-squad".
func kindWords(typ string, k state.Kind) string {
	return strings.TrimSpace(typ + " " + strings.ReplaceAll(k.String(), "_", "-"))
}

func (f face) label() string {
	l := f.id
	if f.what != "" {
		l += " " + f.what
	}
	if f.level > 0 {
		l += fmt.Sprintf(" level %d", f.level)
	} else if f.level < 0 {
		l += " cellar"
	}
	if f.broken {
		l += " broken"
	}
	if f.pinned {
		l += " pinned"
	}
	return l
}

// parseFace reads a label as face.label writes it; a label of another
// hand keeps its text as the ID.
func parseFace(l string) face {
	var f face
	if s, ok := strings.CutSuffix(l, " pinned"); ok {
		l, f.pinned = s, true
	}
	if s, ok := strings.CutSuffix(l, " broken"); ok {
		l, f.broken = s, true
	}
	if s, ok := strings.CutSuffix(l, " cellar"); ok {
		l, f.level = s, -1
	} else if i := strings.LastIndex(l, " level "); i >= 0 {
		if n, err := strconv.Atoi(l[i+len(" level "):]); err == nil && n > 0 {
			l, f.level = l[:i], n
		}
	}
	f.id, f.what, _ = strings.Cut(l, " ")
	return f
}

// yourCounter is a FRIENDLY unit's counter in the save, as the steps
// written so far leave it.
type yourCounter struct {
	piece string
	at    hex.Hex // offMap: a hex the map does not know
	// squad: it shows a squad (a reduction turns it); gone: removed.
	squad, gone bool
	// base, baseBroken: where and how the game had the unit when the
	// save was written of it (based: a save older than the game).
	base              hex.Hex
	baseBroken, based bool
	// moves, turns: the game's moves of the unit, and its breaking and
	// rallying, are written; else the save's hex or state is the player's
	// move or report, which the next sasl play turn reads (yourUnits says
	// so).
	moves, turns bool
}

// planYours finds each FRIENDLY unit's counter (yours, by unit ID:
// Save.counters) and what of the game's is written onto it; standalone
// and base as yourUnits takes them. The counters of units the game no
// longer has on the map are gone: removed at their elimination, or with
// your units' last step.
func (w *enemyWriter) planYours(g *game.Game, f *Save, yours map[string]vassal.Unit, standalone bool, base map[string]baseUnit) {
	st := g.Snapshot()
	onMap := map[string]bool{}
	for _, u := range st.OfSide(state.Friendly) {
		if u.OnMap() {
			onMap[u.Vasl] = true
			if v, ok := yours[u.ID]; ok {
				onMap[v.ID] = true
			}
		}
	}
	w.yours, w.gone, w.friendly = map[string]*yourCounter{}, map[string]bool{}, map[string]bool{}
	for _, u := range st.OfSide(state.Friendly) {
		w.friendly[u.ID] = true
	}
	counter := func(v vassal.Unit) *yourCounter {
		c := &yourCounter{piece: v.ID, at: offMap, squad: v.Kind == state.Squad.String()}
		if l, err := w.m.ParseLocation(v.Location); err == nil {
			c.at = l.Hex
		}
		return c
	}
	for _, sp := range g.World().Mission().Friendly {
		w.friendly[sp.ID] = true
		if v, ok := f.byPiece[sp.Vasl]; ok && sp.Vasl != "" && !onMap[sp.Vasl] {
			w.gone[sp.Vasl] = true
			if _, ok := yours[sp.ID]; !ok {
				// Eliminated since: the game's last word; its counter
				// follows the game to its end (its breaking, reduction,
				// rout) and goes.
				c := counter(v)
				c.moves, c.turns = true, true
				w.yours[sp.ID] = c
			}
		}
	}
	for id, v := range yours {
		if !onMap[v.ID] {
			w.gone[v.ID] = true
		}
		c := counter(v)
		b, known := base[id]
		u := st.Unit(id)
		c.moves = !standalone || known && (c.at != offMap && b.since(c.at) || b.changed(u))
		c.turns = !standalone || known && (b.hadBroken[b2i(v.Broken)] || b.changed(u))
		if standalone && known {
			c.base, c.baseBroken, c.based = b.at, b.broken, true
		}
		w.yours[id] = c
	}
}

// rebase puts your counters the game's events will move or turn where and
// as the game had their units when the save was written of it (the base):
// a save older than the game, whose own moves and reports of those units
// the game has overtaken. The events that follow start from there.
func (w *enemyWriter) rebase() error {
	for _, id := range slices.Sorted(maps.Keys(w.yours)) {
		c := w.yours[id]
		if !c.based || c.gone {
			continue
		}
		if c.moves && c.at != c.base {
			if err := w.yourMove(c, board.Location{Hex: c.base}); err != nil {
				return err
			}
		}
		if err := w.yourBroken(c, c.baseBroken); err != nil {
			return err
		}
	}
	return nil
}

// head writes the chat line that begins the step, before its first line
// or command.
func (w *enemyWriter) head() {
	if w.header != "" {
		w.e.Chat(w.header)
		w.header = ""
	}
}

// say tells an event in the chat.
func (w *enemyWriter) say(text string) {
	w.head()
	w.e.Chat("sasl: " + text)
}

// told: the events a step tells. Of the player's own doings at the stops
// (pass, next) it tells those at a First Fire stop for a moving stack,
// where its counters stand (wayTo): the chat says what became of the
// chance to fire at each hex it entered. The others are told by what
// follows them; a stack's moving on from a stop where it moves a counter
// (movesOn).
func told(ev *report.Event) bool {
	switch ev.Kind {
	case report.Pass, report.GoOn, report.Unasked:
		return len(ev.Units) > 0
	case report.MovesOn, report.Reported:
		return false
	}
	return true
}

// lastOn is the last Location of a move's steps on the map.
func lastOn(steps []pathing.Step) (board.Location, bool) {
	for i := len(steps) - 1; i >= 0; i-- {
		if !steps[i].Off {
			return steps[i].Location, true
		}
	}
	return board.Location{}, false
}

// removes lists the counters event ev removes: those of its units
// removedBy says, and a piece of yours the game took off (a unit of
// yours eliminated whose counter is gone already).
func (w *enemyWriter) removes(ev *report.Event) []string {
	var out []string
	for _, id := range removedBy(ev) {
		out = append(out, w.piece[id])
		if c := w.yours[id]; c != nil && ev.Kind != report.Recombine && !c.gone && w.gone[c.piece] {
			out = append(out, c.piece)
		}
	}
	return slices.DeleteFunc(out, func(p string) bool { return p == "" })
}

// stepThrough writes the events as logged steps (see above), then a step
// for what else of the ENEMY's changed (units the steps leave elsewhere
// than the game has them: a save not of the game as the events began).
func (w *enemyWriter) stepThrough(events []turnEvent) error {
	type phaseKey struct {
		turn   int
		player state.Side
		phase  state.Phase
	}
	var at phaseKey
	mark := w.e.Steps()
	w.header = "sasl: your counters where and as the game had them when your save was written, as the steps below begin"
	if w.retold {
		w.header = "sasl: your counters where and as the game had them before the steps told again below"
	}
	if err := w.rebase(); err != nil {
		return err
	}
	w.e.Join(mark)
	mark = w.e.Steps()
	added := map[string]bool{} // the pieces the step under way added
	for i := range events {
		ev := &events[i]
		header := fmt.Sprintf("sasl: Game Turn %d, %s", ev.turn, report.PhaseOf(ev.Player, ev.Phase))
		if k := (phaseKey{ev.turn, ev.Player, ev.Phase}); i == 0 || k != at {
			w.e.Join(mark)
			mark, w.header = w.e.Steps(), header
			clear(added)
			if i > 0 && (k.turn != at.turn || k.player != at.player) {
				// Pins end with the Player Turn (ASL A7.8).
				if err := w.unpin(); err != nil {
					return err
				}
			}
			at = k
		}
		if err := w.wayTo(events, i, added); err != nil {
			return err
		}
		if slices.ContainsFunc(w.removes(&ev.Event), func(p string) bool { return added[p] }) {
			// A counter added in this step (wayTo's too: an S? brought
			// on) would go in it unseen: the step ends before this event.
			w.e.Join(mark)
			mark, w.header = w.e.Steps(), header+", on"
			clear(added)
		}
		if ev.Kind == report.MovesOn {
			if err := w.movesOn(&ev.Event, added); err != nil {
				return err
			}
			continue
		}
		if told(&ev.Event) {
			w.say(w.words.Text(&ev.Event))
		}
		if err := w.apply(&ev.Event, added); err != nil {
			return err
		}
	}
	w.e.Join(mark)
	// What else changed: units the save lacks, on another hex, or gone (one
	// step).
	mark = w.e.Steps()
	defer w.e.Join(mark)
	w.header = "sasl: the ENEMY's counters the steps above leave elsewhere than the game has them, to where it has them"
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

// wayTo brings the counters of the units event i happens to there first
// (the ENEMY's; yours where the game moves them, yourMove), where they
// stand elsewhere: the event happened in the course of their move or
// rout, which the game tells when it ends (report.Move, report.Rout,
// after the event). The events: a stop for First Fire at a
// moving stack (Pass, GoOn, Unasked), the FRIENDLY fire at it and the Residual
// FP that attacks it, its Morale Checks, breaks, pins, reductions, wounds
// and eliminations, an S? Activated or found a dummy (atEvent). The way
// is that of the first later move or rout of the same phase that passes
// the counters' hex, then the event's, told as the game tells a stack
// that moves on from a stop (report.MovesOn); the units brought are those
// of the event and the others of that move whose counters stand with
// them (a stack moves as one). Where no later move passes both, the
// counters stay where they stand.
func (w *enemyWriter) wayTo(events []turnEvent, i int, added map[string]bool) error {
	for _, mv := range ways(events, i, w.counterHex, w.enters) {
		if err := w.movesOn(&mv, added); err != nil {
			return err
		}
	}
	return nil
}

// ways are wayTo's moves on for event i of events, of the counters whose
// hexes hexOf gives (ok false: none), and of the units with no counter
// yet that enters says enter the map: first these (wayOn), then the
// counters elsewhere (wayBetween), each hex's with the others of that
// move whose counters stand with them. The steps and the saves' mirror
// (saveBase) move the counters so.
func ways(events []turnEvent, i int, hexOf func(string) (hex.Hex, bool), enters func(string) bool) []report.Event {
	ev := &events[i]
	ids, at, ok := atEvent(&ev.Event)
	if !ok {
		return nil
	}
	var out []report.Event
	moveOn := func(units []string, way []pathing.Step, edge layout.Compass) {
		out = append(out, report.Event{Kind: report.MovesOn, Player: ev.Player, Phase: ev.Phase, Units: units, Steps: way, Edge: edge})
	}
	var hexes []hex.Hex            // the hexes of the counters elsewhere, in the event's order
	from := map[hex.Hex][]string{} // the units elsewhere, by the hex of their counters
	var entering []string
	for _, id := range ids {
		h, ok := hexOf(id)
		switch {
		case !ok:
			if enters(id) {
				entering = append(entering, id)
			}
		case h != at.Hex:
			if from[h] == nil {
				hexes = append(hexes, h)
			}
			from[h] = append(from[h], id)
		}
	}
	// Units with no counter yet, entering the map in the move under way
	// (an S? Activated in a hex it entered, or a stop of First Fire
	// there): brought on by the way of that move, so that the chat shows
	// the counters the event is of.
	if len(entering) > 0 {
		if way, edge := wayOn(events[i+1:], ev, entering, at); way != nil {
			moveOn(entering, way, edge)
		}
	}
	for _, h := range hexes {
		way, mover := wayBetween(events[i+1:], ev, h, at)
		if way == nil {
			continue
		}
		units := from[h]
		for _, id := range mover {
			if c, ok := hexOf(id); ok && c == h && !slices.Contains(units, id) {
				units = append(units, id)
			}
		}
		moveOn(units, way, 0)
	}
	return out
}

// counterHex is the hex of the counter of unit id whose moves the steps
// write: an ENEMY unit's; one of yours the game moves (yourMove); ok false
// for a unit with no such counter.
func (w *enemyWriter) counterHex(id string) (hex.Hex, bool) {
	if c := w.yours[id]; c != nil {
		return c.at, !c.gone && c.moves
	}
	if w.friendly[id] || w.piece[id] == "" {
		return hex.Hex{}, false
	}
	return w.where[id], true
}

// enters reports whether unit id is an ENEMY unit whose counter the
// steps have not put on the map yet (nor removed).
func (w *enemyWriter) enters(id string) bool {
	return w.yours[id] == nil && !w.friendly[id] && !w.dead[id] && w.piece[id] == ""
}

// atEvent is what wayTo reads of event ev: the units it happens to and
// their Location, ok when ev is of a kind that happens to units where
// they stand.
func atEvent(ev *report.Event) (ids []string, at board.Location, ok bool) {
	switch ev.Kind {
	case report.Pass, report.GoOn, report.Unasked, report.Activate, report.Dummy, report.Morale, report.Break, report.Pinned,
		report.Reduce, report.Wound, report.Eliminate:
		return ev.Units, ev.At, len(ev.Units) > 0
	case report.FirstFire, report.SubsequentFirstFire, report.FinalProtectiveFire, report.FinalFire:
		if ev.Fire != nil {
			return ev.Fire.Targets, ev.Fire.At, len(ev.Fire.Targets) > 0
		}
	case report.ResidualFire:
		if ev.Fire != nil {
			return ev.Units, ev.Fire.At, len(ev.Units) > 0
		}
	}
	return nil, board.Location{}, false
}

// wayBetween is the way of the first move or rout among events of the
// Game Turn, Player Turn and phase of event of that passes hex a, then
// Location b's hex: the steps from a to b (to b itself where the move
// enters it, else to its first step in b's hex), a's its start (no MF),
// and the units of that move; nil for none.
func wayBetween(events []turnEvent, of *turnEvent, a hex.Hex, b board.Location) ([]pathing.Step, []string) {
	way, units, _ := wayFrom(events, of, b, func(e *turnEvent) int {
		return slices.IndexFunc(e.Steps, func(st pathing.Step) bool { return !st.Off && st.Location.Hex == a })
	})
	return way, units
}

// wayOn is the way onto the map to Location b of units ids, which enter
// it in a move of the Game Turn, Player Turn and phase of event of among
// events: that of the first move that enters from off the map (its first
// step off the map) and moves any of them, or the units an S? of them
// becomes in that phase, at event of itself or after (report.Activate:
// the game tells the move of the units it became), as wayBetween gives
// it, with the edge it enters from; nil for none.
func wayOn(events []turnEvent, of *turnEvent, ids []string, b board.Location) ([]pathing.Step, layout.Compass) {
	names := slices.Clone(ids)
	made := func(e *turnEvent) {
		if e.Kind == report.Activate && slices.ContainsFunc(e.Units, func(id string) bool { return slices.Contains(names, id) }) {
			for _, md := range e.Made {
				names = append(names, md.ID)
			}
		}
	}
	made(of)
	for i := range events {
		if e := &events[i]; e.turn == of.turn && e.Player == of.Player && e.Phase == of.Phase {
			made(e)
			continue
		}
		break
	}
	way, _, edge := wayFrom(events, of, b, func(e *turnEvent) int {
		if len(e.Steps) > 0 && e.Steps[0].Off && slices.ContainsFunc(e.Units, func(id string) bool { return slices.Contains(names, id) }) {
			return 0
		}
		return -1
	})
	return way, edge
}

// wayFrom is wayBetween's and wayOn's: the way of the first move or rout
// among events of the phase of event of whose steps start gives a start
// (its index; -1 for none) and that goes on to Location b's hex.
func wayFrom(events []turnEvent, of *turnEvent, b board.Location, start func(*turnEvent) int) ([]pathing.Step, []string, layout.Compass) {
	for i := range events {
		e := &events[i]
		if e.turn != of.turn || e.Player != of.Player || e.Phase != of.Phase {
			break
		}
		switch e.Kind {
		case report.Move, report.MovesOn, report.Gap, report.Rout:
		default:
			continue
		}
		s := start(e)
		if s < 0 {
			continue
		}
		t := slices.IndexFunc(e.Steps[s:], func(st pathing.Step) bool { return !st.Off && st.Location.Hex == b.Hex })
		if t <= 0 {
			continue
		}
		for k := s + t; k < len(e.Steps) && e.Steps[k].Location.Hex == b.Hex; k++ {
			if e.Steps[k].Location == b {
				t = k - s // the move's step into b itself (a level of the hex)
				break
			}
		}
		first := pathing.Step{Location: e.Steps[s].Location, Off: e.Steps[s].Off}
		return append([]pathing.Step{first}, e.Steps[s+1:s+t+1]...), e.Units, e.Edge
	}
	return nil, nil, layout.Compass(0)
}

// movesOn tells and makes a move on (report.MovesOn: the game's own, a
// stack going on from a stop, or wayTo's) of the units of ev whose
// counters stand elsewhere than its end; nothing where none do (an S?'s
// units, made where it was Activated; a stack wayTo brought there).
func (w *enemyWriter) movesOn(ev *report.Event, added map[string]bool) error {
	to, ok := lastOn(ev.Steps)
	if !ok {
		return nil
	}
	var units []string
	for _, id := range ev.Units {
		if h, ok := w.counterHex(id); ok && h != to.Hex || w.enters(id) {
			units = append(units, id)
		}
	}
	if len(units) == 0 {
		return nil
	}
	mv := *ev
	mv.Units = units
	// The game's move on starts at the stop it asked at last; a stop it
	// did not ask at since (report.Unasked) was told, and wayTo brought
	// the counters there: the move on is told from where they stand.
	if h, ok := w.counterHex(units[0]); ok && mv.Steps[0].Location.Hex != h {
		if k := slices.IndexFunc(mv.Steps[1:], func(st pathing.Step) bool { return !st.Off && st.Location.Hex == h }); k >= 0 && !slices.ContainsFunc(units, func(id string) bool { c, ok := w.counterHex(id); return !ok || c != h }) {
			for k+2 < len(mv.Steps) && mv.Steps[k+2].Location.Hex == h {
				k++ // the last step in the hex (another level of it)
			}
			mv.Steps = append([]pathing.Step{{Location: mv.Steps[k+1].Location}}, mv.Steps[k+2:]...)
		}
	}
	w.say(w.words.Text(&mv))
	return w.apply(&mv, added)
}

// unpin takes the pins off the ENEMY's labels.
func (w *enemyWriter) unpin() error {
	for _, id := range slices.Sorted(maps.Keys(w.piece)) {
		if err := w.reface(id, func(f *face) { f.pinned = false }); err != nil {
			return err
		}
	}
	return nil
}

// apply changes the counters as event ev did: the ENEMY's, added to the
// step's pieces when new; yours as planYours allows (a unit of yours
// with no counter has none to change).
func (w *enemyWriter) apply(ev *report.Event, added map[string]bool) error {
	switch ev.Kind {
	case report.Enter, report.Move, report.MovesOn, report.Gap, report.Advance, report.AdvanceInto, report.Rout:
		to, ok := lastOn(ev.Steps)
		if !ok {
			return nil
		}
		var move, fresh, stay []string
		for _, id := range ev.Units {
			if c := w.yours[id]; c != nil {
				if err := w.yourMove(c, to); err != nil {
					return err
				}
				continue
			}
			switch {
			case w.friendly[id] || w.dead[id]: // no counter; its counter gone at an event before (a dummy, eliminated on its way)
			case w.piece[id] == "": // a unit the save does not show
				fresh = append(fresh, id)
			case w.where[id] == to.Hex:
				stay = append(stay, id) // another level of the hex, or the save shows it there
			default:
				move = append(move, id)
			}
		}
		if err := w.move(move, to); err != nil {
			return err
		}
		for _, id := range fresh {
			f := face{id: id, level: to.Level}
			if u := w.units[id]; u != nil && u.Kind != state.SQ {
				f.what = kindWords(u.Type, u.Kind)
			}
			if err := w.addFace(f, w.grid(to)); err != nil {
				return err
			}
			added[w.piece[id]] = true
		}
		for _, id := range append(move, stay...) {
			if err := w.reface(id, func(f *face) { f.level = to.Level }); err != nil {
				return err
			}
		}
	case report.Activate:
		// The S? goes, the units it became come.
		if err := w.removePieces(w.removes(ev)); err != nil {
			return err
		}
		for _, made := range ev.Made {
			if made.ID == "" || w.piece[made.ID] != "" {
				continue
			}
			if err := w.addFace(face{id: made.ID, what: kindWords(made.Type, made.Kind), level: made.At.Level}, w.grid(made.At)); err != nil {
				return err
			}
			added[w.piece[made.ID]] = true
		}
	case report.Dummy, report.Exit, report.Eliminate, report.Recombine:
		if ev.Kind == report.Recombine && len(ev.Units) > 0 {
			if err := w.reface(ev.Units[0], func(f *face) { f.what = kindWords(ev.Type, state.Squad) }); err != nil {
				return err
			}
		}
		gone := w.removes(ev)
		for _, id := range ev.Units {
			if c := w.yours[id]; c != nil && !c.gone && w.gone[c.piece] {
				c.gone = true
				w.Yours++
			}
		}
		return w.removePieces(gone)
	case report.Break, report.Rally:
		for _, id := range ev.Units {
			if c := w.yours[id]; c != nil {
				if err := w.yourBroken(c, ev.Kind == report.Break); err != nil {
					return err
				}
				continue
			}
			if w.friendly[id] {
				continue
			}
			if err := w.reface(id, func(f *face) { f.broken = ev.Kind == report.Break }); err != nil {
				return err
			}
		}
	case report.Pinned:
		for _, id := range ev.Units {
			if err := w.reface(id, func(f *face) { f.pinned = true }); err != nil {
				return err
			}
		}
	case report.Reduce:
		for _, id := range ev.Units {
			if c := w.yours[id]; c != nil {
				if c.squad && !c.gone {
					ok, err := w.reduce(c)
					if err != nil {
						return err
					}
					c.squad = !ok
				}
				continue
			}
			if err := w.reface(id, func(f *face) { f.what = kindWords(ev.Type, state.HalfSquad) }); err != nil {
				return err
			}
		}
	}
	return nil
}

// reface changes the label of ENEMY unit id's counter, if it has one.
func (w *enemyWriter) reface(id string, change func(*face)) error {
	p := w.piece[id]
	if p == "" {
		return nil
	}
	f := parseFace(w.labels[p])
	change(&f)
	if l := f.label(); l != w.labels[p] {
		w.head()
		if _, err := w.e.Relabel(p, l); err != nil {
			return err
		}
		w.labels[p] = l
	}
	return nil
}

// yourMove moves your counter c to where the game moved its unit.
func (w *enemyWriter) yourMove(c *yourCounter, to board.Location) error {
	if c.gone || !c.moves || c.at == to.Hex {
		return nil
	}
	w.head()
	if err := w.e.Move([]string{c.piece}, w.grid(to)); err != nil {
		return err
	}
	c.at = to.Hex
	w.Yours++
	return nil
}

// yourBroken shows your counter c broken or rallied as the game has its
// unit.
func (w *enemyWriter) yourBroken(c *yourCounter, broken bool) error {
	if c.gone || !c.turns || strings.HasPrefix(w.e.Name(c.piece), "broken ") == broken {
		return nil
	}
	_, err := w.turn(func() (bool, error) { return w.e.SetBroken(c.piece, broken) })
	return err
}

// reduce shows your counter c as its half-squad, reporting whether it
// could.
func (w *enemyWriter) reduce(c *yourCounter) (bool, error) {
	return w.turn(func() (bool, error) { return w.e.Reduce(c.piece) })
}

// turn turns one of your counters by change (a layer of VASL's, which a
// counter may lack: then no step, not even the step's chat line, is
// written), counting it.
func (w *enemyWriter) turn(change func() (bool, error)) (bool, error) {
	n, header := w.e.Steps(), w.header
	w.head()
	ok, err := change()
	if !ok {
		w.e.DropChat(n)
		w.header = header
	}
	w.Yours += b2i(ok)
	return ok, err
}
