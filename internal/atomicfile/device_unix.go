//go:build unix

package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"
)

// noBlock opens a file without waiting for a named pipe's other end.
const noBlock = syscall.O_NONBLOCK

// writeDevice writes to a device or pipe in place; a named pipe no
// program reads from (within PipeWait) is refused rather than waited on
// for ever.
func writeDevice(path, target string, write func(io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC|syscall.O_NONBLOCK, 0)
	// A reader may be about to open the pipe: give it PipeWait.
	for end := time.Now().Add(PipeWait); errors.Is(err, syscall.ENXIO) && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
		f, err = os.OpenFile(target, os.O_WRONLY|os.O_TRUNC|syscall.O_NONBLOCK, 0)
	}
	if err != nil {
		err = bare(err)
		if errors.Is(err, syscall.ENXIO) {
			return fmt.Errorf("%s: cannot write: a named pipe no program reads from", path)
		}
		return fmt.Errorf("%s: cannot write: %w", path, err)
	}
	f.Fd() // blocking writes again: a slow reader is waited for
	return writeOpen(f, path, target, write)
}
