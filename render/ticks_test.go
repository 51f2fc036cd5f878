package render

import (
	"slices"
	"testing"
)

// The balance chart's axis labels whole values only, at most about a
// dozen of them: a key's values (turns, counts) are whole numbers, and a
// chart of entry.1.count from 1 to 12 once showed no label at all.
func TestIntegerTicks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lo, hi float64
		want   []string
	}{
		{0.5, 12.5, []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}},
		{-0.5, 30.5, []string{"0", "5", "10", "15", "20", "25", "30"}},
		{2.5, 3.5, []string{"3"}},
		{0.1, 0.9, nil},
	} {
		var got []string
		for _, tk := range (integerTicks{}).Ticks(c.lo, c.hi) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("ticks of %g..%g: %v, want %v", c.lo, c.hi, got, c.want)
		}
	}
}
