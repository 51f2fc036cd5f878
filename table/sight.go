package table

import (
	"fmt"
	"strings"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/los"
)

// Sight is a line of sight as every front end gives it (ASL A6): its
// verdict, where and by what it is blocked, its hindrances and the line
// sasl los prints (Text), with the lattice positions of its ends, of the
// hex that blocks it and of each hindrance, by which the browser draws it.
type Sight struct {
	From       string     `json:"from"`
	To         string     `json:"to"`
	Verdict    string     `json:"verdict"` // clear or blocked
	Range      int        `json:"range"`
	BlockedAt  string     `json:"blocked_at,omitempty"`
	BlockedBy  string     `json:"blocked_by,omitempty"`
	Reason     string     `json:"reason,omitempty"`
	Hindrances int        `json:"hindrances"` // total DRM
	Hexes      []SightHex `json:"hindrance_hexes,omitempty"`
	Text       string     `json:"text"`
	FromAt     Point      `json:"from_at"`
	ToAt       Point      `json:"to_at"`
	BlockedHex *Point     `json:"blocked_hex,omitempty"`
}

// SightHex is a hex that hinders a line of sight, and its DRM.
type SightHex struct {
	Hex string `json:"hex"`
	DRM int    `json:"drm"`
	At  Point  `json:"at"`
}

// SightOf is line of sight r, from Location from to Location to of map
// m. Its Text says the verdict in one line for a player:
// "33Q5 - 33X3: blocked at 33S4 by Woods (Terrain is higher ... (A6.2)); range 7".
func SightOf(m *board.Map, from, to board.Location, r *los.Result) Sight {
	s := Sight{From: m.LocationName(from), To: m.LocationName(to), Verdict: "clear", Range: r.Range, Hindrances: r.Hindrance,
		FromAt: Centre(from.Hex), ToAt: Centre(to.Hex)}
	var b strings.Builder
	fmt.Fprintf(&b, "%s - %s: ", s.From, s.To)
	if r.Clear {
		b.WriteString("clear")
	} else {
		s.Verdict = "blocked"
		s.BlockedAt, s.BlockedBy, s.Reason = m.NameString(r.BlockedAt), r.Blocking(), r.Reason.String()
		at := Centre(r.BlockedAt)
		s.BlockedHex = &at
		fmt.Fprintf(&b, "blocked at %s by %s: %s", s.BlockedAt, s.BlockedBy, r.Reason)
	}
	fmt.Fprintf(&b, "; range %d", r.Range)
	var parts []string
	for _, h := range r.HindranceHexes() {
		s.Hexes = append(s.Hexes, SightHex{m.NameString(h.Hex), h.DRM, Centre(h.Hex)})
		parts = append(parts, fmt.Sprintf("%s +%d", m.NameString(h.Hex), h.DRM))
	}
	if len(parts) > 0 {
		what := "hindrance DRM"
		if !r.Clear {
			what = "hindrances before that"
		}
		fmt.Fprintf(&b, "; %s +%d (%s)", what, r.Hindrance, strings.Join(parts, ", "))
	}
	s.Text = b.String()
	return s
}
