package ai

import (
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// genBoard: a stone building with a first level at R5, next to the VPO
// R4 (genMission); open ground elsewhere.
const genBoard = "R5 building building=stone/1 stairs\n"

const genMission = openMission + "vpo: [\"o2R4\"]\nenemy: Russian\n"

// genEngine is an engine over the generation test map with tables laid
// over by over (YAML, "" for none), dice script, and the ENEMY units of
// enemy (state file lines).
func genEngine(t *testing.T, over, script, enemy string) (*Enemy, *state.State) {
	t.Helper()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": genBoard}, genMission)
	tb := tables.Default()
	if over != "" {
		var err error
		if tb, err = tables.Parse([]byte(over), "over.yaml"); err != nil {
			t.Fatal(err)
		}
	}
	w, err := world.New(m, ms, tb, infantryOf(t, m))
	if err != nil {
		t.Fatal(err)
	}
	st, err := state.Read(strings.NewReader("turn: 2\nwaves:\n  - {id: A, edge: south, direction: o2K10}\nenemy:\n"+enemy), "state.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	return New(w, scripted(t, script), st), st
}

// A Human Wave S? takes no AC dr and is never a dummy (SASL 4.34): its one
// dr is Table x10's, whatever the tables say of other S?; released, it
// still uses Table x10 (4.33).
func TestGenerate_SASL4_34_HumanWaveNeverDummy(t *testing.T) {
	t.Parallel()
	for _, released := range []bool{false, true} {
		line := `  - {id: A1, unit: "s?", hw: true, wave: A, at: o2M5}` + "\n"
		if released {
			line = `  - {id: A1, unit: "s?", hw: true, released: true, wave: A, at: o2M5}` + "\n"
		}
		h, st := genEngine(t, "", "6", line) // x10 dr 6: [squad, half_squad]
		n := h.Log().Len()
		if err := h.Reveal(st.Unit("A1")); err != nil {
			t.Fatalf("released %v: %v", released, err)
		}
		evs := worded(h, n)
		if len(evs) != 1 || evs[0].Kind != report.Activate || evs[0].AC != nil || len(evs[0].Rolls) != 1 || evs[0].Rolls[0].Rule() != "SASL 4.34" {
			t.Fatalf("released %v: want one Activate by Table x10 (SASL 4.34), no AC dr: %v", released, evs)
		}
		if !strings.Contains(evs[0].Text, "x10 dr 6") || !strings.HasSuffix(evs[0].Text, "(SASL 4.34)") {
			t.Errorf("released %v: %s", released, evs[0].Text)
		}
		if got := state.IDs(st.OfSide(state.Enemy)); !slices.Equal(got, []string{"A1a", "A1b"}) {
			t.Errorf("released %v: units %v, want A1a, A1b", released, got)
		}
	}
}

// An S? of the setup whose Final AC dr reaches s_generation.dummy is a
// dummy (SASL 5.1): removed from play, generating nothing, and the event
// says so with its dr, its drm and the rule.
func TestGenerate_SASL5_1_Dummy(t *testing.T) {
	t.Parallel()
	h, st := genEngine(t, "", "5", `  - {id: S1, unit: "s?", at: o2M5, case: a}`+"\n")
	n := h.Log().Len()
	if err := h.Reveal(st.Unit("S1")); err != nil {
		t.Fatal(err)
	}
	if len(st.OfSide(state.Enemy)) != 0 {
		t.Errorf("a dummy leaves play: %v", state.IDs(st.OfSide(state.Enemy)))
	}
	evs := worded(h, n)
	if len(evs) != 1 || evs[0].Kind != report.Dummy || evs[0].AC == nil || evs[0].AC.Final != 5 || evs[0].Rolls[0].Rule() != "SASL 5.1" {
		t.Fatalf("want one Dummy event, AC dr 5: %v", evs)
	}
	want := "S1 Activated in o2M5: in a Location with FRIENDLY units (Melee): revealed: AC dr 5: a dummy (a dummy on a Final AC dr >= 5, placeholder): a dummy, removed from play (SASL 5.1)"
	if evs[0].Text != want {
		t.Errorf("got  %s\nwant %s", evs[0].Text, want)
	}
}

// The AC drm (SASL 5.1, as a public SASL quick reference lists them): -1
// in/ADJACENT to a VPO, -1 in a stone building, -1 a level above the
// base level, -1 an Activated ENEMY unit within two hexes, +1 on a Village
// and +2 on a City mapboard, except for an S? that entered (Advance
// Attitude).
func TestGenerate_SASL5_1_ACDRM(t *testing.T) {
	t.Parallel()
	city := "sasl:\n  a9:\n    boards:\n      o2: {kinds: [city], source: test}\n"
	village := "sasl:\n  a9:\n    boards:\n      o2: {kinds: [village], source: test}\n"
	for _, c := range []struct {
		name, over, enemy string
		want              report.AC // Dr 4 in every case
	}{
		{"open ground, farmland", "", `  - {id: S1, unit: "s?", at: o2M5, case: a}`, report.AC{}},
		{"VPO adjacent", "", `  - {id: S1, unit: "s?", at: o2R3, case: a}`, report.AC{VPO: -1}},
		{"in the VPO's hex", "", `  - {id: S1, unit: "s?", at: o2R4, case: b}`, report.AC{VPO: -1}},
		{"stone building, ground level", "", `  - {id: S1, unit: "s?", at: o2R5, case: a}`, report.AC{VPO: -1, Stone: -1}},
		{"stone building, first level", "", `  - {id: S1, unit: "s?", at: o2R5h1, case: a}`, report.AC{VPO: -1, Stone: -1, Level: -1}},
		{"an Activated squad two hexes away", "", `  - {id: S1, unit: "s?", at: o2M5, case: a}` + "\n" + `  - {id: E1, unit: squad, type: 4-4-7, at: o2M7}`, report.AC{Near: -1}},
		{"an S? two hexes away is not Activated", "", `  - {id: S1, unit: "s?", at: o2M5, case: a}` + "\n" + `  - {id: S2, unit: "s?", at: o2M7, case: a}`, report.AC{}},
		{"an Activated squad three hexes away", "", `  - {id: S1, unit: "s?", at: o2M5, case: a}` + "\n" + `  - {id: E1, unit: squad, type: 4-4-7, at: o2M8}`, report.AC{}},
		{"village", village, `  - {id: S1, unit: "s?", at: o2M5, case: a}`, report.AC{Board: 1}},
		{"city", city, `  - {id: S1, unit: "s?", at: o2M5, case: a}`, report.AC{Board: 2, City: true}},
		{"city, an S? that entered: Advance Attitude", city, `  - {id: S1, unit: "s?", at: o2M5}`, report.AC{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h, st := genEngine(t, c.over, "4 3", c.enemy+"\n") // generation dr 3: a squad
			n := h.Log().Len()
			if err := h.Reveal(st.Unit("S1")); err != nil {
				t.Fatal(err)
			}
			want := c.want
			want.Dr, want.Dummy = 4, 5
			want.Final = 4 + want.VPO + want.Stone + want.Level + want.Near + want.Board
			evs := worded(h, n)
			if len(evs) == 0 || evs[0].AC == nil {
				t.Fatalf("no AC dr: %v", evs)
			}
			if got := *evs[0].AC; got != want {
				t.Errorf("AC %+v, want %+v: %s", got, want, evs[0].Text)
			}
			if wantKind := report.Activate; want.Final >= 5 {
				wantKind = report.Dummy
				if evs[0].Kind != wantKind {
					t.Errorf("Final AC dr %d: %s, want a dummy", want.Final, evs[0].Text)
				}
			} else if evs[0].Kind != wantKind || st.Unit("S1a") == nil {
				t.Errorf("Final AC dr %d: %s, want S1a", want.Final, evs[0].Text)
			}
		})
	}
}

// Not a dummy, an S? becomes the units of its nationality's row of the
// unit generation table (SASL 5): the mission's ENEMY is Russian, so the
// Russian table, or the default one where the tables have none; the words
// mark a placeholder row as one.
func TestGenerate_SASL5_UnitsByNationality(t *testing.T) {
	t.Parallel()
	russian := "s_generation:\n  units:\n    Russian:\n      rows:\n" +
		"        1: {value: [half_squad, half_squad], source: my card}\n        2: {value: [squad], source: my card}\n" +
		"        3: {value: [squad], source: my card}\n        4: {value: [squad], source: my card}\n" +
		"        5: {value: [squad], source: my card}\n        6: {value: [squad, leader], source: my card}\n"
	for _, c := range []struct {
		name, over, script string
		want               []string // unit IDs and types
		text               string
	}{
		{"default table, dr 1: a squad and a leader (x3 dr 2)", "", "1 1 2", []string{"S1a 4-4-7", "S1b 7-0"}, "generation dr 1 (default, placeholder): S1a squad 4-4-7, S1b leader 7-0 (SASL 5.1, SASL 5)"},
		{"default table, dr 1, x3 dr 1 with leader_drm -1: no leader", "s_generation:\n  leader_drm: {value: -1, source: test}\n", "1 1 1", []string{"S1a 4-4-7"}, "S1a squad 4-4-7, no leader (x3 dr 1-1)"},
		{"default table, dr 5: a half-squad", "", "1 5", []string{"S1a 2-3-7"}, "generation dr 5 (default, placeholder): S1a half-squad 2-3-7"},
		{"the Russian table, dr 1", russian, "1 1", []string{"S1a 2-3-7", "S1b 2-3-7"}, "generation dr 1 (Russian): S1a half-squad 2-3-7, S1b half-squad 2-3-7 (SASL 5.1, SASL 5)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h, st := genEngine(t, c.over, c.script, `  - {id: S1, unit: "s?", at: o2M5, case: a}`+"\n")
			n := h.Log().Len()
			if err := h.Reveal(st.Unit("S1")); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, u := range st.OfSide(state.Enemy) {
				got = append(got, u.ID+" "+u.Type)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("units %v, want %v", got, c.want)
			}
			if evs := worded(h, n); len(evs) != 1 || !strings.Contains(evs[0].Text, c.text) {
				t.Errorf("want %q in %v", c.text, evs)
			}
		})
	}
}

// policy.setup_s x10 keeps Table x10 for the S? of the setup and entries,
// to compare with what sasl played before SASL 5's generation: no AC dr,
// never a dummy, and the words name the policy rather than 4.34, which is
// the Human Wave's.
func TestGenerate_SetupSX10(t *testing.T) {
	t.Parallel()
	h, st := genEngine(t, "policy:\n  setup_s: {value: x10, source: test}\n", "6", `  - {id: S1, unit: "s?", at: o2M5, case: a}`+"\n")
	n := h.Log().Len()
	if err := h.Reveal(st.Unit("S1")); err != nil {
		t.Fatal(err)
	}
	evs := worded(h, n)
	if len(evs) != 1 || evs[0].Kind != report.Activate || evs[0].AC != nil || !strings.HasSuffix(evs[0].Text, "(SASL 5 by Table x10 (policy.setup_s x10))") {
		t.Fatalf("want an Activate by Table x10: %v", evs)
	}
	if got := state.IDs(st.OfSide(state.Enemy)); !slices.Equal(got, []string{"S1a", "S1b"}) {
		t.Errorf("units %v", got)
	}
	if _, err := tables.Parse([]byte("policy:\n  setup_s: {value: sasl4, source: test}\n"), "p.yaml"); err == nil ||
		!strings.Contains(err.Error(), "p.yaml:2") || !strings.Contains(err.Error(), "[sasl5 x10]") {
		t.Errorf("an unknown setup_s: %v", err)
	}
}
