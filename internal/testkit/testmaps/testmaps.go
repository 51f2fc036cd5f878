// Package testmaps builds the small maps and missions tests write in a few
// lines: boards in the native text format, a mission file, Locations by
// name.
package testmaps

import (
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/board"
)

// MapAndMission builds a map of boards written in the native format (by
// ID, their lines after the header) and a mission on it.
func MapAndMission(t testing.TB, boards map[string]string, mission string) (*board.Map, *missions.Mission) {
	t.Helper()
	ms, err := missions.Parse([]byte(mission), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bs := map[string]*board.Board{}
	for id, text := range boards {
		b, err := board.ReadText(strings.NewReader("sasl-board 1\nboard "+id+"\n"+text), id+".sasl")
		if err != nil {
			t.Fatal(err)
		}
		bs[id] = b
	}
	m, err := board.NewMap(ms.Layout, bs)
	if err != nil {
		t.Fatal(err)
	}
	return m, ms
}

// Loc returns the Location of m named s ("x1Q5", "33O4h1").
func Loc(t testing.TB, m *board.Map, s string) board.Location {
	t.Helper()
	l, err := m.ParseLocation(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
