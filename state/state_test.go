package state

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/tables"
)

func demoMap(t *testing.T) *board.Map {
	t.Helper()
	l, _ := layout.Parse("x3/x1", layout.Up)
	m, err := library.New("").Map(l)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

const sample = `turn: 2
waves:
  - {id: A, edge: south, direction: x1Q10}
enemy:
  - {id: A1, unit: "s?", hw: true, wave: A, at: x1Q4}
  - {id: E1, unit: squad, type: 4-4-7, at: x3O4h1, broken: true, sw: [{name: LMG, pp: 1}, {name: MMG, pp: 4, dead: true}]}
  - {id: E2, unit: leader, type: 8-1, at: x3O4h1, released: true}
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: x1Q5, known: true}
  - {id: F2, unit: half_squad, at: x3R3}
vpo:
  - {at: x1Q5, control: friendly}
  - {at: x3O4, control: enemy}
loose_sw:
  - {at: x1Q6, name: LMG, pp: 1}
`

func TestReadWrite(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	s, err := Read(strings.NewReader(sample), "s.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	if s.Turn != 2 || len(s.Units()) != 5 || len(s.Waves) != 1 || len(s.VPO) != 2 || len(s.Loose) != 1 || s.Loose[0].PP != 1 {
		t.Fatalf("%+v", s)
	}
	e1 := s.Unit("E1")
	if e1.Kind != Squad || !e1.Broken || m.LocationName(e1.At()) != "x3O4h1" || len(e1.SW) != 2 || !e1.SW[1].Dead {
		t.Errorf("E1 %+v", e1)
	}
	if a1 := s.Unit("A1"); a1.Kind != SQ || !a1.HW || a1.Wave != "A" || a1.Squads(2) != 2 {
		t.Errorf("A1 %+v", a1)
	}
	q5, _ := m.ParseLocation("x1Q5")
	if !s.KnownIn(q5) {
		t.Error("F1 is Known in Q5")
	}
	if side, ok := s.Controller(q5); !ok || side != Friendly {
		t.Error("FRIENDLY controls Q5")
	}
	var buf bytes.Buffer
	if err := s.Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	again, err := Read(&buf, "again.yaml", m)
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	var b2 bytes.Buffer
	again.Write(&b2, m)
	s.Write(&buf, m)
	if b2.String() != buf.String() {
		t.Errorf("write, read, write differ:\n%s\n---\n%s", buf.String(), b2.String())
	}
}

func TestReadErrors(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	for _, tt := range []struct{ in, want string }{
		{"enemy:\n  - {id: A, unit: tank, at: x1Q4}\n", `s.yaml:2: enemy.unit: unknown unit "tank"`},
		{"enemy:\n  - {id: A, unit: squad}\n", "s.yaml:2: enemy: each unit needs id, unit and at"},
		{"enemy:\n  - {id: A, unit: squad, at: x1Q0}\n", "s.yaml:2: unit A at \"x1Q0\": layout: x1Q0 is off the board"},
		{"friendly:\n  - {id: F, unit: sq, at: x1Q4}\n", "friendly F: S? are ENEMY counters"},
		{"enemy:\n  - {id: A, unit: squad, at: x1Q4}\n  - {id: A, unit: squad, at: x1Q5}\n", "s.yaml:3: unit ID A is used twice"},
		{"vpo:\n  - {at: x1Q5, control: both}\n", `vpo.control: "both" is not enemy or friendly`},
		{"waves:\n  - {id: A, edge: up, direction: x1Q10}\n", "waves.edge"},
		{"colour: red\n", `s.yaml:1: unknown key "colour"`},
		{"enemy:\n  - {id: A, unit: squad, at: x1Q4, sw: [{name: LMG, pp: 99}]}\n", "enemy.sw.pp: want a whole number in 0..20"},
	} {
		_, err := Read(strings.NewReader(tt.in), "s.yaml", m)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Read(%q):\n got %v\nwant %q", tt.in, err, tt.want)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add(sample)
	f.Add("enemy:\n  - {id: S1, unit: \"s?\", at: x3H7, case: b, crest: x3H8}\n  - {id: E1, unit: \"s?\", at: x1J10, entering: south}\nphase: MPh\n")
	f.Add("turn: 2\nstopped_at: {kind: first-fire, turn: 2, player: enemy, phase: MPh, at: x3H7, moving: [S1, S1a], groups: [{units: [F1, F2], at: x3H8, range: 1}], can_fire: true}\n")
	f.Add("stopped_at: {kind: before-phase, turn: 1, player: friendly, phase: PFPh}\n")
	f.Add("stopped_at: {kind: rout, turn: 3, player: enemy, phase: RtPh, routs: [{unit: F1, at: x1Q8, must: true, to: [x1P6, x1O4h1], crawl: [x1Q7]}, {unit: F2, at: x1L7, to: [], crawl: []}]}\n")
	f.Add("asked: \"your MPh: move (move UNIT LOC), then next\"\n")
	// A rout with neither unit nor Location was read as one in x3A0, which
	// did not read back (found by fuzzing).
	f.Add("stopped_at: {kind: rout, turn: 3, player: enemy, phase: RtPh, routs: [{}]}\n")
	lay, _ := layout.Parse("x3/x1", layout.Up)
	m, err := library.New("").Map(lay)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Read(strings.NewReader(in), "fuzz.yaml", m)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := s.Write(&buf, m); err != nil {
			t.Fatal(err)
		}
		again, err := Read(&buf, "again.yaml", m)
		if err != nil {
			t.Fatalf("the written state does not read back: %v\n%s", err, buf.String())
		}
		if len(again.Units()) != len(s.Units()) || again.Turn != s.Turn {
			t.Fatalf("round trip lost units: %d -> %d", len(s.Units()), len(again.Units()))
		}
		if !reflect.DeepEqual(again.Stopped, s.Stopped) {
			t.Fatalf("round trip changed the stop: %+v -> %+v", s.Stopped, again.Stopped)
		}
	})
}

// A game file keeps the stop it stands at as data (stopped_at), never as
// a sentence: it reads back as written, and what is not a stop is refused
// naming the line.
func TestStoppedAtIsData(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	in := "turn: 2\nstopped_at: {kind: first-fire, turn: 2, player: enemy, phase: MPh, at: x3H7, moving: [S1, S1a], groups: [{units: [F1, F2], at: x3H8, range: 1}], can_fire: true}\n"
	s, err := Read(strings.NewReader(in), "s.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	h7, _ := m.ParseLocation("x3H7")
	h8, _ := m.ParseLocation("x3H8")
	want := &Stop{Kind: FirstFireAt, Turn: 2, Player: Enemy, Phase: MPh, At: h7, Moving: []string{"S1", "S1a"},
		Groups: []StopGroup{{Units: []string{"F1", "F2"}, At: h8, Range: 1}}, CanFire: true}
	if !reflect.DeepEqual(s.Stopped, want) {
		t.Fatalf("read %+v, want %+v", s.Stopped, want)
	}
	var buf bytes.Buffer
	if err := s.Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), strings.Split(in, "\n")[1]) {
		t.Errorf("written back as\n%s\nwant the line %q", buf.String(), strings.Split(in, "\n")[1])
	}
	rout := "turn: 3\nstopped_at: {kind: rout, turn: 3, player: enemy, phase: RtPh, routs: [{unit: F1, at: x1Q8, must: true, to: [x1P6, x1O4h1], crawl: [x1Q7]}, {unit: F2, at: x1L7, to: [], crawl: []}]}\n"
	s, err = Read(strings.NewReader(rout), "s.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := s.Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), strings.Split(rout, "\n")[1]) || len(s.Stopped.Routs) != 2 || !s.Stopped.Routs[0].Must || len(s.Stopped.Routs[0].To) != 2 {
		t.Errorf("a rout stop (ASL A10.5) read as %+v, written back as\n%s", s.Stopped, buf.String())
	}
	// A First Fire stop whose stack the player's fire eliminated keeps an
	// empty moving list, and the file reads back (it once did not open).
	gone := "turn: 2\nstopped_at: {kind: first-fire, turn: 2, player: enemy, phase: MPh, at: x3H7, moving: []}\n"
	if s, err = Read(strings.NewReader(gone), "s.yaml", m); err != nil || s.Stopped == nil || len(s.Stopped.Moving) != 0 {
		t.Errorf("a First Fire stop with nothing left moving: %+v, %v", s, err)
	}
	for _, tt := range []struct{ name, in, want string }{
		{"routs of another stop", "stopped_at: {kind: before-phase, turn: 1, player: enemy, phase: MPh, routs: []}\n", "only a rout stop"},
		{"a rout stop's Location", "stopped_at: {kind: rout, turn: 1, player: enemy, phase: RtPh, routs: [{unit: F1, at: x1Q8, to: [x9Q1]}]}\n", "stopped_at.routs.to"},
		{"unknown kind", "stopped_at: {kind: question, turn: 1, player: enemy, phase: MPh}\n", `s.yaml:1: stopped_at.kind: "question" is no kind of stop`},
		{"turn start is not kept", "stopped_at: {kind: turn-start, turn: 1, player: enemy, phase: RPh}\n", "a game file keeps only a stop that asks"},
		{"no phase", "stopped_at: {kind: before-phase, turn: 1, player: enemy}\n", "a stop needs kind, turn, player and phase"},
		{"first fire needs the stack", "stopped_at: {kind: first-fire, turn: 1, player: enemy, phase: MPh}\n", "a first-fire stop needs at and moving"},
		{"bad Location", "stopped_at: {kind: first-fire, turn: 1, player: enemy, phase: MPh, at: x3ZZ9, moving: [S1]}\n", "stopped_at.at: \"x3ZZ9\""},
		{"unknown field", "stopped_at: {kind: before-phase, turn: 1, player: enemy, phase: MPh, question: why}\n", "question"},
		{"both forms", "asked: \"old words\"\nstopped_at: {kind: before-phase, turn: 1, player: friendly, phase: MPh}\n", "not both"},
	} {
		_, err := Read(strings.NewReader(tt.in), "s.yaml", m)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// ASL A8.3, A8.31: a First Fire stop's groups say the fire they may make
// (Subsequent First Fire, FPF); a group of an earlier file is First Fire.
func TestStopGroupFire_A8_3(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	in := "turn: 2\nstopped_at: {kind: first-fire, turn: 2, player: enemy, phase: MPh, at: x3H7, moving: [S1], groups: [{units: [F1], at: x3H8, range: 1, fire: fpf}, {units: [F2], at: x3H9, range: 2, fire: sff}, {units: [F3], at: x3H5, range: 2}], can_fire: true}\n"
	s, err := Read(strings.NewReader(in), "s.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	got := []FireKind{s.Stopped.Groups[0].Fire, s.Stopped.Groups[1].Fire, s.Stopped.Groups[2].Fire}
	if !reflect.DeepEqual(got, []FireKind{FireProtective, FireSubsequent, FireFirst}) {
		t.Fatalf("fire kinds %v", got)
	}
	var buf bytes.Buffer
	if err := s.Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), strings.Split(in, "\n")[1]) {
		t.Errorf("written back as\n%s\nwant the line %q", buf.String(), strings.Split(in, "\n")[1])
	}
	_, err = Read(strings.NewReader("stopped_at: {kind: first-fire, turn: 1, player: enemy, phase: MPh, at: x3H7, moving: [S1], groups: [{units: [F1], at: x3H8, range: 1, fire: twice}]}\n"), "s.yaml", m)
	if err == nil || !strings.Contains(err.Error(), "want first, sff or fpf") {
		t.Errorf("fire: twice read as %v", err)
	}
}

// ASL A8.1, A8.3: a unit's fire marker is kept (fired: First Fire;
// final_fire: Final Fire), and a file of an earlier sasl, with fired only,
// reads as First Fire; ASL A8.2: the Residual FP of the MPh under way is
// kept, one a Location.
func TestFireMarkersAndResidual_A8_2(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	in := `turn: 2
friendly:
  - {id: F1, unit: squad, type: 6-6-7, at: x1Q5, fired: true}
  - {id: F2, unit: squad, type: 6-6-7, at: x1Q6, fired: true, final_fire: true}
  - {id: F3, unit: squad, type: 6-6-7, at: x1Q7}
residual_fp:
  - {at: x1Q4, fp: 4}
`
	s, err := Read(strings.NewReader(in), "s.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	f1, f2, f3 := s.Unit("F1"), s.Unit("F2"), s.Unit("F3")
	if !f1.Fired || f1.FinalFire || !f2.Fired || !f2.FinalFire || f3.Fired || f3.FinalFire {
		t.Errorf("markers F1 %v/%v F2 %v/%v F3 %v/%v", f1.Fired, f1.FinalFire, f2.Fired, f2.FinalFire, f3.Fired, f3.FinalFire)
	}
	q4, _ := m.ParseLocation("x1Q4")
	if s.ResidualAt(q4) != 4 {
		t.Errorf("Residual FP in Q4 %d, want 4", s.ResidualAt(q4))
	}
	var buf bytes.Buffer
	if err := s.Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	if buf.String() != in {
		t.Errorf("written back as\n%s\nwant\n%s", buf.String(), in)
	}
	c := s.Clone()
	if c.ResidualAt(q4) != 4 {
		t.Error("Clone lost the Residual FP")
	}
	// One a Location, the higher kept (A8.2).
	if s.LeaveResidual(q4, 2) || s.ResidualAt(q4) != 4 || !s.LeaveResidual(q4, 8) || s.ResidualAt(q4) != 8 || len(s.Residual) != 1 {
		t.Errorf("Residual %v: the higher is kept, one a Location", s.Residual)
	}
	for _, tt := range []struct{ name, in, want string }{
		{"final without fired", "friendly:\n  - {id: F1, unit: squad, type: 6-6-7, at: x1Q5, fired: false, final_fire: true}\n", "a unit marked Final Fire has fired"},
		{"two in a Location", "residual_fp:\n  - {at: x1Q4, fp: 4}\n  - {at: x1Q4, fp: 2}\n", "one Residual FP a Location"},
		{"no fp", "residual_fp:\n  - {at: x1Q4, fp: 0}\n", "residual_fp.fp"},
	} {
		_, err := Read(strings.NewReader(tt.in), "s.yaml", m)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// Errors a player makes in a state file name the file, the line and the
// Location.
func TestReadUnitErrors(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	squads := func(n int, at string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "  - {id: F%d, unit: squad, at: %s}\n", i+1, at)
		}
		return b.String()
	}
	for _, tt := range []struct {
		name, in, want string
	}{
		{"wave not listed", "waves:\n  - {id: A, edge: south, direction: x1Q10}\nenemy:\n  - {id: A1, unit: squad, wave: A, at: x1Q4}\n  - {id: B1, unit: squad, wave: B, at: x1Q3}\n",
			`state: s.yaml:5: unit B1 in x1Q3 is in Human Wave "B", which waves does not list`},
		{"no waves at all", "enemy:\n  - {id: A1, unit: \"s?\", hw: true, wave: A, at: x3O4h1}\n",
			`state: s.yaml:2: unit A1 in x3O4h1 is in Human Wave "A", which waves does not list`},
		{"FRIENDLY unit in a wave", "waves:\n  - {id: A, edge: south, direction: x1Q10}\nfriendly:\n  - {id: F1, unit: squad, wave: A, at: x1Q4}\n",
			`state: s.yaml:4: friendly F1 at x1Q4: wave "A": only ENEMY units move in a Human Wave (SASL 4.3)`},
		{"empty id", "enemy:\n  - {id: \"\", unit: squad, at: x1Q4}\n", "state: s.yaml:2: enemy: the squad at x1Q4 has an empty id"},
		{"no id value", "friendly:\n  - {id: F1, unit: squad, at: x1Q5}\n  - {id: , unit: leader, at: x1Q6}\n", "state: s.yaml:3: friendly: the leader at x1Q6 has an empty id"},
		{"null id", "friendly:\n  - id: ~\n    unit: half_squad\n    at: x1Q6\n", "state: s.yaml:2: friendly: the half_squad at x1Q6 has an empty id"},
		{"four squads", "friendly:\n" + squads(4, "x1Q5"),
			"state: s.yaml:5: friendly F4 in x1Q5: overstacked: F1, F2, F3 and F4 are 4 squads; ASL A5.1 allows a side 3 squads (two half-squads are one) and 4 SMC in a Location"},
		{"half-squads count half", "friendly:\n" + squads(2, "x3O4h1") + "  - {id: H1, unit: half_squad, at: x3O4h1}\n  - {id: H2, unit: half_squad, at: x3O4h1}\n  - {id: H3, unit: half_squad, at: x3O4h1}\n",
			"state: s.yaml:6: friendly H3 in x3O4h1: overstacked: F1, F2, H1, H2 and H3 are 3.5 squads"},
		{"five SMC", "friendly:\n  - {id: L1, unit: leader, at: x1Q5}\n  - {id: L2, unit: leader, at: x1Q5}\n  - {id: C1, unit: commissar, at: x1Q5}\n  - {id: L3, unit: leader, at: x1Q5}\n  - {id: L4, unit: leader, at: x1Q5}\n",
			"state: s.yaml:6: friendly L4 in x1Q5: overstacked: L1, L2, C1, L3 and L4 are 5 SMC"},
		// An empty case read its first letter: sasl stopped with an index
		// out of range.
		{"empty case", "enemy:\n  - {id: S1, unit: \"s?\", at: x1Q4, case: \"\"}\n", `state: s.yaml:2: enemy.case: "" is not a SASL 4.1 case (a..e)`},
		{"unknown field", "enemy:\n  - {id: S1, unit: \"s?\", at: x1Q4, cas: a}\n", `state: s.yaml:2: enemy: unknown field "cas" (want id, unit,`},
		{"sw at", "enemy:\n  - {id: E1, unit: squad, at: x1Q4, sw: [{name: LMG, pp: 1, at: x1Q4}]}\n", `state: s.yaml:2: enemy.sw: unknown field "at" (want name, pp, dead)`},
		{"unquoted s?", "turn: 2\nenemy:\n  - {id: E1, unit: s?, at: x1Q4}\n", `state: s.yaml:3: yaml: did not find expected ',' or '}' (quote it: "s?")`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.in), "s.yaml", m)
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("Read(%q):\n got %v\nwant %q", tt.in, err, tt.want)
			}
		})
	}
}

// ASL A5.1 stacking, as far as it goes: three squads and four SMC of one
// side, each Location of a hex on its own; the ENEMY side is not checked
// (the engine's own games overstack it at times), nor units off the map.
func TestStackingAllowed(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	for _, tt := range []struct{ name, in string }{
		{"three squads and four SMC", "friendly:\n  - {id: F1, unit: squad, at: x1Q5}\n  - {id: F2, unit: squad, at: x1Q5}\n  - {id: F3, unit: half_squad, at: x1Q5}\n  - {id: F4, unit: half_squad, at: x1Q5}\n" +
			"  - {id: L1, unit: leader, at: x1Q5}\n  - {id: L2, unit: leader, at: x1Q5}\n  - {id: L3, unit: leader, at: x1Q5}\n  - {id: C1, unit: commissar, at: x1Q5}\n"},
		{"ground and upper level", "friendly:\n  - {id: F1, unit: squad, at: x3O4}\n  - {id: F2, unit: squad, at: x3O4}\n  - {id: F3, unit: squad, at: x3O4}\n  - {id: F4, unit: squad, at: x3O4h1}\n"},
		{"exited and entering units", "friendly:\n  - {id: F1, unit: squad, at: x1Q5}\n  - {id: F2, unit: squad, at: x1Q5}\n  - {id: F3, unit: squad, at: x1Q5}\n  - {id: F4, unit: squad, at: x1Q5, exited: true}\n  - {id: F5, unit: squad, at: x1Q5, entering: north}\n"},
		{"both sides", "enemy:\n  - {id: E1, unit: squad, at: x1Q5}\n  - {id: E2, unit: squad, at: x1Q5}\nfriendly:\n  - {id: F1, unit: squad, at: x1Q5}\n  - {id: F2, unit: squad, at: x1Q5}\n  - {id: F3, unit: squad, at: x1Q5}\n"},
		{"ENEMY overstacked as the engine leaves it", "enemy:\n  - {id: S1, unit: \"s?\", at: x1Q5, case: a}\n  - {id: S2, unit: \"s?\", at: x1Q5, case: c}\n  - {id: E1, unit: \"s?\", at: x1Q5}\n  - {id: E2, unit: \"s?\", at: x1Q5}\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Read(strings.NewReader(tt.in), "s.yaml", m); err != nil {
				t.Error(err)
			}
		})
	}
}

// The ENEMY Human Waves keep to the stacking of the tables; the FRIENDLY
// units are checked against the same number.
func TestStackingAsTables(t *testing.T) {
	t.Parallel()
	if got := tables.Default().HumanWave.Stacking.Value; got != StackSquads {
		t.Errorf("tables human_wave.stacking %d, StackSquads %d", got, StackSquads)
	}
}

// A wounded leader (ASL A17) keeps his wound through a write and a read
// (wounded: true); a file without the key reads as before (not wounded);
// only a leader is wounded.
func TestWoundedRoundTrip_A17(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	in := "friendly:\n  - {id: F1, unit: leader, type: 8-1, at: x1Q5, wounded: true}\n  - {id: F2, unit: leader, type: 9-1, at: x1Q6}\n"
	s, err := Read(strings.NewReader(in), "s.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Unit("F1").Wounded || s.Unit("F2").Wounded {
		t.Fatalf("read: F1 wounded %v, F2 wounded %v", s.Unit("F1").Wounded, s.Unit("F2").Wounded)
	}
	var buf bytes.Buffer
	if err := s.Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "wounded: true") {
		t.Errorf("written without the wound:\n%s", buf.String())
	}
	again, err := Read(&buf, "again.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Unit("F1").Wounded || again.Unit("F2").Wounded || !again.Clone().Unit("F1").Wounded {
		t.Errorf("read back: F1 wounded %v, F2 wounded %v", again.Unit("F1").Wounded, again.Unit("F2").Wounded)
	}
	_, err = Read(strings.NewReader("friendly:\n  - {id: F1, unit: squad, at: x1Q5, wounded: true}\n"), "s.yaml", m)
	if err == nil || !strings.Contains(err.Error(), "only a leader is wounded (ASL A17.1)") {
		t.Errorf("a wounded squad: %v", err)
	}
}

// An ENEMY unit's Command and Panic (SASL 6, 6.21) are kept in the game
// file, read back as written; a file of an earlier sasl has neither (none
// taken); a FRIENDLY unit takes no Action check, and a Command is one of
// hold, fire, move.
func TestCommandRoundTrip_SASL6(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	in := "enemy:\n  - {id: E1, unit: squad, at: x1Q5, command: move}\n  - {id: E2, unit: squad, at: x1Q6, panicked: true, command: hold}\n  - {id: E3, unit: squad, at: x1Q7}\n"
	s, err := Read(strings.NewReader(in), "s.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := s.Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"command: move", "panicked: true", "command: hold"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("written without %q:\n%s", want, buf.String())
		}
	}
	again, err := Read(&buf, "again.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	e1, e2, e3 := again.Unit("E1"), again.Unit("E2"), again.Clone().Unit("E3")
	if e1.Command != MoveOn || e1.Panicked || e2.Command != Hold || !e2.Panicked || e3.Command != NoCommand || e3.Panicked {
		t.Errorf("read back: E1 %s %v, E2 %s %v, E3 %s %v", e1.Command, e1.Panicked, e2.Command, e2.Panicked, e3.Command, e3.Panicked)
	}
	for _, c := range []struct{ in, want string }{
		{"friendly:\n  - {id: F1, unit: squad, at: x1Q5, command: fire}\n", "only an ENEMY unit takes Action checks (SASL 6)"},
		{"friendly:\n  - {id: F1, unit: squad, at: x1Q5, panicked: true}\n", "only an ENEMY unit takes Action checks (SASL 6)"},
		{"enemy:\n  - {id: E1, unit: squad, at: x1Q5, command: charge}\n", `s.yaml:2: enemy.command: "charge" is not a Command (hold, fire, move)`},
	} {
		if _, err := Read(strings.NewReader(c.in), "s.yaml", m); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}

// A game keeps the revision of sasl's rules it was begun with (rules:),
// so that its journal replays as it was played: a game file with a
// journal and no rules: was begun before revisions were kept, and is
// written so again (Rules1,
// whose S? Activated outside a Human Wave moved on; SASL 4.34 since,
// Rules2); a file of a later sasl is refused, saying so.
func TestRulesRevision_SASL4_34(t *testing.T) {
	t.Parallel()
	m := demoMap(t)
	const game = "mission: crossroads\nseed: 1\nrng: \"pcg:f5f85fb6ffd7f059f77be6772193cf5f\"\npolicy: player\n%sturn: 1\nplayer_turn: enemy\n%senemy: []\nfriendly: []\n"
	journal := "journal:\n  - {n: 1, do: setup, dice: \"3 1 4\"}\n"
	for _, c := range []struct {
		name, rules, journal string
		want                 Rules
		number               int
	}{
		{"a journal, no rules: (an earlier sasl's)", "", journal, Rules1, 1},
		{"rules: 1", "rules: 1\n", journal, Rules1, 1},
		{"rules: 2, the latest", "rules: 2\n", journal, RulesNow, 2},
		{"no journal (plain): nothing to replay", "", "plain: true\n", RulesNow, 2},
		// A plain file that says revision 1 (sasl wave --friendly once
		// kept an old game's): nothing to replay, so this sasl's rules.
		{"rules: 1 without a journal", "rules: 1\n", "plain: true\n", RulesNow, 2},
	} {
		s, err := Read(strings.NewReader(fmt.Sprintf(game, c.rules, c.journal)), "g.yaml", m)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if s.Rules != c.want || s.Rules.Number() != c.number || s.Rules.Has(Rules2) != (c.want == RulesNow) {
			t.Errorf("%s: rules %d (number %d, has SASL 4.34's stop %v), want %d (number %d)", c.name, s.Rules, s.Rules.Number(), s.Rules.Has(Rules2), c.want, c.number)
		}
		var buf bytes.Buffer
		if err := s.Write(&buf, m); err != nil {
			t.Fatal(err)
		}
		// Revision 1 is written as it was, without rules:.
		if want := fmt.Sprintf("\nrules: %d\n", c.number); c.number > 1 && !strings.Contains(buf.String(), want) || c.number == 1 && strings.Contains(buf.String(), "\nrules:") {
			t.Errorf("%s: written as:\n%s", c.name, buf.String())
		}
		again, err := Read(&buf, "again.yaml", m)
		if err != nil || again.Rules != s.Rules {
			t.Errorf("%s: read back as %v, %v", c.name, again.Rules, err)
		}
	}
	for rules, want := range map[string]string{
		"rules: 3\n": "g.yaml:5: rules: 3: this sasl plays revisions 1 to 2 of its rules; the game was begun by a later sasl (play it on with that sasl)",
		"rules: 0\n": "g.yaml:5: rules: want a whole number in 1..255",
	} {
		if _, err := Read(strings.NewReader(fmt.Sprintf(game, rules, journal)), "g.yaml", m); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", rules, err, want)
		}
	}
	// A game begun now plays by every revision, and says which.
	var buf bytes.Buffer
	s := New(m)
	s.Game = Game{Mission: "crossroads"}
	if err := s.Write(&buf, m); err != nil || !strings.Contains(buf.String(), "\nrules: 2\n") || !s.Rules.Has(Rules2) {
		t.Errorf("a game begun now: %v\n%s", err, buf.String())
	}
}
