package layout

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testlayout"

	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
)

func mustParse(t *testing.T, spec string, north Frame) *Layout {
	t.Helper()
	l, err := Parse(spec, north)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func grid(t *testing.T, s string) coord.Grid {
	t.Helper()
	g, err := coord.ParseGrid(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestReverseTwiceIsIdentity(t *testing.T) {
	for c := 0; c <= BoardCols; c++ {
		for n := 0; n <= BoardRows; n++ {
			if !onBoard(c, n) {
				continue
			}
			p := hex.Hex{Col: c, Row: n}
			r := reverse(p)
			if !onBoard(r.Col, r.Row) {
				t.Fatalf("reverse(%v) = %v is off the board", p, r)
			}
			if reverse(r) != p {
				t.Fatalf("reverse(reverse(%v)) = %v", p, reverse(r))
			}
		}
	}
	// A reversed board keeps its adjacencies: A5 and B4 stay neighbours.
	a, b := reverse(hex.Hex{Col: 0, Row: 5}), reverse(hex.Hex{Col: 1, Row: 4})
	if !hex.Adjacent(a, b) {
		t.Errorf("reversed A5 %v and B4 %v are not adjacent", a, b)
	}
}

// Every on-map hex has a name that locates it again, in configurations with
// reversed boards, empty cells and every north.
func TestNameLocateRoundTrip(t *testing.T) {
	for _, spec := range []string{"33", "33r", "3r/2/16", "33,2r/-,4", "1,2,3/4r,5,6r"} {
		for north := Up; north <= Left; north++ {
			l := mustParse(t, spec, north)
			maxC, maxR := l.Extent()
			count := 0
			for c := -1; c <= maxC+1; c++ {
				for n := -1; n <= maxR+1; n++ {
					h := hex.Hex{Col: c, Row: n}
					if !l.OnMap(h) {
						continue
					}
					count++
					g, ok := l.Name(h)
					if !ok {
						t.Fatalf("%s north %v: %v has no name", spec, north, h)
					}
					back, err := l.Locate(g)
					if err != nil || back != h {
						t.Fatalf("%s north %v: %v named %s locates to %v, %v", spec, north, h, g, back, err)
					}
					// Both halves of a combined hex locate it.
					parts, k := l.Parts(h)
					for _, p := range parts[:k] {
						if back, err := l.Locate(p.Grid()); err != nil || back != h {
							t.Fatalf("%s: half %s of %v locates to %v, %v", spec, p.Grid(), h, back, err)
						}
					}
				}
			}
			// 346 hexes a board, less the shared half-hex pairs.
			if boards := len(l.Boards()); count > 346*boards || count < 300*boards {
				t.Errorf("%s: %d hexes for %d boards", spec, count, boards)
			}
		}
	}
}

// TestA2_2CombinedHalfHexes checks the naming of combined half-hexes by the
// north-easternmost board (ASL A2.2) in all four orientations of north.
func TestA2_2CombinedHalfHexes(t *testing.T) {
	tests := []struct {
		spec  string
		north Frame
		half  string // one half of the combined hex
		want  string
	}{
		// Side by side: 33 left of 2, sharing 33GG5 and 2A5.
		{"33,2", Up, "33GG5", "2A5"},         // east is right: board 2
		{"33,2", Right, "33GG5", "2A5"},      // north is right: board 2
		{"33,2", Down, "2A5", "33GG5"},       // east is left: board 33
		{"33,2", Left, "2A5", "33GG5"},       // north is left: board 33
		{"3/2", Up, "2B0", "3B10"},           // north is up: board 3
		{"3/2", Down, "3B10", "2B0"},         // north is down: board 2
		{"3/2", Right, "3B10", "2B0"},        // east is down: board 2
		{"3/2", Left, "2B0", "3B10"},         // east is up: board 3
		{"3r/2", Up, "2B0", "3FF0"},          // reversed: 3's FF0 lies above 2's B0
		{"33,2r", Up, "33GG5", "2GG6"},       // 2 reversed shows its GG hexrow on the left
		{"3r/2/16", Right, "2FF10", "16FF0"}, // the 4.21 EX configuration: east is down
	}
	for _, tt := range tests {
		t.Run(tt.spec+" "+tt.north.String()+" "+tt.half, func(t *testing.T) {
			l := mustParse(t, tt.spec, tt.north)
			h, err := l.Locate(grid(t, tt.half))
			if err != nil {
				t.Fatal(err)
			}
			if _, n := l.Parts(h); n != 2 {
				t.Fatalf("%s is not a combined hex (%d parts)", tt.half, n)
			}
			if got := l.NameString(h); got != tt.want {
				t.Errorf("name of %s = %s, want %s", tt.half, got, tt.want)
			}
		})
	}
}

func TestEdgesOfS4_2_EXConfiguration(t *testing.T) {
	// SASL 4.21/4.22 EX: boards 3, 2 and 16 with north to the right of the
	// frame: the north edge runs along the widths of 3, 2, 16 (numbered in
	// that, clockwise, order) and the east edge along the length of 16.
	l := mustParse(t, "3r/2/16", Right)
	var ids []string
	for _, b := range l.EdgeBoards(North) {
		if b.Length {
			t.Errorf("north edge runs along the length of %s", b.Board)
		}
		ids = append(ids, b.Board)
	}
	if got := strings.Join(ids, ","); got != "3,2,16" {
		t.Errorf("north edge boards %s, want 3,2,16", got)
	}
	east := l.EdgeBoards(East)
	if len(east) != 1 || east[0].Board != "16" || !east[0].Length {
		t.Errorf("east edge boards %+v, want board 16 lengthwise", east)
	}
	onEdge := func(c Compass, name string) {
		t.Helper()
		h, err := l.Locate(grid(t, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range l.Edge(c) {
			if e == h {
				return
			}
		}
		t.Errorf("%s is not on the %v edge", name, c)
	}
	onEdge(East, "16G10")
	onEdge(North, "16GG4")
	onEdge(North, "3A8")
	onEdge(South, "3GG3")
	onEdge(West, "3G10")
}

func TestEdgeCounts(t *testing.T) {
	l := Single("33")
	if n := len(l.Edge(North)); n != 33 {
		t.Errorf("north edge of one board: %d hexes, want 33", n)
	}
	if n := len(l.Edge(East)); n != 10 {
		t.Errorf("east edge of one board: %d hexes, want 10", n)
	}
	if n := len(l.OffBoard(North)); n != 17 {
		t.Errorf("whole off-board hexes north: %d, want 17 (one per even hexrow)", n)
	}
	if n := len(l.OffBoard(East)); n != 9 {
		t.Errorf("whole off-board hexes east: %d, want 9", n)
	}
	two := mustParse(t, "3/2", Up)
	if n := len(two.OffBoard(East)); n != 19 {
		t.Errorf("east of two stacked boards: %d whole off-board hexes, want 19", n)
	}
	for _, c := range []Compass{North, East, South, West} {
		for _, h := range two.OffBoard(c) {
			if two.OnMap(h) {
				t.Errorf("off-board hex %v of %v edge is on the map", h, c)
			}
			near := false
			for _, e := range two.Edge(c) {
				near = near || hex.Distance(e, h) == 1
			}
			if !near {
				t.Errorf("off-board hex %v of %v edge is not next to the edge", h, c)
			}
		}
	}
}

func TestS4_11_EXOffBoardHexes(t *testing.T) {
	// Board 4 with the FBE along A1-GG1 (the board number towards the south).
	l := Single("4")
	off := l.OffBoard(North)
	names := map[string]bool{}
	for _, h := range off {
		names[l.NameString(h)] = true
	}
	for _, want := range []string{"4S0", "4U0", "4A0", "4GG0"} {
		if !names[want] {
			t.Errorf("whole off-board hexes lack %s: %v", want, names)
		}
	}
	if names["4T0"] {
		t.Error("T0 is an on-board half-hex, not a whole off-board hex")
	}
	nearest := func(name string) int {
		h, err := l.Locate(grid(t, name))
		if err != nil {
			t.Fatal(err)
		}
		d := 1 << 30
		for _, o := range off {
			d = min(d, hex.Distance(h, o))
		}
		return d
	}
	if d := nearest("4T3"); d != 4 {
		t.Errorf("T3 is %d from the nearest whole off-board hex, want 4", d)
	}
	for _, name := range []string{"4P1", "4S2", "4X1"} {
		if d := nearest(name); d > 3 {
			t.Errorf("%s is %d from the nearest whole off-board hex, want <= 3", name, d)
		}
	}
}

func TestMirror(t *testing.T) {
	l := Single("2")
	for _, tt := range []struct {
		hex, mirror string
		half        bool
	}{
		{"2W1", "2W0", false}, // A2.6 EX: exit of W1 into its mirror
		{"2Y1", "2Y0", false},
		{"2X0", "2X0", true}, // a half-hex mirrors to its missing half
	} {
		h, err := l.Locate(grid(t, tt.hex))
		if err != nil {
			t.Fatal(err)
		}
		m, half := l.Mirror(h, North)
		if l.NameString(m) != tt.mirror || half != tt.half {
			t.Errorf("mirror of %s = %s (half %v), want %s (half %v)", tt.hex, l.NameString(m), half, tt.mirror, tt.half)
		}
	}
	g := grid(t, "2S0")
	h, err := l.LocateOff(g)
	if err != nil || l.OnMap(h) {
		t.Fatalf("LocateOff(2S0) = %v, %v", h, err)
	}
}

func TestLocateErrors(t *testing.T) {
	l := mustParse(t, "33,2", Up)
	for _, tt := range []struct{ in, mention string }{
		{"99A1", "board 99 is not in the configuration"},
		{"33A0", "33A0 is off the board: hexrow A holds hexes 1..10"},
		{"33B11", "off the board"},
		{"Q5", "names no board"},
	} {
		_, err := l.Locate(grid(t, tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.mention) {
			t.Errorf("Locate(%s) error %v, want mention of %q", tt.in, err, tt.mention)
		}
	}
	if _, err := l.LocateOff(grid(t, "2A0")); err != nil {
		t.Errorf("LocateOff(2A0): %v", err)
	}
	// Beyond the top edge at the shared column, 33GG0 and 2A0 are one hex.
	if h, err := l.LocateOff(grid(t, "33GG0")); err != nil || l.OnMap(h) {
		t.Errorf("LocateOff(33GG0) = %v, %v", h, err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tt := range []struct{ spec, mention string }{
		{"3,3", "appears twice"},
		{"3,2/4", "row 2 has 1 boards"},
		{"-", "no boards"},
		{"3,,2", "empty cell"},
		{"3X", "not a board ID"},
	} {
		_, err := Parse(tt.spec, Up)
		if err == nil || !strings.Contains(err.Error(), tt.mention) {
			t.Errorf("Parse(%q) error %v, want mention of %q", tt.spec, err, tt.mention)
		}
	}
	l := mustParse(t, "3r/2/16", Right)
	if l.String() != "3r/2/16" {
		t.Errorf("String() = %q", l.String())
	}
}

// A configuration too large for its maps (MaxCells, MaxRows, MaxCols,
// MaxBoards) is refused by Parse and by New with the value named, however
// few boards it holds; one within the bounds is accepted.
func TestSizeBounds(t *testing.T) {
	boards := func(n int) string {
		ids := make([]string, n)
		for i := range ids {
			ids[i] = strconv.Itoa(i + 1)
		}
		return strings.Join(ids, ",")
	}
	for _, tt := range []struct{ name, spec, mention string }{
		{"one board in 400x400 cells", testlayout.Sparse(400, 400, 200, 200, "x1"), "layout: 160000 cells; at most 1296 (36 rows of 36)"},
		{"one board in 100x100 cells", testlayout.Sparse(100, 100, 0, 0, "x1"), "layout: 10000 cells; at most 1296"},
		{"37 rows", testlayout.Sparse(37, 1, 36, 0, "x1"), "layout: 37 rows; at most 36"},
		{"37 columns", testlayout.Sparse(1, 37, 0, 0, "x1"), "layout: row 1 has 37 cells; at most 36 columns"},
		{"a ragged row of 40", "x1/" + testlayout.Sparse(1, 40, 0, 0, "x2"), "layout: row 2 has 40 cells; at most 36 columns"},
		{"37 boards in a row", boards(37), "at most 36 columns"},
		{"38 boards in two rows", boards(19) + "/" + strings.Replace(boards(38), boards(19)+",", "", 1), "layout: 38 boards; at most 36"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.spec, Up)
			if err == nil || !strings.Contains(err.Error(), tt.mention) {
				t.Errorf("Parse: error %v, want mention of %q", err, tt.mention)
			}
			// New (a mission's boards) says the same.
			var grid [][]Slot
			for _, row := range strings.Split(tt.spec, "/") {
				var slots []Slot
				for _, c := range strings.Split(row, ",") {
					s, err := ParseSlot(c)
					if err != nil {
						t.Fatal(err)
					}
					slots = append(slots, s)
				}
				grid = append(grid, slots)
			}
			if _, err := New(grid, Up); err == nil || !strings.Contains(err.Error(), tt.mention) {
				t.Errorf("New: error %v, want mention of %q", err, tt.mention)
			}
		})
	}
	for _, spec := range []string{testlayout.Sparse(MaxRows, MaxCols, MaxRows-1, MaxCols-1, "x1"), testlayout.Sparse(1, MaxCols, 0, 5, "x1"), boards(MaxBoards), boards(18) + "/" + strings.Replace(boards(36), boards(18)+",", "", 1)} {
		l, err := Parse(spec, Up)
		if err != nil {
			t.Errorf("Parse(%.40q...): %v", spec, err)
			continue
		}
		if rows, cols := l.Size(); rows > MaxRows || cols > MaxCols || len(l.Boards()) > MaxBoards {
			t.Errorf("%.40q...: %d x %d cells, %d boards", spec, rows, cols, len(l.Boards()))
		}
	}
}

// Parse refuses a configuration of too many cells before it reads them:
// megabytes of empty cells cost a few allocations, not one a cell.
func TestParseHugeAllocatesLittle(t *testing.T) {
	spec := strings.Repeat("-,", 1<<20) + "x1"
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := Parse(spec, Up); err == nil {
			t.Fatal("a configuration of a million cells was accepted")
		}
	})
	if allocs > 10 {
		t.Errorf("Parse of %d bytes made %v allocations; want a few", len(spec), allocs)
	}
}

func TestCompass(t *testing.T) {
	l := mustParse(t, "33", Right)
	if l.FrameOf(North) != Right || l.FrameOf(East) != Down || l.FrameOf(South) != Left || l.FrameOf(West) != Up {
		t.Error("north right: east should be down, south left, west up")
	}
	for c := North; c <= West; c++ {
		if l.CompassOf(l.FrameOf(c)) != c {
			t.Errorf("CompassOf(FrameOf(%v)) != %v", c, c)
		}
	}
}

// A configuration Parse takes writes back as itself, holds each of its
// boards once, and names and locates the hexes of its edges consistently;
// one it refuses says why.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"33", "3r/2/16", "33,2r/-,4", "1,2,3/4r,5,6r", "x1,x2", "3,3", "-", "3,,2", "3X", " 3 , 2 /4r,-", "r", "3rr", "x1r", testlayout.Sparse(40, 40, 3, 3, "x1"), testlayout.Sparse(36, 36, 35, 0, "x1"), strings.Repeat("1,", 37) + "x1"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, spec string, n uint8) {
		north := Frame(n % 4)
		l, err := Parse(spec, north)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "layout: ") {
				t.Fatalf("Parse(%q): %v", spec, err)
			}
			return
		}
		// Within the bounds whatever the input: what is built from a
		// configuration is bounded by them.
		if rows, cols := l.Size(); rows > MaxRows || cols > MaxCols || rows*cols > MaxCells || len(l.Boards()) > MaxBoards {
			t.Fatalf("%q: %d x %d cells, %d boards: beyond the bounds", spec, rows, cols, len(l.Boards()))
		}
		back, err := Parse(l.String(), north)
		if err != nil || back.String() != l.String() {
			t.Fatalf("Parse(%q) writes %q, which reads back as %v, %v", spec, l.String(), back, err)
		}
		rows, cols := l.Size()
		boards := l.Boards()
		if len(boards) == 0 || len(boards) > rows*cols {
			t.Fatalf("%q: %d boards in %dx%d cells", spec, len(boards), rows, cols)
		}
		seen := map[string]bool{}
		for _, b := range boards {
			if seen[b] || !l.Has(b) {
				t.Fatalf("%q: board %s twice or not held", spec, b)
			}
			seen[b] = true
		}
		if rows*cols > 16 {
			return // the geometry below is per cell: keep each input quick
		}
		for c := North; c <= West; c++ {
			edge := l.Edge(c)
			if len(edge) == 0 {
				t.Fatalf("%q: no %v edge", spec, c)
			}
			for _, h := range edge {
				g, ok := l.Name(h)
				if !ok || !l.OnMap(h) {
					t.Fatalf("%q: edge hex %v off the map", spec, h)
				}
				if back, err := l.Locate(g); err != nil || back != h {
					t.Fatalf("%q: %v named %s locates to %v, %v", spec, h, g, back, err)
				}
			}
		}
	})
}

// Beyond puts a counter off the map next to its edge hex: the mirror
// image of a whole edge hex, a neighbour of a half-hex; and EdgeOf finds
// the edge again.
func TestBeyond(t *testing.T) {
	t.Parallel()
	for _, spec := range []string{"33", "3r/2/16", "33,2r/-,4"} {
		for north := Up; north <= Left; north++ {
			l := mustParse(t, spec, north)
			for c := North; c <= West; c++ {
				for _, h := range l.Edge(c) {
					b := l.Beyond(h, c)
					if l.OnMap(b) {
						t.Fatalf("%s north %v: beyond %s across the %v edge is %v, on the map", spec, north, l.NameString(h), c, b)
					}
					if m, half := l.Mirror(h, c); !half && b != m {
						t.Errorf("%s north %v: beyond whole hex %s is %v, not its mirror %v", spec, north, l.NameString(h), b, m)
					}
					if d := hex.Distance(h, b); d != 1 {
						t.Errorf("%s north %v: beyond %s is %d hexes away", spec, north, l.NameString(h), d)
					}
					if e, ok := l.EdgeOf(h); !ok || (e != c && !slices.Contains(l.Edge(e), h)) {
						t.Errorf("%s north %v: EdgeOf(%s) = %v, %v", spec, north, l.NameString(h), e, ok)
					}
				}
			}
			if spec == "33,2r/-,4" && north == Up {
				// 2GG1, where 33, 2 and 4 meet above the empty cell, has
				// 4A1 south of it: it is on no edge.
				h, _ := l.Locate(grid(t, "2GG1"))
				if c, ok := l.EdgeOf(h); ok {
					t.Errorf("2GG1 on the %v edge of %s", c, spec)
				}
			}
			if _, ok := l.EdgeOf(hex.Hex{Col: 5, Row: 5}); ok {
				t.Errorf("%s: an inner hex on an edge", spec)
			}
		}
	}
}
