package world

import (
	"math"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/los"
)

// Crest picks the hex a Crest counter faces for a S? in Depression
// hex h (SASL 4.14: "so that the unit's LOS toward the FBE crosses as many
// crest hexsides as possible"). A Crest counter's front is the hexside it
// faces and the two beside it; a crest hexside leads out of the
// Depression to a hex that is not one. The S?'s LOS toward the FBE is
// traced from its hex, at the level of the crest it looks over (the level
// of the hex across that hexside: a unit in Crest status sees over the
// crest), to each on-map hex of the FBE; the line to one crosses the crest
// hexside it leaves h by (both hexsides of a vertex it leaves by). The
// facing whose front has the most crest hexsides crossed by a clear LOS
// toward the FBE wins; of equals, the one with the most FBE hexes in such
// LOS, then the one whose front has the most crest hexsides turned toward
// the FBE (the theoretical choice, which alone decides where no LOS
// reaches the FBE), then the one facing most squarely toward it. The
// result is kept per hex.
func (w *World) Crest(h hex.Hex) (hex.Hex, error) {
	i, _ := w.m.Index(h)
	if d := w.arrays().crest[i].Load(); d > 0 {
		return h.Neighbour(hex.Dir(d - 1)), nil
	}
	lm, err := w.LOS()
	if err != nil {
		return hex.Hex{}, err
	}
	d := w.crestDir(lm, h)
	w.sight.crest[i].Store(int32(d) + 1)
	return h.Neighbour(d), nil
}

func (w *World) crestDir(lm *los.Map, h hex.Hex) hex.Dir {
	fx, fy := w.fbeX, w.fbeY
	t, _ := w.m.Terrain(h)
	normal := func(d hex.Dir) (float64, float64) {
		a, b := h.Centre(), h.Neighbour(d).Centre()
		return float64(b.X - a.X), float64(b.Y-a.Y) * math.Sqrt(3)
	}
	// level[d] is the level of the crest across hexside d, -1 for a
	// hexside that is no crest hexside.
	var level [hex.Dirs]int
	for d := range hex.Dirs {
		level[d] = -1
		if nt, ok := w.m.Terrain(h.Neighbour(d)); ok && !nt.Kinds.Depression() {
			level[d] = max(nt.Elevation-t.Elevation, 0)
		}
	}
	// seen[d][k]: a clear LOS over crest hexside d reaches FBE hex
	// edge[k] (a line leaving h by a vertex counts for both hexsides).
	edge := w.Edge(w.ms.FBE)
	seen := make([][]bool, hex.Dirs)
	for d := range hex.Dirs {
		if level[d] < 0 {
			continue
		}
		seen[d] = make([]bool, len(edge))
		for k, e := range edge {
			if e == h || !hex.EntersAcross(e, h, d) {
				continue
			}
			seen[d][k] = lm.Query(board.Location{Hex: h, Level: level[d]}, board.Ground(e)).Clear
		}
	}
	best, bestDot := hex.N, math.Inf(-1)
	var bestScore [3]int
	for d := range hex.Dirs {
		var score [3]int // crest hexsides seen over, FBE hexes seen, crest hexsides toward the FBE
		reached := make([]bool, len(edge))
		for _, s := range []hex.Dir{d.CW(-1), d, d.CW(1)} {
			if level[s] < 0 {
				continue
			}
			over := false
			for k, v := range seen[s] {
				if v {
					over = true
					reached[k] = true
				}
			}
			if over {
				score[0]++
			}
			if nx, ny := normal(s); nx*fx+ny*fy > 0 {
				score[2]++
			}
		}
		for _, r := range reached {
			if r {
				score[1]++
			}
		}
		nx, ny := normal(d)
		dot := (nx*fx + ny*fy) / math.Hypot(nx, ny)
		if d == 0 || greater(score, bestScore) || (score == bestScore && dot > bestDot) {
			best, bestScore, bestDot = d, score, dot
		}
	}
	return best
}

// greater compares scores element by element, the first deciding.
func greater(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return false
}
