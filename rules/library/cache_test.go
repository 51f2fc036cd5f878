package library

import (
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/vasl"
)

// TestArchiveCache: a board read back from the cache is the board its
// archive gives (terrain, ID, source and raster), without reading the
// archive; a cache file that is cut short, changed, or another engine's
// is not trusted: the archive is read again and the file written again;
// an archive of the same content under another name reads back as that
// name's board. (Not parallel: the cache is the process's.)
func TestArchiveCache(t *testing.T) {
	real := realBoards(t)
	dir, folder := t.TempDir(), t.TempDir()
	data, err := os.ReadFile(filepath.Join(real, "bd33"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(folder, "bd33")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := vasl.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	reads := 0
	openArchive = func(p string) (*board.Board, error) { reads++; return vasl.Open(p) }
	SetCache(dir, "engine A")
	t.Cleanup(func() { openArchive = vasl.Open; SetCache("", "") })

	same := func(step string, b *board.Board, id string) {
		t.Helper()
		if !b.Equal(want) || b.ID != id || b.Source != "bd"+id {
			t.Fatalf("%s: board %s from %s differs from the archive's: %v", step, b.ID, b.Source, b.Diff(want, 3))
		}
		if b.Raster.W != want.Raster.W || b.Raster.H != want.Raster.H || !bytes.Equal(b.Raster.Pix, want.Raster.Pix) {
			t.Fatalf("%s: the raster differs from the archive's", step)
		}
		// The picture stands by the archive it was read from
		// (Map.SightDigest), read afresh or from the cache.
		if b.Raster.Source != sha256.Sum256(data) {
			t.Fatalf("%s: the raster's source %x, want the archive's SHA-256", step, b.Raster.Source)
		}
	}
	read := func(step, p, id string, wantReads int) {
		t.Helper()
		reads = 0
		b, err := readArchive(p)
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		same(step, b, id)
		if reads != wantReads {
			t.Errorf("%s: the archive read %d times, want %d", step, reads, wantReads)
		}
	}
	files := func() []string {
		f, _ := filepath.Glob(filepath.Join(dir, "boards", "*.board"))
		return f
	}
	// spoil replaces the one cache file by a changed copy, renamed into
	// place as the cache writes (a mapped file is never cut in place).
	spoil := func(change func([]byte) []byte) {
		t.Helper()
		f := files()
		if len(f) != 1 {
			t.Fatalf("cache files %v, want one", f)
		}
		b, err := os.ReadFile(f[0])
		if err != nil {
			t.Fatal(err)
		}
		tmp := f[0] + ".tmp"
		if err := os.WriteFile(tmp, change(bytes.Clone(b)), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, f[0]); err != nil {
			t.Fatal(err)
		}
	}

	read("first read", path, "33", 1)
	if len(files()) != 1 {
		t.Fatalf("cache files %v after the first read, want one", files())
	}
	read("read again", path, "33", 0)
	spoil(func(b []byte) []byte { b[len(b)/2] ^= 0x10; return b }) // a pixel of the raster
	read("a changed byte", path, "33", 1)
	read("written again", path, "33", 0)
	spoil(func(b []byte) []byte { return b[:len(b)-100] })
	read("cut short", path, "33", 1)
	spoil(func(b []byte) []byte { return b[:10] })
	read("cut to its start", path, "33", 1)
	copyPath := filepath.Join(folder, "bd34")
	if err := os.WriteFile(copyPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	read("the same archive as bd34", copyPath, "34", 0)
	SetCache(dir, "engine B")
	read("another engine", path, "33", 1)
	if f := files(); len(f) != 1 {
		t.Errorf("cache files %v after another engine's read, want its own alone", f)
	}
	read("another engine, again", path, "33", 0)
	// An archive the cache cannot hold (no folder can be made) is read
	// all the same.
	blocked := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocked, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	SetCache(blocked, "engine B")
	read("no cache folder", path, "33", 1)
}

// FuzzReadCached: no cache file, however made, panics or is taken for a
// board unless it is one (its header, lengths and CRC-32C agree).
func FuzzReadCached(f *testing.F) {
	digest, engine := [32]byte{1, 2, 3}, [32]byte{4, 5, 6}
	b := board.New("x9")
	b.Raster = &board.Raster{W: 3, H: 2, Pix: []byte{0, 1, 0, 2, 1, 3, 0, 1, 0, 2, 1, 3}}
	var buf bytes.Buffer
	if err := writeCached(&buf, b, digest, engine); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add(buf.Bytes()[:40])
	f.Add([]byte(cacheMagic))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		file := filepath.Join(dir, "f.board")
		if err := os.WriteFile(file+".tmp", data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(file+".tmp", file); err != nil { // never cut a mapped file
			t.Fatal(err)
		}
		got := readCached(file, digest, engine)
		if got == nil {
			return
		}
		// A file taken is one writeCached makes of the board it gives.
		var again bytes.Buffer
		if err := writeCached(&again, got, digest, engine); err != nil {
			t.Fatalf("a board read back cannot be written: %v", err)
		}
		if !bytes.Equal(again.Bytes(), data) {
			t.Fatalf("taken %d bytes, which the board it gives writes as %d others", len(data), again.Len())
		}
	})
}
