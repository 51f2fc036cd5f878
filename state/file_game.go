package state

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sasl-engine/sasl/internal/yamldoc"
)

// The game keys of a state file (mission, boards, tables, seed, rng,
// policy, digests, ...), its journal and its last unit IDs.

type stepFile struct {
	yamldoc.Fields
	N    yamldoc.Value `yaml:"n"`
	Do   yamldoc.Value `yaml:"do"`
	Dice yamldoc.Value `yaml:"dice"`
	Own  yamldoc.Value `yaml:"own"`
}

func (s *stepFile) UnmarshalYAML(n *yaml.Node) error { return yamldoc.Decode(n, s) }

// MaxJournal bounds the steps of a journal: a mission of 99 turns with a
// few hundred commands each stays well within it.
const MaxJournal = 100_000

// journal reads a game's journal: [{n, do, dice, own}], n counting from 1.
func journal(c *yamldoc.Check, l yamldoc.List[stepFile]) []Step {
	if !c.List(l.Node, "journal", "want a list of steps such as {n: 1, do: setup, dice: \"3 Q S 4\"}") {
		return nil
	}
	if len(l.Items) > MaxJournal {
		c.Errorf(l.Node, "journal: %d steps: at most %d", len(l.Items), MaxJournal)
		return nil
	}
	out := make([]Step, 0, len(l.Items))
	for i := range l.Items {
		f := &l.Items[i]
		if !c.Fields(f, "journal", yamldoc.Unknown("journal", "want n, do, dice, own")) {
			return nil
		}
		n := c.Int(f.N, "journal.n", 1, MaxJournal)
		st := Step{Do: c.Str(f.Do, "journal.do"), Dice: c.Str(f.Dice, "journal.dice"), Own: c.Bool(f.Own, "journal.own")}
		switch {
		case !c.OK():
			return nil
		case !f.Has("n") || !f.Has("do"):
			c.Errorf(f.Node, "journal: each step needs n and do")
		case n != i+1:
			c.Errorf(f.N.Node, "journal.n: step %d is numbered %d: the journal's steps count 1, 2, 3 ... (a step deleted or moved?)", i+1, n)
		case st.Do == "":
			c.Errorf(f.Do.Node, "journal.do: step %d says nothing to do", n)
		}
		if !c.OK() {
			return nil
		}
		out = append(out, st)
	}
	return out
}

// game reads the game keys of a state file.
func (f *stateFile) game(c *yamldoc.Check) Game {
	var g Game
	g.Mission = c.Str(f.Mission, "mission")
	g.Boards = c.Str(f.Boards, "boards")
	g.Tables = c.Str(f.Tables, "tables")
	if s := c.Str(f.Seed, "seed"); f.Seed.Given() && c.OK() {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			c.Errorf(f.Seed.Node, "seed: want a whole number >= 0, not %q", s)
		}
		g.Seed, g.HasSeed = seed, true
	}
	g.RNG = c.Str(f.RNG, "rng")
	if h, ok := strings.CutPrefix(g.RNG, "pcg:"); f.RNG.Given() && c.OK() && (!ok || len(h) != 32 || strings.Trim(h, "0123456789abcdef") != "") {
		c.Errorf(f.RNG.Node, "rng: %q is not the state of the dice (pcg: and 32 hex digits, as sasl wrote it)", g.RNG)
	}
	g.Trail = c.Strings(f.Trail, "trail")
	if g.Policy = Policy(c.Str(f.Policy, "policy")); c.OK() && f.Policy.Given() && g.Policy != PolicyHold && g.Policy != PolicyAttack && g.Policy != PolicyPlayer {
		c.Errorf(f.Policy.Node, "policy: %q: the FRIENDLY side is played by hold or attack (the engine) or player", g.Policy)
	}
	g.LegacyAsked = c.Str(f.Asked, "asked")
	g.Stop = c.Str(f.Stop, "stop")
	g.FirstFire = c.Str(f.Fire, "first_fire")
	// The rules a game plays by: a game file with a journal and without
	// rules: was begun before revisions were kept (Rules1), and its
	// journal replays by them; one without a journal has nothing to
	// replay, and plays on by this sasl's, whatever its rules: says.
	if f.Rules.Given() {
		n := c.Int(f.Rules, "rules", 1, 255)
		if r, err := RulesNumbered(n); err != nil && c.OK() {
			c.Errorf(f.Rules.Node, "rules: %d: %v", n, err)
		} else if err == nil && f.Journal.Given() {
			g.Rules = r
		}
	} else if g.Mission != "" && f.Journal.Given() {
		g.Rules = Rules1
	}
	if f.Journal.Given() {
		g.Journal = journal(c, f.Journal)
	}
	g.MissionDigest = c.Str(f.MDigest, "mission_digest")
	if f.MDigest.Given() && c.OK() && !digestForm(g.MissionDigest) {
		c.Errorf(f.MDigest.Node, "mission_digest: %q is not what sasl writes (16 hex digits, then key:digest pairs): was the line edited?", g.MissionDigest)
	}
	g.TablesDigest = c.Str(f.TDigest, "tables_digest")
	if f.TDigest.Given() && c.OK() && (len(g.TablesDigest) != 16 || !hexDigits(g.TablesDigest)) {
		c.Errorf(f.TDigest.Node, "tables_digest: %q is not what sasl writes (16 hex digits): was the line edited?", g.TablesDigest)
	}
	g.Plain = c.Bool(f.Plain, "plain")
	if g.Mission != "" && c.OK() {
		// A game file: what playing on needs. A line deleted by mistake
		// must not change the game silently (turn 1 again, the setup's
		// dice again, the FRIENDLY units read as ENEMY ones).
		for _, k := range []struct {
			name string
			v    yamldoc.Value
		}{{"seed", f.Seed}, {"rng", f.RNG}, {"policy", f.Policy}, {"turn", f.Turn}, {"player_turn", f.Player}} {
			if !k.v.Given() {
				c.Errorf(f.Node, "a game file needs %s: (was the line deleted? a game file is best changed by sasl play)", k.name)
			}
		}
		for _, k := range []string{"enemy", "friendly"} {
			if !f.Has(k) {
				c.Errorf(f.Node, "a game file needs %s: (was the line deleted? write \"%s: []\" for a side with no units)", k, k)
			}
		}
	}
	return g
}

// lastIDs reads the highest number given to a unit ID of each prefix
// in the game: {A: 12, E: 7} (NewID). A file
// without it (an earlier sasl's) has none: see NewID.
func lastIDs(c *yamldoc.Check, f yamldoc.Map[yamldoc.Value]) []lastID {
	if !f.Given() || !c.Map(f.Node, "last_ids") {
		return nil
	}
	var out []lastID
	for i, k := range f.Keys {
		n := c.Int(f.Values[i], "last_ids."+k.Value, 1, 999999999)
		if !c.OK() {
			return nil
		}
		if k.Value == "" || strings.ContainsAny(k.Value[len(k.Value)-1:], "0123456789") {
			c.Errorf(k, "last_ids: %q is not a unit ID prefix (E of E7: it ends before the number)", k.Value)
			return nil
		}
		out = append(out, lastID{k.Value, n})
	}
	return out
}

// digestForm reports whether a mission_digest is as game.Open writes it:
// 16 hex digits of the file's digest, then "key:digest" pairs.
func digestForm(d string) bool {
	f := strings.Fields(d)
	if len(f) == 0 || len(f[0]) != 16 || !hexDigits(f[0]) || strings.Join(f, " ") != d {
		return false
	}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, ":")
		if !ok || k == "" || v == "" || !hexDigits(v) {
			return false
		}
	}
	return true
}

func hexDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789abcdef") == "" }
