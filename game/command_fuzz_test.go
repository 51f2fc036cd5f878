package game

import "testing"

// FuzzParseCommand: a journal's command text (game files are read from
// anyone) is parsed or refused, never a panic; a command parsed writes
// back (Command.Text) as text that parses to the same command text, so a
// journal written is a journal read.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"next", "next --stop phase --first-fire pbf", "next --hold-move", "pass", "setup --stop turn", "setup --first-fire normal --rules 2",
		"move F1,F2 x1Q6 x1Q7 --assault", "move F1 x1Q6 --low-crawl", "fire --from x1Q5,x1R6 --at x1S10", "set F1 pinned",
		"set F2 piece 1533971088241", "set F2 piece 12x", "next --hold-move --hold-move", "set F1 piece"} {
		f.Add(s)
	}
	w := prepared(f, "crossroads", "")
	m := w.Map()
	f.Fuzz(func(t *testing.T, text string) {
		c, err := ParseCommand(text, m)
		if err != nil {
			return
		}
		again, err := ParseCommand(c.Text(m), m)
		if err != nil {
			t.Fatalf("%q parsed, written as %q, which does not parse: %v", text, c.Text(m), err)
		}
		if again.Text(m) != c.Text(m) {
			t.Fatalf("%q parsed, written as %q, read back as %q", text, c.Text(m), again.Text(m))
		}
	})
}
