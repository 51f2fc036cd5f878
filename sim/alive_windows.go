//go:build windows

package sim

import (
	"errors"

	"golang.org/x/sys/windows"
)

// processGone reports whether this host has no process pid: OpenProcess
// finds none (ERROR_INVALID_PARAMETER), or it has exited.
func processGone(pid int) bool {
	if pid <= 0 {
		return false
	}
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if errors.Is(err, windows.ERROR_INVALID_PARAMETER) {
		return true
	}
	if err != nil {
		return false // there, but not ours to ask
	}
	defer windows.CloseHandle(h)
	var code uint32
	return windows.GetExitCodeProcess(h, &code) == nil && code != 259 // STILL_ACTIVE
}
