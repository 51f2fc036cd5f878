// Package testboards finds the real VASL board archives tests read: the
// folder named by $SASL_TEST_BOARDS, or ../shared/vasl/boards beside the
// repository (present in CI). Tests that need them are skipped, saying so,
// when they are absent.
package testboards

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir returns the folder of real VASL board archives, or skips the test.
func Dir(t testing.TB) string {
	t.Helper()
	d, err := find()
	if err != nil {
		t.Skip(err)
	}
	return d
}

// Find returns the folder of real VASL board archives, and whether it is
// there, for a test that goes on without them.
func Find() (string, bool) {
	d, err := find()
	return d, err == nil
}

func find() (string, error) {
	if d := os.Getenv("SASL_TEST_BOARDS"); d != "" {
		if _, err := os.Stat(d); err != nil {
			return "", fmt.Errorf("real VASL boards not found at $SASL_TEST_BOARDS: %v", err)
		}
		return d, nil
	}
	_, file, _, _ := runtime.Caller(0)
	d := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "vasl", "boards")
	if _, err := os.Stat(d); err != nil {
		return "", fmt.Errorf("real VASL boards not found at %s (set SASL_TEST_BOARDS): %v", d, err)
	}
	return filepath.Abs(d)
}

// Saves returns the folder of real VASL saved games,
// ../shared/vasl/saves beside the repository, or skips the test.
func Saves(t testing.TB) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	d := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "vasl", "saves")
	if _, err := os.Stat(d); err != nil {
		t.Skipf("real VASL saves not found at %s: %v", d, err)
	}
	d, _ = filepath.Abs(d)
	return d
}
