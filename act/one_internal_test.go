package act

import "testing"

// one is oneRule's motions: those a rule moves one Location only (ASL
// A4.61, A4.7, A10.52).
func TestOneLocationMotions_A4_7(t *testing.T) {
	for m := range Motion(16) {
		if got, want := m.one(), oneRule[m] != ""; got != want {
			t.Errorf("%v: one %v, oneRule says %v", m, got, want)
		}
	}
}
