package main

import (
	"bytes"
	"context"
	"image/jpeg"
	"image/png"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/web"
)

// EnvServeShot names the file TestServeScreenshot writes the README's
// picture of sasl serve to (a path from the repository's root; .jpg or
// .png):
//
//	SASL_SERVE_SHOT=docs/serve.jpg go test ./cmd/sasl -run TestServeScreenshot
const EnvServeShot = "SASL_SERVE_SHOT"

// TestServeScreenshot makes the README's picture of sasl serve from the
// built-in demo mission, so that anyone can make it again: the game of
// sasl serve --new --seed 1, played on by Next to the First Fire at the
// ENEMY half-squad E1a that entered x1Q7, and the fire of F1 and F2 from
// x1Q5 chosen, its FP, DRM and LOS shown before the roll.
func TestServeScreenshot(t *testing.T) {
	file := os.Getenv(EnvServeShot)
	if file == "" {
		t.Skip(EnvServeShot + "=docs/serve.jpg makes the README's picture of sasl serve")
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join("..", "..", file)
	}
	ctx := browser(t)
	path := filepath.Join(t.TempDir(), "game.yaml")
	mustRun(t, "play", "new", "--seed", "1", "--save", path)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(webConfig(&cobra.Command{Use: "serve"}, &options{}, path, web.Hosts(lis.Addr())))
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv}
	go hs.Serve(lis)
	defer func() { hs.Close(); srv.Close() }()

	p := page{t, ctx}
	p.run("load the page", chromedp.Navigate("http://"+lis.Addr().String()+"/"))
	p.settled(1)
	p.nextTo(5)
	p.waitText("#asked", "entered x1Q7")
	p.click("#do-firstfire")
	p.clickHex("x1Q5")
	p.waitText("#plan-text", "FP, DRM")
	p.zoomTo("x1K2", "x1W10")

	sctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	shot, err := chromedp.Run(sctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(file, ".jpg") || strings.HasSuffix(file, ".jpeg") {
		img, err := png.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 85}); err != nil {
			t.Fatal(err)
		}
		shot = b.Bytes()
	}
	if err := os.WriteFile(file, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d bytes", file, len(shot))
}
