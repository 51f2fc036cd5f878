package table

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"slices"
	"time"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/atomicfile"
	"github.com/sasl-engine/sasl/internal/filelock"
	"github.com/sasl-engine/sasl/internal/regfile"
	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// Options say how a game file is opened.
type Options struct {
	// Boards, if not empty, is the boards folder instead of the file's;
	// Mission and Tables, the files to play on with instead of the file's
	// (given on purpose: changed or moved since the game began).
	Boards, Mission, Tables string
	// Wait is how long Open waits for another command's lock on the file;
	// Who is what takes it, as the lock file says ("sasl play next").
	Wait time.Duration
	Who  string
}

// FileLock is a game file's lock, taken with Lock (package filelock).
type FileLock = filelock.Lock

// MaxWait bounds Options.Wait.
const MaxWait = time.Hour

// Game is a game file at the table: read, its journal replayed and
// checked, and (opened with Open or Create) locked until Close.
type Game struct {
	path string
	lock *filelock.Lock
	g    *game.Game
	// borrowed: a view of another Game's (After of its last step): Close
	// closes nothing of it.
	borrowed bool
	// s plays the game step by step; nil for a file with no journal
	// (plain: true, written by sasl enter or wave --save, or upgraded),
	// which plays turn by turn.
	s *game.Session
}

// Lock takes the lock of game file path (release it): one command at a
// time reads, plays and writes it. Every command that writes a game file
// takes it first, so a game file Writable refuses is refused here, under
// the lock and before anything is written.
func Lock(path string, o Options) (*filelock.Lock, error) {
	if o.Wait < 0 || o.Wait > MaxWait {
		return nil, &WaitError{Wait: o.Wait}
	}
	l, err := filelock.Acquire(path, o.Wait, o.Who)
	if err != nil {
		return nil, err
	}
	if err := Writable(path); err != nil {
		l.Release()
		return nil, err
	}
	return l, nil
}

// Writable refuses a game file at path that sasl cannot play on without
// losing it (a file not there yet is writable):
//
//   - one with more than one name (hard links): the lock is taken by name
//     (a symbolic link is followed, a hard link cannot be), so commands on
//     two names would not wait for each other, and each write gives the
//     name written a new file, leaving the other names the old game;
//   - a read-only one: a write replaces the file (a new one renamed over
//     it), which its folder allows whatever the file's mode says.
//
// What is no regular file is left to the read, which refuses it.
func Writable(path string) error {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return nil
	}
	n, err := filelock.Links(path)
	if err != nil {
		return fmt.Errorf("%s: cannot count its names (hard links): %w", path, err)
	}
	if n > 1 {
		return fmt.Errorf("%s: the game file has %d names (hard links): commands on two of them would not wait for each other, and a write would part them; copy it (cp %s mine.yaml) and play on the copy", path, n, path)
	}
	if readOnly(path, st) {
		return fmt.Errorf("%s: the game file is read-only (%v): playing on would replace it; make it writable (chmod u+w %s) to play on", path, st.Mode().Perm(), path)
	}
	return nil
}

// Open locks game file path, reads it and replays its journal: the file
// must be what its journal replays to (a file edited by hand is refused,
// naming the first line that differs). Close releases it.
func Open(path string, o Options) (*Game, error) {
	l, err := Lock(path, o)
	if err != nil {
		return nil, err
	}
	if err := recoverPair(path); err != nil {
		l.Release()
		return nil, err
	}
	t, err := Read(path, o)
	if err != nil {
		l.Release()
		return nil, err
	}
	t.lock = l
	return t, nil
}

// recoverPair finishes (or undoes) the game file and VASL save a killed
// run of TurnFromSave left half written (atomicfile.WritePair): both old
// or both new before the game is read.
func recoverPair(path string) error {
	_, err := atomicfile.Recover(path)
	return err
}

// Read reads game file path as Open does, without its lock: for a look
// that writes nothing (sasl play show, log; the browser's reads).
func Read(path string, o Options) (*Game, error) {
	return read(path, o, false)
}

// Upgrade opens game file path of an earlier sasl, locked, as the file
// has it (game.LoadOptions.Upgrade), and says what Save will write anew:
// the digests of its mission and tables as they are now, and plain: true
// for a file with no journal (played on turn by turn). A file with a
// journal is still checked against it. Nothing is written: Save.
func Upgrade(path string, o Options) (*Game, []string, error) {
	l, err := Lock(path, o)
	if err != nil {
		return nil, nil, err
	}
	if err := recoverPair(path); err != nil {
		l.Release()
		return nil, nil, err
	}
	hdr, err := ReadHeader(path)
	if err != nil {
		l.Release()
		return nil, nil, err
	}
	t, err := read(path, o, true)
	if err != nil {
		l.Release()
		return nil, nil, err
	}
	t.lock = l
	var did []string
	now := t.g.Header()
	if hdr.MissionDigest != now.MissionDigest {
		did = append(did, "the mission's digest recorded as the mission is now (mission_digest)")
	}
	if hdr.TablesDigest != now.TablesDigest {
		did = append(did, "the tables file's digest recorded as it is now (tables_digest)")
	}
	if now.Plain && !hdr.Plain {
		did = append(did, "marked as a game with no journal, played on turn by turn (plain: true)")
	}
	return t, did, nil
}

func read(path string, o Options, upgrade bool) (*Game, error) {
	f, _, err := regfile.Open(path) // a named pipe must not hang it
	if errors.Is(err, regfile.ErrNotRegular) {
		return nil, fmt.Errorf("%s: not a regular file: a game file is one", path)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := game.LoadWith(f, path, game.LoadOptions{Boards: o.Boards, Mission: o.Mission, Tables: o.Tables, Upgrade: upgrade})
	if err != nil {
		return nil, err
	}
	t := &Game{path: path, g: g}
	if g.Journaled() {
		if t.s, err = game.OpenSession(path, g); err != nil {
			return nil, err
		}
		t.g = t.s.Game()
	}
	return t, nil
}

// Create sets a new game of world w up (game.Begin) in game file path,
// locked: a file there is refused unless force. hdr holds the seed;
// setup rolls come from script if it is not nil. The file is written
// before Create returns.
func Create(path string, o Options, force bool, w *world.World, hdr state.Game, script dice.Roller, stops game.Stops) (*Game, *ai.Setup, error) {
	l, err := Lock(path, o)
	if err != nil {
		return nil, nil, err
	}
	return CreateLocked(path, l, force, w, hdr, script, stops)
}

// CreateLocked is Create under l, the lock of path taken with Lock (a
// command that writes a file beside the game, the mission of play new
// --friendly-from, takes it first); the Game holds it, and so does an
// error: it is released either way.
func CreateLocked(path string, l *FileLock, force bool, w *world.World, hdr state.Game, script dice.Roller, stops game.Stops) (*Game, *ai.Setup, error) {
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && !force {
		l.Release()
		return nil, nil, &ExistsError{Path: path, Game: true}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		l.Release()
		return nil, nil, err
	}
	s, setup, err := game.Begin(w, hdr, script, stops)
	if err != nil {
		l.Release()
		return nil, nil, err
	}
	t := &Game{path: path, lock: l, g: s.Game(), s: s}
	if err := t.Save(); err != nil {
		t.Close()
		return nil, nil, err
	}
	return t, setup, nil
}

// SameFile reports whether paths a and b name one file: the same path
// once links are followed and the path cleaned (sub/../g.yaml is g.yaml;
// neither need be there yet), or (a hard link) the same file on disk.
func SameFile(a, b string) bool {
	if filelock.Resolve(a) == filelock.Resolve(b) {
		return true
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// NotOver refuses outputs (flag -> path, "" for none) that name game file
// path: a picture or a VASL save written over the game would lose it. It
// is asked before anything is played, and no --force gets past it.
func NotOver(path string, outputs map[string]string) error {
	for _, flag := range slices.Sorted(maps.Keys(outputs)) {
		if out := outputs[flag]; out != "" && SameFile(out, path) {
			return fmt.Errorf("%s %s: that is the game file %s; write it to a file of its own (the game is left as it was)", flag, out, path)
		}
	}
	return nil
}

// Path is the game file.
func (t *Game) Path() string { return t.path }

// What a front end reads of the game; it changes the game through this
// package alone (Do, Act, Turns, Undo, Save), never through game's own
// Game or Session, which this package keeps to itself.

// World is the mission's world, read-only: its map, mission and tables.
func (t *Game) World() *world.World { return t.g.World() }

// Header is the game file's header: mission, seed, policy, tables.
func (t *Game) Header() state.Game { return t.g.Header() }

// Snapshot is a copy of the game's state.
func (t *Game) Snapshot() *state.State { return t.g.Snapshot() }

// Policy is who plays the FRIENDLY side (game.PolicyPlayer, ...).
func (t *Game) Policy() state.Policy { return t.g.Policy() }

// Over reports whether the game has ended; LastTurn is its last Game Turn.
func (t *Game) Over() bool    { return t.g.Over() }
func (t *Game) LastTurn() int { return t.g.LastTurn() }

// Outcome is how the game ended by the mission's victory conditions, and
// ok false for a mission that gives none (game.Game.Outcome).
func (t *Game) Outcome() (game.Outcome, bool) { return t.g.Outcome() }

// Winner names the winner of a finished game ("" before it ends, or for a
// mission with no victory conditions).
func (t *Game) Winner() string { return WinnerText(t.g) }

// ShowScene is the picture of where the game stands (sasl play show).
func (t *Game) ShowScene() *render.Scene { return ShowScene(t.g) }

// Close ends the game's session and releases its lock.
func (t *Game) Close() {
	if t.borrowed {
		return
	}
	if t.s != nil {
		t.s.Close()
	}
	t.lock.Release()
	t.lock = nil
}

// Save writes the game file whole (package atomicfile), removing the
// temporary files a killed run left beside it. The file must be locked.
func (t *Game) Save() error {
	if t.lock == nil {
		return fmt.Errorf("%s: not written: the game was read without its lock", t.path)
	}
	return atomicfile.Swept(t.path, t.g.Write)
}

// SaveWith writes the game file and another file (the VASL save of its
// turn, written by write) as one (atomicfile.WritePair): both new, or
// both as they were. The file must be locked.
func (t *Game) SaveWith(other string, write func(io.Writer) error) error {
	if t.lock == nil {
		return fmt.Errorf("%s: not written: the game was read without its lock", t.path)
	}
	return atomicfile.WritePair(t.path, t.g.Write, other, write)
}

// session is the game's session, or why a file without a journal has
// none.
func (t *Game) session() (*game.Session, error) {
	if t.s == nil {
		return nil, &PlainError{Path: t.path}
	}
	return t.s, nil
}

// Adopt makes lock l, taken with Lock on the game's file, the game's: Save
// writes under it, Release or Close releases it. A server that keeps a game
// read between actions takes the lock for each action, then checks the
// file is still the one it read.
func (t *Game) Adopt(l *filelock.Lock) { t.lock = l }

// Release releases the game's lock, if it holds one; the game stays
// readable.
func (t *Game) Release() {
	t.lock.Release()
	t.lock = nil
}

// After is the game as it stood after step n of its journal (1: after the
// setup), read-only: for a picture of the past.
func (t *Game) After(n int) (*Game, error) {
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	j := s.Journal()
	if n < 1 || n > len(j) {
		return nil, fmt.Errorf("step %d: the game has steps 1 to %d", n, len(j))
	}
	if n == len(j) {
		return &Game{path: t.path, g: t.g, s: t.s, borrowed: true}, nil
	}
	old, err := game.Replay(t.g.World(), t.g.Header(), j[:n])
	if err != nil {
		return nil, err
	}
	return &Game{path: t.path, g: old.Game(), s: old}, nil
}
