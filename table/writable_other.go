//go:build !unix

package table

import "os"

// readOnly reports whether the game file st (at path) is read-only: no
// write bit set (on Windows, the read-only attribute).
func readOnly(path string, st os.FileInfo) bool {
	return st.Mode().Perm()&0o222 == 0
}
