package vasl

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// TestDebugHistogram prints, per kind, how many hexes of all real boards
// have it on each 5% band of their area when the centre pixel lacks it: the
// evidence for minShare. Set SASL_VASL_HIST=1 to run it.
func TestDebugHistogram(t *testing.T) {
	if os.Getenv("SASL_VASL_HIST") == "" {
		t.Skip("tuning aid: set SASL_VASL_HIST=1")
	}
	dir := boardsDir(t)
	ents, _ := os.ReadDir(dir)
	hist := map[terrain.Kind]*[21]int{}
	examples := map[[2]int][]string{}
	var cur string
	debugShare = func(h hex.Hex, share []int32, area int32, centre terrain.Kinds) {
		for _, k := range terrain.AllKinds() {
			if k == terrain.OpenGround || centre.Has(k) || share[k] == 0 {
				continue
			}
			band := int(20 * float64(share[k]) / float64(area))
			if hist[k] == nil {
				hist[k] = new([21]int)
			}
			hist[k][band]++
			e := examples[[2]int{int(k), band}]
			if len(e) < 6 {
				examples[[2]int{int(k), band}] = append(e, cur+coord.ColName(h.Col)+fmt.Sprint(h.Row))
			}
		}
	}
	defer func() { debugShare = nil }()
	for _, e := range ents {
		if _, ok := IDFromFile(e.Name()); !ok {
			continue
		}
		cur, _ = IDFromFile(e.Name())
		if _, err := Open(filepath.Join(dir, e.Name())); err != nil {
			t.Log(err)
		}
	}
	for _, k := range terrain.AllKinds() {
		h := hist[k]
		if h == nil {
			continue
		}
		var b strings.Builder
		for band, n := range h {
			if n > 0 {
				fmt.Fprintf(&b, " %d%%:%d%v", band*5, n, examples[[2]int{int(k), band}])
			}
		}
		t.Logf("%-12s%s", k, b.String())
	}
}
