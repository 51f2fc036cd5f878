package report_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// A Log hands out lists that later lists do not overwrite, forgets events
// on Truncate, and once grown plays a game again without allocating.
func TestLog(t *testing.T) { // not parallel: AllocsPerRun
	var l report.Log
	fill := func() {
		l.Reset()
		l.Phase = state.MPh
		for i := range 50 {
			ids := l.Strings("A1", "A2")
			hexes := l.Hexes(hex.Hex{Col: i, Row: 1})
			l.Add(report.Event{Kind: report.Move, Units: ids, Hexes: hexes})
		}
	}
	fill()
	first := l.Since(0)[0]
	ids := append(first.Units, "X") // its own list: appending copies
	if l.Since(1)[0].Units[0] != "A1" || ids[2] != "X" || len(l.Since(0)) != 50 || l.Since(0)[7].Hexes[0].Col != 7 {
		t.Fatalf("lists overlap: %v", l.Since(0)[:2])
	}
	if l.Last().Phase != state.MPh {
		t.Errorf("phase %v", l.Last().Phase)
	}
	l.Truncate(10)
	if l.Len() != 10 || l.Since(10) != nil || len(l.Since(4)) != 6 {
		t.Errorf("after Truncate(10): %d events", l.Len())
	}
	if allocs := testing.AllocsPerRun(20, fill); allocs != 0 {
		t.Errorf("a game played again allocates %v times", allocs)
	}
}

// Every event of whole games words itself: no kind without words, no
// formatting fault, the JSON's kind the Kind's name.
func TestEveryEventWorded(t *testing.T) {
	t.Parallel()
	w, hdr, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	words := report.New(w)
	seen := map[report.Kind]int{}
	for seed := range uint64(12) {
		g, _, err := game.New(w, state.Game{Mission: hdr.Mission, Seed: seed, HasSeed: true, Policy: game.PolicyHold}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			rep, err := g.Turn(nil)
			if err != nil {
				t.Fatal(err)
			}
			js := words.JSON(rep.Events)
			for i := range rep.Events {
				e := &rep.Events[i]
				seen[e.Kind]++
				text := words.Text(e)
				if text == "" || strings.Contains(text, "%!") || strings.Contains(text, "<nil>") || strings.HasPrefix(e.Kind.String(), "Kind(") {
					t.Fatalf("seed %d: %s event worded %q", seed, e.Kind, text)
				}
				b, err := json.Marshal(js[i])
				if err != nil || js[i].Text != text || !strings.Contains(string(b), `"kind":"`+e.Kind.String()+`"`) {
					t.Fatalf("seed %d: the JSON of a %s event: %s, %v", seed, e.Kind, b, err)
				}
			}
		}
	}
	t.Logf("%d kinds: %v", len(seen), seen)
	if len(seen) < 18 {
		t.Errorf("12 games showed only %d kinds of event (20 when written): %v", len(seen), seen)
	}
}

// The tables' placeholders are told in one plain sentence: how many, in
// which charts, and the command that writes the page to fill in; nothing
// when there are none.
func TestPlaceholdersText(t *testing.T) {
	t.Parallel()
	if got := report.PlaceholdersText(nil); got != "" {
		t.Errorf("no placeholders: %q", got)
	}
	for _, tt := range []struct {
		name string
		sum  tables.PlaceholderSummary
		want string
	}{
		{"one", tables.PlaceholderSummary{Count: 1, Tables: []string{"x10"}}, "Placeholder tables: 1 value is sasl's stand-in for your rulebook's (x10). The game is playable as it is. To play by yours: write them out with \"sasl tables template > mine.yaml\", type in your values, then give --tables mine.yaml."},
		{"many", tables.PlaceholderSummary{Count: 37, Tables: []string{"x10", "x3"}}, "Placeholder tables: 37 values are sasl's stand-ins for your rulebook's (x10, x3). The game is playable as it is. To play by yours: write them out with \"sasl tables template > mine.yaml\", type in your values, then give --tables mine.yaml."},
		{"readings", tables.PlaceholderSummary{Count: 2, Tables: []string{"x10"}, Readings: 3, ReadingTables: []string{"Activation", "policy"}}, "Placeholder tables: 2 values are sasl's stand-ins for your rulebook's (x10), and 3 are sasl's own readings where no text decides (Activation, policy). The game is playable as it is. To play by yours: write them out with \"sasl tables template > mine.yaml\", type in your values, then give --tables mine.yaml."},
		{"one reading", tables.PlaceholderSummary{Readings: 1, ReadingTables: []string{"policy"}}, "Placeholder tables: 1 is sasl's own reading where no text decides (policy). The game is playable as it is. To play by yours: write them out with \"sasl tables template > mine.yaml\", type in your values, then give --tables mine.yaml."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := report.PlaceholdersText(&tt.sum); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// The movement DRM of First Fire is named by what it is made of (ASL
// A4.6): FFNAM out of Open Ground, FFNAM/FFMO in it, and FFMO alone for
// Assault Movement in Open Ground (A4.61: no FFNAM), even where the two
// DRM are equal, as in the default tables.
func TestMoveDRMNamedA4_61(t *testing.T) {
	t.Parallel()
	w, hdr, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	words := report.New(w)
	c := &w.Tables().Combat
	// An Activation by a FRIENDLY unit's LOS, as a game reports one.
	var act *report.Event
	for seed := uint64(0); act == nil && seed < 12; seed++ {
		g, _, err := game.New(w, state.Game{Mission: hdr.Mission, Seed: seed, HasSeed: true, Policy: game.PolicyHold}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for act == nil && !g.Over() {
			rep, err := g.Turn(nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := range rep.Events {
				if e := rep.Events[i]; e.Kind == report.Activate && e.Activation != nil && !e.Activation.Fire && e.Activation.Row != "" {
					act = &e
					break
				}
			}
		}
	}
	if act == nil {
		t.Fatal("12 games of crossroads Activated no S? by LOS")
	}
	for _, tc := range []struct {
		move, tem, hindrance int
		want                 string
	}{
		{c.FFNAM.Value, 1, 0, "FFNAM"},                     // moving, in a building
		{c.FFNAM.Value, 0, 1, "FFNAM"},                     // moving, seen through a hindrance
		{c.FFNAM.Value + c.FFMO.Value, 0, 0, "FFNAM/FFMO"}, // moving in Open Ground
		{c.FFMO.Value, 0, 0, "FFMO"},                       // Assault Movement in Open Ground
	} {
		e, a := *act, *act.Activation
		a.DRM, a.TEM, a.Hindrance, a.Move, a.Wall = tc.tem+tc.hindrance+tc.move, tc.tem, tc.hindrance, tc.move, ""
		e.Activation = &a
		if got := words.Text(&e); !strings.Contains(got, ", "+tc.want+" ") || tc.want == "FFNAM" && strings.Contains(got, "FFMO") {
			t.Errorf("TEM %+d, hindrance %+d, move %+d: %s; want %s", tc.tem, tc.hindrance, tc.move, got, tc.want)
		}
	}
}

// The DRM of the player's fire is told as the parts it is made of, each
// that is not zero, and they add up to it: the TEM (ASL B.10), the
// hindrance, the movement DRM (A4.6) and the directing leader's modifier
// (A7.53), which a player's game saw left out ("DRM -3 (FFNAM/FFMO -2)").
func TestFireDRMParts_A7_53(t *testing.T) {
	t.Parallel()
	w, _, err := game.Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	words := report.New(w)
	at, _ := w.Map().ParseLocation("x1Q5")
	from, _ := w.Map().ParseLocation("x1Q3")
	for _, tc := range []struct {
		tem, hindrance, move, lead int
		want                       string
	}{
		{0, 0, -2, -1, "DRM -3 (FFNAM/FFMO -2, leader -1)"},
		{0, 3, -1, -1, "DRM +1 (hindrance +3, FFNAM -1, leader -1)"},
		{2, 0, 0, 0, "DRM +2 (TEM +2)"},
		{0, 0, 0, 0, "DRM +0, DR"},
	} {
		g := report.FireGroup{Members: []string{"F1", "F2"}, Targets: []string{"E1"}, From: []board.Location{from}, At: at, FP: 12, Range: 2,
			TEM: tc.tem, Hindrance: tc.hindrance, Move: tc.move, DRM: tc.tem + tc.hindrance + tc.move + tc.lead, DR: 7, Final: 7 + tc.tem + tc.hindrance + tc.move + tc.lead, Result: "1MC"}
		e := report.Event{Kind: report.FirstFire, Side: state.Friendly, Units: g.Members, Fire: &g}
		if got := words.Text(&e); !strings.Contains(got, tc.want) {
			t.Errorf("TEM %+d, hindrance %+d, move %+d, leader %+d: %s; want %q", tc.tem, tc.hindrance, tc.move, tc.lead, got, tc.want)
		}
	}
}
