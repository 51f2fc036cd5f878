package ai

import (
	"fmt"
	"slices"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
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
	Kinds      []world.BoardKind
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

// planScratch is what one run of the placement procedure keeps, reused
// from game to game: the S? placed so far by Location key (world.Key), the
// Locations case e placed in, and Table A9e's answer per hex.
type planScratch struct {
	count []uint8
	byE   []bool
	a9e   []a9eResult // by Map.Index; ok false before the hex's roll
	out   []Placement
	log   []string
}

type a9eResult struct {
	ok     bool
	levels tables.Levels
	rolls  []Roll
}

// Place sets up the ENEMY S? of the mission by the SASL 4.1 cases it lists,
// in the order a, b, c, d, e, with SASL 4.11-4.14 applied as each S? is
// placed. Dice come from the engine's roller in rule order, so a scripted
// roller replays a setup. The result lists every S? with its case and
// dice, and a log of the whole procedure.
func (e *Enemy) Place() (*Setup, error) {
	p := &e.plan
	n := e.w.Keys()
	if cap(p.count) < n {
		p.count, p.byE = make([]uint8, n), make([]bool, n)
	}
	p.count, p.byE = p.count[:n], p.byE[:n]
	clear(p.count)
	clear(p.byE)
	if cap(p.a9e) < e.m.Stride() {
		p.a9e = make([]a9eResult, e.m.Stride())
	}
	p.a9e = p.a9e[:e.m.Stride()]
	clear(p.a9e)
	p.out = make([]Placement, 0, 256)
	p.log = nil
	for _, b := range e.w.Bridges() {
		e.logf("%s is a bridge Location not Accessible to a land hex: no S? (SASL 4.1c/d)", e.name(b))
	}
	s := &Setup{Map: e.m, Mission: e.ms, Kinds: e.w.Kinds()}
	steps := []struct {
		c  missions.Case
		fn func() error
	}{
		{'a', e.caseA},
		{'b', e.caseB},
		{'c', func() error { return e.caseCD('c', 1) }},
		{'d', func() error { return e.caseCD('d', 2) }},
		{'e', e.caseE},
	}
	for _, st := range steps {
		if !e.ms.Has(st.c) {
			continue
		}
		if err := st.fn(); err != nil {
			return nil, err
		}
	}
	s.Placements, s.Log, s.Trail = p.out, p.log, e.r.Trail()
	return s, nil
}

func (e *Enemy) logf(format string, args ...any) {
	if e.Quiet {
		return
	}
	e.plan.log = append(e.plan.log, fmt.Sprintf(format, args...))
}

// last returns the roll just made, tagged.
func (e *Enemy) last(tag string) Roll {
	tr := e.r.Trail()
	return Roll{Tag: tag, Roll: tr[len(tr)-1]}
}

func (e *Enemy) dr(tag, why string) (int, Roll, error) {
	v, err := e.r.Dr(why)
	if err != nil {
		return 0, Roll{}, err
	}
	return v, e.last(tag), nil
}

// board returns the board that names h (ASL A2.2) and h's number on it.
func (e *Enemy) board(h hex.Hex) (world.BoardKind, int) {
	k, n := e.w.Board(h)
	return e.w.Kinds()[k], n
}

// place puts one S? in l for case c if the rules let it: at most two S? a
// Location by cases a-d (4.1), and one more by case e, which is the
// exception to that maximum ("[EXC: 4.1e]"; 4.1e: "a maximum of one S? may
// be placed per Location using this method"), none within 3 hexes of a whole off-board
// FBE hex (4.11), only in the Locations Table A9e picks on a built-up board
// (4.12), and in woods on a woods board only on a dr <= 3 (4.13). Dice are
// rolled only when they decide.
func (e *Enemy) place(l board.Location, c missions.Case, why string, rolls []Roll) (bool, error) {
	p := &e.plan
	key, _ := e.w.Key(l)
	if (c != 'e' && p.count[key] >= 2) || (c == 'e' && p.byE[key]) {
		return false, nil
	}
	if e.w.NearFBE(l.Hex) {
		return false, nil // SASL 4.11
	}
	t, _ := e.m.Terrain(l.Hex)
	kind, _ := e.board(l.Hex)
	id := kind.Board
	if e.Quiet {
		rolls = nil // nobody reads them; the dice are rolled all the same
	} else {
		rolls = slices.Clone(rolls)
	}
	if kind.BuiltUp && c != 'b' && t.Kinds.Any(terrain.Building, terrain.Rubble) {
		res, err := e.buildingLevels(l.Hex)
		if err != nil {
			return false, err
		}
		rolls = append(rolls, res.rolls...)
		if !res.levels.Has(l.Level) {
			return false, nil // SASL 4.12
		}
	}
	if kind.Woods && c != 'a' && t.Kinds.Has(terrain.Woods) && !e.w.IsVPO(l) {
		why := "SASL 4.13"
		if !e.Quiet {
			why = fmt.Sprintf("SASL 4.13: does the S? in %s on woods board %s stay (dr <= 3)?", e.name(l), id)
		}
		v, roll, err := e.dr("4.13", why)
		if err != nil {
			return false, err
		}
		rolls = append(rolls, roll)
		if v > 3 {
			e.logf("%s: case %c, 4.13 dr %d > 3 on woods board %s: no S?", e.name(l), c, v, id)
			return false, nil
		}
	}
	pl := Placement{Location: l, Case: c, Why: why, Rolls: rolls}
	if l.Level == 0 && t.Kinds.Depression() {
		f, err := e.w.Crest(l.Hex) // SASL 4.14
		if err != nil {
			return false, err
		}
		pl.Crest, pl.Facing = true, f
	}
	p.out = append(p.out, pl)
	p.count[key]++
	if c == 'e' {
		p.byE[key] = true
	}
	return true, nil
}

// buildingLevels decides, once per hex, which Locations of a building or
// rubble hex on a built-up board take S? (SASL 4.12, Table A9e). A hex
// holding a VPO Location rerolls until the Locations picked include one.
func (e *Enemy) buildingLevels(h hex.Hex) (a9eResult, error) {
	i, _ := e.m.Index(h)
	if res := e.plan.a9e[i]; res.ok {
		return res, nil
	}
	res := a9eResult{ok: true}
	for try := 0; ; try++ {
		if try == 20 {
			return res, fmt.Errorf("ai: SASL 4.12: twenty A9e rolls for %s found no VPO Location of the hex; check Table A9e", e.hexName(h))
		}
		v, roll, err := e.dr("A9e", fmt.Sprintf("SASL 4.12: Table A9e, S? Locations of %s", e.hexName(h)))
		if err != nil {
			return res, err
		}
		res.rolls = append(res.rolls, roll)
		res.levels = e.t.SASL.A9e.Rows[v].Value
		if !e.w.VPOInHex(h) || e.anyVPOIn(h, res.levels) {
			break
		}
		e.logf("%s: A9e dr %d (%s) picks no VPO Location of the hex: reroll (SASL 4.12)", e.hexName(h), v, res.levels)
	}
	e.logf("%s: A9e dr %d: %s (SASL 4.12)", e.hexName(h), res.rolls[len(res.rolls)-1].Coloured, levelsText(res.levels))
	e.plan.a9e[i] = res
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

func (e *Enemy) anyVPOIn(h hex.Hex, lv tables.Levels) bool {
	for _, l := range e.w.Locations(h) {
		if e.w.IsVPO(l) && lv.Has(l.Level) {
			return true
		}
	}
	return false
}

// caseA: one S? in each (non-Rooftop/-Sewer) building/rubble/lumberyard
// Location (SASL 4.1a).
func (e *Enemy) caseA() error {
	e.logf("Case a: one S? in each building, rubble and lumberyard Location")
	for _, a := range e.w.CaseA() {
		if _, err := e.place(a.Location, 'a', a.What.String()+" Location", nil); err != nil {
			return err
		}
	}
	return nil
}

// caseB: one S? in each woods/brush Location with the coordinate parity of
// its board's dr, in a group of >= 3 connected woods/brush Locations or one
// connected to an EBE along which boards may be activated (SASL 4.1b).
func (e *Enemy) caseB() error {
	e.logf("Case b: woods and brush Locations of the parity of their board's dr")
	kinds := e.w.Kinds()
	parity := make([]int, len(kinds))
	rolls := make([]Roll, len(kinds))
	for k, bk := range kinds {
		v, roll, err := e.dr("4.1b", fmt.Sprintf("SASL 4.1b: odd or even coordinates on board %s", bk.Board))
		if err != nil {
			return err
		}
		parity[k], rolls[k] = v%2, roll
		e.logf("Board %s: dr %d: %s coordinates", bk.Board, v, parityName(v%2))
	}
	for _, g := range e.w.WoodsGroups() {
		why := fmt.Sprintf("woods/brush group of %d", len(g.Hexes))
		if g.ByEdge {
			why = fmt.Sprintf("woods/brush group of %d connected to the %s EBE", len(g.Hexes), e.ms.EBE)
		}
		for _, h := range g.Hexes {
			k, n := e.w.Board(h)
			if n%2 != parity[k] {
				continue
			}
			w := fmt.Sprintf("%s, %s coordinate", why, parityName(n%2))
			if _, err := e.place(board.Ground(h), 'b', w, rolls[k:k+1]); err != nil {
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
func (e *Enemy) caseCD(c missions.Case, radius int) error {
	what := "adjacent to"
	if radius == 2 {
		what = "within two hexes of"
	}
	e.logf("Case %c: each VPO Location and each Concealment Terrain Location %s one", c, what)
	for _, v := range e.w.VPOs() {
		if _, err := e.place(v, c, "VPO Location", nil); err != nil {
			return err
		}
	}
	for _, n := range e.w.NearVPOs(radius) {
		why := fmt.Sprintf("Concealment Terrain %s VPO %s", what, e.name(n.VPO))
		if _, err := e.place(n.Location, c, why, nil); err != nil {
			return err
		}
	}
	return nil
}

// caseE runs SASL 4.1e board by board: a dr on Table A6d for the number of
// Letter Chits, the chits (each a hexrow), a dr +2 per chit for the hex
// number of its placement hex, a dr on Table A6f per placement hex for the
// radius, then one S? in each eligible Concealment Terrain Location within
// the radius, Open Ground behind a wall, hedge or bocage hexside toward the
// FBE counting as Concealment Terrain. A chit placing <= 2 S? is redone with
// a new chit and new drs (the NOTE). The chits return to the cup after each
// board.
func (e *Enemy) caseE() error {
	e.logf("Case e: Letter Chits, placement hexes and radii on each board")
	cup := dice.NewCup(dice.LetterChits())
	for k, bk := range e.w.Kinds() {
		id := bk.Board
		n, nRoll, err := e.dr("A6d", fmt.Sprintf("SASL 4.1e: Table A6d, Letter Chits for board %s", id))
		if err != nil {
			return err
		}
		chits := e.t.SASL.A6d.Rows[n].Value
		e.logf("Board %s: A6d dr %d: %d Letter Chits", id, n, chits)
		sites := make([]site, chits)
		for i := range sites {
			ch, err := e.r.Draw(cup, fmt.Sprintf("SASL 4.1e: Letter Chit %d of %d, board %s", i+1, chits, id))
			if err != nil {
				return err
			}
			sites[i].chit = ch
			sites[i].rolls = []Roll{nRoll, e.last("")}
		}
		for i := range sites {
			if err := e.placementHex(k, &sites[i]); err != nil {
				return err
			}
		}
		for i := range sites {
			if err := e.radius(&sites[i]); err != nil {
				return err
			}
		}
		for i := range sites {
			s := &sites[i]
			for {
				placed, err := e.around(k, s)
				if err != nil {
					return err
				}
				e.logf("Board %s: chit %s: placement hex %s, radius %d: %d S?", id, s.chit, e.hexName(s.hex), s.radius, len(placed))
				if len(placed) > 2 {
					break
				}
				// SASL 4.1 NOTE: <= two S? for a chit: remove them and
				// redo it with a new chit and a new placement dr.
				e.remove(placed)
				if cup.Len() == 0 {
					e.logf("Board %s: the cup is empty: no chit to redo %s with", id, s.chit)
					break
				}
				ch, err := e.r.Draw(cup, fmt.Sprintf("SASL 4.1 NOTE: a new Letter Chit for board %s (chit %s placed %d S?)", id, s.chit, len(placed)))
				if err != nil {
					return err
				}
				e.logf("Board %s: chit %s placed %d S? (<= 2): removed, new chit %s (SASL 4.1 NOTE)", id, s.chit, len(placed), ch)
				s.chit = ch
				s.rolls = []Roll{nRoll, e.last("")}
				if err := e.placementHex(k, s); err != nil {
					return err
				}
				if err := e.radius(s); err != nil {
					return err
				}
			}
		}
		cup.ReturnAll()
	}
	return nil
}

// site is a Letter Chit of case e and where it places: its placement hex
// (hexrow col, hex number row) and radius.
type site struct {
	chit     string
	col, row int
	hex      hex.Hex
	radius   int
	rolls    []Roll
}

// placementHex rolls the dr +2 for the hex number of a chit's placement
// hex on board k.
func (e *Enemy) placementHex(k int, s *site) error {
	id := e.w.Kinds()[k].Board
	v, roll, err := e.dr("dr+2", fmt.Sprintf("SASL 4.1e: dr +2, hex number in hexrow %s of board %s", s.chit, id))
	if err != nil {
		return err
	}
	s.rolls = append(s.rolls, roll)
	s.col, _ = coord.ParseCol(s.chit)
	s.row = v + 2
	h, err := e.w.PlacementHex(k, s.col, s.row)
	if err != nil {
		return fmt.Errorf("ai: SASL 4.1e: %w", err)
	}
	s.hex = h
	return nil
}

// radius rolls Table A6f for a placement hex.
func (e *Enemy) radius(s *site) error {
	v, roll, err := e.dr("A6f", fmt.Sprintf("SASL 4.1e: Table A6f, radius around %s", e.hexName(s.hex)))
	if err != nil {
		return err
	}
	s.rolls = append(s.rolls, roll)
	s.radius = e.t.SASL.A6f.Rows[v].Value
	return nil
}

// around places case e S? within the radius of a site's placement hex on
// board k and returns the placements it made.
func (e *Enemy) around(k int, s *site) ([]board.Location, error) {
	var placed []board.Location
	for _, sp := range e.w.Around(k, s.col, s.row, s.radius) {
		l := sp.Location
		why := ""
		if !e.Quiet {
			if sp.Wall {
				wall := e.w.BehindWall(l.Hex)
				what := fmt.Sprintf("%s-%s %s", e.hexName(l.Hex.Neighbour(wall.Dir)), e.hexName(l.Hex), wall.Feature)
				why = fmt.Sprintf("Open Ground behind the %s toward the FBE, within %d of placement hex %s", what, s.radius, e.hexName(s.hex))
			} else {
				why = fmt.Sprintf("Concealment Terrain within %d of placement hex %s", s.radius, e.hexName(s.hex))
			}
		}
		ok, err := e.place(l, 'e', why, s.rolls)
		if err != nil {
			return nil, err
		}
		if ok {
			placed = append(placed, l)
		}
	}
	return placed, nil
}

// remove takes back the last placements at these Locations.
func (e *Enemy) remove(ls []board.Location) {
	p := &e.plan
	for _, l := range ls {
		for i := len(p.out) - 1; i >= 0; i-- {
			if p.out[i].Location == l && p.out[i].Case == 'e' {
				p.out = slices.Delete(p.out, i, i+1)
				key, _ := e.w.Key(l)
				p.count[key]--
				p.byE[key] = false
				break
			}
		}
	}
}
