package table

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/game"
)

// The setup view (sasl place --json, the page's GET /api/setup) names the
// hex an S? in Crest status faces (SASL 4.14), apart from its Location:
// the wooded hill's seed 15 sets one up in x2H7 facing x2H8.
func TestSetupViewCrest_SASL4_14(t *testing.T) {
	t.Parallel()
	w, hdr, err := game.Open("wooded-hill", "", "")
	if err != nil {
		t.Fatal(err)
	}
	hdr.Seed, hdr.HasSeed, hdr.Policy = 15, true, game.PolicyPlayer
	g, _, err := Create(filepath.Join(t.TempDir(), "g.yaml"), Options{Who: "test"}, false, w, hdr, nil, game.Stops{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	v, err := g.SetupView()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(v.Placements, func(p PlacementView) bool { return p.Location == "x2H7" && p.Crest == "x2H8" }) {
		t.Errorf("no S? in x2H7 facing x2H8 in %+v", v.Placements)
	}
	if v.Do == "" || v.Dice == "" || len(v.Boards) == 0 || len(v.Log) == 0 {
		t.Errorf("the setup view's step, dice, boards or log is empty: %+v", v)
	}
}
