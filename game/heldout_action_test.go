package game

import (
	"os"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// The held-out checker's view of the ENEMY's Action checks (SASL 6;
// policy.released actions), from the events and the tables alone: each
// check names Good Order ENEMY units of one Location, in the Attitude the
// units' origin gives (SASL 4.2, 4.33), with its Panic dr first (SASL
// 6.21: panicked if and only if the dr reaches sasl.action.panic), then
// the Automatic Action of 6.311 (a Known FRIENDLY unit ADJACENT) or the
// Action table's dr and its row; the Command is the row's, a Fire Command
// with a Target is followed by the units' Prep Fire; the checks go from
// the north edge south, closest to the FBE first, highest Location first;
// and in that Player Turn a unit moves or advances only by a Move Command
// and fires only if it had an Action.

// actionState is what the checker keeps of a game's Action checks: the
// Commands of the Player Turn under way, and the sort key of the last
// check (north, fbe, -level).
type actionState struct {
	cmd    map[string]state.Command
	after  bool // an event of another phase came since the last check
	last   [3]int
	checks int
	// due: ENEMY PFPh with an Activated Good Order ENEMY unit on the
	// map outside a Human Wave and not in Melee, who takes a check
	// (unless it joins a wave, SASL 4.323).
	due int
}

// edgeDist is how many hexes hex x lies from edge c of m (1 along it),
// counted from the map's own edge hexes.
func edgeDist(m *board.Map, c layout.Compass, x hex.Hex) int {
	best := 1 << 30
	for _, e := range m.Edge(c) {
		best = min(best, dist(e, x)+1)
	}
	return best
}

func (h *hgame) checkAction(st *state.State, pos map[string]unitAt, evs []report.Event, i int, where string) {
	e := evs[i]
	a := h.actions()
	if a.after {
		clear(a.cmd)
		a.after, a.last = false, [3]int{}
	}
	a.checks++
	const rule = "SASL 6 Action check"
	h.c.add(rule, 1)
	act := e.Action
	t := h.w.Tables()
	if act == nil || len(e.Units) == 0 || e.Phase != state.PFPh || e.Player != state.Enemy || len(e.Rolls) == 0 {
		h.c.fault(h.t, rule, "%s: an Action check without its units, Action or dice, or not in the ENEMY PFPh: %+v", where, e)
		return
	}
	// The units: Good Order ENEMY units of one Location, not S?.
	advance, mmc := true, false
	for _, id := range e.Units {
		u, ok := pos[id]
		mmc = mmc || u.kind.MMC()
		if !ok || u.side != state.Enemy || u.broken || u.kind == state.SQ || u.at != e.At {
			h.c.fault(h.t, rule, "%s: %s in the check of %v in %s is not a Good Order ENEMY unit there (%+v)", where, id, e.Units, h.m.LocationName(e.At), u)
		}
		// Of the setup, or of a Human Wave (SASL 4.33, 4.323): the state is
		// as the phases ended, so a unit that joins a wave after this
		// check (a Join event later) was in none.
		joinsLater := slices.ContainsFunc(evs[i:], func(x report.Event) bool { return x.Kind == report.Join && slices.Contains(x.Units, id) })
		if x := st.Unit(id); x != nil && (x.Setup || x.HW || x.Wave != "" && !joinsLater) {
			advance = false
		}
	}
	// The Attitude: Advance for the units of entries (SASL 4.2), the
	// Prevailing one for the others (4.33).
	want := h.w.Mission().Attitude
	if want == "" {
		want = t.SASL.Action.Prevailing.Value
	}
	if _, ok := t.SASL.Action.Tables[tables.AttitudeAdvance]; advance && ok {
		want = tables.AttitudeAdvance
	}
	if act.Attitude != want {
		h.c.fault(h.t, rule, "%s: %v checked in %s Attitude, want %s", where, e.Units, act.Attitude, want)
	}
	// The order: north first, then closest to the FBE, then highest.
	key := [3]int{edgeDist(h.m, layout.North, e.At.Hex), edgeDist(h.m, h.w.Mission().FBE, e.At.Hex), -e.At.Level}
	if slices.Compare(key[:], a.last[:]) < 0 && a.last != ([3]int{}) {
		h.c.fault(h.t, "SASL 6 order", "%s: the check of %v in %s (%v) after one at %v", where, e.Units, h.m.LocationName(e.At), key, a.last)
	}
	a.last = key
	h.c.add("SASL 6 order", 1)
	// The Panic dr (SASL 6.21).
	need := t.SASL.Action.Panic.Value
	if e.Rolls[0].Coloured != act.Panic.DR || act.Panic.Need != need || act.Panicked != (act.Panic.DR >= need) {
		h.c.fault(h.t, "SASL 6.21 Panic", "%s: %v: Panic dr %d (rolled %d), need %d, panicked %v", where, e.Units, act.Panic.DR, e.Rolls[0].Coloured, act.Panic.Need, act.Panicked)
	}
	h.c.add("SASL 6.21 Panic", 1)
	var cmd state.Command
	target := false
	switch {
	case act.Panicked:
		cmd = state.Hold
		if len(e.Rolls) != 1 {
			h.c.fault(h.t, "SASL 6.21 Panic", "%s: %v panicked and rolled %d dice", where, e.Units, len(e.Rolls))
		}
	case act.Automatic == report.FireAdjacent:
		h.c.add("SASL 6.311 ADJACENT", 1)
		cmd, target = state.Fire, true
		if !mmc {
			h.c.fault(h.t, "SASL 6.311 ADJACENT", "%s: %v, no MMC among them, fire by 6.311", where, e.Units)
		}
		near := false
		for _, u := range pos {
			near = near || h.adjacentTarget(pos, u, e.At)
		}
		if !near || len(e.Rolls) != 1 {
			h.c.fault(h.t, "SASL 6.311 ADJACENT", "%s: %v fire by 6.311 with no Known FRIENDLY unit ADJACENT (or a table dr)", where, e.Units)
		}
	default:
		tb := t.SASL.Action.Tables[act.Attitude]
		if len(e.Rolls) != 2 || tb == nil || e.Rolls[1].Coloured != act.Table.DR || act.Table.DR < 1 || act.Table.DR > 6 {
			h.c.fault(h.t, rule, "%s: %v: no Action table dr: %+v", where, e.Units, act)
			return
		}
		// 6.311 would have decided: no Known FRIENDLY unit ADJACENT to
		// units with an MMC (a leader alone has no FP).
		for id, u := range pos {
			if mmc && h.adjacentTarget(pos, u, e.At) {
				h.c.fault(h.t, "SASL 6.311 ADJACENT", "%s: %v in %s rolled on the table with FRIENDLY %s ADJACENT in %s", where, e.Units, h.m.LocationName(e.At), id, h.m.LocationName(u.at))
			}
		}
		row := tb.Rows[act.Table.DR].Value
		target = act.Target
		switch {
		case row == tables.CmdMove, row == tables.CmdFireMove && !target:
			cmd = state.MoveOn
		case (row == tables.CmdFire || row == tables.CmdFireMove) && target:
			cmd = state.Fire
		default:
			cmd = state.Hold
		}
		if act.Row != row {
			h.c.fault(h.t, rule, "%s: %v: dr %d gives %s, the check says %s", where, e.Units, act.Table.DR, row, act.Row)
		}
	}
	if act.Command != cmd {
		h.c.fault(h.t, rule, "%s: %v: Command %s, want %s (%+v)", where, e.Units, act.Command, cmd, act)
	}
	// A Fire Command with a Target: the next event is the units' Prep
	// Fire (or nothing: leaders alone have no FP to fire with).
	fired := i+1 < len(evs) && evs[i+1].Kind == report.Fire && evs[i+1].Fire != nil && evs[i+1].Fire.As == report.PrepFire
	if fired && !target || target && fired && slices.ContainsFunc(evs[i+1].Units, func(id string) bool { return !slices.Contains(e.Units, id) }) {
		h.c.fault(h.t, rule, "%s: %v: Prep Fire %v after a check with no Target or by others", where, e.Units, fired)
	}
	for _, id := range e.Units {
		a.cmd[id] = cmd
	}
}

// checkCommanded: in the ENEMY Player Turn a unit whose check gave it no
// Move Command neither moves nor advances, and one with no Action (or
// panicked) does not fire.
func (h *hgame) checkCommanded(e report.Event, where string) {
	a := h.actions()
	if e.Phase != state.PFPh || e.Player != state.Enemy {
		a.after = true
	}
	if e.Player != state.Enemy {
		return
	}
	moves := e.Kind == report.Move || e.Kind == report.AdvanceInto
	fires := e.Kind == report.Fire && e.Fire != nil && e.Phase == state.AFPh
	if !moves && !fires {
		return
	}
	for _, id := range e.Units {
		cmd, ok := a.cmd[id]
		if !ok {
			continue
		}
		h.c.add("SASL 6 Command", 1)
		if moves && cmd != state.MoveOn || fires && cmd == state.Hold {
			h.c.fault(h.t, "SASL 6 Command", "%s: %s %s in the %s by the Command %s", where, id, e.Kind, e.Phase, cmd)
		}
	}
}

// actions is the game's actionState, made at first use.
func (h *hgame) actions() *actionState {
	if h.act == nil {
		h.act = &actionState{cmd: map[string]state.Command{}}
	}
	return h.act
}

// adjacentTarget: u is a Target of SASL 6.311 for ENEMY units in at: a
// Known FRIENDLY unit ADJACENT (A7.21), in LOS (a rowhouse wall blocks it
// between adjacent hexes, B23.71), not in Melee.
func (h *hgame) adjacentTarget(pos map[string]unitAt, u unitAt, at board.Location) bool {
	if u.side != state.Friendly || !u.known || !adjacent(h.m, u.at, at) || !h.w.Sight(at, u.at).Clear {
		return false
	}
	for _, x := range pos {
		if x.side == state.Enemy && x.at == u.at {
			return false
		}
	}
	return true
}

// actionsDue counts an ENEMY PFPh about to be played with units that take
// an Action check by the checker's reading: Good Order ENEMY units, not
// S?, on the map, outside Human Wave movement, not in Melee.
func (h *hgame) actionsDue(st *state.State) {
	for _, u := range st.OfSide(state.Enemy) {
		if u.Kind != state.SQ && u.OnMap() && !u.Broken && !u.Exited && (u.Wave == "" || u.Released) && !st.Has(state.Friendly, u.At()) {
			h.actions().due++
			return
		}
	}
}

// checkSomeActions: a whole game where Action checks were due has them
// (issue 54). A game whose ENEMY never had an Activated unit outside a
// Human Wave at its PFPh has none to take.
func (h *hgame) checkSomeActions() {
	a := h.actions()
	if a.due == 0 {
		return
	}
	h.c.add("SASL 6 every game", 1)
	if a.checks == 0 {
		h.c.fault(h.t, "SASL 6 every game", "%s: no ENEMY Action check in the whole game, though due in %d PFPh", h.where, a.due)
	}
}

// The shipped missions (the two demos, the four boards on the real
// boards), whole games of both FRIENDLY policies over several seeds, under
// the held-out checker: every game in which the ENEMY had an Activated
// unit outside a Human Wave at a PFPh has ENEMY Action checks (SASL 6),
// each naming its units, Attitude, Action and dice, in order, and none
// faults; and at least one check is due in most of them.
func TestShippedMissionsTakeActionChecks_SASL6(t *testing.T) {
	t.Parallel()
	seeds := uint64(2)
	if longrun.Enabled() {
		seeds = 10
	}
	c := newHcount()
	worlds := map[string]*world.World{"crossroads": prepared(t, "crossroads", ""), "wooded-hill": prepared(t, "wooded-hill", "")}
	if _, ok := testshared.FindBoards(); ok {
		text, err := os.ReadFile("../examples/four-boards.yaml")
		if err != nil {
			t.Fatal(err)
		}
		worlds["four-boards"] = prepareText(t, string(text))
	}
	for name, w := range worlds {
		for _, pol := range []state.Policy{PolicyHold, PolicyAttack} {
			t.Run(name+"/"+string(pol), func(t *testing.T) {
				t.Parallel()
				for seed := range seeds {
					// checkSomeActions faults a game whose ENEMY had
					// Activated units outside a wave at a PFPh and took
					// no check; one that never had any (a FRIENDLY side
					// that holds out of every S?'s sight) has none due.
					if h := playChecked(t, w, name, pol, seed, c); h.actions().due == 0 {
						t.Logf("%s seed %d %s: no Action check due in the whole game", name, seed, pol)
					}
				}
			})
		}
	}
	t.Cleanup(func() {
		if games, due := c.cases["SASL 6 every game"], c.cases["SASL 6 Action check"]; games == 0 || due == 0 {
			t.Errorf("%d games with Action checks due, %d checks: the test checks too little", games, due)
		}
	})
}
