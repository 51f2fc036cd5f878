package combat

import (
	"slices"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// Fire groups (ASL A7.5): units in more than one Location fire as one
// group only if the Locations are contiguous, each ADJACENT to another of
// the group (Adjacent). The same functions decide the groups of both sides:
// the player's fire is refused with them (game), and the ENEMY's groups
// (SASL 4.36, First Fire) are formed with them (ai).

// Groups numbers the contiguous groups of Locations ls of map m (ASL A7.5): into,
// grown to len(ls), gets for each Location the number of its group, 0, 1,
// ... in the order of each group's first Location in ls; two Locations
// are in one group when a chain of Locations of ls, each ADJACENT to the
// next, joins them. It returns the numbers and how many groups there are.
// The cost is O(len(ls)^2) Adjacent tests; it allocates only to grow into
// (and past 32 Locations of one group, for its queue).
func Groups(m *board.Map, ls []board.Location, into []int) ([]int, int) {
	g := into[:0]
	for range ls {
		g = append(g, -1)
	}
	n := 0
	var buf [32]int
	queue := buf[:0]
	for i := range ls {
		if g[i] >= 0 {
			continue
		}
		// A flood from Location i (depth first): each Location of the
		// group is taken from the queue once, and every Location ADJACENT
		// to it not yet in a group joins this one.
		g[i] = n
		queue = append(queue[:0], i)
		for len(queue) > 0 {
			j := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			for k := range ls {
				if g[k] < 0 && Adjacent(m, ls[j], ls[k]) {
					g[k] = n
					queue = append(queue, k)
				}
			}
		}
		n++
	}
	return g, n
}

// Contiguous reports whether Locations ls can hold one fire group (ASL
// A7.5): all in one group of Groups. None or one Location is.
func Contiguous(m *board.Map, ls []board.Location) bool {
	var buf [16]int
	_, n := Groups(m, ls, buf[:0])
	return n <= 1
}

// Grouper forms fire groups of contiguous Locations (ASL A7.5) from the
// units that could fire together at one Target. It keeps scratch lists
// from call to call: the zero Grouper is ready, and one is not safe for
// concurrent use.
type Grouper struct {
	locs  []board.Location
	group []int
	fp    []float64
}

// Largest splits units of map m, all of which could fire at one Target, into the
// fire group that fires (fg) and the units left over (rest), appending
// them to fg and rest (ASL A7.5; SASL 4.36 "the largest fire group
// possible"): the MMC's Locations fall into contiguous groups (Groups),
// and the group with the most FP at the Target (fp of each MMC) fires,
// with the SMC in its Locations; of equal FP, the group of the first MMC
// in units. An SMC in no Location of an MMC of the group is left over, as
// is every unit of the other groups, for their own group and Target. With
// no MMC, fg is empty and every unit is left over.
func (gr *Grouper) Largest(m *board.Map, units []*state.Unit, fp func(*state.Unit) float64, fg, rest []*state.Unit) ([]*state.Unit, []*state.Unit) {
	locs := gr.locs[:0]
	for _, u := range units {
		if u.Kind.MMC() && !slices.Contains(locs, u.At()) {
			locs = append(locs, u.At())
		}
	}
	gr.locs = locs
	if len(locs) == 0 {
		return fg, append(rest, units...)
	}
	var n int
	gr.group, n = Groups(m, locs, gr.group)
	sums := gr.fp[:0]
	for range n {
		sums = append(sums, 0)
	}
	gr.fp = sums
	for _, u := range units {
		if u.Kind.MMC() {
			sums[gr.group[slices.Index(locs, u.At())]] += fp(u)
		}
	}
	best := 0
	for i, s := range sums {
		if s > sums[best] {
			best = i
		}
	}
	for _, u := range units {
		if i := slices.Index(locs, u.At()); i >= 0 && gr.group[i] == best {
			fg = append(fg, u)
		} else {
			rest = append(rest, u)
		}
	}
	return fg, rest
}
