package vassal

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/vasl"
)

// savesDir is the folder of the real VASL saves, or the test is skipped.
func savesDir(t testing.TB) string { return testshared.Path(t, "vasl/saves") }

func openSave(t testing.TB, name string) *Save {
	t.Helper()
	s, err := Open(filepath.Join(savesDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Every real save decodes, and its content obfuscated again is its
// savedGame entry byte for byte; written and read back, it is the same.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join(savesDir(t), "*.vsav"))
	if len(files) < 5 {
		t.Fatalf("found %d saves", len(files))
	}
	for _, f := range files {
		s, err := Open(f)
		if err != nil {
			t.Fatal(err)
		}
		orig, _ := s.Entry("savedGame")
		if got := Obfuscate(s.Content, s.Obfuscation, s.Key); !bytes.Equal(got, orig) {
			t.Errorf("%s: the content obfuscated again (%s, key %d) is not its savedGame", filepath.Base(f), s.Obfuscation, s.Key)
		}
		var buf bytes.Buffer
		if err := s.Write(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "written")
		if err != nil {
			t.Fatalf("%s written: %v", filepath.Base(f), err)
		}
		if !bytes.Equal(back.Content, s.Content) || len(back.entries) != len(s.entries) {
			t.Errorf("%s: written and read back, the save differs", filepath.Base(f))
		}
		for i, e := range s.entries {
			if !bytes.Equal(back.entries[i].data, e.data) || back.entries[i].name != e.name {
				t.Errorf("%s: entry %s differs after a round trip", filepath.Base(f), e.name)
			}
		}
		// Every obfuscation VASSAL reads gives the same content.
		for _, o := range []Obfuscation{Plain, VCSK, VOBS} {
			c, got, _, err := Deobfuscate(Obfuscate(s.Content, o, 0x5a))
			if err != nil || got != o || !bytes.Equal(c, s.Content) {
				t.Errorf("%s as %s: %v", filepath.Base(f), o, err)
			}
		}
		if _, _, err := s.Pieces(); err != nil {
			t.Error(err)
		}
	}
}

// On the Stalingrad save (board 1) every piece on the board resolves to
// a hex of board 1, and the perimeter markers lie on hexsides: as far
// from two hex centres, half the distance between them.
func TestStalingrad(t *testing.T) {
	t.Parallel()
	s := openSave(t, "The-Streets-Of-Stalingrad-Scenario-C.vsav")
	c, err := s.Contents()
	if err != nil {
		t.Fatal(err)
	}
	if c.Layout != "1" {
		t.Fatalf("layout %q, want 1", c.Layout)
	}
	markers := 0
	for _, p := range c.On {
		if !strings.HasPrefix(p.Location, "1") {
			t.Errorf("%s %s at %d,%d is in %s, not on board 1", p.ID, p.Name, p.X, p.Y, p.Location)
		}
		if !strings.Contains(p.Name, "perimeter") {
			continue
		}
		markers++
		d1, d2 := twoNearest(c.Cells, float64(p.X), float64(p.Y))
		if math.Abs(d1-d2) > 3 || d1 < 20 {
			t.Errorf("%s at %d,%d: %.1f and %.1f px from the two nearest hex centres: not on a hexside", p.Name, p.X, p.Y, d1, d2)
		}
	}
	if markers < 50 || len(c.On) < 100 {
		t.Errorf("%d perimeter markers, %d pieces on the board", markers, len(c.On))
	}
}

// twoNearest returns the distances from a map pixel to the two nearest
// hex centres of board 1 in cells.
func twoNearest(cells []Cell, x, y float64) (float64, float64) {
	a, b := math.Inf(1), math.Inf(1)
	for col := 0; col <= layout.BoardCols; col++ {
		for row := 0; row <= layout.BoardRows; row++ {
			cx, cy, _ := Centre(cells, coord.Grid{Board: cells[0].Board, Col: col, Row: row})
			d := math.Hypot(x-cx, y-cy)
			switch {
			case d < a:
				a, b = d, a
			case d < b:
				b = d
			}
		}
	}
	return a, b
}

// The Hill 621 save has boards 2, 4 and 3 in one column, north board
// first.
func TestHill621Layout(t *testing.T) {
	t.Parallel()
	c, err := openSave(t, "Hill-621-Scenario-E.vsav").Contents()
	if err != nil {
		t.Fatal(err)
	}
	if c.Layout != "2/4/3" {
		t.Errorf("layout %q, want 2/4/3", c.Layout)
	}
}

// Hex centre to map pixel and back gives the same hex, for every hex of
// every board of ../shared/vasl/boards, in rows and columns, reversed or
// not, and A1 of the top left board lies 400 pixels in from the map's
// edge.
func TestGeometry(t *testing.T) {
	t.Parallel()
	dir, ok := testshared.FindBoards()
	var ids []string
	if ok {
		files, _ := filepath.Glob(filepath.Join(dir, "bd*"))
		for _, f := range files {
			ids = append(ids, strings.TrimLeft(strings.TrimPrefix(filepath.Base(f), "bd"), "0"))
		}
	}
	if len(ids) == 0 {
		ids = []string{"1", "2", "3", "4"}
	}
	// The map's pixels are the boards' own: every archive's picture is
	// BoardWidth x BoardHeight, so the hex centres of its LOS raster
	// (vasl.Centre of its size) are the ones the map uses.
	for _, id := range ids {
		if !ok {
			break
		}
		b, err := vasl.Open(filepath.Join(dir, fmt.Sprintf("bd%02s", id)))
		if errors.Is(err, vasl.ErrUnsupported) {
			continue // no LOS raster (bd25): not a board sasl plays on
		}
		if err != nil {
			t.Fatal(err)
		}
		if b.Raster == nil || b.Raster.W != int(BoardWidth) || b.Raster.H != int(BoardHeight) {
			t.Errorf("board %s: its picture is %+v pixels, the map's boards %v x %v", id, b.Raster, BoardWidth, BoardHeight)
		}
	}
	for i := 0; i < len(ids); i += 4 {
		var cells []Cell
		for k, id := range ids[i:min(i+4, len(ids))] {
			cells = append(cells, Cell{Col: k % 2, Row: k / 2, Board: id, Reversed: k%3 == 1})
		}
		if _, err := layout.Parse(LayoutSpec(cells), layout.Up); err != nil {
			t.Fatal(err)
		}
		for _, c := range cells {
			for col := 0; col <= layout.BoardCols; col++ {
				for row := 0; row <= layout.BoardRows; row++ {
					if col&1 == 0 && row == 0 {
						continue // even hexrows have no hex 0
					}
					g := coord.Grid{Board: c.Board, Col: col, Row: row}
					x, y, ok := Centre(cells, g)
					back, ok2 := HexAt(cells, x, y)
					if !ok || !ok2 {
						t.Fatalf("%s (cells %v): centre %.1f,%.1f is on no board", g, cells, x, y)
					}
					// A half hex on a seam reads back as the other board's
					// half of the same hex: the same centre.
					if bx, by, _ := Centre(cells, back); back != g && (math.Abs(bx-x) > 1e-9 || math.Abs(by-y) > 1e-9) {
						t.Fatalf("%s (cells %v): centre %.1f,%.1f reads back as %s", g, cells, x, y, back)
					}
					// Off its centre, within the hex, it reads back the same.
					for _, d := range [][2]float64{{10, 0}, {-10, 0}, {0, 20}, {0, -20}} {
						if b, ok := HexAt(cells, x+d[0], y+d[1]); ok && b != g {
							if bx, by, _ := Centre(cells, b); math.Hypot(bx-x, by-y) > 1e-9 {
								t.Fatalf("%s: %+v off its centre reads as %s", g, d, b)
							}
						}
					}
				}
			}
		}
	}
	x, y, _ := Centre([]Cell{{Board: "1"}}, coord.Grid{Board: "1", Col: 0, Row: 1})
	if x != 400 || y != 432.25 {
		t.Errorf("1A1 at %v,%v, want 400,432.25", x, y)
	}
	if _, ok := HexAt([]Cell{{Board: "1"}}, 399, 500); ok {
		t.Error("a pixel in the 400 px margin is on a board")
	}
}

// zipOf is a ZIP of the given entries.
func zipOf(t testing.TB, entries ...[2][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	// Deflated fast: the archives are the tests' inputs (a bomb of 64 MiB
	// of zeros among them), not a measure of compression.
	z.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestSpeed) })
	for _, e := range entries {
		w, err := z.Create(string(e[0]))
		if err != nil {
			t.Fatal(err)
		}
		w.Write(e[1])
	}
	z.Close()
	return buf.Bytes()
}

func savedGame(content string) [2][]byte {
	return [2][]byte{[]byte("savedGame"), Obfuscate([]byte(content), VCSK, 0x33)}
}

// Hostile saves: one clear error each, no panic, memory bounded by the
// limits.
func TestHostile(t *testing.T) {
	t.Parallel()
	bomb := zipOf(t, [2][]byte{[]byte("savedGame"), make([]byte, maxEntry+10)})
	good := "begin_save\x1b"
	// One piece over the bound; the long run (longrun) a million.
	many := maxPieces + 1
	if longrun.Enabled() {
		many = 1_000_000
	}
	var manyPieces strings.Builder
	manyPieces.WriteString(good)
	for i := range many {
		fmt.Fprintf(&manyPieces, "+/%d/piece;;;;x/Main Map;500;500;\x1b", i)
	}
	misKeyed := Obfuscate([]byte(good+"end_save"), VCSK, 0x33)
	misKeyed[5], misKeyed[6] = '4', '4'
	cases := []struct {
		name string
		data []byte
		says string
	}{
		{"not a ZIP", []byte("hello, I am not a save"), "not a ZIP"},
		{"empty", nil, "not a ZIP"},
		{"no savedGame", zipOf(t, [2][]byte{[]byte("moduledata"), []byte("<data/>")}), "no savedGame"},
		{"a ZIP bomb", bomb, "unpacks to more than"},
		{"truncated savedGame", zipOf(t, [2][]byte{[]byte("savedGame"), []byte("!VCSK33aab")}), "truncated"},
		{"not hex", zipOf(t, [2][]byte{[]byte("savedGame"), []byte("!VCSK33zz")}), "!VCSK"},
		{"mis-keyed", zipOf(t, [2][]byte{[]byte("savedGame"), misKeyed}), "mis-keyed"},
		{"absurd coordinates", zipOf(t, savedGame(good+"+/1/piece;;;;x/Main Map;99999999999999999999999;5;\x1bend_save")), "not two numbers"},
		{"a stack with no position", zipOf(t, savedGame(good+"+/1/stack/Main Map\x1bend_save")), "not MAP;X;Y"},
		{"a piece with no BasicPiece", zipOf(t, savedGame(good+"+/1/mark;x/y\x1bend_save")), "not a BasicPiece"},
		{"too many pieces", zipOf(t, [2][]byte{[]byte("savedGame"), []byte(manyPieces.String() + "end_save")}), "more than 100000 pieces"},
		{"a board cropped", zipOf(t, savedGame(good+"bd\t0\t0\t01\tCROP\t1\x1bend_save")), "cropped"},
		{"an absurd board cell", zipOf(t, savedGame(good+"bd\t9999\t0\t01\x1bend_save")), "not a column and row"},
		{"a stack of 2000", zipOf(t, savedGame(good+"+/1/stack/Main Map;1;1"+strings.Repeat(";7", 2000)+"\x1bend_save")), "more than 1000 pieces"},
		{"a stack grown by moves", zipOf(t, savedGame(good+"+/0/piece;;;;x/Main Map;1;1;\x1b+/s/stack/Main Map;1;1;0\x1b"+moves(1500)+"end_save")), "more than 1000 pieces"},
	}
	// Deep input is read in one pass (BenchmarkDeep): a piece of 200,000
	// traits is refused, commands nested 2,000 deep are opened 16 deep.
	if _, err := (&Save{Name: "deep", Content: []byte(good + deepPiece + "\x1bend_save")}).Contents(); err == nil || !strings.Contains(err.Error(), "not a BasicPiece") {
		t.Errorf("a piece of 200,000 traits: %v", err)
	}
	if n := len((&Save{Content: []byte(nested)}).Commands()); n != 18 {
		t.Errorf("commands nested 2,000 deep: %d read, want 18 (17 levels split, the rest one command)", n)
	}
	for _, c := range cases {
		s, err := Read(bytes.NewReader(c.data), int64(len(c.data)), c.name)
		if err == nil {
			_, err = s.Contents()
		}
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.says)
		}
	}
}

// deepPiece has 200,000 traits; nested is a list of commands nested
// 2,000 deep.
var (
	deepPiece = "+/1/" + strings.Repeat("mark;x\t", 200_000) + "piece;;;;x/" + strings.Repeat("\t", 200_000) + "Main Map;1;1;"
	nested    = func() string {
		// Each level nests the rest under one more escape: the separator
		// k levels in carries k backslashes. Written out
		// level by level (x = "a\x1b" + x with each \x1b escaped) it is
		// quadratic: 2.7 GB of garbage before any test ran.
		var b strings.Builder
		for k := range 2000 {
			b.WriteString("a")
			b.WriteString(strings.Repeat(`\`, k))
			b.WriteString("\x1b")
		}
		b.WriteString("z")
		return b.String()
	}()
)

// moves are n pieces each put on the one before, by move commands.
func moves(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "+/%d/piece;;;;x/Main Map;1;1;\x1bM/%d/Main Map/1/1/%d/Main Map/1/1/null/p\x1b", i, i, i-1)
	}
	return b.String()
}

// FuzzRead: no archive panics the reader or what reads its content.
func FuzzRead(f *testing.F) {
	f.Add(zipOf(f, savedGame("begin_save\x1b+/1/piece;;;;x/Main Map;500;500;\x1bbd\t0\t0\t01\x1bend_save")))
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Read(bytes.NewReader(data), int64(len(data)), "fuzz")
		if err == nil {
			s.Contents()
		}
	})
}

// FuzzContent: no command list panics the piece and board readers.
func FuzzContent(f *testing.F) {
	for _, c := range []string{"begin_save\x1b+/1/piece;;;;x/Main Map;500;500;\x1bend_save", "bd\t0\t0\t01\tVER\t6.1", "+/1/stack/Main Map;1;2;3", "\\\x1b\\\\\x1b+/\\/", "+/a/b\tc\\\td/e\tf\\\tg",
		"begin_save\x1bbd\t0\t0\t01\x1b+/1/piece;;;;x/Main Map;500;500;\x1b+/2/stack/Main Map;500;500;1\x1bend_save\x1bLOG\tM/1/Main Map/600/600/null/Main Map/500/500/null/sasl\\\x1bLOG\t-/1",
		"+/1/emb2;;2;;;2;;;2;;;;0;false;0;0;a,b;x +,\\+ y;\tlabel;1;2;3;4;5;6;7;8;9;10;11;$pieceName$ ($label$)\\\tpiece;;;;n/9;\tL\\\tMain Map;1;1"} {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, content string) {
		s := &Save{Name: "fuzz", Content: []byte(content)}
		_, cerr := s.Contents()
		s.Steps()
		if n := s.Steps(); s.UpTo(n).Steps() != n || s.UpTo(0).Steps() != 0 {
			t.Fatalf("UpTo does not keep the steps it names")
		}
		if e, err := s.Edit(time.UnixMilli(1)); err == nil && cerr == nil {
			cells, _ := s.Boards()
			b := cells[0].Board
			ids, err := e.AddSuspects(coord.Grid{Board: b, Col: 3, Row: 4}, 0, []string{"S1", "a\\"}, false)
			if err != nil {
				t.Fatalf("an S? on board %s of %v: %v", b, cells, err)
			}
			e.Move(ids, coord.Grid{Board: b, Col: 4, Row: 4})
			e.Remove(ids[:1])
			e.Chat(content)
			back := e.Result()
			if _, err := back.Contents(); err != nil {
				t.Fatalf("an edit of a readable save does not read back: %v", err)
			}
		}
	})
}

// A save VASSAL could not have written is refused: two savedGame entries
// (which VASSAL plays is the ZIP reader's choice), two pieces of one ID
// (a game's units are matched by their pieces' IDs).
func TestNotASaveVASSALWrites(t *testing.T) {
	t.Parallel()
	two := zipOf(t, savedGame("begin_save\x1bend_save"), savedGame("begin_save\x1bend_save"))
	if _, err := Read(bytes.NewReader(two), int64(len(two)), "two.vsav"); err == nil || !strings.Contains(err.Error(), "two savedGame entries") {
		t.Errorf("two savedGame entries: %v", err)
	}
	dup := &Save{Name: "dup.vsav", Content: []byte("begin_save\x1b+/7/piece;;;;x/Main Map;500;500;\x1b+/7/piece;;;;y/Main Map;600;600;\x1bend_save")}
	if _, err := dup.Contents(); err == nil || !strings.Contains(err.Error(), "piece ID 7 is added twice") {
		t.Errorf("two pieces of one ID: %v", err)
	}
	// A stack of one ID twice, a stack of a piece's ID, a stack listing a
	// piece twice: each refused, naming the ID and the save.
	for _, c := range []struct{ name, cmds, want string }{
		{"stacks.vsav", "+/7/piece;;;;x/Main Map;500;500;\x1b+/8/piece;;;;y/Main Map;500;500;\x1b+/9/stack/Main Map;500;500;7\x1b+/9/stack/Main Map;500;500;8", "stacks.vsav: command 5: stack ID 9 is added twice"},
		{"both.vsav", "+/7/piece;;;;x/Main Map;500;500;\x1b+/7/stack/Main Map;500;500;7", "both.vsav: command 3: ID 7 is a piece's and a stack's"},
		{"both2.vsav", "+/9/stack/Main Map;500;500;8\x1b+/8/piece;;;;y/Main Map;500;500;\x1b+/9/piece;;;;x/Main Map;500;500;", "both2.vsav: command 4: ID 9 is a piece's and a stack's"},
		{"listed.vsav", "+/7/piece;;;;x/Main Map;500;500;\x1b+/9/stack/Main Map;500;500;7;7", "listed.vsav: command 3: stack 9 lists piece ID 7 twice"},
	} {
		bad := &Save{Name: c.name, Content: []byte("begin_save\x1b" + c.cmds + "\x1bend_save")}
		if _, err := bad.Contents(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// A piece removed, then one of its ID added (VASSAL's undo): read.
	again := &Save{Name: "again.vsav", Content: []byte("begin_save\x1b+/7/piece;;;;x/Main Map;500;500;\x1b-/7\x1b+/7/piece;;;;y/Main Map;600;600;\x1bend_save")}
	if _, err := again.Contents(); err != nil {
		t.Errorf("a piece added again after its removal: %v", err)
	}
}

// An edit gives its pieces IDs no command of the save ever added: not
// that of a piece removed since (the S? placed before end_save came before
// the removal and read as a second piece of its ID).
func TestEditIDsNeverReused(t *testing.T) {
	t.Parallel()
	e := editOf(t, "begin_save\x1bbd\t0\t0\t01\x1b+/900/piece;;;;x/Main Map;500;500;\x1bend_save\x1bLOG\t-/900")
	ids, err := e.AddSuspects(coord.Grid{Board: "1", Col: 3, Row: 4}, 0, []string{"S1"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if ids[0] == "900" {
		t.Errorf("the new S? has the ID of the removed piece")
	}
	if _, err := e.Result().Contents(); err != nil {
		t.Errorf("the edit does not read back: %v", err)
	}
}

// A chat line is a logged step of its own, or one with the commands it is
// joined to (VASSAL's Chatter command "CHAT", a report line "* ..."); its
// HTML characters and control characters cannot break the line or the
// save. UpTo is the save as VASL shows it after so many presses of Step
// forward.
func TestChatAndStepForward(t *testing.T) {
	t.Parallel()
	e := editOf(t, "begin_save\x1bbd\t0\t0\t01\x1b+/900/piece;;;;x/Main Map;500;500;\x1bend_save")
	e.Chat("S1: DR 9 > ML 7 & <b>\x1bbroken</b>\n\\")
	if err := e.Remove([]string{"900"}); err != nil {
		t.Fatal(err)
	}
	e.Join(0)
	e.Chat("the end")
	// DropChat drops chat lines alone, never a step with commands.
	e.Chat("nothing follows")
	e.DropChat(2)
	e.DropChat(0)
	if e.Steps() != 2 {
		t.Fatalf("%d steps after DropChat, want 2", e.Steps())
	}
	back := e.Result()
	want := [][]string{{"CHAT* S1: DR 9 &gt; ML 7 &amp; &lt;b&gt; broken&lt;/b&gt; \\ ", "-/900"}, {"CHAT* the end"}}
	if got := back.LoggedSteps(); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("steps %q, want %q", got, want)
	}
	if back.Steps() != 2 {
		t.Errorf("%d steps, want 2", back.Steps())
	}
	for n, on := range []int{1, 0, 0, 0} {
		c, err := back.UpTo(n).Contents()
		if err != nil {
			t.Fatalf("after %d steps: %v", n, err)
		}
		if len(c.On)+len(c.Off) != on {
			t.Errorf("after %d steps: %d pieces, want %d", n, len(c.On)+len(c.Off), on)
		}
		if got := back.UpTo(n).Steps(); got != min(n, 2) {
			t.Errorf("UpTo(%d) has %d steps", n, got)
		}
	}
}

// editOf starts an edit of a save of the command list content.
func editOf(t *testing.T, content string) *Edit {
	t.Helper()
	c, err := (&Save{Name: "s.vsav", Content: []byte(content)}).Contents()
	if err != nil {
		t.Fatal(err)
	}
	e, err := c.Edit(time.UnixMilli(1))
	if err != nil {
		t.Fatal(err)
	}
	return e
}
