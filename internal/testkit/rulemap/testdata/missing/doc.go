// Package missing cites two rules its map lacks.
//
// Where each rule is implemented:
//
//	ASL A10.5, A10.51      rout.go (Rout)
//	SASL 4.2, 4.21, 4.22   rout.go (Enter)
//	Table A9               rout.go (Kind)
package missing
