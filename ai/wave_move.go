package ai

import (
	"fmt"
	"math"
	"slices"

	"github.com/sasl-engine/sasl/act"
	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
)

// waveUnits is a wave whose units move in the MPh (move): units[start:end]
// of the Enemy's list.
type waveUnits struct {
	wave       string
	start, end int
}

// moving reports whether u moves by Human Wave movement this phase.
func moving(u *state.Unit) bool {
	return u.Side == state.Enemy && u.Wave != "" && !u.Released && !u.Broken && !u.Exited
}

// move is the MPh of every Human Wave (SASL 4.32-4.324): the wave with the
// unit closest to the FBE (in hexes, whatever the terrain between) first,
// each wave front to back (by the MF it needs to reach the FBE). A unit that runs
// into an obstacle its neighbours can go round delays, then follows in the
// tracks of one of them (4.33's alternative) once the rest of its wave has
// moved.
func (e *Enemy) move() error {
	closest := func(u *state.Unit) int {
		if u.Entering {
			return math.MaxInt32 // still off the map
		}
		return e.w.ToFBE().Cost(u.At())
	}
	// The units that move, by wave (the waves in the order their first
	// unit comes, each wave's units in the game's order), in storage kept
	// from phase to phase: a wave's units are units[start:end].
	mv := &e.mv
	mv.waves, mv.units = mv.waves[:0], mv.units[:0]
	for _, u := range e.st.OfSide(state.Enemy) {
		if moving(u) && !slices.ContainsFunc(mv.waves, func(w waveUnits) bool { return w.wave == u.Wave }) {
			mv.waves = append(mv.waves, waveUnits{wave: u.Wave})
		}
	}
	for i := range mv.waves {
		n := len(mv.units)
		for _, u := range e.st.OfSide(state.Enemy) {
			if moving(u) && u.Wave == mv.waves[i].wave {
				mv.units = append(mv.units, u)
			}
		}
		mv.waves[i].start, mv.waves[i].end = n, len(mv.units)
	}
	waves := mv.waves
	front := func(w waveUnits) int {
		best := math.MaxInt32
		for _, u := range mv.units[w.start:w.end] {
			if !u.Entering {
				best = min(best, e.w.FBEDistance(u.At().Hex))
			}
		}
		return best
	}
	slices.SortStableFunc(waves, func(a, b waveUnits) int { return front(a) - front(b) })
	claimed := &mv.claimed
	*claimed = (*claimed)[:0]
	if e.moved == nil {
		e.moved = map[*state.Unit][]pathing.Step{}
	}
	clear(e.moved)
	for _, wu := range waves {
		w, units := wu.wave, mv.units[wu.start:wu.end:wu.end]
		slices.SortStableFunc(units, func(a, b *state.Unit) int { return closest(a) - closest(b) })
		var later []*delayed
		for _, u := range units {
			if !moving(u) || !e.st.Holds(u) {
				continue
			}
			d, err := e.walk(u, claimed)
			if err != nil {
				return err
			}
			if d != nil {
				later = append(later, d)
			}
		}
		// The delayed follow the tracks of an adjacent unit once it has
		// moved, a unit that followed making tracks for the next; the
		// rest are released (SASL 4.33).
		for progress := true; progress && len(later) > 0; {
			progress = false
			// A delayed unit the FRIENDLY side's fire at another stack
			// eliminated or broke meanwhile (ASL A8.1: fire at a Location
			// attacks every unit in it) moves no more, as in the wave's
			// first pass.
			later = e.stillDelayed(later)
			wave := e.members(nil, w)
			rest := later[:0]
			var stuck []*state.Unit
			for _, d := range later {
				stuck = append(stuck, d.stack...)
			}
			for _, d := range later {
				ok, err := e.follow(d, wave, stuck)
				if err != nil {
					return err
				}
				if ok {
					progress = true
				} else {
					rest = append(rest, d)
				}
			}
			later = rest
		}
		for _, d := range e.stillDelayed(later) {
			e.finish(&trip{stack: d.stack, cur: d.stack[0].At(), release: report.NoWayPast, stop: d.why, from: e.ms.EBE})
		}
	}
	return nil
}

// stillDelayed keeps of later the units that still move in their wave:
// one the FRIENDLY side's fire at another stack eliminated or broke since
// it stopped (ASL A8.1: fire at a Location attacks every unit in it)
// neither follows nor is released, as in the wave's first pass; a stack
// left with none goes.
func (e *Enemy) stillDelayed(later []*delayed) []*delayed {
	return slices.DeleteFunc(later, func(d *delayed) bool {
		d.stack = slices.DeleteFunc(d.stack, func(u *state.Unit) bool { return !moving(u) || !e.st.Holds(u) })
		return len(d.stack) == 0
	})
}

// delayed is a stack of Human Wave units that stopped before an obstacle
// its neighbours go round, to follow in their tracks (SASL 4.33).
type delayed struct {
	stack []*state.Unit
	mf    int // half MF left
	why   stop
}

// trip is a stack's move in the MPh: the steps it took and the half MF
// they cost, where it ended, whether it exited or was released (and what
// stopped it), the notes of the way, the edge an entry crossed and whose
// tracks it followed.
type trip struct {
	stack   []*state.Unit
	steps   []pathing.Step
	spent   int
	cur     board.Location
	exited  bool
	release report.Cause
	stop    stop
	notes   []report.Note
	from    layout.Compass
	lead    string
	// goal, goalAt: what the move of units outside a Human Wave heads
	// for (attitude.go); report.NoGoal for a Human Wave's.
	goal   report.Goal
	goalAt board.Location
}

// walk moves one Human Wave unit (and the units it turns into when
// Activated) with its 8 MF toward the FBE. A unit stopped by an obstacle
// straight ahead that an adjacent unit of its wave has a way past is
// returned, to follow in that unit's tracks once the wave has moved.
func (e *Enemy) walk(u *state.Unit, claimed *[]board.Location) (*delayed, error) {
	budget := e.h.MF.Value * 2
	t := trip{stack: e.keep(u), cur: u.At(), from: u.Edge, steps: e.trip.steps[:0], notes: e.trip.notes[:0]}
	defer func() { e.trip.steps, e.trip.notes = t.steps[:0], t.notes[:0] }()
	if u.Entering {
		x := u.At().Hex
		n, _ := e.w.Graph().Node(board.Ground(x))
		c, ok := e.w.Graph().EnterCost(n, t.from)
		off, _ := e.m.Mirror(x, t.from)
		t.steps = append(t.steps, pathing.Step{Location: board.Ground(off), Off: true})
		if !ok || c > budget {
			u.Released = true
			e.log.Add(report.Event{Kind: report.Release, Units: e.log.Strings(u.ID), Steps: e.log.Steps(t.steps...), At: board.Ground(x), Cause: report.CannotEnter})
			return nil, nil
		}
		if e.overstacked(board.Ground(x), t.stack) {
			// Its entrance hex is full (ASL A5.1): it waits off the map,
			// to enter in its next MPh; it is not released (SASL 4.33).
			e.log.Add(report.Event{Kind: report.EntryFull, Units: e.log.IDs(t.stack), At: board.Ground(x), Edge: t.from})
			return nil, nil
		}
		u.Entering = false
		t.spent, t.cur = c, board.Ground(x)
		t.steps = append(t.steps, pathing.Step{Location: t.cur, HalfMF: c})
	} else {
		t.steps = append(t.steps, pathing.Step{Location: t.cur})
		if t.cur.Level != 0 {
			// A unit that joined the wave on an upper building level
			// (SASL 4.323) goes down to the ground level of its hex
			// first: Human Wave movement runs at ground level, and the
			// building's own levels are no obstacle to it (4.33).
			down, ok, err := e.descend(t.cur, t.stack)
			if err != nil {
				return nil, err
			}
			if !ok || down > budget {
				return nil, nil // no way down that it can take: it waits
			}
			if err := e.enter(&t, board.Ground(t.cur.Hex), act.Wave, down, budget); err != nil {
				return nil, err
			}
		}
	}
	entered := len(t.steps) > 1 // First Fire may meet it in its entrance hex too
	checked := false            // Activation checked in t.cur, nothing since
	lane := u.Lane
	// A detour to take a FRIENDLY-controlled VPO within reach (4.32), for
	// a stack that can gain Control (ASL A26.11: not a leader alone).
	var detour []board.Location
	if slices.ContainsFunc(t.stack, holder) {
		detour = e.detour(t.cur, budget-t.spent, claimed)
	}
	var delay *delayed
	// arrived is what meets the stack in t.cur, the Location it entered
	// (moved) or stands in: the FRIENDLY units it reveals, the end of its
	// Human Wave movement in a Location of Known FRIENDLY units (4.323),
	// the Activation of a Human Wave S? (4.34) unless t.cur was checked
	// after the step into it and nothing has happened since, and in its
	// entrance hex the FRIENDLY side's fire. It reports whether it moves
	// on, and whether none of the stack is left to (gone: told).
	arrived := func(moved bool) (on, gone bool, err error) {
		// Entering a Location of a FRIENDLY unit the ENEMY did not know
		// of reveals it (ASL A12's concealment and HIP are not among the
		// texts: sasl reveals the unit, which is then Known).
		if moved && e.reveal(t.cur, t.stack) {
			t.notes = append(t.notes, report.Note{Kind: report.Revealed, At: t.cur})
		}
		// Entering a Location of a Known FRIENDLY unit ends Human Wave
		// movement for good (4.323).
		if moved && e.st.KnownIn(t.cur) {
			for _, x := range t.stack {
				x.Released = true
			}
			t.notes = append(t.notes, report.Note{Kind: report.EnteredKnown, At: t.cur})
			return false, false, nil
		}
		if t.stack[0].Kind == state.SQ && !checked {
			if t.stack, err = e.activate(t.stack, t.cur); err != nil {
				return false, false, err
			}
		}
		checked = false
		if entered && e.Res != nil {
			entered = false
			if t.stack, err = e.fired(&t); err != nil || len(t.stack) == 0 {
				return false, true, err
			}
		}
		return true, false, nil
	}
	on, gone, err := arrived(len(t.steps) > 1)
	if err != nil || gone {
		return nil, err
	}
	if on {
		// The executor carries the wave's move out a Location at a time
		// (act.WalkBy, by Human Wave movement): the next step nextStep's,
		// and after each the VPO, the Activation of an S? a FRIENDLY
		// unit's LOS Activates there before the FRIENDLY side may First
		// Fire there, that fire, and what arrived says of the Location.
		stop, want := false, 0
		walked, err := e.walkBy(t.stack, act.Wave, budget-t.spent, nil,
			func(on []*state.Unit, at board.Location, left int) (board.Location, bool) {
				if stop {
					return board.Location{}, false
				}
				next, cost, exit, why, ok := e.nextStep(at, lane, detour, on)
				switch {
				case !ok && why.isFull:
					// Every way forward is a Location that cannot take the
					// stack (ASL A5.1): it stops short of it, not released
					// (it ran into no obstacle, SASL 4.33).
					t.notes = append(t.notes, report.Note{Kind: report.StoppedFull, At: at, Full: why.full})
					return board.Location{}, false
				case !ok && why.delay:
					delay = &delayed{stack: t.stack, mf: budget - t.spent, why: why}
					return board.Location{}, false
				case !ok:
					t.release, t.stop = report.ObstacleAhead, why
					return board.Location{}, false
				case cost > left:
					return board.Location{}, false
				case exit:
					e.exitFBE(&t, at, cost)
					return board.Location{}, false
				}
				want = cost
				return next, true
			},
			func(on []*state.Unit, at board.Location, cost int) ([]*state.Unit, error) {
				if err := e.stepped(&t, on, at, cost, want); err != nil {
					return nil, err
				}
				if len(detour) > 0 && detour[0] == t.cur {
					detour = detour[1:]
				} else {
					detour = nil // a full Location turned it off its detour
				}
				e.takeVPO(t.cur, t.stack, &t.notes)
				var err error
				if e.Res != nil {
					if t.stack[0].Kind == state.SQ {
						if t.stack, err = e.activate(t.stack, t.cur); err != nil {
							return nil, err
						}
					}
					n := e.log.Len()
					if t.stack, err = e.fired(&t); err != nil || len(t.stack) == 0 {
						return t.stack, err
					}
					checked = e.log.Len() == n
				}
				goOn, _, err := arrived(true)
				stop = !goOn
				return t.stack, err
			})
		if err != nil {
			return nil, err
		}
		if walked.Refused != nil {
			return nil, walked.Refused // nextStep chose it: the engine's fault
		}
		if len(walked.On) == 0 {
			return nil, nil // the FRIENDLY fire stopped or eliminated it: told
		}
		t.stack = walked.On
	}
	if delay != nil {
		delay.mf = budget - t.spent
	}
	e.finish(&t)
	if delay != nil {
		e.log.Add(report.Event{Kind: report.Delay, Units: e.log.IDs(t.stack), At: t.cur, Obstacle: delay.why.obstacle, ObstacleAt: delay.why.ahead})
	}
	return delay, nil
}

// descend returns the cost in half MF of Infantry going down from upper
// building Location l to the ground level of its hex (the Infantry graph,
// ASL A4), ok false where there is no such step or the ground Location
// cannot take the stack (ASL A5.1).
func (e *Enemy) descend(l board.Location, stack []*state.Unit) (int, bool, error) {
	ig, err := e.w.Infantry()
	if err != nil {
		return 0, false, err
	}
	a, ok1 := ig.Node(l)
	b, ok2 := ig.Node(board.Ground(l.Hex))
	if !ok1 || !ok2 || e.overstacked(board.Ground(l.Hex), stack) {
		return 0, false, nil
	}
	c, ok := ig.Cost(a, b)
	return c, ok, nil
}

// fired lets the FRIENDLY side First Fire at the stack of a trip where it
// stands (the Resolver): units broken end their move there, leaving the
// wave (SASL 4.323), units eliminated are gone; the rest of the stack
// moves on.
func (e *Enemy) fired(t *trip) ([]*state.Unit, error) {
	n := e.log.Len()
	e.trip.revealed = e.trip.revealed[:0]
	if err := e.Res.Entered(t.stack, t.cur, t.steps); err != nil {
		return nil, err
	}
	if e.log.Len() == n {
		return t.stack, nil
	}
	// An S? the FRIENDLY fire Activated goes on as the units it became,
	// with the MF it has left (4.34).
	stack := t.stack
	if len(e.trip.revealed) > 0 {
		stack = nil
		for _, x := range t.stack {
			i := slices.IndexFunc(e.trip.revealed, func(r revealed) bool { return r.s == x })
			if i < 0 {
				stack = append(stack, x)
				continue
			}
			stack = append(stack, e.trip.revealed[i].units...)
		}
	}
	var stopped []*state.Unit
	kept := e.trip.kept[:0]
	x := act.On(e.w, e.st)
	for _, u := range stack {
		switch {
		case !e.st.Holds(u): // eliminated
		case !x.GoesOn(u, act.Wave): // broken (SASL 4.323)
			stopped = append(stopped, u)
		default:
			kept = append(kept, u)
		}
	}
	e.trip.kept = kept
	// The notes of the way (a VPO taken) go with the units that move on,
	// or, if none does, with those stopped here, or with the eliminated.
	var notes []report.Note
	if len(kept) == 0 {
		notes = t.notes
	}
	switch {
	case len(stopped) > 0:
		e.finish(&trip{stack: stopped, steps: t.steps, spent: t.spent, cur: t.cur, from: t.from, notes: notes, lead: t.lead, goal: t.goal, goalAt: t.goalAt})
	case len(kept) == 0:
		// The way is told of the units that went it: an S? found a dummy
		// on it left no units (SASL 5.1).
		went := stack
		if len(went) == 0 {
			went = t.stack
		}
		e.wentTo(t, went, notes)
	}
	return e.keep(kept...), nil
}

// wentTo tells the way of trip t to where it stands of units went, none
// of whom moves on from there: eliminated there, or an S? found a dummy
// there (SASL 5.1), its move told as finish tells one that ends.
func (e *Enemy) wentTo(t *trip, went []*state.Unit, notes []report.Note) {
	if len(t.steps) < 2 || len(went) == 0 {
		return
	}
	var from layout.Compass
	if t.steps[0].Off {
		from = t.from
	}
	e.log.Add(report.Event{Kind: report.Move, Units: e.log.IDs(went), Steps: e.log.Steps(t.steps...), Edge: from, Lead: t.lead, Notes: e.log.Notes(notes...), Goal: t.goal, TargetAt: t.goalAt, Cause: e.moveCause(went)})
}

// reveal makes the FRIENDLY units in Location at that the ENEMY did not
// know of Known, found by the ENEMY stack by, whose move or advance enters
// their Location or would (ASL A12's concealment and HIP are not among the
// texts: sasl's reading, a Reveal event with its rule). Until then such a
// unit Activates no S? (activation); it reports whether any was revealed.
func (e *Enemy) reveal(at board.Location, by []*state.Unit) bool {
	var found []*state.Unit
	for f := range e.st.In(state.Friendly, at) {
		if !f.Known {
			f.Known = true
			found = append(found, f)
		}
	}
	if len(found) == 0 {
		return false
	}
	ev := report.Event{Kind: report.Reveal, Side: state.Friendly, Units: e.log.IDs(found), At: at}
	if len(by) > 0 {
		ev.Lead = by[0].ID
	}
	e.log.Add(ev)
	return true
}

// finish puts a trip's stack where its move ended and tells what it did.
func (e *Enemy) finish(t *trip) {
	steps := e.log.Steps(t.steps...)
	for _, x := range t.stack {
		x.Exited = t.exited
		x.Moved = x.Moved || len(t.steps) > 1
		if t.release != report.NoCause {
			x.Released = true
		}
		if e.moved != nil {
			e.moved[x] = steps
		}
	}
	ids := e.log.IDs(t.stack)
	if len(steps) > 1 {
		var from layout.Compass // the edge an entry crosses; no other move has one
		if steps[0].Off {
			from = t.from
		}
		e.log.Add(report.Event{Kind: report.Move, Units: ids, Steps: steps, Edge: from, Lead: t.lead, Notes: e.log.Notes(t.notes...), Goal: t.goal, TargetAt: t.goalAt, Cause: e.moveCause(t.stack)})
	}
	if t.exited {
		e.log.Add(report.Event{Kind: report.Exit, Units: ids, At: t.cur})
	}
	if t.release != report.NoCause {
		cause := t.release
		if cause == report.ObstacleAhead && t.stop.obstacle == report.NoObstacle {
			cause = report.NoWayForward
		}
		e.log.Add(report.Event{Kind: report.Release, Units: ids, At: t.cur, Cause: cause, Obstacle: t.stop.obstacle, ObstacleAt: t.stop.ahead})
	}
}

// exitFBE ends trip t off the FBE (SASL 4.323), its stack stepping
// across it from Location at for cost half MF: a step off the map, to the
// hex beyond the edge.
func (e *Enemy) exitFBE(t *trip, at board.Location, cost int) {
	off, _ := e.m.Mirror(at.Hex, e.ms.FBE)
	t.spent += cost
	t.steps = append(t.steps, pathing.Step{Location: board.Ground(off), HalfMF: cost, Off: true})
	t.exited = true
}

// stepped brings trip t up to its stack's step into Location at at a
// cost of cost half MF, which its decider counted as want (a step the
// executor took: act.WalkBy's reaction begins with it).
func (e *Enemy) stepped(t *trip, on []*state.Unit, at board.Location, cost, want int) error {
	if cost != want {
		return fmt.Errorf("ai: a step of %v to %v costs %d half MF, not the %d its move counted", e.log.IDs(on), at, cost, want)
	}
	t.stack, t.spent, t.cur = on, t.spent+cost, at
	t.steps = append(t.steps, pathing.Step{Location: at, HalfMF: cost})
	return nil
}

// enter carries out a trip's step into Location next, which its decider
// found to cost cost half MF within the budget: the executor checks the
// step by motion m (ASL A4, SASL 4.32) and moves the stack there, so that
// every unit is where the FRIENDLY side sees it when it reacts. A step the
// executor refuses is the engine's fault, returned.
func (e *Enemy) enter(t *trip, next board.Location, m act.Motion, cost, budget int) error {
	c, err := act.On(e.w, e.st).Enter(t.stack, next, m, budget-t.spent)
	if err != nil {
		return err
	}
	return e.stepped(t, t.stack, next, c, cost)
}

// trackFrom returns the furthest index of tracks a unit at cur can step
// into by Human Wave movement (a neighbouring Location of the tracks), or
// -1.
func (e *Enemy) trackFrom(cur board.Location, tracks []pathing.Step) int {
	g := e.w.Graph()
	u, ok := g.Node(cur)
	if !ok {
		return -1
	}
	for i := len(tracks) - 1; i >= 0; i-- {
		s := tracks[i]
		if s.Off {
			continue
		}
		if v, ok := g.Node(s.Location); ok {
			if _, ok := g.Cost(u, v); ok && hex.Distance(cur.Hex, s.Location.Hex) == 1 {
				return i
			}
		}
	}
	return -1
}

// follow moves a delayed stack in the tracks of an adjacent unit of its
// wave that got past (SASL 4.33's alternative): of the tracks that pass
// next to it, those that lead furthest toward the FBE; it steps into the
// furthest Location of them next to it, then along them, with the MF it
// has left. It reports false, moving nothing, when no such tracks lie next
// to it. stuck are the units still delayed, whose tracks lead nowhere. A
// Human Wave S? that comes into the LOS of a FRIENDLY unit on the way is
// Activated there (SASL 4.34).
func (e *Enemy) follow(d *delayed, wave, stuck []*state.Unit) (bool, error) {
	g := e.w.Graph()
	cur := d.stack[0].At()
	var best []pathing.Step
	bestAt, leader, bestEnd := -1, "", math.Inf(-1)
	for _, v := range wave {
		if slices.Contains(stuck, v) {
			continue
		}
		tr := e.moved[v]
		if len(tr) < 2 {
			continue
		}
		i := e.trackFrom(cur, tr)
		if i < 0 {
			continue
		}
		end := math.Inf(1) // off the FBE
		if last := tr[len(tr)-1]; !last.Off {
			end = e.w.Progress(last.Location.Hex)
		}
		if end > bestEnd+1e-9 {
			best, bestAt, leader, bestEnd = tr, i, v.ID, end
		}
	}
	if bestAt < 0 {
		return false, nil
	}
	t := trip{stack: d.stack, steps: append(e.trip.steps[:0], pathing.Step{Location: cur}), notes: e.trip.notes[:0], cur: cur, from: e.ms.EBE, lead: leader}
	defer func() { e.trip.steps, e.trip.notes = t.steps[:0], t.notes[:0] }()
	// The executor carries the stack along the tracks a Location at a time
	// (act.WalkBy, by Human Wave movement), the tracks' next Location the
	// next step while it costs no more than the MF left and the stack
	// fits there; after each: the VPO, the Activation of a Human Wave S?
	// (4.34: the units it hid go on in the tracks with the MF left), the
	// FRIENDLY side's fire, and a Location of Known FRIENDLY units, which
	// ends its Human Wave movement (4.323).
	i, want, known := bestAt, 0, false
	walked, err := e.walkBy(t.stack, act.Wave, d.mf, nil,
		func(on []*state.Unit, at board.Location, left int) (board.Location, bool) {
			if known || i >= len(best) {
				return board.Location{}, false
			}
			s := best[i]
			u, _ := g.Node(at)
			var c int
			var ok bool
			if s.Off {
				c, ok = g.ExitCost(u, e.ms.FBE)
			} else {
				v, _ := g.Node(s.Location)
				c, ok = g.Cost(u, v)
			}
			switch {
			case !ok || c > left:
				return board.Location{}, false
			case !s.Off && e.overstacked(s.Location, on):
				// A Location of the tracks that cannot take the stack (ASL
				// A5.1): it stops short of it.
				t.notes = append(t.notes, report.Note{Kind: report.StoppedFull, At: at, Full: s.Location})
				return board.Location{}, false
			case s.Off:
				t.spent += c
				t.steps = append(t.steps, pathing.Step{Location: s.Location, HalfMF: c, Off: true})
				t.exited = true
				return board.Location{}, false
			}
			i++
			want = c
			return s.Location, true
		},
		func(on []*state.Unit, at board.Location, cost int) ([]*state.Unit, error) {
			if err := e.stepped(&t, on, at, cost, want); err != nil {
				return nil, err
			}
			e.takeVPO(t.cur, t.stack, &t.notes)
			var err error
			if t.stack[0].Kind == state.SQ {
				if t.stack, err = e.activate(t.stack, t.cur); err != nil {
					return nil, err
				}
			}
			if e.Res != nil {
				if t.stack, err = e.fired(&t); err != nil || len(t.stack) == 0 {
					return t.stack, err
				}
			}
			if e.st.KnownIn(t.cur) {
				for _, x := range t.stack {
					x.Released = true
				}
				t.notes = append(t.notes, report.Note{Kind: report.EnteredKnown, At: t.cur})
				known = true
			}
			return t.stack, nil
		})
	if err != nil {
		return false, err
	}
	if walked.Refused != nil {
		return false, walked.Refused // the tracks were checked: the engine's fault
	}
	if len(walked.On) == 0 {
		return true, nil // the FRIENDLY fire stopped or eliminated them: told
	}
	t.stack = walked.On
	if len(t.steps) < 2 {
		// The tracks' first Location cannot take it: it is where it was
		// delayed.
		return false, nil
	}
	e.finish(&t)
	return true, nil
}

// takeVPO gives the ENEMY control of a VPO that stack entered with no
// FRIENDLY unit, broken or not, in any Location of its hex (ASL A26.11:
// combat.Gainable), noting it. Only a Good Order MMC (or an S?, which sasl
// counts as one: holder) gains Control (A26.11): a leader alone, or with
// broken MMC only, takes nothing.
func (e *Enemy) takeVPO(l board.Location, stack []*state.Unit, notes *[]report.Note) bool {
	if !slices.ContainsFunc(stack, holder) {
		return false
	}
	if side, ok := e.st.Controller(l); ok && side == state.Friendly && combat.Gainable(e.st, state.Enemy, l) {
		e.st.SetControl(l, state.Enemy)
		if notes != nil {
			*notes = append(*notes, report.Note{Kind: report.TookVPO, At: l})
		}
		return true
	}
	return false
}

// overstacked reports whether Location l cannot take stack on top of the
// ENEMY units already there (world.Fits: ASL A5.1's squads and SMC).
func (e *Enemy) overstacked(l board.Location, stack []*state.Unit) bool {
	return !e.w.Fits(e.st, state.Enemy, l, stack)
}
