// Package homedir reads a path's leading "~" as the user's home folder,
// as a shell would.
//
// A shell expands "~" only at the start of a word: "--boards ~/vasl"
// reaches sasl expanded, but "--boards=~/vasl", a quoted "~/vasl" and a
// path in an environment variable do not. Every path sasl is given goes
// through Expand, so that all of them mean what the player typed.
package homedir

import "os"

// Expand returns path with a leading "~" (alone, or followed by a path
// separator: "~/vasl", and on Windows "~\vasl" too) replaced by the user's
// home folder (os.UserHomeDir). Any other path, "~user/x" included, is
// returned as it is, and so is every path when the home folder is
// unknown. Safe for concurrent use; it reads the environment once a call.
func Expand(path string) string {
	if path == "" || path[0] != '~' {
		return path
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return path
	}
	return expand(path, home, os.IsPathSeparator)
}

// expand is Expand with the home folder and the system's separators given.
func expand(path, home string, isSep func(uint8) bool) string {
	if path == "" || path[0] != '~' || home == "" {
		return path
	}
	if len(path) > 1 && !isSep(path[1]) {
		return path // ~user: not ours to read
	}
	return home + path[1:]
}
