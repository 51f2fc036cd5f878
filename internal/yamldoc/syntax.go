package yamldoc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// decode parses the first YAML document of data into a node; a panic of
// the yaml library is an error too. What follows the first document it
// does not read (decodeDoc does).
func decode(data []byte) (*yaml.Node, error) {
	root, _, err := decodeFirst(data, false)
	return root, err
}

// decodeDoc is decode, and reports the line where a second document
// begins, 0 if none does (-1 for one whose line is not found): a second
// document is any text after the first but comments, blank lines and "..."
// (a broken one too: it is named as a second document, not by its syntax
// error, unless its first token is broken, which the first parse meets).
func decodeDoc(data []byte) (root *yaml.Node, next int, err error) {
	return decodeFirst(data, true)
}

func decodeFirst(data []byte, more bool) (root *yaml.Node, next int, err error) {
	defer func() {
		if r := recover(); r != nil {
			root, next, err = nil, 0, fmt.Errorf("yaml: %v", r)
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var n yaml.Node
	if err := dec.Decode(&n); err != nil {
		return nil, 0, err
	}
	if !more {
		return &n, 0, nil
	}
	var second yaml.Node
	switch err := dec.Decode(&second); {
	case errors.Is(err, io.EOF):
		return &n, 0, nil
	case err == nil && second.Line > 0:
		return &n, second.Line, nil
	}
	if line := secondDocLine(data, n.Line); line > 0 {
		return &n, line, nil
	}
	return &n, -1, nil // a second document, where the text does not say
}

// secondDocLine returns the line where a document after the one that
// starts on line first begins: the first "---" line after first, or the
// first line of text after a "..." line; 0 if there is neither.
func secondDocLine(data []byte, first int) int {
	ended := false
	for i, l := range bytes.Split(data, []byte("\n")) {
		num := i + 1
		l = bytes.TrimRight(l, "\r")
		t := bytes.TrimSpace(l)
		switch {
		case num <= first:
		case marker(l, "---"):
			return num
		case ended && len(t) > 0 && t[0] != '#':
			return num
		case marker(l, "..."):
			ended = true
		}
	}
	return 0
}

// marker reports whether line l is the document marker m ("---", "...")
// at its start, alone or followed by a blank.
func marker(l []byte, m string) bool {
	rest, ok := bytes.CutPrefix(l, []byte(m))
	return ok && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t')
}

// tails are the texts decidedLine puts after the first lines of a file to
// see whether they decide its error: nothing, the ends of flow
// collections, a scalar, a block sequence entry.
var tails = []string{"", "]\n", "}\n", "x: x\n", "- x\n"}

// syntaxError returns err, an error of the yaml library on data, as one
// line naming the file and the line of the problem, with a hint where an
// unquoted "s?" in a flow collection caused it:
//
//	missions: hold.yaml:10: yaml: did not find expected ',' or ']' (quote it: "s?")
//
// The library's own line cannot be trusted: it counts the lines of parser
// errors from 0 (and of scanner errors from 1); it names the line where the
// enclosing collection or scalar starts rather than the line of the problem
// (a bad indentation on line 12 of a mapping that starts on line 4 is "line
// 3: did not find expected key"); it names no line at all for some errors
// (an unknown alias, a control character).
//
// The line of the problem is the first line L such that the lines up to L
// decide the error: followed by nothing or by any of tails, they make the
// library report exactly the error of the whole file. It is found from the
// library's line on, in O(log d) parses for a problem d lines after it,
// each parse stopping at the problem. An error that only the end of the
// file decides (an unclosed quote or bracket) is put on the line where the
// unclosed scalar or collection starts.
func (d Doc) syntaxError(data []byte, err error) error {
	return d.syntaxErrorBy(data, err, parse)
}

// parse is the error of the yaml library on text (nil if none): the parse
// that syntaxError repeats on parts of a file.
func parse(text []byte) error {
	_, err := decode(text)
	return err
}

// syntaxErrorBy is syntaxError with the parses it makes done by parse (a
// test counts them).
func (d Doc) syntaxErrorBy(data []byte, err error, parse func([]byte) error) error {
	full := err.Error()
	msg := strings.TrimPrefix(full, "yaml: ")
	from, rest, ok := cutLine(msg)
	if ok {
		msg = rest
	}
	if parserProblem(msg) {
		from++ // the library counts from 0
	}
	msg = strings.ReplaceAll(strings.TrimSpace(msg), "\n", " ")
	last := bytes.Count(data, []byte("\n")) // the last line, at the end of the file
	if len(data) > 0 && data[len(data)-1] != '\n' {
		last++
	}
	line := decidedLine(data, full, from, parse)
	if line == 0 {
		line = openingLine(data, parse)
	}
	if line < 1 || line > last {
		line = max(1, last)
	}
	if hint := quoteHint(data, line, msg); hint != "" {
		msg += " " + hint
	}
	return d.ErrorAt(line, "yaml: %s", msg)
}

// cutLine splits "line 12: message" into 12 and "message".
func cutLine(msg string) (line int, rest string, ok bool) {
	s, ok := strings.CutPrefix(msg, "line ")
	if !ok {
		return 0, msg, false
	}
	num, rest, ok := strings.Cut(s, ": ")
	if !ok {
		return 0, msg, false
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return 0, msg, false
	}
	return n, rest, true
}

// decidedLine returns the first line whose text, with the lines before it,
// decides the error full of data (see syntaxError), or 0 if no line does:
// the end of the file decides it. The line is no earlier than from, the
// line the library names (counted from 1): it searches from there, by
// steps that double, then by bisection.
func decidedLine(data []byte, full string, from int, parse func([]byte) error) int {
	lines := bytes.SplitAfter(data, []byte("\n"))
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	n := len(lines)
	if n == 0 {
		return 0
	}
	ends := make([]int, n+1) // ends[L]: bytes in lines 1..L
	for i, l := range lines {
		ends[i+1] = ends[i] + len(l)
	}
	decides := func(l int) bool {
		prefix := data[:ends[l]]
		for _, tail := range tails {
			text := make([]byte, 0, len(prefix)+1+len(tail))
			text = append(text, prefix...)
			if tail != "" && len(prefix) > 0 && prefix[len(prefix)-1] != '\n' {
				text = append(text, '\n')
			}
			text = append(text, tail...)
			err := parse(text)
			if err == nil || err.Error() != full {
				return false
			}
		}
		return true
	}
	lo := min(max(from, 1), n) // !decides(lo-1)
	hi := lo
	for step := 1; !decides(hi); step *= 2 {
		if hi == n {
			return 0
		}
		lo = hi + 1
		hi = min(hi+step, n)
	}
	for lo < hi { // decides(hi)
		mid := lo + (hi-lo)/2
		if decides(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return hi
}

// openingLine returns the line the yaml library names for an error the end
// of the file decides, counted right: the line where the unclosed scalar
// or collection starts. The library names that line (its context) only
// when it is not the first line, counting from 0 for parser errors and
// from 1 for scanner errors; after one more line at the top it is never
// the first, and the count tells which kind of error it is.
func openingLine(data []byte, parse func([]byte) error) int {
	if bytes.HasPrefix(data, []byte{0xFE, 0xFF}) || bytes.HasPrefix(data, []byte{0xFF, 0xFE}) {
		return 0 // UTF-16: a line at the top would change the encoding
	}
	text := append([]byte("#\n"), bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))...)
	err := parse(text)
	if err == nil {
		return 0
	}
	n, rest, ok := cutLine(strings.TrimPrefix(err.Error(), "yaml: "))
	if !ok {
		return 0
	}
	if !parserProblem(rest) {
		n-- // a scanner error, counted from 1
	}
	if n < 1 {
		return 0
	}
	return n
}

// parserProblem reports whether msg is one of the errors of the YAML
// parser (as opposed to its scanner), which the library counts from line 0.
func parserProblem(msg string) bool {
	for _, p := range []string{
		"did not find expected <stream-start>", "did not find expected <document start>",
		"did not find expected node content", "did not find expected '-' indicator",
		"did not find expected key", "did not find expected ',' or ']'", "did not find expected ',' or '}'",
		"found undefined tag handle", "found duplicate %YAML directive", "found incompatible YAML document",
		"found duplicate %TAG directive",
	} {
		if msg == p {
			return true
		}
	}
	return false
}

// quoteHint returns a hint for a flow collection error on a line with an
// unquoted word ending in '?', such as the S? counter's name "s?": in a
// flow collection ([a, s?], {unit: s?}) the yaml library reads the '?' as
// the indicator of a mapping key, not as part of the word.
func quoteHint(data []byte, line int, msg string) string {
	if !strings.HasPrefix(msg, "did not find expected ',' or") {
		return ""
	}
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	for _, w := range plainWords(lines[line-1]) {
		if i := strings.IndexByte(w, '?'); i > 0 {
			return fmt.Sprintf("(quote it: %q)", w)
		}
	}
	return ""
}

// plainWords returns the words of a YAML line outside quotes and comments,
// split at blanks and flow indicators.
func plainWords(s string) []string {
	var words []string
	word := strings.Builder{}
	flush := func() {
		if word.Len() > 0 {
			words = append(words, strings.TrimSuffix(word.String(), ":"))
			word.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case (c == '"' || c == '\'') && word.Len() == 0:
			// A quoted scalar: skip it (an escaped quote inside too).
			for i++; i < len(s) && s[i] != c; i++ {
				if c == '"' && s[i] == '\\' {
					i++
				}
			}
		case c == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t'):
			flush()
			return words
		case strings.IndexByte(" \t\r,[]{}", c) >= 0:
			flush()
		default:
			word.WriteByte(c)
		}
	}
	flush()
	return words
}
