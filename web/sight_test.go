package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/table"
)

// TestLOS asks the page's LOS tool's call for lines across the demo map:
// each verdict is the one the game's line of sight gives (ASL A6, as sasl
// los traces it), and a bad or unbounded question is refused with the
// reason, naming the Location.
func TestLOS(t *testing.T) {
	srv, path := newServer(t)
	g, err := open(path)
	if err != nil {
		t.Fatal(err)
	}
	m := g.World().Map()
	lm, err := g.World().LOS()
	if err != nil {
		t.Fatal(err)
	}
	hexes := m.Hexes()
	blocked, clear := 0, 0
	for i := 0; i < len(hexes); i += 7 {
		a, b := hexes[i], hexes[(i*31+11)%len(hexes)]
		from, _ := m.ParseLocation(m.NameString(a))
		to, _ := m.ParseLocation(m.NameString(b))
		r := lm.Query(from, to)
		w := request(srv, http.MethodGet, "/api/los?from="+url.QueryEscape(m.NameString(a))+"&to="+url.QueryEscape(m.NameString(b)), "")
		var got table.Sight
		if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &got) != nil {
			t.Fatalf("%s - %s: %d %s", m.NameString(a), m.NameString(b), w.Code, w.Body)
		}
		if (got.Verdict == "clear") != r.Clear || got.Range != r.Range || got.Hindrances != r.Hindrance || !strings.HasPrefix(got.Text, m.NameString(a)+" - "+m.NameString(b)+": "+got.Verdict) {
			t.Errorf("%s - %s: the page says %+v; the LOS is clear %v, range %d, hindrance %d", m.NameString(a), m.NameString(b), got, r.Clear, r.Range, r.Hindrance)
		}
		if r.Clear {
			clear++
		} else {
			blocked++
			if got.BlockedHex == nil || got.BlockedAt != m.NameString(r.BlockedAt) {
				t.Errorf("%s - %s: blocked, but the page marks %v", m.NameString(a), m.NameString(b), got.BlockedHex)
			}
		}
	}
	g.Close()
	if clear == 0 || blocked == 0 {
		t.Errorf("the lines tried are %d clear and %d blocked: want both", clear, blocked)
	}
	a := m.NameString(hexes[0])
	for _, c := range []struct {
		target string
		code   int
		want   string
	}{
		{"/api/los?from=" + a, http.StatusBadRequest, "want /api/los?from=LOCATION&to=LOCATION"},
		{"/api/los?from=" + a + "&to=" + a + "&x=1", http.StatusBadRequest, "want /api/los"},
		{"/api/los?from=" + a + "&to=" + strings.Repeat("A", 200), http.StatusBadRequest, "want /api/los"},
		{"/api/los?from=" + a + "&to=ZZ99", http.StatusBadRequest, `to: Location "ZZ99": coord: "ZZ99": invalid coordinate`},
	} {
		w := request(srv, http.MethodGet, c.target, "")
		var e struct{ Error string }
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != c.code || !strings.Contains(e.Error, c.want) {
			t.Errorf("%s: %d %s; want %d %q", c.target, w.Code, w.Body, c.code, c.want)
		}
	}
	if w := request(srv, http.MethodPost, "/api/los?from="+a+"&to="+a, "{}"); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /api/los: %d", w.Code)
	}
	if w := request(srv, http.MethodGet, "/api/los?from="+a+"&to="+a, "", func(r *http.Request) { r.Host = "evil.example:8080" }); w.Code != http.StatusMisdirectedRequest {
		t.Errorf("/api/los for another Host: %d", w.Code)
	}
}

// TestSetup shows the game's setup (SASL 4.1) as the journal's first step
// made it: every S? the file holds placed by a case, with its dice.
func TestSetup(t *testing.T) {
	srv, path := newServer(t)
	w := request(srv, http.MethodGet, "/api/setup", "")
	var got table.SetupView
	if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &got) != nil {
		t.Fatalf("/api/setup: %d %s", w.Code, w.Body)
	}
	j := journal(t, path)
	if got.Do != j[0].Do || got.Dice != j[0].Dice {
		t.Errorf("the setup is %q with dice %q; the journal's first step %q, %q", got.Do, got.Dice, j[0].Do, j[0].Dice)
	}
	g, err := open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	at := map[string]int{}
	for _, u := range g.View().Units {
		if u.Case != "" {
			at[u.At+" "+u.Case]++
		}
	}
	n := 0
	for _, p := range got.Placements {
		loc := strings.SplitN(p.Location, "/", 2)[0]
		if at[loc+" "+p.Case] == 0 {
			t.Errorf("the setup places an S? in %s by case %s; the game has none there", p.Location, p.Case)
		}
		at[loc+" "+p.Case]--
		n++
	}
	if n == 0 || len(got.Log) == 0 || len(got.Boards) == 0 {
		t.Errorf("the setup lists %d S?, %d steps of its procedure and %d boards", n, len(got.Log), len(got.Boards))
	}
}
