package yamldoc

import (
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/testkit/longrun"
)

// A syntax error names the line where the problem is, counted from 1, in
// one line: the yaml library names the line before for parser errors, the
// line where the enclosing collection or scalar starts, or no line.
func TestSyntaxErrorLine(t *testing.T) {
	for _, tt := range []struct {
		name, in, want string
	}{
		{"unquoted s? in a flow sequence", "name: x\nboards: [[\"x1\"]]\nfbe: north\nebe: south\nmonth: 7\nturns: 6\nenemy: Russian\nweather: clear\nvpo: [\"x1Q5\"]\nplacement: [a, s?]\n",
			`missions: bad.yaml:10: yaml: did not find expected ',' or ']' (quote it: "s?")`},
		{"unquoted S? first", "name: x\nplacement: [S?, a]\n", `bad.yaml:2: yaml: did not find expected ',' or ']' (quote it: "S?")`},
		{"unquoted s? in a flow mapping", "name: x\nfriendly:\n  - {id: F1, unit: s?, at: x1Q5}\n", `bad.yaml:3: yaml: did not find expected ',' or '}' (quote it: "s?")`},
		{"unquoted s? on the next line of a flow mapping", "name: x\nfriendly:\n  - {id: F1,\n     unit: s?}\n", `bad.yaml:4: yaml: did not find expected ',' or '}' (quote it: "s?")`},
		{"comments before", "# a mission\n\n# more\nname: x\nplacement: [a, s?]\n", `bad.yaml:5: yaml: did not find expected ',' or ']' (quote it: "s?")`},
		{"quoted s? is no hint", "name: x\nvpo: [\"s?\" \"b\"]\n", "bad.yaml:2: yaml: did not find expected ',' or ']'"},
		{"missing comma on a later line", "name: x\nvpo: [\n  \"a\"\n  \"b\"\n]\n", "bad.yaml:4: yaml: did not find expected ',' or ']'"},
		{"flow mapping", "name: x\nvpo: {a: b c: d}\n", "bad.yaml:2: yaml: did not find expected ',' or '}'"},
		{"one bracket too many", "name: x\nk: [a, b]]\n", "bad.yaml:2: yaml: did not find expected key"},
		{"unclosed bracket", "name: x\nvpo: [a, b\n", "bad.yaml:2: yaml: did not find expected ',' or ']'"},
		{"unclosed bracket on line 1", "vpo: [a, b\n", "bad.yaml:1: yaml: did not find expected ',' or ']'"},
		{"bracket opened at the end", "name: x\nvpo: [\n", "bad.yaml:2: yaml: did not find expected node content"},
		{"unclosed brace", "name: x\nk: {a: 1\n", "bad.yaml:2: yaml: did not find expected ',' or '}'"},
		{"bad indentation, less", "name: x\nboards:\n  - [a]\n - [b]\n", "bad.yaml:4: yaml: did not find expected key"},
		{"bad indentation deep in a file", "\n\n\nname: x\nfoo:\n  bar: 1\n baz: 2\nqux: 3\n", "bad.yaml:7: yaml: did not find expected key"},
		{"bad indentation after a block scalar", "name: x\nnotes: |\n  text\n bad: 1\n", "bad.yaml:4: yaml: did not find expected key"},
		{"bad indentation, more", "name: x\nfbe: north\n  ebe: south\n", "bad.yaml:3: yaml: mapping values are not allowed in this context"},
		{"list in a mapping", "name: x\n- a\n", "bad.yaml:2: yaml: did not find expected key"},
		{"mapping in a list", "- a\nb: c\n", "bad.yaml:2: yaml: did not find expected '-' indicator"},
		{"tab indentation", "name: x\nfbe: north\n\tebe: south\n", "bad.yaml:3: yaml: found a tab character that violates indentation"},
		{"unterminated double quote", "name: x\nfbe: \"north\nebe: south\n", "bad.yaml:2: yaml: found unexpected end of stream"},
		{"unterminated quote on line 1", "fbe: 'north\nebe: south\n", "bad.yaml:1: yaml: found unexpected end of stream"},
		{"two mapping values", "name: x\nfbe: north: south\n", "bad.yaml:2: yaml: mapping values are not allowed in this context"},
		{"key without colon", "name: x\nk: v\nk2\nk3: 1\n", "bad.yaml:3: yaml: could not find expected ':'"},
		{"bad character", "name: x\n@foo\n", "bad.yaml:2: yaml: found character that cannot start any token"},
		{"unknown alias", "name: x\nk: *nope\n", "bad.yaml:2: yaml: unknown anchor 'nope' referenced"},
		{"control character", "name: x\nk: a\x01b\n", "bad.yaml:2: yaml: control characters are not allowed"},
		{"not UTF-8", "name: x\nk: a\xffb\n", "bad.yaml:2: yaml: invalid leading UTF-8 octet"},
		{"no newline at the end", "name: x\nk: [a, s?]", `bad.yaml:2: yaml: did not find expected ',' or ']' (quote it: "s?")`},
		{"CRLF", "name: x\r\nk: v\r\n  bad: 1\r\n", "bad.yaml:3: yaml: mapping values are not allowed in this context"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Doc{Pkg: "missions", File: "bad.yaml"}.Parse([]byte(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "missions: bad.yaml:") {
				t.Errorf("Parse(%q):\n got %v\nwant %q", tt.in, err, tt.want)
			}
		})
	}
}

// Finding the line costs a few parses, not one a line: O(log d) parses of
// at most the whole file for a problem d lines after the line the library
// names, in a broken file of half a MiB (a quarter of it in the short
// run). The test counts the parses and the bytes they read, not the time
// they take (which -race stretches).
func TestSyntaxErrorLargeFile(t *testing.T) {
	size := longrun.Choose(512<<10, 128<<10) // bytes: 512 KiB in the long run
	for _, tt := range []struct {
		name string
		head string // the broken file is head, lines of body to size, tail
		body string
		tail string
		want string // the error, %d the line of the tail
	}{
		{"unquoted s? on the last line", "enemy:\n", "  - {id: E1, unit: squad, at: x1Q5}\n", "  - {id: E2, unit: s?, at: x1Q6}\n",
			`state: big.yaml:%d: yaml: did not find expected ',' or '}' (quote it: "s?")`},
		// The library names no line: the search starts at line 1, doubles
		// its steps to the problem, then bisects.
		{"control character at the end of a long quoted scalar", "k: \"\n", "  text\n", "  a\x01b\"\n",
			"state: big.yaml:%d: yaml: control characters are not allowed"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString(tt.head)
			for b.Len() < size {
				b.WriteString(tt.body)
			}
			b.WriteString(tt.tail)
			data := []byte(b.String())
			lines := strings.Count(b.String(), "\n")
			d := Doc{Pkg: "state", File: "big.yaml"}
			want := fmt.Sprintf(tt.want, lines)
			if _, err := d.Parse(data); err == nil || err.Error() != want {
				t.Fatalf("got %v\nwant %s", err, want)
			}
			_, perr := decode(data)
			if perr == nil {
				t.Fatal("the file parses")
			}
			parses, read := 0, 0
			count := func(text []byte) error {
				parses++
				read += len(text)
				return parse(text)
			}
			if err := d.syntaxErrorBy(data, perr, count); err.Error() != want {
				t.Fatalf("counted: got %v\nwant %s", err, want)
			}
			// Steps that double to the problem, then as many that halve:
			// each a parse with every tail, and one more for openingLine.
			most := len(tails)*(2*bits.Len(uint(lines))+2) + 1
			if parses > most || read > parses*(len(data)+8) {
				t.Errorf("%d parses reading %d bytes for a file of %d lines (%d bytes); want at most %d parses of at most the file", parses, read, lines, len(data), most)
			}
			t.Logf("%d parses, %.1f times the file's bytes", parses, float64(read)/float64(len(data)))
		})
	}
}

func TestEmptyAndNotAMapping(t *testing.T) {
	d := Doc{Pkg: "tables", File: "t.yaml"}
	if n, err := d.Parse(nil); err != nil || n.Kind != yaml.MappingNode {
		t.Errorf("empty file: %v %v", n, err)
	}
	if _, err := d.Parse([]byte("# nothing\n\n- a\n")); err == nil || err.Error() != "tables: t.yaml:3: want a mapping at the top" {
		t.Errorf("a list at the top: %v", err)
	}
}

// A data file is one YAML document: a second one is an error at its first
// line, whatever it holds (a broken one too); a "---" before the first, a
// "..." after it and comments after that are no second document.
func TestOneDocument(t *testing.T) {
	d := Doc{Pkg: "missions", File: "m.yaml"}
	for _, tt := range []struct {
		name, in string
		line     int // of the second document; 0: none
	}{
		{"a second mapping", "name: x\nfbe: north\n---\nname: y\n", 3},
		{"an empty second document", "name: x\n---\n", 2},
		{"a second document with text on its --- line", "name: x\n\n--- y\n", 3},
		{"a broken second document", "name: x\n---\nboards: [\n", 2},
		{"a broken second document after an explicit start", "# c\n---\nname: x\n---\nboards: [\n", 4},
		{"text after the end marker", "name: x\n...\n# more\n\nname: y\n", 5},
		{"a --- after the end marker", "name: x\n...\n---\n", 3},
		{"CRLF", "name: x\r\n---\r\nname: y\r\n", 2},
		{"an explicit start", "# a mission\n---\nname: x\n", 0},
		{"an end marker", "name: x\n...\n", 0},
		{"comments after the end marker", "name: x\n...\n# the end\n", 0},
		{"a --- inside a block scalar", "name: x\nnotes: |\n  ---\n  text\n", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := d.Parse([]byte(tt.in))
			switch {
			case tt.line == 0 && err != nil:
				t.Errorf("Parse(%q): %v", tt.in, err)
			case tt.line == 0:
			case err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf("missions: m.yaml:%d: a second YAML document begins here", tt.line)):
				t.Errorf("Parse(%q):\n got %v\nwant line %d: a second YAML document", tt.in, err, tt.line)
			}
		})
	}
}

// Any text parses or is one line naming the file, and a file that parses
// is one document.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"name: x\n", "name: x\n---\nname: y\n", "name: x\n...\n# end\n", "k: [a, s?]\n", "k: \"a\x01\"\n", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		_, err := Doc{Pkg: "p", File: "f.yaml"}.Parse(in)
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "p: f.yaml") {
				t.Fatalf("error not one line naming the file: %q", err)
			}
			return
		}
		if _, next, err := decodeDoc(in); (err != nil && !errors.Is(err, io.EOF)) || next != 0 {
			t.Fatalf("accepted a second document on line %d (%v)", next, err)
		}
	})
}
