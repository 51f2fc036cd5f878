package world

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/rules/board"
)

// sightWorld is a fresh world of two open boards with woods between, for
// the sight file's tests.
func sightWorld(t testing.TB) *World {
	t.Helper()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "K6 woods\nK7 woods\nO6 building building=wooden/0\n", "o2": ""}, "name: x\nboards: [[\"o1\"], [\"o2\"]]\nfbe: north\nebe: south\n")
	return newWorld(t, m, ms)
}

// cached reports the cell of the line from -> to, 0 if not traced.
func cached(w *World, from, to board.Location) uint32 {
	kt, _ := w.Key(to)
	kf, _ := w.Key(from)
	return w.cached(kt, kf)
}

// The lines and Seen lists a World traced, written (WriteSight) and read
// into a fresh World of the same map (ReadSight), are there without a
// trace, each as traced; read under another key, or damaged anywhere, the
// file lays nothing.
func TestSightFileRoundTrip(t *testing.T) {
	t.Parallel()
	a := sightWorld(t)
	hexes := a.Map().Hexes()
	rng := rand.New(rand.NewPCG(5, 5))
	type pair struct{ from, to board.Location }
	var pairs []pair
	for range 500 {
		p := pair{board.Ground(hexes[rng.IntN(len(hexes))]), board.Ground(hexes[rng.IntN(len(hexes))])}
		if p.from.Hex != p.to.Hex {
			a.Sight(p.from, p.to)
			pairs = append(pairs, p)
		}
	}
	seenAt := board.Ground(hexes[17])
	seen := a.Seen(seenAt, 4)
	key := [32]byte{1, 2, 3}
	var buf bytes.Buffer
	n, err := a.WriteSight(&buf, key)
	if err != nil || n == 0 {
		t.Fatalf("WriteSight: %d lines, %v", n, err)
	}
	file := buf.Bytes()

	distinct := map[pair]bool{} // a line drawn twice is traced once
	for _, p := range pairs {
		distinct[p] = true
	}
	if got := a.SightTraced(); got != int64(len(distinct)+1) {
		t.Errorf("SightTraced %d, want %d lines and a Seen list", got, len(distinct))
	}
	b := sightWorld(t)
	if got, err := b.ReadSight(bytes.NewReader(file), key); err != nil || got != n {
		t.Fatalf("ReadSight: %d lines of %d, %v", got, n, err)
	}
	// What a file lays is not traced: a run that finds every line there
	// traced nothing, and its file need not be written again.
	for _, p := range pairs {
		b.Sight(p.from, p.to)
	}
	b.Seen(seenAt, 4)
	if got := b.SightTraced(); got != 0 {
		t.Errorf("SightTraced after the file's lines were asked: %d, want 0", got)
	}
	// Nor is the LOS map built for them (65 ms on four boards): not until
	// a line the file lacks.
	if err := b.SightErr(); err != nil || b.sight.lm != nil {
		t.Fatalf("a world that read a sight file: SightErr %v, LOS map built %v", err, b.sight.lm != nil)
	}
	far := pair{board.Ground(hexes[0]), board.Ground(hexes[len(hexes)-1])}
	if distinct[far] {
		t.Fatal("the line the file should lack is among its lines: the test checks nothing")
	}
	if b.Sight(far.from, far.to) != a.Sight(far.from, far.to) || b.sight.lm == nil || b.SightTraced() != 1 {
		t.Errorf("a line the file lacks: traced %d, LOS map built %v", b.SightTraced(), b.sight.lm != nil)
	}
	for _, p := range pairs {
		if v := cached(b, p.from, p.to); v == 0 || v != cached(a, p.from, p.to) || unpack(v) != a.Sight(p.from, p.to) {
			t.Fatalf("%s -> %s: read %x, traced %x", b.Map().LocationName(p.from), b.Map().LocationName(p.to), v, cached(a, p.from, p.to))
		}
	}
	if c := b.sight.seen[mustKey(t, b, seenAt)].Load(); c == nil || c.reach != 4 || len(c.hexes) != len(seen) {
		t.Fatalf("Seen list of %s not read: %+v", b.Map().LocationName(seenAt), c)
	}

	// Another key: refused whole, nothing laid.
	c := sightWorld(t)
	if _, err := c.ReadSight(bytes.NewReader(file), [32]byte{9}); !errors.Is(err, ErrSightKey) {
		t.Errorf("another key: %v", err)
	}
	// Damaged: every byte changed in turn (a sample), truncated, grown.
	for i := 0; i < len(file); i += 1 + len(file)/200 {
		bad := bytes.Clone(file)
		bad[i] ^= 0x40
		if _, err := c.ReadSight(bytes.NewReader(bad), key); err == nil {
			t.Fatalf("byte %d changed: read", i)
		}
	}
	for _, bad := range [][]byte{file[:len(file)-1], file[:10], nil, append(bytes.Clone(file), 0)} {
		if _, err := c.ReadSight(bytes.NewReader(bad), key); err == nil {
			t.Fatalf("a file of %d bytes read", len(bad))
		}
	}
	for _, p := range pairs {
		if cached(c, p.from, p.to) != 0 {
			t.Fatal("a refused file laid lines")
		}
	}
}

func mustKey(t testing.TB, w *World, l board.Location) int {
	t.Helper()
	k, ok := w.Key(l)
	if !ok {
		t.Fatalf("no key for %s", w.Map().LocationName(l))
	}
	return k
}

// No sight file, however made, panics ReadSight or lays anything it did
// not check: a file it accepts writes back as the same lines.
func FuzzReadSight(f *testing.F) {
	w := sightWorld(f)
	w.Sight(board.Ground(w.Map().Hexes()[3]), board.Ground(w.Map().Hexes()[40]))
	w.Seen(board.Ground(w.Map().Hexes()[5]), 2)
	var buf bytes.Buffer
	if _, err := w.WriteSight(&buf, [32]byte{}); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte(sightMagic))
	x := sightWorld(f) // its LOS built once; its cache emptied for each input
	f.Fuzz(func(t *testing.T, in []byte) {
		s := &x.sight
		s.rows = make([]atomic.Pointer[sightRow], len(s.rows))
		s.seen = make([]atomic.Pointer[seenFrom], len(s.seen))
		s.bytes.Store(0)
		n, err := x.ReadSight(bytes.NewReader(in), [32]byte{})
		if err != nil {
			return
		}
		var out bytes.Buffer
		if m, err := x.WriteSight(&out, [32]byte{}); err != nil || m != n {
			t.Fatalf("read %d lines, wrote %d: %v", n, m, err)
		}
	})
}

// A World whose lines would make a file larger than ReadSight reads back
// writes none (not parallel: it lowers the bound for its while).
func TestSightFileBound(t *testing.T) {
	w := sightWorld(t)
	hexes := w.Map().Hexes()
	for i := range 200 {
		w.Sight(board.Ground(hexes[i]), board.Ground(hexes[len(hexes)-1-i]))
	}
	was := maxSightFile
	defer func() { maxSightFile = was }()
	maxSightFile = 1 << 10
	var buf bytes.Buffer
	if n, err := w.WriteSight(&buf, [32]byte{}); err == nil || n != 0 || buf.Len() != 0 {
		t.Errorf("%d lines, %d bytes written past the bound: %v", n, buf.Len(), err)
	}
	maxSightFile = was
	if n, err := w.WriteSight(&buf, [32]byte{}); err != nil || n == 0 {
		t.Errorf("within the bound: %d lines, %v", n, err)
	}
}

// A row's slots are its sources' keys laid out level by level: one slot a
// key, and back (WriteSight writes keys).
func TestSightSlots(t *testing.T) {
	t.Parallel()
	w := sightWorld(t)
	seen := make([]bool, w.Keys())
	for k := range w.Keys() {
		sl := w.slot(k)
		if sl < 0 || sl >= w.Keys() || seen[sl] {
			t.Fatalf("key %d: slot %d, out of range or taken", k, sl)
		}
		seen[sl] = true
		if back := w.key(sl); back != k {
			t.Fatalf("key %d: slot %d gives back key %d", k, sl, back)
		}
	}
	// The ground Locations of neighbouring hexes share a block.
	a, _ := w.Key(board.Ground(w.Map().Hexes()[0]))
	b, _ := w.Key(board.Ground(w.Map().Hexes()[1]))
	if w.slot(a)/blockKeys != w.slot(b)/blockKeys {
		t.Errorf("the ground of hexes 0 and 1 in blocks %d and %d", w.slot(a)/blockKeys, w.slot(b)/blockKeys)
	}
}

// Where the LOS map cannot be built, every line is blocked (Sight), none
// is seen (Seen), the checks say why (SightErr), and the cache keeps
// nothing: no row nor block is made for lines it cannot trace.
func TestSightWithoutLOS(t *testing.T) {
	t.Parallel()
	w := sightWorld(t)
	w.sight.once.Do(func() { w.sight.err = errors.New("no LOS here") })
	hexes := w.Map().Hexes()
	a, b := board.Ground(hexes[3]), board.Ground(hexes[40])
	if s := w.Sight(a, b); s.Clear {
		t.Errorf("Sight without LOS: %+v", s)
	}
	if seen := w.Seen(a, 3); len(seen) != 0 {
		t.Errorf("Seen without LOS: %v", seen)
	}
	if err := w.SightErr(); err == nil {
		t.Error("SightErr without LOS: nil")
	}
	if n := w.sight.bytes.Load(); n != 0 || w.SightTraced() != 0 {
		t.Errorf("the cache made %d bytes, traced %d lines, without LOS", n, w.SightTraced())
	}
	var buf bytes.Buffer
	if _, err := w.WriteSight(&buf, [32]byte{}); err == nil {
		t.Error("WriteSight without LOS: no error")
	}
}
