package table

import (
	"errors"
	"fmt"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/tables"
)

// Setup is the game's ENEMY setup (SASL 4.1), its journal's first step,
// made again: the journal keeps only the step's command and dice, so the
// setup is replayed from them (the game's seed, or the player's own
// dice) as a replay of the whole journal makes it, and checked to roll
// the dice the journal says.
func (t *Game) Setup() (*ai.Setup, error) {
	j := t.Journal()
	if len(j) == 0 {
		return nil, errors.New("the game has no journal: no setup step to show")
	}
	first := j[0]
	script, err := game.StepDice(first)
	if err != nil {
		return nil, fmt.Errorf("journal step 1: %v", err)
	}
	g := t.g
	_, s, err := game.New(g.World(), g.Header(), script)
	if err != nil {
		return nil, fmt.Errorf("the setup again: %v", err)
	}
	if got := dice.Script(s.Trail); got != first.Dice {
		return nil, fmt.Errorf("the setup made again rolled %q, the journal says %q", got, first.Dice)
	}
	return s, nil
}

// SetupView is the ENEMY's setup (SASL 4.1) as both front ends show it:
// sasl place --json and the page's GET /api/setup. Seed is the seed of a
// setup rolled by it (sasl place), Do and Own the journal's first step of
// a game (the page); Placeholders the tables' stand-ins (sasl place).
type SetupView struct {
	Mission      string                     `json:"mission"`
	Seed         *uint64                    `json:"seed,omitempty,string"`
	Dice         string                     `json:"dice"`
	Boards       []BoardView                `json:"boards"`
	Placements   []PlacementView            `json:"placements"`
	Log          []string                   `json:"log"`
	Placeholders *tables.PlaceholderSummary `json:"placeholder_tables,omitempty"`
	Do           string                     `json:"do,omitempty"`
	Own          bool                       `json:"own,omitempty"`
}

// BoardView is a mapboard's kind for the setup (Table A9): from the table
// or derived, and why.
type BoardView struct {
	Board     string `json:"board"`
	Kind      string `json:"kind"`
	FromTable bool   `json:"from_table"`
	Why       string `json:"why"`
}

// PlacementView is an S? placed: its Location (and its hex's lattice
// position, for the map), the case of SASL 4.1 that placed it and why,
// the hex its counter faces in Crest status (SASL 4.14), and its dice.
type PlacementView struct {
	Location string   `json:"location"`
	At       Point    `json:"at"`
	Case     string   `json:"case"`
	Crest    string   `json:"crest,omitempty"`
	Why      string   `json:"why"`
	Dice     []string `json:"dice,omitempty"`
}

// SetupViewOf is setup s, its words by words.
func SetupViewOf(words *report.Words, s *ai.Setup) SetupView {
	v := SetupView{Mission: s.Mission.Name, Dice: dice.Script(s.Trail), Boards: []BoardView{}, Placements: []PlacementView{}, Log: []string{}}
	for i := range s.Log {
		v.Log = append(v.Log, words.Text(&s.Log[i]))
	}
	for _, k := range s.Kinds {
		v.Boards = append(v.Boards, BoardView{k.Board, k.BoardKind.String(), k.FromTable, words.KindWhy(k)})
	}
	for _, pl := range s.Placements {
		j := PlacementView{Location: s.Map.LocationName(pl.Location), At: Centre(pl.Location.Hex), Case: pl.Case.String(), Why: words.Reason(pl.Location, pl.Why)}
		if pl.Crest {
			j.Crest = s.Map.NameString(pl.Facing)
		}
		for _, r := range pl.Rolls {
			j.Dice = append(j.Dice, r.String())
		}
		v.Placements = append(v.Placements, j)
	}
	return v
}

// SetupView is the game's setup (Setup) as the front ends show it, with
// its journal step's command and whose dice they were.
func (t *Game) SetupView() (SetupView, error) {
	s, err := t.Setup()
	if err != nil {
		return SetupView{}, err
	}
	v := SetupViewOf(t.Words(), s)
	first := t.Journal()[0]
	v.Do, v.Dice, v.Own = first.Do, first.Dice, first.Own
	return v, nil
}
