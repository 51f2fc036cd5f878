package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

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
	var steps []table.StepView
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
		step, err := srv.t.Act(text)
		if err != nil {
			// A command that does not parse, or that the game refuses,
			// changes nothing: answered without dropping the session. If
			// the engine failed, the file is as it was: the next request
			// opens it again.
			if srv.t.Failed() {
				srv.drop()
			}
			httpError(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		if !srv.save(w) {
			return
		}
		steps = append(steps, step)
	}
	writeJSON(w, http.StatusOK, map[string]any{"version": srv.version, "steps": steps, "undone": undone, "state": srv.stateOf()})
}

// save writes the game to its file and takes the file's new version
// (table.Live); on failure the session is dropped (the file, written whole
// or not at all, is as it was) and the error answered.
func (srv *Server) save(w http.ResponseWriter) bool {
	srv.views = viewCache{hexes: srv.views.hexes, hexesGz: srv.views.hexesGz}
	if err := srv.live.Save(); err != nil {
		srv.drop()
		httpError(w, http.StatusInternalServerError, err.Error())
		return false
	}
	srv.version = srv.live.Version()
	return true
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
	p, err := srv.t.PreviewText(a.Do)
	if err != nil {
		// A fire refused still shows its LOS: a blocked line says why.
		out := map[string]any{"error": err.Error()}
		var refused *table.PreviewRefused
		if errors.As(err, &refused) {
			out["lines"], out["at"] = refused.Lines, refused.At
		}
		writeJSON(w, http.StatusUnprocessableEntity, out)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
