//go:build !unix

package library

import "os"

// mapFile returns the content of a regular file (read whole: no mapping
// here).
func mapFile(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() || st.Size() > 1<<30 {
		return nil, os.ErrInvalid
	}
	return os.ReadFile(path)
}
