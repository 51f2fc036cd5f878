//go:build unix

package library

import (
	"io"
	"os"
	"syscall"

	"github.com/sasl-engine/sasl/internal/regfile"
)

// mapFile returns the content of a regular file mapped into memory read
// only: its pages are the system's file cache's, which a process reads
// without fresh memory of its own. The cache's files are replaced by
// renaming, never cut short in place, so a mapping stays whole. release
// unmaps it (a file read whole where mapping fails releases nothing): a
// board kept keeps its mapping for the life of the process.
func mapFile(path string) (data []byte, release func(), err error) {
	f, size, err := regfile.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if size <= 0 || size > 1<<30 {
		return nil, nil, os.ErrInvalid
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		// A file system that maps no files: read it whole.
		data, err = io.ReadAll(io.LimitReader(f, size))
		return data, func() {}, err
	}
	return data, func() { _ = syscall.Munmap(data) }, nil
}
