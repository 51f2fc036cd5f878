package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/sasl-engine/sasl/render"
)

// The page (GET / and /index.html) is assets/index.html with the game's
// first view in it: the map's raster, named in the HTML so that the
// browser fetches it as it reads the page, and what the page's script
// would otherwise ask for before it can draw anything (the map's
// geometry, the state, the log, the hexes) as a JSON data block. The
// first frame that can show the map shows it with its counters: no
// request waits on another.

//
// The style sheet and the scripts are in the page too (they are served as
// files as well): a request for each, on a machine busy drawing the page,
// cost it a tenth of a second before anything was shown. The page's
// Content-Security-Policy allows the one inline script by its hash.

// pageParts are the page's template and the files it holds, made when
// the first page is written (not at every command's start).
type pageParts struct {
	// template is index.html.
	template *template.Template
	// style and script are style.css, and counters.js then app.js, as
	// the page holds them.
	style  template.CSS
	script template.JS
	// policy is every answer's Content-Security-Policy: nothing but the
	// server's own files, inline styles, and the page's script.
	policy string
}

var pageFiles = sync.OnceValue(func() pageParts {
	p := pageParts{
		template: template.Must(template.ParseFS(assets, "assets/index.html")),
		style:    template.CSS(mustAsset("style.css")),
		script:   template.JS(mustAsset("counters.js") + "\n" + mustAsset("app.js")),
	}
	p.policy = "default-src 'self'; script-src 'self' 'sha256-" + sha256Base64(string(p.script)) + "'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; form-action 'none'; base-uri 'none'"
	return p
})

func mustAsset(name string) string {
	b, err := assets.ReadFile("assets/" + name)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func sha256Base64(s string) string {
	sum := sha256.Sum256([]byte(s))
	return base64.StdEncoding.EncodeToString(sum[:])
}

// pageData fills the page's template: Map is the map's drawing, nil when it
// could not be drawn (Boot's error says why, and the page shows it), and
// Boot is the data block (bootJSON) as asciiJSON writes it.
type pageData struct {
	Map    *mapInfo
	Boot   template.JS
	Style  template.CSS
	Script template.JS
}

// bootJSON is the page's data block: GET /api/map, /api/state, /api/log
// and /api/hexes as the page would fetch them, or the error that stopped
// the server from reading the game or drawing its map.
type bootJSON struct {
	Map   *mapInfo        `json:"map,omitempty"`
	State *stateJSON      `json:"state,omitempty"`
	Log   *logJSON        `json:"log,omitempty"`
	Hexes json.RawMessage `json:"hexes,omitempty"`
	// Glyphs are the counters' font's outlines (render.CounterGlyphs):
	// the page draws the counters' words as paths.
	Glyphs json.RawMessage `json:"glyphs,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// page is GET / and /index.html: the page of the game, never kept (it
// holds the game as it stands).
func (srv *Server) page(w http.ResponseWriter, r *http.Request) {
	var boot bootJSON
	if err := srv.bootOf(r.Context(), &boot); err != nil {
		boot = bootJSON{Error: err.Error()}
	}
	text, err := asciiJSON(boot)
	if err != nil {
		httpError(w, http.StatusInternalServerError, "the page could not be written: "+err.Error())
		return
	}
	parts := pageFiles()
	d := pageData{Map: boot.Map, Boot: template.JS(text), Style: parts.style, Script: parts.script}
	var buf bytes.Buffer
	if err := parts.template.Execute(&buf, d); err != nil {
		httpError(w, http.StatusInternalServerError, "the page could not be written: "+err.Error())
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeBody(w, r, "text/html; charset=utf-8", buf.Bytes(), gzipped(buf.Bytes()))
}

// asciiJSON is v in JSON, as a script's data block holds it: "<", ">"
// and "&" escaped (no "</script>" ends it early), and every character
// beyond ASCII too ("\u00b7"; a pair of them beyond the BMP). A page all
// ASCII, as its script and style are, the browser reads as one-byte text:
// one character beyond ASCII anywhere had it decode the whole page, its
// script and this block as two-byte text, a tenth of its first load's
// parse.
func asciiJSON(v any) ([]byte, error) {
	b, err := json.Marshal(v) // escapes <, >, &, U+2028 and U+2029
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(b, func(c byte) bool { return c >= utf8.RuneSelf }) {
		return b, nil
	}
	out := make([]byte, 0, len(b)+64)
	for _, r := range string(b) {
		if r < utf8.RuneSelf {
			out = append(out, byte(r))
			continue
		}
		// Outside a string JSON has only ASCII: r is in one.
		for _, u := range utf16.AppendRune(nil, r) {
			out = fmt.Appendf(out, `\u%04x`, u)
		}
	}
	return out, nil
}

// bootOf fills d with the map (waiting for its drawing), the state, the
// log and the hexes of the game.
func (srv *Server) bootOf(ctx context.Context, d *bootJSON) error {
	b, err := srv.drawnMap(ctx)
	if err != nil {
		return err
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if err := srv.refresh(); err != nil {
		return err
	}
	st := srv.stateOf()
	log, err := srv.logOf()
	if err != nil {
		return err
	}
	hexes, _, err := srv.hexesJSON()
	if err != nil {
		return err
	}
	glyphs, err := render.CounterGlyphs()
	if err != nil {
		return err
	}
	*d = bootJSON{Map: &b.info, State: &st, Log: &log, Hexes: hexes, Glyphs: glyphs}
	return nil
}

// Ready waits until the map of the game is drawn (the server starts
// drawing it as it reads the game, and takes about a fifth of a second
// for four boards) and its hexes made, so that a page asked for then is
// answered at once: sasl serve opens the player's browser after it.
func (srv *Server) Ready(ctx context.Context) error {
	if _, err := srv.drawnMap(ctx); err != nil {
		return err
	}
	// The hexes too, the page's one costly part (a few tens of ms).
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if err := srv.refresh(); err != nil {
		return err
	}
	_, _, err := srv.hexesJSON()
	return err
}

// drawnMap is the map of the game once drawn, or why it is not.
func (srv *Server) drawnMap(ctx context.Context) (*baseMap, error) {
	srv.mu.Lock()
	if err := srv.refresh(); err != nil {
		srv.mu.Unlock()
		return nil, err
	}
	b := srv.base
	srv.mu.Unlock()
	select {
	case <-b.done:
		return b, b.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
