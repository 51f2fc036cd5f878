package ai

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/world"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/tables"
)

func realBoards(t testing.TB) string { return testshared.Boards(t) }

var (
	libsMu sync.Mutex
	libs   = map[string]*library.Library{}
)

func mission(t testing.TB, dir, text string) (*missions.Mission, *board.Map) {
	t.Helper()
	ms, err := missions.Parse([]byte(text), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	libsMu.Lock()
	lib := libs[dir]
	if lib == nil {
		lib = library.New(dir)
		libs[dir] = lib
	}
	libsMu.Unlock()
	m, err := ms.Map(lib)
	if err != nil {
		t.Fatal(err)
	}
	return ms, m
}

// placeOn is the SASL 4.1 setup of mission ms on m with tables t and dice r.
func placeOn(m *board.Map, ms *missions.Mission, t *tables.Set, r dice.Roller) (*Setup, error) {
	w, err := world.New(m, ms, t, nil)
	if err != nil {
		return nil, err
	}
	return New(w, r, nil).Place()
}

// enterOn is the entry (SASL 4.2) of turn's S? of mission ms on m with
// tables t, Infantry costs c and dice r.
func enterOn(m *board.Map, ms *missions.Mission, t *tables.Set, c pathing.Coster, r dice.Roller, turn int) (*Arrivals, error) {
	w, err := world.New(m, ms, t, c)
	if err != nil {
		return nil, err
	}
	return New(w, r, nil).Enter(turn)
}

// logText words the events of a procedure's log, a line each.
func logText(words *report.Words, evs []report.Event) string {
	var b strings.Builder
	for i := range evs {
		b.WriteString(words.Text(&evs[i]) + "\n")
	}
	return b.String()
}

func scripted(t testing.TB, script string) *dice.ScriptRoller {
	t.Helper()
	r, err := dice.Scripted(script)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// placedNames returns the A2.2 names of a setup's S?, sorted, one per S?.
func placedNames(s *Setup) []string {
	var out []string
	for _, p := range s.Placements {
		out = append(out, s.Map.LocationName(p.Location))
	}
	sort.Strings(out)
	return out
}

// TestS4_1_EX is the SASL 4.1 EX on board 33: case e with the EX's dice
// (A6d dr 3: chits Q and S; dr+2 of 4 and 6: placement hexes Q6 and S8;
// A6f drs 6 and 4: radii 1 and 2), the FBE along A1-GG1, grain in and out
// of season.
//
// The S? are those the EX names, and one more: 33Q8. On the real board the
// wall of Q7's yard runs along the Q7-Q8 hexside too, Q8 is two hexes from
// S8 (S8-R8-Q8), and the line of fire from off-board Q0 crosses that wall
// into Q8 exactly as the line from U0 crosses the U8-U9 hedge into U9,
// which the EX does place. No reading of 4.1e's wall-advantage clause keeps
// U9 (and U8 behind the in-season grain of U7) yet drops Q8, so sasl
// applies the rule as written; the EX's list leaves Q8 out.
func TestS4_1_EX(t *testing.T) {
	t.Parallel()
	dir := realBoards(t)
	const text = "name: 4.1 EX\nboards: [[\"33\"]]\nfbe: north\nebe: south\nplacement: [e]\nmonth: %s\n"
	tests := []struct {
		name  string
		month string
		want  []string
	}{
		{"grain in season", "7", []string{
			"33P5", "33P6", "33Q7", "33R6", "33R6h1", // radius 1 of Q6
			"33Q8", "33R7", "33R7h1", "33R8", "33S8", "33T6", "33U7", "33U8", "33U9", // radius 2 of S8
		}},
		{"grain out of season", "5", []string{
			"33P5", "33P6", "33Q7", "33R6", "33R6h1",
			"33Q8", "33R7", "33R7h1", "33R8", "33S8", "33U8", "33U9",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms, m := mission(t, dir, strings.Replace(text, "%s", tt.month, 1))
			r := scripted(t, "3 Q S 4 6 6 4")
			s, err := placeOn(m, ms, tables.Default(), r)
			if err != nil {
				t.Fatal(err)
			}
			want := slices.Sorted(slices.Values(tt.want))
			words := report.New(newWorld(t, m, ms))
			if got := placedNames(s); !slices.Equal(got, want) {
				t.Errorf("S? in %v\nwant %v\nlog:\n%s", got, want, logText(words, s.Log))
			}
			if len(r.Left()) != 0 {
				t.Errorf("dice left over: %v", r.Left())
			}
			for _, p := range s.Placements {
				if p.Case != 'e' {
					t.Errorf("%s placed by case %c", m.LocationName(p.Location), p.Case)
				}
				if why := words.Reason(p.Location, p.Why); m.LocationName(p.Location) == "33Q7" && !strings.Contains(why, "Q6-33Q7 wall") {
					t.Errorf("Q7 is placed behind the Q6-Q7 wall: %q", why)
				}
			}
		})
	}
}

// TestS4_1_EXSouthFBE is the EX's variant with the FBE along A10-GG10:
// nothing in P8, R8, S8, U8 or U9 (4.11), and U7 behind the U7-U8 hedge
// whatever the season.
func TestS4_1_EXSouthFBE(t *testing.T) {
	t.Parallel()
	dir := realBoards(t)
	for _, month := range []string{"5", "7"} {
		ms, m := mission(t, dir, "name: 4.1 EX variant\nboards: [[\"33\"]]\nfbe: south\nebe: north\nplacement: [e]\nmonth: "+month+"\n")
		s, err := placeOn(m, ms, tables.Default(), scripted(t, "3 Q S 4 6 6 4"))
		if err != nil {
			t.Fatal(err)
		}
		got := placedNames(s)
		for _, no := range []string{"33P8", "33R8", "33S8", "33U8", "33U9"} {
			if slices.Contains(got, no) {
				t.Errorf("month %s: S? in %s, within 3 hexes of the FBE", month, no)
			}
		}
		if !slices.Contains(got, "33U7") {
			t.Errorf("month %s: no S? in U7 behind the U7-U8 hedge: %v", month, got)
		}
		words := report.New(newWorld(t, m, ms))
		for _, p := range s.Placements {
			if why := words.Reason(p.Location, p.Why); m.LocationName(p.Location) == "33U7" && month == "5" && !strings.Contains(why, "hedge") {
				t.Errorf("out of season U7 is there for its hedge: %q", why)
			}
		}
	}
}

// TestS4_11_EX: board 4, case a only, FBE along A1-GG1: no S? in the
// buildings P1, S2 and X1; one in T3.
func TestS4_11_EX(t *testing.T) {
	t.Parallel()
	ms, m := mission(t, realBoards(t), "name: 4.11 EX\nboards: [[\"4\"]]\nfbe: north\nebe: south\nplacement: [a]\n")
	s, err := placeOn(m, ms, tables.Default(), scripted(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	got := placedNames(s)
	for _, no := range []string{"4P1", "4S2", "4X1"} {
		if slices.Contains(got, no) {
			t.Errorf("S? in %s, within 3 hexes of the FBE", no)
		}
	}
	if !slices.Contains(got, "4T3") {
		t.Errorf("no S? in T3: %v", got)
	}
	if k := s.Kinds[0]; k.BuiltUp || k.FromTable {
		t.Errorf("board 4 is not built-up (the EX uses no A9e): %+v", k)
	}
}

// TestS4_13SeamPlacement: an S? placed by case b, c, d or e in a hex two
// boards share whose woods half is on a Woods mapboard (board 5) rolls the
// 4.13 dr, whichever board names the hex: board 6's half-hexes along the
// seam took their name from 6 and skipped it.
func TestS4_13SeamPlacement(t *testing.T) {
	t.Parallel()
	checked, rolled := 0, 0
	for _, boards := range []string{`[["6", "5"]]`, `[["5", "6"]]`, `[["5"], ["6"]]`, `[["6"], ["5"]]`} {
		ms, m := mission(t, realBoards(t), boardMission(boards, "6A1", "placement: [b, e]"))
		w, err := world.New(m, ms, tables.Default(), nil)
		if err != nil {
			t.Fatal(err)
		}
		seam := func(h hex.Hex) bool {
			g, _ := m.Name(h)
			_, ok := w.WoodsBoard(h)
			return ok && g.Board == "6"
		}
		for seed := range uint64(30) {
			s, err := New(w, dice.Seeded(seed), nil).Place()
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range s.Placements {
				if !seam(p.Location.Hex) {
					continue
				}
				checked++
				if !slices.ContainsFunc(p.Rolls, func(r report.Roll) bool { return r.Why.Rule == "SASL 4.13" }) {
					t.Errorf("%s seed %d: the S? in %s (woods on board 5's half) was placed with no 4.13 dr", boards, seed, m.LocationName(p.Location))
				}
			}
			for _, e := range s.Log {
				if e.Kind == report.Woods413 && seam(e.At.Hex) {
					rolled++ // removed by the 4.13 dr
				}
			}
		}
	}
	if checked+rolled == 0 {
		t.Fatal("no S? was to be placed in a seam hex named by board 6 with woods on board 5's half")
	}
	t.Logf("%d seam placements kept after their 4.13 dr, %d removed by it", checked, rolled)
}

// TestS4_12_EXC_VPOTaker: on the built-up board x3, VPO building x3R3
// (ground and one upper level) with a FRIENDLY squad on its ground level.
// SASL 4.12 EXC rerolls Table A9e "until >= one S? is placed in a VPO
// Location of that hex": a roll that picks only the FRIENDLY-held ground
// level places none, so the rerolls go on until the upper level takes one,
// in every setup. Before, a roll naming the ground level stopped them and
// the VPO got no S? at all. When no row of Table A9e picks a Location
// that can take one: the first roll stands and the log says why
// (NoVPOTaker), rather than rerolling without end or to a pick that
// places none.
func TestS4_12_EXC_VPOTaker(t *testing.T) {
	t.Parallel()
	const text = "name: x\nboards: [[\"x3\"]]\nfbe: south\nebe: north\nvpo: [\"x3R3\"]\nplacement: [c]\nfriendly:\n  - {id: F1, unit: squad, type: 6-6-7, at: x3R3}\n"
	ms, m := mission(t, "", text)
	w := newWorld(t, m, ms)
	up := testmapsLoc(t, m, "x3R3h1")
	for seed := range uint64(200) {
		s, err := New(w, dice.Seeded(seed), nil).Place()
		if err != nil {
			t.Fatal(err)
		}
		if s.Count(up) == 0 {
			t.Fatalf("seed %d: no S? in the VPO building x3R3, whose upper level can take one:\n%s", seed, logText(report.New(w), s.Log))
		}
	}
	// A Table A9e of the owner's in which no row picks the upper level
	// (1 and 4: ground; x3R3 has no second level): no roll can place an
	// S? in the VPO, so the first stands.
	tb := tables.Default().Clone()
	tb.SASL.A9e.Rows[1].Value = tables.LevelsGround
	tb.SASL.A9e.Rows[4].Value = tables.LevelsGround
	w2, err := world.New(m, ms, tb, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(w2, dice.Seeded(1), nil).Place()
	if err != nil {
		t.Fatal(err)
	}
	var a9e []report.Event
	for _, e := range s.Log {
		if e.Kind == report.A9e && e.At.Hex == up.Hex {
			a9e = append(a9e, e)
		}
	}
	if len(a9e) != 1 || a9e[0].Cause != report.NoVPOTaker || s.Count(up) != 0 {
		t.Errorf("no row of A9e picks a VPO Location that can take an S?: want one A9e roll saying so:\n%s", logText(report.New(w2), s.Log))
	}
}

func testmapsLoc(t *testing.T, m *board.Map, s string) board.Location {
	t.Helper()
	l, err := m.ParseLocation(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
