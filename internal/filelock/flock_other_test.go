//go:build !unix && !windows

package filelock

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// Without a lock, Acquire says so rather than pretending to hold one.
func TestAcquireUnsupported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.yaml")
	l, err := Acquire(path, 0, "x")
	if err == nil {
		l.Release()
		t.Fatal("Acquire with no file locking: no error")
	}
	if !errors.Is(err, errors.ErrUnsupported) || !strings.HasPrefix(err.Error(), path+": ") {
		t.Errorf("Acquire: %v, want errors.ErrUnsupported and the path first", err)
	}
}
