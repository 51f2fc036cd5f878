// Package terrain says what terrain is: the kinds a hex may hold (several
// at once, ASL A2.4), the features of its hexsides, its building, and which
// of it is Concealment Terrain in a given season. What terrain costs to
// cross is not here but in pathing (DESIGN.md, Terrain data).
//
//	k := terrain.Of(terrain.Woods, terrain.Building) // 2I9
//	terrain.Concealment(k, terrain.InSeason)          // true
//	terrain.Concealment(terrain.Of(terrain.Grain), terrain.Season{}) // false
package terrain
