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

// SumTo is sumTo.
var SumTo = sumTo
