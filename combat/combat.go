// Package combat resolves attacks for both sides: fire on the Infantry Fire
// Table (ASL A7), its results, Morale Checks and Casualty Reduction (A7.3,
// A10), Rally (A10.6), Close Combat (A11) and Control of VPOs (A26.11),
// with the values of tables.Combat and tables.TEM. It decides nothing: who
// fires at what is the FRIENDLY policy's (package policy) and the ENEMY
// procedures' (package ai); a Resolver carries out what they chose, with
// the game's dice, and adds what happened to the game's log.
package combat

import (
	"fmt"
	"slices"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// Resolver resolves the attacks of one game: its world, state, dice and
// log. It holds scratch lists reused from attack to attack; it is not safe
// for concurrent use.
type Resolver struct {
	W   *world.World
	St  *state.State
	R   dice.Roller
	t   *tables.Set
	log *report.Log
	// Reveal, if set, Activates an ENEMY S? found in a Melee before Close
	// Combat (SASL 3.32: an S? in a Location with FRIENDLY units is
	// revealed); the game sets it to the ENEMY side's Activation.
	Reveal func(s *state.Unit) error
	// scratch lists, reused: the units an attack targets, those its
	// result falls on, the Locations of a Close Combat.
	targets, victims, seen []*state.Unit
	melee                  []board.Location
	held                   []board.Location // CloseCombat's: the Locations of FRIENDLY units
	sides                  [2][]*state.Unit // CloseCombat's: the units of each side in a Melee
	rallying               []*state.Unit    // Rally's: the broken units of a side
	// the Rout Phase's (rout.go): the Known enemy units weighed, the
	// units of a side to rout.
	thr []threat
	// inRouts: Routs(thrSide) is under way; thrHeld: thr are thrSide's
	// threats, listed once for all its routs.
	thrSide state.Side
	inRouts bool
	thrHeld bool
	routing []*state.Unit
	rout    routScratch
	one     [1]*state.Unit
	// strs keeps Strength's answers, for the world strW.
	strs [strengthSlots]strengthMemo
	strW *world.World
}

// New returns a Resolver for games of world w adding events to log.
func New(w *world.World, log *report.Log) *Resolver {
	return &Resolver{W: w, t: w.Tables(), log: log}
}

// Reset sets the Resolver on a game's state and dice.
func (c *Resolver) Reset(st *state.State, r dice.Roller) { c.St, c.R = st, r }

// Adjacent reports whether two Locations of map m are ADJACENT (ASL Index:
// Locations in the same or adjacent hexes, within one level of each other,
// between which LOS exists), for Point Blank Fire (A7.21) and fire groups
// (A7.5): the same Location, or Locations of adjacent hexes whose heights
// (the hex's base elevation plus the building level) differ by at most one
// and whose building levels do too (an upper building level next to the
// ground level or the same level of the next hex, a rooftop next to the
// level below it; not a hill two levels above the next hex, across a
// cliff or a steep slope). LOS is the caller's to check (fire needs it
// anyway). Two levels of one hex are not ADJACENT here: stairwells are not
// modelled. O(1).
func Adjacent(m *board.Map, a, b board.Location) bool {
	if a == b {
		return true
	}
	if hex.Distance(a.Hex, b.Hex) != 1 {
		return false
	}
	dl := a.Level - b.Level
	if dl < -1 || dl > 1 {
		return false
	}
	dh := dl
	if ta, ok := m.Terrain(a.Hex); ok {
		dh += ta.Elevation
	}
	if tb, ok := m.Terrain(b.Hex); ok {
		dh -= tb.Elevation
	}
	return dh >= -1 && dh <= 1
}

// Motion says how a unit fired at moves (ASL A4.6): not at all (fire
// outside its move), moving, or by Assault Movement (A4.61).
type Motion uint8

const (
	Still Motion = iota
	Moving
	Assault
)

// MoveDRM is the DRM of First Fire at a unit moving as m (ASL A4.6):
// FFNAM unless it uses Assault Movement, and FFMO when it is in Open
// Ground as the fire sees it: its TEM against that fire (tem, a wall's
// included: B9.3) is not positive and the LOS is not hindered (hindrance
// 0). Both sides' First Fire and the S? Activation table's Final DRM use
// it. O(1).
func MoveDRM(t *tables.Combat, m Motion, tem, hindrance int) int {
	if m == Still {
		return 0
	}
	drm := 0
	if m != Assault {
		drm += t.FFNAM.Value
	}
	if tables.OpenGround(tem, hindrance) {
		drm += t.FFMO.Value
	}
	return drm
}

// StackMF is the MF of an Infantry stack moving together, in half MF
// (ASL A4.1, A4.12): 4 for MMC (an S? counts as one), 6 for a leader
// alone, 6 for MMC with a leader; a wounded leader's 3 (A17.2) caps the
// stack he is in.
func StackMF(t *tables.Combat, units []*state.Unit) int {
	mmc := slices.ContainsFunc(units, func(u *state.Unit) bool { return u.Kind.MMC() || u.Kind == state.SQ })
	lead := slices.ContainsFunc(units, func(u *state.Unit) bool { return u.Kind.SMC() })
	mf := t.InfantryMF.Value
	switch {
	case !mmc:
		mf = t.LeaderMF.Value
	case lead:
		mf = t.InfantryMF.Value + t.LedMF.Value
	}
	if slices.ContainsFunc(units, func(u *state.Unit) bool { return u.Kind.SMC() && u.Wounded }) {
		mf = min(mf, t.WoundedMF.Value)
	}
	return 2 * mf
}

// Cover is the TEM of Location at against fire from Location from by
// units of side firer (world.FireTEM: a wall, hedge or bocage hexside the
// line crosses, or the Location's own TEM), with Wall Advantage (ASL
// B9.32): when from is ADJACENT at ground level across that very
// hexside, only the side holding WA takes the wall's TEM; the target gets
// its own TEM when the firer holds it. sasl keeps no WA marker: a unit
// that did not move this Player Turn holds it over one that did, else the
// DEFENDER does (tables: combat.wall_advantage, a reading). O(1) where no
// wall is near; O(units in the two hexes) otherwise.
func Cover(w *world.World, st *state.State, from, at board.Location, firer state.Side) world.Cover {
	cov := w.FireTEM(from, at)
	if cov.Wall == 0 || w.Tables().Combat.WallAdvantage.Value == 0 || from.Level != 0 || from.Roof {
		return cov
	}
	d, ok := at.Hex.DirTo(from.Hex)
	if !ok || (hex.Side{Hex: at.Hex, Dir: d}).Canonical() != cov.Side.Canonical() {
		return cov
	}
	fm, tm := moved(st, firer, from), moved(st, Other(firer), at)
	holder := Other(st.Player) // the DEFENDER
	if fm != tm {
		holder = firer
		if fm {
			holder = Other(firer)
		}
	}
	if holder == firer {
		return world.Cover{TEM: w.TEM(at)}
	}
	return cov
}

// moved reports whether a unit of side in Location l moved this Player
// Turn.
func moved(st *state.State, side state.Side, l board.Location) bool {
	for u := st.First(l.Hex); u != nil; u = u.Next() {
		if u.Side == side && u.At() == l && u.Moved {
			return true
		}
	}
	return false
}

// Cover is the package's Cover in the Resolver's game.
func (c *Resolver) Cover(from, at board.Location, firer state.Side) world.Cover {
	return Cover(c.W, c.St, from, at, firer)
}

// FP is the firepower of a counter of strength s in Location from against
// Location at of map m (ASL A7.2): doubled at Point Blank range (ADJACENT
// Locations, A7.21), halved beyond its normal range (A7.22), divided by
// the divisor of FireDivisor (1: neither Advancing Fire nor pinned).
func FP(m *board.Map, s tables.Strength, from, at board.Location, divisor int) float64 {
	fp := float64(s.FP)
	switch d := hex.Distance(from.Hex, at.Hex); {
	case Adjacent(m, from, at):
		fp *= 2
	case d > s.Range:
		fp /= 2
	}
	return fp / float64(max(divisor, 1))
}

// Shot is what a fire group would roll at a Location: its FP, DRM (TEM,
// the hindrance of the most hindered line, the directing leader's
// modifier, and the movement DRM), range, and the chance of a Morale
// Check or worse. TEM is the largest TEM any member's line gives the
// target (a wall one crosses counts for the whole group: ASL A7.55's one
// DRM for a fire group, read as the hindrance is), Wall the hexside
// feature it comes from (0: the Location's own), Move the movement DRM
// (MoveDRM).
type Shot struct {
	At                  board.Location
	FP                  float64
	DRM, TEM, Hindrance int
	Move                int
	Wall                terrain.Features
	Range               int
	Odds                float64
	// As is the fire the group makes (AimAs).
	As report.Kind
	// asked and reach: the fire and the reach it was aimed as (Firers).
	asked report.Kind
	reach int
}

// Group is the report of the Shot's attack, before the firers and targets
// are known (Resolver.Attack fills them).
func (sh Shot) Group() report.FireGroup {
	g := report.FireGroup{At: sh.At, FP: sh.FP, DRM: sh.DRM, TEM: sh.TEM, Hindrance: sh.Hindrance, Move: sh.Move, Range: sh.Range}
	if sh.Wall != 0 {
		g.Wall = sh.Wall.String()
	}
	return g
}

// Aim works out the Shot of the Good Order MMC fg (with the leaders of
// their Locations) at Location at, whose units move as m (First Fire:
// MoveDRM): ok is false when none of them has a clear LOS to it within
// reach times its normal range (those that have fire). The TEM is the
// largest any firer's line gives (Cover: walls, Wall Advantage). Units
// that moved this Player Turn fire as Advancing Fire (in the AFPh; afph).
// It is AimAs of Prep Fire, or of Advancing Fire.
func (c *Resolver) Aim(fg []*state.Unit, at board.Location, m Motion, reach int, afph bool) (Shot, bool) {
	as := report.PrepFire
	if afph {
		as = report.AdvancingFire
	}
	return c.AimAs(fg, at, m, reach, as)
}

// AimAs is Aim of fire of kind as (report.FirstFire at a mover in the MPh,
// DefensiveFire in the DFPh, PrepFire, AdvancingFire): each unit of fg
// fires as its fire markers let it (Use; ASL A8.1-A8.4), Area Fire halved,
// and those that may not fire at at add nothing. Shot.As is the group's
// fire: its members' kind, or as where they differ.
func (c *Resolver) AimAs(fg []*state.Unit, at board.Location, m Motion, reach int, as report.Kind) (Shot, bool) {
	sh := Shot{At: at, Range: 99}
	n, leadOK, lead := 0, true, -99
	seen := c.seen[:0]
	for _, u := range fg {
		kind, s, d, v, ok := c.aims(u, at, reach, as)
		if !ok {
			continue
		}
		div := FireDivisor(c.t, u, as == report.AdvancingFire)
		if Area(kind) {
			div *= c.t.Combat.AreaFire.Value
		}
		sh.FP += FP(c.W.Map(), s, u.At(), at, div)
		sh.Hindrance = max(sh.Hindrance, v.Hindrance)
		if cov := c.Cover(u.At(), at, u.Side); n == 0 || cov.TEM > sh.TEM {
			sh.TEM, sh.Wall = cov.TEM, cov.Wall
		}
		sh.Range = min(sh.Range, d)
		switch {
		case n == 0:
			sh.As = kind
		case sh.As != kind:
			sh.As = as
		}
		n++
		if !slices.ContainsFunc(seen, func(x *state.Unit) bool { return x.At() == u.At() }) {
			seen = append(seen, u)
		}
	}
	// A leader in each Location directs the group (A7.53), one whose fire
	// markers let him direct the group's fire (A8.4: a leader directs one
	// fire a phase).
	for _, u := range seen {
		if m, ok := c.leaderDRM(u.Side, u.At(), sh.As); ok {
			lead = max(lead, m)
		} else {
			leadOK = false
		}
	}
	c.seen = seen[:0]
	if n == 0 {
		return sh, false
	}
	sh.asked, sh.reach = as, reach
	sh.Move = MoveDRM(&c.t.Combat, m, sh.TEM, sh.Hindrance)
	sh.DRM = sh.TEM + sh.Hindrance + sh.Move
	if leadOK {
		sh.DRM += lead
	}
	sh.Odds = c.Odds(sh.FP, sh.DRM)
	return sh, true
}

// aims reports whether MMC u of a fire group aimed as fire as may fire at
// Location at within reach times its normal range, with a clear LOS to it
// (AimAs), and how: its fire, counter, range and LOS.
func (c *Resolver) aims(u *state.Unit, at board.Location, reach int, as report.Kind) (report.Kind, tables.Strength, int, world.Sight, bool) {
	if u.Kind.SMC() || u.Broken {
		return 0, tables.Strength{}, 0, world.Sight{}, false
	}
	s := c.Strength(u)
	kind, ok := Use(c.W.Map(), u, as, s.Range, at)
	if !ok {
		return 0, s, 0, world.Sight{}, false
	}
	d := hex.Distance(u.At().Hex, at.Hex)
	if d > s.Range*max(reach, 1) {
		return 0, s, d, world.Sight{}, false
	}
	v := c.W.Sight(at, u.At()) // traced from the target: the lines recur by the firer
	return kind, s, d, v, v.Clear
}

// Firers are the units of fg that fire the Shot sh (AimAs): the MMC it
// counted (in LOS and reach, free to fire by their markers) and the
// leaders of their Locations who may direct its fire (directs: A8.4, a
// leader directs one fire a phase). The others neither fire nor are marked as
// having fired (ASL A7.5, A7.22): a member beyond the reach adds no FP and
// keeps its fire. out is appended to and returned.
func (c *Resolver) Firers(fg []*state.Unit, sh Shot, out []*state.Unit) []*state.Unit {
	n := len(out)
	for _, u := range fg {
		if _, _, _, _, ok := c.aims(u, sh.At, sh.reach, sh.asked); ok {
			out = append(out, u)
		}
	}
	for _, u := range fg {
		if u.Kind.SMC() && !u.Broken && directs(u, sh.As) && slices.ContainsFunc(out[n:], func(x *state.Unit) bool { return x.At() == u.At() }) {
			out = append(out, u)
		}
	}
	return out
}

// Odds is the chance of a Morale Check or worse of an attack of fp FP with
// DRM drm on the Infantry Fire Table: the 36 DR of two dice fall on the 11
// sums 2..12, each read once in the column of fp, found once.
func (c *Resolver) Odds(fp float64, drm int) float64 {
	ift := &c.t.IFT
	col, ok := ift.Column(fp)
	if !ok {
		return 0 // below the first column: no effect (tables.IFT.Result)
	}
	n := 0
	for dr := 2; dr <= 12 && dr+drm <= 15; dr++ { // above 15: no effect
		if ift.Rows[max(dr+drm, 0)][col].Kind >= tables.MC {
			n += ways[dr]
		}
	}
	return chances[n]
}

// ways[dr] is how many of the 36 rolls of two dice make DR dr.
var ways = [13]int{2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}

// chances[n] is the chance of n rolls of the 36: 1/36 added n times, as
// a sum over the rolls one by one makes it (the same float64 to the bit,
// which the odds of ties between Shots compare).
var chances = func() (p [37]float64) {
	for n := 1; n <= 36; n++ {
		p[n] = p[n-1] + 1.0/36
	}
	return p
}()

// add tells an event about one unit.
func (c *Resolver) add(kind report.Kind, u *state.Unit, ev report.Event) {
	ev.Kind, ev.Units, ev.At = kind, c.log.Strings(u.ID), u.At()
	c.log.Add(ev)
}

// strength is what a unit's counter says: an MMC's as world.World.Strength
// reads it; a leader's from its type, one without a readable type counted
// a 7-0. It depends on the unit's type, side, and whether it is an SMC or a
// half-squad alone, so the answers are kept by those (strengthMemo): a
// type is read from the world's table once, not at every question (fire
// groups, Odds and the Rout Phase's threats ask again and again).
func (c *Resolver) Strength(u *state.Unit) tables.Strength {
	if c.strW != c.W {
		c.strs, c.strW = [strengthSlots]strengthMemo{}, c.W
	}
	key := strengthKey(u)
	// The slot: a hash of the key, the type's length and its first, middle
	// and last characters, which tell a game's types apart ("4-6-7",
	// "4-4-7", "2-4-7", "8-1") without a pass over the type.
	h := uint32(key)<<24 | uint32(len(u.Type))<<16
	if n := len(u.Type); n > 0 {
		h ^= uint32(u.Type[0]) | uint32(u.Type[n/2])<<6 | uint32(u.Type[n-1])<<12
	}
	m := &c.strs[(h*0x9e3779b1)>>(32-strengthBits)]
	if m.ok && m.key == key && m.typ == u.Type {
		return m.s
	}
	*m = strengthMemo{typ: u.Type, key: key, ok: true, s: c.strength(u)}
	return m.s
}

// strengthSlots is how many answers of Strength a Resolver keeps: more than
// the counter types of a game, so that few share a slot.
const (
	strengthBits  = 6
	strengthSlots = 1 << strengthBits
)

// strengthMemo is one answer of Strength: s for units of type typ and key
// (strengthKey).
type strengthMemo struct {
	typ string
	key uint8
	ok  bool
	s   tables.Strength
}

// strengthKey is what besides its type Strength reads of u: whether it is
// an SMC, a half-squad, and its side (the nationality of a squad without a
// counter name).
func strengthKey(u *state.Unit) uint8 {
	k := uint8(u.Side) << 2
	if u.Kind.SMC() {
		k |= 1
	}
	if u.Kind == state.HalfSquad {
		k |= 2
	}
	return k
}

// strength is Strength read afresh.
func (c *Resolver) strength(u *state.Unit) tables.Strength {
	if !u.Kind.SMC() {
		return c.W.Strength(u)
	}
	if s, err := c.W.ParseStrength(u.Type); err == nil && s.Leader {
		return s
	}
	return tables.Strength{Leader: true, Morale: 7}
}

// Morale is a unit's ML: its counter's, one less for a wounded leader
// (ASL A17.3), plus the Human Wave increase for a unit engaging in a SASL
// Human Wave (SASL 4.3).
func (c *Resolver) Morale(u *state.Unit) int {
	ml := c.Strength(u).Morale
	if u.Wounded {
		ml-- // ASL A17.3
	}
	if u.Side == state.Enemy && u.Wave != "" && !u.Released {
		ml += c.t.Combat.HWMorale.Value
	}
	return ml
}

// target reports whether u can be fired at: on the map and not an S?
// (sasl does not model an attack on an S?: SASL 3.3 Activates it first,
// a rule not among the texts).
func Target(u *state.Unit) bool { return u.OnMap() && u.Kind != state.SQ }

func Other(s state.Side) state.Side {
	if s == state.Enemy {
		return state.Friendly
	}
	return state.Enemy
}

// inMelee reports whether Location l holds units of both sides.
func (c *Resolver) InMelee(l board.Location) bool {
	// The FRIENDLY side first: few units (State.Has scans them), and
	// most Locations hold none.
	return c.St.Has(state.Friendly, l) && c.St.Has(state.Enemy, l)
}

// LeaderDRM is the modifier of the best Good Order leader of side in l
// (ASL A10.7; a wounded one's one more, A17.3), 0 with none.
func (c *Resolver) LeaderDRM(side state.Side, l board.Location) (int, bool) {
	return c.leaderDRM(side, l, 0)
}

// leaderDRM is LeaderDRM of the leaders who may direct fire of kind as by
// their fire markers (directs; 0: any).
func (c *Resolver) leaderDRM(side state.Side, l board.Location, as report.Kind) (int, bool) {
	best, ok := 0, false
	for u := c.St.First(l.Hex); u != nil; u = u.Next() {
		if u.Side == side && u.At() == l && u.OnMap() && u.Kind == state.Leader && !u.Broken && (as == 0 || directs(u, as)) {
			if s := c.Strength(u); s.Leader && (!ok || Leadership(u, s) < best) {
				best, ok = Leadership(u, s), true
			}
		}
	}
	return best, ok
}

// Fire resolves an ENEMY fire group's attack on the FRIENDLY units in at,
// where the units of moving are moving (First Fire at a stack that entered
// at: the movement DRM g.Move is against them only, split).
func (c *Resolver) Fire(g *report.FireGroup, at board.Location, moving []*state.Unit) error {
	targets := c.St.AppendAt(c.targets[:0], state.Friendly, at)
	c.targets = targets
	if len(targets) == 0 {
		return nil
	}
	res, dr, final, err := c.roll(g.FP, g.DRM, dice.Why{Rule: "ASL A7", For: report.ForGroupIFT, Units: g.Members, At: at})
	if err != nil {
		return err
	}
	g.DR, g.Final, g.Result = dr, final, res.String()
	movers, still, stillRes := c.split(g, targets, moving)
	c.log.Add(report.Event{Kind: report.Result, Units: c.log.IDs(targets), Fire: g})
	if AtMover(g.As) {
		c.leaveResidual(state.Enemy, at, g.FP, g.Hindrance)
	}
	if err := c.applySplit(res, movers, stillRes, still); err != nil || g.As != report.FinalProtectiveFire {
		return err
	}
	var fg []*state.Unit
	for _, id := range g.Members {
		if u := c.St.Unit(id); u != nil {
			fg = append(fg, u)
		}
	}
	return c.fpfChecks(fg)
}

// Attack is one fire group's attack of kind kind on targets: g holds where
// they are, the group's FP and DRM, its TEM, the hindrance of its LOS and
// the range (Shot.Group); the units of moving are moving there (the
// movement DRM g.Move is against them only, split). The firers are marked
// as having fired this Player Turn (Mark), and FRIENDLY ones become Known
// (firing reveals them). An attack at a mover leaves Residual FP (ASL
// A8.2); after Final Protective Fire each firer takes a NMC (A8.31).
func (c *Resolver) Attack(kind report.Kind, fg, targets []*state.Unit, g report.FireGroup, moving []*state.Unit) error {
	for _, u := range fg {
		Mark(u, kind)
		if u.Side == state.Friendly {
			u.Known = true
		}
	}
	var from []board.Location
	for _, u := range fg {
		if !slices.Contains(from, u.At()) {
			from = append(from, u.At())
		}
	}
	g.Members, g.Targets, g.From = c.log.IDs(fg), c.log.IDs(targets), c.log.Locations(from...)
	g.Target, g.Good = targets[0].ID, !targets[0].Broken
	res, dr, final, err := c.roll(g.FP, g.DRM, dice.Why{Rule: "ASL A7", For: report.ForIFT, Units: g.Members, At: g.At})
	if err != nil {
		return err
	}
	g.DR, g.Final, g.Result = dr, final, res.String()
	movers, still, stillRes := c.split(&g, targets, moving)
	c.log.Add(report.Event{Kind: kind, Units: g.Members, Side: fg[0].Side, Fire: c.log.Fire(g)})
	if AtMover(kind) {
		c.leaveResidual(fg[0].Side, g.At, g.FP, g.Hindrance)
	}
	if err := c.applySplit(res, movers, stillRes, still); err != nil || kind != report.FinalProtectiveFire {
		return err
	}
	return c.fpfChecks(fg)
}

// split parts the targets of an attack g, rolled already (g.DR), into the
// units moving (those of moving) and those that did not move. Fire at a
// Location attacks every unit in it, but the movement DRM (FFNAM, FFMO)
// is only against the units moving there (ASL A4.6, A8.1): the units
// that did not move take the same DR with the DRM less g.Move, their own
// Final DR and result (stillRes), which g tells (Still, StillFinal,
// StillResult). still is empty, and movers targets, when the attack has
// no movement DRM or every target moves. O(targets x moving).
func (c *Resolver) split(g *report.FireGroup, targets, moving []*state.Unit) (movers, still []*state.Unit, stillRes tables.Result) {
	if g.Move == 0 || !slices.ContainsFunc(targets, func(u *state.Unit) bool { return !slices.Contains(moving, u) }) {
		return targets, nil, tables.Result{}
	}
	for _, u := range targets {
		if slices.Contains(moving, u) {
			movers = append(movers, u)
		} else {
			still = append(still, u)
		}
	}
	final := g.DR + g.DRM - g.Move
	stillRes = c.t.IFT.Result(g.FP, final)
	g.Still, g.StillFinal, g.StillResult = c.log.IDs(still), final, stillRes.String()
	return movers, still, stillRes
}

// applySplit carries out an attack's results (split): res on movers,
// stillRes on the units still, each as Apply does; the movers first.
func (c *Resolver) applySplit(res tables.Result, movers []*state.Unit, stillRes tables.Result, still []*state.Unit) error {
	if len(movers) > 0 {
		if err := c.Apply(res, movers); err != nil {
			return err
		}
	}
	if len(still) == 0 {
		return nil
	}
	return c.Apply(stillRes, still)
}

// roll makes an IFT DR.
func (c *Resolver) roll(fp float64, drm int, why dice.Why) (tables.Result, int, int, error) {
	a, b, err := c.R.DR(why)
	if err != nil {
		return tables.Result{}, 0, 0, err
	}
	dr := a + b
	return c.t.IFT.Result(fp, dr+drm), dr, dr + drm, nil
}

// apply carries out an IFT result on the units attacked (ASL A7.3):
// nKIA eliminates n of them by Random Selection and breaks the rest; K/n
// Casualty Reduces one and gives all an nMC; nMC and NMC a Morale Check.
// A PTC is a Pin Task Check of each Good Order unit (pinTasks).
func (c *Resolver) Apply(res tables.Result, units []*state.Unit) error {
	units = append(c.victims[:0], units...)
	c.victims = units
	for _, u := range units {
		if u.Broken {
			u.DM = true // ASL A10.62: a broken unit attacked is DM
		}
	}
	switch res.Kind {
	case tables.KIA:
		for n := 0; n < res.N && len(units) > 0; n++ {
			i, err := c.randomSelection(units, report.SelectKIA)
			if err != nil {
				return err
			}
			c.Eliminate(units[i], report.KIA, report.Dice{})
			units = slices.Delete(units, i, i+1)
		}
		for _, u := range units {
			if err := c.consequence(u, c.t.Combat.KIASurvivors.Value, report.SurvivedKIA); err != nil {
				return err
			}
		}
		return nil
	case tables.KMC:
		i, err := c.randomSelection(units, report.SelectK)
		if err != nil {
			return err
		}
		gone, err := c.Reduce(units[i], report.KMC, report.Dice{Need: res.N})
		if err != nil {
			return err
		}
		if gone {
			units = slices.Delete(units, i, i+1)
		}
	case tables.MC:
	case tables.PTC:
		return c.pinTasks(units)
	default:
		return nil
	}
	return c.moraleChecks(units, res.N)
}

// pinTasks makes the Pin Task Checks of a PTC result (ASL A7.8): each Good
// Order unit rolls against its morale as for a MC, leaders first and the
// others with the modifier of a leader in their Location; a Final DR above
// the ML pins it (tables: ptc_fail). Broken units ignore a PTC.
func (c *Resolver) pinTasks(units []*state.Unit) error {
	leadersFirst(units)
	for _, u := range units {
		if u.Broken {
			continue
		}
		d, ml, err := c.moraleDR(u, "ASL A7.8", report.ForPTC, c.ledDRM(u, 0))
		if err != nil {
			return err
		}
		if d.Final > ml {
			if c.t.Combat.PTCFail.Value == tables.Pin {
				c.pin(u, report.PinTask, d)
			}
			continue
		}
		c.add(report.Morale, u, report.Event{Dice: d, Cause: report.PinTask})
	}
	return nil
}

// ledDRM is the DRM n of a MC or PTC of u, with the modifier of a Good
// Order leader in its Location for a MMC (ASL A10.7).
func (c *Resolver) ledDRM(u *state.Unit, n int) int {
	if !u.Kind.SMC() {
		if lead, ok := c.LeaderDRM(u.Side, u.At()); ok {
			n += lead
		}
	}
	return n
}

// pin pins u (ASL A7.8) for the rest of the Player Turn, unless it moves in
// a SASL Human Wave and the tables say a pin does nothing there (hw_pin).
func (c *Resolver) pin(u *state.Unit, why report.Cause, d report.Dice) {
	if u.Side == state.Enemy && u.Wave != "" && !u.Released && c.t.Combat.HWPin.Value != tables.Pin {
		return
	}
	u.Pinned = true
	c.add(report.Pinned, u, report.Event{Cause: why, Dice: d})
}

// FireDivisor is what u's FP is divided by when it fires (ASL A7.25, A7.8):
// the Advancing Fire divisor in the AFPh if it moved (afph), times the
// pinned divisor if it is pinned.
func FireDivisor(t *tables.Set, u *state.Unit, afph bool) int {
	d := 1
	if afph && u.Moved {
		d = t.Combat.AdvancingFire.Value
	}
	if u.Pinned {
		d *= t.Combat.PinnedFire.Value
	}
	return d
}

// moraleChecks makes the units' Morale Checks with DRM n: leaders first,
// then the others with the modifier of a leader that passed (ASL A10.7).
func (c *Resolver) moraleChecks(units []*state.Unit, n int) error {
	return c.moraleChecksAs(units, n, "ASL A10", report.NoCause)
}

// moraleChecksAs is moraleChecks under rule, for cause (NoCause: an IFT
// result; else the cause its events tell, failed or passed).
func (c *Resolver) moraleChecksAs(units []*state.Unit, n int, rule string, cause report.Cause) error {
	failed := report.FailedMC
	if cause != report.NoCause {
		failed = cause
	}
	leadersFirst(units)
	for _, u := range units {
		d, ml, err := c.moraleDR(u, rule, report.ForMC, c.ledDRM(u, n))
		if err != nil {
			return err
		}
		switch {
		case d.DR == 12 && c.t.Combat.MCTwelve.Value == tables.Reduce:
			// It fails and is Casualty Reduced too: what is left of it breaks.
			gone, err := c.Reduce(u, report.MC12, d)
			if err != nil {
				return err
			}
			if !gone && !u.Broken {
				c.brk(u, failed, d)
			}
		case d.Final > ml && u.Broken:
			if err := c.consequence(u, c.t.Combat.BrokenFail.Value, report.FailedBroken); err != nil {
				return err
			}
		case d.Final > ml:
			c.brk(u, failed, d)
		default:
			c.add(report.Morale, u, report.Event{Dice: d, Cause: cause})
			if d.Final == ml && !u.Broken && c.t.Combat.MCAtML.Value == tables.Pin {
				c.pin(u, report.AtML, d)
			}
		}
	}
	return nil
}

// moraleDR rolls u's DR against its morale with DRM drm (a Morale Check,
// or a rally attempt: for, under rule), and returns it and the ML.
func (c *Resolver) moraleDR(u *state.Unit, rule string, why uint8, drm int) (report.Dice, int, error) {
	ml := c.Morale(u)
	a, b, err := c.R.DR(dice.Why{Rule: rule, For: why, Unit: u.ID, N: ml, M: drm})
	if err != nil {
		return report.Dice{}, 0, err
	}
	return report.Dice{DR: a + b, DRM: drm, Final: a + b + drm, Need: ml}, ml, nil
}

// leadersFirst sorts SMC before the others, keeping each in its order.
func leadersFirst(units []*state.Unit) {
	slices.SortStableFunc(units, func(a, b *state.Unit) int {
		switch {
		case a.Kind.SMC() == b.Kind.SMC():
			return 0
		case a.Kind.SMC():
			return -1
		}
		return 1
	})
}

// consequence does to u what a rule's value says.
func (c *Resolver) consequence(u *state.Unit, what tables.Consequence, why report.Cause) error {
	switch {
	case what == tables.Reduce, what == tables.Break && u.Broken:
		_, err := c.Reduce(u, why, report.Dice{})
		return err
	case what == tables.Break:
		c.brk(u, why, report.Dice{})
	}
	return nil
}

// brk breaks a unit; a broken Human Wave unit leaves its wave (SASL
// 4.323).
func (c *Resolver) brk(u *state.Unit, why report.Cause, d report.Dice) {
	u.Broken, u.DM = true, true // ASL A10.62: a unit that breaks is DM
	left := ""
	if u.Side == state.Enemy && u.Wave != "" {
		left = u.Wave
		u.Wave, u.Released = "", false
	}
	c.add(report.Break, u, report.Event{Cause: why, Dice: d, Other: left})
}

// Reduce Casualty Reduces a unit (ASL A7.302): a squad becomes its
// half-squad (HalfSquad), a leader is wounded (Wound, ASL A17), anything
// else is eliminated. It reports whether the unit is gone.
func (c *Resolver) Reduce(u *state.Unit, why report.Cause, d report.Dice) (bool, error) {
	switch u.Kind {
	case state.Squad:
	case state.Leader, state.Commissar:
		return c.Wound(u, why, d)
	default:
		c.Eliminate(u, why|report.Reduced, d)
		return true, nil
	}
	half, known := c.HalfSquad(u)
	u.Kind, u.Type = state.HalfSquad, half
	ev := report.Event{Cause: why, Dice: d, Type: u.Type}
	if !known {
		ev.Notes = c.log.Notes(report.Note{Kind: report.Placeholder})
	}
	c.add(report.Reduce, u, ev)
	return false, nil
}

// Wound wounds leader u, Casualty Reduced for why (ASL A17.1): a Wound
// Severity dr (A17.11), +wound_again_drm if he is wounded already, of
// wound_mortal or more is a mortal wound, treated as a KIA: he is
// eliminated; less, a minor wound: he is Wounded (his ML one less, his
// leadership modifier one more, wounded_mf MF: Morale, LeaderDRM,
// Leadership; only once however often wounded, A17.3). It reports
// whether he is gone.
func (c *Resolver) Wound(u *state.Unit, why report.Cause, d report.Dice) (bool, error) {
	cm := &c.t.Combat
	drm := 0
	if u.Wounded {
		drm = cm.WoundAgain.Value
	}
	dr, err := c.R.Dr(dice.Why{Rule: "ASL A17.11", For: report.ForWound, Unit: u.ID, M: drm})
	if err != nil {
		return false, err
	}
	wd := report.Dice{DR: dr, DRM: drm, Final: dr + drm, Need: cm.WoundMortal.Value - 1}
	// The event keeps the roll that Casualty Reduced him (d: the failed
	// NMC of an Interdiction, ASL A10.53; a K/n's n) beside his wound's.
	c.add(report.Wound, u, report.Event{Cause: why, Dice: wd, CauseDice: d})
	if wd.Final >= cm.WoundMortal.Value {
		c.Eliminate(u, report.MortalWound, wd)
		return true, nil
	}
	u.Wounded = true
	return false, nil
}

// Leadership is the leadership modifier of leader u whose counter is s:
// one more if he is wounded (ASL A17.3: a modifier of 0 becomes +1).
func Leadership(u *state.Unit, s tables.Strength) int {
	if u.Wounded {
		return s.Modifier + 1
	}
	return s.Modifier
}

// HalfSquad is the counter squad u is reduced to (ASL A7.302), of either
// side: the half-squad tables.HalfSquads gives for its counter (an ENEMY
// squad without a counter name is its nationality's squad). known is
// false for a squad the table does not list: the half-squad is then a
// placeholder, half its firepower (at least 1) with its range and morale,
// which the event of its reduction marks.
func (c *Resolver) HalfSquad(u *state.Unit) (half string, known bool) {
	s := c.Strength(u)
	name := fmt.Sprintf("%d-%d-%d", s.FP, s.Range, s.Morale)
	if u.Side == state.Enemy {
		if n := c.t.Counters.Of(c.W.Mission().Enemy); n.Squad.Value == name {
			return n.HalfSquad.Value, true
		}
	}
	if e, ok := c.t.HalfSquads.Of(name); ok {
		return e.Value, true
	}
	return fmt.Sprintf("%d-%d-%d", max(s.FP/2, 1), s.Range, s.Morale), false
}

// eliminate removes a unit from play; what it carried is left in its
// Location.
func (c *Resolver) Eliminate(u *state.Unit, why report.Cause, d report.Dice) {
	st := c.St
	for _, sw := range u.SW {
		st.Loose = append(st.Loose, state.Loose{At: u.At(), SW: sw})
	}
	st.Remove(u)
	c.add(report.Eliminate, u, report.Event{Cause: why, Dice: d, Unit: u.Kind})
}

// randomSelection picks one of units (ASL A.9: each rolls a dr, the
// highest is selected; the first of equals).
func (c *Resolver) randomSelection(units []*state.Unit, what int) (int, error) {
	if len(units) == 1 {
		return 0, nil
	}
	best, bi := 0, 0
	for i, u := range units {
		v, err := c.R.Dr(dice.Why{Rule: "ASL A.9", For: report.ForSelection, M: what, Unit: u.ID})
		if err != nil {
			return 0, err
		}
		if v > best {
			best, bi = v, i
		}
	}
	return bi, nil
}

// Rally is the RPh of both sides (ASL A10.6), of the ENEMY side alone
// unless friendly (the player reports their own): each broken unit with a
// Good Order leader in its Location, every broken leader, and up to
// self_rally_mmc other MMC a side try to rally: DR <= ML, with the
// leader's modifier or the self-rally DRM, the terrain DRM in a Location
// with a positive TEM, and the desperation DRM of a DM unit (ASL A10.62:
// one that broke or was attacked, or is ADJACENT to a Known Good Order
// armed enemy unit; Desperate).
func (c *Resolver) Rally(friendly bool) error {
	st := c.St
	for _, side := range []state.Side{state.Enemy, state.Friendly} {
		if side == state.Friendly && !friendly {
			break
		}
		selfMMC := 0
		broken := c.rallying[:0]
		for _, u := range st.OfSide(side) {
			if u.Broken && u.OnMap() {
				broken = append(broken, u)
			}
		}
		c.rallying = broken
		leadersFirst(broken)
		for _, u := range broken {
			if !st.Holds(u) {
				continue
			}
			drm := 0
			lead, ok := c.LeaderDRM(side, u.At())
			switch {
			case u.Kind.SMC():
			case ok:
				drm += lead
			case selfMMC < c.t.Combat.SelfRallyMMC.Value:
				selfMMC++
				drm += c.t.Combat.SelfRally.Value
			default:
				continue
			}
			if c.W.TEM(u.At()) > 0 {
				drm += c.t.Combat.RallyTerrain.Value
			}
			if c.Desperate(u) {
				drm += c.t.Combat.Desperation.Value
			}
			d, ml, err := c.moraleDR(u, "ASL A10.6", report.ForRally, drm)
			if err != nil {
				return err
			}
			switch {
			case d.DR == 12 && c.t.Combat.RallyTwelve.Value == tables.Reduce:
				if _, err := c.Reduce(u, report.Rally12, d); err != nil {
					return err
				}
			case d.Final <= ml:
				u.Broken, u.DM = false, false
				c.add(report.Rally, u, report.Event{Dice: d})
			default:
				c.add(report.Morale, u, report.Event{Dice: d, Cause: report.RallyFailed})
			}
		}
	}
	return nil
}

// CloseCombat is the CCPh (ASL A11): in every Location holding units of
// both sides (an S? among them revealed first, by Reveal), each side attacks the other at once: the odds of
// its Good Order units' FP (an SMC's CC FP) to all the defenders' give a
// Kill Number; a Final DR at most it eliminates the defenders, one more
// Casualty Reduces one of them. A leader's modifier applies to its side's
// DR. Locations still holding both sides stay in Melee.
func (c *Resolver) CloseCombat() error {
	st := c.St
	// The Locations of FRIENDLY units on the map (few): an ENEMY unit in
	// one of them is in a Location st.Has(state.Friendly, ...) finds,
	// without a walk of its hex for every ENEMY unit.
	held := c.held[:0]
	for _, f := range st.OfSide(state.Friendly) {
		if f.OnMap() && !slices.Contains(held, f.At()) {
			held = append(held, f.At())
		}
	}
	c.held = held
	// Of those, only the ones that hold ENEMY units too (a walk of each
	// one's hex) can be a Melee: in most CCPh none is, and no ENEMY unit
	// need be looked at.
	n := 0
	for _, l := range held {
		if st.Has(state.Enemy, l) {
			held[n] = l
			n++
		}
	}
	held = held[:n]
	locs := c.melee[:0]
	defer func() { c.melee = locs[:0] }()
	if len(held) > 0 {
		for _, u := range st.OfSide(state.Enemy) {
			if u.OnMap() && slices.Contains(held, u.At()) && !slices.Contains(locs, u.At()) {
				locs = append(locs, u.At())
			}
		}
	}
	if c.Reveal != nil {
		for _, l := range locs {
			for {
				s := st.AppendAt(c.victims[:0], state.Enemy, l)
				i := slices.IndexFunc(s, func(u *state.Unit) bool { return u.Kind == state.SQ })
				c.victims = s
				if i < 0 {
					break
				}
				if err := c.Reveal(s[i]); err != nil {
					return err
				}
			}
		}
	}
	for _, l := range locs {
		sides := [2][]*state.Unit{c.sides[0][:0], c.sides[1][:0]}
		for u := st.First(l.Hex); u != nil; u = u.Next() {
			if u.At() == l && Target(u) {
				sides[u.Side] = append(sides[u.Side], u)
			}
		}
		c.sides = sides
		type blow struct {
			kill, final, dr, drm int
			odds                 tables.Odds
			ok                   bool
		}
		var blows [2]blow
		for _, side := range []state.Side{state.Enemy, state.Friendly} {
			att, def := c.ccFP(sides[side], true), c.ccFP(sides[Other(side)], false)
			if att == 0 || len(sides[Other(side)]) == 0 {
				continue // nobody to attack: the S? there was a dummy (SASL 5.1)
			}
			o, ok := c.t.Combat.Kill(att, def)
			lead, _ := c.LeaderDRM(side, l)
			a, b, err := c.R.DR(dice.Why{Rule: "ASL A11", For: report.ForCC, Side: uint8(side), At: l, N: int(att), M: int(def)})
			if err != nil {
				return err
			}
			blows[side] = blow{kill: o.Kill.Value, dr: a + b, drm: lead, final: a + b + lead, odds: o, ok: ok}
		}
		for _, side := range []state.Side{state.Enemy, state.Friendly} {
			bl := blows[side]
			def := sides[Other(side)]
			if !bl.ok || len(def) == 0 {
				continue
			}
			c.log.Add(report.Event{Kind: report.CloseCombat, Units: c.log.IDs(sides[side]), At: l, Side: side, Odds: bl.odds,
				Dice: report.Dice{DR: bl.dr, DRM: bl.drm, Final: bl.final, Need: bl.kill}})
			switch {
			case bl.final <= bl.kill:
				for _, u := range def {
					c.Eliminate(u, report.InCloseCombat, report.Dice{})
				}
			case bl.final == bl.kill+1:
				i, err := c.randomSelection(def, report.SelectCC)
				if err != nil {
					return err
				}
				if _, err := c.Reduce(def[i], report.InCloseCombat, report.Dice{}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// ccFP is the CC firepower of units: their printed FP, an SMC's CC FP;
// attacking, broken units do not count, and a pinned unit's FP is halved
// (ASL A7.8: a pinned unit's FP is halved but for its CC defense;
// combat.pinned_fire).
func (c *Resolver) ccFP(units []*state.Unit, attacking bool) float64 {
	fp := 0.0
	for _, u := range units {
		if attacking && u.Broken {
			continue
		}
		f := float64(c.Strength(u).FP)
		if u.Kind.SMC() {
			f = float64(c.t.Combat.LeaderCCFP.Value)
		}
		if attacking {
			f /= float64(FireDivisor(c.t, u, false))
		}
		fp += f
	}
	return fp
}

// Control updates who Controls each VPO (ASL A26.11): a side gains it by
// occupying its Location with a Good Order MMC (an S? too; a leader alone
// takes nothing) without the presence of an armed unit of the other side:
// a broken unit is armed and present, and sasl looks for it anywhere in
// the VPO's hex (Gainable: a unit passing through, or one on the ground
// floor under a held upper level, takes nothing).
func (c *Resolver) Control() {
	st := c.St
	for i, v := range st.VPO {
		var in [2]bool
		for u := st.First(v.At.Hex); u != nil; u = u.Next() {
			if u.OnMap() && u.At() == v.At && !u.Broken && !u.Kind.SMC() {
				in[u.Side] = true
			}
		}
		for _, side := range []state.Side{state.Enemy, state.Friendly} {
			if in[side] && v.Side != side && Gainable(st, side, v.At) {
				st.VPO[i].Side = side
				c.log.Add(report.Event{Kind: report.Control, At: v.At, Side: side})
			}
		}
	}
}

// Gainable reports whether side may gain Control of Location l (ASL
// A26.11): no unit of the other side is in any Location of its hex, broken
// or not (a broken unit is an armed enemy unit: A26.11 asks for none
// present).
func Gainable(st *state.State, side state.Side, l board.Location) bool {
	for u := st.First(l.Hex); u != nil; u = u.Next() {
		if u.Side != side && u.OnMap() {
			return false
		}
	}
	return true
}
