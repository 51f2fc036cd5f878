package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// messagesMission is a mission on the demo boards with a Human Wave, so
// that sasl wave plays it, and the FRIENDLY units given.
func messagesMission(friendly string) string {
	return "name: messages\nboards: [[\"x3\"], [\"x1\"]]\nfbe: north\nebe: south\nturns: 3\nvpo: [\"x1Q5\"]\n" +
		"placement: [a]\nhuman_wave:\n  - {turn: 1, edge: south}\nfriendly:\n" + friendly
}

// sasl place --mission F checks the FRIENDLY positions of F exactly as
// sasl wave --mission F does: a hex off the board, a level the hex does
// not have, more units in a Location than ASL A5.1 allows; each error
// names the mission file and line, in one line, and leaves no file
// behind.
func TestFriendlyPositionErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tt := range []struct {
		name, friendly, want string
	}{
		{"off the board", "  - {id: F1, unit: squad, at: x1Q5}\n  - {id: F2, unit: squad, at: x1Q0}\n",
			`missions: m.yaml:12: unit F2 at "x1Q0": layout: x1Q0 is off the board`},
		{"no such level", "  - {id: F1, unit: squad, at: x1Q6h1}\n",
			`missions: m.yaml:11: unit F1 at "x1Q6h1": `},
		{"overstacked", "  - {id: F1, unit: squad, at: x3O4h1}\n  - {id: F2, unit: squad, at: x3O4h1}\n  - {id: F3, unit: squad, at: x3O4}\n  - {id: F4, unit: squad, at: x3O4h1}\n  - {id: F5, unit: squad, at: x3O4h1}\n",
			"missions: m.yaml:15: friendly F5 in x3O4h1: overstacked: F1, F2, F4 and F5 are 4 squads; ASL A5.1 allows a side 3 squads (two half-squads are one) and 4 SMC in a Location"},
		{"five SMC", "  - {id: L1, unit: leader, at: x1Q5}\n  - {id: L2, unit: leader, at: x1Q5}\n  - {id: L3, unit: leader, at: x1Q5}\n  - {id: L4, unit: leader, at: x1Q5}\n  - {id: L5, unit: leader, at: x1Q5}\n",
			"missions: m.yaml:15: friendly L5 in x1Q5: overstacked: L1, L2, L3, L4 and L5 are 5 SMC"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sub := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-"))
			if err := os.Mkdir(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			mission := filepath.Join(sub, "m.yaml")
			if err := os.WriteFile(mission, []byte(messagesMission(tt.friendly)), 0o644); err != nil {
				t.Fatal(err)
			}
			var errs []string
			for _, args := range [][]string{
				{"place", "--mission", mission, "--seed", "1", "--save", filepath.Join(sub, "place.yaml")},
				{"wave", "--mission", mission, "--seed", "1", "--save", filepath.Join(sub, "wave.yaml")},
			} {
				_, err := run(t, args...)
				if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
					t.Errorf("sasl %s:\n got %v\nwant %q", strings.Join(args, " "), err, tt.want)
					continue
				}
				errs = append(errs, err.Error())
			}
			if len(errs) == 2 && errs[0] != errs[1] {
				t.Errorf("place and wave differ:\n%s\n%s", errs[0], errs[1])
			}
			if ents, _ := os.ReadDir(sub); len(ents) != 1 {
				t.Errorf("a failed command left files behind: %d entries", len(ents))
			}
		})
	}
	// The same positions, within the limits, are played.
	ok := filepath.Join(dir, "ok.yaml")
	os.WriteFile(ok, []byte(messagesMission("  - {id: F1, unit: squad, at: x3O4h1}\n  - {id: F2, unit: squad, at: x3O4h1}\n  - {id: F3, unit: half_squad, at: x3O4h1}\n  - {id: F4, unit: half_squad, at: x3O4h1}\n  - {id: L1, unit: leader, at: x3O4h1}\n")), 0o644)
	mustRun(t, "place", "--mission", ok, "--seed", "1")
	mustRun(t, "wave", "--mission", ok, "--seed", "1")
}

// What only the boards folder or the tables know of a mission file (its
// boards, its weather), and its YAML syntax, are errors at its lines.
func TestMissionFileMessages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := "name: x\nboards: [[\"x1\"]]\nfbe: north\nebe: south\n"
	for _, tt := range []struct {
		name, text, boards, want string
	}{
		{"unknown board", "name: x\nboards: [[\"x99\"]]\nfbe: north\nebe: south\n", "",
			"missions: m.yaml:2: library: board x99: no boards folder given; use --boards DIR or SASL_BOARDS to read VASL boards (built in: x1, x2, x3)"},
		{"board not in the folder", "name: x\nboards:\n  - [\"x1\"]\n  - [\"33\"]\nfbe: north\nebe: south\n", dir,
			"missions: m.yaml:4: library: board 33: neither bd33 nor bd33.sasl in " + dir + " (built in: x1, x2, x3)"},
		{"unknown weather", base + "month: 1\nweather: snowy\n", "",
			`missions: m.yaml:6: weather: tables: unknown weather "snowy" (want clear, saturated, winter)`},
		{"unquoted s?", base + "month: 7\nturns: 6\nenemy: Russian\nweather: clear\nvpo: [\"x1Q5\"]\nplacement: [a, s?]\n", "",
			`missions: m.yaml:10: yaml: did not find expected ',' or ']' (quote it: "s?")`},
		{"bad indentation", base + "vpo: [\"x1Q5\"]\nfriendly:\n  - {id: F1, unit: squad, at: x1Q5}\n - {id: F2, unit: squad, at: x1Q6}\n", "",
			"missions: m.yaml:8: yaml: did not find expected key"},
		{"tab", base + "friendly:\n\t- {id: F1, unit: squad, at: x1Q5}\n", "",
			"missions: m.yaml:6: yaml: found character that cannot start any token"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mission := filepath.Join(dir, "m.yaml")
			if err := os.WriteFile(mission, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := run(t, "place", "--mission", mission, "--boards", tt.boards, "--seed", "1")
			if err == nil || err.Error() != tt.want {
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}
