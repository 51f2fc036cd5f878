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
func (h *HW) arrive() error {
	if len(h.ms.EntriesOn(h.st.Turn)) == 0 {
		return nil
	}
	for _, u := range h.st.OfSide(state.Enemy) {
		if u.Entering && u.Wave == "" {
			return nil // set up already (sasl enter --save)
		}
	}
	a, err := h.Enter(h.r, h.st.Turn)
	if err != nil {
		return err
	}
	for _, x := range a.Arrivals {
		u := &state.Unit{ID: h.st.NewID("E"), Side: state.Enemy, Kind: state.SQ, Entering: true, Edge: x.Edge}
		h.st.Add(u, board.Ground(x.Hex))
		h.emit(Event{Kind: EventArrive, Units: []string{u.ID}, Edge: x.Edge, Entrances: []hex.Hex{x.Hex},
			Text: fmt.Sprintf("%s set up off the %s edge to enter %s: %s", u.ID, x.Edge, h.m.NameString(x.Hex), x.Why), Rolls: x.Rolls})
	}
	return nil
}

// enterMap brings the S? waiting off the map (not Human Wave S?) onto their
// entry hexes in the MPh, after the Human Waves have moved (SASL 4.321: a
// Human Wave moves before all other units). sasl does not move S? beyond
// their entry hex: movement of S? outside a Human Wave is not among the
// rules it plays.
func (h *HW) enterMap() {
	for _, u := range h.st.OfSide(state.Enemy) {
		if !u.Entering || u.Wave != "" {
			continue
		}
		c, ok := h.costs.Enter(u.At(), u.Edge)
		if !ok {
			continue // Prohibited: 4.2 never sets one up there
		}
		off, _ := h.m.Mirror(u.At().Hex, u.Edge)
		u.Entering = false
		steps := []pathing.Step{{Location: board.Ground(off), Off: true}, {Location: u.At(), HalfMF: c}}
		h.emit(Event{Kind: EventEnter, Units: []string{u.ID}, Edge: u.Edge, Steps: steps,
			Text: fmt.Sprintf("%s enters %s from off the %s edge (%s MF) and stops there (SASL 4.2)", u.ID, h.name(u.At()), u.Edge, pathing.HalfMF(c))})
	}
}

// enterWave sets up a Human Wave the mission brings on (SASL 4.31): a Human
// Wave S? just off the map next to each entrance hex.
func (h *HW) enterWave(en missions.Entry) error {
	we, err := h.EnterWave(h.r, en.Edge)
	if err != nil {
		return err
	}
	id := ""
	for c := 'A'; c <= 'Z'; c++ {
		if !slices.ContainsFunc(h.st.Waves, func(w state.Wave) bool { return w.ID == string(c) }) {
			id = string(c)
			break
		}
	}
	if id == "" {
		return fmt.Errorf("ai: SASL 4.31: 26 Human Waves are in play already; the 27th has no letter")
	}
	h.st.Waves = append(h.st.Waves, state.Wave{ID: id, Edge: en.Edge, Direction: we.Direction})
	var names, ids []string
	for _, x := range we.Entrances {
		u := &state.Unit{ID: h.st.NewID(id), Side: state.Enemy, Kind: state.SQ, HW: true, Wave: id,
			Entering: true, Edge: en.Edge, Lane: x}
		h.st.Add(u, board.Ground(x))
		ids = append(ids, u.ID)
		names = append(names, fmt.Sprintf("%s %s", u.ID, h.m.NameString(x)))
	}
	h.emit(Event{Kind: EventWaveEntry, Units: ids, Wave: id, Edge: en.Edge, Entrances: we.Entrances, Direction: we.Direction,
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
func (h *HW) move() error {
	closest := func(u *state.Unit) int {
		if u.Entering {
			return math.MaxInt32 // still off the map
		}
		return h.toFBE.Cost(u.At())
	}
	byWave := map[string][]*state.Unit{}
	var waves []string
	for _, u := range h.st.OfSide(state.Enemy) {
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
	if h.moved == nil {
		h.moved = map[string][]pathing.Step{}
	}
	clear(h.moved)
	for _, w := range waves {
		units := byWave[w]
		slices.SortStableFunc(units, func(a, b *state.Unit) int { return closest(a) - closest(b) })
		var later []*delayed
		for _, u := range units {
			if !moving(u) || !h.st.Holds(u) {
				continue
			}
			d, err := h.walk(u, claimed, units)
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
			wave := h.members(w)
			rest := later[:0]
			var stuck []*state.Unit
			for _, d := range later {
				stuck = append(stuck, d.stack...)
			}
			for _, d := range later {
				ok, err := h.follow(d, wave, stuck)
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
			h.finish(d.stack, nil, 0, d.stack[0].At(), false, d.why+": no adjacent unit of the wave has a way past: released, ends its MPh in Advance Attitude (SASL 4.33)", nil, h.ms.EBE, "")
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
func (h *HW) walk(u *state.Unit, claimed map[board.Location]bool, wave []*state.Unit) (*delayed, error) {
	budget := h.h.MF.Value * 2
	stack := []*state.Unit{u}
	spent := 0
	var steps []pathing.Step
	var notes []string
	cur := u.At()
	edge := u.Edge
	if u.Entering {
		x := u.At().Hex
		n, _ := h.g.Node(board.Ground(x))
		c, ok := h.g.EnterCost(n, edge)
		off, _ := h.m.Mirror(x, edge)
		steps = append(steps, pathing.Step{Location: board.Ground(off), Off: true})
		if !ok || c > budget {
			u.Released = true
			h.emit(Event{Units: []string{u.ID}, Kind: EventRelease, Steps: steps, Text: fmt.Sprintf("%s cannot enter %s: released, Advance Attitude (SASL 4.33)", u.ID, h.m.NameString(x))})
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
	detour := h.detour(cur, budget-spent, claimed)
	released, exited := "", false
	var delay *delayed
	for {
		// Entering a Location of a Known FRIENDLY unit ends Human Wave
		// movement for good (4.323).
		if len(steps) > 1 && h.st.KnownIn(cur) {
			for _, x := range stack {
				x.Released = true
			}
			notes = append(notes, fmt.Sprintf("entered %s, held by a Known FRIENDLY unit: released from Human Wave movement (SASL 4.323)", h.name(cur)))
			break
		}
		// Activation of a Human Wave S? (4.34).
		if stack[0].Kind == state.SQ {
			var err error
			if stack, err = h.activate(stack, cur); err != nil {
				return nil, err
			}
		}
		next, cost, exit, why, ok := h.nextStep(cur, lane, detour)
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
			off, _ := h.m.Mirror(cur.Hex, h.ms.FBE)
			steps = append(steps, pathing.Step{Location: board.Ground(off), HalfMF: cost, Off: true})
			exited = true
			break
		}
		cur = next
		steps = append(steps, pathing.Step{Location: cur, HalfMF: cost})
		if len(detour) > 0 && detour[0] == cur {
			detour = detour[1:]
		}
		h.takeVPO(cur, &notes)
		if h.Res != nil {
			var err error
			if stack, err = h.fired(stack, cur, steps, spent, edge); err != nil {
				return nil, err
			}
			if len(stack) == 0 {
				return nil, nil
			}
		}
	}
	steps, spent, cur = h.settle(steps, spent, cur, stack, exited, &notes)
	if delay != nil {
		delay.mf = budget - spent
	}
	h.finish(stack, steps, spent, cur, exited, released, notes, edge, "")
	if delay != nil {
		h.emit(Event{Units: state.IDs(stack), Kind: EventDelay, Text: fmt.Sprintf("%s in %s: %s: delays, to follow in the tracks of an adjacent unit of the wave (SASL 4.33)", strings.Join(state.IDs(stack), ", "), h.name(cur), delay.why)})
	}
	return delay, nil
}

// fired lets the FRIENDLY side First Fire at stack in cur (the Resolver):
// units broken end their move there, leaving the wave (SASL 4.323), units
// eliminated are gone; the rest of the stack moves on.
func (h *HW) fired(stack []*state.Unit, cur board.Location, steps []pathing.Step, spent int, edge layout.Compass) ([]*state.Unit, error) {
	for _, x := range stack {
		h.st.Move(x, cur) // where the FRIENDLY side sees it
	}
	ev, err := h.Res.Entered(stack, cur)
	if err != nil {
		return nil, err
	}
	if len(ev) == 0 {
		return stack, nil
	}
	for _, e := range ev {
		h.emit(e)
	}
	var stopped []*state.Unit
	kept := stack[:0:0]
	for _, x := range stack {
		switch {
		case !h.st.Holds(x): // eliminated
		case x.Broken:
			stopped = append(stopped, x)
		default:
			kept = append(kept, x)
		}
	}
	if len(stopped) > 0 {
		h.finish(stopped, slices.Clone(steps), spent, cur, false, "", nil, edge, "")
	}
	return kept, nil
}

// settle backs a move off Locations that cannot take the stack: a
// Location holds only so many squads.
func (h *HW) settle(steps []pathing.Step, spent int, cur board.Location, stack []*state.Unit, exited bool, notes *[]string) ([]pathing.Step, int, board.Location) {
	for !exited && len(steps) > 1 && h.overstacked(cur, stack) {
		last := steps[len(steps)-1]
		if last.Off {
			break
		}
		steps = steps[:len(steps)-1]
		spent -= last.HalfMF
		cur = steps[len(steps)-1].Location
		*notes = append(*notes, fmt.Sprintf("stops in %s: %s is full", h.name(cur), h.name(last.Location)))
	}
	return steps, spent, cur
}

// finish puts a stack where its move ended and tells what it did.
func (h *HW) finish(stack []*state.Unit, steps []pathing.Step, spent int, cur board.Location, exited bool, released string, notes []string, from layout.Compass, lead string) {
	for _, x := range stack {
		h.st.Move(x, cur)
		x.Exited = exited
		if released != "" {
			x.Released = true
		}
		h.moved[x.ID] = steps
	}
	if h.Quiet {
		if len(steps) > 1 {
			h.emit(Event{Units: state.IDs(stack), Kind: EventMove, Steps: steps})
		}
		if exited {
			h.emit(Event{Units: state.IDs(stack), Kind: EventExit})
		}
		if released != "" {
			h.emit(Event{Units: state.IDs(stack), Kind: EventRelease})
		}
		return
	}
	who := strings.Join(state.IDs(stack), ", ")
	if len(steps) > 1 {
		text := fmt.Sprintf("%s: %s%s, %s MF", who, lead, h.pathText(steps, from), pathing.HalfMF(spent))
		if len(notes) > 0 {
			text += "; " + strings.Join(notes, "; ")
		}
		h.emit(Event{Units: state.IDs(stack), Kind: EventMove, Steps: steps, Text: text})
	}
	if exited {
		h.emit(Event{Units: state.IDs(stack), Kind: EventExit, Text: fmt.Sprintf("%s exit off the FBE (%s) from %s", who, h.ms.FBE, h.name(cur))})
	}
	if released != "" {
		h.emit(Event{Units: state.IDs(stack), Kind: EventRelease, Text: fmt.Sprintf("%s in %s: %s", who, h.name(cur), released)})
	}
}

// trackFrom returns the furthest index of tracks a unit at cur can step
// into by Human Wave movement (a neighbouring Location of the tracks), or
// -1.
func (h *HW) trackFrom(cur board.Location, tracks []pathing.Step) int {
	u, ok := h.g.Node(cur)
	if !ok {
		return -1
	}
	for i := len(tracks) - 1; i >= 0; i-- {
		s := tracks[i]
		if s.Off {
			continue
		}
		if v, ok := h.g.Node(s.Location); ok {
			if _, ok := h.g.Cost(u, v); ok && hex.Distance(cur.Hex, s.Location.Hex) == 1 {
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
func (h *HW) follow(d *delayed, wave, stuck []*state.Unit) (bool, error) {
	stack := d.stack
	cur := stack[0].At()
	var best []pathing.Step
	bestAt, leader, bestEnd := -1, "", math.Inf(-1)
	for _, v := range wave {
		if slices.Contains(stuck, v) {
			continue
		}
		tr := h.moved[v.ID]
		if len(tr) < 2 {
			continue
		}
		i := h.trackFrom(cur, tr)
		if i < 0 {
			continue
		}
		end := math.Inf(1) // off the FBE
		if last := tr[len(tr)-1]; !last.Off {
			end = h.along(last.Location.Hex)
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
		u, _ := h.g.Node(cur)
		var c int
		var ok bool
		if s.Off {
			c, ok = h.g.ExitCost(u, h.ms.FBE)
		} else {
			v, _ := h.g.Node(s.Location)
			c, ok = h.g.Cost(u, v)
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
		h.takeVPO(cur, &notes)
		if stack[0].Kind == state.SQ {
			// Activation of a Human Wave S? (4.34) on its way: the units it
			// hid go on in the tracks with the MF left.
			var err error
			if stack, err = h.activate(stack, cur); err != nil {
				return false, err
			}
		}
		if h.st.KnownIn(cur) {
			for _, x := range stack {
				x.Released = true
			}
			notes = append(notes, fmt.Sprintf("entered %s, held by a Known FRIENDLY unit: released from Human Wave movement (SASL 4.323)", h.name(cur)))
			break
		}
	}
	steps, spent, cur = h.settle(steps, spent, cur, stack, exited, &notes)
	if len(steps) < 2 {
		return false, nil
	}
	h.finish(stack, steps, spent, cur, exited, "", notes, h.ms.EBE, "following "+leader+"'s tracks, ")
	return true, nil
}

// pathText writes a path: "from off the south edge, x1Q10 (1) x1Q9 (1)
// ... off the north edge (1)", each step with the MF it cost.
func (h *HW) pathText(steps []pathing.Step, from layout.Compass) string {
	parts := make([]string, len(steps))
	for i, s := range steps {
		name := h.m.LocationName(s.Location)
		switch {
		case s.Off && i == 0:
			name = fmt.Sprintf("from off the %s edge,", from)
		case s.Off:
			name = fmt.Sprintf("off the %s edge", h.ms.FBE)
		}
		if i == 0 {
			parts[i] = name
			continue
		}
		parts[i] = fmt.Sprintf("%s (%s)", name, pathing.HalfMF(s.HalfMF))
	}
	return strings.Join(parts, " ")
}

func (h *HW) waveOf(u *state.Unit) state.Wave {
	for _, w := range h.st.Waves {
		if w.ID == u.Wave {
			return w
		}
	}
	return state.Wave{ID: u.Wave, Edge: h.ms.EBE}
}

// nextStep chooses the next Location of a Human Wave unit at cur: along
// the planned detour if there is one, else down the flow field toward the
// FBE, keeping to its lane: of the steps that cost at most the formation
// slack more than the cheapest way, the one nearest the lane (the cheapest
// of those as near). It says when the unit must stop: no way forward, or a
// way forward only around an obstacle that Human Wave movement cannot
// negotiate straight ahead, a Water Obstacle, a cliff or a rowhouse wall
// (SASL 4.33).
func (h *HW) nextStep(cur board.Location, lane hex.Hex, detour []board.Location) (next board.Location, cost int, exit bool, why stop, ok bool) {
	u, _ := h.g.Node(cur)
	if len(detour) > 0 {
		v, _ := h.g.Node(detour[0])
		c, _ := h.g.Cost(u, v)
		return detour[0], c, false, stop{}, true
	}
	here := h.toFBE.NodeCost(u)
	if here == pathing.Unreached {
		return cur, 0, false, h.blocked(cur, lane, "no way forward to the FBE"), false
	}
	slack := 2 * h.h.Formation.Value
	if c, okx := h.g.ExitCost(u, h.ms.FBE); okx && c-here <= slack {
		return cur, c, true, stop{}, true
	}
	best, bestDev, bestExtra := -1, math.Inf(1), 0
	bestCost := 0
	h.g.Out(u, func(v, c int) {
		fv := h.toFBE.NodeCost(v)
		if fv == pathing.Unreached {
			return
		}
		extra := c + fv - here
		if extra > slack {
			return
		}
		d := h.laneDev(h.g.Location(v).Hex, lane)
		if d < bestDev-1e-9 || (d < bestDev+1e-9 && extra < bestExtra) {
			best, bestDev, bestExtra, bestCost = v, d, extra, c
		}
	})
	next = h.g.Location(best)
	ahead, okAhead := h.ahead(cur.Hex, lane)
	if okAhead && next.Hex != ahead {
		if _, pass := h.costs.Step(cur, board.Ground(ahead)); !pass && h.m.OnMap(ahead) {
			return cur, 0, false, h.blocked(cur, lane, ""), false
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
func (h *HW) blocked(cur board.Location, lane hex.Hex, fallback string) stop {
	ahead, ok := h.ahead(cur.Hex, lane)
	if ok {
		t, _ := h.m.Terrain(cur.Hex)
		d, _ := cur.Hex.DirTo(ahead)
		what := ""
		switch {
		case t.Sides[d].Has(terrain.Cliff):
			what = "a cliff hexside"
		case t.Sides[d].Has(terrain.RowhouseWall):
			what = "a rowhouse wall"
		default:
			if at, ok := h.m.Terrain(ahead); ok && at.Kinds.Any(terrain.Water, terrain.Stream) {
				what = "a Water Obstacle"
			} else if ok {
				what = "terrain Infantry cannot enter"
			}
		}
		if what != "" {
			return stop{text: fmt.Sprintf("runs into %s at %s", what, h.m.NameString(ahead)), obstacle: fallback == ""}
		}
	}
	return stop{text: fallback}
}

// ahead returns the hex straight ahead of x toward the FBE: the neighbour
// furthest toward it, the one nearer the lane when two are as far.
func (h *HW) ahead(x hex.Hex, lane hex.Hex) (hex.Hex, bool) {
	best, bestP, bestDev := hex.Hex{}, math.Inf(-1), math.Inf(1)
	for _, n := range x.Neighbours() {
		p, dev := h.along(n), h.laneDev(n, lane)
		if p > bestP+1e-9 || (math.Abs(p-bestP) < 1e-9 && dev < bestDev) {
			best, bestP, bestDev = n, p, dev
		}
	}
	return best, bestP > h.along(x)
}

// laneDev is how far hex x lies beside the lane through hex lane running
// toward the FBE.
func (h *HW) laneDev(x, lane hex.Hex) float64 {
	a, b := x.Centre(), lane.Centre()
	dx, dy := float64(a.X-b.X), float64(a.Y-b.Y)*math.Sqrt(3)
	return math.Abs(dx*h.fbeY - dy*h.fbeX)
}

// detour plans a way to a FRIENDLY-controlled VPO this unit can reach with
// the MF it has, not behind it, that no other unit is taking (SASL 4.32:
// Human Wave units attempt to Control any FRIENDLY Controlled VPO when
// possible during their movement toward the FBE).
func (h *HW) detour(cur board.Location, mf int, claimed map[board.Location]bool) []board.Location {
	var targets []board.Location
	for _, c := range h.st.VPO {
		if c.Side == state.Friendly && !claimed[c.At] && c.At.Level == 0 {
			targets = append(targets, c.At)
		}
	}
	if len(targets) == 0 {
		return nil
	}
	h.s.From(&h.near, cur, nil, mf)
	for _, v := range targets {
		if !h.near.Reached(v) || v == cur {
			continue
		}
		p, _ := h.near.Path(v)
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
func (h *HW) takeVPO(l board.Location, notes *[]string) {
	if side, ok := h.st.Controller(l); ok && side == state.Friendly && !h.st.Has(state.Friendly, l) {
		h.st.SetControl(l, state.Enemy)
		*notes = append(*notes, fmt.Sprintf("takes Control of VPO %s", h.name(l)))
	}
}

// overstacked reports whether Location l cannot take stack on top of the
// ENEMY units already there.
func (h *HW) overstacked(l board.Location, stack []*state.Unit) bool {
	hwS := float64(h.h.SquadsPerS.Value)
	n := 0.0
	for x := range h.st.In(state.Enemy, l) {
		if !slices.Contains(stack, x) {
			n += x.Squads(hwS)
		}
	}
	for _, x := range stack {
		n += x.Squads(hwS)
	}
	return n > float64(h.h.Stacking.Value)
}

// generate turns an Activated Human Wave S? into the units of Table x10
// (SASL 4.34: no AC dr, never a dummy), a leader by Table x3 with +1 per
// leader or Commissar in the wave, -1 if none (4.35). The units keep the
// S?'s wave and lane, and the MF it has left.
func (h *HW) generate(s *state.Unit, at board.Location, act Activation) ([]*state.Unit, error) {
	v, err := h.r.Dr(h.why("SASL 4.34", "Table x10, units of Human Wave S? %s in %s", s.ID, h.name(at)))
	if err != nil {
		return nil, err
	}
	rolls := []Roll{h.last("x10")}
	row := h.h.X10.Rows[v].Value
	var out []*state.Unit
	var made []string
	for i, kind := range row {
		u := &state.Unit{ID: fmt.Sprintf("%s%c", s.ID, 'a'+i), Side: state.Enemy, HW: true, Wave: s.Wave, Lane: s.Lane}
		u.Place(at)
		if h.st.Unit(u.ID) != nil {
			u.ID = h.st.NewID(u.ID + "-")
		}
		switch kind {
		case "squad":
			u.Kind, u.Type = state.Squad, h.t.Counters.Of(h.ms.Enemy).Squad.Value
		case "half_squad":
			u.Kind, u.Type = state.HalfSquad, h.t.Counters.Of(h.ms.Enemy).HalfSquad.Value
		case "leader":
			drm := 0
			for _, x := range h.st.OfSide(state.Enemy) {
				if x.Wave == s.Wave && x.OnMap() && x.Kind.SMC() {
					drm++
				}
			}
			if drm == 0 {
				drm = -1
			}
			lv, err := h.r.Dr(h.why("SASL 4.35", "Table x3, leader of Human Wave S? %s (DRM %+d)", s.ID, drm))
			if err != nil {
				return nil, err
			}
			rolls = append(rolls, h.last("x3"))
			e := h.h.X3.Leader(lv + drm)
			if e.Value == "none" {
				made = append(made, fmt.Sprintf("no leader (x3 dr %d%+d)", lv, drm))
				continue
			}
			u.Kind, u.Type = state.Leader, e.Value
		}
		out = append(out, u)
		if !h.Quiet {
			made = append(made, u.ID+" "+strings.ReplaceAll(u.Kind.String(), "_", "-")+typeSuffix(u.Type))
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("ai: SASL 4.34: Table x10 row %d generated no unit for %s; a Human Wave S? is never a dummy", v, s.ID)
	}
	// The S? leaves play for the units it hid.
	h.st.Remove(s)
	for _, u := range out {
		h.st.Add(u, at)
	}
	ev := Event{Units: []string{s.ID}, Kind: EventActivate, Rolls: rolls, Activation: &act}
	if !h.Quiet {
		ev.Text = fmt.Sprintf("%s Activated in %s: %s: x10 dr %d: %s (SASL 4.34)", s.ID, h.name(at), h.activationText(act), v, strings.Join(made, ", "))
	}
	for _, u := range out {
		ev.Made = append(ev.Made, *u)
	}
	h.emit(ev)
	return out, nil
}

func typeSuffix(t string) string {
	if t == "" {
		return ""
	}
	return " " + t
}
