package regfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestOpen: a regular file opens with its size; a folder is refused.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, size, err := Open(file)
	if err != nil || size != 5 {
		t.Fatalf("a regular file: size %d, %v", size, err)
	}
	f.Close()
	if _, _, err := Open(dir); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a folder: %v, want ErrNotRegular", err)
	}
	if _, _, err := Open(filepath.Join(dir, "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("no file: %v, want not exist", err)
	}
}
