package ai

import (
	"fmt"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// Arrival is one S? set up just off the map to enter (SASL 4.2).
type Arrival struct {
	Edge layout.Compass
	// Hex is the edge hex it enters; Off the off-board hex it waits in,
	// next to Hex.
	Hex, Off hex.Hex
	// Entry says how: the method ("4.21" along a board's length, "4.22"
	// along widths), the board, the chit or the dr.
	Entry report.Entry
	Rolls []report.Roll
}

// Arrivals is the entry of one turn and how it came about. Its lists are
// the Enemy's own, valid until its next Enter.
type Arrivals struct {
	Map      *board.Map
	Mission  *missions.Mission
	Turn     int
	Arrivals []Arrival
	Log      []report.Event
	Trail    []dice.Roll
}

// Enter sets up the S? the mission schedules to enter on a turn (SASL
// 4.2). Along the length of a board each S? draws a Letter Chit for its
// hexrow, returned before the next (4.21); along the widths of boards each
// makes a DR, the coloured die choosing among the eligible boards (river
// boards excluded) with equal odds, the white die +2 the hex number (4.22;
// a dr alone for one board). An Overstacked or Prohibited entry hex repeats
// the procedure for that S?.
func (e *Enemy) Enter(turn int) (*Arrivals, error) {
	e.ent.reset(true)
	ms := e.ms
	out := &Arrivals{Map: e.m, Mission: ms, Turn: turn, Arrivals: e.ent.out[:0]}
	for _, en := range ms.Entry { // ms.EntriesOn(turn), without its new slice
		if en.Turn != turn {
			continue
		}
		e.ent.log.Add(report.Event{Kind: report.EntryBegins, Turn: turn, Count: en.Count, Edge: en.Edge})
		for i := range en.Count {
			a, err := e.one(en.Edge, report.Who{N: i + 1, Of: en.Count})
			if err != nil {
				return nil, err
			}
			out.Arrivals = append(out.Arrivals, a)
		}
	}
	e.ent.out = out.Arrivals
	out.Log, out.Trail = e.ent.log.Since(0), e.r.Trail()
	return out, nil
}

// entryScratch is what one entry procedure keeps: the S? set up on each
// entry hex so far, the cup of Letter Chits and whether a drawn chit stays
// out of it (the pairs of SASL 4.31), the arrivals, the procedure's log
// (kept only where it is told: for the S? of 4.2, not a Human Wave's
// pairs), and the rolls of the S? being set up.
type entryScratch struct {
	stack   []hexCount
	cup     *dice.Cup
	keep    bool
	logging bool
	out     []Arrival
	log     report.Log
	rolls   []report.Roll
	// a Human Wave's pairs and their rolls (EnterWave)
	pairs     []hex.Hex
	waveRolls []report.Roll
}

type hexCount struct {
	hex hex.Hex
	n   int
}

func (s *entryScratch) reset(logging bool) {
	s.stack, s.keep, s.logging = s.stack[:0], false, logging
	s.log.Reset()
	if s.cup != nil {
		s.cup.ReturnAll()
	}
}

// add tells a step of the procedure, where it is told.
func (s *entryScratch) add(ev report.Event) {
	if s.logging {
		s.log.Add(ev)
	}
}

// stacked returns the S? set up on entry hex h so far.
func (s *entryScratch) stacked(h hex.Hex) *int {
	for i := range s.stack {
		if s.stack[i].hex == h {
			return &s.stack[i].n
		}
	}
	s.stack = append(s.stack, hexCount{hex: h})
	return &s.stack[len(s.stack)-1].n
}

// maxRolls bounds every reroll loop of entry: no legal configuration comes
// near it (the likeliest to reroll, a Human Wave along 36 boards' lengths,
// has a chance of about 1 in 100 of a legal pair of hexes a draw), so
// reaching it means the tables or the map leave no legal outcome.
const maxRolls = 10000

// one sets up one S? along edge c.
func (e *Enemy) one(c layout.Compass, who report.Who) (Arrival, error) {
	eligible, err := e.w.EntryBoards(c)
	if err != nil {
		return Arrival{}, err
	}
	lengthwise := eligible[0].Length
	for range maxRolls {
		var a Arrival
		var err error
		if lengthwise {
			a, err = e.lengthwise(c, eligible, who)
		} else {
			a, err = e.widthwise(c, eligible, who)
		}
		if err != nil {
			return Arrival{}, err
		}
		// An Overstacked (3.11) or Prohibited (3.323) entry hex repeats
		// the procedure; so does one that FRIENDLY units hold, which the
		// S? could not enter (ASL A2.5: an entry hex occupied by an enemy
		// unit is unenterable; SASL 4.2: an illegal entry hex repeats the
		// procedure).
		n := e.ent.stacked(a.Hex)
		pending := *n + e.waiting(a.Hex)
		if pending >= e.t.SASL.EntryStacking.Value {
			e.ent.add(report.Event{Kind: report.EntryRepeat, Who: who, Hexes: e.ent.log.Hexes(a.Hex), Count: pending})
			continue
		}
		if !e.entryFits(a.Hex, pending) {
			e.ent.add(report.Event{Kind: report.EntryRepeat, Who: who, Hexes: e.ent.log.Hexes(a.Hex), Count: pending, Cause: report.Full})
			continue
		}
		if _, ok := e.w.Costs().Enter(board.Ground(a.Hex), c); !ok {
			e.ent.add(report.Event{Kind: report.EntryRepeat, Who: who, Hexes: e.ent.log.Hexes(a.Hex), Cause: report.Prohibited})
			continue
		}
		if e.st != nil && e.st.Has(state.Friendly, board.Ground(a.Hex)) {
			e.ent.add(report.Event{Kind: report.EntryRepeat, Who: who, Hexes: e.ent.log.Hexes(a.Hex), Cause: report.FriendlyHeld})
			continue
		}
		*n++
		a.Off, _ = e.m.Mirror(a.Hex, c)
		e.ent.add(report.Event{Kind: report.EntrySet, Who: who, Edge: c, Hexes: e.ent.log.Hexes(a.Hex), Entry: a.Entry})
		return a, nil
	}
	return Arrival{}, fmt.Errorf("ai: SASL 4.2: no legal entry hex along the %s edge in %d tries", c, maxRolls)
}

// waiting returns the S? (not of a Human Wave) of the game waiting off the
// map to enter hex h: set up by an earlier run of the procedure (an entry
// redone in the MPh). 0 without a game.
func (e *Enemy) waiting(h hex.Hex) int {
	if e.st == nil {
		return 0
	}
	n := 0
	for u := range e.st.InHex(h) {
		if u.Side == state.Enemy && u.Entering && u.Wave == "" && u.At() == board.Ground(h) {
			n++
		}
	}
	return n
}

// entryFits reports whether the ground Location of entry hex h takes one
// more S? beside the pending S? already set up to enter it and the ENEMY
// units on the map there (ASL A5.1: an S? is one squad; world.Fits).
// Without a game, only the pending S? count.
func (e *Enemy) entryFits(h hex.Hex, pending int) bool {
	squads, smc := 0.0, 0
	if e.st != nil {
		squads, smc = e.w.Stack(e.st, state.Enemy, board.Ground(h))
	}
	return squads+float64(pending+1) <= float64(e.h.Stacking.Value)+1e-9 && smc <= e.h.StackSMC.Value
}

// choose picks one of n boards with equal odds (SASL 4.22) from v, a roll
// of 1..faces: the numbers are shared out evenly, the rest rerolled.
func choose(n, v, faces int) (int, bool) {
	per := faces / n
	if v > per*n {
		return 0, false
	}
	return (v - 1) / per, true
}

// pickBoard chooses one of n boards along an edge with equal odds. Up to
// six boards, one die does it, as SASL 4.22 says; the rules stop there (a
// configuration of more than six boards along one edge is not foreseen),
// so from seven on sasl reads a DR as a two-digit number in base 6,
// (coloured-1)*6 + white, 36 outcomes shared out evenly, the rest
// rerolled. It appends the rolls it took to the entry's rolls and returns
// the board.
func (e *Enemy) pickBoard(boards []layout.EdgeBoard, why dice.Why) (int, error) {
	n := len(boards)
	if n > world.MaxEdgeBoards {
		return 0, fmt.Errorf("ai: %s: which board along the %s edge: %d boards along one edge; entry chooses among at most %d", why.Rule, why.Edge, n, world.MaxEdgeBoards)
	}
	why.For = report.ForEntryBoard
	for range maxRolls {
		if n <= 6 {
			v, err := e.r.Dr(why)
			if err != nil {
				return 0, err
			}
			e.ent.rolls = append(e.ent.rolls, e.last("board"))
			if i, ok := choose(n, v, 6); ok {
				return i, nil
			}
			continue
		}
		c, w, err := e.r.DR(why)
		if err != nil {
			return 0, err
		}
		e.ent.rolls = append(e.ent.rolls, e.last("board"))
		if i, ok := choose(n, (c-1)*6+w, 36); ok {
			return i, nil
		}
	}
	return 0, fmt.Errorf("ai: %s: which board along the %s edge: no board chosen in %d rolls", why.Rule, why.Edge, maxRolls)
}

// lengthwise is SASL 4.21: a Letter Chit for the hexrow, returned to the
// cup after the S? is placed. Where the edge runs along several boards'
// lengths, a dr first chooses the board with equal odds (as 4.22 does).
func (e *Enemy) lengthwise(c layout.Compass, boards []layout.EdgeBoard, who report.Who) (Arrival, error) {
	e.ent.rolls = e.ent.rolls[:0]
	bi := 0
	if len(boards) > 1 {
		i, err := e.pickBoard(boards, dice.Why{Rule: "SASL 4.21", Edge: c, N: who.N, M: who.Of})
		if err != nil {
			return Arrival{}, err
		}
		bi = i
	}
	b := boards[bi]
	if e.ent.cup == nil {
		e.ent.cup = dice.NewCup(dice.LetterChits())
	}
	chit, err := e.r.Draw(e.ent.cup, dice.Why{Rule: "SASL 4.21", For: report.ForHexrow, Edge: c, Board: b.Board, N: who.N, M: who.Of})
	if err != nil {
		return Arrival{}, err
	}
	if !e.ent.keep {
		e.ent.cup.Return(chit) // SASL 4.21: back before the next chit
	}
	e.ent.rolls = append(e.ent.rolls, e.last("hexrow"))
	col, _ := coord.ParseCol(chit)
	h, ok := e.w.EdgeHex(c, bi, col)
	if !ok {
		return Arrival{}, fmt.Errorf("ai: SASL 4.21: board %s has no hexrow %s on the %s edge", b.Board, chit, c)
	}
	return Arrival{Edge: c, Hex: h, Entry: report.Entry{Method: "4.21", Chit: chit, Board: b.Board}, Rolls: e.ent.log.Rolls(e.ent.rolls...)}, nil
}

// widthwise is SASL 4.22.
func (e *Enemy) widthwise(c layout.Compass, boards []layout.EdgeBoard, who report.Who) (Arrival, error) {
	e.ent.rolls = e.ent.rolls[:0]
	bi, white := 0, 0
	b := boards[0]
	if len(boards) == 1 {
		v, err := e.r.Dr(dice.Why{Rule: "SASL 4.22", For: report.ForEntryNumber, Edge: c, Board: b.Board, N: who.N, M: who.Of})
		if err != nil {
			return Arrival{}, err
		}
		e.ent.rolls, white = append(e.ent.rolls, e.last("dr+2")), v
	} else if len(boards) <= 6 {
		chosen := false
		for range maxRolls {
			col, w, err := e.r.DR(dice.Why{Rule: "SASL 4.22", For: report.ForBoardNumber, Edge: c, N: who.N, M: who.Of})
			if err != nil {
				return Arrival{}, err
			}
			e.ent.rolls = append(e.ent.rolls, e.last("board, dr+2"))
			if i, ok := choose(len(boards), col, 6); ok {
				bi, b, white, chosen = i, boards[i], w, true
				break
			}
			e.ent.add(report.Event{Kind: report.EntryReroll, Who: who, Dice: report.Dice{DR: col}, Count: len(boards)})
		}
		if !chosen {
			return Arrival{}, fmt.Errorf("ai: SASL 4.22: no board chosen in %d rolls", maxRolls)
		}
	} else {
		// More boards than one die can choose among: a DR chooses the
		// board (pickBoard), then a dr +2 the hex number.
		i, err := e.pickBoard(boards, dice.Why{Rule: "SASL 4.22", Edge: c, N: who.N, M: who.Of})
		if err != nil {
			return Arrival{}, err
		}
		v, err := e.r.Dr(dice.Why{Rule: "SASL 4.22", For: report.ForEntryNumber, Edge: c, Board: boards[i].Board, N: who.N, M: who.Of})
		if err != nil {
			return Arrival{}, err
		}
		bi, b, white = i, boards[i], v
		e.ent.rolls = append(e.ent.rolls, e.last("dr+2"))
	}
	h, ok := e.w.EdgeHex(c, bi, white+2)
	if !ok {
		return Arrival{}, fmt.Errorf("ai: SASL 4.22: board %s has no hex %d on the %s edge", b.Board, white+2, c)
	}
	return Arrival{Edge: c, Hex: h, Entry: report.Entry{Method: "4.22", Board: b.Board, White: white}, Rolls: e.ent.log.Rolls(e.ent.rolls...)}, nil
}
