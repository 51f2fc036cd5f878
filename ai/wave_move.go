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

// enterWave sets up a Human Wave the mission brings on (SASL 4.31): a Human
// Wave S? just off the map next to each entrance hex.
func (h *HW) enterWave(en missions.Entry) error {
	we, err := EnterWave(h.m, h.t, h.costs, h.r, en.Edge)
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
	h.st.Waves = append(h.st.Waves, state.Wave{ID: id, Edge: en.Edge, Direction: we.Direction})
	var names []string
	for _, x := range we.Entrances {
		u := &state.Unit{ID: h.st.NewID(id), Side: state.Enemy, Kind: state.SQ, HW: true, Wave: id, At: board.Ground(x)}
		h.st.Units = append(h.st.Units, u)
		h.entering[u.ID] = x
		h.lanes[u.ID] = x
		names = append(names, fmt.Sprintf("%s %s", u.ID, h.m.NameString(x)))
	}
	h.emit(Event{Kind: "entry", Text: fmt.Sprintf("Human Wave %s: %s. %d Human Wave S? set up off the %s edge: %s",
		id, strings.Join(we.Log, "; "), len(we.Entrances), en.Edge, strings.Join(names, ", ")), Rolls: we.Rolls})
	return nil
}

// moving reports whether u moves by Human Wave movement this phase.
func moving(u *state.Unit) bool {
	return u.Side == state.Enemy && u.Wave != "" && !u.Released && !u.Broken && !u.Exited
}

// move is the MPh of every Human Wave (SASL 4.32-4.324): the wave with the
// unit closest to the FBE first, each wave front to back.
func (h *HW) move() error {
	h.s.ToEdge(&h.field, h.ms.FBE, nil)
	closest := func(u *state.Unit) int {
		if _, ok := h.entering[u.ID]; ok {
			return math.MaxInt32 // still off the map
		}
		return h.field.Cost(u.At)
	}
	byWave := map[string][]*state.Unit{}
	var waves []string
	for _, u := range h.st.Units {
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
	for _, w := range waves {
		units := byWave[w]
		slices.SortStableFunc(units, func(a, b *state.Unit) int { return closest(a) - closest(b) })
		for _, u := range units {
			if !moving(u) || h.st.Unit(u.ID) == nil {
				continue
			}
			if err := h.walk(u, claimed); err != nil {
				return err
			}
		}
	}
	return nil
}

// walk moves one Human Wave unit (and the units it turns into when
// Activated) with its 8 MF toward the FBE.
func (h *HW) walk(u *state.Unit, claimed map[board.Location]bool) error {
	budget := h.h.MF.Value * 2
	stack := []*state.Unit{u}
	spent := 0
	var steps []pathing.Step
	var notes []string
	cur := u.At
	if x, ok := h.entering[u.ID]; ok {
		delete(h.entering, u.ID)
		w := h.waveOf(u)
		n, _ := h.g.Node(board.Ground(x))
		c, ok := h.g.EnterCost(n, w.Edge)
		off, _ := h.m.Mirror(x, w.Edge)
		steps = append(steps, pathing.Step{Location: board.Ground(off), Off: true})
		if !ok || c > budget {
			u.Released = true
			h.emit(Event{Unit: u.ID, Kind: "release", Steps: steps, Text: fmt.Sprintf("%s cannot enter %s: released, Advance Attitude (SASL 4.33)", u.ID, h.m.NameString(x))})
			return nil
		}
		spent, cur = c, board.Ground(x)
		steps = append(steps, pathing.Step{Location: cur, HalfMF: c})
	} else {
		steps = append(steps, pathing.Step{Location: cur})
	}
	lane := h.lanes[u.ID]
	// A detour to take a FRIENDLY-controlled VPO within reach (4.32).
	detour := h.detour(cur, budget-spent, claimed)
	released, exited := "", false
	for {
		// Entering a Location of a Known FRIENDLY unit ends Human Wave
		// movement for good (4.323).
		if len(steps) > 1 && h.st.KnownIn(cur) {
			for _, x := range stack {
				x.Released = true
			}
			notes = append(notes, fmt.Sprintf("entered %s, held by a Known FRIENDLY unit: no more Human Wave movement (SASL 4.323)", h.name(cur)))
			break
		}
		// Activation of a Human Wave S? (4.34).
		if stack[0].Kind == state.SQ && h.activated(cur) {
			var err error
			if stack, err = h.generate(stack[0], cur); err != nil {
				return err
			}
		}
		next, cost, exit, why, ok := h.nextStep(cur, lane, detour)
		if !ok {
			released = why
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
	}
	// A Location holds only so many squads: stop short of a full one.
	for !exited && len(steps) > 1 && h.overstacked(cur, stack) {
		last := steps[len(steps)-1]
		if last.Off {
			break
		}
		steps = steps[:len(steps)-1]
		spent -= last.HalfMF
		cur = steps[len(steps)-1].Location
		released = ""
		notes = append(notes, fmt.Sprintf("stops in %s: %s is full", h.name(cur), h.name(last.Location)))
	}
	for _, x := range stack {
		x.At = cur
		x.Exited = exited
		if released != "" {
			x.Released = true
		}
	}
	ids := make([]string, len(stack))
	for i, x := range stack {
		ids[i] = x.ID
	}
	text := fmt.Sprintf("%s: %s, %s MF", strings.Join(ids, ", "), h.pathText(steps, h.waveOf(u).Edge), pathing.HalfMF(spent))
	if len(notes) > 0 {
		text += "; " + strings.Join(notes, "; ")
	}
	h.emit(Event{Unit: u.ID, Kind: "move", Steps: steps, Text: text})
	if exited {
		h.emit(Event{Unit: u.ID, Kind: "exit", Text: fmt.Sprintf("%s exit off the FBE (%s) from %s", strings.Join(ids, ", "), h.ms.FBE, h.name(cur))})
	}
	if released != "" {
		h.emit(Event{Unit: u.ID, Kind: "release", Text: fmt.Sprintf("%s in %s: %s", strings.Join(ids, ", "), h.name(cur), released)})
	}
	return nil
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
func (h *HW) nextStep(cur board.Location, lane hex.Hex, detour []board.Location) (next board.Location, cost int, exit bool, why string, ok bool) {
	u, _ := h.g.Node(cur)
	if len(detour) > 0 {
		v, _ := h.g.Node(detour[0])
		c, _ := h.g.Cost(u, v)
		return detour[0], c, false, "", true
	}
	here := h.field.NodeCost(u)
	if here == pathing.Unreached {
		return cur, 0, false, h.blocked(cur, lane, "no way forward to the FBE"), false
	}
	slack := 2 * h.h.Formation.Value
	if c, okx := h.g.ExitCost(u, h.ms.FBE); okx && c-here <= slack {
		return cur, c, true, "", true
	}
	best, bestDev, bestExtra := -1, math.Inf(1), 0
	bestCost := 0
	h.g.Out(u, func(v, c int) {
		fv := h.field.NodeCost(v)
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
	return next, bestCost, false, "", true
}

// blocked says what stops a unit at cur: the obstacle straight ahead.
func (h *HW) blocked(cur board.Location, lane hex.Hex, fallback string) string {
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
			return fmt.Sprintf("runs into %s at %s: released, ends its MPh in Advance Attitude (SASL 4.33)", what, h.m.NameString(ahead))
		}
	}
	return fallback + ": released, ends its MPh in Advance Attitude (SASL 4.33)"
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
	if side, ok := h.st.Controller(l); ok && side == state.Friendly && len(h.st.At(state.Friendly, l)) == 0 {
		h.st.SetControl(l, state.Enemy)
		*notes = append(*notes, fmt.Sprintf("takes Control of VPO %s", h.name(l)))
	}
}

// overstacked reports whether Location l cannot take stack on top of the
// ENEMY units already there.
func (h *HW) overstacked(l board.Location, stack []*state.Unit) bool {
	hwS := float64(h.h.SquadsPerS.Value)
	n := 0.0
	for _, x := range h.st.At(state.Enemy, l) {
		if !slices.Contains(stack, x) {
			n += x.Squads(hwS)
		}
	}
	for _, x := range stack {
		n += x.Squads(hwS)
	}
	return n > float64(h.h.Stacking.Value)
}

// activated reports whether a Human Wave S? at l is Activated: a Known
// FRIENDLY unit within the activation range (SASL 3.32 stand-in, see the
// tables).
func (h *HW) activated(l board.Location) bool {
	for _, f := range h.st.Side(state.Friendly) {
		if f.Known && hex.Distance(f.At.Hex, l.Hex) <= h.h.Activation.Value {
			return true
		}
	}
	return false
}

// generate turns an Activated Human Wave S? into the units of Table x10
// (SASL 4.34: no AC dr, never a dummy), a leader by Table x3 with +1 per
// leader or Commissar in the wave, -1 if none (4.35). The units keep the
// S?'s wave and lane, and the MF it has left.
func (h *HW) generate(s *state.Unit, at board.Location) ([]*state.Unit, error) {
	v, err := h.r.Dr(fmt.Sprintf("SASL 4.34: Table x10, units of Human Wave S? %s in %s", s.ID, h.name(at)))
	if err != nil {
		return nil, err
	}
	rolls := []Roll{h.last("x10")}
	row := h.h.X10.Rows[v].Value
	var out []*state.Unit
	var made []string
	for i, kind := range row {
		u := &state.Unit{ID: fmt.Sprintf("%s%c", s.ID, 'a'+i), Side: state.Enemy, HW: true, Wave: s.Wave, At: at}
		switch kind {
		case "squad":
			u.Kind = state.Squad
		case "half_squad":
			u.Kind = state.HalfSquad
		case "leader":
			drm := 0
			for _, x := range h.st.Units {
				if x.Wave == s.Wave && x.OnMap() && x.Kind.SMC() {
					drm++
				}
			}
			if drm == 0 {
				drm = -1
			}
			lv, err := h.r.Dr(fmt.Sprintf("SASL 4.35: Table x3, leader of Human Wave S? %s (DRM %+d)", s.ID, drm))
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
		h.lanes[u.ID] = h.lanes[s.ID]
		made = append(made, u.ID+" "+strings.ReplaceAll(u.Kind.String(), "_", "-")+typeSuffix(u.Type))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("ai: SASL 4.34: Table x10 row %d generated no unit for %s; a Human Wave S? is never a dummy", v, s.ID)
	}
	// The S? leaves play for the units it hid.
	h.st.Units = slices.DeleteFunc(h.st.Units, func(x *state.Unit) bool { return x == s })
	h.st.Units = append(h.st.Units, out...)
	note := fmt.Sprintf("%s Activated in %s (a Known FRIENDLY unit within %d hexes): x10 dr %d: %s (SASL 4.34)", s.ID, h.name(at), h.h.Activation.Value, v, strings.Join(made, ", "))
	h.emit(Event{Unit: s.ID, Kind: "activate", Text: note, Rolls: rolls})
	return out, nil
}

func typeSuffix(t string) string {
	if t == "" {
		return ""
	}
	return " " + t
}
