package web

import (
	"encoding/json"
	"net/http"

	"github.com/sasl-engine/sasl/rules/board"
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
		m := srv.t.Map()
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
// the game file it is of and what the player may do there (the game's
// Legal: the page offers these moves and fires, and no others).
type stateJSON struct {
	Version string `json:"version"`
	table.View
	Offers table.Offers `json:"offers"`
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

func (srv *Server) stateOf() stateJSON { return stateJSON{srv.version, srv.t.View(), srv.t.Offers()} }

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
	Version string           `json:"version"`
	Steps   []table.StepView `json:"steps"`
}

// logOf is the log of the game; srv.mu is held.
func (srv *Server) logOf() (logJSON, error) {
	steps, err := srv.t.Log(2)
	if err != nil {
		return logJSON{srv.version, []table.StepView{}}, err
	}
	return logJSON{srv.version, steps}, nil
}
