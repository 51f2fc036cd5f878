package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/table"
)

// compactSVG draws what render drew: the same subpaths of each style in
// the same order, the same words in the same styles (in a second SVG of
// the same frame), with fewer elements.
func TestCompactSVG(t *testing.T) {
	t.Parallel()
	in := `<?xml version="1.0"?>
<svg width="10pt" height="10pt" viewBox="0 0 10 10">
<g transform="scale(1, -1) translate(0, -10)">
<path d="M0,0L1,1Z" style="fill:#DFE3B8" />
<path d="M1,1L2,2Z" style="fill:#DFE3B8" />
<path d="M2,2L3,3Z" style="fill:#2F6B2A" />
<path d="M3,3L4,4Z" style="fill-opacity:0.43922" />
<path d="M4,4L5,5Z" style="fill-opacity:0.43922" />
<text x="1" y="-2" transform="scale(1, -1)"
	style="font-size:6px;fill:#202020">A1</text>
<text x="3" y="-4" transform="scale(1, -1)"
	style="font-size:6px;fill:#FFFFFF">B1</text>
<text x="5" y="-6" transform="scale(1, -1)"
	style="font-size:6px;fill:#202020">A2</text>
<path d="M5,5L6,6Z" style="fill:#DFE3B8" />
</g>
</svg>
`
	want := `<?xml version="1.0"?>
<svg width="10pt" height="10pt" viewBox="0 0 10 10">
<g transform="scale(1, -1) translate(0, -10)">
<path d="M0,0L1,1ZM1,1L2,2Z" style="fill:#DFE3B8"/>
<path d="M2,2L3,3Z" style="fill:#2F6B2A"/>
<path d="M3,3L4,4Z" style="fill-opacity:0.43922" />
<path d="M4,4L5,5Z" style="fill-opacity:0.43922" />
<path d="M5,5L6,6Z" style="fill:#DFE3B8"/>
</g>
</svg>
`
	wantLabels := `<?xml version="1.0"?>
<svg width="10pt" height="10pt" viewBox="0 0 10 10">
<g transform="scale(1, -1) translate(0, -10)">
<text transform="scale(1,-1)" style="font-size:6px;fill:#202020"><tspan x="1" y="-2">A1</tspan><tspan x="5" y="-6">A2</tspan></text>
<text transform="scale(1,-1)" style="font-size:6px;fill:#FFFFFF"><tspan x="3" y="-4">B1</tspan></text>
</g>
</svg>
`
	got, labels, err := compactSVG([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("compactSVG:\n%s\nwant:\n%s", got, want)
	}
	if string(labels) != wantLabels {
		t.Errorf("compactSVG's words:\n%s\nwant:\n%s", labels, wantLabels)
	}
	if _, _, err := compactSVG([]byte("<text x=\"1\" y=\"2\" transform=\"scale(1, -1)\"\n")); err == nil {
		t.Error("an SVG cut inside a text was compacted")
	}
}

// The map of a game: drawn once, its two SVGs (terrain, words) those of
// the game's MapPicture compacted (every subpath and word kept), and
// without a counter.
func TestMapSVG(t *testing.T) {
	t.Parallel()
	srv, path := newServer(t)
	w := request(srv, http.MethodGet, "/api/map", "")
	var info mapInfo
	if err := json.Unmarshal(w.Body.Bytes(), &info); err != nil {
		t.Fatal(err)
	}
	fetch := func(url string) []byte {
		w := request(srv, http.MethodGet, url, "", func(r *http.Request) { r.Header.Set("Accept-Encoding", "gzip") })
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatalf("%s: %v", url, err)
		}
		b, _ := io.ReadAll(zr)
		return b
	}
	terrain, labels := fetch(info.SVG), fetch(info.Labels)
	if strings.Contains(string(terrain), "<text") || strings.Contains(string(labels), "<path") {
		t.Errorf("the map's terrain has words, or its words have paths")
	}
	got := append(terrain, labels...)
	if w := request(srv, http.MethodGet, "/api/map.svg?part=counters", ""); w.Code != http.StatusBadRequest {
		t.Errorf("a part of the map that is none: %d", w.Code)
	}
	tg, err := table.Read(path, table.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Close()
	var raw bytes.Buffer
	if err := tg.MapPicture().WriteSVG(&raw); err != nil {
		t.Fatal(err)
	}
	subpaths := regexp.MustCompile(`M[-0-9.]+,[-0-9.]+`)
	words := regexp.MustCompile(`>([^<>]+)</t`)
	list := func(b []byte, re *regexp.Regexp) []string {
		var out []string
		for _, m := range re.FindAllSubmatch(b, -1) {
			out = append(out, string(m[len(m)-1]))
		}
		slices.Sort(out)
		return out
	}
	if a, b := list(raw.Bytes(), subpaths), list(got, subpaths); !slices.Equal(a, b) || len(a) < 1000 {
		t.Errorf("the map's SVG has %d subpaths, render drew %d", len(b), len(a))
	}
	if a, b := list(raw.Bytes(), words), list(got, words); !slices.Equal(a, b) || len(a) < 100 {
		t.Errorf("the map's SVG has %d words, render drew %d", len(b), len(a))
	}
	if n, m := strings.Count(string(got), "<path")+strings.Count(string(got), "<text"), strings.Count(raw.String(), "<path")+strings.Count(raw.String(), "<text"); n*2 > m {
		t.Errorf("the map's SVG has %d elements, render's %d: not compacted", n, m)
	}
	// No counter, no VPO, nor their legend (unit IDs are hex names too).
	for _, x := range []string{">VPO<", "FRIENDLY unit", "ENEMY S?", ">S?<"} {
		if strings.Contains(string(got), x) {
			t.Errorf("the map's SVG has %q: the page draws the counters and VPOs", x)
		}
	}
	if !strings.Contains(raw.String(), "FRIENDLY board edge") {
		t.Error("the map's SVG has no legend of its board edges")
	}
	// An action leaves the map as it was.
	request(srv, http.MethodPost, "/api/do", doBody(version(t, srv), "next"))
	var again mapInfo
	json.Unmarshal(request(srv, http.MethodGet, "/api/map", "").Body.Bytes(), &again)
	if again.SVG != info.SVG {
		t.Errorf("after an action the map is %s, before %s", again.SVG, info.SVG)
	}
}

// /api/counters: the units and VPOs the page draws, now (those of the
// state) and after an earlier step (those the game had then).
func TestCounters(t *testing.T) {
	t.Parallel()
	srv, _ := newServer(t)
	request(srv, http.MethodGet, "/api/hexes", "")
	var before countersJSON
	json.Unmarshal(request(srv, http.MethodGet, "/api/counters", "").Body.Bytes(), &before)
	for range 3 {
		if w := request(srv, http.MethodPost, "/api/do", doBody(version(t, srv), "next")); w.Code != 200 {
			t.Fatalf("next: %d %s", w.Code, w.Body)
		}
	}
	// The hexes, kept through the actions, gzipped still.
	if w := request(srv, http.MethodGet, "/api/hexes", "", func(r *http.Request) { r.Header.Set("Accept-Encoding", "gzip") }); w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("/api/hexes after actions: %d %v", w.Code, w.Header())
	}
	var now, then countersJSON
	var st stateJSON
	json.Unmarshal(request(srv, http.MethodGet, "/api/counters", "").Body.Bytes(), &now)
	json.Unmarshal(request(srv, http.MethodGet, "/api/counters?step=1", "").Body.Bytes(), &then)
	json.Unmarshal(request(srv, http.MethodGet, "/api/state", "").Body.Bytes(), &st)
	if now.Step != 4 || then.Step != 1 || len(now.Units) == 0 || len(now.VPO) == 0 {
		t.Fatalf("counters now at step %d (%d units, %d VPOs), then at %d", now.Step, len(now.Units), len(now.VPO), then.Step)
	}
	j := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	if j(now.Units) != j(st.Units) || j(now.VPO) != j(st.VPO) {
		t.Error("the counters now are not the state's")
	}
	if j(then.Units) != j(before.Units) {
		t.Error("the counters after step 1 are not those the game had at step 1")
	}
	if j(then.Units) == j(now.Units) {
		t.Error("three nexts changed no counter: the test shows nothing")
	}
}

// The counters of an edge half-hex (ASL A2.2) are drawn on its half on the
// map: inward, toward the map, from each edge it is cut by; a whole hex's
// are drawn at its centre.
func TestHalfHexInward(t *testing.T) {
	t.Parallel()
	srv, path := newServer(t)
	var hexes []hexJSON
	json.Unmarshal(request(srv, http.MethodGet, "/api/hexes", "").Body.Bytes(), &hexes)
	tg, err := table.Read(path, table.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Close()
	m := tg.World().Map()
	byName := map[string]hexJSON{}
	var lo, hi table.Point
	for i, h := range hexes {
		byName[h.Name] = h
		if i == 0 {
			lo, hi = h.At, h.At
		}
		lo = table.Point{min(lo[0], h.At[0]), min(lo[1], h.At[1])}
		hi = table.Point{max(hi[0], h.At[0]), max(hi[1], h.At[1])}
	}
	halves := 0
	for _, h := range hexes {
		in := h.Inward
		if in == nil {
			continue
		}
		halves++
		// Toward the map's middle from the edge it lies on.
		for k := range 2 {
			if in[k] > 0 && h.At[k] != lo[k] || in[k] < 0 && h.At[k] != hi[k] {
				t.Errorf("%s at %v: inward %v, not from the edge of the map (%v to %v)", h.Name, h.At, *in, lo, hi)
			}
		}
	}
	first := m.NameString(m.Hexes()[0])
	if halves < 20 || byName[first].Inward == nil {
		t.Errorf("%d half-hexes of the map's edge, %s among them: %v", halves, first, byName[first].Inward)
	}
	if mid := hexes[len(hexes)/2]; mid.Inward != nil {
		t.Errorf("%s, in the middle of the map, is drawn off its centre by %v", mid.Name, *mid.Inward)
	}
}

// GET /api/map.png: the raster of the map the page shows first is the
// picture of the map (render's, without counters) within rasterBox, kept
// by the browser when asked by its tag.
func TestMapRaster(t *testing.T) {
	t.Parallel()
	srv, path := newServer(t)
	var info mapInfo
	if err := json.Unmarshal(request(srv, http.MethodGet, "/api/map", "").Body.Bytes(), &info); err != nil {
		t.Fatal(err)
	}
	w := request(srv, http.MethodGet, info.Raster, "")
	if w.Code != 200 || w.Header().Get("Content-Type") != "image/png" || !strings.Contains(w.Header().Get("Cache-Control"), "immutable") {
		t.Fatalf("%s: %d %v", info.Raster, w.Code, w.Header())
	}
	got, err := png.Decode(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	b := got.Bounds()
	if b.Dx() != info.RasterSize[0] || b.Dy() != info.RasterSize[1] || b.Dx() > rasterBox[0] || b.Dy() > rasterBox[1] || b.Dx() < 100 {
		t.Fatalf("the raster is %v; /api/map says %v, within %v", b.Size(), info.RasterSize, rasterBox)
	}
	tg, err := table.Read(path, table.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Close()
	p := tg.MapPicture()
	want := p.Raster(p.FitDPI(rasterBox[0], rasterBox[1]))
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r1, g1, b1, _ := got.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				t.Fatalf("pixel %d,%d of the raster: %v, the map's picture has %v", x, y, got.At(x, y), want.At(x, y))
			}
		}
	}
	etag := w.Header().Get("ETag")
	if w := request(srv, http.MethodGet, "/api/map.png", "", func(r *http.Request) { r.Header.Set("If-None-Match", etag) }); w.Code != http.StatusNotModified || w.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("the raster asked again: %d %v", w.Code, w.Header())
	}
	for _, bad := range []string{"/api/map.png?part=labels", "/api/map.png?size=huge", "/api/map.svg?size=large"} {
		if w := request(srv, http.MethodGet, bad, ""); w.Code != http.StatusBadRequest {
			t.Errorf("%s: %d", bad, w.Code)
		}
	}
	// The large raster: the picture at the resolution that fits largeBox,
	// named by the raster's tag.
	w = request(srv, http.MethodGet, info.Large, "")
	if w.Code != 200 || w.Header().Get("Content-Type") != "image/png" || !strings.Contains(w.Header().Get("Cache-Control"), "immutable") || !strings.HasSuffix(info.Large, "&v="+etag[1:len(etag)-1]) {
		t.Fatalf("%s: %d %v", info.Large, w.Code, w.Header())
	}
	large, err := png.Decode(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	dpi := p.FitDPI(largeBox[0], largeBox[1])
	if got, want := large.Bounds(), p.Raster(dpi).Bounds(); got != want || got.Dx() <= b.Dx() || info.LargeScale != float64(dpi)/72 {
		t.Errorf("the large raster is %v, want %v (larger than %v); scale %v at %d dpi", got, want, b, info.LargeScale, dpi)
	}
}
