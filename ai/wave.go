package ai

import (
	"fmt"
	"math"
	"slices"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// Phases of a Player Turn the Human Wave acts in.
const (
	RPh  = "RPh"  // Rally Phase: entry is set up
	MPh  = "MPh"  // Movement Phase
	AFPh = "AFPh" // Advancing Fire Phase
	APh  = "APh"  // Advance Phase
)

// Event is one thing the Human Wave did, for the player.
type Event struct {
	Phase string
	// Unit is the ID of the unit concerned, "" for the whole wave.
	Unit string
	// Kind: "entry", "move", "activate", "release", "exit", "join",
	// "chain", "fire", "gap", "advance", "recover", "control".
	Kind string
	// Steps of a move, each with the MF it cost (half MF); the first is
	// where the unit started (off the map for an entry).
	Steps []pathing.Step
	Text  string
	Rolls []Roll
}

// WaveTurn is what the Human Waves did in one turn.
type WaveTurn struct {
	Turn   int
	Events []Event
}

// HW runs the SASL Human Waves of a mission turn by turn on a game state
// (SASL 4.3). Build it once: it holds the Human Wave movement graph and the
// search buffers, reused every turn. It is not safe for concurrent use.
type HW struct {
	m     *board.Map
	ms    *missions.Mission
	t     *tables.Set
	h     *tables.HumanWave
	r     dice.Roller
	st    *state.State
	costs pathing.Coster
	g     *pathing.Graph
	s     *pathing.Search
	field pathing.Field
	near  pathing.Field
	// progress[i] for Map.Index i: how far toward the FBE a hex lies.
	progress []float64
	fbeX     float64 // unit vector toward the FBE, y down
	fbeY     float64
	// lanes: each Human Wave unit's lane, the straight line it charges
	// along toward the FBE from where it entered.
	lanes map[string]hex.Hex
	// entering: Human Wave S? set up off the map this turn, by unit ID,
	// with their entrance hex.
	entering map[string]hex.Hex
	events   []Event
	phase    string
	scratch  struct{ parent, hexes, mmc, units []int } // chainScore's
}

// NewHW prepares Human Wave movement on m for mission ms, over game state
// st, with dice r. costs prices Infantry movement in the mission's
// conditions.
func NewHW(m *board.Map, ms *missions.Mission, t *tables.Set, costs pathing.Coster, r dice.Roller, st *state.State) (*HW, error) {
	h := &HW{m: m, ms: ms, t: t, h: &t.HumanWave, r: r, st: st, costs: costs,
		lanes: map[string]hex.Hex{}, entering: map[string]hex.Hex{}}
	h.fbeX, h.fbeY = frameVector(m.FrameOf(ms.FBE))
	h.progress = make([]float64, m.Stride())
	for _, x := range m.Hexes() {
		i, _ := m.Index(x)
		h.progress[i] = h.along(x)
	}
	g, err := pathing.NewGraph(m, forward{costs, h})
	if err != nil {
		return nil, err
	}
	h.g, h.s = g, g.NewSearch()
	for _, u := range st.Units {
		if u.Wave != "" {
			h.lanes[u.ID] = u.At.Hex
		}
	}
	return h, nil
}

// along is the distance of a hex's centre toward the FBE, in lattice units.
func (h *HW) along(x hex.Hex) float64 {
	c := x.Centre()
	return float64(c.X)*h.fbeX + float64(c.Y)*math.Sqrt(3)*h.fbeY
}

// forward is the Coster of Human Wave movement: Infantry at ground level
// that never steps away from the FBE ("A SASL Human Wave unit always
// moves/advances toward the FBE", SASL 4.32), leaving across the FBE only.
type forward struct {
	pathing.Coster
	h *HW
}

func (f forward) Step(a, b board.Location) (int, bool) {
	if a.Level != 0 || b.Level != 0 {
		return 0, false
	}
	ia, _ := f.h.m.Index(a.Hex)
	ib, _ := f.h.m.Index(b.Hex)
	if f.h.progress[ib] < f.h.progress[ia]-1e-9 {
		return 0, false
	}
	return f.Coster.Step(a, b)
}

func (f forward) Exit(a board.Location, e layout.Compass) (int, bool) {
	if e != f.h.ms.FBE {
		return 0, false
	}
	return f.Coster.Exit(a, e)
}

func (h *HW) emit(e Event) {
	e.Phase = h.phase
	h.events = append(h.events, e)
}

func (h *HW) name(l board.Location) string { return h.m.LocationName(l) }

func (h *HW) last(tag string) Roll {
	tr := h.r.Trail()
	return Roll{Tag: tag, Roll: tr[len(tr)-1]}
}

// Turn plays the Human Waves through one ENEMY Player Turn of st.Turn: the
// Human Waves the mission brings on this turn are set up (RPh, 4.31), the
// waves already in play join units in position and are checked for their
// chain (4.323), then move (MPh, 4.32-4.34), fire (AFPh, 4.36) and close
// gaps or advance (APh, 4.322). st is updated and its turn counter moves on.
func (h *HW) Turn() (*WaveTurn, error) {
	h.events = nil
	turn := h.st.Turn
	h.phase = RPh
	for _, en := range h.ms.WavesOn(turn) {
		if err := h.enterWave(en); err != nil {
			return nil, err
		}
	}
	h.phase = MPh
	h.join()
	h.chain()
	if err := h.move(); err != nil {
		return nil, err
	}
	h.phase = AFPh
	h.fire()
	h.phase = APh
	h.advance()
	h.recover()
	h.st.Turn++
	return &WaveTurn{Turn: turn, Events: h.events}, nil
}

// WaveEntry is the setup of a Human Wave's entry (SASL 4.31).
type WaveEntry struct {
	Edge layout.Compass
	// Entrances are the entrance hexes, one Human Wave S? each, in the
	// edge's clockwise order.
	Entrances []hex.Hex
	// Direction is the entrance hex on the HW Direction counter's hexrow.
	Direction hex.Hex
	Rolls     []Roll
	Log       []string
}

// EnterWave determines the entrance hexes of a Human Wave along edge c
// (SASL 4.31): two hexes by the method of 4.21 (along a board's length: two
// Letter Chits) or 4.22 (along widths: two DR), redrawn while <= 2 or >= 11
// hexes lie between them; every hex from one to the other is an entrance
// hex. The HW Direction counter goes on the middle one.
func EnterWave(m *board.Map, t *tables.Set, costs pathing.Coster, r dice.Roller, c layout.Compass) (*WaveEntry, error) {
	e := newEnterer(m, t, costs, r)
	edge := m.Edge(c)
	pos := func(x hex.Hex) int { return slices.Index(edge, x) }
	out := &WaveEntry{Edge: c}
	for try := 0; try < 50; try++ {
		a, err := e.waveHex(c, "the first of two hexes")
		if err != nil {
			return nil, err
		}
		b, err := e.waveHex(c, "the second of two hexes")
		if err != nil {
			return nil, err
		}
		if e.cup != nil {
			e.cup.ReturnAll() // refused or not, both chits go back
		}
		out.Rolls = append(out.Rolls, a.Rolls...)
		out.Rolls = append(out.Rolls, b.Rolls...)
		pa, pb := pos(a.Hex), pos(b.Hex)
		between := max(pa, pb) - min(pa, pb) - 1
		if between <= 2 || between >= 11 {
			out.Log = append(out.Log, fmt.Sprintf("%s and %s: %d hexes between them: refused, draw again (SASL 4.31)", m.NameString(a.Hex), m.NameString(b.Hex), max(between, 0)))
			continue
		}
		out.Entrances = slices.Clone(edge[min(pa, pb) : max(pa, pb)+1])
		out.Direction = out.Entrances[len(out.Entrances)/2]
		out.Log = append(out.Log, fmt.Sprintf("%s and %s: %d hexes between them: %d entrance hexes, HW Direction counter on %s (SASL 4.31)",
			m.NameString(a.Hex), m.NameString(b.Hex), between, len(out.Entrances), m.NameString(out.Direction)))
		return out, nil
	}
	return nil, fmt.Errorf("ai: SASL 4.31: no legal pair of entrance hexes along the %s edge in 50 draws", c)
}

// waveHex draws one hex along edge c by 4.21 or 4.22; a Letter Chit stays
// out of the cup until the pair is judged.
func (e *enterer) waveHex(c layout.Compass, which string) (Arrival, error) {
	eligible := e.eligible(c)
	if len(eligible) == 0 {
		return Arrival{}, fmt.Errorf("ai: SASL 4.31: no board along the %s edge may be entered", c)
	}
	who := which + " of a Human Wave"
	if eligible[0].Length {
		e.keep = true
		return e.lengthwise(c, eligible, who)
	}
	return e.widthwise(c, eligible, who)
}
