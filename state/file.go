package state

import (
	"fmt"
	"io"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/rules/board"
)

// This file is the YAML form of a State: reading it whole (Read, Parse).
// Its sections are read in file_game.go (the game keys and the journal),
// file_units.go (enemy, friendly), file_map.go (waves, vpo, loose_sw,
// residual_fp) and stop.go (stopped_at); file_write.go writes it.

// MaxFileSize is the largest state or game file Read takes: far more than
// any game needs, and a bound on what a wrong file (/dev/zero) can cost.
const MaxFileSize = 8 << 20

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
	Rules    yamldoc.Value               `yaml:"rules"`
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

func (f *stateFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, f) }

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
const stateKeys = "mission, boards, tables, seed, rng, policy, stop, first_fire, rules, plain, mission_digest, tables_digest, trail, turn, player_turn, phase, stopped_at, asked, last_ids, waves, enemy, friendly, vpo, loose_sw, residual_fp, journal"

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
