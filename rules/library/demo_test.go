package library

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// demoBoard is a demo board with what the tests derive from it.
type demoBoard struct {
	id     string
	b      *board.Board
	m      *board.Map  // the board alone (layout.Single): frame hex == board hex
	groups []demoGroup // woods and brush groups (SASL 4.1b)
}

// demoGroup is a set of woods (or brush) Locations connected by the woods
// (brush) depiction crossing the hexsides between them (SASL 4.1b).
type demoGroup struct {
	kind  terrain.Kind
	hexes []hex.Hex
	edge  bool // the depiction runs off the board across a hexside of the group
}

// link says which terrain a hexside link feature joins.
var demoLinks = []struct {
	f     terrain.Features
	holds func(terrain.Kinds) bool
}{
	{terrain.RoadLink, terrain.Kinds.Road},
	{terrain.WoodsLink, func(k terrain.Kinds) bool { return k.Has(terrain.Woods) }},
	{terrain.BrushLink, func(k terrain.Kinds) bool { return k.Has(terrain.Brush) }},
	{terrain.BuildingLink, func(k terrain.Kinds) bool { return k.Has(terrain.Building) }},
}

func loadDemo(t *testing.T) []*demoBoard {
	t.Helper()
	t.Setenv(EnvBoards, "") // the built-in boards, whatever the environment says
	lib := New("")
	var out []*demoBoard
	for _, id := range Demo() {
		b, err := lib.Board(id)
		if err != nil {
			t.Fatal(err)
		}
		m, err := board.NewMap(layout.Single(id), map[string]*board.Board{id: b})
		if err != nil {
			t.Fatal(err)
		}
		d := &demoBoard{id: id, b: b, m: m}
		d.groups = append(groupsOf(b, terrain.Woods, terrain.WoodsLink), groupsOf(b, terrain.Brush, terrain.BrushLink)...)
		out = append(out, d)
	}
	return out
}

// groupsOf returns the connected components of the hexes of kind k, joined
// across hexsides with link (a breadth-first search).
func groupsOf(b *board.Board, k terrain.Kind, link terrain.Features) []demoGroup {
	seen := map[hex.Hex]bool{}
	var out []demoGroup
	b.Each(func(start hex.Hex, st *terrain.Hex) {
		if seen[start] || !st.Kinds.Has(k) {
			return
		}
		g := demoGroup{kind: k, hexes: []hex.Hex{start}}
		seen[start] = true
		for i := 0; i < len(g.hexes); i++ {
			h := g.hexes[i]
			for d := range hex.Dirs {
				if !b.Hex(h).Sides[d].Has(link) {
					continue
				}
				n := h.Neighbour(d)
				if !board.Valid(n) {
					g.edge = true
					continue
				}
				if !seen[n] && b.Hex(n).Kinds.Has(k) {
					seen[n] = true
					g.hexes = append(g.hexes, n)
				}
			}
		}
		out = append(out, g)
	})
	return out
}

func where(d *demoBoard, h hex.Hex) string {
	return coord.Grid{Board: d.id, Col: h.Col, Row: h.Row}.String()
}

// hexesWhere lists the hexes of d whose terrain satisfies ok.
func hexesWhere(d *demoBoard, ok func(h hex.Hex, t *terrain.Hex) bool) []string {
	var out []string
	d.b.Each(func(h hex.Hex, t *terrain.Hex) {
		if ok(h, t) {
			out = append(out, where(d, h))
		}
	})
	return out
}

// groupsWhere lists the woods or brush groups of d of kind k whose size
// satisfies ok, by their first hex.
func groupsWhere(d *demoBoard, k terrain.Kind, ok func(g demoGroup) bool) []string {
	var out []string
	for _, g := range d.groups {
		if g.kind == k && ok(g) {
			out = append(out, fmt.Sprintf("%s (%d hexes)", where(d, g.hexes[0]), len(g.hexes)))
		}
	}
	return out
}

func building(m terrain.Material, upper func(int) bool) func(hex.Hex, *terrain.Hex) bool {
	return func(_ hex.Hex, t *terrain.Hex) bool {
		return t.Kinds.Has(terrain.Building) && t.Building.Material == m && upper(t.Building.Levels)
	}
}

func kind(k terrain.Kind) func(hex.Hex, *terrain.Hex) bool {
	return func(_ hex.Hex, t *terrain.Hex) bool { return t.Kinds.Has(k) }
}

func side(f terrain.Features) func(hex.Hex, *terrain.Hex) bool {
	return func(_ hex.Hex, t *terrain.Hex) bool {
		return slices.ContainsFunc(t.Sides[:], func(s terrain.Features) bool { return s.Has(f) })
	}
}

// The demo boards between them hold every kind of terrain the S? placement
// cases of SASL 4.1 a-e and 4.12-4.14 look at, so that the engine can be
// shown and tested on them without real boards.
func TestDemoBoardsHoldTheTerrainOfSASL4(t *testing.T) {
	demo := loadDemo(t)
	for _, id := range []string{"x1", "x2", "x3"} {
		if !slices.ContainsFunc(demo, func(d *demoBoard) bool { return d.id == id }) {
			t.Errorf("demo board %s is missing (have %v)", id, Demo())
		}
	}
	size := func(ok func(int) bool) func(g demoGroup) bool {
		return func(g demoGroup) bool { return ok(len(g.hexes)) }
	}
	one := func(n int) bool { return n == 1 }
	two := func(n int) bool { return n == 2 }
	many := func(n int) bool { return n >= 3 }
	upper := func(n int) bool { return n >= 1 }
	for _, tt := range []struct {
		what  string
		where func(d *demoBoard) []string
	}{
		// SASL 4.1a, 4.12: buildings and rubble.
		{"multi-level stone building", func(d *demoBoard) []string { return hexesWhere(d, building(terrain.Stone, upper)) }},
		{"stone building with two upper levels", func(d *demoBoard) []string {
			return hexesWhere(d, building(terrain.Stone, func(n int) bool { return n >= 2 }))
		}},
		{"multi-level wooden building", func(d *demoBoard) []string { return hexesWhere(d, building(terrain.Wooden, upper)) }},
		{"single-story house", func(d *demoBoard) []string {
			return hexesWhere(d, func(_ hex.Hex, t *terrain.Hex) bool { return t.Kinds.Has(terrain.Building) && t.Building.Levels == 0 })
		}},
		{"rubble", func(d *demoBoard) []string { return hexesWhere(d, kind(terrain.Rubble)) }},
		{"multi-hex building", func(d *demoBoard) []string {
			return hexesWhere(d, func(h hex.Hex, _ *terrain.Hex) bool { return len(d.m.BuildingHexes(h)) > 1 })
		}},
		{"rowhouse (a building of its own, SASL 4.12)", func(d *demoBoard) []string {
			return hexesWhere(d, func(h hex.Hex, t *terrain.Hex) bool {
				return t.Kinds.Has(terrain.Building) && t.Building.Rowhouse && len(d.m.BuildingHexes(h)) == 1 &&
					slices.ContainsFunc(t.Sides[:], func(s terrain.Features) bool { return s.Has(terrain.RowhouseWall) })
			})
		}},
		// SASL 4.1b: woods and brush groups of every size, and at an edge.
		{"woods group of exactly one Location", func(d *demoBoard) []string { return groupsWhere(d, terrain.Woods, size(one)) }},
		{"woods group of exactly two Locations", func(d *demoBoard) []string { return groupsWhere(d, terrain.Woods, size(two)) }},
		{"woods group of three or more Locations", func(d *demoBoard) []string { return groupsWhere(d, terrain.Woods, size(many)) }},
		{"brush group of exactly one Location", func(d *demoBoard) []string { return groupsWhere(d, terrain.Brush, size(one)) }},
		{"brush group of exactly two Locations", func(d *demoBoard) []string { return groupsWhere(d, terrain.Brush, size(two)) }},
		{"brush group of three or more Locations", func(d *demoBoard) []string { return groupsWhere(d, terrain.Brush, size(many)) }},
		{"woods/brush group connected to a board edge", func(d *demoBoard) []string {
			var out []string
			for _, g := range d.groups {
				if g.edge {
					out = append(out, where(d, g.hexes[0]))
				}
			}
			return out
		}},
		// SASL 4.1c-e: Concealment Terrain, walls and hedges.
		{"grain", func(d *demoBoard) []string { return hexesWhere(d, kind(terrain.Grain)) }},
		{"orchard", func(d *demoBoard) []string { return hexesWhere(d, kind(terrain.Orchard)) }},
		{"wall", func(d *demoBoard) []string { return hexesWhere(d, side(terrain.Wall)) }},
		{"hedge", func(d *demoBoard) []string { return hexesWhere(d, side(terrain.Hedge)) }},
		{"open ground behind a wall or hedge (SASL 4.1e)", func(d *demoBoard) []string {
			return hexesWhere(d, func(_ hex.Hex, t *terrain.Hex) bool {
				return t.Kinds.Has(terrain.OpenGround) &&
					slices.ContainsFunc(t.Sides[:], terrain.Features.WallAdvantage)
			})
		}},
		// Elevation and Depressions (SASL 4.14).
		{"hill of two levels (level 1 beside level 2)", func(d *demoBoard) []string {
			return hexesWhere(d, func(h hex.Hex, t *terrain.Hex) bool {
				if t.Elevation != 2 {
					return false
				}
				for _, n := range h.Neighbours() {
					if board.Valid(n) && d.b.Hex(n).Elevation == 1 {
						return true
					}
				}
				return false
			})
		}},
		{"woods on a hill", func(d *demoBoard) []string {
			return hexesWhere(d, func(_ hex.Hex, t *terrain.Hex) bool { return t.Kinds.Has(terrain.Woods) && t.Elevation > 0 })
		}},
		{"gully (a Depression at level -1)", func(d *demoBoard) []string {
			return hexesWhere(d, func(_ hex.Hex, t *terrain.Hex) bool {
				return t.Kinds.Has(terrain.Gully) && t.Kinds.Depression() && t.Elevation == -1
			})
		}},
		{"stream (a Depression at level -1)", func(d *demoBoard) []string {
			return hexesWhere(d, func(_ hex.Hex, t *terrain.Hex) bool {
				return t.Kinds.Has(terrain.Stream) && t.Kinds.Depression() && t.Elevation == -1
			})
		}},
		// Roads.
		{"dirt road", func(d *demoBoard) []string { return hexesWhere(d, kind(terrain.DirtRoad)) }},
		{"paved road", func(d *demoBoard) []string { return hexesWhere(d, kind(terrain.PavedRoad)) }},
	} {
		t.Run(tt.what, func(t *testing.T) {
			var found []string
			for _, d := range demo {
				found = append(found, tt.where(d)...)
			}
			if len(found) == 0 {
				t.Fatalf("no demo board holds a %s", tt.what)
			}
			t.Logf("%d: %s", len(found), strings.Join(found[:min(len(found), 6)], ", "))
		})
	}
}

// buildingLocations counts the building/rubble Locations of a board (SASL
// 4.12): each ground level and each upper level of a building, rubble or
// lumberyard hex.
func buildingLocations(d *demoBoard) int {
	n := 0
	for _, h := range d.m.Hexes() {
		if t, _ := d.m.Terrain(h); t.Kinds.BuildingLike() {
			n += len(d.m.Locations(h, board.Options{}))
		}
	}
	return n
}

// The mapboard kinds of SASL 4.12 and 4.13: x3 is built-up (>= 19
// building/rubble Locations), x2 is wooded, x1 is neither.
func TestDemoBoardKinds(t *testing.T) {
	demo := loadDemo(t)
	for _, tt := range []struct {
		id      string
		builtUp bool
		woods   int // at least this many woods hexes
	}{
		{"x1", false, 0},
		{"x2", false, 25},
		{"x3", true, 0},
	} {
		t.Run(tt.id, func(t *testing.T) {
			i := slices.IndexFunc(demo, func(d *demoBoard) bool { return d.id == tt.id })
			if i < 0 {
				t.Fatalf("no demo board %s", tt.id)
			}
			d := demo[i]
			locs := buildingLocations(d)
			if got := locs >= 19; got != tt.builtUp {
				t.Errorf("%d building/rubble Locations: built-up %v, want %v", locs, got, tt.builtUp)
			}
			if tt.builtUp && locs < 25 {
				t.Errorf("%d building/rubble Locations, want at least 25 to be clearly built-up", locs)
			}
			woods := len(hexesWhere(d, kind(terrain.Woods)))
			if woods < tt.woods {
				t.Errorf("%d woods hexes, want at least %d", woods, tt.woods)
			}
			t.Logf("%d building/rubble Locations, %d woods hexes", locs, woods)
		})
	}
}

// Each demo board is well formed: links join the terrain they link, roads
// are linked, multi-hex buildings are of one kind, elevations are those of
// the demo boards, and the file round-trips through the native format.
func TestDemoBoardsWellFormed(t *testing.T) {
	for _, d := range loadDemo(t) {
		t.Run(d.id, func(t *testing.T) {
			d.b.Each(func(h hex.Hex, th *terrain.Hex) {
				name := where(d, h)
				if th.Elevation < -1 || th.Elevation > 2 {
					t.Errorf("%s: elevation %d outside -1..2", name, th.Elevation)
				}
				if th.Kinds.Road() && !slices.ContainsFunc(th.Sides[:], func(s terrain.Features) bool { return s.Has(terrain.RoadLink) }) {
					t.Errorf("%s: a road hex with no road across any hexside", name)
				}
				for dir := range hex.Dirs {
					s := th.Sides[dir]
					n := h.Neighbour(dir)
					for _, l := range demoLinks {
						if !s.Has(l.f) {
							continue
						}
						if !l.holds(th.Kinds) {
							t.Errorf("%s %s=%s: the hex is %s", name, dir, l.f, th.Kinds)
						}
						if board.Valid(n) && !l.holds(d.b.Hex(n).Kinds) {
							t.Errorf("%s %s=%s: neighbour %s is %s", name, dir, l.f, where(d, n), d.b.Hex(n).Kinds)
						}
					}
					if !board.Valid(n) {
						continue
					}
					if back := d.b.Hex(n).Sides[dir.Opposite()]; back != s {
						t.Errorf("%s %s=%s but %s %s=%s", name, dir, s, where(d, n), dir.Opposite(), back)
					}
					// One building across a BuildingLink (not a rowhouse
					// wall) has one material and height.
					if s.Has(terrain.BuildingLink) && !s.Has(terrain.RowhouseWall) && d.b.Hex(n).Building != th.Building {
						t.Errorf("%s %s=building joins %+v to %s %+v", name, dir, th.Building, where(d, n), d.b.Hex(n).Building)
					}
				}
			})
			var buf bytes.Buffer
			if err := board.WriteText(&buf, d.b); err != nil {
				t.Fatal(err)
			}
			back, err := board.ReadText(&buf, d.id+".sasl")
			if err != nil {
				t.Fatal(err)
			}
			if back.ID != d.id || !back.Equal(d.b) {
				t.Errorf("round trip through the native format: board %s, differences %v", back.ID, d.b.Diff(back, 5))
			}
		})
	}
}

// The west-east roads leave every demo board at hex 5 of hexrows A and GG,
// so boards butted side by side join their roads (ASL A2.3).
func TestDemoBoardsButt(t *testing.T) {
	t.Setenv(EnvBoards, "")
	lib := New("")
	for _, spec := range []string{"x1,x2,x3", "x3,x2,x1", "x2,x1,x3"} {
		t.Run(spec, func(t *testing.T) {
			l, err := layout.Parse(spec, layout.Up)
			if err != nil {
				t.Fatal(err)
			}
			m, err := lib.Map(l)
			if err != nil {
				t.Fatal(err)
			}
			joins := 0
			maxC, _ := m.Extent()
			for _, h := range m.Hexes() {
				th, _ := m.Terrain(h)
				for dir := range hex.Dirs {
					if !th.Sides[dir].Has(terrain.RoadLink) {
						continue
					}
					n := h.Neighbour(dir)
					nt, on := m.Terrain(n)
					if on && !nt.Kinds.Road() {
						t.Errorf("%s: road across %s into %s, which has no road", m.NameString(h), dir, m.NameString(n))
					}
					if h.Col%layout.BoardCols == 0 && h.Col > 0 && h.Col < maxC && on {
						joins++
					}
				}
			}
			if want := 2 * 2; joins != want { // two joins, each of two road hexsides
				t.Errorf("%d road hexsides in the joined hexrows, want %d", joins, want)
			}
		})
	}
}
