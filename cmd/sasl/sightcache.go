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
// by the engine, the map as line of sight sees it, the season and the
// tables (sightKey; world.WriteSight, ReadSight), another engine's file of
// the world removed when it is written. A file of another key, or damaged, is
// ignored and written again; deleting the folder is always safe; a file is
// written whole and renamed into place, and only when the run traced lines
// the file did not hold. SASL_CACHE moves it with the boards' cache, and
// "off" turns both off.

// sightCache is the sight file of one world of a run.
type sightCache struct {
	w *world.World
	// path is prefix (the world's) and the engine's: another engine's
	// file of the world is removed when this one is written, as the
	// boards cache does.
	path, prefix string
	key          [32]byte
	read         int // the lines read from the file
}

// sightKey is the key of world w's sight file for engine (library.Cache),
// and of the world alone: what its lines depend on, the map as line of
// sight sees it (its terrain and its boards' pictures: SightDigest), the
// season, and the tables.
func sightKey(engine [32]byte, w *world.World) (key, of [32]byte) {
	of = sha256.Sum256(fmt.Appendf(nil, "%s\x00%+v\x00%s", w.Map().SightDigest(), w.Season(), w.Tables().Digest()))
	return sha256.Sum256(fmt.Appendf(nil, "%x\x00%x", engine, of)), of
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
		c := &sightCache{w: w}
		var of [32]byte
		c.key, of = sightKey(engine, w)
		c.prefix = filepath.Join(dir, "sight", hex.EncodeToString(of[:16]))
		c.path = c.prefix + "-" + hex.EncodeToString(engine[:4]) + ".sight"
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
		if atomicfile.Write(c.path, func(out io.Writer) error {
			_, err := c.w.WriteSight(out, c.key)
			return err
		}) == nil {
			old, _ := filepath.Glob(c.prefix + "-*.sight")
			for _, o := range old {
				if o != c.path {
					os.Remove(o) // another engine's lines of this world
				}
			}
		}
	}
}
