// Package hill is a test kit: the Hill 621 VASL save (../shared/vasl/saves)
// with the player's setup on boards 2/4/3, and a mission of those boards,
// for the tests of the VASL way of play.
package hill

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/internal/testkit/testshared"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/vassal"
)

// Mission is a mission on the Hill 621 save's boards, 2, 4 and 3 in
// one column.
const Mission = `name: Hill 621 test
boards: [["2"], ["4"], ["3"]]
north: up
fbe: north
ebe: south
month: 7
enemy: Russian
turns: 3
vpo: ["2I5"]
placement: [a, b, c, e]
entry:
  - {turn: 1, edge: south, count: 4}
human_wave:
  - {turn: 2, edge: south}
friendly:
  - {id: F1, unit: squad, type: 4-6-7, at: 2I5, known: true}
victory:
  control: ["2I5"]
  max_enemy_exits: 2
`

// WriteSave writes s to a new file of dir.
func WriteSave(t *testing.T, s *vassal.Save, dir, name string) string {
	t.Helper()
	var b bytes.Buffer
	if err := s.Write(&b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Setup is the player's setup in the Hill 621 save: German squads,
// leaders, an LMG and a crew moved from the setup area onto board 2 (as
// VASSAL's move commands), and the hexes they were put on.
func Setup(t *testing.T, dir string) (string, map[string][2]string) {
	t.Helper()
	s, err := vassal.Open(filepath.Join(testshared.Path(t, "vasl/saves"), "Hill-621-Scenario-E.vsav"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Contents()
	if err != nil {
		t.Fatal(err)
	}
	e, err := s.Edit(time.UnixMilli(1_700_000_000_000))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"4-6-7 1sq": {"2E3", "2G4", "2I5", "2K3", "2M4", "2O5"}, "9-2": {"2I5"}, "8-0": {"2M4"}, "LMG": {"2I5"}, "2-2-8 Icr": {"2G4"}}
	at := map[string][2]string{} // piece ID -> name, hex
	for _, p := range c.Off {
		if l := want[p.Name]; len(l) > 0 {
			g, _ := coord.ParseGrid(l[0])
			if err := e.Move([]string{p.ID}, g); err != nil {
				t.Fatal(err)
			}
			at[p.ID], want[p.Name] = [2]string{p.Name, l[0]}, l[1:]
		}
	}
	return WriteSave(t, e.Result(), dir, "setup.vsav"), at
}

// Contents reads what the save at path holds.
func Contents(t *testing.T, path string) *vassal.Contents {
	t.Helper()
	s, err := vassal.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Contents()
	if err != nil {
		t.Fatal(err)
	}
	return c
}
