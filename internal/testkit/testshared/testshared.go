// Package testshared finds the data tests read from the shared folder
// beside the repository, ../shared: the real VASL board archives
// (vasl/boards), saved games (vasl/saves), VASL's terrain table
// (vasl/SharedBoardMetadata.xml), VASL's LOS verdicts (los/vasl-los.tsv)
// and the reference tables (reference/). It is the one place tests look
// for them, so that a clone elsewhere runs every such test once told where
// the folder is. A test whose data are not there is skipped, saying what
// was missing and where it was looked for.
//
// Two variables say where the data are:
//
//   - SASL_SHARED names the shared folder (default: ../shared beside the
//     repository): the paths Path is given are taken in it.
//   - SASL_TEST_BOARDS names a folder of board archives to read in place
//     of the shared folder's vasl/boards (a copy of them: VASL's LOS
//     verdicts were made on those); the other data still come from the
//     shared folder.
//
// A variable set to a folder that is not there means no shared data at
// all: every test that reads them skips. .ci/run's second pass sets
// SASL_TEST_BOARDS=/nonexistent/boards to run the tests as on a clone
// without ../shared. A relative path is taken from the repository's root.
//
//	tsv := testshared.Path(t, "los/vasl-los.tsv") // or t is skipped
//	lib := library.New(testshared.Boards(t))
//
// Lookups read the environment and stat the file each time (a few
// microseconds); they are safe for concurrent use.
package testshared

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The variables, and the shared folder's subfolder of board archives.
const (
	EnvShared = "SASL_SHARED"
	EnvBoards = "SASL_TEST_BOARDS"
	BoardsDir = "vasl/boards"
)

// Path returns the absolute path of rel (slash-separated: "vasl/saves",
// "los/vasl-los.tsv") in the shared folder, or skips t, saying why.
func Path(t testing.TB, rel string) string {
	t.Helper()
	p, err := locate(rel)
	if err != nil {
		t.Skip(err)
	}
	return p
}

// Find returns the absolute path of rel in the shared folder and whether
// it is there, for a test that goes on without it.
func Find(rel string) (string, bool) {
	p, err := locate(rel)
	return p, err == nil
}

// Boards returns the folder of real VASL board archives ($SASL_TEST_BOARDS,
// else vasl/boards of the shared folder), or skips t.
func Boards(t testing.TB) string {
	t.Helper()
	return Path(t, BoardsDir)
}

// FindBoards returns the folder of real VASL board archives and whether it
// is there.
func FindBoards() (string, bool) { return Find(BoardsDir) }

// locate finds rel as the package comment says.
func locate(rel string) (string, error) {
	repo := repoRoot()
	boards, err := fromEnv(EnvBoards, repo)
	if err != nil {
		return "", err
	}
	root, err := fromEnv(EnvShared, repo)
	if err != nil {
		return "", err
	}
	hint := "set " + EnvShared + " to the shared folder"
	if root == "" {
		root = filepath.Join(repo, "..", "shared")
		hint = "a clone without ../shared? " + hint
	}
	p := filepath.Join(root, filepath.FromSlash(rel))
	if sub, ok := strings.CutPrefix(rel, BoardsDir); ok && boards != "" && (sub == "" || sub[0] == '/') {
		p, hint = filepath.Join(boards, filepath.FromSlash(sub)), "$"+EnvBoards+" is "+boards
	}
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("testshared: %s not found at %s (%s)", rel, filepath.Clean(p), hint)
	}
	return filepath.Abs(p)
}

// fromEnv returns the folder variable v names ("" when unset), taken from
// the repository's root when relative, or an error when it is not there.
func fromEnv(v, repo string) (string, error) {
	d := os.Getenv(v)
	if d == "" {
		return "", nil
	}
	if !filepath.IsAbs(d) {
		d = filepath.Join(repo, d)
	}
	if _, err := os.Stat(d); err != nil {
		return "", fmt.Errorf("testshared: no shared data: $%s names %s, which is not there", v, d)
	}
	return d, nil
}

// repoRoot is the repository's root: three folders above this file's
// (internal/testkit/testshared).
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}
