package web

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/table"
)

// hexJSON is one hex of the map: its name, lattice position, what it
// holds and its Locations above or below ground.
type hexJSON struct {
	Name string      `json:"name"`
	At   table.Point `json:"at"`
	What string      `json:"what,omitempty"`
	Locs []string    `json:"locations,omitempty"`
	// Inward: for a half-hex on the map's edge (ASL A2.2), how far its
	// counters are drawn from its centre, in lattice units, so that they
	// stand on the half that is on the map.
	Inward *[2]float64 `json:"inward,omitempty"`
}

// hexes is GET /api/hexes: every hex of the map.
func (srv *Server) hexes(w http.ResponseWriter, r *http.Request) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if err := srv.refresh(); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	b, gz, err := srv.hexesJSON()
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeBody(w, r, "application/json; charset=utf-8", b, gz)
}

// hexesJSON is the JSON of GET /api/hexes, and gzipped, made once a
// version of the game; srv.mu is held.
func (srv *Server) hexesJSON() (b, gz []byte, err error) {
	if srv.views.hexes == nil {
		m := srv.t.Game().World().Map()
		out := []hexJSON{}
		for _, h := range m.Hexes() {
			j := hexJSON{Name: m.NameString(h), At: table.Centre(h), What: m.Describe(h)}
			for _, l := range m.Locations(h, board.Options{})[1:] {
				j.Locs = append(j.Locs, m.LocationName(l))
			}
			j.Inward = inward(m, h)
			out = append(out, j)
		}
		b, err := json.Marshal(out)
		if err != nil {
			return nil, nil, err
		}
		srv.views.hexes, srv.views.hexesGz = b, gzipped(b)
	}
	return srv.views.hexes, srv.views.hexesGz, nil
}

// stateJSON is where the game stands (table.View), with the version of
// the game file it is of.
type stateJSON struct {
	Version string `json:"version"`
	table.View
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

func (srv *Server) stateOf() stateJSON { return stateJSON{srv.version, srv.t.View()} }

// eventJSON is one event of the log as the page shows it: its words and
// dice, the units it concerns, and what to mark on the map (a path, fire
// lines, hexes), in lattice positions.
type eventJSON struct {
	Turn   int              `json:"turn"`
	Phase  string           `json:"phase"`
	Player string           `json:"player_turn"`
	Kind   string           `json:"kind"`
	Text   string           `json:"text"`
	Dice   string           `json:"dice,omitempty"`
	Who    []string         `json:"who,omitempty"`
	Path   []table.Point    `json:"path,omitempty"`
	Lines  [][2]table.Point `json:"lines,omitempty"`
	Hexes  []table.Point    `json:"hexes,omitempty"`
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
	out, err := srv.logOf()
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// logJSON is GET /api/log: the steps of the game's journal as the page
// shows them.
type logJSON struct {
	Version string     `json:"version"`
	Steps   []stepJSON `json:"steps"`
}

// logOf is the log of the game; srv.mu is held.
func (srv *Server) logOf() (logJSON, error) {
	t := srv.t
	out := logJSON{srv.version, []stepJSON{}}
	journal := t.Journal()
	steps, err := t.Steps(2)
	if err != nil {
		return out, err
	}
	for _, st := range steps {
		out.Steps = append(out.Steps, srv.stepOf(st, journal[st.N-1].Dice))
	}
	return out, nil
}

// stepOf is one step as the page shows it; dice: the step's dice script.
func (srv *Server) stepOf(st game.Step, dice string) stepJSON {
	t := srv.t
	words := report.New(t.Game().World())
	j := stepJSON{N: st.N, Do: st.Do, Own: st.Own, Dice: dice, Turn: t.TurnAt(st.First), Events: []eventJSON{}}
	for i := range st.Events {
		j.Events = append(j.Events, srv.eventOf(words, &st.Events[i], t.TurnAt(st.First+i)))
	}
	return j
}

// eventOf is an event as the page shows it: the Locations its words name
// are marked, a move's path drawn, a fire group's lines drawn.
func (srv *Server) eventOf(words *report.Words, e *report.Event, turn int) eventJSON {
	m := srv.t.Game().World().Map()
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
			j.Path = append(j.Path, table.Centre(h))
		}
	}
	if fg := e.Fire; fg != nil {
		add(fg.Members...)
		add(fg.Targets...)
		add(fg.Target)
		for _, l := range fg.From {
			if l.Hex != fg.At.Hex {
				j.Lines = append(j.Lines, [2]table.Point{table.Centre(l.Hex), table.Centre(fg.At.Hex)})
			}
		}
		j.Hexes = append(j.Hexes, table.Centre(fg.At.Hex))
	}
	for _, h := range e.Hexes {
		j.Hexes = append(j.Hexes, table.Centre(h))
	}
	// The Locations it happened at, the Target an advance heads for, the
	// obstacle a Human Wave unit met. (An event without one has the zero
	// hex, which no event is about.)
	for _, h := range []hex.Hex{e.At.Hex, e.TargetAt.Hex, e.ObstacleAt} {
		if h != (hex.Hex{}) && m.OnMap(h) && !slices.Contains(j.Hexes, table.Centre(h)) {
			j.Hexes = append(j.Hexes, table.Centre(h))
		}
	}
	return j
}
