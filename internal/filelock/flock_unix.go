//go:build unix

package filelock

import (
	"errors"
	"os"
	"syscall"
)

// keepLockFile: on Unix the lock file goes when the lock is released (a
// file can be removed while others have it open; those waiting on it find
// it gone and open the new one).
const keepLockFile = false

// noFollow opens the lock file only if it is no symbolic link (a link put
// there between the check and the open).
const noFollow = syscall.O_NOFOLLOW

// tryLock takes an exclusive flock on f without waiting: false if another
// holds it.
func tryLock(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		case errors.Is(err, syscall.EINTR):
			continue
		}
		return false, err
	}
}

func unlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
