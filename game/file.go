package game

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"

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
	t, err := tables.Load(tablesFile)
	if err != nil {
		return nil, state.Game{}, err
	}
	lib := library.New(boards)
	key := worldKey(ms, lib, t)
	p := opened.get(key)
	if p == nil {
		m, err := ms.Map(lib)
		if err != nil {
			return nil, state.Game{}, err
		}
		if p, err = Prepare(ms, m, t); err != nil {
			return nil, state.Game{}, err
		}
		opened.put(key, p)
	}
	hdr := state.Game{Mission: mission, Boards: abs(boards), Tables: abs(tablesFile)}
	if mission == "" {
		hdr.Mission = missions.DefaultDemo
	} else if !slices.Contains(missions.Demos(), mission) {
		hdr.Mission = abs(mission)
	}
	return p, hdr, nil
}

// opened are the worlds Open built last: a program that opens a mission
// again and again (the tests, a server) builds its world, line of sight
// included, once. Keyed by the mission's file and bytes, the boards'
// stamps and the tables' digest, so that a changed file is read anew.
var opened worldCache

// maxOpened bounds the worlds kept: a world of four VASL boards holds some
// 70 MB of line of sight once it is built.
const maxOpened = 6

type worldCache struct {
	mu     sync.Mutex
	keys   []string
	worlds []*world.World
}

func (c *worldCache) get(key string) *world.World {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, k := range c.keys {
		if k == key {
			return c.worlds[i]
		}
	}
	return nil
}

func (c *worldCache) put(key string, w *world.World) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.keys) == maxOpened { // the oldest goes
		c.keys, c.worlds = c.keys[1:], c.worlds[1:]
	}
	c.keys, c.worlds = append(c.keys, key), append(c.worlds, w)
}

// worldKey is what a world of mission ms on the boards of lib with tables
// t is made of.
func worldKey(ms *missions.Mission, lib *library.Library, t *tables.Set) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\x00%s\x00%s", ms.File, ms.Digest, t.Digest())
	for _, id := range ms.Layout.Boards() {
		b.WriteString("\x00" + lib.Stamp(id))
	}
	return b.String()
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
