package board

// Raster is a board's terrain picture in VASL's pixel geometry
// (../shared/vasl/FORMAT.md): for x in 0..W-1 and y in 0..H-1, x major, the
// signed ground level byte then the terrain code byte (a typeCode of VASL's
// SharedBoardMetadata.xml). Hexrow c has its centre dots at x = W/32*c,
// hex n of an even hexrow at y = H/10*(n-0.5), of an odd one at H/10*n. Line
// of sight is traced over it (ASL A6.1: centre dot to centre dot). A Raster
// is read only once built.
type Raster struct {
	W, H int
	Pix  []byte
	// Source is the SHA-256 of the file the picture was read from (a VASL
	// archive), where the reader knew it (the boards cache), else zero:
	// an engine reads one picture from one file, so Map.SightDigest takes
	// it for the picture's pixels.
	Source [32]byte
}

// Standard raster size of a geomorphic board: 56.25 x 64.5 pixels a hex.
const (
	RasterW = 1800
	RasterH = 645
)

// At returns the ground level and terrain code of pixel (x, y), which must
// be inside the raster.
func (r *Raster) At(x, y int) (level int, code uint8) {
	i := 2 * (x*r.H + y)
	return int(int8(r.Pix[i])), r.Pix[i+1]
}
