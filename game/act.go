package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/sasl-engine/sasl/act"
	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/policy"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// Policies: who plays the FRIENDLY side of a game (package policy).
const (
	// PolicyHold: the engine plays the FRIENDLY side, holding its
	// positions and firing; every attack is resolved.
	PolicyHold = policy.Hold
	// PolicyAttack: the engine plays the FRIENDLY side, taking and holding
	// the mission's victory VPOs; every attack is resolved.
	PolicyAttack = policy.Attack
	// PolicyPlayer: the player plays the FRIENDLY side at the game's
	// stops (Session), the engine resolving every attack.
	PolicyPlayer = policy.Player
)

// ParsePolicy checks a policy name; "" is PolicyPlayer (a game file of an
// earlier sasl).
func ParsePolicy(s string) (state.Policy, error) { return policy.Parse(s) }

// decide asks the FRIENDLY policy what it does at a phase of side's Player
// Turn, one action at a time, and carries each out before it asks again
// (the policy sees its results: DESIGN.md, one decider asked one action at
// a time), until it does nothing more; a unit acts once at a decision.
func (g *Game) decide(side state.Side, ph state.Phase) error {
	if !g.resolves() {
		return nil
	}
	g.dec = policy.Decision{W: g.w, St: g.st, C: g.res, Player: side, Phase: ph, Skip: g.skipActed()}
	return g.askPolicy(side, ph, nil)
}

// askPolicy asks the policy for its actions at g.dec one at a time, carrying
// out each, while more reports true (nil: always). The units of each
// action it was asked are skipped after (g.actedAt).
func (g *Game) askPolicy(side state.Side, ph state.Phase, more func() bool) error {
	g.acted = g.acted[:0]
	defer func() { g.acted = g.acted[:0] }()
	for more == nil || more() {
		a, ok, err := g.pol.Next(&g.dec)
		if err != nil || !ok {
			return err
		}
		if len(a.Units) == 0 {
			return fmt.Errorf("game: the %s policy's action at %s %s has no units", g.pol.Name(), side, ph)
		}
		g.acted = append(g.acted, a.Units...)
		if err := g.act(side, ph, a); err != nil {
			return err
		}
	}
	return nil
}

// actedAt reports whether u acted at the decision under way (askPolicy).
func (g *Game) actedAt(u *state.Unit) bool { return slices.Contains(g.acted, u) }

// skipActed is actedAt as a func, made once a game (a method value
// allocates each time it is taken: a decision is asked thousands of times
// a simulated game).
func (g *Game) skipActed() func(*state.Unit) bool {
	if g.actedFn == nil {
		g.actedFn = g.actedAt
	}
	return g.actedFn
}

// Entered lets the FRIENDLY side First Fire at an ENEMY stack that has
// entered Location at in the ENEMY MPh (ai.Resolver).
//
// First the Residual FP in at attacks the stack (ASL A8.2), an S? of it
// Activated by the attack first (residualSQ), then the FRIENDLY side may
// fire at it: First Fire, Subsequent First Fire and Final Protective Fire
// (A8.1-A8.31).
func (g *Game) Entered(stack []*state.Unit, at board.Location, path []pathing.Step) error {
	if g.resolves() && g.st.ResidualAt(at) > 0 {
		var err error
		if stack, err = g.residualSQ(stack, at); err != nil {
			return err
		}
		if err := g.res.ResidualFire(stack, at, combat.MoveDRM(&g.w.Tables().Combat, combat.Moving, g.w.TEM(at), 0)); err != nil {
			return err
		}
	}
	stop, took, err := g.firstFire(stack, at, path)
	if err != nil || took {
		return err
	}
	if !slices.ContainsFunc(stack, combat.Target) {
		// No unit of the stack can be fired at (S? alone: combat.Target),
		// so no policy fires (policy's First Fire asks the same): most
		// ENEMY moves are of S?, and none is asked.
		return nil
	}
	g.dec = policy.Decision{W: g.w, St: g.st, C: g.res, Player: state.Enemy, Phase: state.MPh, Moving: stack, At: at, Skip: g.skipActed()}
	if stop != nil {
		// The player passed at the stop: the engine fires only with the
		// units the stop still offers (each unit fires once at a move,
		// ASL A8.3: those that fired there are not offered again).
		g.dec.Skip = func(u *state.Unit) bool {
			return g.actedAt(u) || !stop.CanFire || !slices.ContainsFunc(stop.Groups, func(gr state.StopGroup) bool { return slices.Contains(gr.Units, u.ID) })
		}
	}
	// Asked while a unit of the stack may still be fired at.
	return g.askPolicy(state.Enemy, state.MPh, func() bool {
		return slices.ContainsFunc(stack, func(u *state.Unit) bool { return combat.Target(u) && !u.Broken && g.st.Holds(u) })
	})
}

// residualSQ Activates the S? of an ENEMY stack that entered Location at,
// where Residual FP lies: Residual FP attacks every unit that enters (ASL
// A8.2), and an attack on an S? Activates it first (SASL 3.3, as the
// player's fire at one does: Session.fire), so that it attacks the units
// the S? became (none for a dummy). It returns the stack with each S?
// replaced by those units; stack itself is left as it was.
func (g *Game) residualSQ(stack []*state.Unit, at board.Location) ([]*state.Unit, error) {
	if !slices.ContainsFunc(stack, func(u *state.Unit) bool { return u.Kind == state.SQ }) {
		return stack, nil
	}
	out := make([]*state.Unit, 0, len(stack)+2)
	for _, u := range stack {
		if u.Kind != state.SQ || !g.st.Holds(u) || u.At() != at {
			out = append(out, u)
			continue
		}
		units, err := g.hw.ResidualAttacked(u)
		if err != nil {
			return nil, err
		}
		out = append(out, units...)
	}
	return out, nil
}

// Fire resolves an ENEMY fire group's attack (ai.Resolver): in the
// FRIENDLY MPh at the stack moving into at (move), the units moving.
func (g *Game) Fire(fg *report.FireGroup, at board.Location) error {
	return g.res.Fire(fg, at, g.moving)
}

// targetRoom is how many targets of a Fire action act makes room for:
// the units of most stacks.
const targetRoom = 4

// act carries out one FRIENDLY action.
func (g *Game) act(side state.Side, ph state.Phase, a policy.Action) error {
	st := g.st
	// The action's lists share one allocation, made when a unit may act:
	// the units that may (units), and for a Fire action those of them the
	// Shot counted (firers) and the targets, each capped so that none
	// grows into the next (targets past targetRoom get an array of their
	// own from append).
	n := len(a.Units)
	var buf []*state.Unit
	units := a.Units[:0:0]
	kind := report.PrepFire // the fire of a Fire action: the phase's
	switch {
	case side == state.Enemy && ph == state.MPh:
		kind = report.FirstFire
	case side == state.Enemy:
		kind = report.DefensiveFire
	case ph == state.AFPh:
		kind = report.AdvancingFire
	}
	if a.Kind == policy.Fire && a.Shot.As != 0 {
		kind = a.Shot.As // by the firers' markers (combat.AimAs)
	}
	for _, u := range a.Units {
		if st.Holds(u) && u.OnMap() && !u.Broken && u.Side == state.Friendly && (a.Kind != policy.Fire || combat.Ready(u, kind)) && (a.Kind == policy.Fire || !u.Pinned) {
			if buf == nil {
				size := n
				if a.Kind == policy.Fire {
					size = 2*n + targetRoom
				}
				buf = make([]*state.Unit, 0, size)
				units = buf[0:0:n]
			}
			units = append(units, u)
		}
	}
	if len(units) == 0 {
		return nil
	}
	switch a.Kind {
	case policy.Fire:
		targets := st.AppendAt(buf[2*n:2*n], state.Enemy, a.Shot.At)
		targets = slices.DeleteFunc(targets, func(u *state.Unit) bool { return !combat.Target(u) })
		if len(targets) == 0 || !slices.ContainsFunc(units, func(u *state.Unit) bool { return u.Kind.MMC() }) {
			return nil
		}
		sh := a.Shot
		// Only the units the Shot counted fire (ASL A7.22: one beyond its
		// reach adds nothing, and keeps its fire).
		if units = g.res.Firers(units, sh, buf[n:n:2*n]); !slices.ContainsFunc(units, func(u *state.Unit) bool { return u.Kind.MMC() }) {
			return nil
		}
		// At an ENEMY stack moving in its MPh (Entered), the movement DRM
		// is against its units only (ASL A4.6).
		return g.attack(kind, units, targets, sh.Group(), g.dec.Moving)
	case policy.Move:
		if side == state.Friendly && ph == state.MPh {
			return g.move(units, a.Path, a.Assault)
		}
	case policy.Advance:
		if side == state.Friendly && ph == state.APh && len(a.Path) > 0 {
			return g.advance(units, a.Path[0])
		}
	}
	return nil
}

// mf is the MF of a FRIENDLY stack, in half MF (ASL A4.1, A4.12): an MMC's
// (more with a Good Order leader moving with it), or a leader's alone. A
// wounded leader has wounded_mf MF (ASL A17.2), and a stack moving with
// him goes no farther than he can (it moves together).
func (g *Game) mf(units []*state.Unit) int { return combat.StackMF(&g.w.Tables().Combat, units) }

// fits reports whether Location l takes FRIENDLY units on top of the
// FRIENDLY units there (world.Fits: ASL A5.1's squads and SMC).
func (g *Game) fits(l board.Location, units []*state.Unit) bool {
	return g.w.Fits(g.st, state.Friendly, l, units)
}

// move moves a FRIENDLY stack along path in the MPh (ASL A4): each step an
// arc of the Infantry graph within the stack's MF, never into a Location
// holding ENEMY units (S? too) nor overstacked. A moving unit is Known to
// the ENEMY (concealment, ASL A12, is not modelled). After each step the
// ENEMY reacts: the S? that see the stack are checked against it and
// Activated as the table says (SASL 3.32, 4.34), and ENEMY units First
// Fire (4.36); units
// broken or eliminated end their move.
func (g *Game) move(units []*state.Unit, path []board.Location, assault bool) error {
	st := g.st
	if assault {
		path = path[:min(len(path), 1)]
	}
	log := g.hw.Log()
	// g.moving is the stack of the step under way only (Fire).
	defer func() {
		clear(g.moving)
		g.moving = g.moving[:0]
	}()
	motion, step := combat.Moving, act.Move
	if assault {
		motion, step = combat.Assault, act.Assault
	}
	// The executor carries the move out a Location at a time (ASL A4.1's
	// MF, A4.14, A5.1: a step it refuses ends the move where it is), the
	// ENEMY reacting after each; a unit broken or pinned by the fire it met
	// stays where it is (ASL A7.8: a pinned unit's MPh ends), the others go
	// on, a squad whose leader stopped with its own MF (A4.12).
	all := slices.Clone(units)
	walked, err := act.On(g.w, st).Walk(units, path, step, g.mf(units), g.mf, func(stack []*state.Unit, next board.Location, _ int) ([]*state.Unit, error) {
		units := stack
		// SASL 3.32: the S? that see the stack now are checked against it.
		if err := g.hw.Acted(units, report.ByMoved, motion); err != nil {
			return nil, err
		}
		// The stack that entered next is moving there for the ENEMY's
		// fire (Fire: the movement DRM is against it only, ASL A4.6), a
		// unit the Residual FP stops there too.
		g.moving = append(g.moving[:0], units...)
		// The Residual FP the ENEMY's fire left in next attacks the stack
		// first (ASL A8.2), with its movement DRM (no hindrance: FFMO in
		// Open Ground); those it breaks or pins stop there.
		if st.ResidualAt(next) > 0 {
			drm := combat.MoveDRM(&g.w.Tables().Combat, motion, g.w.TEM(next), 0)
			if err := g.res.ResidualFire(units, next, drm); err != nil {
				return nil, err
			}
			units = slices.DeleteFunc(slices.Clone(units), func(u *state.Unit) bool { return !st.Holds(u) || u.Broken || u.Pinned })
		}
		err := g.hw.FirstFire(units, next, motion)
		clear(g.moving)
		g.moving = g.moving[:0]
		return stack, err
	})
	if err != nil {
		return err
	}
	var notes []report.Note
	if r := walked.Refused; r != nil && r.Why == act.Occupied {
		notes = append(notes, report.Note{Kind: report.StoppedEnemy, At: r.To})
	}
	steps, ends := walked.Steps, walked.Ends
	// Told after the reactions it met on the way, which the log holds in
	// the order they happened: the units that went as far together, those
	// that went farthest first, with where they stopped.
	for n := len(steps); n > 1; n-- {
		var went []*state.Unit
		for i, u := range all {
			if ends[i] == n {
				went = append(went, u)
			}
		}
		if len(went) == 0 {
			continue
		}
		var ns []report.Note
		if n == len(steps) {
			ns = notes
		}
		if assault {
			ns = append(ns, report.Note{Kind: report.Assault})
		}
		log.Add(report.Event{Kind: report.Move, Units: log.IDs(went), Side: state.Friendly, Steps: log.Steps(steps[:n]...), Notes: log.Notes(ns...)})
	}
	return nil
}

// advance moves FRIENDLY units one Location in the APh (ASL A4.7), ENEMY
// units there or not: a Location of both sides is a Melee, fought in the
// CCPh.
func (g *Game) advance(units []*state.Unit, to board.Location) error {
	from := units[0].At()
	cost, err := act.On(g.w, g.st).Enter(units, to, act.Advance, act.NoLimit)
	if err != nil {
		if errors.As(err, new(*act.Refusal)) {
			return nil // not a step the executor takes: no advance
		}
		return err
	}
	log := g.hw.Log()
	log.Add(report.Event{Kind: report.AdvanceInto, Units: log.IDs(units), Side: state.Friendly,
		Steps: log.Steps(pathing.Step{Location: from}, pathing.Step{Location: to, HalfMF: cost})})
	// SASL 3.32: the S? that see the units where they advanced to are
	// checked against them.
	return g.hw.Acted(units, report.ByAdvanced, combat.Still)
}

// attack is a FRIENDLY fire group's attack (combat.Resolver.Attack) on
// targets, of which the units of moving are moving; then the S? that see
// the firers are checked against them (SASL 3.32: a FRIENDLY unit that
// fires in an S?'s LOS).
func (g *Game) attack(kind report.Kind, fg, targets []*state.Unit, group report.FireGroup, moving []*state.Unit) error {
	if err := g.res.Attack(kind, fg, targets, group, moving); err != nil {
		return err
	}
	return g.hw.Acted(fg, report.ByFired, combat.Still)
}
