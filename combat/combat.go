package combat

import (
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
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
