package coord

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Cols is the number of hexrows of a geomorphic board: A..Z, AA..GG.
const Cols = 33

// Grid is one grid coordinate as printed on a board (ASL A2.2): a board
// number, a hexrow and a hex number, with the overlay marker of A2.71/A2.73.
type Grid struct {
	// Board is the board ID: digits ("33"), or one lower-case letter and
	// optional digits ("d", "x1"). Empty when the notation leaves the board
	// implicit (rule text such as "T6" on a board named earlier).
	Board string
	// Overlay marks a hex covered by an overlay ("32oE7", ASL A2.73).
	Overlay bool
	// OverlayID is the overlay's ID letter in the first edition's notation
	// ("14oAK7": overlay A, hex K7; ASL 1st ed. A2.71). Empty otherwise.
	OverlayID string
	// Col is the hexrow index: A=0 .. Z=25, AA=26 .. GG=32.
	Col int
	// Row is the hex number within the hexrow.
	Row int
}

// Prefix is what stands before a coordinate: the unit is beneath a Wire or
// Bridge counter (ASL A2.2), or on a Rooftop (ASL B23.8; this notation is
// ours, A2.2 has none).
type Prefix uint8

const (
	NoPrefix Prefix = iota
	Wire
	Bridge
	Roof
)

var prefixText = [...]string{NoPrefix: "", Wire: "Wire/", Bridge: "Bridge/", Roof: "Roof/"}

// Position is a position inside a Location that is not a Location of its
// own: in an entrenchment or a pillbox (ASL A2.2).
type Position uint8

const (
	NoPosition Position = iota
	Entrenchment
	Pillbox
)

var positionText = [...]string{NoPosition: "", Entrenchment: "En", Pillbox: "Pi"}

// Status is Crest or Hull Down status (ASL A2.2).
type Status uint8

const (
	NoStatus Status = iota
	Crest
	HullDown
)

var statusText = [...]string{NoStatus: "", Crest: "/CR", HullDown: "/HD"}

// Ref is a whole Location reference in A2.2 notation: "33R6h1",
// "1E4h-1", "Wire/33R6", "1E4En", "33K4/CRK3", "1E4caD3/D4", and the bypass
// form "F3-E3" (the hex passed through first).
type Ref struct {
	Prefix Prefix
	Grid
	// Level is the "h" suffix: the level above (or, negative, below) ground
	// level of the Location within its hex. Zero is ground level and is
	// not written.
	Level    int
	Position Position
	// Status and Facing: Crest or HD status, with the hex the centre of
	// the counter faces.
	Status Status
	Facing Grid
	// CA is the covered arc, the hexspine between two hexes; CA[0] is the
	// zero Grid when there is none.
	CA [2]Grid
	// Bypass lists the other hex (or, for a vertex, two hexes) of the
	// hexside along which the unit bypasses the hex of Grid.
	Bypass []Grid
}

// ColName returns the hexrow letters of column index c: "A".."Z", "AA".."GG".
// It panics if c is out of range.
func ColName(c int) string {
	switch {
	case c >= 0 && c < 26:
		return string(rune('A' + c))
	case c >= 26 && c < Cols:
		l := string(rune('A' + c - 26))
		return l + l
	}
	panic(fmt.Sprintf("coord: hexrow index %d out of range", c))
}

// ParseCol returns the index of hexrow letters s.
func ParseCol(s string) (int, bool) {
	switch {
	case len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z':
		return int(s[0] - 'A'), true
	case len(s) == 2 && s[0] == s[1] && s[0] >= 'A' && s[0] <= 'G':
		return 26 + int(s[0]-'A'), true
	}
	return 0, false
}

func (g Grid) String() string {
	var b strings.Builder
	g.write(&b)
	return b.String()
}

func (g Grid) write(b *strings.Builder) {
	b.WriteString(g.Board)
	if g.Overlay {
		b.WriteByte('o')
		b.WriteString(g.OverlayID)
	}
	b.WriteString(ColName(g.Col))
	b.WriteString(strconv.Itoa(g.Row))
}

func (r Ref) String() string {
	var b strings.Builder
	b.WriteString(prefixText[r.Prefix])
	r.Grid.write(&b)
	if r.Level != 0 {
		b.WriteByte('h')
		b.WriteString(strconv.Itoa(r.Level))
	}
	b.WriteString(positionText[r.Position])
	if r.Status != NoStatus {
		b.WriteString(statusText[r.Status])
		r.Facing.write(&b)
	}
	if r.HasCA() {
		b.WriteString("ca")
		r.CA[0].write(&b)
		b.WriteByte('/')
		r.CA[1].write(&b)
	}
	for _, g := range r.Bypass {
		b.WriteByte('-')
		g.write(&b)
	}
	return b.String()
}

// HasCA reports whether r records a covered arc.
func (r Ref) HasCA() bool { return r.CA != [2]Grid{} }

// ErrSyntax is wrapped by every parse error.
var ErrSyntax = errors.New("invalid coordinate")

// Parse reads a Location reference. Spaces are ignored ("1E4 ca D3/D4" is
// "1E4caD3/D4"). The error names the input and what was wrong with it.
func Parse(s string) (Ref, error) {
	p := parser{in: s, s: strings.ReplaceAll(s, " ", "")}
	r, err := p.ref()
	if err != nil {
		return Ref{}, fmt.Errorf("coord: %q: %w: %s", s, ErrSyntax, err.Error())
	}
	return r, nil
}

// ParseGrid reads a bare grid coordinate such as "33R6" or "R6".
func ParseGrid(s string) (Grid, error) {
	p := parser{in: s, s: strings.ReplaceAll(s, " ", "")}
	g, err := p.grid()
	if err == nil && p.s != "" {
		err = fmt.Errorf("unexpected %q after %s", p.s, g)
	}
	if err != nil {
		return Grid{}, fmt.Errorf("coord: %q: %w: %s", s, ErrSyntax, err.Error())
	}
	return g, nil
}

type parser struct {
	in string // the input as given, for messages
	s  string // what is left to read
}

func (p *parser) ref() (Ref, error) {
	var r Ref
	for pr := Wire; pr <= Roof; pr++ {
		if t := prefixText[pr]; strings.HasPrefix(p.s, t) {
			r.Prefix = pr
			p.s = p.s[len(t):]
			break
		}
	}
	g, err := p.grid()
	if err != nil {
		return r, err
	}
	r.Grid = g
	if strings.HasPrefix(p.s, "h") {
		p.s = p.s[1:]
		n, ok := p.int(true)
		if !ok {
			return r, errors.New(`"h" must be followed by a level such as h1 or h-1`)
		}
		if n == 0 {
			return r, errors.New("ground level is written without h0")
		}
		r.Level = n
	}
	for pos := Entrenchment; pos <= Pillbox; pos++ {
		if strings.HasPrefix(p.s, positionText[pos]) {
			r.Position = pos
			p.s = p.s[2:]
			break
		}
	}
	for st := Crest; st <= HullDown; st++ {
		if strings.HasPrefix(p.s, statusText[st]) {
			r.Status = st
			p.s = p.s[3:]
			if r.Facing, err = p.grid(); err != nil {
				return r, fmt.Errorf("%s needs the hex its counter faces: %w", statusText[st], err)
			}
			break
		}
	}
	if strings.HasPrefix(p.s, "ca") {
		p.s = p.s[2:]
		if r.CA[0], err = p.grid(); err != nil {
			return r, fmt.Errorf("ca needs a hexspine x/y: %w", err)
		}
		if !strings.HasPrefix(p.s, "/") {
			return r, errors.New("ca needs a hexspine x/y")
		}
		p.s = p.s[1:]
		if r.CA[1], err = p.grid(); err != nil {
			return r, fmt.Errorf("ca needs a hexspine x/y: %w", err)
		}
	}
	for strings.HasPrefix(p.s, "-") {
		p.s = p.s[1:]
		g, err := p.grid()
		if err != nil {
			return r, fmt.Errorf("bypass needs a hex after '-': %w", err)
		}
		r.Bypass = append(r.Bypass, g)
	}
	if len(r.Bypass) > 2 {
		return r, errors.New("bypass names at most three hexes")
	}
	if p.s != "" {
		return r, fmt.Errorf("unexpected %q", p.s)
	}
	return r, nil
}

// grid reads [board][o[ID]]COL ROW.
func (p *parser) grid() (Grid, error) {
	var g Grid
	s := p.s
	// Board: digits, or one lower-case letter and optional digits.
	i := 0
	if i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	g.Board = s[:i]
	s = s[i:]
	if g.Board != "" && strings.HasPrefix(s, "o") {
		g.Overlay = true
		s = s[1:]
		// Second edition: the hexrow follows the "o" (32oE7). First
		// edition: an overlay ID letter stands between them (14oAK7).
		// Letters that read both ways (14oAA7) are read the second way.
		if _, rest, ok := cutCol(s); !ok || !startsDigit(rest) {
			if len(s) > 0 && s[0] >= 'A' && s[0] <= 'Z' {
				if _, rest, ok := cutCol(s[1:]); ok && startsDigit(rest) {
					g.OverlayID, s = s[:1], s[1:]
				}
			}
		}
	}
	col, rest, ok := cutCol(s)
	if !ok {
		if g.Board != "" && s == "" {
			return g, fmt.Errorf("missing hexrow after board %s", g.Board)
		}
		return g, fmt.Errorf("no hexrow (A..Z, AA..GG) at %q", orEnd(s))
	}
	g.Col = col
	s = rest
	p.s = s
	n, ok := p.int(false)
	if !ok {
		return g, fmt.Errorf("hexrow %s needs a hex number", ColName(col))
	}
	g.Row = n
	return g, nil
}

// cutCol splits leading hexrow letters from s.
func cutCol(s string) (col int, rest string, ok bool) {
	j := 0
	for j < len(s) && s[j] >= 'A' && s[j] <= 'Z' {
		j++
	}
	col, ok = ParseCol(s[:j])
	return col, s[j:], ok
}

func startsDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// int reads a decimal number, optionally negative; at most two digits.
func (p *parser) int(signed bool) (int, bool) {
	s := p.s
	neg := false
	if signed && strings.HasPrefix(s, "-") {
		neg, s = true, s[1:]
	}
	j := 0
	for j < len(s) && j < 3 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == 0 || j > 2 {
		return 0, false
	}
	n, _ := strconv.Atoi(s[:j])
	if neg {
		n = -n
	}
	p.s = s[j:]
	return n, true
}

func orEnd(s string) string {
	if s == "" {
		return "end of input"
	}
	return s
}
