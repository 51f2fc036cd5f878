package board

import (
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/alloc"
	"github.com/sasl-engine/sasl/internal/testkit/testlayout"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
)

func mustRead(t *testing.T, text string) *Board {
	t.Helper()
	b, err := ReadText(strings.NewReader("sasl-board 1\n"+text), "t.sasl")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustMap(t *testing.T, spec string, north layout.Frame, boards ...*Board) *Map {
	t.Helper()
	l, err := layout.Parse(spec, north)
	if err != nil {
		t.Fatal(err)
	}
	bs := map[string]*Board{}
	for _, b := range boards {
		bs[b.ID] = b
	}
	m, err := NewMap(l, bs)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func loc(t *testing.T, m *Map, s string) Location {
	t.Helper()
	l, err := m.ParseLocation(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// ASL A2.3: an Open Ground half-hex butted against woods makes a woods hex.
func TestCombinedHalfHexUnion(t *testing.T) {
	left := mustRead(t, "board 1\nGG5 woods N=wall\n")
	right := mustRead(t, "board 2\nA5 open_ground elev=1\n")
	m := mustMap(t, "1,2", layout.Up, left, right)
	h := loc(t, m, "2A5").Hex
	th, _ := m.Terrain(h)
	if !th.Kinds.Has(terrain.Woods) || th.Kinds.Has(terrain.OpenGround) {
		t.Errorf("combined hex kinds %v, want woods", th.Kinds)
	}
	if th.Elevation != 1 {
		t.Errorf("elevation %d: the naming board's (2, the easternmost) half says 1", th.Elevation)
	}
	if !th.Sides[hex.N].Has(terrain.Wall) {
		t.Error("the N hexside keeps the wall drawn on one half")
	}
	if m.Len() != 2*346-10 {
		t.Errorf("%d hexes, want %d", m.Len(), 2*346-10)
	}
}

func TestReversedBoardSides(t *testing.T) {
	b := mustRead(t, "board 4\nQ7 open_ground N=wall\n")
	m := mustMap(t, "4r", layout.Up, b)
	h := loc(t, m, "4Q7").Hex
	th, _ := m.Terrain(h)
	if !th.Sides[hex.S].Has(terrain.Wall) || th.Sides[hex.N] != 0 {
		t.Errorf("on a reversed board the wall on Q7's N side faces frame S: %v", th.Sides)
	}
	if m.NameString(h.Neighbour(hex.S)) != "4Q6" {
		t.Errorf("across it lies %s, want 4Q6", m.NameString(h.Neighbour(hex.S)))
	}
}

func TestLocations(t *testing.T) {
	b := mustRead(t, "board 9\nR6 building building=wooden/1 S=building\nR7 building building=wooden/1\nR8 building building=stone/0\nQ5 open_ground+paved_road\n")
	m := mustMap(t, "9", layout.Up, b)
	r6 := loc(t, m, "9R6").Hex
	if got := len(m.Locations(r6, Options{})); got != 2 {
		t.Errorf("R6 has %d Locations, want ground and h1", got)
	}
	ls := m.Locations(r6, Options{Cellars: true, Rooftops: true})
	var names []string
	for _, l := range ls {
		names = append(names, m.LocationName(l))
	}
	if got := strings.Join(names, " "); got != "9R6 9R6h1 9R6h-1 Roof/9R6h2" {
		t.Errorf("R6 Locations %s", got)
	}
	if n := len(m.Locations(loc(t, m, "9Q5").Hex, Options{Sewers: true})); n != 2 {
		t.Errorf("a paved road hex with sewers has %d Locations, want 2", n)
	}
	if got := len(m.BuildingHexes(r6)); got != 2 {
		t.Errorf("R6's building has %d hexes, want 2 (R6-R7)", got)
	}
	if got := len(m.BuildingHexes(loc(t, m, "9R8").Hex)); got != 1 {
		t.Errorf("R8 is a building of its own, got %d hexes", got)
	}
	for _, tt := range []struct{ in, want string }{
		{"9R8h1", "9R8 has no upper level"},
		{"9R6h2", "9R6 has upper levels h1..h1 only"},
		{"Roof/9R6h1", "the rooftop of 9R6 is at h2"},
		{"9R6h-2", "no Location below h-1"},
		{"9R6h-1", "no cellar or sewer Location"},
		{"9Q5h-1", "no cellar or sewer Location"},
		{"Roof/9R6h2", "no rooftop Location"},
		{"9Q0", "off the board"},
		{"8R6", "board 8 is not in the configuration"},
		{"9R", "hexrow R needs a hex number"},
	} {
		opt := Options{}
		if strings.HasPrefix(tt.in, "Roof/") && strings.Contains(tt.want, "is at") {
			opt.Rooftops = true
		}
		if _, err := m.ParseLocationWith(tt.in, opt); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseLocation(%q) error %v, want %q", tt.in, err, tt.want)
		}
	}
	// With the SSR that makes them, they are Locations (ASL B23.41, B8,
	// B23.8).
	for _, c := range []struct {
		in  string
		opt Options
	}{{"9R6h-1", Options{Cellars: true}}, {"9Q5h-1", Options{Sewers: true}}, {"Roof/9R6h2", Options{Rooftops: true}}} {
		if _, err := m.ParseLocationWith(c.in, c.opt); err != nil {
			t.Errorf("ParseLocationWith(%q, %+v): %v", c.in, c.opt, err)
		}
	}
}

func TestNewMapNeedsEveryBoard(t *testing.T) {
	l, _ := layout.Parse("1,2", layout.Up)
	if _, err := NewMap(l, map[string]*Board{"1": New("1")}); err == nil || !strings.Contains(err.Error(), "needs board 2") {
		t.Errorf("error %v", err)
	}
}

// Maps of the same terrain have the same digest, however they were read;
// a change of one hexside, of the configuration or of a board changes it.
func TestMapDigest(t *testing.T) {
	a := mustRead(t, "board 1\nGG5 woods N=wall\n")
	b := mustRead(t, "board 2\nA5 open_ground elev=1\n")
	d := mustMap(t, "1,2", layout.Up, a, b).Digest()
	var text strings.Builder
	if err := WriteText(&text, a); err != nil {
		t.Fatal(err)
	}
	again, err := ReadText(strings.NewReader(text.String()), "again.sasl")
	if err != nil {
		t.Fatal(err)
	}
	if got := mustMap(t, "1,2", layout.Up, again, b).Digest(); got != d {
		t.Errorf("the same terrain read again: digest %s, want %s", got, d)
	}
	for name, other := range map[string]*Map{
		"hedge":     mustMap(t, "1,2", layout.Up, mustRead(t, "board 1\nGG5 woods N=hedge\n"), b),
		"reversed":  mustMap(t, "1r,2", layout.Up, a, b),
		"north":     mustMap(t, "1,2", layout.Right, a, b),
		"swapped":   mustMap(t, "2,1", layout.Up, a, b),
		"elevation": mustMap(t, "1,2", layout.Up, a, mustRead(t, "board 2\nA5 open_ground elev=2\n")),
	} {
		if other.Digest() == d {
			t.Errorf("%s: the digest did not change", name)
		}
	}
}

// SightDigest covers the rasters too: boards of one terrain (one Digest)
// whose pictures differ, or one with a picture and one without, differ;
// the same boards again do not.
func TestMapSightDigest(t *testing.T) {
	a := mustRead(t, "board 1\nGG5 woods N=wall\n")
	b := mustRead(t, "board 2\nA5 open_ground elev=1\n")
	m := mustMap(t, "1,2", layout.Up, a, b)
	d := m.SightDigest()
	if mustMap(t, "1,2", layout.Up, a, b).SightDigest() != d {
		t.Error("the same boards: another sight digest")
	}
	pic := func(v byte) *Raster { return &Raster{W: 2, H: 2, Pix: []byte{0, v, 0, 0, 0, 0, 0, 0}} }
	a2, a3 := *a, *a
	a2.Raster, a3.Raster = pic(1), pic(2)
	m2, m3 := mustMap(t, "1,2", layout.Up, &a2, b), mustMap(t, "1,2", layout.Up, &a3, b)
	if m2.Digest() != m.Digest() || m3.Digest() != m.Digest() {
		t.Fatal("a raster changed Digest (the terrain's)")
	}
	if m2.SightDigest() == d || m3.SightDigest() == d || m2.SightDigest() == m3.SightDigest() {
		t.Error("boards whose pictures differ have one sight digest")
	}
	// A picture whose source file is known stands by that file: the
	// same file is the same picture, another file another, whatever the
	// pixels (an engine reads one picture from one file).
	from := func(v byte, src byte) *Raster { r := pic(v); r.Source = [32]byte{src}; return r }
	a4, a5, a6 := *a, *a, *a
	a4.Raster, a5.Raster, a6.Raster = from(1, 7), from(2, 7), from(1, 8)
	m4, m5, m6 := mustMap(t, "1,2", layout.Up, &a4, b), mustMap(t, "1,2", layout.Up, &a5, b), mustMap(t, "1,2", layout.Up, &a6, b)
	if m4.SightDigest() != m5.SightDigest() {
		t.Error("one source file, two sight digests")
	}
	if m4.SightDigest() == m6.SightDigest() || m4.SightDigest() == m2.SightDigest() {
		t.Error("another source file, or none, and the same sight digest")
	}
}

// The map's OnMap is its layout's, on every hex of the frame and around it,
// with empty cells between, around and beside the boards; Index is an
// on-map hex's place in Hexes, and the index space (Stride) is the on-map
// hexes. The blocks give every index the frame's dense table does, where
// the map keeps one (not sparse).
func TestOnMapIsTheLayouts(t *testing.T) {
	// dense: whether the map keeps the frame's dense table (a board or
	// more in every few cells of the frame), not only the blocks.
	for _, c := range []struct {
		spec  string
		dense bool
	}{{"1r,2/3,-", true}, {"-,-,-/-,1,-/-,-,-", false}, {"1,-,2r/-,3,-", true}, {"-/1/-/-/2", true}, {"1,-,-,-,2", true}, {"-,-,-,-,-/-,-,1,-,-/-,-,-,-,-", false}} {
		spec := c.spec
		m := mustMap(t, spec, layout.Up, New("1"), New("2"), New("3"))
		l := m.Layout
		blocks := *m
		blocks.frame = nil
		if dense := m.frame != nil; dense != c.dense {
			t.Errorf("%s: %d frame cells, %d hexes: a dense table %v, want %v", spec, m.ncols*m.nrows, m.Len(), dense, c.dense)
		}
		maxC, maxR := l.Extent()
		on := 0
		for c := -2; c <= maxC+2; c++ {
			for r := -2; r <= maxR+2; r++ {
				h := hex.Hex{Col: c, Row: r}
				if m.OnMap(h) != l.OnMap(h) {
					t.Fatalf("%s: %v: the map says %v, its layout %v", spec, h, m.OnMap(h), l.OnMap(h))
				}
				i, ok := m.Index(h)
				if j, okb := blocks.Index(h); i != j || ok != okb {
					t.Fatalf("%s: %v: Index %d, %v; by the blocks %d, %v", spec, h, i, ok, j, okb)
				}
				if l.OnMap(h) {
					on++
				}
			}
		}
		if m.Len() != on || m.Stride() != on {
			t.Errorf("%s: %d hexes on the map, Len %d, Stride %d", spec, on, m.Len(), m.Stride())
		}
		for k, h := range m.Hexes() {
			if i, ok := m.Index(h); !ok || i != k {
				t.Fatalf("%s: Index(%v) = %d, %v; want its place in Hexes, %d", spec, h, i, ok, k)
			}
		}
	}
}

// allocated returns the bytes f allocates: the least of 5 runs
// (alloc.Bytes: TotalAlloc counts the whole process, and once counted
// another goroutine's bytes as NewMap's on a loaded CI machine).
func allocated(f func()) uint64 { return alloc.Bytes(5, f) }

// A board among many empty cells makes a map the size of the board's:
// the same index space (Stride, which sizes every slice by hex) and about
// the same memory, the empty cells taking a few bytes each.
func TestEmptyCellsTakeNoSpace(t *testing.T) {
	one := mustMap(t, "1", layout.Up, New("1"))
	if one.Stride() != 346 {
		t.Errorf("one board: Stride %d, want its 346 hexes", one.Stride())
	}
	bs := map[string]*Board{"1": New("1")}
	// mapBytes returns the bytes NewMap allocates for spec.
	mapBytes := func(spec string) uint64 {
		l, err := layout.Parse(spec, layout.Up)
		if err != nil {
			t.Fatal(err)
		}
		return allocated(func() {
			if _, err := NewMap(l, bs); err != nil {
				t.Fatal(err)
			}
		})
	}
	alone := mapBytes("1")
	for _, c := range []struct{ rows, cols, i, j int }{{10, 10, 4, 4}, {20, 20, 19, 0}, {layout.MaxRows, layout.MaxCols, 17, 35}} {
		spec := testlayout.Sparse(c.rows, c.cols, c.i, c.j, "1")
		m := mustMap(t, spec, layout.Up, New("1"))
		if m.Stride() != one.Stride() || m.Len() != one.Len() {
			t.Errorf("1 in %dx%d cells: Stride %d, Len %d; alone %d, %d", c.rows, c.cols, m.Stride(), m.Len(), one.Stride(), one.Len())
		}
		// The index: a block of hexes for each side shared with the next
		// row or column, and the block of none the empty blocks share; an
		// entry a block.
		if len(m.slots) > 5*blockSize || len(m.blocks) > (c.rows+1)*(c.cols+1) {
			t.Errorf("1 in %dx%d cells: %d index slots, %d blocks", c.rows, c.cols, len(m.slots), len(m.blocks))
		}
		// An entry of blocks a cell (4 bytes, rounded up by the allocator).
		got := mapBytes(spec)
		if limit := alone + 8*uint64(c.rows+1)*uint64(c.cols+1); got > limit {
			t.Errorf("1 in %dx%d cells: NewMap allocates %d bytes, more than %d; the board alone %d", c.rows, c.cols, got, limit, alone)
		}
		t.Logf("1 in %dx%d cells: %d bytes; alone %d", c.rows, c.cols, got, alone)
	}
}
