package game

import (
	"slices"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// Legal lists commands of the player's that the game takes where it
// stands, each worked out in full (its units and Locations), in a fixed
// order: next; pass; each fire from one Location of FRIENDLY units at a
// Location holding ENEMY units; each move into an ADJACENT Location (by
// Assault Movement too, in the MPh: ASL A4.61) of the units of a FRIENDLY
// stack that may move (mayMove: not in Melee, broken, pinned, moved or
// Prep Fired; in the APh not advanced), together and each alone; or at a
// rout stop each broken unit's rout and Low Crawl (ASL A10.51, A10.52).
// Each candidate is kept only if Preview, which checks it as Do does,
// takes it: a member of Legal is never refused by Do (FuzzLegalPlay plays
// them).
//
// Not listed, though Do takes them: set (the player's record of what the
// board shows, not an action of the game), moves of more than one
// Location or of some but not all or one of the units that may move, and
// fire groups of more than one Location. Nothing is listed for a game the
// engine plays for the player but next. The page offers what it lists
// (table.Offers).
func (s *Session) Legal() []Command {
	stop := s.stop
	if s.err != nil || stop.Kind == state.Over {
		return nil
	}
	out := []Command{{Verb: Next}}
	if !s.g.player() || stop.Kind == state.TurnStart {
		return out
	}
	out = append(out, Command{Verb: Pass})
	var cands []Command
	if _, ok := fireKind(stop); ok && (stop.Kind != state.FirstFireAt || stop.CanFire) {
		cands = append(cands, s.fireCandidates()...)
	}
	switch {
	case stop.Kind == state.RoutAt:
		for _, r := range stop.Routs {
			for _, to := range r.To {
				cands = append(cands, Command{Verb: Move, Units: []string{r.Unit}, To: []board.Location{to}})
			}
			for _, to := range r.Crawl {
				cands = append(cands, Command{Verb: Move, Units: []string{r.Unit}, To: []board.Location{to}, LowCrawl: true})
			}
		}
	case moves(stop):
		cands = append(cands, s.moveCandidates(stop.Phase == state.MPh)...)
	}
	for _, c := range cands {
		if _, err := s.Preview(c); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// fireCandidates are fires from each Location of FRIENDLY units at each
// Location of ENEMY units (at a First Fire stop, from each offered
// group's Location at the moving stack), for Legal to check.
func (s *Session) fireCandidates() []Command {
	stop := s.stop
	if stop.Kind == state.FirstFireAt {
		var out []Command
		for _, g := range stop.Groups {
			out = append(out, Command{Verb: Fire, From: []board.Location{g.At}, At: stop.At})
		}
		return out
	}
	from := s.locationsOf(state.Friendly)
	at := s.locationsOf(state.Enemy)
	var out []Command
	for _, f := range from {
		for _, a := range at {
			out = append(out, Command{Verb: Fire, From: []board.Location{f}, At: a})
		}
	}
	return out
}

// moveCandidates are moves of the units of each FRIENDLY stack that may
// move (mayMove), together and each alone, into each Location ADJACENT by
// the Infantry graph, and by Assault Movement when assault (the MPh), for
// Legal to check.
func (s *Session) moveCandidates(assault bool) []Command {
	gr, err := s.g.w.Infantry()
	if err != nil {
		return nil
	}
	stacks := map[board.Location][]string{}
	var order []board.Location
	for _, u := range s.g.st.OfSide(state.Friendly) {
		if !u.OnMap() || s.mayMove(u) != nil {
			continue
		}
		l := u.At()
		if stacks[l] == nil {
			order = append(order, l)
		}
		stacks[l] = append(stacks[l], u.ID)
	}
	var out []Command
	for _, l := range order {
		n, ok := gr.Node(l)
		if !ok {
			continue
		}
		// The units together, then each alone (one may go where all
		// would overstack, ASL A5.1).
		groups := [][]string{stacks[l]}
		if len(stacks[l]) > 1 {
			for _, id := range stacks[l] {
				groups = append(groups, []string{id})
			}
		}
		for _, ids := range groups {
			gr.Out(n, func(v, _ int) {
				to := []board.Location{gr.Location(v)}
				out = append(out, Command{Verb: Move, Units: slices.Clone(ids), To: to})
				if assault {
					out = append(out, Command{Verb: Move, Units: slices.Clone(ids), To: to, Assault: true})
				}
			})
		}
	}
	return out
}

// locationsOf is every Location holding units of side on the map, in
// the order of the state's units.
func (s *Session) locationsOf(side state.Side) []board.Location {
	var out []board.Location
	for _, u := range s.g.st.OfSide(side) {
		if u.OnMap() && !slices.Contains(out, u.At()) {
			out = append(out, u.At())
		}
	}
	return out
}
