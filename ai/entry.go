package ai

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/tables"
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

// Enter sets up the S? that mission ms schedules to enter on a turn (SASL
// 4.2). Along the length of a board each S? draws a Letter Chit for its
// hexrow, returned before the next (4.21); along the widths of boards each
// makes a DR, the coloured die choosing among the eligible boards (river
// boards excluded) with equal odds, the white die +2 the hex number (4.22;
// a dr alone for one board). An Overstacked or Prohibited entry hex repeats
// the procedure for that S?. costs decides which hexes Infantry may enter
// from off the map.
func Enter(m *board.Map, ms *missions.Mission, t *tables.Set, costs pathing.Coster, r dice.Roller, turn int) (*Arrivals, error) {
	p, err := Prepare(m, ms, t, costs)
	if err != nil {
		return nil, err
	}
	return p.Enter(r, turn)
}

// Enter sets up the S? the mission schedules to enter on a turn (see the
// function Enter).
func (p *Prepared) Enter(r dice.Roller, turn int) (*Arrivals, error) {
	e := p.newEnterer(r)
	ms := p.ms
	out := &Arrivals{Map: p.m, Mission: ms, Turn: turn}
	for _, en := range ms.EntriesOn(turn) {
		e.logf("Turn %d: %d S? enter along the %s edge", turn, en.Count, en.Edge)
		for i := range en.Count {
			a, err := e.one(en.Edge, fmt.Sprintf("S? %d of %d", i+1, en.Count))
			if err != nil {
				return nil, err
			}
			out.Arrivals = append(out.Arrivals, a)
		}
	}
	out.Log, out.Trail = e.log, r.Trail()
	return out, nil
}

type enterer struct {
	*Prepared
	r     dice.Roller
	stack map[hex.Hex]int
	cup   *dice.Cup
	// keep: a drawn chit stays out of the cup (the pairs of SASL 4.31).
	keep bool
	log  []string
}

func (p *Prepared) newEnterer(r dice.Roller) *enterer {
	return &enterer{Prepared: p, r: r, stack: map[hex.Hex]int{}}
}

// maxRolls bounds every reroll loop of entry: no legal configuration comes
// near it (the likeliest to reroll, a Human Wave along 36 boards' lengths,
// has a chance of about 1 in 100 of a legal pair of hexes a draw), so
// reaching it means the tables or the map leave no legal outcome.
const maxRolls = 10000

// eligible returns the boards along edge c an entry may choose: all of
// them, less river boards along widths (SASL 4.22).
func (e *enterer) eligible(c layout.Compass) []layout.EdgeBoard {
	var out []layout.EdgeBoard
	for _, b := range e.m.EdgeBoards(c) {
		if !b.Length && e.kinds[b.Board].River {
			continue
		}
		out = append(out, b)
	}
	return out
}

func (e *enterer) logf(format string, args ...any) {
	e.log = append(e.log, fmt.Sprintf(format, args...))
}

func (e *enterer) last(tag string) Roll {
	tr := e.r.Trail()
	return Roll{Tag: tag, Roll: tr[len(tr)-1]}
}

// EdgeHex returns the hex of board cell b's edge along compass edge c in
// hexrow col (4.21) or with hex number n in hexrow A or GG (4.22).
func EdgeHex(m *board.Map, b layout.EdgeBoard, c layout.Compass, col, n int) (hex.Hex, bool) {
	for _, h := range m.BoardEdge(b.Row, b.Col, m.FrameOf(c)) {
		parts, k := m.Parts(h)
		for _, pt := range parts[:k] {
			if pt.Board != b.Board {
				continue
			}
			if b.Length && pt.Local.Col == col {
				return h, true
			}
			if !b.Length && pt.Local.Row == n {
				return h, true
			}
		}
	}
	return hex.Hex{}, false
}

// one sets up one S? along edge c.
func (e *enterer) one(c layout.Compass, who string) (Arrival, error) {
	eligible := e.eligible(c)
	if len(eligible) == 0 {
		return Arrival{}, fmt.Errorf("ai: SASL 4.22: no board along the %s edge may be entered (river boards are excluded)", c)
	}
	lengthwise := eligible[0].Length
	for _, b := range eligible {
		if b.Length != lengthwise {
			return Arrival{}, fmt.Errorf("ai: SASL 4.2: the %s edge runs along the length of some boards and the width of others", c)
		}
	}
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
		if e.stack[a.Hex] >= e.t.SASL.EntryStacking.Value {
			e.logf("%s: %s already has %d entering S?: Overstacked, repeat", who, e.m.NameString(a.Hex), e.stack[a.Hex])
			continue
		}
		if _, ok := e.costs.Enter(board.Ground(a.Hex), c); !ok {
			e.logf("%s: Infantry cannot enter %s from off the map: Prohibited, repeat", who, e.m.NameString(a.Hex))
			continue
		}
		e.stack[a.Hex]++
		a.Off, _ = e.m.Mirror(a.Hex, c)
		e.logf("%s: %s", who, a.Why)
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

// MaxEdgeBoards is the most boards along one edge that entry can choose
// among: a DR read as a two-digit number in base 6 gives 36 outcomes.
const MaxEdgeBoards = 36

// pickBoard chooses one of n boards along an edge with equal odds. Up to
// six boards, one die does it, as SASL 4.22 says; the rules stop there (a
// configuration of more than six boards along one edge is not foreseen),
// so from seven on sasl reads a DR as a two-digit number in base 6,
// (coloured-1)*6 + white, 36 outcomes shared out evenly, the rest
// rerolled. It returns the board and the rolls it took.
func (e *enterer) pickBoard(boards []layout.EdgeBoard, why string) (int, []Roll, error) {
	n := len(boards)
	if n > MaxEdgeBoards {
		return 0, nil, fmt.Errorf("ai: %s: %d boards along one edge; entry chooses among at most %d", why, n, MaxEdgeBoards)
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
func (e *enterer) lengthwise(c layout.Compass, boards []layout.EdgeBoard, who string) (Arrival, error) {
	var rolls []Roll
	b := boards[0]
	if len(boards) > 1 {
		i, rs, err := e.pickBoard(boards, fmt.Sprintf("SASL 4.21: which board along the %s edge for %s", c, who))
		if err != nil {
			return Arrival{}, err
		}
		b, rolls = boards[i], rs
	}
	if e.cup == nil {
		e.cup = dice.NewCup(dice.LetterChits())
	}
	chit, err := e.r.Draw(e.cup, fmt.Sprintf("SASL 4.21: hexrow of %s along the %s edge of board %s", who, c, b.Board))
	if err != nil {
		return Arrival{}, err
	}
	if !e.keep {
		e.cup.Return(chit) // SASL 4.21: back before the next chit
	}
	rolls = append(rolls, e.last("hexrow"))
	col, _ := coord.ParseCol(chit)
	h, ok := EdgeHex(e.m, b, c, col, 0)
	if !ok {
		return Arrival{}, fmt.Errorf("ai: SASL 4.21: board %s has no hexrow %s on the %s edge", b.Board, chit, c)
	}
	return Arrival{Edge: c, Hex: h, Board: b.Board, Method: "4.21", Rolls: rolls,
		Why: fmt.Sprintf("chit %s: enters %s from off the %s edge (SASL 4.21)", chit, e.m.NameString(h), c)}, nil
}

// widthwise is SASL 4.22.
func (e *enterer) widthwise(c layout.Compass, boards []layout.EdgeBoard, who string) (Arrival, error) {
	var rolls []Roll
	b, white := boards[0], 0
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
				b, white, chosen = boards[i], w, true
				break
			}
			e.logf("%s: coloured dr %d chooses no board of %d: reroll (SASL 4.22)", who, col, len(boards))
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
		b, white, rolls = boards[i], v, append(rs, e.last("dr+2"))
	}
	h, ok := EdgeHex(e.m, b, c, 0, white+2)
	if !ok {
		return Arrival{}, fmt.Errorf("ai: SASL 4.22: board %s has no hex %d on the %s edge", b.Board, white+2, c)
	}
	return Arrival{Edge: c, Hex: h, Board: b.Board, Method: "4.22", Rolls: rolls,
		Why: fmt.Sprintf("board %s, hex number %d+2: enters %s from off the %s edge (SASL 4.22)", b.Board, white, e.m.NameString(h), c)}, nil
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
