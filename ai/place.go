package ai

import (
	"fmt"
	"slices"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/report"
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
	// Why is what placed it (report.Words.Reason words it).
	Why report.Reason
	// Rolls are the dice that decided it.
	Rolls []report.Roll
}

// Setup is the ENEMY setup of a mission (SASL 4.1) and how it came about.
// Its lists are the Enemy's own, valid until its next Place.
type Setup struct {
	Map     *board.Map
	Mission *missions.Mission
	// Kinds of the boards, in the configuration's reading order.
	Kinds      []world.BoardKind
	Placements []Placement
	// Log tells the procedure step by step: the player's audit trail.
	Log []report.Event
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
// Locations case e placed in, Table A9e's answer per hex, the placements
// and the procedure's log.
type planScratch struct {
	count []uint8
	byE   []bool
	a9e   []a9eResult // by Map.Index; ok false before the hex's roll
	out   []Placement
	log   report.Log
	sites []site
	cup   *dice.Cup
	// scratch for the rolls of a placement and case b's boards
	rolls    []report.Roll
	a9eRolls []report.Roll
	parity   []int
	board    []report.Roll
	// site: what the rules of a placement read of a Location that its
	// world fixes, by world.Key (siteOf); 0 before it is worked out.
	site []uint8
}

// The flags of siteOf: the tests place makes of a Location that do not
// change from game to game (the map, the mission and its initial state
// are the world's, and an Enemy plays in one world).
const (
	siteKnown  uint8 = 1 << iota // the flags are worked out
	siteBarred                   // within 3 hexes of a whole off-board FBE hex (SASL 4.11), or a Location the FRIENDLY side holds at the start
	siteA9e                      // a building or rubble Location of a built-up board (SASL 4.12)
	siteWoods                    // woods of a Woods mapboard, not a VPO (SASL 4.13)
	siteCrest                    // a ground Location of a Depression (SASL 4.14)
)

type a9eResult struct {
	ok     bool
	levels tables.Levels
	rolls  []report.Roll
}

// Place sets up the ENEMY S? of the mission by the SASL 4.1 cases it lists,
// in the order a, b, c, d, e, with SASL 4.11-4.14 applied as each S? is
// placed. Dice come from the engine's roller in rule order, so a scripted
// roller replays a setup. The result lists every S? with its case and
// dice, and a log of the whole procedure; it is valid until the next
// Place.
func (e *Enemy) Place() (*Setup, error) {
	p := &e.plan
	n := e.w.Keys()
	if cap(p.count) < n {
		p.count, p.byE = make([]uint8, n), make([]bool, n)
	}
	p.count, p.byE = p.count[:n], p.byE[:n]
	if len(p.site) != n {
		p.site = make([]uint8, n) // once: the world's, kept for every game
	}
	clear(p.count)
	clear(p.byE)
	if cap(p.a9e) < e.m.Stride() {
		p.a9e = make([]a9eResult, e.m.Stride())
	}
	p.a9e = p.a9e[:e.m.Stride()]
	clear(p.a9e)
	p.out = p.out[:0]
	p.log.Reset()
	p.log.Phase = 0 // state.Setup
	for _, b := range e.w.Bridges() {
		p.log.Add(report.Event{Kind: report.NoBridge, At: b})
	}
	var err error
	for _, c := range []missions.Case{'a', 'b', 'c', 'd', 'e'} {
		if !e.ms.Has(c) {
			continue
		}
		switch c {
		case 'a':
			err = e.caseA()
		case 'b':
			err = e.caseB()
		case 'c':
			err = e.caseCD('c', 1)
		case 'd':
			err = e.caseCD('d', 2)
		case 'e':
			err = e.caseE()
		}
		if err != nil {
			return nil, err
		}
	}
	return &Setup{Map: e.m, Mission: e.ms, Kinds: e.w.Kinds(), Placements: p.out, Log: p.log.Since(0), Trail: e.r.Trail()}, nil
}

// last returns the roll just made, tagged.
func (e *Enemy) last(tag string) report.Roll {
	tr := e.r.Trail()
	return report.Roll{Tag: tag, Roll: tr[len(tr)-1]}
}

func (e *Enemy) dr(tag string, why dice.Why) (int, report.Roll, error) {
	v, err := e.r.Dr(why)
	if err != nil {
		return 0, report.Roll{}, err
	}
	return v, e.last(tag), nil
}

// place puts one S? in l for case c if the rules let it: at most two S? a
// Location by cases a-d (4.1), and one more by case e, which is the
// exception to that maximum ("[EXC: 4.1e]"; 4.1e: "a maximum of one S? may
// be placed per Location using this method"), none within 3 hexes of a whole off-board
// FBE hex (4.11), only in the Locations Table A9e picks on a built-up board
// (4.12), and in woods on a woods board only on a dr <= 3 (4.13). Dice are
// rolled only when they decide.
func (e *Enemy) place(l board.Location, c missions.Case, why report.Reason, rolls []report.Roll) (bool, error) {
	p := &e.plan
	key, onKey := e.w.Key(l)
	if (c != 'e' && p.count[key] >= 2) || (c == 'e' && p.byE[key]) {
		return false, nil
	}
	site := e.siteOf(l, key, onKey)
	if site&siteBarred != 0 {
		return false, nil // SASL 4.11, or a Location the FRIENDLY side holds
	}
	rolls = append(p.rolls[:0], rolls...)
	p.rolls = rolls // the scratch keeps what it grew to
	if site&siteA9e != 0 && c != 'b' {
		res, err := e.buildingLevels(l.Hex)
		if err != nil {
			return false, err
		}
		rolls = append(rolls, res.rolls...)
		p.rolls = rolls
		if !res.levels.Has(l.Level) {
			return false, nil // SASL 4.12
		}
	}
	// 4.13: woods "on a Woods mapboard": for a hex two boards share, the
	// board of its woods half, whichever board names the hex.
	if site&siteWoods != 0 && c != 'a' {
		wk, _ := e.w.WoodsBoard(l.Hex)
		kind := e.w.Kinds()[wk]
		v, roll, err := e.dr("4.13", dice.Why{Rule: "SASL 4.13", For: report.For413, At: l, Board: kind.Board})
		if err != nil {
			return false, err
		}
		rolls = append(rolls, roll)
		p.rolls = rolls
		if v > 3 {
			p.log.Add(report.Event{Kind: report.Woods413, At: l, Case: c, Board: kind.Board, Dice: report.Dice{DR: v}})
			return false, nil
		}
	}
	pl := Placement{Location: l, Case: c, Why: why, Rolls: p.log.Rolls(rolls...)}
	if site&siteCrest != 0 {
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

// siteOf returns the flags of Location l (siteKnown and the others
// above), key its world.Key (onKey: it has one): worked out once an
// Enemy for a Location with a key, as they are its world's.
func (e *Enemy) siteOf(l board.Location, key int, onKey bool) uint8 {
	p := &e.plan
	if onKey && p.site[key] != 0 {
		return p.site[key]
	}
	f := e.siteFlags(l)
	if onKey {
		p.site[key] = f
	}
	return f
}

// siteFlags works out the flags of Location l (siteOf).
func (e *Enemy) siteFlags(l board.Location) uint8 {
	f := siteKnown
	if e.w.NearFBE(l.Hex) || e.w.SetUpFriendly(l) {
		f |= siteBarred
	}
	t, _ := e.m.Terrain(l.Hex)
	k, _ := e.w.Board(l.Hex)
	if e.w.Kinds()[k].BuiltUp && t.Kinds.Any(terrain.Building, terrain.Rubble) {
		f |= siteA9e
	}
	if _, ok := e.w.WoodsBoard(l.Hex); ok && !e.w.IsVPO(l) {
		f |= siteWoods
	}
	if l.Level == 0 && t.Kinds.Depression() {
		f |= siteCrest
	}
	return f
}

// buildingLevels decides, once per hex, which Locations of a building or
// rubble hex on a built-up board take S? (SASL 4.12, Table A9e). A hex
// holding a VPO Location rerolls until the Locations picked include one
// that can take an S? ("reroll until >= one S? is placed in a VPO
// Location of that hex", 4.12 EXC): not one FRIENDLY units hold, not one
// with its S? already. When no VPO Location of the hex can take one, or
// no row of Table A9e picks one that can, the first roll stands and the
// log says why there is no reroll (NoVPOTaker).
func (e *Enemy) buildingLevels(h hex.Hex) (a9eResult, error) {
	p := &e.plan
	i, _ := e.m.Index(h)
	if res := p.a9e[i]; res.ok {
		return res, nil
	}
	res := a9eResult{ok: true}
	rolls := p.a9eRolls[:0]
	defer func() { p.a9eRolls = rolls }()
	reroll := e.w.VPOInHex(h)
	if reroll {
		// Can any row of the table pick a VPO Location that takes one?
		reroll = false
		for dr := 1; dr <= 6; dr++ {
			reroll = reroll || e.vpoTakerIn(h, e.t.SASL.A9e.Rows[dr].Value)
		}
	}
	for try := 0; ; try++ {
		if try == maxRolls {
			if _, scripted := e.r.(*dice.ScriptRoller); scripted {
				return res, fmt.Errorf("ai: SASL 4.12: %d A9e rolls of the dice given (--dice) for %s found no VPO Location of the hex that can take an S?: check the rolls", maxRolls, e.hexName(h))
			}
			return res, fmt.Errorf("ai: SASL 4.12: %d A9e rolls for %s found no VPO Location of the hex that can take an S?; check Table A9e", maxRolls, e.hexName(h))
		}
		v, roll, err := e.dr("A9e", dice.Why{Rule: "SASL 4.12", For: report.ForA9e, At: board.Ground(h)})
		if err != nil {
			return res, err
		}
		rolls = append(rolls, roll)
		res.levels = e.t.SASL.A9e.Rows[v].Value
		ev := report.Event{Kind: report.A9e, At: board.Ground(h), Dice: report.Dice{DR: v}, Levels: res.levels}
		if e.w.VPOInHex(h) && !reroll {
			ev.Cause = report.NoVPOTaker
		}
		if !reroll || e.vpoTakerIn(h, res.levels) {
			p.log.Add(ev)
			break
		}
		ev.Cause = report.Reroll
		p.log.Add(ev)
	}
	res.rolls = p.log.Rolls(rolls...)
	p.a9e[i] = res
	return res, nil
}

// vpoTakerIn reports whether levels lv of hex h include a VPO Location
// that can take an S?: none FRIENDLY units hold (world.SetUpFriendly), none
// with two S? already (4.1).
func (e *Enemy) vpoTakerIn(h hex.Hex, lv tables.Levels) bool {
	for _, l := range e.w.Locations(h) {
		if !e.w.IsVPO(l) || !lv.Has(l.Level) || e.w.SetUpFriendly(l) {
			continue
		}
		if key, ok := e.w.Key(l); ok && e.plan.count[key] >= 2 {
			continue
		}
		return true
	}
	return false
}

// caseA: one S? in each (non-Rooftop/-Sewer) building/rubble/lumberyard
// Location (SASL 4.1a).
func (e *Enemy) caseA() error {
	e.plan.log.Add(report.Event{Kind: report.CaseBegins, Case: 'a'})
	for _, a := range e.w.CaseA() {
		if _, err := e.place(a.Location, 'a', report.Reason{Kind: report.InStructure, What: a.What}, nil); err != nil {
			return err
		}
	}
	return nil
}

// caseB: one S? in each woods/brush Location with the coordinate parity of
// its board's dr, in a group of >= 3 connected woods/brush Locations or one
// connected to an EBE along which boards may be activated (SASL 4.1b).
func (e *Enemy) caseB() error {
	e.plan.log.Add(report.Event{Kind: report.CaseBegins, Case: 'b'})
	kinds := e.w.Kinds()
	p := &e.plan
	p.parity = slices.Grow(p.parity[:0], len(kinds))[:len(kinds)]
	p.board = slices.Grow(p.board[:0], len(kinds))[:len(kinds)]
	parity, rolls := p.parity, p.board
	for k, bk := range kinds {
		v, roll, err := e.dr("4.1b", dice.Why{Rule: "SASL 4.1b", For: report.ForParity, Board: bk.Board})
		if err != nil {
			return err
		}
		parity[k], rolls[k] = v%2, roll
		e.plan.log.Add(report.Event{Kind: report.Parity, Board: bk.Board, Dice: report.Dice{DR: v}})
	}
	for _, g := range e.w.WoodsGroups() {
		for _, h := range g.Hexes {
			k, n := e.w.Board(h)
			if n%2 != parity[k] {
				continue
			}
			why := report.Reason{Kind: report.InWoods, Group: len(g.Hexes), ByEdge: g.ByEdge, Odd: n%2 == 1}
			if _, err := e.place(board.Ground(h), 'b', why, rolls[k:k+1]); err != nil {
				return err
			}
		}
	}
	return nil
}

// caseCD: one S? in each VPO Location and each Concealment Terrain Location
// within radius of one (ADJACENT for c, within two hexes for d; SASL 4.1c,
// 4.1d).
func (e *Enemy) caseCD(c missions.Case, radius int) error {
	e.plan.log.Add(report.Event{Kind: report.CaseBegins, Case: c, Radius: radius})
	for _, v := range e.w.VPOs() {
		if _, err := e.place(v, c, report.Reason{Kind: report.AtVPO}, nil); err != nil {
			return err
		}
	}
	for _, n := range e.w.NearVPOs(radius) {
		if _, err := e.place(n.Location, c, report.Reason{Kind: report.NearVPO, Radius: radius, At: n.VPO}, nil); err != nil {
			return err
		}
	}
	return nil
}

// site is a Letter Chit of case e and where it places: its placement hex
// (hexrow col, hex number row) and radius, and the dice of them.
type site struct {
	chit     string
	col, row int
	hex      hex.Hex
	radius   int
	rolls    []report.Roll
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
	p := &e.plan
	p.log.Add(report.Event{Kind: report.CaseBegins, Case: 'e'})
	if p.cup == nil {
		p.cup = dice.NewCup(dice.LetterChits())
	}
	cup := p.cup
	cup.ReturnAll()
	for k, bk := range e.w.Kinds() {
		id := bk.Board
		n, nRoll, err := e.dr("A6d", dice.Why{Rule: "SASL 4.1e", For: report.ForA6d, Board: id})
		if err != nil {
			return err
		}
		chits := e.t.SASL.A6d.Rows[n].Value
		p.log.Add(report.Event{Kind: report.LetterChits, Board: id, Dice: report.Dice{DR: n}, Count: chits})
		p.sites = slices.Grow(p.sites[:0], chits)[:chits]
		sites := p.sites
		for i := range sites {
			ch, err := e.r.Draw(cup, dice.Why{Rule: "SASL 4.1e", For: report.ForChit, N: i + 1, M: chits, Board: id})
			if err != nil {
				return err
			}
			sites[i] = site{chit: ch, rolls: append(sites[i].rolls[:0], nRoll, e.last(""))}
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
				p.log.Add(report.Event{Kind: report.ChitPlaced, Board: id, Chit: s.chit, At: board.Ground(s.hex), Radius: s.radius, Count: placed})
				if placed > 2 {
					break
				}
				// SASL 4.1 NOTE: <= two S? for a chit: remove them and
				// redo it with a new chit and a new placement dr.
				e.removeLast(placed)
				if cup.Len() == 0 {
					p.log.Add(report.Event{Kind: report.CupEmpty, Board: id, Chit: s.chit})
					break
				}
				ch, err := e.r.Draw(cup, dice.Why{Rule: "SASL 4.1 NOTE", For: report.ForNewChit, Board: id, Chit: s.chit, N: placed})
				if err != nil {
					return err
				}
				p.log.Add(report.Event{Kind: report.ChitRedone, Board: id, Chit: s.chit, Count: placed, Other: ch})
				s.chit = ch
				s.rolls = append(s.rolls[:0], nRoll, e.last(""))
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

// placementHex rolls the dr +2 for the hex number of a chit's placement
// hex on board k.
func (e *Enemy) placementHex(k int, s *site) error {
	id := e.w.Kinds()[k].Board
	v, roll, err := e.dr("dr+2", dice.Why{Rule: "SASL 4.1e", For: report.ForHexNumber, Chit: s.chit, Board: id})
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
	v, roll, err := e.dr("A6f", dice.Why{Rule: "SASL 4.1e", For: report.ForRadius, At: board.Ground(s.hex)})
	if err != nil {
		return err
	}
	s.rolls = append(s.rolls, roll)
	s.radius = e.t.SASL.A6f.Rows[v].Value
	return nil
}

// around places case e S? within the radius of a site's placement hex on
// board k and returns how many it placed: the last placements made.
func (e *Enemy) around(k int, s *site) (int, error) {
	placed := 0
	for _, sp := range e.w.Around(k, s.col, s.row, s.radius) {
		why := report.Reason{Kind: report.Concealed, Radius: s.radius, At: board.Ground(s.hex)}
		if sp.Wall {
			why.Kind = report.BehindWall
		}
		ok, err := e.place(sp.Location, 'e', why, s.rolls)
		if err != nil {
			return 0, err
		}
		if ok {
			placed++
		}
	}
	return placed, nil
}

// removeLast takes back the last n placements, all of case e.
func (e *Enemy) removeLast(n int) {
	p := &e.plan
	for _, pl := range p.out[len(p.out)-n:] {
		key, _ := e.w.Key(pl.Location)
		p.count[key]--
		p.byE[key] = false
	}
	p.out = p.out[:len(p.out)-n]
}
