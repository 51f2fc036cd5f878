package vasl

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// losStream builds a LOSData entry (before gzip) the way Java's
// ObjectOutputStream writes it: the payload cut into block-data records.
func losStream(w, h, gw, gh int, fill func(x, y int) (elev int8, code uint8)) []byte {
	var p bytes.Buffer
	for _, v := range []int32{int32(w), int32(h), int32(gw), int32(gh)} {
		binary.Write(&p, binary.BigEndian, v)
	}
	for x := range gw {
		for y := range gh {
			e, c := fill(x, y)
			p.WriteByte(byte(e))
			p.WriteByte(c)
		}
	}
	for c := range w {
		for range h + c%2 {
			p.WriteByte(0)
		}
	}
	out := []byte{0xAC, 0xED, 0x00, 0x05}
	payload := p.Bytes()
	for len(payload) > 0 {
		n := min(len(payload), 1024)
		if n < 256 {
			out = append(out, tcBlockData, byte(n))
		} else {
			out = append(out, tcBlockLong)
			out = binary.BigEndian.AppendUint32(out, uint32(n))
		}
		out = append(out, payload[:n]...)
		payload = payload[n:]
	}
	return out
}

func gz(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// archive builds a board archive holding the given entries.
func archive(entries map[string][]byte) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range []string{"BoardMetadata.xml", "LOSData", "bd99.gif"} {
		if data, ok := entries[name]; ok {
			w, _ := zw.Create(name)
			w.Write(data)
		}
	}
	zw.Close()
	return buf.Bytes()
}

// smallBoard is a 33 x 10 board on a coarse 96 x 40 raster: woods in the
// left half, a wall-coded stripe along x = 48.
func smallBoard() []byte {
	return gz(losStream(33, 10, 96, 40, func(x, y int) (int8, uint8) {
		switch {
		case x == 48:
			return 0, 72
		case x < 48:
			return 1, 60
		}
		return 0, 0
	}))
}

func readBytes(data []byte, name string) (*board.Board, error) {
	return Read(bytes.NewReader(data), int64(len(data)), name)
}

func TestReadSynthetic(t *testing.T) {
	b, err := readBytes(archive(map[string][]byte{"LOSData": smallBoard()}), "bd99")
	if err != nil {
		t.Fatal(err)
	}
	if b.ID != "99" {
		t.Errorf("ID %q, want 99", b.ID)
	}
	if k := at(t, b, "A5").Kinds; !k.Has(terrain.Woods) {
		t.Errorf("A5 %v, want woods", k)
	}
	if e := at(t, b, "A5").Elevation; e != 1 {
		t.Errorf("A5 at level %d, want 1", e)
	}
	if k := at(t, b, "GG5").Kinds; !k.Has(terrain.OpenGround) {
		t.Errorf("GG5 %v, want open ground", k)
	}
}

func TestReadErrors(t *testing.T) {
	// realBoard reads a real archive, or skips the subtest without them.
	realBoard := func(id string) func(t *testing.T) []byte {
		return func(t *testing.T) []byte {
			data, err := os.ReadFile(filepath.Join(boardsDir(t), "bd"+id))
			if err != nil {
				t.Fatal(err)
			}
			return data
		}
	}
	synthetic := func(data func() []byte) func(*testing.T) []byte {
		return func(*testing.T) []byte { return data() }
	}
	raster := func(gw, gh int) func(*testing.T) []byte {
		return synthetic(func() []byte {
			return archive(map[string][]byte{"LOSData": gz(losStream(33, 10, gw, gh, func(int, int) (int8, uint8) { return 0, 0 }))})
		})
	}
	tests := []struct {
		name        string
		data        func(t *testing.T) []byte
		want        string
		unsupported bool
	}{
		{"bd25 has no LOSData", realBoard("25"), "vasl: bd25: unsupported board: the archive has no LOSData entry", true},
		{"truncated archive", func(t *testing.T) []byte { d := realBoard("33")(t); return d[:len(d)/2] }, "vasl: bd25: not a board archive (zip)", false},
		// The LOSData header says 33 x 10 hexes; the raster is no board's.
		{"raster 100 x 100", raster(100, 100), "a 100 x 100 pixel raster is not a picture of a 33 x 10 hex board", false},
		{"raster 2 x 2", raster(2, 2), "a 2 x 2 pixel raster", false},
		{"raster 5 x 4", raster(5, 4), "a 5 x 4 pixel raster", false},
		{"raster 180 x 645", raster(180, 645), "a 180 x 645 pixel raster", false},
		{"not a zip", synthetic(func() []byte { return []byte("GIF89a not a board") }), "not a board archive (zip)", false},
		{"LOSData not gzip", synthetic(func() []byte { return archive(map[string][]byte{"LOSData": []byte("plain")}) }), "LOSData: not gzip data", false},
		{"LOSData truncated gzip", synthetic(func() []byte {
			d := smallBoard()
			return archive(map[string][]byte{"LOSData": d[:len(d)/2]})
		}), "LOSData: decompressing at byte", false},
		{"not an object stream", synthetic(func() []byte { return archive(map[string][]byte{"LOSData": gz([]byte("hello world"))}) }), "not a Java object stream", false},
		{"raster truncated", synthetic(func() []byte {
			s := losStream(33, 10, 96, 40, func(int, int) (int8, uint8) { return 0, 0 })
			return archive(map[string][]byte{"LOSData": gz(s[:len(s)-500])})
		}), "LOSData: truncated at byte", false},
		{"half board metadata", synthetic(func() []byte {
			return archive(map[string][]byte{
				"BoardMetadata.xml": []byte(`<?xml version="1.0"?><boardMetadata name="12a" width="17" height="10"></boardMetadata>`),
				"LOSData":           smallBoard(),
			})
		}), "unsupported board: the board is 17 x 10 hexes; only geomorphic 33 x 10", true},
		{"half board LOSData", synthetic(func() []byte {
			return archive(map[string][]byte{"LOSData": gz(losStream(17, 10, 48, 40, func(int, int) (int8, uint8) { return 0, 0 }))})
		}), "LOSData describes 17 x 10 hexes", true},
		// A board of open ground followed by 32 MiB of zeros: 32 KiB of
		// gzip that would inflate without end is refused past the bound.
		{"LOSData gzip bomb", synthetic(func() []byte {
			s := losStream(33, 10, 96, 40, func(int, int) (int8, uint8) { return 0, 0 })
			return archive(map[string][]byte{"LOSData": gz(append(s, make([]byte, 32<<20)...))})
		}), "LOSData: decompresses to more than 24 MiB", false},
		{"huge raster", synthetic(func() []byte {
			var p []byte
			p = append(p, 0xAC, 0xED, 0, 5, tcBlockData, 16)
			for _, v := range []uint32{33, 10, 100000, 100000} {
				p = binary.BigEndian.AppendUint32(p, v)
			}
			return archive(map[string][]byte{"LOSData": gz(p)})
		}), "implausible raster", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := "bd25"
			b, err := readBytes(tt.data(t), name)
			if err == nil {
				t.Fatalf("read %v, want an error", b.ID)
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "vasl: bd25: ") {
				t.Errorf("error %q, want it to start with the archive and contain %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
			if errors.Is(err, ErrUnsupported) != tt.unsupported {
				t.Errorf("errors.Is(err, ErrUnsupported) = %v, want %v", !tt.unsupported, tt.unsupported)
			}
		})
	}
}

func TestIDFromFile(t *testing.T) {
	for in, want := range map[string]string{"bd02": "2", "bd33": "33", "bd1": "1", "bd100": "100"} {
		if got, ok := IDFromFile(in); !ok || got != want {
			t.Errorf("IDFromFile(%q) = %q, %v", in, got, ok)
		}
	}
	for _, in := range []string{"bd", "bdx", "board33", "bd-1", "bd12a"} {
		if _, ok := IDFromFile(in); ok {
			t.Errorf("IDFromFile(%q) accepted", in)
		}
	}
}

// Every real board exports to the native format and reads back identical.
func TestExportRoundTrip(t *testing.T) {
	dir := boardsDir(t)
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		id, ok := IDFromFile(e.Name())
		if !ok {
			continue
		}
		b, err := Open(filepath.Join(dir, e.Name()))
		if errors.Is(err, ErrUnsupported) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := board.WriteText(&buf, b); err != nil {
			t.Fatal(err)
		}
		back, err := board.ReadText(&buf, e.Name()+".sasl")
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if !b.Equal(back) || back.ID != b.ID {
			t.Fatalf("board %s: export differs: %v", id, b.Diff(back, 3))
		}
		n++
	}
	if n < 30 {
		t.Errorf("only %d boards round-tripped", n)
	}
}

func FuzzDecodeStream(f *testing.F) {
	f.Add(losStream(33, 10, 8, 4, func(x, y int) (int8, uint8) { return int8(x), uint8(y * 20) }))
	f.Add([]byte{0xAC, 0xED, 0, 5, tcBlockLong, 0xFF, 0xFF, 0xFF, 0xFF})
	// Rasters of no board's proportions (Read refuses them; derive copes).
	f.Add(losStream(33, 10, 100, 100, func(x, y int) (int8, uint8) { return 0, uint8(x) }))
	f.Add(losStream(33, 10, 5, 4, func(x, y int) (int8, uint8) { return 0, 0 }))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := decodeStream(data)
		if err != nil {
			return
		}
		// Whatever decodes can be derived without panicking.
		if d.Width == 33 && d.Height == 10 {
			derive("f", d, geometryFor(d.GridWidth, d.GridHeight))
		}
	})
}

func FuzzRead(f *testing.F) {
	f.Add(archive(map[string][]byte{"LOSData": smallBoard()}))
	f.Add(archive(map[string][]byte{"BoardMetadata.xml": []byte(`<boardMetadata width="33" height="10"/>`)}))
	// A valid inner LOSData whose raster disagrees with its header.
	f.Add(archive(map[string][]byte{"LOSData": gz(losStream(33, 10, 100, 100, func(int, int) (int8, uint8) { return 0, 0 }))}))
	f.Fuzz(func(t *testing.T, data []byte) {
		readBytes(data, "bdfuzz")
	})
}

// readerLOS returns the raw (gzip) LOSData entry of an archive.
func readerLOS(data []byte) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	for _, f := range zr.File {
		if f.Name == "LOSData" {
			rc, err := f.Open()
			if err != nil {
				return nil, err
			}
			defer rc.Close()
			var buf bytes.Buffer
			_, err = buf.ReadFrom(rc)
			return buf.Bytes(), err
		}
	}
	return nil, errors.New("no LOSData")
}

// The tiled tables equal the tables classified pixel by pixel.
func TestGeometryTiles(t *testing.T) {
	fast := buildGeometry(1800, 645)
	slow := &geometry{gw: 1800, gh: 645, colStep: fast.colStep, hexH: fast.hexH}
	for x := 0; x < 1800; x += 7 {
		for y := range 645 {
			h, sd, dist, bin := slow.classify(float64(x), float64(y))
			i := x*645 + y
			if fast.owner[i] != uint16(hexIndex(h)) || fast.side[i] != uint8(sd) || fast.dist[i] != dist || fast.bin[i] != bin {
				t.Fatalf("pixel (%d,%d): tiled %d/%d/%d/%d, classified %v/%v/%d/%d", x, y,
					fast.owner[i], fast.side[i], fast.dist[i], fast.bin[i], h, sd, dist, bin)
			}
			if !board.Valid(h) {
				t.Fatalf("pixel (%d,%d) belongs to %v, not a hex of the board", x, y, h)
			}
		}
	}
	var total int32
	for _, a := range fast.area {
		total += a
	}
	if total != 1800*645 {
		t.Errorf("hex areas sum to %d pixels, want %d", total, 1800*645)
	}
}
