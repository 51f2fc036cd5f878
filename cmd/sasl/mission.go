package main

import (
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
	"github.com/sasl-engine/sasl/world"
)

// missionFlags choose a mission, its tables and its dice.
type missionFlags struct {
	mission string
	tables  string
	seed    uint64
	dice    string
}

func (f *missionFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.mission, "mission", "", "mission file, or the name of a built-in demo mission ("+strings.Join(missions.Demos(), ", ")+"; default "+missions.DefaultDemo+")")
	cmd.Flags().StringVar(&f.tables, "tables", "", "YAML file of table values laid over the built-in tables")
	decimalVar(cmd.Flags(), &f.seed, "seed", 0, "seed of the dice: the same seed gives the same result (default: a new seed, printed)")
	cmd.Flags().StringVar(&f.dice, "dice", "", `your own rolls, in rule order: numbers are dice, letters are Letter Chits, e.g. "3 Q S 4 6 6 4"`)
}

// played is a mission ready to play: the prepared mission (its map,
// tables and movement costs), the header of a game of it, and its dice.
type played struct {
	prep   *world.World
	words  *report.Words
	hdr    state.Game
	ms     *missions.Mission
	m      *board.Map
	t      *tables.Set
	r      dice.Roller
	script *dice.ScriptRoller // when the dice are the player's
	seed   uint64
	costs  pathing.Coster
}

// newPlayed is the mission of world w, its words and the shorthands of it
// the commands use.
func newPlayed(w *world.World) *played {
	return &played{prep: w, words: report.New(w), ms: w.Mission(), m: w.Map(), t: w.Tables(), costs: w.Costs()}
}

func (f *missionFlags) open(cmd *cobra.Command, o *options) (*played, error) {
	prep, hdr, err := game.Open(f.mission, o.boards, f.tables)
	if err != nil {
		return nil, err
	}
	p := newPlayed(prep)
	p.hdr = hdr
	if err := f.dice2(cmd, p); err != nil {
		return nil, err
	}
	p.hdr.Seed, p.hdr.HasSeed = p.seed, true
	return p, nil
}

// dice2 sets up the dice of --seed and --dice: the player's script, and a
// seed in any case (a new one, printed, unless --seed gives it), from
// which a game rolls on once the script is used.
func (f *missionFlags) dice2(cmd *cobra.Command, p *played) error {
	if cmd.Flags().Changed("seed") && cmd.Flags().Changed("dice") {
		return errors.New("give --seed or --dice, not both")
	}
	p.seed = f.seed
	if !cmd.Flags().Changed("seed") {
		p.seed = newSeed()
	}
	if cmd.Flags().Changed("dice") {
		if strings.TrimSpace(f.dice) == "" {
			return errors.New(`--dice "": give the rolls, such as --dice "3 Q S 4 6 6 4"`)
		}
		s, err := dice.Scripted(f.dice)
		if err != nil {
			return err
		}
		s.Words = p.words.Why
		p.r, p.script = s, s
		return nil
	}
	p.r = dice.Seeded(p.seed)
	return nil
}

// newSeed is a new seed for a run that was given none: short enough to
// type back.
func newSeed() uint64 {
	var b [8]byte
	crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) % 1_000_000_000
}

// scriptOrNil is the player's script as a Roller, or nil for the seed's
// dice.
func (p *played) scriptOrNil() dice.Roller {
	if p.script == nil {
		return nil
	}
	return p.script
}

// leftover is an error when the player's script holds rolls nothing used:
// most likely a mistake in the script.
func (p *played) leftover() error {
	if p.script == nil || len(p.script.Left()) == 0 {
		return nil
	}
	return fmt.Errorf("dice: %d rolls of the script were not used: %q (check the script)", len(p.script.Left()), strings.Join(p.script.Left(), " "))
}

// diceLine says where the dice came from and how to replay them.
func (p *played) diceLine(trail []dice.Roll) string {
	script := dice.Script(trail)
	if p.script != nil {
		return fmt.Sprintf("Dice (yours): %s", script)
	}
	if script == "" {
		return fmt.Sprintf("Seed %d: no dice were needed.", p.seed)
	}
	return fmt.Sprintf("Seed %d. Dice: %s (replay with --seed %d, or --dice \"%s\")", p.seed, script, p.seed, script)
}

// header describes the mission in one paragraph, and says so when the
// tables played by hold placeholders for the player's rulebook values.
func (p *played) header() string {
	ms, t := p.ms, p.t
	s := t.Seasons.At(ms.Month)
	inOut := func(b bool) string {
		if b {
			return "in season"
		}
		return "out of season"
	}
	attitude, reading := p.prep.Attitude()
	h := fmt.Sprintf("%s (%s)\nBoards %s, north %s; FBE %s, EBE %s; month %d: grain %s, orchards %s; %s weather; %s",
		ms.Name, ms.File, ms.Layout, ms.Layout.North(), ms.FBE, ms.EBE, ms.Month, inOut(s.Grain), inOut(s.Orchard), ms.Weather, report.AttitudeText(attitude, reading))
	if notice := report.PlaceholdersText(t.PlaceholderSummary()); notice != "" {
		h += "\n" + notice
	}
	return h
}
