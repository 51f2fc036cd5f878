package world

import (
	"runtime"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// Sight is the line of sight from one Location to another, as far as the
// ENEMY procedures need it: whether it is clear, its range in hexes and
// the total hindrance DRM along it (ASL B.10; the terrain of the two ends'
// own hexes neither blocks nor hinders).
type Sight struct {
	Clear     bool
	Range     int
	Hindrance int
}

// sight is the line of sight of a World: the rules/los map of
// its boards in its season, built on first use (rasterising a board with
// no raster of its own takes tens of milliseconds, which a setup or an
// entry alone rarely needs), and the lines already traced, kept per
// target Location so that the FRIENDLY positions a simulation's games
// share are traced once. It is safe for concurrent use: the map is read
// only once built, and a cached line is written once, by whoever traces it
// first, always with the same value.
type sight struct {
	once sync.Once // the LOS map (LOS)
	lm   *los.Map
	err  error
	// made: the arrays below (arrays), which need no LOS map: a run whose
	// lines a sight file holds builds none (65 ms on four boards).
	made sync.Once
	// read: a sight file of this world was read (ReadSight): an engine
	// built its LOS map without error (SightErr).
	read atomic.Bool
	// rows[k] for the target Location of key k: the lines toward it, by
	// the key of their source Location (0: not traced yet; see pack), in
	// blocks of blockKeys sources made as lines reach them.
	rows []atomic.Pointer[sightRow]
	// crest[i] for Map.Index i: the Crest facing of an S? in that
	// Depression hex (SASL 4.14) as its direction + 1, 0 before it is
	// worked out.
	crest []atomic.Int32
	bytes atomic.Int64 // the rows and blocks made (a little more when racing past maxBytes)
	// seen[k] for the Location of key k: the hexes it sees (Seen).
	seen []atomic.Pointer[seenFrom]
	// traced: the lines and Seen lists traced and kept (not read from a
	// sight file), which SightTraced reports.
	traced atomic.Int64
}

// seenFrom is what a Location sees within reach hexes.
type seenFrom struct {
	reach int
	hexes []hex.Hex
}

// maxBytes bounds the memory of the cached lines: past it, lines not
// cached yet are traced every time rather than let memory grow with every
// pair of Locations the games reach. A row (a target) costs 8 bytes a
// block of its sources, a block 4 bytes a source Location: the lines
// 5,000 games of sim's four-board benchmark trace, toward some 400
// targets, take about 3 MB; of its twelve-board one, toward some 1,000,
// about 16 MB.
const maxBytes = 64 << 20

// blockKeys is how many source Locations a block of a row holds. A row
// lays its sources out level by level (slot: the ground Locations of
// every hex, in Map.Index order, then those of level 1, and so on), so
// that a block holds the ground Locations of 64 hexes, a few columns of
// the frame, which the lines toward one target reach together (sources
// near it): a row holds the blocks of its neighbourhood only, each block
// full of lines a game asks for (upper levels are few).
const blockKeys = 8 * levelSlots

// slot is the place of the source Location of key kf in a row (see
// blockKeys); key is its inverse.
func (w *World) slot(kf int) int { return (kf%levelSlots)*w.m.Stride() + kf/levelSlots }
func (w *World) key(slot int) int {
	n := w.m.Stride()
	return (slot%n)*levelSlots + slot/n
}

type (
	sightRow   struct{ blocks []atomic.Pointer[sightBlock] }
	sightBlock [blockKeys]atomic.Uint32
)

// reserve counts n bytes of cache against maxBytes, and reports whether
// they fit.
func (s *sight) reserve(n int) bool {
	return s.bytes.Load()+int64(n) <= maxBytes && s.bytes.Add(int64(n)) <= maxBytes
}

// Location keys: a hex's Map.Index times levelSlots plus the level less
// minLevel (Key). Locations outside these levels have none: their lines
// are traced every time.
const (
	minLevel   = -2
	levelSlots = 8
)

// LOS returns the line of sight map of the mission's boards in its season
// (rules/los), building it on the first call.
func (w *World) LOS() (*los.Map, error) {
	s := &w.sight
	s.once.Do(func() { s.lm, s.err = sharedLOS(w.m, w.season) })
	return s.lm, s.err
}

// losMaps are the LOS maps this process has built, by what they are
// traced over (board.Map.SightDigest) and their season: the worlds of one
// map share one (the games a web server opens, the variants of a balance
// search, the worlds of tests), which is read-only once built. An entry
// holds its map weakly, and the last few built are held (recent): a map
// no world has held for a while is collected, and built again if a world
// asks for it.
var losMaps = struct {
	sync.Mutex
	m      map[losKey]*losEntry
	recent [8]*los.Map
	next   int
}{m: map[losKey]*losEntry{}}

type losKey struct {
	digest string
	season terrain.Season
}

type losEntry struct {
	sync.Mutex // held while the map is built: one build a key at a time
	lm         weak.Pointer[los.Map]
}

// sharedLOS is los.New(m, season), or the map a world of the same
// terrain and season has built. An error is not kept: each world that
// asks gets its own.
func sharedLOS(m *board.Map, season terrain.Season) (*los.Map, error) {
	k := losKey{m.SightDigest(), season}
	losMaps.Lock()
	e := losMaps.m[k]
	if e == nil {
		e = &losEntry{}
		losMaps.m[k] = e
	}
	losMaps.Unlock()
	e.Lock()
	defer e.Unlock()
	if lm := e.lm.Value(); lm != nil {
		return lm, nil
	}
	lm, err := los.New(m, season)
	if err != nil {
		return nil, err
	}
	e.lm = weak.Make(lm)
	losMaps.Lock()
	losMaps.recent[losMaps.next] = lm
	losMaps.next = (losMaps.next + 1) % len(losMaps.recent)
	losMaps.Unlock()
	runtime.AddCleanup(lm, func(k losKey) {
		losMaps.Lock()
		defer losMaps.Unlock()
		if e := losMaps.m[k]; e != nil && e.TryLock() {
			if e.lm.Value() == nil {
				delete(losMaps.m, k)
			}
			e.Unlock()
		}
	}, k)
	return lm, nil
}

// arrays makes the sight cache's arrays (once) and returns the cache.
func (w *World) arrays() *sight {
	s := &w.sight
	s.made.Do(func() {
		s.rows = make([]atomic.Pointer[sightRow], w.m.Stride()*levelSlots)
		s.crest = make([]atomic.Int32, w.m.Stride())
		s.seen = make([]atomic.Pointer[seenFrom], len(s.rows))
	})
	return s
}

// SightErr reports why lines of sight cannot be traced on the map (LOS's
// error). It builds the LOS map only where no sight file of this world
// was read: the engine that wrote the file built it without error, and a
// run that finds every line it asks in the file needs none.
func (w *World) SightErr() error {
	if w.sight.read.Load() {
		return nil
	}
	_, err := w.LOS()
	return err
}

// Key returns a dense key of Location l in [0, Keys()), for slices indexed
// by Location: every Location of an on-map hex from level -2 (a cellar)
// to level 5 has one; ok is false for any other. O(1).
func (w *World) Key(l board.Location) (int, bool) {
	i, ok := w.m.Index(l.Hex)
	if !ok || l.Roof || l.Level < minLevel || l.Level >= minLevel+levelSlots {
		return 0, false
	}
	return i*levelSlots + l.Level - minLevel, true
}

// Keys is the size of the key space of Key.
func (w *World) Keys() int { return w.m.Stride() * levelSlots }

// Sight returns the line of sight from Location from to Location to
// (ASL A6, as VASL traces it: rules/los). Two Locations of one hex see
// each other at range 0. LOS is reciprocal (A6.1): Sight(a, b) and
// Sight(b, a) have one verdict and range, and a clear line one hindrance,
// those of los.Map.Query, which sasl los asks too; so fire traces from the
// target and Activation from the S?, each from the end that recurs. Lines
// are cached by their target Location: use it for targets that recur,
// such as FRIENDLY positions. Where LOS cannot be built (see LOS, whose
// error says why) every line is blocked. The LOS map is built at the
// first line to trace (none, when a sight file holds them all).
func (w *World) Sight(from, to board.Location) Sight {
	if from.Hex == to.Hex {
		return Sight{Clear: true}
	}
	s := w.arrays()
	kt, okt := w.Key(to)
	kf, okf := w.Key(from)
	if okt && okf {
		if v := w.cached(kt, kf); v != 0 {
			return unpack(v)
		}
	}
	lm, err := w.LOS()
	if err != nil {
		return Sight{}
	}
	var c *atomic.Uint32
	if okt && okf {
		c = w.sightCell(kt, kf) // nil past the cache's memory bound
	}
	if c == nil {
		return trace(lm, from, to)
	}
	v := pack(trace(lm, from, to))
	c.Store(v)
	s.traced.Add(1)
	return unpack(v)
}

// cached returns the cache's line from the Location of key kf toward that
// of key kt, 0 if it holds none; it makes no row nor block.
func (w *World) cached(kt, kf int) uint32 { return w.inRow(w.sight.rows[kt].Load(), kf) }

// inRow returns row's line from the Location of key kf, 0 if it holds
// none (or row is nil).
func (w *World) inRow(row *sightRow, kf int) uint32 {
	if row == nil {
		return 0
	}
	sl := w.slot(kf)
	if b := row.blocks[sl/blockKeys].Load(); b != nil {
		return b[sl%blockKeys].Load()
	}
	return 0
}

// SightTraced counts the lines and Seen lists the world has traced and
// kept since it was made (ReadSight's are not counted): a sight file
// written after a run that traced none would hold what it read.
func (w *World) SightTraced() int64 { return w.sight.traced.Load() }

// sightCell is the cache's cell of the line from the Location of key kf
// toward that of key kt (0 until traced: see pack), its row and block made
// as needed; nil past the cache's memory bound (maxBytes).
func (w *World) sightCell(kt, kf int) *atomic.Uint32 {
	s := &w.sight
	row := s.rows[kt].Load()
	if row == nil {
		n := (len(s.rows) + blockKeys - 1) / blockKeys
		if !s.reserve(8 * n) {
			return nil
		}
		row = &sightRow{blocks: make([]atomic.Pointer[sightBlock], n)}
		if !s.rows[kt].CompareAndSwap(nil, row) {
			row = s.rows[kt].Load()
		}
	}
	sl := w.slot(kf)
	bp := &row.blocks[sl/blockKeys]
	b := bp.Load()
	if b == nil {
		if !s.reserve(4 * blockKeys) {
			return nil
		}
		b = new(sightBlock)
		if !bp.CompareAndSwap(nil, b) {
			b = bp.Load()
		}
	}
	return &b[sl%blockKeys]
}

// Toward is the lines toward one Location To, for a caller that asks for
// many of them from a few sources (the Activation checks of the S?, each
// against the same FRIENDLY units): Sight with the target's key and row
// looked up once and the source's key given. Its answers are Sight's. A
// Toward is not safe for concurrent use (the World's cache it reads is).
type Toward struct {
	w   *World
	To  board.Location
	kt  int
	ok  bool
	row *sightRow
}

// Toward returns the lines toward Location to.
func (w *World) Toward(to board.Location) Toward {
	t := Toward{w: w, To: to}
	w.arrays()
	t.kt, t.ok = w.Key(to)
	return t
}

// Of reports whether t is w's Toward to.
func (t *Toward) Of(w *World, to board.Location) bool { return t.w == w && t.To == to }

// From returns w.Sight(from, t.To), where kf and okf are w.Key(from): a
// line cached already in O(1) without a key to look up; any other by
// Sight.
func (t *Toward) From(from board.Location, kf int, okf bool) Sight {
	if !t.ok || !okf || from.Hex == t.To.Hex {
		return t.w.Sight(from, t.To)
	}
	if t.row == nil {
		if t.row = t.w.sight.rows[t.kt].Load(); t.row == nil {
			return t.w.Sight(from, t.To) // which makes the row, within the budget
		}
	}
	if v := t.w.inRow(t.row, kf); v != 0 {
		return unpack(v)
	}
	return t.w.Sight(from, t.To)
}

// Seen returns the hexes within reach of Location from (its own excepted)
// whose ground Location from sees (ASL A6, as rules/los traces it), in the
// order of hex.Within: what a unit in from could fire at on the ground.
// Each Location's list is traced once per World and kept (a few KB each, at
// most one per Location of the map, for the last reach asked); the caller
// must not change it. It is safe for concurrent use. Where LOS cannot be
// built nothing is seen.
func (w *World) Seen(from board.Location, reach int) []hex.Hex {
	s := w.arrays()
	k, ok := w.Key(from)
	var cell *atomic.Pointer[seenFrom]
	if ok {
		cell = &s.seen[k]
		if c := cell.Load(); c != nil && c.reach == reach {
			return c.hexes
		}
	}
	lm, err := w.LOS()
	if err != nil {
		return nil
	}
	var hexes []hex.Hex
	hex.Within(from.Hex, reach, func(h hex.Hex) bool {
		if h != from.Hex && w.m.OnMap(h) && lm.Query(from, board.Ground(h)).Clear {
			hexes = append(hexes, h)
		}
		return true
	})
	if cell != nil {
		cell.Store(&seenFrom{reach: reach, hexes: hexes})
		w.sight.traced.Add(1)
	}
	return hexes
}

func trace(lm *los.Map, from, to board.Location) Sight {
	r := lm.Query(from, to)
	return Sight{Clear: r.Clear, Range: r.Range, Hindrance: r.Hindrance}
}

// pack writes a Sight in a cache cell: bit 0 set (traced), bit 1 clear,
// bits 2-7 the hindrance (at most 63), bits 8-31 the range.
func pack(s Sight) uint32 {
	v := uint32(1) | uint32(min(max(s.Hindrance, 0), 63))<<2 | uint32(min(max(s.Range, 0), 1<<24-1))<<8
	if s.Clear {
		v |= 2
	}
	return v
}

func unpack(v uint32) Sight {
	return Sight{Clear: v&2 != 0, Hindrance: int(v>>2) & 63, Range: int(v >> 8)}
}
