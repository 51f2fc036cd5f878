package policy

import (
	"slices"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// attack takes and holds the VPOs the mission's victory conditions say the
// FRIENDLY side must Control (all its VPOs if it names none):
//   - PFPh: units that stay (a VPO's garrison, units with nowhere to go)
//     Prep Fire at the best odds of at least policy.fire_odds;
//   - MPh: every other Good Order stack moves toward the nearest VPO not
//     yet held, along the cheapest way (the flow field of pathing.To over
//     the Infantry graph) weighted by exposure (pathing.Exposure: open
//     ground in the LOS of a revealed ENEMY unit within
//     policy.exposure_reach costs policy.exposure half MF more), leaders
//     with the MMC of their Location (a leader alone joins the first
//     FRIENDLY MMC on its way); within policy.assault_within hexes of a
//     revealed ENEMY unit a stack moves one Location by Assault Movement;
//   - AFPh: every Good Order unit that has not fired fires at the best odds
//     (Advancing Fire for those that moved);
//   - APh: units next to a VPO not yet held advance into it, ENEMY units
//     there or not (Close Combat follows in the CCPh);
//   - in the ENEMY Player Turn it fires as hold does.
type attack struct {
	fire   firer
	w      *world.World
	s      *pathing.Search
	fields []*pathing.Lazy
	goals  []board.Location
	known  []board.Location
	// exposure is the weights of the ways, kept from make to make;
	// exposed the nodes a Known ENEMY unit in a Location exposes
	// (pathing.Graph.Exposed), kept for each Location met, from game to
	// game of the world (they depend on its map, season and LOS alone).
	exposure pathing.Weights
	exposed  map[board.Location][]int32
	// ways: the goals and known ENEMY Locations the fields were made
	// for (made: they were), kept until either changes, also from game to
	// game of a world.
	ways struct {
		goals, known []board.Location
		made         bool
	}
	// reaches: for each goal met, the nodes of the Infantry graph with a
	// way to it (their cost in its field is not Unreached, whatever the
	// weights), kept for the world, as exposed is: whether a unit has a
	// way is all the PFPh asks, and needs no field.
	reaches map[board.Location][]bool
	buf     []Action
}

func newAttack(w *world.World) *attack { return &attack{w: w} }

func (*attack) Name() state.Policy { return Attack }

func (a *attack) Next(d *Decision) (Action, bool, error) {
	a.fire.one = true
	defer func() { a.fire.one = false }()
	return first(a, d, &a.buf)
}

func (a *attack) actions(d *Decision, out []Action) ([]Action, error) {
	if d.Moving != nil || d.Player == state.Enemy {
		return a.fire.decide(d, out, nil)
	}
	switch d.Phase {
	case state.PFPh:
		if err := a.targets(d); err != nil {
			return out, err
		}
		return a.fire.decide(d, out, func(u *state.Unit) bool { return a.hasWay(u.At()) && !a.kept(d, u) })
	case state.MPh:
		if err := a.targets(d); err != nil {
			return out, err
		}
		return a.moves(d, out)
	case state.AFPh:
		return a.fire.decide(d, out, nil)
	case state.APh:
		if err := a.targets(d); err != nil {
			return out, err
		}
		return a.advances(d, out), nil
	}
	return out, nil
}

// targets finds the goals not yet held and the Locations of the revealed
// ENEMY units; makeWays the flow fields toward the goals, which those
// units' LOS weighs, when a stack of the MPh first asks for a way.
func (a *attack) targets(d *Decision) error {
	g, err := a.w.Infantry()
	if err != nil {
		return err
	}
	if a.s == nil {
		a.s = g.NewSearch()
	}
	if err := a.w.SightErr(); err != nil {
		return err
	}
	vpos, err := a.w.VictoryVPOs()
	if err != nil {
		return err
	}
	if len(vpos) == 0 {
		vpos = a.w.VPOs()
	}
	a.goals = a.goals[:0]
	garrison := a.w.Tables().Policy.Garrison.Value
	for _, v := range vpos {
		if side, _ := d.St.Controller(v); side != state.Friendly || mmc(d, v) < garrison {
			a.goals = append(a.goals, v)
		}
	}
	a.known = a.known[:0]
	for _, u := range d.St.OfSide(state.Enemy) {
		if combat.Target(u) && !slices.Contains(a.known, u.At()) {
			a.known = append(a.known, u.At())
		}
	}
	return nil
}

// makeWays starts the flow fields toward the goals of the last targets,
// unless those of the same goals and Known ENEMY Locations are made: each
// a pathing.Lazy, settled only as far as the stacks that ask for a way.
func (a *attack) makeWays() error {
	if len(a.goals) == 0 {
		return nil // no way to make: way finds none
	}
	if a.ways.made && slices.Equal(a.goals, a.ways.goals) && slices.Equal(a.known, a.ways.known) {
		return nil
	}
	g, err := a.w.Infantry()
	if err != nil {
		return err
	}
	a.ways.goals = append(a.ways.goals[:0], a.goals...)
	a.ways.known = append(a.ways.known[:0], a.known...)
	a.ways.made = true
	p := &a.w.Tables().Policy
	var weights pathing.Weights // none: the cheapest ways
	if len(a.known) > 0 && p.Exposure.Value > 0 {
		reach := p.ExposureReach.Value
		if a.exposed == nil {
			a.exposed = map[board.Location][]int32{}
		}
		a.exposure = g.ExposureOf(a.exposure, func(k board.Location) []int32 {
			nodes, ok := a.exposed[k]
			if !ok {
				nodes = g.Exposed(nil, k, a.w.Seen(k, reach), a.w.Season())
				a.exposed[k] = nodes
			}
			return nodes
		}, a.known, p.Exposure.Value)
		weights = a.exposure
	}
	for len(a.fields) < len(a.goals) {
		a.fields = append(a.fields, g.NewLazy())
	}
	for i, v := range a.goals {
		a.fields[i].To(v, weights)
	}
	return nil
}

// mmc counts the Good Order FRIENDLY MMC in l.
func mmc(d *Decision, l board.Location) int {
	n := 0
	for u := range d.St.In(state.Friendly, l) {
		if u.Kind.MMC() && !u.Broken {
			n++
		}
	}
	return n
}

// hasWay reports whether way(l) finds a way: l is no goal, and some goal
// can be reached from it. A field's Unreached does not hang on its
// weights (every weight is finite), so the reach of each goal, worked out
// once for the world, answers without the fields.
func (a *attack) hasWay(l board.Location) bool {
	if slices.Contains(a.goals, l) {
		return false
	}
	g, err := a.w.Infantry()
	if err != nil {
		return false
	}
	u, ok := g.Node(l)
	if !ok {
		return false
	}
	for _, v := range a.goals {
		r, ok := a.reaches[v]
		if !ok {
			if a.reaches == nil {
				a.reaches = map[board.Location][]bool{}
			}
			var f pathing.Field
			r = make([]bool, g.Len()) // none, for a goal not in the graph
			if a.s.To(&f, v, nil) {
				for i := range r {
					r[i] = f.NodeCost(i) != pathing.Unreached
				}
			}
			a.reaches[v] = r
		}
		if r[u] {
			return true
		}
	}
	return false
}

// way returns the cheapest way from l to the nearest goal, l first.
func (a *attack) way(d *Decision, l board.Location) (pathing.Path, bool) {
	best, bi := pathing.Unreached, -1
	for i, v := range a.goals {
		if v == l {
			return pathing.Path{}, false // there: it holds it
		}
		// A field settles only as far as it could beat the best so far
		// (the first of the cheapest wins).
		if c := a.fields[i].CostBelow(l, best); c < best {
			best, bi = c, i
		}
	}
	if bi < 0 {
		return pathing.Path{}, false
	}
	return a.fields[bi].Path(l)
}

// kept reports whether u stays to hold the VPO it is in: the first
// policy.garrison Good Order MMC of a VPO Location the mission needs.
func (a *attack) kept(d *Decision, u *state.Unit) bool {
	if !a.w.IsVPO(u.At()) || !u.Kind.MMC() {
		return false
	}
	n := 0
	for x := range d.St.In(state.Friendly, u.At()) {
		if x.Kind.MMC() && !x.Broken {
			if x == u {
				return n < a.w.Tables().Policy.Garrison.Value
			}
			n++
		}
	}
	return false
}

// moves appends the MPh's moves (the first alone for Next), making the
// ways toward the goals when a stack first asks for one.
func (a *attack) moves(d *Decision, out []Action) ([]Action, error) {
	assault := a.w.Tables().Policy.Assault.Value
	for _, l := range a.fire.locations(d) {
		var units []*state.Unit
		leaders := false
		for u := range d.St.In(state.Friendly, l) {
			if !u.Broken && !u.Fired && !a.kept(d, u) && !skip(d, u) {
				units = append(units, u)
				leaders = leaders || u.Kind.SMC()
			}
		}
		if len(units) == 0 {
			continue
		}
		if err := a.makeWays(); err != nil {
			return out, err
		}
		p, ok := a.way(d, l)
		if !ok || len(p.Steps) < 2 {
			continue
		}
		path := make([]board.Location, 0, len(p.Steps)-1)
		alone := !slices.ContainsFunc(units, func(u *state.Unit) bool { return u.Kind.MMC() })
		for _, s := range p.Steps[1:] {
			path = append(path, s.Location)
			if alone && mmc(d, s.Location) > 0 {
				break // a leader alone joins the MMC on its way
			}
		}
		act := Action{Kind: Move, Units: units, Path: path}
		if a.near(l, assault) {
			act.Path, act.Assault = path[:1], true
		}
		out = append(out, act)
		if a.fire.one {
			break // the first is all Next takes
		}
	}
	return out, nil
}

// near reports whether a revealed ENEMY unit is within r hexes of l.
func (a *attack) near(l board.Location, r int) bool {
	for _, k := range a.known {
		if hex.Distance(k.Hex, l.Hex) <= r {
			return true
		}
	}
	return false
}

// advances appends the APh's advances: into a goal next to the units.
func (a *attack) advances(d *Decision, out []Action) []Action {
	g, _ := a.w.Infantry()
	for _, l := range a.fire.locations(d) {
		n, ok := g.Node(l)
		if !ok {
			continue
		}
		var to board.Location
		found := false
		g.Out(n, func(v, _ int) {
			if x := g.Location(v); !found && slices.Contains(a.goals, x) {
				to, found = x, true
			}
		})
		if !found {
			continue
		}
		var units []*state.Unit
		for u := range d.St.In(state.Friendly, l) {
			if !u.Broken && !a.kept(d, u) && !skip(d, u) {
				units = append(units, u)
			}
		}
		if len(units) > 0 {
			out = append(out, Action{Kind: Advance, Units: units, Path: []board.Location{to}})
		}
	}
	return out
}
