// Package rulemap checks a rules package's rule map: the list, in its
// package doc, of where each rule is implemented. Every rule a comment of
// the package's non-test files cites must be on the map, so that a reader
// who looks a rule up there finds every place that implements it; and
// every file the map names must exist.
//
//	func TestRuleMapCoversCitations(t *testing.T) { rulemap.Check(t, ".") }
//
// The map is the indented block of the package doc that follows a line
// beginning "Where each rule" (ai, world, combat, game), each line a rule
// and the files and functions implementing it:
//
//	// Where each rule is implemented:
//	//
//	//	ASL A10.6, A10.62   rally.go (Rally)
//	//	SASL 4.2, 4.21      entry.go (Enter, lengthwise)
//
// # Citations
//
// A citation is read the same way in a comment and on the map:
//
//   - an ASL rule: a chapter letter A or B and its number, "A8.2",
//     "A10.531", "B9.32", "A7" (a chapter), "A.9", "B.6", with or without
//     "ASL " before it; a letter other than A and B only after "ASL "
//     ("ASL O5.31"). A letter suffix is not read ("A6.8 EX 2" cites A6.8);
//   - a SASL rule: "SASL " and a number with a dot, "SASL 4.33",
//     "SASL 4.1e" (a case of 4.1), and the numbers that follow it in a
//     list or range: "SASL 4.2, 4.21, 4.22", "SASL 4.32-4.324",
//     "SASL 4.34 and 4.35" cite each number written (a range its two
//     ends, not the rules between). A bare number ("4.33's alternative")
//     is no citation;
//   - a SASL table: "Table A9", "Table A9e" (SASL's tables are named as
//     ASL rules are, so "Table A9" is the table, not ASL A9).
//
// # Matching: strict
//
// A cited rule is covered only by a map line naming that very number:
// A10.51 by "A10.51", not by "A10.5" (its parent) nor by "A10" (its
// chapter); SASL 4.1e by "4.1e", not by "4.1". A parent does not cover its
// sub-rules because the map is read to find where a rule is implemented:
// "A10.5 rout.go" says nothing of where A10.531 is. The maps stay
// readable by listing a rule's numbers on one line ("ASL A10.5, A10.51,
// A10.52").
package rulemap

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Problem is one fault of a rule map: a rule cited at Pos (file:line)
// that the map lacks, a file the map names that does not exist, or no map.
type Problem struct {
	Rule string // the rule as the map must name it ("ASL A8.2", "SASL 4.33", "Table A9"); "" for other faults
	Pos  string // where it is cited, file:line; the doc's file for other faults
	Msg  string
}

func (p Problem) String() string {
	if p.Rule != "" {
		return fmt.Sprintf("%s: %s is cited here but not in the package's rule map: add it, with the file and functions implementing it", p.Pos, p.Rule)
	}
	return fmt.Sprintf("%s: %s", p.Pos, p.Msg)
}

// Check reports on t each Problem of the rule map of the package in dir.
func Check(t testing.TB, dir string) {
	t.Helper()
	ps, err := Missing(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		t.Error(p)
	}
}

var (
	// table is a SASL table: "Table A9e".
	table = regexp.MustCompile(`\bTable ([A-Z]\d+[a-z]?)\b`)
	// asl is an ASL rule: "ASL O5.31", or A and B without "ASL".
	asl = regexp.MustCompile(`(?:\bASL\s+([A-Z](?:\.\d+|\d+(?:\.\d+)*)))|\b([AB](?:\.\d+|\d+(?:\.\d+)*))\b`)
	// sasl is a SASL rule and the numbers listed after it.
	sasl    = regexp.MustCompile(`\bSASL\s+(\d+\.\d+[a-z]?(?:\.\d+)*(?:(?:\s*(?:,|-|–|/|\band\b|\bor\b)\s*)\d+\.\d+[a-z]?(?:\.\d+)*\b)*)`)
	saslNum = regexp.MustCompile(`\d+\.\d+[a-z]?(?:\.\d+)*`)
	// goFile is a file name on the map.
	goFile = regexp.MustCompile(`\b[\w-]+\.go\b`)
)

// Cites returns the rules text cites, each as the map must name it:
// "ASL A8.2", "SASL 4.33", "Table A9e".
func Cites(text string) []string {
	var out []string
	for _, c := range cites(text) {
		out = append(out, c.rule)
	}
	return out
}

// citation is a rule cited at byte off of a text.
type citation struct {
	rule string
	off  int
}

// cites returns the citations of text, in the order of the text.
func cites(text string) []citation {
	var out []citation
	for _, m := range table.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, citation{"Table " + text[m[2]:m[3]], m[0]})
	}
	// A table's name is not an ASL rule: blank it out.
	masked := table.ReplaceAllStringFunc(text, func(s string) string { return strings.Repeat(" ", len(s)) })
	for _, m := range asl.FindAllStringSubmatchIndex(masked, -1) {
		r := ""
		for k := 2; k < len(m); k += 2 {
			if m[k] >= 0 {
				r = masked[m[k]:m[k+1]]
			}
		}
		out = append(out, citation{"ASL " + r, m[0]})
	}
	for _, m := range sasl.FindAllStringSubmatchIndex(text, -1) {
		list := text[m[2]:m[3]]
		for _, n := range saslNum.FindAllStringIndex(list, -1) {
			out = append(out, citation{"SASL " + list[n[0]:n[1]], m[2] + n[0]})
		}
	}
	slices.SortStableFunc(out, func(a, b citation) int { return a.off - b.off })
	return out
}

// Missing returns the Problems of the rule map of the package in dir: each
// rule its non-test files cite in a comment and the map lacks (once, where
// it is first cited, by file name then line), each file the map names and
// dir lacks, and a package with no map.
func Missing(dir string) ([]Problem, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	fset := token.NewFileSet()
	var files []*ast.File
	var docFile string
	var doc *ast.CommentGroup
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		if f.Doc != nil && doc == nil {
			doc, docFile = f.Doc, filepath.Base(name)
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("rulemap: no Go files in %s", dir)
	}
	if doc == nil {
		return []Problem{{Pos: dir, Msg: "the package has no doc comment, so no rule map"}}, nil
	}
	block, ok := mapBlock(doc.Text())
	if !ok {
		return []Problem{{Pos: docFile, Msg: `the package doc has no rule map: an indented block after a line "Where each rule is implemented:"`}}, nil
	}
	onMap := map[string]bool{}
	for _, r := range Cites(block) {
		onMap[r] = true
	}
	var out []Problem
	for _, name := range goFile.FindAllString(block, -1) {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			out = append(out, Problem{Pos: docFile, Msg: fmt.Sprintf("the rule map names %s, which is not a file of the package", name)})
		}
	}
	seen := map[string]bool{}
	for _, f := range files {
		for _, cg := range f.Comments {
			// The group's text, a line a comment line, so that a citation
			// broken across lines ("SASL\n// 4.323") is read whole.
			var text strings.Builder
			var starts []int // the offset in text of each line
			var lines []int  // its line in the file
			for _, c := range cg.List {
				line := fset.Position(c.Slash).Line
				body := strings.TrimPrefix(c.Text, "//")
				if strings.HasPrefix(c.Text, "/*") {
					body = strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/")
				}
				for i, l := range strings.Split(body, "\n") {
					starts, lines = append(starts, text.Len()), append(lines, line+i)
					text.WriteString(l + "\n")
				}
			}
			for _, c := range cites(text.String()) {
				if onMap[c.rule] || seen[c.rule] {
					continue
				}
				seen[c.rule] = true
				k, found := slices.BinarySearch(starts, c.off)
				if !found {
					k--
				}
				pos := fset.Position(cg.Pos())
				out = append(out, Problem{Rule: c.rule, Pos: fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), lines[k])})
			}
		}
	}
	return out, nil
}

// mapBlock returns the rule map of a package doc: the indented lines
// after the first line that begins "Where each rule", up to the next
// unindented text.
func mapBlock(doc string) (string, bool) {
	lines := strings.Split(doc, "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "Where each rule") })
	if i < 0 {
		return "", false
	}
	var b strings.Builder
	started := false
	for _, l := range lines[i+1:] {
		switch {
		case strings.HasPrefix(l, "\t"):
			started = true
			b.WriteString(l + "\n")
		case strings.TrimSpace(l) == "" && !started:
		case strings.TrimSpace(l) == "":
			b.WriteString("\n")
		default:
			return b.String(), started
		}
	}
	return b.String(), started
}
