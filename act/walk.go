package act

import (
	"errors"
	"slices"

	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// Reaction is what meets a stack that has entered Location at at a cost
// of cost half MF, asked by Walk after each Location: the other side's
// reactions, the Residual FP there (ASL A8.2), the S? that see it (SASL
// 3.32), First Fire (A8.1, A8.3, A8.31), Interdiction of a rout (A10.53),
// and what entering does for the mover (a VPO taken, A26.11; an S? that
// comes into a FRIENDLY unit's LOS Activated, SASL 4.34). It may
// eliminate, break or pin units of stack, and returns the stack as it now
// stands there (an S? Activated as the units it became); Walk then says
// which of them go on (GoesOn).
type Reaction func(stack []*state.Unit, at board.Location, cost int) ([]*state.Unit, error)

// Next is a mover's decider, asked by WalkBy before each step: where the
// units on, in Location at with left half MF, go next, or false to stop
// there (SASL's procedures and sasl's policies choose; the executor acts).
type Next func(on []*state.Unit, at board.Location, left int) (board.Location, bool)

// GoesOn reports whether unit u, moving by motion m, goes on after the
// reactions to the Location it entered: not if they eliminated it, nor if
// they broke it (ASL A10: a broken unit's move ends; SASL 4.323: it leaves
// its Human Wave) or pinned it (A7.8: a pinned unit's MPh ends). A Human
// Wave unit goes on pinned: SASL 4.3 says nothing of pins, and a unit
// moving in a Human Wave is not pinned (the tables' hw_pin: none, sasl's
// reading). A routing unit is broken, and goes on unless eliminated.
func (x Executor) GoesOn(u *state.Unit, m Motion) bool {
	switch {
	case !x.st.Holds(u):
		return false
	case m == Rout || m == LowCrawl:
		return true
	case u.Broken:
		return false
	}
	return !u.Pinned || m == Wave
}

// Walked is what Walk did: Steps the Locations entered (the first the
// start, with no cost), Ends how many of Steps each unit of the stack
// went (in the stack's order: one that stopped where a reaction broke,
// pinned or eliminated it went as far as that Location), On the units that
// went on to the end (the units an S? became among them), and Refused the
// step that ended the move if the executor refused it (nil: it ran out of
// path, the decider stopped, or no unit went on).
type Walked struct {
	Steps   []pathing.Step
	Ends    []int
	On      []*state.Unit
	Refused *Refusal
	all     []*state.Unit // the walk's copy of its stack (WalkByInto)
}

// Forget lets go of the units the record's last walk held (On, its
// copy of the stack), keeping its storage for the next walk: a record
// kept from game to game holds no unit of the last.
func (w *Walked) Forget() {
	clear(w.all[:cap(w.all)])
	w.On, w.Refused = nil, nil
}

// Walk carries out a move of stack along path (the Locations it enters,
// in order) by motion m with budget half MF: WalkBy, the next step the
// path's next Location.
func (x Executor) Walk(stack []*state.Unit, path []board.Location, m Motion, budget int, mf func([]*state.Unit) int, react Reaction) (Walked, error) {
	i := 0
	return x.WalkBy(stack, m, budget, mf, func([]*state.Unit, board.Location, int) (board.Location, bool) {
		if i == len(path) {
			return board.Location{}, false
		}
		i++
		return path[i-1], true
	}, react)
}

// WalkBy carries out a move of stack by motion m with budget half MF
// (NoLimit: not checked), one Location at a time, the next asked of next
// before each step (one action at a time, the situation seen anew): each
// step is checked and carried out by Enter, then react (nil: none) is
// asked; the units GoesOn lets go on take the next step, the MF they have
// left no more than mf of them allows (ASL A4.12: a squad whose leader
// stopped goes on with its own MF; nil: the budget stands). It stops where
// next stops, where no unit goes on, or at a step Enter refuses
// (Walked.Refused: nothing of that step is done). An error of react ends
// it, returned.
func (x Executor) WalkBy(stack []*state.Unit, m Motion, budget int, mf func([]*state.Unit) int, next Next, react Reaction) (Walked, error) {
	var w Walked
	err := x.WalkByInto(&w, stack, m, budget, mf, next, react)
	return w, err
}

// WalkByInto is WalkBy, what the walk did written to w: its Steps and
// Ends reuse w's storage (valid until w's next walk), for a caller that
// walks many times and keeps neither (the ENEMY's moves); On is the
// walk's own, as WalkBy's, which a caller may keep.
func (x Executor) WalkByInto(w *Walked, stack []*state.Unit, m Motion, budget int, mf func([]*state.Unit) int, next Next, react Reaction) error {
	w.Steps, w.Ends, w.On, w.Refused = w.Steps[:0], w.Ends[:0], nil, nil
	if len(stack) == 0 {
		return x.refusal(NoUnits, nil, board.Location{}, board.Location{}, m, 0, NoLimit)
	}
	// all (the walk's own, to mark how far each unit went: after Ends in
	// w's storage) and on (the units going on, which a caller may keep);
	// the steps with room for a move's usual length.
	n := len(stack)
	var on []*state.Unit
	if cap(w.all) < n { // both in one array, capped apart
		buf := make([]*state.Unit, 2*n)
		w.all, on = buf[:0:n], buf[n:2*n:2*n]
	} else {
		on = make([]*state.Unit, n)
	}
	copy(on, stack)
	all := append(w.all[:0], stack...)
	w.Ends = slices.Grow(w.Ends, n)[:n]
	clear(w.Ends)
	if cap(w.Steps) == 0 {
		w.Steps = make([]pathing.Step, 0, 8)
	}
	w.Steps = append(w.Steps, pathing.Step{Location: stack[0].At()})
	spent := 0
	for {
		left := NoLimit
		if budget != NoLimit {
			left = budget - spent
		}
		at := w.Steps[len(w.Steps)-1].Location
		to, ok := next(on, at, left)
		if !ok {
			break
		}
		if m.one() && len(w.Steps) > 1 {
			w.Refused = x.refusal(OneLocation, on, at, to, m, 0, left)
			break
		}
		cost, err := x.Enter(on, to, m, left)
		if err != nil {
			if !errors.As(err, &w.Refused) {
				return err
			}
			break
		}
		spent += cost
		w.Steps = append(w.Steps, pathing.Step{Location: to, HalfMF: cost})
		now := on
		if react != nil {
			if now, err = react(on, to, cost); err != nil {
				x.ends(w, all, nil)
				return err
			}
		}
		// Those the reactions stopped went as far as here. A slice of
		// this walk's own is never changed once a caller has seen it
		// (a reaction may keep on, or return its own storage): the units
		// going on are copied only when they differ from on.
		stops := func(u *state.Unit) bool { return !x.GoesOn(u, m) }
		if !slices.Equal(now, on) || slices.ContainsFunc(now, stops) {
			on = slices.DeleteFunc(slices.Clone(now), stops)
		}
		x.ends(w, all, on)
		if len(on) == 0 {
			break
		}
		if mf != nil && budget != NoLimit {
			budget = min(budget, mf(on))
		}
	}
	for i := range w.Ends {
		if w.Ends[i] == 0 {
			w.Ends[i] = len(w.Steps)
		}
	}
	w.On = on
	return nil
}

// ends marks the units of all not among on, not marked yet, as having
// gone as far as the last step.
func (x Executor) ends(w *Walked, all, on []*state.Unit) {
	for i, u := range all {
		if w.Ends[i] == 0 && !slices.Contains(on, u) {
			w.Ends[i] = len(w.Steps)
		}
	}
}
