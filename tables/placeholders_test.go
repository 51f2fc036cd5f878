package tables

import (
	"bytes"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/internal/yamldoc"
)

// marked counts the values of s marked Default or Reading, wherever its structs keep
// them: the Set's own account of its placeholders, against which
// Placeholders (read from the files) is checked.
func marked(s *Set) int {
	n := 0
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			for it := v.MapRange(); it.Next(); {
				walk(it.Value())
			}
		case reflect.Struct:
			d, r := v.FieldByName("Default"), v.FieldByName("Reading")
			if d.IsValid() && d.Kind() == reflect.Bool && d.Bool() || r.IsValid() && r.Kind() == reflect.Bool && r.Bool() {
				n++
			}
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		}
	}
	walk(reflect.ValueOf(s))
	return n
}

func template(t *testing.T, s *Set) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := s.WriteTemplate(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// unmark deletes every "default: true" and "reading: true" of a tables
// file, as a player does who has typed in their rulebook's values and
// their own readings.
func unmark(data []byte) []byte {
	data = regexp.MustCompile(`(?m)^\s*(default|reading): true\n`).ReplaceAll(data, nil)
	return regexp.MustCompile(`(default|reading): true, |, (default|reading): true`).ReplaceAll(data, nil)
}

func paths(ps []Placeholder) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Path
	}
	return out
}

func TestPlaceholdersDefault(t *testing.T) {
	t.Parallel()
	s := Default()
	ps := s.Placeholders()
	if got, want := len(ps), marked(s); got != want {
		t.Fatalf("the files mark %d placeholders, the built-in Set %d", got, want)
	}
	i := slices.IndexFunc(ps, func(p Placeholder) bool { return p.Path == "human_wave.x10.rows.3" })
	if i < 0 {
		t.Fatalf("human_wave.x10.rows.3 is not a placeholder: %v", paths(ps))
	}
	if p := ps[i]; p.Value != "[squad, squad]" || p.Table != "x10" || p.Source != "placeholder for the rulebook value" || p.File != "tables/data/hw.yaml" || p.Line == 0 {
		t.Errorf("x10 row 3: %+v", p)
	}
	for _, p := range ps {
		if p.Path == "sasl.a6d.rows.3" || p.Path == "sasl.a9.derive.built_up" {
			t.Errorf("%s is a rule's value (SASL 4.1 EX, 4.12), listed as a placeholder", p.Path)
		}
	}
	if first := ps[0].Table; first != "A6d" {
		t.Errorf("the charts begin with %s, not SASL Table A6d", first)
	}
	tables := PlaceholderTables(ps)
	if x10, comb := slices.Index(tables, "x10"), slices.Index(tables, "combat"); x10 < 0 || comb < 0 || x10 > comb {
		t.Errorf("tables in the order %v: the SASL charts come before the ASL tables", tables)
	}
}

// Every table file sasl ships is one the charts place: a file added to
// tables/data whose tables the charts do not list fails here, by name.
func TestChartsCoverEveryFile(t *testing.T) {
	t.Parallel()
	ents, err := dataFS.ReadDir("data")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		data, _ := dataFS.ReadFile("data/" + e.Name())
		root, err := yamldoc.Doc{Pkg: "tables", File: e.Name()}.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(root.Content); i += 2 {
			if rank, _, _ := chartOf([]string{root.Content[i].Value}); rank == len(charts) {
				t.Errorf("tables/data/%s: table %q is not in charts (tables/placeholders.go): place it where a player reads it", e.Name(), root.Content[i].Value)
			}
		}
	}
}

// Each built-in file's placeholders are the Set's: a file whose "default:
// true" the Set does not keep (or keeps where the file does not say so)
// fails here, by name. Cleared by a user's file, they leave the Set.
func TestPlaceholdersOfEachFile(t *testing.T) {
	t.Parallel()
	all := Default().Placeholders()
	files := map[string][]Placeholder{}
	for _, p := range all {
		files[p.File] = append(files[p.File], p)
	}
	base := marked(Default())
	ents, _ := dataFS.ReadDir("data")
	for _, e := range ents {
		file := "tables/data/" + e.Name()
		t.Run(e.Name(), func(t *testing.T) {
			ps := files[file]
			var buf bytes.Buffer
			if err := writeTemplate(&buf, ps); err != nil {
				t.Fatal(err)
			}
			s, err := Parse(unmark(buf.Bytes()), "mine.yaml")
			if err != nil {
				t.Fatalf("%s's placeholders, unmarked: %v\n%s", file, err, unmark(buf.Bytes()))
			}
			if got := base - marked(s); got != len(ps) {
				t.Errorf("%s marks %d placeholders; a file giving them anew clears %d in the Set", file, len(ps), got)
			}
			for _, p := range s.Placeholders() {
				if p.File == file || p.File == "mine.yaml" {
					t.Errorf("%s is still a placeholder (%s:%d)", p.Path, p.File, p.Line)
				}
			}
		})
	}
}

func TestTemplate(t *testing.T) {
	t.Parallel()
	def := Default()
	data := template(t, def)
	s, err := Parse(data, "mine.yaml")
	if err != nil {
		t.Fatalf("the template is not a tables file: %v\n%s", err, data)
	}
	if s.Digest() != def.Digest() {
		t.Error("the template laid over the built-in tables changes them")
	}
	if got, want := paths(s.Placeholders()), paths(def.Placeholders()); !slices.Equal(got, want) {
		t.Errorf("placeholders of the template as it is:\n%v\nwant\n%v", got, want)
	}
	for _, p := range s.Placeholders() {
		if p.File != "mine.yaml" {
			t.Errorf("%s: from %s, not from the template", p.Path, p.File)
		}
	}
	filled, err := Parse(unmark(data), "mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if ps := filled.Placeholders(); len(ps) != 0 || marked(filled) != 0 {
		t.Errorf("without its default: true markers the template leaves %d placeholders (%d in the Set): %v", len(ps), marked(filled), paths(ps))
	}
	var empty bytes.Buffer
	if err := filled.WriteTemplate(&empty); err != nil {
		t.Fatal(err)
	}
	if again, err := Parse(empty.Bytes(), "none.yaml"); err != nil || again.Digest() != def.Digest() || len(again.Placeholders()) != len(def.Placeholders()) {
		t.Errorf("the template of a Set without placeholders: %v\n%s", err, empty.Bytes())
	}
	if !strings.Contains(empty.String(), "No placeholder is left") {
		t.Errorf("the empty template does not say so:\n%s", empty.Bytes())
	}
}

// A user's file clears the placeholders it gives anew, as Load lays it:
// entry by entry, the Close Combat odds whole, the Activation table's
// words without regard to case; an entry it marks "default: true" stays
// one, with its value.
func TestTemplateOverridden(t *testing.T) {
	t.Parallel()
	mine := `human_wave:
  x10:
    rows:
      1: {value: [squad, squad, squad], source: "my rulebook"}
      2: {value: [squad, squad], source: "my rulebook"}
  x3:
    rows:
      4: {value: "8-1", default: true, source: "my guess"}
combat:
  close_combat:
    rows:
      "1:1": {value: 6, source: "my rulebook"}
      "2:1": {value: 8, source: "my rulebook"}
activation:
  enemy:
    us: {value: us_usmc_1944, source: "my card"}
`
	s, err := Parse([]byte(mine), "mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ps := s.Placeholders()
	if got, want := len(ps), marked(s); got != want {
		t.Errorf("Placeholders lists %d, the Set marks %d: %v", got, want, paths(ps))
	}
	have := paths(ps)
	for _, gone := range []string{"human_wave.x10.rows.1", "human_wave.x10.rows.2", "combat.close_combat.rows.1:8", "combat.close_combat.rows.1:1", "activation.enemy.US"} {
		if slices.Contains(have, gone) {
			t.Errorf("%s is listed, but mine.yaml gives it", gone)
		}
	}
	for _, kept := range []string{"human_wave.x10.rows.3", "human_wave.x3.rows.4", "activation.enemy.American"} {
		if !slices.Contains(have, kept) {
			t.Errorf("%s is not listed", kept)
		}
	}
	if i := slices.Index(have, "human_wave.x3.rows.4"); i >= 0 && (ps[i].File != "mine.yaml" || ps[i].Value != `"8-1"` && ps[i].Value != "8-1") {
		t.Errorf("x3 row 4 from %s: %+v", ps[i].File, ps[i])
	}
	data := template(t, s)
	for _, gone := range []string{"\n      1: {value: [squad, squad, leader]", "close_combat", "\n    US:"} {
		if bytes.Contains(data, []byte(gone)) {
			t.Errorf("the template of mine.yaml's Set holds %q", gone)
		}
	}
	// Laid over the built-in tables, the template gives the placeholders
	// it lists, and no other.
	over, err := Parse(data, "tpl.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, p := range over.Placeholders() {
		if p.File == "tpl.yaml" {
			listed = append(listed, p.Path)
		}
	}
	if !slices.Equal(listed, have) {
		t.Errorf("the template of mine.yaml's Set lists\n%v\nnot\n%v", listed, have)
	}
}
