package vassal

import (
	"bytes"
	"encoding/hex"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/rules/coord"
)

// Every add command of the real saves is written again, byte for byte,
// by the encoder the writer uses (SequenceEncoder levels, traits nested
// outermost first); so are the Suspect templates.
func TestEncoderRoundTrip(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join(savesDir(t), "*.vsav"))
	n := 0
	for _, f := range files {
		s, err := Open(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range s.Commands() {
			if !strings.HasPrefix(c, "+/") {
				continue
			}
			p := split(c, '/')
			if got := addCommand(p[1], p[2], p[3]); got != c {
				t.Fatalf("%s: add command written again differs:\n%.200q\n%.200q", filepath.Base(f), got, c)
			}
			if p[2] == "stack" {
				continue
			}
			for _, x := range []string{p[2], p[3]} {
				if got := joinLayers(layers(x)); got != x {
					t.Fatalf("%s: piece %s: traits joined again differ:\n%.200q\n%.200q", filepath.Base(f), p[1], got, x)
				}
			}
			n++
		}
	}
	if n < 500 {
		t.Errorf("%d pieces checked, want the saves' 500 or more", n)
	}
	for _, line := range strings.Split(suspectText, "\n") {
		if strings.HasPrefix(line, "+/") {
			p := split(line, '/')
			if got := addCommand(p[1], p[2], p[3]); got != line {
				t.Errorf("template written again differs:\n%q\n%q", got, line)
			}
		}
	}
	for _, tc := range []string{"", "a", `a\`, "'q'", "a\tb", `\` + "\t"} {
		if got := split(escape(tc, '\t')+"\t"+escape("x", '\t'), '\t'); len(got) != 2 || got[0] != tc {
			t.Errorf("escape %q: split back as %q", tc, got)
		}
	}
}

// A piece's name is the one VASL shows: its layers and label change its
// BasicPiece's name.
func TestNames(t *testing.T) {
	t.Parallel()
	s := openSave(t, "The-Streets-Of-Stalingrad-Scenario-C.vsav")
	pieces, _, err := s.Pieces()
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Piece{}
	names := map[string]int{}
	for _, p := range pieces {
		byID[p.ID] = p
		names[p.Name]++
	}
	for id, want := range map[string][2]string{
		"1533976168273": {"4-5-8 Esq", "4-4-7 1sq"}, // the Russian squad counter at level 2
		"1533976364369": {"ruLDR", "8-0"},           // level 6 of 10-3, 10-2, 9-2, 9-1, 8-1, 8-0, ...
		"1533976558224": {"geLDR", "9-2"},
		"1533975564951": {"ruCOM", "9-0"},
		"1533976328057": {"6-2-8 Esq", "5-2-7 1sq"},
	} {
		if p := byID[id]; p.Basic != want[0] || p.Name != want[1] {
			t.Errorf("piece %s: %q shown as %q, want %q as %q", id, p.Basic, p.Name, want[0], want[1])
		}
	}
	if names["4-6-7 1sq"] == 0 || names["8-3-8 Esq"] == 0 || names["4-5-8 Esq"] != 0 {
		t.Errorf("names: %v", names)
	}
	// Layer levels and their names: replace, "+ X" after, "X +" before,
	// "\+" a plus.
	tl := []string{
		"label;76,130;Label;10;255,255,255;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;;false",
		`emb2;;2;F;;2;E;;2;Q;;;0;false;0;0;a,b;broken +,broken +;false;BRK;;;false;;1;1;false;70,130;;`,
		`emb2;;2;;ELR;2;E;BH;2;Q;;;0;false;0;0;a,b,c;10-3,6\+1,+ BU;false;;;;false;;1;1;true;;69,130;81,130`,
		"piece;K;D; ;ruLDR",
	}
	for _, tc := range []struct {
		sl   []string
		want string
	}{
		{[]string{"", "-1", "1", "x"}, "10-3"},
		{[]string{"", "2", "2", "x"}, "broken 6+1"},
		{[]string{"", "-2", "3", "x"}, "ruLDR BU"},
		{[]string{"F9", "-2", "-3", "x"}, "ruLDR (F9)"},
		{[]string{"", "1;", "9", "x"}, "broken ruLDR"},
	} {
		if got := displayName(tl, tc.sl); got != tc.want {
			t.Errorf("states %q: %q, want %q", tc.sl, got, tc.want)
		}
	}
}

// Squads, half-squads, leaders and Commissars are read by the counters
// table; the rest is listed with the reason, never guessed.
func TestUnits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		basic, name    string
		kind, typ, why string
		broken         bool
	}{
		{"4-5-8 Esq", "4-4-7 1sq", "squad", "4-4-7", "", false},
		{"4-5-8 Esq", "broken 4-2-6 Csq", "squad", "4-2-6", "", true},
		{"4-6-8 Esq", "2-4-7 1hs", "half_squad", "2-4-7", "", false},
		{"geLDR", "9-2", "leader", "9-2", "", false},
		{"ruLDR", "broken 6+1", "leader", "6+1", "", true},
		{"ruCOM", "8+1", "commissar", "8+1", "", false},
		{"2-2-8 Icr", "2-2-8 Icr", "", "", `class "Icr"`, false},
		{"LMG", "LMG", "", "", "not a unit", false},
		{"Game Turn", "9-2", "", "", "no leader's", false},
		{"Suspect", "Suspect Black (S1)", "", "", "S?", false},
	} {
		u, why := unitOf(Placed{Piece: Piece{Basic: tc.basic, Name: tc.name}})
		if u.Kind != tc.kind || u.Type != tc.typ || u.Broken != tc.broken || !strings.Contains(why, tc.why) || (why == "") != (tc.why == "") {
			t.Errorf("%s shown as %s: %s %s broken %v (%q), want %s %s %v (%q)", tc.basic, tc.name, u.Kind, u.Type, u.Broken, why, tc.kind, tc.typ, tc.broken, tc.why)
		}
	}
}

// grid is the hex of a VASL grid name ("1K5").
func grid(s string) coord.Grid { x, _ := coord.ParseGrid(s); return x }

// twoMoved adds S? A and B to edit e in 1K5 (logged: as AddSuspects
// says), moves both to 1E3 and A on to 1E5, and returns their IDs.
func twoMoved(t *testing.T, e *Edit, logged bool) []string {
	t.Helper()
	ids, err := e.AddSuspects(grid("1K5"), 0, []string{"A", "B"}, logged)
	if err != nil {
		t.Fatal(err)
	}
	e.Move(ids, grid("1E3"))
	e.Move(ids[:1], grid("1E5"))
	return ids
}

// stalingradEdit is an edit of the Stalingrad save at a fixed time.
func stalingradEdit(t *testing.T) (*Save, *Edit) {
	s := openSave(t, "The-Streets-Of-Stalingrad-Scenario-C.vsav")
	e, err := s.Edit(time.UnixMilli(1_700_000_000_000))
	if err != nil {
		t.Fatal(err)
	}
	return s, e
}

var (
	// The independent reading of the test: a Suspect's add command as
	// the templates make it, its label and its position.
	suspectRE = regexp.MustCompile(`^\+/(\d+)/prototype;Info\t.*Suspect/\t([^\\\t]*)\\\t\d\\\\\tMain Map;(\d+);(\d+);\d+;0$`)
	moveRE    = regexp.MustCompile(`^LOG\tM/(\d+)/Main Map/(\d+)/(\d+)/`)
)

// decodeIndependently reads savedGame of a written save the test's own
// way: hex and XOR by hand, commands split at ESCs no backslash escapes.
func decodeIndependently(t *testing.T, b []byte) []string {
	t.Helper()
	s, err := Read(bytes.NewReader(b), int64(len(b)), "written")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := s.Entry("savedGame")
	if !bytes.HasPrefix(raw, []byte("!VCSK")) {
		t.Fatalf("savedGame begins %q, want !VCSK", raw[:min(8, len(raw))])
	}
	bin, err := hex.DecodeString(string(raw[5:]))
	if err != nil {
		t.Fatal(err)
	}
	key := bin[0]
	for i := range bin {
		bin[i] ^= key
	}
	text := bin[1:]
	var out []string
	start := 0
	for i, c := range text {
		if c == 0x1b && (i == 0 || text[i-1] != '\\') {
			out = append(out, strings.ReplaceAll(string(text[start:i]), "\\\x1b", "\x1b"))
			start = i + 1
		}
	}
	return append(out, string(text[start:]))
}

// S? placed, moved and removed by an Edit: the save's commands kept byte
// for byte, the new ones read back by the reader and by the test's own
// decoder, on the hexes they were put on.
func TestEdit(t *testing.T) {
	t.Parallel()
	s, e := stalingradEdit(t)
	a, err := e.AddSuspects(grid("1K5"), 0, []string{"S1", "S2"}, false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := e.AddSuspects(grid("1GG10"), 7, []string{"S3"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Move([]string{a[1], b[0]}, grid("1L5")); err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddSuspects(grid("1A1"), 2, []string{"S2a 4-4-7 squad"}, true); err != nil {
		t.Fatal(err)
	}
	if err := e.Remove([]string{a[0]}); err != nil {
		t.Fatal(err)
	}
	if e.Steps() != 3 {
		t.Errorf("%d steps, want 3 (a move, an add, a removal)", e.Steps())
	}
	if _, err := e.AddSuspects(grid("2A1"), 0, []string{"x"}, false); err == nil || !strings.Contains(err.Error(), "board 2 is not in the save's configuration 1") {
		t.Errorf("an S? off the configuration: %v", err)
	}
	if err := e.Move([]string{"42"}, grid("1A1")); err == nil {
		t.Error("a move of no piece: no error")
	}
	out := e.Result()
	// The save's commands are all there, in order, untouched.
	i, _ := endSave(s.Content)
	if !bytes.HasPrefix(out.Content, s.Content[:i]) || !bytes.Contains(out.Content, s.Content[i:]) {
		t.Error("the save's own commands are not kept byte for byte")
	}
	var buf bytes.Buffer
	if err := out.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "back")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"moduledata", "savedata"} {
		was, _ := s.Entry(name)
		if now, _ := back.Entry(name); !bytes.Equal(was, now) {
			t.Errorf("entry %s changed", name)
		}
	}
	c, err := back.Contents()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range c.On {
		if p.Suspect() {
			got[p.Label] = p.Location + " " + p.Name
		}
	}
	want := map[string]string{"S2": "1L5 Suspect Black (S2)", "S3": "1L5 SuspectRed (S3)", "S2a 4-4-7 squad": "1A1 Suspect Grey (S2a 4-4-7 squad)"}
	if len(got) != len(want) {
		t.Errorf("S? read back: %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s read back as %q, want %q", k, got[k], v)
		}
	}
	// Every ID added is new: no piece or stack of the save has it.
	seen := map[string]bool{}
	for _, c := range back.Commands() {
		if c, ok := strings.CutPrefix(strings.TrimPrefix(c, "LOG\t"), "+/"); ok {
			id, _, _ := strings.Cut(c, "/")
			if seen[id] {
				t.Errorf("ID %s added twice", id)
			}
			seen[id] = true
		}
	}
	if back.Steps() != 3 {
		t.Errorf("%d steps read back, want 3", back.Steps())
	}
	// The test's own decoder: the same S? at the same pixels. (VASL names
	// its red S? "SuspectRed": its layer name is "+Red", not "+ Red".)
	pos := map[string][2]int{}
	label := map[string]string{}
	for _, cmd := range decodeIndependently(t, buf.Bytes()) {
		for _, c := range strings.Split(cmd, "\x1b") {
			if m := suspectRE.FindStringSubmatch(strings.TrimPrefix(c, "LOG\t")); m != nil {
				x, _ := strconv.Atoi(m[3])
				y, _ := strconv.Atoi(m[4])
				pos[m[1]], label[m[1]] = [2]int{x, y}, m[2]
			}
			if m := moveRE.FindStringSubmatch(c); m != nil {
				x, _ := strconv.Atoi(m[2])
				y, _ := strconv.Atoi(m[3])
				pos[m[1]] = [2]int{x, y}
			}
		}
	}
	// 1L5: hexrow L (11) at x = 400 + 11*56.25, hex 5 of an odd hexrow at
	// y = 400 + 5*64.5; 1A1 at 400, 400 + 32.25.
	for id, want := range map[string][2]int{a[1]: {1019, 723}, b[0]: {1019, 723}} {
		if pos[id] != want {
			t.Errorf("%s (%s) at %v, want %v", id, label[id], pos[id], want)
		}
	}
	if len(label) != 4 {
		t.Errorf("the independent decoder finds %d S?, want 4: %v", len(label), label)
	}
}

// A piece moved off a stack it was moved into leaves the others there.
func TestMoveOffAStack(t *testing.T) {
	t.Parallel()
	_, e := stalingradEdit(t)
	twoMoved(t, e, false)
	c, err := e.Result().Contents()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range c.On {
		if p.Suspect() {
			got[p.Label] = p.Location
		}
	}
	if got["A"] != "1E5" || got["B"] != "1E3" {
		t.Errorf("A, B on %v, want A on 1E5 and B left on 1E3", got)
	}
}

// A counter's face changes as VASL's own keys change it: broken (F), its
// half-squad (V), the half-squad broken (FV), rallied; an S?'s label.
func TestChangeFace(t *testing.T) {
	t.Parallel()
	_, e := stalingradEdit(t)
	const squad, leader, lmg, other = "1533976168273", "1533976364369", "1533976201175", "1533976172889"
	steps := []struct {
		id   string
		do   func() (bool, error)
		name string
	}{
		{squad, func() (bool, error) { return e.SetBroken(squad, true) }, "broken 4-4-7 1sq"},
		{squad, func() (bool, error) { return e.SetBroken(squad, false) }, "4-4-7 1sq"},
		{squad, func() (bool, error) { return e.Reduce(squad) }, "2-3-7 1hs"},
		{squad, func() (bool, error) { return e.SetBroken(squad, true) }, "broken 2-3-7 1hs"},
		{squad, func() (bool, error) { return e.SetBroken(squad, false) }, "2-3-7 1hs"},
		{leader, func() (bool, error) { return e.SetBroken(leader, true) }, "broken 8-0"},
		{other, func() (bool, error) { return e.SetBroken(other, true) }, "broken 4-4-7 1sq"},
		{other, func() (bool, error) { return e.Reduce(other) }, "broken 2-3-7 1hs"},
		{other, func() (bool, error) { return e.SetBroken(other, false) }, "2-3-7 1hs"},
	}
	for i, st := range steps {
		ok, err := st.do()
		if err != nil || !ok {
			t.Fatalf("step %d: %v, %v", i, ok, err)
		}
		c, err := e.Result().Contents()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range append(c.On, c.Off...) {
			if p.ID == st.id && p.Name != st.name {
				t.Errorf("step %d: %s shows %q, want %q", i, st.id, p.Name, st.name)
			}
		}
	}
	if ok, _ := e.SetBroken(leader, true); ok {
		t.Error("a broken leader broken again: a change")
	}
	if ok, _ := e.Reduce(lmg); ok {
		t.Error("an LMG reduced")
	}
	g, _ := coord.ParseGrid("1K5")
	ids, _ := e.AddSuspects(g, 0, []string{"S1"}, false)
	if ok, err := e.Relabel(ids[0], "S1 level 1"); !ok || err != nil {
		t.Fatalf("relabel: %v %v", ok, err)
	}
	c, _ := e.Result().Contents()
	for _, p := range c.On {
		if p.ID == ids[0] && (p.Label != "S1 level 1" || p.Location != "1K5") {
			t.Errorf("relabelled S?: %q on %s", p.Label, p.Location)
		}
	}
}

// An edit refuses a save it cannot add to.
func TestEditHostile(t *testing.T) {
	t.Parallel()
	s := openSave(t, "basic.vsav")
	if _, err := s.Edit(time.Now()); err == nil || !strings.Contains(err.Error(), "no boards") {
		t.Errorf("a save without boards: %v", err)
	}
	h := openSave(t, "Hill-621-Scenario-E.vsav")
	h.Content = bytes.ReplaceAll(h.Content, []byte("end_save"), []byte("end_sav"))
	if _, err := h.Edit(time.Now()); err == nil || !strings.Contains(err.Error(), "no end_save") {
		t.Errorf("a save without end_save: %v", err)
	}
}

// Steps joined are one step (one press of Step forward in VASL: VASSAL's
// LogCommand assembles the commands logged together), their commands
// played in order: A moved twice ends where its second move put it.
func TestJoinSteps(t *testing.T) {
	t.Parallel()
	_, e := stalingradEdit(t)
	ids := twoMoved(t, e, true)
	e.Remove(ids[1:])
	if e.Steps() != 4 {
		t.Fatalf("%d steps before the join, want 4", e.Steps())
	}
	e.Join(1)
	e.Join(5) // nothing to join
	if e.Steps() != 2 {
		t.Fatalf("%d steps after joining the last three, want 2", e.Steps())
	}
	s := e.Result()
	if s.Steps() != 2 {
		t.Errorf("the save has %d logged steps, want 2", s.Steps())
	}
	c, err := s.Contents()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range c.On {
		if p.Suspect() {
			got[p.Label] = p.Location
		}
	}
	if len(got) != 1 || got["A"] != "1E5" {
		t.Errorf("S? on %v, want A alone, on 1E5", got)
	}
}
