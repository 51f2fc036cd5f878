package board

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Describe says in words what hex h holds: its terrain, building, level
// and the obstacles on its hexsides; "" for open ground at level 0 with
// nothing on its hexsides, or a hex off the map.
func (m *Map) Describe(h hex.Hex) string {
	t, ok := m.Terrain(h)
	if !ok {
		return ""
	}
	var parts []string
	if !t.Kinds.Has(terrain.OpenGround) || t.Kinds.Road() {
		parts = append(parts, strings.Join(t.Kinds.Names(), "+"))
	}
	if t.Kinds.Has(terrain.Building) {
		s := fmt.Sprintf("%s building", t.Building.Material)
		switch t.Building.Levels {
		case 0:
			s += ", single story"
		case 1:
			s += ", 1 upper level"
		default:
			s += fmt.Sprintf(", %d upper levels", t.Building.Levels)
		}
		if t.Building.Rowhouse {
			s += ", rowhouse"
		}
		parts = append(parts, s)
	}
	if t.Stairs {
		parts = append(parts, "stairs")
	}
	if t.Elevation != 0 {
		parts = append(parts, fmt.Sprintf("level %d", t.Elevation))
	}
	var sides []string
	for d := range hex.Dirs {
		if f := t.Sides[d] & terrain.Obstacles; f != 0 {
			sides = append(sides, fmt.Sprintf("%s to %s", f, m.NameString(h.Neighbour(d))))
		}
	}
	sort.Strings(sides)
	parts = append(parts, sides...)
	return strings.Join(parts, "; ")
}
