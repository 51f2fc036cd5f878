//go:build windows

package filelock

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// On Windows the lock is LockFileEx's exclusive lock on one byte of the
// lock file, far beyond its text:
// https://learn.microsoft.com/en-us/windows/win32/api/fileapi/nf-fileapi-lockfileex
//
// Such a lock is mandatory, not advisory: "locking a portion of a file for
// exclusive access denies all other processes both read and write access
// to the specified region of the file" (the page above), and the same goes
// for another handle of the same process. Locked over its text, the lock
// file could not tell the one that waits who holds it. The page also says
// that "locking a region that goes beyond the current end-of-file position
// is not an error": the byte at lockOffset is never written, the text at
// the start of the file stays readable, and every command locks the same
// byte, so no two hold it at once.
const lockOffset = 1 << 62

// keepLockFile: on Windows the lock file stays when the lock is released,
// emptied. Go opens files without FILE_SHARE_DELETE, so the holder cannot
// remove the file while any command, itself included, has it open; and a
// file removed while others have it open is only marked for deletion, its
// name unusable until the last handle is closed ("If a file cannot be
// deleted, its name cannot be reused",
// https://learn.microsoft.com/en-us/windows/win32/fileio/closing-and-deleting-files;
// "subsequent calls to CreateFile to open the file fail with
// ERROR_ACCESS_DENIED",
// https://learn.microsoft.com/en-us/windows/win32/api/fileapi/nf-fileapi-deletefilew),
// which would fail the next command's Acquire instead of making it wait.
const keepLockFile = true

// noFollow: Windows has no O_NOFOLLOW; Acquire's Lstat refuses a link.
const noFollow = 0

// lockRange is where the lock is: one byte at lockOffset.
func lockRange() *windows.Overlapped {
	return &windows.Overlapped{Offset: lockOffset & 0xffffffff, OffsetHigh: lockOffset >> 32}
}

// tryLock takes the exclusive lock on f without waiting: false if another
// holds it. f's handle is synchronous (os.OpenFile asks for no overlapped
// I/O), so with LOCKFILE_FAIL_IMMEDIATELY a lock held elsewhere, by another
// process or another handle of this one, is ERROR_LOCK_VIOLATION at once.
func tryLock(f *os.File) (bool, error) {
	err := windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, lockRange())
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		return false, nil
	}
	return false, err
}

// unlock releases the lock before f is closed. Closing would release it
// too, but Microsoft's pages on LockFileEx and UnlockFileEx say the system
// does that in its own time, as its resources allow, and advise unlocking
// explicitly; a waiting command should not wait on that. The range
// unlocked must be exactly the one locked
// (https://learn.microsoft.com/en-us/windows/win32/api/fileapi/nf-fileapi-unlockfileex).
func unlock(f *os.File) { windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, lockRange()) }
