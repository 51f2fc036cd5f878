package tables

import (
	"maps"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
)

// The YAML form of the S? Activation table (activation), and its reader
// (file.go reads the file as a whole).

type activationFile struct {
	yamldoc.Fields
	Source   yamldoc.Value               `yaml:"source"`
	Ranges   yamldoc.List[yamldoc.Value] `yaml:"ranges"`
	Infantry yamldoc.Map[entryFile]      `yaml:"infantry"`
	Enemy    yamldoc.Map[entryFile]      `yaml:"enemy"`
	Still    *entryFile                  `yaml:"still"`
}

func (f *activationFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }

// apply lays the activation table of one file over a: a row replaces the
// row of the same name whole; a word replaces the word that is it without
// regard to case. The cells of the rows the file gives, and the rows the
// words of the file name, are checked once the whole table is read, so
// the file may give its ranges, rows and words in any order.
func (a *Activation) apply(c *yamldoc.Check, f *activationFile) {
	if !c.Fields(f, "activation", yamldoc.Unknown("activation", "want source, ranges, infantry, enemy, still")) {
		return
	}
	if f.Source.Given() {
		a.Source = c.Str(f.Source, "activation.source")
	}
	if f.Ranges.Given() {
		if f.Ranges.Node.Kind != yaml.SequenceNode || len(f.Ranges.Items) == 0 {
			c.Errorf(f.Ranges.Node, "activation.ranges: want the list of ranges 0, 1, 2, ...")
			return
		}
		for i, e := range f.Ranges.Items {
			if r := c.Int(e, "activation.ranges", 0, 99); c.OK() && r != i {
				c.Errorf(e.Node, "activation.ranges: range %d where %d is due: the ranges run 0, 1, 2, ... without a gap", r, i)
			}
		}
		a.MaxRange = len(f.Ranges.Items) - 1
	}
	if f.Still != nil {
		e, ok := entry(c, f.Still, "activation.still", func(v yamldoc.Value, what string) Still {
			s := c.Str(v, what)
			for k, name := range stillNames {
				if s == name {
					return Still(k)
				}
			}
			if c.OK() {
				c.Errorf(v.Node, "%s: %q is not one of %s", what, s, strings.Join(stillNames[:], ", "))
			}
			return 0
		})
		if ok {
			a.Still = e
		}
	}
	rowNodes := a.applyRows(c, f.Infantry)
	wordNodes := a.applyWords(c, f.Enemy)
	if !c.OK() {
		return
	}
	want := a.MaxRange + 1
	for _, name := range slices.Sorted(maps.Keys(rowNodes)) {
		if got := len(a.Infantry[name].Value); got != want {
			c.Errorf(rowNodes[name], "activation.infantry.%s.value: %d cells for the %d ranges 0..%d: give one a range", name, got, want, a.MaxRange)
			return
		}
	}
	if f.Ranges.Given() {
		for _, name := range a.Rows() {
			if got := len(a.Infantry[name].Value); got != want {
				c.Errorf(f.Ranges.Node, "activation.ranges: %d ranges 0..%d, but the row %s has %d cells: give every row anew", want, a.MaxRange, name, got)
				return
			}
		}
	}
	for _, word := range slices.Sorted(maps.Keys(wordNodes)) {
		if row := a.Enemy[word].Value; !a.has(row) {
			c.Errorf(wordNodes[word], "activation.enemy.%s.value: %q is not a row of activation.infantry (want %s)", word, row, strings.Join(a.Rows(), ", "))
			return
		}
	}
}

// applyRows lays the rows of the file over a's; it returns the node of
// each row's cells.
func (a *Activation) applyRows(c *yamldoc.Check, rows yamldoc.Map[entryFile]) map[string]*yaml.Node {
	rowNodes := map[string]*yaml.Node{} // rows of this file: their cell list
	if c.Map(rows.Node, "activation.infantry") {
		for i, kn := range rows.Keys {
			w := "activation.infantry." + kn.Value
			row, ok := entry(c, &rows.Values[i], w, func(v yamldoc.Value, what string) []ActivationCell {
				l := v.List()
				if !c.List(l.Node, what, "want a list of cells, one a range") {
					return nil
				}
				var cells []ActivationCell
				for _, e := range l.Items {
					cell, err := ParseActivationCell(c.Str(e, what))
					if c.OK() && err != nil {
						c.Errorf(e.Node, "%s: %v", what, err)
					}
					cells = append(cells, cell)
				}
				rowNodes[kn.Value] = v.Node
				return cells
			})
			if !ok {
				return nil
			}
			if a.Infantry == nil {
				a.Infantry = map[string]Entry[[]ActivationCell]{}
			}
			a.Infantry[kn.Value] = row
		}
	}
	return rowNodes
}

// applyWords lays the words of the file over a's; it returns the node of
// each word's row.
func (a *Activation) applyWords(c *yamldoc.Check, words yamldoc.Map[entryFile]) map[string]*yaml.Node {
	wordNodes := map[string]*yaml.Node{} // words of this file: their value
	if c.Map(words.Node, "activation.enemy") {
		for i, kn := range words.Keys {
			word := kn.Value
			w := "activation.enemy." + word
			for other := range wordNodes {
				if strings.EqualFold(other, word) {
					c.Errorf(kn, "%s given twice (as %s: words match without regard to case)", w, other)
					return nil
				}
			}
			row, ok := entry(c, &words.Values[i], w, func(v yamldoc.Value, what string) string {
				wordNodes[word] = v.Node
				return c.Str(v, what)
			})
			if !ok {
				return nil
			}
			if a.Enemy == nil {
				a.Enemy = map[string]Entry[string]{}
			}
			if k, ok := a.word(word); ok {
				delete(a.Enemy, k)
			}
			a.Enemy[word] = row
		}
	}
	return wordNodes
}
