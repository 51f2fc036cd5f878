package world

import (
	"os"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/rules/vasl"
	"github.com/sasl-engine/sasl/tables"
)

// The derived kinds of the real boards: buildings counted once per building
// (as Map.BuildingHexes groups them) plus rubble Locations.
func TestKindDerived(t *testing.T) {
	t.Parallel()
	dir := realBoards(t)
	lib := library.New(dir)
	ents, _ := os.ReadDir(dir)
	sasl := tables.Default().SASL
	for _, e := range ents {
		id, ok := vasl.IDFromFile(e.Name())
		if !ok {
			continue
		}
		b, err := lib.Board(id)
		if err != nil {
			continue // bd25: no terrain
		}
		k := Kind(b, &sasl)
		m, _ := board.NewMap(layout.Single(id), map[string]*board.Board{id: b})
		want := 0
		seen := map[hex.Hex]bool{}
		for _, h := range m.Hexes() {
			tr, _ := m.Terrain(h)
			if tr.Kinds.Has(terrain.Rubble) {
				want++
			} else if tr.Kinds.Has(terrain.Building) && !seen[h] {
				want++
				for _, x := range m.BuildingHexes(h) {
					seen[x] = true
				}
			}
		}
		if k.NBuildings != want || k.FromTable {
			t.Errorf("board %s: %d buildings and rubble Locations, Map counts %d", id, k.NBuildings, want)
		}
	}
	// The boards of the rules' examples are not built-up: the 4.1 EX (33)
	// and the 4.11 EX (4) use no Table A9e.
	for _, id := range []string{"33", "4"} {
		b, _ := lib.Board(id)
		if k := Kind(b, &sasl); k.BuiltUp || k.Woods || k.River {
			t.Errorf("board %s derived %v: %d buildings", id, k.BoardKind, k.NBuildings)
		}
	}
	b, _ := lib.Board("20")
	if k := Kind(b, &sasl); !k.BuiltUp {
		t.Errorf("city board 20 is not built-up: %d buildings", k.NBuildings)
	}
	b, _ = lib.Board("34")
	if k := Kind(b, &sasl); !k.Woods {
		t.Errorf("board 34 (227 woods hexes) is not a woods board: %d", k.NWoods)
	}
	b, _ = lib.Board("7")
	if k := Kind(b, &sasl); !k.River {
		t.Errorf("board 7 (its lake) is not a river board: %d water hexes", k.NWater)
	}
}
