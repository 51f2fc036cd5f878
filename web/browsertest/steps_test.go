package browsertest

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEveryStepShowsSomething plays a four-board game's first 24 steps by
// the page's Next, as a player does, and reads the timeline of each turn:
// every step lists what happened, never "nothing happened" (issue 56):
// at a First Fire stop, "you hold your fire" and the stack moving on to
// the next (report.GoOn, report.MovesOn); at a phase, that the player
// went on without firing, moving or advancing. An Activation names the
// table's row by the ENEMY's nationality ("the Russian row"), not by the
// tables' key (axis_minor_russia_japan).
func TestEveryStepShowsSomething(t *testing.T) {
	t.Parallel()
	p := fourBoardPage(t)
	p.nextTo(24)
	var turns []int
	p.eval(`[...new Set(page.log.steps.map((s) => s.turn))].sort((a, b) => a - b)`, &turns)
	if len(turns) < 2 {
		t.Fatalf("24 steps span turns %v: the test reads too little", turns)
	}
	held, wentOn, rows := 0, 0, 0
	for _, turn := range turns {
		var lines []string
		p.eval(`(() => { page.turn = `+strconv.Itoa(turn)+`; renderTimeline();
			return [...document.querySelectorAll("#events > li")].map((li) => li.className + "|" + li.textContent); })()`, &lines)
		for i, l := range lines {
			class, text, _ := strings.Cut(l, "|")
			next := ""
			if i+1 < len(lines) {
				next, _, _ = strings.Cut(lines[i+1], "|")
			}
			switch {
			case class == "empty":
				t.Errorf("turn %d lists %q", turn, text)
			case class == "step" && !strings.HasPrefix(text, "Step 1: ") && !strings.HasPrefix(next, "event") && next != "timeline-stop":
				// (the setup, step 1, is its summary and list: renderSetup)
				t.Errorf("turn %d: %q lists no event after it", turn, text)
			}
			// The rule text names the Activation table's row by the
			// ENEMY's nationality, not by the tables' key (issue 56).
			if strings.Contains(text, "on the Activation table (") {
				rows++
				if !strings.Contains(text, "(the Russian row, ") {
					t.Errorf("turn %d: %q", turn, text)
				}
			}
			if strings.Contains(text, "you hold your fire (next)") {
				held++
			}
			if strings.Contains(text, "and go on (next)") {
				wentOn++
			}
		}
	}
	if held == 0 || wentOn == 0 || rows == 0 {
		t.Errorf("24 steps: %d First Fire holds, %d phases gone on from, %d Activations: the test reads too little", held, wentOn, rows)
	}
}

// TestStopNamedOneWay: the page's header and its question name the stop
// one way (issue 56): at the DFPh of the ENEMY Player Turn both say "your
// DFPh", the header adding whose Player Turn it is, never "the ENEMY
// DFPh" beside "your DFPh".
func TestStopNamedOneWay(t *testing.T) {
	t.Parallel()
	p := fourBoardPage(t)
	p.nextWhileNot(`!!page.state.stop && page.state.stop.kind === "before-phase" && page.state.stop.phase === "DFPh" && page.state.stop.player_turn === "enemy"`, 30, "no DFPh of the ENEMY Player Turn in 30 steps", nil)
	where, asked := p.text("#where"), p.text("#asked")
	if !strings.Contains(where, "before your DFPh (the ENEMY Player Turn)") || !strings.Contains(asked, "your DFPh") || strings.Contains(where+asked, "ENEMY DFPh") {
		t.Errorf("the header says %q, the question %q", where, asked)
	}
}

// TestHoldFireForTheRestOfTheMove: at a First Fire stop the page offers
// "Hold fire for the rest of this move" beside "Hold fire", as a player
// says it at the table (issue 56: six stops for one pair walking past a
// squad); it sends next --hold-move, and the game stops for that stack's
// move no more. The demo (seed 21): E3a, asked at x1S10, is asked again
// at x1S9 after a plain Hold fire (game.TestHoldMoveA8_1).
func TestHoldFireForTheRestOfTheMove(t *testing.T) {
	t.Parallel()
	p := gamePage(t, "", func() string {
		path := filepath.Join(t.TempDir(), "game.yaml")
		sasl(t, "play", "new", "--seed", "21", "--save", path)
		return path
	})
	p.nextWhileNot(`!!page.state.stop && page.state.stop.kind === "first-fire" && page.state.stop.can_fire`, 30, "no First Fire stop in 30 steps", nil)
	var step int
	p.eval(`page.state.step`, &step)
	var moving []string
	p.eval(`page.state.stop.moving`, &moving)
	if !slices.Equal(moving, []string{"E3a"}) {
		t.Fatalf("the demo's first First Fire stop is at %v, not E3a", moving)
	}
	var title string
	p.eval(`document.getElementById("do-hold-move").title`, &title)
	if got := strings.TrimSpace(p.text("#do-hold-move")); got != "Hold fire for the rest of this move" || !strings.HasPrefix(title, "sasl play next --hold-move: ") {
		t.Fatalf("the button is %q (%q)", got, title)
	}
	p.click("#do-hold-move")
	p.settled(step + 1)
	var kind string
	var now []string
	p.eval(`page.state.stop ? page.state.stop.kind : ""`, &kind)
	p.eval(`(page.state.stop && page.state.stop.moving) || []`, &now)
	var last string
	p.eval(`page.log.steps[page.log.steps.length - 1].do`, &last)
	if kind == "first-fire" && slices.Equal(now, moving) || last != "next --hold-move" {
		t.Errorf("after the hold: the step %q, the game stands at a %s stop for %v (held: %v)", last, kind, now, moving)
	}
}

// TestTimelineListsAStepUnderEachTurnItPlayed: a step that played on
// across Game Turns (one next to the game's end, when no stop comes) is
// listed under each turn it played, with that turn's events (issue 56: a
// step that played five turns was listed under turn 1 alone). The page's
// own log of a four-board game, two steps of turns 1 and 2 joined into
// one as such a step is, is read turn by turn.
func TestTimelineListsAStepUnderEachTurnItPlayed(t *testing.T) {
	t.Parallel()
	p := fourBoardPage(t)
	p.nextWhileNot(`page.log.steps.some((s) => s.turn === 2 && s.events.length)`, 40, "no step of turn 2 in 40 steps", nil)
	var lines []string
	p.eval(`(() => {
		const steps = page.log.steps, k = steps.findIndex((s) => s.turn === 2 && s.events.length);
		const a = steps[k - 1], b = steps[k];
		const joined = { ...a, events: a.events.map((ev) => ({ ...ev, turn: ev.turn || 1 })).concat(b.events) };
		page.log = { ...page.log, steps: steps.slice(0, k - 1).concat([joined], steps.slice(k + 1)) };
		page.turn = 2; page.chosen = -1; renderTimeline();
		const opts = [...document.querySelectorAll("#turn option")].map((o) => o.value).join(",");
		return [opts, "Step " + a.n + ": ", ...[...document.querySelectorAll("#events > li")].map((li) => li.className + "|" + li.textContent)];
	})()`, &lines)
	if len(lines) < 3 || !strings.Contains(lines[0], "2") {
		t.Fatalf("the turns offered: %v", lines)
	}
	head, rest := lines[1], lines[2:]
	found := false
	for i, l := range rest {
		class, text, _ := strings.Cut(l, "|")
		if class == "step" && strings.HasPrefix(text, head) {
			found = true
			if !strings.Contains(text, "(begun in turn 1, goes on)") || i+1 == len(rest) || !strings.HasPrefix(rest[i+1], "event") {
				t.Errorf("turn 2 lists %q, then %v", text, rest[i+1:min(i+2, len(rest))])
			}
		}
		if class == "empty" {
			t.Errorf("turn 2 lists %q", text)
		}
	}
	if !found {
		t.Errorf("turn 2 does not list %q, which played in it: %v", head, rest)
	}
}

// TestUnitPanelClosesWithTheStep: a unit's panel belongs to the step it
// was opened at (issue 56: it stayed open across steps, its words and
// buttons of a game that had moved on): the next step closes it; a
// report of that unit made from the panel leaves it open.
func TestUnitPanelClosesWithTheStep(t *testing.T) {
	t.Parallel()
	p := fourBoardPage(t)
	p.nextTo(2)
	var id string
	p.eval(`(() => { const u = page.state.units.find((x) => x.side === "friendly" && !x.entering && !x.exited); showUnit(u.id); return u.id; })()`, &id)
	var open bool
	p.eval(`!document.getElementById("unit").hidden`, &open)
	if !open {
		t.Fatalf("the panel of %s did not open", id)
	}
	p.nextTo(3)
	p.eval(`!document.getElementById("unit").hidden`, &open)
	if open {
		t.Errorf("the panel of %s is open after the next step", id)
	}
}

// TestChosenEventIsShown: an ENEMY move chosen in the timeline while the
// whole of four boards is shown (each hex a few pixels) is shown around
// its path (issue 56: a move a few pixels long), as a stop is.
func TestChosenEventIsShown(t *testing.T) {
	t.Parallel()
	p := fourBoardPage(t)
	p.nextTo(2)
	p.click("#zoom-fit")
	var small float64
	p.eval(`shownHexPixels()`, &small)
	if small >= 24 {
		t.Skipf("the whole map shows hexes %.0f pixels high: nothing to zoom to", small)
	}
	var i int
	p.eval(`page.flat.findIndex((f) => f.ev.kind === "move" && (f.ev.marks.path || []).length > 1)`, &i)
	if i < 0 {
		t.Fatal("no ENEMY move in the timeline of step 2")
	}
	p.click(`#events li.event[data-i="` + strconv.Itoa(i) + `"]`)
	if px, in := p.inView(`page.flat[` + strconv.Itoa(i) + `].ev.marks.path`); px < 24 || !in {
		t.Errorf("the chosen move: hexes %.0f pixels high (%.0f before), its path in view %v", px, small, in)
	}
}

// TestStopOutOfViewIsShown: zoomed in on a corner of the map away from
// the game (hexes large, as a player reads them), arriving at a First
// Fire stop elsewhere shows the map around it, and an event chosen in the
// timeline off the view is shown around what it marks (a reviewer of issue
// 56: once zoomed in, a new stop elsewhere was never shown, only a map
// too small to read was zoomed).
func TestStopOutOfViewIsShown(t *testing.T) {
	t.Parallel()
	p := fourBoardPage(t)
	corner := func() { p.zoomTo("33A1", "33E4") }
	p.nextWhileNot(`!!page.state.stop && page.state.stop.kind === "first-fire"`, 30, "no First Fire stop in 30 steps", corner)
	if px, in := p.inView(`[page.state.stop.at_hex]`); px < 24 || !in {
		t.Errorf("at the First Fire stop in %s: hexes %.0f pixels high, its hex in view %v", p.text("#where"), px, in)
	}
	// A move of the timeline off the view, chosen.
	corner()
	var i int
	const marks = `((m) => [...(m.hexes || []), ...(m.path || [])])(page.flat[%d].ev.marks || {})`
	p.eval(`page.flat.findIndex((f) => { const pts = ((m) => [...(m.hexes || []), ...(m.path || [])])(f.ev.marks || {});
		const [x, y, w, h] = page.view;
		return pts.length > 0 && !pts.map(toSVG).every(([a, b]) => a >= x && a <= x + w && b >= y && b <= y + h); })`, &i)
	if i < 0 {
		t.Fatal("no event of the timeline marks the map off the corner")
	}
	p.click(`#events li.event[data-i="` + strconv.Itoa(i) + `"]`)
	if px, in := p.inView(fmt.Sprintf(marks, i)); px < 24 || !in {
		var text string
		p.eval(`page.flat[`+strconv.Itoa(i)+`].ev.text || ""`, &text)
		t.Errorf("the chosen event (%s): hexes %.0f pixels high, what it marks in view %v", text, px, in)
	}
}

// TestStopMarksUnderCounters: a First Fire stop's marks, the mover's path
// and the hex it entered, lie under the counters (issue 56: drawn over
// them, they hid the counters a player reads there); the page's other
// marks stay over them.
func TestStopMarksUnderCounters(t *testing.T) {
	t.Parallel()
	p := fourBoardPage(t)
	p.nextWhileNot(`!!page.state.stop && page.state.stop.kind === "first-fire"`, 30, "no First Fire stop in 30 steps", nil)
	var got struct {
		Under, Over int
		Below       bool
	}
	p.eval(`(() => { const stop = '[data-layer="stop"] .m-stop, [data-layer="stop"] .m-mover';
		const u = document.getElementById("underlay"), c = document.getElementById("counters");
		return { under: u.querySelectorAll(stop).length, over: page.overlay.querySelectorAll(stop).length,
			below: !!(u.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING) }; })()`, &got)
	if got.Under == 0 || got.Over != 0 || !got.Below {
		t.Errorf("the stop's marks: %d under the counters, %d over them; the underlay before the counters %v", got.Under, got.Over, got.Below)
	}
}

// TestEventHexesUnderCounters: the hexes an event chosen in the timeline
// marks lie under the counters, as the stop's do (a reviewer of issue 56:
// the translucent mark over them tinted the ENEMY's counters olive); its
// path and fire lines stay over them.
func TestEventHexesUnderCounters(t *testing.T) {
	t.Parallel()
	p := fourBoardPage(t)
	p.nextTo(2)
	var i int
	// Not a placement of the setup: those are folded away (Show each),
	// and listed first once the page has them.
	p.run("the setup listed", chromedp.Poll[chromedp.Void](`!!page.setup`))
	p.eval(`page.flat.findIndex((f) => f.step.n > 1 && ((f.ev.marks || {}).hexes || []).length > 0)`, &i)
	if i < 0 {
		t.Fatal("no event of step 2 marks a hex")
	}
	// Chosen as a click does (the click itself is TestChosenEventIsShown's).
	p.run("choose the event", chromedp.Evaluate[chromedp.Void](`choose(`+strconv.Itoa(i)+`, true)`))
	p.run("the event chosen", chromedp.Poll[chromedp.Void](`page.chosen === `+strconv.Itoa(i)+` && !page.busy`))
	var got struct{ Under, Over int }
	p.eval(`(() => ({ under: document.getElementById("underlay").querySelectorAll(".m-event").length,
		over: page.overlay.querySelectorAll(".m-event").length }))()`, &got)
	if got.Under == 0 || got.Over != 0 {
		t.Errorf("the chosen event's hexes: %d under the counters, %d over them", got.Under, got.Over)
	}
}

// TestArrivingAtARoutStopShowsIt: arriving at a rout stop on a map shown
// too small to see its hexes (four boards, fit), the page shows the map
// around the units that rout and where they may go (issue 56: arriving
// at a stop did not show it), as it does a First Fire stop.
func TestArrivingAtARoutStopShowsIt(t *testing.T) {
	t.Parallel()
	p := fourBoardPage(t)
	p.nextWhileNot(`!!page.state.stop && page.state.stop.kind === "rout" && (page.state.stop.routs || []).length > 0`, 30, "no rout stop in 30 steps", func() { p.click("#zoom-fit") }) // each step arrives on the whole map
	if px, in := p.inView(`page.state.stop.routs.map((r) => hexNamed(r.at).at)`); px < 24 || !in {
		t.Errorf("at the rout stop: hexes %.0f pixels high, the routing units in view %v", px, in)
	}
}

// TestRoutMarkGoesWithItsButton: pointing at a rout button marks the
// Location it routs to; clicking it routs the unit, and the mark goes
// with the button (a reviewer of issue 56: it stayed on the map, the past
// map too, until the pointer next moved over the map).
func TestRoutMarkGoesWithItsButton(t *testing.T) {
	t.Parallel()
	p := fourBoardPage(t)
	p.nextWhileNot(`!!page.state.stop && page.state.stop.kind === "rout" && !!document.querySelector("button.rout-to")`, 30, "no rout stop with a Location to rout to in 30 steps", nil)
	var step int
	p.eval(`page.state.step`, &step)
	p.run("point at a rout button", chromedp.Evaluate[chromedp.Void](`document.querySelector("button.rout-to").dispatchEvent(new MouseEvent("mouseenter"))`))
	var marked int
	if p.eval(`page.overlay.querySelectorAll(".m-dest").length`, &marked); marked != 1 {
		t.Fatalf("pointing at %q marks %d Locations", p.text("button.rout-to"), marked)
	}
	p.run("rout", chromedp.Evaluate[chromedp.Void](`document.querySelector("button.rout-to").click()`))
	p.settled(step + 1)
	if p.eval(`page.overlay.querySelectorAll(".m-dest").length`, &marked); marked != 0 {
		t.Errorf("after the rout, %d Locations are still marked as where it routs", marked)
	}
}

// TestFirePlanAtAnotherLevel: the fire plan aims at a Location of the
// target hex above its ground level, as the move plan moves to one (issue
// 56: it could not; ASL A7.5, a fire is at a Location): the plan offers
// the hex's Locations, and the command fires at the one chosen.
func TestFirePlanAtAnotherLevel(t *testing.T) {
	t.Parallel()
	p := fourBoardPage(t)
	p.nextWhileNot(`stopKind() === "before-phase" && ((page.state.offers || {}).fires || []).length > 0`, 30, "no fire phase of yours in 30 steps", nil)
	var got struct {
		Options []string
		Command string
	}
	p.eval(`(() => { const from = page.state.offers.fires[0].from;
		const h = [...page.hexes.values()].find((x) => x.locations && x.locations.length && x.name !== from);
		startFire([from]); page.plan.at = h.name; renderPlan();
		const sel = document.getElementById("plan-at-level");
		if (!sel) return { options: [], command: planCommand() };
		sel.value = h.locations[0]; sel.dispatchEvent(new Event("change")); // as a player picks it
		return { options: [...sel.options].map((o) => o.value), command: planCommand() }; })()`, &got)
	if len(got.Options) < 2 || !strings.HasSuffix(got.Command, " --at "+got.Options[1]) {
		t.Errorf("the fire plan offers %v and sends %q", got.Options, got.Command)
	}
}

// fourBoardPage opens the four-board game (newFourBoardGame) in the page
// of a new server, settled at its first step.
func fourBoardPage(t *testing.T) page {
	t.Helper()
	boards := realBoards(t)
	return gamePage(t, boards, func() string { return newFourBoardGame(t, t.TempDir(), "game.yaml") })
}

// gamePage opens the game file game makes, of the boards of folder boards
// ("": the demo's), in the page of a new server, settled at its first
// step. The game is made once the test has a browser: a test that skips
// (the short run, no chromium) builds and plays nothing.
func gamePage(t *testing.T, boards string, game func() string) page {
	t.Helper()
	ctx := browser(t)
	_, url := serve(t, game(), boards)
	p := page{t, ctx}
	p.run("load the page", chromedp.Navigate(url))
	p.settled(1)
	return p
}

// nextWhileNot clicks Next until the page's JavaScript cond holds, at
// most last steps into the game (else the test fails, saying what), each
// step after before (nil: none).
func (p page) nextWhileNot(cond string, last int, what string, before func()) {
	p.t.Helper()
	for step := 2; ; step++ {
		var ok bool
		p.eval(cond, &ok)
		if ok {
			return
		}
		if step > last {
			p.t.Fatal(what)
		}
		if before != nil {
			before()
		}
		p.nextTo(step)
	}
}
