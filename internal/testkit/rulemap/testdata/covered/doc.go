// Package covered has a rule map that covers every citation of its files.
//
// Where each rule is implemented:
//
//	ASL A10.5, A10.51      rout.go (Rout)
//	SASL 4.2, 4.21, 4.22   rout.go (Enter)
//	Table A9               rout.go (Kind)
package covered
