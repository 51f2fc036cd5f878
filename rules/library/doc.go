// Package library finds boards by ID: a native file bdNN.sasl in the boards
// folder (a user's correction) before the VASL archive bdNN, and the demo
// boards built into the program (x1, x2, ...). Boards are read once.
//
//	lib := library.New("")              // --boards, else $SASL_BOARDS
//	m, err := lib.Map(layout.Single("33"))
package library
