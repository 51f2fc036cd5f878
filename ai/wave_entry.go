package ai

import (
	"fmt"
	"slices"

	"github.com/sasl-engine/sasl/act"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// arrive sets up just off the map the S? the mission schedules to enter
// this turn (SASL 4.2): one ENEMY S? for each, waiting to enter.
func (e *Enemy) arrive() error {
	// ms.EntriesOn, which lists them in a new slice, is read for the
	// turns that have one.
	if !slices.ContainsFunc(e.ms.Entry, func(en missions.Entry) bool { return en.Turn == e.st.Turn }) {
		return nil
	}
	for _, u := range e.st.OfSide(state.Enemy) {
		if u.Entering && u.Wave == "" {
			return nil // set up already (sasl enter --save)
		}
	}
	a, err := e.Enter(e.st.Turn)
	if err != nil {
		return err
	}
	for _, x := range a.Arrivals {
		u := e.newUnit()
		*u = state.Unit{ID: e.st.NewID("E"), Side: state.Enemy, Kind: state.SQ, Entering: true, Edge: x.Edge}
		e.st.Add(u, board.Ground(x.Hex))
		e.log.Add(report.Event{Kind: report.Arrive, Units: e.log.Strings(u.ID), Edge: x.Edge, Hexes: e.log.Hexes(x.Hex),
			Entry: x.Entry, Rolls: e.log.Rolls(x.Rolls...)})
	}
	return nil
}

// enterMap brings the S? waiting off the map (not Human Wave S?) onto their
// entry hexes in the MPh, after the Human Waves have moved (SASL 4.321: a
// Human Wave moves before all other units). sasl does not move S? beyond
// their entry hex: movement of S? outside a Human Wave is not among the
// rules it plays. An S? that enters a FRIENDLY unit's LOS is checked for
// Activation (activate); the FRIENDLY side may First Fire at each as it
// enters.
func (e *Enemy) enterMap() error {
	sq := e.sq[:0] // the fire they meet may change the ENEMY units
	for _, u := range e.st.OfSide(state.Enemy) {
		if u.Entering && u.Wave == "" {
			sq = append(sq, u)
		}
	}
	e.sq = sq
	for _, u := range e.keep(sq...) {
		if err := e.redoEntry(u); err != nil {
			return err
		}
		c, ok := e.w.Costs().Enter(u.At(), u.Edge)
		if !ok {
			continue // Prohibited: 4.2 never sets one up there
		}
		off, _ := e.m.Mirror(u.At().Hex, u.Edge)
		u.Entering = false
		steps := e.log.Steps(pathing.Step{Location: board.Ground(off), Off: true}, pathing.Step{Location: u.At(), HalfMF: c})
		e.log.Add(report.Event{Kind: report.Enter, Units: e.log.Strings(u.ID), Edge: u.Edge, Steps: steps})
		// SASL 3.32: an S? that enters a FRIENDLY unit's LOS is checked.
		stack, err := e.activate(e.keep(u), u.At())
		if err != nil {
			return err
		}
		if e.Res != nil && len(stack) > 0 {
			if err := e.Res.Entered(stack, u.At(), steps); err != nil { // the log's steps: Entered keeps none of them
				return err
			}
		}
	}
	return nil
}

// redoEntry repeats the entry procedure (SASL 4.2: "If the determined
// entry hex is illegal/NA, repeat the procedure for that S?") for an S?
// whose entry hex has become illegal since it was set up in the RPh: the
// Human Waves, which move first (4.321), filled it (ASL A5.1), or FRIENDLY
// units hold it (A2.5). The S? is set up off the new hex, to enter it now.
func (e *Enemy) redoEntry(u *state.Unit) error {
	l := u.At()
	cause := report.NoCause
	switch {
	case e.st.Has(state.Friendly, l):
		cause = report.FriendlyHeld
	case !e.w.Fits(e.st, state.Enemy, l, []*state.Unit{u}):
		cause = report.Full
	default:
		return nil
	}
	e.ent.reset(false)
	a, err := e.one(u.Edge, report.Who{N: 1, Of: 1})
	if err != nil {
		return err
	}
	if err := act.On(e.w, e.st).Place(u, board.Ground(a.Hex)); err != nil {
		return err
	}
	e.log.Add(report.Event{Kind: report.EntryRedone, Units: e.log.Strings(u.ID), Edge: u.Edge, Hexes: e.log.Hexes(l.Hex, a.Hex),
		Entry: a.Entry, Rolls: e.log.Rolls(a.Rolls...), Cause: cause})
	return nil
}

// enterWave sets up a Human Wave the mission brings on (SASL 4.31): a Human
// Wave S? just off the map next to each entrance hex.
func (e *Enemy) enterWave(en missions.Entry) error {
	we, err := e.EnterWave(en.Edge)
	if err != nil {
		return err
	}
	id := ""
	for c := 'A'; c <= 'Z'; c++ {
		if !slices.ContainsFunc(e.st.Waves, func(w state.Wave) bool { return w.ID == string(c) }) {
			id = string(c)
			break
		}
	}
	if id == "" {
		return fmt.Errorf("ai: SASL 4.31: 26 Human Waves are in play already; the 27th has no letter")
	}
	e.st.Waves = append(e.st.Waves, state.Wave{ID: id, Edge: en.Edge, Direction: we.Direction})
	ids := e.log.Strings(make([]string, len(we.Entrances))...)
	for i, x := range we.Entrances {
		u := e.newUnit()
		*u = state.Unit{ID: e.st.NewID(id), Side: state.Enemy, Kind: state.SQ, HW: true, Wave: id,
			Entering: true, Edge: en.Edge, Lane: x}
		e.st.Add(u, board.Ground(x))
		ids[i] = u.ID
	}
	e.log.Add(report.Event{Kind: report.WaveEntry, Units: ids, Wave: id, Edge: en.Edge, Hexes: e.log.Hexes(we.Entrances...),
		Direction: we.Direction, Pairs: e.log.Hexes(we.Pairs...), Rolls: e.log.Rolls(we.Rolls...)})
	return nil
}
