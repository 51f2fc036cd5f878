package vassal

import (
	_ "embed"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sasl-engine/sasl/rules/coord"
)

// Writing into a save keeps every command of it byte for byte and adds
// commands built only from VASL's own PieceSlot templates (data/suspect.txt):
// pieces placed at setup go before the save's end_save, as VASSAL's own
// commands that place them; moves, pieces added later and pieces removed
// go after it as logged steps ("LOG TAB command", VASSAL's BasicLogger),
// which VASSAL queues for its Step forward button when it opens the file,
// as it does a log file's (.vlog).

//go:embed data/suspect.txt
var suspectText string

// Colours are the colours of VASL's Suspect counters, in the order of its
// palette (and of the counter's layers).
var Colours = []string{"Black", "Yellow", "Grey", "Blue", "Green", "Brown", "Magenta", "Red"}

// template is a PieceSlot's add command, its type and state decoded from
// the command's '/' level.
type template struct{ typ, state string }

// suspects are the Suspect templates, by colour, read when first asked
// for.
var suspects = sync.OnceValue(func() []template {
	var out []template
	for _, line := range strings.Split(suspectText, "\n") {
		if !strings.HasPrefix(line, "+/null/") {
			continue
		}
		f := split(line, '/')
		if len(f) != 4 {
			panic("vassal: data/suspect.txt: a template is not +/null/TYPE/STATE") // embedded: a test reads it
		}
		out = append(out, template{f[2], f[3]})
	}
	if len(out) != len(Colours) {
		panic("vassal: data/suspect.txt: want one template per colour")
	}
	return out
})

// escape writes s as one token of a sequence separated by sep, as
// VASSAL's SequenceEncoder appends it: a backslash before each sep, and
// in single quotes if it ends in a backslash or is quoted itself.
func escape(s string, sep byte) string {
	e := strings.ReplaceAll(s, string(sep), `\`+string(sep))
	if strings.HasSuffix(s, `\`) || len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return "'" + e + "'"
	}
	return e
}

// joinLayers is layers' inverse: a piece's type or state from its traits,
// outermost first, each nesting the rest one level deeper (VASSAL's
// Decorator.getType and getState).
func joinLayers(ls []string) string {
	s := ls[len(ls)-1]
	for k := len(ls) - 2; k >= 0; k-- {
		s = escape(ls[k], '\t') + "\t" + escape(s, '\t')
	}
	return s
}

// addCommand writes VASSAL's add command of a piece.
func addCommand(id, typ, state string) string {
	return "+/" + escape(id, '/') + "/" + escape(typ, '/') + "/" + escape(state, '/')
}

// Edit adds S? to a save, moves and removes them. The save itself is not
// changed: Result returns the new one.
type Edit struct {
	s     *Save
	cells []Cell
	// at are the positions of the pieces, as the save and the edit's
	// commands leave them; stacks their stacks, bottom first.
	at     map[string]spot
	next   int64
	placed []string   // commands before end_save
	steps  [][]string // logged steps
}

type spot struct {
	Map   string
	X, Y  int
	under string // the piece beneath it, "" if none
	// typ and state: the piece's TYPE and its STATE as the edit leaves it.
	typ, state string
}

// Edit starts an edit of the save (Contents.Edit).
func (s *Save) Edit(now time.Time) (*Edit, error) {
	c, err := s.Contents()
	if err != nil {
		return nil, err
	}
	return c.Edit(now)
}

// Edit starts an edit of the save the contents were read from; new piece
// IDs are numbers greater than every ID of the save and than now in
// milliseconds, as VASSAL's.
func (c *Contents) Edit(now time.Time) (*Edit, error) {
	s := c.save
	if len(c.Cells) == 0 {
		return nil, fmt.Errorf("%s: the save has no boards to place pieces on", s.Name)
	}
	if _, ok := endSave(s.Content); !ok {
		return nil, fmt.Errorf("%s: the command list has no end_save: not a saved game VASSAL wrote", s.Name)
	}
	e := &Edit{s: s, cells: c.Cells, at: map[string]spot{}, next: max(now.UnixMilli(), c.lastID+1)}
	for _, p := range append(slices.Clone(c.On), c.Off...) {
		e.at[p.ID] = spot{Map: p.Map, X: p.X, Y: p.Y, typ: p.typ, state: p.state}
		if n, err := strconv.ParseInt(p.ID, 10, 64); err == nil && n >= e.next {
			e.next = n + 1
		}
	}
	for _, st := range c.stacks {
		if n, err := strconv.ParseInt(st.ID, 10, 64); err == nil && n >= e.next {
			e.next = n + 1
		}
		for k, id := range st.Pieces {
			if sp, ok := e.at[id]; ok && k > 0 {
				sp.under = st.Pieces[k-1]
				e.at[id] = sp
			}
		}
	}
	return e, nil
}

// newID returns a piece ID no piece of the save has.
func (e *Edit) newID() string {
	id := strconv.FormatInt(e.next, 10)
	e.next++
	return id
}

// pixel is the map position of the centre of hex g.
func (e *Edit) pixel(g coord.Grid) (int, int, error) {
	x, y, ok := Centre(e.cells, g)
	if !ok {
		return 0, 0, fmt.Errorf("%s: hex %s: board %s is not in the save's configuration %s", e.s.Name, g, g.Board, LayoutSpec(e.cells))
	}
	return int(math.Round(x)), int(math.Round(y)), nil
}

// AddSuspects places an S? of the colour (an index of Colours) on hex g
// for each label, in one stack, labelled: VASL names each "Suspect Black
// (E12)". Logged, they come as one step after the save's end_save (a unit
// that entered during a turn); else they are placed with the save's own
// pieces. It returns the new pieces' IDs.
func (e *Edit) AddSuspects(g coord.Grid, colour int, labels []string, logged bool) ([]string, error) {
	if colour < 0 || colour >= len(suspects()) {
		return nil, fmt.Errorf("colour %d: want 0..%d (%s)", colour, len(suspects())-1, strings.Join(Colours, ", "))
	}
	x, y, err := e.pixel(g)
	if err != nil {
		return nil, err
	}
	t := suspects()[colour]
	var cmds, ids []string
	for _, label := range labels {
		tl, sl := layers(t.typ), layers(t.state)
		k := slices.IndexFunc(tl, func(s string) bool { return strings.HasPrefix(s, "label;") })
		if k < 0 || len(sl) != len(tl) {
			return nil, fmt.Errorf("vassal: the Suspect template has no label trait")
		}
		sl[k] = label
		bs := split(sl[len(sl)-1], ';')
		if len(bs) < 3 {
			return nil, fmt.Errorf("vassal: the Suspect template's state %q is not MAP;X;Y;...", sl[len(sl)-1])
		}
		bs[0], bs[1], bs[2] = MainMap, strconv.Itoa(x), strconv.Itoa(y)
		for i := range bs {
			bs[i] = escape(bs[i], ';')
		}
		sl[len(sl)-1] = strings.Join(bs, ";")
		id := e.newID()
		state := joinLayers(sl)
		cmds = append(cmds, addCommand(id, t.typ, state))
		sp := spot{Map: MainMap, X: x, Y: y, typ: t.typ, state: state}
		if len(ids) > 0 {
			sp.under = ids[len(ids)-1]
		}
		e.at[id] = sp
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	st := []string{escape(MainMap, ';'), strconv.Itoa(x), strconv.Itoa(y)}
	st = append(st, ids...)
	cmds = append(cmds, addCommand(e.newID(), "stack", strings.Join(st, ";")))
	if logged {
		e.steps = append(e.steps, cmds)
	} else {
		e.placed = append(e.placed, cmds...)
	}
	return ids, nil
}

// Move moves pieces ids, in that order bottom first, onto hex g in one
// logged step: VASSAL's move command for each, the first into a stack of
// its own, each next onto the one before.
func (e *Edit) Move(ids []string, g coord.Grid) error {
	x, y, err := e.pixel(g)
	if err != nil {
		return err
	}
	var cmds []string
	under := "null"
	for _, id := range ids {
		old, ok := e.at[id]
		if !ok {
			return fmt.Errorf("%s: no piece %s to move", e.s.Name, id)
		}
		oldUnder := old.under
		if oldUnder == "" {
			oldUnder = "null"
		}
		f := []string{id, MainMap, strconv.Itoa(x), strconv.Itoa(y), under, old.Map, strconv.Itoa(old.X), strconv.Itoa(old.Y), oldUnder, "sasl"}
		for i := range f {
			f[i] = escape(f[i], '/')
		}
		cmds = append(cmds, "M/"+strings.Join(f, "/"))
		sp := spot{Map: MainMap, X: x, Y: y, typ: old.typ, state: old.state}
		if under != "null" {
			sp.under = under
		}
		e.at[id] = sp
		under = id
	}
	if len(cmds) > 0 {
		e.steps = append(e.steps, cmds)
	}
	return nil
}

// change gives piece id the state edit makes of its traits' states, in
// a logged step (VASSAL's change command, D/ID/NEW/OLD), if edit reports
// a change whose name check accepts. The BasicPiece's state keeps the
// piece's position as the edit has it.
func (e *Edit) change(id string, edit func(tl, sl []string) bool, check func(name string) bool) (bool, error) {
	sp, ok := e.at[id]
	if !ok {
		return false, fmt.Errorf("%s: no piece %s to change", e.s.Name, id)
	}
	tl, sl := layers(sp.typ), layers(sp.state)
	if len(tl) != len(sl) || !edit(tl, sl) || !check(displayName(tl, sl)) {
		return false, nil
	}
	bs := split(sl[len(sl)-1], ';')
	if len(bs) >= 3 {
		bs[0], bs[1], bs[2] = sp.Map, strconv.Itoa(sp.X), strconv.Itoa(sp.Y)
		for i := range bs {
			bs[i] = escape(bs[i], ';')
		}
		sl[len(sl)-1] = strings.Join(bs, ";")
	}
	state := joinLayers(sl)
	if state == sp.state {
		return false, nil
	}
	e.steps = append(e.steps, []string{"D/" + escape(id, '/') + "/" + escape(state, '/') + "/" + escape(sp.state, '/')})
	sp.state = state
	e.at[id] = sp
	return true, nil
}

// Name is the name VASL shows for piece id as the edit leaves it.
func (e *Edit) Name(id string) string {
	sp, ok := e.at[id]
	if !ok {
		return ""
	}
	tl, sl := layers(sp.typ), layers(sp.state)
	if len(tl) != len(sl) {
		return ""
	}
	return displayName(tl, sl)
}

// Relabel gives piece id's label trait the text label, in a logged step;
// it reports whether the label changed.
func (e *Edit) Relabel(id, label string) (bool, error) {
	return e.change(id, func(tl, sl []string) bool {
		for k, t := range tl {
			if strings.HasPrefix(t, "label;") {
				sl[k] = label
				return true
			}
		}
		return false
	}, func(string) bool { return true })
}

// VASL's counters change face by layers that keys switch on ("emb2",
// field 3 the keys that activate it): F breaks a unit (VASL's "Flip"), V
// turns a squad into its half-squad, FV breaks the half-squad. Such a layer
// is active at its level when its state is positive, inactive when
// negative.

// SetBroken shows piece id broken or not, as VASL's F layer of it does,
// in a logged step; false if the counter has no such layer (or is so
// already).
func (e *Edit) SetBroken(id string, broken bool) (bool, error) {
	var half bool
	if sp, ok := e.at[id]; ok {
		half = slices.ContainsFunc(layers(sp.typ), func(t string) bool { return layerKeys(t) == "V" }) && activeKeys(layers(sp.typ), layers(sp.state))["V"]
	}
	keys := "F"
	if half {
		keys = "FV"
	}
	return e.change(id, func(tl, sl []string) bool {
		return setLayer(tl, sl, keys, broken)
	}, func(name string) bool {
		return strings.HasPrefix(name, counters().BrokenPrefix) == broken
	})
}

// Reduce shows piece id as its half-squad (VASL's V layer), in a logged
// step, broken still if it was (its F layer passes to FV); false if the
// counter has no such layer (or is reduced already).
func (e *Edit) Reduce(id string) (bool, error) {
	return e.change(id, func(tl, sl []string) bool {
		broken := activeKeys(tl, sl)["F"]
		if !setLayer(tl, sl, "V", true) {
			return false
		}
		if broken && setLayer(tl, sl, "F", false) {
			setLayer(tl, sl, "FV", true)
		}
		return true
	}, func(name string) bool {
		u, why := unitOf(Placed{Piece: Piece{Name: name, Basic: "x"}})
		return why == "" && u.Kind == "half_squad"
	})
}

// layerKeys are the keys that activate layer trait t, "" for none.
func layerKeys(t string) string {
	if !strings.HasPrefix(t, "emb2;") {
		return ""
	}
	if f := split(t, ';'); len(f) > 3 {
		return f[3]
	}
	return ""
}

// activeKeys are the activation keys of the active layers of a piece.
func activeKeys(tl, sl []string) map[string]bool {
	out := map[string]bool{}
	for k, t := range tl {
		if keys := layerKeys(t); keys != "" && k < len(sl) {
			v, _, _ := strings.Cut(sl[k], ";")
			if n, err := strconv.Atoi(v); err == nil && n > 0 {
				out[keys] = true
			}
		}
	}
	return out
}

// setLayer turns the innermost layer activated by keys on or off, at the
// level it has; it reports whether it changed one.
func setLayer(tl, sl []string, keys string, on bool) bool {
	for k := len(tl) - 1; k >= 0; k-- {
		if layerKeys(tl[k]) != keys {
			continue
		}
		v, rest, cut := strings.Cut(sl[k], ";")
		n, err := strconv.Atoi(v)
		if err != nil {
			return false
		}
		level := max(n, -n, 1)
		if !on {
			level = -level
		}
		if level == n {
			return false
		}
		sl[k] = strconv.Itoa(level)
		if cut {
			sl[k] += ";" + rest
		}
		return true
	}
	return false
}

// Remove removes pieces ids in one logged step (VASSAL's remove command).
func (e *Edit) Remove(ids []string) error {
	var cmds []string
	for _, id := range ids {
		if _, ok := e.at[id]; !ok {
			return fmt.Errorf("%s: no piece %s to remove", e.s.Name, id)
		}
		delete(e.at, id)
		cmds = append(cmds, "-/"+escape(id, '/'))
	}
	if len(cmds) > 0 {
		e.steps = append(e.steps, cmds)
	}
	return nil
}

// chatText keeps a chat line to one line of text VASSAL shows as written:
// its HTML characters as entities (VASSAL's chat window reads a report
// line as HTML, or escapes < and > itself: either way the entities show
// as the characters; VASL's own reading of a report line cuts from < to >
// and fails on a > before a <), its line breaks, tabs and ESC as spaces.
var chatText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\n", " ", "\r", " ", "\t", " ", string(rune(esc)), " ")

// Chat adds a report line to VASL's chat window as a logged step
// (VASSAL's Chatter command: "CHAT" and the text), shown when the player
// steps forward to it. A line that begins with "*" is a report, as
// VASSAL's own reports are.
func (e *Edit) Chat(text string) {
	text = chatText.Replace(text)
	if strings.HasSuffix(text, `\`) {
		text += " " // not a token VASSAL's encoder would quote
	}
	e.steps = append(e.steps, []string{"CHAT* " + text})
}

// DropChat drops the steps from step n on (n counting from 0, as Steps
// counts them) when they are chat lines alone: a line that would tell of
// nothing the edit does after it.
func (e *Edit) DropChat(n int) {
	if n < 0 || n > len(e.steps) {
		return
	}
	for _, st := range e.steps[n:] {
		for _, c := range st {
			if !strings.HasPrefix(c, "CHAT") {
				return
			}
		}
	}
	e.steps = e.steps[:n]
}

// Steps is the number of logged steps the edit adds.
func (e *Edit) Steps() int { return len(e.steps) }

// Join makes the logged steps the edit added from step n on (n counting
// from 0, as Steps counts them) one step, their commands in order: VASSAL
// plays it at one press of Step forward (its LogCommand assembles the
// commands logged together into one input step).
func (e *Edit) Join(n int) {
	if n < 0 || n >= len(e.steps)-1 {
		return
	}
	var all []string
	for _, st := range e.steps[n:] {
		all = append(all, st...)
	}
	e.steps = append(e.steps[:n], all)
}

// Result returns the save with the edit's commands: the save's command
// list up to its end_save, the placed pieces, end_save and what followed
// it, then the logged steps. Every other entry of the save is kept; the
// savedGame is written as VASSAL up to 3.7 writes it (!VCSK), which every
// VASSAL reads.
func (e *Edit) Result() *Save {
	c := e.s.Content
	i, _ := endSave(c)
	var b strings.Builder
	b.Write(c[:i])
	for _, cmd := range e.placed {
		b.WriteByte(esc)
		b.WriteString(escape(cmd, esc))
	}
	b.Write(c[i:])
	for _, step := range e.steps {
		logged := make([]string, len(step))
		for k, cmd := range step {
			logged[k] = escape("LOG\t"+cmd, esc)
		}
		b.WriteByte(esc)
		b.WriteString(escape(strings.Join(logged, string(rune(esc))), esc))
	}
	out := *e.s
	out.Content = []byte(b.String())
	if out.Obfuscation != VCSK {
		out.Obfuscation = VCSK
	}
	return &out
}

// endSave returns the offset of the ESC before the command list's
// top-level end_save.
func endSave(c []byte) (int, bool) {
	s := string(c)
	for i := 0; i < len(s); {
		j := firstSep(s[i:], esc)
		end := len(s)
		if j >= 0 {
			end = i + j
		}
		if s[i:end] == "end_save" && i > 0 {
			return i - 1, true
		}
		if j < 0 {
			break
		}
		i = end + 1
	}
	return 0, false
}
