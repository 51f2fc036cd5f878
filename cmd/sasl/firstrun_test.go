package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
)

// A player's first run, as the README's quick start gives it: "sasl serve
// --new" (without --open, which would start a browser) in an empty folder,
// with an empty home, no boards folder and no cache, in a process of its
// own. It writes game.yaml there, a game of the built-in demo mission that
// is the player's, prints the page's address, and serves the page and its
// game; "sasl serve" then goes on with the same file.
func TestFirstRun(t *testing.T) {
	t.Parallel()
	if !longrun.Enabled() {
		t.Skip("starts sasl serve in processes of its own")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, home := t.TempDir(), t.TempDir()
	env := []string{"SASL_TEST_MAIN=1", "HOME=" + home, "USERPROFILE=" + home, "SASL_CACHE=off", "PATH=" + os.Getenv("PATH")}
	for _, args := range [][]string{{"serve", "--new"}, {"serve"}} {
		cmd := exec.Command(self, append(args, "--addr", "127.0.0.1:0")...)
		cmd.Dir, cmd.Env = dir, env
		cmd.Stderr = os.Stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string, 1)
		go func() {
			line, _ := bufio.NewReader(stdout).ReadString('\n')
			lines <- line
			io.Copy(io.Discard, stdout)
		}()
		var line string
		select {
		case line = <-lines:
		case <-time.After(2 * time.Minute):
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("sasl %s printed no address in 2 minutes", strings.Join(args, " "))
		}
		_, rest, ok := strings.Cut(line, " at http://")
		if !strings.HasPrefix(line, "sasl serve: game.yaml at http://127.0.0.1:") || !ok {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("sasl %s printed %q, not the page's address", strings.Join(args, " "), line)
		}
		url := "http://" + strings.Fields(rest)[0]
		page := get(t, url)
		if !strings.Contains(page, "<html") || !strings.Contains(page, "<script") {
			t.Errorf("sasl %s: GET %s is not the page: %.300s", strings.Join(args, " "), url, page)
		}
		var st struct{ Mission, Policy string }
		if err := json.Unmarshal([]byte(get(t, url+"api/state")), &st); err != nil || st.Mission != "Hold the crossroads" || st.Policy != "player" {
			t.Errorf("sasl %s: the page's game: %+v %v, want the demo mission, the player's", strings.Join(args, " "), st, err)
		}
		cmd.Process.Kill()
		cmd.Wait()
		if _, err := os.Stat(filepath.Join(dir, "game.yaml")); err != nil {
			t.Fatalf("sasl %s: %v", strings.Join(args, " "), err)
		}
	}
}

// get returns the body of a GET of url, failing the test on an error or a
// status other than 200.
func get(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", url, res.StatusCode, err)
	}
	return string(body)
}
