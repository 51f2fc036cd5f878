package table

import (
	"strings"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/tables"
)

// View is where a game stands, as every front end shows it: sasl play show
// --json, the stop the step commands print with --json, and the browser.
// It is data: the stop is its kind, units and Locations, never a sentence
// (Where is the one short phrase, for a title).
type View struct {
	Mission string `json:"mission"`
	// Attitude is the ENEMY's Prevailing Attitude (SASL 4.33, 6: the name
	// of an Action table); AttitudeReading: the mission names none, and
	// the tables' sasl.action.prevailing is played (sasl's reading).
	Attitude        string `json:"attitude"`
	AttitudeReading bool   `json:"attitude_reading,omitempty"`
	Turn            int    `json:"turn"`
	LastTurn        int    `json:"last_turn"`
	// Player is whose Player Turn is under way ("enemy", "friendly"), Phase
	// the next phase of it.
	Player string       `json:"player_turn"`
	Phase  string       `json:"phase"`
	Over   bool         `json:"over"`
	Policy state.Policy `json:"policy"`
	// FirstFire is which ENEMY moves a player game stops at for the
	// player's First Fire ("every", "normal", "pbf": game.FireStops; sasl
	// play next --first-fire changes it); "" for a game of another policy
	// or begun by an earlier sasl (which stops at every shot with --stop
	// fire, at none with phase or turn).
	FirstFire string `json:"first_fire,omitempty"`
	// Winner is the side that won ("enemy", "friendly") once the game is
	// over, Why the mission's victory conditions that decided it.
	Winner string  `json:"winner,omitempty"`
	Why    string  `json:"why,omitempty"`
	Exited float64 `json:"enemy_exited"`
	// Step counts the journal's steps (the setup is 1), Last is the last
	// one's command; 0 and "" for a file without a journal.
	Step  int       `json:"step"`
	Last  string    `json:"last,omitempty"`
	Where string    `json:"where"`
	Stop  *StopView `json:"stop,omitempty"`
	// Can are the player's commands the game takes where it stands
	// (game.Session.Verbs), undo after the setup.
	Can   []string   `json:"can"`
	Units []UnitView `json:"units"`
	VPO   []VPOView  `json:"vpo"`
	// Residual is the Residual FP in Locations (ASL A8.2), during a MPh.
	Residual []ResidualView `json:"residual"`
	// Placeholders: how many values of the tables the game plays by are
	// sasl's stand-ins for the player's rulebook values, and in which
	// charts (none: every value is the rulebook's or a rule's).
	Placeholders *tables.PlaceholderSummary `json:"placeholder_tables,omitempty"`
}

// StopView is the stop a game stands at (state.Stop).
type StopView struct {
	Kind   string `json:"kind"`
	Turn   int    `json:"turn"`
	Player string `json:"player_turn"`
	Phase  string `json:"phase"`
	// At, Moving, Groups, CanFire: at a first-fire stop, the Location the
	// ENEMY stack Moving entered (AtHex its lattice position, hex.Point),
	// the FRIENDLY fire groups that may fire at it, and whether one still
	// may.
	At     string   `json:"at,omitempty"`
	AtHex  *Point   `json:"at_hex,omitempty"`
	Moving []string `json:"moving,omitempty"`
	// Path: at a first-fire stop, the ENEMY stack's move this phase up to
	// At, the centre of each Location's hex (Centre): first where it
	// started (beyond the map's edge for a stack that entered it), last
	// AtHex.
	Path    []Point     `json:"path,omitempty"`
	Groups  []GroupView `json:"groups,omitempty"`
	CanFire bool        `json:"can_fire,omitempty"`
	// Routs: at a rout stop, the FRIENDLY broken units that must or may
	// rout and where to (ASL A10.5).
	Routs []RoutView `json:"routs,omitempty"`
}

// RoutView is a broken unit a rout stop offers: where it is, whether it
// must rout, the Locations it may rout to and Low Crawl to.
type RoutView struct {
	Unit  string   `json:"unit"`
	At    string   `json:"at"`
	Must  bool     `json:"must"`
	To    []string `json:"to"`
	Crawl []string `json:"crawl"`
}

// GroupView is a fire group a First Fire stop offers, with the fire it
// may make where it is not First Fire (state.FireKind: sff, fpf; ASL A8).
type GroupView struct {
	Units []string `json:"units"`
	At    string   `json:"at"`
	Range int      `json:"range"`
	Fire  string   `json:"fire,omitempty"`
}

// Point is a lattice position (hex.Point: X in half hexsides, Y in half
// hex heights), by which the browser places what it draws.
type Point [2]int

// Centre is the lattice position of hex h's centre.
func Centre(h hex.Hex) Point {
	c := h.Centre()
	return Point{c.X, c.Y}
}

// UnitView is a unit: where it is, where it is drawn (an S? to enter
// beyond its edge, an exited unit beyond the FBE), its words and state.
type UnitView struct {
	ID       string `json:"id"`
	Side     string `json:"side"`
	Unit     string `json:"unit"`
	Type     string `json:"type,omitempty"`
	At       string `json:"at"`
	Drawn    Point  `json:"drawn"`
	Text     string `json:"text"`
	Case     string `json:"case,omitempty"`
	Crest    string `json:"crest,omitempty"`
	Wave     string `json:"wave,omitempty"`
	Entering string `json:"entering,omitempty"`
	Broken   bool   `json:"broken,omitempty"`
	Pinned   bool   `json:"pinned,omitempty"`
	Wounded  bool   `json:"wounded,omitempty"`
	Known    bool   `json:"known,omitempty"`
	Released bool   `json:"released,omitempty"`
	Moved    bool   `json:"moved,omitempty"`
	Advanced bool   `json:"advanced,omitempty"`
	Fired    bool   `json:"fired,omitempty"`
	// FinalFire: marked Final Fire (ASL A8.3); Fired without it is the
	// First Fire marker.
	FinalFire bool `json:"final_fire,omitempty"`
	Exited    bool `json:"exited,omitempty"`
	// HW: a unit in a Human Wave now (state.Unit.InHumanWave), drawn in
	// the Human Wave colour (SASL 4.3);
	// Level: where in its hex it stands, as its counter shows it ("h1",
	// "h-1", "roof", render.Marker.LevelText; "" at ground level).
	HW    bool   `json:"hw,omitempty"`
	Level string `json:"level,omitempty"`
}

// ResidualView is the Residual FP left in a Location (ASL A8.2), and how
// a map marks it (ResidualText).
type ResidualView struct {
	At   string `json:"at"`
	Hex  Point  `json:"hex"`
	FP   int    `json:"fp"`
	Text string `json:"text"`
}

// VPOView is a VPO and who Controls it.
type VPOView struct {
	At      string `json:"at"`
	Hex     Point  `json:"hex"`
	Control string `json:"control"`
}

// side is a side as game files write it: enemy, friendly.
func side(s state.Side) string { return s.String() }

// View is where the game stands.
func (t *Game) View() View {
	g := t.g
	st, m := g.Snapshot(), g.World().Map()
	att, reading := g.World().Attitude()
	v := View{Mission: g.World().Mission().Name, Attitude: att, AttitudeReading: reading, Turn: st.Turn, LastTurn: g.LastTurn(), Player: side(st.Player), Phase: st.Phase.String(),
		Over: g.Over(), Policy: g.Policy(), Exited: g.Exited(), Can: []string{},
		Placeholders: g.World().Tables().PlaceholderSummary()}
	if o, ok := g.Outcome(); ok && g.Over() {
		v.Winner, v.Why = side(o.Winner), o.Why()
	}
	if t.s != nil {
		if g.Policy() == game.PolicyPlayer {
			v.FirstFire = g.Stops().FirstFire.String()
		}
		j := t.s.Journal()
		v.Step = len(j)
		if len(j) > 1 {
			v.Last = j[len(j)-1].Do
			v.Can = append(v.Can, "undo")
		}
		for _, verb := range t.s.Verbs() {
			v.Can = append(v.Can, string(verb))
		}
	}
	stop := t.Stop()
	v.Where = report.Where(stop)
	v.Stop = stopView(stop, m)
	v.Units, v.VPO, v.Residual = countersOf(g, st)
	return v
}

// CountersOf is what a map of the game shows over its boards, as a View
// shows it: the units, the VPOs and who Controls them, and the Residual
// FP in Locations.
func CountersOf(t *Game) ([]UnitView, []VPOView, []ResidualView) {
	return countersOf(t.g, t.g.Snapshot())
}

// countersOf is CountersOf of st, a snapshot of g.
func countersOf(g *game.Game, st *state.State) ([]UnitView, []VPOView, []ResidualView) {
	m := g.World().Map()
	vpo := []VPOView{}
	for _, c := range st.VPO {
		vpo = append(vpo, VPOView{m.LocationName(c.At), Centre(c.At.Hex), side(c.Side)})
	}
	res := []ResidualView{}
	for _, r := range st.Residual {
		res = append(res, ResidualView{m.LocationName(r.At), Centre(r.At.Hex), r.FP, ResidualText(r)})
	}
	return unitsOf(g, st), vpo, res
}

func stopView(s *state.Stop, m *board.Map) *StopView {
	v := &StopView{Kind: s.Kind.String(), Turn: s.Turn, Player: side(s.Player), Phase: s.Phase.String(), Moving: s.Moving, CanFire: s.CanFire}
	if s.Kind == state.FirstFireAt {
		at := Centre(s.At.Hex)
		v.At, v.AtHex = m.LocationName(s.At), &at
		for _, l := range s.Path {
			v.Path = append(v.Path, Centre(l.Hex))
		}
		for _, g := range s.Groups {
			gv := GroupView{g.Units, m.LocationName(g.At), g.Range, ""}
			if g.Fire != state.FireFirst {
				gv.Fire = g.Fire.String()
			}
			v.Groups = append(v.Groups, gv)
		}
	}
	names := func(ls []board.Location) []string {
		out := []string{}
		for _, l := range ls {
			out = append(out, m.LocationName(l))
		}
		return out
	}
	for _, r := range s.Routs {
		v.Routs = append(v.Routs, RoutView{r.Unit, m.LocationName(r.At), r.Must, names(r.To), names(r.Crawl)})
	}
	return v
}

// unitsOf is the units of st, a snapshot of g, as a View shows them.
func unitsOf(g *game.Game, st *state.State) []UnitView {
	m, words := g.World().Map(), report.New(g.World())
	out := []UnitView{}
	fbe := g.World().Mission().FBE
	for _, u := range st.Units() {
		j := UnitView{ID: u.ID, Side: side(u.Side), Unit: u.Kind.String(), Type: u.Type,
			At: m.LocationName(u.At()), Drawn: Centre(u.At().Hex), Text: strings.Join(strings.Fields(words.UnitText(u)), " "), Wave: u.Wave,
			Broken: u.Broken, Pinned: u.Pinned, Wounded: u.Wounded, Known: u.Known, Released: u.Released, Moved: u.Moved, Advanced: u.Advanced, Fired: u.Fired,
			FinalFire: u.FinalFire, Exited: u.Exited, HW: u.InHumanWave(), Level: render.Marker{At: u.At()}.LevelText()}
		if u.Case != 0 {
			j.Case = string(u.Case)
		}
		if u.Crest {
			j.Crest = m.NameString(u.Facing)
		}
		switch {
		case u.Entering:
			j.Entering = u.Edge.String()
			j.Drawn = Centre(m.Beyond(u.At().Hex, u.Edge))
		case u.Exited:
			j.Drawn = Centre(m.Beyond(u.At().Hex, fbe))
		}
		out = append(out, j)
	}
	return out
}

// Asked is what the game asks the player where it stands, in the
// terminal's words (report.Words.Asked): "" for a file without a journal
// or a game that is over.
func (t *Game) Asked() string {
	if t.s == nil {
		return ""
	}
	return report.New(t.g.World()).Asked(t.s.Stop(), t.g.Snapshot(), t.g.LastTurn())
}
