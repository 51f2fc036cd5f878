package ai

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/world"
)

// Arrival is one S? set up just off the map to enter (SASL 4.2).
type Arrival struct {
	Edge layout.Compass
	// Hex is the edge hex it enters; Off the off-board hex it waits in,
	// next to Hex.
	Hex, Off hex.Hex
	Board    string
	// Method is "4.21" (along a board's length) or "4.22" (along widths).
	Method string
	Why    string
	Rolls  []Roll
}

// Arrivals is the entry of one turn and how it came about.
type Arrivals struct {
	Map      *board.Map
	Mission  *missions.Mission
	Turn     int
	Arrivals []Arrival
	Log      []string
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
	e.ent.reset()
	ms := e.ms
	out := &Arrivals{Map: e.m, Mission: ms, Turn: turn}
	for _, en := range ms.EntriesOn(turn) {
		e.entf("Turn %d: %d S? enter along the %s edge", turn, en.Count, en.Edge)
		for i := range en.Count {
			a, err := e.one(en.Edge, fmt.Sprintf("S? %d of %d", i+1, en.Count))
			if err != nil {
				return nil, err
			}
			out.Arrivals = append(out.Arrivals, a)
		}
	}
	out.Log, out.Trail = e.ent.log, e.r.Trail()
	return out, nil
}

// entryScratch is what one entry procedure keeps: the S? set up on each
// entry hex so far, the cup of Letter Chits and whether a drawn chit stays
// out of it (the pairs of SASL 4.31), and the log.
type entryScratch struct {
	stack []hexCount
	cup   *dice.Cup
	keep  bool
	log   []string
}

type hexCount struct {
	hex hex.Hex
	n   int
}

func (s *entryScratch) reset() {
	s.stack, s.keep, s.log = s.stack[:0], false, nil
	if s.cup != nil {
		s.cup.ReturnAll()
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

func (e *Enemy) entf(format string, args ...any) {
	e.ent.log = append(e.ent.log, fmt.Sprintf(format, args...))
}

// one sets up one S? along edge c.
func (e *Enemy) one(c layout.Compass, who string) (Arrival, error) {
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
		// the procedure.
		n := e.ent.stacked(a.Hex)
		if *n >= e.t.SASL.EntryStacking.Value {
			e.entf("%s: %s already has %d entering S?: Overstacked, repeat", who, e.hexName(a.Hex), *n)
			continue
		}
		if _, ok := e.w.Costs().Enter(board.Ground(a.Hex), c); !ok {
			e.entf("%s: Infantry cannot enter %s from off the map: Prohibited, repeat", who, e.hexName(a.Hex))
			continue
		}
		*n++
		a.Off, _ = e.m.Mirror(a.Hex, c)
		e.entf("%s: %s", who, a.Why)
		return a, nil
	}
	return Arrival{}, fmt.Errorf("ai: SASL 4.2: no legal entry hex along the %s edge in %d tries", c, maxRolls)
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
// rerolled. It returns the board and the rolls it took.
func (e *Enemy) pickBoard(boards []layout.EdgeBoard, why string) (int, []Roll, error) {
	n := len(boards)
	if n > world.MaxEdgeBoards {
		return 0, nil, fmt.Errorf("ai: %s: %d boards along one edge; entry chooses among at most %d", why, n, world.MaxEdgeBoards)
	}
	var rolls []Roll
	for range maxRolls {
		if n <= 6 {
			v, err := e.r.Dr(why + " (" + names(boards) + ")")
			if err != nil {
				return 0, nil, err
			}
			rolls = append(rolls, e.last("board"))
			if i, ok := choose(n, v, 6); ok {
				return i, rolls, nil
			}
			continue
		}
		c, w, err := e.r.DR(why + ": DR as (coloured-1)*6+white (" + names(boards) + ")")
		if err != nil {
			return 0, nil, err
		}
		rolls = append(rolls, e.last("board"))
		if i, ok := choose(n, (c-1)*6+w, 36); ok {
			return i, rolls, nil
		}
	}
	return 0, nil, fmt.Errorf("ai: %s: no board chosen in %d rolls", why, maxRolls)
}

// lengthwise is SASL 4.21: a Letter Chit for the hexrow, returned to the
// cup after the S? is placed. Where the edge runs along several boards'
// lengths, a dr first chooses the board with equal odds (as 4.22 does).
func (e *Enemy) lengthwise(c layout.Compass, boards []layout.EdgeBoard, who string) (Arrival, error) {
	var rolls []Roll
	bi := 0
	if len(boards) > 1 {
		i, rs, err := e.pickBoard(boards, fmt.Sprintf("SASL 4.21: which board along the %s edge for %s", c, who))
		if err != nil {
			return Arrival{}, err
		}
		bi, rolls = i, rs
	}
	b := boards[bi]
	if e.ent.cup == nil {
		e.ent.cup = dice.NewCup(dice.LetterChits())
	}
	chit, err := e.r.Draw(e.ent.cup, fmt.Sprintf("SASL 4.21: hexrow of %s along the %s edge of board %s", who, c, b.Board))
	if err != nil {
		return Arrival{}, err
	}
	if !e.ent.keep {
		e.ent.cup.Return(chit) // SASL 4.21: back before the next chit
	}
	rolls = append(rolls, e.last("hexrow"))
	col, _ := coord.ParseCol(chit)
	h, ok := e.w.EdgeHex(c, bi, col)
	if !ok {
		return Arrival{}, fmt.Errorf("ai: SASL 4.21: board %s has no hexrow %s on the %s edge", b.Board, chit, c)
	}
	return Arrival{Edge: c, Hex: h, Board: b.Board, Method: "4.21", Rolls: rolls,
		Why: fmt.Sprintf("chit %s: enters %s from off the %s edge (SASL 4.21)", chit, e.hexName(h), c)}, nil
}

// widthwise is SASL 4.22.
func (e *Enemy) widthwise(c layout.Compass, boards []layout.EdgeBoard, who string) (Arrival, error) {
	var rolls []Roll
	bi, white := 0, 0
	b := boards[0]
	if len(boards) == 1 {
		v, err := e.r.Dr(fmt.Sprintf("SASL 4.22: dr +2, hex number for %s along the %s edge of board %s", who, c, b.Board))
		if err != nil {
			return Arrival{}, err
		}
		rolls, white = append(rolls, e.last("dr+2")), v
	} else if len(boards) <= 6 {
		chosen := false
		for range maxRolls {
			col, w, err := e.r.DR(fmt.Sprintf("SASL 4.22: coloured dr for the board (%s), white dr +2 for the hex number, %s along the %s edge", names(boards), who, c))
			if err != nil {
				return Arrival{}, err
			}
			rolls = append(rolls, e.last("board, dr+2"))
			if i, ok := choose(len(boards), col, 6); ok {
				bi, b, white, chosen = i, boards[i], w, true
				break
			}
			e.entf("%s: coloured dr %d chooses no board of %d: reroll (SASL 4.22)", who, col, len(boards))
		}
		if !chosen {
			return Arrival{}, fmt.Errorf("ai: SASL 4.22: no board chosen in %d rolls", maxRolls)
		}
	} else {
		// More boards than one die can choose among: a DR chooses the
		// board (pickBoard), then a dr +2 the hex number.
		i, rs, err := e.pickBoard(boards, fmt.Sprintf("SASL 4.22: which board along the %s edge for %s", c, who))
		if err != nil {
			return Arrival{}, err
		}
		v, err := e.r.Dr(fmt.Sprintf("SASL 4.22: dr +2, hex number for %s along the %s edge of board %s", who, c, boards[i].Board))
		if err != nil {
			return Arrival{}, err
		}
		bi, b, white, rolls = i, boards[i], v, append(rs, e.last("dr+2"))
	}
	h, ok := e.w.EdgeHex(c, bi, white+2)
	if !ok {
		return Arrival{}, fmt.Errorf("ai: SASL 4.22: board %s has no hex %d on the %s edge", b.Board, white+2, c)
	}
	return Arrival{Edge: c, Hex: h, Board: b.Board, Method: "4.22", Rolls: rolls,
		Why: fmt.Sprintf("board %s, hex number %d+2: enters %s from off the %s edge (SASL 4.22)", b.Board, white, e.hexName(h), c)}, nil
}

// names lists boards with the dice numbers each is given: "3 (1-2), 2
// (3-4), 16 (5-6)"; from seven boards on, the numbers of pickBoard's DR.
func names(boards []layout.EdgeBoard) string {
	faces := 6
	if len(boards) > 6 {
		faces = 36
	}
	per := faces / len(boards)
	var parts []string
	for i, b := range boards {
		lo, hi := i*per+1, (i+1)*per
		if lo == hi {
			parts = append(parts, fmt.Sprintf("%s (%d)", b.Board, lo))
		} else {
			parts = append(parts, fmt.Sprintf("%s (%d-%d)", b.Board, lo, hi))
		}
	}
	return strings.Join(parts, ", ")
}
