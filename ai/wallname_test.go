package ai

import (
	"testing"

	"github.com/sasl-engine/sasl/rules/terrain"
)

// TestWallName checks wallName, which keeps the name of each hexside
// feature met, against terrain.Features.String: every combination of the
// first eight features, asked twice in two orders (made, then kept).
func TestWallName(t *testing.T) {
	t.Parallel()
	e := &Enemy{}
	for round := range 2 {
		for i := range 256 {
			f := terrain.Features(i)
			if round == 1 {
				f = terrain.Features(255 - i)
			}
			if got, want := e.wallName(f), f.String(); got != want {
				t.Fatalf("round %d: wallName(%d) %q, String %q", round, f, got, want)
			}
		}
	}
	if len(e.walls) != 256 {
		t.Errorf("%d names kept for 256 features", len(e.walls))
	}
}
