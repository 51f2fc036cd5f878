package table

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/sasl-engine/sasl/dice"
	"github.com/sasl-engine/sasl/game"
	"github.com/sasl-engine/sasl/report"
	"github.com/sasl-engine/sasl/state"
	"github.com/sasl-engine/sasl/vassal"
)

// The FRIENDLY side from a VASL save (sasl play turn --friendly-from): the
// save is the player's report of their units. Each unit of the game that
// keeps its VASL piece's ID (vasl:) is looked for in the save:
//
//   - gone from the boards: eliminated (set UNIT eliminated);
//   - broken or not, reduced to a half-squad, hidden or known as the save
//     shows it, where the game has it otherwise (set UNIT ...);
//   - on another hex: moved there, in the FRIENDLY MPh (move UNIT HEX),
//     by the route the engine finds, as the move command does.
//
// The reports are made where the game stands; the moves in the FRIENDLY
// MPh, units that moved together from a hex as a stack, and only when the
// game stands in the FRIENDLY Player Turn before it (else the ENEMY's
// phases would come between). Every other decision of the player (First
// Fire, Defensive Fire, Prep and Advancing Fire) is the engine's, as with
// pass: a save does not say whom the player's units fired at; but the
// save speaks for the PFPh of the Player Turn it moves in: its moves are
// read before it, and a save that moves units has no Prep Fire (a unit
// that Prep Fires does not move, ASL A3.3). The game plays on to the
// player's next PFPh (or MPh), where the next save takes over, or to
// its end. A save whose S? do not stand where the game has them is not of
// the game as it stands (an older save, another game's) and is refused;
// --vasl-out writes the game back into the save, both sides, so that the
// next save differs from the game only by what the player did.

// reading is what a save says of one FRIENDLY unit of the game.
type reading struct {
	u   *state.Unit
	cmd []string // the commands it makes, in the game's words
	to  string   // the hex it moved to, "" if none
	// swapped: its counter was swapped for another (Save.counters), what
	// the player is told of it; "" if not.
	swapped string
}

// SaveTurn is what a turn played from the player's save (TurnFromSave)
// read and did.
type SaveTurn struct {
	// Units counts the player's units read on the boards; Reads are what
	// the save said of each that changed, NotTaken the units read that are
	// none of the game's.
	Units    int
	Reads    []Reading
	NotTaken []NotTaken
	// Done are the reports and moves made of the save, in the game's
	// words ("set F1 broken", "move F2,F3 2I4").
	Done []string
	// First is the first step played; Written what the ENEMY's turn wrote
	// into the new save, nil without one.
	First   int
	Written *EnemyWrite
}

// Reading is what a save says of a unit of the game: its reports ("set
// F1 broken") and the hex it moved to ("" if none).
type Reading struct {
	ID, At   string
	Commands []string
	To       string
	// Swapped says which counter the unit's is now, when the player
	// swapped its counter for another (a half-squad for the squad); "".
	Swapped string
}

// NotTaken is a unit of the save that is none of the game's: Unit is the
// unit of the mission it was set up as, no longer on the map, or "".
type NotTaken struct {
	Name, Location, Piece, Unit string
}

// readFriendly compares the FRIENDLY units of g with the save's, each
// unit's counter found by Save.counters, which it returns too (found).
func readFriendly(g *game.Game, f *Save) (reads []reading, unknown []vassal.Unit, found map[string]vassal.Unit, err error) {
	m := g.World().Map()
	found, swapped, err := f.counters(g)
	if err != nil {
		return nil, nil, nil, err
	}
	seen := map[string]bool{}
	for _, u := range g.Snapshot().OfSide(state.Friendly) {
		if u.Vasl == "" || !u.OnMap() {
			continue
		}
		r := reading{u: u, swapped: swapped[u.ID]}
		v, ok := found[u.ID]
		if !ok {
			r.cmd = append(r.cmd, "set "+u.ID+" eliminated")
			reads = append(reads, r)
			continue
		}
		seen[v.ID] = true
		if v.Broken != u.Broken {
			r.cmd = append(r.cmd, "set "+u.ID+" "+map[bool]string{true: "broken", false: "good"}[v.Broken])
		}
		if u.Kind == state.Squad && v.Kind == state.HalfSquad.String() {
			r.cmd = append(r.cmd, "set "+u.ID+" reduced")
		}
		if r.swapped != "" {
			// The counter swapped in is the unit's from now on, in the
			// game file: the next save finds the unit by it (issue 56).
			r.cmd = append(r.cmd, "set "+u.ID+" piece "+v.ID)
		}
		if v.Known() != u.Known {
			r.cmd = append(r.cmd, "set "+u.ID+" "+map[bool]string{true: "known", false: "hidden"}[v.Known()])
		}
		// A seam's half hexes are one hex with two names (2H10, 4H0).
		if l, err := m.ParseLocation(v.Location); err != nil || l.Hex != u.At().Hex {
			r.to = v.Location
		}
		if len(r.cmd) > 0 || r.to != "" || r.swapped != "" {
			reads = append(reads, r)
		}
	}
	for _, v := range f.units {
		if !seen[v.ID] {
			unknown = append(unknown, v)
		}
	}
	return reads, unknown, found, nil
}

// staleSave says why a save is not of the game as it stands, "" if it
// is: the game's ENEMY units must stand in it where the game has them, as
// sasl vasl write and play turn --vasl-out leave them.
func staleSave(g *game.Game, f *Save) string {
	m := g.World().Map()
	var onMap, found int
	var wrong []string
	seen := map[string]bool{}
	for _, u := range g.Snapshot().OfSide(state.Enemy) {
		if !u.OnMap() {
			continue
		}
		onMap++
		p, ok := f.suspects[u.ID]
		at := p.Location
		seen[u.ID] = true
		switch {
		case !ok:
			wrong = append(wrong, fmt.Sprintf("%s has no counter in the save", u.ID))
			continue
		case at == "":
			wrong = append(wrong, fmt.Sprintf("%s is off the boards in the save, on %s in the game", u.ID, m.LocationName(u.At())))
		default:
			if l, err := m.ParseLocation(at); err != nil || l.Hex != u.At().Hex {
				wrong = append(wrong, fmt.Sprintf("%s is on %s in the save, on %s in the game", u.ID, at, m.LocationName(u.At())))
			} else if want := enemyLabel(u); p.Label != want {
				wrong = append(wrong, fmt.Sprintf("%s is labelled %q in the save, %q in the game", u.ID, p.Label, want))
			}
		}
		found++
	}
	for _, id := range slices.Sorted(maps.Keys(f.suspects)) {
		if !seen[id] {
			wrong = append(wrong, fmt.Sprintf("%s is on %s in the save, no longer on the map in the game", id, cmp.Or(f.suspects[id].Location, "no hex")))
		}
	}
	switch {
	case onMap > 0 && found == 0:
		return "it has none of the game's ENEMY counters"
	case len(wrong) > 0:
		return fmt.Sprintf("%d of the game's ENEMY counters stand elsewhere (%s)", len(wrong), strings.Join(wrong[:min(3, len(wrong))], "; "))
	}
	return ""
}

// inMyTurn reports whether the game stands in the FRIENDLY Player Turn
// before its MPh, or at it: where moves the save shows can be made without
// an ENEMY phase coming first.
func inMyTurn(st *game.Stop) bool {
	return st.Kind == state.BeforePhase && st.Player == state.Friendly && st.Phase <= state.MPh
}

// TurnFromSave plays the game on from where it stands with the FRIENDLY
// side as VASL save savePath shows it, to the player's next PFPh or MPh (or the
// game's end), with the player's own dice script or the seed's, and
// writes the game file; with vaslOut, the ENEMY's turn into a copy of the
// save too (an existing file only if force). Both files are written before
// it returns, the game file first.
func (t *Game) TurnFromSave(savePath, vaslOut string, force bool, script *dice.ScriptRoller, now time.Time) (*SaveTurn, error) {
	path := t.path
	if vaslOut != "" {
		if SameFile(vaslOut, savePath) {
			return nil, &SaveRefusal{Kind: OutIsTheSave, Path: vaslOut, Other: savePath}
		}
		if err := RefuseExisting(vaslOut, force); err != nil {
			return nil, &SaveRefusal{Kind: OutExists, Path: vaslOut, Err: err}
		}
	}
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	g := s.Game()
	if g.Policy() != game.PolicyPlayer {
		return nil, &SaveRefusal{Kind: NotPlayersGame, Path: savePath, Other: path, Policy: g.Policy()}
	}
	if s.Stop().Kind == state.Over {
		return nil, fmt.Errorf("%s: the game is over: %s ended after turn %d", path, g.World().Mission().Name, g.LastTurn())
	}
	f, err := ReadSave(savePath, g.World().Mission().Layout)
	if err != nil {
		return nil, err
	}
	if why := staleSave(g, f); why != "" {
		return nil, &SaveRefusal{Kind: StaleSave, Path: savePath, Other: path, Why: why}
	}
	// found: the counters of your units as read, for the ENEMY's turn
	// written back (a unit eliminated in it is no longer there to find
	// its by).
	reads, unknown, found, err := readFriendly(g, f)
	if err != nil {
		return nil, err
	}
	if why, err := olderSave(s, f, found, reads); err != nil {
		return nil, err
	} else if why != "" {
		return nil, &SaveRefusal{Kind: OlderSave, Path: savePath, Other: path, Why: why}
	}
	moves := map[[2]string][]string{} // from, to -> units
	var order [][2]string
	for _, rd := range reads {
		if rd.to == "" {
			continue
		}
		k := [2]string{g.World().Map().LocationName(rd.u.At()), rd.to}
		if moves[k] == nil {
			order = append(order, k)
		}
		moves[k] = append(moves[k], rd.u.ID)
	}
	if len(order) > 0 && !inMyTurn(s.Stop()) {
		return nil, fmt.Errorf("%s: your units moved in the save (%s to %s), but the game stands at %s: your MPh comes after the ENEMY's phases; give the save with your units where sasl left them, and move them in the save it writes before your MPh",
			savePath, strings.Join(moves[order[0]], ","), order[0][1], report.Where(s.Stop()))
	}
	out := &SaveTurn{Units: len(f.units) - len(unknown)}
	for _, rd := range reads {
		out.Reads = append(out.Reads, Reading{ID: rd.u.ID, At: g.World().Map().LocationName(rd.u.At()), Commands: rd.cmd, To: rd.to, Swapped: rd.swapped})
	}
	mission := map[string]string{} // piece ID -> the unit it was set up as
	for _, sp := range g.World().Mission().Friendly {
		if sp.Vasl != "" {
			mission[sp.Vasl] = sp.ID
		}
	}
	for _, v := range unknown {
		out.NotTaken = append(out.NotTaken, NotTaken{Name: v.Name, Location: v.Location, Piece: v.ID, Unit: mission[v.ID]})
	}
	out.First = len(s.Journal()) + 1
	r := roller(script)
	do := func(text string) error {
		c, err := game.ParseCommand(text, g.World().Map())
		if err != nil {
			return err
		}
		if _, err := s.Do(c, r); err != nil {
			return fmt.Errorf("%s (from %s): %w", text, savePath, err)
		}
		if c.Verb != game.Next && c.Verb != game.Pass {
			out.Done = append(out.Done, text)
		}
		return nil
	}
	for _, rd := range reads {
		for _, c := range rd.cmd {
			if err := do(c); err != nil {
				return nil, err
			}
		}
	}
	// Play on: the engine's decisions, the moves at the FRIENDLY MPh, to
	// the player's next Player Turn. The save speaks for the PFPh and MPh
	// of the FRIENDLY Player Turn the game stands in (mine): its moves are
	// read before any Prep Fire of the player's, and with moves in the save
	// that PFPh has none (a unit that Prep Fires does not move, ASL A3.3;
	// the save does not say who fired). The game stops before the player's
	// next PFPh (or MPh, where no unit of theirs can fire), so that the
	// next save speaks for that Player Turn's fire and moves alike.
	mine := inMyTurn(s.Stop())
	for steps := 0; ; steps++ {
		st := s.Stop()
		if st.Kind == state.Over {
			break
		}
		before := st.Kind == state.BeforePhase && st.Player == state.Friendly
		atPFPh, atMPh := before && st.Phase == state.PFPh, before && st.Phase == state.MPh
		if (atPFPh || atMPh) && !mine && steps > 0 {
			break // the player's next Player Turn: the next save speaks for it
		}
		if atMPh && mine {
			// Units that moved together from a hex to a hex move as a
			// stack (a leader with its squad).
			for _, k := range order {
				var ids []string
				for _, id := range moves[k] {
					if u, ok := g.Unit(id); ok && u.OnMap() {
						ids = append(ids, id)
					}
				}
				if len(ids) == 0 {
					continue
				}
				if err := do("move " + strings.Join(ids, ",") + " " + k[1]); err != nil {
					return nil, err
				}
			}
			order, mine = nil, false
		}
		if steps > 10_000 {
			return nil, fmt.Errorf("%s: the game did not come to your next Player Turn in 10,000 steps", path)
		}
		verb := game.Pass
		if st.Kind == state.TurnStart || atMPh || atPFPh && len(order) > 0 {
			verb = game.Next
		}
		if err := do(string(verb)); err != nil {
			return nil, err
		}
	}
	if len(order) > 0 {
		return nil, fmt.Errorf("%s: the game ended before your MPh: the moves the save shows were not made", path)
	}
	if err := used(script); err != nil {
		return nil, err
	}
	if vaslOut == "" {
		return out, t.Save()
	}
	if out.Written, err = t.writeEnemy(savePath, &out.First, now, found); err != nil {
		return nil, err
	}
	// The game and its save as one: a kill between leaves both old or
	// both new (the next Open finishes or undoes the pair).
	if err := t.SaveWith(vaslOut, out.Written.write); err != nil {
		return nil, err
	}
	return out, nil
}

// olderSave says why save f, whose S? stand as the game has them, shows
// the game as it stood before what it did last, "" when it does not (an
// older save given again, or one saved part way through sasl's steps:
// VASSAL keeps no place in a log it saves). Its counters of yours that
// differ from the game's (reads) would then be read as moves and reports
// of yours that undo what the game did since (issue 56). Either the save
// shows both sides' counters as the game had them at an earlier place
// (saveBase, exact), or a unit it reads stands in the save as the game
// had it when the save was written (the base), the game having moved or
// turned it since. Only a save with something to read is looked into (the
// game's journal is played again).
func olderSave(s *game.Session, f *Save, yours map[string]vassal.Unit, reads []reading) (string, error) {
	if len(reads) == 0 {
		return "", nil
	}
	at, err := saveBase(s, f, yours)
	if err != nil || at.base == nil || at.from > len(s.Journal()) {
		return "", err
	}
	g := s.Game()
	m := g.World().Map()
	var unit string
	if !at.exact {
		for _, rd := range reads {
			b, ok := at.base[rd.u.ID]
			v, has := yours[rd.u.ID]
			if !ok || !has || !b.changed(rd.u) || v.Broken != b.broken {
				continue
			}
			if l, err := m.ParseLocation(v.Location); err == nil && l.Hex == b.at {
				unit = fmt.Sprintf("%s stands as the game had it then, since %s on %s", rd.u.ID, map[bool]string{true: "broken", false: "in Good Order"}[rd.u.Broken], m.LocationName(rd.u.At()))
				break
			}
		}
		if unit == "" {
			return "", nil
		}
	}
	where := firstPlace(turnEvents(s, &at.from)[at.skip:])
	switch {
	case where == "":
		return "", nil
	case unit != "":
		return "an older save, of the game before " + where + ": " + unit, nil
	case at.partWay:
		return "saved part way through its steps: its counters stand as the steps leave them before " + where, nil
	}
	return "an older save: its counters stand as the game had them before " + where, nil
}
