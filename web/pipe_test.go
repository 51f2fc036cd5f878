//go:build unix

package web

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A game file replaced by a named pipe is refused at once, never waited
// on (every call blocked with the server's lock held).
func TestGameFileBecomesAPipe(t *testing.T) {
	t.Parallel()
	srv, path := newServer(t)
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	done := make(chan *httptest.ResponseRecorder)
	go func() { done <- request(srv, http.MethodGet, "/api/state", "") }()
	select {
	case w := <-done:
		if w.Code != 500 || !strings.Contains(w.Body.String(), "not a regular file") {
			t.Errorf("state of a pipe: %d %s", w.Code, w.Body)
		}
	case <-time.After(time.Minute):
		t.Fatal("a game file replaced by a named pipe hangs the server")
	}
}
