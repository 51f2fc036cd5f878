package coord

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func TestParseExamples(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Ref
	}{
		{"board hex", "33R6", Ref{Grid: Grid{Board: "33", Col: 17, Row: 6}}},
		{"upper level", "33R6h1", Ref{Grid: Grid{Board: "33", Col: 17, Row: 6}, Level: 1}},
		{"sewer A2.2 EX", "1E4h-1", Ref{Grid: Grid{Board: "1", Col: 4, Row: 4}, Level: -1}},
		{"overlay A2.73", "32oE7", Ref{Grid: Grid{Board: "32", Overlay: true, Col: 4, Row: 7}}},
		{"overlay ID A2.71 1st ed", "14oAK7", Ref{Grid: Grid{Board: "14", Overlay: true, OverlayID: "A", Col: 10, Row: 7}}},
		{"entrenchment", "1E4En", Ref{Grid: Grid{Board: "1", Col: 4, Row: 4}, Position: Entrenchment}},
		{"pillbox", "1E4Pi", Ref{Grid: Grid{Board: "1", Col: 4, Row: 4}, Position: Pillbox}},
		{"wire", "Wire/33R6", Ref{Prefix: Wire, Grid: Grid{Board: "33", Col: 17, Row: 6}}},
		{"bridge", "Bridge/2Y3", Ref{Prefix: Bridge, Grid: Grid{Board: "2", Col: 24, Row: 3}}},
		{"rooftop", "Roof/33R6h2", Ref{Prefix: Roof, Grid: Grid{Board: "33", Col: 17, Row: 6}, Level: 2}},
		{"crest", "33K4/CRK3", Ref{Grid: Grid{Board: "33", Col: 10, Row: 4}, Status: Crest, Facing: Grid{Col: 10, Row: 3}}},
		{"hull down", "33K4/HD33K3", Ref{Grid: Grid{Board: "33", Col: 10, Row: 4}, Status: HullDown, Facing: Grid{Board: "33", Col: 10, Row: 3}}},
		{"covered arc A2.2 EX", "1E4caD3/D4", Ref{Grid: Grid{Board: "1", Col: 4, Row: 4}, CA: [2]Grid{{Col: 3, Row: 3}, {Col: 3, Row: 4}}}},
		{"bypass A2.2", "F3-E3", Ref{Grid: Grid{Col: 5, Row: 3}, Bypass: []Grid{{Col: 4, Row: 3}}}},
		{"half hex", "2X0", Ref{Grid: Grid{Board: "2", Col: 23, Row: 0}}},
		{"double letters", "16GG4", Ref{Grid: Grid{Board: "16", Col: 32, Row: 4}}},
		{"row ten", "3A10", Ref{Grid: Grid{Board: "3", Col: 0, Row: 10}}},
		{"deluxe board", "dD0", Ref{Grid: Grid{Board: "d", Col: 3, Row: 0}}},
		{"lettered board", "x1Q7", Ref{Grid: Grid{Board: "x1", Col: 16, Row: 7}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Parse(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
			if s := got.String(); s != tt.in {
				t.Errorf("String() = %q, want %q", s, tt.in)
			}
		})
	}
}

func TestParseSpaces(t *testing.T) {
	a, err := Parse("1E4 ca D3/D4")
	if err != nil {
		t.Fatal(err)
	}
	if a.String() != "1E4caD3/D4" {
		t.Errorf("got %q", a)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, mention string }{
		{"", "no hexrow"},
		{"33", "missing hexrow after board 33"},
		{"33R", "hexrow R needs a hex number"},
		{"33HH4", "no hexrow"},
		{"33AB4", "no hexrow"},
		{"33R6h", `"h" must be followed`},
		{"33R6h0", "ground level"},
		{"33R6/CR", "/CR needs"},
		{"33R6caD3", "ca needs"},
		{"33R6x", `unexpected "x"`},
		{"33R123", "hex number"},
		{"F3-", "bypass"},
		{"F3-E3-E4-D4", "at most three"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) succeeded", tt.in)
			}
			if !errors.Is(err, ErrSyntax) {
				t.Errorf("error %v does not wrap ErrSyntax", err)
			}
			if !strings.Contains(err.Error(), tt.mention) || !strings.Contains(err.Error(), `"`+tt.in+`"`) {
				t.Errorf("error %q should name the input and mention %q", err, tt.mention)
			}
		})
	}
}

func randGrid(r *rand.Rand, board bool) Grid {
	g := Grid{Col: r.IntN(Cols), Row: r.IntN(12)}
	if board || r.IntN(3) > 0 {
		switch r.IntN(3) {
		case 0:
			g.Board = "33"
		case 1:
			g.Board = string(rune('a'+r.IntN(26))) + "1"
		default:
			g.Board = string(rune('a' + r.IntN(26)))
		}
		if r.IntN(4) == 0 {
			g.Overlay = true
			if r.IntN(2) == 0 {
				g.OverlayID = string(rune('A' + r.IntN(26)))
			}
		}
	}
	return g
}

// ambiguous reports notation that two readings fit: a first-edition overlay
// ID letter followed by a hexrow that, together, read as a double-letter
// hexrow (14oAA7). Parse reads those the second-edition way.
func ambiguous(g Grid) bool {
	if g.OverlayID == "" {
		return false
	}
	_, ok := ParseCol(g.OverlayID + ColName(g.Col))
	return ok
}

func TestRoundTripProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 20000 {
		ref := Ref{Grid: randGrid(r, false)}
		if ref.Board == "" && ref.Overlay {
			continue
		}
		switch r.IntN(4) {
		case 0:
			ref.Prefix = Prefix(r.IntN(4))
		}
		if r.IntN(3) == 0 {
			ref.Level = r.IntN(6) - 1
		}
		ref.Position = Position(r.IntN(3))
		if r.IntN(4) == 0 {
			ref.Status = Status(1 + r.IntN(2))
			ref.Facing = randGrid(r, false)
		}
		if r.IntN(4) == 0 {
			ref.CA = [2]Grid{randGrid(r, false), randGrid(r, false)}
		}
		if r.IntN(4) == 0 {
			for range 1 + r.IntN(2) {
				ref.Bypass = append(ref.Bypass, randGrid(r, false))
			}
		}
		if ambiguous(ref.Grid) || ambiguous(ref.Facing) || ambiguous(ref.CA[0]) || ambiguous(ref.CA[1]) {
			continue
		}
		ambig := false
		for _, g := range ref.Bypass {
			ambig = ambig || ambiguous(g)
		}
		if ambig {
			continue
		}
		s := ref.String()
		got, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q) of %+v: %v", s, ref, err)
		}
		if !reflect.DeepEqual(got, ref) {
			t.Fatalf("round trip of %q:\n got %+v\nwant %+v", s, got, ref)
		}
	}
}

func TestAmbiguousOverlayReadsSecondEdition(t *testing.T) {
	g, err := ParseGrid("14oAA7")
	if err != nil {
		t.Fatal(err)
	}
	if g.OverlayID != "" || g.Col != 26 {
		t.Errorf("14oAA7 read as %+v, want hexrow AA without ID", g)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"33R6", "33R6h1", "1E4h-1", "32oE7", "14oAK7", "Wire/33R6", "1E4caD3/D4", "F3-E3", "33K4/CRK3", "x1GG10En"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			return
		}
		// Whatever parses formats to text that parses to the same Ref.
		out := r.String()
		r2, err := Parse(out)
		if err != nil {
			t.Fatalf("Parse(%q) ok but its String %q fails: %v", s, out, err)
		}
		if !reflect.DeepEqual(r, r2) {
			t.Fatalf("%q -> %q -> %+v, want %+v", s, out, r2, r)
		}
	})
}
