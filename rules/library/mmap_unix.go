//go:build unix

package library

import (
	"io"
	"os"
	"syscall"
)

// mapOpen maps open regular file f of size bytes into memory read only:
// its pages are the system's file cache's, which a process reads without
// fresh memory of its own. The cache's files are replaced by renaming,
// never cut short in place, so a mapping stays whole. release unmaps it.
// On a file system that maps no files it reads f whole.
func mapOpen(f *os.File, size int64) (data []byte, release func(), err error) {
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		data, err = io.ReadAll(io.LimitReader(f, size))
		return data, func() {}, err
	}
	return data, func() { _ = syscall.Munmap(data) }, nil
}
