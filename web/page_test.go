package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html"
	"maps"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// GET /: the page comes with the map's raster named in it (fetched as the
// browser reads the page), what its script draws first as a data block
// (/api/map, /api/state, /api/log and /api/hexes as they are), and its
// style and script, the one allowed by its Content-Security-Policy.
func TestPage(t *testing.T) {
	t.Parallel()
	srv, _ := newServer(t)
	w := request(srv, http.MethodGet, "/", "")
	if w.Code != 200 || w.Header().Get("Cache-Control") != "no-store" || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("/: %d %v", w.Code, w.Header())
	}
	body := w.Body.String()
	var info mapInfo
	if err := json.Unmarshal(request(srv, http.MethodGet, "/api/map", "").Body.Bytes(), &info); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body, `<image id="map-raster" href="`+info.Raster+`"`) {
		t.Errorf("the page does not name the raster %s in its map", info.Raster)
	}
	m := regexp.MustCompile(`(?s)<script id="boot" type="application/json">(.*?)</script>`).FindStringSubmatch(body)
	if m == nil {
		t.Fatal("the page has no data block")
	}
	var boot struct {
		Map   mapInfo   `json:"map"`
		State stateJSON `json:"state"`
		Log   logJSON   `json:"log"`
		Hexes []hexJSON `json:"hexes"`
		Error string    `json:"error"`
	}
	if err := json.Unmarshal([]byte(m[1]), &boot); err != nil {
		t.Fatalf("the page's data block: %v", err)
	}
	if boot.Error != "" || boot.Map != info || boot.State.Version != version(t, srv) || len(boot.State.Units) == 0 || len(boot.Hexes) < 100 || boot.Log.Version != boot.State.Version {
		t.Errorf("the page's data block: map %v (want %v), version %s (%s), %d units, %d hexes, error %q",
			boot.Map, info, boot.State.Version, version(t, srv), len(boot.State.Units), len(boot.Hexes), boot.Error)
	}
	// The one inline script runs: the policy names its hash.
	scripts := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(body, -1)
	if len(scripts) != 1 || !strings.Contains(scripts[0][1], "function makeMap") || !strings.Contains(scripts[0][1], "async function start") {
		t.Fatalf("the page has %d scripts, want counters.js and app.js in one", len(scripts))
	}
	sum := sha256.Sum256([]byte(scripts[0][1]))
	csp := w.Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self' 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
		t.Errorf("the page's script is not allowed by its Content-Security-Policy %q", csp)
	}
	for _, d := range strings.Split(csp, ";") {
		if strings.HasPrefix(strings.TrimSpace(d), "script-src") && strings.Contains(d, "unsafe") {
			t.Errorf("Content-Security-Policy %q allows any inline script", csp)
		}
	}
	if !strings.Contains(body, "<style>") || strings.Contains(body, `href="/style.css"`) {
		t.Error("the page's style is not in it")
	}
	if strings.Contains(html.UnescapeString(m[1]), "</script") {
		t.Error("the data block could end the script element")
	}
	// All ASCII (asciiJSON): the browser reads it as one-byte text.
	if i := strings.IndexFunc(body, func(r rune) bool { return r >= utf8.RuneSelf }); i >= 0 {
		t.Errorf("the page has a character beyond ASCII: %q", body[max(0, i-40):min(len(body), i+10)])
	}
}

// asciiJSON writes a data block all ASCII that reads back as JSON the
// same, and that no "</script>" in it can end.
func TestASCIIJSON(t *testing.T) {
	t.Parallel()
	in := map[string]string{"mission": "Kampf um Stalingrad \u2014 \u00e9t\u00e9 \u00b7 \u2026 \U0001d11e", "words": "</script><!-- \u2028 & \"q\" \\", "": "plain"}
	b, err := asciiJSON(in)
	if err != nil {
		t.Fatal(err)
	}
	if i := bytes.IndexFunc(b, func(r rune) bool { return r >= utf8.RuneSelf }); i >= 0 {
		t.Errorf("asciiJSON wrote a character beyond ASCII: %s", b)
	}
	if bytes.ContainsAny(b, "<>&") {
		t.Errorf("asciiJSON wrote <, > or &: %s", b)
	}
	var out map[string]string
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if !maps.Equal(in, out) {
		t.Errorf("asciiJSON's %s reads back as %q, want %q", b, out, in)
	}
}
