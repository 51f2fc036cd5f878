package ai

import (
	"slices"

	"github.com/sasl-engine/sasl/act"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// mmc is how many MMC a unit counts for in a Human Wave's chain (SASL
// 4.323): a Human Wave S? two (it "is considered as two squads", 4.3), any
// other S? or MMC one, an SMC none.
func (e *Enemy) mmc(u *state.Unit) int {
	switch {
	case u.Kind == state.SQ && u.HW:
		return e.h.SquadsPerS.Value
	case u.Kind == state.SQ || u.Kind.MMC():
		return 1
	}
	return 0
}

// members appends to dst the units of wave w on the map still in Human
// Wave movement (not released, broken or exited), not entering this turn,
// and returns it.
func (e *Enemy) members(dst []*state.Unit, w string) []*state.Unit {
	for _, u := range e.st.OfSide(state.Enemy) {
		if u.Wave == w && moving(u) && !u.Entering {
			dst = append(dst, u)
		}
	}
	return dst
}

// chain applies SASL 4.323 at the start of the MPh: Human Wave movement
// goes on only for units in a chain of >= 3 contiguous hexes of ENEMY
// MMC/S? averaging >= 2 MMC a hex; the others leave the Human Wave (SASL
// 4.33: an S? keeps Advance Attitude, units take the Prevailing one).
func (e *Enemy) chain() {
	for _, wv := range e.st.Waves {
		w := wv.ID
		units := e.members(e.adv.units[:0], w)
		e.adv.units = units
		if len(units) == 0 {
			continue
		}
		sc := &e.chainSc
		hexes := sc.hexes[:0]
		for _, u := range units {
			if e.mmc(u) > 0 {
				hexes = append(hexes, u.At().Hex)
			}
		}
		sc.hexes = hexes
		// The groups of adjacent hexes (Clusterer: as pathing.Clusters
		// splits them, in its order), and the group of each unit's hex
		// (-1: a hex of no MMC).
		uniq, label, n := sc.clu.Split(hexes)
		of := sc.of[:0]
		for _, u := range units {
			g := int32(-1)
			if i := slices.Index(uniq, u.At().Hex); i >= 0 {
				g = label[i]
			}
			of = append(of, g)
		}
		sc.of = of
		groups := sc.groups[:0]
		for k := range int32(n) {
			size, first := 0, hex.Hex{}
			for i, h := range uniq {
				if label[i] == k {
					if size == 0 {
						first = h
					}
					size++
				}
			}
			mmc := 0
			for i, u := range units {
				if of[i] == k {
					mmc += e.mmc(u)
				}
			}
			ok := size >= e.h.ChainHexes.Value && float64(mmc) >= float64(e.h.ChainMMC.Value*size)
			groups = append(groups, report.ChainGroup{Hexes: size, First: first, MMC: mmc, Kept: ok})
			if ok {
				continue
			}
			for i, u := range units {
				if of[i] == k {
					u.Released = true
				}
			}
		}
		sc.groups = groups
		// Units off the chain's hexes (an SMC alone) go with it too.
		for i, u := range units {
			if of[i] < 0 {
				u.Released = true
			}
		}
		e.log.Add(report.Event{Kind: report.Chain, Wave: w, Units: e.log.IDs(units), Chains: e.log.Chains(groups...)})
	}
}

// join adds to a Human Wave the other Activated ENEMY Infantry in position
// at the start of the MPh, in or next to a hex of the wave, unless it
// carries a functioning SW (SASL 4.323).
func (e *Enemy) join() {
	for _, wv := range e.st.Waves {
		w := wv.ID
		units := e.members(e.adv.units[:0], w)
		e.adv.units = units
		if len(units) == 0 {
			continue
		}
		for _, u := range e.st.OfSide(state.Enemy) {
			if !joins(u, units) {
				continue
			}
			u.Wave, u.Lane = w, u.At().Hex
			e.log.Add(report.Event{Kind: report.Join, Units: e.log.Strings(u.ID), Wave: w, At: u.At()})
		}
	}
}

// chainScore is the number of units in qualifying chains and the number of
// separate groups, for units at hexes with their MMC counts: the 4.323 test
// the APh search runs many times. The units are gathered by hex (a hex
// counts once however many units are in it: chainBase), the hexes joined
// by a union-find where they touch (chainMoved); scratch slices make it
// allocate nothing once they have grown. O(units x hexes + hexes^2).
func (e *Enemy) chainScore(at []hex.Hex, mmc []int) (units, groups int) {
	e.chainBase(at, mmc)
	return e.chainMoved(-1, hex.Hex{}, 0)
}

// chainBase gathers the units at hexes, with their MMC counts, by hex: the
// hexes in the order first met, their cube coordinates, MMC and units, each
// unit's hex, and the pairs of hexes that touch.
func (e *Enemy) chainBase(at []hex.Hex, mmc []int) {
	sc := &e.scratch
	sc.hx, sc.cube = sc.hx[:0], sc.cube[:0]
	sc.mmc, sc.units, sc.of, sc.pairs = sc.mmc[:0], sc.units[:0], sc.of[:0], sc.pairs[:0]
	for i, h := range at {
		k := slices.Index(sc.hx, h)
		if k < 0 {
			k = len(sc.hx)
			sc.hx = append(sc.hx, h)
			x, _, z := h.Cube()
			sc.cube = append(sc.cube, [2]int{x, z})
			sc.mmc = append(sc.mmc, 0)
			sc.units = append(sc.units, 0)
		}
		sc.mmc[k] += mmc[i]
		sc.units[k]++
		sc.of = append(sc.of, k)
	}
	for k, a := range sc.cube {
		for l := k + 1; l < len(sc.cube); l++ {
			if touch(a, sc.cube[l]) {
				sc.pairs = append(sc.pairs, [2]int{k, l})
			}
		}
	}
}

// touch reports whether two hexes, by their cube coordinates x and z, are
// next to each other: one step in cube coordinates.
func touch(a, b [2]int) bool {
	dx, dz := b[0]-a[0], b[1]-a[1]
	return dx >= -1 && dx <= 1 && dz >= -1 && dz <= 1 && dx+dz >= -1 && dx+dz <= 1
}

// chainMoved is chainScore of the units of the last chainBase with unit
// moved (-1: none), of mmc MMC, in hex to instead: the hex it leaves keeps
// it no more (and, left empty, is no hex of a group), the hex it enters is
// one of theirs or a new one. It is tryFrom then tryTo; the APh search
// asks tryTo of each hex one unit may enter after one tryFrom.
func (e *Enemy) chainMoved(moved int, to hex.Hex, mmc int) (units, groups int) {
	e.tryFrom(moved, mmc)
	if moved < 0 {
		return e.try.q, e.try.g
	}
	return e.tryTo(to)
}

// chainTry is the groups the units of the last chainBase form with one
// unit out of its hex (tryFrom), which each hex it may enter then joins
// (tryTo): O(hexes + pairs) once for the unit, O(hexes) a hex it tries.
type chainTry struct {
	mmc  int   // the unit's MMC
	root []int // by hex of chainBase: its group's root, -1 empty
	// By root: the group's hexes, MMC and units.
	hexes, gmmc, units []int
	q, g               int // units in qualifying groups; groups
	seen               []int
}

// qualifies is the units of a group of hexes hexes and mmc MMC that count
// toward a qualifying chain (SASL 4.323): all of them or none.
func (e *Enemy) qualifies(hexes, mmc, units int) int {
	if hexes >= e.h.ChainHexes.Value && mmc >= e.h.ChainMMC.Value*hexes {
		return units
	}
	return 0
}

// tryFrom works out the groups of the last chainBase's units with unit
// moved (-1: none), of mmc MMC, out of its hex: a union-find of the hexes
// that keep units, joined where they touch.
func (e *Enemy) tryFrom(moved, mmc int) {
	sc, t := &e.scratch, &e.try
	n := len(sc.hx)
	sc.wmmc = append(sc.wmmc[:0], sc.mmc...)
	sc.wunits = append(sc.wunits[:0], sc.units...)
	t.mmc = mmc
	if moved >= 0 {
		k := sc.of[moved]
		sc.wmmc[k] -= mmc
		sc.wunits[k]--
	}
	wmmc, wunits := sc.wmmc, sc.wunits
	sc.parent = slices.Grow(sc.parent[:0], n)[:n]
	parent := sc.parent
	for k := range parent {
		parent[k] = k
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, p := range sc.pairs {
		if wunits[p[0]] > 0 && wunits[p[1]] > 0 {
			if a, b := find(p[0]), find(p[1]); a != b {
				parent[a] = b
			}
		}
	}
	// Gather at the roots: hexes, MMC and units of each group.
	t.root = slices.Grow(t.root[:0], n)[:n]
	t.hexes = slices.Grow(t.hexes[:0], n)[:n]
	t.gmmc = slices.Grow(t.gmmc[:0], n)[:n]
	t.units = slices.Grow(t.units[:0], n)[:n]
	clear(t.hexes)
	clear(t.gmmc)
	clear(t.units)
	for k := range n {
		if wunits[k] == 0 {
			t.root[k] = -1 // the hex the unit left, empty
			continue
		}
		r := find(k)
		t.root[k] = r
		t.hexes[r]++
		t.gmmc[r] += wmmc[k]
		t.units[r] += wunits[k]
	}
	t.q, t.g = 0, 0
	for r := range n {
		if t.hexes[r] > 0 && parent[r] == r {
			t.g++
			t.q += e.qualifies(t.hexes[r], t.gmmc[r], t.units[r])
		}
	}
}

// tryTo is chainScore with the unit of the last tryFrom in hex to: a hex
// of the others joins its group, a new (or emptied) one the groups it
// touches.
func (e *Enemy) tryTo(to hex.Hex) (units, groups int) {
	sc, t := &e.scratch, &e.try
	if kn := slices.Index(sc.hx, to); kn >= 0 && t.root[kn] >= 0 {
		r := t.root[kn]
		return t.q - e.qualifies(t.hexes[r], t.gmmc[r], t.units[r]) + e.qualifies(t.hexes[r], t.gmmc[r]+t.mmc, t.units[r]+1), t.g
	}
	x, _, z := to.Cube()
	c := [2]int{x, z}
	hexes, mmc, us := 1, t.mmc, 1
	units, groups = t.q, t.g+1
	t.seen = t.seen[:0]
	for k, a := range sc.cube {
		r := t.root[k]
		if r < 0 || !touch(a, c) || slices.Contains(t.seen, r) {
			continue
		}
		t.seen = append(t.seen, r)
		units -= e.qualifies(t.hexes[r], t.gmmc[r], t.units[r])
		groups--
		hexes, mmc, us = hexes+t.hexes[r], mmc+t.gmmc[r], us+t.units[r]
	}
	return units + e.qualifies(hexes, mmc, us), groups
}

// advance is the APh of the Human Waves (SASL 4.322): close gaps, as many as
// can be, so that the most units stay eligible for Human Wave movement; with
// no gap to close, advance toward the nearest Target without creating gaps.
// A unit advances one Location, forward or forward-diagonal, never back nor
// sideways ("A SASL Human Wave unit always moves/advances toward the FBE",
// 4.32), and closes a gap only where that puts more units into a
// qualifying chain.
func (e *Enemy) advance() error {
	sc := &e.adv
	for _, w := range e.st.Waves {
		units := e.members(sc.units[:0], w.ID)
		sc.units = units
		if len(units) == 0 {
			continue
		}
		at, mm, moved := sc.at[:0], sc.mm[:0], sc.moved[:0]
		for _, u := range units {
			at, mm, moved = append(at, u.At().Hex), append(mm, e.mmc(u)), append(moved, false)
		}
		sc.at, sc.mm, sc.moved = at, mm, moved
		closed := false
		for {
			baseU, baseG := e.chainScore(at, mm)
			if baseU == len(at) {
				break // every unit in a chain already: no advance can put more in one
			}
			best, bestTo, bestU, bestG := -1, hex.Hex{}, baseU, baseG
			for i, u := range units {
				if moved[i] {
					continue
				}
				tried := false
				a := e.aheadAt(at[i])
				for k, n := range a.n {
					if !e.canAdvanceTo(u, at[i], a, k) {
						continue
					}
					if !tried { // the others' groups, once for the unit
						e.tryFrom(i, mm[i])
						tried = true
					}
					cu, cg := e.tryTo(n) // chainScore with at[i] = n
					if cu > bestU || (cu == bestU && cu > baseU && cg < bestG) {
						best, bestTo, bestU, bestG = i, n, cu, cg
					}
				}
			}
			if best < 0 {
				break
			}
			at[best] = bestTo
			moved[best] = true
			closed = true
			if err := e.advanceTo(units[best], bestTo, report.Event{Kind: report.Gap, Count: bestU, Was: baseU, Groups: bestG, WasGroups: baseG}); err != nil {
				return err
			}
		}
		if closed {
			continue
		}
		// No gap: toward the nearest Target, without creating gaps.
		targets := e.st.OfSide(state.Friendly)
		for i, u := range units {
			var tgt *state.Unit
			for _, f := range targets {
				if f.Known && f.OnMap() && (tgt == nil || hex.Distance(f.At().Hex, u.At().Hex) < hex.Distance(tgt.At().Hex, u.At().Hex)) {
					tgt = f
				}
			}
			if tgt == nil || hex.Distance(tgt.At().Hex, u.At().Hex) == 0 {
				continue
			}
			baseU, baseG := e.chainScore(at, mm)
			d0 := hex.Distance(tgt.At().Hex, u.At().Hex)
			var to hex.Hex
			found := false
			a := e.aheadAt(at[i])
			for k, n := range a.n {
				if hex.Distance(tgt.At().Hex, n) >= d0 || !e.canAdvanceTo(u, at[i], a, k) {
					continue
				}
				cu, cg := e.chainMoved(i, n, mm[i]) // chainScore with at[i] = n
				if cu >= baseU && cg <= baseG {
					to, found = n, true
					break
				}
			}
			if !found {
				continue
			}
			at[i] = to
			if err := e.advanceTo(u, to, report.Event{Kind: report.Advance, Target: tgt.ID, TargetAt: tgt.At()}); err != nil {
				return err
			}
		}
	}
	return nil
}

// canAdvance reports whether u may advance into the ground Location of x:
// x lies further toward the FBE (forward or forward-diagonal), Infantry can
// enter it from u's Location and it is not full.
func (e *Enemy) canAdvance(u *state.Unit, x hex.Hex) bool {
	to := board.Ground(x)
	if !e.m.OnMap(x) || u.At().Level != 0 {
		return false
	}
	if e.w.Progress(x) <= e.w.Progress(u.At().Hex)+1e-9 {
		return false // SASL 4.32: toward the FBE
	}
	if _, ok := e.w.Step(u.At(), to); !ok { // the Infantry cost: x lies further toward the FBE
		return false
	}
	e.single[0] = u
	return !e.overstacked(to, e.single[:])
}

// canAdvanceTo is canAdvance of u, in hex from, into the k-th neighbour
// of from (a is from's aheadNext): whether the step goes toward the FBE
// and Infantry can take it are kept (aheadNext.adv), where u stands on
// from's ground level, as every unit of a Human Wave's APh does but one
// on a building's upper level, which advances no more.
func (e *Enemy) canAdvanceTo(u *state.Unit, from hex.Hex, a *aheadNext, k int) bool {
	if u.At() != board.Ground(from) {
		return e.canAdvance(u, a.n[k])
	}
	if !a.adv[k] {
		return false
	}
	e.single[0] = u
	return !e.overstacked(board.Ground(a.n[k]), e.single[:])
}

// advanceTo moves u one Location in the APh and tells it with event ev,
// with the step and the MF the Location would cost to enter; entering a
// Known FRIENDLY unit's Location ends its Human Wave movement (SASL
// 4.323). A VPO it takes is told after the advance.
func (e *Enemy) advanceTo(u *state.Unit, x hex.Hex, ev report.Event) error {
	from := u.At()
	e.single[0] = u
	// canAdvance chose the step; the executor checks and carries it out
	// (ASL A4.7), the Human Wave graph's cost being the Infantry's.
	c, err := act.On(e.w, e.st).Enter(e.single[:], board.Ground(x), act.Advance, act.NoLimit)
	if err != nil {
		return err
	}
	took := e.takeVPO(u.At(), e.single[:], nil)
	if took {
		e.log.Add(report.Event{Kind: report.Control, Units: e.log.Strings(u.ID), At: u.At()})
	}
	if e.st.KnownIn(u.At()) {
		u.Released = true
	}
	ev.Units = e.log.Strings(u.ID)
	ev.Steps = e.log.Steps(pathing.Step{Location: from}, pathing.Step{Location: u.At(), HalfMF: c})
	e.log.Add(ev)
	return nil
}

// joins reports whether ENEMY unit u joins the Human Wave of units at the
// start of the MPh (SASL 4.323): Activated Infantry outside any wave, Good
// Order, without a functioning SW, next to a unit of the wave.
func joins(u *state.Unit, units []*state.Unit) bool {
	if u.Wave != "" || u.Kind == state.SQ || u.Broken || u.Exited {
		return false
	}
	if slices.ContainsFunc(u.SW, func(sw state.SW) bool { return !sw.Dead }) {
		return false
	}
	return slices.ContainsFunc(units, func(x *state.Unit) bool { return hex.Distance(x.At().Hex, u.At().Hex) <= 1 })
}

// joining reports whether ENEMY unit u will join a Human Wave at the start
// of this MPh (join): it is part of the wave, with its automatic Move
// Action and no Panic (SASL 4.32), and takes no Action check. waves are
// the members of each wave, as wavesNow lists them.
func joining(u *state.Unit, waves [][]*state.Unit) bool {
	for _, units := range waves {
		if len(units) > 0 && joins(u, units) {
			return true
		}
	}
	return false
}

// wavesNow lists the members of each Human Wave (members), in the
// Enemy's storage, valid until its next call.
func (e *Enemy) wavesNow() [][]*state.Unit {
	w := e.waveSc[:0]
	for i, wv := range e.st.Waves {
		var units []*state.Unit
		if i < cap(w) {
			units = w[:i+1][i][:0]
		}
		w = append(w, e.members(units, wv.ID))
	}
	e.waveSc = w
	return w
}
