package ai

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// actionMission is open ground (o1 north of o2, the FBE north) with a
// woods hex o2K4 and a VPO, in Maintain Attitude.
const actionMission = `name: Action checks
boards: [["o1"], ["o2"]]
fbe: north
ebe: south
attitude: maintain
vpo: ["o1K5"]
victory:
  control: ["o1K5"]
`

// actionGame is an ENEMY side over actionMission with the units of state
// text (enemy: and friendly: lists) and scripted dice.
func actionGame(t *testing.T, text, dice string) (*Enemy, *board.Map, *state.State) {
	t.Helper()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": "K4 woods\n"}, actionMission)
	return actionOn(t, m, ms, text, dice)
}

// actionOn is actionGame on a map and mission made once (their world is
// made once too: newWorld).
func actionOn(t *testing.T, m *board.Map, ms *missions.Mission, text, dice string) (*Enemy, *board.Map, *state.State) {
	t.Helper()
	st, err := state.Read(strings.NewReader("turn: 2\n"+text), "state.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	return newHW(t, m, ms, scripted(t, dice), st), m, st
}

// checks returns the Action checks among events.
func checks(evs []event) []event {
	var out []event
	for _, e := range evs {
		if e.Kind == report.ActionCheck {
			out = append(out, e)
		}
	}
	return out
}

// Each row of each Attitude's Action table gives the Command the table
// says (SASL 6): a squad 3 hexes from a Known FRIENDLY squad (a Target)
// and one with none in its LOS take a Panic dr of 1 (no panic), then the
// table's dr. fire and fire_move fire at the Target; with none, fire is no
// Action and fire_move moves; move moves; hold holds. The rows are read
// from the tables, and a row the player types in is the one played.
func TestActionTableRows_SASL6(t *testing.T) {
	t.Parallel()
	want := map[tables.Command][2]state.Command{ // with a Target, without
		tables.CmdFire:     {state.Fire, state.Hold},
		tables.CmdFireMove: {state.Fire, state.MoveOn},
		tables.CmdMove:     {state.MoveOn, state.MoveOn},
		tables.CmdHold:     {state.Hold, state.Hold},
	}
	for _, attitude := range []string{"maintain", "advance", "typed"} {
		// One world an Attitude; "typed" is the player's own table, laid
		// on each game's tables below, named after the world is made.
		m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": "K4 woods\n"}, actionMission)
		newWorld(t, m, ms)
		ms.Attitude = attitude
		for dr := 1; dr <= 6; dr++ {
			for _, target := range []bool{true, false} {
				friendly := "friendly:\n  - {id: F1, unit: squad, type: 6-6-7, at: o2N5, known: true}\n"
				if !target {
					friendly = ""
				}
				// S1 of the setup takes the Prevailing Attitude; the dice:
				// its Panic dr, its table dr, then an IFT DR if it fires.
				h, _, st := actionOn(t, m, ms, "enemy:\n  - {id: S1, unit: squad, at: o2K5, setup: true}\n"+friendly, fmt.Sprintf("1 %d 6 6", dr))
				if attitude == "typed" {
					// a player's own table: every row hold but this dr's move
					h.t = h.t.Clone()
					h.t.SASL.Action.Tables["typed"] = &tables.CommandByDr{Source: "test"}
					for r := 1; r <= 6; r++ {
						h.t.SASL.Action.Tables["typed"].Rows[r] = tables.Entry[tables.Command]{Value: tables.CmdHold, Source: "test"}
					}
					h.t.SASL.Action.Tables["typed"].Rows[dr].Value = tables.CmdMove
				}
				evs, err := play(h, state.PFPh)
				if err != nil {
					t.Fatal(err)
				}
				row := h.t.SASL.Action.Tables[attitude].Rows[dr].Value
				cmd := want[row][0]
				if !target {
					cmd = want[row][1]
				}
				cs := checks(evs)
				if len(cs) != 1 {
					t.Fatalf("%s dr %d: %d Action checks: %v", attitude, dr, len(cs), evs)
				}
				a := cs[0].Action
				if a.Attitude != attitude || a.Table.DR != dr || a.Row != row || a.Command != cmd || st.Unit("S1").Command != cmd {
					t.Errorf("%s dr %d (target %v): %s: %+v, S1 %s; want row %s, command %s", attitude, dr, target, cs[0].Text, a, st.Unit("S1").Command, row, cmd)
				}
				fired := slices.ContainsFunc(evs, func(e event) bool { return e.Kind == report.Fire && e.Fire.As == report.PrepFire })
				if fired != (cmd == state.Fire) || st.Unit("S1").Fired != fired {
					t.Errorf("%s dr %d (target %v): Prep Fire %v, command %s: %v", attitude, dr, target, fired, cmd, evs)
				}
			}
		}
	}
}

// A Move Command moves in the MPh and nothing else does (SASL 6): of two
// squads, the one ordered to move walks toward the VPO, the one with no
// Action stays; in the AFPh the one with no Action does not fire.
func TestMoveCommandAloneMoves_SASL6(t *testing.T) {
	t.Parallel()
	// S1 (o2K8) rolls dr 6 on Maintain: hold; S2 (o2Q8) rolls dr 5:
	// fire_move, no Target in range: it moves.
	h, m, st := actionGame(t, "enemy:\n  - {id: S1, unit: squad, at: o2K8, setup: true}\n  - {id: S2, unit: squad, at: o2Q8, setup: true}\nvpo:\n  - {at: o1K5, control: friendly}\n", "1 6 1 5")
	if _, err := play(h, state.PFPh); err != nil {
		t.Fatal(err)
	}
	if s1, s2 := st.Unit("S1").Command, st.Unit("S2").Command; s1 != state.Hold || s2 != state.MoveOn {
		t.Fatalf("S1 %s, S2 %s, want hold, move", s1, s2)
	}
	if _, err := play(h, state.MPh); err != nil {
		t.Fatal(err)
	}
	if at := m.LocationName(st.Unit("S1").At()); at != "o2K8" {
		t.Errorf("S1 with no Action moved to %s", at)
	}
	if at := m.LocationName(st.Unit("S2").At()); at == "o2Q8" {
		t.Errorf("S2 with a Move Command stayed in %s", at)
	}
}

// A Panic dr of sasl.action.panic or more panics the units (SASL 6.21):
// no Action table dr is rolled, they take no Action (no Prep Fire, no
// move, no Advancing Fire) until the Game Turn ends, and fire only Final
// Protective Fire at ADJACENT FRIENDLY units (SASL 6.212).
func TestPanic_SASL6_21(t *testing.T) {
	t.Parallel()
	h, m, st := actionGame(t, "enemy:\n  - {id: S1, unit: squad, at: o2K5, setup: true}\n  - {id: S2, unit: squad, at: o2K5, setup: true}\nfriendly:\n  - {id: F1, unit: squad, type: 6-6-7, at: o2N5, known: true}\nvpo:\n  - {at: o1K5, control: friendly}\n", "6")
	evs, err := play(h, state.PFPh)
	if err != nil {
		t.Fatal(err)
	}
	cs := checks(evs)
	if len(cs) != 1 || !cs[0].Action.Panicked || cs[0].Action.Table.DR != 0 || len(cs[0].Rolls) != 1 || !slices.Equal(cs[0].Units, []string{"S1", "S2"}) {
		t.Fatalf("one check of S1, S2 with its Panic dr only, panicked: %v", evs)
	}
	if !strings.Contains(cs[0].Text, "Panic dr 6 (6 or more panics): they panic") {
		t.Errorf("words: %s", cs[0].Text)
	}
	for _, ph := range []state.Phase{state.MPh, state.AFPh, state.APh} {
		evs, err := play(h, ph)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) > 0 || m.LocationName(st.Unit("S1").At()) != "o2K5" {
			t.Errorf("%s: a panicked stack acted: %v", ph, evs)
		}
	}
	for _, u := range []string{"S1", "S2"} {
		if x := st.Unit(u); !x.Panicked || x.Fired {
			t.Errorf("%s: panicked %v, fired %v", u, x.Panicked, x.Fired)
		}
	}
	// In the FRIENDLY Player Turn: no Defensive Fire at F1 three hexes
	// away in the open (Good Order, they would fire), FPF at a stack
	// moving ADJACENT.
	h.log.Player = state.Friendly
	n := h.log.Len()
	if err := h.Defend(); err != nil {
		t.Fatal(err)
	}
	if evs := worded(h, n); len(evs) > 0 {
		t.Errorf("a panicked stack fired Defensive Fire: %v", evs)
	}
	f1 := st.Unit("F1")
	if err := h.FirstFire([]*state.Unit{f1}, f1.At(), 0); err != nil {
		t.Fatal(err)
	}
	if evs := worded(h, n); len(evs) > 0 {
		t.Errorf("a panicked stack First Fired at a stack 3 hexes away: %v", evs)
	}
	st.Move(f1, testmaps.Loc(t, m, "o2K6"))
	h.r = scripted(t, "6 6")
	if err := h.FirstFire([]*state.Unit{f1}, f1.At(), 0); err != nil {
		t.Fatal(err)
	}
	evs = worded(h, n)
	if len(evs) == 0 || evs[0].Fire == nil || evs[0].Fire.As != report.FinalProtectiveFire {
		t.Errorf("no Final Protective Fire at an ADJACENT mover: %v", evs)
	}
}

// The Automatic Action of SASL 6.311: a Known FRIENDLY unit ADJACENT gets
// the units' Prep Fire, without an Action table dr, even where SASL 4.36's
// priorities would choose another Target (F2 in the open two hexes away
// over F1 in the woods next to them).
func TestAutomaticFireAdjacent_SASL6_311(t *testing.T) {
	t.Parallel()
	h, _, st := actionGame(t, "enemy:\n  - {id: S1, unit: squad, at: o2K5, setup: true}\nfriendly:\n  - {id: F1, unit: squad, type: 6-6-7, at: o2K4, known: true}\n  - {id: F2, unit: squad, type: 6-6-7, at: o2M5, known: true}\n", "1 6 6")
	evs, err := play(h, state.PFPh)
	if err != nil {
		t.Fatal(err)
	}
	cs := checks(evs)
	if len(cs) != 1 || cs[0].Action.Automatic != report.FireAdjacent || cs[0].Action.Table.DR != 0 || cs[0].Action.Command != state.Fire {
		t.Fatalf("want the Automatic Action of 6.311 without a table dr: %v", evs)
	}
	i := slices.IndexFunc(evs, func(e event) bool { return e.Kind == report.Fire })
	if i < 0 || evs[i].Fire.Target != "F1" || !st.Unit("S1").Fired {
		t.Errorf("Prep Fire at F1 ADJACENT: %v", evs)
	}
	if !strings.Contains(cs[0].Text, "(SASL 6.311)") {
		t.Errorf("words: %s", cs[0].Text)
	}
}

// Who takes a check, and in which Attitude (SASL 4.2, 4.32-4.33, 6): a
// Human Wave unit moving with its wave takes none (4.32 moves it), nor one
// next to it that joins the wave as its MPh begins (J1: 4.323), nor a
// broken unit, an S? or a unit in Melee; a unit of an entry is in Advance
// Attitude, a unit of the setup and one released from a Human Wave in the
// Prevailing one (4.33), one of an entry that had joined a wave (J2)
// too.
func TestWhoTakesAChecks_SASL4_33(t *testing.T) {
	t.Parallel()
	h, _, _ := actionGame(t, `enemy:
  - {id: W1, unit: squad, at: o2C5, hw: true, wave: A, lane: o2C10}
  - {id: J1, unit: squad, at: o2C6, setup: true}
  - {id: R1, unit: squad, at: o2E5, hw: true, wave: A, lane: o2E10, released: true}
  - {id: E1, unit: squad, at: o2G5}
  - {id: S1, unit: squad, at: o2I5, setup: true}
  - {id: B1, unit: squad, at: o2M5, setup: true, broken: true}
  - {id: Q1, unit: "s?", at: o2O5, case: c}
  - {id: M1, unit: squad, at: o2Q5, setup: true}
  - {id: J2, unit: squad, at: o2K5, wave: A, lane: o2K5, released: true}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: o2Q5, known: true}
waves:
  - {id: A, edge: south, direction: o2C10}
`, "1 6 1 6 1 6 1 6")
	evs, err := play(h, state.PFPh)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range checks(evs) {
		got[strings.Join(c.Units, ",")] = c.Action.Attitude
	}
	want := map[string]string{"R1": "maintain", "E1": "advance", "S1": "maintain", "J2": "maintain"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("checks %v, want %v", got, want)
	}
}

// checkOrder plays the ENEMY PFPh of mission over boards with the ENEMY
// units of enemies (a state file's list, one squad of the setup a
// Location, each rolling Panic 1 and table 6) and returns the order of
// their checks, by the first unit's ID.
func checkOrder(t *testing.T, boards map[string]string, mission, enemies string) string {
	t.Helper()
	m, ms := testmaps.MapAndMission(t, boards, mission)
	st, err := state.Read(strings.NewReader("turn: 2\nenemy:\n"+enemies), "state.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	h := newHW(t, m, ms, scripted(t, strings.Repeat("1 6 ", len(st.Units()))), st)
	evs, err := play(h, state.PFPh)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, c := range checks(evs) {
		order = append(order, c.Units[0])
	}
	return strings.Join(order, " ")
}

// The order of the checks (SASL 6, as the SASL QRDC gives it): hexrow by
// hexrow from the north edge; in a hexrow the Location closest to the FBE
// first; of a hex the highest Location first. Here the FBE is north too,
// so the rows decide, and a building's upper level goes before its ground.
func TestActionCheckOrder_SASL6(t *testing.T) {
	t.Parallel()
	got := checkOrder(t, map[string]string{"o1": "", "o2": "K6 building building=stone/1\n"}, actionMission, `  - {id: A, unit: squad, at: o2K9, setup: true}
  - {id: B, unit: squad, at: o2K6, setup: true}
  - {id: C, unit: squad, at: o2K6h1, setup: true}
  - {id: D, unit: squad, at: o1K9, setup: true}
  - {id: E, unit: squad, at: o2C2, setup: true}
`)
	if got != "D E C B A" {
		t.Errorf("order %s, want D E C B A (north first, upper level first)", got)
	}
}

// In a hexrow the Location closest to the FBE goes first (SASL 6, the
// QRDC's order): with the FBE east, o1Q5 before o1C5, both five hexes
// from the north edge (world.NorthDistance); o1G4, four, goes before
// both.
func TestActionCheckOrderFBE_SASL6(t *testing.T) {
	t.Parallel()
	got := checkOrder(t, map[string]string{"o1": ""}, "name: east\nboards: [[\"o1\"]]\nfbe: east\nebe: west\n", `  - {id: C, unit: squad, at: o1C5, setup: true}
  - {id: Q, unit: squad, at: o1Q5, setup: true}
  - {id: G, unit: squad, at: o1G4, setup: true}
`)
	if got != "G Q C" {
		t.Errorf("order %s, want G Q C (the row before, then closest to the east FBE)", got)
	}
}

// A leader alone next to a Known FRIENDLY unit has no FP to fire with:
// SASL 6.311 does not apply, his check goes on to the Action table, and a
// Fire Command finds no Target for him (no Action); a Move Command would
// move him.
func TestLeaderAloneNoAutomaticFire_SASL6_311(t *testing.T) {
	t.Parallel()
	h, _, st := actionGame(t, "enemy:\n  - {id: L1, unit: leader, type: 8-1, at: o2K5, setup: true}\nfriendly:\n  - {id: F1, unit: squad, type: 6-6-7, at: o2L5, known: true}\n", "1 1")
	evs, err := play(h, state.PFPh)
	if err != nil {
		t.Fatal(err)
	}
	cs := checks(evs)
	if len(cs) != 1 || cs[0].Action.Automatic != report.NoAutomatic || cs[0].Action.Table.DR != 1 || cs[0].Action.Command != state.Hold || st.Unit("L1").Command != state.Hold {
		t.Errorf("a leader alone: %v", evs)
	}
	if slices.ContainsFunc(evs, func(e event) bool { return e.Kind == report.Fire }) {
		t.Errorf("a leader alone fired: %v", evs)
	}
}
