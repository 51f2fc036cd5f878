package ai

import (
	"fmt"
	"math"
	"slices"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/los"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/tables"
)

// Placement is one S? of the ENEMY setup.
type Placement struct {
	Location board.Location
	Case     missions.Case
	// Crest: the S? is in Crest status (SASL 4.14), its counter facing
	// Facing.
	Crest  bool
	Facing hex.Hex
	// Why says in words what placed it.
	Why string
	// Rolls are the dice that decided it.
	Rolls []Roll
}

// Roll is a roll that decided something, with a short tag saying what it
// was rolled on ("A6d", "A6f", "A9e", "dr+2", "4.13").
type Roll struct {
	Tag string
	dice.Roll
}

func (r Roll) String() string {
	switch r.Tag {
	case "":
		return r.Roll.String()
	case "dr+2":
		return fmt.Sprintf("dr %d+2", r.Coloured)
	case "board, dr+2":
		return fmt.Sprintf("DR %d,%d+2", r.Coloured, r.White)
	}
	return r.Tag + " " + r.Roll.String()
}

// Setup is the ENEMY setup of a mission (SASL 4.1) and how it came about.
type Setup struct {
	Map     *board.Map
	Mission *missions.Mission
	// Kinds of the boards, in the configuration's reading order.
	Kinds      []BoardKind
	Placements []Placement
	// Log tells the procedure step by step: the player's audit trail.
	Log []string
	// Trail is every roll, in order (dice.Script replays it).
	Trail []dice.Roll
}

// Ref returns the A2.2 reference of a placement: "33R6h1",
// "x2H7/CRx2H6" for Crest status.
func (s *Setup) Ref(p Placement) coord.Ref {
	r := s.Map.Ref(p.Location)
	if p.Crest {
		if g, ok := s.Map.Name(p.Facing); ok {
			r.Status, r.Facing = coord.Crest, g
		}
	}
	return r
}

// Count returns the number of S? in Location l.
func (s *Setup) Count(l board.Location) int {
	n := 0
	for _, p := range s.Placements {
		if p.Location == l {
			n++
		}
	}
	return n
}

// planner carries one run of the placement procedure.
type planner struct {
	*Prepared
	r     dice.Roller
	count map[board.Location]int
	byE   map[board.Location]bool
	a9e   map[hex.Hex]a9eResult
	out   []Placement
	log   []string
	quiet bool // no log, no reasons (sasl sim)
}

type wallResult struct {
	what   string
	behind bool
}

type a9eResult struct {
	levels tables.Levels
	rolls  []Roll
}

// Place sets up the ENEMY S? of mission ms on m by the SASL 4.1 cases the
// mission lists (see Prepared.Place).
func Place(m *board.Map, ms *missions.Mission, t *tables.Set, r dice.Roller) (*Setup, error) {
	p, err := Prepare(m, ms, t, nil)
	if err != nil {
		return nil, err
	}
	return p.Place(r)
}

// Place sets up the ENEMY S? of the mission by the SASL 4.1 cases it lists,
// in the order a, b, c, d, e, with SASL 4.11-4.14 applied as each S? is
// placed. Dice come from r in rule order, so a scripted roller replays a
// setup. The result lists every S? with its case and dice, and a log of the
// whole procedure.
func (pr *Prepared) Place(r dice.Roller) (*Setup, error) { return pr.place(r, false) }

// PlaceQuiet is Place with no log and no reasons, for simulations: the
// same S? in the same Locations with the same dice.
func (pr *Prepared) PlaceQuiet(r dice.Roller) (*Setup, error) { return pr.place(r, true) }

func (pr *Prepared) place(r dice.Roller, quiet bool) (*Setup, error) {
	p := &planner{
		Prepared: pr, r: r, quiet: quiet,
		count: make(map[board.Location]int, 256),
		byE:   make(map[board.Location]bool, 64),
		a9e:   map[hex.Hex]a9eResult{},
		log:   append([]string(nil), pr.vpoLog...),
		out:   make([]Placement, 0, 256),
	}
	s := &Setup{Map: pr.m, Mission: pr.ms, Kinds: pr.kindList}
	steps := []struct {
		c  missions.Case
		fn func() error
	}{
		{'a', p.caseA},
		{'b', p.caseB},
		{'c', func() error { return p.caseCD('c', 1) }},
		{'d', func() error { return p.caseCD('d', 2) }},
		{'e', p.caseE},
	}
	for _, st := range steps {
		if !pr.ms.Has(st.c) {
			continue
		}
		if err := st.fn(); err != nil {
			return nil, err
		}
	}
	s.Placements, s.Log, s.Trail = p.out, p.log, r.Trail()
	return s, nil
}

func (p *planner) logf(format string, args ...any) {
	if p.quiet {
		return
	}
	p.log = append(p.log, fmt.Sprintf(format, args...))
}

func (p *Prepared) name(h hex.Hex) string { return p.m.NameString(h) }

// last returns the roll just made, tagged.
func (p *planner) last(tag string) Roll {
	tr := p.r.Trail()
	return Roll{Tag: tag, Roll: tr[len(tr)-1]}
}

func (p *planner) dr(tag, why string) (int, Roll, error) {
	v, err := p.r.Dr(why)
	if err != nil {
		return 0, Roll{}, err
	}
	return v, p.last(tag), nil
}

// board returns the board that names h (ASL A2.2) and h's number on it.
func (p *Prepared) board(h hex.Hex) (string, int) {
	g, _ := p.m.Name(h)
	return g.Board, g.Row
}

// vpoLocations returns the VPO Locations of a VPO: every non-Rooftop/
// -Sewer Location of a VPO building (SASL 4.1c), else the Location itself;
// none on a multi-hex bridge not Accessible to a land hex.
func (p *Prepared) vpoLocations(v board.Location) []board.Location {
	t, _ := p.m.Terrain(v.Hex)
	if t.Kinds.Has(terrain.Building) {
		var out []board.Location
		for _, h := range p.m.BuildingHexes(v.Hex) {
			out = append(out, p.m.Locations(h, board.Options{})...)
		}
		return out
	}
	if t.Kinds.Has(terrain.Bridge) {
		multi, land := false, false
		for _, n := range v.Hex.Neighbours() {
			if nt, ok := p.m.Terrain(n); ok {
				multi = multi || nt.Kinds.Has(terrain.Bridge)
				land = land || !nt.Kinds.Has(terrain.Water)
			}
		}
		if multi && !land {
			p.vpoLog = append(p.vpoLog, fmt.Sprintf("%s is a bridge Location not Accessible to a land hex: no S? (SASL 4.1c/d)", p.m.LocationName(v)))
			return nil
		}
	}
	return []board.Location{v}
}

// place puts one S? in l for case c if the rules let it: at most two S? a
// Location by cases a-d (4.1), and one more by case e, which is the
// exception to that maximum ("[EXC: 4.1e]"; 4.1e: "a maximum of one S? may
// be placed per Location using this method"), none within 3 hexes of a whole off-board
// FBE hex (4.11), only in the Locations Table A9e picks on a built-up board
// (4.12), and in woods on a woods board only on a dr <= 3 (4.13). Dice are
// rolled only when they decide.
func (p *planner) place(l board.Location, c missions.Case, why string, rolls []Roll) (bool, error) {
	if (c != 'e' && p.count[l] >= 2) || (c == 'e' && p.byE[l]) {
		return false, nil
	}
	i, _ := p.m.Index(l.Hex)
	if p.nearFBE[i] {
		return false, nil // SASL 4.11
	}
	t, _ := p.m.Terrain(l.Hex)
	id, _ := p.board(l.Hex)
	kind := p.kinds[id]
	if p.quiet {
		rolls = nil // nobody reads them; the dice are rolled all the same
	} else {
		rolls = slices.Clone(rolls)
	}
	if kind.BuiltUp && c != 'b' && t.Kinds.Any(terrain.Building, terrain.Rubble) {
		res, err := p.buildingLevels(l.Hex)
		if err != nil {
			return false, err
		}
		rolls = append(rolls, res.rolls...)
		if !res.levels.Has(l.Level) {
			return false, nil // SASL 4.12
		}
	}
	if kind.Woods && c != 'a' && t.Kinds.Has(terrain.Woods) && !p.vpo[l] {
		why := "SASL 4.13"
		if !p.quiet {
			why = fmt.Sprintf("SASL 4.13: does the S? in %s on woods board %s stay (dr <= 3)?", p.m.LocationName(l), id)
		}
		v, roll, err := p.dr("4.13", why)
		if err != nil {
			return false, err
		}
		rolls = append(rolls, roll)
		if v > 3 {
			p.logf("%s: case %c, 4.13 dr %d > 3 on woods board %s: no S?", p.m.LocationName(l), c, v, id)
			return false, nil
		}
	}
	pl := Placement{Location: l, Case: c, Why: why, Rolls: rolls}
	if l.Level == 0 && t.Kinds.Depression() {
		f, err := p.crestFacing(l.Hex) // SASL 4.14
		if err != nil {
			return false, err
		}
		pl.Crest, pl.Facing = true, f
	}
	p.out = append(p.out, pl)
	p.count[l]++
	if c == 'e' {
		p.byE[l] = true
	}
	return true, nil
}

// buildingLevels decides, once per hex, which Locations of a building or
// rubble hex on a built-up board take S? (SASL 4.12, Table A9e). A hex
// holding a VPO Location rerolls until the Locations picked include one.
func (p *planner) buildingLevels(h hex.Hex) (a9eResult, error) {
	if res, ok := p.a9e[h]; ok {
		return res, nil
	}
	var res a9eResult
	for try := 0; ; try++ {
		if try == 20 {
			return res, fmt.Errorf("ai: SASL 4.12: twenty A9e rolls for %s found no VPO Location of the hex; check Table A9e", p.name(h))
		}
		v, roll, err := p.dr("A9e", fmt.Sprintf("SASL 4.12: Table A9e, S? Locations of %s", p.name(h)))
		if err != nil {
			return res, err
		}
		res.rolls = append(res.rolls, roll)
		res.levels = p.t.SASL.A9e.Rows[v].Value
		if !p.vpoHex[h] || p.anyVPOIn(h, res.levels) {
			break
		}
		p.logf("%s: A9e dr %d (%s) picks no VPO Location of the hex: reroll (SASL 4.12)", p.name(h), v, res.levels)
	}
	p.logf("%s: A9e dr %d: %s (SASL 4.12)", p.name(h), res.rolls[len(res.rolls)-1].Coloured, levelsText(res.levels))
	p.a9e[h] = res
	return res, nil
}

func levelsText(l tables.Levels) string {
	switch l {
	case tables.LevelsNone:
		return "no Location"
	case tables.LevelsAll:
		return "every Location"
	case tables.LevelsGround:
		return "ground level only"
	}
	return fmt.Sprintf("level %d only", int(l)-1)
}

func (p *planner) anyVPOIn(h hex.Hex, lv tables.Levels) bool {
	for _, l := range p.m.Locations(h, board.Options{}) {
		if p.vpo[l] && lv.Has(l.Level) {
			return true
		}
	}
	return false
}

// caseA: one S? in each (non-Rooftop/-Sewer) building/rubble/lumberyard
// Location (SASL 4.1a).
func (p *planner) caseA() error {
	p.logf("Case a: one S? in each building, rubble and lumberyard Location")
	for _, h := range p.m.Hexes() {
		t, _ := p.m.Terrain(h)
		if !t.Kinds.BuildingLike() {
			continue
		}
		what := "building"
		switch {
		case t.Kinds.Has(terrain.Rubble):
			what = "rubble"
		case t.Kinds.Has(terrain.Lumberyard) && !t.Kinds.Has(terrain.Building):
			what = "lumberyard"
		}
		for _, l := range p.m.Locations(h, board.Options{}) {
			if _, err := p.place(l, 'a', what+" Location", nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// caseB: one S? in each woods/brush Location with the coordinate parity of
// its board's dr, in a group of >= 3 connected woods/brush Locations or one
// connected to an EBE along which boards may be activated (SASL 4.1b).
func (p *planner) caseB() error {
	p.logf("Case b: woods and brush Locations of the parity of their board's dr")
	parity := map[string]int{}
	rolls := map[string]Roll{}
	for _, id := range p.m.Boards() {
		v, roll, err := p.dr("4.1b", fmt.Sprintf("SASL 4.1b: odd or even coordinates on board %s", id))
		if err != nil {
			return err
		}
		parity[id], rolls[id] = v%2, roll
		p.logf("Board %s: dr %d: %s coordinates", id, v, parityName(v%2))
	}
	activ := p.ms.Activates(p.ms.EBE)
	for _, g := range p.woods {
		edge := g.Edges[p.ms.EBE] && activ
		if len(g.Hexes) < 3 && !edge {
			continue
		}
		why := fmt.Sprintf("woods/brush group of %d", len(g.Hexes))
		if len(g.Hexes) < 3 {
			why = fmt.Sprintf("woods/brush group of %d connected to the %s EBE", len(g.Hexes), p.ms.EBE)
		}
		for _, h := range g.Hexes {
			id, n := p.board(h)
			if n%2 != parity[id] {
				continue
			}
			w := fmt.Sprintf("%s, %s coordinate", why, parityName(n%2))
			if _, err := p.place(board.Ground(h), 'b', w, []Roll{rolls[id]}); err != nil {
				return err
			}
		}
	}
	return nil
}

func parityName(v int) string {
	if v == 0 {
		return "even"
	}
	return "odd"
}

// caseCD: one S? in each VPO Location and each Concealment Terrain Location
// within radius of one (ADJACENT for c, within two hexes for d; SASL 4.1c,
// 4.1d).
func (p *planner) caseCD(c missions.Case, radius int) error {
	what := "adjacent to"
	if radius == 2 {
		what = "within two hexes of"
	}
	p.logf("Case %c: each VPO Location and each Concealment Terrain Location %s one", c, what)
	vpos := p.vpoList
	for _, v := range vpos {
		if _, err := p.place(v, c, "VPO Location", nil); err != nil {
			return err
		}
	}
	done := map[board.Location]bool{}
	for _, v := range vpos {
		var near []hex.Hex
		hex.Within(v.Hex, radius, func(h hex.Hex) bool {
			if h != v.Hex && p.m.OnMap(h) {
				near = append(near, h)
			}
			return true
		})
		slices.SortFunc(near, func(a, b hex.Hex) int { return p.order(a) - p.order(b) })
		for _, h := range near {
			t, _ := p.m.Terrain(h)
			if !terrain.Concealment(t.Kinds, p.season) {
				continue
			}
			for _, l := range p.m.Locations(h, board.Options{}) {
				if done[l] || p.vpo[l] {
					continue
				}
				done[l] = true
				why := fmt.Sprintf("Concealment Terrain %s VPO %s", what, p.m.LocationName(v))
				if _, err := p.place(l, c, why, nil); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// order is the position of an on-map hex in Map.Hexes.
func (p *Prepared) order(h hex.Hex) int {
	i, _ := p.m.Index(h)
	return i
}

// caseE runs SASL 4.1e board by board: a dr on Table A6d for the number of
// Letter Chits, the chits (each a hexrow), a dr +2 per chit for the hex
// number of its placement hex, a dr on Table A6f per placement hex for the
// radius, then one S? in each eligible Concealment Terrain Location within
// the radius, Open Ground behind a wall, hedge or bocage hexside toward the
// FBE counting as Concealment Terrain. A chit placing <= 2 S? is redone with
// a new chit and new drs (the NOTE). The chits return to the cup after each
// board.
func (p *planner) caseE() error {
	p.logf("Case e: Letter Chits, placement hexes and radii on each board")
	cup := dice.NewCup(dice.LetterChits())
	for _, id := range p.m.Boards() {
		n, nRoll, err := p.dr("A6d", fmt.Sprintf("SASL 4.1e: Table A6d, Letter Chits for board %s", id))
		if err != nil {
			return err
		}
		chits := p.t.SASL.A6d.Rows[n].Value
		p.logf("Board %s: A6d dr %d: %d Letter Chits", id, n, chits)
		type site struct {
			chit   string
			hex    hex.Hex
			radius int
			rolls  []Roll
		}
		sites := make([]site, chits)
		for i := range sites {
			ch, err := p.r.Draw(cup, fmt.Sprintf("SASL 4.1e: Letter Chit %d of %d, board %s", i+1, chits, id))
			if err != nil {
				return err
			}
			sites[i].chit = ch
			sites[i].rolls = []Roll{nRoll, p.last("")}
		}
		for i := range sites {
			if err := p.placementHex(id, &sites[i].hex, &sites[i].rolls, sites[i].chit); err != nil {
				return err
			}
		}
		for i := range sites {
			if err := p.radius(&sites[i].radius, &sites[i].rolls, sites[i].hex); err != nil {
				return err
			}
		}
		for i := range sites {
			s := &sites[i]
			for {
				placed, err := p.around(id, s.hex, s.radius, s.rolls)
				if err != nil {
					return err
				}
				p.logf("Board %s: chit %s: placement hex %s, radius %d: %d S?", id, s.chit, p.name(s.hex), s.radius, len(placed))
				if len(placed) > 2 {
					break
				}
				// SASL 4.1 NOTE: <= two S? for a chit: remove them and
				// redo it with a new chit and a new placement dr.
				p.remove(placed)
				if cup.Len() == 0 {
					p.logf("Board %s: the cup is empty: no chit to redo %s with", id, s.chit)
					break
				}
				ch, err := p.r.Draw(cup, fmt.Sprintf("SASL 4.1 NOTE: a new Letter Chit for board %s (chit %s placed %d S?)", id, s.chit, len(placed)))
				if err != nil {
					return err
				}
				p.logf("Board %s: chit %s placed %d S? (<= 2): removed, new chit %s (SASL 4.1 NOTE)", id, s.chit, len(placed), ch)
				s.chit = ch
				s.rolls = []Roll{nRoll, p.last("")}
				if err := p.placementHex(id, &s.hex, &s.rolls, ch); err != nil {
					return err
				}
				if err := p.radius(&s.radius, &s.rolls, s.hex); err != nil {
					return err
				}
			}
		}
		cup.ReturnAll()
	}
	return nil
}

// placementHex rolls the dr +2 for the hex number of a chit's placement
// hex on board id.
func (p *planner) placementHex(id string, at *hex.Hex, rolls *[]Roll, chit string) error {
	v, roll, err := p.dr("dr+2", fmt.Sprintf("SASL 4.1e: dr +2, hex number in hexrow %s of board %s", chit, id))
	if err != nil {
		return err
	}
	*rolls = append(*rolls, roll)
	col, _ := coord.ParseCol(chit)
	h, err := p.m.Locate(coord.Grid{Board: id, Col: col, Row: v + 2})
	if err != nil {
		return fmt.Errorf("ai: SASL 4.1e: %w", err)
	}
	*at = h
	return nil
}

// radius rolls Table A6f for a placement hex.
func (p *planner) radius(r *int, rolls *[]Roll, at hex.Hex) error {
	v, roll, err := p.dr("A6f", fmt.Sprintf("SASL 4.1e: Table A6f, radius around %s", p.name(at)))
	if err != nil {
		return err
	}
	*rolls = append(*rolls, roll)
	*r = p.t.SASL.A6f.Rows[v].Value
	return nil
}

// around places case e S? within radius of a placement hex on board id and
// returns the placements it made.
func (p *planner) around(id string, centre hex.Hex, radius int, rolls []Roll) ([]board.Location, error) {
	var hexes []hex.Hex
	hex.Within(centre, radius, func(h hex.Hex) bool {
		parts, n := p.m.Parts(h)
		for _, pt := range parts[:n] {
			if pt.Board == id {
				hexes = append(hexes, h)
				break
			}
		}
		return true
	})
	slices.SortFunc(hexes, func(a, b hex.Hex) int { return p.order(a) - p.order(b) })
	var placed []board.Location
	for _, h := range hexes {
		t, _ := p.m.Terrain(h)
		conceal := terrain.Concealment(t.Kinds, p.season)
		wall, behind := "", false
		if !conceal {
			wall, behind = p.behindWall(h)
		}
		for _, l := range p.m.Locations(h, board.Options{}) {
			why := ""
			switch {
			case conceal:
				if !p.quiet {
					why = fmt.Sprintf("Concealment Terrain within %d of placement hex %s", radius, p.name(centre))
				}
			case l.Level == 0 && behind:
				if !p.quiet {
					why = fmt.Sprintf("Open Ground behind the %s toward the FBE, within %d of placement hex %s", wall, radius, p.name(centre))
				}
			default:
				continue
			}
			ok, err := p.place(l, 'e', why, rolls)
			if err != nil {
				return nil, err
			}
			if ok {
				placed = append(placed, l)
			}
		}
	}
	return placed, nil
}

// remove takes back the last placements at these Locations.
func (p *planner) remove(ls []board.Location) {
	for _, l := range ls {
		for i := len(p.out) - 1; i >= 0; i-- {
			if p.out[i].Location == l && p.out[i].Case == 'e' {
				p.out = slices.Delete(p.out, i, i+1)
				p.count[l]--
				p.byE[l] = false
				break
			}
		}
	}
}

// behindWall reports whether an Open Ground hex counts as Concealment
// Terrain for SASL 4.1e: a theoretical line of fire from one of the nearest
// whole off-board FBE hexes crosses (or passes through a vertex of) one of
// its wall, hedge or bocage hexsides, and a unit in it could gain wall
// advantage there: it is not lower than the hex across that hexside. It
// names the hexside, "Q6-Q7 wall".
func (p *Prepared) behindWall(h hex.Hex) (string, bool) {
	r := p.walls[h] // Prepare works out every hex with a wall
	return r.what, r.behind
}

func (p *Prepared) wallToward(h hex.Hex) (string, bool) {
	t, _ := p.m.Terrain(h)
	var walls []hex.Dir
	for d := range hex.Dirs {
		if t.Sides[d].WallAdvantage() {
			walls = append(walls, d)
		}
	}
	if len(walls) == 0 {
		return "", false
	}
	best := math.MaxInt
	for _, o := range p.fbe {
		best = min(best, hex.Distance(h, o))
	}
	for _, o := range p.fbe {
		if hex.Distance(h, o) != best {
			continue
		}
		for _, d := range walls {
			if !hex.EntersAcross(o, h, d) {
				continue
			}
			if nt, ok := p.m.Terrain(h.Neighbour(d)); ok && nt.Elevation > t.Elevation {
				continue // no wall advantage against higher ground
			}
			f := t.Sides[d] & (terrain.Wall | terrain.Hedge | terrain.Bocage)
			return fmt.Sprintf("%s-%s %s", p.name(h.Neighbour(d)), p.name(h), f), true
		}
	}
	return "", false
}

// crestFacing picks the hex a Crest counter faces for a S? in Depression
// hex h (SASL 4.14: "so that the unit's LOS toward the FBE crosses as many
// crest hexsides as possible"). A Crest counter's front is the hexside it
// faces and the two beside it; a crest hexside leads out of the
// Depression to a hex that is not one. The S?'s LOS toward the FBE is
// traced from its hex, at the level of the crest it looks over (the level
// of the hex across that hexside: a unit in Crest status sees over the
// crest), to each on-map hex of the FBE; the line to one crosses the crest
// hexside it leaves h by (both hexsides of a vertex it leaves by). The
// facing whose front has the most crest hexsides crossed by a clear LOS
// toward the FBE wins; of equals, the one with the most FBE hexes in such
// LOS, then the one whose front has the most crest hexsides turned toward
// the FBE (the theoretical choice, which alone decides where no LOS
// reaches the FBE), then the one facing most squarely toward it. The
// result is kept per hex.
func (p *Prepared) crestFacing(h hex.Hex) (hex.Hex, error) {
	lm, err := p.LOS()
	if err != nil {
		return hex.Hex{}, err
	}
	i, _ := p.m.Index(h)
	if d := p.sight.crest[i].Load(); d > 0 {
		return h.Neighbour(hex.Dir(d - 1)), nil
	}
	d := p.crestDir(lm, h)
	p.sight.crest[i].Store(int32(d) + 1)
	return h.Neighbour(d), nil
}

func (p *Prepared) crestDir(lm *los.Map, h hex.Hex) hex.Dir {
	fx, fy := frameVector(p.m.FrameOf(p.ms.FBE))
	t, _ := p.m.Terrain(h)
	normal := func(d hex.Dir) (float64, float64) {
		a, b := h.Centre(), h.Neighbour(d).Centre()
		return float64(b.X - a.X), float64(b.Y-a.Y) * math.Sqrt(3)
	}
	// level[d] is the level of the crest across hexside d, -1 for a
	// hexside that is no crest hexside.
	var level [hex.Dirs]int
	for d := range hex.Dirs {
		level[d] = -1
		if nt, ok := p.m.Terrain(h.Neighbour(d)); ok && !nt.Kinds.Depression() {
			level[d] = max(nt.Elevation-t.Elevation, 0)
		}
	}
	// seen[d][k]: a clear LOS over crest hexside d reaches FBE hex
	// edge[k] (a line leaving h by a vertex counts for both hexsides).
	edge := p.m.Edge(p.ms.FBE)
	seen := make([][]bool, hex.Dirs)
	for d := range hex.Dirs {
		if level[d] < 0 {
			continue
		}
		seen[d] = make([]bool, len(edge))
		for k, e := range edge {
			if e == h || !hex.EntersAcross(e, h, d) {
				continue
			}
			seen[d][k] = lm.Query(board.Location{Hex: h, Level: level[d]}, board.Ground(e)).Clear
		}
	}
	best, bestDot := hex.N, math.Inf(-1)
	var bestScore [3]int
	for d := range hex.Dirs {
		var score [3]int // crest hexsides seen over, FBE hexes seen, crest hexsides toward the FBE
		reached := make([]bool, len(edge))
		for _, s := range []hex.Dir{d.CW(-1), d, d.CW(1)} {
			if level[s] < 0 {
				continue
			}
			over := false
			for k, v := range seen[s] {
				if v {
					over = true
					reached[k] = true
				}
			}
			if over {
				score[0]++
			}
			if nx, ny := normal(s); nx*fx+ny*fy > 0 {
				score[2]++
			}
		}
		for _, r := range reached {
			if r {
				score[1]++
			}
		}
		nx, ny := normal(d)
		dot := (nx*fx + ny*fy) / math.Hypot(nx, ny)
		if d == 0 || greater(score, bestScore) || (score == bestScore && dot > bestDot) {
			best, bestScore, bestDot = d, score, dot
		}
	}
	return best
}

// greater compares scores element by element, the first deciding.
func greater(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return false
}

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
