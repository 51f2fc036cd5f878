package world

import (
	"math"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// World is what one mission is before any die is rolled: the map and its
// board kinds, the tables, Infantry movement costs and the Human Wave
// movement graph with its flow field to the FBE, the VPO Locations, the
// 4.11 mask, walls toward the FBE, TEM, counters' strength, the candidates
// of every SASL 4.1 case and of entry along each edge, the ways to each
// VPO, and the line of sight with its caches. Build it once (New) and play
// any number of games from it: it is read-only once built, but for the
// caches it fills as games ask (lines of sight, Crest facings, case e's
// placement areas), which only ever receive the one value a key has; it is
// safe for concurrent use.
type World struct {
	m      *board.Map
	ms     *missions.Mission
	t      *tables.Set
	h      *tables.HumanWave
	costs  pathing.Coster
	season terrain.Season
	// kinds of the boards, in the configuration's order (m.Boards()).
	kinds []BoardKind
	// boardOf[i] and numOf[i] for Map.Index i: the board that names the
	// hex (ASL A2.2), as its place in kinds, and the hex's number on it.
	boardOf []uint8
	numOf   []int8
	// tem[i] for Map.Index i: the TEM of the hex (SASL 4.36).
	tem []int8
	// locs[i] for Map.Index i: the hex's Locations (ground and upper
	// building levels).
	locs [][]board.Location
	// fbe are the whole off-board hexes along the FBE (SASL 4.11).
	fbe []hex.Hex
	// nearFBE[i] for Map.Index i: within 3 hexes of one of them (4.11).
	nearFBE []bool
	vpo     map[board.Location]bool
	vpoHex  []bool // by Map.Index: a VPO Location is in the hex
	vpoList []board.Location
	bridges []board.Location // VPOs on a bridge no land hex reaches (4.1c/d)
	walls   []Wall           // by Map.Index (wall.go)
	fire    []hexWalls       // by Map.Index: walls for fire (FireTEM)
	// progress[i] for Map.Index i: how far toward the FBE a hex lies.
	progress []float64
	// fbeDist: each hex's distance in hexes to the FBE (FBEDistance).
	fbeDist []int32
	// northDist: each hex's distance in hexes to the north edge
	// (NorthDistance).
	northDist []int32
	// woodsOn[i]: 1 + the index in kinds of the Woods mapboard whose half
	// of hex i depicts woods (WoodsBoard), 0 for none.
	woodsOn    []uint8
	fbeX, fbeY float64 // unit vector toward the FBE, y down
	// g is the Human Wave movement graph, toFBE its flow field to the FBE.
	g     *pathing.Graph
	toFBE pathing.Field
	// actRow is the row of the Activation table by the mission's ENEMY
	// nationality, actReach its reach (tables.Activation.Reach).
	actRow   string
	actReach int
	// strengths of the counters the game can meet, by type (Strength).
	strengths map[string]tables.Strength
	// own are the strengths of the types the game's units mostly have
	// (the ENEMY squad and half-squad, the FRIENDLY units'), each once:
	// ParseStrength scans them before it hashes into strengths, as the AI
	// asks for them on every fire and reach it weighs.
	own       []typeStrength
	placement placement
	entry     [4]edgeEntry
	detour    detours
	sight     sight
	// initial is the state the mission starts in (Initial), or why there
	// is none; victory the VPOs of its victory conditions.
	initial    *state.State
	initialErr error
	victory    []board.Location
	victoryErr error
	// setupIDs are the IDs of the setup's S? so far made (SetupIDs).
	setupIDs   atomic.Pointer[[]string]
	setupIDsMu sync.Mutex
	// infantry: the movement graph of Infantry in every direction and at
	// every level, built when a FRIENDLY policy first moves (Infantry).
	infantryOnce sync.Once
	infantry     *pathing.Graph
	infantryErr  error
	setupNext    int // the number of the next ID to try
}

// New builds the world of mission ms on map m with tables t. costs prices
// Infantry movement; nil means the mission's own conditions (its weather
// preset and month). It takes a few milliseconds a board; the line of
// sight is built on first use (LOS).
//
// It checks what the mission file cannot tell alone, so that a mission is
// refused before any game starts, at the line of the file that says it
// (check.go): the ENEMY nationality has a row of the Activation table, the
// FRIENDLY units' counter types are counters of their kind, and entry can
// choose among the boards along each edge the mission's S? and Human Waves
// enter by.
func New(m *board.Map, ms *missions.Mission, t *tables.Set, costs pathing.Coster) (*World, error) {
	if err := checkMission(ms, t); err != nil {
		return nil, err
	}
	season := t.Seasons.At(ms.Month)
	if costs == nil {
		wx, err := t.Preset(ms.Weather)
		if err != nil {
			return nil, ms.Errorf(ms.WeatherLine, "weather: %w", err)
		}
		costs = pathing.NewInfantry(m, &t.Infantry, wx, season)
	}
	w := &World{m: m, ms: ms, t: t, h: &t.HumanWave, costs: costs, season: season,
		vpo: map[board.Location]bool{}}
	n := m.Stride()
	w.boardOf, w.numOf, w.tem = make([]uint8, n), make([]int8, n), make([]int8, n)
	w.woodsOn = make([]uint8, n)
	w.locs = make([][]board.Location, n)
	ids := m.Boards()
	for _, id := range ids {
		w.kinds = append(w.kinds, Kind(m.Board(id), &t.SASL))
	}
	for _, h := range m.Hexes() {
		i, _ := m.Index(h)
		g, _ := m.Name(h)
		for k, id := range ids {
			if id == g.Board {
				w.boardOf[i] = uint8(k)
			}
		}
		w.numOf[i] = int8(g.Row)
		parts, np := m.Parts(h)
		for _, p := range parts[:np] {
			k := slices.Index(ids, p.Board)
			if w.kinds[k].Woods && m.Board(p.Board).Hex(p.Local).Kinds.Has(terrain.Woods) && w.woodsOn[i] == 0 {
				w.woodsOn[i] = uint8(k + 1)
			}
		}
		tr, _ := m.Terrain(h)
		w.tem[i] = int8(w.t.TEM.Of(tr))
		w.locs[i] = m.Locations(h, board.Options{})
	}
	vpos, err := ms.VPOs(m)
	if err != nil {
		return nil, err
	}
	w.vpoHex = make([]bool, n)
	for _, v := range vpos {
		for _, l := range w.vpoLocations(v) {
			w.vpo[l] = true
			i, _ := m.Index(l.Hex)
			w.vpoHex[i] = true
		}
	}
	for _, h := range m.Hexes() {
		for _, l := range w.Locations(h) {
			if w.vpo[l] {
				w.vpoList = append(w.vpoList, l)
			}
		}
	}
	w.fbe = m.OffBoard(ms.FBE)
	w.nearFBE = make([]bool, n)
	for _, o := range w.fbe {
		hex.Within(o, 3, func(h hex.Hex) bool {
			if i, ok := m.Index(h); ok {
				w.nearFBE[i] = true // SASL 4.11
			}
			return true
		})
	}
	w.walls = make([]Wall, n)
	for _, h := range m.Hexes() {
		i, _ := m.Index(h)
		w.walls[i] = w.wallToward(h)
	}
	w.prepareFireWalls()
	w.fbeX, w.fbeY = frameVector(m.FrameOf(ms.FBE))
	w.progress = make([]float64, n)
	for _, x := range m.Hexes() {
		i, _ := m.Index(x)
		w.progress[i] = w.along(x)
	}
	w.fbeDist = edgeDistances(m, ms.FBE)
	w.northDist = edgeDistances(m, layout.North)
	if w.g, err = pathing.NewGraph(m, forward{costs, w}); err != nil {
		return nil, err
	}
	w.g.NewSearch().ToEdge(&w.toFBE, ms.FBE, nil)
	w.actRow, _ = t.Activation.RowFor(ms.Enemy) // checkMission has checked it
	w.actReach = t.Activation.Reach(w.actRow)
	w.strengths = map[string]tables.Strength{}
	for _, sp := range ms.Friendly {
		w.strength(sp.Type)
	}
	for _, nat := range t.Counters {
		w.strength(nat.Squad.Value)
		w.strength(nat.HalfSquad.Value)
	}
	for _, half := range t.HalfSquads { // what a squad is Casualty Reduced to
		w.strength(half.Value)
	}
	for _, r := range t.HumanWave.X3.Rows {
		w.strength(r.Value)
	}
	enemy := t.Counters.Of(ms.Enemy)
	w.ownStrength(enemy.Squad.Value)
	w.ownStrength(enemy.HalfSquad.Value)
	for _, sp := range ms.Friendly {
		w.ownStrength(sp.Type)
	}
	w.initial, w.initialErr = ms.State(m)
	w.victory, w.victoryErr = ms.VictoryVPOs(m)
	w.preparePlacement()
	for e := layout.North; e <= layout.West; e++ {
		w.entry[e] = w.edgeEntry(e)
	}
	if err := w.checkEntries(); err != nil {
		return nil, err
	}
	w.prepareDetours(vpos)
	return w, nil
}

// SetUpFriendly reports whether the mission sets up FRIENDLY units in
// Location l: the ENEMY setup puts no S? there (SASL 4.1 does not say; an
// S? sharing a Location with FRIENDLY units at the start would be a Melee
// before the first shot, which no player sets up).
func (w *World) SetUpFriendly(l board.Location) bool {
	return w.initial != nil && w.initial.Has(state.Friendly, l)
}

// VictoryVPOs returns the VPOs the FRIENDLY side must Control to win
// (missions.Mission.VictoryVPOs), resolved once.
func (w *World) VictoryVPOs() ([]board.Location, error) { return w.victory, w.victoryErr }

// SetupIDs returns the IDs of the first n S? of a setup: S1, S2, ...,
// less those of the mission's own units. The slice is the world's own;
// the IDs are made once for all games (after the first, O(1)).
func (w *World) SetupIDs(n int) []string {
	if p := w.setupIDs.Load(); p != nil && len(*p) >= n {
		return (*p)[:n:n]
	}
	w.setupIDsMu.Lock()
	defer w.setupIDsMu.Unlock()
	var ids []string
	if p := w.setupIDs.Load(); p != nil {
		ids = *p
	}
	for len(ids) < n {
		w.setupNext++
		id := "S" + strconv.Itoa(w.setupNext)
		if w.initial != nil && w.initial.Unit(id) != nil {
			continue
		}
		ids = append(ids, id)
	}
	w.setupIDs.Store(&ids)
	return ids[:n:n]
}

// Initial returns the state the mission starts in: its FRIENDLY units and
// VPOs, before turn 1 (missions.Mission.State). It is the world's own: a
// game starts from a copy (state.State.CloneInto).
func (w *World) Initial() (*state.State, error) { return w.initial, w.initialErr }

// strength parses a counter type into the strengths table, once.
func (w *World) strength(typ string) {
	if _, ok := w.strengths[typ]; ok || typ == "" {
		return
	}
	if s, err := tables.ParseStrength(typ); err == nil {
		w.strengths[typ] = s
	}
}

// typeStrength is a counter type and its strength (World.own).
type typeStrength struct {
	typ string
	st  tables.Strength
}

// ownStrength adds typ to w.own, once, when strengths knows it.
func (w *World) ownStrength(typ string) {
	st, ok := w.strengths[typ]
	if !ok || slices.ContainsFunc(w.own, func(o typeStrength) bool { return o.typ == typ }) {
		return
	}
	w.own = append(w.own, typeStrength{typ, st})
}

// Map returns the mission's map.
func (w *World) Map() *board.Map { return w.m }

// Mission returns the mission.
func (w *World) Mission() *missions.Mission { return w.ms }

// Tables returns the tables.
func (w *World) Tables() *tables.Set { return w.t }

// HumanWave returns the Human Wave values of the tables.
func (w *World) HumanWave() *tables.HumanWave { return w.h }

// Costs returns the Infantry movement costs in the mission's conditions.
func (w *World) Costs() pathing.Coster { return w.costs }

// Season returns the season of the mission's month.
func (w *World) Season() terrain.Season { return w.season }

// Kinds returns the kinds of the boards, in the configuration's order.
func (w *World) Kinds() []BoardKind { return w.kinds }

// kindOf returns the kind of board id.
func (w *World) kindOf(id string) BoardKind {
	for _, k := range w.kinds {
		if k.Board == id {
			return k
		}
	}
	return BoardKind{Board: id}
}

// Board returns the board that names on-map hex h (ASL A2.2), as its place
// in Kinds, and h's hex number on it. O(1).
func (w *World) Board(h hex.Hex) (int, int) {
	i, _ := w.m.Index(h)
	return int(w.boardOf[i]), int(w.numOf[i])
}

// WoodsBoard returns the index in Kinds of the Woods mapboard (Table A9
// "w") whose part of hex h depicts woods (SASL 4.13): for a hex two boards
// share, the board of the woods half, whichever board names the hex.
func (w *World) WoodsBoard(h hex.Hex) (int, bool) {
	if i, ok := w.m.Index(h); ok && w.woodsOn[i] > 0 {
		return int(w.woodsOn[i]) - 1, true
	}
	return 0, false
}

// Locations returns the Locations of on-map hex h: ground level and upper
// building levels, as board.Map.Locations with no options. The slice is
// the world's own: do not change it. O(1).
func (w *World) Locations(h hex.Hex) []board.Location {
	if i, ok := w.m.Index(h); ok {
		return w.locs[i]
	}
	return nil
}

// NearFBE reports whether on-map hex h lies within 3 hexes of a whole
// off-board hex of the FBE (SASL 4.11).
func (w *World) NearFBE(h hex.Hex) bool {
	i, ok := w.m.Index(h)
	return ok && w.nearFBE[i]
}

// IsVPO reports whether l is a VPO Location (SASL 4.1c: every Location of
// a VPO building).
func (w *World) IsVPO(l board.Location) bool {
	return w.VPOInHex(l.Hex) && w.vpo[l] // the map asked of a VPO's hex alone
}

// VPOInHex reports whether a VPO Location is in on-map hex h.
func (w *World) VPOInHex(h hex.Hex) bool {
	i, ok := w.m.Index(h)
	return ok && w.vpoHex[i]
}

// VPOs returns the VPO Locations in map order.
func (w *World) VPOs() []board.Location { return w.vpoList }

// Bridges returns the VPOs that take no S? for being a bridge Location not
// Accessible to a land hex (SASL 4.1c/d).
func (w *World) Bridges() []board.Location { return w.bridges }

// Graph returns the Human Wave movement graph: Infantry at ground level
// that never steps away from the FBE and leaves the map across it only
// (SASL 4.32).
func (w *World) Graph() *pathing.Graph { return w.g }

// Step returns the cost in half MF of a step of Human Wave movement from
// Location a to Location b (an arc of Graph), ok false where there is
// none: Infantry's cost where b lies no less toward the FBE than a. O(1).
func (w *World) Step(a, b board.Location) (int, bool) {
	u, ok := w.g.Node(a)
	if !ok {
		return 0, false
	}
	v, ok := w.g.Node(b)
	if !ok {
		return 0, false
	}
	return w.g.Cost(u, v)
}

// Infantry returns the movement graph of Infantry across the whole map,
// every direction and level (the FRIENDLY side's moves), built once on
// first use.
func (w *World) Infantry() (*pathing.Graph, error) {
	w.infantryOnce.Do(func() { w.infantry, w.infantryErr = pathing.NewGraph(w.m, w.costs) })
	return w.infantry, w.infantryErr
}

// ToFBE returns the flow field of the Human Wave graph toward the FBE.
func (w *World) ToFBE() *pathing.Field { return &w.toFBE }

// ActivationRow returns the row of the S? Activation table the mission's
// ENEMY nationality plays by (New refuses a nationality with none).
func (w *World) ActivationRow() string { return w.actRow }

// ActivationReach returns the last range at which the row of
// ActivationRow can Activate an S? (tables.Activation.Reach): a FRIENDLY
// unit farther from an S? never Activates it.
func (w *World) ActivationReach() int { return w.actReach }

// TEM is the Terrain Effects Modifier of Location l (SASL 4.36's TEM): its
// terrain kinds' added (ASL A2.4, tables.TEM.Of). O(1).
func (w *World) TEM(l board.Location) int {
	i, ok := w.m.Index(l.Hex)
	if !ok {
		return 0
	}
	return int(w.tem[i])
}

// Strength is what an MMC's counter says; an MMC whose type is not a
// counter name is its nationality's squad or half-squad (the mission's
// ENEMY nationality, or the table's default for a FRIENDLY unit).
func (w *World) Strength(u *state.Unit) tables.Strength {
	if st, err := w.ParseStrength(u.Type); err == nil && !st.Leader {
		return st
	}
	nat := "default"
	if u.Side == state.Enemy {
		nat = w.ms.Enemy
	}
	return w.t.Counters.Strength(nat, u.Kind == state.HalfSquad)
}

// ParseStrength is tables.ParseStrength of a counter type, read from the
// world's table for the types it knows.
func (w *World) ParseStrength(typ string) (tables.Strength, error) {
	for i := range w.own {
		if w.own[i].typ == typ {
			return w.own[i].st, nil
		}
	}
	if st, ok := w.strengths[typ]; ok {
		return st, nil
	}
	return tables.ParseStrength(typ)
}

// along is the distance of a hex's centre toward the FBE, in lattice units.
func (w *World) along(x hex.Hex) float64 {
	c := x.Centre()
	return float64(c.X)*w.fbeX + float64(c.Y)*math.Sqrt(3)*w.fbeY
}

// Progress returns how far toward the FBE hex x lies: more is nearer. A
// Human Wave unit never moves or advances to a hex of less progress.
func (w *World) Progress(x hex.Hex) float64 {
	if i, ok := w.m.Index(x); ok {
		return w.progress[i]
	}
	return w.along(x)
}

// FBEDistance returns how many hexes hex x lies from the FBE: 1 for a hex
// along it, the hexes a unit crosses to leave the map there otherwise,
// whatever the terrain (SASL 4.324's "closest to the FBE"). A hex off the
// map is 0.
func (w *World) FBEDistance(x hex.Hex) int {
	if i, ok := w.m.Index(x); ok {
		return int(w.fbeDist[i])
	}
	return 0
}

// NorthDistance returns how many hexes hex x lies from the north edge of
// the mapboard configuration: 1 for a hex along it. The ENEMY's Action
// checks go hexrow by hexrow from the north edge (SASL 6, as the public
// play aids order them; sasl reads a hexrow as the hexes equally far from
// that edge). A hex off the map is 0.
func (w *World) NorthDistance(x hex.Hex) int {
	if i, ok := w.m.Index(x); ok {
		return int(w.northDist[i])
	}
	return 0
}

// edgeDistances is the distance in hexes of every hex of m to edge c, by
// a breadth-first search from the hexes along it.
func edgeDistances(m *board.Map, c layout.Compass) []int32 {
	dist := make([]int32, m.Stride())
	var queue []hex.Hex
	for _, x := range m.Edge(c) {
		if i, ok := m.Index(x); ok && dist[i] == 0 {
			dist[i] = 1
			queue = append(queue, x)
		}
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		i, _ := m.Index(x)
		for _, n := range x.Neighbours() {
			if j, ok := m.Index(n); ok && dist[j] == 0 {
				dist[j] = dist[i] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

// FBEVector returns the unit vector toward the FBE in the frame (y down,
// in lattice units: x by columns, y by hex heights times sqrt(3)).
func (w *World) FBEVector() (x, y float64) { return w.fbeX, w.fbeY }

// frameVector points toward a frame side, y down.
func frameVector(f layout.Frame) (float64, float64) {
	switch f {
	case layout.Up:
		return 0, -1
	case layout.Down:
		return 0, 1
	case layout.Right:
		return 1, 0
	}
	return -1, 0
}

// vpoLocations returns the VPO Locations of a VPO: every non-Rooftop/
// -Sewer Location of a VPO building (SASL 4.1c), else the Location itself;
// none on a multi-hex bridge not Accessible to a land hex.
func (w *World) vpoLocations(v board.Location) []board.Location {
	t, _ := w.m.Terrain(v.Hex)
	if t.Kinds.Has(terrain.Building) {
		var out []board.Location
		for _, h := range w.m.BuildingHexes(v.Hex) {
			out = append(out, w.m.Locations(h, board.Options{})...)
		}
		return out
	}
	if t.Kinds.Has(terrain.Bridge) {
		multi, land := false, false
		for _, n := range v.Hex.Neighbours() {
			if nt, ok := w.m.Terrain(n); ok {
				multi = multi || nt.Kinds.Has(terrain.Bridge)
				land = land || !nt.Kinds.Has(terrain.Water)
			}
		}
		if multi && !land {
			w.bridges = append(w.bridges, v)
			return nil
		}
	}
	return []board.Location{v}
}

// forward is the Coster of Human Wave movement: Infantry at ground level
// that never steps away from the FBE ("A SASL Human Wave unit always
// moves/advances toward the FBE", SASL 4.32), leaving across the FBE only.
type forward struct {
	pathing.Coster
	w *World
}

func (f forward) Step(a, b board.Location) (int, bool) {
	if a.Level != 0 || b.Level != 0 {
		return 0, false
	}
	ia, _ := f.w.m.Index(a.Hex)
	ib, _ := f.w.m.Index(b.Hex)
	if f.w.progress[ib] < f.w.progress[ia]-1e-9 {
		return 0, false
	}
	return f.Coster.Step(a, b)
}

func (f forward) Exit(a board.Location, e layout.Compass) (int, bool) {
	if e != f.w.ms.FBE {
		return 0, false
	}
	return f.Coster.Exit(a, e)
}

// Attitude returns the ENEMY's Prevailing Attitude (SASL 4.33, 6): the
// mission's, or the tables' sasl.action.prevailing where it names none;
// reading is true for the latter (sasl's reading, said in the output).
func (w *World) Attitude() (name string, reading bool) {
	if a := w.ms.Attitude; a != "" {
		return a, false
	}
	return w.t.SASL.Action.Prevailing.Value, true
}
