package sim

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/world"
)

// A balance search (sasl sim --balance KEY=LO..HI) finds the value of a
// whole-number key at which the FRIENDLY win rate is a target (50%): it
// plays the ends of the range, bisects on whole values between them, each
// value on the same replicates (common random numbers), plays the values
// either side of the bracket the bisection ends with, fits a logistic
// curve in the value to the NearValues values played nearest the bracket
// (each game a trial, by maximum likelihood with gonum's optimize) and
// inverts it at the target. The crossing's interval is a bootstrap over
// the replicates: each resample draws replicates and takes each one's
// games at every value together, as common random numbers played them.
//
// Measured on synthetic curves with a known crossing on 0..30, 60
// searches each (TestBalanceFinder_Measured logs it): the interval held
// the crossing in 93-98% of the searches of a logistic, a straight line
// (6.7% + 3.3% a value, as the wooded-hill demo's FRIENDLY strength
// gives) and a steep logistic, at 500 and 2,000 games a value; a curve
// fitted to every value played held it in 55% for the straight line at
// 2,000 games (its ends bend a curve that is not logistic). The crossing
// was off by 0.03-0.5 on average; about 8 values are played.

// Outcomes plays the games of a search at value x, replicate k on the
// same seed for every x, and returns whether the FRIENDLY side won each
// (element k for replicate k) and, if it has one, the run's Result.
type Outcomes func(x int) (won []bool, r *Result, err error)

// Search is a balance search over Lo..Hi.
type Search struct {
	Key    string
	Lo, Hi int
	// Target is the FRIENDLY win rate sought, above 0 and below 1.
	Target float64
	Play   Outcomes
	// Resamples of the bootstrap (0: 1000); Seed seeds them.
	Resamples int
	Seed      uint64
	// Near is the number of values, nearest the bracket the bisection
	// ends with, that the curve is fitted to (0: NearValues; -1: every
	// value played).
	Near int
}

// NearValues is the number of values played nearest the target's bracket
// that a search fits its curve to: the curve is local, and the ends of a
// wide range, far from the target, do not bend it.
const NearValues = 4

// BalancePoint is one value played by a search.
type BalancePoint struct {
	Value        int   `json:"value"`
	Runs         int64 `json:"runs"`
	FriendlyWins Rate  `json:"friendly_wins"`
	// Fitted is the fitted curve's rate at the value.
	Fitted float64 `json:"fitted_rate"`
	// Losses: why the FRIENDLY side lost, when the games say.
	Losses *Losses `json:"friendly_losses,omitempty"`
	// Diff is the paired difference from the value played before it (the
	// next smaller), on the same replicates.
	Diff   *Diff   `json:"diff_from_previous,omitempty"`
	Result *Result `json:"-"`
	won    []bool
}

// Balance is the outcome of a search.
type Balance struct {
	Key    string  `json:"key"`
	Target float64 `json:"target"`
	Range  [2]int  `json:"range"`
	// Crosses: the rate at one end of the range is below the target and
	// at the other not. Without, nothing below is found.
	Crosses bool `json:"crosses"`
	// Value is the whole value nearest the fitted crossing, Rate the
	// FRIENDLY win rate played at it and RateCI95 its interval; Hit
	// reports whether that interval holds the target.
	Value    int        `json:"value"`
	Rate     float64    `json:"rate"`
	RateCI95 [2]float64 `json:"rate_ci95"`
	Hit      bool       `json:"hit"`
	// Below and Above are the whole values either side of the target, as
	// played: the rate at Below is on the low end's side of the target,
	// at Above on the high end's (Above = Below + 1).
	Below int `json:"below"`
	Above int `json:"above"`
	// Crossing is the value at which the fitted curve gives the target,
	// CI95 its 95% interval: a bootstrap over the replicates, or the
	// range where the fit cannot say.
	Crossing float64    `json:"crossing"`
	CI95     [2]float64 `json:"ci95"`
	// Fit: logit(rate) = Intercept + Slope * value.
	Fit   Logistic       `json:"fit"`
	Curve []BalancePoint `json:"curve"`
	// Games played in all.
	Games int64 `json:"games"`
	// Fitted are the values the curve is fitted to.
	FittedValues []int `json:"fitted_values"`
	fitted       []BalancePoint
}

// near returns the k values played nearest the middle of the bracket
// (all of them for k < 0 or without a bracket), in order of value.
func (b *Balance) near(k int) []BalancePoint {
	if k == 0 {
		k = NearValues
	}
	pts := slices.Clone(b.Curve)
	if b.Crosses && k > 0 && k < len(pts) {
		mid := float64(b.Below+b.Above) / 2
		slices.SortStableFunc(pts, func(p, q BalancePoint) int {
			return cmp.Compare(math.Abs(float64(p.Value)-mid), math.Abs(float64(q.Value)-mid))
		})
		pts = pts[:k]
		slices.SortFunc(pts, func(p, q BalancePoint) int { return p.Value - q.Value })
	}
	b.FittedValues = nil
	for _, p := range pts {
		b.FittedValues = append(b.FittedValues, p.Value)
	}
	return pts
}

// Logistic is a logistic curve in a value x: the rate at x is
// 1/(1+exp(-(Intercept + Slope*x))).
type Logistic struct {
	Intercept float64 `json:"intercept"`
	Slope     float64 `json:"slope"`
}

// At is the curve's rate at x.
func (l Logistic) At(x float64) float64 { return 1 / (1 + math.Exp(-(l.Intercept + l.Slope*x))) }

// Inverse is the x at which the curve's rate is r (NaN for a flat curve).
func (l Logistic) Inverse(r float64) float64 {
	if l.Slope == 0 {
		return math.NaN()
	}
	return (math.Log(r/(1-r)) - l.Intercept) / l.Slope
}

// MaxBalanceSpan bounds Hi - Lo of a search.
const MaxBalanceSpan = 1 << 20

// ParseRange reads LO..HI, whole numbers lo <= LO < HI <= hi.
func ParseRange(s string, lo, hi int) (int, int, error) {
	a, b, ok := strings.Cut(s, "..")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return 0, 0, fmt.Errorf("%q: want LO..HI, two whole numbers (3..12)", s)
	case x >= y:
		return 0, 0, fmt.Errorf("%d..%d: want LO below HI", x, y)
	case x < lo || y > hi:
		return 0, 0, fmt.Errorf("%d..%d: the key takes %d to %d", x, y, lo, hi)
	case y-x > MaxBalanceSpan:
		return 0, 0, fmt.Errorf("%d..%d: at most %d values", x, y, MaxBalanceSpan)
	}
	return x, y, nil
}

// Find runs the search.
func (s *Search) Find() (*Balance, error) {
	if !(s.Target > 0 && s.Target < 1) {
		return nil, fmt.Errorf("sim: --target %g: want a rate above 0 and below 1", s.Target)
	}
	if s.Lo >= s.Hi {
		return nil, fmt.Errorf("sim: --balance %s=%d..%d: want LO below HI", s.Key, s.Lo, s.Hi)
	}
	b := &Balance{Key: s.Key, Target: s.Target, Range: [2]int{s.Lo, s.Hi}}
	played := map[int]*BalancePoint{}
	rate := func(x int) (float64, error) {
		if p := played[x]; p != nil {
			return p.FriendlyWins.Rate, nil
		}
		won, r, err := s.Play(x)
		if err != nil {
			return 0, err
		}
		if len(won) == 0 {
			return 0, fmt.Errorf("sim: --balance %s=%d: no games", s.Key, x)
		}
		if len(b.Curve) > 0 && len(won) != len(b.Curve[0].won) {
			return 0, fmt.Errorf("sim: --balance %s=%d: %d games, not %d as the other values", s.Key, x, len(won), len(b.Curve[0].won))
		}
		wins := int64(0)
		for _, w := range won {
			if w {
				wins++
			}
		}
		p := &BalancePoint{Value: x, Runs: int64(len(won)), FriendlyWins: NewRate(wins, int64(len(won))), Result: r, won: won}
		if r != nil {
			p.Losses = &r.FriendlyLosses
		}
		played[x] = p
		b.Curve = append(b.Curve, *p)
		b.Games += p.Runs
		return p.FriendlyWins.Rate, nil
	}
	rLo, err := rate(s.Lo)
	if err != nil {
		return nil, err
	}
	rHi, err := rate(s.Hi)
	if err != nil {
		return nil, err
	}
	rising := rHi > rLo
	// lowSide: a rate on the low end's side of the target (not at it).
	lowSide := func(r float64) bool {
		if rising {
			return r < s.Target
		}
		return r > s.Target
	}
	b.Crosses = rLo != rHi && (rLo-s.Target)*(rHi-s.Target) <= 0
	if b.Crosses {
		// Bisection on whole values: lo on the low end's side, hi not.
		lo, hi := s.Lo, s.Hi
		if !lowSide(rLo) { // the low end is at the target
			hi = lo + 1
			if _, err := rate(hi); err != nil {
				return nil, err
			}
		}
		for hi-lo > 1 {
			m := lo + (hi-lo)/2
			r, err := rate(m)
			if err != nil {
				return nil, err
			}
			if lowSide(r) {
				lo = m
			} else {
				hi = m
			}
		}
		b.Below, b.Above = lo, hi
		// The values either side of the bracket too: a local curve has
		// points on both sides.
		for _, x := range []int{lo - 1, hi + 1} {
			if x >= s.Lo && x <= s.Hi {
				if _, err := rate(x); err != nil {
					return nil, err
				}
			}
		}
	}
	b.sortCurve()
	b.fitted = b.near(s.Near)
	b.Fit = fitLogistic(b.fitted, nil)
	for i := range b.Curve {
		b.Curve[i].Fitted = b.Fit.At(float64(b.Curve[i].Value))
	}
	if !b.Crosses {
		return b, nil
	}
	b.Crossing = b.Fit.Inverse(s.Target)
	if !(b.Crossing >= float64(s.Lo) && b.Crossing <= float64(s.Hi)) {
		// The curve does not fit the range (a rate that rises and falls):
		// the crossing between the bracketing values, by their rates.
		p, q := played[b.Below], played[b.Above]
		f := (s.Target - p.FriendlyWins.Rate) / (q.FriendlyWins.Rate - p.FriendlyWins.Rate)
		b.Crossing = float64(b.Below) + f
	}
	b.CI95 = b.bootstrap(s)
	// The whole value nearest the crossing, played if it was not.
	v := max(s.Lo, min(s.Hi, int(math.Round(b.Crossing))))
	if _, err := rate(v); err != nil {
		return nil, err
	}
	b.sortCurve()
	for i := range b.Curve {
		b.Curve[i].Fitted = b.Fit.At(float64(b.Curve[i].Value))
	}
	at := played[v].FriendlyWins
	b.Value, b.Rate, b.RateCI95 = v, at.Rate, at.CI95
	b.Hit = at.CI95[0] <= s.Target && s.Target <= at.CI95[1]
	return b, nil
}

// sortCurve orders the values played by value and pairs each with the one
// before it.
func (b *Balance) sortCurve() {
	sort.Slice(b.Curve, func(i, j int) bool { return b.Curve[i].Value < b.Curve[j].Value })
	for i := range b.Curve {
		b.Curve[i].Diff = nil
		if i == 0 {
			continue
		}
		prev, here := b.Curve[i-1].won, b.Curve[i].won
		var onlyHere, onlyPrev int64
		for k := range here {
			switch {
			case here[k] && !prev[k]:
				onlyHere++
			case prev[k] && !here[k]:
				onlyPrev++
			}
		}
		d := NewDiff(b.Curve[i].FriendlyWins.Count, b.Curve[i-1].FriendlyWins.Count, onlyHere, onlyPrev, b.Curve[i].Runs)
		b.Curve[i].Diff = &d
	}
}

// fitLogistic fits logit(rate) = a + b*value to the points by maximum
// likelihood, each game a Bernoulli trial (a point weighs its games);
// wins, if not nil, replaces the points' win counts (a bootstrap
// resample). A weak ridge on the slope keeps it finite where the points
// are separated (every game lost below a value, won above it).
func fitLogistic(pts []BalancePoint, wins []float64) Logistic {
	if len(pts) < 2 {
		return Logistic{}
	}
	// Centre and scale the values, so that both parameters are of one size.
	var lo, hi, mean float64 = math.Inf(1), math.Inf(-1), 0
	for _, p := range pts {
		x := float64(p.Value)
		lo, hi, mean = min(lo, x), max(hi, x), mean+x
	}
	mean /= float64(len(pts))
	scale := max((hi-lo)/2, 1)
	u := make([]float64, len(pts))
	w := make([]float64, len(pts))
	n := make([]float64, len(pts))
	for i, p := range pts {
		u[i] = (float64(p.Value) - mean) / scale
		n[i] = float64(p.Runs)
		w[i] = float64(p.FriendlyWins.Count)
		if wins != nil {
			w[i] = wins[i]
		}
	}
	const ridge = 1e-3
	prob := optimize.Problem{
		Func: func(x []float64) float64 {
			f := ridge * x[1] * x[1] / 2
			for i := range u {
				eta := x[0] + x[1]*u[i]
				// -log-likelihood: n*log(1+e^eta) - w*eta, computed stably.
				f += n[i]*softplus(eta) - w[i]*eta
			}
			return f
		},
		Grad: func(g, x []float64) {
			g[0], g[1] = 0, ridge*x[1]
			for i := range u {
				r := n[i]*sigmoid(x[0]+x[1]*u[i]) - w[i]
				g[0] += r
				g[1] += r * u[i]
			}
		},
		Hess: func(h *mat.SymDense, x []float64) {
			var h00, h01, h11 float64
			for i := range u {
				p := sigmoid(x[0] + x[1]*u[i])
				v := n[i] * p * (1 - p)
				h00 += v
				h01 += v * u[i]
				h11 += v * u[i] * u[i]
			}
			h.SetSym(0, 0, h00+1e-9)
			h.SetSym(0, 1, h01)
			h.SetSym(1, 1, h11+ridge)
		},
	}
	res, err := optimize.Minimize(prob, []float64{0, 0}, &optimize.Settings{GradientThreshold: 1e-9, MajorIterations: 200}, &optimize.Newton{})
	if err != nil && res == nil {
		return Logistic{}
	}
	a, sl := res.X[0], res.X[1]
	return Logistic{Intercept: a - sl*mean/scale, Slope: sl / scale}
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

func softplus(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// bootstrap is the 95% interval of the crossing: the 2.5% and 97.5%
// quantiles of the crossings of curves fitted to resamples of the
// replicates, a replicate's games at every value drawn together. A
// resample whose curve does not cross the target within the range counts
// as a crossing at the nearer end.
func (b *Balance) bootstrap(s *Search) [2]float64 {
	pts := b.fitted
	n := len(pts[0].won)
	reps := s.Resamples
	if reps <= 0 {
		reps = 1000
	}
	rng := rand.New(rand.NewPCG(s.Seed, 0x6261_6c61_6e63_65)) // "balance"
	count := make([]int32, n)
	wins := make([]float64, len(pts))
	xs := make([]float64, 0, reps)
	for range reps {
		clear(count)
		for range n {
			count[rng.IntN(n)]++
		}
		for i, p := range pts {
			w := 0.0
			for k, won := range p.won {
				if won {
					w += float64(count[k])
				}
			}
			wins[i] = w
		}
		x := fitLogistic(pts, wins).Inverse(s.Target)
		if math.IsNaN(x) {
			x = b.Crossing
		}
		xs = append(xs, max(float64(s.Lo), min(float64(s.Hi), x)))
	}
	slices.Sort(xs)
	q := func(p float64) float64 { return xs[min(len(xs)-1, int(p*float64(len(xs))))] }
	return [2]float64{q(0.025), q(0.975)}
}

// NoCrossing says that the rate does not cross the target on the range,
// with the rates at both ends: "" if it does.
func (b *Balance) NoCrossing() string {
	if b.Crosses || len(b.Curve) == 0 {
		return ""
	}
	first, last := b.Curve[0], b.Curve[len(b.Curve)-1]
	side := "above"
	if first.FriendlyWins.Rate < b.Target {
		side = "below"
	}
	return fmt.Sprintf("the FRIENDLY win rate stays %s %s on %s=%d..%d: %s at %d, %s at %d",
		side, pctText(b.Target), b.Key, b.Range[0], b.Range[1], pctText(first.FriendlyWins.Rate), first.Value, pctText(last.FriendlyWins.Rate), last.Value)
}

// pctText writes a rate as a percentage with one decimal.
func pctText(r float64) string { return strconv.FormatFloat(100*r, 'f', 1, 64) + "%" }

// BalanceRun is a mission opened for a balance search over one key.
type BalanceRun struct {
	World *world.World
	// Header names the mission, boards and tables as the inputs did, and
	// the FRIENDLY policy.
	Header state.Game
	Key    string
	Lo, Hi int
	k      *key
}

// OpenBalance opens the mission, boards and tables of in for a balance
// search spec, KEY=LO..HI: a key of VaryKeys that takes whole numbers.
func OpenBalance(in Inputs, spec string) (*BalanceRun, error) {
	w, hdr, err := game.Open(in.Mission, in.Boards, in.Tables)
	if err != nil {
		return nil, err
	}
	hdr.Policy = cmp.Or(in.Policy, game.PolicyHold)
	if err := simPolicy(hdr.Policy); err != nil {
		return nil, err
	}
	name, rng, ok := strings.Cut(spec, "=")
	if !ok {
		return nil, fmt.Errorf("sim: --balance %q: want KEY=LO..HI (turns=3..12; keys: %s)", spec, VaryKeys)
	}
	k, err := parseKey(name, "--balance", w.Mission(), w.Tables())
	if err != nil {
		return nil, err
	}
	lo, hi := math.MinInt32, math.MaxInt32
	switch {
	case k.whole:
		lo, hi = k.lo, k.hi
	case k.table:
	default:
		return nil, fmt.Errorf("sim: --balance %s: a balance search varies a whole number (turns, entry.N.count, friendly.add..., a number of the tables): use --vary %s=v1,v2,...", name, name)
	}
	b := &BalanceRun{World: w, Header: hdr, Key: name, k: k}
	if b.Lo, b.Hi, err = ParseRange(rng, lo, hi); err != nil {
		return nil, fmt.Errorf("sim: --balance %s=%s", name, err)
	}
	// Both ends must make a mission (a tables key, tables) that plays.
	for _, x := range []int{b.Lo, b.Hi} {
		if _, err := b.prepare(x); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// prepare prepares the mission with the key at x.
func (b *BalanceRun) prepare(x int) (*Prepared, error) {
	v := strconv.Itoa(x)
	what := "--balance " + b.Key + "=" + v
	ms, t, pol, err := applyKeys(b.World.Mission(), b.World.Tables(), b.Header.Policy, []*key{b.k}, []string{v}, true, what)
	if err != nil {
		return nil, err
	}
	return prepareWith(b.World, ms, t, b.Header.Mission, pol, what)
}

// Find searches for the value whose FRIENDLY win rate is target, playing
// c.Runs games at each value tried with c's seed (replicate k of every
// value on the same seed).
func (b *BalanceRun) Find(c Config, target float64) (*Balance, error) {
	if c.CI > 0 || c.Shards > 1 {
		return nil, errors.New("sim: a balance search plays --runs games a value, on one machine: not with --ci or shards")
	}
	s := &Search{Key: b.Key, Lo: b.Lo, Hi: b.Hi, Target: target, Seed: c.Seed}
	s.Play = func(x int) ([]bool, *Result, error) {
		p, err := b.prepare(x)
		if err != nil {
			return nil, nil, err
		}
		won := make([]bool, c.Runs)
		cfg := c
		cfg.Outcome = func(k uint64, w []bool) { won[k] = w[0] }
		r, err := Run(p, cfg)
		if err != nil {
			return nil, nil, err
		}
		return won, r, nil
	}
	return s.Find()
}
