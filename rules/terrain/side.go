package terrain

import (
	"fmt"
	"strings"
	"sync/atomic"
)

// Features is the set of features of one hexside. It holds obstacles along
// the hexside (walls, hedges, cliffs...) and links: depictions that continue
// across it from one hex into the other (the woods of SASL 4.1b, a road, a
// multi-hex building).
type Features uint16

// The hexside features. Names are used in JSON and the native board format.
const (
	Wall         Features = 1 << iota // ASL B9
	Hedge                             // ASL B9
	Bocage                            // ASL B26
	Cliff                             // ASL B11
	RowhouseWall                      // ASL B23.71: a building hexside no unit may cross
	RoadLink                          // a road crosses the hexside (ASL B3)
	WoodsLink                         // the woods depiction crosses the hexside (SASL 4.1b)
	BrushLink                         // the brush depiction crosses the hexside (SASL 4.1b)
	BuildingLink                      // one building spans both hexes (a multi-hex building, ASL B23)
	numFeatures  = iota
)

var featureName = [numFeatures]string{
	"wall", "hedge", "bocage", "cliff", "rowhouse_wall",
	"road", "woods", "brush", "building",
}

// Obstacles are the features that stand on a hexside, as opposed to links.
const Obstacles = Wall | Hedge | Bocage | Cliff | RowhouseWall

// Links are the features that say a depiction continues across a hexside.
const Links = RoadLink | WoodsLink | BrushLink | BuildingLink

// Has reports whether all of f are in s.
func (s Features) Has(f Features) bool { return s&f == f }

// Any reports whether any of f is in s.
func (s Features) Any(f Features) bool { return s&f != 0 }

// WallAdvantage reports whether the hexside gives wall advantage (a wall,
// hedge or bocage hexside; ASL B9.3, SASL 4.1e).
func (s Features) WallAdvantage() bool { return s.Any(Wall | Hedge | Bocage) }

// Names returns the names of the features in s, obstacles first.
func (s Features) Names() []string {
	var out []string
	for i := range numFeatures {
		if s&(1<<i) != 0 {
			out = append(out, featureName[i])
		}
	}
	return out
}

// String is the names of the features in s joined by '+' ("wall+road"),
// spelled once for every set (featureWords), not at every attack or
// Activation that tells of a wall.
func (s Features) String() string {
	if int(s) >= len(featureWords) {
		return s.spell()
	}
	if w := featureWords[s].Load(); w != nil {
		return *w
	}
	w := s.spell()
	featureWords[s].Store(&w)
	return w
}

// featureWords[s] is s.spell(), spelled at the first String of s (not
// at every program's start: most of the 512 sets are never told of).
var featureWords [1 << numFeatures]atomic.Pointer[string]

// spell joins the names of the features in s.
func (s Features) spell() string { return strings.Join(s.Names(), "+") }

// ParseFeatures reads names joined by '+'.
func ParseFeatures(text string) (Features, error) {
	var s Features
	for _, f := range strings.Split(text, "+") {
		ok := false
		for i, n := range featureName {
			if n == f {
				s |= 1 << i
				ok = true
				break
			}
		}
		if !ok {
			return 0, fmt.Errorf("terrain: unknown hexside feature %q", f)
		}
	}
	return s, nil
}
