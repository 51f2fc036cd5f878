package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// TestFriendlyFireNeedsLOS: a FRIENDLY fire group First Fires only at a
// moving ENEMY stack in its LOS (ASL A7), with the hindrances along that
// LOS in its DRM (B.10), and in the DFPh picks only Targets in its LOS.
func TestFriendlyFireNeedsLOS(t *testing.T) {
	t.Parallel()
	p := prepared(t, "crossroads", "")
	m := p.Map()
	// Pairs of ground Locations 2 to 4 hexes apart: one blocked, one clear
	// and hindered if the boards have one, one clear.
	var blocked, hindered, clear [2]board.Location
	var nb, nh, nc bool
	for _, a := range m.Hexes() {
		for _, b := range m.Hexes() {
			if d := hex.Distance(a, b); d < 2 || d > 4 {
				continue
			}
			from, at := board.Ground(a), board.Ground(b)
			s := p.Sight(at, from)
			switch {
			case !s.Clear && !nb:
				blocked, nb = [2]board.Location{from, at}, true
			case s.Clear && s.Hindrance > 0 && !nh:
				hindered, nh = [2]board.Location{from, at}, true
			case s.Clear && s.Hindrance == 0 && !nc:
				clear, nc = [2]board.Location{from, at}, true
			}
		}
	}
	if !nb || !nc {
		t.Fatalf("the demo boards have no blocked (%v) or no clear (%v) pair", nb, nc)
	}
	type fireCase struct {
		name string
		pair [2]board.Location
		fire bool
	}
	cases := []fireCase{{"blocked", blocked, false}, {"clear", clear, true}}
	if nh {
		cases = append(cases, fireCase{"hindered", hindered, true})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			from, at := tc.pair[0], tc.pair[1]
			setup := func() (*Game, *state.Unit) {
				g := newGame(t, p, 2)
				for _, u := range slices.Clone(g.st.Units()) {
					g.st.Remove(u)
				}
				e := &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}
				g.st.Add(e, at)
				g.st.Add(&state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}, from)
				g.res.Reset(g.st, dice.Seeded(1))
				return g, e
			}
			s := p.Sight(at, from)
			g, e := setup()
			log := g.hw.Log()
			n := log.Len()
			if err := g.Entered([]*state.Unit{e}, at, nil); err != nil {
				t.Fatal(err)
			}
			ev := log.Since(n)
			fired := len(ev) > 0 && ev[0].Kind == report.FirstFire
			if fired != tc.fire {
				t.Fatalf("%s to %s (LOS %+v): First Fire %v, want %v: %v", m.LocationName(from), m.LocationName(at), s, fired, tc.fire, ev)
			}
			if fired {
				f := ev[0].Fire
				// ASL B9.3: the TEM against this fire (a wall it crosses
				// counts); A4.6: FFMO only in Open Ground with a LOS that
				// is not hindered.
				tem := p.FireTEM(from, at).TEM
				want := tem + s.Hindrance + p.Tables().Combat.FFNAM.Value
				if tem == 0 && s.Hindrance == 0 {
					want += p.Tables().Combat.FFMO.Value
				}
				if f.Hindrance != s.Hindrance || f.DRM != want {
					t.Errorf("First Fire DRM %+d (hindrance %+d), want %+d (hindrance %+d): %s", f.DRM, f.Hindrance, want, s.Hindrance, report.New(p).Text(&ev[0]))
				}
			}
			g, _ = setup()
			log = g.hw.Log()
			n = log.Len()
			if err := g.decide(state.Enemy, state.DFPh); err != nil {
				t.Fatal(err)
			}
			ev = log.Since(n)
			dfire := len(ev) > 0 && ev[0].Kind == report.DefensiveFire
			if dfire != tc.fire {
				t.Errorf("Defensive Fire %v, want %v: %v", dfire, tc.fire, ev)
			}
		})
	}
}

// The player's fire group is checked by the same rule as the ENEMY's
// (combat.Groups, ASL A7.5): Locations a, c, b, where a and c are each
// ADJACENT to b but not to each other, are one group in that order too
// (each was once checked against the Locations named before it only);
// a and c alone are refused with the rule.
func TestPlayerFireGroup_A7_5(t *testing.T) {
	t.Parallel()
	w, _, err := Open("crossroads", "", "")
	if err != nil {
		t.Fatal(err)
	}
	s := begin(t, w, 3, PolicyPlayer, StopFire)
	for n := 0; ; n++ {
		if k, ok := fireKind(s.Stop()); ok && k == report.PrepFire {
			break
		}
		if s.Stop().Kind == state.Over || n > 500 {
			t.Fatal("no stop before the FRIENDLY PFPh")
		}
		do(t, s, Next)
	}
	m := w.Map()
	// b with two neighbours a and c that are not neighbours, and a Target
	// t beside b: all four on the ground, every line to t clear.
	var a, b, c, tg board.Location
	find := func() bool {
		for _, h := range m.Hexes() {
			var ns []hex.Hex
			for _, x := range m.Hexes() {
				if hex.Distance(h, x) == 1 {
					ns = append(ns, x)
				}
			}
			for _, x := range ns {
				for _, y := range ns {
					for _, z := range ns {
						if x == y || y == z || x == z || hex.Distance(x, y) < 2 {
							continue
						}
						a, b, c, tg = board.Ground(x), board.Ground(h), board.Ground(y), board.Ground(z)
						if w.Sight(tg, a).Clear && w.Sight(tg, b).Clear && w.Sight(tg, c).Clear {
							return true
						}
					}
				}
			}
		}
		return false
	}
	found := find()
	if !found {
		t.Fatal("no chain of three hexes with a Target beside it on the demo boards")
	}
	st := s.g.st
	for _, u := range slices.Clone(st.Units()) {
		st.Remove(u)
	}
	for i, l := range []board.Location{a, b, c} {
		st.Add(&state.Unit{ID: fmt.Sprintf("F%d", i+1), Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true}, l)
	}
	st.Add(&state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, tg)
	if _, _, _, err := s.aim(Command{Verb: Fire, From: []board.Location{a, c, b}, At: tg}); err != nil {
		t.Errorf("fire from %s: %v", names(m, []board.Location{a, c, b}), err)
	}
	if _, _, _, err := s.aim(Command{Verb: Fire, From: []board.Location{a, c}, At: tg}); err == nil || !strings.Contains(err.Error(), "(ASL A7.5)") {
		t.Errorf("fire from %s: %v, want a refusal citing ASL A7.5", names(m, []board.Location{a, c}), err)
	}
}
