package web

import (
	"errors"
	"net/http"

	"github.com/sasl-engine/sasl/table"
)

// maxLocationName bounds a Location named in a query ("15AA10h1" is 8).
const maxLocationName = 24

// sight is GET /api/los?from=LOC&to=LOC: the line of sight between two
// Locations of the game's map, as sasl los --game traces it (ASL A6: the
// mission's boards in its season).
func (srv *Server) sight(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	from, to := q.Get("from"), q.Get("to")
	if from == "" || to == "" || len(from) > maxLocationName || len(to) > maxLocationName || len(q) != 2 {
		httpError(w, http.StatusBadRequest, "want /api/los?from=LOCATION&to=LOCATION (such as from=4T2&to=4U4h1)")
		return
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if err := srv.refresh(); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	sight, err := srv.t.SightBetween(from, to)
	if err != nil {
		code := http.StatusInternalServerError
		var bad *table.LocationError
		if errors.As(err, &bad) {
			code = http.StatusBadRequest
		}
		httpError(w, code, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, sight)
}

// setupJSON is the ENEMY setup of the game (SASL 4.1) as sasl place and
// sasl play new print it: each S? with the case and dice that placed it,
// the procedure step by step, and the step's dice.
// setup is GET /api/setup: the game's setup, its first step. The journal
// keeps only its command and dice: the setup is made again from them (the
// game's seed, or the player's own dice), as a replay makes it.
func (srv *Server) setup(w http.ResponseWriter, r *http.Request) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if err := srv.refresh(); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	out, err := srv.t.SetupView()
	if err != nil {
		code := http.StatusInternalServerError
		if len(srv.t.Journal()) == 0 {
			code = http.StatusNotFound
		}
		httpError(w, code, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, out)
}
