package sim

import (
	"cmp"
	"fmt"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/rules/library"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// Inputs names what a run reads.
type Inputs struct {
	// Mission is a mission file or the name of a demo mission.
	Mission string
	// Boards is a folder of board archives; "" for $SASL_BOARDS, or the
	// demo boards without it.
	Boards string
	// Tables is a tables file; "" for the built-in tables.
	Tables string
	// Policy plays the FRIENDLY side: hold (""), or attack.
	Policy string
}

// Sweep is a mission opened for simulation with its sweep over one value:
// what a run plays and what its part files name.
type Sweep struct {
	World *world.World
	// Header names the mission, boards and tables as the inputs did.
	Header state.Game
	// Vary is the sweep, nil for none.
	Vary *Vary
	// Preps are the mission prepared for simulation, then the mission at
	// each value of the sweep in order.
	Preps []*Prepared
}

// OpenSweep opens the mission, boards and tables of in and prepares the
// sweep vary (KEY=v1,v2,..., "" for none).
func OpenSweep(in Inputs, vary string) (*Sweep, error) {
	w, hdr, err := game.Open(in.Mission, in.Boards, in.Tables)
	if err != nil {
		return nil, err
	}
	hdr.Policy = cmp.Or(in.Policy, game.PolicyHold)
	return NewSweep(w, hdr, vary)
}

// NewSweep prepares the mission of w and the sweep vary ("" for none);
// hdr names the mission, boards and tables, and the FRIENDLY policy
// (hold or attack; "" is hold).
func NewSweep(w *world.World, hdr state.Game, vary string) (*Sweep, error) {
	hdr.Policy = cmp.Or(hdr.Policy, game.PolicyHold)
	if err := simPolicy(hdr.Policy); err != nil {
		return nil, err
	}
	sp, err := Prepare(w, hdr.Mission)
	if err != nil {
		return nil, err
	}
	sp.Policy = hdr.Policy
	s := &Sweep{World: w, Header: hdr, Preps: []*Prepared{sp}}
	if vary == "" {
		return s, nil
	}
	if s.Vary, err = ParseVary(vary, w.Mission()); err != nil {
		return nil, err
	}
	for _, v := range s.Vary.Values {
		if s.Vary.Key == "policy" { // the same mission: common random numbers
			vsp, err := Prepare(w, hdr.Mission)
			if err != nil {
				return nil, err
			}
			vsp.Policy = v
			s.Preps = append(s.Preps, vsp)
			continue
		}
		ms, err := s.Vary.Apply(w.Mission(), v)
		if err != nil {
			return nil, err
		}
		t := w.Tables()
		if s.Vary.Tables() { // the same mission, other tables: the same seeds
			if t, err = s.Vary.LayTables(t, v); err != nil {
				return nil, err
			}
		}
		vp, err := game.Prepare(ms, w.Map(), t)
		if err != nil {
			return nil, fmt.Errorf("--vary %s=%s: %w", s.Vary.Key, v, err)
		}
		vsp, err := Prepare(vp, hdr.Mission)
		if err != nil {
			return nil, fmt.Errorf("--vary %s=%s: %w", s.Vary.Key, v, err)
		}
		vsp.Policy = hdr.Policy // the FRIENDLY policy of the run, as the mission's own
		s.Preps = append(s.Preps, vsp)
	}
	return s, nil
}

// RunID is the identity of a run of the sweep by engine: seed, runs and
// shards as the run's Config has them.
func (s *Sweep) RunID(engine string, seed uint64, runs int64, shards int) RunID {
	var vary string
	if s.Vary != nil {
		vary = s.Vary.String()
	}
	return newRunID(s.World, s.Header, engine, seed, runs, vary, shards)
}

// Run plays c for the mission and then for each value of the sweep, and
// returns their results in that order. c.Progress is told of the games of
// each in turn.
func (s *Sweep) Run(c Config) ([]*Result, error) {
	var results []*Result
	for i, p := range s.Preps {
		r, err := Run(p, c)
		if err != nil {
			if i > 0 {
				err = fmt.Errorf("--vary %s=%s: %w", s.Vary.Key, s.Vary.Values[i-1], err)
			}
			return nil, err
		}
		results = append(results, r)
	}
	return results, nil
}

// Rows pairs the results of the sweep's values (results[1:] of Run) with
// the values; nil without a sweep.
func (s *Sweep) Rows(results []*Result) []Row {
	if s.Vary == nil {
		return nil
	}
	rows := make([]Row, 0, len(s.Vary.Values))
	for i, r := range results[1:] {
		rows = append(rows, Row{Value: s.Vary.Values[i], Result: r})
	}
	return rows
}

// elsewhere is how a player merges parts whose inputs moved.
const elsewhere = "--mission, --boards and --tables read them from elsewhere"

// OpenRun opens the sweep of the run id to merge its parts, from the
// mission, boards and tables the parts name or, where given names one,
// from given's; and checks that they are the ones the parts were played
// on (the same SHA-256) and that this engine plays the parts' FRIENDLY
// policy. first is the part whose header id is, named in errors. The
// sweep's Header names the mission and boards as the parts did.
func OpenRun(first string, id RunID, given Inputs) (*Sweep, error) {
	in := Inputs{
		Mission: cmp.Or(given.Mission, id.Mission),
		Boards:  cmp.Or(given.Boards, id.Boards),
		Tables:  cmp.Or(given.Tables, id.Tables),
		Policy:  id.Policy,
	}
	if err := simPolicy(id.Policy); err != nil {
		return nil, fmt.Errorf("%s: %w", first, err)
	}
	s, err := OpenSweep(in, id.Vary)
	if err != nil {
		return nil, fmt.Errorf("%w (reading the mission, boards and tables of %s; %s)", err, first, elsewhere)
	}
	now := s.RunID(id.Engine, id.Seed, id.Runs, id.Shards)
	for _, c := range []struct {
		what, path, then, now string
		given                 bool
	}{
		{"mission", in.Mission, id.MissionSHA256, now.MissionSHA256, given.Mission != ""},
		{"boards folder", cmp.Or(in.Boards, "$"+library.EnvBoards+" (or the demo boards)"), id.BoardsSHA256, now.BoardsSHA256, given.Boards != ""},
		{"tables file", cmp.Or(in.Tables, "(none: the built-in tables)"), id.TablesSHA256, now.TablesSHA256, given.Tables != ""},
	} {
		if c.then == c.now {
			continue
		}
		how := "has changed since the shards read it"
		if c.given {
			how = "is not what the shards read"
		}
		return nil, fmt.Errorf("%s: the %s %s %s (sha256 %.12s, theirs %.12s); %s", first, c.what, c.path, how, c.now, c.then, elsewhere)
	}
	s.Header.Mission, s.Header.Boards = id.Mission, id.Boards
	return s, nil
}

// simPolicy checks a FRIENDLY policy a simulation can play: the engine's
// own, hold or attack.
func simPolicy(p string) error {
	if p != game.PolicyHold && p != game.PolicyAttack {
		return fmt.Errorf("sim: FRIENDLY policy %q: a simulation plays hold or attack", p)
	}
	return nil
}
