//go:build !unix

package atomicfile

import (
	"fmt"
	"io"
	"os"
)

// noBlock: no named pipes to wait on here.
const noBlock = 0

// writeDevice writes to a device (NUL, CON) in place.
func writeDevice(path, target string, write func(io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return fmt.Errorf("%s: cannot write: %w", path, bare(err))
	}
	return writeOpen(f, path, target, write)
}
