package browsertest

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/table"
)

// friendlyFire lists the First Fire (ASL A8.1), Subsequent First Fire
// (A8.3) and Final Protective Fire (A8.31) of step n of game file path.
func friendlyFire(t *testing.T, path string, n int) []string {
	t.Helper()
	tg, err := table.Read(path, table.Options{Boards: realBoards(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Close()
	steps, err := tg.Steps(n)
	if err != nil || len(steps) == 0 {
		t.Fatalf("step %d of %s: %v", n, path, err)
	}
	words := report.New(tg.World())
	var out []string
	for i := range steps[0].Events {
		e := &steps[0].Events[i]
		if e.Kind == report.FirstFire || e.Kind == report.SubsequentFirstFire || e.Kind == report.FinalProtectiveFire {
			out = append(out, words.Text(e))
		}
	}
	return out
}

// TestServeStopsInBrowser plays the four-board game's stops in a real
// browser as a player reads them: the setup in the timeline with its
// dice; buttons that say what they do (at a First Fire stop "Hold fire",
// which never fires, and "Let sasl fire for me", which does); a First Fire
// stop that names the mover, marks the hex it entered and draws its path;
// the RtPh's routs (ASL A10.5) and Subsequent First Fire (A8.3) as buttons
// that send the commands sasl play takes; Assault Movement (A4.61); and
// the LOS tool, whose verdict is the line sasl los prints.
// SASL_SERVE_SCREENSHOTS names a folder for a picture of each stop.
func TestServeStopsInBrowser(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	dir := t.TempDir()
	path := newFourBoardGame(t, dir, "game.yaml")
	_, url := startServe(t, path)
	p := page{t, ctx}
	shots := os.Getenv("SASL_SERVE_SCREENSHOTS")
	shot := func(name string) {
		if shots != "" {
			p.screenshot(filepath.Join(shots, name+".png"))
		}
	}
	label := func(sel string) string { return strings.TrimSpace(p.text(sel)) }
	has := func(sel string) bool {
		var ok bool
		p.eval(`!!document.querySelector("`+sel+`")`, &ok)
		return ok
	}

	p.run("load the page", chromedp.Navigate(url))
	p.settled(1)
	// The setup, step 1: every S? with its case and dice (sasl place).
	p.waitText("#setup summary", "S? (SASL 4.1)")
	var placed, sq int
	p.eval(`page.setup.placements.length`, &placed)
	p.eval(`page.state.units.filter((u) => u.case).length`, &sq)
	if placed == 0 || placed != sq {
		t.Errorf("the timeline's setup lists %d S?, the game has %d placed by a case", placed, sq)
	}
	p.click("#setup summary")
	if s := p.text("#setup"); !strings.Contains(s, "case e") || !strings.Contains(s, "A6d dr") {
		t.Errorf("the setup does not say its cases and dice: %.300s", s)
	}
	shot("stop-1-setup")
	p.click("#setup summary")

	// Your MPh: done moving; the engine would move nothing, so no pass.
	p.nextTo(4)
	p.waitText("#asked", "Your MPh: move")
	if got := label("#do-next"); got != "Done moving" || has("#do-pass") {
		t.Errorf("before your MPh the buttons are %q and pass %v; want Done moving alone", got, has("#do-pass"))
	}
	// Assault Movement (ASL A4.61): one Location, the command's --assault.
	p.clickHex("15P4")
	p.click("#plan-move")
	p.waitText("#plan-near", "15O5") // the Locations one away Legal takes
	shot("stop-2-move-near")
	p.click("#plan-assault")
	p.clickHex("15O5")
	p.waitText("#plan-text", "15O5")
	var title string
	p.eval(`document.getElementById("plan-confirm").title`, &title)
	if title != "sasl play move F3 15O5 --assault" || label("#plan-confirm") != "Assault Move" {
		t.Errorf("the Assault Movement button is %q, %q", label("#plan-confirm"), title)
	}
	shot("stop-2-assault")
	p.click("#plan-cancel")
	// The page offers the moves the game's Legal lists and no others
	// (issue 53): F3 is offered, with its Locations one Location away; a
	// unit Legal does not move (one that Prep Fired, ASL A3.3) gets no
	// "Move these…".
	var offered []bool
	p.eval(`(() => { const out = [];
		const o = page.state.offers.moves.find((m) => m.units.includes("F3"));
		out.push(!!o && o.from === "15P4" && o.to.includes("15O5") && o.assault.includes("15O5"));
		showHex(hexNamed("15P4")); out.push(!!document.getElementById("pick-F3"));
		const was = page.state.offers; page.state.offers = { moves: [], fires: [] };
		showHex(hexNamed("15P4")); out.push(!!document.getElementById("pick-F3"));
		page.state.offers = was; return out; })()`, &offered)
	if !slices.Equal(offered, []bool{true, true, false}) {
		t.Errorf("F3 offered a move to 15O5, F3 may be chosen, and not when Legal moves nothing: %v; want [true true false]", offered)
	}

	// First Fire at the Human Wave that entered 4U4.
	p.nextTo(7)
	p.waitText("#asked", "entered 4U4")
	if s := p.text("#asked"); !strings.Contains(s, "A1a (squad 4-4-7)") || !strings.Contains(s, "Human Wave") {
		t.Errorf("the First Fire stop does not name the mover: %s", s)
	}
	if got, pass := label("#do-next"), label("#do-pass"); got != "Hold fire" || pass != "Let sasl fire for me" {
		t.Errorf("at First Fire the buttons are %q and %q", got, pass)
	}
	// Reached at the whole map, whose hexes are too small to see, the
	// stop is shown on the map at once.
	stopInView := func() bool {
		var in bool
		p.eval(`(() => { const [x, y] = toSVG(page.state.stop.at_hex); const [vx, vy, vw, vh] = page.view;
			return x > vx && x < vx + vw && y > vy && y < vy + vh && vw * vh < page.full[2] * page.full[3] / 2; })()`, &in)
		return in
	}
	if !stopInView() {
		t.Error("a First Fire stop reached at the whole map is not shown around its hex")
	}
	var marked int
	p.eval(`page.underlay.querySelectorAll('[data-layer="stop"] polygon.m-stop').length`, &marked)
	if marked != 1 {
		t.Errorf("the hex the mover entered is marked %d times", marked)
	}
	if s := p.text("#events"); !strings.Contains(s, "stopped: ") {
		t.Errorf("the timeline does not tell the stop: %.300s", s)
	}
	// Its path, as the view gives it.
	var given bool
	p.eval(`!!(page.state.stop.path && page.state.stop.path.length > 1)`, &given)
	if !given {
		t.Errorf("the First Fire stop gives no path: %v", p.text("#asked"))
	}
	p.eval(`page.underlay.querySelectorAll('[data-layer="stop"] polyline.m-mover').length`, &marked)
	if marked != 1 || !strings.Contains(p.text("#asked"), "its move began ") {
		t.Errorf("the mover's path is drawn %d times; the stop says %q", marked, p.text("#asked"))
	}
	// The mover tops a pile it is in: the counter the question names is
	// the one seen (three ENEMY units drawn in its hex, it the last).
	var top []string
	p.eval(`(() => { const s = page.state.stop; const mv = page.state.units.find((u) => u.id === s.moving[0]);
		const others = page.state.units.filter((u) => u.side === "enemy" && !s.moving.includes(u.id)).slice(0, 2);
		const [g] = shapes([stackShape([...others, mv].map((u) => ({ ...u, drawn: mv.drawn })))]);
		return wordsIn(g); })()`, &top)
	if !slices.Contains(top, "A1a") { // the counters under the top one carry no words
		t.Errorf("a pile with the mover A1a in it shows %v on top", top)
	}
	// The timeline's stop shows it on the map again: its hex in view.
	p.click("#zoom-fit")
	p.click("#timeline-stop")
	if !stopInView() {
		var view []float64
		p.eval(`page.view`, &view)
		t.Errorf("the stop is not shown on the map, zoomed in: view %v at %s", view, p.text("#where"))
	}
	shot("stop-3-first-fire")
	p.click("#zoom-fit")
	atSeven, _ := os.ReadFile(path)

	// Hold fire fires nothing; the same stop passed, the engine fires.
	p.click("#do-next")
	p.settled(8)
	if fired := friendlyFire(t, path, 8); len(fired) > 0 {
		t.Errorf("Hold fire fired: %v", fired)
	}
	passed := filepath.Join(dir, "passed.yaml")
	os.WriteFile(passed, atSeven, 0o644)
	sasl(t, "play", "pass", passed, "--boards", realBoards(t))
	if fired := friendlyFire(t, passed, 8); len(fired) == 0 {
		t.Errorf("the stop passed, the engine did not fire: the test of Hold fire proves nothing")
	}
	// The Residual FP that fire left in the Location (ASL A8.2) is marked
	// at the foot of its hex, as sasl play show marks it.
	tp, err := table.Read(passed, table.Options{Boards: realBoards(t)})
	if err != nil {
		t.Fatal(err)
	}
	_, _, res := table.CountersOf(tp)
	tp.Close()
	if len(res) == 0 {
		t.Fatal("the engine's First Fire left no Residual FP (ASL A8.2)")
	}
	_, passedURL := startServe(t, passed)
	pp := newTab(t, ctx)
	pp.run("load the passed game", chromedp.Navigate(passedURL))
	pp.settled(8)
	var tags []string
	pp.eval(`[...document.querySelectorAll("#tags g.tag")].flatMap(wordsIn)`, &tags)
	if len(tags) != len(res) || tags[0] != res[0].Text || !strings.HasPrefix(res[0].Text, "Res ") {
		t.Errorf("the map marks Residual FP %q; the game has %v", tags, res)
	}
	// F4, which fired, carries its First Fire marker (ASL A8.1).
	var words []string
	pp.eval(`(() => { const u = page.state.units.find((x) => x.id === "F4"); const h = page.drawnHexes.get(u.drawn.join(","));
		return u.fired ? wordsIn(h.g) : []; })()`, &words)
	if !slices.Contains(words, "F4") || !slices.Contains(words, "F") {
		t.Errorf("F4 fired; its counter says %q", words)
	}

	// The ENEMY's DFPh: Defensive Fire, or the engine's.
	p.nextUntil("your DFPh", 14)
	if got, pass := label("#do-next"), label("#do-pass"); got != "Done with Defensive Fire" || pass != "Let sasl fire Defensive Fire for me" {
		t.Errorf("before the DFPh the buttons are %q and %q", got, pass)
	}
	shot("stop-4-dfph")
	// Each Location the game's Legal fires from gets "Fire from here…",
	// planned from that Location (its ground level, or the level above
	// the offer names); a hex with no offer gets none.
	var fire []string
	p.eval(`(() => { const out = [];
		for (const f of page.state.offers.fires) {
			showHex(hexNamed(f.from));
			const b = document.getElementById("plan-fire");
			if (!b) { out.push("no button for " + f.from); continue; }
			b.click();
			if (!page.plan || page.plan.from[0] !== f.from && hexNamed(page.plan.from[0]) !== hexNamed(f.from)) out.push("planned from " + (page.plan && page.plan.from) + " for " + f.from);
			cancelPlan();
		}
		const none = [...page.hexByName.values()].find((h) => !page.state.offers.fires.some((f) => hexNamed(f.from) === h) && unitsIn(h).some((u) => u.side === "friendly"));
		if (none) { showHex(none); if (document.getElementById("plan-fire")) out.push("a button at " + none.name + ", which no offer fires from"); }
		return out.concat(page.state.offers.fires.length ? [] : ["no fire offered"]); })()`, &fire)
	if len(fire) > 0 {
		t.Errorf("the DFPh's fire offers on the page: %v", fire)
	}

	// The LOS tool: the verdict sasl los prints, the line drawn.
	p.click("#los-tool")
	p.clickHex("4T2")
	p.clickHex("4P6")
	p.run("the LOS is traced", chromedp.Poll[chromedp.Void](`!!document.getElementById("los-text")`))
	if got, want := label("#los-text"), strings.TrimSpace(sasl(t, "los", "4T2", "4P6", "--game", path, "--boards", realBoards(t))); got != want {
		t.Errorf("the page's LOS says %q, sasl los %q", got, want)
	}
	p.eval(`page.overlay.querySelectorAll('[data-layer="los"] line').length`, &marked)
	if marked == 0 {
		t.Errorf("the LOS is not drawn")
	}
	p.zoomTo("4N1", "4X7")
	shot("stop-5-los")
	p.click("#zoom-fit")
	p.click("#plan-cancel")

	// The RtPh: each broken unit's routs are buttons of sasl play move.
	rtph := p.nextUntil("RtPh", 18)
	var routs []string
	p.eval(`[...document.querySelectorAll("#actions button.rout-to, #actions button.rout-crawl")].map((b) => b.title)`, &routs)
	if !slices.Contains(routs, "sasl play move F3 15Q8") || !slices.Contains(routs, "sasl play move F4 4U2 --low-crawl") {
		t.Errorf("the rout stop offers %v", routs)
	}
	if got := label("#do-next"); got != "Done: sasl routs the rest that must" || has("#do-pass") {
		t.Errorf("at the rout stop Next is %q (pass %v)", got, has("#do-pass"))
	}
	p.run("point at a rout", chromedp.Evaluate[chromedp.Void](`document.querySelector('#actions button[title="sasl play move F3 15Q8"]').dispatchEvent(new MouseEvent("mouseenter")); null`))
	p.eval(`page.overlay.querySelectorAll('[data-layer="hover"] polygon.m-dest').length`, &marked)
	if marked != 1 {
		t.Errorf("pointing at a rout button marks %d hexes", marked)
	}
	p.zoomTo("15L1", "15T9")
	shot("stop-6-rout")
	p.click("#zoom-fit")
	p.click(`#actions button[title="sasl play move F3 15Q8"]`)
	p.settled(rtph + 1)
	if j := gameJournal(t, path); j[rtph].Do != "move F3 15Q8" {
		t.Errorf("the rout button sent %q", j[rtph].Do)
	}
	p.waitText("#asked", "1 broken unit")

	// On to an RPh: your rallies reported, or rolled by sasl.
	p.nextUntil("RPh", rtph+8)
	if got, pass := label("#do-next"), label("#do-pass"); got != "My rallies are reported: go on" || pass != "Let sasl roll my rallies" {
		t.Errorf("before the RPh the buttons are %q and %q", got, pass)
	}
	var rally []string
	p.eval(`[...document.querySelectorAll("#actions button.rally")].map((b) => b.title.replace(/:.*/, ""))`, &rally)
	var broken []string
	p.eval(`page.state.units.filter((u) => u.side === "friendly" && u.broken).map((u) => "sasl play set " + u.id + " good")`, &broken)
	if len(broken) == 0 || !slices.Equal(rally, broken) {
		t.Errorf("the RPh offers the rallies %v; the broken units are %v", rally, broken)
	}
	shot("stop-8-rph")

	// Back to the first stop, fire there, and the next move is offered
	// to Subsequent First Fire (ASL A8.3) by a button of its own.
	p.run("undo to step 7", chromedp.Evaluate[chromedp.Void](`doCommand("undo " + (page.state.step - 7))`))
	p.settled(7)
	// A stop that offers many groups sums them up, each on demand: here
	// the view's own group and, made up from the FRIENDLY units, one in
	// each of their Locations, of each kind of fire (ASL A8.1-A8.31).
	var sum string
	p.eval(`(() => { const s = page.state.stop; const kinds = ["", "sff", "fpf"]; let k = 0;
		const byAt = new Map();
		for (const u of page.state.units) if (u.side === "friendly" && !u.entering && !byAt.has(u.at) && u.at !== "4T2") byAt.set(u.at, [u.id]);
		for (const [at, ids] of byAt) s.groups.push({ units: ids, at, range: 5, fire: kinds[k++ % 3] });
		render(); return document.querySelector("#groups summary").textContent; })()`, &sum)
	if !regexp.MustCompile(`^\d+ units in \d+ Locations may fire at 4U4 \(show them\)$`).MatchString(sum) || has("#groups[open]") {
		t.Errorf("many groups are summed up as %q (open %v)", sum, has("#groups[open]"))
	}
	p.click("#groups summary")
	var kinds []string
	p.eval(`[...new Set([...document.querySelectorAll("#groups button.group-fire")].map((b) => b.textContent.replace(/ from .*/, "")))]`, &kinds)
	if !slices.Equal(kinds, []string{"First Fire", "Subsequent First Fire", "Final Protective Fire"}) {
		t.Errorf("the groups' buttons fire %v", kinds)
	}
	shot("stop-9-many-groups")
	p.run("the view again", chromedp.Steps(chromedp.Evaluate[chromedp.Void](`reload(); null`),
		chromedp.Poll[chromedp.Void](`page.state.stop.groups.length === 1 && !document.querySelector("#groups")`)))
	// A hex of both sides (an ENEMY unit on another level of 4T2, made up
	// here): at a First Fire stop a click there adds or drops your stack,
	// as in any hex of yours.
	p.click(`#actions button.group-fire[data-at='4T2']`)
	p.waitText("#plan-text", "FP, DRM")
	p.run("an ENEMY unit above 4T2", chromedp.Evaluate[chromedp.Void](`(() => { const h = hexNamed("4T2");
		page.state.units.push({ ...page.state.units.find((u) => u.side === "enemy" && !u.entering), id: "X9", at: "4T2h1", drawn: h.at }); })()`))
	p.clickHex("4T2")
	var dropped bool
	p.run("4T2 dropped", chromedp.Poll[chromedp.Void](`page.plan === null || !page.plan.from.includes("4T2")`))
	p.eval(`$("error").hidden`, &dropped)
	if !dropped {
		t.Errorf("a click on 4T2, yours with an ENEMY unit above, says %q", p.text("#error"))
	}
	p.run("the view again", chromedp.Steps(chromedp.Evaluate[chromedp.Void](`cancelPlan(); reload(); null`),
		chromedp.Poll[chromedp.Void](`!page.state.units.some((u) => u.id === "X9")`)))
	p.click(`#actions button.group-fire[data-at='4T2']`)
	p.waitText("#plan-text", "FP, DRM")
	p.click("#plan-confirm")
	p.settled(8)
	if got := label("#do-next"); got != "Let them move on" || has("#do-pass") {
		t.Errorf("with no fire left the buttons are %q (pass %v)", got, has("#do-pass"))
	}
	p.click("#do-next")
	p.settled(9)
	p.waitText("#asked", "Subsequent First Fire at it")
	if got := label(`#actions button.group-fire[data-at='4T2']`); got != "Subsequent First Fire from 4T2…" {
		t.Errorf("the SFF group's button says %q", got)
	}
	p.click(`#actions button.group-fire[data-at='4T2']`)
	p.waitText("#plan-text", "Subsequent First Fire")
	p.zoomTo("4P1", "4X6")
	shot("stop-7-sff")
	// A smaller screen: the question and its buttons still in view.
	p.run("a laptop's screen", chromedp.EmulateViewport(1280, 720))
	var fits bool
	p.click("#plan-cancel")
	p.click(`#actions button.group-fire[data-at='4T2']`)
	p.waitText("#plan-text", "Subsequent First Fire")
	p.eval(`["do-next", "plan-confirm"].every((id) => { const b = document.getElementById(id).getBoundingClientRect(); return b.top >= 0 && b.bottom < innerHeight && b.right < innerWidth; })`, &fits)
	if !fits {
		t.Errorf("on a 1280x720 screen the stop's first button or the planned fire's is out of view")
	}
	shot("stop-7-sff-1280")
	// A message below a long question is scrolled into view, not left
	// under the panel's edge.
	var seen bool
	p.run("a message", chromedp.Evaluate[chromedp.Void](`$("top").scrollTop = 0; showError("a refusal the player must read"); null`))
	p.run("a frame", chromedp.Poll[chromedp.Void](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))`))
	p.eval(`(() => { const e = $("error").getBoundingClientRect(), t = $("top").getBoundingClientRect(); return e.top >= t.top && e.bottom <= t.bottom; })()`, &seen)
	if !seen {
		t.Errorf("on a 1280x720 screen an error is shown out of the panel's view")
	}
}

// gameJournal reads the journal of game file path.
func gameJournal(t *testing.T, path string) []state.Step {
	t.Helper()
	tg, err := table.Read(path, table.Options{Boards: realBoards(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Close()
	return tg.Journal()
}

// nextUntil clicks Next until the page asks what says want, by step last
// at the latest, and returns the step it stands at: which step a stop
// falls at follows the game's First Fire setting, not the test.
func (p page) nextUntil(want string, last int) int {
	p.t.Helper()
	var at int
	p.eval(`page.state.step`, &at)
	for !strings.Contains(p.text("#asked"), want) {
		if at >= last {
			p.t.Fatalf("no %q by step %d: the page asks %q", want, last, p.text("#asked"))
		}
		p.click("#do-next")
		at++
		p.settled(at)
	}
	return at
}
