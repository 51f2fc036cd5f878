package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/rules/board"
	rhex "github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/table"
)

// The page draws the map once and the counters over it. The map (the
// boards, the mission's title and board edges, their legend: what never
// changes in a game) is one SVG that depends on the boards and mission
// only, drawn once and kept by the browser (GET /api/map.svg); the
// counters and VPOs are drawn by the page from the units and VPOs of
// /api/state, and of /api/counters?step=N for the map as it stood after
// an earlier step. An action sends back the state, which the page draws
// by the hexes whose counters changed.
//
// Everything is placed by lattice position (hex.Point: X in half
// hexsides, Y in half hex heights); GET /api/map says how lattice
// positions map to the SVG's coordinates (x = a*X + b, y = c*Y + d).

// baseMap is the map of a game drawn: its SVG (compacted for the browser,
// and gzipped), its tag and its geometry. It is drawn outside the
// server's lock; done is closed when it is.
type baseMap struct {
	key  string
	done chan struct{}
	err  error

	terrain, labels mapPart
	info            []byte // the JSON of GET /api/map
}

// mapPart is one of the map's two SVGs (compactSVG): its bytes, gzipped,
// and its tag.
type mapPart struct {
	svg, gz []byte
	etag    string
}

func newMapPart(svg []byte) mapPart {
	sum := sha256.Sum256(svg)
	return mapPart{svg, gzipped(svg), hex.EncodeToString(sum[:8])}
}

// mapInfo is GET /api/map: the map's SVGs to fetch (its terrain, then its
// words over it), its size and lattice.
type mapInfo struct {
	SVG     string     `json:"svg"`
	Labels  string     `json:"labels"`
	Size    [2]float64 `json:"size"`
	Lattice [4]float64 `json:"lattice"`
}

// baseMap returns the map of the game, waiting for its drawing (started
// when the server read the game: refresh); nil and false: answered
// already.
func (srv *Server) baseMap(w http.ResponseWriter) (*baseMap, bool) {
	srv.mu.Lock()
	if err := srv.refresh(); err != nil {
		srv.mu.Unlock()
		httpError(w, http.StatusInternalServerError, err.Error())
		return nil, false
	}
	b := srv.base
	srv.mu.Unlock()
	<-b.done
	if b.err != nil {
		httpError(w, http.StatusInternalServerError, b.err.Error())
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
	b := &baseMap{key: key, done: make(chan struct{})}
	srv.base = b
	go b.draw(p)
	return b
}

// draw draws picture p; it only reads p, whose map is shared and never
// changes.
func (b *baseMap) draw(p *render.Picture) {
	defer close(b.done)
	var buf bytes.Buffer
	if err := p.WriteSVG(&buf); err != nil {
		b.err = err
		return
	}
	terrain, labels, err := compactSVG(buf.Bytes())
	if err != nil {
		b.err = err
		return
	}
	b.terrain, b.labels = newMapPart(terrain), newMapPart(labels)
	w, h := p.Size()
	o, x, y := p.Lattice(0, 0), p.Lattice(1, 0), p.Lattice(0, 1)
	info := mapInfo{
		SVG:     "/api/map.svg?v=" + b.terrain.etag,
		Labels:  "/api/map.svg?part=labels&v=" + b.labels.etag,
		Size:    [2]float64{float64(w), float64(h)},
		Lattice: [4]float64{float64(x.X - o.X), float64(o.X), -float64(y.Y - o.Y), float64(h - o.Y)},
	}
	b.info, b.err = json.Marshal(info)
}

// mapJSON is GET /api/map: where the map's SVG is, its size and lattice.
func (srv *Server) mapJSON(w http.ResponseWriter, r *http.Request) {
	b, ok := srv.baseMap(w)
	if !ok {
		return
	}
	writeBody(w, r, "application/json; charset=utf-8", b.info, nil)
}

// mapSVG is GET /api/map.svg[?part=labels]: the map without its counters,
// its terrain or its words (compactSVG). Asked by its tag (?v=, as GET
// /api/map names it) it is kept by the browser for good; without, or by an
// older tag, it is asked again each time (ETag).
func (srv *Server) mapSVG(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("part")
	if q != "" && q != "labels" {
		httpError(w, http.StatusBadRequest, fmt.Sprintf("part %q: the map's parts are the terrain (no part) and labels", q))
		return
	}
	b, ok := srv.baseMap(w)
	if !ok {
		return
	}
	p := &b.terrain
	if q == "labels" {
		p = &b.labels
	}
	h := w.Header()
	etag := `"` + p.etag + `"`
	h.Set("ETag", etag)
	cache := "no-cache"
	if r.URL.Query().Get("v") == p.etag {
		cache = "private, max-age=31536000, immutable"
	}
	h.Set("Cache-Control", cache)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	writeBody(w, r, "image/svg+xml", p.svg, p.gz)
}

// countersJSON is what the page draws over the map: the units and VPOs,
// now or after an earlier step.
type countersJSON struct {
	Version string           `json:"version"`
	Step    int              `json:"step"`
	Units   []table.UnitView `json:"units"`
	VPO     []table.VPOView  `json:"vpo"`
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
	c.Units, c.VPO = table.CountersOf(t)
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
