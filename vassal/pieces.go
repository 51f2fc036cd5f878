package vassal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The command list is VASSAL's commands separated by ESC, from begin_save
// to end_save. A piece is added by "+/ID/TYPE/STATE", the four fields
// joined by '/' as VASSAL's SequenceEncoder joins them: a separator inside
// a field is escaped by a backslash. TYPE and STATE nest the piece's
// traits the same way, joined by TAB, outermost first: each trait's own
// text, then the rest of the piece escaped one level more; the innermost
// is the BasicPiece, type "piece;CLONEKEY;DELETEKEY;IMAGE;NAME", state
// "MAP;X;Y;GPID;...". A stack is "+/ID/stack/MAP;X;Y;ID1;ID2;...".

// esc separates the commands of the list.
const esc = 0x1B

// Bounds on what a save may hold, so that no file makes the reader work
// or allocate without bound: a real save has hundreds of pieces, stacks
// of a few dozen, commands nested two or three deep.
const (
	maxPieces  = 100_000
	maxStack   = 1000
	maxNesting = 16
)

// Commands returns the commands of the save's list, in order: a command
// that is itself a list (VASSAL's composite command, its ESCs escaped one
// level more) is opened into its commands.
func (s *Save) Commands() []string {
	var out []string
	var open func(string, int)
	open = func(list string, depth int) {
		for _, c := range split(list, esc) {
			if strings.IndexByte(c, esc) >= 0 && depth < maxNesting {
				open(c, depth+1)
				continue
			}
			out = append(out, c)
		}
	}
	open(string(s.Content), 0)
	return out
}

// split splits s at the separators sep that no backslash escapes, and
// unescapes each part one level (a backslash before sep is dropped; a part
// quoted in single quotes, as VASSAL writes one ending in a backslash, is
// unquoted). A part with nothing to unescape is a substring of s.
func split(s string, sep byte) []string {
	escaped := string([]byte{'\\', sep})
	part := func(p string) string {
		if strings.Contains(p, escaped) {
			p = strings.ReplaceAll(p, escaped, string(sep))
		}
		return unquote(p)
	}
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == sep:
			i++
		case s[i] == sep:
			out = append(out, part(s[start:i]))
			start = i + 1
		}
	}
	return append(out, part(s[start:]))
}

// unquote drops the single quotes VASSAL puts around a token that ends in
// a backslash or is quoted itself.
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return s[1 : len(s)-1]
	}
	return s
}

// maxTraits bounds the traits read of a piece: VASL's have some forty.
const maxTraits = 1000

// layers returns a piece's TYPE or STATE trait by trait, outermost first,
// each unescaped to its own level. Trait k ends at the first TAB after it
// with at most k backslashes before it (each level of nesting escapes a
// TAB once more); its own TABs have more, k of which are escapes. One pass
// over s, whatever the depth.
func layers(s string) []string {
	var out []string
	p, q := 0, len(s)
	for k := 0; k < maxTraits; k++ {
		sep, run, bs := -1, 0, 0
		for i := p; i < q && sep < 0; i++ {
			switch {
			case s[i] == '\\':
				bs++
				continue
			case s[i] == '\t' && bs <= k:
				sep, run = i, bs
			}
			bs = 0
		}
		if sep < 0 {
			return append(out, unquote(unescapeN(s[p:q], k)))
		}
		out = append(out, unquote(unescapeN(s[p:sep-run], k)))
		// The rest is one token of this level: quoted if VASSAL quoted it.
		if p = sep + 1; q-p >= 2 && s[p] == '\'' && s[q-1] == '\'' {
			p, q = p+1, q-1
		}
	}
	return out // more traits than any piece has: what was read
}

// unescapeN unescapes a trait's text of nesting depth k: each TAB in it
// loses k of the backslashes before it.
func unescapeN(t string, k int) string {
	if k == 0 || strings.IndexByte(t, '\t') < 0 {
		return t
	}
	b := make([]byte, 0, len(t))
	bs := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '\\':
			bs++
		case '\t':
			b = b[:len(b)-min(bs, k)]
			bs = 0
		default:
			bs = 0
		}
		b = append(b, t[i])
	}
	return string(b)
}

// firstSep returns the index of the first sep no backslash escapes, or -1.
func firstSep(s string, sep byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && s[i+1] == sep {
			i++
			continue
		}
		if s[i] == sep {
			return i
		}
	}
	return -1
}

// Piece is a piece the save adds: a counter, with its map position.
type Piece struct {
	ID string
	// Name is the name VASL shows (displayName); Basic is its BasicPiece's
	// name, the counter it was made from ("4-5-8 Esq", "ruLDR").
	Name, Basic string
	// Map is the map VASSAL places it on ("Main Map", "Casualties"), X
	// and Y its position there in pixels.
	Map  string
	X, Y int
	// Hidden: Hidden Initial Placement (VASL's "hide" trait, set);
	// Concealed: under a "?" concealment counter of its stack (the "?"
	// counters themselves are Concealment).
	Hidden, Concealed, Concealment bool
	// Stack is the stack it is in, "" for none.
	Stack string
	// Label is the text of its label trait, "" if none.
	Label   string
	removed bool
	// typ and state: its TYPE and STATE as the save's commands leave them.
	typ, state string
}

// Stack is a stack of pieces at a map position.
type Stack struct {
	ID, Map string
	X, Y    int
	Pieces  []string
}

// Pieces returns the pieces and stacks of the save, in the order of its
// commands, as its commands leave them: its move and remove commands, and
// its logged steps (VASSAL's "LOG" commands, which VASL plays one by one
// with its Step forward button), are applied. It returns an error naming
// the first command it cannot read.
func (s *Save) Pieces() ([]Piece, []Stack, error) { return s.pieces(s.Commands()) }

func (s *Save) pieces(cmds []string) ([]Piece, []Stack, error) {
	var pieces []Piece
	var stacks []Stack
	at := map[string]int{}        // piece ID -> index in pieces
	stackOf := map[string]int{}   // stack ID -> index in stacks
	listed := map[string]string{} // piece ID -> the stack that lists it
	unstack := func(k int) {
		if j, ok := stackOf[pieces[k].Stack]; ok {
			stacks[j].Pieces = slices.DeleteFunc(stacks[j].Pieces, func(p string) bool { return p == pieces[k].ID })
		}
		pieces[k].Stack = ""
	}
	for i, c := range cmds {
		c, _ = strings.CutPrefix(c, "LOG\t")
		switch {
		case strings.HasPrefix(c, "M/"):
			f := split(c, '/')
			if len(f) < 6 {
				return nil, nil, fmt.Errorf("%s: command %d: a move command has %d fields, want M/ID/MAP/X/Y/UNDER/...", s.Name, i+1, len(f))
			}
			x, err1 := strconv.Atoi(f[3])
			y, err2 := strconv.Atoi(f[4])
			if err1 != nil || err2 != nil {
				return nil, nil, fmt.Errorf("%s: command %d: move of %s: position %q, %q is not two numbers", s.Name, i+1, f[1], trim(f[3]), trim(f[4]))
			}
			if k, ok := stackOf[f[1]]; ok { // a stack moves with its pieces
				st := &stacks[k]
				st.Map, st.X, st.Y = f[2], x, y
				for _, id := range st.Pieces {
					if j, ok := at[id]; ok {
						pieces[j].Map, pieces[j].X, pieces[j].Y = f[2], x, y
					}
				}
				continue
			}
			k, ok := at[f[1]]
			if !ok {
				continue // a piece the save does not have: VASSAL ignores it too
			}
			pieces[k].Map, pieces[k].X, pieces[k].Y = f[2], x, y
			unstack(k)
			if j, ok := at[f[5]]; ok && pieces[j].Stack != "" {
				st := &stacks[stackOf[pieces[j].Stack]]
				if len(st.Pieces) >= maxStack {
					return nil, nil, fmt.Errorf("%s: command %d: stack %s: more than %d pieces: not a save VASL writes", s.Name, i+1, st.ID, maxStack)
				}
				n := slices.Index(st.Pieces, f[5])
				st.Pieces = slices.Insert(st.Pieces, n+1, f[1])
				pieces[k].Stack = st.ID
			} else {
				// A stack of its own, as VASSAL makes one (its ID is not
				// in the save: VASSAL gives it one when it plays the move).
				if len(pieces)+len(stacks) >= maxPieces {
					return nil, nil, fmt.Errorf("%s: more than %d pieces and stacks: not a save VASL writes", s.Name, maxPieces)
				}
				st := "~" + f[1]
				stackOf[st] = len(stacks)
				stacks = append(stacks, Stack{ID: st, Map: f[2], X: x, Y: y, Pieces: []string{f[1]}})
				pieces[k].Stack = st
			}
			continue
		case strings.HasPrefix(c, "D/"):
			// A change: the piece's new state (VASSAL's ChangePiece, D/ID/NEW/OLD).
			f := split(c, '/')
			k, ok := at[f[1]]
			if !ok || len(f) < 3 {
				continue
			}
			p, err := readPiece(f[1], pieces[k].typ, f[2])
			if err != nil {
				return nil, nil, fmt.Errorf("%s: command %d: change of piece %s: %v", s.Name, i+1, f[1], err)
			}
			p.Stack, p.removed = pieces[k].Stack, pieces[k].removed
			pieces[k] = p
			continue
		case strings.HasPrefix(c, "-/"):
			id := split(c, '/')[1]
			if k, ok := at[id]; ok && !pieces[k].removed {
				pieces[k].removed = true
				unstack(k)
			}
			continue
		case !strings.HasPrefix(c, "+/"):
			continue
		}
		f := split(c, '/')
		if len(f) != 4 {
			return nil, nil, fmt.Errorf("%s: command %d: an add command has %d fields, want +/ID/TYPE/STATE", s.Name, i+1, len(f))
		}
		id, typ, state := f[1], f[2], f[3]
		if len(pieces)+len(stacks) >= maxPieces {
			return nil, nil, fmt.Errorf("%s: more than %d pieces and stacks: not a save VASL writes", s.Name, maxPieces)
		}
		if typ == "stack" {
			st := split(state, ';')
			if len(st) < 3 {
				return nil, nil, fmt.Errorf("%s: command %d: stack %s: state %q is not MAP;X;Y;...", s.Name, i+1, id, trim(state))
			}
			x, err1 := strconv.Atoi(st[1])
			y, err2 := strconv.Atoi(st[2])
			if err1 != nil || err2 != nil {
				return nil, nil, fmt.Errorf("%s: command %d: stack %s: position %q, %q is not two numbers", s.Name, i+1, id, trim(st[1]), trim(st[2]))
			}
			if len(st) > 3+maxStack {
				return nil, nil, fmt.Errorf("%s: command %d: stack %s: more than %d pieces: not a save VASL writes", s.Name, i+1, id, maxStack)
			}
			if k, ok := stackOf[id]; ok && len(stacks[k].Pieces) > 0 {
				return nil, nil, fmt.Errorf("%s: command %d: stack ID %s is added twice: not a save VASL writes", s.Name, i+1, id)
			}
			if k, ok := at[id]; ok && !pieces[k].removed {
				return nil, nil, fmt.Errorf("%s: command %d: ID %s is a piece's and a stack's: not a save VASL writes", s.Name, i+1, id)
			}
			for k, p := range st[3:] {
				if slices.Contains(st[3:3+k], p) {
					return nil, nil, fmt.Errorf("%s: command %d: stack %s lists piece ID %s twice: not a save VASL writes", s.Name, i+1, id, p)
				}
			}
			stackOf[id] = len(stacks)
			stacks = append(stacks, Stack{ID: id, Map: st[0], X: x, Y: y, Pieces: st[3:]})
			for _, p := range st[3:] {
				listed[p] = id
				if k, ok := at[p]; ok {
					pieces[k].Stack = id
				}
			}
			continue
		}
		if k, ok := at[id]; ok && !pieces[k].removed {
			// Two pieces of one ID: a move or a removal of it would be of
			// either, and a game's units are matched by it.
			return nil, nil, fmt.Errorf("%s: command %d: piece ID %s is added twice: not a save VASL writes", s.Name, i+1, id)
		}
		if k, ok := stackOf[id]; ok && len(stacks[k].Pieces) > 0 {
			return nil, nil, fmt.Errorf("%s: command %d: ID %s is a piece's and a stack's: not a save VASL writes", s.Name, i+1, id)
		}
		p, err := readPiece(id, typ, state)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: command %d: piece %s: %v", s.Name, i+1, id, err)
		}
		p.Stack = listed[id]
		at[id] = len(pieces)
		pieces = append(pieces, p)
	}
	pieces = slices.DeleteFunc(pieces, func(p Piece) bool { return p.removed })
	stacks = slices.DeleteFunc(stacks, func(st Stack) bool { return len(st.Pieces) == 0 })
	// A unit under a "?" of its stack is concealed (ASL A12): stacks list
	// their pieces bottom first.
	clear(at)
	for i, p := range pieces {
		at[p.ID] = i
	}
	for _, st := range stacks {
		for k, id := range st.Pieces {
			i, ok := at[id]
			if !ok || pieces[i].Concealment {
				continue // a "?" on a "?": the counters that conceal
			}
			for _, above := range st.Pieces[k+1:] {
				if j, ok := at[above]; ok && pieces[j].Concealment {
					pieces[i].Concealed = true
				}
			}
		}
	}
	return pieces, stacks, nil
}

// Steps is the number of logged steps of the save (VASSAL's LOG
// commands, the top-level ones: each is one Step forward).
func (s *Save) Steps() int { return len(s.LoggedSteps()) }

// UpTo returns the save as VASL shows it after n presses of Step forward:
// its commands with only its first n logged steps (all of them for n at
// least Steps).
func (s *Save) UpTo(n int) *Save {
	c := string(s.Content)
	var kept []string
	for i, k := 0, 0; ; {
		j := firstSep(c[i:], esc)
		end := len(c)
		if j >= 0 {
			end = i + j
		}
		if part := c[i:end]; !logged(part) || k < n {
			kept = append(kept, part)
			if logged(part) {
				k++
			}
		}
		if j < 0 {
			break
		}
		i = end + 1
	}
	out := *s
	out.Content = []byte(strings.Join(kept, string(rune(esc))))
	return &out
}

// logged reports whether a top-level command of a save is a logged step:
// a LOG command, or logged commands joined, the first of them quoted (as
// VASSAL's encoder quotes a token that ends in a backslash).
func logged(c string) bool { return strings.HasPrefix(c, "LOG\t") || strings.HasPrefix(c, "'LOG\t") }

// LoggedSteps returns the logged steps of the save in order, each as the
// commands VASSAL plays at one press of Step forward, without their "LOG\t"
// prefix: a move ("M/"), a change ("D/"), a remove ("-/"), a piece added
// ("+/"), a chat line ("CHAT").
func (s *Save) LoggedSteps() [][]string {
	var out [][]string
	for _, c := range split(string(s.Content), esc) {
		if !logged(c) {
			continue
		}
		var step []string
		for _, sub := range split(c, esc) {
			step = append(step, strings.TrimPrefix(sub, "LOG\t"))
		}
		out = append(out, step)
	}
	return out
}

// readPiece reads a piece from its TYPE and STATE.
func readPiece(id, typ, state string) (Piece, error) {
	tl, sl := layers(typ), layers(state)
	p := Piece{ID: id, typ: typ, state: state}
	inner := tl[len(tl)-1]
	if !strings.HasPrefix(inner, "piece;") {
		return p, fmt.Errorf("its innermost trait %q is not a BasicPiece", trim(inner))
	}
	bt := split(inner, ';')
	if len(bt) >= 5 {
		p.Basic = bt[4]
	}
	if len(sl) != len(tl) {
		return p, fmt.Errorf("%d traits in its type, %d in its state", len(tl), len(sl))
	}
	p.Name = displayName(tl, sl)
	bs := split(sl[len(sl)-1], ';')
	if len(bs) < 3 {
		return p, fmt.Errorf("state %q is not MAP;X;Y;...", trim(sl[len(sl)-1]))
	}
	var err1, err2 error
	p.Map = bs[0]
	p.X, err1 = strconv.Atoi(bs[1])
	p.Y, err2 = strconv.Atoi(bs[2])
	if err1 != nil || err2 != nil {
		return p, fmt.Errorf("position %q, %q is not two numbers", trim(bs[1]), trim(bs[2]))
	}
	// The traits that mark it, by their kind ("hide", "concealment").
	for k, t := range tl {
		kind, _, _ := strings.Cut(t, ";")
		switch kind {
		case "hide":
			p.Hidden = p.Hidden || sl[k] != "" && sl[k] != "null"
		case "concealment":
			p.Concealment = true
		case "label":
			p.Label = sl[k]
		}
	}
	return p, nil
}

// trim shortens a text for an error.
func trim(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
