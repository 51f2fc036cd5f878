package table

import (
	"fmt"
	"maps"
	"slices"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/vassal"
)

// Where in the game a save was written (sasl vasl write into an older
// save, or one stepped through in part): the base the steps begin from.

// baseUnit is a FRIENDLY unit as the game had it when a save was written
// of it: its hex, broken or not; and every hex and state the game had it
// in from then on (had, hadBroken): a save that shows one of those shows
// what the game knows already (the player's own move, read since, then
// perhaps a rout), not a move or report of the player's to read.
type baseUnit struct {
	at        hex.Hex
	broken    bool
	had       []hex.Hex
	hadBroken [2]bool // [false]: it stood in Good Order since; [true]: broken
	// game: an event of the game's moved or turned it since (not the
	// player's own move, read from a save: that is the player's to make).
	game bool
}

// since reports whether the game had the unit in hex h at the base or
// after it (had starts with the base's hex, hadBroken with its state).
func (b baseUnit) since(h hex.Hex) bool { return slices.Contains(b.had, h) }

// changed reports whether the game has unit u elsewhere or otherwise than
// at the base: then what the game did last wins over the save's hex and
// state (a move or report of the player's in a save older than that). A
// unit back where and as it was (broken and rallied in place) keeps the
// player's move: it is still theirs to make.
func (b baseUnit) changed(u *state.Unit) bool {
	return b.game && u != nil && u.OnMap() && (u.At().Hex != b.at || u.Broken != b.broken)
}

// playersMove reports whether ev is a move of the player's own (a move in
// the FRIENDLY MPh, as read from a save or commanded), not the game's.
func playersMove(ev *report.Event) bool {
	return ev.Kind == report.Move && ev.Player == state.Friendly && ev.Phase == state.MPh
}

// saveAt is where in the game a save was written: the game's FRIENDLY
// units then (base), the journal step after it (from) and how many events
// of that step the save shows already (skip: a save written part way
// through sasl's steps, partWay); retold when the place is known only to
// the journal step (the steps before the save's within it are told again).
type saveAt struct {
	base            map[string]baseUnit
	from, skip      int
	partWay, retold bool
	// exact: the save shows both sides' counters as the game had them
	// there (no move nor report of the player's since).
	exact bool
}

// counterAt is a unit's counter as sasl's steps leave it: its hex, broken.
type counterAt struct {
	at     hex.Hex
	broken bool
}

// mirror is both sides' counters as sasl's VASL steps leave them, event by
// event from a snapshot of the game: VASSAL keeps no place in a log it
// saves, so the place a save was written at is where the steps leave the
// counters as the save shows them.
type mirror struct {
	enemy, yours map[string]counterAt
	friendly     map[string]bool // the FRIENDLY units' IDs
	gone         map[string]bool // units whose counters the steps removed
}

func mirrorOf(st *state.State, friendly map[string]bool) mirror {
	m := mirror{enemy: map[string]counterAt{}, yours: map[string]counterAt{}, friendly: friendly, gone: map[string]bool{}}
	for _, side := range []state.Side{state.Enemy, state.Friendly} {
		for _, u := range st.OfSide(side) {
			if !u.OnMap() {
				continue
			}
			c := counterAt{at: u.At().Hex, broken: u.Broken}
			if side == state.Friendly {
				m.yours[u.ID] = c
			} else {
				m.enemy[u.ID] = c
			}
		}
	}
	return m
}

func (m mirror) of(id string) map[string]counterAt {
	if m.friendly[id] {
		return m.yours
	}
	return m.enemy
}

// apply changes the counters as event ev does in sasl's steps (the
// writer's apply, as far as hexes and broken sides go), and returns the
// ENEMY's units whose counters it adds.
func (m mirror) apply(ev *report.Event) (added []string) {
	for _, id := range removedBy(ev) {
		delete(m.of(id), id)
		m.gone[id] = true
	}
	switch ev.Kind {
	case report.Enter, report.Move, report.MovesOn, report.Gap, report.Advance, report.AdvanceInto, report.Rout:
		to, ok := lastOn(ev.Steps)
		if !ok {
			return nil
		}
		for _, id := range ev.Units {
			if m.gone[id] {
				// Gone before its move was told: eliminated on its way,
				// or an S? found a dummy there (its way told after).
				continue
			}
			side := m.of(id)
			c, had := side[id] // none yet: a unit entering (Enter, or a move from off the map)
			if !had && !m.friendly[id] {
				added = append(added, id)
			}
			c.at = to.Hex
			side[id] = c
		}
	case report.Activate: // the S? goes (removedBy), the units it became come
		for _, md := range ev.Made {
			if md.ID == "" {
				continue
			}
			if _, had := m.enemy[md.ID]; !had {
				added = append(added, md.ID)
			}
			m.enemy[md.ID] = counterAt{at: md.At.Hex}
		}
	case report.Break, report.Rally:
		for _, id := range ev.Units {
			side := m.of(id)
			if c, ok := side[id]; ok {
				c.broken = ev.Kind == report.Break
				side[id] = c
			}
		}
	}
	return added
}

// enemyHex is the hex of the counter of ENEMY unit id (ways' hexOf).
func (m mirror) enemyHex(id string) (hex.Hex, bool) {
	c, ok := m.enemy[id]
	return c.at, ok
}

// enters reports whether id is an ENEMY unit with no counter yet (ways').
func (m mirror) enters(id string) bool {
	_, ok := m.enemy[id]
	return !ok && !m.friendly[id] && !m.gone[id]
}

// removedBy are the units whose counters event ev removes (the steps'
// removes; the mirror's step ends): an S? Activated or a dummy, a unit
// exiting, eliminated or recombined away.
func removedBy(ev *report.Event) []string {
	switch ev.Kind {
	case report.Activate:
		return slices.DeleteFunc(slices.Clone(ev.Units), func(id string) bool {
			return slices.ContainsFunc(ev.Made, func(md report.Made) bool { return md.ID == id })
		})
	case report.Dummy, report.Exit, report.Eliminate:
		return ev.Units
	case report.Recombine:
		if len(ev.Units) > 1 {
			return ev.Units[1:2]
		}
	}
	return nil
}

// How much of the counters at a place of the game a save shows (shows).
const (
	showsNone  = iota
	showsEnemy // the ENEMY's counters, on their hexes and sides (pins aside)
	showsMoved // and yours but for moves and eliminations the player may report
	showsExactly
)

// shows says how much of the counters as m has them save f shows: every
// S? and ENEMY unit on its hex, broken as m has it, and none more
// (showsEnemy: a pin ends with its Player Turn, and is no place's mark);
// and each of your units' counters (counter) on its hex and side, none
// deleted, none of a unit m has no longer (showsExactly); or so but for
// counters moved of units in Good Order and counters deleted, the
// player's moves and reports since (showsMoved).
func (m mirror) shows(f *Save, mp *board.Map, counter func(id string) (v vassal.Unit, ok, has bool)) int {
	on := func(loc string, c counterAt) bool {
		l, err := mp.ParseLocation(loc)
		return loc != "" && err == nil && l.Hex == c.at
	}
	for id, c := range m.enemy {
		p, ok := f.suspects[id]
		if !ok || !on(p.Location, c) || parseFace(p.Label).broken != c.broken {
			return showsNone
		}
	}
	for id, p := range f.suspects {
		if _, ok := m.enemy[id]; !ok && p.Location != "" {
			return showsNone
		}
	}
	level := showsExactly
	for id := range m.friendly {
		v, ok, has := counter(id)
		c, there := m.yours[id]
		switch {
		case !has: // a unit with no counter of its own
		case !ok:
			if there {
				level = min(level, showsMoved) // its counter deleted (an elimination reported), or swapped
			}
		case !there:
			if v.Location != "" {
				return showsEnemy
			}
		case v.Broken != c.broken:
			return showsEnemy
		case !on(v.Location, c):
			if c.broken {
				return showsEnemy // a broken unit does not move (ASL A10)
			}
			level = min(level, showsMoved)
		}
	}
	return level
}

// placeRun is the last run of places in a row a save shows so much of
// (what lies between them changes nothing it shows): of its places, only
// those pick can choose, its first and last, and its first and last
// whole places (not part way through a journal step).
type placeRun struct {
	first, firstWhole, lastWhole, last *saveAt
	at                                 int // the count of places at the run's last
}

func (r *placeRun) add(place int, at saveAt) {
	if r.at != place-1 {
		*r = placeRun{}
	}
	r.at = place
	p := &at
	if r.first == nil {
		r.first = p
	}
	if !at.partWay {
		if r.firstWhole == nil {
			r.firstWhole = p
		}
		r.lastWhole = p
	}
	r.last = p
}

// kept are the run's places, each once.
func (r *placeRun) kept() []*saveAt {
	var out []*saveAt
	for _, p := range []*saveAt{r.first, r.firstWhole, r.lastWhole, r.last} {
		if p != nil && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// How a run's place is picked (pick).
const (
	pickExact = iota // the save shows the place exactly
	pickMoved        // but for the player's moves
	pickEnemy        // the ENEMY's counters alone
)

// pick is the place of the run the save was written at: the game as it
// stands, where the run reaches it (stands: the count of places at its
// first: the last place, or the one before it where the game's last
// step has units the steps have not shown, saveBase), but for
// a run of the ENEMY's counters alone, which may stand still for turns
// while yours do not. Else, shown exactly, the run's last whole place
// (where sasl play turn writes saves, stepped through), else its first,
// so that no step is skipped; shown but for the player's moves, its last
// (its places differ in hexes of units in Good Order alone, which the
// player may have moved: the latest is the one the game's moves since do
// not undo); of the ENEMY's alone, its first whole place, else its first.
func (r *placeRun) pick(stands, how int) (saveAt, bool) {
	switch {
	case r.last == nil:
		return saveAt{}, false
	case r.at >= stands && how != pickEnemy, how == pickMoved:
		return *r.last, true
	case how == pickEnemy && r.firstWhole != nil:
		return *r.firstWhole, true
	case how != pickEnemy && r.lastWhole != nil:
		return *r.lastWhole, true
	}
	return *r.first, true
}

// saveBase finds where in the game of session s save f was written
// (yours: the save's counters of the game's FRIENDLY units, Save.counters).
// The journal is played again and, within each of its steps, the events
// through a mirror of the counters:
//
//   - the last place, a step's end or a phase's within it, at which f
//     shows both sides' counters as sasl's steps leave them: a save of
//     the game as it stood then, untouched by the player, perhaps stepped
//     through in part (partWay when within a journal step);
//   - else, of the last run of steps after which the save's S? stand where
//     the game has them (staleSave), the first that stops before a
//     FRIENDLY PFPh or MPh (where sasl play turn writes its saves), else
//     the run's first: a save moved in by the player;
//   - else the last step after which its S? stand where the game has them
//     or where a later event moved them (a save stepped through in part,
//     then moved in): the steps are told again from there (retold).
//
// The base keeps every hex and state the game had each unit in since,
// event by event (a unit rallied and broken again within one step). A
// zero saveAt (nil base) when the save's S? match none of these (another
// game's save, an S? dragged).
func saveBase(s *game.Session, f *Save, yours map[string]vassal.Unit) (saveAt, error) {
	g := s.Game()
	j := s.Journal()
	mp := g.World().Map()
	r, err := game.Replay(g.World(), g.Header(), j[:1])
	if err != nil {
		return saveAt{}, err
	}
	defer r.Close()
	friendly, vasl := map[string]bool{}, map[string]string{}
	for _, u := range g.Snapshot().OfSide(state.Friendly) {
		friendly[u.ID], vasl[u.ID] = true, u.Vasl
	}
	for _, sp := range g.World().Mission().Friendly {
		friendly[sp.ID] = true
		if vasl[sp.ID] == "" {
			vasl[sp.ID] = sp.Vasl
		}
	}
	// counter is unit id's counter in the save (ok), if the unit has one
	// of its own (has).
	counter := func(id string) (v vassal.Unit, ok, has bool) {
		if v, ok := yours[id]; ok {
			return v, true, true
		}
		if vasl[id] == "" {
			return vassal.Unit{}, false, false
		}
		v, ok = f.byPiece[vasl[id]]
		return v, ok, true
	}
	var loose saveAt
	var paths *enemyPath
	take := func(m mirror, from, skip int) saveAt {
		b := map[string]baseUnit{}
		for id, c := range m.yours {
			b[id] = baseUnit{at: c.at, broken: c.broken}
		}
		return saveAt{base: b, from: from, skip: skip}
	}
	// The places the save shows the counters at, exactly, but for the
	// player's moves, or the ENEMY's alone: the last run of each.
	var exact, moved, enemy placeRun
	// places counts the places checked; stands is the count at the first
	// of the game's last step, the game as it stands: a save of a write
	// at a stop all but its last step (which brings the ENEMY's counters
	// to where the game has them) is of the game as it stands too.
	places, stands := 0, 0
	check := func(m mirror, from, skip int, whole bool) {
		places++
		level := m.shows(f, mp, counter)
		add := func(r *placeRun, exactly bool) {
			at := take(m, from, skip)
			at.partWay, at.exact = !whole, exactly
			r.add(places, at)
		}
		if level >= showsEnemy {
			add(&enemy, false)
		}
		if level >= showsMoved {
			add(&moved, false)
		}
		if level == showsExactly {
			add(&exact, true)
		}
	}
	// keep adds where each unit of the bases stands now to what the game
	// had it in since.
	// bases are the places a save may be found at, each kept as the game
	// goes on.
	bases := func() []*saveAt {
		out := []*saveAt{&loose}
		for _, r := range []*placeRun{&exact, &moved, &enemy} {
			out = append(out, r.kept()...)
		}
		return out
	}
	keep := func(m mirror) {
		for _, at := range bases() {
			for id, b := range at.base {
				if c, ok := m.yours[id]; ok {
					if !slices.Contains(b.had, c.at) {
						b.had = append(b.had, c.at)
					}
					b.hadBroken[b2i(c.broken)] = true
					at.base[id] = b
				}
			}
		}
	}
	// gameChanged marks units ids changed by the game since each base.
	gameChanged := func(ids []string) {
		for _, at := range bases() {
			for _, id := range ids {
				if b, ok := at.base[id]; ok {
					b.game = true
					at.base[id] = b
				}
			}
		}
	}
	steps := s.Steps(2)
	// The events of all the steps, as the VASL steps read them (ways: a
	// move told in a later step brings counters on in an earlier one),
	// and where each step's begin.
	all := eventsOf(s, steps)
	first := make([]int, len(steps))
	for k := 1; k < len(steps); k++ {
		first[k] = first[k-1] + len(steps[k-1].Events)
	}
	// added are the ENEMY's units whose counters the VASL step under way
	// added: one of them removed ends the step before its event (the
	// writer's stepThrough), a place a save may be made at; phase is the
	// step's phase.
	added := map[string]bool{}
	var phase [3]int
	var prev *mirror // the mirror after the last step's events
	for n := 1; ; n++ {
		m := mirrorOf(r.Game().Snapshot(), friendly)
		unshown := false
		if prev != nil {
			// An ENEMY unit the game has on the map that the steps have
			// not shown yet (an S? entering, stopped at a First Fire stop
			// in its move: the step of the stop brings it on, ways) has
			// no counter yet; the units the steps removed stay gone.
			for id := range m.enemy {
				if _, ok := prev.enemy[id]; !ok {
					delete(m.enemy, id)
					unshown = true
				}
			}
			maps.Copy(m.gone, prev.gone)
		}
		st := r.Stop()
		atWrite := st.Kind == state.BeforePhase && st.Player == state.Friendly && (st.Phase == state.PFPh || st.Phase == state.MPh)
		// A whole save: of the game as it stands, as sasl play turn
		// writes it (before a FRIENDLY PFPh or MPh) or as set up. A
		// write at a stop ends with a step that brings every ENEMY
		// counter to where the game has it (the writer's last): where
		// the steps have not shown a unit yet, a save of all the steps
		// shows the game as it stands, and a save before that last
		// step, part way, the steps' counters.
		whole := atWrite || n == 1 || n == len(j)
		if unshown {
			check(m, n+1, 0, false)
			stands = places
			check(mirrorOf(r.Game().Snapshot(), friendly), n+1, 0, whole)
		} else {
			check(m, n+1, 0, whole)
			stands = places
		}
		if staleSave(r.Game(), f) != "" {
			if paths == nil {
				paths = new(enemyPaths(steps))
			}
			if n < len(j) && partWayAfter(r.Game(), n, *paths, f) {
				loose = take(m, n+1, 0)
				loose.retold = true
			}
		}
		keep(m)
		if n == len(j) {
			break
		}
		// The step's events through the mirror: a save written part way
		// through its steps shows the counters as they stand between two
		// phases (where sasl's VASL steps end).
		if k := n + 1 - 2; k >= 0 && k < len(steps) {
			evs := steps[k].Events
			for i := range evs {
				ev := &evs[i]
				if p := [3]int{all[first[k]+i].turn, int(ev.Player), int(ev.Phase)}; p != phase {
					phase = p
					clear(added)
				}
				// The counters the steps bring to where the event
				// happens (ways), then the step's end before it where
				// it removes a counter the step added.
				for _, mv := range ways(all, first[k]+i, m.enemyHex, m.enters) {
					for _, id := range m.apply(&mv) {
						added[id] = true
					}
				}
				if slices.ContainsFunc(removedBy(ev), func(id string) bool { return added[id] }) {
					check(m, n+1, i, false)
					keep(m)
					clear(added)
				}
				var was []counterAt
				for _, id := range ev.Units {
					was = append(was, m.yours[id])
				}
				for _, id := range m.apply(ev) {
					added[id] = true
				}
				if !playersMove(ev) {
					// The units of yours the game's event moved or turned.
					var changed []string
					for k, id := range ev.Units {
						if now, ok := m.yours[id]; m.friendly[id] && (!ok || now != was[k]) {
							changed = append(changed, id)
						}
					}
					gameChanged(changed)
				}
				keep(m)
				if i+1 < len(evs) && (evs[i+1].Phase != evs[i].Phase || evs[i+1].Player != evs[i].Player) {
					check(m, n+1, i+1, false)
					keep(m)
				}
			}
		}
		prev = &m
		c, err := game.ParseCommand(j[n].Do, mp)
		if err != nil {
			return saveAt{}, fmt.Errorf("journal step %d: %w", n+1, err)
		}
		script, err := game.StepDice(j[n])
		if err != nil {
			return saveAt{}, fmt.Errorf("journal step %d: %w", n+1, err)
		}
		if _, err := r.Do(c, script); err != nil {
			return saveAt{}, fmt.Errorf("journal step %d (%s): %w", n+1, j[n].Do, err)
		}
	}
	if at, ok := exact.pick(stands, pickExact); ok {
		return at, nil
	}
	if at, ok := moved.pick(stands, pickMoved); ok {
		return at, nil
	}
	if at, ok := enemy.pick(stands, pickEnemy); ok {
		at.partWay = false // the notes of an older save say what became of your units
		return at, nil
	}
	loose.partWay = loose.base != nil
	return loose, nil
}

// enemyPath is what the journal's events did to the ENEMY's units,
// for partWayAfter: the hexes each unit moved to, and the last journal
// step whose events name it, by unit ID.
type enemyPath struct {
	reached map[string][]reach
	named   map[string]int
}

// reach is a hex a unit moved to in journal step n.
type reach struct {
	n int
	h hex.Hex
}

func enemyPaths(steps []game.Step) enemyPath {
	p := enemyPath{reached: map[string][]reach{}, named: map[string]int{}}
	for _, st := range steps {
		for i := range st.Events {
			ev := &st.Events[i]
			for _, id := range ev.Units {
				p.named[id] = st.N
			}
			switch ev.Kind {
			case report.Enter, report.Move, report.Gap, report.Advance, report.AdvanceInto, report.Rout:
				if to, ok := lastOn(ev.Steps); ok {
					for _, id := range ev.Units {
						p.reached[id] = append(p.reached[id], reach{st.N, to.Hex})
					}
				}
			case report.Activate: // the units an S? became come where it was
				for _, made := range ev.Made {
					p.named[made.ID] = st.N
					p.reached[made.ID] = append(p.reached[made.ID], reach{st.N, made.At.Hex})
				}
			}
		}
	}
	return p
}

// partWayAfter reports whether save f shows the ENEMY as it may stand part
// way through the VASL steps of the journal's steps after step n, whose
// game is g (a VASL step tells a phase, which may span journal steps):
// each S? of the save where g has it, or where an event after step n
// moved it; each ENEMY unit g has on the map and the save lacks named by
// an event after step n (an Activation, an elimination, an exit).
func partWayAfter(g *game.Game, n int, p enemyPath, f *Save) bool {
	m := g.World().Map()
	st := g.Snapshot()
	for id, pl := range f.suspects {
		if pl.Location == "" {
			continue
		}
		l, err := m.ParseLocation(pl.Location)
		if err != nil {
			return false
		}
		if u := st.Unit(id); u != nil && u.OnMap() && u.At().Hex == l.Hex {
			continue
		}
		if !slices.ContainsFunc(p.reached[id], func(r reach) bool { return r.n > n && r.h == l.Hex }) {
			return false
		}
	}
	for _, u := range st.OfSide(state.Enemy) {
		if _, ok := f.suspects[u.ID]; u.OnMap() && !ok && p.named[u.ID] <= n {
			return false
		}
	}
	return true
}
