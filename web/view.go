package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
)

// The page places everything by lattice position (hex.Point: X in half
// hexsides, Y in half hex heights), which does not change with the
// picture; each picture says how lattice positions map to its SVG
// coordinates (the X-Sasl-Lattice header: x = a*X + b, y = c*Y + d).

// pt is a lattice position.
type pt [2]int

func centre(h hex.Hex) pt {
	c := h.Centre()
	return pt{c.X, c.Y}
}

// view is a drawn picture of the game: its SVG, gzipped, and its lattice.
type view struct {
	svg, gz []byte
	lattice string
	// units are the game's units as the picture draws them (JSON).
	units []byte
}

// viewCache holds the pictures of one version of the game: the game now
// (step 0) and as it stood after earlier steps.
type viewCache struct {
	byStep map[int]*view
	hexes  []byte
}

// maxViews bounds the pictures kept of one version.
const maxViews = 8

// draw draws picture p.
func draw(p *render.Picture) (*view, error) {
	var buf bytes.Buffer
	if err := p.WriteSVG(&buf); err != nil {
		return nil, err
	}
	_, hgt := p.Size()
	o, x, y := p.Lattice(0, 0), p.Lattice(1, 0), p.Lattice(0, 1)
	lat := fmt.Sprintf("%g %g %g %g", float64(x.X-o.X), float64(o.X), -float64(y.Y-o.Y), float64(hgt-o.Y))
	return &view{svg: buf.Bytes(), gz: gzipped(buf.Bytes()), lattice: lat}, nil
}

// picture is the picture of the game after step n of its journal (0: as
// it stands), drawn once per version.
func (srv *Server) picture(n int) (*view, error) {
	s := srv.s
	if n == len(s.Journal()) {
		n = 0
	}
	if v, ok := srv.views.byStep[n]; ok {
		return v, nil
	}
	g := s.G
	if n > 0 {
		old, err := game.Replay(g.W, g.State.Game, s.Journal()[:n])
		if err != nil {
			return nil, err
		}
		defer old.Close()
		g = old.G
	}
	v, err := draw(srv.cfg.Picture(g))
	if err != nil {
		return nil, err
	}
	if v.units, err = json.Marshal(unitsOf(g)); err != nil {
		return nil, err
	}
	if srv.views.byStep == nil || len(srv.views.byStep) >= maxViews {
		srv.views.byStep = map[int]*view{}
	}
	srv.views.byStep[n] = v
	return v, nil
}

// mapSVG is GET /api/map.svg[?step=N]: the map as sasl play show draws it,
// now or after step N; units is GET /api/units[?step=N], the units it
// draws.
func (srv *Server) mapSVG(w http.ResponseWriter, r *http.Request) { srv.view(w, r, false) }

func (srv *Server) units(w http.ResponseWriter, r *http.Request) { srv.view(w, r, true) }

func (srv *Server) view(w http.ResponseWriter, r *http.Request, units bool) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if err := srv.refresh(); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	n := 0
	if q := r.URL.Query().Get("step"); q != "" {
		var err error
		n, err = strconv.Atoi(q)
		if err != nil || n < 1 || n > len(srv.s.Journal()) {
			httpError(w, http.StatusBadRequest, fmt.Sprintf("step %q: the game has steps 1 to %d", q, len(srv.s.Journal())))
			return
		}
	}
	v, err := srv.picture(n)
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("X-Sasl-Version", srv.version)
	if units {
		writeBody(w, r, "application/json; charset=utf-8", v.units, nil)
		return
	}
	w.Header().Set("X-Sasl-Lattice", v.lattice)
	writeBody(w, r, "image/svg+xml", v.svg, v.gz)
}

// hexJSON is one hex of the map: its name, lattice position, what it
// holds and its Locations above or below ground.
type hexJSON struct {
	Name string   `json:"name"`
	At   pt       `json:"at"`
	What string   `json:"what,omitempty"`
	Locs []string `json:"locations,omitempty"`
}

// hexes is GET /api/hexes: every hex of the map.
func (srv *Server) hexes(w http.ResponseWriter, r *http.Request) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if err := srv.refresh(); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if srv.views.hexes == nil {
		m := srv.s.G.W.Map()
		out := []hexJSON{}
		for _, h := range m.Hexes() {
			j := hexJSON{Name: m.NameString(h), At: centre(h), What: m.Describe(h)}
			for _, l := range m.Locations(h, board.Options{})[1:] {
				j.Locs = append(j.Locs, m.LocationName(l))
			}
			out = append(out, j)
		}
		b, err := json.Marshal(out)
		if err != nil {
			httpError(w, http.StatusInternalServerError, err.Error())
			return
		}
		srv.views.hexes = b
	}
	writeBody(w, r, "application/json; charset=utf-8", srv.views.hexes, nil)
}

// unitJSON is a unit as the page shows it: where it is drawn (an S? to
// enter beyond its edge, an exited unit beyond the FBE) and its state.
type unitJSON struct {
	ID       string `json:"id"`
	Side     string `json:"side"`
	Kind     string `json:"kind"`
	Type     string `json:"type,omitempty"`
	At       string `json:"at"`
	Drawn    pt     `json:"drawn"`
	Text     string `json:"text"`
	Case     string `json:"case,omitempty"`
	Wave     string `json:"wave,omitempty"`
	Broken   bool   `json:"broken,omitempty"`
	Pinned   bool   `json:"pinned,omitempty"`
	Known    bool   `json:"known,omitempty"`
	Released bool   `json:"released,omitempty"`
	Moved    bool   `json:"moved,omitempty"`
	Advanced bool   `json:"advanced,omitempty"`
	Fired    bool   `json:"fired,omitempty"`
	Entering bool   `json:"entering,omitempty"`
	Exited   bool   `json:"exited,omitempty"`
}

// stateJSON is where the game stands: the stop and its question, what the
// player may do there, the units and the VPO.
type stateJSON struct {
	Version  string     `json:"version"`
	Mission  string     `json:"mission"`
	Turn     int        `json:"turn"`
	LastTurn int        `json:"last_turn"`
	Player   string     `json:"player_turn"`
	Phase    string     `json:"phase"`
	Stop     string     `json:"stop"`
	Where    string     `json:"where"`
	Asked    string     `json:"asked,omitempty"`
	Over     bool       `json:"over"`
	Winner   string     `json:"winner,omitempty"`
	Policy   string     `json:"policy"`
	Step     int        `json:"step"`
	Moving   []string   `json:"moving,omitempty"`
	At       *pt        `json:"at,omitempty"`
	AtName   string     `json:"at_name,omitempty"`
	Can      []string   `json:"can"`
	Last     string     `json:"last,omitempty"`
	Units    []unitJSON `json:"units"`
	VPO      []vpoJSON  `json:"vpo"`
}

type vpoJSON struct {
	At      string `json:"at"`
	Hex     pt     `json:"hex"`
	Control string `json:"control"`
}

var stopKinds = map[game.StopKind]string{
	game.TurnStart: "turn-start", game.BeforePhase: "before-phase", game.FirstFireAt: "first-fire", game.Over: "over",
}

// state is GET /api/state: where the game stands. The page asks it again
// and again; it is answered 304 while the version it names is the game's
// (If-None-Match).
func (srv *Server) state(w http.ResponseWriter, r *http.Request) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if err := srv.refresh(); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	etag := `"` + srv.version + `"`
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	writeJSON(w, http.StatusOK, srv.stateOf())
}

func (srv *Server) stateOf() stateJSON {
	s := srv.s
	g, stop := s.G, s.Stop()
	st, m := g.State, g.W.Map()
	out := stateJSON{Version: srv.version, Mission: g.W.Mission().Name, Turn: st.Turn, LastTurn: g.LastTurn(),
		Player: strings.ToUpper(stop.Player.String()), Phase: stop.Phase.String(), Stop: stopKinds[stop.Kind], Where: stop.Where(),
		Asked: stop.Question, Over: g.Over(), Policy: g.Policy(), Step: len(s.Journal()), Moving: stop.Moving,
		Can: srv.can(), VPO: []vpoJSON{}}
	if o, ok := g.Outcome(); ok && g.Over() {
		out.Winner = o.Text()
	}
	if stop.Kind == game.FirstFireAt {
		at := centre(stop.At.Hex)
		out.At, out.AtName = &at, m.LocationName(stop.At)
	}
	out.Units = unitsOf(g)
	for _, c := range st.VPO {
		out.VPO = append(out.VPO, vpoJSON{m.LocationName(c.At), centre(c.At.Hex), strings.ToUpper(c.Side.String())})
	}
	if j := s.Journal(); len(j) > 1 {
		out.Last = j[len(j)-1].Do
	}
	return out
}

// unitsOf is the units of game g as the page shows them.
func unitsOf(g *game.Game) []unitJSON {
	m, words := g.W.Map(), report.New(g.W)
	out := []unitJSON{}
	fbe := g.W.Mission().FBE
	for _, u := range g.State.Units() {
		j := unitJSON{ID: u.ID, Side: strings.ToUpper(u.Side.String()), Kind: u.Kind.String(), Type: u.Type,
			At: m.LocationName(u.At()), Drawn: centre(u.At().Hex), Text: strings.Join(strings.Fields(words.UnitText(u)), " "), Wave: u.Wave,
			Broken: u.Broken, Pinned: u.Pinned, Known: u.Known, Released: u.Released, Moved: u.Moved, Advanced: u.Advanced, Fired: u.Fired,
			Entering: u.Entering, Exited: u.Exited}
		if u.Case != 0 {
			j.Case = string(u.Case)
		}
		switch {
		case u.Entering:
			j.Drawn = centre(m.Beyond(u.At().Hex, u.Edge))
		case u.Exited:
			j.Drawn = centre(m.Beyond(u.At().Hex, fbe))
		}
		out = append(out, j)
	}
	return out
}

// can lists what the player may do at the stop: the verbs of sasl play
// the game takes (game.Session.Verbs), and undo after the setup.
func (srv *Server) can() []string {
	out := []string{}
	if len(srv.s.Journal()) > 1 {
		out = append(out, "undo")
	}
	return append(out, srv.s.Verbs()...)
}

// eventJSON is one event of the log as the page shows it: its words and
// dice, the units it concerns, and what to mark on the map (a path, fire
// lines, hexes), in lattice positions.
type eventJSON struct {
	Turn   int      `json:"turn"`
	Phase  string   `json:"phase"`
	Player string   `json:"player_turn"`
	Kind   string   `json:"kind"`
	Text   string   `json:"text"`
	Dice   string   `json:"dice,omitempty"`
	Who    []string `json:"who,omitempty"`
	Path   []pt     `json:"path,omitempty"`
	Lines  [][2]pt  `json:"lines,omitempty"`
	Hexes  []pt     `json:"hexes,omitempty"`
}

type stepJSON struct {
	N      int         `json:"n"`
	Do     string      `json:"do"`
	Own    bool        `json:"own,omitempty"`
	Dice   string      `json:"dice,omitempty"`
	Turn   int         `json:"turn"`
	Events []eventJSON `json:"events"`
}

// log is GET /api/log: every step after the setup with its events.
func (srv *Server) log(w http.ResponseWriter, r *http.Request) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if err := srv.refresh(); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	s := srv.s
	out := struct {
		Version string     `json:"version"`
		Steps   []stepJSON `json:"steps"`
	}{srv.version, []stepJSON{}}
	journal := s.Journal()
	for _, st := range s.Steps(2) {
		out.Steps = append(out.Steps, srv.stepOf(st, journal[st.N-1].Dice))
	}
	writeJSON(w, http.StatusOK, out)
}

// stepOf is one step as the page shows it; dice: the step's dice script.
func (srv *Server) stepOf(st game.Step, dice string) stepJSON {
	s := srv.s
	words := report.New(s.G.W)
	j := stepJSON{N: st.N, Do: st.Do, Own: st.Own, Dice: dice, Turn: s.TurnAt(st.First), Events: []eventJSON{}}
	for i := range st.Events {
		j.Events = append(j.Events, srv.eventOf(words, &st.Events[i], s.TurnAt(st.First+i)))
	}
	return j
}

// eventOf is an event as the page shows it: the Locations its words name
// are marked, a move's path drawn, a fire group's lines drawn.
func (srv *Server) eventOf(words *report.Words, e *report.Event, turn int) eventJSON {
	m := srv.s.G.W.Map()
	j := eventJSON{Turn: turn, Phase: e.Phase.String(), Player: strings.ToUpper(e.Player.String()), Kind: e.Kind.String(), Text: words.Text(e)}
	if len(e.Rolls) > 0 {
		j.Dice = report.RollsText(e.Rolls)
	}
	who := map[string]bool{}
	add := func(ids ...string) {
		for _, id := range ids {
			if id != "" && !who[id] {
				who[id] = true
				j.Who = append(j.Who, id)
			}
		}
	}
	add(e.Units...)
	add(e.Lead, e.Target)
	for _, x := range e.Made {
		add(x.ID)
	}
	if len(e.Steps) > 1 {
		hexes := pathing.Path{Steps: e.Steps}.Hexes()
		for _, h := range hexes {
			j.Path = append(j.Path, centre(h))
		}
	}
	if fg := e.Fire; fg != nil {
		add(fg.Members...)
		add(fg.Targets...)
		add(fg.Target)
		for _, l := range fg.From {
			if l.Hex != fg.At.Hex {
				j.Lines = append(j.Lines, [2]pt{centre(l.Hex), centre(fg.At.Hex)})
			}
		}
		j.Hexes = append(j.Hexes, centre(fg.At.Hex))
	}
	for _, h := range e.Hexes {
		j.Hexes = append(j.Hexes, centre(h))
	}
	// The Locations it happened at, the Target an advance heads for, the
	// obstacle a Human Wave unit met. (An event without one has the zero
	// hex, which no event is about.)
	for _, h := range []hex.Hex{e.At.Hex, e.TargetAt.Hex, e.ObstacleAt} {
		if h != (hex.Hex{}) && m.OnMap(h) && !slices.Contains(j.Hexes, centre(h)) {
			j.Hexes = append(j.Hexes, centre(h))
		}
	}
	return j
}
