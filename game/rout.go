package game

import (
	"slices"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
)

// routPhase is the RtPh of side's Player Turn (ASL A10.5): the broken
// units of both sides rout, the ATTACKER's (side's) first. The ENEMY's
// rout as the engine decides (combat.Routs); so do the FRIENDLY side's in
// a game the engine plays on both sides. In a player game the player
// routs them at a stop (routStop), and the engine routs those that must
// and that the player left; played out of a Session (sasl wave), the
// FRIENDLY side routs by hand.
func (g *Game) routPhase(side state.Side) error {
	for _, s := range [2]state.Side{side, combat.Other(side)} {
		if s == state.Friendly {
			if !g.resolves() {
				continue
			}
			if g.player() && g.yield != nil {
				if err := g.routStop(side); err != nil {
					return err
				}
			}
		}
		if err := g.res.Routs(s); err != nil {
			return err
		}
		if s == state.Friendly {
			// SASL 3.32: the S? that see a unit where it routed to are
			// checked against it, once the side's routs are done (its
			// routs share searches of the same enemy).
			var routed []*state.Unit
			for _, u := range g.st.OfSide(state.Friendly) {
				if u.Routed && u.OnMap() {
					routed = append(routed, u)
				}
			}
			if err := g.hw.Acted(routed, report.ByRouted, combat.Still); err != nil {
				return err
			}
		}
	}
	return nil
}

// routStop stops in the RtPh of side's Player Turn where FRIENDLY broken
// units must or may rout, for the player to rout them (sasl play move).
func (g *Game) routStop(side state.Side) error {
	routs, err := g.routChoices()
	if err != nil || len(routs) == 0 {
		return err
	}
	_, err = g.ask(&Stop{Kind: state.RoutAt, Turn: g.st.Turn, Player: side, Phase: state.RtPh, Routs: routs})
	return err
}

// routChoices lists the FRIENDLY broken units that must or may rout now,
// each with its legal destinations (combat.RoutOptions).
func (g *Game) routChoices() ([]state.StopRout, error) {
	var out []state.StopRout
	for _, u := range g.st.OfSide(state.Friendly) {
		need := g.res.NeedsRout(u)
		if need == combat.NoRout {
			continue
		}
		opts, err := g.res.RoutOptions(u)
		if err != nil {
			return nil, err
		}
		r := state.StopRout{Unit: u.ID, At: u.At(), Must: need == combat.MustRout}
		for _, o := range opts {
			list := &r.To
			if o.LowCrawl {
				list = &r.Crawl
			}
			if !slices.Contains(*list, o.To) {
				*list = append(*list, o.To)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// reroute brings a rout stop up to date after the player's rout: the
// units left to rout, and where to.
func (g *Game) reroute(stop *Stop) error {
	routs, err := g.routChoices()
	stop.Routs = routs
	return err
}

// routOf is the stop's entry for unit id, if it may rout.
func routOf(stop *Stop, id string) (state.StopRout, bool) {
	i := slices.IndexFunc(stop.Routs, func(r state.StopRout) bool { return r.Unit == id })
	if i < 0 {
		return state.StopRout{}, false
	}
	return stop.Routs[i], true
}
