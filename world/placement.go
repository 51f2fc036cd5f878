package world

import (
	"slices"
	"sync/atomic"

	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// What SASL 4.1 may place where, before any die is rolled: the Locations
// of cases a to d and, for case e, the Concealment Terrain within each
// radius of each placement hex. ai.Enemy.Place rolls the dice over them.

// Structure is what a case a Location is (SASL 4.1a).
type Structure uint8

const (
	Building Structure = iota
	Rubble
	Lumberyard
)

func (s Structure) String() string { return [...]string{"building", "rubble", "lumberyard"}[s] }

// CaseA is a Location that takes an S? by SASL 4.1a.
type CaseA struct {
	Location board.Location
	What     Structure
}

// WoodsGroup is a group of connected woods/brush hexes that takes S? by
// SASL 4.1b: three or more hexes, or fewer connected to an EBE along which
// boards may be activated (ByEdge).
type WoodsGroup struct {
	Hexes  []hex.Hex
	ByEdge bool
}

// NearVPO is a Concealment Terrain Location near a VPO Location (SASL
// 4.1c, 4.1d).
type NearVPO struct {
	Location, VPO board.Location
}

// Spot is a Location case e may place an S? in (SASL 4.1e): Concealment
// Terrain, or Open Ground behind a wall, hedge or bocage hexside toward the
// FBE (Wall).
type Spot struct {
	Location board.Location
	Wall     bool
}

// placement holds the candidates of the 4.1 cases.
type placement struct {
	caseA []CaseA
	woods []WoodsGroup
	near  [3][]NearVPO // by radius: 1 for case c, 2 for case d
	// sites[k][col][row-3]: the placement hex of board k's hexrow col,
	// hex number row (a dr +2: 3..8), and its error if it has none.
	sites [][coord.Cols][6]site
	// radii are the radii Table A6f gives, a slot each in around.
	radii []int
	// around[(site index)*len(radii) + slot]: the spots of a placement
	// hex within a radius, made on first use.
	around []atomic.Pointer[[]Spot]
}

type site struct {
	hex hex.Hex
	err error
}

func (w *World) preparePlacement() {
	p := &w.placement
	m := w.m
	for _, h := range m.Hexes() {
		t, _ := m.Terrain(h)
		if !t.Kinds.BuildingLike() {
			continue
		}
		what := Building
		switch {
		case t.Kinds.Has(terrain.Rubble):
			what = Rubble
		case t.Kinds.Has(terrain.Lumberyard) && !t.Kinds.Has(terrain.Building):
			what = Lumberyard
		}
		for _, l := range w.Locations(h) {
			p.caseA = append(p.caseA, CaseA{l, what})
		}
	}
	activ := w.ms.Activates(w.ms.EBE)
	for _, g := range pathing.WoodsGroups(m) {
		edge := g.Edges[w.ms.EBE] && activ
		if len(g.Hexes) < 3 && !edge {
			continue
		}
		p.woods = append(p.woods, WoodsGroup{Hexes: g.Hexes, ByEdge: edge && len(g.Hexes) < 3})
	}
	for _, radius := range []int{1, 2} {
		done := map[board.Location]bool{}
		for _, v := range w.vpoList {
			var near []hex.Hex
			hex.Within(v.Hex, radius, func(h hex.Hex) bool {
				if h != v.Hex && m.OnMap(h) {
					near = append(near, h)
				}
				return true
			})
			slices.SortFunc(near, func(a, b hex.Hex) int { return w.order(a) - w.order(b) })
			for _, h := range near {
				t, _ := m.Terrain(h)
				if !terrain.Concealment(t.Kinds, w.season) {
					continue
				}
				for _, l := range w.Locations(h) {
					if done[l] || w.vpo[l] {
						continue
					}
					done[l] = true
					p.near[radius] = append(p.near[radius], NearVPO{l, v})
				}
			}
		}
	}
	p.sites = make([][coord.Cols][6]site, len(w.kinds))
	for k, bk := range w.kinds {
		for col := range coord.Cols {
			for r := range 6 {
				h, err := m.Locate(coord.Grid{Board: bk.Board, Col: col, Row: r + 3})
				p.sites[k][col][r] = site{h, err}
			}
		}
	}
	for _, e := range w.t.SASL.A6f.Rows {
		if !slices.Contains(p.radii, e.Value) {
			p.radii = append(p.radii, e.Value)
		}
	}
	p.around = make([]atomic.Pointer[[]Spot], len(w.kinds)*coord.Cols*6*len(p.radii))
}

// order is the position of an on-map hex in Map.Hexes.
func (w *World) order(h hex.Hex) int {
	i, _ := w.m.Index(h)
	return i
}

// CaseA returns the Locations of SASL 4.1a in map order: every (non-
// Rooftop/-Sewer) building, rubble and lumberyard Location.
func (w *World) CaseA() []CaseA { return w.placement.caseA }

// WoodsGroups returns the woods/brush groups that take S? by SASL 4.1b, in
// map order.
func (w *World) WoodsGroups() []WoodsGroup { return w.placement.woods }

// NearVPOs returns the Concealment Terrain Locations within radius 1 (case
// c: ADJACENT) or 2 (case d) of a VPO Location, each once, with the first
// VPO it is near (SASL 4.1c, 4.1d), VPO by VPO in map order, each VPO's
// Locations in map order.
func (w *World) NearVPOs(radius int) []NearVPO { return w.placement.near[radius] }

// PlacementHex returns the placement hex of case e on board k (its place
// in Kinds): hexrow col of the Letter Chit, hex number row (a dr +2).
func (w *World) PlacementHex(k, col, row int) (hex.Hex, error) {
	if row < 3 || row > 8 || col < 0 || col >= coord.Cols {
		return w.m.Locate(coord.Grid{Board: w.kinds[k].Board, Col: col, Row: row})
	}
	s := w.placement.sites[k][col][row-3]
	return s.hex, s.err
}

// Around returns the Locations case e may place an S? in within radius of
// the placement hex of board k at hexrow col, hex number row (SASL 4.1e):
// in hexes of board k, in map order, each hex's Locations in order;
// Concealment Terrain, or the ground Location of an Open Ground hex behind
// a wall toward the FBE. The slice is the world's own. The first call for
// a placement hex and radius works it out; later ones are O(1).
func (w *World) Around(k, col, row, radius int) []Spot {
	p := &w.placement
	slot := slices.Index(p.radii, radius)
	if row < 3 || row > 8 || col < 0 || col >= coord.Cols || slot < 0 {
		h, _ := w.PlacementHex(k, col, row)
		return w.around(k, h, radius)
	}
	c := &p.around[((k*coord.Cols+col)*6+row-3)*len(p.radii)+slot]
	if s := c.Load(); s != nil {
		return *s
	}
	s := w.around(k, p.sites[k][col][row-3].hex, radius)
	c.Store(&s)
	return s
}

func (w *World) around(k int, centre hex.Hex, radius int) []Spot {
	id := w.kinds[k].Board
	var hexes []hex.Hex
	hex.Within(centre, radius, func(h hex.Hex) bool {
		parts, n := w.m.Parts(h)
		for _, pt := range parts[:n] {
			if pt.Board == id {
				hexes = append(hexes, h)
				break
			}
		}
		return true
	})
	slices.SortFunc(hexes, func(a, b hex.Hex) int { return w.order(a) - w.order(b) })
	out := []Spot{}
	for _, h := range hexes {
		t, _ := w.m.Terrain(h)
		conceal := terrain.Concealment(t.Kinds, w.season)
		behind := false
		if !conceal {
			behind = w.BehindWall(h).Behind
		}
		for _, l := range w.Locations(h) {
			switch {
			case conceal:
				out = append(out, Spot{Location: l})
			case l.Level == 0 && behind:
				out = append(out, Spot{Location: l, Wall: true})
			}
		}
	}
	return out
}
