package vasl

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

func boardsDir(t testing.TB) string { return testshared.Boards(t) }

var (
	loadedMu sync.Mutex
	loaded   = map[string]*board.Board{}
)

// real reads a board archive once per test binary.
func real(t testing.TB, id string) *board.Board {
	t.Helper()
	loadedMu.Lock()
	defer loadedMu.Unlock()
	if b := loaded[id]; b != nil {
		return b
	}
	name := "bd" + id
	if len(id) == 1 {
		name = "bd0" + id
	}
	b, err := Open(filepath.Join(boardsDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	loaded[id] = b
	return b
}

func at(t testing.TB, b *board.Board, s string) *terrain.Hex {
	t.Helper()
	g, err := coord.ParseGrid(s)
	if err != nil {
		t.Fatal(err)
	}
	return b.Hex(hex.Hex{Col: g.Col, Row: g.Row})
}

func side(t testing.TB, b *board.Board, a, c string) terrain.Features {
	t.Helper()
	ga, _ := coord.ParseGrid(a)
	gc, _ := coord.ParseGrid(c)
	ha, hc := hex.Hex{Col: ga.Col, Row: ga.Row}, hex.Hex{Col: gc.Col, Row: gc.Row}
	d, ok := ha.DirTo(hc)
	if !ok {
		t.Fatalf("%s and %s are not adjacent", a, c)
	}
	return b.Hex(ha).Sides[d]
}

// TestBoardFacts checks every board fact that FORMAT.md lists from the
// rules' examples against the real archives.
func TestBoardFacts(t *testing.T) {
	kinds := []struct {
		board, hex string
		has        []terrain.Kind
		not        []terrain.Kind
	}{
		// SASL 4.1 EX, board 33.
		{"33", "P5", []terrain.Kind{terrain.Orchard}, []terrain.Kind{terrain.Building}},
		{"33", "P6", []terrain.Kind{terrain.Orchard}, []terrain.Kind{terrain.Building}},
		{"33", "T6", []terrain.Kind{terrain.Grain}, []terrain.Kind{terrain.Building}},
		{"33", "U7", []terrain.Kind{terrain.Grain}, []terrain.Kind{terrain.Building}},
		{"33", "Q6", []terrain.Kind{terrain.OpenGround}, nil},
		{"33", "Q7", []terrain.Kind{terrain.OpenGround}, nil},
		{"33", "U8", []terrain.Kind{terrain.OpenGround}, nil},
		// ASL A2.4 EX and B.1 EX, board 2.
		{"2", "I9", []terrain.Kind{terrain.Woods, terrain.Building}, nil},
		{"2", "M4", []terrain.Kind{terrain.Woods}, []terrain.Kind{terrain.Building}},
		// SASL 4.11 EX, board 4; ASL B.1 EX (4X8).
		{"4", "P1", []terrain.Kind{terrain.Building}, nil},
		{"4", "S2", []terrain.Kind{terrain.Building}, nil},
		{"4", "X1", []terrain.Kind{terrain.Building}, nil},
		{"4", "T3", []terrain.Kind{terrain.Building}, nil},
		{"4", "X8", []terrain.Kind{terrain.Building}, nil},
	}
	for _, tt := range kinds {
		t.Run(tt.board+tt.hex, func(t *testing.T) {
			th := at(t, real(t, tt.board), tt.hex)
			for _, k := range tt.has {
				if !th.Kinds.Has(k) {
					t.Errorf("%s%s is %v, want %v in it", tt.board, tt.hex, th.Kinds, k)
				}
			}
			for _, k := range tt.not {
				if th.Kinds.Has(k) {
					t.Errorf("%s%s is %v, want no %v", tt.board, tt.hex, th.Kinds, k)
				}
			}
		})
	}

	buildings := []struct {
		board, hex string
		want       terrain.Structure
	}{
		{"33", "R6", terrain.Structure{Material: terrain.Wooden, Levels: 1}},
		{"33", "R7", terrain.Structure{Material: terrain.Wooden, Levels: 1}},
		{"33", "R8", terrain.Structure{Material: terrain.Stone, Levels: 0}},
		{"33", "S8", terrain.Structure{Material: terrain.Wooden, Levels: 0}},
		// The market place 12R6-12R7 (issue 28): VASL traces from 12R7h1
		// ("Stone Market Place", height 1 in VASL's terrain table).
		{"12", "R6", terrain.Structure{Material: terrain.Stone, Levels: 1}},
		{"12", "R7", terrain.Structure{Material: terrain.Stone, Levels: 1}},
	}
	for _, tt := range buildings {
		t.Run("building "+tt.board+tt.hex, func(t *testing.T) {
			th := at(t, real(t, tt.board), tt.hex)
			if !th.Kinds.Has(terrain.Building) || th.Building != tt.want {
				t.Errorf("%s%s: %v %+v, want building %+v", tt.board, tt.hex, th.Kinds, th.Building, tt.want)
			}
		})
	}

	sides := []struct {
		board, a, b string
		want        terrain.Features
	}{
		{"33", "Q6", "Q7", terrain.Wall},
		{"33", "U7", "U8", terrain.Hedge},
		{"33", "U8", "U9", terrain.Hedge},
	}
	for _, tt := range sides {
		t.Run("hexside "+tt.board+tt.a+"-"+tt.b, func(t *testing.T) {
			b := real(t, tt.board)
			if f := side(t, b, tt.a, tt.b); !f.Has(tt.want) {
				t.Errorf("%s%s-%s has %v, want %v", tt.board, tt.a, tt.b, f, tt.want)
			}
			// The same hexside seen from the other hex.
			if f := side(t, b, tt.b, tt.a); !f.Has(tt.want) {
				t.Errorf("%s%s-%s has %v, want %v", tt.board, tt.b, tt.a, f, tt.want)
			}
		})
	}

	levels := []struct {
		board, hex string
		want       int
	}{
		{"2", "M4", 2}, // B.1 EX: a wooded hill hex
		// ASL B.5 EX: the Continuous Slope from 15Y6 down to U8.
		{"15", "Y6", 4},
		{"15", "X6", 3},
		{"15", "W7", 2},
		{"15", "V7", 1},
		{"15", "U8", 0},
		{"33", "R6", 0},
	}
	for _, tt := range levels {
		t.Run("level "+tt.board+tt.hex, func(t *testing.T) {
			if got := at(t, real(t, tt.board), tt.hex).Elevation; got != tt.want {
				t.Errorf("%s%s at level %d, want %d", tt.board, tt.hex, got, tt.want)
			}
		})
	}
}
