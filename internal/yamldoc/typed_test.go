package yamldoc

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

type unitT struct {
	Fields
	ID   Value       `yaml:"id"`
	Tags List[Value] `yaml:"tags"`
	Sub  *unitT      `yaml:"sub"`
	Cost Map[costT]  `yaml:"cost"`
	skip Value       //lint:ignore U1000 an unexported field is no key
}

type costT struct {
	Fields
	MF Value `yaml:"mf"`
}

func (u *unitT) UnmarshalYAML(n *yaml.Node) error { return Decode(n, u) }
func (c *costT) UnmarshalYAML(n *yaml.Node) error { return Decode(n, c) }

func decodeT(t *testing.T, text string) (*unitT, *Check) {
	t.Helper()
	d := Doc{Pkg: "p", File: "f.yaml"}
	root, err := d.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var u unitT
	if err := root.Decode(&u); err != nil {
		t.Fatal(err)
	}
	return &u, &Check{Doc: d}
}

// Decoding keeps every value's node, whatever it holds, and the first of
// a key given twice; the Check reads them and names the field and line.
func TestDecodeAndCheck(t *testing.T) {
	t.Parallel()
	u, c := decodeT(t, "id: ~\ntags: [a, b]\nsub:\n  id: x\n  sub: 7\ncost:\n  road: {mf: 1.5}\n  woods: {mf: 2}\n")
	if !u.ID.Given() || !u.ID.Null() || u.ID.Line() != 1 || !u.Has("id") || u.Has("tag") {
		t.Errorf("id: %+v", u.ID)
	}
	if got := c.Strings(u.Tags, "tags"); strings.Join(got, ",") != "a,b" || u.Tags.Line() != 2 {
		t.Errorf("tags %q", got)
	}
	if u.Sub == nil || c.Str(u.Sub.ID, "sub.id") != "x" || u.Sub.Sub == nil || u.Sub.Sub.Line() != 5 {
		t.Fatalf("sub %+v", u.Sub)
	}
	if len(u.Cost.Keys) != 2 || u.Cost.Keys[1].Value != "woods" || c.HalfMF(u.Cost.Values[0].MF, "cost.road.mf") != 3 {
		t.Errorf("cost %+v", u.Cost)
	}
	if c.Fields(u, "unit", Unknown("unit", "want id, tags, sub, cost")); c.Err != nil {
		t.Fatal(c.Err)
	}
	// sub: 7 is not a mapping: the Check says so at its line.
	if c.Fields(u.Sub.Sub, "sub.sub", Unknown("sub.sub", "")); c.Err == nil || c.Err.Error() != "p: f.yaml:5: sub.sub: want a mapping" {
		t.Errorf("sub.sub: %v", c.Err)
	}
	// Once there is an error, nothing more is read or said.
	if c.Str(u.Sub.ID, "sub.id") != "" || c.Int(Value{}, "x", 1, 2) != 0 || c.Fields(u, "unit", Unknown("unit", "")) {
		t.Error("read past the first error")
	}

	for _, tt := range []struct{ text, want string }{
		{"id: a\nid: b\n", "p: f.yaml:2: unit.id given twice"},
		{"id: a\nname: b\n", `p: f.yaml:2: unit: unknown field "name" (want id)`},
		{"id: [a]\n", "p: f.yaml:1: id: want text"},
		{"tags: a\n", "p: f.yaml:1: tags: want a list"},
		{"tags: [a, [b]]\n", "p: f.yaml:1: tags: want text"},
		{"a: &x {mf: 1}\nid: *x\n", `p: f.yaml:1: unit: unknown field "a" (want id)`},
	} {
		u, c := decodeT(t, tt.text)
		if c.Fields(u, "unit", Unknown("unit", "want id")) {
			c.Str(u.ID, "id")
			c.Strings(u.Tags, "tags")
		}
		if c.Err == nil || c.Err.Error() != tt.want {
			t.Errorf("%q: %v, want %q", tt.text, c.Err, tt.want)
		}
	}
	// An alias is not followed: it is not the text it names.
	u, c = decodeT(t, "tags: [&x a]\nid: *x\n")
	if c.Str(u.ID, "id"); c.Err == nil || c.Err.Error() != "p: f.yaml:2: id: want text" {
		t.Errorf("alias: %v", c.Err)
	}
}

func TestCheckScalars(t *testing.T) {
	t.Parallel()
	v := func(s string) Value { return Value{&yaml.Node{Kind: yaml.ScalarNode, Value: s, Line: 3}} }
	c := &Check{Doc: Doc{Pkg: "p", File: "f"}}
	if c.Int(v("7"), "n", 1, 9) != 7 || !c.Bool(v("true"), "b") || c.HalfMF(v("1.5"), "mf") != 3 || c.Err != nil {
		t.Fatal(c.Err)
	}
	for _, tt := range []struct {
		read func(c *Check)
		want string
	}{
		{func(c *Check) { c.Int(v("10"), "n", 1, 9) }, `p: f:3: n: want a whole number in 1..9, not "10"`},
		{func(c *Check) { c.Bool(v("yes"), "b") }, `p: f:3: b: want true or false, not "yes"`},
		{func(c *Check) { c.HalfMF(v("1.25"), "mf") }, `p: f:3: mf: want MF as a multiple of 0.5 (1, 1.5, 2...), not "1.25"`},
		{func(c *Check) { c.Errorf(nil, "no line") }, "p: f: no line"},
	} {
		c := &Check{Doc: Doc{Pkg: "p", File: "f"}}
		if tt.read(c); c.Err == nil || c.Err.Error() != tt.want {
			t.Errorf("%v, want %q", c.Err, tt.want)
		}
	}
}

// A struct that does not embed Fields, or has a field that cannot decode
// itself, is a mistake of the program, told as an error.
func TestDecodeMistakes(t *testing.T) {
	t.Parallel()
	n := &yaml.Node{Kind: yaml.MappingNode}
	var noFields struct {
		ID Value `yaml:"id"`
	}
	if err := Decode(n, &noFields); err == nil || !strings.Contains(err.Error(), "does not embed Fields") {
		t.Errorf("no Fields: %v", err)
	}
	var plain struct {
		Fields
		ID string `yaml:"id"`
	}
	if err := Decode(n, &plain); err == nil || !strings.Contains(err.Error(), "does not decode itself") {
		t.Errorf("a string field: %v", err)
	}
	if err := Decode(n, plain); err == nil {
		t.Error("Decode of a struct, not a pointer")
	}
}
