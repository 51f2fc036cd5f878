package state

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sasl-engine/sasl/rules/board"
)

// A State written in the form Read reads.

// Write writes s in the form Read reads, units in their order, with the A2.2
// names of m.
func (s *State) Write(w io.Writer, m *board.Map) error {
	var b strings.Builder
	g := s.Game
	for _, kv := range [][2]string{{"mission", g.Mission}, {"boards", g.Boards}, {"tables", g.Tables}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, "%s: %s\n", kv[0], quote(kv[1]))
		}
	}
	if g.HasSeed {
		fmt.Fprintf(&b, "seed: %d\n", g.Seed)
	}
	if g.RNG != "" {
		fmt.Fprintf(&b, "rng: %s\n", quote(g.RNG))
	}
	if g.Policy != "" {
		fmt.Fprintf(&b, "policy: %s\n", g.Policy)
	}
	if g.Stop != "" {
		fmt.Fprintf(&b, "stop: %s\n", quote(g.Stop))
	}
	if g.FirstFire != "" {
		fmt.Fprintf(&b, "first_fire: %s\n", quote(g.FirstFire))
	}
	// Revision 1 is said by no rules: (a file of before revisions were
	// kept): a line deleted from a later game is then noticed.
	if g.Rules != Rules1 && (g.Mission != "" || g.Rules != RulesNow) {
		fmt.Fprintf(&b, "rules: %d\n", g.Rules.Number())
	}
	if g.Plain {
		b.WriteString("plain: true\n")
	}
	if g.MissionDigest != "" {
		fmt.Fprintf(&b, "mission_digest: %q\n", g.MissionDigest)
	}
	if g.TablesDigest != "" {
		fmt.Fprintf(&b, "tables_digest: %q\n", g.TablesDigest)
	}
	if len(g.Trail) > 0 {
		b.WriteString("trail:\n")
		for _, t := range g.Trail {
			fmt.Fprintf(&b, "  - %q\n", t)
		}
	}
	fmt.Fprintf(&b, "turn: %d\n", s.Turn)
	if s.HasPlayer {
		fmt.Fprintf(&b, "player_turn: %s\n", s.Player)
	}
	if s.Phase != RPh {
		fmt.Fprintf(&b, "phase: %s\n", s.Phase)
	}
	if g.Stopped.Asks() {
		writeStop(&b, g.Stopped, m)
	}
	if ids := s.sortedIDs(); len(ids) > 0 {
		parts := make([]string, len(ids))
		for i, l := range ids {
			parts[i] = fmt.Sprintf("%s: %d", quote(l.prefix), l.n)
		}
		fmt.Fprintf(&b, "last_ids: {%s}\n", strings.Join(parts, ", "))
	}
	if len(s.Waves) > 0 {
		b.WriteString("waves:\n")
		for _, wv := range s.Waves {
			fmt.Fprintf(&b, "  - {id: %s, edge: %s, direction: %s}\n", quote(wv.ID), wv.Edge, m.NameString(wv.Direction))
		}
	}
	for _, side := range []Side{Enemy, Friendly} {
		var lines []string
		for _, u := range s.units {
			if u.Side == side {
				lines = append(lines, unitLine(u, m))
			}
		}
		switch {
		case len(lines) > 0:
			fmt.Fprintf(&b, "%s:\n", side)
			for _, l := range lines {
				b.WriteString("  - " + l + "\n")
			}
		case g.Mission != "": // a game file says it: no unit of that side
			fmt.Fprintf(&b, "%s: []\n", side)
		}
	}
	if len(s.VPO) > 0 {
		b.WriteString("vpo:\n")
		for _, c := range s.VPO {
			fmt.Fprintf(&b, "  - {at: %s, control: %s}\n", m.LocationName(c.At), c.Side)
		}
	}
	if len(s.Loose) > 0 {
		b.WriteString("loose_sw:\n")
		for _, l := range s.Loose {
			fmt.Fprintf(&b, "  - {at: %s, name: %s, pp: %d", m.LocationName(l.At), quote(l.Name), l.PP)
			if l.Dead {
				b.WriteString(", dead: true")
			}
			b.WriteString("}\n")
		}
	}
	if len(s.Residual) > 0 {
		b.WriteString("residual_fp:\n")
		for _, r := range s.Residual {
			fmt.Fprintf(&b, "  - {at: %s, fp: %d}\n", m.LocationName(r.At), r.FP)
		}
	}
	if len(g.Journal) > 0 {
		b.WriteString("journal:\n")
		for i, st := range g.Journal {
			fmt.Fprintf(&b, "  - {n: %d, do: %s", i+1, quote(st.Do))
			if st.Dice != "" {
				fmt.Fprintf(&b, ", dice: %q", st.Dice)
			}
			if st.Own {
				b.WriteString(", own: true")
			}
			b.WriteString("}\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func unitLine(u *Unit, m *board.Map) string {
	parts := []string{"id: " + quote(u.ID), "unit: " + quote(u.Kind.String())}
	if u.Type != "" {
		parts = append(parts, "type: "+quote(u.Type))
	}
	parts = append(parts, "at: "+m.LocationName(u.at))
	if u.Entering {
		parts = append(parts, "entering: "+u.Edge.String())
	}
	if u.Case != 0 {
		parts = append(parts, "case: "+string(u.Case))
	}
	if u.Crest {
		parts = append(parts, "crest: "+m.NameString(u.Facing))
	}
	for _, f := range []struct {
		name string
		on   bool
	}{{"broken", u.Broken}, {"dm", u.DM}, {"pinned", u.Pinned}, {"wounded", u.Wounded}, {"known", u.Known}, {"fired", u.Fired}, {"final_fire", u.FinalFire}, {"moved", u.Moved}, {"advanced", u.Advanced}, {"routed", u.Routed}, {"hw", u.HW}, {"released", u.Released}, {"setup", u.Setup}, {"exited", u.Exited}, {"panicked", u.Panicked}} {
		if f.on {
			parts = append(parts, f.name+": true")
		}
	}
	if u.Command != NoCommand {
		parts = append(parts, "command: "+u.Command.String())
	}
	if u.Wave != "" {
		parts = append(parts, "wave: "+quote(u.Wave), "lane: "+m.NameString(u.Lane))
	}
	if len(u.SW) > 0 {
		var sws []string
		for _, sw := range u.SW {
			s := fmt.Sprintf("{name: %s, pp: %d", quote(sw.Name), sw.PP)
			if sw.Dead {
				s += ", dead: true"
			}
			sws = append(sws, s+"}")
		}
		parts = append(parts, "sw: ["+strings.Join(sws, ", ")+"]")
	}
	if u.Vasl != "" {
		parts = append(parts, fmt.Sprintf("vasl: %q", u.Vasl))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// quote writes a scalar so YAML reads it back as the same text.
// Quote writes s as a YAML scalar as state files do: plain where it reads
// back as the same string, double-quoted otherwise.
func Quote(s string) string { return quote(s) }

func quote(s string) string {
	if s == "" || strings.ContainsAny(s, ":{}[],#&*!|>'\"%@`?") || s != strings.TrimSpace(s) || slices.Contains([]string{"true", "false", "null", "yes", "no", "on", "off", "~"}, strings.ToLower(s)) {
		return fmt.Sprintf("%q", s)
	}
	return s
}
