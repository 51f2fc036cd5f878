package terrain

import (
	"fmt"
	"math/bits"
	"strings"
)

// Kind is one terrain type of a hex (ASL Chapter B). A hex holds a set of
// kinds (Kinds), because terrain is cumulative (ASL A2.4: 2I9 is woods and
// building). What a kind costs to enter is not here: that is pathing's
// business (DESIGN.md, Terrain data).
type Kind uint8

// The kinds. Names are the snake_case words of Name, used in JSON and in the
// native board format; keep them stable.
const (
	OpenGround   Kind = iota // ASL B1
	Woods                    // ASL B13
	Brush                    // ASL B12
	Grain                    // ASL B15; Open Ground when out of season
	Orchard                  // ASL B14
	Building                 // ASL B23; see Building for material and levels
	Rubble                   // ASL B24
	Lumberyard               // ASL Chapter B; treated like a building by SASL 4.1a
	Marsh                    // ASL B16
	Gully                    // ASL B19: a Depression
	Stream                   // ASL B20: a Depression holding water
	Water                    // ASL B21: river, canal, pond; a Water Obstacle
	Crag                     // ASL B17
	Shellholes               // ASL B2
	Graveyard                // ASL B18
	DirtRoad                 // ASL B3
	PavedRoad                // ASL B3
	SunkenRoad               // ASL B4: a Depression
	ElevatedRoad             // ASL B5
	Path                     // a foot path (VASL "Path")
	Bridge                   // ASL B6
	Runway                   // ASL B7
	numKinds
)

var kindName = [numKinds]string{
	OpenGround:   "open_ground",
	Woods:        "woods",
	Brush:        "brush",
	Grain:        "grain",
	Orchard:      "orchard",
	Building:     "building",
	Rubble:       "rubble",
	Lumberyard:   "lumberyard",
	Marsh:        "marsh",
	Gully:        "gully",
	Stream:       "stream",
	Water:        "water",
	Crag:         "crag",
	Shellholes:   "shellholes",
	Graveyard:    "graveyard",
	DirtRoad:     "dirt_road",
	PavedRoad:    "paved_road",
	SunkenRoad:   "sunken_road",
	ElevatedRoad: "elevated_road",
	Path:         "path",
	Bridge:       "bridge",
	Runway:       "runway",
}

// Name returns the snake_case name of k ("open_ground").
func (k Kind) Name() string {
	if k < numKinds {
		return kindName[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

func (k Kind) String() string { return k.Name() }

// ParseKind reads a name written by Name.
func ParseKind(s string) (Kind, error) {
	for k, n := range kindName {
		if n == s {
			return Kind(k), nil
		}
	}
	return 0, fmt.Errorf("terrain: unknown terrain kind %q", s)
}

// AllKinds returns every kind in order.
func AllKinds() []Kind {
	out := make([]Kind, numKinds)
	for i := range out {
		out[i] = Kind(i)
	}
	return out
}

// Kinds is a set of terrain kinds. The zero value is the empty set, which
// means Open Ground.
type Kinds uint32

// Of returns the set holding ks.
func Of(ks ...Kind) Kinds {
	var s Kinds
	for _, k := range ks {
		s = s.With(k)
	}
	return s
}

// Has reports whether k is in s. Open Ground is in s when s holds nothing
// but Open Ground and roads, paths or runway (ASL: a road hex is Open Ground
// for TEM purposes).
func (s Kinds) Has(k Kind) bool {
	if k == OpenGround {
		return s&^(Of(OpenGround, DirtRoad, PavedRoad, Path, Runway)) == 0
	}
	return s&(1<<k) != 0
}

// With returns s plus k. Open Ground is what an empty set means, so adding
// it changes nothing: a set never holds it explicitly, and two sets of the
// same terrain are equal.
func (s Kinds) With(k Kind) Kinds {
	if k == OpenGround {
		return s
	}
	return s | 1<<k
}

// Without returns s minus k.
func (s Kinds) Without(k Kind) Kinds { return s &^ (1 << k) }

// Any reports whether s holds any of ks.
func (s Kinds) Any(ks ...Kind) bool { return s&Of(ks...) != 0 }

// Union merges two sets (ASL A2.3: an Open Ground half-hex butted against
// another terrain's half-hex makes a hex of that terrain, so union is right).
func (s Kinds) Union(o Kinds) Kinds { return s | o }

// List returns the kinds of s in Kind order. Open Ground appears only when
// nothing but roads, paths or runway is there with it.
func (s Kinds) List() []Kind {
	return s.AppendTo(make([]Kind, 0, bits.OnesCount32(uint32(s))+1))
}

// AppendTo appends the kinds of List to dst and returns it: with a buffer
// of the caller's, nothing is allocated.
func (s Kinds) AppendTo(dst []Kind) []Kind {
	if s.Has(OpenGround) {
		dst = append(dst, OpenGround)
	}
	for k := Woods; k < numKinds; k++ {
		if s&(1<<k) != 0 {
			dst = append(dst, k)
		}
	}
	return dst
}

// Names returns the names of List.
func (s Kinds) Names() []string {
	ks := s.List()
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = k.Name()
	}
	return out
}

func (s Kinds) String() string { return strings.Join(s.Names(), "+") }

// ParseKinds reads names separated by '+', ',' or spaces.
func ParseKinds(text string) (Kinds, error) {
	var s Kinds
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == '+' || r == ',' || r == ' ' }) {
		k, err := ParseKind(f)
		if err != nil {
			return 0, err
		}
		s = s.With(k)
	}
	return s, nil
}

// Depression reports whether the hex is a Depression (gully, stream,
// sunken road: ASL B19-B20, B4), where units may take Crest status (SASL
// 4.14, ASL B20.9).
func (s Kinds) Depression() bool { return s.Any(Gully, Stream, SunkenRoad) }

// Road reports whether the hex holds a road (ASL B3).
func (s Kinds) Road() bool { return s.Any(DirtRoad, PavedRoad, ElevatedRoad, SunkenRoad) }

// WoodsBrush reports whether the hex is woods or brush (SASL 4.1b).
func (s Kinds) WoodsBrush() bool { return s.Any(Woods, Brush) }

// BuildingLike reports whether the hex is building, rubble or lumberyard
// (SASL 4.1a).
func (s Kinds) BuildingLike() bool { return s.Any(Building, Rubble, Lumberyard) }
