package vasl

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
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

// maxLOSData bounds the decompressed LOSData stream, so that an entry of a
// few kilobytes that inflates to gigabytes (a gzip bomb) is refused, read
// no further. Every board archive of VASL's decompresses to 2,333,706
// bytes (1800 x 645 pixels of 2 bytes, the stairways, the records'
// heads); the largest raster maxPixels lets a header declare needs 16.1
// MB.
const maxLOSData = 24 << 20

// DecodeLOSData decodes a LOSData entry: gzip around Java ObjectOutputStream
// block data holding the raster (FORMAT.md). The stream is read as it is
// decompressed, the raster straight into a slice of the size its header
// gives (no copy of the whole stream), then read to its end, which checks
// the gzip checksum; a stream of more than maxLOSData bytes is refused.
// Errors say what is wrong and at which byte of the
// decompressed stream.
func DecodeLOSData(r io.Reader) (*LOSData, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("LOSData: not gzip data: %w", err)
	}
	src := &counting{r: io.LimitReader(zr, maxLOSData+1)}
	br := bufio.NewReaderSize(src, 64<<10)
	d, err := decode(br)
	if err == nil {
		_, _ = io.Copy(io.Discard, br)
	}
	if src.err != nil {
		return nil, fmt.Errorf("LOSData: decompressing at byte %d: %w", src.n, src.err)
	}
	if src.n > maxLOSData {
		return nil, fmt.Errorf("LOSData: decompresses to more than %d MiB (a board's is 2.2 MiB): not a board's terrain", maxLOSData>>20)
	}
	return d, err
}

// counting counts the bytes read from r and keeps its first error other
// than the end of the stream: the decompressor's, which the decoder
// reports as such rather than as a truncated stream.
type counting struct {
	r   io.Reader
	n   int64
	err error
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF && c.err == nil {
		c.err = err
	}
	return n, err
}

// decodeStream decodes a whole decompressed stream (the fuzz tests'
// entry).
func decodeStream(b []byte) (*LOSData, error) {
	return decode(bufio.NewReader(bytes.NewReader(b)))
}

// decode reads the object stream from r: header, then block-data records
// whose payloads concatenate to the raster's header, the raster and the
// stairways (parse). Records after those are not read.
func decode(r *bufio.Reader) (*LOSData, error) {
	var magic [4]byte
	if _, err := io.ReadFull(r, magic[:]); err != nil || binary.BigEndian.Uint16(magic[:]) != streamMagic || binary.BigEndian.Uint16(magic[2:]) != streamVersion {
		return nil, errors.New("LOSData: not a Java object stream (want AC ED 00 05)")
	}
	b := &blocks{r: r, at: 4}
	return parse(b)
}

// blocks reads the payloads of an object stream's block-data records, in
// order, as one stream; at is the byte of the decompressed stream it has
// reached.
type blocks struct {
	r    *bufio.Reader
	at   int
	left int // of the current record's payload
	read int // payload bytes read
}

// next reads the header of the next record, which must be block data.
func (b *blocks) next() error {
	tag, err := b.r.ReadByte()
	if err != nil {
		return errShort
	}
	switch tag {
	case tcBlockData:
		n, err := b.r.ReadByte()
		if err != nil {
			return fmt.Errorf("LOSData: truncated at byte %d: block length missing", b.at)
		}
		b.left, b.at = int(n), b.at+2
	case tcBlockLong:
		var l [4]byte
		if _, err := io.ReadFull(b.r, l[:]); err != nil {
			return fmt.Errorf("LOSData: truncated at byte %d: block length missing", b.at)
		}
		n := int(int32(binary.BigEndian.Uint32(l[:])))
		if n < 0 {
			return fmt.Errorf("LOSData: negative block length %d at byte %d", n, b.at)
		}
		b.left, b.at = n, b.at+5
	default:
		return fmt.Errorf("LOSData: unexpected record 0x%02X at byte %d (want block data)", tag, b.at)
	}
	return nil
}

// full fills p from the payloads; what names what was being read, for
// the error of a stream that ends first.
func (b *blocks) full(p []byte, what string) error {
	for len(p) > 0 {
		for b.left == 0 {
			if err := b.next(); err != nil {
				if errors.Is(err, errShort) {
					return fmt.Errorf("LOSData: truncated at byte %d: %s", b.read, what)
				}
				return err
			}
		}
		n, err := io.ReadFull(b.r, p[:min(len(p), b.left)])
		p, b.left, b.at, b.read = p[n:], b.left-n, b.at+n, b.read+n
		if err != nil {
			return fmt.Errorf("LOSData: truncated at byte %d: %s", b.read, what)
		}
	}
	return nil
}

// errShort is the end of the stream where a record should begin.
var errShort = errors.New("stream ends")

// parse reads the payload: the header (hexes and pixels across and
// down), the raster and a stairway flag per hex.
func parse(b *blocks) (*LOSData, error) {
	var h [16]byte
	if err := b.full(h[:], "header needs 16 bytes"); err != nil {
		return nil, err
	}
	d := &LOSData{
		Width:      int(int32(binary.BigEndian.Uint32(h[0:]))),
		Height:     int(int32(binary.BigEndian.Uint32(h[4:]))),
		GridWidth:  int(int32(binary.BigEndian.Uint32(h[8:]))),
		GridHeight: int(int32(binary.BigEndian.Uint32(h[12:]))),
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
	rest := make([]byte, np+nStairs)
	if err := b.full(rest, fmt.Sprintf("a %d x %d raster needs %d bytes", d.GridWidth, d.GridHeight, 16+np+nStairs)); err != nil {
		return nil, err
	}
	d.pixels, d.Stairs = rest[:np:np], rest[np:]
	return d, nil
}
