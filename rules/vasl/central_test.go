package vasl

import (
	"archive/zip"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// This file checks the derivation against VASL's own reading of a hex
// (VASL.LOS.Map.Hex.resetTerrain): the terrain and level of the pixel under
// the centre dot, truncated, and "inherent" terrain anywhere in the hex's
// central region. The oracle below restates VASL's geometry directly, in
// floating point as VASL computes it, independently of geometry.go's
// integer tables.

// vaslHex is one hex as VASL lays it out (Hex.initHexNew).
type vaslHex struct {
	h          hex.Hex
	losX, losY int // the centre location's LOS point: the pixel VASL reads
	side       [6][2]int
	on         [6]bool
	// The bounds of the hex border polygon, max exclusive, which VASL scans
	// for inherent terrain.
	minX, minY, maxX, maxY int
}

func newVASLHex(gw, gh int, h hex.Hex) vaslHex {
	hexW, hexH := float64(gw)/32, float64(gh)/10
	r := h.Row // VASL's row index: hex 0 of an odd hexrow, hex 1 of an even one, is 0
	if h.Col%2 == 0 {
		r--
	}
	x := hexW * float64(h.Col)
	y := hexH/2 + hexH*float64(r) - hexH/2*float64(h.Col%2)
	fix := func(x, y float64) (float64, float64) { // Hex.fixMapEdgePoints
		if x == -1 {
			x = 0
		}
		if y == -1 {
			y = 0
		}
		if int(x) == gw || int(x) == gw+1 {
			x = float64(gw) - 1
		}
		if int(y) == gh || int(y) == gh+1 {
			y = float64(gh) - 1
		}
		return x, y
	}
	v := vaslHex{h: h}
	cx, cy := fix(x, y)
	v.losX, v.losY = int(cx), int(cy)
	hs, vo := hexW*2/3, hexH/2
	round := func(f float64) int { return int(math.Floor(f + 0.5)) } // Java Math.round
	v.minX, v.minY, v.maxX, v.maxY = math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for _, p := range [6][2]float64{{-hs / 2, -vo}, {hs / 2, -vo}, {hs, 0}, {hs / 2, vo}, {-hs / 2, vo}, {-hs, 0}} {
		px, py := fix(p[0]+x, p[1]+y)
		v.minX, v.maxX = min(v.minX, round(px)), max(v.maxX, round(px))
		v.minY, v.maxY = min(v.minY, round(py)), max(v.maxY, round(py))
	}
	ho := math.Cos(30*math.Pi/180) * vo
	trunc := func(f float64) float64 { return float64(int(f)) }
	sides := [6][2]float64{
		{trunc(x), trunc(-vo + y + 1)},
		{trunc(ho + x - 1), trunc(-vo/2 + y + 1)},
		{trunc(ho + x - 1), trunc(vo/2 + y - 1)},
		{trunc(x), trunc(vo + y - 1)},
		{trunc(-ho + x + 1), trunc(vo/2 + y - 1)},
		{trunc(-ho + x + 1), trunc(-vo/2 + y + 1)},
	}
	for s, p := range sides {
		px, py := fix(p[0], p[1])
		v.side[s] = [2]int{int(px), int(py)}
		v.on[s] = true
	}
	// Hex.setHexFlags, "Normal" configuration.
	if h.Col == 0 {
		v.on[4], v.on[5] = false, false
	}
	if h.Col == layout.BoardCols {
		v.on[1], v.on[2] = false, false
	}
	if h.Col%2 == 1 && r == 0 {
		v.on[0], v.on[1], v.on[5] = false, false, false
	}
	if h.Col%2 == 1 && r == layout.BoardRows {
		v.on[3], v.on[2], v.on[4] = false, false, false
	}
	return v
}

// central reports whether pixel (x, y) is nearer the centre location than
// any hexside location (Hex.getNearestLocation).
func (v vaslHex) central(x, y int) bool {
	dist := func(px, py int) float64 { return math.Hypot(float64(x-px), float64(y-py)) }
	d := dist(v.losX, v.losY)
	for s := range 6 {
		if v.on[s] && dist(v.side[s][0], v.side[s][1]) < d {
			return false
		}
	}
	return true
}

// centre returns the terrain code VASL gives the hex's centre location,
// leaving out its fixes for buildings that miss the dot: the code under the
// dot, replaced by the first inherent code of the central region
// (Hex.setInherentTerrain); and the hex's base level.
func (v vaslHex) centre(d *LOSData, inherent *[256]bool) (code uint8, level int) {
	code, level = d.Code(v.losX, v.losY), d.Elevation(v.losX, v.losY)
	for x := v.minX; x < v.maxX && x < d.GridWidth; x++ {
		for y := v.minY; y < v.maxY; y++ {
			if x < 0 || y < 0 || y >= d.GridHeight {
				continue
			}
			if c := d.Code(x, y); inherent[c] && v.central(x, y) {
				return c, level
			}
		}
	}
	return code, level
}

// allHexes lists the 346 hexes of a board.
func allHexes() []hex.Hex {
	var out []hex.Hex
	for c := 0; c <= layout.BoardCols; c++ {
		first := 1
		if c%2 == 1 {
			first = 0
		}
		for n := first; n <= layout.BoardRows; n++ {
			out = append(out, hex.Hex{Col: c, Row: n})
		}
	}
	return out
}

// vaslInherent reads which codes SharedBoardMetadata.xml, beside the test
// boards, calls inherent terrain; the test is skipped without it.
func vaslInherent(t *testing.T) *[256]bool {
	t.Helper()
	data, err := os.ReadFile(testshared.Path(t, "vasl/SharedBoardMetadata.xml"))
	if err != nil {
		t.Fatal(err)
	}
	var in [256]bool
	re := regexp.MustCompile(`<terrainType [^>]*typeCode="(\d+)"[^>]*isInherentTerrain="TRUE"`)
	for _, m := range re.FindAllSubmatch(data, -1) {
		c, _ := strconv.Atoi(string(m[1]))
		in[c] = true
	}
	return &in
}

// boardRaster decodes a board's LOSData.
func boardRaster(t *testing.T, file string) *LOSData {
	t.Helper()
	zr, err := zip.OpenReader(filepath.Join(boardsDir(t), file))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name != "LOSData" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		d, err := DecodeLOSData(rc)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	return nil
}

// realBoards lists the IDs of the test boards that have terrain, reading
// each once for real: all of them in the long run, a quarter in the
// short.
func realBoards(t *testing.T) []string {
	t.Helper()
	ents, err := os.ReadDir(boardsDir(t))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	archives := 0
	for _, e := range ents {
		id, ok := IDFromFile(e.Name())
		if !ok {
			continue
		}
		// Every board in the long run (longrun); one archive in four in
		// the short.
		if archives++; !longrun.Enabled() && (archives-1)%4 != 0 {
			continue
		}
		id = strings.TrimLeft(id, "0")
		b, err := Open(filepath.Join(boardsDir(t), e.Name()))
		if errors.Is(err, ErrUnsupported) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		loadedMu.Lock()
		loaded[id] = b
		loadedMu.Unlock()
		ids = append(ids, id)
	}
	return ids
}

func archiveName(id string) string { return fmt.Sprintf("bd%02s", id) }

func hexName(h hex.Hex) string { return coord.ColName(h.Col) + strconv.Itoa(h.Row) }

// The central regions geometry.go marks are VASL's, pixel for pixel, on a
// standard board, and each lies inside its own hex.
func TestCentralRegionAsVASL(t *testing.T) {
	const gw, gh = 1800, 645
	g := geometryFor(gw, gh)
	want := make([]uint64, len(g.central))
	for _, h := range allHexes() {
		v := newVASLHex(gw, gh, h)
		n := 0
		for x := max(v.minX, 0); x < min(v.maxX, gw); x++ {
			for y := max(v.minY, 0); y < min(v.maxY, gh); y++ {
				if !v.central(x, y) {
					continue
				}
				n++
				i := x*gh + y
				want[i>>6] |= 1 << (i & 63)
				if o := indexHex(int(g.owner[i])); o != h {
					t.Errorf("pixel (%d, %d) of the central region of %s belongs to %s", x, y, hexName(h), hexName(o))
				}
			}
		}
		// A central region is about a quarter of a whole hex.
		if n < 200 || n > 1100 {
			t.Errorf("%s: central region of %d pixels", hexName(h), n)
		}
	}
	for i := range gw * gh {
		if w := want[i>>6]&(1<<(i&63)) != 0; w != g.isCentral(i) {
			t.Fatalf("pixel (%d, %d): central %v, VASL %v", i/gh, i%gh, g.isCentral(i), w)
		}
	}
}

// Every hex of every real board has VASL's base level (the level of the
// pixel under its centre dot, truncated) and the terrain VASL gives its
// centre: the dot's, or the first inherent terrain of its central region.
// Before the dot was truncated (it was rounded) 9 hexes had another level
// (5EE2, 12K10, 22K2, 34G6, 34W10, 40Z1, 40BB1, 41O10, 48G3) and 24J5,
// where a thin gully crosses woods, lacked the gully under its dot. The
// woods stay in 24J5: they cover 61% of it (the gully 18%).
func TestCentreAsVASL(t *testing.T) {
	inherent := vaslInherent(t)
	for _, id := range realBoards(t) {
		d := boardRaster(t, archiveName(id))
		b := real(t, id)
		for _, h := range allHexes() {
			v := newVASLHex(d.GridWidth, d.GridHeight, h)
			code, level := v.centre(d, inherent)
			th := b.Hex(h)
			if th.Elevation != level {
				t.Errorf("%s%s at level %d, VASL %d (pixel %d, %d)", id, hexName(h), th.Elevation, level, v.losX, v.losY)
			}
			if want := codes[code].kinds; th.Kinds&want != want {
				t.Errorf("%s%s is %v, VASL's centre %v (code %d)", id, hexName(h), th.Kinds, want, code)
			}
		}
	}
	th := at(t, real(t, "24"), "J5")
	if !th.Kinds.Has(terrain.Gully) || th.Elevation != -2 {
		t.Errorf("24J5 is %v at level %d, want gully at level -2", th.Kinds, th.Elevation)
	}
}

// Boards 8 and 21 draw an orchard hex as four separate trees (15-21% of
// the hex), none under the centre dot: the central-region rule makes them
// orchards. The named hexes were checked on the raster (code 63 around the
// dot).
func TestInherentOrchards(t *testing.T) {
	for _, tt := range []struct {
		board string
		hexes []string
	}{
		{"8", []string{"D2", "E2", "K5", "R0", "S8", "X6", "DD0"}},
		{"21", []string{"B1", "C1", "N7", "O7", "P6"}},
	} {
		b := real(t, tt.board)
		for _, s := range tt.hexes {
			if th := at(t, b, s); !th.Kinds.Has(terrain.Orchard) {
				t.Errorf("%s%s is %v, want orchard", tt.board, s, th.Kinds)
			}
		}
	}
}

// orchardCodes are VASL's orchard-like codes.
var orchardCodes = []uint8{63, 64, 118, 119, 129}

// Orchard spill: a hex our derivation makes an orchard although the
// orchard there is drawn for a neighbour. Two tests find it, each
// independent of the derivation's rules:
//   - VASL does not make the hex an orchard: neither the pixel under its
//     dot nor the first inherent terrain of its central region (the
//     oracle above) is orchard, so the orchard pixels that made it one (a
//     25% share, minShare) lie toward its hexsides;
//   - orchard covers less than 10% of the hex: at most two trees' worth,
//     where the sparsest orchard hexes of any board (four trees on boards
//     8 and 21) cover 15-21%, so what is there spills in from a neighbour
//     (ASL B.1).
//
// The spill is the share of derived orchard hexes either test finds. It
// must stay at or under 3% on boards 24 and 44, where orchards are drawn
// as solid areas, and on 8 and 21, where the central-region rule finds
// them; and no hex VASL calls an orchard may be missed.
func TestOrchardSpill(t *testing.T) {
	inherent := vaslInherent(t)
	for _, id := range []string{"24", "44", "8", "21"} {
		d := boardRaster(t, archiveName(id))
		g := geometryFor(d.GridWidth, d.GridHeight)
		var orchard [numHexes]int32
		for x := range d.GridWidth {
			for y := range d.GridHeight {
				if slices.Contains(orchardCodes, d.Code(x, y)) {
					orchard[g.owner[x*d.GridHeight+y]]++
				}
			}
		}
		b := real(t, id)
		var derived, spill, missed []string
		least := 1.0
		for _, h := range allHexes() {
			code, _ := newVASLHex(d.GridWidth, d.GridHeight, h).centre(d, inherent)
			vasl := slices.Contains(orchardCodes, code)
			ours := b.Hex(h).Kinds.Has(terrain.Orchard)
			share := float64(orchard[hexIndex(h)]) / float64(g.area[hexIndex(h)])
			if ours {
				derived = append(derived, hexName(h))
				least = min(least, share)
				if !vasl || share < 0.10 {
					spill = append(spill, fmt.Sprintf("%s (VASL %v, %.0f%%)", hexName(h), codes[code].kinds, 100*share))
				}
			}
			if vasl && !ours {
				missed = append(missed, hexName(h))
			}
		}
		share := float64(len(spill)) / float64(max(len(derived), 1))
		t.Logf("board %s: %d orchard hexes (the sparsest %.0f%% orchard), spill %d (%.1f%%) %v", id, len(derived), 100*least, len(spill), 100*share, spill)
		if share > 0.03 {
			t.Errorf("board %s: orchard spill %.1f%% %v, want at most 3%%", id, 100*share, spill)
		}
		if len(missed) > 0 {
			t.Errorf("board %s: VASL's orchards %v are not orchards", id, missed)
		}
		if len(derived) == 0 {
			t.Errorf("board %s has no orchard", id)
		}
	}
}
