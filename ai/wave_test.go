package ai

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// worlds are the worlds newWorld built, by mission: a test that plays
// many games of one mission builds its world (and line of sight) once.
var worlds sync.Map

// newWorld returns the world of mission ms on m with the default tables
// and Infantry costs in clear weather, month 7.
func newWorld(t testing.TB, m *board.Map, ms *missions.Mission) *world.World {
	t.Helper()
	if w, ok := worlds.Load(ms); ok && w.(*world.World).Map() == m {
		return w.(*world.World)
	}
	w, err := world.New(m, ms, tables.Default(), infantryOf(t, m))
	if err != nil {
		t.Fatal(err)
	}
	worlds.Store(ms, w)
	return w
}

func newHW(t testing.TB, m *board.Map, ms *missions.Mission, r dice.Roller, st *state.State) *Enemy {
	t.Helper()
	if st == nil {
		var err error
		if st, err = ms.State(m); err != nil {
			t.Fatal(err)
		}
	}
	return New(newWorld(t, m, ms), r, st)
}

// event is an event with its words, for the tests to read.
type event struct {
	report.Event
	Text string
}

// worded returns the events of the engine's log from the n-th on, with
// their words.
func worded(h *Enemy, n int) []event {
	words := report.New(h.w)
	var out []event
	for _, e := range h.Log().Since(n) {
		out = append(out, event{e, words.Text(&e)})
	}
	return out
}

// play plays phase ph and returns its events.
func play(h *Enemy, ph state.Phase) ([]event, error) {
	n := h.Log().Len()
	err := h.Play(ph, false)
	return worded(h, n), err
}

// waveTurn is what the Human Waves did in one turn.
type waveTurn struct {
	Turn   int
	Events []event
}

// playTurn plays the Human Waves through one ENEMY Player Turn (RPh, MPh,
// AFPh, APh; no 4.2 entry) and moves the turn on.
func playTurn(h *Enemy) (*waveTurn, error) {
	wt := &waveTurn{Turn: h.st.Turn}
	for _, ph := range []state.Phase{state.RPh, state.MPh, state.AFPh, state.APh} {
		ev, err := play(h, ph)
		if err != nil {
			return nil, err
		}
		wt.Events = append(wt.Events, ev...)
	}
	h.st.Turn++
	h.st.Phase = state.RPh
	return wt, nil
}

func events(wt *waveTurn, kind string) []event {
	var out []event
	for _, e := range wt.Events {
		if e.Kind.String() == kind {
			out = append(out, e)
		}
	}
	return out
}

// waveMoves are the moves of Human Wave movement in wt: not those of units
// outside a wave (attitude.go), which head for a goal.
func waveMoves(wt *waveTurn) []event {
	var out []event
	for _, e := range events(wt, "move") {
		if e.Goal == report.NoGoal {
			out = append(out, e)
		}
	}
	return out
}

// TestS4_31_EX: a Human Wave enters along the length of board 19: chits B
// and E are refused (two hexrows between them), F and T too (thirteen), N
// and X accepted (nine), giving the eleven entrance hexes N through X.
func TestS4_31_EX(t *testing.T) {
	t.Parallel()
	ms, m := mission(t, realBoards(t), "name: 4.31 EX\nboards: [[\"19\"]]\nfbe: north\nebe: south\n")
	r := scripted(t, "B E F T N X")
	we, err := New(newWorld(t, m, ms), r, nil).EnterWave(ms.EBE)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range we.Entrances {
		got = append(got, m.NameString(x))
	}
	slices.Sort(got)
	var want []string
	for c := 13; c <= 23; c++ { // N .. X
		g, _ := m.Name(mustLocate(t, m, fmt.Sprintf("19%s10", []string{"N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X"}[c-13])))
		want = append(want, g.String())
	}
	slices.Sort(want)
	if !slices.Equal(got, want) || len(we.Entrances) != 11 {
		t.Errorf("entrance hexes %v, want the eleven %v", got, want)
	}
	var between []int
	w := newWorld(t, m, ms)
	for i := 0; i+1 < len(we.Pairs); i += 2 {
		pa, pb := w.EdgePos(ms.EBE, we.Pairs[i]), w.EdgePos(ms.EBE, we.Pairs[i+1])
		between = append(between, max(pa, pb)-min(pa, pb)-1)
	}
	if !slices.Equal(between, []int{2, 13, 9}) {
		t.Errorf("pairs %v: hexes between them %v, want 2, 13 (both refused), 9", we.Pairs, between)
	}
	if len(r.Left()) != 0 {
		t.Errorf("dice left: %v", r.Left())
	}
}

func mustLocate(t testing.TB, m *board.Map, s string) hex.Hex {
	t.Helper()
	l, err := m.ParseLocation(s)
	if err != nil {
		t.Fatal(err)
	}
	return l.Hex
}

// Two empty boards, one above the other, the FBE north, a wave entering
// from the south on turn 1.
const openMission = `name: open ground
boards: [["o1"], ["o2"]]
fbe: north
ebe: south
human_wave:
  - {turn: 1, edge: south}
`

// A wave over open ground advances 8 hexes a turn.
func TestHWOpenGround(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission)
	h := newHW(t, m, ms, scripted(t, "K P"), nil)
	for turn := 1; turn <= 2; turn++ {
		wt, err := playTurn(h)
		if err != nil {
			t.Fatal(err)
		}
		moves := events(wt, "move")
		if len(moves) != 6 {
			t.Fatalf("turn %d: %d moves, want 6 (K..P)\n%v", turn, len(moves), wt.Events)
		}
		for _, e := range moves {
			// Hexes entered, one MF each (an odd hexrow is entered at its
			// half-hex 10, whose mirror off the map is itself).
			first, last := e.Steps[0].Location.Hex, e.Steps[len(e.Steps)-1].Location.Hex
			if n := len(e.Steps) - 1; n != 8 {
				t.Errorf("turn %d: %s advanced %d hexes, want 8: %s", turn, e.Units[0], n, e.Text)
			}
			if turn == 2 && hex.Distance(first, last) != 8 {
				t.Errorf("turn 2: %s moved %d hexes on, want 8", e.Units[0], hex.Distance(first, last))
			}
			if last.Col != first.Col {
				t.Errorf("turn %d: %s left its lane: %s", turn, e.Units[0], e.Text)
			}
		}
		if len(events(wt, "release")) != 0 {
			t.Errorf("turn %d: releases on open ground", turn)
		}
	}
}

// A wave meeting a cliff three hexes wide delays there and follows in the
// tracks of the units beside it that got round (SASL 4.33's alternative);
// a unit with no such tracks beside it is released; nobody crosses the
// cliff. At a river across the board the whole wave is released.
func TestHWRelease(t *testing.T) {
	t.Parallel()
	cliff := "K5 open_ground N=cliff\nL5 open_ground N=cliff\nM5 open_ground N=cliff\n"
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": cliff}, openMission)
	h := newHW(t, m, ms, scripted(t, "K P"), nil)
	wt, err := playTurn(h)
	if err != nil {
		t.Fatal(err)
	}
	delays := events(wt, "delay")
	if len(delays) != 3 {
		t.Errorf("%d units delay, want the three in the cliff's lanes: %v", len(delays), delays)
	}
	for _, e := range slices.Concat(delays, events(wt, "release")) {
		if !strings.Contains(e.Text, "runs into a cliff hexside") {
			t.Errorf("%s: %s", e.Kind, e.Text)
		}
	}
	following := 0
	for _, e := range events(wt, "move") {
		if strings.Contains(e.Text, "tracks") {
			following++
		}
		for i := 1; i < len(e.Steps); i++ {
			a, b := m.NameString(e.Steps[i-1].Location.Hex), m.NameString(e.Steps[i].Location.Hex)
			if strings.HasSuffix(a, "5") && strings.HasSuffix(b, "4") && a[:3] == b[:3] && strings.Contains("KLM", a[2:3]) {
				t.Errorf("%v crossed the cliff %s-%s: %s", e.Units, a, b, e.Text)
			}
		}
	}
	if following == 0 {
		t.Errorf("no unit follows tracks round the cliff: %v", wt.Events)
	}
	if n := len(events(wt, "release")); following+n != 3 {
		t.Errorf("%d follow and %d are released, want the three of the cliff's lanes", following, n)
	}

	var river strings.Builder
	for c := 0; c <= 32; c++ {
		n := 5
		if c%2 == 1 {
			n = 6
		}
		fmt.Fprintf(&river, "%s%d water\n", strings.ToUpper(string(rune('A'+c%26)))+map[bool]string{true: strings.ToUpper(string(rune('A' + c%26)))}[c >= 26], n)
	}
	m2, ms2 := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": river.String()}, openMission)
	h2 := newHW(t, m2, ms2, scripted(t, "K P"), nil)
	wt, err = playTurn(h2)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(events(wt, "release")); n != 6 {
		t.Errorf("at a river %d of 6 units released", n)
	}
	for _, e := range events(wt, "release") {
		if !strings.Contains(e.Text, "Water Obstacle") {
			t.Errorf("release: %s", e.Text)
		}
	}
}

// A unit facing a one-hex pond straight ahead delays and follows in the
// tracks of its neighbour round it; nobody is released (SASL 4.33).
func TestHWPond(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": "M6 water\n"}, openMission)
	h := newHW(t, m, ms, scripted(t, "K P"), nil)
	wt, err := playTurn(h)
	if err != nil {
		t.Fatal(err)
	}
	if r := events(wt, "release"); len(r) != 0 {
		t.Errorf("released at a pond the wave goes round: %v", r)
	}
	d := events(wt, "delay")
	if len(d) != 1 || !strings.Contains(d[0].Text, "Water Obstacle at o2M6") {
		t.Fatalf("delays: %v", d)
	}
	followed := false
	for _, e := range events(wt, "move") {
		if slices.Equal(e.Units, d[0].Units) && strings.Contains(e.Text, "tracks") {
			followed = true
			if last := e.Steps[len(e.Steps)-1].Location.Hex; h.w.Progress(last) <= h.w.Progress(mustLocate(t, m, "o2M7")) {
				t.Errorf("the follower got no further than the pond: %s", e.Text)
			}
		}
	}
	if !followed {
		t.Errorf("%v did not follow anyone's tracks: %v", d[0].Units, wt.Events)
	}
}

// waveState is a game state with Human Wave S? of wave A at the given
// hexes of o2.
func waveState(t *testing.T, m *board.Map, hexes ...string) *state.State {
	t.Helper()
	var b strings.Builder
	b.WriteString("turn: 2\nwaves:\n  - {id: A, edge: south, direction: o2K10}\nenemy:\n")
	for i, x := range hexes {
		fmt.Fprintf(&b, "  - {id: A%d, unit: \"s?\", hw: true, wave: A, at: %s}\n", i+1, x)
	}
	st, err := state.Read(strings.NewReader(b.String()), "state.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// The chain rule (SASL 4.323): units in a chain of >= 3 contiguous hexes
// averaging >= 2 MMC move on; a wave thinned below it stops.
func TestHWChainRule(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission)
	// A line K7 L7 M7 (a chain of three), and two lone units far east.
	st := waveState(t, m, "o2K7", "o2L7", "o2M7", "o2U7", "o2W7")
	h := newHW(t, m, ms, scripted(t, ""), st)
	wt, err := playTurn(h)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range st.Units() {
		want := u.ID == "A4" || u.ID == "A5"
		if u.Released != want {
			t.Errorf("%s released %v, want %v", u.ID, u.Released, want)
		}
	}
	if len(waveMoves(wt)) != 3 {
		t.Errorf("%d Human Wave moves, want the chain's three", len(waveMoves(wt)))
	}
	// The units released at the start of the MPh keep Advance Attitude
	// (4.323): by policy.released advance they move after the wave
	// (4.321), toward the FBE (the mission has no VPO).
	for _, id := range []string{"A4", "A5"} {
		if !slices.ContainsFunc(events(wt, "move"), func(e event) bool { return e.Goal == report.ToFBE && slices.Contains(e.Units, id) }) {
			t.Errorf("released %s did not move by Advance Attitude: %v", id, events(wt, "move"))
		}
	}
	chain := events(wt, "chain")
	if len(chain) != 1 || !strings.Contains(chain[0].Text, "moving on 3 hexes from o2K7, 6 MMC") || !strings.Contains(chain[0].Text, "ends for") {
		t.Errorf("chain %+v", chain)
	}
	// A chain of three hexes of plain squads averages 1 MMC: no Human Wave.
	thin, err := state.Read(strings.NewReader("turn: 2\nwaves:\n  - {id: A, edge: south, direction: o2K10}\nenemy:\n  - {id: S1, unit: squad, wave: A, at: o2K7}\n  - {id: S2, unit: squad, wave: A, at: o2L7}\n  - {id: S3, unit: squad, wave: A, at: o2M7}\n"), "thin.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	h = newHW(t, m, ms, scripted(t, ""), thin)
	wt, _ = playTurn(h)
	if len(waveMoves(wt)) != 0 {
		t.Errorf("a chain averaging 1 MMC a hex moved: %v", wt.Events)
	}
}

// Same seed, same story; the story's dice, as a script, replay it.
func TestHWSameSeed(t *testing.T) {
	t.Parallel()
	ms, err := missions.Open("crossroads")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ms.Map(library.New(""))
	if err != nil {
		t.Fatal(err)
	}
	story := func(r dice.Roller) (string, []dice.Roll) {
		h := newHW(t, m, ms, r, nil)
		var b strings.Builder
		for range 5 {
			wt, err := playTurn(h)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(&b, wt.Turn)
			for _, e := range wt.Events {
				fmt.Fprintln(&b, e.Phase, e.Kind, e.Units, e.Text, e.Rolls)
			}
		}
		return b.String(), r.Trail()
	}
	for seed := range uint64(15) {
		a, trail := story(dice.Seeded(seed))
		b, _ := story(dice.Seeded(seed))
		if a != b {
			t.Fatalf("seed %d: two runs differ", seed)
		}
		c, _ := story(scripted(t, dice.Script(trail)))
		if a != c {
			t.Fatalf("seed %d: the story's dice do not replay it", seed)
		}
		if !strings.Contains(a, "move") {
			t.Fatalf("seed %d: nothing moved", seed)
		}
	}
}

// Human Wave units take a FRIENDLY-controlled VPO within reach (SASL 4.32).
func TestHWTakesVPO(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission+"vpo: [\"o2R5\"]\n")
	st := waveState(t, m, "o2M8", "o2N8", "o2O8")
	vpo := board.Ground(mustLocate(t, m, "o2R5"))
	st.VPO = []state.Control{{At: vpo, Side: state.Friendly}}
	h := newHW(t, m, ms, scripted(t, ""), st)
	wt, err := playTurn(h)
	if err != nil {
		t.Fatal(err)
	}
	if side, _ := st.Controller(vpo); side != state.Enemy {
		t.Errorf("the VPO is still FRIENDLY: %v", wt.Events)
	}
	took := false
	for _, e := range events(wt, "move") {
		took = took || strings.Contains(e.Text, "takes Control of VPO o2R5")
	}
	if !took {
		t.Errorf("no move says it took the VPO: %v", wt.Events)
	}
}

// The APh closes a gap (SASL 4.322): two pairs a hex apart become one chain.
func TestHWClosesGap(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission)
	st := waveState(t, m, "o2K7", "o2L7", "o2N7", "o2O7")
	h := newHW(t, m, ms, scripted(t, ""), st)
	h.Log().Phase = state.APh
	before, _ := h.chainScore(hexesOf(st), mmcOf(h, st))
	h.advance()
	after, groups := h.chainScore(hexesOf(st), mmcOf(h, st))
	ev := worded(h, 0)
	if before != 0 || after != 4 || groups != 1 {
		t.Errorf("units in chains %d -> %d, %d groups: %v", before, after, groups, ev)
	}
	if len(ev) == 0 || ev[0].Kind != report.Gap {
		t.Errorf("events %v", ev)
	}
	// The quick chain score agrees with pathing.Clusters.
	cl := pathing.Clusters(hexesOf(st))
	if len(cl) != groups {
		t.Errorf("Clusters %d groups, chainScore %d", len(cl), groups)
	}
}

func hexesOf(st *state.State) []hex.Hex {
	var out []hex.Hex
	for _, u := range st.Units() {
		out = append(out, u.At().Hex)
	}
	return out
}

func mmcOf(h *Enemy, st *state.State) []int {
	var out []int
	for _, u := range st.Units() {
		out = append(out, h.mmc(u))
	}
	return out
}

// Activated ENEMY Infantry next to a wave joins it, unless it carries a
// functioning SW (SASL 4.323).
func TestHWJoin(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission)
	st := waveState(t, m, "o2K7", "o2L7", "o2M7")
	extra, err := state.Read(strings.NewReader("enemy:\n  - {id: E1, unit: squad, at: o2N7}\n  - {id: E2, unit: squad, at: o2J7, sw: [{name: LMG, pp: 1}]}\n  - {id: E3, unit: squad, at: o2U7}\n"), "x.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range slices.Clone(extra.Units()) {
		extra.Remove(u)
		st.Add(u, u.At())
	}
	h := newHW(t, m, ms, scripted(t, ""), st)
	h.Log().Phase = state.MPh
	h.join()
	if st.Unit("E1").Wave != "A" || st.Unit("E2").Wave != "" || st.Unit("E3").Wave != "" {
		t.Errorf("E1 joins; E2 (LMG) and E3 (far) do not: %q %q %q", st.Unit("E1").Wave, st.Unit("E2").Wave, st.Unit("E3").Wave)
	}
}

// SASL 4.36: the closest Good Order Target in least TEM, then the closest
// Target in least TEM.
func TestChooseTarget(t *testing.T) {
	t.Parallel()
	h := func(c, r int) hex.Hex { return hex.Hex{Col: c, Row: r} }
	u := func(id string, at hex.Hex, broken, known bool, tem int) *state.Unit {
		return (&state.Unit{ID: id, Side: state.Friendly, Kind: state.Squad, Broken: broken, Known: known, Type: fmt.Sprint(tem)}).Place(board.Ground(at))
	}
	tem := func(_ board.Location, x *state.Unit) world.Cover {
		v := 0
		fmt.Sscan(x.Type, &v)
		return world.Cover{TEM: v}
	}
	shooters := []board.Location{board.Ground(h(10, 5))}
	clearSight := func(from, to board.Location) world.Sight {
		return world.Sight{Clear: true, Range: hex.Distance(from.Hex, to.Hex)}
	}
	for _, tt := range []struct {
		name    string
		targets []*state.Unit
		want    string
		prio    int
	}{
		{"good order before broken", []*state.Unit{u("broken", h(10, 4), true, true, 0), u("good", h(10, 2), false, true, 0)}, "good", 1},
		{"least TEM before closest", []*state.Unit{u("woods", h(10, 4), false, true, 1), u("open", h(10, 2), false, true, 0)}, "open", 1},
		{"closest of equal TEM", []*state.Unit{u("far", h(10, 2), false, true, 0), u("near", h(10, 4), false, true, 0)}, "near", 1},
		{"broken if none in Good Order", []*state.Unit{u("b1", h(10, 3), true, true, 3), u("b2", h(10, 4), true, true, 2)}, "b2", 2},
		{"unknown units are no Target", []*state.Unit{u("hidden", h(10, 4), false, false, 0)}, "", 0},
		{"out of range", []*state.Unit{u("far", h(10, 0), false, true, 0)}, "", 0},
	} {
		tg, ok := Targeting{Range: 4, TEM: tem, Sight: clearSight}.Choose(shooters, tt.targets)
		got := ""
		if ok {
			got = tg.Unit.ID
		}
		if got != tt.want || (ok && tg.Priority != tt.prio) {
			t.Errorf("%s: target %q (priority %d), want %q (%d)", tt.name, got, tg.Priority, tt.want, tt.prio)
		}
	}
}

// SASL 4.37: a Human Wave MMC attempts Recovery only of a SW of <= 2 PP; an
// SMC never.
func TestRecovers(t *testing.T) {
	t.Parallel()
	sq := &state.Unit{Kind: state.Squad}
	ldr := &state.Unit{Kind: state.Leader}
	for _, tt := range []struct {
		u    *state.Unit
		pp   int
		want bool
	}{{sq, 1, true}, {sq, 2, true}, {sq, 3, false}, {ldr, 1, false}, {&state.Unit{Kind: state.HalfSquad}, 2, true}, {&state.Unit{Kind: state.Squad, Broken: true}, 1, false}} {
		if got := Recovers(tt.u, state.SW{Name: "LMG", PP: tt.pp}); got != tt.want {
			t.Errorf("%v recovers %d PP: %v, want %v", tt.u.Kind, tt.pp, got, tt.want)
		}
	}
}

// Units that run off the FBE are recorded as exited.
func TestHWExits(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission)
	h := newHW(t, m, ms, scripted(t, "K P"), nil)
	var exits []event
	for range 3 {
		wt, err := playTurn(h)
		if err != nil {
			t.Fatal(err)
		}
		exits = append(exits, events(wt, "exit")...)
	}
	// 8 + 8 hexes leave 4 rows of o1; the third turn takes them off.
	if len(exits) != 6 {
		t.Fatalf("%d exits, want all 6 units", len(exits))
	}
	for _, u := range h.st.Units() {
		if !u.Exited || u.OnMap() {
			t.Errorf("%s not recorded as exited", u.ID)
		}
		if g, _ := m.Name(u.At().Hex); g.Board != "o1" || (g.Row != 1 && g.Row != 0) {
			t.Errorf("%s left from %s, want an edge hex of o1", u.ID, g)
		}
	}
}

// With two waves, the one with the unit closest to the FBE moves first
// (SASL 4.324).
func TestHWMultipleWaves(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission)
	st, err := state.Read(strings.NewReader(`turn: 2
waves:
  - {id: A, edge: south, direction: o2K10}
  - {id: B, edge: south, direction: o2W10}
enemy:
  - {id: A1, unit: "s?", hw: true, wave: A, at: o2K9}
  - {id: A2, unit: "s?", hw: true, wave: A, at: o2L9}
  - {id: A3, unit: "s?", hw: true, wave: A, at: o2M9}
  - {id: B1, unit: "s?", hw: true, wave: B, at: o2U7}
  - {id: B2, unit: "s?", hw: true, wave: B, at: o2V7}
  - {id: B3, unit: "s?", hw: true, wave: B, at: o2W7}
`), "two.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	order := waveOrder(t, newHW(t, m, ms, scripted(t, ""), st))
	if got := strings.Join(order, ""); got != "BBBAAA" {
		t.Errorf("move order %s, want wave B (nearer the FBE) first", got)
	}
}

// waveOrder plays a turn and returns the wave letter of each move, in
// order.
func waveOrder(t *testing.T, h *Enemy) []string {
	t.Helper()
	wt, err := playTurn(h)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, e := range events(wt, "move") {
		order = append(order, e.Units[0][:1])
	}
	return order
}

// chainScore agrees with a plain count: components of units joined when
// their hexes touch, a hex counted once, on random groups of units.
func TestChainScoreAgrees(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission)
	h := newHW(t, m, ms, scripted(t, ""), nil)
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		n := 1 + r.IntN(25)
		at := make([]hex.Hex, n)
		mm := make([]int, n)
		for i := range n {
			at[i] = hex.Hex{Col: 5 + r.IntN(6), Row: 3 + r.IntN(5)}
			mm[i] = r.IntN(3)
		}
		// The plain count: a union-find over the units.
		parent := make([]int, n)
		for i := range parent {
			parent[i] = i
		}
		var find func(int) int
		find = func(i int) int {
			if parent[i] != i {
				parent[i] = find(parent[i])
			}
			return parent[i]
		}
		for i := range n {
			for j := range i {
				if hex.Distance(at[i], at[j]) <= 1 {
					parent[find(i)] = find(j)
				}
			}
		}
		wantU, wantG := 0, 0
		for root := range n {
			if find(root) != root {
				continue
			}
			wantG++
			hexes := map[hex.Hex]bool{}
			mmc, units := 0, 0
			for i := range n {
				if find(i) == root {
					hexes[at[i]] = true
					mmc += mm[i]
					units++
				}
			}
			if len(hexes) >= h.h.ChainHexes.Value && mmc >= h.h.ChainMMC.Value*len(hexes) {
				wantU += units
			}
		}
		if u, g := h.chainScore(at, mm); u != wantU || g != wantG {
			t.Fatalf("%v %v: chainScore %d units, %d groups; a plain count %d, %d", at, mm, u, g, wantU, wantG)
		}
	}
}

// A Human Wave does not take Control of a VPO whose hex a FRIENDLY unit
// still holds in another Location, Good Order or broken (ASL A26.11:
// Control is gained without the presence of an armed enemy unit, and a
// broken unit is armed): the wave of TestHWTakesVPO, with a FRIENDLY squad
// on the upper level of the VPO's building.
func TestA26_11_HWControlByHex(t *testing.T) {
	t.Parallel()
	o2 := "R5 building building=stone/1 stairs\n"
	for _, tc := range []struct {
		name   string
		broken bool
		want   state.Side
	}{{"held above", false, state.Friendly}, {"broken above", true, state.Friendly}} {
		t.Run(tc.name, func(t *testing.T) {
			m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": o2}, openMission+"vpo: [\"o2R5\"]\n")
			st := waveState(t, m, "o2M8", "o2N8", "o2O8")
			vpo := board.Ground(mustLocate(t, m, "o2R5"))
			st.VPO = []state.Control{{At: vpo, Side: state.Friendly}}
			st.Add(&state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7", Known: true, Broken: tc.broken}, testmaps.Loc(t, m, "o2R5h1"))
			h := newHW(t, m, ms, dice.Seeded(1), st)
			wt, err := playTurn(h)
			if err != nil {
				t.Fatal(err)
			}
			if side, _ := st.Controller(vpo); side != tc.want {
				t.Errorf("o2R5 Controlled by the %s, want the %s: %v", side, tc.want, wt.Events)
			}
		})
	}
}

// A Human Wave unit that enters the Location of a FRIENDLY unit the ENEMY
// does not know of reveals it and ends its Human Wave movement there, as
// in a Known unit's Location (SASL 4.323; ASL A12's concealment and HIP
// are not among the texts: sasl reveals the unit). It never walks through.
func TestS4_323_HWRevealsHiddenUnit(t *testing.T) {
	t.Parallel()
	m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, openMission)
	st := waveState(t, m, "o2M8", "o2N8", "o2O8")
	at := testmaps.Loc(t, m, "o2N5")
	f := &state.Unit{ID: "F1", Side: state.Friendly, Kind: state.Squad, Type: "6-6-7"}
	st.Add(f, at)
	h := newHW(t, m, ms, dice.Seeded(1), st)
	wt, err := playTurn(h)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Known {
		t.Errorf("F1 in o2N5 is still hidden: %v", wt.Events)
	}
	entered := 0
	for _, e := range events(wt, "move") {
		for i, s := range e.Steps {
			if s.Location != at {
				continue
			}
			entered++
			if i != len(e.Steps)-1 {
				t.Errorf("%v move through F1's Location: %s", e.Units, e.Text)
			}
			if !slices.ContainsFunc(e.Notes, func(n report.Note) bool { return n.Kind == report.Revealed && n.At == at }) {
				t.Errorf("the move into F1's Location does not say it revealed F1: %s", e.Text)
			}
		}
	}
	if entered == 0 {
		t.Fatalf("no Human Wave unit entered o2N5: %v", wt.Events)
	}
	for u := range st.In(state.Enemy, at) {
		if !u.Released {
			t.Errorf("%s in F1's Location goes on in Human Wave movement", u.ID)
		}
	}
}

// TestS4_324WaveOrder: "the wave with the unit that is closest to the
// FBE moves first": closest in hexes, not in the MF it would spend to get
// there. On real board 6, wave B's front unit stands fewer hexes from the
// FBE than wave A's, behind terrain that costs it more MF: B moves first.
func TestS4_324WaveOrder(t *testing.T) {
	t.Parallel()
	dir := realBoards(t)
	ms, m := mission(t, dir, boardMission(`[["6"]]`, "6A1", "placement: []"))
	w := newWorld(t, m, ms)
	// A wave of six squads in a column of three hexes from its front hex x
	// away from the FBE: a chain that keeps Human Wave movement (4.323).
	column := func(x hex.Hex) ([]hex.Hex, bool) {
		out := []hex.Hex{x}
		for len(out) < 3 {
			last := out[len(out)-1]
			next, ok := hex.Hex{}, false
			for _, n := range last.Neighbours() {
				if n.Col == last.Col && m.OnMap(n) && w.FBEDistance(n) == w.FBEDistance(last)+1 {
					next, ok = n, true
				}
			}
			if !ok {
				return nil, false
			}
			out = append(out, next)
		}
		return out, true
	}
	// Front hexes: b nearer the FBE in hexes, a nearer in the MF to it.
	var ca, cb []hex.Hex
	for _, x := range m.Hexes() {
		for _, y := range m.Hexes() {
			cx, cy := w.ToFBE().Cost(board.Ground(x)), w.ToFBE().Cost(board.Ground(y))
			if w.FBEDistance(y) >= w.FBEDistance(x) || cy <= cx || cx > 1000 || hex.Distance(x, y) < 8 || w.FBEDistance(y) < 3 {
				continue
			}
			var ok1, ok2 bool
			ca, ok1 = column(x)
			cb, ok2 = column(y)
			if ok1 && ok2 {
				break
			}
			ca, cb = nil, nil
		}
		if ca != nil {
			break
		}
	}
	if ca == nil {
		t.Fatal("board 6 has no two such hexes")
	}
	a, b := ca[0], cb[0]
	name := m.NameString
	var units strings.Builder
	for _, wv := range []struct {
		id    string
		hexes []hex.Hex
	}{{"A", ca}, {"B", cb}} {
		for i := range 6 {
			x := name(wv.hexes[i/2])
			fmt.Fprintf(&units, "  - {id: %s%d, unit: squad, type: 4-4-7, hw: true, wave: %s, at: %s, lane: %s}\n", wv.id, i+1, wv.id, x, x)
		}
	}
	st, err := state.Read(strings.NewReader(fmt.Sprintf(`turn: 2
waves:
  - {id: A, edge: south, direction: %s}
  - {id: B, edge: south, direction: %s}
enemy:
%sfriendly:
  - {id: F1, unit: squad, type: 4-6-7, at: 6A1}
`, name(a), name(b), units.String())), "two.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	order := waveOrder(t, newHW(t, m, ms, scripted(t, ""), st))
	if len(order) == 0 || order[0] != "B" {
		t.Errorf("moves %v: wave B (B1 in %s, %d hexes from the FBE, %d half MF) should move before wave A (A1 in %s, %d hexes, %d half MF)",
			order, name(b), w.FBEDistance(b), w.ToFBE().Cost(board.Ground(b)), name(a), w.FBEDistance(a), w.ToFBE().Cost(board.Ground(a)))
	}
}

// TestS4_35LeaderDRM: "+1 DRM on the Leader Generation table {x3} per
// leader/Commissar currently part of that Human Wave formation ... -1 DRM
// if no leader/Commissar is currently part of that Human Wave." A leader
// released from the wave (4.33), broken (it left the wave, 4.323), exited
// or of another wave is not part of it; an S? released from the wave is
// part of no formation: -1. On real board 5.
func TestS4_35LeaderDRM(t *testing.T) {
	t.Parallel()
	dir := realBoards(t)
	ms, m := mission(t, dir, boardMission(`[["5"]]`, "5A1", "placement: []"))
	for _, c := range []struct {
		name, units string
		released    bool
		want        int
	}{
		{"two leaders in the wave", `
  - {id: L1, unit: leader, type: 8-0, hw: true, wave: A, at: 5P5, lane: 5P5}
  - {id: L2, unit: leader, type: 8-0, hw: true, wave: A, at: 5R5, lane: 5R5}`, false, 2},
		{"one in the wave, one released", `
  - {id: L1, unit: leader, type: 8-0, hw: true, wave: A, at: 5P5, lane: 5P5}
  - {id: L2, unit: leader, type: 8-0, hw: true, wave: A, released: true, at: 5R5, lane: 5R5}`, false, 1},
		{"released, broken (it left the wave), of wave B", `
  - {id: L1, unit: leader, type: 8-0, hw: true, wave: A, released: true, at: 5P5, lane: 5P5}
  - {id: L2, unit: leader, type: 8-0, hw: true, broken: true, at: 5R5}
  - {id: L3, unit: leader, type: 8-0, hw: true, wave: B, at: 5T5, lane: 5T5}`, false, -1},
		{"the S? itself released", `
  - {id: L1, unit: leader, type: 8-0, hw: true, wave: A, at: 5P5, lane: 5P5}`, true, -1},
	} {
		st, err := state.Read(strings.NewReader(fmt.Sprintf(`turn: 2
waves:
  - {id: A, edge: south, direction: 5Q10}
  - {id: B, edge: south, direction: 5T10}
enemy:
  - {id: A1, unit: "s?", hw: true, wave: A, released: %v, at: 5Q6, lane: 5Q6}%s
friendly:
  - {id: F1, unit: squad, type: 4-6-7, at: 5A1}
`, c.released, c.units)), "leaders.yaml", m)
		if err != nil {
			t.Fatal(err)
		}
		r := scripted(t, "1 3") // x10 dr 1: squad, squad, leader; x3 dr 3
		h := newHW(t, m, ms, r, st)
		s := st.Unit("A1")
		if _, err := h.generate(s, s.At(), report.Activation{}); err != nil {
			t.Fatal(err)
		}
		tr := r.Trail()
		if len(tr) != 2 || tr[1].Why.N != c.want {
			t.Errorf("%s: the x3 roll is %+v, want DRM %+d", c.name, tr[len(tr)-1].Why, c.want)
		}
	}
}

// boardMission is a mission on boards (as mission files write a layout),
// FBE north, with one FRIENDLY squad at Location at, and the given
// placement line.
func boardMission(boards, at, placement string) string {
	return `name: test
boards: ` + boards + `
north: up
fbe: north
ebe: south
month: 6
enemy: Russian
turns: 3
` + placement + `
friendly:
  - {id: F1, unit: squad, type: 4-6-7, at: ` + at + `}
`
}
