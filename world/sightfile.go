package world

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/sasl-engine/sasl/rules/hex"
)

// The lines of sight a World has traced, kept on disk between runs (issue
// 55: a simulation's games trace some 20,000 new lines a run, a fifth of
// its time): WriteSight writes the cached lines and Seen lists, ReadSight
// lays them over another World of the same map. The caller names what the
// lines depend on in a key (the engine, the map's digest, the season): a
// file of another key is refused whole, as is a damaged one (its CRC-32C),
// so a file is either all of one World's lines or nothing. Deleting one is
// always safe: the lines are traced again.

// sightMagic begins a sight file; the version after it changes with the
// layout.
const (
	sightMagic   = "sasl sight cache\n"
	sightVersion = 1
)

// maxSightFile bounds what ReadSight reads and WriteSight writes: the
// cache's own memory bound (maxBytes) with room for the Seen lists (a
// variable for the tests).
var maxSightFile = 2 * maxBytes

var sightCRC = crc32.MakeTable(crc32.Castagnoli)

// sightHeader follows sightMagic: the layout's version, the key, the map's
// size (Map.Stride) it was written for, and the counts of lines and of
// Seen lists that follow.
type sightHeader struct {
	Version      uint32
	Key          [32]byte
	Stride       uint32
	Lines, Seens uint32
}

// WriteSight writes the lines and Seen lists w has cached to out, under
// key, and returns how many lines it wrote; lines beyond what ReadSight
// reads back (maxSightFile) are an error, and nothing is written. A line is its target's and
// source's Location keys and its packed Sight; a Seen list its Location's
// key, the reach and its hexes by map index. The CRC-32C of all before it
// ends the file.
func (w *World) WriteSight(out io.Writer, key [32]byte) (int, error) {
	// No file of a map whose LOS cannot be built: a file read promises a
	// LOS map without error (SightErr).
	if _, err := w.LOS(); err != nil {
		return 0, err
	}
	s := w.arrays()
	limit := maxSightFile - len(sightMagic) - binary.Size(sightHeader{}) - 4
	tooBig := func(n int) error {
		// More than ReadSight reads back: a map so large that its lines
		// are not worth keeping whole.
		return fmt.Errorf("sight file: more than %d bytes of lines (%d)", limit, n)
	}
	var body bytes.Buffer
	var word [4]byte
	put := func(v uint32) {
		binary.LittleEndian.PutUint32(word[:], v)
		body.Write(word[:])
	}
	lines := 0
	for kt := range s.rows {
		row := s.rows[kt].Load()
		if row == nil {
			continue
		}
		for bi := range row.blocks {
			b := row.blocks[bi].Load()
			if b == nil {
				continue
			}
			for j := range b {
				if v := b[j].Load(); v != 0 {
					put(uint32(kt))
					put(uint32(w.key(bi*blockKeys + j)))
					put(v)
					lines++
				}
			}
			if body.Len() > limit {
				return 0, tooBig(body.Len())
			}
		}
	}
	seens := 0
	for k := range s.seen {
		c := s.seen[k].Load()
		if c == nil {
			continue
		}
		put(uint32(k))
		put(uint32(c.reach))
		put(uint32(len(c.hexes)))
		for _, h := range c.hexes {
			i, _ := w.m.Index(h)
			put(uint32(i))
		}
		seens++
	}
	if body.Len() > limit {
		return 0, tooBig(body.Len())
	}
	var head bytes.Buffer
	head.WriteString(sightMagic)
	binary.Write(&head, binary.LittleEndian, sightHeader{Version: sightVersion, Key: key, Stride: uint32(w.m.Stride()), Lines: uint32(lines), Seens: uint32(seens)})
	crc := crc32.Update(crc32.Checksum(head.Bytes(), sightCRC), sightCRC, body.Bytes())
	binary.LittleEndian.PutUint32(word[:], crc)
	for _, part := range [][]byte{head.Bytes(), body.Bytes(), word[:]} {
		if _, err := out.Write(part); err != nil {
			return 0, err
		}
	}
	return lines, nil
}

// ErrSightKey is ReadSight's error for a file written under another key
// (another engine, map or season): not an error to report, a file to
// write again.
var ErrSightKey = errors.New("a sight file of another engine, map or season")

// ReadSight lays the lines and Seen lists of a file WriteSight wrote under
// key over w's cache (a line w has traced already is kept), within the
// cache's memory bound, and returns how many lines it read. A file of
// another key (ErrSightKey), of another map size, or damaged (too short,
// too long, a count or key out of range, its CRC) is refused whole: w is
// as it was.
func (w *World) ReadSight(in io.Reader, key [32]byte) (int, error) {
	w.arrays()
	data, err := io.ReadAll(io.LimitReader(in, int64(maxSightFile)+1))
	if err != nil {
		return 0, err
	}
	if len(data) > maxSightFile {
		return 0, fmt.Errorf("sight file: more than %d bytes", maxSightFile)
	}
	var h sightHeader
	hsize := len(sightMagic) + binary.Size(h)
	if len(data) < hsize+4 || string(data[:len(sightMagic)]) != sightMagic {
		return 0, fmt.Errorf("sight file: not a sight file")
	}
	if err := binary.Read(bytes.NewReader(data[len(sightMagic):hsize]), binary.LittleEndian, &h); err != nil {
		return 0, fmt.Errorf("sight file: %w", err)
	}
	body := data[hsize : len(data)-4]
	if crc32.Checksum(data[:len(data)-4], sightCRC) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return 0, fmt.Errorf("sight file: damaged (CRC)")
	}
	switch {
	case h.Version != sightVersion || h.Key != key:
		return 0, ErrSightKey
	case int(h.Stride) != w.m.Stride():
		return 0, fmt.Errorf("sight file: a map of %d hexes, not %d", h.Stride, w.m.Stride())
	}
	// Read and check all of it before laying any of it.
	words := make([]uint32, len(body)/4)
	if len(body)%4 != 0 {
		return 0, fmt.Errorf("sight file: damaged (length)")
	}
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(body[4*i:])
	}
	keys, stride := uint32(len(w.sight.rows)), uint32(w.m.Stride())
	if uint64(h.Lines)*3 > uint64(len(words)) {
		return 0, fmt.Errorf("sight file: damaged (%d lines)", h.Lines)
	}
	lines := words[:3*h.Lines]
	for i := 0; i < len(lines); i += 3 {
		if lines[i] >= keys || lines[i+1] >= keys || lines[i+2]&1 == 0 {
			return 0, fmt.Errorf("sight file: damaged (line %d)", i/3)
		}
	}
	type seenList struct {
		k, reach uint32
		hexes    []uint32
	}
	var seens []seenList
	rest := words[3*h.Lines:]
	for n := uint32(0); n < h.Seens; n++ {
		if len(rest) < 3 || rest[0] >= keys || uint64(rest[2]) > uint64(len(rest)-3) {
			return 0, fmt.Errorf("sight file: damaged (Seen list %d)", n)
		}
		l := seenList{k: rest[0], reach: rest[1], hexes: rest[3 : 3+rest[2]]}
		for _, i := range l.hexes {
			if i >= stride {
				return 0, fmt.Errorf("sight file: damaged (Seen list %d)", n)
			}
		}
		seens = append(seens, l)
		rest = rest[3+len(l.hexes):]
	}
	if len(rest) != 0 {
		return 0, fmt.Errorf("sight file: damaged (%d words left over)", len(rest))
	}
	for i := 0; i < len(lines); i += 3 {
		if !w.laySight(int(lines[i]), int(lines[i+1]), lines[i+2]) {
			break // the memory bound: the rest are traced as asked
		}
	}
	order := w.m.Hexes()
	for _, l := range seens {
		hexes := make([]hex.Hex, len(l.hexes))
		for i, x := range l.hexes {
			hexes[i] = order[x]
		}
		w.sight.seen[l.k].CompareAndSwap(nil, &seenFrom{reach: int(l.reach), hexes: hexes})
	}
	w.sight.read.Store(true)
	return int(h.Lines), nil
}

// laySight puts packed line v from the Location of key kf toward that of
// key kt in the cache, unless it holds one; false once the cache's memory
// bound is reached.
func (w *World) laySight(kt, kf int, v uint32) bool {
	c := w.sightCell(kt, kf)
	if c == nil {
		return false
	}
	c.CompareAndSwap(0, v)
	return true
}
