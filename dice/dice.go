// Package dice is all the chance of sasl, behind one interface: a dr (one
// die), a DR (the coloured die then the white die) and a Letter Chit drawn
// from a cup. Seeded rolls come from math/rand/v2's PCG (same seed, same
// rolls); scripted rolls are the player's own, typed in ("3 Q S 4 6 6 4":
// numbers are dice, letters are chits, consumed in rule order). Every roll
// says what it is for, as data (Why: the rule, and what of it, which
// package report words), and both keep the trail of what was rolled, which
// Script turns back into a script that replays it.
//
//	r := dice.Seeded(42)           // or dice.Scripted("3 Q S 4 6 6 4")
//	n, err := r.Dr(dice.Rule("SASL 4.1e"))
//	chit, err := r.Draw(cup, dice.Why{Rule: "SASL 4.1e", For: forChit, Board: "33"})
//
// A Roller is not safe for concurrent use; library code never touches
// global randomness.
package dice

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/layout"
)

// Roller is the source of all chance.
type Roller interface {
	// Dr rolls one die for the purpose why: 1..6.
	Dr(why Why) (int, error)
	// DR rolls the coloured die and the white die.
	DR(why Why) (coloured, white int, err error)
	// Draw draws a Letter Chit from cup; it stays out until returned.
	Draw(cup *Cup, why Why) (string, error)
	// Trail returns every roll so far, in order.
	Trail() []Roll
}

// Why is what a roll is for, as data: the rule it is made for, what of the
// rule (For, numbered by the package that words it, report), and what says
// which: units, a board, a Letter Chit, a Location, an edge, a side,
// numbers. Making one builds no text.
type Why struct {
	Rule  string // "SASL 4.1e"
	For   uint8
	Side  uint8
	Edge  layout.Compass
	Unit  string
	Board string
	Chit  string
	At    board.Location
	N, M  int
	Units []string
}

// Rule returns the purpose of a roll that only names its rule.
func Rule(rule string) Why { return Why{Rule: rule} }

// Words, if not nil, words a roll's purpose for the messages of a script
// that does not fit ("... was expected for SASL 4.1e: Letter Chit 1 of 2,
// board 33"); without it they name the rule alone.
type Words func(Why) string

func (w Words) of(why Why) string {
	if w == nil {
		return why.Rule
	}
	return w(why)
}

// Kind is what a Roll was.
type Kind uint8

const (
	Dr Kind = iota
	DR
	Chit
)

// Roll is one throw or draw of the trail.
type Roll struct {
	Kind     Kind
	Coloured int // the dr, or the coloured die of a DR
	White    int // the white die of a DR
	Chit     string
	Why      Why
}

// Token returns the roll as a script writes it: "3", "5 2", "Q".
func (r Roll) Token() string { return string(r.appendToken(nil)) }

// appendToken appends the roll's token to b.
func (r Roll) appendToken(b []byte) []byte {
	switch r.Kind {
	case DR:
		b = strconv.AppendInt(b, int64(r.Coloured), 10)
		b = append(b, ' ')
		return strconv.AppendInt(b, int64(r.White), 10)
	case Chit:
		return append(b, r.Chit...)
	}
	return strconv.AppendInt(b, int64(r.Coloured), 10)
}

func (r Roll) String() string {
	switch r.Kind {
	case DR:
		return fmt.Sprintf("DR %d,%d", r.Coloured, r.White)
	case Chit:
		return "chit " + r.Chit
	}
	return fmt.Sprintf("dr %d", r.Coloured)
}

// Script returns the tokens of a trail as a script: replaying it with
// Scripted gives the same rolls. O(rolls), one allocation.
func Script(trail []Roll) string {
	b := make([]byte, 0, 3*len(trail))
	for i, r := range trail {
		if i > 0 {
			b = append(b, ' ')
		}
		b = r.appendToken(b)
	}
	return string(b)
}

// Cup holds Letter Chits, each in the cup or drawn.
type Cup struct {
	chits []string
	in    []bool
}

// NewCup returns a cup holding chits.
func NewCup(chits []string) *Cup {
	c := &Cup{chits: append([]string(nil), chits...), in: make([]bool, len(chits))}
	c.ReturnAll()
	return c
}

// LetterChits returns the SASL Letter Chits: one per hexrow of a board, A
// to Z and AA to GG.
func LetterChits() []string {
	out := make([]string, coord.Cols)
	for i := range out {
		out[i] = coord.ColName(i)
	}
	return out
}

// In reports whether chit is in the cup.
func (c *Cup) In(chit string) bool {
	i := c.index(chit)
	return i >= 0 && c.in[i]
}

func (c *Cup) index(chit string) int {
	for i, x := range c.chits {
		if x == chit {
			return i
		}
	}
	return -1
}

// Len returns the number of chits in the cup.
func (c *Cup) Len() int {
	n := 0
	for _, in := range c.in {
		if in {
			n++
		}
	}
	return n
}

// Return puts a drawn chit back.
func (c *Cup) Return(chit string) {
	if i := c.index(chit); i >= 0 {
		c.in[i] = true
	}
}

// ReturnAll puts every chit back.
func (c *Cup) ReturnAll() {
	for i := range c.in {
		c.in[i] = true
	}
}

func (c *Cup) take(chit string) {
	c.in[c.index(chit)] = false
}

// trail is the audit trail both rollers keep.
type trail struct{ rolls []Roll }

func (t *trail) Trail() []Roll { return t.rolls }

// seeded rolls with a PCG generator.
type seeded struct {
	trail
	pcg *rand.PCG
	r   *rand.Rand
}

// SeededRoller is the Roller of Seeded: its generator's state can be saved
// and resumed.
type SeededRoller struct{ seeded }

// pcgWord is the second PCG word, fixed: seeds are the only input.
const pcgWord = 0x5A5A_5153_4153_4C21

// Seeded returns a Roller whose rolls follow from seed alone.
func Seeded(seed uint64) *SeededRoller {
	return resumed(rand.NewPCG(seed, pcgWord))
}

func resumed(p *rand.PCG) *SeededRoller {
	return &SeededRoller{seeded{pcg: p, r: rand.New(p)}}
}

// State returns the generator's state as text ("pcg:" and 32 hex digits):
// Resume(State()) rolls on exactly as this roller would.
func (s *SeededRoller) State() string {
	b, _ := s.pcg.MarshalBinary() // "pcg:" and 16 bytes; it cannot fail
	return "pcg:" + hex.EncodeToString(b[4:])
}

// Mark is where a seeded roller stands: its generator's state and the
// length of its trail.
type Mark struct {
	pcg rand.PCG
	n   int
}

// Mark returns where the roller stands, to come Back to.
func (s *SeededRoller) Mark() Mark { return Mark{*s.pcg, len(s.rolls)} }

// Back puts the roller back where it stood at m: the rolls since are
// forgotten and will come again.
func (s *SeededRoller) Back(m Mark) {
	*s.pcg = m.pcg
	s.rolls = s.rolls[:min(m.n, len(s.rolls))]
}

// Reset starts the roller over from seed with an empty trail, keeping the
// trail's storage: a simulation's next game rolls with no allocation.
func (s *SeededRoller) Reset(seed uint64) {
	s.pcg.Seed(seed, pcgWord)
	s.rolls = s.rolls[:0]
}

// Resume returns a roller that goes on from a State. Its trail starts
// empty.
func Resume(state string) (*SeededRoller, error) {
	h, ok := strings.CutPrefix(state, "pcg:")
	raw, err := hex.DecodeString(h)
	if !ok || err != nil || len(raw) != 16 {
		return nil, fmt.Errorf("dice: %q is not the state of the dice (want pcg: and 32 hex digits)", state)
	}
	p := new(rand.PCG)
	if err := p.UnmarshalBinary(append([]byte("pcg:"), raw...)); err != nil {
		return nil, fmt.Errorf("dice: %q: %w", state, err)
	}
	return resumed(p), nil
}

func (s *seeded) Dr(why Why) (int, error) {
	v := s.r.IntN(6) + 1
	s.rolls = append(s.rolls, Roll{Kind: Dr, Coloured: v, Why: why})
	return v, nil
}

func (s *seeded) DR(why Why) (int, int, error) {
	c, w := s.r.IntN(6)+1, s.r.IntN(6)+1
	s.rolls = append(s.rolls, Roll{Kind: DR, Coloured: c, White: w, Why: why})
	return c, w, nil
}

func (s *seeded) Draw(cup *Cup, why Why) (string, error) {
	n := cup.Len()
	if n == 0 {
		return "", fmt.Errorf("dice: the cup is empty: no Letter Chit to draw for %s", why.Rule)
	}
	k := s.r.IntN(n)
	for i, in := range cup.in {
		if !in {
			continue
		}
		if k == 0 {
			chit := cup.chits[i]
			cup.take(chit)
			s.rolls = append(s.rolls, Roll{Kind: Chit, Chit: chit, Why: why})
			return chit, nil
		}
		k--
	}
	panic("unreachable")
}

// scripted replays a player's rolls.
type scripted struct {
	trail
	toks []string
	next int
	// Words words the purposes of rolls in the script's errors.
	Words Words
}

// Scripted returns a Roller that replays script: whitespace-separated
// tokens, numbers 1..6 for dice (a DR takes two: coloured, then white) and
// letters for Letter Chits. A token that is neither is an error here; a
// script that runs out, or gives a die where a chit is due (or the other
// way round), is an error from the roll, naming what was expected and for
// which rule.
func Scripted(script string) (*ScriptRoller, error) {
	toks := strings.Fields(script)
	for i, t := range toks {
		if isDie(t) {
			continue
		}
		if _, err := strconv.Atoi(t); err == nil {
			return nil, fmt.Errorf("dice: script token %d %q: a die shows 1 to 6", i+1, t)
		}
		if _, ok := coord.ParseCol(t); !ok {
			return nil, fmt.Errorf("dice: script token %d %q: neither a die (1-6) nor a Letter Chit (A..Z, AA..GG)", i+1, t)
		}
	}
	return &ScriptRoller{scripted{toks: toks}}, nil
}

// isDie says whether a script token is a die: one digit, 1 to 6 ("03" and
// "+3" are not, so that a script reads back as it was written).
func isDie(t string) bool { return len(t) == 1 && '1' <= t[0] && t[0] <= '6' }

// ScriptRoller is the Roller of Scripted.
type ScriptRoller struct{ scripted }

// Left returns the tokens not used yet.
func (s *ScriptRoller) Left() []string { return s.toks[s.next:] }

func (s *scripted) die(what string, why Why) (int, error) {
	if s.next >= len(s.toks) {
		return 0, fmt.Errorf("dice: the script ran out: %s was expected for %s", what, s.Words.of(why))
	}
	t := s.toks[s.next]
	v, err := strconv.Atoi(t)
	if err != nil {
		return 0, fmt.Errorf("dice: script token %d is %q, but %s (1-6) was expected for %s", s.next+1, t, what, s.Words.of(why))
	}
	s.next++
	return v, nil
}

func (s *scripted) Dr(why Why) (int, error) {
	v, err := s.die("a dr", why)
	if err != nil {
		return 0, err
	}
	s.rolls = append(s.rolls, Roll{Kind: Dr, Coloured: v, Why: why})
	return v, nil
}

func (s *scripted) DR(why Why) (int, int, error) {
	c, err := s.die("the coloured die of a DR", why)
	if err != nil {
		return 0, 0, err
	}
	w, err := s.die("the white die of a DR", why)
	if err != nil {
		return 0, 0, err
	}
	s.rolls = append(s.rolls, Roll{Kind: DR, Coloured: c, White: w, Why: why})
	return c, w, nil
}

func (s *scripted) Draw(cup *Cup, why Why) (string, error) {
	if s.next >= len(s.toks) {
		return "", fmt.Errorf("dice: the script ran out: a Letter Chit was expected for %s", s.Words.of(why))
	}
	t := s.toks[s.next]
	if _, err := strconv.Atoi(t); err == nil {
		return "", fmt.Errorf("dice: script token %d is %q, but a Letter Chit was expected for %s", s.next+1, t, s.Words.of(why))
	}
	if !cup.In(t) {
		return "", fmt.Errorf("dice: script token %d is Letter Chit %s, which is not in the cup (already drawn) for %s", s.next+1, t, s.Words.of(why))
	}
	s.next++
	cup.take(t)
	s.rolls = append(s.rolls, Roll{Kind: Chit, Chit: t, Why: why})
	return t, nil
}
