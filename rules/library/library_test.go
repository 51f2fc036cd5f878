package library

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
)

func realBoards(t testing.TB) string { return testshared.Boards(t) }

func TestDemoBoardsLoad(t *testing.T) {
	ids := Demo()
	if len(ids) < 2 {
		t.Fatalf("demo boards %v, want at least two", ids)
	}
	lib := New("")
	for _, id := range ids {
		b, err := lib.Board(id)
		if err != nil {
			t.Fatal(err)
		}
		if b.ID != id {
			t.Errorf("demo file %s holds board %s", id, b.ID)
		}
	}
}

func TestRealBoardAndCache(t *testing.T) {
	lib := New(realBoards(t))
	a, err := lib.Board("33")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := lib.Board("33")
	if a != b {
		t.Error("a board is read once and shared")
	}
	if _, err := lib.Board("2"); err != nil { // stored as bd02
		t.Errorf("board 2: %v", err)
	}
}

// A native file beside the archives overrides the derived terrain.
func TestNativeOverride(t *testing.T) {
	real := realBoards(t)
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(real, "bd33"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "bd33"), data, 0o644)
	derived, err := New(dir).Board("33")
	if err != nil {
		t.Fatal(err)
	}
	// The user corrects T6: no grain.
	var buf bytes.Buffer
	board.WriteText(&buf, derived)
	text := strings.Replace(buf.String(), "\nT6   grain", "\nT6   open_ground", 1)
	if text == buf.String() {
		t.Fatal("T6 is not grain in the derived board; the test needs another hex")
	}
	os.WriteFile(filepath.Join(dir, "bd33.sasl"), []byte(text), 0o644)
	fixed, err := New(dir).Board("33")
	if err != nil {
		t.Fatal(err)
	}
	if fixed.Hex(hex.Hex{Col: 19, Row: 6}).Kinds.Has(terrain.Grain) {
		t.Error("the native file did not override the archive")
	}
	if !strings.HasSuffix(fixed.Source, "bd33.sasl") {
		t.Errorf("source %q, want the native file", fixed.Source)
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bd07.sasl"), []byte("sasl-board 1\nboard 8\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "bd09.sasl"), []byte("sasl-board 1\nboard 9\nA1 forest\n"), 0o644)
	for _, tt := range []struct {
		dir, id, want string
	}{
		{"", "33", "library: board 33: no boards folder given; use --boards DIR or SASL_BOARDS"},
		{dir, "33", "library: board 33: neither bd33 nor bd33.sasl in " + dir},
		{dir, "7", "holds board 8, not 7"},
		{dir, "9", "bd09.sasl:3: A1: terrain: unknown terrain kind \"forest\""},
	} {
		t.Setenv(EnvBoards, "")
		_, err := New(tt.dir).Board(tt.id)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("board %s in %q: error %v, want %q", tt.id, tt.dir, err, tt.want)
		}
	}
}

func TestMap(t *testing.T) {
	lib := New("")
	l, err := layout.Parse(strings.Join(Demo()[:2], ","), layout.Up)
	if err != nil {
		t.Fatal(err)
	}
	m, err := lib.Map(l)
	if err != nil {
		t.Fatal(err)
	}
	if m.Len() != 2*346-10 {
		t.Errorf("two boards side by side: %d hexes, want %d", m.Len(), 2*346-10)
	}
	if _, err := lib.Map(layout.Single("99")); err == nil {
		t.Error("a missing board must be an error")
	}
}

// IDs lists the folder's boards (archives and native files, "bd02" as
// "2"), then the demo boards, once each.
func TestIDs(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"bd02", "bd33", "bd33.sasl", "bd4.sasl", "notes.txt", "bd", ".bd5"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "bd77"), 0o755); err != nil {
		t.Fatal(err)
	}
	ids, err := New(dir).IDs()
	if err != nil {
		t.Fatal(err)
	}
	want := append([]string{"2", "33", "4"}, Demo()...)
	if !slices.Equal(ids, want) {
		t.Errorf("IDs = %q, want %q", ids, want)
	}
	if _, err := New(filepath.Join(dir, "missing")).IDs(); err == nil {
		t.Error("a missing folder gives no error")
	}
	if ids, _ := New("").IDs(); !slices.Equal(ids, Demo()) && os.Getenv(EnvBoards) == "" {
		t.Errorf("no folder: IDs = %q, want the demo boards", ids)
	}
}
