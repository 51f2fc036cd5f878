package browsertest

import (
	"bytes"
	"context"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// EnvServeShot names the file TestServeScreenshot writes the README's
// picture of sasl serve to (a path from the repository's root; .jpg or
// .png):
//
//	SASL_SERVE_SHOT=docs/serve.jpg go test ./web/browsertest -run TestServeScreenshot
const EnvServeShot = "SASL_SERVE_SHOT"

// TestServeScreenshot makes the README's picture of sasl serve from the
// built-in demo mission, so that anyone can make it again: the game of
// sasl serve --new --seed 1, played on by Next to the First Fire at the
// ENEMY squad E5a and leader E5b that entered x1EE10, and the fire of F5
// from x1CC8 chosen, its FP, DRM and LOS shown before the roll.
func TestServeScreenshot(t *testing.T) {
	file := os.Getenv(EnvServeShot)
	if file == "" {
		t.Skip(EnvServeShot + "=docs/serve.jpg makes the README's picture of sasl serve")
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join("..", "..", file)
	}
	ctx := chromium(t) // asked for: not only in the long run
	path := filepath.Join(t.TempDir(), "game.yaml")
	sasl(t, "play", "new", "--seed", "1", "--save", path)
	_, url := serve(t, path, "")

	p := page{t, ctx}
	p.run("load the page", chromedp.Navigate(url))
	p.settled(1)
	p.nextTo(3)
	p.waitText("#asked", "entered x1EE10")
	p.click("#do-firstfire")
	p.clickHex("x1CC8")
	p.waitText("#plan-text", "FP, DRM")
	p.zoomTo("x1S3", "x1GG10")

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
