package yamldoc

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
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

// Finding the line costs a few parses, not one a line: a broken file of
// half a MiB is refused at once.
func TestSyntaxErrorLargeFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("enemy:\n")
	for b.Len() < 512<<10 {
		b.WriteString("  - {id: E1, unit: squad, at: x1Q5}\n")
	}
	lines := strings.Count(b.String(), "\n")
	b.WriteString("  - {id: E2, unit: s?, at: x1Q6}\n")
	start := time.Now()
	_, err := Doc{Pkg: "state", File: "big.yaml"}.Parse([]byte(b.String()))
	want := `state: big.yaml:` + strconv.Itoa(lines+1) + `: yaml: did not find expected ',' or '}' (quote it: "s?")`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("%v to find the line", d)
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
