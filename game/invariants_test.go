package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// attack24 is a mission on real board 24 the FRIENDLY side must attack:
// three VPOs in the village, FRIENDLY units already in two of them (the
// Locations where S? were once set up on top of them), the attackers on
// the south edge, a Human Wave from the north and two entries.
const attack24 = `name: the village on board 24
boards: [["24"]]
north: up
fbe: south
ebe: north
month: 6
enemy: Russian
turns: 6
first: friendly
vpo: ["24U4", "24R5", "24O5"]
placement: [a, b, c, e]
entry:
  - {turn: 1, edge: north, count: 3}
  - {turn: 3, edge: east, count: 2}
human_wave:
  - {turn: 2, edge: north}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: 24U4, known: true}
  - {id: F2, unit: squad, type: 6-6-7, at: 24U4h2}
  - {id: F3, unit: squad, type: 4-6-7, at: 24R5}
  - {id: F4, unit: squad, type: 6-6-7, at: 24O10}
  - {id: F5, unit: squad, type: 6-6-7, at: 24O10}
  - {id: F6, unit: leader, type: 8-1, at: 24O10}
  - {id: F7, unit: squad, type: 6-6-7, at: 24S10}
  - {id: F8, unit: squad, type: 6-6-7, at: 24S10}
  - {id: F9, unit: leader, type: 9-1, at: 24S10}
  - {id: F10, unit: squad, type: 4-6-7, at: 24W10}
victory:
  control: ["24U4", "24R5", "24O5"]
  max_enemy_exits: 3
`

// edge24 is a mission on real board 24 whose FRIENDLY units stand on the
// north edge the ENEMY's S? and Human Waves enter by: entry hexes they
// hold must be drawn again (ASL A2.5, SASL 4.2), and the waves meet them
// as they enter.
const edge24 = `name: the north edge of board 24
boards: [["24"]]
north: up
fbe: south
ebe: north
month: 6
enemy: Russian
turns: 5
first: enemy
vpo: ["24U4", "24R5"]
placement: [a, c]
entry:
  - {turn: 1, edge: north, count: 6}
  - {turn: 2, edge: north, count: 6}
  - {turn: 3, edge: north, count: 4}
human_wave:
  - {turn: 2, edge: north}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: 24I1, known: true}
  - {id: F2, unit: squad, type: 6-6-7, at: 24K1, known: true}
  - {id: F3, unit: squad, type: 6-6-7, at: 24M1, known: true}
  - {id: F4, unit: squad, type: 6-6-7, at: 24O1, known: true}
  - {id: F5, unit: squad, type: 6-6-7, at: 24Q1, known: true}
  - {id: F6, unit: squad, type: 6-6-7, at: 24S1, known: true}
  - {id: F7, unit: leader, type: 8-1, at: 24S1, known: true}
  - {id: F8, unit: squad, type: 4-6-7, at: 24U1, known: true}
  - {id: F9, unit: squad, type: 4-6-7, at: 24W1, known: true}
victory:
  control: ["24U4", "24R5"]
`

// The rules a whole game keeps, checked phase by phase over hundreds of
// seeded games on real boards, under both policies the engine plays:
//
//   - no S? is set up in a Location holding FRIENDLY units (sasl's rule:
//     SASL 4.1 sets S? up against FRIENDLY units, never on them);
//   - no unit moves through a Location holding a unit of the other side: a
//     move that enters one ends there for the phase (ASL A4.14; a Human
//     Wave ends its movement in a Known unit's Location, SASL 4.323);
//   - every move keeps within its MF (a Human Wave unit's 8, SASL 4.321;
//     a FRIENDLY squad's 4, a leader's 6, a stack with a leader 6, ASL
//     A4.1, A4.12, and an ENEMY unit's outside a Human Wave as much), an
//     advance is one Location (A4.7);
//   - Control of a VPO goes to a side only with a Control event (or a
//     Human Wave's move that takes it, SASL 4.32), and a side with a Good
//     Order MMC in the VPO's Location and no unit of the other side, broken
//     or not, in its hex holds it (ASL A26.11: gained without the presence
//     of an armed enemy unit); a side never takes a VPO whose hex a unit of
//     the other side, broken or not, held all phase long;
//   - no Location holds more units of one side than ASL A5.1's stacking
//     limits after any phase (three squad equivalents, a Human Wave S?
//     two, SASL 4.3, and four SMC): no unit that comes into play (setup,
//     entry, Activation) or moves (Human Wave, advance, FRIENDLY move)
//     overstacks one;
//   - an S? never enters the map into a Location FRIENDLY units hold
//     (ASL A2.5: the entry is repeated, SASL 4.2); a Human Wave unit
//     released from Human Wave movement has an event saying so;
//   - no fire group, ENEMY or FRIENDLY, holds a Location not ADJACENT to
//     another of its Locations (ASL A7.5: its Locations are contiguous; the
//     ENEMY's "largest fire group possible" of SASL 4.36 and its First
//     Fire too);
//   - every Melee is fought in every CCPh (ASL A11): each Location holding
//     both sides at the start of a CCPh sees a Close Combat attack, unless
//     neither side can attack (all broken, or odds below the table's
//     lowest column) or the S? there was a dummy;
//   - no unit ID is given to two units of a game (state.NewID): an ID
//     that left play (an S? generated or a dummy, a unit eliminated) never
//     comes again, in a later entry's S?, their units, the units an S?
//     becomes or a Human Wave's S? (checkIDs).
func TestGameInvariants(t *testing.T) {
	t.Parallel()
	seeds := uint64(150)
	if !longrun.Enabled() {
		seeds = 8
	}
	for _, c := range []struct{ name, text string }{{"four-boards", realMission}, {"attack24", attack24}, {"edge24", edge24}} {
		w := prepareText(t, c.text)
		for _, pol := range []state.Policy{PolicyHold, PolicyAttack} {
			t.Run(c.name+"/"+string(pol), func(t *testing.T) {
				t.Parallel()
				var seen tally
				for seed := range seeds {
					checkGame(t, w, pol, seed, &seen)
				}
				t.Logf("%d phases, %d moves (%d FRIENDLY), %d ending in a Location of the other side, %d Melee fought, %d Control changes, %d fire groups (%d of more than one Location), %d units brought into play, %d left, %d Final Fire in the DFPh, %d FRIENDLY units revealed",
					seen.phases, seen.moves, seen.friendlyMoves, seen.enter, seen.melee, seen.control, seen.groups, seen.multi, seen.newIDs, seen.goneIDs, seen.finalFire, seen.reveals)
				// (edge24's ENEMY fire groups are of one Location: its
				// FRIENDLY units hold the edge the S? enter by.)
				if seen.moves == 0 || seen.phases == 0 || seen.multi == 0 && c.name != "edge24" {
					t.Errorf("nothing was checked: %+v", seen)
				}
				if seen.newIDs == 0 || seen.goneIDs == 0 {
					t.Errorf("no unit came into play after the setup, or none left play: the IDs were not put to the test: %+v", seen)
				}
				if pol == PolicyAttack && seen.friendlyMoves == 0 {
					t.Error("the attack policy never moved a FRIENDLY unit")
				}
			})
		}
	}
}

// tally counts what the invariants checked, so that a test that checks
// nothing fails.
type tally struct {
	phases, moves, friendlyMoves, melee, control, enter, groups, multi int
	// newIDs: units brought into play after the setup; goneIDs: units
	// that left play (checkIDs).
	newIDs, goneIDs int
	// finalFire: Final Fire in the DFPh (checkDFPh); reveals: FRIENDLY
	// units the ENEMY found (checkReveals).
	finalFire, reveals int
}

// was is a unit as it stood before a phase.
type was struct {
	at       board.Location
	side     state.Side
	kind     state.Kind
	broken   bool
	released bool
	// fired, final: its fire markers (ASL A8.1, A8.3); known: a FRIENDLY
	// unit the ENEMY knows of.
	fired, final, known bool
}

func checkGame(t *testing.T, w *world.World, pol state.Policy, seed uint64, seen *tally) {
	t.Helper()
	g := newPolicyGame(t, w, pol, seed)
	m := w.Map()
	st := g.st
	for _, u := range st.OfSide(state.Enemy) {
		if u.Kind == state.SQ && u.OnMap() && st.Has(state.Friendly, u.At()) {
			t.Fatalf("seed %d: S? %s set up in %s, which holds FRIENDLY units", seed, u.ID, m.LocationName(u.At()))
		}
	}
	checkStacking(t, g, fmt.Sprintf("%s seed %d setup", pol, seed))
	ids := gameIDs{ever: map[string]bool{}, now: map[string]bool{}}
	ids.check(t, g, "setup", nil, seen)
	vpo := slices.Clone(st.VPO) // as the phase begins
	phaseByPhase(t, g, pol, seed, func(where string, side state.Side, ph state.Phase, before map[string]was, evs []report.Event) {
		seen.phases++
		ids.check(t, g, where, evs, seen)
		checkMoves(t, g, where, before, evs, seen)
		checkStacking(t, g, where)
		checkReleaseEvents(t, g, where, before, evs)
		if side == state.Friendly && ph == state.MPh {
			checkMoveEnds(t, g, where, evs)
		}
		checkControl(t, g, where, before, vpo, evs, seen)
		vpo = append(vpo[:0], st.VPO...)
		checkFireGroups(t, g, where, evs, seen)
		checkReveals(t, g, where, before, evs, seen)
		if side == state.Enemy && ph == state.MPh {
			checkNoFireIntoMelee(t, g, where, before, evs)
		}
		if ph == state.DFPh {
			checkDFPh(t, g, where, 1-side, before, evs, seen)
		}
		if ph == state.CCPh {
			checkMelee(t, g, where, before, evs, seen)
		}
	})
}

// gameIDs are the unit IDs of a game: every one that ever appeared, and
// those in play (in the state, on the map or not) after the last phase.
type gameIDs struct{ ever, now map[string]bool }

// check: the units a phase brings into play (the S? of an entry or a Human
// Wave, the units an S? becomes) have IDs no unit of the game had, and no
// ID that left play is back in the state after it.
func (ids *gameIDs) check(t *testing.T, g *Game, where string, evs []report.Event, seen *tally) {
	t.Helper()
	fresh := func(id string) {
		if ids.ever[id] {
			t.Errorf("%s: ID %s given to a new unit, which a unit of the game had already", where, id)
		}
		ids.ever[id] = true
		seen.newIDs++
	}
	for _, e := range evs {
		switch e.Kind {
		case report.Arrive, report.WaveEntry:
			for _, id := range e.Units {
				fresh(id)
			}
		case report.Activate:
			for _, m := range e.Made {
				if m.ID != "" {
					fresh(m.ID)
				}
			}
		}
	}
	now := map[string]bool{}
	for _, u := range g.st.Units() {
		if now[u.ID] {
			t.Fatalf("%s: two units %s in the state", where, u.ID)
		}
		now[u.ID] = true
		if ids.ever[u.ID] && !ids.now[u.ID] && slices.IndexFunc(evs, func(e report.Event) bool {
			return (e.Kind == report.Arrive || e.Kind == report.WaveEntry) && slices.Contains(e.Units, u.ID) ||
				e.Kind == report.Activate && slices.ContainsFunc(e.Made, func(m report.Made) bool { return m.ID == u.ID })
		}) < 0 {
			t.Errorf("%s: ID %s is back in play after its unit left", where, u.ID)
		}
		ids.ever[u.ID] = true
	}
	for id := range ids.now {
		if !now[id] {
			seen.goneIDs++
		}
	}
	ids.now = now
}

// checkStacking: no Location holds more of one side than ASL A5.1 allows
// (world.Overstacked).
func checkStacking(t *testing.T, g *Game, where string) {
	t.Helper()
	m := g.w.Map()
	seen := map[board.Location]bool{}
	for _, u := range g.st.Units() {
		if !u.OnMap() || seen[u.At()] {
			continue
		}
		seen[u.At()] = true
		for _, side := range []state.Side{state.Enemy, state.Friendly} {
			if g.w.Overstacked(g.st, side, u.At()) {
				sq, smc := g.w.Stack(g.st, side, u.At())
				t.Errorf("%s: %s overstacked by the %s: %g squads, %d SMC (ASL A5.1): %v", where, m.LocationName(u.At()), side, sq, smc, state.IDs(g.st.At(side, u.At())))
			}
		}
	}
}

// checkReleaseEvents: a Human Wave unit released from Human Wave movement in a
// phase has an event that says so (SASL 4.323, 4.33): a Release, the chain
// rule's, or its move or advance into a Known FRIENDLY unit's Location,
// where it stands.
func checkReleaseEvents(t *testing.T, g *Game, where string, before map[string]was, evs []report.Event) {
	t.Helper()
	for id, b := range before {
		u := g.st.Unit(id)
		if b.side != state.Enemy || b.released || u == nil || !u.Released || u.Wave == "" || !g.st.Holds(u) {
			continue
		}
		told := slices.ContainsFunc(evs, func(e report.Event) bool {
			if !slices.Contains(e.Units, id) {
				return false
			}
			switch e.Kind {
			case report.Release, report.Chain:
				return true
			case report.Move, report.Advance, report.Gap:
				end := e.Steps[len(e.Steps)-1].Location
				return end == u.At() && (g.st.KnownIn(end) || slices.ContainsFunc(e.Notes, func(n report.Note) bool { return n.Kind == report.EnteredKnown && n.At == end }))
			}
			return false
		})
		if !told {
			t.Errorf("%s: %s in %s released from Human Wave movement with no event saying so", where, id, g.w.Map().LocationName(u.At()))
		}
	}
}

// checkFireGroups: every fire group's Locations are contiguous, each
// ADJACENT to another of them (ASL A7.5).
func checkFireGroups(t *testing.T, g *Game, where string, evs []report.Event, seen *tally) {
	t.Helper()
	for _, e := range evs {
		if e.Fire == nil {
			continue
		}
		seen.groups++
		if len(e.Fire.From) > 1 {
			seen.multi++
		}
		if !combat.Contiguous(g.w.Map(), e.Fire.From) {
			t.Errorf("%s: %s fire group %s from %s: Locations not contiguous (ASL A7.5)", where, e.Kind, strings.Join(e.Fire.Members, ","), names(g.w.Map(), e.Fire.From))
		}
	}
}

// checkDFPh: in a Player Turn's DFPh each unit of the defending side fires
// once at most (ASL A8.4): one marked First Fire as the phase began (it
// fired in the MPh) fires only Final Fire, at an ADJACENT Location; one
// that had not fired fires Defensive Fire and is then done, never Final
// Fire on top of it; one marked Final Fire does not fire.
func checkDFPh(t *testing.T, g *Game, where string, def state.Side, before map[string]was, evs []report.Event, seen *tally) {
	t.Helper()
	fired := map[string]report.Kind{}
	for _, e := range evs {
		if e.Kind != report.Fire || e.Fire == nil {
			continue
		}
		closest := 99
		for _, id := range e.Fire.Members {
			b, ok := before[id]
			if !ok || b.side != def {
				continue
			}
			closest = min(closest, hex.Distance(b.at.Hex, e.Fire.At.Hex))
			if k, again := fired[id]; again {
				t.Errorf("%s: %s %s fired twice in the DFPh: %s, then %s at %s (ASL A8.4)", where, def, id, fireName(k), fireName(e.Fire.As), g.w.Map().LocationName(e.Fire.At))
			}
			fired[id] = e.Fire.As
			switch {
			case b.final:
				t.Errorf("%s: %s %s, marked Final Fire, fired in the DFPh (%s; ASL A8.4)", where, def, id, fireName(e.Fire.As))
			case b.fired && e.Fire.As != report.FinalFire:
				t.Errorf("%s: %s %s, marked First Fire, fired %s in the DFPh: it may fire only Final Fire at an ADJACENT Location (ASL A8.4)", where, def, id, fireName(e.Fire.As))
			case !b.fired && e.Fire.As == report.FinalFire:
				t.Errorf("%s: %s %s fired Final Fire in the DFPh, but it had not fired in the MPh (ASL A8.4)", where, def, id)
			}
			if e.Fire.As == report.FinalFire {
				seen.finalFire++
				if !combat.Adjacent(g.w.Map(), b.at, e.Fire.At) {
					t.Errorf("%s: %s %s fired Final Fire at %s, not ADJACENT (ASL A8.4)", where, def, id, g.w.Map().LocationName(e.Fire.At))
				}
			}
		}
		if closest < 99 && e.Fire.Range != closest {
			t.Errorf("%s: %s fire group %v at %s reported at range %d, its closest member is %d hexes away", where, def, e.Fire.Members, g.w.Map().LocationName(e.Fire.At), e.Fire.Range, closest)
		}
	}
}

// checkReveals: a FRIENDLY unit set up unseen (not Known) becomes Known
// only with an event saying so: its own move, advance or fire, the
// player's report, or a Reveal by the ENEMY unit that found it (sasl's
// reading of ASL A12); and it Activates no S? before it is Known (SASL
// 3.32): every Activation's By was Known as the phase began, or was made
// Known by an event before the Activation.
func checkReveals(t *testing.T, g *Game, where string, before map[string]was, evs []report.Event, seen *tally) {
	t.Helper()
	known, revealed := map[string]bool{}, map[string]bool{}
	for id, b := range before {
		if b.side == state.Friendly && b.known {
			known[id], revealed[id] = true, true
		}
	}
	// A unit's own move, advance or fire makes it Known as it begins (the
	// S? that see it are checked at its steps, before its event is told).
	for _, e := range evs {
		switch {
		case e.Side == state.Friendly && (e.Kind == report.Move || e.Kind == report.Advance) || e.Kind == report.Reported:
			for _, id := range e.Units {
				known[id] = true
			}
		case e.Fire != nil:
			for _, id := range e.Fire.Members {
				if b, ok := before[id]; ok && b.side == state.Friendly {
					known[id] = true
				}
			}
		}
	}
	for _, e := range evs {
		switch {
		case e.Kind == report.Reveal:
			seen.reveals++
			for _, id := range e.Units {
				if revealed[id] {
					t.Errorf("%s: %s revealed, but it was Known already", where, id)
				}
				known[id], revealed[id] = true, true
			}
		case e.Activation != nil && e.Activation.By != "":
			if b, ok := before[e.Activation.By]; ok && b.side == state.Friendly && !known[e.Activation.By] {
				t.Errorf("%s: %s Activated S? %v, but the ENEMY did not know of it (SASL 3.32)", where, e.Activation.By, e.Units)
			}
		}
	}
	for _, u := range g.st.OfSide(state.Friendly) {
		if b, ok := before[u.ID]; ok && !b.known && u.Known && !known[u.ID] {
			t.Errorf("%s: %s in %s became Known with no event saying so", where, u.ID, g.w.Map().LocationName(u.At()))
		}
	}
}

// checkNoFireIntoMelee: in the ENEMY MPh no FRIENDLY fire attacks a
// Location that FRIENDLY units hold all the phase (an ENEMY stack that
// enters it is in Melee with them: fire into a Melee is not modelled, and
// the player's fire there is refused, so the engine's is not made either).
func checkNoFireIntoMelee(t *testing.T, g *Game, where string, before map[string]was, evs []report.Event) {
	t.Helper()
	for _, e := range evs {
		if e.Fire == nil || e.Side != state.Friendly {
			continue
		}
		for id, b := range before {
			if u := g.st.Unit(id); b.side == state.Friendly && b.at == e.Fire.At && u != nil && g.st.Holds(u) && u.At() == b.at {
				t.Errorf("%s: FRIENDLY %s fires at %s, where FRIENDLY %s stands: into a Melee", where, e.Kind, g.w.Map().LocationName(e.Fire.At), id)
				break
			}
		}
	}
}

// fireName names a fire group's kind of fire, its As.
func fireName(k report.Kind) string {
	if k == 0 {
		return "Defensive Fire"
	}
	return k.String()
}

// checkMoveEnds: a FRIENDLY unit's move in its MPh ends where the unit
// stands after it (a unit that the fire it met broke or pinned stopped
// there, and its move says so).
func checkMoveEnds(t *testing.T, g *Game, where string, evs []report.Event) {
	t.Helper()
	m := g.w.Map()
	for _, e := range evs {
		if e.Kind != report.Move || e.Side != state.Friendly {
			continue
		}
		end := e.Steps[len(e.Steps)-1].Location
		for _, id := range e.Units {
			if u := g.st.Unit(id); u != nil && g.st.Holds(u) && u.At() != end {
				t.Errorf("%s: %s's move ends in %s, but it stands in %s: %s", where, id, m.LocationName(end), m.LocationName(u.At()), path(m, e))
			}
		}
	}
}

// checkMoves: no move passes through a Location of the other side, each
// keeps within its MF, an advance is one Location.
func checkMoves(t *testing.T, g *Game, where string, before map[string]was, evs []report.Event, seen *tally) {
	t.Helper()
	m := g.w.Map()
	cm := g.w.Tables().Combat
	// units of each side in each Location at the phase's start, less
	// those eliminated since (a unit that fired Final Protective Fire may
	// fail its NMC, ASL A8.31, and leave its Location empty), and the S?
	// that were dummies (SASL 5.1: removed from play)
	held := map[board.Location][2]int{}
	for _, u := range before {
		h := held[u.at]
		h[u.side]++
		held[u.at] = h
	}
	ended := map[string]bool{} // units that entered the other side's Location
	spent := map[string]int{}  // half MF per unit this phase
	sideOf := func(ids []string) (state.Side, bool) {
		for _, id := range ids {
			if u, ok := before[id]; ok {
				return u.side, true
			}
			if u := g.st.Unit(id); u != nil {
				return u.Side, true
			}
		}
		return 0, false
	}
	// A FRIENDLY stack moving with a leader has the leader's MF (ASL
	// A4.12), though a squad the fire broke on the way is told apart
	// from the leader that went on: the first step of each move with an
	// SMC in it.
	type start struct{ from, to board.Location }
	led := map[start]bool{}
	// A leader the fire eliminated where the stack stopped is in no move
	// of the phase (its units are gone): the stack that ends there moved
	// with it.
	var leaderGone []board.Location
	for _, e := range evs {
		if e.Kind != report.Eliminate || len(e.Units) == 0 {
			continue
		}
		if u, ok := before[e.Units[0]]; ok && u.kind.SMC() {
			leaderGone = append(leaderGone, e.At)
		}
	}
	for _, e := range evs {
		if e.Kind == report.Move && len(e.Steps) > 1 && slices.Contains(leaderGone, e.Steps[len(e.Steps)-1].Location) {
			led[start{e.Steps[0].Location, e.Steps[1].Location}] = true
		}
	}
	for _, e := range evs {
		if e.Kind == report.Move && len(e.Steps) > 1 && slices.ContainsFunc(e.Units, func(id string) bool {
			if u, ok := before[id]; ok {
				return u.kind.SMC()
			}
			u := g.st.Unit(id) // a leader an S? became on the way
			return u != nil && u.Kind.SMC()
		}) {
			led[start{e.Steps[0].Location, e.Steps[1].Location}] = true
		}
	}
	for _, e := range evs {
		switch e.Kind {
		case report.Eliminate, report.Dummy:
			if u, ok := before[e.Units[0]]; ok {
				h := held[u.at]
				h[u.side]--
				held[u.at] = h
			}
		case report.Activate:
			// The units an S? became are new units, though one may have
			// the ID of a unit gone before them.
			for _, u := range e.Made {
				delete(spent, u.ID)
				delete(ended, u.ID)
			}
		case report.AdvanceInto, report.Advance:
			if len(e.Steps) != 2 || hex.Distance(e.Steps[0].Location.Hex, e.Steps[1].Location.Hex) > 1 {
				t.Errorf("%s: %v advance more than one Location: %s", where, e.Units, path(m, e))
			}
		case report.Move, report.Enter:
			seen.moves++
			if len(e.Units) == 0 {
				// A move tells the units that went its way: a lone S? found
				// a dummy on it too (SASL 5.1).
				t.Errorf("%s: a move of no units: %s", where, path(m, e))
			}
			entry, entering := e.Steps[len(e.Steps)-1].Location, e.Kind == report.Enter
			if e.Kind == report.Move && e.Goal != report.NoGoal && len(e.Steps) > 1 && e.Steps[0].Off {
				entry, entering = e.Steps[1].Location, true // an S? entering as its move's first step
			}
			if entering && held[entry][state.Friendly] > 0 {
				t.Errorf("%s: %v enter %s, which FRIENDLY units hold (ASL A2.5, SASL 4.2)", where, e.Units, m.LocationName(entry))
			}
			side, ok := sideOf(e.Units)
			if !ok {
				continue // units gone since (eliminated in the same phase)
			}
			if side == state.Friendly {
				seen.friendlyMoves++
			}
			allow := 2 * g.w.HumanWave().MF.Value
			if side == state.Friendly || e.Goal != report.NoGoal {
				// The FRIENDLY side's, and the ENEMY units' outside a
				// Human Wave (policy.released advance): 4 MF, 6 with a
				// leader (ASL A4.1, A4.12).
				allow = 2 * cm.InfantryMF.Value
				if len(e.Steps) > 1 && led[start{e.Steps[0].Location, e.Steps[1].Location}] {
					allow = 2 * max(cm.LeaderMF.Value, cm.InfantryMF.Value+cm.LedMF.Value)
				}
			}
			for i, s := range e.Steps {
				if i == 0 || s.Off {
					if s.Off && i > 0 {
						for _, id := range e.Units {
							spent[id] += s.HalfMF
						}
					}
					continue
				}
				for _, id := range e.Units {
					if ended[id] {
						t.Errorf("%s: %s moves on to %s after entering a Location of the other side", where, id, m.LocationName(s.Location))
					}
					spent[id] += s.HalfMF
					if spent[id] > allow {
						t.Errorf("%s: %s spends %d half MF of %d (%s)", where, id, spent[id], allow, m.LocationName(s.Location))
					}
				}
				if held[s.Location][1-side] > 0 {
					seen.enter++
					if i != len(e.Steps)-1 {
						t.Errorf("%s: %v move through %s, which holds units of the other side: %s", where, e.Units, m.LocationName(s.Location), path(m, e))
					}
					for _, id := range e.Units {
						ended[id] = true
					}
				}
			}
		}
	}
}

// path names the Locations of a move.
func path(m *board.Map, e report.Event) string {
	var b strings.Builder
	for i, s := range e.Steps {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(m.LocationName(s.Location))
	}
	return b.String()
}

// checkControl: VPO Control changes only by a Control event, a side alone
// in the VPO's hex with a Good Order MMC in its Location holds it, and no
// side takes a VPO whose hex a unit of the other side (broken or not) held
// all phase (ASL A26.11).
func checkControl(t *testing.T, g *Game, where string, before map[string]was, vpo []state.Control, evs []report.Event, seen *tally) {
	t.Helper()
	st, m := g.st, g.w.Map()
	for i, v := range st.VPO {
		var in, inHex [2]bool
		for u := st.First(v.At.Hex); u != nil; u = u.Next() {
			if u.OnMap() {
				inHex[u.Side] = true
				in[u.Side] = in[u.Side] || u.At() == v.At && !u.Broken && !u.Kind.SMC()
			}
		}
		for _, side := range []state.Side{state.Enemy, state.Friendly} {
			if in[side] && !inHex[1-side] && v.Side != side {
				t.Errorf("%s: %s alone with a Good Order MMC in %s, which the %s Controls", where, side, m.LocationName(v.At), v.Side)
			}
		}
		if v.Side == vpo[i].Side {
			continue
		}
		seen.control++
		taken := func(e report.Event) bool {
			return e.Kind == report.Control && e.At.Hex == v.At.Hex ||
				slices.ContainsFunc(e.Notes, func(n report.Note) bool { return n.Kind == report.TookVPO && n.At.Hex == v.At.Hex })
		}
		if !slices.ContainsFunc(evs, taken) {
			t.Errorf("%s: %s of %s changed without a Control event", where, v.Side, m.LocationName(v.At))
		}
		for id, b := range before {
			u := st.Unit(id)
			if b.side != v.Side && b.at.Hex == v.At.Hex && b.kind != state.SQ &&
				u != nil && u.OnMap() && u.At() == b.at {
				t.Errorf("%s: the %s took %s while %s (broken %v) held %s all phase", where, v.Side, m.LocationName(v.At), id, u.Broken, m.LocationName(b.at))
			}
		}
	}
}

// checkMelee: each Location holding both sides as the CCPh begins sees a
// Close Combat attack.
func checkMelee(t *testing.T, g *Game, where string, before map[string]was, evs []report.Event, seen *tally) {
	t.Helper()
	m := g.w.Map()
	cm := g.w.Tables().Combat
	lowest := cm.CloseCombat[0].Ratio()
	type sides struct {
		units [2][]string
		fp    [2]float64 // CC FP of the Good Order units
		def   [2]float64
	}
	melee := map[board.Location]*sides{}
	for id, u := range before {
		s := melee[u.at]
		if s == nil {
			s = &sides{}
			melee[u.at] = s
		}
		s.units[u.side] = append(s.units[u.side], id)
		fp := 0.0
		switch {
		case u.kind == state.SQ:
			fp = 1 // an S? is revealed first: count it as able to attack
		case u.kind.SMC():
			fp = float64(cm.LeaderCCFP.Value)
		default:
			if x := g.st.Unit(id); x != nil {
				fp = float64(g.w.Strength(x).FP)
			} else {
				fp = 1
			}
		}
		s.def[u.side] += fp
		if !u.broken {
			s.fp[u.side] += fp
		}
	}
	for l, s := range melee {
		if len(s.units[0]) == 0 || len(s.units[1]) == 0 {
			continue
		}
		canAttack := false
		for side := range 2 {
			if s.fp[side] > 0 && (s.def[1-side] == 0 || s.fp[side]/s.def[1-side] >= lowest-1e-9) {
				canAttack = true
			}
		}
		fought := slices.ContainsFunc(evs, func(e report.Event) bool { return e.Kind == report.CloseCombat && e.At == l })
		dummy := slices.ContainsFunc(evs, func(e report.Event) bool {
			return (e.Kind == report.Dummy || e.Kind == report.Activate && len(e.Made) == 0) && e.At == l
		})
		if fought {
			seen.melee++
		}
		if canAttack && !fought && !dummy {
			t.Errorf("%s: the Melee in %s (ENEMY %v, FRIENDLY %v) was not fought", where, m.LocationName(l), s.units[0], s.units[1])
		}
	}
}

// phaseByPhase plays game g to its end phase by phase and calls check
// after each phase with the units on the map as they stood before it.
func phaseByPhase(t *testing.T, g *Game, pol state.Policy, seed uint64, check func(where string, side state.Side, ph state.Phase, before map[string]was, evs []report.Event)) {
	t.Helper()
	before := map[string]was{}
	for !g.Over() {
		clear(before)
		for _, u := range g.st.Units() {
			if u.OnMap() {
				before[u.ID] = was{at: u.At(), side: u.Side, kind: u.Kind, broken: u.Broken, released: u.Released, fired: u.Fired, final: u.FinalFire, known: u.Known}
			}
		}
		side, ph, turn := g.st.Player, max(g.st.Phase, state.RPh), g.st.Turn
		rep, err := g.Phase(nil)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		check(fmt.Sprintf("%s seed %d turn %d %s %s", pol, seed, turn, side, ph), side, ph, before, rep.Events)
	}
}

// newPolicyGame starts a game of w, the FRIENDLY side played by pol.
func newPolicyGame(t *testing.T, w *world.World, pol state.Policy, seed uint64) *Game {
	t.Helper()
	g, _, err := New(w, state.Game{Mission: "test", Seed: seed, HasSeed: true, Policy: pol}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// In the FRIENDLY DFPh the ENEMY units that had not fired fire Defensive
// Fire once, and only those marked First Fire as the phase began fire
// Final Fire, at an ADJACENT Location (ASL A8.4): under the hold policy no
// FRIENDLY unit moves, so no ENEMY unit First Fires and none fires Final
// Fire; under attack, some do. (A unit fired twice in every DFPh.)
func TestEnemyFinalFireOnlyAfterFirstFire_A8_4(t *testing.T) {
	t.Parallel()
	w := prepareText(t, realMission)
	for _, pol := range []state.Policy{PolicyHold, PolicyAttack} {
		var seen tally
		for seed := range longrun.Seeds(20, 8) {
			g := newPolicyGame(t, w, pol, seed)
			phaseByPhase(t, g, pol, seed, func(where string, side state.Side, ph state.Phase, before map[string]was, evs []report.Event) {
				if ph == state.DFPh {
					checkDFPh(t, g, where, 1-side, before, evs, &seen)
				}
			})
		}
		if pol == PolicyHold && seen.finalFire != 0 {
			t.Errorf("hold: %d Final Fire attacks, though no FRIENDLY unit moved (ASL A8.4)", seen.finalFire)
		}
		if pol == PolicyAttack && seen.finalFire == 0 {
			t.Error("attack: no Final Fire at all: the test checks nothing")
		}
	}
}

// A FRIENDLY unit set up unseen becomes Known only with an event saying
// so (sasl's reading of ASL A12: a Reveal, by the ENEMY unit that finds
// it), and Activates no S? before (SASL 3.32).
func TestUnseenRevealedWithEvent_A12(t *testing.T) {
	t.Parallel()
	w := prepareText(t, attack24)
	var seen tally
	for seed := range longrun.Seeds(40, 12) {
		g := newPolicyGame(t, w, PolicyHold, seed)
		phaseByPhase(t, g, PolicyHold, seed, func(where string, _ state.Side, _ state.Phase, before map[string]was, evs []report.Event) {
			checkReveals(t, g, where, before, evs, &seen)
		})
	}
	if seen.reveals == 0 {
		t.Error("no FRIENDLY unit was revealed: the test checks nothing")
	}
}

// SASL 5.1: an S? the fire on its way finds a dummy is removed from play,
// and the way it went to there is told as its move: found on the
// crossroads demo (attack, seed 16), where that move named no unit.
func TestDummyOnItsWayToldAsItsMove_SASL5_1(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	g, _, err := New(w, state.Game{Mission: "crossroads", Seed: 16, HasSeed: true, Policy: PolicyAttack}, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for !g.Over() {
		rep, err := g.Turn(nil)
		if err != nil {
			t.Fatal(err)
		}
		dummies := map[string]bool{}
		for _, e := range rep.Events {
			switch e.Kind {
			case report.Dummy:
				dummies[e.Units[0]] = true
			case report.Move:
				if len(e.Units) == 0 {
					t.Errorf("a move of no units: %s", path(w.Map(), e))
				}
				if len(e.Units) == 1 && dummies[e.Units[0]] {
					found++
				}
			}
		}
	}
	if found == 0 {
		t.Error("no dummy's move told after it was found one: the game no longer shows the case")
	}
}
