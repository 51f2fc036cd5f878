package vasl

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
)

// TestDebugDump prints per-hex derivation inputs when SASL_VASL_DUMP names
// a board and hexes, e.g. SASL_VASL_DUMP="33:R6,T6". A tuning aid.
func TestDebugDump(t *testing.T) {
	spec := os.Getenv("SASL_VASL_DUMP")
	if spec == "" {
		t.Skip("set SASL_VASL_DUMP=BOARD:HEX,HEX to dump derivation inputs")
	}
	id, hexes, _ := strings.Cut(spec, ":")
	path := filepath.Join(boardsDir(t), fmt.Sprintf("bd%02s", id))
	f, _ := os.Open(path)
	st, _ := f.Stat()
	defer f.Close()
	b, err := Read(f, st.Size(), filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	for _, hs := range strings.Split(hexes, ",") {
		g, err := coord.ParseGrid(hs)
		if err != nil {
			t.Fatal(err)
		}
		h := hex.Hex{Col: g.Col, Row: g.Row}
		th := b.Hex(h)
		var sides []string
		for d := range hex.Dirs {
			if th.Sides[d] != 0 {
				sides = append(sides, fmt.Sprintf("%v=%v", d, th.Sides[d]))
			}
		}
		sort.Strings(sides)
		t.Logf("%s: %v elev %d bld %+v stairs %v sides %v", hs, th.Kinds, th.Elevation, th.Building, th.Stairs, sides)
	}
}
