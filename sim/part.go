package sim

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// A sharded run: shard i of n plays the replicates Block(runs, i, n) and
// writes a part file, its tallies with the run's identity; Merger adds the
// parts of one run back into the tallies of the whole run. Tallies are
// integers, so the merged result is the unsharded one exactly.

// PartFormat names the part file format; a reader refuses any other.
//
// Format 2 counts why the FRIENDLY side lost and pairs each tally with
// the one before (Tally.Losses, OnlyHere, OnlyPrev), and a sweep's part
// holds no tally of the mission as it is. Format 3 writes the run's seed
// as a string, as every JSON sasl writes does: a reader that holds numbers
// as doubles (JavaScript) would round a 64-bit seed.
const PartFormat = "sasl-sim-part/3"

// MaxPartSize bounds the size of a part file; a mission's parts are
// bounded by its map and turns far below (Merger.Add), and a header by
// maxHeader.
const MaxPartSize = 64 << 20

const (
	maxHeader = 1 << 20 // bytes before the tallies
	maxString = 4096    // bytes of a path or the engine's name
)

// RunID is what makes parts one run: the engine, the mission, its map and
// its tables (by digest: paths may differ between machines), the FRIENDLY
// policy, the seed, the number of games, the sweep and the number of shards.
type RunID struct {
	Engine        string       `json:"engine"`
	Mission       string       `json:"mission"`
	MissionSHA256 string       `json:"mission_sha256"`
	Boards        string       `json:"boards,omitempty"`
	BoardsSHA256  string       `json:"boards_sha256"`
	Tables        string       `json:"tables,omitempty"`
	TablesSHA256  string       `json:"tables_sha256"`
	Policy        state.Policy `json:"friendly_policy"`
	Seed          uint64       `json:"seed,string"`
	Runs          int64        `json:"runs"`
	// Vary is the sweep, KEY=v1,v2,... ("" for none).
	Vary   string `json:"vary,omitempty"`
	Shards int    `json:"shards"`
}

// newRunID is the identity of a run of a prepared mission; hdr names its
// mission, boards and tables as game.Open gave them.
func newRunID(p *world.World, hdr state.Game, engine string, seed uint64, runs int64, vary string, shards int) RunID {
	return RunID{
		Engine:  engine,
		Mission: hdr.Mission, MissionSHA256: p.Mission().Digest,
		Boards: hdr.Boards, BoardsSHA256: p.Map().Digest(),
		Tables: hdr.Tables, TablesSHA256: p.Tables().Digest(),
		Policy: hdr.Policy, Seed: seed, Runs: runs, Vary: vary, Shards: max(shards, 1),
	}
}

// Differs says how o is not the run id ("" if it is): "seed 2, not 1".
// Paths are not compared, digests are.
func (id RunID) Differs(o RunID) string {
	short := func(d string) string { return d[:min(len(d), 12)] }
	switch {
	case o.Engine != id.Engine:
		return fmt.Sprintf("engine %q, not %q", o.Engine, id.Engine)
	case o.MissionSHA256 != id.MissionSHA256:
		return fmt.Sprintf("mission %s (sha256 %s), not %s (sha256 %s)", o.Mission, short(o.MissionSHA256), id.Mission, short(id.MissionSHA256))
	case o.BoardsSHA256 != id.BoardsSHA256:
		return fmt.Sprintf("boards of another terrain (sha256 %s, not %s; boards folder %q, not %q)", short(o.BoardsSHA256), short(id.BoardsSHA256), o.Boards, id.Boards)
	case o.TablesSHA256 != id.TablesSHA256:
		return fmt.Sprintf("other tables (sha256 %s, not %s; tables file %q, not %q)", short(o.TablesSHA256), short(id.TablesSHA256), o.Tables, id.Tables)
	case o.Policy != id.Policy:
		return fmt.Sprintf("FRIENDLY policy %q, not %q", o.Policy, id.Policy)
	case o.Seed != id.Seed:
		return fmt.Sprintf("seed %d, not %d", o.Seed, id.Seed)
	case o.Runs != id.Runs:
		return fmt.Sprintf("%d games, not %d", o.Runs, id.Runs)
	case o.Vary != id.Vary:
		return fmt.Sprintf("sweep %q, not %q", o.Vary, id.Vary)
	case o.Shards != id.Shards:
		return fmt.Sprintf("%d shards, not %d", o.Shards, id.Shards)
	}
	return ""
}

// PartHeader is a part file without its tallies.
type PartHeader struct {
	Format string `json:"format"`
	Run    RunID  `json:"run"`
	Shard  int    `json:"shard"`
	Block  pair   `json:"replicates"` // from, to (exclusive)
	// TalliesSHA256 is the SHA-256 of the tallies (each as this sasl
	// writes it): a part changed after it was written is refused.
	TalliesSHA256 string `json:"tallies_sha256"`
	// Name is the file's name, for messages (not in the file).
	Name string `json:"-"`
}

// Part is a part file: shard Shard of a run, the tally of its block of
// replicates for the mission or, with a sweep, one for each value.
type Part struct {
	PartHeader
	Tallies []*Tally
}

// NewPart is shard i of run id, with the tallies of its block.
func NewPart(id RunID, shard int, tallies []*Tally) *Part {
	from, to := Block(id.Runs, shard, id.Shards)
	return &Part{PartHeader: PartHeader{Format: PartFormat, Run: id, Shard: shard, Block: pair{from, to}}, Tallies: tallies}
}

// WriteTo writes the part file.
func (pt *Part) WriteTo(w io.Writer) (int64, error) {
	out := struct {
		PartHeader
		Tallies []*tallyJSON `json:"tallies"`
	}{PartHeader: pt.PartHeader}
	sum := sha256.New()
	for _, t := range pt.Tallies {
		tw := t.wire()
		if err := tw.hash(sum); err != nil {
			return 0, err
		}
		out.Tallies = append(out.Tallies, tw)
	}
	out.TalliesSHA256 = fmt.Sprintf("%x", sum.Sum(nil))
	data, err := json.Marshal(out)
	if err != nil {
		return 0, err
	}
	n, err := w.Write(append(data, '\n'))
	return int64(n), err
}

// histJSON is a Hist in a part file: trailing empty bins left out.
type histJSON struct {
	Counts []int64 `json:"counts"`
	Never  int64   `json:"never,omitempty"`
}

// tallyJSON is a Tally in a part file. Heatmaps are sparse: (map index,
// count) pairs by increasing index, for the hexes with a count.
type tallyJSON struct {
	Runs         int64      `json:"runs"`
	FriendlyWins int64      `json:"friendly_wins"`
	Losses       [3]int64   `json:"friendly_losses"`      // on VPOs, exits, both
	Paired       pair       `json:"paired_with_previous"` // won only here, only there
	Exited       histJSON   `json:"enemy_exited_halves"`
	Placed       histJSON   `json:"s_placed"`
	Activated    histJSON   `json:"s_activated"`
	CasEnemy     histJSON   `json:"casualties_enemy"`
	CasFriendly  histJSON   `json:"casualties_friendly"`
	FirstVPO     []histJSON `json:"first_vpo"`
	FirstFBE     histJSON   `json:"first_fbe"`
	SetupS       histJSON   `json:"setup_s_activated"`
	Dummies      histJSON   `json:"setup_s_dummies"`
	SetupSquads  histJSON   `json:"setup_s_squad_halves"`
	Setup        []pair     `json:"setup"`
	Presence     [][]pair   `json:"presence_by_turn"`
}

// hash adds the tally's canonical form to a checksum.
func (w *tallyJSON) hash(h hash.Hash) error {
	data, err := json.Marshal(w)
	if err != nil {
		return err
	}
	h.Write(data)
	return nil
}

// pair is two whole numbers: [a,b], exactly.
type pair [2]int64

func (p *pair) UnmarshalJSON(b []byte) error {
	i, k := 0, 0
	space := func() {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
			i++
		}
	}
	// num reads a whole number (no sign but minus, no fraction or exponent)
	// and the space after it.
	num := func() bool {
		space()
		neg := i < len(b) && b[i] == '-'
		if neg {
			i++
		}
		start := i
		var x int64
		for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			if x > (math.MaxInt64-9)/10 {
				return false
			}
			x = x*10 + int64(b[i]-'0')
		}
		if neg {
			x = -x
		}
		p[k], k = x, k+1
		space()
		return i > start
	}
	expect := func(c byte) bool {
		space()
		ok := i < len(b) && b[i] == c
		i++
		return ok
	}
	if expect('[') && num() && expect(',') && num() && expect(']') {
		if space(); i == len(b) {
			return nil
		}
	}
	return fmt.Errorf("%.40s: want a pair of whole numbers [a,b]", b)
}

// maxTallyBytes bounds the size of one of p's tallies in a part file, as
// written with room to spare: the decoder's memory stays a small multiple
// of it whatever the file holds.
func (p *Prepared) maxTallyBytes() int64 {
	t := p.newTally()
	cells := int64(len(t.Setup)) * int64(1+len(t.Presence))
	bins := int64(len(t.hists())) * int64(p.maxCount+1)
	return 2 * (cells*32 + bins*21 + 4096)
}

func (h *Hist) wire() histJSON {
	last := len(h.Counts)
	for last > 0 && h.Counts[last-1] == 0 {
		last--
	}
	return histJSON{Counts: h.Counts[:last], Never: h.Never}
}

func sparse(counts []int64) []pair {
	out := []pair{}
	for i, c := range counts {
		if c != 0 {
			out = append(out, pair{int64(i), c})
		}
	}
	return out
}

func (t *Tally) wire() *tallyJSON {
	w := &tallyJSON{
		Runs: t.Runs, FriendlyWins: t.FriendlyWins, Losses: t.Losses, Paired: pair{t.OnlyHere, t.OnlyPrev},
		Exited: t.Exited.wire(), Placed: t.Placed.wire(), Activated: t.Activated.wire(),
		CasEnemy: t.Casualties[state.Enemy].wire(), CasFriendly: t.Casualties[state.Friendly].wire(),
		FirstFBE: t.FirstFBE.wire(), Setup: sparse(t.Setup),
		SetupS: t.SetupS.wire(), Dummies: t.Dummies.wire(), SetupSquads: t.SetupSquads.wire(),
	}
	for i := range t.FirstVPO {
		w.FirstVPO = append(w.FirstVPO, t.FirstVPO[i].wire())
	}
	for _, row := range t.Presence {
		w.Presence = append(w.Presence, sparse(row))
	}
	return w
}

// maxHexCount bounds one hex's count per game in a part file: no more
// units than this stand in a hex at the end of a turn.
const maxHexCount = 1 << 12

// tally checks w against the shape of p's tallies and the invariants of a
// tally of runs games and sets t (a tally of p, emptied first) to it;
// errors say what is wrong.
func (p *Prepared) tally(t *Tally, w *tallyJSON, runs int64) error {
	t.reset()
	if w.Runs != runs {
		return fmt.Errorf("%d games, not the block's %d", w.Runs, runs)
	}
	t.Runs = w.Runs
	if w.FriendlyWins < 0 || w.FriendlyWins > runs {
		return fmt.Errorf("friendly_wins %d of %d games", w.FriendlyWins, runs)
	}
	t.FriendlyWins = w.FriendlyWins
	var lost int64
	for _, c := range w.Losses {
		if c < 0 || c > runs {
			return fmt.Errorf("friendly_losses %v of %d games", w.Losses, runs)
		}
		lost += c
	}
	if lost != runs-w.FriendlyWins {
		return fmt.Errorf("friendly_losses %v: %d games lost, not the %d the FRIENDLY side did not win", w.Losses, lost, runs-w.FriendlyWins)
	}
	t.Losses = w.Losses
	if here, there := w.Paired[0], w.Paired[1]; here < 0 || there < 0 || here > w.FriendlyWins || there > runs-w.FriendlyWins {
		return fmt.Errorf("paired_with_previous %v: of %d games, %d won", w.Paired, runs, w.FriendlyWins)
	}
	t.OnlyHere, t.OnlyPrev = w.Paired[0], w.Paired[1]
	hist := func(name string, dst *Hist, src histJSON, never bool) error {
		if max := max(len(dst.Counts), p.maxCount+1); len(src.Counts) > max {
			return fmt.Errorf("%s: %d bins, at most %d", name, len(src.Counts), max)
		}
		dst.grow(len(src.Counts))
		if src.Never != 0 && !never {
			return fmt.Errorf("%s: never %d: every game has a value", name, src.Never)
		}
		sum := src.Never
		for i, c := range src.Counts {
			if c < 0 || c > runs {
				return fmt.Errorf("%s: bin %d holds %d of %d games", name, i, c, runs)
			}
			sum += c
			dst.Counts[i] = c
		}
		if src.Never < 0 || sum != runs {
			return fmt.Errorf("%s: counts %d games, not %d", name, sum, runs)
		}
		dst.Never = src.Never
		return nil
	}
	if len(w.FirstVPO) != len(t.FirstVPO) {
		return fmt.Errorf("first_vpo: %d VPOs, the mission has %d", len(w.FirstVPO), len(t.FirstVPO))
	}
	if len(w.Presence) != len(t.Presence) {
		return fmt.Errorf("presence_by_turn: %d turns, the mission has %d", len(w.Presence), len(t.Presence))
	}
	err := errors.Join(
		hist("enemy_exited_halves", &t.Exited, w.Exited, false),
		hist("s_placed", &t.Placed, w.Placed, false),
		hist("s_activated", &t.Activated, w.Activated, false),
		hist("casualties_enemy", &t.Casualties[state.Enemy], w.CasEnemy, false),
		hist("casualties_friendly", &t.Casualties[state.Friendly], w.CasFriendly, false),
		hist("first_fbe", &t.FirstFBE, w.FirstFBE, true),
		hist("setup_s_activated", &t.SetupS, w.SetupS, false),
		hist("setup_s_dummies", &t.Dummies, w.Dummies, false),
		hist("setup_s_squad_halves", &t.SetupSquads, w.SetupSquads, false),
	)
	if err != nil {
		return err
	}
	for i := range w.FirstVPO {
		if err := hist(fmt.Sprintf("first_vpo %d", i), &t.FirstVPO[i], w.FirstVPO[i], true); err != nil {
			return err
		}
	}
	heat := func(name string, dst []int64, src []pair) error {
		last := int64(-1)
		for _, e := range src {
			i, c := e[0], e[1]
			if i <= last || i >= int64(len(dst)) {
				return fmt.Errorf("%s: map index %d out of order or off the map (0 to %d)", name, i, len(dst)-1)
			}
			if c <= 0 || c > runs*maxHexCount {
				return fmt.Errorf("%s: map index %d: count %d in %d games", name, i, c, runs)
			}
			dst[i], last = c, i
		}
		return nil
	}
	if err := heat("setup", t.Setup, w.Setup); err != nil {
		return err
	}
	for turn := range w.Presence {
		if err := heat(fmt.Sprintf("presence_by_turn %d", turn+1), t.Presence[turn], w.Presence[turn]); err != nil {
			return err
		}
	}
	return nil
}

// limited reads at most n bytes and then fails with tooBig.
type limited struct {
	r        io.Reader
	n, bound int64
}

// tooBig is the error of a file larger than its bound.
type tooBig struct{ bound int64 }

func (e tooBig) Error() string {
	return fmt.Sprintf("larger than a part file of this mission can be (%d bytes): not a part file", e.bound)
}

func (l *limited) Read(b []byte) (int, error) {
	if l.n <= 0 {
		return 0, tooBig{l.bound}
	}
	b = b[:min(int64(len(b)), l.n)]
	n, err := l.r.Read(b)
	l.n -= int64(n)
	return n, err
}

// partDecoder reads a part file's keys in order.
type partDecoder struct {
	dec  *json.Decoder
	name string
}

func newPartDecoder(r io.Reader, name string, bound int64) *partDecoder {
	return &partDecoder{dec: json.NewDecoder(&limited{r: r, n: bound, bound: bound}), name: name}
}

func (d *partDecoder) errorf(format string, args ...any) error {
	return fmt.Errorf("%s: %s", d.name, fmt.Sprintf(format, args...))
}

// wrap names the file and the byte offset of a decoding error.
func (d *partDecoder) wrap(err error) error {
	if err == nil {
		return nil
	}
	if errors.As(err, new(tooBig)) {
		return d.errorf("%v", err)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		if d.dec.InputOffset() == 0 {
			return d.errorf("empty: not a part file")
		}
		return d.errorf("cut short at byte %d: not a whole part file", d.dec.InputOffset())
	}
	return d.errorf("byte %d: %v", d.dec.InputOffset(), err)
}

// header reads up to the tallies key and checks the header.
func (d *partDecoder) header() (PartHeader, error) {
	h := PartHeader{Name: d.name}
	if tok, err := d.dec.Token(); err != nil {
		return h, d.wrap(err)
	} else if tok != json.Delim('{') {
		return h, d.errorf("not a part file of sasl sim (it does not start with {)")
	}
	seen := map[string]bool{}
	for {
		tok, err := d.dec.Token()
		if err != nil {
			return h, d.wrap(err)
		}
		key, ok := tok.(string)
		if !ok {
			return h, d.errorf("not a part file of sasl sim: no tallies")
		}
		if seen[key] {
			return h, d.errorf("key %q twice", key)
		}
		seen[key] = true
		var dst any
		switch key {
		case "format":
			dst = &h.Format
		case "run":
			dst = &h.Run
		case "shard":
			dst = &h.Shard
		case "replicates":
			dst = &h.Block
		case "tallies_sha256":
			dst = &h.TalliesSHA256
		case "tallies":
			for _, k := range []string{"format", "run", "shard", "replicates", "tallies_sha256"} {
				if !seen[k] {
					return h, d.errorf("no %q before the tallies", k)
				}
			}
			return h, d.check(h)
		default:
			return h, d.errorf("unknown key %q", key)
		}
		if key != "format" && !seen["format"] {
			return h, d.errorf("not a part file of sasl sim: it does not start with its format")
		}
		var raw json.RawMessage
		if err := d.dec.Decode(&raw); err != nil {
			return h, d.wrap(err)
		}
		strict := json.NewDecoder(bytes.NewReader(raw))
		strict.DisallowUnknownFields()
		if err := strict.Decode(dst); err != nil {
			return h, d.errorf("%s: %v", key, err)
		}
		if key == "format" && h.Format != PartFormat {
			return h, d.errorf("format %q: this sasl reads %q", h.Format, PartFormat)
		}
	}
}

func (d *partDecoder) check(h PartHeader) error {
	id := h.Run
	for _, s := range []string{id.Engine, id.Mission, id.Boards, id.Tables, string(id.Policy), id.Vary} {
		if len(s) > maxString {
			return d.errorf("run: a name of %d bytes: not a part file of sasl sim", len(s))
		}
	}
	if id.Runs < 1 || id.Runs > MaxRuns {
		return d.errorf("run of %d games: want 1 to %d", id.Runs, int64(MaxRuns))
	}
	if err := checkShard(id.Runs, h.Shard, id.Shards); err != nil {
		return d.errorf("%s", strings.TrimPrefix(err.Error(), "sim: "))
	}
	if from, to := Block(id.Runs, h.Shard, id.Shards); h.Block != (pair{from, to}) {
		return d.errorf("replicates %d to %d: shard %d of %d plays %d to %d", h.Block[0], h.Block[1], h.Shard, id.Shards, from, to)
	}
	return nil
}

// ReadPartHeader reads a part file's header (not its tallies); name is
// used in errors.
func ReadPartHeader(r io.Reader, name string) (PartHeader, error) {
	return newPartDecoder(r, name, maxHeader).header()
}

// Order checks that the headers are the parts of one run, every shard
// 0..n-1 exactly once, and returns their indexes in shard order. Errors
// name the files: a part of another run, a shard given twice, the shards
// missing.
func Order(hs []PartHeader) ([]int, error) {
	if len(hs) == 0 {
		return nil, errors.New("sim: no part files")
	}
	first := hs[0]
	n := first.Run.Shards
	at := make([]int, n)
	for i := range at {
		at[i] = -1
	}
	for i, h := range hs {
		if d := first.Run.Differs(h.Run); d != "" {
			return nil, fmt.Errorf("sim: %s is a part of another run than %s: %s", h.Name, first.Name, d)
		}
		if h.Shard < 0 || h.Shard >= n {
			return nil, fmt.Errorf("sim: %s: shard %d of %d", h.Name, h.Shard, n)
		}
		if j := at[h.Shard]; j >= 0 {
			return nil, fmt.Errorf("sim: %s and %s are both shard %d of %d", hs[j].Name, h.Name, h.Shard, n)
		}
		at[h.Shard] = i
	}
	var missing []string
	for s, i := range at {
		if i < 0 {
			missing = append(missing, fmt.Sprint(s))
		}
	}
	if count := len(missing); count > 0 {
		more := ""
		if count > 20 {
			more = fmt.Sprintf(" and %d more", count-20)
			missing = missing[:20]
		}
		return nil, fmt.Errorf("sim: %d of %d shards missing: shard %s%s (%d part files given)", count, n, strings.Join(missing, ", "), more, len(hs))
	}
	return at, nil
}

// Merger adds up the parts of one run.
type Merger struct {
	id     RunID
	preps  []*Prepared
	totals []*Tally
	// scratch holds a part's tallies until all of them are read and right.
	scratch []*Tally
	added   []string // the file of each shard added, "" if none
	bound   int64    // the most bytes a part file of the run can hold
}

// NewMerger merges the parts of run id; preps are the prepared mission or,
// in order, the mission at each value of the sweep (Sweep.Preps).
func NewMerger(id RunID, preps []*Prepared) *Merger {
	m := &Merger{id: id, preps: preps, added: make([]string, id.Shards), bound: maxHeader}
	for _, p := range preps {
		m.totals = append(m.totals, p.newTally())
		m.scratch = append(m.scratch, p.newTally())
		m.bound += p.maxTallyBytes()
	}
	m.bound = min(m.bound, MaxPartSize)
	return m
}

// Add reads one part file and adds its tallies; name is used in errors.
// A part that does not belong, or whose tallies are not the counts of its
// block of games on this mission, is an error naming the file; nothing of
// it is added then.
func (m *Merger) Add(r io.Reader, name string) error {
	d := newPartDecoder(r, name, m.bound)
	h, err := d.header()
	if err != nil {
		return err
	}
	if diff := m.id.Differs(h.Run); diff != "" {
		return d.errorf("a part of another run: %s", diff)
	}
	if prev := m.added[h.Shard]; prev != "" {
		return d.errorf("shard %d of %d again (%s has it)", h.Shard, m.id.Shards, prev)
	}
	if tok, err := d.dec.Token(); err != nil {
		return d.wrap(err)
	} else if tok != json.Delim('[') {
		return d.errorf("tallies: not a list")
	}
	runs := h.Block[1] - h.Block[0]
	sum := sha256.New()
	n := 0
	for ; d.dec.More(); n++ {
		if n == len(m.preps) {
			return d.errorf("tallies: more than %d (the mission or each value of the sweep)", len(m.preps))
		}
		var w tallyJSON
		d.dec.DisallowUnknownFields()
		if err := d.dec.Decode(&w); err != nil {
			return d.wrap(err)
		}
		if err := m.preps[n].tally(m.scratch[n], &w, runs); err != nil {
			return d.errorf("tally %d: %v", n, err)
		}
		if err := w.hash(sum); err != nil {
			return d.errorf("tally %d: %v", n, err)
		}
	}
	if n != len(m.preps) {
		return d.errorf("tallies: %d, want %d (the mission or each value of the sweep)", n, len(m.preps))
	}
	// The pairs say how the wins changed from one tally to the next.
	for i, t := range m.scratch {
		switch {
		case i == 0 && (t.OnlyHere != 0 || t.OnlyPrev != 0):
			return d.errorf("tally 0: paired with a tally before it")
		case i > 0 && t.FriendlyWins-m.scratch[i-1].FriendlyWins != t.OnlyHere-t.OnlyPrev:
			return d.errorf("tally %d: %d FRIENDLY wins, %d before it, paired %d and %d: they do not add up", i, t.FriendlyWins, m.scratch[i-1].FriendlyWins, t.OnlyHere, t.OnlyPrev)
		case i > 0 && t.OnlyPrev > m.scratch[i-1].FriendlyWins:
			return d.errorf("tally %d: %d games won only before it, of %d won there", i, t.OnlyPrev, m.scratch[i-1].FriendlyWins)
		}
	}
	for _, want := range []json.Delim{']', '}'} {
		if tok, err := d.dec.Token(); err != nil {
			return d.wrap(err)
		} else if tok != want {
			return d.errorf("byte %d: %v after the tallies", d.dec.InputOffset(), tok)
		}
	}
	if _, err := d.dec.Token(); err != io.EOF {
		return d.errorf("byte %d: more after the part", d.dec.InputOffset())
	}
	if got := fmt.Sprintf("%x", sum.Sum(nil)); got != h.TalliesSHA256 {
		return d.errorf("the tallies are not what the shard wrote (sha256 %.12s, the header says %.12s): changed or damaged since", got, h.TalliesSHA256)
	}
	for i, t := range m.scratch {
		m.totals[i].Merge(t)
	}
	m.added[h.Shard] = name
	return nil
}

// Results are the results of the whole run, the mission's or each
// value's of the sweep, once every shard is added.
func (m *Merger) Results() ([]*Result, error) {
	var missing []int
	for s, name := range m.added {
		if name == "" {
			missing = append(missing, s)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("sim: %d of %d shards not added: %v", len(missing), m.id.Shards, missing[:min(len(missing), 20)])
	}
	var out []*Result
	for i, t := range m.totals {
		out = append(out, t.result(m.preps[i], m.id.Seed))
	}
	return slices.Clip(out), nil
}
