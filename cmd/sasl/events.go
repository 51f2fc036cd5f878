package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/state"
)

// The JSON form of events: data, not prose (text is there for people).

type pathStepJSON struct {
	Location string  `json:"location"`
	MF       float64 `json:"mf"`
	OffBoard bool    `json:"off_board,omitempty"`
}

type rollJSON struct {
	Rule  string `json:"rule"`
	Die   string `json:"die"` // dr, DR or chit
	Value any    `json:"value"`
	// Coloured and White are the two dice of a DR (Value is their sum).
	Coloured int    `json:"coloured,omitempty"`
	White    int    `json:"white,omitempty"`
	Why      string `json:"why"`
}

type unitJSON struct {
	ID   string `json:"id"`
	Unit string `json:"unit"`
	Type string `json:"type,omitempty"`
	At   string `json:"at"`
}

type fireJSON struct {
	Members   []string `json:"members"`
	From      []string `json:"from"`
	Target    string   `json:"target"`
	At        string   `json:"target_at"`
	FP        float64  `json:"firepower"`
	DRM       int      `json:"drm"`
	TEM       int      `json:"tem"`
	Hindrance int      `json:"hindrance"`
	Range     int      `json:"range"`
	Priority  int      `json:"priority"`
}

// activationJSON is what Activated an S? (SASL 4.34): the FRIENDLY unit in
// its LOS, the range, the Final IFT DRM and its parts, and the cell of the
// mission's row of the Activation table ("auto" or the highest DRM).
type activationJSON struct {
	By        string `json:"by"`
	At        string `json:"at"`
	Range     int    `json:"range"`
	DRM       int    `json:"drm"`
	TEM       int    `json:"tem"`
	Hindrance int    `json:"hindrance"`
	Row       string `json:"table_row"`
	Cell      string `json:"table_cell"`
}

type eventJSON struct {
	Phase      state.Phase     `json:"phase"`
	Kind       ai.EventKind    `json:"kind"`
	Units      []string        `json:"units,omitempty"`
	Wave       string          `json:"wave,omitempty"`
	Edge       string          `json:"edge,omitempty"`
	Entrances  []string        `json:"entrances,omitempty"`
	Direction  string          `json:"hw_direction,omitempty"`
	Path       []pathStepJSON  `json:"path,omitempty"`
	Made       []unitJSON      `json:"generated,omitempty"`
	Activation *activationJSON `json:"activation,omitempty"`
	Fire       *fireJSON       `json:"fire_group,omitempty"`
	Rolls      []rollJSON      `json:"rolls,omitempty"`
	Text       string          `json:"text"`
}

func eventsJSON(m *board.Map, evs []ai.Event) []eventJSON {
	out := []eventJSON{}
	for _, e := range evs {
		j := eventJSON{Phase: e.Phase, Kind: e.Kind, Units: e.Units, Wave: e.Wave, Text: e.Text}
		switch e.Kind {
		case ai.EventArrive, ai.EventWaveEntry, ai.EventEnter:
			j.Edge = e.Edge.String()
		}
		for _, x := range e.Entrances {
			j.Entrances = append(j.Entrances, m.NameString(x))
		}
		if e.Kind == ai.EventWaveEntry {
			j.Direction = m.NameString(e.Direction)
		}
		for _, s := range e.Steps {
			name := m.LocationName(s.Location)
			if s.Off {
				name = m.NameString(s.Location.Hex)
			}
			j.Path = append(j.Path, pathStepJSON{name, float64(s.HalfMF) / 2, s.Off})
		}
		for _, u := range e.Made {
			j.Made = append(j.Made, unitJSON{u.ID, u.Kind.String(), u.Type, m.LocationName(u.At())})
		}
		if f := e.Fire; f != nil {
			from := make([]string, len(f.From))
			for i, l := range f.From {
				from[i] = m.LocationName(l)
			}
			j.Fire = &fireJSON{f.Members, from, f.Target, m.LocationName(f.At), f.FP, f.DRM, f.TEM, f.Hindrance, f.Range, f.Priority}
		}
		if a := e.Activation; a != nil {
			j.Activation = &activationJSON{a.By, m.LocationName(a.At), a.Range, a.DRM, a.TEM, a.Hindrance, a.Row, a.Cell.String()}
		}
		for _, r := range e.Rolls {
			j.Rolls = append(j.Rolls, rollOf(r))
		}
		out = append(out, j)
	}
	return out
}

func rollOf(r ai.Roll) rollJSON {
	j := rollJSON{Rule: r.Rule(), Why: r.Why}
	switch r.Kind {
	case dice.DR:
		j.Die, j.Value, j.Coloured, j.White = "DR", r.Coloured+r.White, r.Coloured, r.White
	case dice.Chit:
		j.Die, j.Value = "chit", r.Chit
	default:
		j.Die, j.Value = "dr", r.Coloured
	}
	return j
}

// writeTurnText writes one turn's events for people, phase by phase.
func writeTurnText(w io.Writer, turn int, evs []ai.Event) {
	if len(evs) == 0 {
		fmt.Fprintf(w, "\nTurn %d: the ENEMY side has nothing to do.\n", turn)
		return
	}
	fmt.Fprintf(w, "\nTurn %d\n", turn)
	phase := state.Phase(255)
	for _, e := range evs {
		if e.Phase != phase {
			phase = e.Phase
			fmt.Fprintf(w, "  %s\n", phase)
		}
		fmt.Fprintf(w, "    %s", e.Text)
		if len(e.Rolls) > 0 {
			fmt.Fprintf(w, "  [%s]", rollsText(e.Rolls))
		}
		fmt.Fprintln(w)
	}
}

// unitText describes a unit for people: "S3 S? x3O4h1 (case a)".
func unitText(m *board.Map, u *state.Unit) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-6s %-17s", u.ID, strings.ReplaceAll(u.Kind.String(), "_", "-")+typeSuffix(u.Type))
	at := m.LocationName(u.At())
	if u.Crest {
		at += "/CR" + m.NameString(u.Facing)
	}
	fmt.Fprintf(&b, " %-12s", at)
	var notes []string
	if u.Case != 0 {
		notes = append(notes, "case "+string(u.Case))
	}
	if u.Wave != "" {
		notes = append(notes, "Human Wave "+u.Wave)
	}
	for _, f := range []struct {
		on   bool
		what string
	}{{u.Entering, "waiting off the " + u.Edge.String() + " edge"}, {u.Known, "Known"}, {u.Broken, "broken"}, {u.Released, "released"}, {u.Exited, "exited"}} {
		if f.on {
			notes = append(notes, f.what)
		}
	}
	if len(notes) > 0 {
		b.WriteString(" " + strings.Join(notes, ", "))
	}
	return strings.TrimRight(b.String(), " ")
}

func typeSuffix(t string) string {
	if t == "" {
		return ""
	}
	return " " + t
}
