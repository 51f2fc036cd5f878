package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/web"
)

type serveFlags struct {
	missionFlags
	addr  string
	open  bool
	new   bool
	stop  string
	fire  string
	force bool
}

func newServeCmd(o *options) *cobra.Command {
	f := &serveFlags{}
	cmd := &cobra.Command{
		Use:   "serve [GAME]",
		Short: "Play a game file in your browser: the map, the ENEMY's turn step by step, your actions by clicks",
		Long: `Serve one game file of sasl play as a web page on this machine: the map as
sasl play show draws it (zoom with the wheel, drag to pan, hover a hex to
name it), the events of each turn in rulebook words with their hexes, paths,
fire lines and dice, and at each stop the question the engine asks with the
actions of the sasl play commands: Next, Pass, Undo, a move by clicking its
destination (its path and MF shown first), a fire from the Locations chosen
(its FP, DRM and LOS shown first), a report of what became of a unit.

Every action is the sasl play command of the same words: done on the game
file under its lock and written to it before the page shows it. Closing the
browser loses nothing, and sasl play goes on with the same file; a page
that shows an older game than the file (a second tab, a command between)
has its action refused and looks again.

GAME is game.yaml in the current folder unless given: "sasl serve --new
--open" starts a game of the demo mission there and opens it in your
browser; "sasl serve" goes on with it.

The server listens on the loopback address unless --addr says otherwise,
and answers only requests addressed to it from its own page.`,
		Example: `  sasl serve --new --open
  sasl serve
  sasl serve game.yaml --new --mission examples/four-boards.yaml --boards ~/vasl/boards --seed 11
  sasl serve game.yaml --addr 127.0.0.1:0 --open`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := defaultGame
			if len(args) == 1 {
				path = args[0]
			}
			return serve(cmd, o, f, path)
		},
	}
	f.missionFlags.register(cmd)
	cmd.Flags().StringVar(&f.addr, "addr", "127.0.0.1:8080", "the address to listen on (port 0: any free port)")
	cmd.Flags().BoolVar(&f.open, "open", false, "open the page in your browser")
	cmd.Flags().BoolVar(&f.new, "new", false, "start a new game of --mission in GAME first, the FRIENDLY side yours (as sasl play new --policy player)")
	cmd.Flags().StringVar(&f.stop, "stop", "fire", "with --new, how often the game stops for you: fire, phase or turn")
	cmd.Flags().StringVar(&f.fire, "first-fire", game.DefaultFireStops.String(), "with --new, which ENEMY moves the game stops at for your First Fire: "+firstFireValues)
	cmd.Flags().BoolVar(&f.force, "force", false, "with --new, replace GAME if it exists")
	return cmd
}

// defaultGame is the game file sasl serve serves when it is given none:
// the player's first game, started by "sasl serve --new".
const defaultGame = "game.yaml"

// serve starts the page of game file path and serves it until interrupted.
func serve(cmd *cobra.Command, o *options, f *serveFlags, path string) error {
	for _, name := range []string{"mission", "tables", "seed", "dice", "stop", "first-fire", "force"} {
		if cmd.Flags().Changed(name) && !f.new {
			return fmt.Errorf("--%s: only with --new, which starts a new game in %s", name, path)
		}
	}
	// Listening first: an address in use is said before a game is set up.
	lis, err := net.Listen("tcp", f.addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %w", f.addr, err)
	}
	defer lis.Close()
	if f.new {
		if err := serveNew(cmd, o, f, path); err != nil {
			return err
		}
	} else if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: no such game file: start one with sasl serve %s --new [--mission M], or sasl play new", path, path)
	}
	srv, err := web.New(webConfig(cmd, o, path, web.Hosts(lis.Addr())))
	if err != nil {
		return err
	}
	defer srv.Close()
	url := "http://" + pageHost(lis.Addr()) + "/"
	fmt.Fprintf(cmd.OutOrStdout(), "sasl serve: %s at %s (Ctrl-C stops; the file holds every action)\n", path, url)
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	if f.open {
		// The browser comes once the map is drawn (a fifth of a second for
		// four boards), so that the page comes with it. A map that cannot
		// be drawn is the page's to say.
		_ = srv.Ready(ctx)
		openBrowser(cmd, url)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, MaxHeaderBytes: 64 << 10}
	go func() {
		<-ctx.Done()
		hs.Close()
	}()
	if err := hs.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// webConfig is the page's access to game file path: opened as sasl
// play's commands open it, an action waiting up to 5 s for its lock.
func webConfig(cmd *cobra.Command, o *options, path string, hosts []string) web.Config {
	return web.NewConfig(path, tableOptions(cmd, o, path), hosts)
}

// serveNew sets a new game up in path, as sasl play new --policy player.
func serveNew(cmd *cobra.Command, o *options, f *serveFlags, path string) error {
	mode, err := game.ParseStopMode(f.stop)
	if err != nil {
		return err
	}
	ff, err := game.ParseFireStops(f.fire)
	if err != nil {
		return err
	}
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && !f.force {
		return fmt.Errorf("--new: %s exists (a game in progress?): give --force to replace it, or serve it without --new", path)
	}
	_, _, err = setUp(cmd, o, &f.missionFlags, &pictureFlags{}, game.PolicyPlayer, game.Stops{Mode: mode, FirstFire: ff}, path, f.force, nil)
	return err
}

// pageHost is the host of the page's address: the loopback address as
// listened on; for an unspecified address (0.0.0.0), localhost.
func pageHost(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	if tcp.IP.IsUnspecified() {
		return net.JoinHostPort("localhost", fmt.Sprint(tcp.Port))
	}
	return tcp.String()
}

// openBrowser opens url in the desktop's browser, saying so if it cannot.
func openBrowser(cmd *cobra.Command, url string) {
	name, args := "xdg-open", []string{url}
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler", url}
	}
	if err := exec.Command(name, args...).Start(); err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "sasl serve: could not open a browser (%v): open %s yourself\n", err, url)
	}
}
