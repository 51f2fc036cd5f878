package los

import (
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Slow returns m with every line judging every pixel.
func Slow(m *Map) *Map {
	c := *m
	c.slow = true
	return &c
}

// KindsOf returns the kind Rasterise draws with code.
func KindsOf(code uint8) terrain.Kinds {
	for _, a := range areaOrder {
		if a.code == code {
			return terrain.Of(a.k)
		}
	}
	if code >= codeStone && code <= codeStone+4 || code >= codeWooden && code <= codeWooden+4 {
		return terrain.Of(terrain.Building)
	}
	return 0
}

// Exit is rowSeq.exit(j) for a line from row sy to row ty across ncols
// pixel columns, as trace makes it.
func Exit(sy, ty, ncols, j int) float64 {
	r := rowSeq{sy: float64(sy), dy: float64(ty-sy) / float64(ncols)}
	if ty != sy {
		r.period = ncols / gcd(ncols, abs(ty-sy))
	}
	return r.exit(j)
}
