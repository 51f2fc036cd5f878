package vasl

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/sasl-engine/sasl/internal/regfile"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/layout"
)

// ErrUnsupported is wrapped by errors for archives that are valid but hold a
// board sasl cannot use yet: no LOSData (such as bd25), or a board that is
// not 33 x 10 hexes (half boards such as 12a).
var ErrUnsupported = errors.New("unsupported board")

// Metadata is what sasl reads of an archive's BoardMetadata.xml.
type Metadata struct {
	Name, Version, Width, Height, HasHills string
}

// Open reads the board archive at path (a VASL "bdNN" file). The board ID is
// the file name without its "bd" prefix and leading zeros ("bd02" -> "2").
//
// A path that is not a regular file (a named pipe, a device) is refused
// without waiting on it: an archive is read at random places.
func Open(path string) (*board.Board, error) {
	f, size, err := regfile.Open(path)
	if errors.Is(err, regfile.ErrNotRegular) {
		return nil, fmt.Errorf("vasl: %s: not a regular file: not a board archive", path)
	}
	if err != nil {
		return nil, fmt.Errorf("vasl: %w", err)
	}
	defer f.Close()
	return Read(f, size, filepath.Base(path))
}

// IDFromFile returns the board ID of an archive file name: "bd02" -> "2",
// "bd33" -> "33". ok is false for names that are not "bd" and digits.
func IDFromFile(name string) (string, bool) {
	if len(name) < 3 || name[:2] != "bd" {
		return "", false
	}
	n, err := strconv.Atoi(name[2:])
	if err != nil || n < 0 {
		return "", false
	}
	return strconv.Itoa(n), true
}

// Read reads a board archive of size bytes. name is the archive's file
// name, used for the board ID and in errors ("vasl: bd25: ...").
func Read(r io.ReaderAt, size int64, name string) (*board.Board, error) {
	id, ok := IDFromFile(name)
	if !ok {
		id = name
	}
	fail := func(err error) error { return fmt.Errorf("vasl: %s: %w", name, err) }
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fail(fmt.Errorf("not a board archive (zip): %w", err))
	}
	var los, meta *zip.File
	for _, f := range zr.File {
		switch f.Name {
		case "LOSData":
			los = f
		case "BoardMetadata.xml":
			meta = f
		}
	}
	if meta != nil {
		md, err := readMetadata(meta)
		if err != nil {
			return nil, fail(err)
		}
		if md.Width != "" && md.Height != "" && (md.Width != "33" || md.Height != "10") {
			return nil, fail(fmt.Errorf("%w: the board is %s x %s hexes; only geomorphic 33 x 10 boards are supported", ErrUnsupported, md.Width, md.Height))
		}
	}
	if los == nil {
		return nil, fail(fmt.Errorf("%w: the archive has no LOSData entry, so no terrain to read", ErrUnsupported))
	}
	rc, err := los.Open()
	if err != nil {
		return nil, fail(fmt.Errorf("LOSData: %w", err))
	}
	defer rc.Close()
	d, err := DecodeLOSData(rc)
	if err != nil {
		return nil, fail(err)
	}
	if d.Width != layout.BoardCols+1 || d.Height != layout.BoardRows {
		return nil, fail(fmt.Errorf("%w: LOSData describes %d x %d hexes; only geomorphic 33 x 10 boards are supported", ErrUnsupported, d.Width, d.Height))
	}
	if err := CheckRaster(d.GridWidth, d.GridHeight); err != nil {
		return nil, fail(err)
	}
	b := derive(id, d, geometryFor(d.GridWidth, d.GridHeight))
	// LOSData stores a level as a signed byte (-128..127); sasl's boards,
	// and the native format a board exports to, hold MinElevation..
	// MaxElevation.
	if err := b.CheckElevations(); err != nil {
		return nil, fail(fmt.Errorf("LOSData: %w", err))
	}
	b.Source = name
	b.Raster = &board.Raster{W: d.GridWidth, H: d.GridHeight, Pix: d.pixels}
	return b, nil
}

func readMetadata(f *zip.File) (Metadata, error) {
	var md Metadata
	rc, err := f.Open()
	if err != nil {
		return md, fmt.Errorf("BoardMetadata.xml: %w", err)
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, 1<<22))
	if err != nil {
		return md, fmt.Errorf("BoardMetadata.xml: %w", err)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return md, nil
		}
		if err != nil {
			return md, fmt.Errorf("BoardMetadata.xml: %w", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "boardMetadata" {
			// Only the element's attributes matter; its children hold
			// overlay rules and overrides already applied to LOSData.
			for _, a := range se.Attr {
				switch a.Name.Local {
				case "name":
					md.Name = a.Value
				case "version":
					md.Version = a.Value
				case "width":
					md.Width = a.Value
				case "height":
					md.Height = a.Value
				case "hasHills":
					md.HasHills = a.Value
				}
			}
			return md, nil
		}
	}
}
