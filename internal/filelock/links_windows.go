//go:build windows

package filelock

import (
	"os"

	"golang.org/x/sys/windows"
)

// fileLinks is how many names (hard links) open file f has: NumberOfLinks
// of GetFileInformationByHandle
// (https://learn.microsoft.com/en-us/windows/win32/api/fileapi/ns-fileapi-by_handle_file_information);
// os.Stat's FileInfo does not carry it on Windows.
func fileLinks(f *os.File) (uint64, error) {
	var info windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &info); err != nil {
		return 0, err
	}
	return uint64(info.NumberOfLinks), nil
}

// Links is how many names (hard links) the file path names has, a
// symbolic link followed.
func Links(path string) (uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return fileLinks(f)
}
