package state

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/layout"
)

// StopKind is what a stop of a player game is: where the game stands for
// the player, as data (package report words it).
type StopKind uint8

const (
	// TurnStart: a Game Turn is to begin (the game's first stop; in a game
	// the engine plays on both sides, the only kind).
	TurnStart StopKind = iota
	// BeforePhase: a phase in which the FRIENDLY side acts is to begin.
	BeforePhase
	// FirstFireAt: an ENEMY stack has entered a Location in LOS and range
	// of FRIENDLY units (ASL A8.1).
	FirstFireAt
	// Over: the mission's last turn has been played.
	Over
	// RoutAt: in a RtPh, FRIENDLY broken units must or may rout (ASL
	// A10.5): Routs says which and where to.
	RoutAt
)

var stopKindNames = [...]string{"turn-start", "before-phase", "first-fire", "over", "rout"}

// String is the kind's name in game files and JSON ("first-fire").
func (k StopKind) String() string {
	if int(k) < len(stopKindNames) {
		return stopKindNames[k]
	}
	return fmt.Sprintf("StopKind(%d)", k)
}

// MarshalText writes the kind by its name.
func (k StopKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// ParseStopKind reads a kind by its name.
func ParseStopKind(s string) (StopKind, error) {
	if i := slices.Index(stopKindNames[:], s); i >= 0 {
		return StopKind(i), nil
	}
	return 0, fmt.Errorf("%q is no kind of stop (want %s)", s, strings.Join(stopKindNames[:], ", "))
}

// Stop is where a player game stands for the player: its kind, the Player
// Turn and phase, and at a First Fire stop the moving stack, its Location
// and the FRIENDLY fire groups that may fire at it. It is data, never a
// sentence: a game file keeps it so, and every front end words it.
type Stop struct {
	Kind   StopKind
	Turn   int
	Player Side
	Phase  Phase
	// At is the Location the stack Moving entered, at a FirstFireAt stop;
	// Path its move this phase up to it: first the Location it started
	// from (off the map for a stack that entered it), last At (nil in a
	// file of an earlier sasl, whose journal replays to it).
	At     board.Location
	Moving []string
	Path   []board.Location
	// Groups are the FRIENDLY fire groups that have the moving stack in
	// LOS within long range (ASL A7.22), at a FirstFireAt stop; CanFire:
	// one may still fire (false once none can, or nothing is left to fire
	// at).
	Groups  []StopGroup
	CanFire bool
	// Routs are the FRIENDLY broken units that must or may rout, at a
	// RoutAt stop, with their legal destinations.
	Routs []StopRout
}

// StopRout is a FRIENDLY broken unit a rout stop offers (ASL A10.5): where
// it is, whether it must rout (else it may: it is DM), the Locations it
// may rout to (A10.51) and those it may Low Crawl to (A10.52). A unit that
// must rout and has neither is eliminated for Failure to Rout when the
// game goes on.
type StopRout struct {
	Unit  string
	At    board.Location
	Must  bool
	To    []board.Location
	Crawl []board.Location
}

// StopGroup is a FRIENDLY fire group a First Fire stop offers: its units,
// their Location, its range in hexes to the moving stack, and the fire it
// may make (by the units' fire markers, ASL A8).
type StopGroup struct {
	Units []string
	At    board.Location
	Range int
	Fire  FireKind
}

// FireKind is the fire a group may make at a moving stack in the MPh, by
// its units' fire markers (ASL A8).
type FireKind uint8

const (
	// FireFirst: Defensive First Fire by units that have not fired (A8.1).
	FireFirst FireKind = iota
	// FireSubsequent: Subsequent First Fire by units marked First Fire, at
	// a stack within their normal range, as Area Fire (A8.3).
	FireSubsequent
	// FireProtective: Final Protective Fire by units marked Final Fire, at
	// a stack in an ADJACENT Location, as Area Fire, each firer taking a
	// NMC (A8.31).
	FireProtective
)

var fireKindNames = [...]string{"first", "sff", "fpf"}

// String is the kind's name in game files and JSON ("sff").
func (k FireKind) String() string {
	if int(k) < len(fireKindNames) {
		return fireKindNames[k]
	}
	return fmt.Sprintf("FireKind(%d)", k)
}

// MarshalText writes the kind by its name.
func (k FireKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Clone returns a copy of s sharing nothing with it.
func (s *Stop) Clone() *Stop {
	if s == nil {
		return nil
	}
	c := *s
	c.Moving = slices.Clone(s.Moving)
	c.Path = slices.Clone(s.Path)
	c.Groups = slices.Clone(s.Groups)
	for i := range c.Groups {
		c.Groups[i].Units = slices.Clone(c.Groups[i].Units)
	}
	c.Routs = slices.Clone(s.Routs)
	for i := range c.Routs {
		c.Routs[i].To = slices.Clone(c.Routs[i].To)
		c.Routs[i].Crawl = slices.Clone(c.Routs[i].Crawl)
	}
	return &c
}

// Asks reports whether the stop asks the player a decision a game file
// must keep (a stop before a phase, or at a move): where a Game Turn is
// to begin or the game is over, the turn and phase say it all.
func (s *Stop) Asks() bool {
	return s != nil && (s.Kind == BeforePhase || s.Kind == FirstFireAt || s.Kind == RoutAt)
}

// stopFile is a stop as a game file writes it (stopped_at:).
type stopFile struct {
	yamldoc.Fields
	Kind    yamldoc.Value               `yaml:"kind"`
	Turn    yamldoc.Value               `yaml:"turn"`
	Player  yamldoc.Value               `yaml:"player"`
	Phase   yamldoc.Value               `yaml:"phase"`
	At      yamldoc.Value               `yaml:"at"`
	Moving  yamldoc.List[yamldoc.Value] `yaml:"moving"`
	Path    yamldoc.List[yamldoc.Value] `yaml:"path"`
	From    yamldoc.Value               `yaml:"from"`
	Groups  yamldoc.List[stopGroupFile] `yaml:"groups"`
	CanFire yamldoc.Value               `yaml:"can_fire"`
	Routs   yamldoc.List[stopRoutFile]  `yaml:"routs"`
}

type stopRoutFile struct {
	yamldoc.Fields
	Unit  yamldoc.Value               `yaml:"unit"`
	At    yamldoc.Value               `yaml:"at"`
	Must  yamldoc.Value               `yaml:"must"`
	To    yamldoc.List[yamldoc.Value] `yaml:"to"`
	Crawl yamldoc.List[yamldoc.Value] `yaml:"crawl"`
}

func (f *stopRoutFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }

func (f *stopFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }

type stopGroupFile struct {
	yamldoc.Fields
	Units yamldoc.List[yamldoc.Value] `yaml:"units"`
	At    yamldoc.Value               `yaml:"at"`
	Range yamldoc.Value               `yaml:"range"`
	Fire  yamldoc.Value               `yaml:"fire"`
}

func (f *stopGroupFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }

// maxStopUnits bounds the units a stop names (a stack, or a fire group).
const maxStopUnits = 1000

// stopOf reads stopped_at: on m.
func stopOf(c *yamldoc.Check, f *stopFile, m *board.Map) *Stop {
	const what = "stopped_at"
	if !c.Fields(f, what, yamldoc.Unknown(what, "want kind, turn, player, phase, at, moving, path, from, groups, can_fire, routs")) {
		return nil
	}
	s := &Stop{}
	if k := c.Str(f.Kind, what+".kind"); c.OK() && f.Kind.Given() {
		kind, err := ParseStopKind(k)
		if err != nil {
			c.Errorf(f.Kind.Node, "%s.kind: %v", what, err)
			return nil
		}
		if kind != BeforePhase && kind != FirstFireAt && kind != RoutAt {
			c.Errorf(f.Kind.Node, "%s.kind: %s: a game file keeps only a stop that asks (before-phase, first-fire, rout)", what, kind)
			return nil
		}
		s.Kind = kind
	}
	if f.Turn.Given() {
		s.Turn = c.Int(f.Turn, what+".turn", 1, MaxTurn)
	}
	if p := c.Str(f.Player, what+".player"); c.OK() && f.Player.Given() {
		switch p {
		case Enemy.String():
			s.Player = Enemy
		case Friendly.String():
			s.Player = Friendly
		default:
			c.Errorf(f.Player.Node, "%s.player: %q: want enemy or friendly", what, p)
		}
	}
	if p := c.Str(f.Phase, what+".phase"); c.OK() && f.Phase.Given() {
		ph, err := ParsePhase(p)
		if err != nil || ph == Setup {
			c.Errorf(f.Phase.Node, "%s.phase: %q is no phase of a Player Turn (RPh, PFPh, MPh, DFPh, AFPh, RtPh, APh, CCPh)", what, p)
		}
		s.Phase = ph
	}
	loc := func(v yamldoc.Value, name string) board.Location {
		t := c.Str(v, name)
		if !c.OK() || !v.Given() {
			return board.Location{}
		}
		l, err := m.ParseLocation(t)
		if err != nil {
			c.Errorf(v.Node, "%s: %q: %v", name, t, err)
		}
		return l
	}
	ids := func(l yamldoc.List[yamldoc.Value], name string) []string {
		out := c.Strings(l, name)
		if len(out) > maxStopUnits {
			c.Errorf(l.Node, "%s: %d units: at most %d", name, len(out), maxStopUnits)
		}
		return out
	}
	locs := func(l yamldoc.List[yamldoc.Value], name string) []board.Location {
		if !l.Given() || !c.List(l.Node, name, "want a list of Locations") {
			return nil
		}
		if len(l.Items) > maxStopUnits {
			c.Errorf(l.Node, "%s: %d Locations: at most %d", name, len(l.Items), maxStopUnits)
			return nil
		}
		var out []board.Location
		for _, v := range l.Items {
			out = append(out, loc(v, name))
		}
		return out
	}
	s.At = loc(f.At, what+".at")
	s.Moving = ids(f.Moving, what+".moving")
	s.Path = locs(f.Path, what+".path")
	// A path from off the map (a stack that entered it) is written from
	// its first Location on the map and the edge it came in by: it starts
	// in the hex beyond that edge (layout.Layout.Beyond).
	if e := c.Str(f.From, what+".from"); c.OK() && f.From.Given() {
		edge, err := layout.ParseCompass(e)
		switch {
		case err != nil:
			c.Errorf(f.From.Node, "%s.from: %v", what, err)
		case len(s.Path) == 0:
			c.Errorf(f.From.Node, "%s.from: a path from off the map needs its path", what)
		default:
			s.Path = slices.Insert(s.Path, 0, board.Ground(m.Beyond(s.Path[0].Hex, edge)))
		}
	}
	s.CanFire = c.Bool(f.CanFire, what+".can_fire")
	if f.Groups.Given() && c.List(f.Groups.Node, what+".groups", "want a list such as [{units: [F1], at: 4T5, range: 2}]") {
		if len(f.Groups.Items) > maxStopUnits {
			c.Errorf(f.Groups.Node, "%s.groups: %d groups: at most %d", what, len(f.Groups.Items), maxStopUnits)
			return nil
		}
		for i := range f.Groups.Items {
			g := &f.Groups.Items[i]
			if !c.Fields(g, what+".groups", yamldoc.Unknown(what+".groups", "want units, at, range, fire")) {
				return nil
			}
			sg := StopGroup{Units: ids(g.Units, what+".groups.units"), At: loc(g.At, what+".groups.at"), Range: c.Int(g.Range, what+".groups.range", 0, 1000)}
			// A file of an earlier sasl has no fire: its groups are First Fire.
			if k := c.Str(g.Fire, what+".groups.fire"); c.OK() && g.Fire.Given() {
				i := slices.Index(fireKindNames[:], k)
				if i < 0 {
					c.Errorf(g.Fire.Node, "%s.groups.fire: %q: want first, sff or fpf (ASL A8.1, A8.3, A8.31)", what, k)
					return nil
				}
				sg.Fire = FireKind(i)
			}
			s.Groups = append(s.Groups, sg)
		}
	}
	if f.Routs.Given() && c.List(f.Routs.Node, what+".routs", "want a list such as [{unit: F1, at: 4T5, must: true, to: [4T6], crawl: [4S5]}]") {
		if len(f.Routs.Items) > maxStopUnits {
			c.Errorf(f.Routs.Node, "%s.routs: %d units: at most %d", what, len(f.Routs.Items), maxStopUnits)
			return nil
		}
		for i := range f.Routs.Items {
			r := &f.Routs.Items[i]
			if !c.Fields(r, what+".routs", yamldoc.Unknown(what+".routs", "want unit, at, must, to, crawl")) {
				return nil
			}
			if !r.Unit.Given() || !r.At.Given() {
				c.Errorf(r.Node, "%s.routs: each broken unit names its unit and its Location (at)", what)
				return nil
			}
			s.Routs = append(s.Routs, StopRout{Unit: c.Str(r.Unit, what+".routs.unit"), At: loc(r.At, what+".routs.at"), Must: c.Bool(r.Must, what+".routs.must"),
				To: locs(r.To, what+".routs.to"), Crawl: locs(r.Crawl, what+".routs.crawl")})
		}
	}
	switch {
	case !c.OK():
	case !f.Has("kind") || !f.Has("turn") || !f.Has("player") || !f.Has("phase"):
		c.Errorf(f.Node, "%s: a stop needs kind, turn, player and phase", what)
	case s.Kind == FirstFireAt && (!f.Has("at") || !f.Has("moving")):
		// (moving may be empty: the player's fire eliminated the stack,
		// and the stop waits for next)
		c.Errorf(f.Node, "%s: a first-fire stop needs at and moving", what)
	case s.Kind != RoutAt && f.Has("routs"):
		c.Errorf(f.Routs.Node, "%s.routs: only a rout stop (kind: rout) has routs", what)
	case s.Kind == RoutAt && (f.Has("at") || f.Has("moving") || f.Has("path") || f.Has("groups") || f.Has("can_fire")):
		c.Errorf(f.Node, "%s: a rout stop has no at, moving, path, groups or can_fire (those are a first-fire stop's)", what)
	case s.Kind == FirstFireAt && len(s.Path) > 0 && s.Path[len(s.Path)-1] != s.At:
		c.Errorf(f.Path.Node, "%s.path: it ends in %s, where the stack stands in %s: a path ends where the stack entered", what, m.LocationName(s.Path[len(s.Path)-1]), m.LocationName(s.At))
	}
	if !c.OK() {
		return nil
	}
	return s
}

// writeStop writes stopped_at: on one line.
func writeStop(b *strings.Builder, s *Stop, m *board.Map) {
	fmt.Fprintf(b, "stopped_at: {kind: %s, turn: %d, player: %s, phase: %s", s.Kind, s.Turn, s.Player, s.Phase)
	if s.Kind == FirstFireAt {
		fmt.Fprintf(b, ", at: %s, moving: [%s]", m.LocationName(s.At), quoteAll(s.Moving))
		if path, from, ok := onMap(s.Path, m); len(path) > 0 && ok {
			fmt.Fprintf(b, ", path: [%s]", names(m, path))
			if from >= 0 {
				fmt.Fprintf(b, ", from: %s", layout.Compass(from))
			}
		}
		if len(s.Groups) > 0 {
			b.WriteString(", groups: [")
			for i, g := range s.Groups {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(b, "{units: [%s], at: %s, range: %d", quoteAll(g.Units), m.LocationName(g.At), g.Range)
				if g.Fire != FireFirst {
					fmt.Fprintf(b, ", fire: %s", g.Fire)
				}
				b.WriteString("}")
			}
			b.WriteString("]")
		}
		if s.CanFire {
			b.WriteString(", can_fire: true")
		}
	}
	if s.Kind == RoutAt {
		b.WriteString(", routs: [")
		for i, r := range s.Routs {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "{unit: %s, at: %s", quote(r.Unit), m.LocationName(r.At))
			if r.Must {
				b.WriteString(", must: true")
			}
			fmt.Fprintf(b, ", to: [%s], crawl: [%s]}", names(m, r.To), names(m, r.Crawl))
		}
		b.WriteString("]")
	}
	b.WriteString("}\n")
}

// onMap is a stop's path as a file writes it: its Locations on the map,
// and the edge the first came in by (-1: none) if the path began off the
// map; ok false for a path no edge explains (it is not written).
func onMap(path []board.Location, m *board.Map) (on []board.Location, from int, ok bool) {
	if len(path) < 2 || m.OnMap(path[0].Hex) {
		return path, -1, true
	}
	for c := layout.North; c <= layout.West; c++ {
		if m.Beyond(path[1].Hex, c) == path[0].Hex {
			return path[1:], int(c), true
		}
	}
	return nil, -1, false
}

func names(m *board.Map, ls []board.Location) string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = m.LocationName(l)
	}
	return strings.Join(out, ", ")
}

func quoteAll(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = quote(id)
	}
	return strings.Join(out, ", ")
}
