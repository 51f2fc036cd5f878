// Package yamldoc reads the YAML data files of sasl (missions, tables,
// state and game files) so that every error names the file and line:
// "tables: mine.yaml:12: infantry.terrain.forrest: unknown terrain kind".
// A file decodes into structs that declare its shape and keep every
// value's line (Value, List, Map, Fields), then is checked in one place
// (Check); syntax errors name the line of the problem (Doc.Parse).
package yamldoc

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"go.yaml.in/yaml/v3"
)

// Doc is one YAML file being read: Pkg is the package named at the start
// of errors, File the file name.
type Doc struct {
	Pkg, File string
}

// Errorf returns an error at node n: "pkg: file:line: message".
func (d Doc) Errorf(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s: %s:%d: %s", d.Pkg, d.File, n.Line, fmt.Sprintf(format, args...))
}

// Parse reads YAML text into its root mapping node; an empty file is an
// empty mapping. A syntax error names the line of the problem:
// "missions: hold.yaml:10: yaml: did not find expected ',' or ']' (quote
// it: "s?")" (see syntaxError). A data file is one YAML document: a second
// one (after a "---" or "..." line) is an error at its first line, not
// ignored.
func (d Doc) Parse(data []byte) (*yaml.Node, error) {
	root, next, err := decodeDoc(data)
	if err != nil {
		if errors.Is(err, io.EOF) {
			return &yaml.Node{Kind: yaml.MappingNode, Line: 1}, nil
		}
		return nil, d.syntaxError(data, err)
	}
	if next != 0 {
		return nil, d.ErrorAt(max(next, 0), "a second YAML document begins here; a data file is one document (remove this line and what follows, or merge them into the first)")
	}
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		return nil, d.Errorf(root, "want a mapping at the top")
	}
	return root, nil
}

// Decode parses YAML text (Parse) and decodes its root mapping into v, a
// struct of the file's shape (see Fields): only a syntax error fails.
func (d Doc) Decode(data []byte, v any) error {
	root, err := d.Parse(data)
	if err != nil {
		return err
	}
	if err := root.Decode(v); err != nil {
		return d.Errorf(root, "%v", err)
	}
	return nil
}

// ErrorAt returns an error at a line of the file: "pkg: file:line:
// message", or "pkg: file: message" for line 0 (a line not known). As
// with fmt.Errorf, %w wraps an error.
func (d Doc) ErrorAt(line int, format string, args ...any) error {
	if line <= 0 {
		return fmt.Errorf("%s: %s: "+format, append([]any{d.Pkg, d.File}, args...)...)
	}
	return fmt.Errorf("%s: %s:%d: "+format, append([]any{d.Pkg, d.File, line}, args...)...)
}

// MaxFileSize bounds the data files read with ReadFile: missions and
// tables are a few kilobytes.
const MaxFileSize = 4 << 20

// ReadFile reads a data file of at most MaxFileSize bytes, so that a wrong
// path (/dev/zero, a disk image) is an error, not a program out of memory.
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := ReadAll(f, MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
}

// Open opens a file for reading without waiting: a named pipe nobody
// writes to would block the open for ever; it reads as empty instead. Fd
// sets the file back to blocking reads, for a pipe whose writer is slow.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	f.Fd()
	return f, nil
}

// ReadAll reads r to its end if it holds at most limit bytes; more is an
// error ("larger than 4 MiB: not a data file"), read no further. A named
// pipe (opened by Open) that gave nothing is an error too: one nobody
// writes to reads as empty.
func ReadAll(r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("larger than %d MiB: not a data file", limit>>20)
	}
	if f, ok := r.(*os.File); ok && len(data) == 0 {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeNamedPipe != 0 {
			return nil, errors.New("a named pipe with nothing written to it")
		}
	}
	return data, nil
}
