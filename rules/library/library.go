package library

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/sasl-engine/sasl/internal/homedir"
	"github.com/sasl-engine/sasl/internal/regfile"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/layout"
)

// EnvBoards names the environment variable holding the VASL boards folder
// when no folder is given.
const EnvBoards = "SASL_BOARDS"

// NativeExt is the file extension of native board files.
const NativeExt = ".sasl"

//go:embed demo/*.sasl
var demoFS embed.FS

// Library finds boards by ID. A board is read, in order of preference, from
// a native file next to the archives (bdNN.sasl: the user's correction of
// derived terrain), from the VASL archive bdNN in the boards folder, or from
// the demo boards built into the program. Boards are read once and shared.
// A Library is safe for concurrent use.
type Library struct {
	dir   string
	mu    sync.Mutex
	cache map[string]*board.Board
}

// New returns a library over the boards folder dir; with dir empty it uses
// $SASL_BOARDS, and with that unset only the demo boards. A leading "~/"
// is the home folder, as a shell would read it (package homedir) (a folder given as
// --boards=~/vasl, or in $SASL_BOARDS, reaches sasl unexpanded).
func New(dir string) *Library {
	if dir == "" {
		dir = os.Getenv(EnvBoards)
	}
	return &Library{dir: homedir.Expand(dir), cache: map[string]*board.Board{}}
}

// Dir returns the boards folder, or "" when there is none.
func (l *Library) Dir() string { return l.dir }

// Demo returns the IDs of the built-in demo boards.
func Demo() []string {
	ents, _ := fs.ReadDir(demoFS, "demo")
	var ids []string
	for _, e := range ents {
		ids = append(ids, strings.TrimSuffix(e.Name(), NativeExt))
	}
	sort.Strings(ids)
	return ids
}

// Board returns the board with the given ID.
func (l *Library) Board(id string) (*board.Board, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.cache[id]; b != nil {
		return b, nil
	}
	b, err := l.load(id)
	if err != nil {
		return nil, err
	}
	l.cache[id] = b
	return b, nil
}

func (l *Library) load(id string) (*board.Board, error) {
	if l.dir != "" {
		for _, name := range fileNames(id) {
			path := filepath.Join(l.dir, name+NativeExt)
			if b, err := readNative(path, id); err == nil || !errors.Is(err, fs.ErrNotExist) {
				return b, err
			}
		}
		for _, name := range fileNames(id) {
			path := filepath.Join(l.dir, name)
			if _, err := os.Stat(path); err == nil {
				return readArchive(path)
			}
		}
	}
	if data, err := demoFS.ReadFile("demo/" + id + NativeExt); err == nil {
		b, err := board.ReadText(strings.NewReader(string(data)), "demo/"+id+NativeExt)
		if err != nil {
			return nil, fmt.Errorf("library: built-in %w", err)
		}
		b.Source = "built-in demo board"
		return b, nil
	}
	demo := strings.Join(Demo(), ", ")
	if l.dir == "" {
		return nil, fmt.Errorf("library: board %s: no boards folder given; use --boards DIR or %s to read VASL boards (built in: %s)", id, EnvBoards, demo)
	}
	return nil, fmt.Errorf("library: board %s: neither %s nor %s%s in %s (built in: %s)", id, fileNames(id)[0], fileNames(id)[0], NativeExt, l.dir, demo)
}

// Stamp says where board id would be read from and what that file is now:
// its path, size and modification time, or the built-in demo board. Two
// equal stamps read the same board (a file rewritten in the same
// nanosecond with the same size aside), without reading it.
func (l *Library) Stamp(id string) string {
	if l.dir != "" {
		for _, ext := range []string{NativeExt, ""} {
			for _, name := range fileNames(id) {
				path := filepath.Join(l.dir, name+ext)
				if st, err := os.Stat(path); err == nil {
					return fmt.Sprintf("%s %d %d", path, st.Size(), st.ModTime().UnixNano())
				}
			}
		}
	}
	return "demo " + id
}

// fileNames returns the archive names that may hold board id: VASL pads
// board numbers to two digits ("bd02"); some folders do not.
func fileNames(id string) []string {
	names := []string{"bd" + id}
	if len(id) == 1 && id[0] >= '0' && id[0] <= '9' {
		names = []string{"bd0" + id, "bd" + id}
	}
	return names
}

func readNative(path, id string) (*board.Board, error) {
	f, _, err := regfile.Open(path) // a named pipe must not hang it
	if errors.Is(err, regfile.ErrNotRegular) {
		return nil, fmt.Errorf("library: %s: not a regular file: not a board", path)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := board.ReadText(f, path)
	if err != nil {
		return nil, err
	}
	if b.ID != id {
		return nil, fmt.Errorf("library: %s holds board %s, not %s", path, b.ID, id)
	}
	return b, nil
}

// Map assembles the boards of a configuration.
func (l *Library) Map(lay *layout.Layout) (*board.Map, error) {
	boards := map[string]*board.Board{}
	for _, id := range lay.Boards() {
		b, err := l.Board(id)
		if err != nil {
			return nil, err
		}
		boards[id] = b
	}
	return board.NewMap(lay, boards)
}

// IDs returns the IDs of every board the library can read: the boards of
// its folder (archives bdNN and native files bdNN.sasl; "02" is read as
// "2"), then the demo boards, each once, sorted within each group. A
// folder that cannot be read gives its error with the demo boards.
func (l *Library) IDs() ([]string, error) {
	var ids []string
	seen := map[string]bool{}
	var err error
	if l.dir != "" {
		var ents []os.DirEntry
		ents, err = os.ReadDir(l.dir)
		for _, e := range ents {
			name := strings.TrimSuffix(e.Name(), NativeExt)
			id, ok := strings.CutPrefix(name, "bd")
			if !ok || id == "" || e.IsDir() || strings.HasPrefix(id, ".") {
				continue
			}
			if len(id) == 2 && id[0] == '0' && id[1] >= '0' && id[1] <= '9' {
				id = id[1:]
			}
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
		sort.Strings(ids)
	}
	for _, id := range Demo() {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, err
}
