package world

import (
	"os"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/testkit/testmaps"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/tables"
)

// riverTables are the default tables with the boards o1 and o2 river
// boards (Table A9), which SASL 4.22 does not choose along widths.
func riverTables() *tables.Set {
	t := tables.Default().Clone()
	for _, id := range []string{"o1", "o2"} {
		t.SASL.A9.Boards[id] = tables.Entry[tables.BoardKind]{Value: tables.BoardKind{River: true}, Source: "test"}
	}
	return t
}

// A mission is refused before any game starts for what only the tables
// or the boards tell, naming the file, the line and the value: an ENEMY
// nationality the Activation table has no row for, a FRIENDLY counter type
// that is no counter of the unit's kind, an edge S? or Human Waves enter
// by whose boards entry cannot choose among.
func TestNewRefusesMission(t *testing.T) {
	t.Parallel()
	// o1 above o2, north up: the south edge runs along o2's length, the
	// east edge along the widths of both.
	const base = "name: x\nboards: [[\"o1\"], [\"o2\"]]\nfbe: north\nebe: south\n"
	unit := func(u string) string { return base + "friendly:\n  - " + u + "\n" }
	for _, tt := range []struct {
		name, in string
		t        *tables.Set
		want     string // "" for a mission New accepts
	}{
		{"unknown ENEMY nationality", base + "enemy: Martian\n", nil,
			`missions: m.yaml:5: enemy: tables: activation: no row for the ENEMY nationality "Martian" (known: `},
		{"known ENEMY nationality, any case", base + "enemy: russian\n", nil, ""},
		{"unknown Prevailing Attitude (SASL 6)", base + "attitude: withdraw\n", nil,
			`missions: m.yaml:5: attitude: no Action table for Attitude "withdraw" (the tables have [advance maintain]; add one under sasl.action.tables)`},
		{"known Prevailing Attitude", base + "attitude: advance\n", nil, ""},
		{"no ENEMY nationality", base, nil, ""},
		{"squad of no counter", unit("{id: F1, unit: squad, type: banana, at: o1A1}"), nil,
			`missions: m.yaml:6: friendly F1: type "banana" is not a squad counter: want firepower-range-morale, such as 6-6-7 (ASL A1.2)`},
		{"half-squad of no counter", unit("{id: F1, unit: half_squad, type: 3-3, at: o1A1}"), nil,
			`missions: m.yaml:6: friendly F1: type "3-3" is not a half_squad counter: want firepower-range-morale`},
		{"squad of a leader's counter", unit("{id: F1, unit: squad, type: 8-1, at: o1A1}"), nil,
			`missions: m.yaml:6: friendly F1: type "8-1" is not a squad counter`},
		{"leader of a squad's counter", unit("{id: L1, unit: leader, type: 6-6-7, at: o1A1}"), nil,
			`missions: m.yaml:6: friendly L1: type "6-6-7" is not a leader counter: want morale and leadership modifier, such as 8-1 or 7+1 (ASL A1.2)`},
		{"commissar of no counter", unit("{id: C1, unit: commissar, type: banana, at: o1A1}"), nil,
			`missions: m.yaml:6: friendly C1: type "banana" is not a commissar counter`},
		{"counters of their kinds", base + "friendly:\n  - {id: F1, unit: squad, type: 6-6-7, at: o1A1}\n  - {id: F2, unit: half_squad, type: 3-3-7, at: o1A1}\n" +
			"  - {id: L1, unit: leader, type: 8-1, at: o1A1}\n  - {id: L2, unit: leader, type: 7+1, at: o1A1}\n  - {id: C1, unit: commissar, type: 10-2, at: o1B1}\n  - {id: F3, unit: squad, at: o1B1}\n", nil, ""},
		{"entry along the widths of river boards", base + "entry:\n  - {turn: 1, edge: south, count: 2}\n  - {turn: 2, edge: east, count: 2}\n", riverTables(),
			"missions: m.yaml:7: entry: edge east: SASL 4.22: no board along the east edge may be entered (river boards are excluded)"},
		{"Human Wave along the widths of river boards", base + "human_wave:\n  - {turn: 1, edge: east}\n", riverTables(),
			"missions: m.yaml:6: human_wave: edge east: SASL 4.22: no board along the east edge may be entered"},
		{"entry along the length of a river board", base + "entry:\n  - {turn: 1, edge: south, count: 2}\nhuman_wave:\n  - {turn: 1, edge: south}\n", riverTables(), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m, ms := testmaps.MapAndMission(t, map[string]string{"o1": "", "o2": ""}, tt.in)
			ms.File = "m.yaml"
			ts := tt.t
			if ts == nil {
				ts = tables.Default()
			}
			_, err := New(m, ms, ts, nil)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.want)):
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}

// The demo missions and the examples pass every check.
func TestNewAcceptsDemos(t *testing.T) {
	t.Parallel()
	for _, name := range missions.Demos() {
		ms, err := missions.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ms.Map(library.New(""))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := New(m, ms, tables.Default(), nil); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// Any mission Parse accepts on the built-in boards is built or refused by
// New, never a panic; a refusal names the mission file.
func FuzzNew(f *testing.F) {
	for _, name := range missions.Demos() {
		data, err := os.ReadFile("../missions/demo/" + name + ".yaml")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("name: x\nboards: [[\"x1\", \"x2\"]]\nfbe: north\nebe: south\nenemy: Martian\nfriendly:\n  - {id: F1, unit: leader, type: 6-6-7, at: x1A1}\nentry:\n  - {turn: 1, edge: east, count: 3}\n"))
	lib := library.New("")
	f.Fuzz(func(t *testing.T, in []byte) {
		ms, err := missions.Parse(in, "fuzz.yaml")
		if err != nil {
			return
		}
		m, err := ms.Map(lib)
		if err != nil {
			return
		}
		if _, err := New(m, ms, tables.Default(), nil); err != nil && !strings.HasPrefix(err.Error(), "missions: fuzz.yaml") {
			t.Fatalf("refused without naming the mission file: %v", err)
		}
	})
}
