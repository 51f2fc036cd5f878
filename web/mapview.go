package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/rules/board"
	rhex "github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/table"
)

// The page draws the map once and the counters over it. The map (the
// boards, the mission's title and board edges, their legend: what never
// changes in a game) depends on the boards and mission only. It is drawn
// once, when the server reads the game, in two forms the browser keeps:
//
//   - a raster (GET /api/map.png), about the size of the map on a screen:
//     the page's first view. A browser decodes an image off its main
//     thread, and the page names it in its HTML, so that it is fetched
//     with the page;
//   - an SVG (GET /api/map.svg, its terrain, and ?part=labels, its words),
//     fetched once the player zooms in beyond the raster's resolution: it
//     is sharp at any zoom but costs the browser's main thread about half
//     a second to draw four boards.
//
// The counters and VPOs are drawn by the page from the units and VPOs of
// /api/state (given with the page, then after every action), and of
// /api/counters?step=N for the map as it stood after an earlier step. An
// action sends back the state, which the page draws by the hexes whose
// counters changed.
//
// Everything is placed by lattice position (hex.Point: X in half
// hexsides, Y in half hex heights); GET /api/map says how lattice
// positions map to the pictures' coordinates (x = a*X + b, y = c*Y + d).

// baseMap is the map of a game drawn: its SVG (compacted for the browser,
// and gzipped) and raster, their tags and its geometry. It is drawn
// outside the server's lock; done is closed when it is.
type baseMap struct {
	key  string
	done chan struct{}
	err  error

	terrain, labels, raster mapPart
	info                    mapInfo
	infoJSON                []byte // GET /api/map

	// The large raster is drawn when first asked for (largeRaster).
	pic       *render.Picture
	largeDPI  int
	largeOnce sync.Once
	large     mapPart
	largeErr  error
}

// mapPart is one of the map's pictures: its bytes, gzipped for an SVG
// (nil for the PNG, compressed already), and its tag.
type mapPart struct {
	bytes, gz []byte
	etag      string
}

func newMapPart(b []byte, gz bool) mapPart {
	sum := sha256.Sum256(b)
	p := mapPart{bytes: b, etag: hex.EncodeToString(sum[:8])}
	if gz {
		p.gz = gzipped(b)
	}
	return p
}

// rasterBox bounds the raster of the map, in pixels: about the map's part
// of a 1600 x 1000 window, so that the map at its whole size (the page's
// first view) is drawn at about one pixel of the raster a pixel of the
// screen. A larger raster costs the browser more to decode at the first
// load (measured in headless Chromium on 2 cores, a page of nothing but
// the four-board raster painted it 240-324 ms after the navigation at
// 1,200 pixels wide, 280-356 ms at 1,800); zoomed in beyond it, or on a
// larger screen, the page draws the SVG over it (sharpen, in counters.js).
var rasterBox = [2]int{1200, 800}

// largeBox bounds the large raster: twice the raster, which the page
// fetches once the first is drawn, and shows when the player zooms in
// past the first (or on a screen of two pixels a CSS pixel), so that the
// SVG, whose drawing costs the browser's main thread, is needed only
// beyond it. Its decoding is off the main thread; drawing it costs the
// server about a quarter of a second, when it is first asked for.
var largeBox = [2]int{2 * rasterBox[0], 2 * rasterBox[1]}

// mapInfo is GET /api/map: the map's pictures to fetch (its raster, its
// large raster; its terrain and its words over it, as SVG), their size
// (the SVGs' user units, which the rasters cover too) and lattice, and
// the rasters' pixels.
type mapInfo struct {
	Raster     string     `json:"raster"`
	RasterSize [2]int     `json:"raster_size"`
	Large      string     `json:"large"`
	LargeScale float64    `json:"large_scale"` // its pixels a unit of size
	SVG        string     `json:"svg"`
	Labels     string     `json:"labels"`
	Size       [2]float64 `json:"size"`
	Lattice    [4]float64 `json:"lattice"`
}

// baseMap returns the map of the game, waiting for its drawing (started
// when the server read the game: refresh); nil and false: answered
// already.
func (srv *Server) baseMap(w http.ResponseWriter, r *http.Request) (*baseMap, bool) {
	b, err := srv.drawnMap(r.Context())
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return nil, false
	}
	return b, true
}

// startMap starts drawing the map of the session's game unless it is
// drawn or being drawn: refresh calls it whenever it reads the game file
// anew, so that a request finds the map in srv.base. The key of a map is
// what it shows (its title names the mission, boards, edges and seed) and
// the boards folder; srv.mu is held.
func (srv *Server) startMap() *baseMap {
	p := srv.t.MapPicture()
	key := strings.Join(p.Title(), "\n") + "\n" + srv.cfg.Options.Boards
	if srv.base != nil && srv.base.key == key {
		return srv.base
	}
	b := &baseMap{key: key, done: make(chan struct{}), pic: p}
	srv.base = b
	go b.draw(p)
	return b
}

// draw draws picture p, its SVG and its raster at once (p's Draw only
// reads it; its map is shared and never changes).
func (b *baseMap) draw(p *render.Picture) {
	defer close(b.done)
	w, h := p.Size()
	dpi := p.FitDPI(rasterBox[0], rasterBox[1])
	var raster bytes.Buffer
	var rasterSize image.Point
	var rasterErr error
	drawn := make(chan struct{})
	go func() {
		defer close(drawn)
		img := p.Raster(dpi)
		rasterSize = img.Bounds().Size()
		// Flat colours and words: PNG keeps them crisp. Drawn and
		// encoded at its fastest, about 90 ms for four boards.
		rasterErr = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&raster, img)
	}()
	var buf bytes.Buffer
	err := p.WriteSVG(&buf)
	<-drawn
	if err != nil || rasterErr != nil {
		b.err = errors.Join(err, rasterErr)
		return
	}
	terrain, labels, err := compactSVG(buf.Bytes())
	if err != nil {
		b.err = err
		return
	}
	b.terrain, b.labels, b.raster = newMapPart(terrain, true), newMapPart(labels, true), newMapPart(raster.Bytes(), false)
	o, x, y := p.Lattice(0, 0), p.Lattice(1, 0), p.Lattice(0, 1)
	b.largeDPI = p.FitDPI(largeBox[0], largeBox[1])
	b.info = mapInfo{
		Raster:     "/api/map.png?v=" + b.raster.etag,
		RasterSize: [2]int{rasterSize.X, rasterSize.Y},
		// The large raster is named by the first's tag: the same map.
		Large:      "/api/map.png?size=large&v=" + b.raster.etag,
		LargeScale: float64(b.largeDPI) / float64(pointsPerInch),
		SVG:        "/api/map.svg?v=" + b.terrain.etag,
		Labels:     "/api/map.svg?part=labels&v=" + b.labels.etag,
		Size:       [2]float64{float64(w), float64(h)},
		Lattice:    [4]float64{float64(x.X - o.X), float64(o.X), -float64(y.Y - o.Y), float64(h - o.Y)},
	}
	b.infoJSON, b.err = json.Marshal(b.info)
}

// pointsPerInch is the user units of an inch in the map's pictures.
const pointsPerInch = 72

// largeRaster is the large raster, drawn once, when first asked for.
func (b *baseMap) largeRaster() (*mapPart, error) {
	b.largeOnce.Do(func() {
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, b.pic.Raster(b.largeDPI)); err != nil {
			b.largeErr = err
			return
		}
		b.large = newMapPart(buf.Bytes(), false)
	})
	return &b.large, b.largeErr
}

// mapJSON is GET /api/map: where the map's pictures are, their size and lattice.
func (srv *Server) mapJSON(w http.ResponseWriter, r *http.Request) {
	b, ok := srv.baseMap(w, r)
	if !ok {
		return
	}
	writeBody(w, r, "application/json; charset=utf-8", b.infoJSON, nil)
}

// mapPicture is GET /api/map.png[?size=large], the map's raster or its
// large raster, and GET /api/map.svg[?part=labels], its SVG: its terrain
// or its words (compactSVG); none has the counters. Asked by its tag (?v=,
// as GET /api/map names it) a picture is kept by the browser for good;
// without, or by an older tag, it is asked again each time (ETag).
func (srv *Server) mapPicture(w http.ResponseWriter, r *http.Request) {
	png := strings.HasSuffix(r.URL.Path, ".png")
	q, size := r.URL.Query().Get("part"), r.URL.Query().Get("size")
	if png && q != "" || q != "" && q != "labels" || size != "" && (!png || size != "large") {
		httpError(w, http.StatusBadRequest, fmt.Sprintf("part %q, size %q: the map's pictures are its raster (map.png), its large raster (map.png?size=large) and its SVG's terrain (map.svg) and labels (map.svg?part=labels)", q, size))
		return
	}
	b, ok := srv.baseMap(w, r)
	if !ok {
		return
	}
	p, ctype, tag := &b.terrain, "image/svg+xml", ""
	switch {
	case size == "large":
		var err error
		if p, err = b.largeRaster(); err != nil {
			httpError(w, http.StatusInternalServerError, err.Error())
			return
		}
		ctype, tag = "image/png", b.raster.etag // named by the raster's tag
	case png:
		p, ctype = &b.raster, "image/png"
	case q == "labels":
		p = &b.labels
	}
	if tag == "" {
		tag = p.etag
	}
	h := w.Header()
	etag := `"` + p.etag + `"`
	h.Set("ETag", etag)
	cache := "no-cache"
	if r.URL.Query().Get("v") == tag {
		cache = "private, max-age=31536000, immutable"
	}
	h.Set("Cache-Control", cache)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	writeBody(w, r, ctype, p.bytes, p.gz)
}

// countersJSON is what the page draws over the map: the units and VPOs,
// now or after an earlier step.
type countersJSON struct {
	Version  string               `json:"version"`
	Step     int                  `json:"step"`
	Units    []table.UnitView     `json:"units"`
	VPO      []table.VPOView      `json:"vpo"`
	Residual []table.ResidualView `json:"residual"`
}

// counters is GET /api/counters[?step=N]: the units and VPOs of the game
// now or as it stood after step N.
func (srv *Server) counters(w http.ResponseWriter, r *http.Request) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if err := srv.refresh(); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	n := len(srv.t.Journal())
	if q := r.URL.Query().Get("step"); q != "" {
		var err error
		n, err = strconv.Atoi(q)
		if err != nil || n < 1 || n > len(srv.t.Journal()) {
			httpError(w, http.StatusBadRequest, fmt.Sprintf("step %q: the game has steps 1 to %d", q, len(srv.t.Journal())))
			return
		}
	}
	c, err := srv.countersAt(n)
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("X-Sasl-Version", srv.version)
	writeJSON(w, http.StatusOK, c)
}

// countersAt is the counters of the game after step n of its journal,
// kept for the version (a few steps at most).
func (srv *Server) countersAt(n int) (*countersJSON, error) {
	if c, ok := srv.views.byStep[n]; ok {
		return c, nil
	}
	t := srv.t
	if n < len(t.Journal()) {
		old, err := t.After(n)
		if err != nil {
			return nil, err
		}
		defer old.Close()
		t = old
	}
	c := &countersJSON{Version: srv.version, Step: n}
	c.Units, c.VPO, c.Residual = table.CountersOf(t)
	if srv.views.byStep == nil || len(srv.views.byStep) >= maxViews {
		srv.views.byStep = map[int]*countersJSON{}
	}
	srv.views.byStep[n] = c
	return c, nil
}

// viewCache holds what was drawn of one version of the game: its
// counters after earlier steps, and its hexes.
type viewCache struct {
	byStep         map[int]*countersJSON
	hexes, hexesGz []byte
}

// maxViews bounds the steps kept of one version.
const maxViews = 8

// inward is how far the counters of hex h are drawn from its centre (as
// render draws them: render.Inward); nil for a whole hex.
func inward(m *board.Map, h rhex.Hex) *[2]float64 {
	dx, dy := render.Inward(m, h)
	if dx == 0 && dy == 0 {
		return nil
	}
	return &[2]float64{dx, dy}
}
