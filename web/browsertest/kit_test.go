package browsertest

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/table"
	"github.com/sasl-engine/sasl/web"
)

// tmp is this test run's folder: the sasl command built for it and the
// cache of boards its commands keep (not the user's).
var tmp string

func TestMain(m *testing.M) {
	var err error
	tmp, err = os.MkdirTemp("", "sasl-browsertest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// The commands read no boards folder of the user's but the ones the
	// tests name, and keep the boards they read in this run's cache.
	os.Unsetenv("SASL_BOARDS")
	os.Setenv("SASL_CACHE", filepath.Join(tmp, "cache"))
	code := m.Run()
	os.RemoveAll(tmp)
	os.Exit(code)
}

var (
	buildOnce sync.Once
	saslExe   string
	buildErr  error
)

// saslCommand is the sasl command, built from this module on the first
// call of the run (go build, from the build cache when warm).
func saslCommand(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
		}
		saslExe = filepath.Join(tmp, "sasl")
		if runtime.GOOS == "windows" {
			saslExe += ".exe"
		}
		out, err := exec.Command(goTool, "build", "-o", saslExe, "github.com/sasl-engine/sasl/cmd/sasl").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build ./cmd/sasl: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return saslExe
}

// sasl runs the sasl command with args, as a player does, and returns its
// standard output; it fails t if the command fails.
func sasl(t testing.TB, args ...string) string {
	t.Helper()
	c := exec.Command(saslCommand(t), args...)
	var out, errs strings.Builder
	c.Stdout, c.Stderr = &out, &errs
	if err := c.Run(); err != nil {
		t.Fatalf("sasl %s: %v\n%s", strings.Join(args, " "), err, errs.String())
	}
	return out.String()
}

// realBoards is the folder of the real VASL boards, or t is skipped.
func realBoards(t testing.TB) string { return testshared.Boards(t) }

// newFourBoardGame writes the README's four-board game (seed 11, the
// FRIENDLY side the player's) to a file in dir, with the built-in tables:
// its Human Wave meets F4 in 4T2 at the seventh step, for the page's First
// Fire.
func newFourBoardGame(t testing.TB, dir, name string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	sasl(t, "play", "new", "--mission", filepath.Join("testdata", "four-boards-hw2.yaml"), "--boards", realBoards(t), "--seed", "11", "--policy", "player", "--save", path)
	return path
}

// serve serves game file path as sasl serve does (its lock wait of 5 s,
// its Host check), with the boards of folder boards (none: the demo's),
// on a free loopback port; it returns the server and the page's URL once
// the map is drawn, as sasl serve --open opens the browser.
func serve(t testing.TB, path, boards string) (*web.Server, string) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(web.NewConfig(path, table.Options{Boards: boards}, web.Hosts(lis.Addr())))
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv}
	go hs.Serve(lis)
	t.Cleanup(func() { hs.Close(); srv.Close() })
	if err := srv.Ready(context.Background()); err != nil {
		t.Fatal(err)
	}
	return srv, "http://" + lis.Addr().String() + "/"
}

// startServe serves game file path on the real boards.
func startServe(t testing.TB, path string) (*web.Server, string) {
	t.Helper()
	return serve(t, path, realBoards(t))
}
