package vasl

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"
)

// LOSData is the decoded terrain raster of a board archive
// (../shared/vasl/FORMAT.md): one elevation and one terrain code per pixel,
// and a stairway flag per hex.
type LOSData struct {
	Width, Height         int // hexes: 33 x 10 on a geomorphic board
	GridWidth, GridHeight int // pixels: 1800 x 645 on a geomorphic board
	// pixels holds, for x in 0..GridWidth-1 and y in 0..GridHeight-1 (x
	// major), the signed elevation byte then the terrain code byte.
	pixels []byte
	// Stairs holds one flag per hex: hexrow c, then hex 0..Height-1+c%2.
	Stairs []byte
}

// Elevation returns the elevation of pixel (x, y).
func (d *LOSData) Elevation(x, y int) int {
	return int(int8(d.pixels[2*(x*d.GridHeight+y)]))
}

// Code returns the terrain code of pixel (x, y): a typeCode of VASL's
// SharedBoardMetadata.xml.
func (d *LOSData) Code(x, y int) uint8 { return d.pixels[2*(x*d.GridHeight+y)+1] }

// Java object stream constants (java.io.ObjectStreamConstants).
const (
	streamMagic   = 0xACED
	streamVersion = 5
	tcBlockData   = 0x77 // followed by a 1-byte length
	tcBlockLong   = 0x7A // followed by a 4-byte big-endian length
)

// maxPixels bounds the raster a LOSData may declare, so that a corrupt
// header cannot ask for gigabytes. A standard board has 1800 x 645.
const maxPixels = 4000 * 2000

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// DecodeLOSData decodes a LOSData entry: gzip around Java ObjectOutputStream
// block data holding the raster (FORMAT.md). Errors say what is wrong and
// at which byte of the decompressed stream.
func DecodeLOSData(r io.Reader) (*LOSData, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("LOSData: not gzip data: %w", err)
	}
	raw := bufPool.Get().(*bytes.Buffer)
	raw.Reset()
	defer bufPool.Put(raw)
	if _, err := raw.ReadFrom(io.LimitReader(zr, 2*maxPixels+1<<20)); err != nil {
		return nil, fmt.Errorf("LOSData: decompressing at byte %d: %w", raw.Len(), err)
	}
	return decodeStream(raw.Bytes())
}

// decodeStream reads the object stream: header, then block-data records
// whose payloads concatenate to the raster.
func decodeStream(b []byte) (*LOSData, error) {
	if len(b) < 4 || binary.BigEndian.Uint16(b) != streamMagic || binary.BigEndian.Uint16(b[2:]) != streamVersion {
		return nil, errors.New("LOSData: not a Java object stream (want AC ED 00 05)")
	}
	payload := make([]byte, 0, len(b))
	for i := 4; i < len(b); {
		var n int
		switch b[i] {
		case tcBlockData:
			if i+2 > len(b) {
				return nil, fmt.Errorf("LOSData: truncated at byte %d: block length missing", i)
			}
			n = int(b[i+1])
			i += 2
		case tcBlockLong:
			if i+5 > len(b) {
				return nil, fmt.Errorf("LOSData: truncated at byte %d: block length missing", i)
			}
			n = int(int32(binary.BigEndian.Uint32(b[i+1:])))
			if n < 0 {
				return nil, fmt.Errorf("LOSData: negative block length %d at byte %d", n, i)
			}
			i += 5
		default:
			return nil, fmt.Errorf("LOSData: unexpected record 0x%02X at byte %d (want block data)", b[i], i)
		}
		if n > len(b)-i {
			return nil, fmt.Errorf("LOSData: truncated at byte %d: block of %d bytes, %d left", i, n, len(b)-i)
		}
		payload = append(payload, b[i:i+n]...)
		i += n
	}
	return parsePayload(payload)
}

func parsePayload(p []byte) (*LOSData, error) {
	if len(p) < 16 {
		return nil, fmt.Errorf("LOSData: truncated at byte %d: header needs 16 bytes", len(p))
	}
	d := &LOSData{
		Width:      int(int32(binary.BigEndian.Uint32(p[0:]))),
		Height:     int(int32(binary.BigEndian.Uint32(p[4:]))),
		GridWidth:  int(int32(binary.BigEndian.Uint32(p[8:]))),
		GridHeight: int(int32(binary.BigEndian.Uint32(p[12:]))),
	}
	if d.Width <= 0 || d.Height <= 0 || d.Width > 1000 || d.Height > 1000 {
		return nil, fmt.Errorf("LOSData: implausible board size %d x %d hexes", d.Width, d.Height)
	}
	if d.GridWidth <= 0 || d.GridHeight <= 0 || d.GridWidth*d.GridHeight > maxPixels {
		return nil, fmt.Errorf("LOSData: implausible raster %d x %d pixels", d.GridWidth, d.GridHeight)
	}
	np := 2 * d.GridWidth * d.GridHeight
	nStairs := 0
	for c := range d.Width {
		nStairs += d.Height + c%2
	}
	if need := 16 + np + nStairs; len(p) < need {
		return nil, fmt.Errorf("LOSData: truncated at byte %d: a %d x %d raster needs %d bytes", len(p), d.GridWidth, d.GridHeight, need)
	}
	d.pixels = p[16 : 16+np]
	d.Stairs = p[16+np : 16+np+nStairs]
	return d, nil
}
