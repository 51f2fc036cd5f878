// Package regfile opens the files that must be regular files (board
// archives and corrections, VASL saves, game files, the board cache)
// without waiting: a named pipe put in a file's place would block the open
// itself, and a device would be read at random places. What is not a
// regular file is refused (ErrNotRegular), and the caller words the
// refusal.
package regfile

import (
	"errors"
	"os"
	"syscall"
)

// ErrNotRegular is Open's error for a path that names no regular file (a
// named pipe, a device, a folder).
var ErrNotRegular = errors.New("not a regular file")

// Open opens path for reading without waiting and returns it with its
// size, or ErrNotRegular (the file closed) where it is no regular file.
// The file reads blocking again, as files do.
func Open(path string) (*os.File, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = ErrNotRegular
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	f.Fd() // blocking reads again
	return f, st.Size(), nil
}
