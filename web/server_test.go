package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/filelock"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/table"
)

const host = "127.0.0.1:8080"

// demoGame writes a new game of the built-in demo mission, the FRIENDLY
// side the player's, and returns its path.
func demoGame(t testing.TB) string {
	t.Helper()
	w, hdr, err := game.Open("", "", "")
	if err != nil {
		t.Fatal(err)
	}
	hdr.Seed, hdr.HasSeed, hdr.Policy = 7, true, game.PolicyPlayer
	path := filepath.Join(t.TempDir(), "game.yaml")
	g, _, err := table.Create(path, table.Options{Who: "web test"}, false, w, hdr, nil, game.Stops{})
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	return path
}

// open opens game file path under its lock, as a command would.
func open(path string) (*table.Game, error) {
	return table.Open(path, table.Options{Wait: time.Second, Who: "web test"})
}

// testConfig is a Config of game file path as sasl serve's.
func testConfig(path string) Config {
	return Config{
		Path:    path,
		Options: table.Options{Wait: time.Second, Who: "web test"},
		Hosts:   []string{host, "localhost:8080"},
	}
}

func newServer(t testing.TB) (*Server, string) {
	t.Helper()
	path := demoGame(t)
	srv, err := New(testConfig(path))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv, path
}

// request sends a request to srv as the page would, with changes.
func request(srv http.Handler, method, target, body string, edit ...func(*http.Request)) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.Host = host
	if method == http.MethodPost {
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Origin", "http://"+host)
		r.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	for _, e := range edit {
		e(r)
	}
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, r)
	return w
}

func version(t testing.TB, srv http.Handler) string {
	t.Helper()
	w := request(srv, http.MethodGet, "/api/state", "")
	var st stateJSON
	if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil || w.Code != 200 {
		t.Fatalf("/api/state: %d %v %s", w.Code, err, w.Body)
	}
	return st.Version
}

func doBody(v, command string) string {
	b, _ := json.Marshal(action{Version: v, Do: command})
	return string(b)
}

// journal is the game file's journal, after checking that it replays.
func journal(t *testing.T, path string) []state.Step {
	t.Helper()
	s, err := open(path)
	if err != nil {
		t.Fatalf("the game file does not replay: %v", err)
	}
	defer s.Close()
	return s.Journal()
}

func TestPlayByRequests(t *testing.T) {
	t.Parallel()
	srv, path := newServer(t)
	for _, command := range []string{"next", "next", "next"} {
		w := request(srv, http.MethodPost, "/api/do", doBody(version(t, srv), command))
		if w.Code != 200 {
			t.Fatalf("%s: %d %s", command, w.Code, w.Body)
		}
	}
	if n := len(journal(t, path)); n != 4 {
		t.Fatalf("the journal has %d steps, want 4", n)
	}
	w := request(srv, http.MethodPost, "/api/do", doBody(version(t, srv), "undo"))
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"undone":["next"]`) {
		t.Fatalf("undo: %d %s", w.Code, w.Body)
	}
	if n := len(journal(t, path)); n != 3 {
		t.Fatalf("after undo the journal has %d steps, want 3", n)
	}
	var log struct{ Steps []table.StepView }
	if err := json.Unmarshal(request(srv, http.MethodGet, "/api/log", "").Body.Bytes(), &log); err != nil || len(log.Steps) != 2 {
		t.Fatalf("/api/log: %v %+v", err, log)
	}
	// The file written by a command (here: another session) is what the
	// page shows next.
	s, err := open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(game.Command{Verb: game.Next}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	var st stateJSON
	json.Unmarshal(request(srv, http.MethodGet, "/api/state", "").Body.Bytes(), &st)
	if st.Step != 4 {
		t.Fatalf("after a command wrote the file the page shows step %d, want 4", st.Step)
	}
}

// TestHostile sends what a hostile page or a confused client would: each
// is refused with a clear status and the game file stays as it was.
func TestHostile(t *testing.T) {
	t.Parallel()
	srv, path := newServer(t)
	before, _ := os.ReadFile(path)
	v := version(t, srv)
	next := doBody(v, "next")
	cases := []struct {
		name, method, target, body string
		edit                       func(*http.Request)
		code                       int
		says                       string
	}{
		{"foreign Host (DNS rebinding)", "GET", "/api/state", "", func(r *http.Request) { r.Host = "evil.example:8080" }, 421, "answers only to"},
		{"foreign Host on an action", "POST", "/api/do", next, func(r *http.Request) {
			r.Host = "evil.example:8080"
			r.Header.Set("Origin", "http://evil.example:8080")
		}, 421, "answers only to"},
		{"foreign Origin", "POST", "/api/do", next, func(r *http.Request) { r.Header.Set("Origin", "http://evil.example") }, 403, "own page"},
		{"cross-site fetch", "POST", "/api/do", next, func(r *http.Request) { r.Header.Del("Origin"); r.Header.Set("Sec-Fetch-Site", "cross-site") }, 403, "own page"},
		{"a form post", "POST", "/api/do", "do=next", func(r *http.Request) { r.Header.Set("Content-Type", "application/x-www-form-urlencoded") }, 415, "application/json"},
		{"GET an action", "GET", "/api/do", "", nil, 405, "POST"},
		{"POST a read", "POST", "/api/state", "{}", nil, 405, "GET"},
		{"PUT a file", "PUT", "/index.html", "x", nil, 405, "only read"},
		{"no such call", "GET", "/api/game.yaml", "", nil, 404, "no such call"},
		{"path traversal", "GET", "/../game.yaml", "", nil, 404, ""},
		{"encoded traversal", "GET", "/%2e%2e/%2e%2e/etc/passwd", "", nil, 404, ""},
		{"the game file by name", "GET", "/game.yaml", "", nil, 404, ""},
		{"oversized body", "POST", "/api/do", `{"version":"` + strings.Repeat("x", 1<<20) + `","do":"next"}`, nil, 413, "longer than"},
		{"not JSON", "POST", "/api/do", "next", nil, 400, "not {"},
		{"unknown field", "POST", "/api/do", `{"version":"` + v + `","do":"next","also":1}`, nil, 400, "unknown field"},
		{"two actions in one body", "POST", "/api/do", next + next, nil, 400, "more data"},
		{"no version", "POST", "/api/do", `{"do":"next"}`, nil, 400, "version"},
		{"unknown command", "POST", "/api/do", doBody(v, "rm -rf /"), nil, 422, "unknown command"},
		{"setup again", "POST", "/api/do", doBody(v, "setup"), nil, 422, "set up already"},
		{"a move at the turn's start", "POST", "/api/do", doBody(v, "move F1 x3F6"), nil, 422, "not at this stop"},
		{"a bad Location", "POST", "/api/do", doBody(v, "fire --from ZZ99 --at x3F6"), nil, 422, "ZZ99"},
		{"undo before any step", "POST", "/api/do", doBody(v, "undo"), nil, 422, "steps since its setup"},
		{"undo a word", "POST", "/api/do", doBody(v, "undo all"), nil, 422, "a number"},
		{"stale version", "POST", "/api/do", doBody("0000000000000000", "next"), nil, 409, "has changed"},
		{"a step of no game", "GET", "/api/counters?step=99", "", nil, 400, "steps 1 to 1"},
		{"a step that is no number", "GET", "/api/counters?step=-1e9", "", nil, 400, "steps 1 to"},
		{"a preview of next", "POST", "/api/preview", next, nil, 422, "only a move or a fire"},
	}
	for _, c := range cases {
		w := request(srv, c.method, c.target, c.body, func(r *http.Request) {
			if c.edit != nil {
				c.edit(r)
			}
		})
		if w.Code != c.code || !strings.Contains(w.Body.String(), c.says) {
			t.Errorf("%s: %d %.200s; want %d saying %q", c.name, w.Code, w.Body, c.code, c.says)
		}
		if w.Code >= 400 && w.Code != 404 && !json.Valid(w.Body.Bytes()) {
			t.Errorf("%s: the error is not JSON: %.200s", c.name, w.Body)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
			t.Fatalf("%s: the game file changed", c.name)
		}
	}
	if n := len(journal(t, path)); n != 1 {
		t.Fatalf("the journal has %d steps, want the setup only", n)
	}
}

// TestRace sends the same action from two pages at once: one is done,
// the other refused as stale; never both.
func TestRace(t *testing.T) {
	t.Parallel()
	srv, path := newServer(t)
	for round := range 5 {
		v := version(t, srv)
		var wg sync.WaitGroup
		codes := make([]int, 4)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = request(srv, http.MethodPost, "/api/do", doBody(v, "next")).Code
			}()
		}
		wg.Wait()
		ok := 0
		for _, c := range codes {
			switch c {
			case 200:
				ok++
			case 409:
			default:
				t.Fatalf("round %d: status %d", round, c)
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d of 4 racing actions were done, want 1: %v", round, ok, codes)
		}
		if n := len(journal(t, path)); n != round+2 {
			t.Fatalf("round %d: the journal has %d steps, want %d", round, n, round+2)
		}
	}
}

// TestLockedFile: while a command holds the game file's lock, an action
// waits, then is refused naming the holder; the file is untouched.
func TestLockedFile(t *testing.T) {
	t.Parallel()
	srv, path := newServer(t)
	l, err := filelock.Acquire(path, 0, "sasl play move")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	w := request(srv, http.MethodPost, "/api/do", doBody(version(t, srv), "next"))
	if w.Code != 409 || !strings.Contains(w.Body.String(), "sasl play move") {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
}

func TestStaticFiles(t *testing.T) {
	t.Parallel()
	srv, _ := newServer(t)
	for _, f := range []string{"/", "/app.js", "/style.css"} {
		w := request(srv, http.MethodGet, f, "")
		if w.Code != 200 || w.Body.Len() < 500 {
			t.Errorf("%s: %d, %d bytes", f, w.Code, w.Body.Len())
		}
		if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("%s: Content-Security-Policy %q", f, csp)
		}
	}
	// The map: where its SVG is, its size and lattice; the SVG, gzipped,
	// kept by the browser when asked by its tag, asked again without.
	w := request(srv, http.MethodGet, "/api/map", "")
	var info struct {
		SVG     string     `json:"svg"`
		Size    [2]float64 `json:"size"`
		Lattice [4]float64 `json:"lattice"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &info); w.Code != 200 || err != nil || !strings.HasPrefix(info.SVG, "/api/map.svg?v=") || info.Size[0] <= 0 || info.Lattice[0] <= 0 || info.Lattice[2] <= 0 {
		t.Fatalf("map: %d %s (%v)", w.Code, w.Body, err)
	}
	w = request(srv, http.MethodGet, info.SVG, "", func(r *http.Request) { r.Header.Set("Accept-Encoding", "gzip") })
	if w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(w.Header().Get("Cache-Control"), "immutable") {
		t.Fatalf("map.svg: %d %v", w.Code, w.Header())
	}
	etag := w.Header().Get("ETag")
	w = request(srv, http.MethodGet, "/api/map.svg", "", func(r *http.Request) { r.Header.Set("If-None-Match", etag) })
	if w.Code != 304 || w.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("map.svg again: %d %v", w.Code, w.Header())
	}
}

func TestHosts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		addr string
		want []string
	}{
		{"127.0.0.1:8080", []string{"127.0.0.1:8080", "localhost:8080"}},
		{"[::1]:9000", []string{"[::1]:9000", "localhost:9000"}},
		{"192.0.2.7:80", []string{"192.0.2.7:80"}},
	} {
		a, _ := net.ResolveTCPAddr("tcp", c.addr)
		if got := Hosts(a); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("Hosts(%s) = %v, want %v", c.addr, got, c.want)
		}
	}
}

// FuzzAction: no body, however hostile, panics the server or changes the
// game file but by a command the stop takes.
func FuzzAction(f *testing.F) {
	for _, s := range []string{`{"version":"x","do":"next"}`, `{"do":"move F1 x3F6"}`, `[]`, `{"version":1}`, "\x00", `{"version":"v","do":"fire --from x3F6,x3G6 --at x3F7"}`} {
		f.Add(s)
	}
	srv, _ := newServer(f)
	f.Fuzz(func(t *testing.T, body string) {
		for _, call := range []string{"/api/do", "/api/preview"} {
			w := request(srv, http.MethodPost, call, body)
			if w.Code == 200 && call == "/api/do" {
				continue
			}
			if !json.Valid(w.Body.Bytes()) {
				t.Fatalf("%s %q: not JSON: %s", call, body, w.Body)
			}
			io.Copy(io.Discard, w.Body)
		}
	})
}

// While an action waits for the game file's lock (a command holds it), the
// page's reads are answered: the action holds no lock of the server's
// while it waits.
func TestReadsNeverWaitForAnAction(t *testing.T) {
	t.Parallel()
	// The action waits a minute for the lock, not the tests' second: the
	// test releases it after its reads, which a busy machine may slow.
	path := demoGame(t)
	cfg := testConfig(path)
	cfg.Options.Wait = time.Minute
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	v := version(t, srv)
	l, err := filelock.Acquire(path, 0, "sasl play turn")
	if err != nil {
		t.Fatal(err)
	}
	acted := make(chan int)
	go func() {
		acted <- request(srv, http.MethodPost, "/api/do", doBody(v, "next")).Code
	}()
	// The action is waiting for the lock; reads go on.
	for range 3 {
		if w := request(srv, http.MethodGet, "/api/state", ""); w.Code != 200 {
			t.Fatalf("state while an action waits: %d %s", w.Code, w.Body)
		}
		select {
		case code := <-acted:
			t.Fatalf("the action ended (%d) before the lock was released", code)
		default:
		}
	}
	l.Release()
	if code := <-acted; code != 200 && code != 409 {
		t.Errorf("the action after the lock was released: %d", code)
	}
}

// A command the game refuses, or one that does not parse, changes nothing:
// it is answered 422 and the server plays on with the game it holds,
// without opening its file again (issue 53: one parse, the game's own
// refusal; table.Game.Failed tells an engine failure apart).
func TestRefusedCommandKeepsTheSession(t *testing.T) {
	t.Parallel()
	srv, path := newServer(t)
	before, _ := os.ReadFile(path)
	request(srv, http.MethodGet, "/api/state", "")
	held := srv.t
	for _, command := range []string{"fire --from x1Q5 --at x1Q6", "move F99 x1Q5", "dance"} {
		w := request(srv, http.MethodPost, "/api/do", doBody(version(t, srv), command))
		if w.Code != http.StatusUnprocessableEntity {
			t.Fatalf("%s: %d %s, want 422", command, w.Code, w.Body)
		}
		if srv.t != held || held == nil {
			t.Fatalf("%s: refused, and the server dropped the game it held", command)
		}
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("refused commands changed the game file")
	}
	if w := request(srv, http.MethodPost, "/api/do", doBody(version(t, srv), "next")); w.Code != 200 {
		t.Fatalf("next after the refusals: %d %s", w.Code, w.Body)
	}
}

// The log's steps carry their dice (the journal's script), as sasl play
// --json's steps do: the page's timeline shows them.
func TestLogStepsHaveTheirDice(t *testing.T) {
	t.Parallel()
	srv, _ := newServer(t)
	for range 3 {
		if w := request(srv, http.MethodPost, "/api/do", doBody(version(t, srv), "next")); w.Code != 200 {
			t.Fatalf("next: %d %s", w.Code, w.Body)
		}
	}
	var log struct{ Steps []table.StepView }
	if err := json.Unmarshal(request(srv, http.MethodGet, "/api/log", "").Body.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	rolled := 0
	for _, st := range log.Steps {
		for _, ev := range st.Events {
			if len(ev.Rolls) > 0 {
				rolled++
				if st.Dice == "" {
					t.Fatalf("step %d (%s) has rolls and no dice", st.N, st.Do)
				}
			}
		}
	}
	if rolled == 0 {
		t.Fatal("no step rolled: the test checks nothing")
	}
}
