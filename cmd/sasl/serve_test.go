package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a buffer a command writes while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestServeCommand runs sasl serve --new on the demo mission: it writes
// the game file, prints the page's address, serves it (to its own Host
// only) and stops when its context ends; flags that need --new are
// refused without it, and an existing file is not replaced without
// --force.
func TestServeCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "game.yaml")
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"serve", path, "--seed", "3"}, "--seed: only with --new"},
		{[]string{"serve", path}, "no such game file: start one"},
		{[]string{"serve", path, "--new", "--stop", "often"}, `--stop "often"`},
		{[]string{"serve", path, "--first-fire", "pbf"}, "--first-fire: only with --new"},
		{[]string{"serve", path, "--new", "--first-fire", "near"}, `--first-fire "near"`},
		{[]string{"serve", path, "--new", "--addr", "nowhere:-1"}, "--addr nowhere:-1"},
	} {
		if _, err := run(t, c.args...); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("sasl %s: %v, want an error saying %q", strings.Join(c.args, " "), err, c.says)
		}
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("a refused serve --new wrote the game file")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncBuffer
	root := newRoot(&out, &out)
	root.SetArgs([]string{"serve", path, "--new", "--seed", "3", "--addr", "127.0.0.1:0"})
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	url := ""
	for deadline := time.Now().Add(time.Minute); url == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, rest, ok := strings.Cut(out.String(), " at http://"); ok {
			url = "http://" + strings.Fields(rest)[0]
		}
		select {
		case err := <-done:
			t.Fatalf("serve ended: %v\n%s", err, out.String())
		default:
		}
	}
	if url == "" {
		t.Fatalf("serve printed no address: %s", out.String())
	}
	if b, _ := os.ReadFile(path); !bytes.Contains(b, []byte("first_fire: normal\n")) {
		t.Errorf("serve --new: the game does not stop for First Fire within normal range (the default, ASL A7.2):\n%s", b)
	}
	// As the README shows it.
	if want := regexp.MustCompile(`(?m)^sasl serve: \S+game\.yaml at http://127\.0\.0\.1:\d+/ \(Ctrl-C stops; the file holds every action\)$`); !want.MatchString(out.String()) {
		t.Errorf("serve printed %q, not the README's line", out.String())
	}
	res, err := http.Get(url + "api/state")
	if err != nil {
		t.Fatal(err)
	}
	var st struct{ Mission, Policy string }
	json.NewDecoder(res.Body).Decode(&st)
	res.Body.Close()
	if res.StatusCode != 200 || st.Mission != "Hold the crossroads" || st.Policy != "player" {
		t.Errorf("GET %sapi/state: %d %+v", url, res.StatusCode, st)
	}
	req, _ := http.NewRequest("GET", url+"api/state", nil)
	req.Host = "attacker.example"
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("a foreign Host: %v %v", res, err)
	}
	if _, err := run(t, "serve", path, "--new", "--addr", "127.0.0.1:0"); err == nil || !strings.Contains(err.Error(), "--force") {
		t.Errorf("serve --new on an existing game: %v, want a refusal naming --force", err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve ended with %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("serve did not stop when its context ended")
	}
}
