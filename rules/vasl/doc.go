// Package vasl reads VASL board archives (the bdNN zip files ASL players keep)
// directly, as described in ../shared/vasl/FORMAT.md: it decodes the LOSData
// raster and derives each hex's terrain from the share of the hex each
// terrain covers and the pixel under its centre dot, hexside features from
// the pixels along each hexside, and elevation from the centre dot.
//
// Reading a board takes about 5 ms; the first read in a process also builds
// the per-pixel geometry tables (about 7 ms), shared afterwards. Open and
// Read are safe for concurrent use.
//
//	b, err := vasl.Open("/path/to/boards/bd33")
//	if errors.Is(err, vasl.ErrUnsupported) { ... } // bd25, half boards
package vasl
