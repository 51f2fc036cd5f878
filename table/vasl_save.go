package table

import (
	"cmp"
	"fmt"
	"html"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/internal/atomicfile"
	"github.com/sasl-engine/sasl/internal/yamldoc"
	"github.com/sasl-engine/sasl/missions"
	"github.com/sasl-engine/sasl/rules/coord"
	"github.com/sasl-engine/sasl/rules/layout"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/vassal"
)

// Save is a player's VASL save as a game reads it: what it says of the
// FRIENDLY side: its units, and
// the pieces on the boards that are no units sasl reads.
type Save struct {
	save    *vassal.Save
	c       *vassal.Contents
	units   []vassal.Unit
	skipped []vassal.Skipped
	// byPiece are the units by their pieces' IDs; suspects the S? counters
	// by the unit IDs their labels begin with ("S12" of "S12 level 1"),
	// the first of each.
	byPiece  map[string]vassal.Unit
	suspects map[string]vassal.Placed
	// off are the pieces off the boards (another map, or the main map
	// beside its boards), by their IDs.
	off map[string]vassal.Placed
}

// readSave reads a VASL save's pieces as units. With a mission's layout,
// the save's boards must be that layout: the error names the first cell
// that differs.
func ReadSave(path string, want *layout.Layout) (*Save, error) {
	s, err := vassal.Open(path)
	if err != nil {
		return nil, err
	}
	c, err := s.Contents()
	if err != nil {
		return nil, err
	}
	if want != nil {
		if err := sameBoards(path, c, want); err != nil {
			return nil, err
		}
	}
	f := &Save{save: s, c: c, byPiece: map[string]vassal.Unit{}, suspects: map[string]vassal.Placed{}, off: map[string]vassal.Placed{}}
	for _, p := range c.Off {
		f.off[p.ID] = p
	}
	f.units, f.skipped = c.Units()
	f.index()
	for _, p := range append(slices.Clone(c.On), c.Off...) {
		if id, _, _ := strings.Cut(p.Label, " "); p.Suspect() && id != "" {
			if _, ok := f.suspects[id]; !ok {
				f.suspects[id] = p
			}
		}
	}
	return f, nil
}

// index indexes the units by their pieces' IDs.
func (f *Save) index() {
	clear(f.byPiece)
	for _, u := range f.units {
		f.byPiece[u.ID] = u
	}
}

// sameBoards checks that a save's boards are the mission's layout, cell
// by cell (rows from the top, as VASL lays them out).
func sameBoards(path string, c *vassal.Contents, want *layout.Layout) error {
	if c.Layout == "" {
		return fmt.Errorf("%s: the save has no boards; the mission's are %s", path, want)
	}
	have, err := layout.Parse(c.Layout, want.North())
	if err != nil {
		return fmt.Errorf("%s: boards %s: %v", path, c.Layout, err)
	}
	if have.String() == want.String() {
		return nil
	}
	hr, hc := have.Size()
	wr, wc := want.Size()
	diff := fmt.Sprintf("%d x %d boards where the mission has %d x %d", hr, hc, wr, wc)
	if hr == wr && hc == wc {
		for i := range hr {
			for j := range hc {
				if h, w := have.Slot(i, j), want.Slot(i, j); h != w {
					diff = fmt.Sprintf("row %d, column %d (from the top left) is board %s where the mission has %s", i+1, j+1, h, w)
					return fmt.Errorf("%s: the save's boards are %s, the mission's %s: %s (r: reversed)", path, c.Layout, want, diff)
				}
			}
		}
	}
	return fmt.Errorf("%s: the save's boards are %s, the mission's %s: %s", path, c.Layout, want, diff)
}

// Specs are the save's units as the mission's FRIENDLY units, F1, F2, ...
// in the order of their Locations; each keeps its VASL piece's ID. A save
// with none is an error.
func (f *Save) Specs() ([]state.Spec, error) {
	if len(f.units) == 0 {
		return nil, fmt.Errorf("%s: no unit of yours on the boards to set up (%d pieces not read)", f.save.Name, len(f.skipped))
	}
	us := slices.Clone(f.units)
	// By board, hexrow and hex; squads before leaders in each hex.
	key := func(u vassal.Unit) (string, int, int, int) {
		g, _ := coord.ParseGrid(u.Location)
		smc := 0
		if u.Kind == state.Leader.String() || u.Kind == state.Commissar.String() {
			smc = 1
		}
		return g.Board, g.Col, g.Row, smc
	}
	slices.SortStableFunc(us, func(a, b vassal.Unit) int {
		ab, ac, ar, as := key(a)
		bb, bc, br, bs := key(b)
		return cmp.Or(cmp.Compare(ab, bb), cmp.Compare(ac, bc), cmp.Compare(ar, br), cmp.Compare(as, bs))
	})
	out := make([]state.Spec, len(us))
	for i, u := range us {
		k, _ := state.ParseKind(u.Kind) // the kinds of the counters table
		out[i] = state.Spec{Unit: state.Unit{ID: fmt.Sprintf("F%d", i+1), Side: state.Friendly, Kind: k, Type: u.Type,
			Broken: u.Broken, Known: u.Known(), Vasl: u.ID}, AtText: u.Location}
	}
	return out, nil
}

// Describe says what was read from the save, and what was not.
func (f *Save) Describe(w io.Writer, path string) {
	fmt.Fprintf(w, "%s: %s of yours on the boards %s", path, Plural(len(f.units), "unit"), f.c.Layout)
	var groups []string
	count := map[string]int{}
	for _, s := range f.skipped {
		key := plainName(s.Name) + ": " + s.Why
		if count[key] == 0 {
			groups = append(groups, key)
		}
		count[key]++
	}
	if len(groups) == 0 {
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintf(w, "; not read (%d pieces):\n", len(f.skipped))
	for _, g := range groups {
		fmt.Fprintf(w, "  %d x %s\n", count[g], g)
	}
}

// plainName is a piece's name as a player reads it on the map: a VASL
// label written in HTML ("<html> <small><i><font color=blue>factory</font>
// </i></small>") by its words alone ("factory"), white space made one
// space, at most 60 characters (an ellipsis after).
func plainName(name string) string {
	var b strings.Builder
	in := false
	for _, r := range name {
		switch {
		case r == '<':
			in = true
		case r == '>' && in:
			in = false
			b.WriteByte(' ')
		case !in:
			b.WriteRune(r)
		}
	}
	words := strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
	if words == "" {
		return "a label with no words"
	}
	if r := []rune(words); len(r) > 60 {
		words = string(r[:59]) + "…"
	}
	return words
}

// MissionWith returns the text of mission name with the save's units as
// its FRIENDLY units.
func (f *Save) MissionWith(name string) ([]byte, error) {
	data, file, err := missions.Source(name)
	if err != nil {
		return nil, err
	}
	specs, err := f.Specs()
	if err != nil {
		return nil, err
	}
	return missions.WithFriendly(data, file, specs)
}

// Skeleton is a mission of the save's boards with its units as FRIENDLY
// units, the rest to be filled in.
func (f *Save) Skeleton(path string) ([]byte, error) {
	rows := strings.Split(f.c.Layout, "/")
	var b strings.Builder
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	fmt.Fprintf(&b, "# A mission skeleton from %s (%s %s): your units are its FRIENDLY\n", filepath.Base(path), f.save.Module, f.save.ModuleVersion)
	b.WriteString("# units. Check the edges, the ENEMY, the turns and the schedule (lines\n# marked check); examples/four-boards.yaml shows every key.\n")
	fmt.Fprintf(&b, "name: %q\nboards: [", name)
	for i, r := range rows {
		if i > 0 {
			b.WriteString(", ")
		}
		cells := strings.Split(r, ",")
		for j := range cells {
			cells[j] = fmt.Sprintf("%q", cells[j])
		}
		b.WriteString("[" + strings.Join(cells, ", ") + "]")
	}
	b.WriteString("]\nnorth: up\nfbe: north               # check: the FRIENDLY board edge\nebe: south               # check: the ENEMY board edge\n")
	b.WriteString("month: 7                 # check\nenemy: Russian           # check\nturns: 6                 # check\nplacement: [a, b, c, e]  # check: SASL 4.1\n")
	b.WriteString("entry:                   # check: SASL 4.2\n  - {turn: 1, edge: south, count: 4}\n")
	specs, err := f.Specs()
	if err != nil {
		return nil, err
	}
	return missions.WithFriendly([]byte(b.String()), name+".yaml", specs)
}

// MissionFromSave writes mission (a file or a demo's name) with the
// units of VASL save path as its FRIENDLY units beside game file gameFile
// (GAME.mission.yaml; an existing one only if force), saying what it read
// of the save to said, and returns the file written.
func MissionFromSave(mission, path, gameFile string, force bool, said io.Writer) (string, error) {
	ms, err := missions.Open(mission)
	if err != nil {
		return "", err
	}
	f, err := ReadSave(path, ms.Layout)
	if err != nil {
		return "", err
	}
	f.Describe(said, path)
	text, err := f.MissionWith(mission)
	if err != nil {
		return "", err
	}
	if err := missionFits(path, len(f.units), text); err != nil {
		return "", err
	}
	out := strings.TrimSuffix(gameFile, filepath.Ext(gameFile)) + ".mission.yaml"
	if SameFile(out, mission) {
		return "", &SaveRefusal{Kind: MissionIsTheMission, Path: out, Other: mission}
	}
	if err := RefuseExisting(out, force); err != nil {
		return "", &SaveRefusal{Kind: MissionExists, Path: out, Err: err}
	}
	if err := atomicfile.Write(out, func(w io.Writer) error { _, err := w.Write(text); return err }); err != nil {
		return "", err
	}
	return out, nil
}

// missionFits refuses the text of a mission made with the units of save
// path over the bound of a mission file (yamldoc.MaxFileSize): it would be
// refused as it is read back, naming a file the player never wrote; the
// error names the save, whose units make it.
func missionFits(path string, units int, text []byte) error {
	if len(text) <= yamldoc.MaxFileSize {
		return nil
	}
	return &SaveRefusal{Kind: MissionTooLarge, Path: path, Units: units, Bytes: len(text)}
}

// Layout is the save's boards in layout notation ("2/4/3"), "" if it has
// none.
func (f *Save) Layout() string { return f.c.Layout }

// counters finds the save's counter of each FRIENDLY unit of game g on
// the map that keeps a VASL piece's ID (vasl:), by the unit's ID:
//
//   - its own piece, where the save has it on the boards;
//   - else a half-squad counter swapped in for it (a squad reduced whose
//     counter has no half-squad side to turn, ASL A7.302: the player
//     replaced it in VASL): a counter of the unit's half-squad type (of
//     its type, for a half-squad) that no unit of the game keeps, on the
//     hex the game has the unit on, or the only such counter on the
//     boards; two such elsewhere is refused, naming them, for the
//     player to say which (put it on the unit's hex);
//   - else none: the unit is eliminated, as its counter is gone; but a
//     counter moved off the boards is refused, never taken for an
//     elimination.
//
// swapped are the units found by a swapped-in counter, with what was
// found.
func (f *Save) counters(g *game.Game) (found map[string]vassal.Unit, swapped map[string]string, err error) {
	m := g.World().Map()
	found, swapped = map[string]vassal.Unit{}, map[string]string{}
	claimed := map[string]bool{} // pieces the game's units keep
	keeper := map[string]string{}
	for _, sp := range g.World().Mission().Friendly {
		if sp.Vasl == "" {
			continue
		}
		if other, ok := keeper[sp.Vasl]; ok {
			// Both would be read off one counter: moved, broken, eliminated
			// together.
			return nil, nil, fmt.Errorf("%s: VASL piece %s is the counter of two units of the game, %s and %s (vasl: in %s): a counter is one unit's; give each unit its own piece's ID", f.save.Name, sp.Vasl, other, sp.ID, cmp.Or(g.World().Mission().File, g.World().Mission().Name))
		}
		keeper[sp.Vasl] = sp.ID
		claimed[sp.Vasl] = true
	}
	var lost []*state.Unit
	for _, u := range g.Snapshot().OfSide(state.Friendly) {
		if u.Vasl == "" {
			continue
		}
		claimed[u.Vasl] = true // a unit's own piece, on the map or not
		if !u.OnMap() {
			continue
		}
		if v, ok := f.byPiece[u.Vasl]; ok {
			found[u.ID] = v
			continue
		}
		lost = append(lost, u)
	}
	for _, u := range lost {
		half := u.Type
		if u.Kind == state.Squad {
			half = ""
			if e, ok := g.World().Tables().HalfSquads.Of(u.Type); ok {
				half = e.Value
			}
		} else if u.Kind != state.HalfSquad {
			half = ""
		}
		var here, elsewhere []vassal.Unit
		for _, v := range f.units {
			if half == "" || claimed[v.ID] || v.Kind != state.HalfSquad.String() || v.Type != half {
				continue
			}
			if l, err := m.ParseLocation(v.Location); err == nil && l.Hex == u.At().Hex {
				here = append(here, v)
			} else {
				elsewhere = append(elsewhere, v)
			}
		}
		at := m.LocationName(u.At())
		var v vassal.Unit
		switch {
		case len(here) > 0:
			v = here[0]
		case len(elsewhere) > 0:
			// A counter swapped in is taken on the unit's own hex alone: one
			// elsewhere may be another counter left on the boards, and a
			// deleted squad read as reduced and moved there would undo its
			// elimination (issue 56). The player says which.
			var which []string
			for _, e := range elsewhere {
				which = append(which, fmt.Sprintf("%s (piece %s)", e.Location, e.ID))
			}
			return nil, nil, fmt.Errorf("%s: the counter of %s (%s %s on %s, VASL piece %s) is gone, and %s of a %s half-squad no unit of the game keeps %s elsewhere: %s. sasl takes a counter swapped in only on the unit's own hex: if one of them is %s's, swapped in and moved, say which (sasl play set GAME %s piece ID) and give this save again, its move read; if %s is eliminated, move those counters off the boards or delete them",
				f.save.Name, u.ID, u.Type, u.Kind, at, u.Vasl, Plural(len(elsewhere), "counter"), half, map[bool]string{true: "stands", false: "stand"}[len(elsewhere) == 1], strings.Join(which, ", "), u.ID, u.ID, u.ID)
		default:
			if p, ok := f.off[u.Vasl]; ok {
				where := p.Map
				if p.Map == vassal.MainMap {
					where = "the main map beside the boards"
				}
				return nil, nil, fmt.Errorf("%s: the counter of %s (%s, VASL piece %s) is off the boards, on %s at %d,%d; the game has %s on %s: put it back on a hex, or delete it in VASL if %s is eliminated",
					f.save.Name, u.ID, p.Name, u.Vasl, where, p.X, p.Y, u.ID, at, u.ID)
			}
			continue
		}
		claimed[v.ID] = true
		found[u.ID] = v
		swapped[u.ID] = fmt.Sprintf("its counter (piece %s) is gone: the %s on %s (piece %s) is %s now", u.Vasl, v.Name, v.Location, v.ID, u.ID)
	}
	return found, swapped, nil
}
