package tables

import (
	"fmt"
	"strconv"
	"strings"
)

// ResultKind is what an Infantry Fire Table result does.
type ResultKind uint8

const (
	NoEffect ResultKind = iota // "-"
	PTC                        // Pin Task Check
	MC                         // Morale Check with DRM N (NMC: N = 0)
	KMC                        // K/N: one unit Casualty Reduced, all take an N MC
	KIA                        // N units eliminated
)

// Result is one cell of the Infantry Fire Table.
type Result struct {
	Kind ResultKind
	N    int
}

// String is the result as the table prints it: "2KIA", "K/1", "1MC",
// "NMC", "PTC", "-". The words of N 0..9 are spelled once (resultWords),
// not at every attack.
func (r Result) String() string {
	if int(r.Kind) < len(resultWords) && r.N >= 0 && r.N < len(resultWords[0]) {
		return resultWords[r.Kind][r.N]
	}
	return r.spell()
}

// resultWords[k][n] is Result{k, n}.spell().
var resultWords = func() (words [KIA + 1][10]string) {
	for k := range words {
		for n := range words[k] {
			words[k][n] = Result{Kind: ResultKind(k), N: n}.spell()
		}
	}
	return words
}()

// spell spells r out.
func (r Result) spell() string {
	switch r.Kind {
	case PTC:
		return "PTC"
	case MC:
		if r.N == 0 {
			return "NMC"
		}
		return strconv.Itoa(r.N) + "MC"
	case KMC:
		return "K/" + strconv.Itoa(r.N)
	case KIA:
		return strconv.Itoa(r.N) + "KIA"
	}
	return "-"
}

// ParseResult reads a result as the table prints it: "2KIA", "K/1",
// "1MC", "NMC", "PTC", "-".
func ParseResult(s string) (Result, error) {
	bad := fmt.Errorf("%q is not an IFT result (nKIA, K/n, nMC, NMC, PTC or -)", s)
	num := func(t string) (int, error) {
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 || n > 9 {
			return 0, bad
		}
		return n, nil
	}
	switch {
	case s == "-":
		return Result{}, nil
	case s == "PTC":
		return Result{Kind: PTC}, nil
	case s == "NMC":
		return Result{Kind: MC}, nil
	case strings.HasPrefix(s, "K/"):
		n, err := num(s[2:])
		return Result{Kind: KMC, N: n}, err
	case strings.HasSuffix(s, "KIA"):
		n, err := num(strings.TrimSuffix(s, "KIA"))
		return Result{Kind: KIA, N: n}, err
	case strings.HasSuffix(s, "MC"):
		n, err := num(strings.TrimSuffix(s, "MC"))
		return Result{Kind: MC, N: n}, err
	}
	return Result{}, bad
}

// IFT is the ASL Infantry Fire Table.
type IFT struct {
	Source  string
	Columns []int
	// Rows[dr] holds the results of Final DR dr, 0..15, by column.
	Rows [16][]Result
}

// Column returns the column of an attack of fp firepower: the highest
// column not above it; ok is false below the first column.
func (t *IFT) Column(fp float64) (col int, ok bool) {
	col = -1
	for i, c := range t.Columns {
		if float64(c) <= fp+1e-9 {
			col = i
		}
	}
	return col, col >= 0
}

// Result returns the result of an attack of fp firepower with Final DR
// final: below 0 reads as 0, above 15 has no effect.
func (t *IFT) Result(fp float64, final int) Result {
	col, ok := t.Column(fp)
	if !ok || final > 15 {
		return Result{}
	}
	return t.Rows[max(final, 0)][col]
}

// Consequence is what a failed check does to a unit.
type Consequence string

const (
	Reduce  Consequence = "reduce" // Casualty Reduction
	Break   Consequence = "break"
	Nothing Consequence = "none"
	Pin     Consequence = "pin" // ASL A7.8
)

// Combat holds what sasl sim plays beyond the ENEMY procedures: Morale
// Checks, Rally and Close Combat (ASL A7, A10, A11), the Human Wave ML
// increase (SASL 4.3), and the FRIENDLY "hold" policy.
type Combat struct {
	HWMorale Entry[int] // ML increase of a unit in a SASL Human Wave
	FFNAM    Entry[int] // First Fire DRM at a unit moving not by Assault Movement
	FFMO     Entry[int] // First Fire DRM at a unit moving in Open Ground
	// WallAbove: a wall, hedge or bocage gives no TEM against a firer
	// higher than its target within this many hexes (0: always gives it;
	// ASL B9.3, a reading). WallAdvantage: 1 when only the unit holding
	// Wall Advantage over a hexside takes its TEM against an ADJACENT
	// enemy across it (ASL B9.32), 0 when both do.
	WallAbove, WallAdvantage Entry[int]
	BrokenFail               Entry[Consequence]
	MCTwelve                 Entry[Consequence] // an Original MC DR of 12
	KIASurvivors             Entry[Consequence]
	// Pins (ASL A7.8): a failed PTC, a MC passed with a Final DR equal to
	// the ML (pin or none), a pin of a unit moving in a Human Wave, and the
	// divisor of a pinned unit's FP.
	PTCFail, MCAtML, HWPin Entry[Consequence]
	PinnedFire             Entry[int]
	SelfRally              Entry[int] // DRM of a self-rally
	SelfRallyMMC           Entry[int] // MMC a side may try to self-rally each RPh
	RallyTerrain           Entry[int] // DRM in a Location with a positive TEM
	Desperation            Entry[int] // DRM under Desperation Morale
	RallyTwelve            Entry[Consequence]
	LeaderCCFP             Entry[int]
	// CloseCombat is the Kill Number by odds, lowest odds first.
	CloseCombat       []Odds
	CloseCombatSource string
	// HoldFirstFire: the hold policy First Fires within this many times
	// the normal range.
	HoldFirstFire Entry[int]
	// AdvancingFire divides the FP of a unit that moved in its MPh and
	// fires in the AFPh (ASL A7.25).
	AdvancingFire Entry[int]
	// AreaFire divides the FP of Area Fire (ASL A7.23): Subsequent First
	// Fire (A8.3), Final Protective Fire (A8.31) and the DFPh fire of a
	// unit marked First Fire (A8.4).
	AreaFire Entry[int]
	// ResidualDivisor divides the IFT column of a First Fire attack into
	// the Residual FP it leaves (ASL A8.2); ResidualHindrance is the IFT
	// columns it shifts left for each +1 hindrance DRM of that attack
	// (A8.26).
	ResidualDivisor, ResidualHindrance Entry[int]
	// InfantryMF and LeaderMF are the MF of a squad or half-squad and of a
	// leader moving alone (ASL A4.1); LedMF the MF more a stack that moves
	// with a leader has (A4.12).
	InfantryMF, LeaderMF, LedMF Entry[int]
	// RoutMF is the MF of a routing unit (ASL A10.5); InterdictionFail
	// what a failed Interdiction NMC does to it (A10.53).
	RoutMF           Entry[int]
	InterdictionFail Entry[Consequence]
	// Wounds (ASL A17): a Wound Severity dr of at least WoundMortal is a
	// mortal wound, treated as a KIA (A17.11); a wounded man wounded again
	// adds WoundAgain to it; a wounded man has WoundedMF MF (A17.2).
	WoundMortal, WoundAgain, WoundedMF Entry[int]
}

// Odds is one column of the Close Combat Table: attacker:defender.
type Odds struct {
	Attacker, Defender int
	Kill               Entry[int]
}

// Ratio returns the odds as a number.
func (o Odds) Ratio() float64 { return float64(o.Attacker) / float64(o.Defender) }

func (o Odds) String() string { return fmt.Sprintf("%d:%d", o.Attacker, o.Defender) }

// Kill returns the Kill Number of attackers of fp FP against defenders of
// def FP: the odds rounded down in the defender's favour; ok is false
// below the lowest odds (no kill possible).
func (c *Combat) Kill(fp, def float64) (Odds, bool) {
	if def <= 0 {
		return c.CloseCombat[len(c.CloseCombat)-1], true
	}
	r := fp / def
	var best Odds
	found := false
	for _, o := range c.CloseCombat {
		if o.Ratio() <= r+1e-9 {
			best, found = o, true
		}
	}
	return best, found
}

func (t *IFT) check() error {
	if len(t.Columns) == 0 {
		return fmt.Errorf("ift has no columns")
	}
	for dr, r := range t.Rows {
		if len(r) != len(t.Columns) {
			return fmt.Errorf("ift.rows.%d has %d results for %d columns", dr, len(r), len(t.Columns))
		}
	}
	return nil
}

func parseOdds(s string) (Odds, bool) {
	a, b, ok := strings.Cut(s, ":")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || x < 1 || y < 1 || x > 100 || y > 100 {
		return Odds{}, false
	}
	return Odds{Attacker: x, Defender: y}, true
}

func (c *Combat) check() error {
	if len(c.CloseCombat) == 0 {
		return fmt.Errorf("combat.close_combat has no rows")
	}
	for _, e := range []Entry[Consequence]{c.BrokenFail, c.MCTwelve, c.KIASurvivors, c.RallyTwelve} {
		if e.Value == "" {
			return fmt.Errorf("combat needs broken_fail, mc_twelve, kia_survivors and rally_twelve")
		}
	}
	if c.WoundMortal.Value == 0 || c.WoundedMF.Value == 0 {
		return fmt.Errorf("combat needs wound_mortal and wounded_mf (ASL A17)")
	}
	return nil
}

// OpenGround reports whether a target with TEM tem against a fire, seen
// along a LOS of hindrance DRM hindrance, is in Open Ground for that fire
// (ASL A4.6, A10.531): no positive TEM and no hindrance, so that FFMO
// applies (and a routing unit there is Interdicted).
func OpenGround(tem, hindrance int) bool { return tem <= 0 && hindrance == 0 }
