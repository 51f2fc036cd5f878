package terrain

import (
	"reflect"
	"testing"

	"github.com/sasl-engine/sasl/rules/hex"
)

func TestKinds(t *testing.T) {
	if Of(OpenGround) != 0 || Of(Woods).With(OpenGround) != Of(Woods) {
		t.Error("Open Ground is the empty set and never stored")
	}
	tests := []struct {
		name  string
		kinds Kinds
		open  bool
		names []string
	}{
		{"empty", 0, true, []string{"open_ground"}},
		{"road", Of(DirtRoad), true, []string{"open_ground", "dirt_road"}},
		{"2I9", Of(Woods, Building), false, []string{"woods", "building"}},
		{"grain", Of(Grain), false, []string{"grain"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.kinds.Has(OpenGround) != tt.open {
				t.Errorf("Has(OpenGround) = %v", !tt.open)
			}
			if got := tt.kinds.Names(); !reflect.DeepEqual(got, tt.names) {
				t.Errorf("Names() = %v, want %v", got, tt.names)
			}
			back, err := ParseKinds(tt.kinds.String())
			if err != nil || back != tt.kinds {
				t.Errorf("ParseKinds(%q) = %v, %v", tt.kinds.String(), back, err)
			}
		})
	}
	for _, k := range AllKinds() {
		if back, err := ParseKind(k.Name()); err != nil || back != k {
			t.Errorf("ParseKind(%q) = %v, %v", k.Name(), back, err)
		}
	}
	if _, err := ParseKind("forest"); err == nil {
		t.Error("unknown kind accepted")
	}
}

func TestFeatures(t *testing.T) {
	f, err := ParseFeatures("wall+road")
	if err != nil || f != Wall|RoadLink || f.String() != "wall+road" {
		t.Errorf("ParseFeatures = %v, %v", f, err)
	}
	if !(Hedge).WallAdvantage() || (Cliff).WallAdvantage() || !(Bocage | RoadLink).WallAdvantage() {
		t.Error("wall advantage: wall, hedge and bocage only")
	}
	if _, err := ParseFeatures("moat"); err == nil {
		t.Error("unknown feature accepted")
	}
}

// TestConcealment follows the SASL 4.1 EX: orchards P5/P6 are Concealment
// Terrain, grain T6/U7 only in season; buildings always.
func TestConcealment(t *testing.T) {
	tests := []struct {
		name   string
		kinds  Kinds
		season Season
		want   bool
	}{
		{"open ground", 0, InSeason, false},
		{"road", Of(PavedRoad), InSeason, false},
		{"woods", Of(Woods), Season{}, true},
		{"brush", Of(Brush), Season{}, true},
		{"building", Of(Building), Season{}, true},
		{"rubble", Of(Rubble), Season{}, true},
		{"grain in season", Of(Grain), InSeason, true},
		{"grain out of season", Of(Grain), Season{Orchard: true}, false},
		{"orchard in season", Of(Orchard), InSeason, true},
		{"orchard out of season", Of(Orchard), Season{Grain: true}, false},
		{"gully", Of(Gully), InSeason, false},
		{"marsh", Of(Marsh), Season{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Concealment(tt.kinds, tt.season); got != tt.want {
				t.Errorf("Concealment = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestReversed(t *testing.T) {
	var h Hex
	h.Sides[hex.N] = Wall
	h.Sides[hex.NE] = Hedge
	r := h.Reversed()
	if r.Sides[hex.S] != Wall || r.Sides[hex.SW] != Hedge || r.Sides[hex.N] != 0 {
		t.Errorf("reversed sides %v", r.Sides)
	}
	if r.Reversed() != h {
		t.Error("reversing twice is the identity")
	}
}
