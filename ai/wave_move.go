package ai

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/state"
)

// arrive sets up just off the map the S? the mission schedules to enter
// this turn (SASL 4.2): one ENEMY S? for each, waiting to enter.
func (e *Enemy) arrive() error {
	if len(e.ms.EntriesOn(e.st.Turn)) == 0 {
		return nil
	}
	for _, u := range e.st.OfSide(state.Enemy) {
		if u.Entering && u.Wave == "" {
			return nil // set up already (sasl enter --save)
		}
	}
	a, err := e.Enter(e.st.Turn)
	if err != nil {
		return err
	}
	for _, x := range a.Arrivals {
		u := &state.Unit{ID: e.st.NewID("E"), Side: state.Enemy, Kind: state.SQ, Entering: true, Edge: x.Edge}
		e.st.Add(u, board.Ground(x.Hex))
		e.emit(Event{Kind: EventArrive, Units: []string{u.ID}, Edge: x.Edge, Entrances: []hex.Hex{x.Hex},
			Text: fmt.Sprintf("%s set up off the %s edge to enter %s: %s", u.ID, x.Edge, e.m.NameString(x.Hex), x.Why), Rolls: x.Rolls})
	}
	return nil
}

// enterMap brings the S? waiting off the map (not Human Wave S?) onto their
// entry hexes in the MPh, after the Human Waves have moved (SASL 4.321: a
// Human Wave moves before all other units). sasl does not move S? beyond
// their entry hex: movement of S? outside a Human Wave is not among the
// rules it plays.
func (e *Enemy) enterMap() {
	for _, u := range e.st.OfSide(state.Enemy) {
		if !u.Entering || u.Wave != "" {
			continue
		}
		c, ok := e.w.Costs().Enter(u.At(), u.Edge)
		if !ok {
			continue // Prohibited: 4.2 never sets one up there
		}
		off, _ := e.m.Mirror(u.At().Hex, u.Edge)
		u.Entering = false
		steps := []pathing.Step{{Location: board.Ground(off), Off: true}, {Location: u.At(), HalfMF: c}}
		e.emit(Event{Kind: EventEnter, Units: []string{u.ID}, Edge: u.Edge, Steps: steps,
			Text: fmt.Sprintf("%s enters %s from off the %s edge (%s MF) and stops there (SASL 4.2)", u.ID, e.name(u.At()), u.Edge, pathing.HalfMF(c))})
	}
}

// enterWave sets up a Human Wave the mission brings on (SASL 4.31): a Human
// Wave S? just off the map next to each entrance hex.
func (e *Enemy) enterWave(en missions.Entry) error {
	we, err := e.EnterWave(en.Edge)
	if err != nil {
		return err
	}
	id := ""
	for c := 'A'; c <= 'Z'; c++ {
		if !slices.ContainsFunc(e.st.Waves, func(w state.Wave) bool { return w.ID == string(c) }) {
			id = string(c)
			break
		}
	}
	if id == "" {
		return fmt.Errorf("ai: SASL 4.31: 26 Human Waves are in play already; the 27th has no letter")
	}
	e.st.Waves = append(e.st.Waves, state.Wave{ID: id, Edge: en.Edge, Direction: we.Direction})
	var names, ids []string
	for _, x := range we.Entrances {
		u := &state.Unit{ID: e.st.NewID(id), Side: state.Enemy, Kind: state.SQ, HW: true, Wave: id,
			Entering: true, Edge: en.Edge, Lane: x}
		e.st.Add(u, board.Ground(x))
		ids = append(ids, u.ID)
		names = append(names, fmt.Sprintf("%s %s", u.ID, e.m.NameString(x)))
	}
	e.emit(Event{Kind: EventWaveEntry, Units: ids, Wave: id, Edge: en.Edge, Entrances: we.Entrances, Direction: we.Direction,
		Text: fmt.Sprintf("Human Wave %s: %s. %d Human Wave S? set up off the %s edge: %s",
			id, strings.Join(we.Log, "; "), len(we.Entrances), en.Edge, strings.Join(names, ", ")), Rolls: we.Rolls})
	return nil
}

// moving reports whether u moves by Human Wave movement this phase.
func moving(u *state.Unit) bool {
	return u.Side == state.Enemy && u.Wave != "" && !u.Released && !u.Broken && !u.Exited
}

// move is the MPh of every Human Wave (SASL 4.32-4.324): the wave with the
// unit closest to the FBE first, each wave front to back. A unit that runs
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
	byWave := map[string][]*state.Unit{}
	var waves []string
	for _, u := range e.st.OfSide(state.Enemy) {
		if !moving(u) {
			continue
		}
		if _, ok := byWave[u.Wave]; !ok {
			waves = append(waves, u.Wave)
		}
		byWave[u.Wave] = append(byWave[u.Wave], u)
	}
	front := func(w string) int {
		best := math.MaxInt32
		for _, u := range byWave[w] {
			best = min(best, closest(u))
		}
		return best
	}
	slices.SortStableFunc(waves, func(a, b string) int { return front(a) - front(b) })
	claimed := map[board.Location]bool{}
	if e.moved == nil {
		e.moved = map[string][]pathing.Step{}
	}
	clear(e.moved)
	for _, w := range waves {
		units := byWave[w]
		slices.SortStableFunc(units, func(a, b *state.Unit) int { return closest(a) - closest(b) })
		var later []*delayed
		for _, u := range units {
			if !moving(u) || !e.st.Holds(u) {
				continue
			}
			d, err := e.walk(u, claimed, units)
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
			wave := e.members(w)
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
		for _, d := range later {
			e.finish(d.stack, nil, 0, d.stack[0].At(), false, d.why+": no adjacent unit of the wave has a way past: released, ends its MPh in Advance Attitude (SASL 4.33)", nil, e.ms.EBE, "")
		}
	}
	return nil
}

// delayed is a stack of Human Wave units that stopped before an obstacle
// its neighbours go round, to follow in their tracks (SASL 4.33).
type delayed struct {
	stack []*state.Unit
	mf    int // half MF left
	why   string
}

// walk moves one Human Wave unit (and the units it turns into when
// Activated) with its 8 MF toward the FBE. A unit stopped by an obstacle
// straight ahead that an adjacent unit of its wave has a way past is
// returned, to follow in that unit's tracks once the wave has moved.
func (e *Enemy) walk(u *state.Unit, claimed map[board.Location]bool, wave []*state.Unit) (*delayed, error) {
	budget := e.h.MF.Value * 2
	stack := []*state.Unit{u}
	spent := 0
	var steps []pathing.Step
	var notes []string
	cur := u.At()
	edge := u.Edge
	if u.Entering {
		x := u.At().Hex
		n, _ := e.w.Graph().Node(board.Ground(x))
		c, ok := e.w.Graph().EnterCost(n, edge)
		off, _ := e.m.Mirror(x, edge)
		steps = append(steps, pathing.Step{Location: board.Ground(off), Off: true})
		if !ok || c > budget {
			u.Released = true
			e.emit(Event{Units: []string{u.ID}, Kind: EventRelease, Steps: steps, Text: fmt.Sprintf("%s cannot enter %s: released, Advance Attitude (SASL 4.33)", u.ID, e.m.NameString(x))})
			return nil, nil
		}
		u.Entering = false
		spent, cur = c, board.Ground(x)
		steps = append(steps, pathing.Step{Location: cur, HalfMF: c})
	} else {
		steps = append(steps, pathing.Step{Location: cur})
	}
	lane := u.Lane
	// A detour to take a FRIENDLY-controlled VPO within reach (4.32).
	detour := e.detour(cur, budget-spent, claimed)
	released, exited := "", false
	var delay *delayed
	for {
		// Entering a Location of a Known FRIENDLY unit ends Human Wave
		// movement for good (4.323).
		if len(steps) > 1 && e.st.KnownIn(cur) {
			for _, x := range stack {
				x.Released = true
			}
			notes = append(notes, fmt.Sprintf("entered %s, held by a Known FRIENDLY unit: released from Human Wave movement (SASL 4.323)", e.name(cur)))
			break
		}
		// Activation of a Human Wave S? (4.34).
		if stack[0].Kind == state.SQ {
			var err error
			if stack, err = e.activate(stack, cur); err != nil {
				return nil, err
			}
		}
		next, cost, exit, why, ok := e.nextStep(cur, lane, detour)
		if !ok {
			if why.obstacle {
				delay = &delayed{stack: stack, mf: budget - spent, why: why.text}
			} else {
				released = why.text + ": released, ends its MPh in Advance Attitude (SASL 4.33)"
			}
			break
		}
		if spent+cost > budget {
			break
		}
		spent += cost
		if exit {
			off, _ := e.m.Mirror(cur.Hex, e.ms.FBE)
			steps = append(steps, pathing.Step{Location: board.Ground(off), HalfMF: cost, Off: true})
			exited = true
			break
		}
		cur = next
		steps = append(steps, pathing.Step{Location: cur, HalfMF: cost})
		if len(detour) > 0 && detour[0] == cur {
			detour = detour[1:]
		}
		e.takeVPO(cur, &notes)
		if e.Res != nil {
			var err error
			if stack, err = e.fired(stack, cur, steps, spent, edge); err != nil {
				return nil, err
			}
			if len(stack) == 0 {
				return nil, nil
			}
		}
	}
	steps, spent, cur = e.settle(steps, spent, cur, stack, exited, &notes)
	if delay != nil {
		delay.mf = budget - spent
	}
	e.finish(stack, steps, spent, cur, exited, released, notes, edge, "")
	if delay != nil {
		e.emit(Event{Units: state.IDs(stack), Kind: EventDelay, Text: fmt.Sprintf("%s in %s: %s: delays, to follow in the tracks of an adjacent unit of the wave (SASL 4.33)", strings.Join(state.IDs(stack), ", "), e.name(cur), delay.why)})
	}
	return delay, nil
}

// fired lets the FRIENDLY side First Fire at stack in cur (the Resolver):
// units broken end their move there, leaving the wave (SASL 4.323), units
// eliminated are gone; the rest of the stack moves on.
func (e *Enemy) fired(stack []*state.Unit, cur board.Location, steps []pathing.Step, spent int, edge layout.Compass) ([]*state.Unit, error) {
	for _, x := range stack {
		e.st.Move(x, cur) // where the FRIENDLY side sees it
	}
	ev, err := e.Res.Entered(stack, cur)
	if err != nil {
		return nil, err
	}
	if len(ev) == 0 {
		return stack, nil
	}
	for _, x := range ev {
		e.emit(x)
	}
	var stopped []*state.Unit
	kept := stack[:0:0]
	for _, x := range stack {
		switch {
		case !e.st.Holds(x): // eliminated
		case x.Broken:
			stopped = append(stopped, x)
		default:
			kept = append(kept, x)
		}
	}
	if len(stopped) > 0 {
		e.finish(stopped, slices.Clone(steps), spent, cur, false, "", nil, edge, "")
	}
	return kept, nil
}

// settle backs a move off Locations that cannot take the stack: a
// Location holds only so many squads.
func (e *Enemy) settle(steps []pathing.Step, spent int, cur board.Location, stack []*state.Unit, exited bool, notes *[]string) ([]pathing.Step, int, board.Location) {
	for !exited && len(steps) > 1 && e.overstacked(cur, stack) {
		last := steps[len(steps)-1]
		if last.Off {
			break
		}
		steps = steps[:len(steps)-1]
		spent -= last.HalfMF
		cur = steps[len(steps)-1].Location
		*notes = append(*notes, fmt.Sprintf("stops in %s: %s is full", e.name(cur), e.name(last.Location)))
	}
	return steps, spent, cur
}

// finish puts a stack where its move ended and tells what it did.
func (e *Enemy) finish(stack []*state.Unit, steps []pathing.Step, spent int, cur board.Location, exited bool, released string, notes []string, from layout.Compass, lead string) {
	for _, x := range stack {
		e.st.Move(x, cur)
		x.Exited = exited
		if released != "" {
			x.Released = true
		}
		e.moved[x.ID] = steps
	}
	if e.Quiet {
		if len(steps) > 1 {
			e.emit(Event{Units: state.IDs(stack), Kind: EventMove, Steps: steps})
		}
		if exited {
			e.emit(Event{Units: state.IDs(stack), Kind: EventExit})
		}
		if released != "" {
			e.emit(Event{Units: state.IDs(stack), Kind: EventRelease})
		}
		return
	}
	who := strings.Join(state.IDs(stack), ", ")
	if len(steps) > 1 {
		text := fmt.Sprintf("%s: %s%s, %s MF", who, lead, e.pathText(steps, from), pathing.HalfMF(spent))
		if len(notes) > 0 {
			text += "; " + strings.Join(notes, "; ")
		}
		e.emit(Event{Units: state.IDs(stack), Kind: EventMove, Steps: steps, Text: text})
	}
	if exited {
		e.emit(Event{Units: state.IDs(stack), Kind: EventExit, Text: fmt.Sprintf("%s exit off the FBE (%s) from %s", who, e.ms.FBE, e.name(cur))})
	}
	if released != "" {
		e.emit(Event{Units: state.IDs(stack), Kind: EventRelease, Text: fmt.Sprintf("%s in %s: %s", who, e.name(cur), released)})
	}
}

// trackFrom returns the furthest index of tracks a unit at cur can step
// into by Human Wave movement (a neighbouring Location of the tracks), or
// -1.
func (e *Enemy) trackFrom(cur board.Location, tracks []pathing.Step) int {
	u, ok := e.w.Graph().Node(cur)
	if !ok {
		return -1
	}
	for i := len(tracks) - 1; i >= 0; i-- {
		s := tracks[i]
		if s.Off {
			continue
		}
		if v, ok := e.w.Graph().Node(s.Location); ok {
			if _, ok := e.w.Graph().Cost(u, v); ok && hex.Distance(cur.Hex, s.Location.Hex) == 1 {
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
	stack := d.stack
	cur := stack[0].At()
	var best []pathing.Step
	bestAt, leader, bestEnd := -1, "", math.Inf(-1)
	for _, v := range wave {
		if slices.Contains(stuck, v) {
			continue
		}
		tr := e.moved[v.ID]
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
	steps := []pathing.Step{{Location: cur}}
	spent, exited := 0, false
	var notes []string
	for i := bestAt; i < len(best); i++ {
		s := best[i]
		u, _ := e.w.Graph().Node(cur)
		var c int
		var ok bool
		if s.Off {
			c, ok = e.w.Graph().ExitCost(u, e.ms.FBE)
		} else {
			v, _ := e.w.Graph().Node(s.Location)
			c, ok = e.w.Graph().Cost(u, v)
		}
		if !ok || spent+c > d.mf {
			break
		}
		spent += c
		if s.Off {
			steps = append(steps, pathing.Step{Location: s.Location, HalfMF: c, Off: true})
			exited = true
			break
		}
		cur = s.Location
		steps = append(steps, pathing.Step{Location: cur, HalfMF: c})
		e.takeVPO(cur, &notes)
		if stack[0].Kind == state.SQ {
			// Activation of a Human Wave S? (4.34) on its way: the units it
			// hid go on in the tracks with the MF left.
			var err error
			if stack, err = e.activate(stack, cur); err != nil {
				return false, err
			}
		}
		if e.st.KnownIn(cur) {
			for _, x := range stack {
				x.Released = true
			}
			notes = append(notes, fmt.Sprintf("entered %s, held by a Known FRIENDLY unit: released from Human Wave movement (SASL 4.323)", e.name(cur)))
			break
		}
	}
	steps, spent, cur = e.settle(steps, spent, cur, stack, exited, &notes)
	if len(steps) < 2 {
		return false, nil
	}
	e.finish(stack, steps, spent, cur, exited, "", notes, e.ms.EBE, "following "+leader+"'s tracks, ")
	return true, nil
}

// pathText writes a path: "from off the south edge, x1Q10 (1) x1Q9 (1)
// ... off the north edge (1)", each step with the MF it cost.
func (e *Enemy) pathText(steps []pathing.Step, from layout.Compass) string {
	parts := make([]string, len(steps))
	for i, s := range steps {
		name := e.m.LocationName(s.Location)
		switch {
		case s.Off && i == 0:
			name = fmt.Sprintf("from off the %s edge,", from)
		case s.Off:
			name = fmt.Sprintf("off the %s edge", e.ms.FBE)
		}
		if i == 0 {
			parts[i] = name
			continue
		}
		parts[i] = fmt.Sprintf("%s (%s)", name, pathing.HalfMF(s.HalfMF))
	}
	return strings.Join(parts, " ")
}

func (e *Enemy) waveOf(u *state.Unit) state.Wave {
	for _, w := range e.st.Waves {
		if w.ID == u.Wave {
			return w
		}
	}
	return state.Wave{ID: u.Wave, Edge: e.ms.EBE}
}

// nextStep chooses the next Location of a Human Wave unit at cur: along
// the planned detour if there is one, else down the flow field toward the
// FBE, keeping to its lane: of the steps that cost at most the formation
// slack more than the cheapest way, the one nearest the lane (the cheapest
// of those as near). It says when the unit must stop: no way forward, or a
// way forward only around an obstacle that Human Wave movement cannot
// negotiate straight ahead, a Water Obstacle, a cliff or a rowhouse wall
// (SASL 4.33).
func (e *Enemy) nextStep(cur board.Location, lane hex.Hex, detour []board.Location) (next board.Location, cost int, exit bool, why stop, ok bool) {
	u, _ := e.w.Graph().Node(cur)
	if len(detour) > 0 {
		v, _ := e.w.Graph().Node(detour[0])
		c, _ := e.w.Graph().Cost(u, v)
		return detour[0], c, false, stop{}, true
	}
	here := e.w.ToFBE().NodeCost(u)
	if here == pathing.Unreached {
		return cur, 0, false, e.blocked(cur, lane, "no way forward to the FBE"), false
	}
	slack := 2 * e.h.Formation.Value
	if c, okx := e.w.Graph().ExitCost(u, e.ms.FBE); okx && c-here <= slack {
		return cur, c, true, stop{}, true
	}
	best, bestDev, bestExtra := -1, math.Inf(1), 0
	bestCost := 0
	e.w.Graph().Out(u, func(v, c int) {
		fv := e.w.ToFBE().NodeCost(v)
		if fv == pathing.Unreached {
			return
		}
		extra := c + fv - here
		if extra > slack {
			return
		}
		d := e.laneDev(e.w.Graph().Location(v).Hex, lane)
		if d < bestDev-1e-9 || (d < bestDev+1e-9 && extra < bestExtra) {
			best, bestDev, bestExtra, bestCost = v, d, extra, c
		}
	})
	next = e.w.Graph().Location(best)
	ahead, okAhead := e.ahead(cur.Hex, lane)
	if okAhead && next.Hex != ahead {
		if _, pass := e.w.Costs().Step(cur, board.Ground(ahead)); !pass && e.m.OnMap(ahead) {
			return cur, 0, false, e.blocked(cur, lane, ""), false
		}
	}
	return next, bestCost, false, stop{}, true
}

// stop says why a Human Wave unit cannot go on: an obstacle straight
// ahead (SASL 4.33), or no way forward at all.
type stop struct {
	text     string
	obstacle bool
}

// blocked says what stops a unit at cur: the obstacle straight ahead.
func (e *Enemy) blocked(cur board.Location, lane hex.Hex, fallback string) stop {
	ahead, ok := e.ahead(cur.Hex, lane)
	if ok {
		t, _ := e.m.Terrain(cur.Hex)
		d, _ := cur.Hex.DirTo(ahead)
		what := ""
		switch {
		case t.Sides[d].Has(terrain.Cliff):
			what = "a cliff hexside"
		case t.Sides[d].Has(terrain.RowhouseWall):
			what = "a rowhouse wall"
		default:
			if at, ok := e.m.Terrain(ahead); ok && at.Kinds.Any(terrain.Water, terrain.Stream) {
				what = "a Water Obstacle"
			} else if ok {
				what = "terrain Infantry cannot enter"
			}
		}
		if what != "" {
			return stop{text: fmt.Sprintf("runs into %s at %s", what, e.m.NameString(ahead)), obstacle: fallback == ""}
		}
	}
	return stop{text: fallback}
}

// ahead returns the hex straight ahead of x toward the FBE: the neighbour
// furthest toward it, the one nearer the lane when two are as far.
func (e *Enemy) ahead(x hex.Hex, lane hex.Hex) (hex.Hex, bool) {
	best, bestP, bestDev := hex.Hex{}, math.Inf(-1), math.Inf(1)
	for _, n := range x.Neighbours() {
		p, dev := e.w.Progress(n), e.laneDev(n, lane)
		if p > bestP+1e-9 || (math.Abs(p-bestP) < 1e-9 && dev < bestDev) {
			best, bestP, bestDev = n, p, dev
		}
	}
	return best, bestP > e.w.Progress(x)
}

// laneDev is how far hex x lies beside the lane through hex lane running
// toward the FBE.
func (e *Enemy) laneDev(x, lane hex.Hex) float64 {
	a, b := x.Centre(), lane.Centre()
	dx, dy := float64(a.X-b.X), float64(a.Y-b.Y)*math.Sqrt(3)
	fx, fy := e.w.FBEVector()
	return math.Abs(dx*fy - dy*fx)
}

// detour plans a way to a FRIENDLY-controlled VPO this unit can reach with
// the MF it has, not behind it, that no other unit is taking (SASL 4.32:
// Human Wave units attempt to Control any FRIENDLY Controlled VPO when
// possible during their movement toward the FBE).
func (e *Enemy) detour(cur board.Location, mf int, claimed map[board.Location]bool) []board.Location {
	searched := false
	for _, c := range e.st.VPO {
		v := c.At
		if c.Side != state.Friendly || claimed[v] || v.Level != 0 || v == cur {
			continue
		}
		// The world knows how far each of the mission's VPOs is: most
		// units have none within reach, and need no search.
		if cost, ok := e.w.DetourCost(v, cur); ok && cost > mf {
			continue
		}
		if !searched {
			e.s.From(&e.near, cur, nil, mf)
			searched = true
		}
		if !e.near.Reached(v) {
			continue
		}
		p, _ := e.near.Path(v)
		claimed[v] = true
		var out []board.Location
		for _, s := range p.Steps[1:] {
			out = append(out, s.Location)
		}
		return out
	}
	return nil
}

// takeVPO gives the ENEMY control of a VPO entered with no FRIENDLY unit in
// it.
func (e *Enemy) takeVPO(l board.Location, notes *[]string) {
	if side, ok := e.st.Controller(l); ok && side == state.Friendly && !e.st.Has(state.Friendly, l) {
		e.st.SetControl(l, state.Enemy)
		*notes = append(*notes, fmt.Sprintf("takes Control of VPO %s", e.name(l)))
	}
}

// overstacked reports whether Location l cannot take stack on top of the
// ENEMY units already there.
func (e *Enemy) overstacked(l board.Location, stack []*state.Unit) bool {
	hwS := float64(e.h.SquadsPerS.Value)
	n := 0.0
	for x := range e.st.In(state.Enemy, l) {
		if !slices.Contains(stack, x) {
			n += x.Squads(hwS)
		}
	}
	for _, x := range stack {
		n += x.Squads(hwS)
	}
	return n > float64(e.h.Stacking.Value)
}

// generate turns an Activated Human Wave S? into the units of Table x10
// (SASL 4.34: no AC dr, never a dummy), a leader by Table x3 with +1 per
// leader or Commissar in the wave, -1 if none (4.35). The units keep the
// S?'s wave and lane, and the MF it has left.
func (e *Enemy) generate(s *state.Unit, at board.Location, act Activation) ([]*state.Unit, error) {
	v, err := e.r.Dr(e.why("SASL 4.34", "Table x10, units of Human Wave S? %s in %s", s.ID, e.name(at)))
	if err != nil {
		return nil, err
	}
	rolls := []Roll{e.last("x10")}
	row := e.h.X10.Rows[v].Value
	var out []*state.Unit
	var made []string
	for i, kind := range row {
		u := &state.Unit{ID: fmt.Sprintf("%s%c", s.ID, 'a'+i), Side: state.Enemy, HW: true, Wave: s.Wave, Lane: s.Lane}
		u.Place(at)
		if e.st.Unit(u.ID) != nil {
			u.ID = e.st.NewID(u.ID + "-")
		}
		switch kind {
		case "squad":
			u.Kind, u.Type = state.Squad, e.t.Counters.Of(e.ms.Enemy).Squad.Value
		case "half_squad":
			u.Kind, u.Type = state.HalfSquad, e.t.Counters.Of(e.ms.Enemy).HalfSquad.Value
		case "leader":
			drm := 0
			for _, x := range e.st.OfSide(state.Enemy) {
				if x.Wave == s.Wave && x.OnMap() && x.Kind.SMC() {
					drm++
				}
			}
			if drm == 0 {
				drm = -1
			}
			lv, err := e.r.Dr(e.why("SASL 4.35", "Table x3, leader of Human Wave S? %s (DRM %+d)", s.ID, drm))
			if err != nil {
				return nil, err
			}
			rolls = append(rolls, e.last("x3"))
			row := e.h.X3.Leader(lv + drm)
			if row.Value == "none" {
				made = append(made, fmt.Sprintf("no leader (x3 dr %d%+d)", lv, drm))
				continue
			}
			u.Kind, u.Type = state.Leader, row.Value
		}
		out = append(out, u)
		if !e.Quiet {
			made = append(made, u.ID+" "+strings.ReplaceAll(u.Kind.String(), "_", "-")+typeSuffix(u.Type))
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("ai: SASL 4.34: Table x10 row %d generated no unit for %s; a Human Wave S? is never a dummy", v, s.ID)
	}
	// The S? leaves play for the units it hid.
	e.st.Remove(s)
	for _, u := range out {
		e.st.Add(u, at)
	}
	ev := Event{Units: []string{s.ID}, Kind: EventActivate, Rolls: rolls, Activation: &act}
	if !e.Quiet {
		ev.Text = fmt.Sprintf("%s Activated in %s: %s: x10 dr %d: %s (SASL 4.34)", s.ID, e.name(at), e.activationText(act), v, strings.Join(made, ", "))
	}
	for _, u := range out {
		ev.Made = append(ev.Made, *u)
	}
	e.emit(ev)
	return out, nil
}

func typeSuffix(t string) string {
	if t == "" {
		return ""
	}
	return " " + t
}
