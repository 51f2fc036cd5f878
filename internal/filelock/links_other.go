//go:build !unix && !windows

package filelock

import (
	"fmt"
	"os"
	"runtime"
)

// Where there is no lock (flock_other.go) Acquire fails before it counts
// links; a caller that asks anyway is told there is no count here.

func fileLinks(*os.File) (uint64, error) { return 0, errNoLinks }

// Links is how many names (hard links) the file path names has: unknown
// here.
func Links(string) (uint64, error) { return 0, errNoLinks }

var errNoLinks = fmt.Errorf("no link count on %s", runtime.GOOS)
