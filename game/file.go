package game

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// Open reads a mission (a demo mission's name or a file), assembles its
// boards from the boards folder (or $SASL_BOARDS, or the demo boards),
// lays the tables file (if any) over the built-in tables and prepares it.
// The header it returns names all three so that a game file can find them
// again from any folder: files by their absolute paths.
func Open(mission, boards, tablesFile string) (*world.World, state.Game, error) {
	ms, err := missions.Open(mission)
	if err != nil {
		return nil, state.Game{}, err
	}
	m, err := ms.Map(library.New(boards))
	if err != nil {
		return nil, state.Game{}, err
	}
	t, err := tables.Load(tablesFile)
	if err != nil {
		return nil, state.Game{}, err
	}
	p, err := Prepare(ms, m, t)
	if err != nil {
		return nil, state.Game{}, err
	}
	hdr := state.Game{Mission: mission, Boards: abs(boards), Tables: abs(tablesFile)}
	if mission == "" {
		hdr.Mission = missions.DefaultDemo
	} else if !slices.Contains(missions.Demos(), mission) {
		hdr.Mission = abs(mission)
	}
	return p, hdr, nil
}

func abs(path string) string {
	if path == "" {
		return ""
	}
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
}

// Load reads a game file: its mission, boards and tables as it names them
// (boards, if not empty, overrides its boards folder), then the game on
// that map. Errors name the file and line.
func Load(r io.Reader, name, boards string) (*Game, error) {
	hdr, data, err := state.ReadGame(r, name)
	if err != nil {
		return nil, err
	}
	if hdr.Mission == "" {
		return nil, fmt.Errorf("state: %s: not a game file: it names no mission (start a game with sasl play new)", name)
	}
	if boards == "" {
		boards = hdr.Boards
	}
	p, _, err := Open(hdr.Mission, boards, hdr.Tables)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	st, err := state.Parse(data, name, p.Map())
	if err != nil {
		return nil, err
	}
	if boards != hdr.Boards {
		st.Boards = abs(boards)
	}
	return Resume(p, st)
}
