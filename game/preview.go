package game

import (
	"fmt"

	"github.com/sasl-engine/sasl/act"
	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// Preview is what a move or a fire would be if done now, worked out by the
// same checks as Do and with nothing rolled or changed: what a player is
// shown before confirming it (sasl serve).
type Preview struct {
	Verb  Verb
	Units []string
	// Steps: a move's path from its start, each Location with the MF spent
	// entering it (HalfMF), Spent in all of the stack's MF (half MF).
	Steps     []pathing.Step
	Spent, MF int
	// Kind, Shot: a fire's kind and what it would roll: FP, DRM (TEM,
	// hindrance, leadership, the moving target's DRM), range and the
	// chance of a Morale Check or worse. Lines are the LOS from each of
	// the fire group's Locations to the Target.
	Kind  report.Kind
	Shot  combat.Shot
	Lines []SightLine
	// TEM, Moving and Leader are the parts of the Shot's DRM besides its
	// hindrance: the Target's TEM, the DRM of First Fire at a moving
	// stack (FFNAM, FFMO), the directing leader's modifier.
	TEM, Moving, Leader int
	// Targets are the ENEMY units in the Target Location.
	Targets []string
}

// SightLine is the LOS from one Location of a fire group to its Target
// (ASL A6): clear or not, and the hindrance DRM it crosses.
type SightLine struct {
	From      board.Location
	Clear     bool
	Hindrance int
}

// Preview works out move or fire c at the stop the game stands at, as Do
// would check and carry it out, without rolling: the path of a move with
// its MF, or the Shot of a fire. A command Do would refuse is refused with
// the same error; a fire refused at this stop still comes with its Lines
// (the LOS that blocks it, say) when its Locations were valid.
func (s *Session) Preview(c Command) (*Preview, error) {
	if s.err != nil {
		return nil, fmt.Errorf("game: the session failed before: %w", s.err)
	}
	g := s.g
	p := &Preview{Verb: c.Verb}
	if err := s.check(c); err != nil {
		if c.Verb != Fire {
			return nil, err
		}
		// What the LOS is, for a fire refused: a blocked line shows why.
		p.Lines = s.sightLines(c)
		return p, err
	}
	switch c.Verb {
	case Move:
		var units []*state.Unit
		var path []board.Location
		var err error
		motion, budget := act.Move, act.NoLimit
		if s.stop.Kind == state.RoutAt { // a rout: its 6 MF (ASL A10.5)
			var opts []combat.RoutOption
			units, opts, err = s.rout(c)
			if err == nil {
				path, p.MF, motion = opts[0].Path, 2*g.w.Tables().Combat.RoutMF.Value, act.Rout
				if opts[0].LowCrawl {
					motion = act.LowCrawl // all its MF (ASL A10.52)
				}
			}
		} else {
			units, path, err = s.route(c)
			if err == nil {
				p.MF = g.mf(units)
				motion = routeMotion(s.stop, c)
			}
		}
		if err != nil {
			return nil, err
		}
		p.Units = state.IDs(units)
		// The steps and their costs as the executor takes them (route and
		// rout checked them).
		if p.Steps, err = act.On(g.w, g.st).Steps(units, path, motion, budget); err != nil {
			return nil, err
		}
		for _, st := range p.Steps {
			p.Spent += st.HalfMF
		}
	case Fire:
		kind, fg, sh, err := s.aim(c)
		if err != nil {
			return nil, err // check aimed it already
		}
		p.Kind, p.Shot, p.Units = kind, sh, state.IDs(fg)
		p.TEM, p.Moving = sh.TEM, sh.Move
		p.Leader = sh.DRM - p.TEM - p.Moving - sh.Hindrance
		p.Lines = s.sightLines(c)
		for u := range g.st.In(state.Enemy, c.At) {
			p.Targets = append(p.Targets, u.ID)
		}
	default:
		return nil, fmt.Errorf("%s: only a move or a fire is shown before it is done", c.Verb)
	}
	return p, nil
}

// sightLines is the LOS from each Location of fire c to its Target.
func (s *Session) sightLines(c Command) []SightLine {
	var out []SightLine
	for _, l := range c.From {
		v := s.g.w.Sight(c.At, l)
		out = append(out, SightLine{From: l, Clear: v.Clear, Hindrance: v.Hindrance})
	}
	return out
}
