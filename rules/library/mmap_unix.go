//go:build unix

package library

import (
	"os"
	"syscall"
)

// mapFile returns the content of a regular file mapped into memory read
// only, for the life of the process: its pages are the system's file
// cache's, which a process reads without fresh memory of its own. The
// cache's files are replaced by renaming, never cut short in place, so a
// mapping stays whole.
func mapFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() || st.Size() <= 0 || st.Size() > 1<<30 {
		return nil, os.ErrInvalid
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		// A file system that maps no files: read it whole.
		return os.ReadFile(path)
	}
	return data, nil
}
