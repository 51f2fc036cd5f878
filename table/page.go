package table

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
)

// The views of a game that sasl serve's page shows, made here so that the
// page reaches the game through this package alone (package web imports
// no game): a step and its events with what to mark on the map, a
// command worked out before it is done, a line of sight between two
// Locations the player names.

// Map is the game's map.
func (t *Game) Map() *board.Map { return t.g.World().Map() }

// Words words the game's events (package report).
func (t *Game) Words() *report.Words { return report.New(t.g.World()) }

// Plain reports whether the game file has no journal (sasl wave --save):
// it plays turn by turn (Turns), not step by step.
func (t *Game) Plain() bool { return t.s == nil }

// StepView is one step of the journal as both front ends show it (sasl
// play --json, the page's GET /api/log): its number, command, events,
// dice (a script: dice.Script) and whether they were the player's own,
// and the Game Turn it began in.
type StepView struct {
	N      int         `json:"n"`
	Do     string      `json:"do"`
	Events []EventView `json:"events"`
	Dice   string      `json:"dice"`
	Own    bool        `json:"own,omitempty"`
	Turn   int         `json:"turn"`
}

// EventView is one event as both front ends show it: its data and words
// (report.EventJSON), the Game Turn it happened in, its dice in words, and
// what the page marks on the map for it (Marks).
type EventView struct {
	report.EventJSON
	Turn  int    `json:"turn"`
	Dice  string `json:"dice,omitempty"`
	Marks Marks  `json:"marks"`
}

// Marks is what the page marks on the map for an event, in lattice
// positions: the units it concerns (Who), a move's path, a fire group's
// lines, the hexes it happened in.
type Marks struct {
	Who   []string   `json:"who,omitempty"`
	Path  []Point    `json:"path,omitempty"`
	Lines [][2]Point `json:"lines,omitempty"`
	Hexes []Point    `json:"hexes,omitempty"`
}

// Act does command text at the stop the game stands at with the seed's
// dice (DoText) and returns the step as the page shows it. The game file
// is not written: Save.
func (t *Game) Act(text string) (StepView, error) {
	st, err := t.DoText(text, nil)
	if err != nil {
		return StepView{}, err
	}
	return t.stepView(t.Words(), st), nil
}

// Log is every step of the game from step n on (n >= 2) as the page shows
// it.
func (t *Game) Log(n int) ([]StepView, error) {
	steps, err := t.Steps(n)
	if err != nil {
		return nil, err
	}
	return t.StepViews(steps), nil
}

// StepViews is steps as both front ends show them.
func (t *Game) StepViews(steps []game.Step) []StepView {
	words := t.Words()
	out := []StepView{}
	for i := range steps {
		out = append(out, t.stepView(words, &steps[i]))
	}
	return out
}

// StepDice is the dice step st rolled, as the journal keeps them (a
// dice script); "" for none.
func (t *Game) StepDice(st *game.Step) string {
	if journal := t.Journal(); st.N >= 1 && st.N <= len(journal) {
		return journal[st.N-1].Dice
	}
	return ""
}

// stepView is step st as the front ends show it.
func (t *Game) stepView(words *report.Words, st *game.Step) StepView {
	j := StepView{N: st.N, Do: st.Do, Own: st.Own, Turn: t.TurnAt(st.First), Dice: t.StepDice(st), Events: []EventView{}}
	data := words.JSON(st.Events)
	for i := range st.Events {
		j.Events = append(j.Events, t.eventView(data[i], &st.Events[i], t.TurnAt(st.First+i)))
	}
	return j
}

// eventView is an event as the front ends show it (data: its JSON): the
// Locations its words name are marked, a move's path drawn, a fire
// group's lines drawn.
func (t *Game) eventView(data report.EventJSON, e *report.Event, turn int) EventView {
	m := t.Map()
	j := EventView{EventJSON: data, Turn: turn}
	mk := &j.Marks
	if len(e.Rolls) > 0 {
		j.Dice = report.RollsText(e.Rolls)
	}
	who := map[string]bool{}
	add := func(ids ...string) {
		for _, id := range ids {
			if id != "" && !who[id] {
				who[id] = true
				mk.Who = append(mk.Who, id)
			}
		}
	}
	add(e.Units...)
	add(e.Lead, e.Target)
	for _, x := range e.Made {
		add(x.ID)
	}
	if len(e.Steps) > 1 {
		for _, h := range (pathing.Path{Steps: e.Steps}).Hexes() {
			mk.Path = append(mk.Path, Centre(h))
		}
	}
	if fg := e.Fire; fg != nil {
		add(fg.Members...)
		add(fg.Targets...)
		add(fg.Target)
		for _, l := range fg.From {
			if l.Hex != fg.At.Hex {
				mk.Lines = append(mk.Lines, [2]Point{Centre(l.Hex), Centre(fg.At.Hex)})
			}
		}
		mk.Hexes = append(mk.Hexes, Centre(fg.At.Hex))
	}
	for _, h := range e.Hexes {
		mk.Hexes = append(mk.Hexes, Centre(h))
	}
	// The Locations it happened at, the Target an advance heads for, the
	// obstacle a Human Wave unit met. (An event without one has the zero
	// hex, which no event is about.)
	for _, h := range []hex.Hex{e.At.Hex, e.TargetAt.Hex, e.ObstacleAt} {
		if h != (hex.Hex{}) && m.OnMap(h) && !slices.Contains(mk.Hexes, Centre(h)) {
			mk.Hexes = append(mk.Hexes, Centre(h))
		}
	}
	return j
}

// PreviewView is a move or fire worked out before it is done, as the page
// shows it.
type PreviewView struct {
	Verb  string   `json:"verb"`
	Units []string `json:"units"`
	Text  string   `json:"text"`
	// a move: its path, each Location with the MF it costs.
	Path  []PlacePoint `json:"path,omitempty"`
	Spent float64      `json:"spent,omitempty"`
	MF    float64      `json:"mf,omitempty"`
	// a fire: the Shot, and the LOS from each Location of the group.
	Kind      string       `json:"kind,omitempty"`
	FP        float64      `json:"fp,omitempty"`
	DRM       int          `json:"drm"`
	Hindrance int          `json:"hindrance,omitempty"`
	Range     int          `json:"range,omitempty"`
	Odds      float64      `json:"odds,omitempty"`
	At        *PlacePoint  `json:"at,omitempty"`
	Lines     []LineOfFire `json:"lines,omitempty"`
	Targets   []string     `json:"targets,omitempty"`
}

// PlacePoint is a Location by name and its hex's lattice position; on a
// move's path, the MF entering it cost.
type PlacePoint struct {
	Name string  `json:"name"`
	At   Point   `json:"at"`
	MF   float64 `json:"mf,omitempty"`
}

// LineOfFire is the LOS from one Location of a fire group to the Target.
type LineOfFire struct {
	From      PlacePoint `json:"from"`
	Clear     bool       `json:"clear"`
	Hindrance int        `json:"hindrance,omitempty"`
}

// Verdict says the line in a word or two: clear, hindered +N, blocked.
func (l LineOfFire) Verdict() string {
	switch {
	case !l.Clear:
		return "blocked"
	case l.Hindrance > 0:
		return fmt.Sprintf("hindered +%d", l.Hindrance)
	}
	return "clear"
}

// PreviewRefused is a command the stop does not take, with what it shows
// still: a fire refused (its LOS blocked, say) shows the lines that say
// why, and its Target.
type PreviewRefused struct {
	Err   error
	Lines []LineOfFire
	At    *PlacePoint
}

func (e *PreviewRefused) Error() string { return e.Err.Error() }
func (e *PreviewRefused) Unwrap() error { return e.Err }

// PreviewText works command text out as Act would, with nothing rolled or
// written: a move's path and MF, or a fire's FP, DRM and LOS, each in
// words too. A command the stop does not take is refused as Act would
// refuse it; a refused fire's error is a *PreviewRefused carrying its
// lines.
func (t *Game) PreviewText(text string) (*PreviewView, error) {
	m := t.Map()
	c, err := game.ParseCommand(text, m)
	if err != nil {
		return nil, err
	}
	p, err := t.Preview(c)
	if err != nil {
		if p != nil && len(p.Lines) > 0 {
			return nil, &PreviewRefused{Err: err, Lines: linesOf(m, p.Lines), At: &PlacePoint{Name: m.LocationName(c.At), At: Centre(c.At.Hex)}}
		}
		return nil, err
	}
	out := &PreviewView{Verb: string(p.Verb), Units: p.Units}
	switch p.Verb {
	case game.Move:
		var names []string
		for _, st := range p.Steps {
			name := m.LocationName(st.Location)
			out.Path = append(out.Path, PlacePoint{name, Centre(st.Location.Hex), float64(st.HalfMF) / 2})
			names = append(names, name)
		}
		out.Spent, out.MF = float64(p.Spent)/2, float64(p.MF)/2
		out.Text = fmt.Sprintf("%s: %s, %s of %s MF", strings.Join(p.Units, ", "), strings.Join(names, " > "), pathing.HalfMF(p.Spent), pathing.HalfMF(p.MF))
		if c.Assault {
			// ASL A4.61: one Location; fire at it has no FFNAM DRM.
			out.Text += ", by Assault Movement (ASL A4.61): no FFNAM DRM when fired at (FFMO still, in Open Ground: A4.6)"
		}
		if t.Stop().Phase == state.APh {
			out.Spent, out.MF = 0, 0
			out.Text = fmt.Sprintf("%s: %s: an advance of one Location (ASL A4.7)", strings.Join(p.Units, ", "), strings.Join(names, " > "))
		}
	case game.Fire:
		sh := p.Shot
		out.Kind, out.FP, out.DRM, out.Hindrance, out.Range, out.Odds = report.FireText(p.Kind), sh.FP, sh.DRM, sh.Hindrance, sh.Range, sh.Odds
		out.At = &PlacePoint{Name: m.LocationName(sh.At), At: Centre(sh.At.Hex)}
		out.Targets = p.Targets
		out.Lines = linesOf(m, p.Lines)
		var los []string
		for _, l := range out.Lines {
			los = append(los, fmt.Sprintf("LOS from %s %s", l.From.Name, l.Verdict()))
		}
		// The DRM's parts in the words of the fire's report (FFNAM/FFMO,
		// leader: report.Words.DRMParts), so that the preview and the
		// event after the fire say one thing one way.
		drm := ""
		grp := sh.Group()
		if parts := t.Words().DRMParts(&grp); parts != "" {
			drm = " (" + parts + ")"
		}
		out.Text = fmt.Sprintf("%s by %s at %s: %s FP, DRM %+d%s, range %d; %s; a Morale Check or worse %.0f%%",
			out.Kind, strings.Join(p.Units, ", "), m.LocationName(sh.At), report.FormatFP(sh.FP), sh.DRM, drm, sh.Range, strings.Join(los, ", "), 100*sh.Odds)
	}
	return out, nil
}

// linesOf is the LOS lines of a preview as the page draws them.
func linesOf(m *board.Map, ls []game.SightLine) []LineOfFire {
	var out []LineOfFire
	for _, l := range ls {
		out = append(out, LineOfFire{PlacePoint{Name: m.LocationName(l.From), At: Centre(l.From.Hex)}, l.Clear, l.Hindrance})
	}
	return out
}

// LocationError is a Location the player named that the map has not.
type LocationError struct {
	Which, Name string // "from", "to"; what was given
	Err         error
}

func (e *LocationError) Error() string {
	return fmt.Sprintf("%s: Location %q: %v", e.Which, e.Name, e.Err)
}
func (e *LocationError) Unwrap() error { return e.Err }

// SightBetween is the line of sight from Location from to to, both named
// as the map names them ("4T2", "4U4h1"): a name the map has not is a
// *LocationError.
func (t *Game) SightBetween(from, to string) (Sight, error) {
	w := t.g.World()
	m := w.Map()
	a, err := m.ParseLocation(from)
	if err != nil {
		return Sight{}, &LocationError{"from", from, err}
	}
	b, err := m.ParseLocation(to)
	if err != nil {
		return Sight{}, &LocationError{"to", to, err}
	}
	lm, err := w.LOS()
	if err != nil {
		return Sight{}, err
	}
	res := lm.Query(a, b)
	return SightOf(m, a, b, &res), nil
}

// Offers is what the player may do where the game stands, as the game's
// Legal lists it (game.Session.Legal): the page offers these and nothing
// else, so that what it offers the game takes (issue 53). A move of more
// than one Location, or of fewer of a stack's units, the player may still
// plan; the game checks it as it checks every command.
type Offers struct {
	Moves []MoveOffer `json:"moves"`
	Fires []FireOffer `json:"fires"`
}

// MoveOffer is the units of a stack that may move (advance, rout) from
// Location From, together, and the Locations one Location away they may
// enter: To by a move (an advance in the APh, a rout in the RtPh: ASL
// A4, A4.7, A10.5), Assault by Assault Movement (A4.61), LowCrawl by Low
// Crawl (A10.52).
type MoveOffer struct {
	Units    []string `json:"units"`
	From     string   `json:"from"`
	To       []string `json:"to,omitempty"`
	Assault  []string `json:"assault,omitempty"`
	LowCrawl []string `json:"low_crawl,omitempty"`
}

// FireOffer is a Location the player's units may fire from and the
// Locations they may fire at.
type FireOffer struct {
	From string   `json:"from"`
	At   []string `json:"at"`
}

// Offers is what the player may do now (see Offers); none in a game with
// no journal, or one over.
func (t *Game) Offers() Offers {
	out := Offers{Moves: []MoveOffer{}, Fires: []FireOffer{}}
	if t.s == nil {
		return out
	}
	m := t.Map()
	for _, c := range t.s.Legal() {
		switch c.Verb {
		case game.Move:
			u, _ := t.g.Unit(c.Units[0])
			from := m.LocationName(u.At())
			i := slices.IndexFunc(out.Moves, func(o MoveOffer) bool { return o.From == from && slices.Equal(o.Units, c.Units) })
			if i < 0 {
				out.Moves = append(out.Moves, MoveOffer{Units: c.Units, From: from})
				i = len(out.Moves) - 1
			}
			o, to := &out.Moves[i], m.LocationName(c.To[0])
			switch {
			case c.Assault:
				o.Assault = append(o.Assault, to)
			case c.LowCrawl:
				o.LowCrawl = append(o.LowCrawl, to)
			default:
				o.To = append(o.To, to)
			}
		case game.Fire:
			from := m.LocationName(c.From[0])
			i := slices.IndexFunc(out.Fires, func(o FireOffer) bool { return o.From == from })
			if i < 0 {
				out.Fires = append(out.Fires, FireOffer{From: from})
				i = len(out.Fires) - 1
			}
			out.Fires[i].At = append(out.Fires[i].At, m.LocationName(c.At))
		}
	}
	return out
}
