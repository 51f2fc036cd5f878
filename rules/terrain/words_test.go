package terrain

import "testing"

// Every set of hexside features has the name its features spell, kept
// (String) or spelled anew past the sets kept, and asking allocates
// nothing.
func TestFeaturesStringKept(t *testing.T) {
	for s := Features(0); s < 1<<(numFeatures+1); s++ {
		if got, want := s.String(), s.spell(); got != want {
			t.Errorf("%d: %q, want %q", s, got, want)
		}
	}
	if got := (Wall | RoadLink).String(); got != "wall+road" {
		t.Errorf("wall and road: %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { _ = (Hedge | Bocage).String() }); n != 0 {
		t.Errorf("String allocates %g times", n)
	}
}
