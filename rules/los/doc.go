// Package los computes line of sight between Locations of a board.Map as
// VASL's own LOS engine does: whether the line is clear, its range, the
// Hindrance DRM along it and the hexes that add it, and for a blocked line
// where it is blocked (hex and pixel), by what terrain, and by which rule
// (Reason, in VASL's words with the rule's number).
//
// A line runs from centre dot to centre dot (ASL A6.1) over the boards'
// terrain raster, 1800 x 645 pixels a board, butted together as the
// configuration lays them out (a reversed board turned half round). VASL
// archives carry the raster; a board without one (a demo board, a native
// correction) is drawn from its hex terrain first (Rasterise). Each pixel
// the line crosses is judged at its own ground level by VASL's LOS
// description of its terrain code (SharedBoardMetadata.xml, transcribed in
// vaslterrain.go), by the rules in VASL's order (rules.go): depressions
// (A6.3), leaving an upper building level (A6.8 EX 2), hexside terrain
// (B9.2), rowhouse and factory walls (B23.71, O5.31), ground and terrain
// higher than both ends, half-level terrain and the height advantage
// (A6.2), blind hexes (A6.4, B10.23), and Hindrances, counted once a hex
// and blocking at six (B.10). The season (terrain.Season) says whether
// grain and orchards are in season. Departures from VASL, by the rules:
// inherent terrain hinders a line that enters its hex anywhere (B.6), not
// only across the pixels of its symbol; and LOS is reciprocal (A6.1), the
// same verdict both ways, where VASL's is not: a line crosses the pixels
// of the exact line, not of VASL's float sums, and the A6.8 building
// restriction binds the target's end as it does the source's. Not
// modelled: rooftops, cellars and sewers, bridges, cliffs along a line's
// hexspine beyond VASL's own handling, and counters (smoke, vehicles).
//
// How it is checked: TestVASL traces the 3,650 lines VASL's engine judged
// in ../shared/los/vasl-los.tsv (boards 2, 3, 4, 19 and 33 and two
// two-board layouts) and asserts the same verdict on every one, and the
// same Hindrance total on every clear one but where B.6 departs (each
// logged); TestLOSReciprocal_A6_1 that every pair of Locations of the
// real boards has one verdict both ways (every pair with -long);
// TestTerrainAsVASL checks vaslterrain.go against VASL's
// SharedBoardMetadata.xml. All are skipped, saying so, without ../shared
// (internal/testshared finds it). Rulebook examples are tests of their
// own (TestA6_2WaterEdge, TestB23_71RowhouseWall, TestB6InherentTerrain),
// and the walk that skips pixels no rule can act on must equal the walk
// that judges every pixel (TestFilterExact).
//
// Cost: New takes time and memory in proportion to the boards present
// (BenchmarkNew, BenchmarkNewSparse: about 7 ms of CPU and 130 KB a board
// beside its raster, read or drawn; empty cells of the configuration take
// next to nothing). Query takes a few microseconds and allocates nothing
// (BenchmarkQuery); Range over 16 hexes, a millisecond or two
// (BenchmarkRange). A line skips the blocks of pixels no rule can act on
// (Map.spine), reads what it must look at off the raster itself and finds
// the hex of a pixel only where it looks at it;
// nothing else is precomputed, as no caller makes enough lines to repay
// it. A Map is read only once built and safe for concurrent use: build
// one per map and season and share it (package world does, with a cache
// of lines).
//
//	m, _ := library.New("").Map(layout.Single("x1"))
//	lm, _ := los.New(m, terrain.InSeason) // grain and orchards in season
//	from, _ := m.ParseLocation("x1Q5")
//	to, _ := m.ParseLocation("x1Z1")
//	r := lm.Query(from, to) // r.Clear, r.Range, r.Hindrance, r.Reason
//
// (ExampleMap_Query runs it.)
package los
