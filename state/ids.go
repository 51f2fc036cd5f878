package state

import (
	"slices"
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
// 3 for "E"), 0 for none. The last answer is kept (index.shown): a run of
// NewID and Add of one prefix scans the units once.
func (s *State) shownID(prefix string) int {
	if m := s.shown; m.ok && m.prefix == prefix {
		return m.n
	}
	n := s.scanShownID(prefix)
	s.shown = shownMemo{prefix: prefix, n: n, ok: true}
	return n
}

// scanShownID is shownID by a scan of every unit. O(units).
func (s *State) scanShownID(prefix string) int {
	best := 0
	for _, u := range s.units {
		if n, ok := idNumber(u.ID, prefix); ok {
			best = max(best, n)
		}
	}
	return best
}

// idNumber returns the number that follows prefix at the start of id: one
// to nine decimal digits, read by hand since NewID asks it of every unit
// for each ID it makes (strconv.Atoi gives the same number for them).
func idNumber(id, prefix string) (int, bool) {
	if len(id) <= len(prefix) || id[:len(prefix)] != prefix {
		return 0, false
	}
	n, digits := 0, 0
	for i := len(prefix); i < len(id) && id[i] >= '0' && id[i] <= '9'; i++ {
		if digits++; digits > 9 {
			return 0, false
		}
		n = n*10 + int(id[i]-'0')
	}
	return n, digits > 0
}

// sortedIDs returns the record sorted by prefix, as a file writes it.
func (s *State) sortedIDs() []lastID {
	out := slices.Clone(s.lastIDs)
	slices.SortFunc(out, func(a, b lastID) int { return strings.Compare(a.prefix, b.prefix) })
	return out
}
