package tables

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// This file finds the placeholders of a Set: the values marked "default:
// true" in the built-in files that the user's file has not replaced, and
// those the user's file itself marks so. It reads the files' YAML, not
// the Set's structs, so that a table file added to tables/data is covered
// as it is: any mapping of a file holding "default: true" is a
// placeholder, named by its keys from the top of the file.
//
// How a user's file clears a placeholder: an entry the file gives at the
// same keys replaces the built-in entry whole (as Load lays it over), and
// an entry of the user's file without "default: true" is the owner's
// value. An entry the user's file marks "default: true" stays a
// placeholder, with the file's value.

// Placeholder is one value of a Set that is sasl's stand-in for the
// owner's rulebook value (marked "default: true"), or sasl's own reading
// where no text decides (marked "reading: true": Reading), the player's
// to change as well.
type Placeholder struct {
	// Path is the value's keys in a tables file: human_wave.x10.rows.3.
	Path string `json:"path"`
	// Table is the chart it belongs to, as a player names it (x10, A6d,
	// Activation; the top-level key of a table the chart list does not
	// know).
	Table string `json:"table"`
	// Reading: sasl's reading where no text decides ("reading: true"),
	// not a rulebook value to type in ("default: true").
	Reading bool `json:"reading"`
	// Value is the value as the file writes it: [squad, squad, leader],
	// or the fields of an entry that has no value field (mf: 3).
	Value string `json:"value"`
	// Source is the entry's source; File and Line where it is written: a
	// built-in file (tables/data/hw.yaml) or the user's file.
	Source string `json:"source"`
	File   string `json:"file"`
	Line   int    `json:"line"`

	keys  []*yaml.Node // the path's key nodes, from the top of the file
	entry *yaml.Node   // the entry's mapping
	shown *yaml.Node   // what Value writes, written when asked for (Placeholders)
	rank  int          // its chart's place in charts
	depth int          // the keys of its chart's prefix
}

// title is the heading of p's chart in the template.
func (p Placeholder) title() string {
	if p.rank < len(charts) && charts[p.rank].title != "" {
		return charts[p.rank].title
	}
	return p.Table
}

// overlay is the user's file a Set was loaded with, as YAML.
type overlay struct {
	name string
	root *yaml.Node
}

// chart is a table as a player reads it on the SASL charts: the keys of
// its entries in a tables file, and its name.
type chart struct{ prefix, name, title string }

// charts are the tables in the order the template gives them: the SASL
// tables of placement, entry, Activation and generation first, as a
// player meets them in a game, then the ASL tables sasl plays by, then
// sasl's own choices. An entry belongs to the chart of the longest prefix
// of its path; a table not listed comes after them all, by its top-level
// key (TestChartsCoverEveryFile names a file whose table is not listed).
var charts = []chart{
	{"sasl.a6d", "A6d", "SASL Table A6d: Letter Chits per mapboard (SASL 4.1e)"},
	{"sasl.a6f", "A6f", "SASL Table A6f: the radius around a placement hex (SASL 4.1e)"},
	{"sasl.a9", "A9", "SASL Table A9: mapboard kinds"},
	{"sasl.a9e", "A9e", "SASL Table A9e: the S? Locations of a building hex (SASL 4.12)"},
	{"sasl.entry", "SASL entry", "SASL entry (SASL 4.21, 4.22)"},
	{"sasl.rally", "SASL Rally Phase", "SASL: the ENEMY Rally Phase (SASL 7)"},
	{"sasl.action", "Action", "SASL: the ENEMY's Action checks and Action tables (SASL 6)"},
	{"sasl", "SASL", "SASL tables"},
	{"activation", "Activation", "SASL S? Activation table (SASL 3.32, 4.34)"},
	{"s_generation", "S? generation", "SASL S? generation outside the Human Wave: AC dr and unit generation (SASL 5.1, 5)"},
	{"human_wave.x10", "x10", "SASL Table x10: Human Wave unit generation (SASL 4.34)"},
	{"human_wave.x3", "x3", "SASL Table x3: leader generation (SASL 4.35)"},
	{"human_wave", "Human Wave", "SASL Human Wave (SASL 4.3)"},
	{"counters", "counters", "Counters of the ENEMY units sasl generates"},
	{"half_squads", "half-squads", "Half-squads of the squads (ASL A7.302)"},
	{"ift", "IFT", "ASL Infantry Fire Table"},
	{"combat.close_combat", "Close Combat", "ASL Close Combat Table (A11.11)"},
	{"combat", "combat", "ASL combat: Morale Checks, rally, fire"},
	{"tem", "TEM", "ASL Terrain Effects Modifiers"},
	{"infantry", "movement", "ASL Infantry movement costs (Chapter B)"},
	{"seasons", "seasons", "ASL seasons of grain and orchards"},
	{"weather", "weather", "Weather presets"},
	{"policy", "policy", "sasl's own choices for the policies"},
}

// chartOf returns the place in charts, the name and the number of keys of
// the prefix of the chart of path (len(charts), the top-level key and 1
// for a table charts does not list).
func chartOf(path []string) (rank int, name string, depth int) {
	rank, name, depth = len(charts), path[0], 1
	best := -1
	for i, c := range charts {
		p := strings.Split(c.prefix, ".")
		if len(p) > best && len(p) <= len(path) && slices.Equal(p, path[:len(p)]) {
			best, rank, name, depth = len(p), i, c.name, len(p)
		}
	}
	return rank, name, depth
}

// byWhole are the maps of entries a user's file replaces whole where it
// gives them (apply: the Close Combat odds are the rows the file gives);
// byFold the maps whose keys match without regard to case (apply: the
// Activation table's nationality words).
var (
	byWhole = []string{"combat.close_combat.rows"}
	byFold  = []string{"activation.enemy"}
)

// builtin holds the placeholders of the built-in files, read with them
// (Default).
var builtin []Placeholder

// builtinPlaceholders returns the placeholders of the built-in files.
func builtinPlaceholders() []Placeholder {
	Default()
	return builtin
}

// placeholdersIn returns the entries of a file marked "default: true" or
// "reading: true".
func placeholdersIn(root *yaml.Node, file string) []Placeholder {
	var out []Placeholder
	var walk func(n *yaml.Node, keys []*yaml.Node)
	walk = func(n *yaml.Node, keys []*yaml.Node) {
		if n.Kind != yaml.MappingNode {
			return
		}
		if len(keys) > 0 && (isTrue(n, "default") || isTrue(n, "reading")) {
			out = append(out, newPlaceholder(keys, n, file))
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			walk(n.Content[i+1], append(slices.Clip(keys), n.Content[i]))
		}
	}
	walk(root, nil)
	return out
}

// isTrue reports whether mapping n holds "key: true".
func isTrue(n *yaml.Node, key string) bool {
	v := field(n, key)
	var b bool
	return v != nil && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!bool" && v.Decode(&b) == nil && b
}

// field returns the value of key in mapping n, nil if none.
func field(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

func newPlaceholder(keys []*yaml.Node, entry *yaml.Node, file string) Placeholder {
	path := make([]string, len(keys))
	for i, k := range keys {
		path[i] = k.Value
	}
	p := Placeholder{Path: strings.Join(path, "."), File: file, Line: entry.Line, Reading: isTrue(entry, "reading"), keys: keys, entry: entry}
	p.rank, p.Table, p.depth = chartOf(path)
	if s := field(entry, "source"); s != nil {
		p.Source = s.Value
	}
	if v := field(entry, "value"); v != nil {
		p.shown = v
	} else {
		p.shown = &yaml.Node{Kind: yaml.MappingNode}
		for i := 0; i+1 < len(entry.Content); i += 2 {
			if k := entry.Content[i].Value; k != "default" && k != "reading" && k != "source" {
				p.shown.Content = append(p.shown.Content, entry.Content[i], entry.Content[i+1])
			}
		}
	}
	return p
}

// flow is n written on one line: 4, [squad, squad], mf: 3.
func flow(n *yaml.Node) string {
	c := plain(n)
	setStyle(c, yaml.FlowStyle)
	data, err := yaml.Marshal(c)
	if err != nil {
		return fmt.Sprint(n.Value)
	}
	s := strings.TrimSpace(string(data))
	if n.Kind == yaml.MappingNode {
		s = strings.TrimSuffix(strings.TrimPrefix(s, "{"), "}")
	}
	return s
}

// plain is a deep copy of n without its comments.
func plain(n *yaml.Node) *yaml.Node {
	c := *n
	c.HeadComment, c.LineComment, c.FootComment = "", "", ""
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, x := range n.Content {
		c.Content[i] = plain(x)
	}
	return &c
}

func setStyle(n *yaml.Node, s yaml.Style) {
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		n.Style |= s
	}
	for _, x := range n.Content {
		setStyle(x, s)
	}
}

// Placeholders returns the values of s that are sasl's stand-ins for the
// owner's rulebook values: the built-in values marked "default: true"
// that the user's file (Load) has not replaced, and the values the user's
// file marks so itself, in the order of the charts (as the template gives
// them). The built-in files' marks are read with their values, once
// (Default). It is safe for concurrent use. A Set changed after Load
// reports its files' marks.
func (s *Set) Placeholders() []Placeholder {
	out := s.placeholders()
	for i := range out {
		out[i].Value = flow(out[i].shown)
	}
	return out
}

// placeholders is Placeholders without their Value: each is written out
// by yaml's encoder, which every command that only counts them (a
// PlaceholderSummary) would otherwise pay for at its start.
func (s *Set) placeholders() []Placeholder {
	var out []Placeholder
	for _, p := range builtinPlaceholders() {
		if s.over == nil || !s.over.replaces(p.keys) {
			out = append(out, p)
		}
	}
	if s.over != nil {
		out = append(out, placeholdersIn(s.over.root, s.over.name)...)
	}
	slices.SortStableFunc(out, func(a, b Placeholder) int { return a.rank - b.rank })
	return out
}

// replaces reports whether the user's file gives the entry at keys.
func (o *overlay) replaces(keys []*yaml.Node) bool {
	n := o.root
	for i, k := range keys {
		at := pathOf(keys[:i])
		if slices.Contains(byWhole, at) {
			return true
		}
		var next *yaml.Node
		for j := 0; n.Kind == yaml.MappingNode && j+1 < len(n.Content); j += 2 {
			key := n.Content[j].Value
			if key == k.Value || slices.Contains(byFold, at) && strings.EqualFold(key, k.Value) {
				next = n.Content[j+1]
			}
		}
		if next == nil {
			return false
		}
		n = next
	}
	return true
}

func pathOf(keys []*yaml.Node) string {
	s := make([]string, len(keys))
	for i, k := range keys {
		s[i] = k.Value
	}
	return strings.Join(s, ".")
}

// PlaceholderTables returns the charts of ps, each once, in their order.
func PlaceholderTables(ps []Placeholder) []string {
	var out []string
	for _, p := range ps {
		if !slices.Contains(out, p.Table) {
			out = append(out, p.Table)
		}
	}
	return out
}

// WriteTemplate writes the page a player fills in from their rulebook: a
// tables file (--tables) holding every placeholder of s, by chart in the
// order of the charts, each entry as its file writes it (its value, its
// source and "default: true"), under a comment that keeps sasl's value
// and where it is written. Laid over the built-in tables it gives s
// again; with its "default: true" deleted it leaves no placeholder.
func (s *Set) WriteTemplate(w io.Writer) error {
	return writeTemplate(w, s.Placeholders())
}

// writeTemplate writes the template of placeholders ps.
func writeTemplate(w io.Writer, ps []Placeholder) error {
	root := &yaml.Node{Kind: yaml.MappingNode}
	var head strings.Builder
	readings := Readings(ps)
	fmt.Fprintf(&head, "sasl tables template: the %d values of sasl's tables that are its\n", len(ps)-readings)
	head.WriteString(`stand-ins (placeholders, "default: true"), not your rulebook's, and the `)
	fmt.Fprintf(&head, "%d\n", readings)
	head.WriteString(`that are sasl's own readings where no text decides ("reading: true"). The
game is playable as it is: sasl plays by them until you type in yours. For
each "default: true" entry below, type your rulebook's value over sasl's,
name where you read it in source, and delete "default: true": an entry
without it is your value. A "reading: true" entry is sasl's choice where
the rules are silent: keep it, or change it and delete "reading: true" to
play by your own reading. An entry left as it is stays marked, and sasl
says so; deleting an entry plays sasl's value, marked still. Then give the
file to every command that plays: --tables mine.yaml (sasl play new, sim,
serve, place, enter, wave). The comment above an entry keeps sasl's value
and where it is written.`)
	if len(ps) == 0 {
		head.WriteString("\n\nNo placeholder is left: every value is your rulebook's or a rule's.")
	}
	root.HeadComment = head.String()
	table := -1
	for _, p := range ps {
		n := root
		var made []*yaml.Node // the keys this entry adds, from the top
		depth := len(p.keys)  // the place of the first of them
		for i, k := range p.keys {
			next := field(n, k.Value)
			if next == nil || i == len(p.keys)-1 {
				kc := &yaml.Node{Kind: yaml.ScalarNode, Tag: k.Tag, Value: k.Value, Style: k.Style}
				if i > 0 {
					kc.HeadComment = k.HeadComment // the built-in file's words on it
				}
				next = &yaml.Node{Kind: yaml.MappingNode}
				if i == len(p.keys)-1 {
					what := "sasl's"
					if p.Reading {
						what = "sasl's reading"
					}
					kc.HeadComment = fmt.Sprintf("%s: %s (%s:%d)", what, p.Value, p.File, p.Line)
					next = plain(p.entry)
				}
				n.Content = append(n.Content, kc, next)
				if len(made) == 0 {
					depth = i
				}
				made = append(made, kc)
			}
			n = next
		}
		if p.rank != table || p.rank == len(charts) {
			table = p.rank
			// The chart's title on the first key it adds at or below its
			// prefix (x10, not human_wave, which x3 shares).
			k := made[max(0, min(p.depth-1-depth, len(made)-1))]
			k.HeadComment = strings.TrimSpace(p.title() + "\n" + k.HeadComment)
		}
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return fmt.Errorf("tables: template: %w", err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("tables: template: %w", err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// PlaceholderSummary is what a front end tells of a Set's placeholders:
// how many values are sasl's stand-ins for the owner's rulebook values
// and in which charts, and how many are sasl's own readings where no text
// decides and in which (report words it; the JSON of play, serve and sim
// gives it as data). The game is playable with both as they are.
type PlaceholderSummary struct {
	Count  int      `json:"count"`
	Tables []string `json:"tables"`
	// Readings and ReadingTables: the values marked "reading: true".
	Readings      int      `json:"readings"`
	ReadingTables []string `json:"reading_tables"`
}

// PlaceholderSummary summarises s.Placeholders; nil when s has none.
func (s *Set) PlaceholderSummary() *PlaceholderSummary {
	ps := s.placeholders()
	if len(ps) == 0 {
		return nil
	}
	readings := slices.DeleteFunc(slices.Clone(ps), func(p Placeholder) bool { return !p.Reading })
	defaults := slices.DeleteFunc(ps, func(p Placeholder) bool { return p.Reading })
	return &PlaceholderSummary{Count: len(defaults), Tables: nonNil(PlaceholderTables(defaults)),
		Readings: len(readings), ReadingTables: nonNil(PlaceholderTables(readings))}
}

// Readings counts the placeholders of ps that are sasl's readings
// ("reading: true"); the others are stand-ins for rulebook values.
func Readings(ps []Placeholder) int {
	n := 0
	for _, p := range ps {
		if p.Reading {
			n++
		}
	}
	return n
}

// nonNil is s, or an empty list for nil (a JSON list, never null).
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
