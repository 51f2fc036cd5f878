//go:build unix

package sim

import (
	"errors"
	"syscall"
)

// processGone reports whether this host has no process pid (kill(2) with
// signal 0: ESRCH). A process of another user (EPERM) is there.
func processGone(pid int) bool {
	return pid > 0 && errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
