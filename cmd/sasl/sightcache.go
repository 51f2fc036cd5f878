package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sasl-engine/sasl/internal/atomicfile"
	"github.com/sasl-engine/sasl/internal/regfile"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/world"
)

// The lines of sight a simulation traces, kept on disk between runs
// beside the boards cache (issue 55: a run of a four-board mission traces
// some 20,000 lines, a fifth of its time): a file a world, named and keyed
// by the engine, the map's digest, the season and the tables' digest
// (world.WriteSight, ReadSight). A file of another key, or damaged, is
// ignored and written again; deleting the folder is always safe; a file is
// written whole and renamed into place, and only when the run traced lines
// the file did not hold. SASL_CACHE moves it with the boards' cache, and
// "off" turns both off.

// sightCache is the sight file of one world of a run.
type sightCache struct {
	w    *world.World
	path string
	key  [32]byte
	read int // the lines read from the file
}

// openSightCaches reads the sight file of each world of ws (the values of
// a sweep may share one), and returns them to save once the run is done;
// none when the cache is off.
func openSightCaches(ws []*world.World) []*sightCache {
	dir, engine := library.Cache()
	if dir == "" {
		return nil
	}
	var out []*sightCache
	seen := map[*world.World]bool{}
	for _, w := range ws {
		if seen[w] {
			continue
		}
		seen[w] = true
		h := sha256.New()
		fmt.Fprintf(h, "%x\x00%s\x00%+v\x00%s", engine, w.Map().Digest(), w.Season(), w.Tables().Digest())
		c := &sightCache{w: w}
		copy(c.key[:], h.Sum(nil))
		c.path = filepath.Join(dir, "sight", hex.EncodeToString(c.key[:16])+".sight")
		if f, _, err := regfile.Open(c.path); err == nil {
			c.read, _ = w.ReadSight(f, c.key) // a file refused is written again
			f.Close()
		}
		out = append(out, c)
	}
	return out
}

// saveSightCaches writes each world's lines where the run traced more than
// its file held. A cache that cannot be written changes nothing but the
// next run's time.
func saveSightCaches(cs []*sightCache) {
	for _, c := range cs {
		lines, err := c.w.WriteSight(io.Discard, c.key)
		if err != nil || lines <= c.read {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
			continue
		}
		_ = atomicfile.Write(c.path, func(out io.Writer) error {
			_, err := c.w.WriteSight(out, c.key)
			return err
		})
	}
}
