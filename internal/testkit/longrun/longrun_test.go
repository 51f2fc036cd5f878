package longrun

import "testing"

// SASL_LONG=1 turns the long tests on; any other value, or none, leaves
// them off.
func TestEnabled(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{{"1", true}, {"", false}, {"0", false}, {"yes", false}} {
		t.Setenv(Env, c.v)
		if got := Enabled(); got != c.want {
			t.Errorf("%s=%q: Enabled %v, want %v", Env, c.v, got, c.want)
		}
		if got, want := Seeds(150, 30), map[bool]uint64{true: 150, false: 30}[c.want]; got != want {
			t.Errorf("%s=%q: Seeds(150, 30) %d, want %d", Env, c.v, got, want)
		}
		if got, want := Choose("every size", "one"), map[bool]string{true: "every size", false: "one"}[c.want]; got != want {
			t.Errorf("%s=%q: Choose %q, want %q", Env, c.v, got, want)
		}
	}
}
