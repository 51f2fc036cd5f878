package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// This file words the stops of a player game (state.Stop, data) for the
// terminal: where the game stands and what it asks, with the sasl play
// commands that answer. A game file keeps the stop as data, so these words
// can change without stranding a saved game; the browser words the same
// data its own way.

// Where says where the game stands at stop s: "turn 2, before your MPh",
// "turn 2, the ENEMY MPh, First Fire at S3, S4".
func Where(s *state.Stop) string {
	switch s.Kind {
	case state.TurnStart:
		return fmt.Sprintf("before turn %d", s.Turn)
	case state.Over:
		return "the game is over"
	case state.FirstFireAt:
		if len(s.Moving) == 0 {
			return fmt.Sprintf("turn %d, the ENEMY MPh, First Fire: nothing is left of the moving stack", s.Turn)
		}
		return fmt.Sprintf("turn %d, the ENEMY MPh, First Fire at %s", s.Turn, strings.Join(s.Moving, ", "))
	case state.RoutAt:
		whose := "your"
		if s.Player == state.Enemy {
			whose = "the ENEMY"
		}
		return fmt.Sprintf("turn %d, %s RtPh, your broken units rout", s.Turn, whose)
	}
	return fmt.Sprintf("turn %d, before %s", s.Turn, PhaseOf(s.Player, s.Phase))
}

// PhaseOf names phase ph of side's Player Turn as the player says it, the
// same in a stop's header, its question and what the player did there:
// "your PFPh", "the ENEMY CCPh". A DFPh is named by the side that fires
// in it, the defender (ASL A3.3), and the Player Turn it is of: the DFPh
// of the ENEMY Player Turn is the player's own fire, "your DFPh (the
// ENEMY Player Turn)"; that of the player's, "the ENEMY DFPh (your Player
// Turn)", not "your DFPh", which would read as the player's fire.
func PhaseOf(side state.Side, ph state.Phase) string {
	switch {
	case side == state.Enemy && ph == state.DFPh:
		return "your DFPh (the ENEMY Player Turn)"
	case side == state.Friendly && ph == state.DFPh:
		return "the ENEMY DFPh (your Player Turn)"
	case side == state.Enemy:
		return "the ENEMY " + ph.String()
	}
	return "your " + ph.String()
}

// Asked is what the game asks at stop s of a game of last turns in state
// st, with the sasl play commands that answer it; "" where it asks
// nothing (the game is over).
func (x *Words) Asked(s *state.Stop, st *state.State, last int) string {
	switch s.Kind {
	case state.TurnStart:
		return fmt.Sprintf("turn %d of %d is to begin: next plays it", s.Turn, last)
	case state.Over:
		return ""
	case state.FirstFireAt:
		return x.firstFireAsked(s, st)
	case state.RoutAt:
		return x.routAsked(s)
	}
	if s.Phase == state.RPh {
		return PhaseOf(s.Player, s.Phase) + ": report your rallies (set UNIT good), or pass to have the engine roll them, then next"
	}
	if s.Player == state.Enemy {
		if s.Phase == state.DFPh {
			return "the ENEMY has moved: your DFPh: Defensive Fire (fire --from LOC --at LOC), then next"
		}
		return PhaseOf(s.Player, s.Phase) + ": next resolves Close Combat"
	}
	return map[state.Phase]string{
		state.PFPh: "your PFPh: Prep Fire (fire --from LOC --at LOC), then next",
		state.MPh:  "your MPh: move (move UNIT LOC), then next",
		state.AFPh: "your AFPh: Advancing Fire (fire --from LOC --at LOC), then next",
		state.APh:  "your APh: advance (move UNIT LOC, one Location), then next",
		state.CCPh: "your CCPh: next resolves Close Combat",
	}[s.Phase]
}

// stopFireText says the fire a group of a First Fire stop may make, where
// it is not First Fire.
var stopFireText = [...]string{state.FireSubsequent: ", Subsequent First Fire as Area Fire: ASL A8.3", state.FireProtective: ", Final Protective Fire as Area Fire, then a NMC each: ASL A8.31"}

// firstFireAsked asks the First Fire of the fire groups of stop s, or says
// that none can fire any more.
func (x *Words) firstFireAsked(s *state.Stop, st *state.State) string {
	at := x.name(s.At)
	if !s.CanFire || len(s.Groups) == 0 {
		left := "nothing is left of the moving stack"
		if len(s.Moving) > 0 {
			left = "no FRIENDLY unit left can fire at " + strings.Join(s.Moving, ", ")
		}
		return fmt.Sprintf("First Fire at %s: %s; next to go on", at, left)
	}
	by := make([]string, len(s.Groups))
	for i, g := range s.Groups {
		by[i] = fmt.Sprintf("%s in %s (%s%s)", strings.Join(g.Units, ", "), x.name(g.At), HexesText(g.Range), stopFireText[g.Fire])
	}
	what, then := strings.Join(s.Moving, ", "), ""
	unit := func(id string) *state.Unit {
		if st == nil {
			return nil
		}
		return st.Unit(id)
	}
	if i := slices.IndexFunc(s.Moving, func(id string) bool { u := unit(id); return u != nil && u.Kind == state.SQ }); i >= 0 {
		what, then = "S? "+what, " (an attack Activates an S? first)"
		if unit(s.Moving[i]).InHumanWave() {
			what = "Human Wave " + what
		}
	}
	ask := "First Fire" // the fire the groups may make (ASL A8.1, A8.3, A8.31)
	for _, g := range s.Groups {
		if g.Fire != s.Groups[0].Fire {
			ask = "Fire"
			break
		}
		ask = [...]string{"First Fire", "Subsequent First Fire", "Final Protective Fire"}[g.Fire]
	}
	hold := "" // the hold policy fires only at units it can attack (combat.Target)
	if len(s.Moving) > 0 && !slices.ContainsFunc(s.Moving, func(id string) bool { u := unit(id); return u == nil || u.Kind != state.SQ }) {
		hold = ", which holds fire at an S?"
	}
	return fmt.Sprintf("%s %s, in LOS of %s: %s? fire --from LOC --at %s fires%s; next holds your fire; next --hold-move holds it for the rest of this move; pass lets sasl fire for you as the hold policy does%s",
		what, x.moved(s.Path, s.At), strings.Join(by, "; "), ask, at, then, hold)
}

// moved says the move of a stack along path this phase into Location at:
// "moved from 4T9 by 4T8, 4T7 into 4T6", "entered 4T6 from off the map";
// "entered 4T6" without a path (a stop of an earlier sasl's file).
func (x *Words) moved(path []board.Location, at board.Location) string {
	if len(path) < 2 {
		return "entered " + x.name(at)
	}
	name := func(l board.Location) string {
		if !x.w.Map().OnMap(l.Hex) {
			return "off the map"
		}
		return x.name(l)
	}
	if len(path) == 2 {
		if !x.w.Map().OnMap(path[0].Hex) {
			return fmt.Sprintf("entered %s from off the map", x.name(at))
		}
		return fmt.Sprintf("moved from %s into %s", name(path[0]), x.name(at))
	}
	by := make([]string, len(path)-2)
	for i, l := range path[1 : len(path)-1] {
		by[i] = x.name(l)
	}
	return fmt.Sprintf("moved from %s by %s into %s", name(path[0]), strings.Join(by, ", "), x.name(at))
}

// routAsked asks the routs of stop s (ASL A10.5): each broken unit that
// must or may rout, and where to.
func (x *Words) routAsked(s *state.Stop) string {
	if len(s.Routs) == 0 {
		return PhaseOf(s.Player, state.RtPh) + ": none of your broken units has to rout any more; next to go on"
	}
	names := func(ls []board.Location) string {
		out := make([]string, len(ls))
		for i, l := range ls {
			out[i] = x.name(l)
		}
		if len(out) > 10 {
			return strings.Join(out[:10], ", ") + fmt.Sprintf(" ... (%d)", len(out))
		}
		return strings.Join(out, ", ")
	}
	var parts []string
	for _, r := range s.Routs {
		p := r.Unit + " in " + x.name(r.At)
		switch {
		case r.Must && len(r.To) == 0 && len(r.Crawl) == 0:
			p += " must rout and cannot: eliminated for Failure to Rout when you go on"
		case r.Must:
			p += " must rout"
		default:
			p += " may rout (DM)"
		}
		if len(r.To) > 0 {
			p += " to " + names(r.To)
		}
		if len(r.Crawl) > 0 {
			p += "; Low Crawl to " + names(r.Crawl)
		}
		parts = append(parts, p)
	}
	return PhaseOf(s.Player, state.RtPh) + " (ASL A10.5): " + strings.Join(parts, "; ") + ". Rout one: move UNIT LOC (or LOC LOC ... for a path; --low-crawl for one Location); next or pass: the engine routs those that must"
}
