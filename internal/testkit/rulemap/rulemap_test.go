package rulemap

import (
	"slices"
	"strings"
	"testing"
)

// Citations are read as the package doc says: ASL rules with or without
// "ASL", SASL rules after "SASL" with the numbers listed after them,
// SASL tables by "Table".
func TestCites(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Residual FP (ASL A8.2).", []string{"ASL A8.2"}},
		{"(A7.3, A10) and A10.531; B9.32", []string{"ASL A7.3", "ASL A10", "ASL A10.531", "ASL B9.32"}},
		{"Random Selection (ASL A.9), inherent terrain (B.6)", []string{"ASL A.9", "ASL B.6"}},
		{"ASL A8.1-A8.4", []string{"ASL A8.1", "ASL A8.4"}},
		{"rowhouse walls (ASL O5.31), not O5.31 bare", []string{"ASL O5.31"}},
		{"A6.8 EX 2", []string{"ASL A6.8"}},
		{"SASL 4.33", []string{"SASL 4.33"}},
		{"SASL 4.2, 4.21, 4.22   entry.go", []string{"SASL 4.2", "SASL 4.21", "SASL 4.22"}},
		{"SASL 4.32-4.324 and (SASL 4.34 and 4.35)", []string{"SASL 4.32", "SASL 4.324", "SASL 4.34", "SASL 4.35"}},
		{"SASL 4.1e walls, SASL 4.1 a-e", []string{"SASL 4.1e", "SASL 4.1"}},
		{"SASL\n4.323", []string{"SASL 4.323"}},
		{"4.33's alternative, 1.5 MF, SASL 6", nil},
		{"Table A9 board kinds, Table A9e, Table A6f", []string{"Table A9", "Table A9e", "Table A6f"}},
		{"hex 33R6, 2I9, x1Q5, bdA1, A9e alone", nil},
	} {
		if got := Cites(c.text); !slices.Equal(got, c.want) {
			t.Errorf("Cites(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// A map that names every rule its files cite (a citation broken across
// lines, in a /* */ comment, or in a test file too) has no Problem.
func TestCovered(t *testing.T) {
	ps, err := Missing("testdata/covered")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 0 {
		t.Errorf("Problems %v, want none", ps)
	}
}

// A rule cited and not on the map is a Problem, with where it is cited
// first; strict: A10.5 on the map does not cover a cited A10.531.
func TestMissing(t *testing.T) {
	ps, err := Missing("testdata/missing")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.Rule+" "+p.Pos)
	}
	want := []string{"ASL A10.531 rout.go:13", "SASL 4.323 rout.go:15"}
	if !slices.Equal(got, want) {
		t.Errorf("Problems %q, want %q", got, want)
	}
	if len(ps) > 0 && !strings.Contains(ps[0].String(), "rout.go:13: ASL A10.531 is cited here but not in the package's rule map") {
		t.Errorf("Problem says %q", ps[0])
	}
}

// A package without a map, and a map naming a file the package lacks,
// are Problems.
func TestNoMapAndGoneFile(t *testing.T) {
	for dir, want := range map[string]string{
		"testdata/nomap": "doc.go: the package doc has no rule map",
		"testdata/gone":  "doc.go: the rule map names residual.go, which is not a file of the package",
	} {
		ps, err := Missing(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 1 || !strings.HasPrefix(ps[0].String(), want) {
			t.Errorf("%s: Problems %v, want one: %s", dir, ps, want)
		}
	}
	if _, err := Missing("testdata/none"); err == nil {
		t.Error("Missing of a folder with no Go files: no error")
	}
}

// Check reports each Problem as an error of the test.
func TestCheckReports(t *testing.T) {
	rec := &recorder{TB: t}
	Check(rec, "testdata/missing")
	if len(rec.errs) != 2 {
		t.Errorf("Check reported %d errors, want 2: %q", len(rec.errs), rec.errs)
	}
	rec = &recorder{TB: t}
	Check(rec, "testdata/covered")
	if len(rec.errs) != 0 {
		t.Errorf("Check reported %q, want nothing", rec.errs)
	}
}

// recorder keeps the errors a test reports instead of failing it.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Error(args ...any) {
	var b strings.Builder
	for _, a := range args {
		if s, ok := a.(interface{ String() string }); ok {
			b.WriteString(s.String())
		}
	}
	r.errs = append(r.errs, b.String())
}
func (r *recorder) Helper() {}
