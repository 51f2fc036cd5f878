// Package pathing prices movement and finds ways across the map.
//
// A Coster says what a step costs one kind of unit (Infantry implements it
// from the movement table of package tables: ASL Chapter B, cumulative
// terrain A2.4, hexside crossings and uphill B.2, roads, stairwells, exits
// into mirror hexes A2.6, entries A2.51). NewGraph turns a map and a Coster
// into a movement graph over Locations. A Search on the graph fills a Field:
//
//   - ToEdge: a flow field, the cost to leave the map across an edge from
//     every Location and the next step on the way (SASL 4.3: a Human Wave
//     moves toward the FRIENDLY board edge);
//   - FromEdge: the cost of every Location for units entering across an edge;
//   - From: the cost of every Location from one, optionally within an MF
//     budget (what a unit with 4, 6 or 8 MF reaches);
//   - Path: a cheapest path between two Locations, with the MF of each step.
//
// Costs are whole numbers of half MF (grain's 1.5 MF is 3). Weights add a
// cost per Location in the same unit, so that a search minimises MF plus
// weight: "fast" paths have none, "covered" paths weigh open ground (Cover),
// or open ground in the LOS of Known enemy units (Exposure, traced over
// rules/los). The search is Dial's bucket-queue Dijkstra with lazy
// deletion over compressed arcs, with buffers reused from search to search:
// about 25 microseconds and no allocation for a flow field over four boards,
// 5 times faster than github.com/yourbasic/graph and 50 times faster than
// gonum's Dijkstra on the same graph (bench_test.go).
//
// Structural questions go to github.com/yourbasic/graph: WoodsGroups (SASL
// 4.1b), CutOff (ASL A2.5), Contiguous and Clusters (SASL 4.323).
//
// A recipe:
//
//	t := tables.Default()
//	clear, _ := t.Preset("clear")
//	g, _ := pathing.NewGraph(m, pathing.NewInfantry(m, &t.Infantry, clear, t.Seasons.At(7)))
//	s := g.NewSearch() // one per goroutine
//	var f pathing.Field
//	s.ToEdge(&f, layout.North, nil)
//	p, ok := f.Path(loc) // loc's way off the north edge
package pathing
