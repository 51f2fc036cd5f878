package atomicfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A pair of files written as one (a game file and the VASL save of its
// turn): both or neither. A record beside the first file, ".NAME.pair",
// says where the pair's temporary files are and whether they are whole:
//
//  1. both temporary files are created, then the record says "writing"
//     with their names;
//  2. both are filled and synced, then the record says "ready";
//  3. both are renamed into place, then the record is removed.
//
// A run killed in between leaves the record: Recover, called under the
// first file's lock before it is read, finishes a ready pair (the renames
// not yet done) and removes the temporary files of one that was still
// being written, so that afterwards both files are old or both are new and
// no temporary file is left.

// pairStage names the points WritePair passes, for the tests that stop it
// there as a kill would.
type pairStage uint8

const (
	stageNone     pairStage = iota
	stageCreated            // both temporaries created, the record says writing
	stageFilled             // both filled, the record still says writing
	stageReady              // the record says ready, nothing renamed
	stageOneMoved           // the second file renamed, not the first
)

// PairPath is the record of a pair whose first file is path.
func PairPath(path string) string {
	f := path
	if t, err := filepath.EvalSymlinks(path); err == nil {
		f = t
	}
	return filepath.Join(filepath.Dir(f), "."+filepath.Base(f)+".pair")
}

// WritePair writes file a with wa and file b with wb as one: afterwards
// both are new, or (an error, a kill, then Recover) both are as they
// were. The caller holds a's lock.
func WritePair(a string, wa func(io.Writer) error, b string, wb func(io.Writer) error) error {
	return writePair(a, wa, b, wb, stageNone)
}

func writePair(a string, wa func(io.Writer) error, b string, wb func(io.Writer) error, stop pairStage) error {
	ta, err := Create(a)
	if err != nil {
		return err
	}
	tb, err := Create(b)
	if err != nil {
		ta.Remove()
		return err
	}
	record := PairPath(a)
	if stop != stageNone {
		// A kill leaves the files as they stand: nothing removed.
		defer func() { ta.f, tb.f = nil, nil }()
	} else {
		defer ta.Remove()
		defer tb.Remove()
		defer os.Remove(record)
	}
	if err := Write(record, pairText("writing", ta, tb)); err != nil {
		return err
	}
	if stop == stageCreated {
		return nil
	}
	if err := ta.Fill(wa); err != nil {
		return err
	}
	if err := tb.Fill(wb); err != nil {
		return err
	}
	if stop == stageFilled {
		return nil
	}
	if err := Write(record, pairText("ready", ta, tb)); err != nil {
		return err
	}
	if stop == stageReady {
		return nil
	}
	// The second file first: the first is the one a reader checks.
	if err := tb.Commit(); err != nil {
		return err
	}
	if stop == stageOneMoved {
		return nil
	}
	return ta.Commit()
}

// pairText writes a pair's record: its state, then a line a file, the
// temporary and the file it takes the place of, TAB between.
func pairText(state string, ts ...*Temp) func(io.Writer) error {
	return func(w io.Writer) error {
		var b strings.Builder
		b.WriteString(state + "\n")
		for _, t := range ts {
			b.WriteString(t.name + "\t" + t.target + "\n")
		}
		_, err := io.WriteString(w, b.String())
		return err
	}
}

// maxPairRecord bounds what Recover reads of a record: two lines of paths.
const maxPairRecord = 64 << 10

// Recover finishes or undoes the pair a killed run left with path as its
// first file (WritePair): a ready pair's temporary files are renamed into
// place, a pair still being written has them removed; then the record
// goes. It reports whether there was one. The caller holds path's lock.
// A record that is not one sasl writes is refused, and left.
func Recover(path string) (bool, error) {
	record := PairPath(path)
	f, err := os.OpenFile(record, os.O_RDONLY|noBlock, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	data, err := io.ReadAll(io.LimitReader(f, maxPairRecord+1))
	f.Close()
	if err != nil {
		return false, err
	}
	bad := fmt.Errorf("%s: not a record of a pair of files sasl writes (remove it if no sasl command is running)", record)
	if len(data) > maxPairRecord {
		return false, bad
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	if !sc.Scan() {
		return false, bad
	}
	state := sc.Text()
	dir := filepath.Dir(record)
	type move struct{ tmp, target string }
	var moves []move
	for sc.Scan() {
		tmp, target, ok := strings.Cut(sc.Text(), "\t")
		// Only temporary files of the files they replace, as Create makes
		// them: a record edited to name other files moves or removes none.
		if !ok || filepath.Dir(tmp) != filepath.Dir(target) || !strings.HasPrefix(filepath.Base(tmp), "."+filepath.Base(target)+".") {
			return false, bad
		}
		if suffix := strings.TrimPrefix(filepath.Base(tmp), "."+filepath.Base(target)+"."); suffix == "" || strings.Trim(suffix, "0123456789") != "" {
			return false, bad
		}
		moves = append(moves, move{tmp, target})
	}
	if (state != "ready" && state != "writing") || len(moves) != 2 || filepath.Dir(moves[0].target) != dir {
		return false, bad
	}
	for _, m := range moves {
		if state == "writing" {
			os.Remove(m.tmp)
			continue
		}
		if err := os.Rename(m.tmp, m.target); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return true, fmt.Errorf("%s: finishing the write a killed run left (%s): %w", m.target, record, bare(err))
		}
	}
	return true, os.Remove(record)
}
