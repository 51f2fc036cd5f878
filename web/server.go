// Package web is sasl serve: one game file behind a local web page that is
// the table. The page shows the map as sasl play show draws it (the boards
// drawn once and kept by the browser, the counters drawn over them by the
// page and redrawn where an action changed them: mapview.go), the
// turn's events in rulebook words with their hexes, paths, fire lines and
// dice, and at each stop the question the engine asks, with the actions
// the sasl play commands offer (move, fire, set, next, pass, undo).
//
// Every action goes through the game file as the commands do, by package
// table: the file's lock taken, its journal replayed if another wrote it,
// the command done and the file written whole before the page is
// answered. The page sends the version of the game it acted on (a hash
// of the file), so that an action from a stale page (a second tab, a
// command line between) is refused, never applied twice.
//
// The server answers only requests addressed to it (Host) and from its
// own page (Origin), serves nothing but its embedded assets and the one
// game, and bounds every body it reads.
package web

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sasl-engine/sasl/table"
)

//go:embed assets
var assets embed.FS

// Config is what a Server needs of the command that starts it.
type Config struct {
	// Path is the game file; Options say how it is opened (its boards
	// folder, how long an action waits for its lock and who takes it), as
	// sasl play's commands open it (package table).
	Path    string
	Options table.Options
	// Hosts are the Host headers the server answers ("127.0.0.1:8080",
	// "localhost:8080"): any other is refused, against DNS rebinding.
	Hosts []string
}

// ActionWait is how long an action of the page waits for the game file's
// lock before it is refused (another command holds it).
const ActionWait = 5 * time.Second

// NewConfig is the Config of sasl serve for game file path, opened with
// options o (its boards, tables and mission), each action waiting up to
// ActionWait for the file's lock, answering Host headers hosts; o.Who is
// "sasl serve PATH" if unset.
func NewConfig(path string, o table.Options, hosts []string) Config {
	o.Wait = ActionWait
	if o.Who == "" {
		o.Who = "sasl serve " + path
	}
	return Config{Path: path, Options: o, Hosts: hosts}
}

// maxBody bounds the body of an action: a command is a line.
const maxBody = 8 << 10

// Server serves one game. Its methods are safe for concurrent use: one
// request at a time reads or changes the game.
type Server struct {
	cfg   Config
	hosts map[string]bool
	files http.Handler

	mu sync.Mutex
	// live holds the game file (table.Live: its version, read again when
	// it changes, the lock of an action); t and version are its game and
	// version as the last refresh found them.
	live    *table.Live
	t       *table.Game
	version string
	views   viewCache
	// base is the map without its counters, drawn once for a mission
	// and its boards (it outlives the sessions of the game's versions).
	base *baseMap
}

// New returns the server of one game file.
func New(cfg Config) (*Server, error) {
	if cfg.Path == "" {
		return nil, errors.New("web: the config needs the game file")
	}
	if len(cfg.Hosts) == 0 {
		return nil, errors.New("web: no host to answer to")
	}
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		return nil, err
	}
	srv := &Server{cfg: cfg, hosts: map[string]bool{}, files: http.FileServerFS(sub)}
	for _, h := range cfg.Hosts {
		srv.hosts[strings.ToLower(h)] = true
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if err := srv.refresh(); err != nil {
		return nil, err
	}
	// Every action takes the file's lock, which refuses such a file; said
	// here, before a page is shown whose every action would be refused.
	if err := table.Writable(cfg.Path); err != nil {
		srv.drop()
		return nil, err
	}
	if srv.t.Plain() {
		srv.drop()
		return nil, fmt.Errorf("%s: a game with no journal (plain: true) plays turn by turn with sasl play turn; the page plays a game step by step: start one with sasl serve %s --new", cfg.Path, cfg.Path)
	}
	return srv, nil // its map drawn while the browser comes (refresh)
}

// Hosts returns the Host headers a server listening on addr answers: for a
// loopback address, its IP and localhost with its port; for another, the
// IP, and the machine's name too when the address is unspecified
// (0.0.0.0, ::), with the port.
func Hosts(addr net.Addr) []string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return []string{addr.String()}
	}
	port := strconv.Itoa(tcp.Port)
	out := []string{net.JoinHostPort(tcp.IP.String(), port)}
	switch {
	case tcp.IP.IsLoopback():
		out = append(out, net.JoinHostPort("localhost", port))
	case tcp.IP.IsUnspecified():
		out = append(out, net.JoinHostPort("localhost", port), net.JoinHostPort("127.0.0.1", port), net.JoinHostPort("::1", port))
		if name, err := os.Hostname(); err == nil {
			out = append(out, net.JoinHostPort(name, port))
		}
		if ifs, err := net.InterfaceAddrs(); err == nil {
			for _, a := range ifs {
				if n, ok := a.(*net.IPNet); ok {
					out = append(out, net.JoinHostPort(n.IP.String(), port))
				}
			}
		}
	}
	return out
}

// Close ends the game's session.
func (srv *Server) Close() {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	srv.drop()
}

// drop forgets the session: the next request replays the game file.
func (srv *Server) drop() {
	if srv.live != nil {
		srv.live.Drop()
	}
	srv.t, srv.version = nil, ""
	srv.views = viewCache{}
}

// refresh brings the session up to the game file: when the file is not
// the one the session stands at (another tab's action, a command), it is
// read and replayed again (table.Live).
func (srv *Server) refresh() error {
	if srv.live == nil {
		live, err := table.OpenLive(srv.cfg.Path, srv.cfg.Options)
		if err != nil {
			return err
		}
		srv.live = live
	} else if _, err := srv.live.Refresh(); err != nil {
		srv.drop()
		return err
	}
	srv.sync()
	return nil
}

// ServeHTTP answers a request of the page, refusing those not addressed to
// the server or not from its own page.
func (srv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", pageFiles().policy)
	if !srv.hosts[strings.ToLower(r.Host)] {
		httpError(w, http.StatusMisdirectedRequest, fmt.Sprintf("Host %q: this server answers only to %s", r.Host, strings.Join(srv.cfg.Hosts, ", ")))
		return
	}
	if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
		httpError(w, http.StatusForbidden, fmt.Sprintf("Origin %q: this server takes requests from its own page only (http://%s)", o, r.Host))
		return
	}
	if s := r.Header.Get("Sec-Fetch-Site"); s != "" && s != "same-origin" && s != "none" {
		httpError(w, http.StatusForbidden, fmt.Sprintf("Sec-Fetch-Site %q: this server takes requests from its own page only", s))
		return
	}
	path := r.URL.Path
	if strings.HasPrefix(path, "/api/") {
		srv.api(&answer{w, strings.Contains(r.Header.Get("Accept-Encoding"), "gzip")}, r, strings.TrimPrefix(path, "/api/"))
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		httpError(w, http.StatusMethodNotAllowed, r.Method+": the page's files are only read")
		return
	}
	if path == "/" || path == "/index.html" {
		srv.page(w, r)
		return
	}
	h.Set("Cache-Control", "no-cache")
	srv.files.ServeHTTP(w, r)
}

// api answers the page's calls: reads by GET, actions by POST.
func (srv *Server) api(w http.ResponseWriter, r *http.Request, call string) {
	reads := map[string]func(http.ResponseWriter, *http.Request){
		"state": srv.state, "log": srv.log, "map": srv.mapJSON, "map.svg": srv.mapPicture, "map.png": srv.mapPicture,
		"counters": srv.counters, "hexes": srv.hexes,
	}
	acts := map[string]func(http.ResponseWriter, *http.Request){
		"do": srv.do, "preview": srv.preview,
	}
	reads["los"], reads["setup"] = srv.sight, srv.setup
	if f, ok := reads[call]; ok {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			httpError(w, http.StatusMethodNotAllowed, r.Method+" /api/"+call+": it is read with GET")
			return
		}
		f(w, r)
		return
	}
	if f, ok := acts[call]; ok {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			httpError(w, http.StatusMethodNotAllowed, r.Method+" /api/"+call+": an action is sent with POST")
			return
		}
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			httpError(w, http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q: an action is sent as application/json", ct))
			return
		}
		f(w, r)
		return
	}
	httpError(w, http.StatusNotFound, "/api/"+call+": no such call")
}

// action is the body of an action: the command in sasl play's words
// ("move F1 4T5", "fire --from 4T5 --at 4T4", "set F1 broken", "next",
// "pass", "undo", "undo 2") and the version of the game it was chosen on.
type action struct {
	Version string `json:"version"`
	Do      string `json:"do"`
}

// readAction reads an action's body, bounded, refusing anything else.
func readAction(w http.ResponseWriter, r *http.Request) (action, bool) {
	var a action
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			httpError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the action is longer than %d bytes", maxBody))
			return a, false
		}
		httpError(w, http.StatusBadRequest, "the action could not be read: "+err.Error())
		return a, false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		httpError(w, http.StatusBadRequest, `the action is not {"version": "...", "do": "..."}: `+err.Error())
		return a, false
	}
	if dec.More() {
		httpError(w, http.StatusBadRequest, "the action is followed by more data")
		return a, false
	}
	if a.Version == "" || strings.TrimSpace(a.Do) == "" {
		httpError(w, http.StatusBadRequest, `the action needs "version" (the game it was chosen on) and "do" (the command)`)
		return a, false
	}
	return a, true
}

// current locks the game for an action: the game file's lock taken (and
// waited for) before the server's, so that the page's reads never wait
// while a command holds the file; then the session brought up to the
// file, and the action's version checked against it (a stale page is
// refused). release unlocks both. ok false: answered already.
func (srv *Server) current(w http.ResponseWriter, a action) (release func(), ok bool) {
	lk, err := srv.live.Lock()
	if err != nil {
		httpError(w, http.StatusConflict, err.Error())
		return nil, false
	}
	srv.mu.Lock()
	rel, err := srv.live.At(a.Version, lk)
	if !srv.answered(w, err) {
		srv.mu.Unlock()
		return nil, false
	}
	return func() {
		rel()
		srv.mu.Unlock()
	}, true
}

// at brings the session up to the game file and checks the action's
// version against it: a page that shows an older game is refused (409)
// with the version it should look at. false: answered already.
func (srv *Server) at(w http.ResponseWriter, a action) bool {
	return srv.answered(w, srv.live.Check(a.Version))
}

// answered takes the session up to what the Live found for an action,
// or answers its refusal: false if it answered.
func (srv *Server) answered(w http.ResponseWriter, err error) bool {
	var stale *table.StaleError
	switch {
	case errors.As(err, &stale):
		srv.sync()
		writeJSON(w, http.StatusConflict, map[string]string{"error": err.Error(), "version": stale.Version})
		return false
	case err != nil:
		srv.drop()
		httpError(w, http.StatusInternalServerError, err.Error())
		return false
	}
	srv.sync()
	return true
}

// sync takes the Live's game and version as the session's, the views of
// an older version forgotten and the map of the game read drawn (the
// same unless the file is another game's).
func (srv *Server) sync() {
	if t, v := srv.live.Game(), srv.live.Version(); t != srv.t || v != srv.version {
		srv.t, srv.version = t, v
		srv.views = viewCache{}
		srv.startMap()
	}
}

func httpError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

// answer is the writer of an answer of the API; gzip: the client takes
// gzip.
type answer struct {
	http.ResponseWriter
	gzip bool
}

// gzipOver is the length from which a JSON answer is gzipped for a client
// that takes it (the state of a game is tens of kilobytes, a tenth of
// that gzipped).
const gzipOver = 1 << 10

func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		code, b = http.StatusInternalServerError, []byte(`{"error":"the answer could not be written"}`)
	}
	b = append(b, '\n')
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	if a, ok := w.(*answer); ok && a.gzip && len(b) >= gzipOver {
		h.Set("Content-Encoding", "gzip")
		h.Set("Vary", "Accept-Encoding")
		b = gzipped(b)
	}
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(code)
	w.Write(b)
}

// writeBody writes a cached body, gzipped if the client takes it, not to
// be kept by the client unless Cache-Control says otherwise.
func writeBody(w http.ResponseWriter, r *http.Request, ctype string, body, gz []byte) {
	h := w.Header()
	h.Set("Content-Type", ctype)
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "no-store")
	}
	h.Set("Vary", "Accept-Encoding")
	if gz != nil && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

// gzipped compresses b fast.
func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}
