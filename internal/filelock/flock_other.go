//go:build !unix

package filelock

import "os"

// tryLock: without flock the lock is not taken (sasl's concurrency
// guarantees are for Unix systems).
func tryLock(*os.File) (bool, error) { return true, nil }

func unlock(*os.File) {}
