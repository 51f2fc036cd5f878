package main

import (
	"bytes"
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
// or Seen lists the file did not hold. SASL_CACHE moves it with the boards'
// cache, and "off" turns both off.

// sightCache is the sight file of one world of a run.
type sightCache struct {
	w *world.World
	// path is prefix (the world's) and the engine's: another engine's
	// file of the world is removed when this one is written, as the
	// boards cache does.
	path, prefix string
	key          [32]byte
	size         int // the bytes of the file read (0: none, or refused)
	// traced: the world's SightTraced once the file was read; no more
	// after the run, and the file is not written again (nor serialised
	// to find it is no larger).
	traced int64
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
			if st, err := f.Stat(); err == nil {
				if _, err := w.ReadSight(f, c.key); err == nil {
					c.size = int(st.Size()) // a file refused is written again
				}
			}
			f.Close()
		}
		c.traced = w.SightTraced()
		out = append(out, c)
	}
	return out
}

// saveSightCaches writes each world's lines and Seen lists where the run
// traced more than its file held (the file a run writes only grows: the
// run began with what it read). A cache that cannot be written changes
// nothing but the next run's time.
func saveSightCaches(cs []*sightCache) {
	for _, c := range cs {
		if c.w.SightTraced() == c.traced {
			continue // nothing traced beyond the file (or at all)
		}
		var buf bytes.Buffer
		if _, err := c.w.WriteSight(&buf, c.key); err != nil || buf.Len() <= c.size {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
			continue
		}
		if atomicfile.Write(c.path, func(out io.Writer) error {
			_, err := out.Write(buf.Bytes())
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
