package table

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/sasl-engine/sasl/internal/regfile"
)

// MaxGameFile bounds the game file Live reads to take its version; a
// longer one is refused (a game file of a whole mission is tens of
// kilobytes).
const MaxGameFile = 64 << 20

// Live is a game file held open across many actions, as sasl serve holds
// it: its game stands at the file's version (Version, the start of the
// SHA-256 of its bytes) and is read again when the file changes (another
// tab's action, a command). An action takes the file's lock, checks the
// version the player acted on (a *StaleError if the file has moved on),
// and Save writes the file and takes its new version. A Live is not safe
// for concurrent use: its holder keeps one action at a time.
type Live struct {
	path    string
	o       Options
	t       *Game
	version string
}

// OpenLive reads game file path as Read does and holds it.
func OpenLive(path string, o Options) (*Live, error) {
	l := &Live{path: path, o: o}
	if _, err := l.Refresh(); err != nil {
		return nil, err
	}
	return l, nil
}

// Refresh brings the game up to the file: when the file is not the one
// the game stands at, it is read and replayed again (changed true).
func (l *Live) Refresh() (changed bool, err error) {
	v, err := FileVersion(l.path)
	if err != nil {
		return false, err
	}
	if l.t != nil && v == l.version {
		return false, nil
	}
	l.Drop()
	t, err := Read(l.path, l.o)
	if err != nil {
		return false, err
	}
	l.t, l.version = t, v
	return true, nil
}

// Game is the game as the file stands, nil after a Drop until the next
// Refresh.
func (l *Live) Game() *Game { return l.t }

// Version is the version of the file the game stands at ("" after a
// Drop).
func (l *Live) Version() string { return l.version }

// Drop forgets the game: the next Refresh reads the file again (after an
// action refused or failed, whose changes the file does not hold).
func (l *Live) Drop() {
	if l.t != nil {
		l.t.Close()
	}
	l.t, l.version = nil, ""
}

// Close drops the game.
func (l *Live) Close() { l.Drop() }

// StaleError refuses an action on a version of the game the file has
// moved on from: the player acted on a game that is no longer.
type StaleError struct {
	Version string // the file's version now
}

func (e *StaleError) Error() string {
	return "the game has changed since this page showed it (another tab, or a command): nothing was done; look again and choose again"
}

// Lock takes the game file's lock, waited for as Options say, for an
// action: taken first, before the holder's own lock on the Live, so that
// the holder's reads never wait while a command holds the file. It reads
// nothing of l's game; At then checks the action against the file.
func (l *Live) Lock() (*FileLock, error) { return Lock(l.path, l.o) }

// At brings the game up to the file and checks that version is the
// file's (a *StaleError if not), and the game takes lk for the action
// (Save writes under it). release releases lk; on an error lk is
// released and nothing is held.
func (l *Live) At(version string, lk *FileLock) (release func(), err error) {
	if err := l.Check(version); err != nil {
		lk.Release()
		return nil, err
	}
	l.t.Adopt(lk)
	return func() {
		if l.t != nil {
			l.t.Release()
		}
		lk.Release()
	}, nil
}

// Check brings the game up to the file and checks that version is the
// file's, for an action that writes nothing (a preview): a *StaleError
// if not.
func (l *Live) Check(version string) error {
	if _, err := l.Refresh(); err != nil {
		return err
	}
	if version != l.version {
		return &StaleError{Version: l.version}
	}
	return nil
}

// Save writes the game to its file and takes the file's new version; on
// failure the game is dropped (the file, written whole or not at all, is
// as it was).
func (l *Live) Save() error {
	if err := l.t.Save(); err != nil {
		l.Drop()
		return err
	}
	v, err := FileVersion(l.path)
	if err != nil {
		l.Drop()
		return err
	}
	l.version = v
	return nil
}

// FileVersion is the version of a game file: the start of the SHA-256 of
// its bytes. It reads the file without waiting (a named pipe put in its
// place would block the open) and refuses what is no regular file or is
// longer than MaxGameFile.
func FileVersion(path string) (string, error) {
	f, _, err := regfile.Open(path)
	if errors.Is(err, regfile.ErrNotRegular) {
		return "", fmt.Errorf("%s: not a regular file: a game file is one", path)
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, MaxGameFile+1))
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if n > MaxGameFile {
		return "", fmt.Errorf("%s: longer than %d MiB: not a game file", path, MaxGameFile>>20)
	}
	return hex.EncodeToString(h.Sum(nil)[:8]), nil
}
