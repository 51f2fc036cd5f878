package ai

import (
	"fmt"

	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
)

// Resolver plays what the ENEMY procedures leave to the FRIENDLY side: a
// game with a FRIENDLY policy (sasl sim) resolves fire with it. It adds its
// events to the ENEMY side's log as they happen.
type Resolver interface {
	// Entered is called each time an ENEMY stack enters a Location in
	// its MPh: FRIENDLY units may First Fire at it. Units of the stack
	// that are broken or eliminated end their move there. path is its
	// move this phase so far, step by step: first the Location it started
	// from (off the map for a stack entering it), last at; valid only
	// during the call.
	Entered(stack []*state.Unit, at board.Location, path []pathing.Step) error
	// Fire resolves the attack of an ENEMY fire group (SASL 4.36) on the
	// FRIENDLY units in Location at.
	Fire(g *report.FireGroup, at board.Location) error
}

// Play plays the ENEMY side of one phase of turn st.Turn and returns what
// it did. RPh: the S? the mission schedules for this turn are set up off
// the map (4.2; with entries) and its Human Waves (4.31). MPh: other
// Activated ENEMY Infantry join the waves and the chain rule is applied
// (4.323), the Human Waves move (4.32-4.35, Activating S? as they come
// into LOS), then the S? waiting off the map enter (with entries) and,
// with policy.released advance, the ENEMY units outside a Human Wave move
// (attitude.go; the S? of entries entering as the first step of their
// move). AFPh: Human Wave fire groups (4.36). APh: gap closing or
// advancing toward the nearest Target (4.322), the advance of the units
// outside a wave (policy.released advance), Activation of the S? that
// advanced into LOS, then Recovery (4.37). It does not move the turn on.
func (e *Enemy) Play(ph state.Phase, entries bool) error {
	e.log.Phase = ph
	clear(e.stacks)
	e.stacks = e.stacks[:0]
	switch ph {
	case state.PFPh:
		if e.actions() {
			// SASL 6: the Action checks of the Activated units outside
			// the Human Waves (action.go).
			return e.actionChecks()
		}
	case state.RPh:
		if entries {
			if err := e.arrive(); err != nil {
				return err
			}
		}
		for _, en := range e.ms.WavesOn(e.st.Turn) {
			if err := e.enterWave(en); err != nil {
				return err
			}
		}
	case state.MPh:
		e.join()
		e.chain()
		e.moves = true
		if err := e.move(); err != nil {
			return err
		}
		switch {
		case e.advancing() || e.actions():
			// Units outside a Human Wave move after the waves (4.321),
			// the S? waiting off the map entering as they do
			// (attitude.go).
			if err := e.moveOthers(); err != nil {
				return err
			}
		case entries:
			if err := e.enterMap(); err != nil {
				return err
			}
		}
		if err := e.firedChecks(); err != nil {
			return err
		}
	case state.AFPh:
		if err := e.fire(); err != nil {
			return err
		}
	case state.APh:
		if err := e.advance(); err != nil {
			return err
		}
		if e.advancing() || e.actions() {
			if err := e.advanceOthers(); err != nil {
				return err
			}
		}
		if err := e.activateAdvanced(); err != nil {
			return err
		}
		e.recover()
	}
	return nil
}

// WaveEntry is the setup of a Human Wave's entry (SASL 4.31).
type WaveEntry struct {
	Edge layout.Compass
	// Entrances are the entrance hexes, one Human Wave S? each, in the
	// edge's clockwise order.
	Entrances []hex.Hex
	// Direction is the entrance hex on the HW Direction counter's hexrow.
	Direction hex.Hex
	// Pairs are the pairs of hexes drawn, two hexes a pair: the last was
	// accepted, the others refused.
	Pairs []hex.Hex
	Rolls []report.Roll
}

// EnterWave determines the entrance hexes of a Human Wave along edge c
// (SASL 4.31): two hexes by the method of 4.21 (along a board's length: two
// Letter Chits) or 4.22 (along widths: two DR), redrawn while <= 2 or >= 11
// hexes lie between them; every hex from one to the other is an entrance
// hex. The HW Direction counter goes on the middle one. Its lists are the
// Enemy's own, valid until its next Enter or EnterWave.
func (e *Enemy) EnterWave(c layout.Compass) (*WaveEntry, error) {
	e.ent.reset(false)
	edge := e.w.Edge(c)
	out := &WaveEntry{Edge: c}
	var rolls, pairs = e.ent.waveRolls[:0], e.ent.pairs[:0]
	defer func() { e.ent.waveRolls, e.ent.pairs = rolls, pairs }()
	for range maxRolls {
		a, err := e.waveHex(c, 1)
		if err != nil {
			return nil, err
		}
		b, err := e.waveHex(c, 2)
		if err != nil {
			return nil, err
		}
		if e.ent.cup != nil {
			e.ent.cup.ReturnAll() // refused or not, both chits go back
		}
		rolls = append(append(rolls, a.Rolls...), b.Rolls...)
		pairs = append(pairs, a.Hex, b.Hex)
		pa, pb := e.w.EdgePos(c, a.Hex), e.w.EdgePos(c, b.Hex)
		between := max(pa, pb) - min(pa, pb) - 1
		if between <= 2 || between >= 11 {
			continue
		}
		out.Entrances = edge[min(pa, pb) : max(pa, pb)+1 : max(pa, pb)+1]
		out.Direction = out.Entrances[len(out.Entrances)/2]
		out.Pairs, out.Rolls = pairs, rolls
		return out, nil
	}
	return nil, fmt.Errorf("ai: SASL 4.31: no legal pair of entrance hexes along the %s edge in %d draws", c, maxRolls)
}

// waveHex draws the n-th hex of a pair along edge c by 4.21 or 4.22; a
// Letter Chit stays out of the cup until the pair is judged.
func (e *Enemy) waveHex(c layout.Compass, n int) (Arrival, error) {
	eligible, _ := e.w.EntryBoards(c)
	if len(eligible) == 0 {
		return Arrival{}, fmt.Errorf("ai: SASL 4.31: no board along the %s edge may be entered", c)
	}
	who := report.Who{N: n}
	if eligible[0].Length {
		e.ent.keep = true
		return e.lengthwise(c, eligible, who)
	}
	return e.widthwise(c, eligible, who)
}
