package main

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

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
// pass: a save does not say whom the player's units fired at. The game
// plays on to the player's next MPh, where the next save takes over, or to
// its end. A save whose S? do not stand where the game has them is not of
// the game as it stands (an older save, another game's) and is refused;
// --vasl-out writes the game back into the save, both sides, so that the
// next save differs from the game only by what the player did.

// reading is what a save says of one FRIENDLY unit of the game.
type reading struct {
	u   *state.Unit
	cmd []string // the commands it makes, in the game's words
	to  string   // the hex it moved to, "" if none
}

// readFriendly compares the FRIENDLY units of g with the save's.
func readFriendly(g *game.Game, f *fromSave) (reads []reading, unknown []vassal.Unit) {
	m := g.W.Map()
	seen := map[string]bool{}
	for _, u := range g.State.OfSide(state.Friendly) {
		if u.Vasl == "" || !u.OnMap() {
			continue
		}
		seen[u.Vasl] = true
		r := reading{u: u}
		v, ok := f.byPiece[u.Vasl]
		if !ok {
			r.cmd = append(r.cmd, "set "+u.ID+" eliminated")
			reads = append(reads, r)
			continue
		}
		if v.Broken != u.Broken {
			r.cmd = append(r.cmd, "set "+u.ID+" "+map[bool]string{true: "broken", false: "good"}[v.Broken])
		}
		if u.Kind == state.Squad && v.Kind == state.HalfSquad.String() {
			r.cmd = append(r.cmd, "set "+u.ID+" reduced")
		}
		if v.Known() != u.Known {
			r.cmd = append(r.cmd, "set "+u.ID+" "+map[bool]string{true: "known", false: "hidden"}[v.Known()])
		}
		// A seam's half hexes are one hex with two names (2H10, 4H0).
		if l, err := m.ParseLocation(v.Location); err != nil || l.Hex != u.At().Hex {
			r.to = v.Location
		}
		if len(r.cmd) > 0 || r.to != "" {
			reads = append(reads, r)
		}
	}
	for _, v := range f.units {
		if !seen[v.ID] {
			unknown = append(unknown, v)
		}
	}
	return reads, unknown
}

// staleSave says why a save is not of the game as it stands, "" if it
// is: the game's ENEMY units must stand in it where the game has them, as
// sasl vasl write and play turn --vasl-out leave them.
func staleSave(g *game.Game, f *fromSave) string {
	m := g.W.Map()
	var onMap, found int
	var wrong []string
	seen := map[string]bool{}
	for _, u := range g.State.OfSide(state.Enemy) {
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
	return st.Kind == game.BeforePhase && st.Player == state.Friendly && st.Phase <= state.MPh
}

// turnFromSave plays game file path on from where it stands with the
// FRIENDLY side as VASL save savePath shows it, to the player's next MPh
// (or the game's end), and writes the game into vaslOut if given.
func turnFromSave(cmd *cobra.Command, o *options, path string, lo game.LoadOptions, pf *playTurnFlags, script *dice.ScriptRoller) error {
	savePath, vaslOut, force := pf.friendlyFrom, pf.vaslOut, pf.force
	if pf.json {
		return errors.New("--json: not with --friendly-from (its report is text)")
	}
	var r dice.Roller // the seed's dice, or the player's script
	if script != nil {
		r = script
	}
	if vaslOut != "" {
		if sameFile(vaslOut, savePath) {
			return fmt.Errorf("--vasl-out %s: that is the --friendly-from save; write a new file (your save stays as it was)", vaslOut)
		}
		if err := refuseExisting(vaslOut, force); err != nil {
			return fmt.Errorf("--vasl-out: %w", err)
		}
	}
	release, err := lockGame(cmd, o, path)
	if err != nil {
		return err
	}
	defer release()
	s, err := openSession(path, lo)
	if err != nil {
		return err
	}
	defer s.Close()
	g := s.G
	if g.State.Policy != game.PolicyPlayer {
		return fmt.Errorf("%s: --friendly-from: the engine plays the FRIENDLY side of this game (policy %s); a save reports your units in a game of policy player", path, g.State.Policy)
	}
	if s.Stop().Kind == game.Over {
		return fmt.Errorf("%s: the game is over: %s ended after turn %d", path, g.W.Mission().Name, g.LastTurn())
	}
	f, err := readSave(savePath, g.W.Mission().Layout)
	if err != nil {
		return err
	}
	if why := staleSave(g, f); why != "" {
		return fmt.Errorf("%s: not a save of %s as it stands (%s): give the save the last sasl vasl write or play turn --vasl-out wrote, with your moves; sasl vasl write %s --into %s --out NEW.vsav puts the ENEMY where the game has it", savePath, path, why, path, savePath)
	}
	reads, unknown := readFriendly(g, f)
	moves := map[[2]string][]string{} // from, to -> units
	var order [][2]string
	for _, rd := range reads {
		if rd.to == "" {
			continue
		}
		k := [2]string{g.W.Map().LocationName(rd.u.At()), rd.to}
		if moves[k] == nil {
			order = append(order, k)
		}
		moves[k] = append(moves[k], rd.u.ID)
	}
	if len(order) > 0 && !inMyTurn(s.Stop()) {
		return fmt.Errorf("%s: your units moved in the save (%s to %s), but the game stands at %s: your MPh comes after the ENEMY's phases; give the save with your units where sasl left them, and move them in the save it writes before your MPh",
			savePath, strings.Join(moves[order[0]], ","), order[0][1], s.Stop().Where())
	}
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "Read from %s: %s of yours on the boards.\n", savePath, plural(len(f.units)-len(unknown), "unit"))
	for _, rd := range reads {
		what := strings.Join(rd.cmd, ", ")
		if rd.to != "" {
			what = strings.TrimPrefix(what+", moved to "+rd.to, ", ")
		}
		fmt.Fprintf(w, "  %s %s: %s\n", rd.u.ID, g.W.Map().LocationName(rd.u.At()), what)
	}
	if len(reads) == 0 {
		fmt.Fprintln(w, "  no change to your units")
	}
	mission := map[string]string{} // piece ID -> the unit it was set up as
	for _, sp := range g.W.Mission().Friendly {
		if sp.Vasl != "" {
			mission[sp.Vasl] = sp.ID
		}
	}
	for _, v := range unknown {
		if id := mission[v.ID]; id != "" {
			fmt.Fprintf(w, "  not taken: %s on %s is %s, no longer on the map in the game: its counter can go\n", v.Name, v.Location, id)
			continue
		}
		fmt.Fprintf(w, "  not taken: %s on %s (VASL piece %s is none of the game's units)\n", v.Name, v.Location, v.ID)
	}
	first := len(s.Journal()) + 1
	do := func(text string) error {
		c, err := game.ParseCommand(text, g.W.Map())
		if err != nil {
			return err
		}
		if _, err := s.Do(c, r); err != nil {
			return fmt.Errorf("%s (from %s): %w", text, savePath, err)
		}
		if c.Verb != game.Next && c.Verb != game.Pass {
			fmt.Fprintf(w, "  done: %s\n", text)
		}
		return nil
	}
	for _, rd := range reads {
		for _, c := range rd.cmd {
			if err := do(c); err != nil {
				return err
			}
		}
	}
	// Play on: the moves at the FRIENDLY MPh, the engine's decisions
	// elsewhere, to the next FRIENDLY MPh.
	for steps := 0; ; steps++ {
		st := s.Stop()
		if st.Kind == game.Over {
			break
		}
		atMPh := st.Kind == game.BeforePhase && st.Player == state.Friendly && st.Phase == state.MPh
		if atMPh && len(order) > 0 {
			// Units that moved together from a hex to a hex move as a
			// stack (a leader with its squad).
			for _, k := range order {
				var ids []string
				for _, id := range moves[k] {
					if u := g.State.Unit(id); u != nil && u.OnMap() {
						ids = append(ids, id)
					}
				}
				if len(ids) == 0 {
					continue
				}
				if err := do("move " + strings.Join(ids, ",") + " " + k[1]); err != nil {
					return err
				}
			}
			order = nil
		} else if atMPh && steps > 0 {
			break // the player moves next, in VASL
		}
		if steps > 10_000 {
			return fmt.Errorf("%s: the game did not come to your MPh in 10,000 steps", path)
		}
		// Your PFPh comes before the moves: with moves in the save, no Prep
		// Fire (a unit that Prep Fires does not move, and the save does not
		// say who fires).
		verb := game.Pass
		if st.Kind == game.TurnStart || atMPh || len(order) > 0 && st.Player == state.Friendly && st.Phase == state.PFPh {
			verb = game.Next
		}
		if err := do(verb); err != nil {
			return err
		}
	}
	if len(order) > 0 {
		return fmt.Errorf("%s: the game ended before your MPh: the moves the save shows were not made", path)
	}
	if script != nil && len(script.Left()) > 0 {
		return fmt.Errorf("dice: %d rolls of the script were not used: %v (check the script)", len(script.Left()), script.Left())
	}
	var written *enemyWrite
	if vaslOut != "" {
		if written, err = writeEnemy(s, savePath, &first, time.Now()); err != nil {
			return err
		}
	}
	// Both files before a word is printed: a closed pipe loses no file.
	if err := writeGameFile(path, g.Write); err != nil {
		return err
	}
	o.saved = path
	if written != nil {
		if err := written.writeFile(vaslOut); err != nil {
			return err
		}
	}
	// What happened, turn by turn (a step may cross into the next turn).
	p := newPlayed(g.W)
	var evs []report.Event
	turn := 0
	for _, st := range s.Steps(first) {
		for j, ev := range st.Events {
			if t := s.TurnAt(st.First + j); t != turn {
				if len(evs) > 0 {
					writeTurnText(w, p.words, turn, evs)
				}
				turn, evs = t, nil
			}
			evs = append(evs, ev)
		}
	}
	if len(evs) > 0 {
		writeTurnText(w, p.words, turn, evs)
	}
	fmt.Fprintln(w)
	if g.Over() {
		fmt.Fprintf(w, "That was the mission's last turn (%d): the game is over. Written to %s.\n", g.LastTurn(), path)
		writeWinner(w, g)
	} else {
		fmt.Fprintf(w, "Written to %s: %s; move your units in VASL, save, and give that save to sasl play turn --friendly-from.\n", path, s.Stop().Where())
	}
	if written != nil {
		written.report(cmd.OutOrStdout(), vaslOut)
	}
	return nil
}
