package state

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// This file is the YAML form of a State: reading and writing it.

// Spec is a unit as a file writes it, before its Location is resolved on a
// map.
type Spec struct {
	Unit
	AtText, CrestText, LaneText string
	Line                        int
}

// unitFields are the fields of a unit, as errors list them.
const unitFields = "id, unit, type, at, broken, dm, pinned, wounded, known, fired, final_fire, moved, routed, hw, wave, lane, released, setup, exited, entering, case, crest, sw, vasl"

// UnitFile is a unit as a state or mission file writes it.
type UnitFile struct {
	yamldoc.Fields
	ID       yamldoc.Value        `yaml:"id"`
	Unit     yamldoc.Value        `yaml:"unit"`
	Type     yamldoc.Value        `yaml:"type"`
	At       yamldoc.Value        `yaml:"at"`
	Broken   yamldoc.Value        `yaml:"broken"`
	Pinned   yamldoc.Value        `yaml:"pinned"`
	Wounded  yamldoc.Value        `yaml:"wounded"`
	Known    yamldoc.Value        `yaml:"known"`
	Fired    yamldoc.Value        `yaml:"fired"`
	Final    yamldoc.Value        `yaml:"final_fire"`
	Moved    yamldoc.Value        `yaml:"moved"`
	Advanced yamldoc.Value        `yaml:"advanced"`
	DM       yamldoc.Value        `yaml:"dm"`
	Routed   yamldoc.Value        `yaml:"routed"`
	HW       yamldoc.Value        `yaml:"hw"`
	Wave     yamldoc.Value        `yaml:"wave"`
	Released yamldoc.Value        `yaml:"released"`
	Setup    yamldoc.Value        `yaml:"setup"`
	Exited   yamldoc.Value        `yaml:"exited"`
	SW       yamldoc.List[swFile] `yaml:"sw"`
	Lane     yamldoc.Value        `yaml:"lane"`
	Crest    yamldoc.Value        `yaml:"crest"`
	Case     yamldoc.Value        `yaml:"case"`
	Entering yamldoc.Value        `yaml:"entering"`
	Vasl     yamldoc.Value        `yaml:"vasl"`
}

func (u *UnitFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, u) }

// swFile is a SW, carried ({name, pp, dead}) or lying in a Location (with
// at).
type swFile struct {
	yamldoc.Fields
	At   yamldoc.Value `yaml:"at"`
	Name yamldoc.Value `yaml:"name"`
	PP   yamldoc.Value `yaml:"pp"`
	Dead yamldoc.Value `yaml:"dead"`
}

func (s *swFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, s) }

// Specs reads a list of units of one side, {id, unit, type, at, broken,
// known, fired, final_fire, moved, hw, wave, lane, released, exited, entering, case, crest, sw}, into
// specs; c keeps the first error.
func Specs(c *yamldoc.Check, l yamldoc.List[UnitFile], side Side) []Spec {
	what := side.String()
	if !c.List(l.Node, what, "want a list of units") {
		return nil
	}
	var out []Spec
	for i := range l.Items {
		f := &l.Items[i]
		if !c.Fields(f, what, yamldoc.Unknown(what, "want "+unitFields)) {
			return nil
		}
		sp := Spec{Unit: Unit{Side: side}, Line: f.Line()}
		if sp.ID = c.Str(f.ID, what+".id"); f.ID.Null() {
			sp.ID = "" // id: ~
		}
		if s := c.Str(f.Unit, what+".unit"); f.Unit.Given() && c.OK() {
			k, err := ParseKind(s)
			if err != nil {
				c.Errorf(f.Unit.Node, "%s.unit: %v", what, err)
			}
			sp.Kind = k
		}
		sp.Type = c.Str(f.Type, what+".type")
		sp.AtText = c.Str(f.At, what+".at")
		sp.Broken = c.Bool(f.Broken, what+".broken")
		sp.Pinned = c.Bool(f.Pinned, what+".pinned")
		sp.Wounded = c.Bool(f.Wounded, what+".wounded")
		if sp.Wounded && sp.Kind != Leader && sp.Kind != Commissar && c.OK() {
			c.Errorf(f.Wounded.Node, "%s.wounded: only a leader is wounded (ASL A17.1); a %s is Casualty Reduced", what, sp.Kind)
		}
		sp.Known = c.Bool(f.Known, what+".known")
		sp.Fired = c.Bool(f.Fired, what+".fired")
		// A file of an earlier sasl has no final_fire: a unit that fired
		// is marked First Fire (it fired once, ASL A8.1).
		if sp.FinalFire = c.Bool(f.Final, what+".final_fire"); sp.FinalFire && f.Fired.Given() && !sp.Fired {
			c.Errorf(f.Final.Node, "%s.final_fire: a unit marked Final Fire has fired (fired: true, ASL A8.3)", what)
		}
		sp.Fired = sp.Fired || sp.FinalFire
		sp.Moved = c.Bool(f.Moved, what+".moved")
		sp.Advanced = c.Bool(f.Advanced, what+".advanced")
		if sp.DM = c.Bool(f.DM, what+".dm"); sp.DM && !sp.Broken && c.OK() {
			c.Errorf(f.DM.Node, "%s.dm: %s is not broken: only a broken unit is under Desperation Morale (ASL A10.62)", what, sp.ID)
		}
		sp.Routed = c.Bool(f.Routed, what+".routed")
		sp.HW = c.Bool(f.HW, what+".hw")
		sp.Wave = c.Str(f.Wave, what+".wave")
		sp.Released = c.Bool(f.Released, what+".released")
		sp.Setup = c.Bool(f.Setup, what+".setup")
		sp.Exited = c.Bool(f.Exited, what+".exited")
		sp.Vasl = c.Str(f.Vasl, what+".vasl")
		if f.SW.Given() && c.List(f.SW.Node, what+".sw", "want a list such as [{name: LMG, pp: 1}]") {
			for j := range f.SW.Items {
				sw, _ := swOf(c, &f.SW.Items[j], what+".sw", false)
				sp.SW = append(sp.SW, sw)
			}
		}
		sp.LaneText = c.Str(f.Lane, what+".lane")
		sp.Crest = f.Crest.Given()
		sp.CrestText = c.Str(f.Crest, what+".crest")
		if s := c.Str(f.Case, what+".case"); f.Case.Given() && c.OK() {
			if len(s) != 1 || s[0] < 'a' || s[0] > 'e' {
				c.Errorf(f.Case.Node, "%s.case: %q is not a SASL 4.1 case (a..e)", what, s)
			} else {
				sp.Case = s[0]
			}
		}
		if s := c.Str(f.Entering, what+".entering"); f.Entering.Given() && c.OK() {
			sp.Entering = true
			e, err := layout.ParseCompass(s)
			if err != nil {
				c.Errorf(f.Entering.Node, "%s.entering: the edge it enters from: %v", what, err)
			}
			sp.Edge = e
		}
		switch {
		case !c.OK():
		case !f.Has("id") || !f.Has("unit") || !f.Has("at"):
			c.Errorf(f.Node, "%s: each unit needs id, unit and at", what)
		case sp.ID == "":
			c.Errorf(f.Node, "%s: the %s at %s has an empty id: give each unit its own", what, sp.Kind, sp.AtText)
		case side == Friendly && sp.Kind == SQ:
			c.Errorf(f.Node, "%s %s: S? are ENEMY counters", what, sp.ID)
		case side == Friendly && sp.Wave != "":
			c.Errorf(f.Node, "%s %s at %s: wave %q: only ENEMY units move in a Human Wave (SASL 4.3)", what, sp.ID, sp.AtText, sp.Wave)
		case sp.Entering && sp.Exited:
			c.Errorf(f.Node, "%s %s: a unit cannot both be entering and have exited", what, sp.ID)
		}
		if !c.OK() {
			return nil
		}
		out = append(out, sp)
	}
	return out
}

// swOf reads one SW: {name, pp, dead}, and {at} too where loose (a SW
// lying in a Location), returning at.
func swOf(c *yamldoc.Check, f *swFile, what string, loose bool) (sw SW, at string) {
	want := "want name, pp, dead"
	if loose {
		want = "want at, name, pp, dead"
	}
	if !c.Fields(f, what, yamldoc.Unknown(what, want)) {
		return SW{}, ""
	}
	if f.At.Given() && !loose {
		c.Errorf(f.Key("at"), "%s: unknown field %q (%s)", what, "at", want)
		return SW{}, ""
	}
	at = c.Str(f.At, what+".at")
	sw.Name = c.Str(f.Name, what+".name")
	sw.PP = c.Int(f.PP, what+".pp", 0, 20)
	sw.Dead = c.Bool(f.Dead, what+".dead")
	return sw, at
}

// Stacking limits of ASL A5.1: the most one side may have in one
// Location. The tables' human_wave.stacking, by which the ENEMY Human Waves
// move, holds the same number of squads (a test keeps them equal).
const (
	StackSquads = 3 // squads, or their equivalent: two half-squads are one
	StackSMC    = 4 // Single-Man Counters: leaders, Commissars
)

// Resolve places unit specs on m; errors name the file and line: "state:
// file:line: ...".
func Resolve(specs []Spec, file string, m *board.Map) ([]*Unit, error) {
	return ResolveIn(yamldoc.Doc{Pkg: "state", File: file}, specs, m)
}

// ResolveIn is Resolve for the specs of the file d names, its errors
// worded as d's: "missions: hold.yaml:14: ...". It refuses FRIENDLY units
// stacked beyond ASL A5.1 (StackSquads, StackSMC) in a Location, naming the
// line of the unit that goes over. The ENEMY units it does not check: the
// engine's own games overstack them at times (S? entering a hex that S?
// of the setup hold, the units of an Activated Human Wave S? with S? that
// entered there), and a game file must read back.
func ResolveIn(d yamldoc.Doc, specs []Spec, m *board.Map) ([]*Unit, error) {
	var out []*Unit
	for _, sp := range specs {
		l, err := m.ParseLocation(sp.AtText)
		if err != nil {
			return nil, d.ErrorAt(sp.Line, "unit %s at %q: %w", sp.ID, sp.AtText, err)
		}
		u := sp.Unit
		u.at = l
		u.Lane = l.Hex // a lane starts where the unit is, unless it says
		for _, f := range []struct {
			text, what string
			to         *hex.Hex
		}{{sp.LaneText, "lane", &u.Lane}, {sp.CrestText, "crest", &u.Facing}} {
			if f.text == "" {
				continue
			}
			fl, err := m.ParseLocation(f.text)
			if err != nil {
				return nil, d.ErrorAt(sp.Line, "unit %s %s %q: %w", sp.ID, f.what, f.text, err)
			}
			*f.to = fl.Hex
		}
		if u.Crest && hex.Distance(u.at.Hex, u.Facing) != 1 {
			return nil, d.ErrorAt(sp.Line, "unit %s: a Crest counter faces a hex next to its own (%s is not next to %s)", sp.ID, sp.CrestText, sp.AtText)
		}
		out = append(out, &u)
	}
	if i, what := overstacked(out); what != "" {
		return nil, d.ErrorAt(specs[i].Line, "%s %s in %s: overstacked: %s; ASL A5.1 allows a side %d squads (two half-squads are one) and %d SMC in a Location",
			out[i].Side, out[i].ID, m.LocationName(out[i].at), what, StackSquads, StackSMC)
	}
	return out, nil
}

// overstacked returns the first FRIENDLY unit, in order, that takes its
// Location beyond ASL A5.1's stacking limits, and what the Location then
// holds ("F1, F2, F3 and F4 are 4 squads"); what is "" if none does.
func overstacked(units []*Unit) (int, string) {
	type stack struct {
		squads float64
		smc    int
		ids    []string
	}
	at := map[board.Location]*stack{}
	for i, u := range units {
		if u.Side != Friendly || !u.OnMap() {
			continue
		}
		st := at[u.at]
		if st == nil {
			st = &stack{}
			at[u.at] = st
		}
		st.ids = append(st.ids, u.ID)
		if u.Kind.SMC() {
			st.smc++
		}
		st.squads += u.Squads(2) // SASL 4.3: a Human Wave S? is two (never FRIENDLY)
		ids := u.ID
		if n := len(st.ids); n > 1 {
			ids = strings.Join(st.ids[:n-1], ", ") + " and " + u.ID
		}
		switch {
		case u.Kind.SMC() && st.smc > StackSMC:
			return i, fmt.Sprintf("%s are %d SMC", ids, st.smc)
		case st.squads > StackSquads:
			return i, fmt.Sprintf("%s are %g squads", ids, st.squads)
		}
	}
	return 0, ""
}

// MaxFileSize is the largest state or game file Read takes: far more than
// any game needs, and a bound on what a wrong file (/dev/zero) can cost.
const MaxFileSize = 8 << 20

// counterForm reports whether typ is written as a counter of kind k is:
// an MMC's firepower-range-morale ("6-6-7"), an SMC's morale and
// leadership modifier ("8-1", "7+1"); the forms of tables.ParseStrength
// (a test checks they agree), which state cannot import.
func counterForm(k Kind, typ string) bool {
	num := func(s string, lo, hi int) bool {
		n, err := strconv.Atoi(s)
		return err == nil && n >= lo && n <= hi
	}
	if parts := strings.Split(typ, "-"); len(parts) == 3 {
		return k.MMC() && num(parts[0], 0, 30) && num(parts[1], 0, 30) && num(parts[2], 0, 30)
	}
	if i := strings.LastIndexAny(typ, "+-"); i > 0 && !k.MMC() {
		mod, err := strconv.Atoi(typ[i:])
		return num(typ[:i], 0, 12) && err == nil && mod >= -5 && mod <= 5
	}
	return false
}

// readAll reads r whole, refusing more than MaxFileSize bytes (and a named
// pipe that gave nothing: yamldoc.ReadAll).
func readAll(r io.Reader, name string) ([]byte, error) {
	data, err := yamldoc.ReadAll(r, MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("state: %s: %w", name, err)
	}
	return data, nil
}

// stateFile is a state or game file.
type stateFile struct {
	yamldoc.Fields
	Mission  yamldoc.Value               `yaml:"mission"`
	Boards   yamldoc.Value               `yaml:"boards"`
	Tables   yamldoc.Value               `yaml:"tables"`
	Seed     yamldoc.Value               `yaml:"seed"`
	RNG      yamldoc.Value               `yaml:"rng"`
	Policy   yamldoc.Value               `yaml:"policy"`
	Player   yamldoc.Value               `yaml:"player_turn"`
	Asked    yamldoc.Value               `yaml:"asked"`
	Stopped  *stopFile                   `yaml:"stopped_at"`
	MDigest  yamldoc.Value               `yaml:"mission_digest"`
	TDigest  yamldoc.Value               `yaml:"tables_digest"`
	Plain    yamldoc.Value               `yaml:"plain"`
	Trail    yamldoc.List[yamldoc.Value] `yaml:"trail"`
	Stop     yamldoc.Value               `yaml:"stop"`
	Fire     yamldoc.Value               `yaml:"first_fire"`
	Journal  yamldoc.List[stepFile]      `yaml:"journal"`
	Turn     yamldoc.Value               `yaml:"turn"`
	Phase    yamldoc.Value               `yaml:"phase"`
	LastIDs  yamldoc.Map[yamldoc.Value]  `yaml:"last_ids"`
	Waves    yamldoc.List[waveFile]      `yaml:"waves"`
	Enemy    yamldoc.List[UnitFile]      `yaml:"enemy"`
	Friendly yamldoc.List[UnitFile]      `yaml:"friendly"`
	VPO      yamldoc.List[controlFile]   `yaml:"vpo"`
	LooseSW  yamldoc.List[swFile]        `yaml:"loose_sw"`
	Residual yamldoc.List[residualFile]  `yaml:"residual_fp"`
}

// residualFile is the Residual FP in a Location (ASL A8.2): {at, fp}.
type residualFile struct {
	yamldoc.Fields
	At yamldoc.Value `yaml:"at"`
	FP yamldoc.Value `yaml:"fp"`
}

func (f *residualFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }

func (f *stateFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }

type stepFile struct {
	yamldoc.Fields
	N    yamldoc.Value `yaml:"n"`
	Do   yamldoc.Value `yaml:"do"`
	Dice yamldoc.Value `yaml:"dice"`
	Own  yamldoc.Value `yaml:"own"`
}

func (s *stepFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, s) }

// MaxJournal bounds the steps of a journal: a mission of 99 turns with a
// few hundred commands each stays well within it.
const MaxJournal = 100_000

// journal reads a game's journal: [{n, do, dice, own}], n counting from 1.
func journal(c *yamldoc.Check, l yamldoc.List[stepFile]) []Step {
	if !c.List(l.Node, "journal", "want a list of steps such as {n: 1, do: setup, dice: \"3 Q S 4\"}") {
		return nil
	}
	if len(l.Items) > MaxJournal {
		c.Errorf(l.Node, "journal: %d steps: at most %d", len(l.Items), MaxJournal)
		return nil
	}
	out := make([]Step, 0, len(l.Items))
	for i := range l.Items {
		f := &l.Items[i]
		if !c.Fields(f, "journal", yamldoc.Unknown("journal", "want n, do, dice, own")) {
			return nil
		}
		n := c.Int(f.N, "journal.n", 1, MaxJournal)
		st := Step{Do: c.Str(f.Do, "journal.do"), Dice: c.Str(f.Dice, "journal.dice"), Own: c.Bool(f.Own, "journal.own")}
		switch {
		case !c.OK():
			return nil
		case !f.Has("n") || !f.Has("do"):
			c.Errorf(f.Node, "journal: each step needs n and do")
		case n != i+1:
			c.Errorf(f.N.Node, "journal.n: step %d is numbered %d: the journal's steps count 1, 2, 3 ... (a step deleted or moved?)", i+1, n)
		case st.Do == "":
			c.Errorf(f.Do.Node, "journal.do: step %d says nothing to do", n)
		}
		if !c.OK() {
			return nil
		}
		out = append(out, st)
	}
	return out
}

type waveFile struct {
	yamldoc.Fields
	ID        yamldoc.Value `yaml:"id"`
	Edge      yamldoc.Value `yaml:"edge"`
	Direction yamldoc.Value `yaml:"direction"`
}

func (w *waveFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, w) }

type controlFile struct {
	yamldoc.Fields
	At      yamldoc.Value `yaml:"at"`
	Control yamldoc.Value `yaml:"control"`
}

func (v *controlFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, v) }

// game reads the game keys of a state file.
func (f *stateFile) game(c *yamldoc.Check) Game {
	var g Game
	g.Mission = c.Str(f.Mission, "mission")
	g.Boards = c.Str(f.Boards, "boards")
	g.Tables = c.Str(f.Tables, "tables")
	if s := c.Str(f.Seed, "seed"); f.Seed.Given() && c.OK() {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			c.Errorf(f.Seed.Node, "seed: want a whole number >= 0, not %q", s)
		}
		g.Seed, g.HasSeed = seed, true
	}
	g.RNG = c.Str(f.RNG, "rng")
	if h, ok := strings.CutPrefix(g.RNG, "pcg:"); f.RNG.Given() && c.OK() && (!ok || len(h) != 32 || strings.Trim(h, "0123456789abcdef") != "") {
		c.Errorf(f.RNG.Node, "rng: %q is not the state of the dice (pcg: and 32 hex digits, as sasl wrote it)", g.RNG)
	}
	g.Trail = c.Strings(f.Trail, "trail")
	if g.Policy = c.Str(f.Policy, "policy"); c.OK() && f.Policy.Given() && g.Policy != "hold" && g.Policy != "attack" && g.Policy != "player" {
		c.Errorf(f.Policy.Node, "policy: %q: the FRIENDLY side is played by hold or attack (the engine) or player", g.Policy)
	}
	g.LegacyAsked = c.Str(f.Asked, "asked")
	g.Stop = c.Str(f.Stop, "stop")
	g.FirstFire = c.Str(f.Fire, "first_fire")
	if f.Journal.Given() {
		g.Journal = journal(c, f.Journal)
	}
	g.MissionDigest = c.Str(f.MDigest, "mission_digest")
	if f.MDigest.Given() && c.OK() && !digestForm(g.MissionDigest) {
		c.Errorf(f.MDigest.Node, "mission_digest: %q is not what sasl writes (16 hex digits, then key:digest pairs): was the line edited?", g.MissionDigest)
	}
	g.TablesDigest = c.Str(f.TDigest, "tables_digest")
	if f.TDigest.Given() && c.OK() && (len(g.TablesDigest) != 16 || !hexDigits(g.TablesDigest)) {
		c.Errorf(f.TDigest.Node, "tables_digest: %q is not what sasl writes (16 hex digits): was the line edited?", g.TablesDigest)
	}
	g.Plain = c.Bool(f.Plain, "plain")
	if g.Mission != "" && c.OK() {
		// A game file: what playing on needs. A line deleted by mistake
		// must not change the game silently (turn 1 again, the setup's
		// dice again, the FRIENDLY units read as ENEMY ones).
		for _, k := range []struct {
			name string
			v    yamldoc.Value
		}{{"seed", f.Seed}, {"rng", f.RNG}, {"policy", f.Policy}, {"turn", f.Turn}, {"player_turn", f.Player}} {
			if !k.v.Given() {
				c.Errorf(f.Node, "a game file needs %s: (was the line deleted? a game file is best changed by sasl play)", k.name)
			}
		}
		for _, k := range []string{"enemy", "friendly"} {
			if !f.Has(k) {
				c.Errorf(f.Node, "a game file needs %s: (was the line deleted? write \"%s: []\" for a side with no units)", k, k)
			}
		}
	}
	return g
}

// ReadGame reads only the game keys of a game file (mission, boards,
// tables, seed, rng, trail), which say how to build the map the rest of the
// file is read on.
func ReadGame(r io.Reader, name string) (Game, []byte, error) {
	data, err := readAll(r, name)
	if err != nil {
		return Game{}, nil, err
	}
	d := yamldoc.Doc{Pkg: "state", File: name}
	var f stateFile
	if err := d.Decode(data, &f); err != nil {
		return Game{}, nil, err
	}
	c := &yamldoc.Check{Doc: d}
	c.Keys(f.Node, "state")
	g := f.game(c)
	return g, data, c.Err
}

// Read reads a state file and resolves it on m; name is used in errors.
func Read(r io.Reader, name string, m *board.Map) (*State, error) {
	data, err := readAll(r, name)
	if err != nil {
		return nil, err
	}
	return Parse(data, name, m)
}

// stateKeys are the keys of a state file, as errors list them.
const stateKeys = "mission, boards, tables, seed, rng, policy, stop, first_fire, plain, mission_digest, tables_digest, trail, turn, player_turn, phase, stopped_at, asked, last_ids, waves, enemy, friendly, vpo, loose_sw, residual_fp, journal"

// Parse reads the text of a state file and resolves it on m.
func Parse(data []byte, name string, m *board.Map) (*State, error) {
	d := yamldoc.Doc{Pkg: "state", File: name}
	f := new(stateFile)
	if err := d.Decode(data, f); err != nil {
		return nil, err
	}
	c := &yamldoc.Check{Doc: d}
	c.Fields(f, "state", func(key string) string { return fmt.Sprintf("unknown key %q (want %s)", key, stateKeys) })
	s := New(m)
	s.Game = f.game(c)
	if f.Turn.Given() {
		s.Turn = c.Int(f.Turn, "turn", 1, MaxTurn)
	}
	if str := c.Str(f.Player, "player_turn"); f.Player.Given() && c.OK() {
		switch str {
		case "enemy":
			s.Player, s.HasPlayer = Enemy, true
		case "friendly":
			s.Player, s.HasPlayer = Friendly, true
		default:
			c.Errorf(f.Player.Node, "player_turn: %q: the Player Turn under way is the enemy's or the friendly's", str)
		}
	}
	if str := c.Str(f.Phase, "phase"); f.Phase.Given() && c.OK() {
		p, err := ParsePhase(str)
		if err != nil || p == Setup {
			c.Errorf(f.Phase.Node, "phase: %q: a game stands before one of the phases %s", str, PhaseNames())
		}
		s.Phase = p
	}
	if f.Stopped != nil && c.OK() {
		if s.Stopped = stopOf(c, f.Stopped, m); c.OK() && s.LegacyAsked != "" {
			c.Errorf(f.Asked.Node, "asked: a game file keeps stopped_at (sasl now) or asked (an earlier sasl), not both")
		}
	}
	s.lastIDs = lastIDs(c, f.LastIDs)
	s.Waves = waves(c, f.Waves, m)
	specs := slices.Concat(Specs(c, f.Enemy, Enemy), Specs(c, f.Friendly, Friendly))
	for _, sp := range specs {
		if sp.Type != "" && !counterForm(sp.Kind, sp.Type) {
			c.Fail(d.ErrorAt(sp.Line, "%s %s: type %q is not a %s counter (a squad's firepower-range-morale such as 6-6-7, a leader's morale and modifier such as 8-1)", sp.Side, sp.ID, sp.Type, sp.Kind))
		}
	}
	s.VPO = controls(c, f.VPO, m)
	s.Loose = loose(c, f.LooseSW, m)
	s.Residual = residuals(c, f.Residual, m)
	if c.Err != nil {
		return nil, c.Err
	}
	units, err := Resolve(specs, name, m)
	if err != nil {
		return nil, err
	}
	for i, u := range units {
		if s.Unit(u.ID) != nil {
			return nil, fmt.Errorf("state: %s:%d: unit ID %s is used twice", name, specs[i].Line, u.ID)
		}
		if u.Wave != "" && !slices.ContainsFunc(s.Waves, func(w Wave) bool { return w.ID == u.Wave }) {
			return nil, fmt.Errorf("state: %s:%d: unit %s in %s is in Human Wave %q, which waves does not list", name, specs[i].Line, u.ID, m.LocationName(u.at), u.Wave)
		}
		s.Add(u, u.at)
	}
	return s, nil
}

// lastIDs reads the highest number given to a unit ID of each prefix
// in the game: {A: 12, E: 7} (NewID). A file
// without it (an earlier sasl's) has none: see NewID.
func lastIDs(c *yamldoc.Check, f yamldoc.Map[yamldoc.Value]) []lastID {
	if !f.Given() || !c.Map(f.Node, "last_ids") {
		return nil
	}
	var out []lastID
	for i, k := range f.Keys {
		n := c.Int(f.Values[i], "last_ids."+k.Value, 1, 999999999)
		if !c.OK() {
			return nil
		}
		if k.Value == "" || strings.ContainsAny(k.Value[len(k.Value)-1:], "0123456789") {
			c.Errorf(k, "last_ids: %q is not a unit ID prefix (E of E7: it ends before the number)", k.Value)
			return nil
		}
		out = append(out, lastID{k.Value, n})
	}
	return out
}

// waves reads the Human Waves: [{id, edge, direction}].
func waves(c *yamldoc.Check, l yamldoc.List[waveFile], m *board.Map) []Wave {
	if !c.List(l.Node, "waves", "want a list of {id, edge, direction}") {
		return nil
	}
	var out []Wave
	for i := range l.Items {
		f := &l.Items[i]
		if !c.Fields(f, "waves", yamldoc.Unknown("waves", "want id, edge, direction")) {
			return nil
		}
		var w Wave
		w.ID = c.Str(f.ID, "waves.id")
		if e := c.Str(f.Edge, "waves.edge"); f.Edge.Given() && c.OK() {
			var err error
			if w.Edge, err = layout.ParseCompass(e); err != nil {
				c.Errorf(f.Edge.Node, "waves.edge: %v", err)
			}
		}
		dir := c.Str(f.Direction, "waves.direction")
		if !c.OK() {
			return nil
		}
		l, err := m.ParseLocation(dir)
		if err != nil {
			c.Errorf(f.Node, "waves.direction %q: %v", dir, err)
			return nil
		}
		w.Direction = l.Hex
		out = append(out, w)
	}
	return out
}

// controls reads who controls each VPO: [{at, control}].
func controls(c *yamldoc.Check, l yamldoc.List[controlFile], m *board.Map) []Control {
	if !c.List(l.Node, "vpo", "want a list of {at, control}") {
		return nil
	}
	var out []Control
	for i := range l.Items {
		f := &l.Items[i]
		if !c.Fields(f, "vpo", yamldoc.Unknown("vpo", "want at, control")) {
			return nil
		}
		var v Control
		if at := c.Str(f.At, "vpo.at"); f.At.Given() && c.OK() {
			var err error
			if v.At, err = m.ParseLocation(at); err != nil {
				c.Errorf(f.At.Node, "vpo.at: %v", err)
			}
		}
		switch ctl := c.Str(f.Control, "vpo.control"); {
		case !c.OK() || !f.Control.Given():
		case ctl == "enemy":
			v.Side = Enemy
		case ctl == "friendly":
			v.Side = Friendly
		default:
			c.Errorf(f.Control.Node, "vpo.control: %q is not enemy or friendly", ctl)
		}
		out = append(out, v)
	}
	return out
}

// residuals reads the Residual FP of the MPh under way: [{at, fp}], one a
// Location (ASL A8.2).
func residuals(c *yamldoc.Check, l yamldoc.List[residualFile], m *board.Map) []Residual {
	if !c.List(l.Node, "residual_fp", "want a list of {at, fp}") {
		return nil
	}
	var out []Residual
	for i := range l.Items {
		f := &l.Items[i]
		if !c.Fields(f, "residual_fp", yamldoc.Unknown("residual_fp", "want at, fp")) {
			return nil
		}
		at := c.Str(f.At, "residual_fp.at")
		fp := c.Int(f.FP, "residual_fp.fp", 1, 1000)
		if !c.OK() {
			return nil
		}
		loc, err := m.ParseLocation(at)
		if err != nil {
			c.Errorf(f.At.Node, "residual_fp.at %q: %v", at, err)
			return nil
		}
		if slices.ContainsFunc(out, func(r Residual) bool { return r.At == loc }) {
			c.Errorf(f.At.Node, "residual_fp.at %s: one Residual FP a Location (ASL A8.2)", at)
			return nil
		}
		out = append(out, Residual{At: loc, FP: fp})
	}
	return out
}

// loose reads the SW lying in Locations: [{at, name, pp, dead}].
func loose(c *yamldoc.Check, l yamldoc.List[swFile], m *board.Map) []Loose {
	if !c.List(l.Node, "loose_sw", "want a list of {at, name, pp}") {
		return nil
	}
	var out []Loose
	for i := range l.Items {
		sw, at := swOf(c, &l.Items[i], "loose_sw", true)
		if !c.OK() {
			return nil
		}
		loc, err := m.ParseLocation(at)
		if err != nil {
			c.Errorf(l.Items[i].Node, "loose_sw.at %q: %v", at, err)
			return nil
		}
		out = append(out, Loose{At: loc, SW: sw})
	}
	return out
}

// Write writes s in the form Read reads, units in their order, with the A2.2
// names of m.
func (s *State) Write(w io.Writer, m *board.Map) error {
	var b strings.Builder
	g := s.Game
	for _, kv := range [][2]string{{"mission", g.Mission}, {"boards", g.Boards}, {"tables", g.Tables}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, "%s: %s\n", kv[0], quote(kv[1]))
		}
	}
	if g.HasSeed {
		fmt.Fprintf(&b, "seed: %d\n", g.Seed)
	}
	if g.RNG != "" {
		fmt.Fprintf(&b, "rng: %s\n", quote(g.RNG))
	}
	if g.Policy != "" {
		fmt.Fprintf(&b, "policy: %s\n", g.Policy)
	}
	if g.Stop != "" {
		fmt.Fprintf(&b, "stop: %s\n", quote(g.Stop))
	}
	if g.FirstFire != "" {
		fmt.Fprintf(&b, "first_fire: %s\n", quote(g.FirstFire))
	}
	if g.Plain {
		b.WriteString("plain: true\n")
	}
	if g.MissionDigest != "" {
		fmt.Fprintf(&b, "mission_digest: %q\n", g.MissionDigest)
	}
	if g.TablesDigest != "" {
		fmt.Fprintf(&b, "tables_digest: %q\n", g.TablesDigest)
	}
	if len(g.Trail) > 0 {
		b.WriteString("trail:\n")
		for _, t := range g.Trail {
			fmt.Fprintf(&b, "  - %q\n", t)
		}
	}
	fmt.Fprintf(&b, "turn: %d\n", s.Turn)
	if s.HasPlayer {
		fmt.Fprintf(&b, "player_turn: %s\n", s.Player)
	}
	if s.Phase != RPh {
		fmt.Fprintf(&b, "phase: %s\n", s.Phase)
	}
	if g.Stopped.Asks() {
		writeStop(&b, g.Stopped, m)
	}
	if ids := s.sortedIDs(); len(ids) > 0 {
		parts := make([]string, len(ids))
		for i, l := range ids {
			parts[i] = fmt.Sprintf("%s: %d", quote(l.prefix), l.n)
		}
		fmt.Fprintf(&b, "last_ids: {%s}\n", strings.Join(parts, ", "))
	}
	if len(s.Waves) > 0 {
		b.WriteString("waves:\n")
		for _, wv := range s.Waves {
			fmt.Fprintf(&b, "  - {id: %s, edge: %s, direction: %s}\n", quote(wv.ID), wv.Edge, m.NameString(wv.Direction))
		}
	}
	for _, side := range []Side{Enemy, Friendly} {
		var lines []string
		for _, u := range s.units {
			if u.Side == side {
				lines = append(lines, unitLine(u, m))
			}
		}
		switch {
		case len(lines) > 0:
			fmt.Fprintf(&b, "%s:\n", side)
			for _, l := range lines {
				b.WriteString("  - " + l + "\n")
			}
		case g.Mission != "": // a game file says it: no unit of that side
			fmt.Fprintf(&b, "%s: []\n", side)
		}
	}
	if len(s.VPO) > 0 {
		b.WriteString("vpo:\n")
		for _, c := range s.VPO {
			fmt.Fprintf(&b, "  - {at: %s, control: %s}\n", m.LocationName(c.At), c.Side)
		}
	}
	if len(s.Loose) > 0 {
		b.WriteString("loose_sw:\n")
		for _, l := range s.Loose {
			fmt.Fprintf(&b, "  - {at: %s, name: %s, pp: %d", m.LocationName(l.At), quote(l.Name), l.PP)
			if l.Dead {
				b.WriteString(", dead: true")
			}
			b.WriteString("}\n")
		}
	}
	if len(s.Residual) > 0 {
		b.WriteString("residual_fp:\n")
		for _, r := range s.Residual {
			fmt.Fprintf(&b, "  - {at: %s, fp: %d}\n", m.LocationName(r.At), r.FP)
		}
	}
	if len(g.Journal) > 0 {
		b.WriteString("journal:\n")
		for i, st := range g.Journal {
			fmt.Fprintf(&b, "  - {n: %d, do: %s", i+1, quote(st.Do))
			if st.Dice != "" {
				fmt.Fprintf(&b, ", dice: %q", st.Dice)
			}
			if st.Own {
				b.WriteString(", own: true")
			}
			b.WriteString("}\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func unitLine(u *Unit, m *board.Map) string {
	parts := []string{"id: " + quote(u.ID), "unit: " + quote(u.Kind.String())}
	if u.Type != "" {
		parts = append(parts, "type: "+quote(u.Type))
	}
	parts = append(parts, "at: "+m.LocationName(u.at))
	if u.Entering {
		parts = append(parts, "entering: "+u.Edge.String())
	}
	if u.Case != 0 {
		parts = append(parts, "case: "+string(u.Case))
	}
	if u.Crest {
		parts = append(parts, "crest: "+m.NameString(u.Facing))
	}
	for _, f := range []struct {
		name string
		on   bool
	}{{"broken", u.Broken}, {"dm", u.DM}, {"pinned", u.Pinned}, {"wounded", u.Wounded}, {"known", u.Known}, {"fired", u.Fired}, {"final_fire", u.FinalFire}, {"moved", u.Moved}, {"advanced", u.Advanced}, {"routed", u.Routed}, {"hw", u.HW}, {"released", u.Released}, {"setup", u.Setup}, {"exited", u.Exited}} {
		if f.on {
			parts = append(parts, f.name+": true")
		}
	}
	if u.Wave != "" {
		parts = append(parts, "wave: "+quote(u.Wave), "lane: "+m.NameString(u.Lane))
	}
	if len(u.SW) > 0 {
		var sws []string
		for _, sw := range u.SW {
			s := fmt.Sprintf("{name: %s, pp: %d", quote(sw.Name), sw.PP)
			if sw.Dead {
				s += ", dead: true"
			}
			sws = append(sws, s+"}")
		}
		parts = append(parts, "sw: ["+strings.Join(sws, ", ")+"]")
	}
	if u.Vasl != "" {
		parts = append(parts, fmt.Sprintf("vasl: %q", u.Vasl))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// quote writes a scalar so YAML reads it back as the same text.
// Quote writes s as a YAML scalar as state files do: plain where it reads
// back as the same string, double-quoted otherwise.
func Quote(s string) string { return quote(s) }

func quote(s string) string {
	if s == "" || strings.ContainsAny(s, ":{}[],#&*!|>'\"%@`?") || s != strings.TrimSpace(s) || slices.Contains([]string{"true", "false", "null", "yes", "no", "on", "off", "~"}, strings.ToLower(s)) {
		return fmt.Sprintf("%q", s)
	}
	return s
}

// digestForm reports whether a mission_digest is as game.Open writes it:
// 16 hex digits of the file's digest, then "key:digest" pairs.
func digestForm(d string) bool {
	f := strings.Fields(d)
	if len(f) == 0 || len(f[0]) != 16 || !hexDigits(f[0]) || strings.Join(f, " ") != d {
		return false
	}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, ":")
		if !ok || k == "" || v == "" || !hexDigits(v) {
			return false
		}
	}
	return true
}

func hexDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789abcdef") == "" }
