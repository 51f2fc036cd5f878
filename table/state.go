package table

import (
	"fmt"
	"io"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/atomicfile"
	"github.com/sasl-engine/sasl/internal/filelock"
	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// This file is the plain game files of the commands that play without a
// journal (sasl enter --save, wave --save and --friendly, path --game):
// read and written whole, as the game files of Open and Save are.

// ReadHeader reads the header of game file path (its mission, boards,
// tables and dice), which says how to build the map the rest is read on.
func ReadHeader(path string) (state.Game, error) {
	f, err := yamldoc.Open(path)
	if err != nil {
		return state.Game{}, err
	}
	defer f.Close()
	hdr, _, err := state.ReadGame(f, path)
	if err != nil {
		return state.Game{}, err
	}
	if hdr.Mission == "" {
		return state.Game{}, fmt.Errorf("%s: not a game file: it names no mission", path)
	}
	return hdr, nil
}

// ReadState reads state file path on map m.
func ReadState(path string, m *board.Map) (*state.State, error) {
	f, err := yamldoc.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return state.Read(f, path, m)
}

// SaveState writes state st of map m to path whole, under l, the lock
// taken on path with Lock.
func SaveState(path string, l *filelock.Lock, st *state.State, m *board.Map) error {
	if l == nil {
		return fmt.Errorf("%s: not written: the file is not locked", path)
	}
	return atomicfile.Swept(path, func(w io.Writer) error { return st.Write(w, m) })
}

// SaveGame writes game g to path whole, under l, the lock taken on path
// with Lock.
func SaveGame(path string, l *filelock.Lock, g *game.Game) error {
	if l == nil {
		return fmt.Errorf("%s: not written: the file is not locked", path)
	}
	return atomicfile.Swept(path, g.Write)
}
