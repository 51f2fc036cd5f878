package tables

import (
	"fmt"
	"slices"
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
)

// The YAML form of the SASL tables (sasl: a6d, a6f, a9e, a9, entry) and of
// the Human Wave (human_wave: x10, x3, ...), and their readers (file.go
// reads the file as a whole).

type saslFile struct {
	yamldoc.Fields
	A6d    *rowsFile       `yaml:"a6d"`
	A6f    *rowsFile       `yaml:"a6f"`
	A9e    *rowsFile       `yaml:"a9e"`
	A9     *boardKindsFile `yaml:"a9"`
	Entry  *saslEntryFile  `yaml:"entry"`
	Rally  *saslRallyFile  `yaml:"rally"`
	Action *actionFile     `yaml:"action"`
}

type saslRallyFile struct {
	yamldoc.Fields
	SelfMMC *entryFile `yaml:"self_rally_mmc"`
}

type saslEntryFile struct {
	yamldoc.Fields
	Stacking *entryFile `yaml:"stacking"`
}

type boardKindsFile struct {
	yamldoc.Fields
	Source yamldoc.Value              `yaml:"source"`
	Boards yamldoc.Map[boardKindFile] `yaml:"boards"`
	Derive *deriveFile                `yaml:"derive"`
}

type boardKindFile struct {
	yamldoc.Fields
	Kinds   yamldoc.List[yamldoc.Value] `yaml:"kinds"`
	Default yamldoc.Value               `yaml:"default"`
	Reading yamldoc.Value               `yaml:"reading"`
	Source  yamldoc.Value               `yaml:"source"`
}

type deriveFile struct {
	yamldoc.Fields
	BuiltUp *minFile `yaml:"built_up"`
	Woods   *minFile `yaml:"woods"`
	River   *minFile `yaml:"river"`
}

type minFile struct {
	yamldoc.Fields
	Min     yamldoc.Value `yaml:"min"`
	Default yamldoc.Value `yaml:"default"`
	Reading yamldoc.Value `yaml:"reading"`
	Source  yamldoc.Value `yaml:"source"`
}

type hwFile struct {
	yamldoc.Fields
	MF         *entryFile    `yaml:"mf"`
	SquadsPerS *entryFile    `yaml:"squads_per_s"`
	Stacking   *entryFile    `yaml:"stacking"`
	StackSMC   *entryFile    `yaml:"stacking_smc"`
	Excess     *entryFile    `yaml:"excess"`
	ChainHexes *entryFile    `yaml:"chain_hexes"`
	ChainMMC   *entryFile    `yaml:"chain_mmc"`
	FireRange  *entryFile    `yaml:"fire_range"`
	Formation  *entryFile    `yaml:"formation"`
	SFF        *entryFile    `yaml:"sff"`
	FPF        *entryFile    `yaml:"fpf"`
	FinalFire  *entryFile    `yaml:"final_fire"`
	Activation yamldoc.Value `yaml:"activation"` // retired
	X10        *rowsFile     `yaml:"x10"`
	X3         *rowsFile     `yaml:"x3"`
	TEM        yamldoc.Value `yaml:"tem"` // moved to the top-level tem
}

func (f *saslFile) UnmarshalYAML(n *yaml.Node) error       { return yamldoc.Decode(n, f) }
func (f *saslEntryFile) UnmarshalYAML(n *yaml.Node) error  { return yamldoc.Decode(n, f) }
func (f *saslRallyFile) UnmarshalYAML(n *yaml.Node) error  { return yamldoc.Decode(n, f) }
func (f *boardKindsFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }
func (f *boardKindFile) UnmarshalYAML(n *yaml.Node) error  { return yamldoc.Decode(n, f) }
func (f *deriveFile) UnmarshalYAML(n *yaml.Node) error     { return yamldoc.Decode(n, f) }
func (f *minFile) UnmarshalYAML(n *yaml.Node) error        { return yamldoc.Decode(n, f) }
func (f *hwFile) UnmarshalYAML(n *yaml.Node) error         { return yamldoc.Decode(n, f) }

func (s *SASL) apply(c *yamldoc.Check, f *saslFile) {
	c.Fields(f, "sasl", func(key string) string {
		return fmt.Sprintf("unknown SASL table %q (want a6d, a6f, a9e, a9, entry, rally, action)", key)
	})
	for _, x := range []struct {
		f      *rowsFile
		key    string
		t      *IntByDr
		lo, hi int
	}{{f.A6d, "a6d", &s.A6d, 1, 33}, {f.A6f, "a6f", &s.A6f, 0, 10}} {
		if x.f != nil {
			rows(c, x.f, "sasl."+x.key, &x.t.Source, dr, func(dr int, what string, e *entryFile) {
				setInt(c, e, what, &x.t.Rows[dr], x.lo, x.hi)
			})
		}
	}
	if f.A9e != nil {
		rows(c, f.A9e, "sasl.a9e", &s.A9e.Source, dr, func(dr int, what string, e *entryFile) {
			lv, ok := entry(c, e, what, func(v yamldoc.Value, what string) Levels {
				str := c.Str(v, what)
				if i := slices.Index(levelsName[:], str); i >= 0 || !c.OK() {
					return Levels(max(i, 0))
				}
				c.Errorf(v.Node, "%s: %q is not none, ground, first, second, third or all", what, str)
				return 0
			})
			if ok {
				s.A9e.Rows[dr] = lv
			}
		})
	}
	if f.A9 != nil {
		s.A9.apply(c, f.A9, "sasl.a9")
	}
	if e := f.Entry; e != nil && c.Fields(e, "sasl.entry", yamldoc.Unknown("sasl.entry", "want stacking")) {
		setInt(c, e.Stacking, "sasl.entry.stacking", &s.EntryStacking, 1, 12)
	}
	if r := f.Rally; r != nil && c.Fields(r, "sasl.rally", yamldoc.Unknown("sasl.rally", "want self_rally_mmc")) {
		setInt(c, r.SelfMMC, "sasl.rally.self_rally_mmc", &s.RallySelfMMC, 0, 99)
	}
	if f.Action != nil {
		s.Action.apply(c, f.Action)
	}
}

func (b *BoardKinds) apply(c *yamldoc.Check, f *boardKindsFile, what string) {
	if !c.Fields(f, what, yamldoc.Unknown(what, "want source, boards, derive")) {
		return
	}
	if f.Source.Given() {
		b.Source = c.Str(f.Source, what+".source")
	}
	if c.Map(f.Boards.Node, what+".boards") {
		for i, id := range f.Boards.Keys {
			w := what + ".boards." + id.Value
			g := &f.Boards.Values[i]
			if !c.Fields(g, w, yamldoc.Unknown(w, "want kinds, default or reading, source")) {
				return
			}
			var e Entry[BoardKind]
			for _, name := range c.Strings(g.Kinds, w+".kinds") {
				switch name {
				case "built_up", "village":
					e.Value.BuiltUp = true
				case "city":
					e.Value.BuiltUp, e.Value.City = true, true
				case "woods":
					e.Value.Woods = true
				case "river":
					e.Value.River = true
				default:
					c.Errorf(g.Kinds.Node, "%s.kinds: %q is not built_up (or village), city, woods or river", w, name)
				}
			}
			e.Default = c.Bool(g.Default, w+".default")
			e.Reading = c.Bool(g.Reading, w+".reading")
			e.Source = c.Str(g.Source, w+".source")
			if !c.OK() {
				return
			}
			if e.Source == "" {
				c.Errorf(g.Node, "%s: every value names its source (source: ...)", w)
				return
			}
			if b.Boards == nil {
				b.Boards = map[string]Entry[BoardKind]{}
			}
			b.Boards[id.Value] = e
		}
	}
	if d := f.Derive; d != nil {
		c.Fields(d, what+".derive", func(key string) string {
			return fmt.Sprintf("%s.derive: unknown kind %q (want built_up, woods, river)", what, key)
		})
		for _, x := range []struct {
			f   *minFile
			key string
			e   *Entry[int]
		}{{d.BuiltUp, "built_up", &b.BuiltUpMin}, {d.Woods, "woods", &b.WoodsMin}, {d.River, "river", &b.RiverMin}} {
			if x.f == nil {
				continue
			}
			w := what + ".derive." + x.key
			if !c.Fields(x.f, w, yamldoc.Unknown(w, "want min, default or reading, source")) {
				return
			}
			e := Entry[int]{
				Value:   c.Int(x.f.Min, w+".min", 1, 346),
				Default: c.Bool(x.f.Default, w+".default"),
				Reading: c.Bool(x.f.Reading, w+".reading"),
				Source:  c.Str(x.f.Source, w+".source"),
			}
			if c.OK() && (!x.f.Has("min") || e.Source == "") {
				c.Errorf(x.f.Node, "%s: needs min and source", w)
			}
			*x.e = e
		}
	}
}

func (h *HumanWave) apply(c *yamldoc.Check, f *hwFile) {
	c.Fields(f, "human_wave", func(key string) string { return fmt.Sprintf("unknown Human Wave table %q", key) })
	if f.Activation.Given() {
		c.Errorf(f.Key("activation"), "human_wave.activation is retired: an S? is Activated by a FRIENDLY unit in its LOS as the SASL Activation table says (activation: in the tables), no longer within a number of hexes")
	}
	for _, x := range []struct {
		f   *entryFile
		key string
		e   *Entry[int]
	}{
		{f.MF, "mf", &h.MF}, {f.SquadsPerS, "squads_per_s", &h.SquadsPerS}, {f.Stacking, "stacking", &h.Stacking},
		{f.StackSMC, "stacking_smc", &h.StackSMC},
		{f.ChainHexes, "chain_hexes", &h.ChainHexes}, {f.ChainMMC, "chain_mmc", &h.ChainMMC},
		{f.FireRange, "fire_range", &h.FireRange}, {f.Formation, "formation", &h.Formation},
	} {
		setInt(c, x.f, "human_wave."+x.key, x.e, 0, 99)
	}
	if f.Excess != nil {
		e, ok := entry(c, f.Excess, "human_wave.excess", func(v yamldoc.Value, what string) string {
			s := c.Str(v, what)
			if c.OK() && s != ExcessNotPlaced && s != ExcessOverstack {
				c.Errorf(v.Node, "%s: %q is not %s or %s", what, s, ExcessNotPlaced, ExcessOverstack)
			}
			return s
		})
		if ok {
			h.Excess = e
		}
	}
	for _, x := range []struct {
		f   *entryFile
		key string
		e   *Entry[int]
	}{{f.SFF, "sff", &h.SFF}, {f.FPF, "fpf", &h.FPF}, {f.FinalFire, "final_fire", &h.FinalFire}} {
		setInt(c, x.f, "human_wave."+x.key, x.e, 0, 1)
	}
	if f.X10 != nil {
		rows(c, f.X10, "human_wave.x10", &h.X10Source, dr, func(dr int, what string, e *entryFile) {
			units, ok := entry(c, e, what, func(v yamldoc.Value, what string) []string {
				return unitList(c, v, what, "a Human Wave S? is never a dummy (SASL 4.34)")
			})
			if ok {
				h.X10.Rows[dr] = units
			}
		})
	}
	if f.X3 != nil {
		final := func(k string) (int, error) {
			if v, err := strconv.Atoi(k); err == nil && v >= 0 && v <= 12 {
				return v, nil
			}
			return 0, fmt.Errorf("%q is not a Final dr 0..12", k)
		}
		rows(c, f.X3, "human_wave.x3", &h.X3Source, final, func(final int, what string, e *entryFile) {
			leader, ok := entry(c, e, what, func(v yamldoc.Value, what string) string { return c.Str(v, what) })
			if !ok {
				return
			}
			for len(h.X3.Rows) <= final {
				h.X3.Rows = append(h.X3.Rows, Entry[string]{})
			}
			h.X3.Rows[final] = leader
		})
	}
	if f.TEM.Given() {
		c.Errorf(f.TEM.Node, "human_wave.tem: the TEM table is its own now, used by both sides' fire: write it as the top-level tem:")
	}
}
