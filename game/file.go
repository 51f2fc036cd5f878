package game

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/sasl-engine/sasl/internal/homedir"
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
	return openMission(ms, mission, boards, tablesFile)
}

// openMission is Open of mission ms, read from mission.
func openMission(ms *missions.Mission, mission, boards, tablesFile string) (*world.World, state.Game, error) {
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
	hdr := state.Game{Mission: mission, Boards: abs(homedir.Expand(boards)), Tables: abs(tablesFile), MissionDigest: missionDigest(ms)}
	if tablesFile != "" {
		hdr.TablesDigest = t.Digest()[:16]
	}
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

// missionDigest is what a game file records of its mission: 16 hex digits
// of the file's digest, then each top-level key's ("boards:1a2b3c4d5e6f").
func missionDigest(ms *missions.Mission) string {
	keys := slices.Sorted(maps.Keys(ms.Keys))
	var b strings.Builder
	b.WriteString(ms.Digest[:min(16, len(ms.Digest))])
	for _, k := range keys {
		fmt.Fprintf(&b, " %s:%s", k, ms.Keys[k])
	}
	return b.String()
}

// keysOf reads the key digests of a missionDigest.
func keysOf(digest string) map[string]string {
	out := map[string]string{}
	for _, f := range strings.Fields(digest)[1:] {
		if k, v, ok := strings.Cut(f, ":"); ok {
			out[k] = v
		}
	}
	return out
}

// LoadOptions change what Load reads a game file with.
type LoadOptions struct {
	// Boards, if not empty, is the boards folder instead of the file's.
	Boards string
	// Mission, if not empty, is the mission file to play on with instead
	// of the file's, and Tables the tables file: given on purpose, a
	// mission or tables that changed since the game began are accepted
	// (and recorded anew).
	Mission, Tables string
	// Upgrade reads a file of an earlier sasl, which records no journal
	// (and is not marked plain) or no mission digest: the game is read
	// as the file has it, to be written anew with the digests of its
	// mission and tables as they are now, and plain if it has no journal
	// (sasl play upgrade). Without it such a file is refused.
	Upgrade bool
}

// Load reads a game file: its mission, boards and tables as it names them
// (boards, if not empty, overrides its boards folder), then the game on
// that map. Errors name the file and line.
func Load(r io.Reader, name, boards string) (*Game, error) {
	return LoadWith(r, name, LoadOptions{Boards: boards})
}

// LoadWith is Load with options. A mission or tables file that changed
// since the game began is refused, naming the keys of the mission that
// changed, unless given in o.
func LoadWith(r io.Reader, name string, o LoadOptions) (*Game, error) {
	hdr, data, err := state.ReadGame(r, name)
	if err != nil {
		return nil, err
	}
	if hdr.Mission == "" {
		return nil, fmt.Errorf("state: %s: not a game file: it names no mission (start a game with sasl play new)", name)
	}
	// The guards a game file keeps cannot be switched off by deleting
	// them: a file without a journal or a mission digest is one of an
	// earlier sasl, or one edited, and is refused unless upgraded on
	// purpose.
	upgrade := fmt.Sprintf("start the game again with sasl play new, or give it to sasl play upgrade %s to play it on as it is", name)
	switch {
	case o.Upgrade:
	case len(hdr.Journal) > 0 && hdr.Plain:
		return nil, fmt.Errorf("state: %s: the file has a journal and says plain: true: one or the other (was it edited?)", name)
	case len(hdr.Journal) == 0 && !hdr.Plain:
		return nil, fmt.Errorf("state: %s: the file has no journal (deleted, or written by an earlier sasl), so it cannot be checked against its steps: %s", name, upgrade)
	case hdr.MissionDigest == "" && o.Mission == "":
		return nil, &NoDigestError{File: name, Mission: hdr.Mission}
	}
	boards := o.Boards
	if boards == "" {
		boards = hdr.Boards
	}
	mission, tablesFile := hdr.Mission, hdr.Tables
	if o.Mission != "" {
		mission = o.Mission
	}
	if o.Tables != "" {
		tablesFile = o.Tables
	}
	// A game begun on an earlier version of a built-in demo mission plays
	// on with that version (missions.DemoAsItWas): the demos change (issue
	// 51 balanced them), a game file must open in a later sasl. Chosen
	// before the world is built: it is built once, for the mission played.
	ms, err := missions.Open(mission)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if was := hdr.MissionDigest; was != "" && o.Mission == "" && !o.Upgrade && slices.Contains(missions.Demos(), mission) && strings.Fields(was)[0] != ms.Digest[:min(16, len(ms.Digest))] {
		if data, file, ok := missions.DemoAsItWas(mission, strings.Fields(was)[0]); ok {
			if ms, err = missions.Parse(data, file); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
		}
	}
	p, now, err := openMission(ms, mission, boards, tablesFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	// A change of layout or comments only (the same keys with the same
	// values) plays on.
	if was := hdr.MissionDigest; was != "" && o.Mission == "" && !o.Upgrade && strings.Fields(was)[0] != strings.Fields(now.MissionDigest)[0] &&
		(len(keysOf(was)) == 0 || len(missions.Changed(keysOf(was), keysOf(now.MissionDigest))) > 0) {
		what := "its " + strings.Join(missions.Changed(keysOf(was), keysOf(now.MissionDigest)), ", ")
		if what == "its " {
			what = "its file"
		}
		return nil, &ChangedError{File: name, Name: hdr.Mission, What: what}
	}
	if was := hdr.TablesDigest; was != "" && o.Tables == "" && !o.Upgrade && was != now.TablesDigest {
		return nil, &ChangedError{File: name, Tables: true, Name: hdr.Tables}
	}
	st, err := state.Parse(data, name, p.Map())
	if err != nil {
		return nil, err
	}
	if boards != hdr.Boards {
		st.Boards = abs(boards)
	}
	if o.Upgrade && len(st.Journal) == 0 {
		st.Plain, st.Stopped, st.LegacyAsked = true, nil, "" // no stops: turn by turn
	}
	st.Mission, st.Tables = now.Mission, now.Tables
	st.MissionDigest, st.TablesDigest = now.MissionDigest, now.TablesDigest
	return Resume(p, st)
}
