package game

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/combat"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/internal/testkit/longrun"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// The fire that follows First Fire, played at the stops (ASL A8.1-A8.4):
// the player fires the first group every First Fire stop offers; a unit
// that fired is not offered again at that move, and at later moves a stop
// offers it Subsequent First Fire within its normal range (A8.3), then
// marked Final Fire, Final Protective Fire at ADJACENT Locations only,
// each firer taking its NMC (A8.31); the Residual FP its fire left attacks
// later movers (A8.2); in the DFPh a unit marked First Fire fires only at
// an ADJACENT Location (A8.4) and one marked Final Fire not at all; the
// journal replays it all.
func TestSubsequentFirstFireStops_A8_3(t *testing.T) {
	t.Parallel()
	var sff, fpf, nmc, residual, refusedSFF, refusedDFPh, finalFire int
	for _, w := range []*world.World{prepareText(t, realMission), prepared(t, "crossroads", "")} {
		m := w.Map()
		for seed := range longrun.Seeds(30, 10) {
			s := begin(t, w, seed, PolicyPlayer, StopFire)
			for s.Stop().Kind != state.Over {
				stop := s.Stop().Clone()
				st := s.g.st
				if stop.Kind == state.BeforePhase && stop.Player == state.Enemy && stop.Phase == state.DFPh {
					refusedDFPh += dfphRefusals(t, s, seed)
					finalFire += dfphFinalFire(t, s, seed)
					do(t, s, Next)
					continue
				}
				if stop.Kind != state.FirstFireAt || !stop.CanFire {
					do(t, s, Next)
					continue
				}
				// Units marked First Fire beyond their normal range are refused
				// with the rule (A8.3).
				for _, u := range slices.Clone(st.OfSide(state.Friendly)) {
					if !st.Holds(u) || !u.OnMap() || !u.Fired || u.FinalFire || u.Broken || !u.Kind.MMC() || s.g.res.InMelee(u.At()) || slices.ContainsFunc(stop.Groups, func(g state.StopGroup) bool { return g.At == u.At() }) {
						continue
					}
					if hex.Distance(u.At().Hex, stop.At.Hex) <= w.Strength(u).Range || len(s.g.fireGroup(u.At(), report.FirstFire)) > 0 {
						continue
					}
					c, _ := ParseCommand("fire --from "+m.LocationName(u.At())+" --at "+m.LocationName(stop.At), m)
					before := written(t, s.g)
					if _, err := s.Do(c, nil); err == nil || !strings.Contains(err.Error(), "ASL A8.3") {
						t.Fatalf("seed %d: %s (marked First Fire, %d hexes, range %d) fired at %s: %v", seed, u.ID, hex.Distance(u.At().Hex, stop.At.Hex), w.Strength(u).Range, m.LocationName(stop.At), err)
					}
					if !bytes.Equal(before, written(t, s.g)) {
						t.Fatalf("seed %d: a refused fire changed the game", seed)
					}
					refusedSFF++
					break
				}
				g := stop.Groups[0]
				var fg []*state.Unit
				for _, id := range g.Units {
					u := st.Unit(id)
					fg = append(fg, u)
					want := map[state.FireKind]bool{state.FireFirst: !u.Fired, state.FireSubsequent: u.Fired && !u.FinalFire, state.FireProtective: u.FinalFire}[g.Fire]
					if !want {
						t.Fatalf("seed %d: %s (fired %v, final %v) offered as %s", seed, id, u.Fired, u.FinalFire, g.Fire)
					}
					switch d := hex.Distance(g.At.Hex, stop.At.Hex); {
					case g.Fire == state.FireSubsequent && u.Kind.MMC() && d > w.Strength(u).Range:
						t.Fatalf("seed %d: %s offered Subsequent First Fire at %d hexes, beyond its normal range %d (A8.3)", seed, id, d, w.Strength(u).Range)
					case g.Fire == state.FireProtective && !combat.Adjacent(m, g.At, stop.At):
						t.Fatalf("seed %d: %s offered FPF at %s, not ADJACENT (A8.31)", seed, id, m.LocationName(stop.At))
					}
				}
				c, _ := ParseCommand("fire --from "+m.LocationName(g.At)+" --at "+m.LocationName(stop.At), m)
				step, err := s.Do(c, nil)
				if err != nil {
					t.Fatalf("seed %d: %s offered, then %v", seed, report.Where(stop), err)
				}
				kind := map[state.FireKind]report.Kind{state.FireFirst: report.FirstFire, state.FireSubsequent: report.SubsequentFirstFire, state.FireProtective: report.FinalProtectiveFire}[g.Fire]
				fired := slices.IndexFunc(step.Events, func(e report.Event) bool { return e.Kind == kind })
				if fired < 0 && slices.ContainsFunc(step.Events, func(e report.Event) bool { return e.Kind != report.Activate && e.Kind != report.Dummy }) {
					t.Fatalf("seed %d: %s fire by %v: no %v event: %v", seed, g.Fire, g.Units, kind, step.Events)
				}
				for _, u := range fg {
					if st.Holds(u) && (g.Fire != state.FireFirst) != u.FinalFire {
						t.Errorf("seed %d: %s after %s: Final Fire %v (A8.3)", seed, u.ID, g.Fire, u.FinalFire)
					}
				}
				if g.Fire == state.FireSubsequent {
					sff++
				}
				if g.Fire == state.FireProtective && fired >= 0 {
					fpf++
					for _, e := range step.Events[fired:] {
						if (e.Kind == report.Morale || e.Kind == report.Break) && e.Cause&^report.Reduced == report.FPFCheck {
							nmc++
						}
					}
				}
				// Each unit fires once at a move: the stop brought up to date
				// offers none of them again.
				for _, ng := range s.Stop().Groups {
					for _, id := range g.Units {
						if slices.Contains(ng.Units, id) {
							t.Fatalf("seed %d: %s fired at the move into %s and is offered again (%s)", seed, id, m.LocationName(stop.At), ng.Fire)
						}
					}
				}
				next := do(t, s, Next)
				for _, e := range next.Events {
					if e.Kind == report.ResidualFire && e.Side == state.Friendly {
						residual++
					}
				}
			}
			final := written(t, s.g)
			r, err := Replay(w, s.g.st.Game, s.Journal())
			if err != nil {
				t.Fatalf("seed %d: replay: %v", seed, err)
			}
			if !bytes.Equal(written(t, r.g), final) {
				t.Fatalf("seed %d: the journal's replay differs", seed)
			}
			r.Close()
		}
	}
	t.Logf("%d Subsequent First Fire, %d FPF with %d NMC, %d Residual FP attacks; %d SFF and %d DFPh fires refused; %d DFPh Final Fire", sff, fpf, nmc, residual, refusedSFF, refusedDFPh, finalFire)
	if sff == 0 || fpf == 0 || nmc == 0 || residual == 0 || refusedSFF == 0 || refusedDFPh == 0 || finalFire == 0 {
		t.Errorf("the test checks too little: %d SFF, %d FPF, %d NMC, %d Residual FP attacks, %d SFF refused, %d DFPh refused", sff, fpf, nmc, residual, refusedSFF, refusedDFPh)
	}
}

// dfphRefusals tries, before the DFPh, the fire of each FRIENDLY Location
// whose units all fired in the MPh at a Location that is not ADJACENT: it
// must be refused with ASL A8.4. It returns how many it tried.
func dfphRefusals(t *testing.T, s *Session, seed uint64) int {
	t.Helper()
	st, m := s.g.st, s.g.w.Map()
	n := 0
	for _, u := range slices.Clone(st.OfSide(state.Friendly)) {
		if !u.OnMap() || !u.Fired || u.Broken || !u.Kind.MMC() || len(s.g.fireGroup(u.At(), report.FirstFire)) > 0 || s.g.res.InMelee(u.At()) {
			continue
		}
		for _, e := range slices.Clone(st.OfSide(state.Enemy)) {
			if !combat.Target(e) || combat.Adjacent(s.g.w.Map(), u.At(), e.At()) || s.g.res.InMelee(e.At()) || hex.Distance(u.At().Hex, e.At().Hex) > 2*w(s).Strength(u).Range || !w(s).Sight(e.At(), u.At()).Clear {
				continue
			}
			c, _ := ParseCommand("fire --from "+m.LocationName(u.At())+" --at "+m.LocationName(e.At()), m)
			if _, err := s.Do(c, nil); err == nil || !strings.Contains(err.Error(), "ASL A8.4") {
				t.Fatalf("seed %d: %s (fired %v, final %v) fired in the DFPh at %s, not ADJACENT: %v", seed, u.ID, u.Fired, u.FinalFire, m.LocationName(e.At()), err)
			}
			n++
			break
		}
	}
	return n
}

// dfphFinalFire fires, before the DFPh, each FRIENDLY Location whose units
// are all marked First Fire at an ADJACENT ENEMY Location: Final Fire as
// Area Fire (ASL A8.4). It returns how many fired.
func dfphFinalFire(t *testing.T, s *Session, seed uint64) int {
	t.Helper()
	st, m := s.g.st, s.g.w.Map()
	n := 0
	for _, u := range slices.Clone(st.OfSide(state.Friendly)) {
		if !st.Holds(u) || !u.OnMap() || !u.Fired || u.FinalFire || u.Broken || !u.Kind.MMC() || len(s.g.fireGroup(u.At(), report.FirstFire)) > 0 || s.g.res.InMelee(u.At()) {
			continue
		}
		for _, e := range slices.Clone(st.OfSide(state.Enemy)) {
			if !st.Holds(e) || !combat.Target(e) || !combat.Adjacent(s.g.w.Map(), u.At(), e.At()) || e.At() == u.At() || !w(s).Sight(e.At(), u.At()).Clear {
				continue
			}
			c, _ := ParseCommand("fire --from "+m.LocationName(u.At())+" --at "+m.LocationName(e.At()), m)
			step, err := s.Do(c, nil)
			if err != nil {
				t.Fatalf("seed %d: %s (marked First Fire) at ADJACENT %s in the DFPh: %v", seed, u.ID, m.LocationName(e.At()), err)
			}
			if !slices.ContainsFunc(step.Events, func(e report.Event) bool { return e.Kind == report.FinalFire }) {
				t.Fatalf("seed %d: %s's DFPh fire at ADJACENT %s is no Final Fire: %v", seed, u.ID, m.LocationName(e.At()), step.Events)
			}
			n++
			break
		}
	}
	return n
}

func w(s *Session) interface {
	Strength(*state.Unit) tables.Strength
	Sight(a, b board.Location) world.Sight
} {
	return s.g.w
}

// The engine's fire after First Fire, both sides, in whole games (ASL
// A8.2-A8.4): Subsequent First Fire within the firers' normal range, Final
// Protective Fire and DFPh Final Fire only from Locations ADJACENT to the
// target, FPF followed by its NMC, and Residual FP attacking the movers of
// both sides.
func TestEngineFireAfterFirstFire_A8_4(t *testing.T) {
	t.Parallel()
	count := map[string]int{}
	for _, w := range []*world.World{prepareText(t, attack24), prepared(t, "wooded-hill", "")} {
		for _, pol := range []state.Policy{PolicyAttack, PolicyHold} {
			for seed := range longrun.Seeds(20, 8) {
				g, _, err := New(w, state.Game{Mission: "test", Seed: seed, HasSeed: true, Policy: pol}, nil)
				if err != nil {
					t.Fatal(err)
				}
				for !g.Over() {
					at := map[string]board.Location{}
					for _, u := range g.st.Units() {
						at[u.ID] = u.At()
					}
					rep, err := g.Phase(nil)
					if err != nil {
						t.Fatal(err)
					}
					for i, e := range rep.Events {
						var as report.Kind
						var side state.Side
						switch {
						case e.Kind == report.Fire && e.Fire.As != 0:
							as, side = e.Fire.As, state.Enemy
						case e.Kind == report.SubsequentFirstFire || e.Kind == report.FinalProtectiveFire || e.Kind == report.FinalFire:
							as, side = e.Kind, state.Friendly
						case e.Kind == report.ResidualFire:
							count["residual by the "+e.Side.String()]++
							continue
						default:
							continue
						}
						count[side.String()+" "+as.String()]++
						for _, from := range e.Fire.From {
							d := hex.Distance(from.Hex, e.Fire.At.Hex)
							switch {
							case as == report.SubsequentFirstFire && d > 6:
								t.Errorf("%s seed %d: %v at %d hexes (A8.3: normal range)", pol, seed, e.Units, d)
							case (as == report.FinalProtectiveFire || as == report.FinalFire) && !combat.Adjacent(w.Map(), from, e.Fire.At):
								t.Errorf("%s seed %d: %s by %v from %s at %s, not ADJACENT (A8.31, A8.4)", pol, seed, as, e.Units, w.Map().LocationName(from), w.Map().LocationName(e.Fire.At))
							}
						}
						for _, id := range e.Units {
							if l, ok := at[id]; ok && as == report.SubsequentFirstFire && hex.Distance(l.Hex, e.Fire.At.Hex) > 6 {
								t.Errorf("%s seed %d: %s fires SFF from %d hexes (A8.3)", pol, seed, id, hex.Distance(l.Hex, e.Fire.At.Hex))
							}
						}
						// The NMC: its events name FPFCheck, or an Original
						// 12 (MC12: Casualty Reduction, A10.31) of a firer.
						if as == report.FinalProtectiveFire && !slices.ContainsFunc(rep.Events[i:], func(x report.Event) bool {
							c := x.Cause &^ report.Reduced
							return c == report.FPFCheck || c == report.MC12 && len(x.Units) > 0 && slices.Contains(e.Units, x.Units[0])
						}) {
							t.Errorf("%s seed %d: FPF by %v took no NMC (A8.31)", pol, seed, e.Units)
						}
					}
				}
			}
		}
	}
	t.Logf("%v", count)
	for _, k := range []string{"enemy subsequent_first_fire", "enemy final_protective_fire", "friendly subsequent_first_fire", "residual by the enemy", "residual by the friendly"} {
		if count[k] == 0 {
			t.Errorf("no %s in these games: the test checks too little (%v)", k, count)
		}
	}
}

// Residual FP attacks every unit that enters its Location (ASL A8.2), an
// S? too: as any attack on an S? (the player's fire, Session.fire), it
// Activates the S? first (SASL 3.32; a Human Wave S? by Table x10, SASL
// 4.34: never a dummy), then attacks the units it became, which move on
// as those units.
func TestResidualFPAttacksSQ_A8_2(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	for seed := range uint64(5) {
		g := bare(t, w, PolicyHold)
		s := put(t, g, &state.Unit{ID: "A1", Side: state.Enemy, Kind: state.SQ, HW: true, Wave: "A"}, "x1Q8")
		at := s.At()
		g.st.LeaveResidual(at, 4)
		g.res.Reset(g.st, dice.Seeded(seed))
		log := g.hw.Log()
		n := log.Len()
		if err := g.Entered([]*state.Unit{s}, at, nil); err != nil {
			t.Fatal(err)
		}
		evs := log.Since(n)
		act := slices.IndexFunc(evs, func(e report.Event) bool { return e.Kind == report.Activate && e.Units[0] == "A1" })
		res := slices.IndexFunc(evs, func(e report.Event) bool { return e.Kind == report.ResidualFire })
		if act < 0 || res < act {
			t.Fatalf("seed %d: the S? entering Residual FP 4: Activated at %d, attacked at %d: %v", seed, act, res, evs)
		}
		var made []string
		for _, x := range evs[act].Made {
			if x.ID != "" {
				made = append(made, x.ID)
			}
		}
		if got := evs[res].Units; !slices.Equal(got, made) {
			t.Errorf("seed %d: the Residual FP attacks %v, want the units the S? became, %v", seed, got, made)
		}
		if text := report.New(w).Text(&evs[act]); !strings.Contains(text, "Residual FP") || !strings.Contains(text, "ASL A8.2") {
			t.Errorf("seed %d: the Activation told as %q", seed, text)
		}
	}
}
