package sim

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// SmallN is the number of games below which a win rate's interval is
// Clopper-Pearson's (exact, conservative) rather than Wilson's.
const SmallN = 100

// Rate is a proportion with its 95% confidence interval.
type Rate struct {
	Count int64      `json:"count"`
	Rate  float64    `json:"rate"`
	CI95  [2]float64 `json:"ci95"`
	// Method is the interval's: "wilson" or "clopper-pearson".
	Method string `json:"method"`
}

// NewRate returns the rate of x successes in n trials with its 95%
// interval: Clopper-Pearson for n < SmallN, Wilson above.
func NewRate(x, n int64) Rate {
	r := Rate{Count: x}
	if n <= 0 {
		r.CI95 = [2]float64{0, 1}
		r.Method = "none"
		return r
	}
	r.Rate = float64(x) / float64(n)
	if n < SmallN {
		r.CI95, r.Method = ClopperPearson(x, n), "clopper-pearson"
	} else {
		r.CI95, r.Method = Wilson(x, n), "wilson"
	}
	return r
}

// HalfWidth is half the width of the interval.
func (r Rate) HalfWidth() float64 { return (r.CI95[1] - r.CI95[0]) / 2 }

// Wilson returns the 95% Wilson score interval of x successes in n trials.
func Wilson(x, n int64) [2]float64 {
	p, fn := float64(x)/float64(n), float64(n)
	z2 := z95 * z95
	den := 1 + z2/fn
	centre := (p + z2/(2*fn)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/fn+z2/(4*fn*fn))
	return [2]float64{max(centre-half, 0), min(centre+half, 1)}
}

// ClopperPearson returns the exact 95% interval of x successes in n
// trials, from quantiles of the Beta distribution.
func ClopperPearson(x, n int64) [2]float64 {
	lo, hi := 0.0, 1.0
	if x > 0 {
		lo = distuv.Beta{Alpha: float64(x), Beta: float64(n - x + 1)}.Quantile(0.025)
	}
	if x < n {
		hi = distuv.Beta{Alpha: float64(x + 1), Beta: float64(n - x)}.Quantile(0.975)
	}
	return [2]float64{lo, hi}
}

// Hist is a histogram of whole-number values, a bin each: bin v counts the
// games where the value was v. It grows to the largest value it meets, so
// that no value is ever counted as another (bounded by what a mission can
// produce: Prepared.maxCount). Never counts the games where the value did
// not occur (a VPO never reached). Merging two is adding them.
type Hist struct {
	Counts []int64
	Never  int64
}

func newHist(bins int) Hist { return Hist{Counts: make([]int64, bins)} }

func (h *Hist) add(v int) {
	v = max(v, 0)
	h.grow(v + 1)
	h.Counts[v]++
}

// grow makes room for n bins.
// sum returns the sum of the values of h's games (bin times count).
func (h *Hist) sum() int64 {
	var s int64
	for v, c := range h.Counts {
		s += int64(v) * c
	}
	return s
}

func (h *Hist) grow(n int) {
	if n > len(h.Counts) {
		h.Counts = append(h.Counts, make([]int64, n-len(h.Counts))...)
	}
}

func (h *Hist) merge(o *Hist) {
	h.grow(len(o.Counts))
	for i, c := range o.Counts {
		h.Counts[i] += c
	}
	h.Never += o.Never
}

// Dist summarises a histogram: values are bins divided by Scale.
type Dist struct {
	// N is the number of games the value occurred in; Never the others.
	N     int64   `json:"n"`
	Never int64   `json:"never,omitempty"`
	Mean  float64 `json:"mean"`
	// CI95 is the 95% interval of the mean (normal approximation).
	CI95 [2]float64 `json:"mean_ci95"`
	// Quantiles at 2.5%, 25%, 50%, 75% and 97.5%: the middle 95% of the
	// games lie between the first and the last.
	Quantiles [5]float64 `json:"quantiles"`
	// Bins are the counts of each value (index / Scale), up to the largest
	// that occurred.
	Bins  []int64 `json:"bins"`
	Scale int     `json:"scale,omitempty"`
}

var quantileProbs = [5]float64{0.025, 0.25, 0.5, 0.75, 0.975}

// Summary returns the Dist of h, whose bin i is the value i/scale.
func (h *Hist) Summary(scale int) Dist {
	last := len(h.Counts)
	for last > 0 && h.Counts[last-1] == 0 {
		last--
	}
	d := Dist{Never: h.Never, Bins: h.Counts[:last]}
	if scale > 1 {
		d.Scale = scale
	}
	fs := float64(max(scale, 1))
	var sum, sum2 float64
	for i, c := range h.Counts {
		d.N += c
		v := float64(i) / fs
		sum += v * float64(c)
		sum2 += v * v * float64(c)
	}
	if d.N == 0 {
		return d
	}
	n := float64(d.N)
	d.Mean = sum / n
	if d.N > 1 {
		sd := math.Sqrt(max(sum2-n*d.Mean*d.Mean, 0) / (n - 1))
		h := z95 * sd / math.Sqrt(n)
		d.CI95 = [2]float64{d.Mean - h, d.Mean + h}
	} else {
		d.CI95 = [2]float64{d.Mean, d.Mean}
	}
	for qi, p := range quantileProbs {
		// The smallest value with at least p of the games at or below it.
		target := p * n
		var cum int64
		for i, c := range h.Counts {
			cum += c
			if float64(cum) >= target-1e-9 && cum > 0 {
				d.Quantiles[qi] = float64(i) / fs
				break
			}
		}
	}
	return d
}

// Diff is the difference of two FRIENDLY win rates played on the same
// replicates (a sweep's value and the one before it, each replicate on
// the same seed), with its 95% interval from the pairing: Newcombe's
// hybrid score interval for paired proportions (method 10 of Newcombe,
// Statistics in Medicine 17, 1998, 2635-2650), narrower than two
// independent intervals' when the games are alike, as common random
// numbers make them.
type Diff struct {
	Diff float64    `json:"diff"`
	CI95 [2]float64 `json:"ci95"`
	// OnlyHere: the replicates the FRIENDLY side won at this value and
	// lost at the one before; OnlyBefore the reverse. The others went
	// alike.
	OnlyHere   int64  `json:"won_only_here"`
	OnlyBefore int64  `json:"won_only_before"`
	Method     string `json:"method"`
}

// PairedDiff is the paired difference of the FRIENDLY win rate of here
// from prev, the tallies of one run's consecutive missions (Tally.OnlyHere
// and OnlyPrev pair here with prev).
func PairedDiff(prev, here *Tally) Diff {
	return NewDiff(here.FriendlyWins, prev.FriendlyWins, here.OnlyHere, here.OnlyPrev, here.Runs)
}

// NewDiff is the paired difference of x1 successes from x2 in the same n
// trials, b of which succeeded in the first and failed in the second and
// c the reverse.
func NewDiff(x1, x2, b, c, n int64) Diff {
	d := Diff{OnlyHere: b, OnlyBefore: c, Method: "newcombe-paired"}
	if n <= 0 {
		d.CI95 = [2]float64{-1, 1}
		d.Method = "none"
		return d
	}
	fn := float64(n)
	p1, p2 := float64(x1)/fn, float64(x2)/fn
	d.Diff = p1 - p2
	w1, w2 := Wilson(x1, n), Wilson(x2, n)
	// The 2x2 table of the pairs: both won (a), neither (dd).
	a := float64(x1 - b)
	fb, fc := float64(b), float64(c)
	dd := fn - a - fb - fc
	phi := 0.0
	if den := (a + fb) * (fc + dd) * (a + fc) * (fb + dd); den > 0 {
		phi = (a*dd - fb*fc) / math.Sqrt(den)
	}
	lo := math.Sqrt(max(sq(p1-w1[0])-2*phi*(p1-w1[0])*(w2[1]-p2)+sq(w2[1]-p2), 0))
	hi := math.Sqrt(max(sq(p2-w2[0])-2*phi*(p2-w2[0])*(w1[1]-p1)+sq(w1[1]-p1), 0))
	d.CI95 = [2]float64{max(d.Diff-lo, -1), min(d.Diff+hi, 1)}
	return d
}

func sq(x float64) float64 { return x * x }
