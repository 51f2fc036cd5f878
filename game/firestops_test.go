package game

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// ffStop is a First Fire stop as a player who holds fire (next) met it:
// where, who, and how close the nearest shot was, worked out here from
// the units' own ranges (not by the code under test).
type ffStop struct {
	key         string // turn, at and moving
	path        []board.Location
	moving      []string
	logAt       int // the log's length at the stop
	normal, pbf bool
	hw, sff     bool
	at          board.Location
}

// holdFire plays a player game of w with seed, stopping as stops says, and
// answers next at every stop (First Fire held): its First Fire stops, and
// the count of First Fire chances left to the engine and said (Unasked).
func holdFire(t *testing.T, w *world.World, seed uint64, stops Stops) (out []ffStop, unasked int, s *Session) {
	return playFire(t, w, seed, stops, false)
}

// playFire is holdFire, but for a player who, with fire, First Fires once:
// at the first stop within normal range, with its first group; his units
// then fire Subsequent First Fire (ASL A8.3) if they may.
func playFire(t *testing.T, w *world.World, seed uint64, stops Stops, fire bool) (out []ffStop, unasked int, s *Session) {
	t.Helper()
	s, _, err := Begin(w, state.Game{Mission: "test", Seed: seed, HasSeed: true, Policy: PolicyPlayer}, nil, stops)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	m := w.Map()
	for s.Stop().Kind != state.Over {
		if st := s.Stop(); st.Kind == state.FirstFireAt {
			f := ffStop{key: fmt.Sprintf("turn %d %s %v", st.Turn, m.LocationName(st.At), st.Moving), path: slices.Clone(st.Path), moving: slices.Clone(st.Moving), logAt: s.g.hw.Log().Len(), at: st.At}
			for _, gr := range st.Groups {
				f.sff = f.sff || gr.Fire == state.FireSubsequent
				d := hex.Distance(gr.At.Hex, st.At.Hex)
				for _, id := range gr.Units {
					u := s.g.st.Unit(id)
					if u != nil && u.Kind.MMC() && d <= s.g.res.Strength(u).Range {
						f.normal = true // ASL A7.2: within its normal range
					}
				}
				if dl := gr.At.Level - st.At.Level; d <= 1 && dl >= -1 && dl <= 1 {
					f.pbf = true // ASL A7.21: ADJACENT, or the same Location
				}
			}
			if u := s.g.st.Unit(st.Moving[0]); u != nil && u.Kind == state.SQ {
				f.hw = u.HW
			}
			out = append(out, f)
			if fire && f.normal && st.CanFire {
				fire = false
				c := Command{Verb: Fire, From: []board.Location{st.Groups[0].At}, At: st.At}
				if _, err := s.Do(c, nil); err != nil {
					t.Fatalf("seed %d: %s: %v", seed, c.Text(m), err)
				}
			}
		}
		for _, e := range do(t, s, Next).Events {
			if e.Kind == report.Unasked {
				unasked++
			}
		}
	}
	return out, unasked, s
}

func keys(stops []ffStop, keep func(ffStop) bool) []string {
	var out []string
	for _, f := range stops {
		if keep(f) {
			out = append(out, f.key)
		}
	}
	return out
}

// With the default --first-fire normal a player game stops only where a
// fire group has the moving stack within its normal range (ASL A7.2): a
// Human Wave S? moving beyond the normal range of every FRIENDLY unit,
// First Fire at which is only long range (A7.22), gives no stop. With
// every it stops at every shot, long range too, as sasl did before the
// setting (a game begun then replays so); a player who holds fire at
// every stop plays the same game either way (hold First Fires only within
// normal range: combat.hold_first_fire_range), so the stops of normal are
// those of every within normal range, none left out.
func TestFirstFireStopsWithinNormalRangeA7_2NotLongRangeA7_22(t *testing.T) {
	t.Parallel()
	w := prepareText(t, realMission)
	longHW, total, sff := 0, 0, 0
	for seed := range uint64(4) {
		every, _, _ := holdFire(t, w, seed, Stops{StopFire, FireStopsEvery})
		legacy, _, _ := holdFire(t, w, seed, Stops{StopFire, FireStopsUnset})
		all := func(ffStop) bool { return true }
		normal, unasked, _ := holdFire(t, w, seed, Stops{StopFire, FireStopsNormal})
		// A player who fires once plays the same game with every and
		// normal too; his units marked First Fire then stop the game where
		// they may fire Subsequent First Fire (A8.3: within normal range).
		fired, _, _ := playFire(t, w, seed, Stops{StopFire, FireStopsEvery}, true)
		firedNormal, _, _ := playFire(t, w, seed, Stops{StopFire, FireStopsNormal}, true)
		if got, want := keys(firedNormal, all), keys(fired, func(f ffStop) bool { return f.normal }); !slices.Equal(got, want) {
			t.Errorf("seed %d, a player who fired: --first-fire normal stops at\n%v\nwant those of every within normal range:\n%v", seed, got, want)
		}
		for _, f := range firedNormal {
			if f.sff {
				sff++
			}
		}
		if !slices.Equal(keys(every, all), keys(legacy, all)) {
			t.Errorf("seed %d: --first-fire every stops at %v, a game begun by an earlier sasl at %v", seed, keys(every, all), keys(legacy, all))
		}
		want := keys(every, func(f ffStop) bool { return f.normal })
		if got := keys(normal, all); !slices.Equal(got, want) {
			t.Errorf("seed %d: --first-fire normal stops at\n%v\nwant those of every within normal range:\n%v", seed, got, want)
		}
		for _, f := range every {
			if f.hw && !f.normal {
				longHW++
			}
		}
		total += len(every)
		t.Logf("seed %d: %d First Fire stops with every, %d with normal (%d chances left to hold, said)", seed, len(every), len(normal), unasked)
	}
	if longHW == 0 || total == 0 || sff == 0 {
		t.Errorf("%d stops at a Human Wave S? beyond every normal range, of %d; %d for Subsequent First Fire: the test checks too little", longHW, total, sff)
	}
}

// With --first-fire pbf a player game stops only where a fire group may
// fire Point Blank Fire: the moving stack ADJACENT to it or in its
// Location (ASL A7.21); First Fire further off is the engine's (hold).
func TestFirstFireStopsPointBlankOnlyA7_21(t *testing.T) {
	t.Parallel()
	w := prepareText(t, realMission)
	n, said := 0, 0
	for seed := range uint64(4) {
		pbf, unasked, _ := holdFire(t, w, seed, Stops{StopFire, FireStopsPBF})
		for _, f := range pbf {
			if !f.pbf {
				t.Errorf("seed %d: --first-fire pbf stops at %s, no fire group ADJACENT", seed, f.key)
			}
		}
		n += len(pbf)
		said += unasked
	}
	if said == 0 {
		t.Errorf("no First Fire chance left to hold and said in 4 games")
	}
	if n == 0 {
		t.Errorf("no Point Blank Fire stop in 4 games: the test checks too little")
	}
}

// --stop phase keeps the First Fire stops the player's --first-fire asks
// for (ASL A8.1); only a game begun by an earlier sasl, which has no
// --first-fire, stops at none, as it did.
func TestStopPhaseKeepsFirstFireA8_1(t *testing.T) {
	t.Parallel()
	w := prepareText(t, realMission)
	all := func(ffStop) bool { return true }
	n := 0
	for seed := range uint64(3) {
		fire, _, _ := holdFire(t, w, seed, Stops{StopFire, FireStopsNormal})
		phase, _, _ := holdFire(t, w, seed, Stops{StopPhase, FireStopsNormal})
		if !slices.Equal(keys(fire, all), keys(phase, all)) {
			t.Errorf("seed %d: --stop phase stops for First Fire at %v, --stop fire at %v", seed, keys(phase, all), keys(fire, all))
		}
		if old, _, _ := holdFire(t, w, seed, Stops{StopPhase, FireStopsUnset}); len(old) > 0 {
			t.Errorf("seed %d: a game of an earlier sasl with --stop phase stops for First Fire at %v", seed, keys(old, all))
		}
		n += len(phase)
	}
	if n == 0 {
		t.Error("no First Fire stop with --stop phase: the test checks too little")
	}
}

// A First Fire stop carries the mover's path this phase (ASL A8.1: the
// fire is at a stack as it moves): it ends where the stack entered, each
// step to an adjacent hex (or a level of the same), and it is the start
// of the move the log tells once the stack ends it. A stack that came
// onto the map starts beyond the edge.
func TestFirstFireStopPathIsTheMoversA8_1(t *testing.T) {
	t.Parallel()
	w := prepareText(t, realMission)
	m := w.Map()
	checked, offMap := 0, 0
	for seed := range uint64(3) {
		stops, _, s := holdFire(t, w, seed, Stops{StopFire, FireStopsEvery})
		events := s.g.hw.Log().Since(0)
		for _, f := range stops {
			if len(f.path) == 0 || f.path[len(f.path)-1] != f.at {
				t.Fatalf("seed %d: %s: path %v does not end where the stack entered", seed, f.key, names(m, f.path))
			}
			for i := 1; i < len(f.path); i++ {
				if hex.Distance(f.path[i-1].Hex, f.path[i].Hex) > 1 || f.path[i-1] == f.path[i] {
					t.Fatalf("seed %d: %s: path %v is no move step by step", seed, f.key, names(m, f.path))
				}
			}
			on := f.path
			if !m.OnMap(on[0].Hex) {
				on = on[1:]
				offMap++
			}
			for _, e := range events[f.logAt:] {
				if len(e.Steps) == 0 || e.Kind == report.MovesOn || !slices.ContainsFunc(e.Units, func(id string) bool { return slices.Contains(f.moving, id) }) {
					continue // a MovesOn tells a stretch of the move between stops
				}
				var told []board.Location
				for _, x := range e.Steps {
					if !x.Off && (len(told) == 0 || told[len(told)-1] != x.Location) {
						told = append(told, x.Location)
					}
				}
				if len(told) < len(on) || !slices.Equal(told[:len(on)], on) {
					t.Errorf("seed %d: %s: the stop's path %v, the move told %v", seed, f.key, names(m, f.path), names(m, told))
				}
				checked++
				break
			}
		}
	}
	t.Logf("%d paths checked against the moves told, %d from off the map", checked, offMap)
	if checked == 0 || offMap == 0 {
		t.Errorf("%d paths checked, %d from off the map: the test checks too little", checked, offMap)
	}
}

// --first-fire is a command's, kept in the journal, and only a player
// game's.
func TestFirstFireSettingCommands(t *testing.T) {
	t.Parallel()
	w := prepared(t, "crossroads", "")
	for _, text := range []string{"next --first-fire pbf", "next --stop phase --first-fire every", "setup --first-fire normal", "next --stop turn"} {
		c, err := ParseCommand(text, w.Map())
		if err != nil || c.Text(w.Map()) != text {
			t.Errorf("%q: read as %q, %v", text, c.Text(w.Map()), err)
		}
	}
	for _, text := range []string{"next --first-fire far", "pass --first-fire pbf", "next --first-fire", "next --first-fire pbf --first-fire every"} {
		if _, err := ParseCommand(text, w.Map()); err == nil {
			t.Errorf("%q: parsed", text)
		}
	}
	if _, _, err := Begin(w, state.Game{Mission: "crossroads", Seed: 1, HasSeed: true, Policy: PolicyHold}, nil, Stops{FirstFire: FireStopsNormal}); err == nil {
		t.Error("a hold game begun with --first-fire normal")
	}
	s := begin(t, w, 1, PolicyHold, StopFire)
	if _, err := s.Do(Command{Verb: Next, FirstFire: FireStopsPBF, HasFirstFire: true}, nil); err == nil {
		t.Error("next --first-fire pbf in a hold game: taken")
	}
	p, _, err := Begin(w, state.Game{Mission: "crossroads", Seed: 1, HasSeed: true, Policy: PolicyPlayer}, nil, Stops{FirstFire: FireStopsNormal})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Do(Command{Verb: Next, FirstFire: FireStopsPBF, HasFirstFire: true}, nil); err != nil {
		t.Fatal(err)
	}
	j := p.Journal()
	if j[0].Do != "setup --first-fire normal --rules 2" || j[1].Do != "next --first-fire pbf" || p.g.Stops().FirstFire != FireStopsPBF || p.g.st.FirstFire != "pbf" {
		t.Errorf("journal %q, %q; stops %v, file %q", j[0].Do, j[1].Do, p.g.Stops(), p.g.st.FirstFire)
	}
}
