package vasl

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/cpubench"
)

// BenchmarkOpen imports one real board (bd33: read the archive, decompress
// LOSData, derive terrain) with the pixel geometry tables already built, as
// every board after the first in a process finds them. Target: <= 25 ms.
func BenchmarkOpen(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(boardsDir(b), "bd33"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := readBytes(data, "bd33"); err != nil { // builds the geometry
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	stop := cpubench.Start(b)
	for b.Loop() {
		bd, err := Read(bytes.NewReader(data), int64(len(data)), "bd33")
		if err != nil || bd.ID != "33" {
			b.Fatal(err)
		}
	}
	stop()
}

// BenchmarkGeometry builds the per-pixel tables of a standard board, which
// the first import of a process pays for once.
func BenchmarkGeometry(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		g := buildGeometry(1800, 645)
		if g.area[hexIndex(indexHex(17*11+6))] == 0 {
			b.Fatal("R6 has no pixels")
		}
	}
}

// BenchmarkDecodeLOSData isolates decompression and record decoding.
func BenchmarkDecodeLOSData(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(boardsDir(b), "bd33"))
	if err != nil {
		b.Fatal(err)
	}
	zr, err := readerLOS(data)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	stop := cpubench.Start(b)
	for b.Loop() {
		if _, err := DecodeLOSData(bytes.NewReader(zr)); err != nil {
			b.Fatal(err)
		}
	}
	stop()
}
