//go:build unix

package filelock

import (
	"fmt"
	"os"
	"syscall"
)

// fileLinks is how many names (hard links) open file f has.
func fileLinks(f *os.File) (uint64, error) {
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return nlink(st)
}

// Links is how many names (hard links) the file path names has, a
// symbolic link followed. Nothing is opened: a named pipe does not hang it.
func Links(path string) (uint64, error) {
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return nlink(st)
}

func nlink(st os.FileInfo) (uint64, error) {
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, fmt.Errorf("%s: no link count", st.Name())
	}
	return uint64(s.Nlink), nil
}
