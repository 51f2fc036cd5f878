// Package gone has a rule map naming a file it does not have.
//
// Where each rule is implemented:
//
//	ASL A8.2               residual.go (Residual), fire.go (Fire)
package gone
