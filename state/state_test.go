package state

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/rules/library"
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
	m := demoMap(t)
	s, err := Read(strings.NewReader(sample), "s.yaml", m)
	if err != nil {
		t.Fatal(err)
	}
	if s.Turn != 2 || len(s.Units) != 5 || len(s.Waves) != 1 || len(s.VPO) != 2 || len(s.Loose) != 1 || s.Loose[0].PP != 1 {
		t.Fatalf("%+v", s)
	}
	e1 := s.Unit("E1")
	if e1.Kind != Squad || !e1.Broken || m.LocationName(e1.At) != "x3O4h1" || len(e1.SW) != 2 || !e1.SW[1].Dead {
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
		if len(again.Units) != len(s.Units) || again.Turn != s.Turn {
			t.Fatalf("round trip lost units: %d -> %d", len(s.Units), len(again.Units))
		}
	})
}
