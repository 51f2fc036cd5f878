//go:build unix

package table

import (
	"errors"
	"os"
	"syscall"
)

// readOnly reports whether the game file st (at path) is read-only: no
// write bit set (which binds root too, who may write anything), or one
// the user may not write (access(2)). A file in a read-only file system
// counts too: it cannot be replaced either.
func readOnly(path string, st os.FileInfo) bool {
	if st.Mode().Perm()&0o222 == 0 {
		return true
	}
	err := syscall.Access(path, 2) // W_OK
	return errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EROFS)
}
