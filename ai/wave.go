package ai

import (
	"fmt"
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

// WaveTurn is what the Human Waves did in one turn.
type WaveTurn struct {
	Turn   int
	Events []Event
}

// HW plays the ENEMY side of one game through its phases: S? entering
// (SASL 4.2) and the SASL Human Waves (4.3). Everything it knows of the
// game is in the state.State it plays on (a unit's wave, lane, entering
// edge), so a game resumed from its file plays exactly as one played
// straight on. It holds one game's search buffers, reused every turn; what
// does not change between games comes from its Prepared. It is not safe
// for concurrent use.
type HW struct {
	*Prepared
	r       dice.Roller
	st      *state.State
	s       *pathing.Search
	near    pathing.Field
	events  []Event
	phase   state.Phase
	scratch struct{ parent, hexes, mmc, units []int } // chainScore's
	// moved: the steps of each unit's move this MPh, for those that
	// follow in its tracks (SASL 4.33).
	moved map[string][]pathing.Step
	// Quiet: events carry no text and rolls no purpose (sasl sim).
	Quiet bool
	// Res resolves the FRIENDLY side's First Fire and the ENEMY fire
	// groups' attacks; nil leaves them to the player.
	Res Resolver
}

// Resolver plays what the ENEMY procedures leave to the FRIENDLY side: a
// game with a FRIENDLY policy (sasl sim) resolves fire with it. Its events
// are told among the ENEMY side's, in order.
type Resolver interface {
	// Entered is called each time a Human Wave stack enters a Location in
	// its MPh: FRIENDLY units may First Fire at it. Units of the stack
	// that are broken or eliminated end their move there.
	Entered(stack []*state.Unit, at board.Location) ([]Event, error)
	// Fire resolves the attack of an ENEMY fire group (SASL 4.36) on the
	// FRIENDLY units in Location at.
	Fire(g *FireGroup, at board.Location) ([]Event, error)
}

// NewHW prepares Human Wave movement on m for mission ms, over game state
// st, with dice r. costs prices Infantry movement in the mission's
// conditions.
func NewHW(m *board.Map, ms *missions.Mission, t *tables.Set, costs pathing.Coster, r dice.Roller, st *state.State) (*HW, error) {
	p, err := Prepare(m, ms, t, costs)
	if err != nil {
		return nil, err
	}
	return p.NewHW(r, st), nil
}

// NewHW returns the engine of one game over state st with dice r.
func (p *Prepared) NewHW(r dice.Roller, st *state.State) *HW {
	h := &HW{Prepared: p, s: p.g.NewSearch()}
	h.Reset(r, st)
	return h
}

// Reset sets the engine on another game, keeping its buffers.
func (h *HW) Reset(r dice.Roller, st *state.State) {
	h.r, h.st, h.events = r, st, nil
	clear(h.moved)
}

// forward is the Coster of Human Wave movement: Infantry at ground level
// that never steps away from the FBE ("A SASL Human Wave unit always
// moves/advances toward the FBE", SASL 4.32), leaving across the FBE only.
type forward struct {
	pathing.Coster
	p *Prepared
}

func (f forward) Step(a, b board.Location) (int, bool) {
	if a.Level != 0 || b.Level != 0 {
		return 0, false
	}
	ia, _ := f.p.m.Index(a.Hex)
	ib, _ := f.p.m.Index(b.Hex)
	if f.p.progress[ib] < f.p.progress[ia]-1e-9 {
		return 0, false
	}
	return f.Coster.Step(a, b)
}

func (f forward) Exit(a board.Location, e layout.Compass) (int, bool) {
	if e != f.p.ms.FBE {
		return 0, false
	}
	return f.Coster.Exit(a, e)
}

func (h *HW) emit(e Event) {
	e.Phase = h.phase
	h.events = append(h.events, e)
}

func (h *HW) name(l board.Location) string { return h.m.LocationName(l) }

// why is the purpose of a roll: rule and words, or the rule alone when
// the engine is quiet.
func (h *HW) why(rule, format string, args ...any) string {
	if h.Quiet {
		return rule
	}
	return rule + ": " + fmt.Sprintf(format, args...)
}

func (h *HW) last(tag string) Roll {
	tr := h.r.Trail()
	return Roll{Tag: tag, Roll: tr[len(tr)-1]}
}

// Turn plays the Human Waves through one ENEMY Player Turn of st.Turn: the
// Human Waves the mission brings on this turn are set up (RPh, 4.31), the
// waves already in play join units in position and are checked for their
// chain (4.323), then move (MPh, 4.32-4.34), fire (AFPh, 4.36) and close
// gaps or advance (APh, 4.322). st is updated and its turn counter moves
// on. It plays no 4.2 entry: see Play for a whole turn.
func (h *HW) Turn() (*WaveTurn, error) {
	turn := h.st.Turn
	var all []Event
	for _, ph := range []state.Phase{state.RPh, state.MPh, state.AFPh, state.APh} {
		ev, err := h.Play(ph, false)
		if err != nil {
			return nil, err
		}
		all = append(all, ev...)
	}
	h.st.Turn++
	h.st.Phase = state.RPh
	return &WaveTurn{Turn: turn, Events: all}, nil
}

// Play plays the ENEMY side of one phase of turn st.Turn and returns what
// it did. RPh: the S? the mission schedules for this turn are set up off
// the map (4.2; with entries) and its Human Waves (4.31). MPh: Human Wave
// S? already in a FRIENDLY unit's LOS are Activated (4.34), other
// Activated ENEMY Infantry join the waves and the chain rule is applied
// (4.323), the Human Waves move (4.32-4.35, Activating S? as they come
// into LOS), then the S? waiting off the map enter (with entries). AFPh:
// Human Wave fire groups (4.36). APh: gap closing or advancing toward the
// nearest Target (4.322), Activation of the S? that advanced into LOS,
// then Recovery (4.37). It does not move the turn on.
func (h *HW) Play(ph state.Phase, entries bool) ([]Event, error) {
	h.events, h.phase = nil, ph
	switch ph {
	case state.RPh:
		if entries {
			if err := h.arrive(); err != nil {
				return nil, err
			}
		}
		for _, en := range h.ms.WavesOn(h.st.Turn) {
			if err := h.enterWave(en); err != nil {
				return nil, err
			}
		}
	case state.MPh:
		if err := h.activateAll(); err != nil {
			return nil, err
		}
		h.join()
		h.chain()
		if err := h.move(); err != nil {
			return nil, err
		}
		if entries {
			h.enterMap()
		}
	case state.AFPh:
		if err := h.fire(); err != nil {
			return nil, err
		}
	case state.APh:
		h.advance()
		if err := h.activateAll(); err != nil {
			return nil, err
		}
		h.recover()
	}
	return h.events, nil
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
	ms := &missions.Mission{File: "(wave entry)", Layout: nil, FBE: c.Opposite(), EBE: c, Month: 7, Weather: "clear"}
	p := &Prepared{m: m, t: t, costs: costs, ms: ms, kinds: map[string]BoardKind{}}
	for _, id := range m.Boards() {
		p.kinds[id] = Kind(m.Board(id), &t.SASL)
	}
	return p.EnterWave(r, c)
}

// EnterWave determines the entrance hexes of a Human Wave along edge c
// (see the function EnterWave).
func (p *Prepared) EnterWave(r dice.Roller, c layout.Compass) (*WaveEntry, error) {
	e := p.newEnterer(r)
	m := p.m
	edge := m.Edge(c)
	pos := func(x hex.Hex) int { return slices.Index(edge, x) }
	out := &WaveEntry{Edge: c}
	for range maxRolls {
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
	return nil, fmt.Errorf("ai: SASL 4.31: no legal pair of entrance hexes along the %s edge in %d draws", c, maxRolls)
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
