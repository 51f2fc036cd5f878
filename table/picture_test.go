package table

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// ASL A8.2: the Residual FP in Locations is marked at the foot of their
// hexes ("Res 4 FP", with the level of a Location off the ground), with
// its legend, in sasl play show's picture and in the View the page draws
// from.
func TestResidualMarks_A8_2(t *testing.T) {
	t.Parallel()
	g := demoGame(t, 7)
	st := g.g.Snapshot()
	m := g.g.World().Map()
	var up board.Location
	for _, h := range m.Hexes() {
		if ls := m.Locations(h, board.Options{}); len(ls) > 1 {
			up = ls[1]
			break
		}
	}
	if up.Level == 0 {
		t.Fatal("the demo map has no Location off the ground to test")
	}
	ground := board.Ground(m.Hexes()[0])
	st.LeaveResidual(ground, 4)
	st.LeaveResidual(up, 2)
	s := render.NewScene(m)
	residuals(s, st)
	if len(s.Tags) != len(st.Residual) || s.Tags[0].Text != "Res 4 FP" || s.Tags[0].At != ground.Hex {
		t.Fatalf("tags %v for Residual FP %v", s.Tags, st.Residual)
	}
	if want := "Res 2 FP " + (render.Marker{At: up}).LevelText(); s.Tags[1].Text != want || !strings.HasSuffix(want, " h1") && !strings.HasSuffix(want, " h-1") {
		t.Errorf("Residual FP in %s is marked %q, want %q", m.LocationName(up), s.Tags[1].Text, want)
	}
	var svg bytes.Buffer
	if err := s.Picture(1).WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), ">Res 4 FP<") || !strings.Contains(svg.String(), "(ASL A8.2)") {
		t.Error("the picture does not mark the Residual FP with its legend")
	}
	_, _, res := countersOf(g.g, st)
	if len(res) != len(st.Residual) || res[0].Text != "Res 4 FP" || res[0].FP != 4 || res[0].Hex != Centre(ground.Hex) {
		t.Errorf("the view's Residual FP: %+v", res)
	}
	if _, _, none := countersOf(g.g, g.g.Snapshot()); none == nil || len(none) != 0 {
		t.Errorf("a game without Residual FP views %v (want an empty list)", none)
	}
}

// ASL A3.3-A3.5, A8.1, A8.3: a unit that fired this Player Turn carries
// its fire marker on its counter, F (Prep, First, Defensive or Advancing
// Fire) or FF (Final Fire), with the legend saying which.
func TestFireMarkers_A8_1(t *testing.T) {
	t.Parallel()
	g := demoGame(t, 7)
	st := g.g.Snapshot()
	us := st.Units()
	if len(us) < 2 {
		t.Fatal("the demo game has fewer than two units")
	}
	us[0].Fired = true
	us[1].Fired, us[1].FinalFire = true, true
	s := render.NewScene(g.g.World().Map())
	units(s, st, g.g.World().Mission().FBE)
	var svg bytes.Buffer
	if err := s.Picture(1).WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">F<", ">FF<", "F: fired this Player Turn", "FF: Final Fire"} {
		if !strings.Contains(svg.String(), want) {
			t.Errorf("the picture has no %q", want)
		}
	}
	us[0].Fired, us[1].Fired, us[1].FinalFire = false, false, false
	s = render.NewScene(g.g.World().Map())
	units(s, st, g.g.World().Mission().FBE)
	svg.Reset()
	if err := s.Picture(1).WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(svg.String(), "F: fired") {
		t.Error("no unit fired, and the legend explains a fire marker")
	}
}

// A unit's Human Wave colour and its words follow one rule (issue 56):
// in a Human Wave now (state.Unit.InHumanWave: of a wave, not released,
// SASL 4.33). A unit generated from a Human Wave S? and released is drawn
// and named as any ENEMY unit ("released from Human Wave A"); a unit
// that joined a wave (SASL 4.323), not of a Human Wave S?, is drawn and
// named as the wave's. The page's view, the unit's words and the picture
// agree.
func TestHumanWaveColourFollowsTheWave_SASL4_33(t *testing.T) {
	t.Parallel()
	g := demoGame(t, 7)
	st := g.g.Snapshot()
	at := board.Ground(g.g.World().Map().Hexes()[40])
	released := &state.Unit{ID: "W1", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7", HW: true, Wave: "A", Released: true}
	joined := &state.Unit{ID: "W2", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7", Wave: "A"}
	st.Add(released, at)
	st.Add(joined, at)
	views := map[string]UnitView{}
	for _, v := range unitsOf(g.g, st) {
		views[v.ID] = v
	}
	if v := views[released.ID]; v.HW || !strings.Contains(v.Text, "released from Human Wave A") {
		t.Errorf("released: drawn as the wave's %v, %q", v.HW, v.Text)
	}
	if v := views[joined.ID]; !v.HW || !strings.Contains(v.Text, "Human Wave A") || strings.Contains(v.Text, "released") {
		t.Errorf("joined: drawn as the wave's %v, %q", v.HW, v.Text)
	}
	s := render.NewScene(g.g.World().Map())
	units(s, st, g.g.World().Mission().FBE)
	var svg bytes.Buffer
	if err := s.Picture(1).WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), "ENEMY Human Wave unit (SASL 4.3)") {
		t.Error("the picture's legend has no Human Wave unit: the joined unit is not drawn as the wave's")
	}
}
