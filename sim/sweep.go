package sim

import (
	"cmp"
	"fmt"
	"slices"

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
	Policy state.Policy
}

// Sweep is a mission opened for simulation with its sweeps: what a run
// plays and what its part files name.
type Sweep struct {
	World *world.World
	// Header names the mission, boards and tables as the inputs did.
	Header state.Game
	// Grid is the sweeps (--vary), nil for none.
	Grid *Grid
	// Preps are what the run plays: the mission prepared for simulation
	// or, with sweeps, the mission at each cell of the grid in order (and
	// not the mission as it is).
	Preps []*Prepared
}

// OpenSweep opens the mission, boards and tables of in and prepares the
// sweeps vary (KEY=v1,v2,... each; none for a plain run).
func OpenSweep(in Inputs, vary []string) (*Sweep, error) {
	w, hdr, err := game.Open(in.Mission, in.Boards, in.Tables)
	if err != nil {
		return nil, err
	}
	hdr.Policy = cmp.Or(in.Policy, game.PolicyHold)
	return NewSweep(w, hdr, vary)
}

// NewSweep prepares the mission of w and the sweeps vary (none for a
// plain run), played as a grid; hdr names the mission, boards and tables,
// and the FRIENDLY policy (hold or attack; "" is hold).
func NewSweep(w *world.World, hdr state.Game, vary []string) (*Sweep, error) {
	hdr.Policy = cmp.Or(hdr.Policy, game.PolicyHold)
	if err := simPolicy(hdr.Policy); err != nil {
		return nil, err
	}
	s := &Sweep{World: w, Header: hdr}
	var err error
	if s.Grid, err = ParseGrid(vary, w.Mission(), w.Tables()); err != nil {
		return nil, err
	}
	if s.Grid == nil {
		sp, err := Prepare(w, hdr.Mission)
		if err != nil {
			return nil, err
		}
		sp.Policy = hdr.Policy
		s.Preps = []*Prepared{sp}
		return s, nil
	}
	for i := range s.Grid.Cells {
		sp, err := s.Grid.prepare(w, hdr.Mission, hdr.Policy, i)
		if err != nil {
			return nil, err
		}
		s.Preps = append(s.Preps, sp)
	}
	return s, nil
}

// RunID is the identity of a run of the sweep by engine: seed, runs and
// shards as the run's Config has them.
func (s *Sweep) RunID(engine string, seed uint64, runs int64, shards int) RunID {
	var vary string
	if s.Grid != nil {
		vary = s.Grid.String()
	}
	return newRunID(s.World, s.Header, engine, seed, runs, vary, shards)
}

// Run plays c for the mission or, with sweeps, for each cell of the grid,
// replicate k of every cell on the same seed (common random numbers), and
// returns their results in order. c.Progress is told of every game.
func (s *Sweep) Run(c Config) ([]*Result, error) {
	return runAll(s.Preps, c)
}

// Rows pairs the results of the run (of Run) with the cells of the grid,
// each with the paired difference from the row before; nil without a
// sweep.
func (s *Sweep) Rows(results []*Result) []Row {
	g := s.Grid
	if g == nil {
		return nil
	}
	rows := make([]Row, 0, len(g.Cells))
	for i, r := range results {
		row := Row{Value: g.Label(i), Result: r}
		if len(g.Axes) > 1 {
			row.Values = g.Cells[i]
		}
		// The row before differs in the last sweep's value alone.
		if i > 0 && slices.Equal(g.Cells[i][:len(g.Axes)-1], g.Cells[i-1][:len(g.Axes)-1]) {
			d := PairedDiff(results[i-1].Tally, r.Tally)
			row.Diff = &d
		}
		rows = append(rows, row)
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
	s, err := OpenSweep(in, SplitVary(id.Vary))
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
func simPolicy(p state.Policy) error {
	if p != game.PolicyHold && p != game.PolicyAttack {
		return fmt.Errorf("sim: FRIENDLY policy %q: a simulation plays hold or attack", p)
	}
	return nil
}
