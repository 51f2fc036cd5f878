//go:build !unix && !windows

package filelock

import (
	"errors"
	"fmt"
	"os"
	"runtime"
)

// Platforms with neither flock(2) nor LockFileEx (js/wasm, wasip1, plan9)
// have no lock here, and Acquire says so: it fails, with an error that
// wraps errors.ErrUnsupported, rather than letting two commands interleave
// on a game file while each believes it holds it. A caller that would run
// unlocked on such a platform can test for that error and decide so.

// errNoLock is why tryLock fails.
var errNoLock = fmt.Errorf("no file locking on %s: %w", runtime.GOOS, errors.ErrUnsupported)

const keepLockFile = false

const noFollow = 0

func tryLock(*os.File) (bool, error) { return false, errNoLock }

func unlock(*os.File) {}
