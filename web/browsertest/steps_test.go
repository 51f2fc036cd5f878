package browsertest

import (
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
	ctx := browser(t)
	path := newFourBoardGame(t, t.TempDir(), "game.yaml")
	_, url := startServe(t, path)
	p := page{t, ctx}
	p.run("load the page", chromedp.Navigate(url))
	p.settled(1)
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
	ctx := browser(t)
	path := newFourBoardGame(t, t.TempDir(), "game.yaml")
	_, url := startServe(t, path)
	p := page{t, ctx}
	p.run("load the page", chromedp.Navigate(url))
	p.settled(1)
	for step := 2; ; step++ {
		var dfph bool
		p.eval(`!!page.state.stop && page.state.stop.kind === "before-phase" && page.state.stop.phase === "DFPh" && page.state.stop.player_turn === "enemy"`, &dfph)
		if dfph {
			break
		}
		if step > 30 {
			t.Fatal("no DFPh of the ENEMY Player Turn in 30 steps")
		}
		p.nextTo(step)
	}
	where, asked := p.text("#where"), p.text("#asked")
	if !strings.Contains(where, "before your DFPh (the ENEMY Player Turn)") || !strings.Contains(asked, "your DFPh") || strings.Contains(where+asked, "ENEMY DFPh") {
		t.Errorf("the header says %q, the question %q", where, asked)
	}
}

// TestHoldFireForTheRestOfTheMove: at a First Fire stop the page offers
// "Hold fire for the rest of this move" beside "Hold fire", as a player
// says it at the table (issue 56: six stops for one pair walking past a
// squad); it sends next --hold-move, and the game stops for that stack's
// move no more.
func TestHoldFireForTheRestOfTheMove(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	path := newFourBoardGame(t, t.TempDir(), "game.yaml")
	_, url := startServe(t, path)
	p := page{t, ctx}
	p.run("load the page", chromedp.Navigate(url))
	p.settled(1)
	step := 1
	for {
		var ff bool
		p.eval(`!!page.state.stop && page.state.stop.kind === "first-fire" && page.state.stop.can_fire`, &ff)
		if ff {
			break
		}
		if step > 30 {
			t.Fatal("no First Fire stop in 30 steps")
		}
		step++
		p.nextTo(step)
	}
	var moving []string
	p.eval(`page.state.stop.moving`, &moving)
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
