package ai

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// losBoard is board o2 of the LOS tests (hexes not listed are open
// ground): woods K6 K7 between K8 and K5; a wooden building O6 and O7
// between O8 and O5; grain S6 and S7 (in season in month 7) between S8 and
// S5, grain U7 between U8 and U5.
const losBoard = `K6 woods
K7 woods
O6 building building=wooden/0
O7 building building=wooden/0
S6 grain
S7 grain
U7 grain
X5 building building=stone/0
Z5 building building=wooden/0
`

// losHW is a Human Wave engine over the LOS test board with FRIENDLY
// units (specs as a state file writes them) and no S?.
func losHW(t *testing.T, friendly string) (*Enemy, *board.Map) {
	t.Helper()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": losBoard}, openMission+"month: 7\n")
	text := "turn: 2\n"
	if friendly != "" {
		text += "friendly:\n" + friendly
	}
	st, err := state.Read(strings.NewReader(text), "state.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	return newHW(t, m, ms, scripted(t, ""), st), m
}

// S? Activation by LOS and the Activation table (SASL 3.32, 4.34), the
// mission naming no ENEMY nationality: the germany row (range 1 auto,
// range 2 DRM <= 2, range 3 <= 1, range 4 <= 1, range 5 <= 0).
func TestActivationByLOS(t *testing.T) {
	t.Parallel()
	h, m := losHW(t, "")
	for _, c := range []struct {
		name, s, f string
		known      bool
		want       string // "" for none: "range DRM TEM hindrance cell"
	}{
		{"woods between, range 3", "o2K8", "o2K5", true, ""},
		{"a building between, range 3", "o2O8", "o2O5", true, ""},
		{"clear LOS, range 2, open ground", "o2M8", "o2M6", true, "2 0 0 0 2"},
		{"clear LOS, range 2, but not Known", "o2M8", "o2M6", false, ""},
		{"adjacent: auto", "o2K8", "o2K7", true, "1 1 1 0 auto"},
		{"range 3, one grain hex: DRM 1 <= 1", "o2U8", "o2U5", true, "3 1 0 1 1"},
		{"range 3, two grain hexes: DRM 2 > 1", "o2S8", "o2S5", true, ""},
		{"range 2, stone building: TEM 3 > 2", "o2X7", "o2X5", true, ""},
		{"range 2, wooden building: TEM 2 <= 2", "o2Z7", "o2Z5", true, "2 2 2 0 2"},
		{"range 5, open ground: DRM 0 <= 0", "o2M10", "o2M5", true, "5 0 0 0 0"},
		{"range 7, open ground: DRM 0 > -1", "o2M9", "o2M2", true, ""},
	} {
		f := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: c.known}
		for _, u := range slices.Clone(h.st.Units()) {
			h.st.Remove(u)
		}
		h.st.Add(f, testmaps.Loc(t, m, c.f))
		a, ok, err := h.activation(testmaps.Loc(t, m, c.s), nil, report.Standing)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if ok {
			got = fmt.Sprintf("%d %d %d %d %s", a.Range, a.DRM, a.TEM, a.Hindrance, a.Cell)
			if a.By != "F1" || a.Row != "germany" || m.LocationName(a.At) != c.f {
				t.Errorf("%s: Activated by %s in %s on row %s", c.name, a.By, m.LocationName(a.At), a.Row)
			}
		}
		if got != c.want {
			t.Errorf("%s: S? in %s, F1 in %s: Activation %q, want %q", c.name, c.s, c.f, got, c.want)
		}
	}
}

// Of two FRIENDLY units that Activate an S?, the closer one is named; the
// event says which unit, the range, the DRM and the table's cell.
func TestActivationEvent(t *testing.T) {
	t.Parallel()
	h, m := losHW(t, "  - {id: F1, unit: squad, type: 6-6-7, at: o2M5, known: true}\n  - {id: F2, unit: half_squad, type: 3-3-7, at: o2N7, known: true}\n")
	s := &state.Unit{ID: "A1", Side: state.Enemy, Kind: state.SQ, HW: true, Wave: "A"}
	h.st.Add(s, testmaps.Loc(t, m, "o2M8"))
	h.st.Waves = []state.Wave{{ID: "A", Edge: 2}}
	h.r = scripted(t, "3")
	h.Log().Phase = state.MPh
	if err := h.Standing(); err != nil {
		t.Fatal(err)
	}
	evs := worded(h, 0)
	if len(evs) != 1 || evs[0].Kind != report.Activate {
		t.Fatalf("events %v", evs)
	}
	e := evs[0]
	want := "A1 Activated in o2M8: F2 half-squad 3-3-7 in o2N7 in LOS at 1 hex, checked at the end of the Player Turn: auto on the Activation table (row germany, range 1): x10 dr 3:"
	if !strings.HasPrefix(e.Text, want) {
		t.Errorf("text %q\nwant %q...", e.Text, want)
	}
	if e.Activation == nil || e.Activation.By != "F2" || e.Activation.Range != 1 {
		t.Errorf("activation %+v", e.Activation)
	}
	// Without F2, F1 at range 3 in the open: DRM 0 <= 1.
	h, m = losHW(t, "  - {id: F1, unit: squad, type: 6-6-7, at: o2M5, known: true}\n")
	a, ok, _ := h.activation(testmaps.Loc(t, m, "o2M8"), nil, report.Standing)
	if !ok {
		t.Fatal("F1 in clear LOS at range 3 does not Activate")
	}
	if a.By != "F1" || a.Range != 3 || a.DRM != 0 || a.TEM != 0 || a.Hindrance != 0 || a.Cell.DRM != 1 {
		t.Errorf("activation %+v, want F1 at range 3, Final DRM +0 (TEM +0, hindrance +0) <= 1", a)
	}
}

// A Human Wave S? moving up to a Known FRIENDLY unit 3 hexes away behind
// woods is not Activated there; its neighbour, in clear LOS, is.
func TestHWActivationOnTheMove(t *testing.T) {
	t.Parallel()
	h, m := losHW(t, "  - {id: F1, unit: squad, type: 6-6-7, at: o2K5, known: true}\n")
	for i, x := range []string{"o2J10", "o2K10", "o2L10"} {
		h.st.Add(&state.Unit{ID: fmt.Sprintf("A%d", i+1), Side: state.Enemy, Kind: state.SQ, HW: true, Wave: "A", Lane: testmaps.Loc(t, m, x).Hex}, testmaps.Loc(t, m, x))
	}
	h.st.Waves = []state.Wave{{ID: "A", Edge: 2, Direction: testmaps.Loc(t, m, "o2K10").Hex}}
	h.r = scripted(t, "3 3 3")
	ev, err := play(h, state.MPh)
	if err != nil {
		t.Fatal(err)
	}
	var a2 string
	for _, e := range ev {
		if e.Kind != report.Activate {
			continue
		}
		a := e.Activation
		if a == nil || !h.w.Sight(e.Made[0].At, a.At).Clear {
			t.Errorf("Activated out of LOS: %s", e.Text)
		}
		if e.Units[0] == "A2" {
			a2 = m.LocationName(e.Made[0].At)
		}
	}
	// A2 comes up hexrow K: from K9 (range 4), K8 and K7 the woods of K6
	// and K7 hide F1; it is Activated in K6, next to F1 (auto).
	if a2 != "o2K6" {
		t.Errorf("A2 Activated in %q, want o2K6: %v", a2, ev)
	}
}

// SASL 4.36: a fire group fires only at a Target in its LOS; hindrances
// count with TEM for the least TEM, and the fire's DRM includes them.
func TestHWFireByLOS(t *testing.T) {
	t.Parallel()
	squads := func(h *Enemy, m *board.Map, hexes ...string) {
		for i, x := range hexes {
			h.st.Add(&state.Unit{ID: fmt.Sprintf("A%d", i+1), Side: state.Enemy, Kind: state.Squad, Type: "4-6-7", HW: true, Wave: "A"}, testmaps.Loc(t, m, x))
		}
		h.st.Waves = []state.Wave{{ID: "A", Edge: 2}}
		h.Log().Phase = state.AFPh
	}
	fired := func(h *Enemy) []*report.FireGroup {
		var out []*report.FireGroup
		for _, e := range h.Log().Since(0) {
			if e.Kind == report.Fire {
				out = append(out, e.Fire)
			}
		}
		return out
	}
	// F1 is closer (range 3) but behind the woods of K6-K7; F2 (range 4)
	// is in the open in clear LOS.
	h, m := losHW(t, "  - {id: F1, unit: squad, type: 6-6-7, at: o2K5, known: true}\n  - {id: F2, unit: squad, type: 6-6-7, at: o2M5, known: true}\n")
	squads(h, m, "o2K8", "o2L9", "o2M9")
	if err := h.fire(); err != nil {
		t.Fatal(err)
	}
	fg := fired(h)
	if len(fg) == 0 || fg[0].Target != "F2" {
		t.Fatalf("fire groups %+v, want one at F2 (F1 is out of LOS)", fg)
	}
	for _, g := range fg {
		if g.Target == "F1" {
			t.Errorf("fired at F1 out of LOS: %+v", g)
		}
	}
	// F1 in the open (TEM 0) behind two grain hexes (hindrance +2); F2 in
	// woods (TEM 1) in clear LOS: F2 has the least TEM counting hindrance.
	h, m = losHW(t, "  - {id: F1, unit: squad, type: 6-6-7, at: o2S5, known: true}\n  - {id: F2, unit: squad, type: 6-6-7, at: o2K7, known: true}\n")
	squads(h, m, "o2R8", "o2S8", "o2M8")
	tt := Targeting{Range: 4, TEM: func(from board.Location, u *state.Unit) world.Cover { return h.w.FireTEM(from, u.At()) }, Sight: h.w.Sight}
	tg, ok := tt.Choose([]board.Location{testmaps.Loc(t, m, "o2S8")}, h.st.Side(state.Friendly))
	if !ok || tg.Unit.ID != "F1" || tg.Hindrance != 2 || tg.TEM != 0 {
		t.Fatalf("from S8 alone: target %+v, want F1 with TEM 0, hindrance 2", tg)
	}
	tg, ok = tt.Choose([]board.Location{testmaps.Loc(t, m, "o2S8"), testmaps.Loc(t, m, "o2M8")}, h.st.Side(state.Friendly))
	if !ok || tg.Unit.ID != "F2" || tg.TEM != 1 || tg.Hindrance != 0 {
		t.Errorf("target %+v, want F2 (TEM 1, no hindrance) before F1 (TEM 0, hindrance 2)", tg)
	}
	if err := h.fire(); err != nil {
		t.Fatal(err)
	}
	for _, g := range fired(h) {
		if g.Target == "F1" && (g.Hindrance != 2 || g.DRM != 2) {
			t.Errorf("fire at F1 behind two grain hexes: DRM %+d, hindrance %+d, want +2, +2", g.DRM, g.Hindrance)
		}
		if g.Target == "F2" && g.DRM != 1 {
			t.Errorf("fire at F2 in woods: DRM %+d, want +1", g.DRM)
		}
	}
}

// TestActivationFFMO_A4_6: an S? Activated in the FRIENDLY MPh by the
// unit that moved: the Activation table's Final DRM has the mover's
// FFNAM and FFMO (ASL A4.6), as the same step's First Fire has. F1 moving
// into o2M2 in the open, 7 hexes off: DRM 0 > -1 would not Activate, 0 -1
// -1 = -2 does; moving into o2S5 behind two grain hexes, FFNAM only (a
// hindered LOS has no FFMO): 2 - 1 = 1 <= 1; a unit that does not move
// adds nothing.
func TestActivationFFMO_A4_6(t *testing.T) {
	t.Parallel()
	h, m := losHW(t, "")
	for _, c := range []struct {
		name, s, f string
		moves      bool
		want       string // "" for none: "DRM TEM hindrance move"
	}{
		{"range 7, open ground, moving", "o2M9", "o2M2", true, "-2 0 0 -2"},
		{"range 7, open ground, not moving", "o2M9", "o2M2", false, ""},
		{"range 3, two grain hexes, moving: FFNAM only", "o2S8", "o2S5", true, "1 0 2 -1"},
	} {
		for _, u := range slices.Clone(h.st.Units()) {
			h.st.Remove(u)
		}
		f1 := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}
		f2 := &state.Unit{ID: "F2", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}
		h.st.Add(f1, testmaps.Loc(t, m, c.f))
		h.st.Add(f2, testmaps.Loc(t, m, "o1A1"))
		s := &state.Unit{ID: "A1", Side: state.Enemy, Kind: state.SQ, HW: true, Wave: "A"}
		h.st.Add(s, testmaps.Loc(t, m, c.s))
		h.st.Waves = []state.Wave{{ID: "A", Edge: 2}}
		h.r = scripted(t, "3")
		h.Log().Phase = state.MPh
		moving := []*state.Unit{f2} // another stack moved
		if c.moves {
			moving = []*state.Unit{f1}
		}
		n := h.Log().Len()
		if err := h.Acted(moving, report.ByMoved, combat.Moving); err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, e := range h.Log().Since(n) {
			if e.Kind == report.Activate && e.Activation != nil {
				a := e.Activation
				got = fmt.Sprintf("%d %d %d %d", a.DRM, a.TEM, a.Hindrance, a.Move)
			}
		}
		if got != c.want {
			t.Errorf("%s: Activation %q, want %q", c.name, got, c.want)
		}
	}
}

// TestFirstFireFFMO_A4_6: ENEMY First Fire at a FRIENDLY unit moving in
// the open takes FFNAM and FFMO; behind two grain hexes (a hindered LOS)
// FFNAM alone, never FFMO (ASL A4.6: "DRM -1 (TEM +0, hindrance +1,
// FFNAM/FFMO -2)" was the fault).
func TestFirstFireFFMO_A4_6(t *testing.T) {
	t.Parallel()
	cm := &tables.Default().Combat
	for _, c := range []struct {
		name, at string
		move     int
	}{
		{"in the open, clear LOS", "o2M6", cm.FFNAM.Value + cm.FFMO.Value},
		{"in the open behind two grain hexes", "o2S5", cm.FFNAM.Value},
	} {
		h, m := losHW(t, "  - {id: F1, unit: squad, type: 6-6-7, at: "+c.at+", known: true}\n")
		e := &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}
		from := "o2M8"
		if c.at == "o2S5" {
			from = "o2S8"
		}
		h.st.Add(e, testmaps.Loc(t, m, from))
		n := h.Log().Len()
		if err := h.FirstFire(h.st.Side(state.Friendly), testmaps.Loc(t, m, c.at), combat.Moving); err != nil {
			t.Fatal(err)
		}
		var g *report.FireGroup
		for _, ev := range h.Log().Since(n) {
			if ev.Kind == report.Fire {
				g = ev.Fire
			}
		}
		if g == nil || g.Move != c.move || g.DRM != g.TEM+g.Hindrance+c.move {
			t.Errorf("%s: First Fire %+v, want movement DRM %+d", c.name, g, c.move)
		}
	}
}

// TestKnownWithin checks within the Known FRIENDLY units (knownAt), which
// writes hex.Distance out in cube coordinates, against hex.Distance: for every pair of hexes of the
// LOS test map and every range 0..6, a Known FRIENDLY unit in one is
// within the range of the other exactly when hex.Distance says so; an
// unknown one never is.
func TestKnownWithin(t *testing.T) {
	t.Parallel()
	h, m := losHW(t, "")
	hexes := m.Hexes()
	for _, u := range slices.Clone(h.st.Units()) {
		h.st.Remove(u)
	}
	f := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}
	h.st.Add(f, board.Ground(hexes[0]))
	for i, a := range hexes {
		if i%3 != 0 {
			continue // a third of the sources: enough pairs, a fast test
		}
		h.st.Move(f, board.Ground(a))
		for _, b := range hexes {
			for r := range 7 {
				f.Known = true
				if got, want := within(h.knownAt(nil), board.Ground(b), r), hex.Distance(a, b) <= r; got != want {
					t.Fatalf("within(%v) of a unit in %v, range %d: %v, hex.Distance %d", b, a, r, got, hex.Distance(a, b))
				}
				f.Known = false
				if within(h.knownAt(nil), board.Ground(b), r) {
					t.Fatalf("an unknown unit is within range")
				}
			}
		}
	}
}
