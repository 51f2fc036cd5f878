package game

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// An independent checker of whole games on held-out missions (issue 39's
// check): missions on real boards no other test plays much (walls and
// hedges on 10, 12, 17, 21 and 23, the hill of 18, upper building levels),
// played whole under the hold and attack policies and by a player who
// passes at every stop, and checked phase by phase against what the ASL
// and SASL rules require, re-derived here with the test's own geometry
// (hex distance from cube coordinates, hexside segments from hex centres,
// ADJACENT from levels and elevations, stacking from the counters, the
// half-squads and the wall TEM from the rulebook) rather than with the
// engine functions that decide them. Each check counts the cases it
// examined; a check that examined none fails. TestHeldOutCheckerFires
// shows each check failing on a wrong input.
//
// go test ./game -run HeldOut -heldout-games 100 plays more games.

var heldoutGames = flag.Int("heldout-games", 0, "games per held-out mission and policy (0: the default run's)")

// heldoutMissions are the held-out missions.
var heldoutMissions = []struct{ name, text string }{
	{"walls21-hold", `name: the walled village of board 21
boards: [["21"]]
north: up
fbe: south
ebe: north
month: 8
enemy: German
turns: 5
first: enemy
vpo: ["21R4", "21T4", "21J4"]
placement: [a, b, c, e]
entry:
  - {turn: 1, edge: north, count: 4}
  - {turn: 2, edge: east, count: 3}
human_wave:
  - {turn: 2, edge: north}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: 21R4, known: true}
  - {id: F2, unit: squad, type: 4-6-7, at: 21T4}
  - {id: F3, unit: half_squad, type: 3-3-7, at: 21T4h1, known: true}
  - {id: F4, unit: squad, type: 6-6-7, at: 21J4, known: true}
  - {id: F5, unit: leader, type: 9-1, at: 21J4, known: true}
  - {id: F6, unit: squad, type: 4-5-8, at: 21P5, known: true}
  - {id: F7, unit: squad, type: 6-6-7, at: 21V5, known: true}
  - {id: F8, unit: leader, type: 8-0, at: 21V5, known: true}
victory:
  control: ["21R4", "21T4", "21J4"]
  max_enemy_exits: 3
`},
	{"hedges23-attack", `name: the hedges of board 23
boards: [["23"]]
north: up
fbe: south
ebe: north
month: 6
enemy: Russian
turns: 6
first: friendly
vpo: ["23X7", "23Y7", "23K4"]
placement: [a, b, c, e]
entry:
  - {turn: 2, edge: north, count: 3}
human_wave:
  - {turn: 1, edge: north}
  - {turn: 3, edge: north}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: 23V10, known: true}
  - {id: F2, unit: squad, type: 6-6-7, at: 23V10, known: true}
  - {id: F3, unit: leader, type: 9-2, at: 23V10, known: true}
  - {id: F4, unit: squad, type: 4-6-7, at: 23X10, known: true}
  - {id: F5, unit: squad, type: 4-5-8, at: 23X10, known: true}
  - {id: F6, unit: squad, type: 4-6-7, at: 23L10, known: true}
  - {id: F7, unit: squad, type: 6-6-7, at: 23L10, known: true}
  - {id: F8, unit: leader, type: 8-1, at: 23L10, known: true}
  - {id: F9, unit: half_squad, type: 2-4-7, at: 23Y9, known: true}
  - {id: F10, unit: squad, type: 6-6-7, at: 23Y8, known: true}
victory:
  control: ["23X7", "23Y7", "23K4"]
`},
	{"hill18-hold", `name: the hill of board 18
boards: [["18"]]
north: up
fbe: south
ebe: north
month: 7
enemy: German
turns: 5
first: enemy
vpo: ["18Y7", "18X5"]
placement: [a, c, e]
entry:
  - {turn: 1, edge: north, count: 5}
  - {turn: 2, edge: west, count: 3}
human_wave:
  - {turn: 2, edge: north}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: 18Y7, known: true}
  - {id: F2, unit: squad, type: 4-6-7, at: 18Y7, known: true}
  - {id: F3, unit: leader, type: 8-1, at: 18Y7, known: true}
  - {id: F4, unit: squad, type: 6-6-7, at: 18X5, known: true}
  - {id: F5, unit: half_squad, type: 3-3-7, at: 18Z7, known: true}
  - {id: F6, unit: squad, type: 4-5-8, at: 18O8, known: true}
  - {id: F7, unit: squad, type: 4-6-7, at: 18S6, known: true}
victory:
  control: ["18Y7", "18X5"]
  max_enemy_exits: 2
`},
	{"town10-12-hold", `name: the towns of boards 10 and 12
boards: [["10", "12"]]
north: up
fbe: south
ebe: north
month: 9
enemy: Russian
turns: 5
first: enemy
vpo: ["10W4", "12O4", "12S5"]
placement: [a, b, c, d, e]
entry:
  - {turn: 1, edge: north, count: 5}
  - {turn: 3, edge: north, count: 4}
human_wave:
  - {turn: 1, edge: north}
  - {turn: 3, edge: east}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: 10W4, known: true}
  - {id: F2, unit: squad, type: 6-6-7, at: 10W4h1}
  - {id: F3, unit: leader, type: 9-1, at: 10W4, known: true}
  - {id: F4, unit: squad, type: 4-6-7, at: 12O4, known: true}
  - {id: F5, unit: squad, type: 4-6-7, at: 12O4, known: true}
  - {id: F6, unit: squad, type: 4-5-8, at: 12S5, known: true}
  - {id: F7, unit: half_squad, type: 2-4-7, at: 12S5h2}
  - {id: F8, unit: squad, type: 6-6-7, at: 12Q6, known: true}
  - {id: F9, unit: leader, type: 8-0, at: 12Q6, known: true}
victory:
  control: ["10W4", "12O4", "12S5"]
  max_enemy_exits: 4
`},
	{"walls17-attack", `name: the walls of board 17
boards: [["17"]]
north: up
fbe: south
ebe: north
month: 5
enemy: German
turns: 6
first: friendly
vpo: ["17P4", "17Q4", "17W3"]
placement: [a, b, c, e]
entry:
  - {turn: 1, edge: north, count: 3}
  - {turn: 3, edge: north, count: 3}
human_wave:
  - {turn: 2, edge: north}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: 17P9, known: true}
  - {id: F2, unit: squad, type: 6-6-7, at: 17P9, known: true}
  - {id: F3, unit: leader, type: 9-1, at: 17P9, known: true}
  - {id: F4, unit: squad, type: 4-6-7, at: 17R9, known: true}
  - {id: F5, unit: squad, type: 4-6-7, at: 17R9, known: true}
  - {id: F6, unit: squad, type: 4-5-8, at: 17V9, known: true}
  - {id: F7, unit: squad, type: 6-6-7, at: 17W9, known: true}
  - {id: F8, unit: leader, type: 8-1, at: 17W9, known: true}
  - {id: F9, unit: half_squad, type: 3-3-7, at: 17Q8, known: true}
victory:
  control: ["17P4", "17Q4", "17W3"]
`},
	{"edge12-23-hold", `name: the north edge of boards 12 and 23
boards: [["12"], ["23"]]
north: up
fbe: south
ebe: north
month: 7
enemy: Russian
turns: 5
first: enemy
vpo: ["12O7", "12R6"]
placement: [a, c]
entry:
  - {turn: 1, edge: north, count: 6}
  - {turn: 2, edge: north, count: 6}
human_wave:
  - {turn: 1, edge: north}
  - {turn: 3, edge: north}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: 12K1, known: true}
  - {id: F2, unit: squad, type: 6-6-7, at: 12M1, known: true}
  - {id: F3, unit: squad, type: 4-6-7, at: 12O1, known: true}
  - {id: F4, unit: squad, type: 4-5-8, at: 12Q1, known: true}
  - {id: F5, unit: leader, type: 8-1, at: 12Q1, known: true}
  - {id: F6, unit: squad, type: 6-6-7, at: 12S1, known: true}
  - {id: F7, unit: squad, type: 4-6-7, at: 12U1, known: true}
  - {id: F8, unit: squad, type: 6-6-7, at: 12O7, known: true}
  - {id: F9, unit: squad, type: 6-6-7, at: 12R6, known: true}
victory:
  control: ["12O7", "12R6"]
`},
}

// ---- the checker's own geometry (not rules/hex, not combat, not world) ----

// cube returns the cube coordinates of h: columns are hexrows, even
// columns half a hex higher (DESIGN.md, Geometry: "odd-q").
func cube(h hex.Hex) (x, y, z int) {
	x = h.Col
	z = h.Row - (h.Col-(h.Col&1))/2
	return x, -x - z, z
}

func dist(a, b hex.Hex) int {
	ax, ay, az := cube(a)
	bx, by, bz := cube(b)
	return max(iabs(ax-bx), iabs(ay-by), iabs(az-bz))
}

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

type pt struct{ x, y float64 }

// centre of h in hex heights: x = col * sqrt(3)/2, y = row - 0.5 for even
// columns, row for odd ones.
func centre(h hex.Hex) pt {
	y := float64(h.Row)
	if h.Col&1 == 0 {
		y -= 0.5
	}
	return pt{float64(h.Col) * math.Sqrt(3) / 2, y}
}

// sideEnds are the two vertices of hexside d (N, NE, SE, S, SW, NW) of h.
func sideEnds(h hex.Hex, d int) (pt, pt) {
	c := centre(h)
	r := 1 / math.Sqrt(3)
	v := [6]pt{ // corners clockwise from the N side's west end
		{c.x - r/2, c.y - 0.5}, {c.x + r/2, c.y - 0.5}, {c.x + r, c.y},
		{c.x + r/2, c.y + 0.5}, {c.x - r/2, c.y + 0.5}, {c.x - r, c.y},
	}
	return v[d], v[(d+1)%6]
}

func orient(a, b, c pt) float64 { return (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x) }

// crossesInside reports whether segment pq crosses segment ab strictly
// inside both (not at a vertex).
func crossesInside(p, q, a, b pt) bool {
	const eps = 1e-9
	d1, d2 := orient(p, q, a), orient(p, q, b)
	d3, d4 := orient(a, b, p), orient(a, b, q)
	return (d1 > eps && d2 < -eps || d1 < -eps && d2 > eps) && (d3 > eps && d4 < -eps || d3 < -eps && d4 > eps)
}

// touches reports whether segment pq meets segment ab, at a vertex too.
func touches(p, q, a, b pt) bool {
	const eps = 1e-9
	d1, d2 := orient(p, q, a), orient(p, q, b)
	d3, d4 := orient(a, b, p), orient(a, b, q)
	return d1*d2 <= eps && d3*d4 <= eps
}

// wallTEM is the TEM ASL B9.3 gives a ground-level target in at against
// fire from from whose line crosses a wall (+2), hedge (+1) or bocage
// (+2) hexside of at's hex inside the hexside (or, with vertex, at one of
// its vertices too: B9.1); 0 for none, with the hexside's direction.
func wallTEM(m *board.Map, from, at hex.Hex, vertex ...bool) (int, int) {
	t, ok := m.Terrain(at)
	if !ok || from == at {
		return 0, -1
	}
	p, q := centre(from), centre(at)
	best, dir := 0, -1
	for d := range 6 {
		f := t.Sides[d]
		tem := 0
		switch {
		case f&terrain.Wall != 0, f&terrain.Bocage != 0:
			tem = 2
		case f&terrain.Hedge != 0:
			tem = 1
		}
		if tem == 0 {
			continue
		}
		a, b := sideEnds(at, d)
		hit := crossesInside(p, q, a, b)
		if len(vertex) > 0 && vertex[0] {
			hit = touches(p, q, a, b)
		}
		if hit && tem > best {
			best, dir = tem, d
		}
	}
	if len(vertex) > 0 && vertex[0] {
		// B9.2: a line along a wall hexspine ending at a vertex of at's
		// hex: the wall counts for both ends.
		near := func(a, b pt) bool { return math.Abs(a.x-b.x) < 1e-6 && math.Abs(a.y-b.y) < 1e-6 }
		for c := at.Col - 1; c <= at.Col+1; c++ {
			for r := at.Row - 1; r <= at.Row+1; r++ {
				n := hex.Hex{Col: c, Row: r}
				nt, ok := m.Terrain(n)
				if !ok || dist(n, at) != 1 {
					continue
				}
				for d := range 6 {
					f := nt.Sides[d]
					tem := 0
					switch {
					case f&(terrain.Wall|terrain.Bocage) != 0:
						tem = 2
					case f&terrain.Hedge != 0:
						tem = 1
					}
					a, b := sideEnds(n, d)
					if tem <= best || math.Abs(orient(p, q, a)) > 1e-9 || math.Abs(orient(p, q, b)) > 1e-9 {
						continue
					}
					for k := range 6 {
						v, _ := sideEnds(at, k)
						if near(v, a) || near(v, b) {
							best, dir = tem, 6
						}
					}
				}
			}
		}
	}
	return best, dir
}

// height is a Location's level above level 0: its hex's base elevation and
// its building level.
func height(m *board.Map, l board.Location) int {
	if t, ok := m.Terrain(l.Hex); ok {
		return t.Elevation + l.Level
	}
	return l.Level
}

// adjacent: ASL ADJACENT for PBF and fire groups (A7.21, A7.5): the same
// Location, or Locations of adjacent hexes within one level of each other.
func adjacent(m *board.Map, a, b board.Location) bool {
	if a == b {
		return true
	}
	return dist(a.Hex, b.Hex) == 1 && iabs(height(m, a)-height(m, b)) <= 1 && a.Level-b.Level <= 1 && b.Level-a.Level <= 1
}

// connected: the Locations form one group, each linked to the others by
// ADJACENT Locations (A7.5).
func connected(m *board.Map, ls []board.Location) bool {
	if len(ls) <= 1 {
		return true
	}
	seen := make([]bool, len(ls))
	seen[0] = true
	stack := []int{0}
	n := 1
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for j := range ls {
			if !seen[j] && adjacent(m, ls[i], ls[j]) {
				seen[j] = true
				n++
				stack = append(stack, j)
			}
		}
	}
	return n == len(ls)
}

// halfOf is the half-squad each FRIENDLY squad is reduced to (the counters:
// ASL A7.302; a 6-6-7 to a 3-3-7, a 4-6-7 to a 2-4-7).
var halfOf = map[string]string{"6-6-7": "3-3-7", "4-6-7": "2-4-7", "4-5-8": "2-4-8", "4-4-7": "2-3-7"}

// counter reads "FP-range-morale".
func counter(typ string) (fp, rng int, ok bool) {
	if _, err := fmt.Sscanf(typ, "%d-%d-", &fp, &rng); err != nil {
		return 0, 0, false
	}
	return fp, rng, true
}

// ---- the checks ----

// hcount counts the cases each check examined, and its faults.
type hcount struct {
	mu     sync.Mutex
	cases  map[string]int
	faults map[string]int
	shown  map[string]int
}

func newHcount() *hcount {
	return &hcount{cases: map[string]int{}, faults: map[string]int{}, shown: map[string]int{}}
}

func (c *hcount) add(rule string, n int) {
	c.mu.Lock()
	c.cases[rule] += n
	c.mu.Unlock()
}

// fault reports a fault under rule (the first few of each rule in full).
func (c *hcount) fault(t *testing.T, rule, format string, args ...any) {
	if t != nil {
		t.Helper()
	}
	c.mu.Lock()
	c.faults[rule]++
	n := c.shown[rule]
	c.shown[rule]++
	c.mu.Unlock()
	if t != nil && n < 5 {
		t.Errorf("%s: "+format, append([]any{rule}, args...)...)
	}
}

// unitAt is what the checker tracks of a unit through a phase's events.
type unitAt struct {
	at      board.Location
	side    state.Side
	kind    state.Kind
	typ     string
	broken  bool
	pinned  bool
	known   bool
	ffired  bool // fired (First Fire marker) as the phase began
	final   bool
	hw      bool
	present bool
}

func snapshot(st *state.State) map[string]unitAt {
	out := map[string]unitAt{}
	for _, u := range st.Units() {
		if !u.OnMap() {
			continue
		}
		out[u.ID] = unitAt{at: u.At(), side: u.Side, kind: u.Kind, typ: u.Type, broken: u.Broken, pinned: u.Pinned, known: u.Known, ffired: u.Fired, final: u.FinalFire, hw: u.HW, present: true}
	}
	return out
}

// hgame is one game under check.
type hgame struct {
	t     *testing.T
	w     *world.World
	m     *board.Map
	c     *hcount
	where string
	act   *actionState // heldout_action_test.go
}

// checkSetup: SASL 4.12 EXC: a VPO building hex whose Table A9e was rolled
// and whose ground level FRIENDLY units hold gets an S? in a VPO Location
// of it where one can take it (a VPO Location without FRIENDLY units).
func (h *hgame) checkSetup(st *state.State, setup *ai.Setup) {
	rolled := map[hex.Hex]bool{}
	for _, e := range setup.Log {
		if e.Kind == report.A9e {
			rolled[e.At.Hex] = true
		}
	}
	for x := range rolled {
		if !h.w.VPOInHex(x) || !st.Has(state.Friendly, board.Ground(x)) {
			continue
		}
		free := false
		for _, l := range h.w.Locations(x) {
			if h.w.IsVPO(l) && !st.Has(state.Friendly, l) {
				free = true
			}
		}
		if !free {
			continue
		}
		h.c.add("SASL 4.12 EXC", 1)
		got := slices.ContainsFunc(setup.Placements, func(p ai.Placement) bool { return p.Location.Hex == x && h.w.IsVPO(p.Location) })
		if !got {
			h.c.fault(h.t, "SASL 4.12 EXC", "%s: VPO building %s, its ground level FRIENDLY-held, got no S? in a VPO Location though one is free", h.where, h.m.NameString(x))
		}
	}
}

// checkStacking: A5.1 with the checker's own count: three squad
// equivalents (a half-squad a half, an S? one, a Human Wave S? two) and
// four SMC per side and Location.
func (h *hgame) checkStacking(st *state.State, where string) {
	type key struct {
		l    board.Location
		side state.Side
	}
	sq := map[key]float64{}
	smc := map[key]int{}
	for _, u := range st.Units() {
		if !u.OnMap() {
			continue
		}
		k := key{u.At(), u.Side}
		switch u.Kind {
		case state.Squad:
			sq[k]++
		case state.HalfSquad:
			sq[k] += 0.5
		case state.SQ:
			if u.HW {
				sq[k] += 2
			} else {
				sq[k]++
			}
		default:
			smc[k]++
		}
	}
	h.c.add("ASL A5.1 stacking", len(sq)+len(smc))
	for k, v := range sq {
		if v > 3 || smc[k] > 4 {
			h.c.fault(h.t, "ASL A5.1 stacking", "%s: %s holds %g squad equivalents and %d SMC of the %s: %v", where, h.m.LocationName(k.l), v, smc[k], k.side, state.IDs(st.At(k.side, k.l)))
		}
	}
	for k, v := range smc {
		if v > 4 && sq[k] == 0 {
			h.c.fault(h.t, "ASL A5.1 stacking", "%s: %s holds %d SMC of the %s", where, h.m.LocationName(k.l), v, k.side)
		}
	}
}

// checkEvents checks one phase's (or step's) events in order, tracking
// where the units are, from before (the units as they stood first).
func (h *hgame) checkEvents(st *state.State, before map[string]unitAt, evs []report.Event, where string) {
	m := h.m
	pos := map[string]unitAt{}
	for id, u := range before {
		pos[id] = u
	}
	wounded := map[string]bool{}
	player := st.Player
	if len(evs) > 0 {
		player = evs[0].Player
	}
	moveIdx := []int{}
	for i, e := range evs {
		if e.Kind == report.Move && len(e.Steps) > 0 {
			moveIdx = append(moveIdx, i)
		}
	}
	for i, e := range evs {
		if e.Player != player {
			// a Player Turn began (a player's step may span phases):
			// its markers are cleared (ASL A3.3-A8.4)
			player = e.Player
			for id, u := range pos {
				u.ffired, u.final, u.pinned = false, false, false
				pos[id] = u
			}
		}
		h.checkCommanded(e, where)
		if e.Kind == report.ActionCheck {
			h.checkAction(st, pos, evs, i, where)
		}
		// fire groups
		if e.Fire != nil && len(e.Fire.From) > 0 {
			h.checkFire(st, pos, e, where)
			// A4.6 the other way: fire at a mover (FFNAM in Move) in
			// Open Ground as the fire sees it takes FFMO too, unless
			// the mover uses Assault Movement (no FFNAM, and its
			// move says so).
			if f := e.Fire; f.Move == -1 && f.TEM <= 0 && f.Hindrance == 0 {
				assault := slices.ContainsFunc(evs, func(x report.Event) bool {
					return x.Kind == report.Move && slices.Contains(x.Units, f.Target) &&
						slices.ContainsFunc(x.Notes, func(n report.Note) bool { return n.Kind == report.Assault })
				})
				if !assault {
					h.c.add("ASL A4.6 FFMO", 1)
					h.c.fault(h.t, "ASL A4.6 FFMO", "%s %s at %s in %s: FFNAM without FFMO though TEM %d and no hindrance", where, e.Kind, f.Target, m.LocationName(f.At), f.TEM)
				}
			}
		}
		// An S? of an entry enters its entry hex as the first step of its
		// move under policy.released advance (ai/attitude.go).
		entry := e.Kind == report.Move && e.Goal != report.NoGoal && len(e.Steps) > 1 && e.Steps[0].Off
		switch {
		case e.Kind == report.Enter, entry:
			end := e.Steps[len(e.Steps)-1].Location
			if entry {
				end = e.Steps[1].Location
			}
			h.c.add("ASL A2.5 entry", 1)
			for id, u := range pos {
				if u.side == state.Friendly && u.at == end {
					h.c.fault(h.t, "ASL A2.5 entry", "%s: S? %v enter %s, which FRIENDLY %s holds", where, e.Units, m.LocationName(end), id)
					break
				}
			}
		case e.Kind == report.Activate:
			if a := e.Activation; a != nil && !a.Fire && a.By != "" {
				h.checkMoment(evs, i, where)
			}
			if a := e.Activation; a != nil && !a.Fire && e.Player == state.Friendly && e.Phase == state.MPh {
				h.checkActivation(evs, moveIdx, i, e, where)
			}
			if a := e.Activation; a != nil && !a.Fire && a.At.Level == 0 && !a.At.Roof {
				// B9.3: the Activation table's Final DRM takes a wall's
				// TEM as a shot from the S? would (the same exceptions as
				// checkFire's).
				if tem, _ := wallTEM(m, e.At.Hex, a.At.Hex); tem > 0 && dist(e.At.Hex, a.At.Hex) > 1 &&
					!(height(m, e.At) > height(m, a.At) && dist(e.At.Hex, a.At.Hex) <= h.w.Tables().Combat.WallAbove.Value) {
					h.c.add("ASL B9.3 wall TEM", 1)
					if a.TEM < tem {
						h.c.fault(h.t, "ASL B9.3 wall TEM", "%s: S? %s in %s Activated by %s in %s across a wall/hedge (TEM %d) at TEM %d", where, e.Units[0], m.LocationName(e.At), a.By, m.LocationName(a.At), tem, a.TEM)
					}
				}
			}
		case e.Kind == report.Wound:
			wounded[e.Units[0]] = true
			h.c.add("ASL A17 wound", 1)
		case e.Kind == report.Reduce:
			u := pos[e.Units[0]]
			if u.kind == state.Leader {
				h.c.fault(h.t, "ASL A17 wound", "%s: leader %s Casualty Reduced to %s", where, e.Units[0], e.Type)
			}
			if u.side == state.Friendly {
				if want, ok := halfOf[u.typ]; ok {
					h.c.add("ASL A7.302 half-squads", 1)
					if e.Type != want {
						h.c.fault(h.t, "ASL A7.302 half-squads", "%s: FRIENDLY %s %s reduced to %s, not %s", where, e.Units[0], u.typ, e.Type, want)
					}
				}
			}
			u.kind, u.typ = state.HalfSquad, e.Type
			pos[e.Units[0]] = u
		case e.Kind == report.Eliminate:
			for _, id := range e.Units {
				u := pos[id]
				if u.kind == state.Leader {
					c := e.Cause &^ report.Reduced
					cr := e.Cause&report.Reduced != 0 || c == report.SurvivedKIA || c == report.KMC || c == report.MC12 || c == report.Rally12 || c == report.FailedBroken
					if cr || c == report.MortalWound {
						h.c.add("ASL A17 wound", 1)
						if !wounded[id] {
							h.c.fault(h.t, "ASL A17 wound", "%s: leader %s in %s eliminated (cause %d) without a wound roll", where, id, m.LocationName(u.at), e.Cause)
						}
					}
				}
				delete(pos, id)
			}
		case e.Kind == report.Exit:
			for _, id := range e.Units {
				delete(pos, id)
			}
		case e.Kind == report.Control:
			side := e.Side
			if len(e.Units) > 0 {
				side = pos[e.Units[0]].side
			}
			h.checkControl(pos, e.At.Hex, side, where)
		}
		if len(e.Steps) > 0 {
			switch e.Kind {
			case report.Enter, report.Move, report.Advance, report.Gap, report.AdvanceInto, report.Rout:
				end := e.Steps[len(e.Steps)-1]
				for _, id := range e.Units {
					u, ok := pos[id]
					if !ok {
						if x := st.Unit(id); x != nil {
							u = unitAt{side: x.Side, kind: x.Kind, typ: x.Type, hw: x.HW, known: x.Known}
						}
					}
					u.at, u.present = end.Location, true
					pos[id] = u
				}
				for _, n := range e.Notes {
					if n.Kind == report.TookVPO {
						side := pos[e.Units[0]].side
						h.checkControl(pos, n.At.Hex, side, where)
					}
				}
			}
		}
		if e.Kind == report.Activate {
			delete(pos, e.Units[0])
			for _, mk := range e.Made {
				if mk.ID != "" {
					pos[mk.ID] = unitAt{at: mk.At, side: state.Enemy, kind: mk.Kind, typ: mk.Type, present: true}
				}
			}
		}
		if e.Kind == report.Break || e.Kind == report.Rally {
			// A10: a unit breaks; A10.6: it rallies
			for _, id := range e.Units {
				if u, ok := pos[id]; ok {
					u.broken = e.Kind == report.Break
					pos[id] = u
				}
			}
		}
		if e.Kind == report.Pinned {
			for _, id := range e.Units {
				u := pos[id]
				u.pinned = true
				pos[id] = u
			}
		}
	}
}

// checkControl: A26.11: Control goes to side only with no unit of the
// other side (broken too; an S? is no unit it knows) in the VPO's hex.
func (h *hgame) checkControl(pos map[string]unitAt, x hex.Hex, side state.Side, where string) {
	h.c.add("ASL A26.11 Control", 1)
	for id, u := range pos {
		if u.side != side && u.at.Hex == x && u.kind != state.SQ {
			h.c.fault(h.t, "ASL A26.11 Control", "%s: the %s takes Control of %s while %s (%s, broken %v) is in it", where, side, h.m.NameString(x), id, u.typ, u.broken)
			return
		}
	}
}

// checkActivation: an S? Activated in the FRIENDLY MPh by a unit moving
// through a Location (not the first nor the last of its move: it is moving
// there) has the mover's FFNAM and, in Open Ground, FFMO in its Final DRM
// (ASL A4.6; SASL's Activation table).
func (h *hgame) checkActivation(evs []report.Event, moveIdx []int, i int, e report.Event, where string) {
	a := e.Activation
	for _, j := range moveIdx {
		mv := evs[j]
		if !slices.Contains(mv.Units, a.By) {
			continue
		}
		mid := false
		for k := 1; k < len(mv.Steps)-1; k++ {
			if mv.Steps[k].Location == a.At {
				mid = true
			}
		}
		if !mid {
			continue
		}
		assault := slices.ContainsFunc(mv.Notes, func(n report.Note) bool { return n.Kind == report.Assault })
		want := 0
		if !assault {
			want--
		}
		if a.TEM <= 0 && a.Hindrance == 0 {
			want--
		}
		h.c.add("S? Activation FFNAM/FFMO", 1)
		if a.Move != want || a.DRM != a.TEM+a.Hindrance+a.Move {
			h.c.fault(h.t, "S? Activation FFNAM/FFMO", "%s: S? %s in %s Activated by %s moving through %s: DRM %d (TEM %d, hindrance %d, move %d), want move %d",
				where, e.Units[0], h.m.LocationName(e.At), a.By, h.m.LocationName(a.At), a.DRM, a.TEM, a.Hindrance, a.Move, want)
		}
		return
	}
}

// checkMoment checks what an S?'s Activation answered (SASL 3.32 as
// VASL's SASL Activation Checker reads it; issue 40): a FRIENDLY unit
// that acted is the unit that Activates (it moved through a.At, advanced
// or routed to it, or fired from it in this phase), an S? that moved did
// move, and the check of units standing still is made only as
// activation.still says (none, as built in: never).
func (h *hgame) checkMoment(evs []report.Event, i int, where string) {
	e := evs[i]
	a := e.Activation
	acted := func(kinds ...report.Kind) bool {
		return slices.ContainsFunc(evs, func(x report.Event) bool {
			if !slices.Contains(kinds, x.Kind) {
				return false
			}
			if x.Fire != nil {
				return slices.Contains(x.Fire.Members, a.By) && slices.Contains(x.Fire.From, a.At)
			}
			return slices.Contains(x.Units, a.By) && slices.ContainsFunc(x.Steps, func(s pathing.Step) bool { return s.Location == a.At })
		})
	}
	var rule string
	ok := true
	switch a.Moment {
	case report.ByMoved:
		rule, ok = "SASL 3.32 Activation by the acting unit", e.Phase == state.MPh && e.Player == state.Friendly && acted(report.Move)
	case report.ByAdvanced:
		rule, ok = "SASL 3.32 Activation by the acting unit", e.Phase == state.APh && acted(report.AdvanceInto)
	case report.ByRouted:
		rule, ok = "SASL 3.32 Activation by the acting unit", e.Phase == state.RtPh && acted(report.Rout)
	case report.ByFired:
		rule, ok = "SASL 3.32 Activation by the acting unit", acted(report.PrepFire, report.FirstFire, report.DefensiveFire, report.AdvancingFire,
			report.SubsequentFirstFire, report.FinalProtectiveFire, report.FinalFire)
	case report.SMoved:
		rule = "SASL 3.32 Activation of an S? that moved"
		if !slices.ContainsFunc(evs[i+1:], func(x report.Event) bool { return x.Kind != report.Activate && x.Kind != report.Excess }) {
			return // a stop for First Fire at the step: the move is told after it
		}
		// the S?'s move is told under its own ID or, when it was
		// Activated on the way, under the units it became
		ids := []string{e.Units[0]}
		for _, x := range e.Made {
			ids = append(ids, x.ID)
		}
		ok = slices.ContainsFunc(evs, func(x report.Event) bool {
			return slices.Contains([]report.Kind{report.Move, report.Enter, report.Advance, report.AdvanceInto, report.Gap, report.Delay}, x.Kind) &&
				slices.ContainsFunc(x.Units, func(id string) bool { return slices.Contains(ids, id) })
		})
	case report.Standing:
		// activation.still: none (as built in: no text checks a pair that
		// does not act), the end of the Player Turn, or the MPh's start.
		rule, ok = "SASL 3.32 Activation standing still", false
		switch h.w.Tables().Activation.Still.Value {
		case tables.StillTurnEnd:
			ok = e.Phase == state.CCPh
		case tables.StillMPh:
			ok = e.Phase == state.MPh
		}
	default:
		rule, ok = "SASL 3.32 Activation by the acting unit", false
	}
	h.c.add(rule, 1)
	if !ok {
		h.c.fault(h.t, rule, "%s: S? %s in %s Activated by %s in %s at moment %q, which the phase's events do not show", where, e.Units[0], h.m.LocationName(e.At), a.By, h.m.LocationName(a.At), a.Moment)
	}
}

// checkFire checks a fire group: contiguity (A7.5), FFMO (A4.6), the wall
// TEM (B9.3), PBF (A7.21), Final Fire (A8.4) and SFF (A8.3).
func (h *hgame) checkFire(st *state.State, pos map[string]unitAt, e report.Event, where string) {
	m, f := h.m, e.Fire
	desc := func() string {
		var from []string
		for _, l := range f.From {
			from = append(from, m.LocationName(l))
		}
		return fmt.Sprintf("%s %s by %s from %s at %s (FP %g DRM %d TEM %d hindrance %d move %d wall %q)", where, e.Kind, strings.Join(f.Members, ","), strings.Join(from, " "), m.LocationName(f.At), f.FP, f.DRM, f.TEM, f.Hindrance, f.Move, f.Wall)
	}
	// A7.5
	h.c.add("ASL A7.5 contiguous groups", 1)
	if !connected(m, f.From) {
		h.c.fault(h.t, "ASL A7.5 contiguous groups", "%s: Locations not contiguous", desc())
	}
	// A4.6: FFMO only unhindered and at no positive TEM.
	if f.Move <= -2 {
		h.c.add("ASL A4.6 FFMO", 1)
		if f.Hindrance > 0 || f.TEM > 0 {
			h.c.fault(h.t, "ASL A4.6 FFMO", "%s: FFMO with hindrance or TEM", desc())
		}
	}
	// B9.3: the wall's TEM, unless a firer is ADJACENT across that
	// hexside (Wall Advantage may be the firer's, B9.32), higher (a
	// reading: combat.wall_above), or the target is above ground level.
	if f.At.Level == 0 && !f.At.Roof {
		need := 99
		for _, from := range f.From {
			tem, d := wallTEM(m, from.Hex, f.At.Hex)
			if tem > 0 && d >= 0 {
				if dist(from.Hex, f.At.Hex) == 1 || height(m, from) > height(m, f.At) && dist(from.Hex, f.At.Hex) <= h.w.Tables().Combat.WallAbove.Value {
					tem = 0
				}
			}
			need = min(need, tem)
		}
		if need > 0 && need < 99 {
			h.c.add("ASL B9.3 wall TEM", 1)
			if f.TEM < need {
				h.c.fault(h.t, "ASL B9.3 wall TEM", "%s: the line crosses a wall/hedge hexside of the target's hex (TEM %d)", desc(), need)
			}
		}
	}
	// A8.4: Final Fire only at ADJACENT Locations; A8.3: SFF within
	// normal range.
	switch f.As {
	case report.FinalFire:
		h.c.add("ASL A8.4 Final Fire", 1)
		for _, from := range f.From {
			if !adjacent(m, from, f.At) {
				h.c.fault(h.t, "ASL A8.4 Final Fire", "%s: from %s not ADJACENT to the target", desc(), m.LocationName(from))
			}
		}
	case report.SubsequentFirstFire:
		h.c.add("ASL A8.3 SFF", 1)
		for _, id := range f.Members {
			u, ok := pos[id]
			if !ok || !u.kind.MMC() {
				continue
			}
			if _, rng, ok := counter(u.typ); ok && dist(u.at.Hex, f.At.Hex) > rng {
				h.c.fault(h.t, "ASL A8.3 SFF", "%s: %s (%s) in %s beyond its normal range %d", desc(), id, u.typ, m.LocationName(u.at), rng)
			}
		}
	}
	if e.Kind == report.FinalFire || e.Kind == report.DefensiveFire && e.Phase == state.DFPh {
		// A unit that First Fired fires in the DFPh only at ADJACENT
		// Locations (A8.4). An MMC: a leader has no FP of his own (a
		// leader marked by the First Fire he directed may direct the
		// DFPh fire of others; a reading).
		for _, id := range f.Members {
			if u, ok := pos[id]; ok && u.kind.MMC() && u.ffired && !adjacent(m, u.at, f.At) {
				h.c.add("ASL A8.4 Final Fire", 1)
				h.c.fault(h.t, "ASL A8.4 Final Fire", "%s: %s First Fired and fires in the DFPh at a Location not ADJACENT", desc(), id)
			}
		}
	}
	// A7.21: PBF. FRIENDLY Prep, Defensive and First Fire of unpinned
	// units: the FP is each counter's, doubled when ADJACENT, halved
	// beyond normal range; halved again for a unit marked First Fire that
	// fires in the DFPh (A8.4: Area Fire).
	if f.As == 0 && (e.Kind == report.PrepFire || e.Kind == report.DefensiveFire || e.Kind == report.FirstFire) {
		want, pbf, ok, long := 0.0, false, true, 0.0
		for _, id := range f.Members {
			u, in := pos[id]
			if !in {
				ok = false
				break
			}
			if !u.kind.MMC() {
				continue
			}
			if u.pinned || u.side != state.Friendly {
				ok = false
				break
			}
			fp, rng, good := counter(u.typ)
			if !good {
				ok = false
				break
			}
			x := float64(fp)
			if u.ffired && e.Kind == report.DefensiveFire {
				x /= 2 // A8.4: marked First Fire, it fires in the DFPh as Area Fire
			}
			d := dist(u.at.Hex, f.At.Hex)
			switch {
			case adjacent(m, u.at, f.At):
				x *= 2
				pbf = pbf || u.at != f.At
			case d > 2*rng:
				x = 0
			case d > rng:
				x /= 2
				long += x
			}
			want += x
		}
		if ok && want > 0 {
			rule := "ASL A7.21 FP (PBF)"
			if pbf {
				rule = "ASL A7.21 PBF"
			}
			h.c.add(rule, 1)
			switch {
			case long > 0 && math.Abs(f.FP-(want-long)) < 1e-6:
				// A7.22: units beyond normal range fire at long range,
				// halved; a unit that adds nothing is no firer.
				h.c.add("ASL A7.22 long range", 1)
				h.c.fault(h.t, "ASL A7.22 long range", "%s: members beyond normal range add 0 FP (not %g at long range) yet are listed as firers (and marked fired)", desc(), long)
			case math.Abs(f.FP-want) > 1e-6:
				h.c.fault(h.t, rule, "%s: FP %g, want %g", desc(), f.FP, want)
			case long > 0:
				h.c.add("ASL A7.22 long range", 1)
			}
		}
	}
}

// checkRout after a RtPh (A10.5): no broken unit that did not rout stays
// ADJACENT to a Known Good Order armed enemy unit or in Open Ground in its
// LOS and normal range, unless in Melee; no rout ends ADJACENT to a Known
// enemy unit.
func (h *hgame) checkRout(st *state.State, evs []report.Event, where string) {
	m := h.m
	routed := map[string]bool{}
	// Units an S? became when checked against a unit where it routed to
	// (SASL 3.32) came into play after the routs: no rout knew of them.
	after := map[string]bool{}
	for _, e := range evs {
		if e.Kind == report.Activate && e.Activation != nil && e.Activation.Moment == report.ByRouted {
			for _, x := range e.Made {
				after[x.ID] = true
			}
		}
	}
	for _, e := range evs {
		if e.Kind != report.Rout || len(e.Steps) == 0 {
			continue
		}
		for _, id := range e.Units {
			routed[id] = true
		}
		end := e.Steps[len(e.Steps)-1].Location
		u := st.Unit(e.Units[0])
		if u == nil || !u.OnMap() || u.At() != end {
			continue // eliminated on the way
		}
		h.c.add("ASL A10.5 rout ends", 1)
		for _, x := range st.OfSide(1 - u.Side) {
			if x.OnMap() && x.Kind != state.SQ && !after[x.ID] && (x.Side == state.Enemy || x.Known) && adjacent(m, x.At(), end) {
				h.c.fault(h.t, "ASL A10.5 rout ends", "%s: %s routs to %s, ADJACENT to Known %s in %s", where, u.ID, m.LocationName(end), x.ID, m.LocationName(x.At()))
				break
			}
		}
	}
	for _, u := range st.Units() {
		if !u.OnMap() || !u.Broken || routed[u.ID] || u.Kind == state.SQ {
			continue
		}
		if st.Has(1-u.Side, u.At()) {
			continue // in Melee
		}
		h.c.add("ASL A10.5 must rout", 1)
		tem := h.w.TEM(u.At())
		for _, x := range st.OfSide(1 - u.Side) {
			if !x.OnMap() || x.Broken || !x.Kind.MMC() || after[x.ID] || !(x.Side == state.Enemy || x.Known) {
				continue
			}
			if adjacent(m, x.At(), u.At()) {
				h.c.fault(h.t, "ASL A10.5 must rout", "%s: broken %s (%s) stays in %s, ADJACENT to Known Good Order %s in %s", where, u.ID, u.Type, m.LocationName(u.At()), x.ID, m.LocationName(x.At()))
				break
			}
			_, rng, ok := counter(x.Type)
			if !ok || dist(x.At().Hex, u.At().Hex) > rng || tem > 0 {
				continue
			}
			if wt, _ := wallTEM(m, x.At().Hex, u.At().Hex, true); wt > 0 && u.At().Level == 0 {
				continue
			}
			if s := h.w.Sight(x.At(), u.At()); s.Clear && s.Hindrance == 0 {
				h.c.fault(h.t, "ASL A10.5 must rout", "%s: broken %s (%s) stays in Open Ground %s in the LOS and normal range of Known Good Order %s in %s", where, u.ID, u.Type, m.LocationName(u.At()), x.ID, m.LocationName(x.At()))
				break
			}
		}
	}
}

// playChecked plays one whole game phase by phase under pol and checks it.
func playChecked(t *testing.T, w *world.World, name string, pol state.Policy, seed uint64, c *hcount) *hgame {
	t.Helper()
	g, setup, err := New(w, state.Game{Mission: name, Seed: seed, HasSeed: true, Policy: pol}, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := &hgame{t: t, w: w, m: w.Map(), c: c, where: fmt.Sprintf("%s seed %d %s", name, seed, pol)}
	h.checkSetup(g.st, setup)
	h.checkStacking(g.st, h.where+" setup")
	for !g.Over() {
		before := snapshot(g.st)
		side, ph, turn := g.st.Player, max(g.st.Phase, state.RPh), g.st.Turn
		if side == state.Enemy && ph == state.PFPh {
			h.actionsDue(g.st)
		}
		rep, err := g.Phase(nil)
		if err != nil {
			t.Fatalf("%s: %v", h.where, err)
		}
		where := fmt.Sprintf("%s turn %d %s %s", h.where, turn, side, ph)
		h.checkEvents(g.st, before, rep.Events, where)
		h.checkStacking(g.st, where)
		if ph == state.RtPh {
			h.checkRout(g.st, rep.Events, where)
		}
	}
	h.checkSomeActions()
	return h
}

// playPassing plays one game as a player who passes at every stop, checking
// each step's events and, as each phase ends, the state.
func playPassing(t *testing.T, w *world.World, name string, seed uint64, c *hcount) {
	t.Helper()
	s, setup, err := Begin(w, state.Game{Mission: name, Seed: seed, HasSeed: true, Policy: PolicyPlayer}, nil, Stops{Mode: StopMode(seed % 3)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := s.Game()
	h := &hgame{t: t, w: w, m: w.Map(), c: c, where: fmt.Sprintf("%s seed %d player", name, seed)}
	h.checkSetup(g.st, setup)
	before := snapshot(g.st)
	var phaseEvs []report.Event
	turn, side, ph := g.Clock()
	for s.Stop().Kind != state.Over {
		step, err := s.Do(Command{Verb: Pass}, nil)
		if err != nil {
			t.Fatalf("%s: pass at %s: %v", h.where, report.Where(s.Stop()), err)
		}
		// A step may span phases: the events are checked by the phase
		// they say, the state where a phase ended.
		phaseEvs = append(phaseEvs, step.Events...)
		nt, ns, np := g.Clock()
		if nt != turn || ns != side || np != ph || s.Stop().Kind == state.Over {
			where := fmt.Sprintf("%s turn %d %s %s..%s", h.where, turn, side, ph, np)
			h.checkEvents(g.st, before, phaseEvs, where)
			h.checkStacking(g.st, where)
			before, phaseEvs = snapshot(g.st), nil
			turn, side, ph = nt, ns, np
		}
	}
	h.checkSomeActions()
}

func TestHeldOutMissions(t *testing.T) {
	t.Parallel()
	games := 20 // 270 games: about 7 s on one core
	if !longrun.Enabled() {
		games = 2
	}
	if *heldoutGames > 0 {
		games = *heldoutGames
	}
	c := newHcount()
	played := false
	t.Run("games", func(t *testing.T) {
		for _, ms := range heldoutMissions {
			w := prepareText(t, ms.text) // skips the test without the shared boards
			played = true
			for _, pol := range []state.Policy{PolicyHold, PolicyAttack} {
				t.Run(ms.name+"/"+string(pol), func(t *testing.T) {
					t.Parallel()
					for seed := range uint64(games) {
						playChecked(t, w, ms.name, pol, seed, c)
					}
				})
			}
			t.Run(ms.name+"/player", func(t *testing.T) {
				t.Parallel()
				for seed := range uint64(max(1, games/4)) {
					playPassing(t, w, ms.name, 1000+seed, c)
				}
			})
		}
	})
	if !played {
		t.Skip("no held-out mission was played: the shared boards are not here")
	}
	var rules []string
	for r := range c.cases {
		rules = append(rules, r)
	}
	for r := range c.faults {
		if _, ok := c.cases[r]; !ok {
			rules = append(rules, r)
		}
	}
	sort.Strings(rules)
	for _, r := range rules {
		t.Logf("%-28s %7d cases, %d faults", r, c.cases[r], c.faults[r])
	}
	for _, r := range []string{"ASL A7.5 contiguous groups", "ASL A5.1 stacking", "ASL A2.5 entry", "ASL A4.6 FFMO", "ASL B9.3 wall TEM", "ASL A7.21 PBF", "ASL A10.5 must rout", "ASL A10.5 rout ends", "ASL A26.11 Control", "ASL A17 wound", "ASL A7.302 half-squads", "ASL A8.4 Final Fire", "ASL A8.3 SFF", "S? Activation FFNAM/FFMO", "SASL 4.12 EXC", "SASL 3.32 Activation by the acting unit", "SASL 3.32 Activation of an S? that moved", "SASL 6 Action check", "SASL 6 order", "SASL 6.21 Panic", "SASL 6.311 ADJACENT", "SASL 6 Command", "SASL 6 every game"} {
		if c.cases[r] == 0 && longrun.Enabled() {
			t.Errorf("%s: no case examined", r)
		}
	}
}

// Each check of the held-out checker fires on a wrong input: the faults it
// looks for, made by hand on the walls21 mission's map and setup.
func TestHeldOutCheckerFires(t *testing.T) {
	t.Parallel()
	w := prepareText(t, heldoutMissions[0].text)
	m := w.Map()
	loc := func(s string) board.Location {
		l, err := m.ParseLocation(s)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	g, _, err := New(w, state.Game{Mission: "fires", Seed: 1, HasSeed: true, Policy: PolicyHold}, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := g.st
	c := newHcount()
	h := &hgame{w: w, m: m, c: c, where: "fires"}
	fire := func(kind report.Kind, ph state.Phase, fg report.FireGroup) report.Event {
		return report.Event{Kind: kind, Phase: ph, Player: state.Friendly, Units: fg.Members, Fire: &fg}
	}
	// A wall hexside of a ground-level hex, and the hex two hexes away
	// straight across it: the line crosses the hexside's middle.
	var target, across board.Location
	for _, x := range m.Hexes() {
		tt, _ := m.Terrain(x)
		for d := range hex.Dirs {
			far := x.Neighbour(d).Neighbour(d)
			if tt.Sides[d]&terrain.Wall != 0 && m.OnMap(far) && target == (board.Location{}) {
				target, across = board.Ground(x), board.Ground(far)
			}
		}
	}
	if tem, _ := wallTEM(m, across.Hex, target.Hex); tem != 2 {
		t.Fatalf("the line from %s to %s crosses no wall by the checker (TEM %d)", m.LocationName(across), m.LocationName(target), tem)
	}
	before := map[string]unitAt{
		"F1": {at: loc("21T4h1"), side: state.Friendly, kind: state.Squad, typ: "6-6-7", present: true, ffired: true},
		"F5": {at: loc("21J4"), side: state.Friendly, kind: state.Leader, typ: "9-1", present: true},
		"F6": {at: loc("21P5"), side: state.Friendly, kind: state.Squad, typ: "4-5-8", present: true},
		"F7": {at: loc("21V5"), side: state.Friendly, kind: state.Squad, typ: "6-6-7", present: true},
		"F9": {at: loc("21V5"), side: state.Friendly, kind: state.HalfSquad, typ: "3-3-7", present: true},
		"E1": {at: loc("21X3"), side: state.Enemy, kind: state.Squad, typ: "4-6-7", present: true},
	}
	evs := []report.Event{
		// A7.5: Locations three hexes apart in one group.
		fire(report.PrepFire, state.PFPh, report.FireGroup{Members: []string{"F7", "F6"}, From: []board.Location{loc("21V5"), loc("21P5")}, At: loc("21R2"), FP: 10}),
		// A4.6: FFMO with a hindrance.
		fire(report.FirstFire, state.MPh, report.FireGroup{Members: []string{"F7"}, From: []board.Location{loc("21V5")}, At: loc("21V3"), FP: 6, Move: -2, Hindrance: 1}),
		// A4.6: FFNAM without FFMO in Open Ground, unhindered.
		fire(report.FirstFire, state.MPh, report.FireGroup{Members: []string{"F7"}, Target: "E1", From: []board.Location{loc("21V5")}, At: loc("21V3"), FP: 6, Move: -1}),
		// B9.3: across a wall at TEM 0.
		fire(report.DefensiveFire, state.DFPh, report.FireGroup{Members: []string{"X"}, From: []board.Location{across}, At: target, FP: 4}),
		// A7.21: F1 one level up, ADJACENT to 21T5: its 6 FP not doubled.
		fire(report.PrepFire, state.PFPh, report.FireGroup{Members: []string{"F1"}, From: []board.Location{loc("21T4h1")}, At: loc("21T5"), FP: 6}),
		// A7.22: F9's long-range FP left out.
		fire(report.PrepFire, state.PFPh, report.FireGroup{Members: []string{"F7", "F9"}, From: []board.Location{loc("21V5")}, At: loc("21V10"), FP: 6}),
		// A8.4: Final Fire three hexes away.
		{Kind: report.FinalFire, Phase: state.DFPh, Player: state.Enemy, Units: []string{"F1"}, Fire: &report.FireGroup{Members: []string{"F1"}, From: []board.Location{loc("21T4h1")}, At: loc("21T8"), FP: 3, As: report.FinalFire}},
		// A8.3: SFF beyond normal range.
		{Kind: report.SubsequentFirstFire, Phase: state.MPh, Player: state.Enemy, Units: []string{"F7"}, Fire: &report.FireGroup{Members: []string{"F7"}, From: []board.Location{loc("21V5")}, At: loc("21L5"), FP: 1, As: report.SubsequentFirstFire}},
		// A2.5: an S? enters where F6 is.
		{Kind: report.Enter, Phase: state.MPh, Player: state.Enemy, Units: []string{"S1"}, Steps: []pathing.Step{{Location: loc("21P4")}, {Location: loc("21P5")}}},
		// SASL 3.32: an S? "moved into LOS" that did not move.
		{Kind: report.Activate, Phase: state.MPh, Player: state.Enemy, Units: []string{"S4"}, At: loc("21V3"), Activation: &report.Activation{By: "F7", At: loc("21V5"), Moment: report.SMoved}},
		// A7.302: a 6-6-7 reduced to a 3-6-7.
		{Kind: report.Reduce, Units: []string{"F7"}, Type: "3-6-7"},
		// A17: a leader eliminated by Casualty Reduction unwounded.
		{Kind: report.Eliminate, Units: []string{"F5"}, Cause: report.SurvivedKIA},
		// A26.11: the ENEMY takes 21P5 where F6 stands.
		{Kind: report.Control, Side: state.Enemy, At: loc("21P5")},
		// Activation by F6 moving through 21P6 without FFNAM.
		{Kind: report.Move, Phase: state.MPh, Player: state.Friendly, Side: state.Friendly, Units: []string{"F6"}, Steps: []pathing.Step{{Location: loc("21P5")}, {Location: loc("21P6")}, {Location: loc("21P7")}}},
		{Kind: report.Activate, Phase: state.MPh, Player: state.Friendly, Units: []string{"S2"}, At: loc("21P2"), Activation: &report.Activation{By: "F6", At: loc("21P6"), DRM: 0, Moment: report.ByMoved}},
		// SASL 3.32: an S? Activated by F7 "moving", which did not move,
		// and a check of units standing still in the APh (not at the end
		// of the Player Turn).
		{Kind: report.Activate, Phase: state.MPh, Player: state.Friendly, Units: []string{"S3"}, At: loc("21V3"), Activation: &report.Activation{By: "F7", At: loc("21V5"), Moment: report.ByMoved}},
		{Kind: report.Activate, Phase: state.APh, Player: state.Friendly, Units: []string{"S3"}, At: loc("21V3"), Activation: &report.Activation{By: "F7", At: loc("21V5"), Moment: report.Standing}},
	}
	h.checkEvents(st, before, evs, "fires")
	// A5.1: four squads in one Location; A10.5: a broken unit ADJACENT
	// to a Known Good Order enemy squad, and a rout that ends ADJACENT
	// to one.
	var fr []*state.Unit
	for _, u := range st.OfSide(state.Friendly) {
		if u.Kind.MMC() {
			fr = append(fr, u)
		}
	}
	for _, u := range fr[:4] {
		st.Move(u, loc("21R4"))
	}
	h.checkStacking(st, "fires")
	var e *state.Unit
	for _, u := range st.OfSide(state.Enemy) {
		if u.OnMap() {
			e = u
			break
		}
	}
	e.Kind, e.Type, e.HW = state.Squad, "4-6-7", false
	st.Move(e, loc("21R5"))
	st.Move(fr[4], loc("21R6"))
	fr[4].Broken = true
	st.Move(fr[5], loc("21S5"))
	fr[5].Broken = true
	h.checkRout(st, []report.Event{{Kind: report.Rout, Phase: state.RtPh, Units: []string{fr[5].ID}, Steps: []pathing.Step{{Location: loc("21S4")}, {Location: loc("21S5")}}}}, "fires")
	// SASL 4.12 EXC: A9e rolled for the VPO 21R4 (F1 on its ground level)
	// and no S? placed in it.
	st.Move(fr[0], loc("21R4"))
	h.checkSetup(st, &ai.Setup{Log: []report.Event{{Kind: report.A9e, At: loc("21R4")}}})
	for _, r := range []string{"ASL A7.5 contiguous groups", "ASL A5.1 stacking", "ASL A2.5 entry", "ASL A4.6 FFMO", "ASL B9.3 wall TEM", "ASL A7.21 PBF", "ASL A7.22 long range", "ASL A10.5 must rout", "ASL A10.5 rout ends", "ASL A26.11 Control", "ASL A17 wound", "ASL A7.302 half-squads", "ASL A8.4 Final Fire", "ASL A8.3 SFF", "S? Activation FFNAM/FFMO", "SASL 4.12 EXC", "SASL 3.32 Activation by the acting unit", "SASL 3.32 Activation of an S? that moved", "SASL 3.32 Activation standing still"} {
		if c.faults[r] == 0 {
			t.Errorf("%s: the check does not fire on a wrong input", r)
		}
	}
	if c.faults["ASL A4.6 FFMO"] != 2 {
		t.Errorf("ASL A4.6 FFMO: %d faults of the two wrong inputs (FFMO hindered, FFMO missing)", c.faults["ASL A4.6 FFMO"])
	}
}
