package tables

import (
	"fmt"
	"maps"
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
)

// SASL holds the SASL tables of S? placement and entry (SASL S4).
type SASL struct {
	A6d IntByDr    // Letter Chits per mapboard (4.1e)
	A6f IntByDr    // radius around a placement hex (4.1e)
	A9e LevelsByDr // S? Locations of a building hex on a built-up board (4.12)
	A9  BoardKinds // mapboard kinds
	// EntryStacking is the number of entering S? an entry hex takes
	// before it is Overstacked (4.21, 4.22).
	EntryStacking Entry[int]
}

// Entry is one value of a table with its source.
type Entry[T any] struct {
	Value   T
	Default bool // a placeholder for the owner's rulebook value
	Source  string
}

// IntByDr is a table of whole numbers indexed by a dr, 1..6.
type IntByDr struct {
	Source string
	Rows   [7]Entry[int] // Rows[dr]
}

// Levels is a result of Table A9e: which Locations of a building hex get
// S?.
type Levels uint8

const (
	LevelsNone   Levels = iota // no Location
	LevelsGround               // ground level
	LevelsFirst                // level 1
	LevelsSecond               // level 2
	LevelsThird                // level 3
	LevelsAll                  // every non-Rooftop/-Sewer Location
)

var levelsName = [...]string{"none", "ground", "first", "second", "third", "all"}

func (l Levels) String() string { return levelsName[l] }

// Has reports whether Location level lv (0 ground, 1, 2, ...) is in l.
func (l Levels) Has(lv int) bool {
	switch l {
	case LevelsAll:
		return lv >= 0
	case LevelsNone:
		return false
	}
	return lv == int(l)-1
}

// LevelsByDr is Table A9e.
type LevelsByDr struct {
	Source string
	Rows   [7]Entry[Levels]
}

// BoardKind is what kind of mapboard a board is (Table A9).
type BoardKind struct {
	BuiltUp bool // "v" or "c": SASL 4.12 applies
	Woods   bool // "w": SASL 4.13 applies
	River   bool // not an entry board for SASL 4.22
}

func (k BoardKind) String() string {
	var s []string
	if k.BuiltUp {
		s = append(s, "built-up")
	}
	if k.Woods {
		s = append(s, "woods")
	}
	if k.River {
		s = append(s, "river")
	}
	if len(s) == 0 {
		return "open"
	}
	out := s[0]
	for _, x := range s[1:] {
		out += ", " + x
	}
	return out
}

// BoardKinds is Table A9 and the thresholds that derive a board's kind
// from its terrain when the table has no row for it.
type BoardKinds struct {
	Source string
	Boards map[string]Entry[BoardKind]
	// BuiltUpMin: buildings plus rubble Locations (SASL 4.12: 19).
	BuiltUpMin Entry[int]
	// WoodsMin: woods hexes.
	WoodsMin Entry[int]
	// RiverMin: water hexes.
	RiverMin Entry[int]
}

func (s *SASL) clone() SASL {
	c := *s
	c.A9.Boards = maps.Clone(s.A9.Boards)
	return c
}

func (s *SASL) apply(d yamldoc.Doc, n *yaml.Node) error {
	return d.Each(n, "sasl", func(key string, k, v *yaml.Node) error {
		what := "sasl." + key
		switch key {
		case "a6d":
			return intByDr(d, v, what, &s.A6d, 1, 33)
		case "a6f":
			return intByDr(d, v, what, &s.A6f, 0, 10)
		case "a9e":
			return levelsByDr(d, v, what, &s.A9e)
		case "a9":
			return s.A9.apply(d, v, what)
		case "entry":
			return d.Each(v, what, func(f string, fk, fv *yaml.Node) error {
				if f != "stacking" {
					return d.Errorf(fk, "%s: unknown field %q (want stacking)", what, f)
				}
				return intEntry(d, fv, what+".stacking", &s.EntryStacking, 1, 12)
			})
		}
		return d.Errorf(k, "unknown SASL table %q (want a6d, a6f, a9e, a9, entry)", key)
	})
}

// entry reads {value: V, default: B, source: S}, V read by value.
func entry(d yamldoc.Doc, n *yaml.Node, what string, value func(*yaml.Node) error) (def bool, src string, err error) {
	hasValue := false
	err = d.Each(n, what, func(f string, fk, fv *yaml.Node) error {
		var err error
		switch f {
		case "value":
			hasValue = true
			err = value(fv)
		case "default":
			def, err = d.Bool(fv, what+".default")
		case "source":
			src, err = d.Str(fv, what+".source")
		default:
			err = d.Errorf(fk, "%s: unknown field %q (want value, default, source)", what, f)
		}
		return err
	})
	if err == nil && !hasValue {
		err = d.Errorf(n, "%s: no value", what)
	}
	if err == nil && src == "" {
		err = d.Errorf(n, "%s: every value names its source (source: ...)", what)
	}
	return def, src, err
}

func intEntry(d yamldoc.Doc, n *yaml.Node, what string, e *Entry[int], lo, hi int) error {
	var v int
	def, src, err := entry(d, n, what, func(fv *yaml.Node) error {
		var err error
		v, err = d.Int(fv, what+".value", lo, hi)
		return err
	})
	if err == nil {
		*e = Entry[int]{Value: v, Default: def, Source: src}
	}
	return err
}

// rows reads {source: S, rows: {1: ..., 6: ...}} calling row for each dr.
func rows(d yamldoc.Doc, n *yaml.Node, what string, source *string, row func(dr int, n *yaml.Node) error) error {
	return d.Each(n, what, func(f string, fk, fv *yaml.Node) error {
		switch f {
		case "source":
			s, err := d.Str(fv, what+".source")
			*source = s
			return err
		case "rows":
			return d.Each(fv, what+".rows", func(key string, kk, rv *yaml.Node) error {
				dr, err := strconv.Atoi(key)
				if err != nil || dr < 1 || dr > 6 {
					return d.Errorf(kk, "%s.rows: %q is not a dr (1-6)", what, key)
				}
				return row(dr, rv)
			})
		}
		return d.Errorf(fk, "%s: unknown field %q (want source, rows)", what, f)
	})
}

func intByDr(d yamldoc.Doc, n *yaml.Node, what string, t *IntByDr, lo, hi int) error {
	return rows(d, n, what, &t.Source, func(dr int, rv *yaml.Node) error {
		return intEntry(d, rv, fmt.Sprintf("%s.rows.%d", what, dr), &t.Rows[dr], lo, hi)
	})
}

func levelsByDr(d yamldoc.Doc, n *yaml.Node, what string, t *LevelsByDr) error {
	return rows(d, n, what, &t.Source, func(dr int, rv *yaml.Node) error {
		w := fmt.Sprintf("%s.rows.%d", what, dr)
		var lv Levels
		def, src, err := entry(d, rv, w, func(fv *yaml.Node) error {
			s, err := d.Str(fv, w+".value")
			if err != nil {
				return err
			}
			for i, name := range levelsName {
				if name == s {
					lv = Levels(i)
					return nil
				}
			}
			return d.Errorf(fv, "%s.value: %q is not none, ground, first, second, third or all", w, s)
		})
		if err == nil {
			t.Rows[dr] = Entry[Levels]{Value: lv, Default: def, Source: src}
		}
		return err
	})
}

func (b *BoardKinds) apply(d yamldoc.Doc, n *yaml.Node, what string) error {
	return d.Each(n, what, func(f string, fk, fv *yaml.Node) error {
		switch f {
		case "source":
			s, err := d.Str(fv, what+".source")
			b.Source = s
			return err
		case "boards":
			return d.Each(fv, what+".boards", func(id string, _, bv *yaml.Node) error {
				w := what + ".boards." + id
				var e Entry[BoardKind]
				err := d.Each(bv, w, func(g string, gk, gv *yaml.Node) error {
					var err error
					switch g {
					case "kinds":
						var names []string
						if names, err = d.Strings(gv, w+".kinds"); err != nil {
							return err
						}
						for _, name := range names {
							switch name {
							case "built_up":
								e.Value.BuiltUp = true
							case "woods":
								e.Value.Woods = true
							case "river":
								e.Value.River = true
							default:
								return d.Errorf(gv, "%s.kinds: %q is not built_up, woods or river", w, name)
							}
						}
					case "default":
						e.Default, err = d.Bool(gv, w+".default")
					case "source":
						e.Source, err = d.Str(gv, w+".source")
					default:
						err = d.Errorf(gk, "%s: unknown field %q (want kinds, default, source)", w, g)
					}
					return err
				})
				if err == nil && e.Source == "" {
					err = d.Errorf(bv, "%s: every value names its source (source: ...)", w)
				}
				if b.Boards == nil {
					b.Boards = map[string]Entry[BoardKind]{}
				}
				b.Boards[id] = e
				return err
			})
		case "derive":
			return d.Each(fv, what+".derive", func(g string, gk, gv *yaml.Node) error {
				w := what + ".derive." + g
				var dst *Entry[int]
				switch g {
				case "built_up":
					dst = &b.BuiltUpMin
				case "woods":
					dst = &b.WoodsMin
				case "river":
					dst = &b.RiverMin
				default:
					return d.Errorf(gk, "%s.derive: unknown kind %q (want built_up, woods, river)", what, g)
				}
				var v int
				def, src, err := minEntry(d, gv, w, &v)
				*dst = Entry[int]{Value: v, Default: def, Source: src}
				return err
			})
		}
		return d.Errorf(fk, "%s: unknown field %q (want source, boards, derive)", what, f)
	})
}

// minEntry reads {min: N, default: B, source: S}.
func minEntry(d yamldoc.Doc, n *yaml.Node, what string, v *int) (def bool, src string, err error) {
	has := false
	err = d.Each(n, what, func(f string, fk, fv *yaml.Node) error {
		var err error
		switch f {
		case "min":
			has = true
			*v, err = d.Int(fv, what+".min", 1, 346)
		case "default":
			def, err = d.Bool(fv, what+".default")
		case "source":
			src, err = d.Str(fv, what+".source")
		default:
			err = d.Errorf(fk, "%s: unknown field %q (want min, default, source)", what, f)
		}
		return err
	})
	if err == nil && (!has || src == "") {
		err = d.Errorf(n, "%s: needs min and source", what)
	}
	return def, src, err
}

// check verifies that the SASL tables are complete.
func (s *SASL) check() error {
	for dr := 1; dr <= 6; dr++ {
		if s.A6d.Rows[dr].Source == "" || s.A6f.Rows[dr].Source == "" || s.A9e.Rows[dr].Source == "" {
			return fmt.Errorf("sasl tables a6d, a6f and a9e need a row for every dr 1..6 (dr %d is missing)", dr)
		}
	}
	if s.EntryStacking.Value < 1 || s.A9.BuiltUpMin.Value < 1 || s.A9.WoodsMin.Value < 1 || s.A9.RiverMin.Value < 1 {
		return fmt.Errorf("sasl tables: entry stacking and the a9 derive thresholds must be set")
	}
	return nil
}
