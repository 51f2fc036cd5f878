package act

// Motion is how units enter a Location: each has its graph, its MF and
// the Locations it may not enter (Enter).
type Motion uint8

//go:generate go run golang.org/x/tools/cmd/stringer@v0.39.0 -type=Motion -linecomment

const (
	// Move is a step of a move in the MPh (ASL A4): an arc of the
	// Infantry graph within the MF left, never into a Location of the
	// other side's units (A4.14) nor beyond the stacking limit (A5.1).
	Move Motion = iota + 1 // move
	// Assault is Assault Movement (ASL A4.61): a Move of one Location.
	Assault // assault
	// Wave is a step of Human Wave movement (SASL 4.32): an arc of the
	// Human Wave graph (world.Graph), within the MF left and the stacking
	// limit; a Location of FRIENDLY units may be entered, which ends the
	// wave's movement (4.323, the caller's).
	Wave // wave
	// Advance is a step of the APh (ASL A4.7): one Location, an arc of the
	// Infantry graph whatever its cost, within the stacking limit, a
	// Location of the other side's units too (a Melee).
	Advance // advance
	// Rout is a step of a rout (ASL A10.5): an arc of the Infantry graph,
	// never into a Location of the other side's units (A10.51). Its MF
	// and where it may end (stacking too) are checked on the whole path
	// by combat.RoutOptions.
	Rout // rout
	// LowCrawl is a rout by Low Crawl (ASL A10.52): one Location, as Rout,
	// for all the unit's MF (combat.rout_mf).
	LowCrawl // low crawl
)
