package tables

import (
	"bytes"
	"fmt"
	"math"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// doc walks a parsed YAML file, producing errors that name the file and
// line: "tables: mine.yaml:12: infantry.terrain.forrest: unknown terrain
// kind".
type doc struct {
	file string
}

func (d doc) errorf(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("tables: %s:%d: %s", d.file, n.Line, fmt.Sprintf(format, args...))
}

// parse reads YAML text into its root mapping node.
func (d doc) parse(data []byte) (*yaml.Node, error) {
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil {
		if err.Error() == "EOF" {
			return &yaml.Node{Kind: yaml.MappingNode, Line: 1}, nil
		}
		return nil, fmt.Errorf("tables: %s: %w", d.file, err)
	}
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = *root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		return nil, d.errorf(&root, "want a mapping of tables at the top")
	}
	return &root, nil
}

// each calls fn for every key and value of mapping n, refusing other nodes
// and repeated keys.
func (d doc) each(n *yaml.Node, what string, fn func(key string, k, v *yaml.Node) error) error {
	if n.Kind != yaml.MappingNode {
		return d.errorf(n, "%s: want a mapping", what)
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if seen[k.Value] {
			return d.errorf(k, "%s.%s given twice", what, k.Value)
		}
		seen[k.Value] = true
		if err := fn(k.Value, k, v); err != nil {
			return err
		}
	}
	return nil
}

func (d doc) str(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", d.errorf(n, "%s: want text", what)
	}
	return n.Value, nil
}

func (d doc) boolean(n *yaml.Node, what string) (bool, error) {
	if n.Kind == yaml.ScalarNode {
		if b, err := strconv.ParseBool(n.Value); err == nil {
			return b, nil
		}
	}
	return false, d.errorf(n, "%s: want true or false, not %q", what, n.Value)
}

func (d doc) integer(n *yaml.Node, what string, lo, hi int) (int, error) {
	if n.Kind == yaml.ScalarNode {
		if v, err := strconv.Atoi(n.Value); err == nil && v >= lo && v <= hi {
			return v, nil
		}
	}
	return 0, d.errorf(n, "%s: want a whole number in %d..%d, not %q", what, lo, hi, n.Value)
}

// halfMF reads an MF value that must be a non-negative multiple of 0.5 and
// returns it in half MF.
func (d doc) halfMF(n *yaml.Node, what string) (int, error) {
	if n.Kind == yaml.ScalarNode {
		if v, err := strconv.ParseFloat(n.Value, 64); err == nil && v >= 0 && v <= 100 && v*2 == math.Trunc(v*2) {
			return int(v * 2), nil
		}
	}
	return 0, d.errorf(n, "%s: want MF as a multiple of 0.5 (1, 1.5, 2...), not %q", what, n.Value)
}

func (d doc) strings(n *yaml.Node, what string) ([]string, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, d.errorf(n, "%s: want a list", what)
	}
	out := make([]string, 0, len(n.Content))
	for _, e := range n.Content {
		s, err := d.str(e, what)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
