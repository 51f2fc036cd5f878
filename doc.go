// Package sasl is the module's root: the engine that plays the ENEMY side
// of Solitaire Advanced Squad Leader (SASL 4.1-4.3: setup, entry, Human
// Waves, and the Game Turn around them), on the players' VASL boards.
// It holds no code but this documentation and the module's own tests
// (deps_test.go: the package lattice of DESIGN.md, and no hand-written
// file over 900 lines). The command is cmd/sasl; README.md says how to
// play and how to run the tests, and lists the packages, each importing
// only those below it.
package sasl
