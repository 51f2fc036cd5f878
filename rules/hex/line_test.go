package hex

import (
	"math/rand/v2"
	"testing"
)

// TestTraceS4_1_EX follows the lines of fire of the SASL 4.1 EX on board 33
// (FBE A1-GG1): from off-board Q0 to Q7 the line crosses the Q6-Q7 hexside,
// from U0 to U8 the U7-U8 hexside and from U0 to U9 the U8-U9 hexside.
func TestTraceS4_1_EX(t *testing.T) {
	const colQ = 16
	tests := []struct {
		name     string
		from, to Hex
		side     Side
	}{
		{"Q0 to Q7 crosses Q6-Q7", h(colQ, 0), h(colQ, 7), Side{h(colQ, 7), N}},
		{"U0 to U8 crosses U7-U8", h(colU, 0), h(colU, 8), Side{h(colU, 8), N}},
		{"U0 to U9 crosses U8-U9", h(colU, 0), h(colU, 9), Side{h(colU, 9), N}},
		{"U11 to U7 crosses U8-U7", h(colU, 11), h(colU, 7), Side{h(colU, 7), S}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := Trace(tt.from, tt.to)
			if !l.Crosses(tt.side) {
				t.Fatalf("line %v -> %v does not cross %v: %+v", tt.from, tt.to, tt.side, l.Crossings)
			}
			if len(l.Hexes) != Distance(tt.from, tt.to)+1 {
				t.Errorf("hexes %v, want a straight hexrow", l.Hexes)
			}
		})
	}
}

func TestTraceHexspine(t *testing.T) {
	// From C3 two columns right along the hexspine between D2 and D3 (even
	// columns hold rows 1..10, so C3 and E3 share a lattice row with the
	// D2-D3 hexside between them).
	a, b := h(2, 3), h(4, 3)
	l := Trace(a, b)
	var along, vertices int
	for _, c := range l.Crossings {
		switch c.Kind {
		case Along:
			along++
			if c.Side != (Side{h(3, 3), N}).Canonical() {
				t.Errorf("runs along %v, want D2-D3", c.Side)
			}
		case AtVertex:
			vertices++
		case Across:
			t.Errorf("unexpected hexside crossing %v", c.Side)
		}
	}
	if along != 1 || vertices != 2 {
		t.Fatalf("along %d vertices %d, want 1 and 2: %+v", along, vertices, l.Crossings)
	}
	if len(l.Hexes) != 2 || l.Hexes[0] != a || l.Hexes[1] != b {
		t.Errorf("hexes %v, want only the two ends", l.Hexes)
	}
}

func TestTraceProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 1500 {
		a := Hex{r.IntN(40), r.IntN(20)}
		b := Hex{r.IntN(40), r.IntN(20)}
		l := Trace(a, b)
		if l.Hexes[0] != a || l.Hexes[len(l.Hexes)-1] != b {
			t.Fatalf("%v->%v: hexes %v do not run from end to end", a, b, l.Hexes)
		}
		for i := 1; i < len(l.Hexes); i++ {
			if Distance(l.Hexes[i-1], l.Hexes[i]) > 2 {
				t.Fatalf("%v->%v: jump %v -> %v", a, b, l.Hexes[i-1], l.Hexes[i])
			}
		}
		// Every hex on the line is within the range of the ends.
		if len(l.Hexes) > 2*Distance(a, b)+1 {
			t.Fatalf("%v->%v: %d hexes for range %d", a, b, len(l.Hexes), Distance(a, b))
		}
		// A line and its reverse meet the same hexsides and vertices.
		back := Trace(b, a)
		if len(back.Crossings) != len(l.Crossings) {
			t.Fatalf("%v->%v: %d crossings, reverse %d", a, b, len(l.Crossings), len(back.Crossings))
		}
		for i, c := range l.Crossings {
			rc := back.Crossings[len(back.Crossings)-1-i]
			if c.Kind != rc.Kind || c.Side != rc.Side || c.Vertex != rc.Vertex {
				// Along crossings are ordered by their near end, so the
				// order may differ around them; compare as sets then.
				if !sameCrossings(l.Crossings, back.Crossings) {
					t.Fatalf("%v->%v: crossings differ from reverse:\n%+v\n%+v", a, b, l.Crossings, back.Crossings)
				}
				break
			}
		}
		// Consecutive hexes across an Across crossing are the two hexes of
		// that hexside.
		for _, c := range l.Crossings {
			if c.Kind != Across {
				continue
			}
			x, y := c.Side.Hex, c.Side.Other()
			if !contains(l.Hexes, x) || !contains(l.Hexes, y) {
				t.Fatalf("%v->%v crosses %v but hexes %v miss one side", a, b, c.Side, l.Hexes)
			}
		}
	}
}

func sameCrossings(a, b []Crossing) bool {
	type key struct {
		k CrossKind
		s Side
		v Vertex
	}
	m := map[key]int{}
	for _, c := range a {
		m[key{c.Kind, c.Side, c.Vertex}]++
	}
	for _, c := range b {
		m[key{c.Kind, c.Side, c.Vertex}]--
	}
	for _, n := range m {
		if n != 0 {
			return false
		}
	}
	return true
}

func contains(hs []Hex, x Hex) bool {
	for _, h := range hs {
		if h == x {
			return true
		}
	}
	return false
}

func TestTouches(t *testing.T) {
	// A line from C3 to E3 runs along the D2-D3 hexside, so it touches the
	// sides that meet at its two ends, but crosses none.
	l := Trace(h(2, 3), h(4, 3))
	s := Side{h(3, 3), N}
	if !l.Touches(s) || l.Crosses(s) {
		t.Errorf("D2-D3: touches %v crosses %v, want true false", l.Touches(s), l.Crosses(s))
	}
	// C3's NE side ends at the first vertex of the hexspine.
	if ne := (Side{h(2, 3), NE}); !l.Touches(ne) {
		t.Errorf("line does not touch %v through its vertex", ne)
	}
	// A far away side is not touched.
	if far := (Side{h(10, 3), N}); l.Touches(far) {
		t.Errorf("line touches far side %v", far)
	}
}

// Enters agrees with the last crossing of Trace.
func TestEnters(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 3000 {
		a := Hex{r.IntN(40), r.IntN(20)}
		b := Hex{r.IntN(40), r.IntN(20)}
		if a == b {
			if _, ok := Enters(a, b); ok {
				t.Fatal("Enters(a, a)")
			}
			continue
		}
		l := Trace(a, b)
		last := l.Crossings[len(l.Crossings)-1]
		c, _ := Enters(a, b)
		if c.Kind != last.Kind || c.Side != last.Side || c.Vertex != last.Vertex {
			t.Fatalf("%v->%v: Enters %+v, Trace ends with %+v", a, b, c, last)
		}
		for d := range Dirs {
			if got, want := EntersAcross(a, b, d), l.Touches(Side{b, d}); got != want {
				t.Fatalf("%v->%v side %v: EntersAcross %v, Trace.Touches %v", a, b, d, got, want)
			}
		}
	}
}
