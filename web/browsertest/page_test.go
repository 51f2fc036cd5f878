package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/table"
	"github.com/sasl-engine/sasl/web"
)

// browser starts Debian's chromium, headless, or skips the test: a test in
// a browser is a long test (longrun: SASL_LONG=1, which .ci/run sets; a
// benchmark asks for one itself).
func browser(t testing.TB) context.Context {
	t.Helper()
	if _, ok := t.(*testing.T); ok {
		longrun.Skip(t)
	}
	return chromium(t)
}

// chromium starts Debian's chromium, headless, or skips the test if there
// is none.
func chromium(t testing.TB) context.Context {
	t.Helper()
	exe, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("no chromium on PATH (Debian's package chromium; .ci/run installs it): the page is not tested in a browser")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.WindowSize(1600, 1000), chromedp.Flag("disable-dev-shm-usage", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	if _, err := chromedp.Run(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return ctx
}

// newTab opens a tab of browser ctx, closed when t ends, with the page's
// metrics on (Performance.enable, in wall time: the main thread's tasks as
// long as they took, its CPU time beside them as ThreadTime): asked first,
// before its first navigation, as a tab of this chromedp that is asked
// nothing before it may never answer an evaluation after.
func newTab(t testing.TB, ctx context.Context, opts ...chromedp.ContextOption) page {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx, opts...)
	t.Cleanup(cancel)
	if _, err := chromedp.Call(tab, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainTimeTicks}); err != nil {
		t.Fatal(err)
	}
	return page{t, tab}
}

// page drives the sasl serve page in a browser.
type page struct {
	t   testing.TB
	ctx context.Context
}

func (p page) run(what string, a chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	if _, err := chromedp.Run(ctx, a); err != nil {
		p.t.Fatalf("%s: %v (the page says: %s)", what, err, p.text("#error"))
	}
}

func (p page) eval(expr string, out any) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
}

func (p page) text(sel string) string {
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("`+sel+`")||{}).textContent||""`))
	return s
}

// settled waits until the page shows step n of the game, drawn, and waits
// for nothing.
func (p page) settled(n int) {
	p.t.Helper()
	p.run(fmt.Sprintf("the page settles at step %d", n), chromedp.Steps(
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`page.state && page.state.step === %d && !page.busy && page.svg && document.contains(page.svg)`, n)),
	))
}

// nextTo clicks Next until the game stands at step n.
func (p page) nextTo(n int) {
	p.t.Helper()
	var at int
	p.eval(`page.state.step`, &at)
	for at++; at <= n; at++ {
		p.click("#do-next")
		p.settled(at)
	}
}

func (p page) click(sel string) {
	p.t.Helper()
	p.run("click "+sel, chromedp.Steps(chromedp.WaitVisible(sel), chromedp.Click(sel)))
}

// clickHex clicks the centre of hex name on the map, as a player does.
func (p page) clickHex(name string) {
	p.t.Helper()
	var xy []float64
	p.eval(`(() => { const h = [...page.hexes.values()].find((x) => x.name === "`+name+`");
		const [x, y] = toSVG(h.at); const q = page.svg.createSVGPoint(); q.x = x; q.y = y;
		const s = q.matrixTransform(page.svg.getScreenCTM()); return [s.x, s.y]; })()`, &xy)
	p.run("click hex "+name, chromedp.MouseClickXY(xy[0], xy[1]))
}

// waitText waits until the element sel says want.
func (p page) waitText(sel, want string) {
	p.t.Helper()
	p.run(fmt.Sprintf("%s says %q", sel, want), chromedp.Poll[chromedp.Void](
		fmt.Sprintf(`(document.querySelector(%q)||{}).textContent?.includes(%q)`, sel, want)))
}

// zoomTo shows the map between two hexes, as a player zooms in.
func (p page) zoomTo(a, b string) {
	p.t.Helper()
	p.run("zoom", chromedp.Evaluate[chromedp.Void](`(() => { const at = (n) => toSVG([...page.hexes.values()].find((x) => x.name === n).at);
		const [x1, y1] = at("`+a+`"), [x2, y2] = at("`+b+`");
		setView([Math.min(x1, x2), Math.min(y1, y2), Math.abs(x2 - x1), Math.abs(y2 - y1)]); })()`))
}

// inView says how high the map shows a hex, in CSS pixels, and whether
// the lattice points the JavaScript expression pts gives all lie in the
// map's view: the test's own reckoning, not the page's.
func (p page) inView(pts string) (px float64, inside bool) {
	p.t.Helper()
	var shown struct {
		Px     float64
		Inside bool
	}
	p.eval(`(() => { const [x, y, w, h] = page.view; const pts = (`+pts+`).map(toSVG);
		return { px: shownHexPixels(), inside: pts.every(([a, b]) => a >= x && a <= x + w && b >= y && b <= y + h) }; })()`, &shown)
	return shown.Px, shown.Inside
}

func (p page) screenshot(file string) {
	p.t.Helper()
	// The map drawn, and its SVG too if the zoom asked for it.
	p.run("the map drawn", chromedp.Poll[chromedp.Void](`performance.getEntriesByName("sasl-map-drawn").length > 0 && !page.sharpening`))
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(file, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// TestServeInBrowser plays the four-board game on real boards by clicks in
// a real browser: the counters drawn are the game file's; a move (its path
// and MF shown first), a First Fire (its FP, DRM and LOS shown first) and
// an undo; a reload finds the same game; and the file is byte for byte
// the one the same actions make by sasl play's commands.
func TestServeInBrowser(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	dir := t.TempDir()
	path := newFourBoardGame(t, dir, "game.yaml")
	byCommands := filepath.Join(dir, "commands.yaml")
	b, _ := os.ReadFile(path)
	os.WriteFile(byCommands, b, 0o644)
	_, url := startServe(t, path)
	p := page{t, ctx}
	shots := os.Getenv("SASL_SERVE_SCREENSHOTS") // a folder for the pictures, to look at

	start := time.Now()
	p.run("load the page", chromedp.Navigate(url))
	p.settled(1)
	t.Logf("the four-board page loaded and drew its map in %v", time.Since(start).Round(time.Millisecond))

	// The counters drawn are the game file's: every unit alone in its hex
	// shows its ID on the map, and hovering a hex lists the file's units.
	tg, err := table.Read(path, table.Options{Boards: realBoards(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Close()
	g := tg
	var texts []string
	p.eval(`wordsIn(page.svg)`, &texts)
	perHex := map[string][]string{}
	m := g.World().Map()
	for _, u := range g.Snapshot().Units() {
		perHex[m.NameString(u.At().Hex)] = append(perHex[m.NameString(u.At().Hex)], u.ID)
	}
	checked := 0
	for hx, ids := range perHex {
		if len(ids) == 1 {
			checked++
			if !slices.Contains(texts, ids[0]) {
				t.Errorf("%s in %s is not drawn on the map", ids[0], hx)
			}
		}
	}
	var drawn map[string][]string
	p.eval(`Object.fromEntries([...page.hexes.values()].map((h) => [h.name, unitsIn(h).map((u) => u.id)]).filter(([, us]) => us.length))`, &drawn)
	for hx, ids := range perHex {
		if !slices.Equal(drawn[hx], ids) {
			t.Errorf("%s: the page has %v, the game file %v", hx, drawn[hx], ids)
		}
	}
	if len(drawn) != len(perHex) || checked < 50 {
		t.Errorf("the page has units in %d hexes, the file in %d (%d checked alone)", len(drawn), len(perHex), checked)
	}
	// The browser's search (Ctrl+F) finds a counter by its words, which
	// are paths: once the player presses Ctrl+F, each has a text of its
	// own, unseen (transparent, on the map and in the legend's samples),
	// shown to the search (not hidden), over its words (its box's centre
	// within a tenth of its height of theirs, zoomed in, where a small
	// font's hinting does not round it).
	var found struct {
		Words, Texts, Off int
		Hidden, Seen      string
	}
	p.eval(`(() => {
		document.dispatchEvent(new KeyboardEvent("keydown", { key: "f", ctrlKey: true }));
		zoomAt(1 / 12, 0, 0);
		const out = { words: 0, texts: 0, off: 0, hidden: "", seen: "" };
		for (const w of page.counters.querySelectorAll("path.words")) {
			out.words++;
			const t = w.nextElementSibling;
			if (!t || !t.matches("text.findable") || t.textContent !== w.getAttribute("aria-label")) continue;
			out.texts++;
			const cs = getComputedStyle(t);
			if (cs.visibility !== "visible" || cs.display === "none") out.hidden = t.textContent;
			const a = w.getBoundingClientRect(), b = t.getBoundingClientRect();
			if (Math.hypot(a.x + a.width / 2 - b.x - b.width / 2, a.y + a.height / 2 - b.y - b.height / 2) > 0.1 * b.height) out.off++;
		}
		$("zoom-fit").click();
		// The legend's samples, drawn once the player opens it, too.
		$("marks").open = true;
		renderCounterLegend(...page.shownCounters);
		for (const t of document.querySelectorAll("text.findable")) if (getComputedStyle(t).fill !== "rgba(0, 0, 0, 0)") out.seen = t.textContent;
		$("marks").open = false;
		return out;
	})()`, &found)
	if found.Words == 0 || found.Texts != found.Words || found.Off > 0 || found.Hidden != "" || found.Seen != "" {
		t.Errorf("after Ctrl+F, of the counters' %d words %d have a findable text, %d of them away from their words, hidden: %q, seen (not transparent, the legend's among them): %q", found.Words, found.Texts, found.Off, found.Hidden, found.Seen)
	}
	// The game plays by the built-in tables: the page says, in a line of
	// its own, that their placeholders are sasl's, and how to give yours.
	var shown bool
	p.eval(`!document.getElementById("tables").hidden && document.getElementById("tables").offsetHeight > 0`, &shown)
	if notice := p.text("#tables"); !shown || !strings.Contains(notice, "Placeholder tables: ") || !strings.Contains(notice, "sasl tables template > mine.yaml") {
		t.Errorf("the page does not tell of the placeholder tables (shown %v): %q", shown, notice)
	}
	// The mission's Prevailing Attitude (SASL 4.33, 6): this one names
	// none, and the page says that the tables' is played.
	if a := p.text("#attitude"); a != "The ENEMY's Prevailing Attitude: Maintain (the mission names none: sasl's reading)" {
		t.Errorf("the page words the ENEMY's Prevailing Attitude %q", a)
	}
	if shots != "" {
		p.screenshot(filepath.Join(shots, "1-setup.png"))
	}

	// Next to the FRIENDLY MPh: the ENEMY's turn 1, then the stops of ours.
	p.nextTo(4)
	p.waitText("#where", "before your MPh")
	// The page words the stop from its data (the file keeps no words).
	p.waitText("#asked", "Your MPh: move (click one of your stacks), then Done moving.")
	// A move: F3 from 15P4 to 15O5, its path and MF shown first, then
	// cancelled (with it made, the Human Wave of turn 2 meets no FRIENDLY
	// LOS: the fire after First Fire, ASL A8.2-A8.4, changes the dice).
	p.clickHex("15P4")
	p.click("#plan-move")
	p.clickHex("15O5")
	p.waitText("#plan-text", "2 of 4 MF")
	if shots != "" {
		p.screenshot(filepath.Join(shots, "2-move.png"))
	}
	p.click("#plan-cancel")
	p.nextTo(7)
	// First Fire at the Human Wave S? that entered 4U4, from 4T2.
	p.waitText("#asked", "entered 4U4")
	p.click("#do-firstfire")
	p.clickHex("4T2")
	p.waitText("#plan-text", "FP, DRM")
	if shots != "" {
		p.zoomTo("4P1", "4X6")
		p.screenshot(filepath.Join(shots, "3-fire.png"))
		p.click("#zoom-fit")
	}
	if s := p.text("#plan-text"); !strings.Contains(s, "LOS from 4T2 clear") && !strings.Contains(s, "LOS from 4T2 hindered") {
		t.Errorf("the fire's preview does not say its LOS: %s", s)
	}
	p.click("#plan-confirm")
	p.settled(8)
	if s := p.text("#events"); !strings.Contains(s, "First Fire") {
		t.Errorf("the timeline does not tell the First Fire: %.400s", s)
	}
	// Choosing the fire in the timeline marks its fire line and Target.
	p.run("choose the First Fire", chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("#events li.event")].find((li) => li.textContent.includes("First Fire: F4")).click()`))
	p.run("the fire is marked", chromedp.Poll[chromedp.Void](`page.overlay.querySelectorAll('[data-layer="event"] line.m-fire').length === 1`))
	p.click("#ev-prev") // the Activation before it, in 4U4
	// Its hex, under the counters.
	p.run("the Activation is marked", chromedp.Poll[chromedp.Void](`document.getElementById("underlay").querySelectorAll('[data-layer="event-hexes"] polygon.m-event').length === 1`))
	if shots != "" {
		p.screenshot(filepath.Join(shots, "4-after-fire.png"))
	}
	// Undo the fire.
	p.click("#do-undo")
	p.settled(7)
	p.waitText("#asked", "entered 4U4")

	// A reload shows the same game.
	var before, after string
	p.eval(`page.state.version + " " + page.state.where`, &before)
	p.run("reload", chromedp.Reload())
	p.settled(7)
	p.eval(`page.state.version + " " + page.state.where`, &after)
	if before != after {
		t.Errorf("after a reload the page shows %q, before %q", after, before)
	}

	// The same actions by commands make the same file.
	boards := realBoards(t)
	for _, args := range [][]string{
		{"next"}, {"next"}, {"next"}, {"next"}, {"next"}, {"next"},
		{"fire", "--from", "4T2", "--at", "4U4"}, {"undo"},
	} {
		full := append([]string{"play", args[0], byCommands}, args[1:]...)
		sasl(t, append(full, "--boards", boards)...)
	}
	web, _ := os.ReadFile(path)
	cli, _ := os.ReadFile(byCommands)
	if !bytes.Equal(web, cli) {
		t.Errorf("the game file played by clicks differs from the one played by commands:\n%s", firstLineDiff(string(web), string(cli)))
	}
}

func firstLineDiff(a, b string) string {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(x), len(y)) {
		if x[i] != y[i] {
			return fmt.Sprintf("line %d: %q vs %q", i+1, x[i], y[i])
		}
	}
	return fmt.Sprintf("%d lines vs %d", len(x), len(y))
}

// BenchmarkServePage loads the four-board game's page from a server just
// started: the page, its scripts and style, the map's geometry, the state,
// the hexes, the log and the map's SVG (gzipped, as a browser asks),
// through the handler.
func BenchmarkServePage(b *testing.B) {
	path := newFourBoardGame(b, b.TempDir(), "game.yaml")
	boards := realBoards(b)
	hosts := []string{"127.0.0.1:8080"}
	var svg, gz int
	for b.Loop() {
		b.StopTimer()
		srv, err := web.New(web.NewConfig(path, table.Options{Boards: boards}, hosts))
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for _, u := range []string{"/", "/app.js", "/counters.js", "/style.css", "/api/map", "/api/hexes", "/api/state", "/api/log", "/api/map.svg"} {
			r := httptest.NewRequest("GET", u, nil)
			r.Host = hosts[0]
			r.Header.Set("Accept-Encoding", "gzip")
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			if w.Code != 200 {
				b.Fatalf("%s: %d", u, w.Code)
			}
			if u == "/api/map.svg" {
				gz = w.Body.Len()
			}
		}
		b.StopTimer()
		r := httptest.NewRequest("GET", "/api/map.svg", nil)
		r.Host = hosts[0]
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		svg = w.Body.Len()
		srv.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(svg), "svg-bytes")
	b.ReportMetric(float64(gz), "svg-gzip-bytes")
}
