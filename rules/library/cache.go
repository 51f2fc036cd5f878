package library

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/sasl-engine/sasl/internal/atomicfile"
	"github.com/sasl-engine/sasl/internal/regfile"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/vasl"
)

// A board read from a VASL archive costs a command tens of milliseconds
// (decompressing its raster, deriving its terrain); read back from the
// cache, about one. The cache is a folder (the user's cache directory,
// sasl/boards) of one file a board, named by the archive's SHA-256 and the
// engine's (the last engine's to read it), holding what was derived from
// it: the board in the native text format
// (which every real board's terrain round-trips through) and its raster.
// A file is used only when its header names that archive's digest and
// this engine (SetCache's engine: its version, or for a development build
// the executable itself) and its CRC-32C checks; anything else is ignored
// and written again. Deleting the folder is always safe. Files are
// written whole and renamed into place (never changed in place), and on
// Unix mapped into memory read only, so that a board's raster costs no
// fresh memory.

// cacheDir and cacheEngine are SetCache's.
var (
	cacheMu     sync.Mutex
	cacheDir    string
	cacheEngine [32]byte
)

// SetCache makes every Library of the process keep the boards it reads
// from VASL archives in dir, for engine (a string naming the build that
// derives them: a different engine never reads another's files); dir ""
// turns the cache off (the default, as in tests).
func SetCache(dir, engine string) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	cacheDir, cacheEngine = dir, sha256.Sum256([]byte(engine))
}

// Cache returns SetCache's folder ("" for none) and the digest of its
// engine: other caches of derived data (world's lines of sight, kept by
// the command) live beside the boards', on the same terms.
func Cache() (dir string, engine [32]byte) { return cacheSettings() }

func cacheSettings() (string, [32]byte) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	return cacheDir, cacheEngine
}

// openArchive reads a VASL archive (tests count its calls).
var openArchive = vasl.Open

// cacheMagic begins a cache file; the version after it changes with the
// layout.
const (
	cacheMagic   = "sasl board cache\n"
	cacheVersion = 1
)

// castagnoli is the CRC-32C table (hardware on amd64 and arm64).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// readArchive reads the VASL archive at path: from the cache when it holds
// the board read from an archive of the same content, else from the
// archive, which it then keeps in the cache. A cache that cannot be read
// or written changes nothing but the time taken.
func readArchive(path string) (*board.Board, error) {
	dir, engine := cacheSettings()
	if dir == "" {
		return openArchive(path)
	}
	digest, err := fileDigest(path)
	if err != nil {
		return openArchive(path) // which says what is wrong with the file
	}
	prefix := filepath.Join(dir, "boards", hex.EncodeToString(digest[:16]))
	file := prefix + "-" + hex.EncodeToString(engine[:4]) + ".board"
	id, ok := vasl.IDFromFile(filepath.Base(path))
	if !ok {
		id = filepath.Base(path)
	}
	if b := readCached(file, digest, engine); b != nil {
		b.ID, b.Source = id, filepath.Base(path)
		b.Raster.Source = digest
		return b, nil
	}
	b, err := openArchive(path)
	if err != nil {
		return nil, err
	}
	if b.Raster != nil {
		b.Raster.Source = digest
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err == nil {
		if atomicfile.Write(file, func(w io.Writer) error { return writeCached(w, b, digest, engine) }) == nil {
			// The same archive read by other engines: an engine is
			// mostly replaced by the next.
			old, _ := filepath.Glob(prefix + "-*.board")
			for _, o := range old {
				if o != file {
					os.Remove(o)
				}
			}
		}
	}
	return b, nil
}

// fileDigest returns the SHA-256 of the regular file at path.
func fileDigest(path string) ([32]byte, error) {
	f, _, err := regfile.Open(path)
	if err != nil {
		return [32]byte{}, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return [32]byte{}, err
	}
	return [32]byte(h.Sum(nil)), nil
}

// The header of a cache file, after cacheMagic: the layout's version, the
// archive's SHA-256, the engine's, the length of the board's text and the
// raster's width and height. The text and the raster follow, then the
// CRC-32C of everything before it.
type cacheHeader struct {
	Version uint32
	Archive [32]byte
	Engine  [32]byte
	Text    uint32
	W, H    uint32
}

func writeCached(w io.Writer, b *board.Board, digest, engine [32]byte) error {
	if b.Raster == nil || len(b.Raster.Pix) != 2*b.Raster.W*b.Raster.H {
		return errors.New("no raster")
	}
	var text bytes.Buffer
	if err := board.WriteText(&text, b); err != nil {
		return err
	}
	c := crc32.New(castagnoli)
	out := io.MultiWriter(w, c)
	hdr := cacheHeader{Version: cacheVersion, Archive: digest, Engine: engine, Text: uint32(text.Len()), W: uint32(b.Raster.W), H: uint32(b.Raster.H)}
	if _, err := io.WriteString(out, cacheMagic); err != nil {
		return err
	}
	if err := binary.Write(out, binary.LittleEndian, &hdr); err != nil {
		return err
	}
	if _, err := out.Write(text.Bytes()); err != nil {
		return err
	}
	if _, err := out.Write(b.Raster.Pix); err != nil {
		return err
	}
	return binary.Write(w, binary.LittleEndian, c.Sum32())
}

// mapFile returns the content of the regular file path, mapped into
// memory where the system maps files (mapOpen), and its release: a board
// kept keeps its mapping for the life of the process.
func mapFile(path string) (data []byte, release func(), err error) {
	f, size, err := regfile.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if size <= 0 || size > 1<<30 {
		return nil, nil, os.ErrInvalid
	}
	return mapOpen(f, size)
}

// readCached returns the board cache file holds for the archive of digest
// read by engine, or nil when it holds none: missing, of another archive
// or engine, of another layout, cut short or changed (its CRC-32C), or
// not a board.
func readCached(file string, digest, engine [32]byte) *board.Board {
	data, release, err := mapFile(file)
	if err != nil {
		return nil
	}
	b := cachedBoard(data, file, digest, engine)
	if b == nil {
		release() // only a board taken keeps its file mapped
	}
	return b
}

// cachedBoard is the board of a cache file's content data (readCached),
// its raster data's own, or nil.
func cachedBoard(data []byte, file string, digest, engine [32]byte) *board.Board {
	var hdr cacheHeader
	n := len(cacheMagic) + binary.Size(hdr)
	if len(data) < n+4 || string(data[:len(cacheMagic)]) != cacheMagic {
		return nil
	}
	if _, err := binary.Decode(data[len(cacheMagic):n], binary.LittleEndian, &hdr); err != nil {
		return nil
	}
	if hdr.Version != cacheVersion || hdr.Archive != digest || hdr.Engine != engine {
		return nil
	}
	pix := 2 * uint64(hdr.W) * uint64(hdr.H)
	if uint64(len(data)) != uint64(n)+uint64(hdr.Text)+pix+4 {
		return nil
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil
	}
	text := body[n : n+int(hdr.Text)]
	b, err := board.ReadText(bytes.NewReader(text), file)
	if err != nil {
		return nil
	}
	r := body[n+int(hdr.Text):]
	b.Raster = &board.Raster{W: int(hdr.W), H: int(hdr.H), Pix: r[:len(r):len(r)]}
	return b
}
