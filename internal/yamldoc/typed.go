package yamldoc

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// A data file is read in two steps. Decoding (yaml's Node.Decode, or
// Decode) fills a struct that declares the file's shape: its mappings with
// fixed keys are structs that embed Fields, its values Value, its lists
// List and its mappings with keys of their own (terrain names, board IDs,
// dr) Map. Decoding never fails: every part keeps its node, and so its
// line, whatever the file holds there. Then the file is validated in one
// place, with a Check: it reads each value as what it must be, naming the
// field and the line in the first error it meets.
//
// Aliases are not followed: an alias where a value is due is not that
// value (it reads as the error of a wrong kind), so that a file of aliases
// of aliases costs no more to read than its size.

// Value is one value of a data file as written: its node, nil where the
// file does not give it. A Check reads it.
type Value struct{ Node *yaml.Node }

// UnmarshalYAML keeps the node.
func (v *Value) UnmarshalYAML(n *yaml.Node) error { v.Node = n; return nil }

// Given reports whether the file gives the value.
func (v Value) Given() bool { return v.Node != nil }

// Line returns the value's line, 0 if it is not given.
func (v Value) Line() int { return line(v.Node) }

// Null reports whether the value is written as null (~, null, or nothing).
func (v Value) Null() bool { return v.Node != nil && v.Node.ShortTag() == "!!null" }

// List returns the value read as a list of values (a List whose Items
// are nil if it is not a sequence).
func (v Value) List() List[Value] {
	var l List[Value]
	if v.Node != nil {
		_ = l.UnmarshalYAML(v.Node) // a List of Values decodes any node
	}
	return l
}

func line(n *yaml.Node) int {
	if n == nil {
		return 0
	}
	return n.Line
}

// List is a list of a data file: its node and its items, decoded if the
// node is a sequence.
type List[T any] struct {
	Node  *yaml.Node
	Items []T
}

// UnmarshalYAML decodes the items of a sequence; any other node is kept
// for the Check to refuse.
func (l *List[T]) UnmarshalYAML(n *yaml.Node) error {
	l.Node = n
	if n.Kind != yaml.SequenceNode {
		return nil
	}
	l.Items = make([]T, len(n.Content))
	for i, e := range n.Content {
		if err := decode1(e, &l.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

// Given reports whether the file gives the list.
func (l List[T]) Given() bool { return l.Node != nil }

// Line returns the list's line, 0 if it is not given.
func (l List[T]) Line() int { return line(l.Node) }

// Map is a mapping of a data file whose keys are its own (terrain kinds,
// board IDs, dr): its key nodes in the file's order and their values,
// decoded if the node is a mapping.
type Map[T any] struct {
	Node   *yaml.Node
	Keys   []*yaml.Node
	Values []T
}

// UnmarshalYAML decodes the values of a mapping; any other node is kept
// for the Check to refuse.
func (m *Map[T]) UnmarshalYAML(n *yaml.Node) error {
	m.Node = n
	if n.Kind != yaml.MappingNode {
		return nil
	}
	k := len(n.Content) / 2
	m.Keys, m.Values = make([]*yaml.Node, k), make([]T, k)
	for i := range k {
		m.Keys[i] = n.Content[2*i]
		if err := decode1(n.Content[2*i+1], &m.Values[i]); err != nil {
			return err
		}
	}
	return nil
}

// Given reports whether the file gives the mapping.
func (m Map[T]) Given() bool { return m.Node != nil }

// Fields is embedded in the struct of a mapping with fixed keys: the
// struct's other fields are its keys, by their yaml tags. Decode fills it.
type Fields struct {
	Node *yaml.Node
}

// Given reports whether the file gives the mapping.
func (f Fields) Given() bool { return f.Node != nil }

// Line returns the mapping's line, 0 if it is not given.
func (f Fields) Line() int { return line(f.Node) }

// Has reports whether the mapping gives key.
func (f Fields) Has(key string) bool { return f.Key(key) != nil }

// Key returns the node of key, nil if the mapping does not give it: errors
// about the key itself (not its value) name its line.
func (f Fields) Key(key string) *yaml.Node {
	if f.Node == nil || f.Node.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(f.Node.Content); i += 2 {
		if f.Node.Content[i].Value == key {
			return f.Node.Content[i]
		}
	}
	return nil
}

// decode1 decodes n into *v, which must decode itself.
func decode1(n *yaml.Node, v any) error {
	u, ok := v.(yaml.Unmarshaler)
	if !ok {
		return fmt.Errorf("yamldoc: %T does not decode itself", v)
	}
	return u.UnmarshalYAML(n)
}

// structInfo is what Decode knows of a struct type: the index of its
// Fields and of the field of each key.
type structInfo struct {
	fields int
	keys   map[string]int
}

var structs sync.Map // reflect.Type -> *structInfo

func infoOf(t reflect.Type) (*structInfo, error) {
	if si, ok := structs.Load(t); ok {
		return si.(*structInfo), nil
	}
	si := &structInfo{fields: -1, keys: map[string]int{}}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Type == reflect.TypeFor[Fields]() {
			si.fields = i
			continue
		}
		key, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if key == "" || key == "-" || !f.IsExported() {
			continue
		}
		if !reflect.PointerTo(f.Type).Implements(reflect.TypeFor[yaml.Unmarshaler]()) &&
			!(f.Type.Kind() == reflect.Pointer && f.Type.Implements(reflect.TypeFor[yaml.Unmarshaler]())) {
			return nil, fmt.Errorf("yamldoc: %s.%s (%s) does not decode itself", t, f.Name, f.Type)
		}
		si.keys[key] = i
	}
	if si.fields < 0 {
		return nil, fmt.Errorf("yamldoc: %s does not embed Fields", t)
	}
	structs.Store(t, si)
	return si, nil
}

// Decode decodes n into *v, a struct that embeds Fields: each key of a
// mapping into the field of its yaml tag, the first time the key is given
// (a Check refuses a key given twice, and keys of no field). A struct of a
// data file decodes itself with it:
//
//	func (u *unitFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, u) }
func Decode(n *yaml.Node, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("yamldoc: Decode of %T, not a pointer to a struct", v)
	}
	s := rv.Elem()
	si, err := infoOf(s.Type())
	if err != nil {
		return err
	}
	s.Field(si.fields).Set(reflect.ValueOf(Fields{Node: n}))
	if n.Kind != yaml.MappingNode {
		return nil
	}
	done := make(map[int]bool, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		j, ok := si.keys[n.Content[i].Value]
		if !ok || done[j] || n.Content[i].Kind != yaml.ScalarNode {
			continue
		}
		done[j] = true
		f := s.Field(j)
		if f.Kind() == reflect.Pointer {
			f.Set(reflect.New(f.Type().Elem()))
			err = decode1(n.Content[i+1], f.Interface())
		} else {
			err = decode1(n.Content[i+1], f.Addr().Interface())
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Check reads the values of a decoded data file, keeping the first error
// in Err: once there is one, it reads nothing more, so that a file's
// validation reads every field in turn and looks at Err once.
type Check struct {
	Doc
	Err error
}

// OK reports whether no error has been met.
func (c *Check) OK() bool { return c.Err == nil }

// Errorf records an error at node n, "pkg: file:line: message" ("pkg:
// file: message" for nil), unless there is one. As with fmt.Errorf, %w
// wraps an error.
func (c *Check) Errorf(n *yaml.Node, format string, args ...any) {
	if c.Err == nil {
		c.Err = c.Doc.ErrorAt(line(n), format, args...)
	}
}

// Fail records err unless there is an error.
func (c *Check) Fail(err error) {
	if c.Err == nil {
		c.Err = err
	}
}

// Unknown words a key of no field of a mapping: "what: unknown field "k"
// (want)".
func Unknown(what, want string) func(key string) string {
	return func(key string) string { return fmt.Sprintf("%s: unknown field %q (%s)", what, key, want) }
}

// Fields checks a mapping with fixed keys, if the file gives it: that it
// is a mapping ("what: want a mapping"), that no key is given twice
// ("what.key given twice") and that every key is one of its struct's,
// s a pointer to the struct; unknown words the first key that is not.
func (c *Check) Fields(s any, what string, unknown func(key string) string) bool {
	if c.Err != nil {
		return false
	}
	rv := reflect.ValueOf(s).Elem()
	si, err := infoOf(rv.Type())
	if err != nil {
		c.Err = err
		return false
	}
	n := rv.Field(si.fields).Interface().(Fields).Node
	if n == nil {
		return true
	}
	if n.Kind != yaml.MappingNode {
		c.Errorf(n, "%s: want a mapping", what)
		return false
	}
	if !c.Keys(n, what) {
		return false
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if _, ok := si.keys[k.Value]; !ok || k.Kind != yaml.ScalarNode {
			c.Errorf(k, "%s", unknown(k.Value))
			return false
		}
	}
	return true
}

// Keys checks that n is a mapping ("what: want a mapping") that gives no
// key twice ("what.key given twice").
func (c *Check) Keys(n *yaml.Node, what string) bool {
	if c.Err != nil {
		return false
	}
	if n.Kind != yaml.MappingNode {
		c.Errorf(n, "%s: want a mapping", what)
		return false
	}
	seen := make(map[string]bool, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if seen[k.Value] {
			c.Errorf(k, "%s.%s given twice", what, k.Value)
			return false
		}
		seen[k.Value] = true
	}
	return true
}

// scalar returns v's node if it is a scalar; else it records "what: want"
// and returns nil.
func (c *Check) scalar(v Value, what, want string) *yaml.Node {
	if c.Err != nil || v.Node == nil {
		return nil
	}
	if v.Node.Kind != yaml.ScalarNode {
		c.Errorf(v.Node, "%s: %s", what, want)
		return nil
	}
	return v.Node
}

// Str reads text ("what: want text"); "" if not given.
func (c *Check) Str(v Value, what string) string {
	if n := c.scalar(v, what, "want text"); n != nil {
		return n.Value
	}
	return ""
}

// Bool reads true or false; false if not given.
func (c *Check) Bool(v Value, what string) bool {
	if c.Err != nil || v.Node == nil {
		return false
	}
	if v.Node.Kind == yaml.ScalarNode {
		if b, err := strconv.ParseBool(v.Node.Value); err == nil {
			return b
		}
	}
	c.Errorf(v.Node, "%s: want true or false, not %q", what, v.Node.Value)
	return false
}

// Int reads a whole number in lo..hi; 0 if not given.
func (c *Check) Int(v Value, what string, lo, hi int) int {
	if c.Err != nil || v.Node == nil {
		return 0
	}
	if v.Node.Kind == yaml.ScalarNode {
		if x, err := strconv.Atoi(v.Node.Value); err == nil && x >= lo && x <= hi {
			return x
		}
	}
	c.Errorf(v.Node, "%s: want a whole number in %d..%d, not %q", what, lo, hi, v.Node.Value)
	return 0
}

// HalfMF reads an MF value, a non-negative multiple of 0.5, in half MF; 0
// if not given.
func (c *Check) HalfMF(v Value, what string) int {
	if c.Err != nil || v.Node == nil {
		return 0
	}
	if v.Node.Kind == yaml.ScalarNode {
		if x, err := strconv.ParseFloat(v.Node.Value, 64); err == nil && x >= 0 && x <= 100 && x*2 == math.Trunc(x*2) {
			return int(x * 2)
		}
	}
	c.Errorf(v.Node, "%s: want MF as a multiple of 0.5 (1, 1.5, 2...), not %q", what, v.Node.Value)
	return 0
}

// List checks that l, if given, is a list ("what: " and want).
func (c *Check) List(node *yaml.Node, what, want string) bool {
	if c.Err != nil || node == nil {
		return false
	}
	if node.Kind != yaml.SequenceNode {
		c.Errorf(node, "%s: %s", what, want)
		return false
	}
	return true
}

// Strings reads a list of text ("what: want a list", "what: want text");
// nil if not given.
func (c *Check) Strings(l List[Value], what string) []string {
	if !c.List(l.Node, what, "want a list") {
		return nil
	}
	out := make([]string, 0, len(l.Items))
	for _, e := range l.Items {
		out = append(out, c.Str(e, what))
	}
	if c.Err != nil {
		return nil
	}
	return out
}

// Map checks that m, if given, is a mapping with no key twice (Keys).
func (c *Check) Map(node *yaml.Node, what string) bool {
	return node != nil && c.Keys(node, what)
}
