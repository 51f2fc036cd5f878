package render

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Estimate is a proportion with its interval, at a labelled point of a
// chart.
type Estimate struct {
	Label     string
	Value     float64
	Low, High float64
}

// Chart is a result chart drawn with gonum/plot, in Liberation Sans as
// the maps are.
type Chart struct {
	p *plot.Plot
	// Scale multiplies the resolution of PNG output (SVG and PDF are
	// drawn to scale by their viewer); zero means 1.
	Scale float64
}

// newPlot returns a plot whose texts are in the sans face of the maps
// (gonum/plot's default is the serif one).
func newPlot() *plot.Plot {
	p := plot.New()
	for _, sty := range []*draw.TextStyle{&p.Title.TextStyle, &p.X.Label.TextStyle, &p.Y.Label.TextStyle, &p.X.Tick.Label, &p.Y.Tick.Label, &p.Legend.TextStyle} {
		sty.Font.Variant = "Sans"
	}
	p.Title.TextStyle.Font.Weight = fonts().bold.Weight
	return p
}

// RateChart charts proportions with their intervals against the labels of
// a sweep: points with error bars, the labels in order along x.
func RateChart(title, xLabel, yLabel string, points []Estimate) (*Chart, error) {
	p := newPlot()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Y.Min, p.Y.Max = 0, 1
	p.Title.TextStyle.Font.Size = vg.Points(11)
	pts := make(plotter.XYs, len(points))
	errs := make(plotter.YErrors, len(points))
	var ticks []plot.Tick
	for i, e := range points {
		pts[i] = plotter.XY{X: float64(i), Y: e.Value}
		errs[i].Low, errs[i].High = e.Value-e.Low, e.High-e.Value
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: e.Label})
	}
	p.X.Min, p.X.Max = -0.5, float64(len(points))-0.5
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	line, sc, err := plotter.NewLinePoints(pts)
	if err != nil {
		return nil, err
	}
	line.Color = rateBlue
	bars, err := rateMarks(sc, pts, errs)
	if err != nil {
		return nil, err
	}
	p.Add(plotter.NewGrid(), line, sc, bars)
	return &Chart{p: p}, nil
}

// rateBlue is the colour of the rates played.
var rateBlue = color.NRGBA{R: 0x1f, G: 0x5f, B: 0xa8, A: 0xff}

// rateMarks styles sc as the rates played (pts) and makes their interval
// bars (errs), one look for every chart of rates.
func rateMarks(sc *plotter.Scatter, pts plotter.XYs, errs plotter.YErrors) (*plotter.YErrorBars, error) {
	sc.Shape = draw.CircleGlyph{}
	sc.Color = rateBlue
	bars, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{pts, errs})
	if err != nil {
		return nil, err
	}
	bars.Color = rateBlue
	bars.CapWidth = vg.Points(6)
	return bars, nil
}

// Point is a proportion with its interval at a value x.
type Point struct {
	X         float64
	Value     float64
	Low, High float64
}

// BalanceChart charts a balance search: the rates played with their
// intervals against the value, the curve fitted to them over fitLo..fitHi
// (the values it was fitted to), the target rate across, and the value
// where the curve meets it (crossing) with its interval (low..high) as a
// band. The legend keeps to the corner the curve leaves empty.
func BalanceChart(title, xLabel, yLabel string, points []Point, curve func(x float64) float64, fitLo, fitHi, target, crossing, low, high float64) (*Chart, error) {
	if len(points) == 0 {
		return nil, fmt.Errorf("render: a balance chart of no points")
	}
	p := newPlot()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Y.Min, p.Y.Max = 0, 1
	lo, hi := points[0].X, points[0].X
	pts := make(plotter.XYs, len(points))
	errs := make(plotter.YErrors, len(points))
	for i, e := range points {
		pts[i] = plotter.XY{X: e.X, Y: e.Value}
		errs[i].Low, errs[i].High = e.Value-e.Low, e.High-e.Value
		lo, hi = min(lo, e.X), max(hi, e.X)
	}
	pad := max((hi-lo)*0.03, 0.5)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	red := color.NRGBA{R: 0xbd, G: 0x00, B: 0x26, A: 0xff}
	var items []plot.Plotter
	items = append(items, plotter.NewGrid())
	if !math.IsNaN(crossing) {
		band, err := plotter.NewPolygon(plotter.XYs{{X: low, Y: 0}, {X: high, Y: 0}, {X: high, Y: 1}, {X: low, Y: 1}})
		if err != nil {
			return nil, err
		}
		band.Color = color.NRGBA{R: 0xbd, G: 0x00, B: 0x26, A: 0x30}
		band.LineStyle.Width = 0
		at, err := plotter.NewLine(plotter.XYs{{X: crossing, Y: 0}, {X: crossing, Y: 1}})
		if err != nil {
			return nil, err
		}
		at.Color = red
		items = append(items, band, at)
		p.Legend.Add(fmt.Sprintf("crossing %.2f (95%% CI %.2f to %.2f)", crossing, low, high), band)
	}
	across, err := plotter.NewLine(plotter.XYs{{X: p.X.Min, Y: target}, {X: p.X.Max, Y: target}})
	if err != nil {
		return nil, err
	}
	across.Color = color.Gray{Y: 0x60}
	across.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	items = append(items, across)
	p.Legend.Add(fmt.Sprintf("target %.0f%%", 100*target), across)
	if curve != nil {
		fn := plotter.NewFunction(curve)
		fn.XMin, fn.XMax = fitLo, fitHi
		fn.Samples = 200
		fn.Color = red
		fn.Width = vg.Points(1.5)
		items = append(items, fn)
		p.Legend.Add(fmt.Sprintf("logistic curve fitted to %g..%g", fitLo, fitHi), fn)
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	bars, err := rateMarks(sc, pts, errs)
	if err != nil {
		return nil, err
	}
	items = append(items, bars, sc)
	p.Legend.Add("rate played (95% CI)", sc)
	p.Add(items...)
	// A rising rate leaves the bottom right empty, a falling one the top
	// right.
	p.Legend.Top = points[len(points)-1].Value < points[0].Value
	if p.Legend.Top {
		p.Legend.YOffs = -vg.Points(6) // clear of the title
	}
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.X.Tick.Marker = integerTicks{}
	return &Chart{p: p}, nil
}

// integerTicks labels an axis of whole values (a key's values) at whole
// numbers only, every 1, 2, 5, 10, ... so that at most about a dozen are
// labelled; the values between are minor ticks when the step is small.
type integerTicks struct{}

func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	first, last := math.Ceil(lo)+0, math.Floor(hi) // +0: no "-0"
	if last < first {
		return nil
	}
	step := 1.0
	for _, s := range []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		step = s
		if (last-first)/s <= 12 {
			break
		}
	}
	var out []plot.Tick
	for v := first; v <= last; v++ {
		switch {
		case math.Mod(v, step) == 0:
			out = append(out, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64)})
		case step <= 5:
			out = append(out, plot.Tick{Value: v})
		}
	}
	return out
}

// HistogramChart charts counts of games by value: one bar a value, the
// labels under the bars.
func HistogramChart(title, xLabel string, labels []string, counts []float64) (*Chart, error) {
	if len(labels) != len(counts) {
		return nil, fmt.Errorf("render: %d labels for %d bars", len(labels), len(counts))
	}
	p := newPlot()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = "games"
	// Bars take 70% of their slot of the plot's width.
	bars, err := plotter.NewBarChart(plotter.Values(counts), max(vg.Points(1), min(vg.Points(24), (ChartWidth-2*vg.Centimeter)*0.7/vg.Length(max(len(counts), 1)))))
	if err != nil {
		return nil, err
	}
	bars.Color = color.NRGBA{R: 0xbd, G: 0x00, B: 0x26, A: 0xc0}
	bars.LineStyle.Width = 0
	p.Add(plotter.NewGrid(), bars)
	p.Y.Max *= 1.06 // the tallest bar clear of the frame's top
	// Label every bar when few, else about a dozen of them.
	step := max(1, len(labels)/12)
	var ticks []plot.Tick
	for i, l := range labels {
		t := plot.Tick{Value: float64(i)}
		if i%step == 0 {
			t.Label = l
		}
		ticks = append(ticks, t)
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.Y.Tick.Marker = wholeTicks{}
	return &Chart{p: p}, nil
}

// wholeTicks labels an axis of counts with whole numbers.
type wholeTicks struct{}

func (wholeTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for _, t := range (plot.DefaultTicks{}).Ticks(lo, hi) {
		if t.Label != "" {
			if t.Value != math.Trunc(t.Value) {
				continue
			}
			t.Label = strconv.FormatFloat(t.Value, 'f', 0, 64)
		}
		out = append(out, t)
	}
	return out
}

// ChartWidth and ChartHeight are the size of a chart.
const (
	ChartWidth  = 16 * vg.Centimeter
	ChartHeight = 10 * vg.Centimeter
)

// Write draws the chart in format f to w.
func (c *Chart) Write(w io.Writer, f Format) error {
	scale := c.Scale
	if scale <= 0 {
		scale = 1
	}
	dpi := max(1, int(float64(DefaultDPI)*scale+0.5))
	return drawAs(w, f, ChartWidth, ChartHeight, dpi, func(cv vg.Canvas) { c.p.Draw(draw.NewCanvas(cv, ChartWidth, ChartHeight)) })
}
