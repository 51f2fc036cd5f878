package testshared

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The two variables, as the package comment says: SASL_SHARED moves the
// whole folder, SASL_TEST_BOARDS the boards alone, and either naming a
// folder that is not there leaves no shared data at all.
func TestLocate(t *testing.T) { // not parallel: t.Setenv
	shared, boards := t.TempDir(), t.TempDir()
	for _, d := range []string{"vasl/boards", "vasl/saves", "los"} {
		if err := os.MkdirAll(filepath.Join(shared, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(boards, "bd33"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(shared, "nonexistent")
	tests := []struct {
		name, shared, boards string
		rel, want, err       string // want: the path found; err: else a part of the error
	}{
		{name: "shared", shared: shared, rel: "vasl/saves", want: filepath.Join(shared, "vasl", "saves")},
		{name: "shared boards", shared: shared, rel: "vasl/boards", want: filepath.Join(shared, "vasl", "boards")},
		{name: "shared file missing", shared: shared, rel: "los/vasl-los.tsv", err: "los/vasl-los.tsv not found at " + filepath.Join(shared, "los", "vasl-los.tsv")},
		{name: "boards moved", shared: shared, boards: boards, rel: "vasl/boards", want: boards},
		{name: "a board moved", shared: shared, boards: boards, rel: "vasl/boards/bd33", want: filepath.Join(boards, "bd33")},
		{name: "saves stay", shared: shared, boards: boards, rel: "vasl/saves", want: filepath.Join(shared, "vasl", "saves")},
		{name: "not a boards path", shared: shared, boards: boards, rel: "vasl/boardsX", err: "not found at " + filepath.Join(shared, "vasl", "boardsX")},
		{name: "no shared folder", shared: missing, rel: "vasl/saves", err: "no shared data: $SASL_SHARED names " + missing},
		{name: "no boards folder: no saves", shared: shared, boards: missing, rel: "vasl/saves", err: "no shared data: $SASL_TEST_BOARDS names " + missing},
		{name: "no boards folder", boards: missing, rel: "vasl/boards", err: "no shared data: $SASL_TEST_BOARDS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(EnvShared, tt.shared)
			t.Setenv(EnvBoards, tt.boards)
			got, err := locate(tt.rel)
			switch {
			case tt.err == "" && (err != nil || got != tt.want):
				t.Errorf("locate(%q) = %q, %v; want %q", tt.rel, got, err, tt.want)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("locate(%q) = %q, %v; want an error with %q", tt.rel, got, err, tt.err)
			}
			if _, ok := Find(tt.rel); ok != (tt.err == "") {
				t.Errorf("Find(%q) found %v", tt.rel, ok)
			}
		})
	}
}

// A relative variable is taken from the repository's root, not from the
// folder of the package under test.
func TestLocateRelative(t *testing.T) {
	t.Setenv(EnvBoards, "")
	t.Setenv(EnvShared, "internal/testkit")
	got, err := locate("testshared/testshared.go")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := filepath.Abs("testshared.go")
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// Path skips a test whose data are not there.
func TestPathSkips(t *testing.T) {
	t.Setenv(EnvBoards, "")
	t.Setenv(EnvShared, filepath.Join(t.TempDir(), "nonexistent"))
	ok := t.Run("skipped", func(t *testing.T) {
		Path(t, "vasl/saves")
		t.Error("Path returned without the shared folder")
	})
	if !ok {
		t.Error("the subtest failed")
	}
}
