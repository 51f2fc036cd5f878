package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// loc reads a Location of w's map.
func loc(t testing.TB, w *world.World, name string) board.Location {
	t.Helper()
	l, err := w.Map().ParseLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// cover reports whether l is a building or woods Location (ASL A10.51).
func cover(w *world.World, l board.Location) bool {
	t, ok := w.Map().Terrain(l.Hex)
	return ok && t.Kinds.Any(terrain.Building, terrain.Woods)
}

// A broken unit in Open Ground in the LOS and normal range of a Known Good
// Order enemy unit must rout (ASL A10.5), for both sides, in the RtPh of
// either Player Turn: it ends in a building or woods Location no nearer
// the enemy, not ADJACENT to it, out of its reach, DM, and takes an
// Interdiction NMC in each Open Ground Location it enters in the enemy's
// LOS and normal range (A10.53).
func TestA10_5_MustRoutFromOpenGround(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	for _, side := range []state.Side{state.Friendly, state.Enemy} {
		for _, turn := range []state.Side{state.Friendly, state.Enemy} {
			g := bare(t, w, PolicyHold)
			other := combat.Other(side)
			b := put(t, g, &state.Unit{ID: "B1", Side: side, Kind: state.Squad, Type: "4-6-7", Broken: true, Known: true}, "x1Q8")
			e := put(t, g, &state.Unit{ID: "K1", Side: other, Kind: state.Squad, Type: "4-6-7", Known: true}, "x1Q10")
			g.res.Reset(g.st, g.seeded)
			if need := g.res.NeedsRout(b); need != combat.MustRout {
				t.Fatalf("%s B1 broken in x1Q8, in Open Ground 2 hexes from K1: %v, want MustRout", side, need)
			}
			opts, err := g.res.RoutOptions(b)
			if err != nil {
				t.Fatal(err)
			}
			best, ok := g.res.ChooseRout(b, opts)
			if !ok {
				t.Fatal("no rout")
			}
			start := hex.Distance(b.At().Hex, e.At().Hex)
			evs := playPhase(t, g, turn, state.RtPh)
			routs := kinds(evs, report.Rout)
			if len(routs) != 1 || routs[0].Units[0] != "B1" {
				t.Fatalf("%s unit, %s RtPh: routs %v in %v", side, turn, routs, evs)
			}
			if !g.st.Holds(b) {
				continue // eliminated by its Interdictions
			}
			at := b.At()
			switch {
			case !cover(w, at):
				t.Errorf("%s: B1 routed to %s, no building or woods", side, w.Map().LocationName(at))
			case combat.Adjacent(w.Map(), at, e.At()):
				t.Errorf("%s: B1 routed ADJACENT to K1 (%s)", side, w.Map().LocationName(at))
			case hex.Distance(at.Hex, e.At().Hex) < start:
				t.Errorf("%s: B1 routed nearer K1: %s", side, w.Map().LocationName(at))
			case g.res.Exposed(side, at):
				t.Errorf("%s: B1 still must rout from %s", side, w.Map().LocationName(at))
			case !b.DM || !b.Routed:
				t.Errorf("%s: B1 routed, DM %v, routed %v", side, b.DM, b.Routed)
			}
			checks := 0
			for _, ev := range evs {
				if ev.Cause&^report.Reduced == report.Interdicted && (ev.Kind == report.Morale || ev.Kind == report.Reduce || ev.Kind == report.Eliminate) {
					checks++
				}
			}
			if checks != best.Risk || best.Risk == 0 {
				t.Errorf("%s: %d Interdiction NMC along a path with %d Open Ground Locations in K1's reach: %v", side, checks, best.Risk, evs)
			}
		}
	}
}

// A routing unit may never move ADJACENT to a Known enemy unit, nor, in
// its LOS, nearer it (ASL A10.51): no rout option does, whichever unit
// routs where.
func TestA10_51_RoutDirection(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	m := w.Map()
	n := 0
	for _, from := range []string{"x1Q8", "x1N6", "x1J4", "x1T8", "x1H6", "x3O6"} {
		for _, enemy := range []string{"x1Q10", "x1P9", "x1L6", "x1M3", "x3O4", "x1S7"} {
			g := bare(t, w, PolicyHold)
			b := put(t, g, &state.Unit{ID: "B1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Broken: true, DM: true}, from)
			e := put(t, g, &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, enemy)
			if b.At() == e.At() || combat.Adjacent(w.Map(), b.At(), e.At()) {
				continue
			}
			g.res.Reset(g.st, g.seeded)
			opts, err := g.res.RoutOptions(b)
			if err != nil {
				t.Fatal(err)
			}
			sees := w.Sight(e.At(), b.At()).Clear
			for _, o := range opts {
				n++
				cur := b.At()
				for _, l := range o.Path {
					if combat.Adjacent(w.Map(), l, e.At()) {
						t.Errorf("%s -> %s (E1 in %s): enters %s, ADJACENT to E1", from, m.LocationName(o.To), enemy, m.LocationName(l))
					}
					if (sees || w.Sight(e.At(), cur).Clear) && hex.Distance(l.Hex, e.At().Hex) < hex.Distance(cur.Hex, e.At().Hex) {
						t.Errorf("%s -> %s (E1 in %s): %s -> %s nears E1, in whose LOS it is", from, m.LocationName(o.To), enemy, m.LocationName(cur), m.LocationName(l))
					}
					cur = l
				}
				if o.LowCrawl && len(o.Path) != 1 {
					t.Errorf("a Low Crawl of %d Locations", len(o.Path))
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no rout option at all: the test sees nothing")
	}
}

// A unit that must rout and has no legal rout is eliminated for Failure to
// Rout (ASL A10.5): here every Location next to it is ADJACENT to a Known
// enemy unit.
func TestA10_5_FailureToRout(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	g := bare(t, w, PolicyHold)
	b := put(t, g, &state.Unit{ID: "B1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Broken: true, Known: true}, "x1N6")
	i := 0
	hex.Within(b.At().Hex, 2, func(h hex.Hex) bool {
		if hex.Distance(h, b.At().Hex) == 2 && w.Map().OnMap(h) {
			i++
			put(t, g, &state.Unit{ID: "E" + string(rune('a'+i)), Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, w.Map().NameString(h))
		}
		return true
	})
	g.res.Reset(g.st, g.seeded)
	if opts, _ := g.res.RoutOptions(b); len(opts) != 0 || g.res.NeedsRout(b) != combat.MustRout {
		t.Fatalf("B1 ringed by %d ENEMY squads: %d rout options, need %v", i, len(opts), g.res.NeedsRout(b))
	}
	evs := playPhase(t, g, state.Friendly, state.RtPh)
	el := kinds(evs, report.Eliminate)
	if g.st.Holds(b) || len(el) != 1 || el[0].Cause != report.FailedRout {
		t.Fatalf("B1 cannot rout: %v", evs)
	}
	if !strings.Contains(report.New(w).Text(&el[0]), "Failure to Rout") {
		t.Errorf("words: %s", report.New(w).Text(&el[0]))
	}
}

// A broken unit not exposed and not DM stays; one DM only may rout, and
// the engine leaves it (ASL A10.5); a unit in Melee does not rout.
func TestA10_5_WhoRouts(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	g := bare(t, w, PolicyHold)
	calm := put(t, g, &state.Unit{ID: "B1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Broken: true}, "x1L7")
	dm := put(t, g, &state.Unit{ID: "B2", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Broken: true, DM: true}, "x1M7")
	melee := put(t, g, &state.Unit{ID: "B3", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Broken: true}, "x1Q5")
	put(t, g, &state.Unit{ID: "E1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, "x1Q5")
	put(t, g, &state.Unit{ID: "E2", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, "x1G2")
	g.res.Reset(g.st, g.seeded)
	for _, c := range []struct {
		u    *state.Unit
		want combat.RoutNeed
	}{{calm, combat.NoRout}, {dm, combat.MayRout}, {melee, combat.NoRout}} {
		if got := g.res.NeedsRout(c.u); got != c.want {
			t.Errorf("%s: %v, want %v", c.u.ID, got, c.want)
		}
	}
	evs := playPhase(t, g, state.Friendly, state.RtPh)
	if r := kinds(evs, report.Rout); len(r) != 0 {
		t.Errorf("routs where none must: %v", r)
	}
}

// Desperation Morale (ASL A10.62): a unit that breaks, or is attacked
// broken, is DM; a DM unit rallies with the desperation DRM even with no
// enemy unit near; DM ends at the end of its own RPh unless it still must
// rout where it is.
func TestA10_62_DesperationMorale(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	g := bare(t, w, PolicyHold)
	u := put(t, g, &state.Unit{ID: "B1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}, "x1L7")
	g.res.Reset(g.st, g.seeded)
	if err := g.res.Apply(tablesMC(), []*state.Unit{u}); err != nil {
		t.Fatal(err)
	}
	for !u.Broken {
		if err := g.res.Apply(tablesMC(), []*state.Unit{u}); err != nil {
			t.Fatal(err)
		}
	}
	if !u.DM {
		t.Fatal("a unit that broke is not DM")
	}
	// Its rally, in the FRIENDLY RPh, takes the desperation DRM: no enemy
	// is anywhere near.
	evs := playPhase(t, g, state.Friendly, state.RPh)
	drm := -99
	for _, e := range evs {
		if (e.Kind == report.Rally || e.Kind == report.Morale && e.Cause == report.RallyFailed) && e.Units[0] == "B1" {
			drm = e.Dice.DRM
		}
	}
	want := g.w.Tables().Combat.Desperation.Value + g.w.Tables().Combat.SelfRally.Value + g.w.Tables().Combat.RallyTerrain.Value
	if drm != want {
		t.Errorf("DM B1's rally: DRM %d, want %d (desperation, self-rally, woods): %v", drm, want, evs)
	}
	if u.DM {
		t.Error("DM outlasts the end of its own RPh with no enemy near")
	}
}

// tablesMC is a 1MC result of the IFT.
func tablesMC() tables.Result { return tables.Result{Kind: tables.MC, N: 1} }

// A Known enemy unit the rout rules weigh (ASL A10.5): an ENEMY unit on the
// map, never an S?; a FRIENDLY unit only when Known to the ENEMY.
func TestA10_5_Known(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		u    state.Unit
		want bool
	}{
		{state.Unit{Side: state.Enemy, Kind: state.Squad}, true},
		{state.Unit{Side: state.Enemy, Kind: state.SQ}, false},
		{state.Unit{Side: state.Enemy, Kind: state.Squad, Entering: true}, false},
		{state.Unit{Side: state.Friendly, Kind: state.Squad}, false},
		{state.Unit{Side: state.Friendly, Kind: state.Squad, Known: true}, true},
	} {
		if got := combat.Known(&c.u); got != c.want {
			t.Errorf("%+v: Known %v", c.u, got)
		}
	}
}

// Whole games on real boards, both sides played by the engine: broken
// units of both sides rout, and after every RtPh none is left ADJACENT to
// a Known Good Order enemy unit nor in Open Ground in the LOS and normal
// range of one (ASL A10.5) where it was, but in Melee.
func TestA10_5_NoneLeftExposed(t *testing.T) {
	t.Parallel()
	w := prepareText(t, attack24)
	w4 := prepareText(t, realMission)
	routed := [2]int{}
	for _, wc := range []*world.World{w, w4} {
		for _, pol := range []state.Policy{PolicyHold, PolicyAttack} {
			for seed := range longrun.Seeds(40, 8) {
				g, _, err := New(wc, state.Game{Seed: seed, HasSeed: true, Policy: pol}, nil)
				if err != nil {
					t.Fatal(err)
				}
				for !g.Over() {
					_, _, ph := g.Clock()
					rep, err := g.Phase(nil)
					if err != nil {
						t.Fatal(err)
					}
					for _, e := range kinds(rep.Events, report.Rout) {
						routed[e.Side]++
					}
					if ph != state.RtPh {
						continue
					}
					for _, u := range g.st.Units() {
						if u.Broken && u.OnMap() && !u.Routed && !g.res.InMelee(u.At()) && g.res.Exposed(u.Side, u.At()) {
							t.Fatalf("%s seed %d turn %d: broken %s %s stayed in %s in the RtPh", pol, seed, g.st.Turn, u.Side, u.ID, wc.Map().LocationName(u.At()))
						}
					}
				}
			}
		}
	}
	if routed[state.Enemy] == 0 || routed[state.Friendly] == 0 {
		t.Errorf("routs in 160 games: ENEMY %d, FRIENDLY %d: both sides should rout", routed[state.Enemy], routed[state.Friendly])
	}
}

// A player game stops in the RtPh where FRIENDLY broken units must or may
// rout, offering each its legal destinations (ASL A10.5): an illegal rout
// is refused with the rule and changes nothing, a legal one is carried
// out and journaled (the file replays to the same game), and pass has the
// engine rout the rest that must.
func TestA10_5_PlayerRoutStop(t *testing.T) {
	t.Parallel()
	w := prepareText(t, realMission)
	m := w.Map()
	stops, routed, refused, crawled := 0, 0, 0, 0
	for seed := uint64(1); seed <= 30 && routed < 3; seed++ {
		s := begin(t, w, seed, PolicyPlayer, StopFire)
		for s.Stop().Kind != state.Over {
			stop := s.Stop()
			if stop.Kind != state.RoutAt || len(stop.Routs) == 0 {
				do(t, s, Pass)
				continue
			}
			stops++
			if stop.Phase != state.RtPh {
				t.Fatalf("a rout stop in the %s", stop.Phase)
			}
			r := stop.Routs[0]
			u := s.g.st.Unit(r.Unit)
			if u == nil || !u.Broken || u.At() != r.At {
				t.Fatalf("rout stop for %s in %s: %+v", r.Unit, m.LocationName(r.At), u)
			}
			// An illegal rout: a Location next to it the stop does not offer.
			for d := range hex.Dirs {
				l := board.Ground(r.At.Hex.Neighbour(d))
				if !m.OnMap(l.Hex) || slices.Contains(r.To, l) || slices.Contains(r.Crawl, l) {
					continue
				}
				before := written(t, s.g)
				c, err := ParseCommand("move "+r.Unit+" "+m.LocationName(l), m)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Do(c, nil); err == nil || !strings.Contains(err.Error(), "ASL A10.5") {
					t.Fatalf("seed %d: an illegal rout of %s to %s: %v", seed, r.Unit, m.LocationName(l), err)
				}
				if string(written(t, s.g)) != string(before) {
					t.Fatal("a refused rout changed the game")
				}
				refused++
				break
			}
			if len(r.Crawl) > 0 && crawled == 0 {
				// A Low Crawl, shown before it is done as it is done: all
				// the unit's MF (ASL A10.52).
				// One of two Locations is refused before anything moves,
				// the session playing on (ASL A10.52).
				// By way of a Location next to both where it is and where
				// it Low Crawls to.
				var via board.Location
				for d := range hex.Dirs {
					l := board.Ground(r.At.Hex.Neighbour(d))
					if m.OnMap(l.Hex) && l != r.Crawl[0] && hex.Distance(l.Hex, r.Crawl[0].Hex) == 1 && !s.g.st.Has(state.Enemy, l) {
						via = l
						break
					}
				}
				if via != (board.Location{}) {
					before := written(t, s.g)
					two := Command{Verb: Move, Units: []string{r.Unit}, To: []board.Location{via, r.Crawl[0]}, LowCrawl: true}
					if _, err := s.Do(two, nil); err == nil || !strings.Contains(err.Error(), "ASL A10.52") || s.Failed() || string(written(t, s.g)) != string(before) {
						t.Fatalf("a Low Crawl of two Locations: %v (the session failed: %v)", err, s.Failed())
					}
				}
				c := Command{Verb: Move, Units: []string{r.Unit}, To: r.Crawl[:1], LowCrawl: true}
				pv, perr := s.Preview(c)
				st, err := s.Do(c, nil)
				checkPreview(t, c.Text(m), pv, perr, st, err)
				if pv.Spent != 2*w.Tables().Combat.RoutMF.Value {
					t.Errorf("the Low Crawl's preview spends %d half MF, not all its MF", pv.Spent)
				}
				crawled++
				continue
			}
			if len(r.To) == 0 {
				do(t, s, Pass)
				continue
			}
			to := r.To[len(r.To)-1]
			c, err := ParseCommand("move "+r.Unit+" "+m.LocationName(to), m)
			if err != nil {
				t.Fatal(err)
			}
			st, err := s.Do(c, nil)
			if err != nil {
				t.Fatalf("seed %d: a legal rout of %s to %s: %v", seed, r.Unit, m.LocationName(to), err)
			}
			if len(kinds(st.Events, report.Rout)) != 1 {
				t.Fatalf("the rout tells %v", st.Events)
			}
			if s.g.st.Holds(u) && (u.At() != to || !u.Routed || !u.DM) {
				t.Fatalf("%s routed to %s: in %s, routed %v, DM %v", u.ID, m.LocationName(to), m.LocationName(u.At()), u.Routed, u.DM)
			}
			if _, still := routOf(s.Stop(), r.Unit); still {
				t.Fatalf("%s routed and the stop still offers it", r.Unit)
			}
			routed++
			// The journal replays to the same game, stop and all.
			rs, err := Replay(w, s.g.st.Game, s.Journal())
			if err != nil {
				t.Fatal(err)
			}
			if a, b := written(t, rs.g), written(t, s.g); string(a) != string(b) {
				t.Fatalf("the replay differs:\n%s\n---\n%s", a, b)
			}
			rs.Close()
		}
		s.Close()
	}
	t.Logf("%d rout stops, %d routs by the player, %d refused, %d Low Crawls", stops, routed, refused, crawled)
	if stops == 0 || routed == 0 || refused == 0 || crawled == 0 {
		t.Fatalf("%d rout stops, %d routs by the player, %d refused in 30 games", stops, routed, refused)
	}
}

// Low Crawl (ASL A10.52): one Location, all the unit's MF, never
// Interdicted; the player asks for it with --low-crawl, which is no move
// of the MPh.
func TestA10_52_LowCrawl(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	m := w.Map()
	g := bare(t, w, PolicyHold)
	b := put(t, g, &state.Unit{ID: "B1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Broken: true, Known: true}, "x1Q8")
	put(t, g, &state.Unit{ID: "K1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7"}, "x1Q10")
	g.res.Reset(g.st, g.seeded)
	opts, err := g.res.RoutOptions(b)
	if err != nil {
		t.Fatal(err)
	}
	var crawl *combat.RoutOption
	for i, o := range opts {
		if o.LowCrawl && o.To == loc(t, w, "x1Q7") {
			crawl = &opts[i]
		}
	}
	if crawl == nil || len(crawl.Path) != 1 || crawl.HalfMF != 2*w.Tables().Combat.RoutMF.Value {
		t.Fatalf("no Low Crawl to x1Q7 of all its MF: %+v", opts)
	}
	if _, err := g.res.RoutPath(b, []board.Location{loc(t, w, "x1Q7")}, true); err != nil {
		t.Fatal(err)
	}
	if _, err := g.res.RoutPath(b, []board.Location{loc(t, w, "x1Q9")}, true); err == nil || !strings.Contains(err.Error(), "ASL A10.5") {
		t.Errorf("a Low Crawl toward K1: %v", err)
	}
	log := g.hw.Log()
	from := log.Len()
	if err := g.res.RoutOne(b, *crawl); err != nil {
		t.Fatal(err)
	}
	evs := log.Since(from)
	if len(evs) != 1 || evs[0].Kind != report.Rout || b.At() != loc(t, w, "x1Q7") || !strings.Contains(report.New(w).Text(&evs[0]), "Low Crawls") {
		t.Fatalf("the Low Crawl: %v, B1 in %s", evs, m.LocationName(b.At()))
	}
	c, err := ParseCommand("move F1 x1Q7 --low-crawl", m)
	if err != nil || !c.LowCrawl || c.Text(m) != "move F1 x1Q7 --low-crawl" {
		t.Errorf("--low-crawl: %+v %v", c, err)
	}
	for _, bad := range []string{"move F1 x1Q7 x1Q6 --low-crawl", "move F1 --low-crawl"} {
		if _, err := ParseCommand(bad, m); err == nil {
			t.Errorf("%q is taken", bad)
		}
	}
}

// From the nearest building or woods Location a routing unit may go on
// directly into more (ASL A10.51), though another way reaches them for
// fewer MF: on board 4, F4 broken on the road in 4T2 ADJACENT to a Known
// squad in 4T3 must rout, to 4T1 and, going on, into the woods of 4U1 (the
// position of the README's walkthrough game, four-boards seed 11, set up
// by hand so that the ENEMY's play does not move it).
func TestA10_51_GoOnIntoMoreWoods(t *testing.T) {
	t.Parallel()
	w := prepareText(t, realMission)
	m := w.Map()
	g := bare(t, w, PolicyHold)
	f4 := put(t, g, &state.Unit{ID: "F4", Side: state.Friendly, Kind: state.HalfSquad, Type: "3-3-7", Broken: true, Known: true}, "4T2")
	put(t, g, &state.Unit{ID: "K1", Side: state.Enemy, Kind: state.Squad, Type: "4-4-7"}, "4T3")
	g.res.Reset(g.st, g.seeded)
	if need := g.res.NeedsRout(f4); need != combat.MustRout {
		t.Fatalf("F4 broken in 4T2, K1 in 4T3: %v, want MustRout", need)
	}
	opts, err := g.res.RoutOptions(f4)
	if err != nil {
		t.Fatal(err)
	}
	var to []board.Location
	for _, o := range opts {
		if !o.LowCrawl {
			to = append(to, o.To)
		}
	}
	t1, u1 := loc(t, w, "4T1"), loc(t, w, "4U1")
	if !slices.Contains(to, t1) || !slices.Contains(to, u1) {
		t.Fatalf("F4 in 4T2 may rout to %s; want 4T1 and, going on into the woods, 4U1", names(m, to))
	}
	if _, err := g.res.RoutPath(f4, []board.Location{t1, u1}, false); err != nil {
		t.Fatalf("the rout 4T1 4U1: %v", err)
	}
}

// A broken leader that fails an Interdiction NMC is Casualty Reduced
// (ASL A10.53, interdiction_fail): wounded (A17.11). The words of his
// wound tell the NMC he failed with its dice (DR 11 > ML 8), not a DR
// of 0 against a ML of 0: the dice of the check went with the event.
func TestInterdictedLeaderWoundTellsNMC_A10_53(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	g := bare(t, w, PolicyHold)
	b := put(t, g, &state.Unit{ID: "B1", Side: state.Friendly, Kind: state.Leader, Type: "8-1", Broken: true, Known: true}, "x1Q8")
	put(t, g, &state.Unit{ID: "K1", Side: state.Enemy, Kind: state.Squad, Type: "4-6-7", Known: true}, "x1Q10")
	// The first Interdiction NMC: DR 5+6 = 11 > ML 8; Wound Severity dr 2
	// (a minor wound); any further NMC on the way: DR 1+1, passed.
	r, err := dice.Scripted("5 6 2 1 1 1 1 1 1 1 1")
	if err != nil {
		t.Fatal(err)
	}
	g.res.Reset(g.st, r)
	opts, err := g.res.RoutOptions(b)
	if err != nil {
		t.Fatal(err)
	}
	best, ok := g.res.ChooseRout(b, opts)
	if !ok || best.Risk == 0 {
		t.Fatalf("no rout with an Interdiction from x1Q8: %+v", best)
	}
	log := g.hw.Log()
	from := log.Len()
	if err := g.res.RoutOne(b, best); err != nil {
		t.Fatal(err)
	}
	words := report.New(w)
	var wound string
	for _, e := range log.Since(from) {
		if e.Kind == report.Wound {
			wound = words.Text(&e)
		}
	}
	if !b.Wounded || !strings.Contains(wound, "NMC DR 11+0 = 11 > ML 8") {
		t.Errorf("B1 wounded %v, told as %q: want the failed NMC, DR 11+0 = 11 > ML 8", b.Wounded, wound)
	}
}
