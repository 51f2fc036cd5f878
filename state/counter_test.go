package state

import (
	"testing"

	"github.com/sasl-engine/sasl/tables"
)

// counterForm takes the counters tables.ParseStrength reads, for the kind
// of unit each is, and refuses the rest.
func TestCounterFormAgrees(t *testing.T) {
	t.Parallel()
	for _, typ := range []string{"6-6-7", "4-4-7", "3-3-7", "0-0-0", "30-30-30", "31-6-7", "8-1", "7+1", "10-2", "6+1", "12-5", "13-1", "8-6",
		"banana", "", "-", "6-6", "6--7", "a-b-c", "+8-1", "8+-1", "6-6-7-8", " 6-6-7", "6-6-7 ", "1e1-6-7", "9-1x"} {
		st, err := tables.ParseStrength(typ)
		for _, k := range []Kind{Squad, HalfSquad, Leader} {
			want := err == nil && st.Leader == !k.MMC()
			if got := counterForm(k, typ); got != want {
				t.Errorf("counterForm(%s, %q) = %v, tables.ParseStrength says %v (%v)", k, typ, got, want, err)
			}
		}
	}
}
