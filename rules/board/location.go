package board

import (
	"fmt"

	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Location is a place a unit can be (ASL A2.8): a hex and a level within it.
// Level 0 is ground level; 1, 2, ... are upper building levels; -1 is a
// cellar or sewer; a Rooftop Location is Roof with Level one above the
// building's top level.
type Location struct {
	Hex   hex.Hex
	Level int
	Roof  bool
}

// Ground returns the ground-level Location of h.
func Ground(h hex.Hex) Location { return Location{Hex: h} }

// Options says which Locations beyond ground and upper building levels exist
// on a map: cellars, sewers and rooftops come by SSR (ASL B23.41, B8,
// B23.8), not from the boards.
type Options struct {
	Cellars  bool // h-1 in every building hex
	Sewers   bool // h-1 in every paved-road hex
	Rooftops bool // a rooftop above every building with an upper level
}

// Locations returns the Locations of on-map hex h: ground level, each upper
// building level, then those opt adds. Upper levels of a building exist only
// up to its top level; a single-story house has none.
func (m *Map) Locations(h hex.Hex, opt Options) []Location {
	t, ok := m.Terrain(h)
	if !ok {
		return nil
	}
	out := []Location{{Hex: h}}
	for lv := 1; lv <= t.Upper(); lv++ {
		out = append(out, Location{Hex: h, Level: lv})
	}
	if (opt.Cellars && t.Kinds.Has(terrain.Building)) || (opt.Sewers && t.Kinds.Has(terrain.PavedRoad)) {
		out = append(out, Location{Hex: h, Level: -1})
	}
	if opt.Rooftops && t.Upper() > 0 {
		out = append(out, Location{Hex: h, Level: t.Upper() + 1, Roof: true})
	}
	return out
}

// Ref returns the A2.2 reference of a Location: "33R6h1", "Roof/33R6h2".
func (m *Map) Ref(l Location) coord.Ref {
	g, ok := m.Name(l.Hex)
	if !ok {
		panic(fmt.Sprintf("board: Location %+v has no name", l))
	}
	r := coord.Ref{Grid: g, Level: l.Level}
	if l.Roof {
		r.Prefix = coord.Roof
	}
	return r
}

// LocationName returns the A2.2 name of a Location, or its frame position
// for a hex without a name.
func (m *Map) LocationName(l Location) string {
	if _, ok := m.Name(l.Hex); !ok {
		return l.Hex.String()
	}
	return m.Ref(l).String()
}

// ParseLocation reads a Location in A2.2 notation and checks that it exists
// on the map: the board is in the configuration, the hex on its board, and
// the level one the hex has. Cellars, sewers and rooftops come by SSR
// (Options): none is a Location here (ParseLocationWith).
func (m *Map) ParseLocation(s string) (Location, error) {
	return m.ParseLocationWith(s, Options{})
}

// ParseLocationWith is ParseLocation on a map with the Locations opt adds:
// an h-1 Location is a cellar of a building hex (Cellars) or a sewer of a
// paved road hex (Sewers), a rooftop needs Rooftops.
func (m *Map) ParseLocationWith(s string, opt Options) (Location, error) {
	r, err := coord.Parse(s)
	if err != nil {
		return Location{}, err
	}
	h, err := m.Locate(r.Grid)
	if err != nil {
		return Location{}, err
	}
	t, _ := m.Terrain(h)
	l := Location{Hex: h, Level: r.Level, Roof: r.Prefix == coord.Roof}
	switch {
	case l.Roof && l.Level != t.Upper()+1:
		return Location{}, fmt.Errorf("board: %s: the rooftop of %s is at h%d", s, m.NameString(h), t.Upper()+1)
	case !l.Roof && l.Level > t.Upper():
		if t.Upper() == 0 {
			return Location{}, fmt.Errorf("board: %s: %s has no upper level", s, m.NameString(h))
		}
		return Location{}, fmt.Errorf("board: %s: %s has upper levels h1..h%d only", s, m.NameString(h), t.Upper())
	case l.Level < -1:
		return Location{}, fmt.Errorf("board: %s: no Location below h-1", s)
	case l.Level == -1 && !(opt.Cellars && t.Kinds.Has(terrain.Building) || opt.Sewers && t.Kinds.Has(terrain.PavedRoad)):
		return Location{}, fmt.Errorf("board: %s: %s has no cellar or sewer Location (they come by SSR, ASL B23.41, B8, and the mission has none)", s, m.NameString(h))
	case l.Roof && !opt.Rooftops:
		return Location{}, fmt.Errorf("board: %s: %s has no rooftop Location (rooftops come by SSR, ASL B23.8, and the mission has none)", s, m.NameString(h))
	}
	return l, nil
}
