package world

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/tables"
)

func realBoards(t testing.TB) string { return testshared.Boards(t) }

func newWorld(t testing.TB, m *board.Map, ms *missions.Mission) *World {
	t.Helper()
	w, err := New(m, ms, tables.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// fourBoards is the world of examples/four-boards.yaml on the real boards.
func fourBoards(t testing.TB) *World {
	t.Helper()
	ms, err := missions.Open("../examples/four-boards.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ms.Map(library.New(realBoards(t)))
	if err != nil {
		t.Fatal(err)
	}
	return newWorld(t, m, ms)
}

// The cost of a detour to a VPO the world gives is the cost a search from
// the unit's Location finds, from every Location.
func TestDetourCost(t *testing.T) {
	t.Parallel()
	w := fourBoards(t)
	s := w.Graph().NewSearch()
	var f pathing.Field
	n := 0
	for _, h := range w.Map().Hexes() {
		from := board.Ground(h)
		s.From(&f, from, nil, -1)
		for _, v := range []string{"33Q6", "2I9"} {
			vl := testmaps.Loc(t, w.Map(), v)
			got, ok := w.DetourCost(vl, from)
			if !ok {
				t.Fatalf("no detour field for VPO %s", v)
			}
			if want := f.Cost(vl); got != want {
				t.Fatalf("%s -> %s: the world says %d, a search %d", w.Map().LocationName(from), v, got, want)
			}
			if got != pathing.Unreached {
				n++
			}
		}
	}
	if n == 0 {
		t.Error("no Location reaches a VPO: the test tests nothing")
	}
	if _, ok := w.DetourCost(testmaps.Loc(t, w.Map(), "4T3"), board.Ground(w.Map().Hexes()[0])); ok {
		t.Error("a detour field for a Location that is no VPO")
	}
}

// Around lists, for every placement hex and radius, the Concealment
// Terrain and walled Open Ground of the board within the radius, as a
// scan of the hexes within it finds them; twice the same.
func TestAround(t *testing.T) {
	t.Parallel()
	w := fourBoards(t)
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		k, col, row := r.IntN(len(w.Kinds())), r.IntN(33), 3+r.IntN(6)
		radius := w.Tables().SASL.A6f.Rows[r.IntN(6)+1].Value
		got := w.Around(k, col, row, radius)
		centre, err := w.PlacementHex(k, col, row)
		if err != nil {
			t.Fatal(err)
		}
		var want []Spot
		for _, h := range w.Map().Hexes() { // map order
			if hex.Distance(h, centre) > radius {
				continue
			}
			if b, _ := w.Board(h); w.Kinds()[b].Board != w.Kinds()[k].Board {
				parts, n := w.Map().Parts(h)
				onK := false
				for _, p := range parts[:n] {
					onK = onK || p.Board == w.Kinds()[k].Board
				}
				if !onK {
					continue
				}
			}
			tr, _ := w.Map().Terrain(h)
			conceal := concealment(w, tr)
			for _, l := range w.Locations(h) {
				switch {
				case conceal:
					want = append(want, Spot{Location: l})
				case l.Level == 0 && w.BehindWall(h).Behind:
					want = append(want, Spot{Location: l, Wall: true})
				}
			}
		}
		if len(got) != len(want) {
			t.Fatalf("board %s %d,%d radius %d: %d spots, a scan finds %d", w.Kinds()[k].Board, col, row, radius, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("board %s %d,%d radius %d: spot %d is %v, a scan finds %v", w.Kinds()[k].Board, col, row, radius, i, got[i], want[i])
			}
		}
		if again := w.Around(k, col, row, radius); len(again) != len(got) {
			t.Fatal("Around changed from one call to the next")
		}
	}
}

// SASL 4.14 with LOS: with the FBE east, an S? in a gully near the east
// edge (EE3) faces the crest hexsides its LOS toward the FBE crosses. In
// the open its lines to GG1-GG10 leave across NE, SE and S: the counter
// faces SE (FF3), whose front holds all three (the theoretical choice, the
// crest hexsides turned toward the FBE, would face NE, FF2). With woods
// across SE and S only the lines across NE are clear: it faces NE.
func TestCrestFacingByLOS(t *testing.T) {
	t.Parallel()
	const mission = "name: crest\nboards: [[\"o1\"]]\nfbe: east\nebe: west\nmonth: 7\n"
	for _, c := range []struct {
		name, board, want string
	}{
		{"open around", "EE3 gully elev=-1\n", "o1FF3"},
		{"woods across SE and S", "EE3 gully elev=-1\nFF3 woods\nEE4 woods\n", "o1FF2"},
		{"woods across N and NE", "EE3 gully elev=-1\nEE2 woods\nFF2 woods\n", "o1FF3"},
	} {
		m, ms := testmaps.MapAndMission(t, map[string]string{"o1": c.board}, mission)
		f, err := newWorld(t, m, ms).Crest(testmaps.Loc(t, m, "o1EE3").Hex)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.NameString(f); got != c.want {
			t.Errorf("%s: Crest counter faces %s, want %s", c.name, got, c.want)
		}
	}
}

func concealment(w *World, tr *terrain.Hex) bool { return terrain.Concealment(tr.Kinds, w.Season()) }

// The IDs of a setup's S? skip those the mission's own units have, and do
// not change as they grow.
func TestSetupIDs(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": ""}, "name: ids\nboards: [[\"o1\"]]\nfbe: north\nebe: south\nfriendly:\n  - {id: S2, unit: squad, at: o1A1}\n  - {id: S4, unit: squad, at: o1B1}\n")
	w := newWorld(t, m, ms)
	first := w.SetupIDs(2)
	if got := w.SetupIDs(5); !slices.Equal(got, []string{"S1", "S3", "S5", "S6", "S7"}) || !slices.Equal(first, got[:2]) {
		t.Errorf("SetupIDs: %v, then %v", first, got)
	}
}

// BenchmarkNew is the cost of building a mission's world on four real
// boards, already read (board kinds, candidates, the Human Wave graph and
// its fields), its line of sight left to be built on first use.
func BenchmarkNew(b *testing.B) {
	w := fourBoards(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(w.Map(), w.Mission(), w.Tables(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// Seen is what rules/los traces (the exposure of the attack policy reads
// it): on real boards, from random Locations, the same hexes as tracing
// each line, from any number of goroutines, and again for another reach;
// its weights are pathing.Exposure's.
func TestSeen(t *testing.T) {
	t.Parallel()
	w := fourBoards(t)
	lm, err := w.LOS()
	if err != nil {
		t.Fatal(err)
	}
	m := w.Map()
	hexes := m.Hexes()
	r := rand.New(rand.NewPCG(1, 2))
	var from []board.Location
	for range 40 {
		from = append(from, board.Ground(hexes[r.IntN(len(hexes))]))
	}
	want := func(k board.Location, reach int) []hex.Hex {
		var out []hex.Hex
		hex.Within(k.Hex, reach, func(h hex.Hex) bool {
			if h != k.Hex && m.OnMap(h) && lm.Query(k, board.Ground(h)).Clear {
				out = append(out, h)
			}
			return true
		})
		return out
	}
	for _, reach := range []int{6, 3, 6} {
		done := make(chan []string, 4)
		for range 4 {
			go func() {
				var bad []string
				for _, k := range from {
					if got, w := w.Seen(k, reach), want(k, reach); !slices.Equal(got, w) {
						bad = append(bad, m.LocationName(k))
					}
				}
				done <- bad
			}()
		}
		for range 4 {
			if bad := <-done; len(bad) > 0 {
				t.Fatalf("reach %d: Seen differs from the lines traced from %v", reach, bad)
			}
		}
	}
	g := w.Graph()
	seen := func(k board.Location) []hex.Hex { return w.Seen(k, 6) }
	if a, b := g.ExposureFrom(nil, seen, from, w.Season(), 5), g.Exposure(lm, from, 6, w.Season(), 5); !slices.Equal(a, b) {
		t.Error("ExposureFrom over Seen differs from Exposure")
	}
}

// TestS4_13SeamHex: "Any S? placed in a woods whole/half hex on a Woods
// mapboard ... remain on the board following a subsequent dr <= 3": a
// hex two boards share is in woods on a Woods mapboard when the half of
// it on a Woods board (5: 155 woods hexes) depicts woods, whichever board
// names the hex. Boards 5 and 6 side by side and one above the other.
func TestS4_13SeamHex(t *testing.T) {
	t.Parallel()
	lib := library.New(realBoards(t))
	seamNamedBy6 := 0
	for _, boards := range []string{`[["6", "5"]]`, `[["5", "6"]]`, `[["5"], ["6"]]`, `[["6"], ["5"]]`} {
		w, m := worldOn(t, lib, boards, "6A1")
		k5 := slices.IndexFunc(w.Kinds(), func(k BoardKind) bool { return k.Board == "5" })
		if k5 < 0 || !w.Kinds()[k5].Woods || slices.ContainsFunc(w.Kinds(), func(k BoardKind) bool { return k.Board == "6" && k.Woods }) {
			t.Fatalf("%s: want board 5 a Woods mapboard and 6 not: %+v", boards, w.Kinds())
		}
		for _, h := range m.Hexes() {
			parts, n := m.Parts(h)
			want := false
			for _, p := range parts[:n] {
				if p.Board == "5" && m.Board("5").Hex(p.Local).Kinds.Has(terrain.Woods) {
					want = true
				}
			}
			k, got := w.WoodsBoard(h)
			if got != want || got && k != k5 {
				t.Errorf("%s: %s (%d parts): WoodsBoard %v %d, want %v", boards, m.NameString(h), n, got, k, want)
			}
			if g, _ := m.Name(h); want && n == 2 && g.Board == "6" {
				seamNamedBy6++
			}
		}
	}
	if seamNamedBy6 == 0 {
		t.Error("no hex named by board 6 has a woods half on board 5: the test checks little")
	}
	t.Logf("%d seam hexes named by board 6 with a woods half on board 5", seamNamedBy6)
}

// TestA2_4CumulativeTEM: "Terrain effects ... of hexes containing more
// than one terrain feature (such as 2I9) are cumulative" (ASL A2.4; B.1:
// "the terrain effects of both types are cumulative"). 2I9, woods and a
// wooden building, has TEM +1 +2 = +3, and so has 3I1; the TEM reaches
// the fire on it (4.36) and the Activation DRM through World.TEM.
func TestA2_4CumulativeTEM(t *testing.T) {
	t.Parallel()
	lib := library.New(realBoards(t))
	for _, c := range []struct {
		boards, hex string
		want        int
	}{
		{`[["2"]]`, "2I9", 3}, {`[["3"]]`, "3I1", 3},
		{`[["2"]]`, "2I8", 1}, {`[["2"]]`, "2I6", 0}, // woods alone; open ground
	} {
		w, m := worldOn(t, lib, c.boards, c.hex)
		l, err := m.ParseLocation(c.hex)
		if err != nil {
			t.Fatal(err)
		}
		if got := w.TEM(l); got != c.want {
			t.Errorf("%s (%s): TEM %+d, want %+d", c.hex, m.Describe(l.Hex), got, c.want)
		}
	}
}

// worldOn is the world of a mission on boards (a layout as mission files
// write it) with one FRIENDLY squad at Location at and no S?.
func worldOn(t *testing.T, lib *library.Library, boards, at string) (*World, *board.Map) {
	t.Helper()
	ms, err := missions.Parse([]byte(`name: test
boards: `+boards+`
north: up
fbe: north
ebe: south
month: 6
enemy: Russian
turns: 1
placement: []
friendly:
  - {id: F1, unit: squad, type: 4-6-7, at: `+at+`}
`), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ms.Map(lib)
	if err != nil {
		t.Fatal(err)
	}
	return newWorld(t, m, ms), m
}

// The Prevailing Attitude (SASL 4.33, 6) is the mission's, or the tables'
// sasl.action.prevailing (a reading, said so) where it names none; the
// Action checks go from the north edge (NorthDistance: 1 along it, one
// more a hexrow south).
func TestAttitudeAndNorthDistance_SASL6(t *testing.T) {
	t.Parallel()
	const mission = "name: x\nboards: [[\"o1\"], [\"o2\"]]\nfbe: south\nebe: north\n"
	for _, c := range []struct {
		text, want string
		reading    bool
	}{{mission, "maintain", true}, {mission + "attitude: advance\n", "advance", false}} {
		m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, c.text)
		w := newWorld(t, m, ms)
		if a, r := w.Attitude(); a != c.want || r != c.reading {
			t.Errorf("%q: Attitude %q (reading %v), want %q (%v)", c.text, a, r, c.want, c.reading)
		}
		for loc, want := range map[string]int{"o1K1": 1, "o1K2": 2, "o1K10": 10, "o2K1": 11, "o2A10": 20} {
			if got := w.NorthDistance(testmaps.Loc(t, m, loc).Hex); got != want {
				t.Errorf("NorthDistance(%s) %d, want %d", loc, got, want)
			}
		}
	}
}
