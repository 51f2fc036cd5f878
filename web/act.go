package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/table"
)

// do is POST /api/do: the player's action, carried out as the sasl play
// command of the same words and written to the game file before it is
// answered. A command the stop does not take is refused (422) with the
// game unchanged; an action on a stale version is refused (409).
func (srv *Server) do(w http.ResponseWriter, r *http.Request) {
	a, ok := readAction(w, r)
	if !ok {
		return
	}
	release, ok := srv.current(w, a)
	if !ok {
		return
	}
	defer release()
	text := strings.Join(strings.Fields(a.Do), " ")
	var steps []stepJSON
	var undone []string
	if f := strings.Fields(text); f[0] == "undo" {
		n := 1
		if len(f) > 2 {
			httpError(w, http.StatusUnprocessableEntity, fmt.Sprintf("%q: want undo [STEPS]", text))
			return
		}
		if len(f) == 2 {
			var err error
			if n, err = strconv.Atoi(f[1]); err != nil {
				httpError(w, http.StatusUnprocessableEntity, fmt.Sprintf("%q: want undo [STEPS], STEPS a number", text))
				return
			}
		}
		gone, err := srv.t.Undo(n)
		if err != nil {
			httpError(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		for _, st := range gone {
			undone = append(undone, st.Do)
		}
		if !srv.save(w) {
			return
		}
	} else {
		// A command that does not parse changes nothing: answered
		// without dropping the session.
		if _, err := game.ParseCommand(text, srv.t.Game().World().Map()); err != nil {
			httpError(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		step, err := srv.t.DoText(text, nil)
		if err != nil {
			// Refused, or the engine failed: the file is as it was; the
			// next request replays it.
			srv.drop()
			httpError(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		if !srv.save(w) {
			return
		}
		steps = append(steps, srv.stepOf(*step, srv.t.Journal()[step.N-1].Dice))
	}
	writeJSON(w, http.StatusOK, map[string]any{"version": srv.version, "steps": steps, "undone": undone, "state": srv.stateOf()})
}

// save writes the game to its file and takes the file's new version; on
// failure the session is dropped (the file, written whole or not at all,
// is as it was) and the error answered.
func (srv *Server) save(w http.ResponseWriter) bool {
	srv.views = viewCache{hexes: srv.views.hexes, hexesGz: srv.views.hexesGz}
	if err := srv.t.Save(); err != nil {
		srv.drop()
		httpError(w, http.StatusInternalServerError, err.Error())
		return false
	}
	v, err := fileVersion(srv.cfg.Path)
	if err != nil {
		srv.drop()
		httpError(w, http.StatusInternalServerError, err.Error())
		return false
	}
	srv.version = v
	return true
}

// previewJSON is a move or fire worked out before it is done.
type previewJSON struct {
	Verb  string   `json:"verb"`
	Units []string `json:"units"`
	Text  string   `json:"text"`
	// a move: its path, each Location with the MF it costs.
	Path  []stepPt `json:"path,omitempty"`
	Spent float64  `json:"spent,omitempty"`
	MF    float64  `json:"mf,omitempty"`
	// a fire: the Shot, and the LOS from each Location of the group.
	Kind      string    `json:"kind,omitempty"`
	FP        float64   `json:"fp,omitempty"`
	DRM       int       `json:"drm"`
	Hindrance int       `json:"hindrance,omitempty"`
	Range     int       `json:"range,omitempty"`
	Odds      float64   `json:"odds,omitempty"`
	At        *stepPt   `json:"at,omitempty"`
	Lines     []lineJSN `json:"lines,omitempty"`
	Targets   []string  `json:"targets,omitempty"`
}

type stepPt struct {
	Name string      `json:"name"`
	At   table.Point `json:"at"`
	MF   float64     `json:"mf,omitempty"`
}

// linesOf is the LOS lines of a preview as the page draws them.
func linesOf(m *board.Map, ls []game.SightLine) []lineJSN {
	var out []lineJSN
	for _, l := range ls {
		out = append(out, lineJSN{stepPt{Name: m.LocationName(l.From), At: table.Centre(l.From.Hex)}, l.Clear, l.Hindrance})
	}
	return out
}

type lineJSN struct {
	From      stepPt `json:"from"`
	Clear     bool   `json:"clear"`
	Hindrance int    `json:"hindrance,omitempty"`
}

// preview is POST /api/preview: a move's path and MF, or a fire's FP, DRM
// and LOS, worked out as the command would be and with nothing rolled or
// written. A command the stop does not take is refused (422) as do
// would refuse it.
func (srv *Server) preview(w http.ResponseWriter, r *http.Request) {
	a, ok := readAction(w, r)
	if !ok {
		return
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if !srv.at(w, a) {
		return
	}
	m := srv.t.Game().World().Map()
	c, err := game.ParseCommand(a.Do, m)
	if err != nil {
		httpError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p, err := srv.t.Preview(c)
	if err != nil {
		// A fire refused still shows its LOS: a blocked line says why.
		out := map[string]any{"error": err.Error()}
		if p != nil && len(p.Lines) > 0 {
			out["lines"], out["at"] = linesOf(m, p.Lines), stepPt{Name: m.LocationName(c.At), At: table.Centre(c.At.Hex)}
		}
		writeJSON(w, http.StatusUnprocessableEntity, out)
		return
	}
	out := previewJSON{Verb: p.Verb, Units: p.Units}
	switch p.Verb {
	case game.Move:
		var names []string
		for _, st := range p.Steps {
			name := m.LocationName(st.Location)
			out.Path = append(out.Path, stepPt{name, table.Centre(st.Location.Hex), float64(st.HalfMF) / 2})
			names = append(names, name)
		}
		out.Spent, out.MF = float64(p.Spent)/2, float64(p.MF)/2
		out.Text = fmt.Sprintf("%s: %s, %s of %s MF", strings.Join(p.Units, ", "), strings.Join(names, " > "), pathing.HalfMF(p.Spent), pathing.HalfMF(p.MF))
		if c.Assault {
			// ASL A4.61: one Location; fire at it has no FFNAM DRM.
			out.Text += ", by Assault Movement (ASL A4.61): no FFNAM DRM when fired at (FFMO still, in Open Ground: A4.6)"
		}
		if srv.t.Stop().Phase == state.APh {
			out.Spent, out.MF = 0, 0
			out.Text = fmt.Sprintf("%s: %s: an advance of one Location (ASL A4.7)", strings.Join(p.Units, ", "), strings.Join(names, " > "))
		}
	case game.Fire:
		sh := p.Shot
		out.Kind, out.FP, out.DRM, out.Hindrance, out.Range, out.Odds = report.FireText(p.Kind), sh.FP, sh.DRM, sh.Hindrance, sh.Range, sh.Odds
		out.At = &stepPt{Name: m.LocationName(sh.At), At: table.Centre(sh.At.Hex)}
		out.Targets = p.Targets
		out.Lines = linesOf(m, p.Lines)
		var los []string
		for _, l := range p.Lines {
			v := "clear"
			switch {
			case !l.Clear:
				v = "blocked"
			case l.Hindrance > 0:
				v = fmt.Sprintf("hindered +%d", l.Hindrance)
			}
			los = append(los, fmt.Sprintf("LOS from %s %s", m.LocationName(l.From), v))
		}
		drm := []string{fmt.Sprintf("TEM %+d", p.TEM), fmt.Sprintf("hindrance %+d", sh.Hindrance)}
		if p.Leader != 0 {
			drm = append(drm, fmt.Sprintf("leadership %+d", p.Leader))
		}
		if p.Moving != 0 {
			drm = append(drm, fmt.Sprintf("moving target %+d", p.Moving))
		}
		out.Text = fmt.Sprintf("%s by %s at %s: %s FP, DRM %+d (%s), range %d; %s; a Morale Check or worse %.0f%%",
			out.Kind, strings.Join(p.Units, ", "), m.LocationName(sh.At), report.FormatFP(sh.FP), sh.DRM, strings.Join(drm, ", "), sh.Range, strings.Join(los, ", "), 100*sh.Odds)
	}
	writeJSON(w, http.StatusOK, out)
}
