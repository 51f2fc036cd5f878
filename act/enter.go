package act

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// Executor carries out the steps of units in one game: its world (shared,
// read-only) and its state (the game's own). A value, made where it is
// needed (On); it holds nothing else.
type Executor struct {
	w  *world.World
	st *state.State
}

// On is the executor of the game whose state is st, in world w.
func On(w *world.World, st *state.State) Executor { return Executor{w: w, st: st} }

// NoLimit is the MF left of a step whose MF Enter does not check: an
// Advance (ASL A4.7), a rout (checked whole by combat.RoutOptions).
const NoLimit = -1

// graph is the movement graph of a step by motion m from Location from to
// Location to: the Human Wave graph for a Wave, but for its step down from
// an upper building level to the ground level of the hex (a unit that
// joined the wave up there goes down first, SASL 4.323: the Human Wave
// graph is at ground level), the Infantry graph for the rest.
func (x Executor) graph(m Motion, from, to board.Location) (*pathing.Graph, error) {
	if m == Wave && !(from.Level != 0 && to == board.Ground(from.Hex)) {
		return x.w.Graph(), nil
	}
	return x.w.Infantry()
}

// Check is what Enter checks, changing nothing: that units, all of one
// side, on the map and in one Location, may enter Location to by motion m
// with left half MF (NoLimit: not checked). It returns the step's cost in
// half MF, or a *Refusal saying why not.
func (x Executor) Check(units []*state.Unit, to board.Location, m Motion, left int) (int, error) {
	if err := x.stack(units, to, m); err != nil {
		return 0, err
	}
	return x.step(units, units[0].At(), to, m, left)
}

// CheckPath checks a move of units by motion m along path (the Locations
// it enters, in order) from where they are, with budget half MF (NoLimit:
// not checked), each step as Enter would check it with the units where
// the steps before put them. It changes nothing, and returns the path's
// cost in half MF, or the first step's *Refusal (its From the Location
// before that step).
func (x Executor) CheckPath(units []*state.Unit, path []board.Location, m Motion, budget int) (int, error) {
	return x.checkPath(units, path, m, budget, nil)
}

// Steps is CheckPath's steps: the units' Location, then each Location of
// path with the half MF entering it costs (a move's preview).
func (x Executor) Steps(units []*state.Unit, path []board.Location, m Motion, budget int) ([]pathing.Step, error) {
	var steps []pathing.Step
	if len(units) > 0 {
		steps = append(steps, pathing.Step{Location: units[0].At()})
	}
	_, err := x.checkPath(units, path, m, budget, &steps)
	return steps, err
}

// checkPath is CheckPath, appending each step to steps (nil: none).
func (x Executor) checkPath(units []*state.Unit, path []board.Location, m Motion, budget int, steps *[]pathing.Step) (int, error) {
	if len(path) == 0 {
		return 0, nil
	}
	if err := x.stack(units, path[0], m); err != nil {
		return 0, err
	}
	if m.one() && len(path) > 1 {
		return 0, x.refusal(OneLocation, units, path[0], path[1], m, 0, budget)
	}
	spent, cur := 0, units[0].At()
	for _, next := range path {
		left := NoLimit
		if budget != NoLimit {
			left = budget - spent
		}
		cost, err := x.step(units, cur, next, m, left)
		if err != nil {
			return 0, err
		}
		if steps != nil {
			*steps = append(*steps, pathing.Step{Location: next, HalfMF: cost})
		}
		spent, cur = spent+cost, next
	}
	return spent, nil
}

// refusal is a Refusal of a step of units from Location from to Location
// to.
func (x Executor) refusal(why Why, units []*state.Unit, from, to board.Location, m Motion, cost, left int) *Refusal {
	r := &Refusal{Why: why, Motion: m, From: from, To: to, Cost: cost, Left: left}
	r.m = x.st.Map()
	for _, u := range units {
		r.Units = append(r.Units, u.ID)
	}
	return r
}

// stack checks that units are one stack: of one side, in the game, on the
// map, in one Location.
func (x Executor) stack(units []*state.Unit, to board.Location, m Motion) error {
	if len(units) == 0 {
		return x.refusal(NoUnits, nil, board.Location{}, to, m, 0, NoLimit)
	}
	from, side := units[0].At(), units[0].Side
	for _, u := range units {
		if !x.st.Holds(u) || !u.OnMap() {
			return x.refusal(NotOnMap, units, from, to, m, 0, NoLimit)
		}
		if u.At() != from || u.Side != side {
			return x.refusal(NotOneStack, units, from, to, m, 0, NoLimit)
		}
	}
	return nil
}

// step checks the step of stack units from Location from to Location to
// by motion m with left half MF (NoLimit: not checked).
func (x Executor) step(units []*state.Unit, from, to board.Location, m Motion, left int) (int, error) {
	cost := 0
	refuse := func(why Why) (int, error) { return 0, x.refusal(why, units, from, to, m, cost, left) }
	if !x.st.Map().OnMap(to.Hex) {
		return refuse(OffMap)
	}
	g, err := x.graph(m, from, to)
	if err != nil {
		return 0, err
	}
	a, ok1 := g.Node(from)
	b, ok2 := g.Node(to)
	if !ok1 || !ok2 {
		return refuse(NoArc)
	}
	cost, ok := g.Cost(a, b)
	if !ok {
		return refuse(NoArc)
	}
	if m == LowCrawl {
		cost = 2 * x.w.Tables().Combat.RoutMF.Value // all its MF (ASL A10.52)
	}
	if left != NoLimit && cost > left {
		return refuse(NoMF)
	}
	side := units[0].Side
	if m != Wave && m != Advance && x.st.Has(other(side), to) {
		// ASL A4.14 (a move), A10.51 (a rout): never into a Location of
		// the other side's units. A Human Wave may enter one (SASL
		// 4.323), an advance may (a Melee, A4.7).
		return refuse(Occupied)
	}
	if m != Rout && m != LowCrawl && !x.w.Fits(x.st, side, to, units) {
		return refuse(Full) // ASL A5.1
	}
	return cost, nil
}

// Enter checks the step of units into Location to by motion m (Check) and
// carries it out: each unit is put in to and marked as the motion marks
// it (Moved for a move, Advanced for an advance, DM and Routed for a
// rout, ASL A10.5; a FRIENDLY unit that moves or advances is Known to the
// ENEMY, ASL A12's concealment not being among the texts). It returns the
// step's cost in half MF. A refused step changes nothing.
func (x Executor) Enter(units []*state.Unit, to board.Location, m Motion, left int) (int, error) {
	cost, err := x.Check(units, to, m, left)
	if err != nil {
		return 0, err
	}
	for _, u := range units {
		x.st.Move(u, to)
		switch m {
		case Move, Assault, Wave:
			u.Moved = true
		case Advance:
			u.Advanced = true
		case Rout, LowCrawl:
			u.DM, u.Routed = true, true
		}
		if u.Side == state.Friendly && m != Rout && m != LowCrawl {
			u.Known = true
		}
	}
	return cost, nil
}

// Place puts unit u in Location at outside a move: an S? set up off an
// entry hex anew (SASL 4.2: an entry redone), whose stacking the entry
// procedure checks by its own count (SASL 3.11). at must be on the map and
// hold none of the other side's units (ASL A2.5: an entry hex an enemy
// unit holds cannot be entered). u spends no MF and is not marked.
func (x Executor) Place(u *state.Unit, at board.Location) error {
	refuse := func(why Why) error {
		return x.refusal(why, []*state.Unit{u}, u.At(), at, 0, 0, NoLimit)
	}
	switch {
	case !x.st.Holds(u):
		return refuse(NotOnMap)
	case !x.st.Map().OnMap(at.Hex):
		return refuse(OffMap)
	case x.st.Has(other(u.Side), at):
		return refuse(Occupied)
	}
	x.st.Move(u, at)
	return nil
}

func other(s state.Side) state.Side {
	if s == state.Friendly {
		return state.Enemy
	}
	return state.Friendly
}

// Why is why Enter or Place refused a step.
type Why uint8

//go:generate go run golang.org/x/tools/cmd/stringer@v0.39.0 -type=Why -linecomment

const (
	// NoUnits: a step of no unit.
	NoUnits Why = iota + 1 // no units
	// NotOnMap: a unit not in the game, or not on the map.
	NotOnMap // not on the map
	// NotOneStack: units of more than one Location or side.
	NotOneStack // not one stack
	// OffMap: a Location not on the map.
	OffMap // off the map
	// NoArc: no arc of the motion's graph from where the units are to
	// the Location (not ADJACENT, or not a step the motion takes).
	NoArc // no step
	// NoMF: the step costs more MF than the units have left (ASL A4.1).
	NoMF // not enough MF
	// Occupied: the other side's units are there (ASL A4.14, A10.51).
	Occupied // occupied
	// Full: the Location cannot take the units (ASL A5.1).
	Full // overstacked
	// OneLocation: a second step of a motion of one Location: Assault
	// Movement (ASL A4.61), an advance (A4.7), a Low Crawl (A10.52).
	OneLocation // one Location
)

// oneRule is the rule that makes a motion one of one Location.
var oneRule = map[Motion]string{Assault: "A4.61", Advance: "A4.7", LowCrawl: "A10.52"}

// one reports whether m moves one Location only (a motion of oneRule; a
// switch, not the map: it is asked at every step of every walk).
func (m Motion) one() bool { return m == Assault || m == Advance || m == LowCrawl }

// Refusal is a step Enter or Place refused: data, worded by each front
// end (Error is the engine's own plain words).
type Refusal struct {
	Why      Why
	Motion   Motion // 0 for Place
	Units    []string
	From, To board.Location
	// m names the Locations in Error.
	m *board.Map
	// Cost and Left: the step's cost and the half MF the units had left
	// (NoLimit: not checked), where the graph had the step.
	Cost, Left int
}

func (r *Refusal) Error() string {
	what := "place"
	if r.Motion != 0 {
		what = r.Motion.String()
	}
	var why string
	switch r.Why {
	case NoUnits:
		why = "no unit"
	case NotOnMap:
		why = "a unit is not on the map"
	case NotOneStack:
		why = "the units are not one stack"
	case OffMap:
		why = "the Location is not on the map"
	case NoArc:
		why = "no step leads there"
	case NoMF:
		why = fmt.Sprintf("the step costs %s MF and %s are left (ASL A4.1)", halves(r.Cost), halves(r.Left))
	case Occupied:
		why = "the other side's units are there (ASL A4.14)"
		if r.Motion == Rout || r.Motion == LowCrawl {
			why = "the other side's units are there (ASL A10.51)"
		}
	case Full:
		why = "it would be overstacked (ASL A5.1)"
	case OneLocation:
		why = "it is of one Location (ASL " + oneRule[r.Motion] + ")"
	}
	from, to := fmt.Sprint(r.From), fmt.Sprint(r.To)
	if r.m != nil {
		from, to = r.m.LocationName(r.From), r.m.LocationName(r.To)
	}
	return fmt.Sprintf("%s of %s from %s to %s refused: %s", what, strings.Join(r.Units, ", "), from, to, why)
}

func halves(n int) string {
	if n%2 == 0 {
		return fmt.Sprint(n / 2)
	}
	return fmt.Sprintf("%d.5", n/2)
}
