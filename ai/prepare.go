package ai

import (
	"math"

	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/tables"
)

// Prepared is what the ENEMY procedures need of one mission that no game
// changes: the map and its board kinds, the woods/brush groups (4.1b), the
// VPO Locations (4.1c/d), the 4.11 mask and the wall hexsides of 4.1e, the
// Human Wave movement graph and its flow field to the FBE, the row of the
// S? Activation table the mission plays by, and its line of sight (LOS,
// built on first use, with the lines traced toward recurring targets and
// the Crest facings of 4.14 kept as they are worked out). Prepare it once
// and play any number of games from it: it is read-only once built (but
// for those caches, which only ever receive the one value a line or a hex
// has) and safe for concurrent use.
type Prepared struct {
	m      *board.Map
	ms     *missions.Mission
	t      *tables.Set
	h      *tables.HumanWave
	costs  pathing.Coster
	season terrain.Season
	// kinds of the boards by ID; kindList in the configuration's order.
	kinds    map[string]BoardKind
	kindList []BoardKind
	woods    []pathing.Group
	// fbe are the whole off-board hexes along the FBE (SASL 4.11).
	fbe []hex.Hex
	// nearFBE[i] for Map.Index i: within 3 hexes of one of them (4.11).
	nearFBE []bool
	vpo     map[board.Location]bool
	vpoHex  map[hex.Hex]bool
	vpoList []board.Location // in map order
	vpoLog  []string
	walls   map[hex.Hex]wallResult // behindWall of every hex with a wall
	// progress[i] for Map.Index i: how far toward the FBE a hex lies.
	progress   []float64
	fbeX, fbeY float64 // unit vector toward the FBE, y down
	// g is the Human Wave movement graph, toFBE its flow field to the FBE.
	g     *pathing.Graph
	toFBE pathing.Field
	// actRow is the row of the Activation table by the mission's ENEMY
	// nationality, or actErr why there is none (an error only once an S?
	// would need it).
	actRow string
	actErr error
	sight  sight
}

// Prepare prepares mission ms on map m with tables t. costs prices
// Infantry movement; nil means the mission's own conditions (its weather
// preset and month).
func Prepare(m *board.Map, ms *missions.Mission, t *tables.Set, costs pathing.Coster) (*Prepared, error) {
	season := t.Seasons.At(ms.Month)
	if costs == nil {
		w, err := t.Preset(ms.Weather)
		if err != nil {
			return nil, ms.Errorf(ms.WeatherLine, "weather: %w", err)
		}
		costs = pathing.NewInfantry(m, &t.Infantry, w, season)
	}
	p := &Prepared{m: m, ms: ms, t: t, h: &t.HumanWave, costs: costs, season: season,
		kinds: map[string]BoardKind{}, vpo: map[board.Location]bool{}, vpoHex: map[hex.Hex]bool{},
		walls: map[hex.Hex]wallResult{}}
	for _, id := range m.Boards() {
		k := Kind(m.Board(id), &t.SASL)
		p.kinds[id] = k
		p.kindList = append(p.kindList, k)
	}
	p.woods = pathing.WoodsGroups(m)
	vpos, err := ms.VPOs(m)
	if err != nil {
		return nil, err
	}
	for _, v := range vpos {
		for _, l := range p.vpoLocations(v) {
			p.vpo[l] = true
			p.vpoHex[l.Hex] = true
		}
	}
	for _, h := range m.Hexes() {
		for _, l := range m.Locations(h, board.Options{}) {
			if p.vpo[l] {
				p.vpoList = append(p.vpoList, l)
			}
		}
	}
	p.fbe = m.OffBoard(ms.FBE)
	p.nearFBE = make([]bool, m.Stride())
	for _, o := range p.fbe {
		hex.Within(o, 3, func(h hex.Hex) bool {
			if i, ok := m.Index(h); ok {
				p.nearFBE[i] = true // SASL 4.11
			}
			return true
		})
	}
	for _, h := range m.Hexes() {
		if what, behind := p.wallToward(h); what != "" || behind {
			p.walls[h] = wallResult{what, behind}
		}
	}
	p.fbeX, p.fbeY = frameVector(m.FrameOf(ms.FBE))
	p.progress = make([]float64, m.Stride())
	for _, x := range m.Hexes() {
		i, _ := m.Index(x)
		p.progress[i] = p.along(x)
	}
	if p.g, err = pathing.NewGraph(m, forward{costs, p}); err != nil {
		return nil, err
	}
	p.g.NewSearch().ToEdge(&p.toFBE, ms.FBE, nil)
	if p.actRow, p.actErr = t.Activation.RowFor(ms.Enemy); p.actErr != nil {
		p.actErr = ms.Errorf(0, "enemy: %w", p.actErr)
	}
	return p, nil
}

// Map returns the map of the mission.
func (p *Prepared) Map() *board.Map { return p.m }

// Mission returns the mission.
func (p *Prepared) Mission() *missions.Mission { return p.ms }

// Tables returns the tables.
func (p *Prepared) Tables() *tables.Set { return p.t }

// Costs returns the Infantry movement costs in the mission's conditions.
func (p *Prepared) Costs() pathing.Coster { return p.costs }

// Kinds returns the kinds of the boards, in the configuration's order.
func (p *Prepared) Kinds() []BoardKind { return p.kindList }

// along is the distance of a hex's centre toward the FBE, in lattice units.
func (p *Prepared) along(x hex.Hex) float64 {
	c := x.Centre()
	return float64(c.X)*p.fbeX + float64(c.Y)*math.Sqrt(3)*p.fbeY
}

// Progress returns how far toward the FBE hex x lies: more is nearer. A
// Human Wave unit never moves or advances to a hex of less progress.
func (p *Prepared) Progress(x hex.Hex) float64 { return p.along(x) }
