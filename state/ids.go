package state

import (
	"slices"
	"strconv"
	"strings"
)

// lastID is the highest number given to a unit ID of one prefix in a game
// (NewID): "E" 7 after E1..E7.
type lastID struct {
	prefix string
	n      int
}

// lastID returns the highest number the record holds for prefix, 0 for
// none.
func (s *State) lastID(prefix string) int {
	for _, l := range s.lastIDs {
		if l.prefix == prefix {
			return l.n
		}
	}
	return 0
}

// setLastID records n as the highest number given with prefix.
func (s *State) setLastID(prefix string, n int) {
	for i := range s.lastIDs {
		if s.lastIDs[i].prefix == prefix {
			s.lastIDs[i].n = max(s.lastIDs[i].n, n)
			return
		}
	}
	s.lastIDs = append(s.lastIDs, lastID{prefix, n})
}

// shownID returns the highest number a unit in s shows for prefix: the
// number that follows prefix at the start of its ID ("E3" and "E3a-1" show
// 3 for "E"), 0 for none.
func (s *State) shownID(prefix string) int {
	best := 0
	for _, u := range s.units {
		if n, ok := idNumber(u.ID, prefix); ok {
			best = max(best, n)
		}
	}
	return best
}

// idNumber returns the number that follows prefix at the start of id.
func idNumber(id, prefix string) (int, bool) {
	rest, ok := strings.CutPrefix(id, prefix)
	if !ok {
		return 0, false
	}
	end := 0
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	if end == 0 || end > 9 {
		return 0, false
	}
	n, err := strconv.Atoi(rest[:end])
	return n, err == nil
}

// sortedIDs returns the record sorted by prefix, as a file writes it.
func (s *State) sortedIDs() []lastID {
	out := slices.Clone(s.lastIDs)
	slices.SortFunc(out, func(a, b lastID) int { return strings.Compare(a.prefix, b.prefix) })
	return out
}
