//go:build unix

package regfile

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
)

// TestNamedPipe: a named pipe nobody writes to is refused at once, not
// waited on.
func TestNamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipe here:", err)
	}
	if _, _, err := Open(fifo); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a named pipe: %v, want ErrNotRegular", err)
	}
}
