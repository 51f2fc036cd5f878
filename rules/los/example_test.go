package los_test

import (
	"fmt"
	"log"

	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Lines of sight on demo board x1 (drawn from its hexes, as it has no VASL
// raster), with grain in season: from the crossroads x1Q5, x1Z1 is seen
// through the grain of x1Y2, a +1 hindrance (ASL B.10), and x1K2 is
// hidden by the building in x1O4 (ASL A6.2).
func ExampleMap_Query() {
	m, err := library.New("").Map(layout.Single("x1"))
	if err != nil {
		log.Fatal(err)
	}
	lm, err := los.New(m, terrain.InSeason) // once per map and season, then shared
	if err != nil {
		log.Fatal(err)
	}
	from, _ := m.ParseLocation("x1Q5")
	for _, s := range []string{"x1Z1", "x1K2"} {
		to, _ := m.ParseLocation(s)
		r := lm.Query(from, to)
		if !r.Clear {
			fmt.Printf("%s-%s: blocked at %s by %s: %s\n", m.LocationName(from), s, m.NameString(r.BlockedAt), r.Blocking(), r.Reason)
			continue
		}
		fmt.Printf("%s-%s: clear, range %d, hindrance DRM +%d", m.LocationName(from), s, r.Range, r.Hindrance)
		for _, h := range r.HindranceHexes() {
			fmt.Printf(" (%s +%d)", m.NameString(h.Hex), h.DRM)
		}
		fmt.Println()
	}
	// Output:
	// x1Q5-x1Z1: clear, range 9, hindrance DRM +1 (x1Y2 +1)
	// x1Q5-x1K2: blocked at x1O4 by Wooden Building, 1 Level: Terrain is higher than both the source and target (A6.2)
}
