package combat

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sasl-engine/sasl/act"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// The Rout Phase (ASL A10.5-A10.53) and Desperation Morale (A10.62), for
// both sides. None of it is among the texts in ../shared/rules; sasl plays
// it as the ASL rules say, with these readings, each named where it is
// used:
//
//   - Known (A12 is not modelled): a FRIENDLY unit is Known to the ENEMY
//     when the game says so (state.Unit.Known); an ENEMY unit on the map
//     other than an S? is Known to the FRIENDLY side (SASL reveals a unit
//     when its S? is Activated). An S? is neither Known nor armed.
//   - Open Ground (A10.531) for an enemy unit is a Location it could apply
//     FFMO to: no positive TEM against its fire (a wall's included) and a
//     LOS from it with no hindrance.
//   - A routing unit never ends its rout overstacked: a Location it would
//     overstack is no rout destination (sasl keeps every Location within
//     the stacking limit after every phase; A10.51 lets a routing unit end
//     "even if overstacked").

// RoutNeed says whether a broken unit routs in a RtPh (ASL A10.5).
type RoutNeed uint8

const (
	// NoRout: it stays (Good Order, in Melee, or broken and not DM).
	NoRout RoutNeed = iota
	// MayRout: a DM unit may rout (A10.5: only broken DM units rout).
	MayRout
	// MustRout: ADJACENT to a Known Good Order armed enemy unit, or in
	// Open Ground in the LOS and normal range of one (A10.5): it routs,
	// or is eliminated for Failure to Rout.
	MustRout
)

// Known reports whether u is Known to the other side (see the readings
// above): a FRIENDLY unit marked Known, an ENEMY unit on the map that is
// not an S?.
func Known(u *state.Unit) bool {
	if !u.OnMap() || u.Kind == state.SQ {
		return false
	}
	return u.Side == state.Enemy || u.Known
}

// threat is the Known enemy units of a Location as the Rout Phase weighs
// them: where they are, whether one is in Good Order, and the longest
// normal range of their Good Order MMC (0: none; an SMC has no inherent
// FP). Every test of the Rout Phase is of a Location ("ADJACENT to a Known
// enemy unit", "in its LOS", "a Good Order one in whose normal range"), so
// a stack is one threat: its LOS is looked up once, not unit by unit.
type threat struct {
	at   board.Location
	rng  int
	good bool
}

// threats returns the threats of the enemy of side (listThreats), in
// storage reused from call to call. During Routs(side) they are listed
// once, when first asked for (held): a rout moves, reduces or eliminates
// units of side alone.
func (c *Resolver) threats(side state.Side) []threat {
	if c.inRouts {
		if c.thrSide == side {
			if !c.thrHeld { // listed at the first unit that needs them
				c.thr, c.thrHeld = c.listThreats(c.thr[:0], side), true
			}
			return c.thr
		}
		// The other side's, asked meanwhile (nothing does now): a list of
		// their own, leaving side's held.
		return c.listThreats(nil, side)
	}
	c.thr = c.listThreats(c.thr[:0], side)
	return c.thr
}

// listThreats appends the Locations of the Known units of the enemy of
// side to out, in the order of their first unit, each a threat.
func (c *Resolver) listThreats(out []threat, side state.Side) []threat {
	from := len(out)
	for _, x := range c.St.OfSide(Other(side)) {
		if !Known(x) {
			continue
		}
		at := x.At()
		i := from
		for i < len(out) && out[i].at != at {
			i++
		}
		if i == len(out) {
			out = append(out, threat{at: at})
		}
		if t := &out[i]; !x.Broken {
			t.good = true
			if x.Kind.MMC() {
				t.rng = max(t.rng, c.Strength(x).Range)
			}
		}
	}
	return out
}

// openGround reports whether Location l is Open Ground to an enemy unit in
// from (ASL A10.531): one that could apply FFMO there (A4.6: no positive
// TEM against its fire, a wall's included, and no hindrance on its LOS).
func (c *Resolver) openGround(from, l board.Location) bool {
	v := c.W.Sight(l, from) // toward the enemy unit, which recurs (LOS is reciprocal here)
	return v.Clear && tables.OpenGround(c.W.FireTEM(from, l).TEM, v.Hindrance)
}

// interdicts reports whether a Known Good Order enemy unit of ts has
// Location l in its LOS and normal range in Open Ground (ASL A10.5,
// A10.53): a broken unit there must rout, and one routing into it is
// Interdicted.
func (c *Resolver) interdicts(ts []threat, l board.Location) bool {
	for _, t := range ts {
		if t.good && t.rng > 0 && t.at != l && hex.Distance(t.at.Hex, l.Hex) <= t.rng && c.openGround(t.at, l) {
			return true
		}
	}
	return false
}

// besetBy reports whether l is ADJACENT to (or is) the Location of a
// Known enemy unit of ts, a Good Order one only if good.
func besetBy(m *board.Map, ts []threat, l board.Location, good bool) bool {
	for _, t := range ts {
		if (t.good || !good) && Adjacent(m, t.at, l) {
			return true
		}
	}
	return false
}

// Exposed reports whether a broken unit of side in Location l must rout
// from it (ASL A10.5): l is ADJACENT to a Known Good Order armed enemy
// unit, or Open Ground in the LOS and normal range of one.
func (c *Resolver) Exposed(side state.Side, l board.Location) bool {
	ts := c.threats(side)
	return besetBy(c.W.Map(), ts, l, true) || c.interdicts(ts, l)
}

// NeedsRout says whether broken unit u routs in this RtPh (ASL A10.5):
// not once it has routed, nor in Melee (a unit locked in Melee does not
// rout).
func (c *Resolver) NeedsRout(u *state.Unit) RoutNeed {
	switch {
	case !u.Broken || !u.OnMap() || u.Routed || c.InMelee(u.At()):
		return NoRout
	case c.Exposed(u.Side, u.At()):
		return MustRout
	case u.DM:
		return MayRout
	}
	return NoRout
}

// RoutOption is one legal rout of a unit (ASL A10.51, A10.52): the
// Locations it enters, To last, and what it costs and risks.
type RoutOption struct {
	To   board.Location
	Path []board.Location
	// HalfMF spent (a Low Crawl spends all of them).
	HalfMF   int
	LowCrawl bool
	// Cover: To is a building or woods Location (A10.51's goal).
	Cover bool
	// Risk is the Locations of the path where the unit would be
	// Interdicted (A10.53); Safe: it ends its rout where it need not rout
	// from (not Exposed).
	Risk int
	Safe bool
}

// cover reports whether l is a building or woods Location, where a
// routing unit heads (ASL A10.51).
func (c *Resolver) cover(l board.Location) bool {
	t, ok := c.W.Map().Terrain(l.Hex)
	return ok && t.Kinds.Any(terrain.Building, terrain.Woods)
}

// routNode is a Location reached by a rout search.
type routNode struct {
	loc    board.Location
	node   int // in the Infantry graph
	cost   int
	parent int // index in the search's nodes, -1 at the start
	first  int // the first building/woods Location on its path, -1 none
	risk   int // Interdictions on its path, -1 not worked out yet
	done   bool
}

// routScratch is the storage of RoutOptions, reused from call to call: the
// options and their paths it returns are valid until its next call.
type routScratch struct {
	seen  sightOf // of the start
	from  stepFrom
	nodes []routNode
	opts  []RoutOption
	paths []board.Location
	// reached holds the graph nodes this search reached, node v at
	// nodes[at[v]]; buckets[c]: the nodes reached for c half MF.
	close   []threat
	fitting []RoutOption
	reached marks
	at      []int32
	buckets [][]int32
	// blocked[v] (v among tested, this RoutOptions'): graph node v holds
	// enemy units or is ADJACENT to a Known enemy unit, worked out at the
	// first step into it (a Location is stepped into from each of its
	// neighbours).
	blocked []bool
	tested  marks
}

// RoutOptions lists the legal routs of broken unit u from where it is
// (ASL A10.51, A10.52), in the order of the Locations reached:
//
//   - it spends at most rout_mf MF (A10.5) on Infantry costs;
//   - it enters no Location holding enemy units nor ADJACENT to a Known
//     enemy unit, and while in the LOS of a Known armed enemy unit (or
//     having been in it at its start) never lessens the range to it in
//     hexes (A10.51 DIRECTION);
//   - it must head for the nearest (in MF) building or woods Location it
//     can so reach, but may ignore one no farther from a Known enemy unit
//     than its start; once there it stops, but for going on directly into
//     another building or woods Location; with none it may rout to any
//     Location it can reach;
//   - it may instead Low Crawl one Location (A10.52) by the same path
//     rules;
//   - it never ends overstacked (a reading: see above).
//
// None: the unit cannot rout (a unit that must is eliminated for Failure
// to Rout, Routs). The options and their paths are the Resolver's, valid
// until its next RoutOptions.
func (c *Resolver) RoutOptions(u *state.Unit) ([]RoutOption, error) {
	return c.routOptions(u, true)
}

// routOptions is RoutOptions, the stacking limit checked for u (fit) or
// not (Routs checks it unit by unit).
func (c *Resolver) routOptions(u *state.Unit, fit bool) ([]RoutOption, error) {
	gr, err := c.W.Infantry()
	if err != nil {
		return nil, err
	}
	side, start := u.Side, u.At()
	ts := c.threats(side)
	r := &c.rout
	// seen: the Known armed enemy units in whose LOS the start is, looked
	// up as a step first asks.
	r.seen.reset(start, len(ts))
	r.from.reset()
	near := func(l board.Location) int {
		d := 1 << 30
		for _, t := range ts {
			d = min(d, hex.Distance(t.at.Hex, l.Hex))
		}
		return d
	}
	budget := 2 * c.t.Combat.RoutMF.Value
	s, ok := gr.Node(start)
	if !ok {
		return nil, nil
	}
	// The search: Locations by the index of their graph node (stamp, at:
	// this search's mark), taken from buckets by cost, as the graph's
	// searches do (costs are small whole half MF).
	r.reached.reset(gr.Len())
	if len(r.at) < gr.Len() {
		r.at = make([]int32, gr.Len())
	}
	nodes := append(r.nodes[:0], routNode{loc: start, node: s, parent: -1, first: -1, risk: -1})
	defer func() { r.nodes = nodes[:0] }()
	r.reached.add(s)
	r.at[s] = 0
	find := func(v int) int {
		if !r.reached.has(v) {
			return -1
		}
		return int(r.at[v])
	}
	for i := range r.buckets {
		r.buckets[i] = r.buckets[i][:0]
	}
	if len(r.buckets) < budget+1 {
		r.buckets = append(r.buckets, make([][]int32, budget+1-len(r.buckets))...)
	}
	r.buckets[0] = append(r.buckets[0], 0)
	// close: the Known enemy units a Location within reach may be ADJACENT
	// to (every arc costs at least a half MF).
	close := r.close[:0]
	for _, t := range ts {
		if hex.Distance(t.at.Hex, start.Hex) <= budget+1 {
			close = append(close, t)
		}
	}
	r.close = close
	if len(r.blocked) < gr.Len() {
		r.blocked = make([]bool, gr.Len())
	}
	r.tested.reset(gr.Len())
	// step is stepFault's verdict, its tests of b alone (stepInto) kept
	// by node.
	step := func(a, b board.Location, v int) bool {
		if !r.tested.has(v) {
			r.tested.add(v)
			f, _ := c.stepInto(side, close, b)
			r.blocked[v] = f != stepOK
		}
		if r.blocked[v] {
			return false
		}
		_, near := c.nearer(ts, &r.seen, &r.from, a, b)
		return !near
	}
	startNear := near(start)
	// goal reports whether l is a building or woods Location a unit must
	// head for: one it may not ignore (A10.51).
	goal := func(l board.Location) bool { return c.cover(l) && near(l) > startNear }
	// search takes the Locations reached from the buckets, cheapest
	// first, from cost on: once a path has reached a building/woods
	// Location it must head for (first), it goes on only into more
	// (A10.51).
	search := func(from int) {
		for cost := from; cost <= budget; cost++ {
			for q := 0; q < len(r.buckets[cost]); q++ {
				k := int(r.buckets[cost][q])
				if nodes[k].done || nodes[k].cost != cost {
					continue // taken already, or reached for less since
				}
				nodes[k].done = true
				a := nodes[k]
				to, mf := gr.OutArcs(a.node)
				for i, v32 := range to {
					v, arc := int(v32), int(mf[i])
					nc := a.cost + arc
					if nc > budget {
						continue
					}
					j := find(v)
					if j >= 0 && (nodes[j].done || nodes[j].cost <= nc) {
						continue
					}
					b := gr.Location(v)
					if a.first >= 0 && !c.cover(b) {
						continue // A10.51: it stops in building/woods, but for going on into more
					}
					if !step(a.loc, b, v) {
						continue
					}
					if j < 0 {
						j = len(nodes)
						r.reached.add(v)
						r.at[v] = int32(j)
						nodes = append(nodes, routNode{})
					}
					n := routNode{loc: b, node: v, cost: nc, parent: k, first: a.first, risk: -1}
					if n.first < 0 && goal(b) {
						n.first = j
					}
					nodes[j] = n
					r.buckets[nc] = append(r.buckets[nc], int32(j))
				}
			}
		}
	}
	search(0)
	// risk is the Interdictions on the way to node i (A10.53), each
	// Location's worked out once.
	var risk func(i int) int
	risk = func(i int) int {
		if i == 0 {
			return 0
		}
		if nodes[i].risk < 0 {
			n := risk(nodes[i].parent)
			if c.interdicts(ts, nodes[i].loc) {
				n++
			}
			nodes[i].risk = n
		}
		return nodes[i].risk
	}
	// The building/woods Locations it must head for: the nearest it may
	// not ignore (at most), and those nearer it may ignore; with none,
	// any Location it reaches.
	best := 1 << 30
	for i := 1; i < len(nodes); i++ {
		if n := nodes[i]; n.first == i {
			best = min(best, n.cost)
		}
	}
	// From the nearest it may go on directly into more building or woods
	// Locations (A10.51), whatever cheaper way the search found to them:
	// a second search from those, into building/woods alone.
	cont := len(nodes)
	if best < 1<<30 {
		r.reached.reset(gr.Len())
		for i := range r.buckets {
			r.buckets[i] = r.buckets[i][:0]
		}
		for i := 1; i < cont; i++ {
			if n := nodes[i]; n.first == i && n.cost == best {
				nodes[i].done = false
				r.reached.add(n.node)
				r.at[n.node] = int32(i)
				r.buckets[n.cost] = append(r.buckets[n.cost], int32(i))
			}
		}
		search(best) // the seeds' first is their own: they go on only into more
	}
	out := r.opts[:0]
	paths := r.paths[:0]
	for i := 1; i < len(nodes); i++ {
		n := nodes[i]
		switch {
		case i >= cont: // going on from the nearest
			if slices.ContainsFunc(out, func(o RoutOption) bool { return o.To == n.loc }) {
				continue
			}
		case best == 1<<30:
		case n.first >= 0 && nodes[n.first].cost == best:
		case n.first < 0 && c.cover(n.loc) && n.cost <= best:
		default:
			continue
		}
		if fit && !c.fits(u, n.loc) {
			continue
		}
		o := RoutOption{To: n.loc, HalfMF: n.cost, Cover: c.cover(n.loc), Risk: risk(i)}
		from := len(paths)
		for j := i; j > 0; j = nodes[j].parent {
			paths = append(paths, nodes[j].loc)
		}
		o.Path = paths[from:len(paths):len(paths)]
		slices.Reverse(o.Path)
		o.Safe = !besetBy(c.W.Map(), ts, n.loc, true) && !c.interdicts(ts, n.loc)
		out = append(out, o)
	}
	// Low Crawl: one Location, all its MF (A10.52), not Interdicted.
	gr.Out(s, func(v, cost int) {
		b := gr.Location(v)
		if cost > budget || !step(start, b, v) || fit && !c.fits(u, b) {
			return
		}
		paths = append(paths, b)
		out = append(out, RoutOption{To: b, Path: paths[len(paths)-1 : len(paths) : len(paths)], HalfMF: budget, LowCrawl: true, Cover: c.cover(b),
			Safe: !besetBy(c.W.Map(), ts, b, true) && !c.interdicts(ts, b)})
	})
	r.opts, r.paths = out[:0], paths[:0]
	return out, nil
}

// ChooseRout is the engine's choice among a unit's legal routs (both
// sides, and the player's units where they pass): first a rout that ends
// where it need not rout from, then the fewest Interdictions, then a
// building or woods Location, then the fewest MF, then the farthest from
// the Known enemy; a Low Crawl where it does as well. ok is false with no
// option.
func (c *Resolver) ChooseRout(u *state.Unit, opts []RoutOption) (RoutOption, bool) {
	if len(opts) == 0 {
		return RoutOption{}, false
	}
	ts := c.threats(u.Side)
	far := func(l board.Location) int {
		d := 1 << 30
		for _, t := range ts {
			d = min(d, hex.Distance(t.at.Hex, l.Hex))
		}
		return d
	}
	best := 0
	for i := 1; i < len(opts); i++ {
		a, b := opts[i], opts[best]
		better := false
		switch {
		case a.Safe != b.Safe:
			better = a.Safe
		case a.Risk != b.Risk:
			better = a.Risk < b.Risk
		case a.Cover != b.Cover:
			better = a.Cover
		case a.LowCrawl != b.LowCrawl:
			better = !a.LowCrawl
		case a.HalfMF != b.HalfMF:
			better = a.HalfMF < b.HalfMF
		default:
			better = far(a.To) > far(b.To)
		}
		if better {
			best = i
		}
	}
	return opts[best], true
}

// Rout moves broken unit u by rout option o (ASL A10.5): Location by
// Location, taking an Interdiction NMC in each Location it enters in Open
// Ground in the LOS and normal range of a Known Good Order enemy unit,
// unless it Low Crawls (A10.53); a failure does interdiction_fail to it (a
// unit eliminated stops). It ends DM, and routed for this RtPh.
func (c *Resolver) Rout(u *state.Unit, o RoutOption) error {
	st := c.St
	m := act.Rout
	if o.LowCrawl {
		m = act.LowCrawl
	}
	// The executor carries the rout out a Location at a time (an arc, no
	// enemy unit there: A10.51; the path's MF and where it ends were
	// checked by RoutOptions or RoutPath), marking the unit DM and routed;
	// after each Location the Interdiction there (A10.53), told as it
	// happens, then the rout: what the unit did, as far as it got (a unit
	// eliminated stops).
	c.one[0] = u
	walked, err := act.On(c.W, st).Walk(c.one[:], o.Path, m, act.NoLimit, nil, func(stack []*state.Unit, l board.Location, _ int) ([]*state.Unit, error) {
		if o.LowCrawl || !c.interdicts(c.threats(u.Side), l) {
			return stack, nil
		}
		d, ml, err := c.moraleDR(u, "ASL A10.53", report.ForInterdiction, 0)
		if err != nil {
			return nil, err
		}
		if d.Final <= ml {
			c.add(report.Morale, u, report.Event{Dice: d, Cause: report.Interdicted})
			return stack, nil
		}
		_, err = c.interdictionFail(u, d)
		return stack, err
	})
	if err != nil {
		return err
	}
	if walked.Refused != nil {
		return walked.Refused // the rout was checked: the engine's fault
	}
	steps := walked.Steps // a Low Crawl's step costs all its MF (act, A10.52)
	var notes []report.Note
	if o.LowCrawl {
		notes = append(notes, report.Note{Kind: report.LowCrawl})
	}
	ev := report.Event{Kind: report.Rout, Units: c.log.Strings(u.ID), Side: u.Side, Steps: c.log.Steps(steps...), Notes: c.log.Notes(notes...)}
	if !st.Holds(u) {
		ev.Cause = report.Interdicted | report.Reduced
	}
	c.log.Add(ev)
	return nil
}

// interdictionFail does interdiction_fail to u, and reports whether it is
// gone.
func (c *Resolver) interdictionFail(u *state.Unit, d report.Dice) (bool, error) {
	switch c.t.Combat.InterdictionFail.Value {
	case tables.Reduce, tables.Break: // already broken: Casualty Reduced
		return c.Reduce(u, report.Interdicted, d)
	}
	c.add(report.Morale, u, report.Event{Dice: d, Cause: report.Interdicted})
	return false, nil
}

// Routs plays side's part of a RtPh as the engine decides it (ASL A10.5):
// each broken unit that must rout becomes DM and routs by ChooseRout, or
// is eliminated for Failure to Rout when it cannot; a unit that only may
// rout (DM) stays where it is (the engine routs only where it must). Units
// go in the order of the state.
func (c *Resolver) Routs(side state.Side) error {
	// Only a broken unit routs (NeedsRout): a side with none does no
	// rout work at all, most of the game's RtPh.
	units := c.routing[:0]
	for _, u := range c.St.OfSide(side) {
		if u.Broken {
			units = append(units, u)
		}
	}
	c.routing = units[:0]
	if len(units) == 0 {
		return nil
	}
	c.thrSide, c.inRouts, c.thrHeld = side, true, false
	defer func() { c.inRouts, c.thrHeld = false, false }()
	// The units of one Location share their search (the same start, the
	// same enemy): only the stacking limit differs, checked unit by unit.
	var opts []RoutOption
	from, searched := board.Location{}, false
	for _, u := range units {
		if !c.St.Holds(u) || c.NeedsRout(u) != MustRout {
			continue
		}
		u.DM = true
		if !searched || u.At() != from {
			var err error
			if opts, err = c.routOptions(u, false); err != nil {
				return err
			}
			from, searched = u.At(), true
		}
		mine := c.rout.fitting[:0]
		for _, o := range opts {
			if c.fits(u, o.To) {
				mine = append(mine, o)
			}
		}
		c.rout.fitting = mine[:0]
		if err := c.routBest(u, mine); err != nil {
			return err
		}
	}
	return nil
}

// RoutOne routs broken unit u, which routs by the player's choice o
// (ASL A10.5): it is DM.
func (c *Resolver) RoutOne(u *state.Unit, o RoutOption) error {
	u.DM = true
	return c.Rout(u, o)
}

// routBest routs u by the engine's choice among opts (ChooseRout); with
// none it is eliminated for Failure to Rout (ASL A10.5).
func (c *Resolver) routBest(u *state.Unit, opts []RoutOption) error {
	best, ok := c.ChooseRout(u, opts)
	if !ok {
		c.Eliminate(u, report.FailedRout, report.Dice{})
		return nil
	}
	return c.Rout(u, best)
}

// RoutPath checks a rout the player names Location by Location (to: the
// Locations it enters; one Location: its destination, by the shortest
// legal path) against u's legal routs, and returns it, or why it is not
// one, with the rule.
func (c *Resolver) RoutPath(u *state.Unit, to []board.Location, lowCrawl bool) (RoutOption, error) {
	if len(to) == 0 || lowCrawl && len(to) != 1 {
		return RoutOption{}, fmt.Errorf("%s: a rout names the Locations it enters, a Low Crawl one (ASL A10.52)", u.ID)
	}
	opts, err := c.RoutOptions(u)
	if err != nil {
		return RoutOption{}, err
	}
	m := c.W.Map()
	dest := to[len(to)-1]
	var ends []string
	for _, o := range opts {
		if o.LowCrawl != lowCrawl {
			continue
		}
		ends = append(ends, m.LocationName(o.To))
		if o.To != dest {
			continue
		}
		if len(to) == 1 || slices.Equal(o.Path, to) {
			o.Path = slices.Clone(o.Path) // not the Resolver's scratch
			return o, nil
		}
		// Another path to a legal destination: each step as the rules
		// allow, within its MF.
		if err := c.checkPath(u, to); err != nil {
			return RoutOption{}, err
		}
		o.Path = slices.Clone(to)
		o.Risk = 0
		ts := c.threats(u.Side)
		for _, l := range to {
			if c.interdicts(ts, l) {
				o.Risk++
			}
		}
		return o, nil
	}
	what, rule := "rout to", "ASL A10.51"
	if lowCrawl {
		what, rule = "Low Crawl to", "ASL A10.52: one Location"
	}
	if len(ends) == 0 {
		return RoutOption{}, fmt.Errorf("%s has no legal Location to %s (%s)", u.ID, what, rule)
	}
	// Why not dest: the first rule it breaks.
	ts := c.threats(u.Side)
	why := fmt.Sprintf("it is not a Location it may rout to: the nearest building or woods within %d MF (or, going on from it, more building or woods), by a way that enters no Location ADJACENT to a Known enemy unit nor nears one in whose LOS it is", c.t.Combat.RoutMF.Value)
	switch {
	case dest == u.At():
		why = "it is there already"
	case c.St.Has(Other(u.Side), dest):
		why = "it holds enemy units (an S? too)"
	case besetBy(c.W.Map(), ts, dest, false):
		why = "it is ADJACENT to a Known enemy unit"
	case lowCrawl && hex.Distance(dest.Hex, u.At().Hex) > 1:
		why = "a Low Crawl goes one Location"
	case !c.fits(u, dest):
		why = "it would be overstacked (ASL A5.1)"
	}
	return RoutOption{}, fmt.Errorf("%s may not %s %s (%s): %s; it may %s %s", u.ID, what, m.LocationName(dest), rule, why, what, joinNames(ends))
}

// checkPath checks a rout path Location by Location (ASL A10.51), by the
// rules of RoutOptions' search (stepFault) and its MF.
func (c *Resolver) checkPath(u *state.Unit, to []board.Location) error {
	gr, err := c.W.Infantry()
	if err != nil {
		return err
	}
	m := c.W.Map()
	ts := c.threats(u.Side)
	var seen sightOf
	var from stepFrom
	seen.reset(u.At(), len(ts))
	cur, spent := u.At(), 0
	for _, l := range to {
		a, ok1 := gr.Node(cur)
		b, ok2 := gr.Node(l)
		cost, ok := gr.Cost(a, b)
		if !ok1 || !ok2 || !ok {
			return fmt.Errorf("%s cannot go from %s to %s in one step: a rout enters Locations one at a time, each ADJACENT to the last (ASL A10.5, A4)", u.ID, m.LocationName(cur), m.LocationName(l))
		}
		if spent += cost; spent > 2*c.t.Combat.RoutMF.Value {
			return fmt.Errorf("the rout of %s to %s costs more than its %d MF (ASL A10.5)", u.ID, m.LocationName(l), c.t.Combat.RoutMF.Value)
		}
		switch f, t := c.stepFault(u.Side, ts, ts, &seen, &from, cur, l); f {
		case stepOK:
		case stepEnemy:
			return fmt.Errorf("%s may not rout into %s, which holds enemy units (ASL A10.51)", u.ID, m.LocationName(l))
		case stepAdjacent:
			return fmt.Errorf("%s may not rout into %s, which is ADJACENT to a Known enemy unit (ASL A10.51)", u.ID, m.LocationName(l))
		default:
			return fmt.Errorf("%s may not rout from %s to %s, nearer the Known enemy unit in %s in whose LOS it is (ASL A10.51)", u.ID, m.LocationName(cur), m.LocationName(l), m.LocationName(t.at))
		}
		cur = l
	}
	return nil
}

// joinNames lists Locations by name, the first 12 of a longer list.
func joinNames(names []string) string {
	if len(names) > 12 {
		return fmt.Sprintf("%s ... (%d Locations)", strings.Join(names[:12], ", "), len(names))
	}
	return strings.Join(names, ", ")
}

// Desperate reports whether broken unit u is under Desperation Morale now
// (ASL A10.62): marked DM, or ADJACENT to a Known Good Order armed enemy
// unit (which marks it DM).
func (c *Resolver) Desperate(u *state.Unit) bool {
	if u.Broken && !u.DM && besetBy(c.W.Map(), c.threats(u.Side), u.At(), true) {
		u.DM = true
	}
	return u.Broken && u.DM
}

// EndDM ends the DM of side's broken units at the end of their own RPh
// (ASL A10.62), but for those that still must rout where they are (a
// reading: ADJACENT to a Known Good Order armed enemy unit, or in Open
// Ground in its LOS and normal range).
func (c *Resolver) EndDM(side state.Side) {
	for _, u := range c.St.OfSide(side) {
		if u.DM && (!u.Broken || !c.Exposed(side, u.At())) {
			u.DM = false
		}
	}
}

// fits reports whether unit u fits in Location l (ASL A5.1, world.Fits).
func (c *Resolver) fits(u *state.Unit, l board.Location) bool {
	c.one[0] = u
	return c.W.Fits(c.St, u.Side, l, c.one[:])
}
