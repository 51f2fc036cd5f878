package table

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/sasl-engine/sasl/ai"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/pathing"
	"github.com/sasl-engine/sasl/render"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
)

// The colours of the pictures' marks. They are the same in every picture
// and every run, so that a player learns them once: FRIENDLY blue, ENEMY
// dark grey, Human Wave units wine (they keep their Human Wave colour,
// SASL 4.3), the S? of the setup by the 4.1 case that placed them, and
// moves by their game turn.
var (
	friendlyColor = render.FriendlyColor
	enemyColor    = render.EnemyColor
	waveColor     = color.NRGBA{0x7a, 0x18, 0x38, 0xff}
	// residualColor is the Residual FP left in a Location (ASL A8.2).
	residualColor = color.NRGBA{0xc0, 0x3a, 0x00, 0xff}
	caseColor     = map[byte]color.NRGBA{ // by SASL 4.1 case
		'a': {0xb0, 0x20, 0x20, 0xff},
		'b': {0x20, 0x70, 0x30, 0xff},
		'c': {0x80, 0x30, 0xa0, 0xff},
		'd': {0xb0, 0x60, 0x10, 0xff},
		'e': {0x10, 0x10, 0x10, 0xff},
	}
	caseText = map[byte]string{
		'a': "buildings, rubble, lumberyards",
		'b': "woods and brush",
		'c': "VPOs and Concealment Terrain adjacent",
		'd': "VPOs and Concealment Terrain within 2 hexes",
		'e': "Letter Chits",
	}
	// turnColors are the colours of game turns 1, 2, ...; turn 13 takes
	// turn 1's colour again. None is a blue or a green, the colours of
	// FRIENDLY units and of hedges; every move also carries its turn's
	// number at its start.
	turnColors = []color.NRGBA{
		{0xd6, 0x27, 0x28, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x17, 0xbe, 0xcf, 0xff},
		{0x94, 0x67, 0xbd, 0xff}, {0x8c, 0x56, 0x4b, 0xff}, {0xe3, 0x77, 0xc2, 0xff},
		{0xbc, 0xbd, 0x22, 0xff}, {0x7f, 0x7f, 0x7f, 0xff}, {0xd4, 0xa0, 0x17, 0xff},
		{0x00, 0x80, 0x80, 0xff}, {0xc7, 0x15, 0x85, 0xff}, {0x00, 0x00, 0x00, 0xff},
	}
)

// turnColor is the colour of game turn t's moves.
func turnColor(t int) color.NRGBA { return turnColors[(max(t, 1)-1)%len(turnColors)] }

// MissionTitle is the title of a picture of a mission: its name, what the
// picture shows (the turns), and the seed or "your dice"; the second line
// is the mission's boards, edges and season.
func MissionTitle(ms *missions.Mission, what, dice string) []string {
	return []string{
		fmt.Sprintf("%s: %s, %s", ms.Name, what, dice),
		fmt.Sprintf("Boards %s, north %s; FBE %s, EBE %s; month %d; %s weather", ms.Layout, ms.Layout.North(), ms.FBE, ms.EBE, ms.Month, ms.Weather),
	}
}

// withWinner adds the line naming the winner to a picture's title lines.
func withWinner(title []string, winner string) []string {
	if winner == "" {
		return title
	}
	return append(title, winner)
}

// SeedText names the dice of a game for a title.
func SeedText(st state.Game) string {
	if !st.HasSeed {
		return "your dice"
	}
	return fmt.Sprintf("seed %d", st.Seed)
}

// turnsText names turns first..last of a mission of n turns.
func turnsText(first, last, n int) string {
	if first == last {
		return fmt.Sprintf("turn %d of %d", first, n)
	}
	return fmt.Sprintf("turns %d-%d of %d", first, last, n)
}

// Edges marks the mission's FRIENDLY and ENEMY board edges.
func Edges(s *render.Scene, ms *missions.Mission) {
	fbe := render.MapEdge{Edge: ms.FBE, Label: "FBE", Color: friendlyColor}
	ebe := render.MapEdge{Edge: ms.EBE, Label: "EBE", Color: enemyColor}
	s.Add(fbe, ebe)
	s.Key(fbe, fmt.Sprintf("FRIENDLY board edge (%s)", ms.FBE))
	s.Key(ebe, fmt.Sprintf("ENEMY board edge (%s)", ms.EBE))
}

// objectives marks the VPOs of st by the side that controls them.
func objectives(s *render.Scene, st *state.State) {
	var os render.Objectives
	for _, c := range st.VPO {
		o := render.Objective{At: c.At.Hex, Label: "VPO", Color: enemyColor}
		text := "VPO, ENEMY control"
		if c.Side == state.Friendly {
			o.Color, text = friendlyColor, "VPO, FRIENDLY control"
		}
		os = append(os, o)
		s.Key(o, text)
	}
	s.Add(os)
}

// residuals marks the Residual FP left in Locations (ASL A8.2), in a box
// at the foot of the hex ("Res 4 FP", with the level of a Location above
// or below the ground): what attacks a unit that enters it in this MPh.
func residuals(s *render.Scene, st *state.State) {
	for _, r := range st.Residual {
		t := render.Tag{At: r.At.Hex, Text: ResidualText(r), Color: residualColor}
		s.Tags = append(s.Tags, t)
		s.Key(render.Tag{Text: "Res 4 FP", Color: residualColor}, "Residual FP in the Location: it attacks a unit entering it this MPh (ASL A8.2)")
	}
}

// ResidualText is how a map marks Residual FP r: "Res 4 FP", and the
// level of a Location off the ground ("Res 2 FP h1").
func ResidualText(r state.Residual) string {
	t := fmt.Sprintf("Res %d FP", r.FP)
	if l := (render.Marker{At: r.At}).LevelText(); l != "" {
		t += " " + l
	}
	return t
}

// units marks every unit of st: on the map where it stands, an S? waiting
// to enter just off the map beyond its edge, an exited unit faded beyond
// the FBE it left across. Counters show the unit's ID and its counter (or
// an S?'s case), with marks for broken, released, Crest and pinned.
func units(s *render.Scene, st *state.State, fbe layout.Compass) {
	var mk render.Markers
	for _, u := range st.Units() {
		m := render.Marker{At: u.At(), Label: u.ID, Note: u.Type, Color: enemyColor}
		what := "ENEMY unit"
		switch {
		case u.Side == state.Friendly:
			m.Color, what = friendlyColor, "FRIENDLY unit"
		case u.InHumanWave(): // as the words name it (SASL 4.33: released, not)
			m.Color, what = waveColor, "ENEMY Human Wave unit (SASL 4.3)"
		}
		if u.Kind == state.SQ {
			m.Label, m.Note = "S?", u.ID
			what = "ENEMY S?"
			if u.InHumanWave() {
				what = "ENEMY Human Wave S? (SASL 4.3)"
			}
			if u.Case != 0 {
				m.Label = "S? " + string(u.Case)
				m.Color = caseColor[u.Case]
				what = fmt.Sprintf("ENEMY S? of SASL 4.1 case %c: %s", u.Case, caseText[u.Case])
			}
		}
		if u.Side == state.Friendly {
			m.Group = 1 // beside the ENEMY in a hex they share, never under them
		}
		// The legend's samples are the first counter of each kind, with
		// only the mark they explain.
		sample := m
		switch {
		case u.Entering:
			m.At = board.Ground(s.Map().Beyond(u.At().Hex, u.Edge))
			s.Key(sample, "beyond a map edge: waits to enter (SASL 4.2, 4.31)")
		case !u.Exited:
			s.Key(sample, what)
		case u.Exited:
			m.At = board.Ground(s.Map().Beyond(u.At().Hex, fbe))
			m.Ghost = true
			x := sample
			x.Ghost = true
			s.Key(x, "faded beyond the FBE: exited (SASL 4.323)")
		}
		if u.Broken {
			m.Broken = true
			x := sample
			x.Broken = true
			s.Key(x, "red corner: broken")
		}
		for _, f := range []struct {
			on        bool
			tag, text string
		}{
			{u.Released, "R", "R: released from its Human Wave, Advance Attitude (SASL 4.33)"},
			{u.Crest, "C", "C: Crest status in a Depression (SASL 4.14)"},
			{u.Pinned, "P", "P: pinned: it may not move this Player Turn and fires at half FP (A7.8)"},
			{u.Fired && !u.FinalFire, "F", "F: fired this Player Turn: its Prep, First, Defensive or Advancing Fire marker (A3.3-A3.5, A8.1)"},
			{u.FinalFire, "FF", "FF: Final Fire: it may fire again only as FPF at an ADJACENT mover (A8.3, A8.31)"},
		} {
			if f.on {
				m.Tag += f.tag
				x := sample
				x.Tag = f.tag
				s.Key(x, f.text)
			}
		}
		mk = append(mk, m)
	}
	if piled(mk) {
		s.Key(render.Pile{N: 3, Color: enemyColor}, "a stack of 3 or more: the top counter and how many")
	}
	s.Add(mk)
}

// piled reports whether some hex holds three counters or more.
func piled(ms render.Markers) bool {
	n := map[hex.Hex]int{}
	for _, m := range ms {
		n[m.At.Hex]++
		if n[m.At.Hex] >= 3 {
			return true
		}
	}
	return false
}

// moves draws the moves of reports turn by turn, each turn in its colour
// and with its number at the start: MPh moves and entries solid, APh
// advances dashed. An entry starts beyond the edge it crosses.
func moves(s *render.Scene, reps []*game.Report) {
	for _, rep := range reps {
		col := turnColor(rep.Turn)
		for _, e := range rep.Events {
			if len(e.Steps) < 2 {
				continue
			}
			hexes := pathing.Path{Steps: e.Steps}.Hexes()
			if first := e.Steps[0]; first.Off && s.Map().OnMap(first.Location.Hex) {
				// An entry across a half-hex: its own missing half is
				// the off-map hex; start in the margin beyond it.
				// (Hexes has it once, as the hex entered.)
				if edge, ok := s.Map().EdgeOf(first.Location.Hex); ok {
					hexes = append([]hex.Hex{s.Map().Beyond(first.Location.Hex, edge)}, hexes...)
				}
			}
			dashed := false
			switch e.Kind {
			case report.Move, report.Enter:
			case report.Advance, report.Gap, report.AdvanceInto, report.Rout:
				dashed = true
			default:
				continue
			}
			p := render.Path{Hexes: hexes, Color: col, Dashed: dashed, Mark: fmt.Sprint(rep.Turn)}
			s.Add(p)
			phase := "MPh move"
			switch e.Kind {
			case report.Advance, report.Gap, report.AdvanceInto:
				phase = "APh advance"
			case report.Rout:
				phase = "RtPh rout"
			}
			p.Hexes = nil
			s.Key(p, fmt.Sprintf("turn %d: %s", rep.Turn, phase))
		}
	}
}

// fires draws each fire group's attack in reports: a thin dashed line
// from every Location of the group to the Target, and at the Target's
// foot the firepower and DRM, so that the player can resolve it from the
// picture.
func fires(s *render.Scene, reps []*game.Report) {
	for _, rep := range reps {
		col := turnColor(rep.Turn)
		for _, e := range rep.Events {
			fg := e.Fire
			if e.Kind != report.Fire || fg == nil {
				continue
			}
			line := render.Path{Color: col, Width: 1.5, Dashed: true}
			for _, l := range fg.From {
				if l.Hex != fg.At.Hex {
					line.Hexes = []hex.Hex{l.Hex, fg.At.Hex}
					s.Add(line)
				}
			}
			s.Tags = append(s.Tags, render.Tag{At: fg.At.Hex, Text: fmt.Sprintf("%s FP %+d", report.FormatFP(fg.FP), fg.DRM), Color: col})
			line.Hexes = nil
			s.Key(line, fmt.Sprintf("turn %d: AFPh fire group; under the Target its FP and DRM", rep.Turn))
		}
	}
}

// SetupScene is the picture of a game after its 4.1 setup (sasl place,
// play new).
func SetupScene(m *board.Map, ms *missions.Mission, st *state.State, dice string) *render.Scene {
	s := render.NewScene(m, MissionTitle(ms, "ENEMY setup (SASL 4.1) before turn 1", dice)...)
	Edges(s, ms)
	objectives(s, st)
	units(s, st, ms.FBE)
	return s
}

// EntryScene is the picture of the S? that enter on a turn (sasl enter):
// each beyond its edge with an arrow to the hex it enters.
func EntryScene(m *board.Map, ms *missions.Mission, a *ai.Arrivals, dice string) *render.Scene {
	s := render.NewScene(m, MissionTitle(ms, fmt.Sprintf("S? entering on turn %d (SASL 4.2)", a.Turn), dice)...)
	Edges(s, ms)
	var mk render.Markers
	for _, x := range a.Arrivals {
		off := m.Beyond(x.Hex, x.Edge)
		line := render.Path{Hexes: []hex.Hex{off, x.Hex}, Color: turnColor(a.Turn)}
		s.Add(line)
		s.Key(line, fmt.Sprintf("turn %d: enters this hex in its MPh", a.Turn))
		mark := render.Marker{At: board.Ground(off), Label: "S?", Note: x.Entry.Method, Color: enemyColor}
		s.Key(render.Marker{Label: "S?", Note: "4.21", Color: enemyColor}, "ENEMY S? waiting beyond the edge, by SASL 4.21 or 4.22")
		mk = append(mk, mark)
	}
	s.Add(mk)
	return s
}

// TurnsScene is the picture of turns played (sasl wave, play turn): the
// moves and fire of each turn, then where everything stands.
//
// winner, when not empty, is a last title line naming the winner of a game
// that has ended (winnerText).
func TurnsScene(m *board.Map, ms *missions.Mission, reps []*game.Report, st *state.State, dice, winner string) *render.Scene {
	what := "no turn played"
	if len(reps) > 0 {
		what = turnsText(reps[0].Turn, reps[len(reps)-1].Turn, ms.Turns)
	}
	s := render.NewScene(m, withWinner(MissionTitle(ms, what, dice), winner)...)
	Edges(s, ms)
	objectives(s, st)
	moves(s, reps)
	fires(s, reps)
	units(s, st, ms.FBE)
	residuals(s, st)
	return s
}

// ShowScene is the picture of where a game stands (sasl play show).
func ShowScene(g *game.Game) *render.Scene {
	ms, st := g.World().Mission(), g.Snapshot()
	what := fmt.Sprintf("turn %d of %d, %s %s", st.Turn, g.LastTurn(), strings.ToUpper(st.Player.String()), st.Phase)
	if g.Over() {
		what = fmt.Sprintf("after the last turn (%d)", g.LastTurn())
	}
	s := render.NewScene(g.World().Map(), withWinner(MissionTitle(ms, what, SeedText(st.Game)), WinnerText(g))...)
	Edges(s, ms)
	objectives(s, st)
	units(s, st, ms.FBE)
	residuals(s, st)
	return s
}

// WinnerText names the winner of a game that has ended ("Winner: the
// ENEMY side (...)"), and is empty while it goes on or when the mission
// gives no victory conditions.
func WinnerText(g *game.Game) string {
	o, ok := g.Outcome()
	if !g.Over() || !ok {
		return ""
	}
	return "Winner: " + o.Text()
}

// Picture is the picture of where the game stands, as sasl play show
// draws it.
func (t *Game) Picture() *render.Picture { return ShowScene(t.g).Picture(1) }

// MapScene is the map of a game without what changes as it is played: the
// boards, the mission's title and board edges, and the legend of those
// (sasl serve's page draws the counters and VPOs over it).
func MapScene(g *game.Game) *render.Scene {
	ms, st := g.World().Mission(), g.Snapshot()
	s := render.NewScene(g.World().Map(), MissionTitle(ms, fmt.Sprintf("%d turns", g.LastTurn()), SeedText(st.Game))...)
	Edges(s, ms)
	return s
}

// MapPicture is the picture of MapScene.
func (t *Game) MapPicture() *render.Picture { return MapScene(t.g).Picture(1) }
