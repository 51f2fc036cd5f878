package board

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

const sample = `sasl-board 1
board x9
# a comment line
R6   building        building=wooden/1 stairs N=building
R7   building        building=wooden/1
I9   woods+building  building=stone/0      # 2I9-like: woods and building
M4   woods           elev=2 NE=woods SE=woods
Q7   open_ground     N=wall
U8   grain           N=hedge S=hedge
B0   open_ground+dirt_road  N=road S=road
`

func TestReadTextSample(t *testing.T) {
	b, err := ReadText(strings.NewReader(sample), "sample.sasl")
	if err != nil {
		t.Fatal(err)
	}
	if b.ID != "x9" {
		t.Errorf("ID %q", b.ID)
	}
	r6 := b.Hex(hex.Hex{Col: 17, Row: 6})
	if !r6.Kinds.Has(terrain.Building) || r6.Building != (terrain.Structure{Material: terrain.Wooden, Levels: 1}) || !r6.Stairs {
		t.Errorf("R6 = %+v", *r6)
	}
	// The R6-R5 building link is on R5 too, as its S side.
	if !b.Hex(hex.Hex{Col: 17, Row: 5}).Sides[hex.S].Has(terrain.BuildingLink) {
		t.Error("R6 N=building not mirrored on R5")
	}
	i9 := b.Hex(hex.Hex{Col: 8, Row: 9})
	if !i9.Kinds.Has(terrain.Woods) || !i9.Kinds.Has(terrain.Building) || i9.Kinds.Has(terrain.OpenGround) {
		t.Errorf("I9 kinds %v", i9.Kinds)
	}
	if m4 := b.Hex(hex.Hex{Col: 12, Row: 4}); m4.Elevation != 2 {
		t.Errorf("M4 elevation %d", m4.Elevation)
	}
	q6 := b.Hex(hex.Hex{Col: 16, Row: 6})
	if !q6.Sides[hex.S].Has(terrain.Wall) {
		t.Error("Q7 N=wall is not Q6's S side")
	}
	if !b.Hex(hex.Hex{Col: 1, Row: 0}).Kinds.Has(terrain.OpenGround) {
		t.Error("a road hex is open ground")
	}
}

func TestTextRoundTrip(t *testing.T) {
	b, err := ReadText(strings.NewReader(sample), "sample.sasl")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteText(&buf, b); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	again, err := ReadText(strings.NewReader(text), "again.sasl")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if !b.Equal(again) {
		t.Fatalf("round trip differs: %v", b.Diff(again, 5))
	}
	if lines := strings.Count(text, "\n"); lines != 346+3 {
		t.Errorf("export has %d lines, want a line per hex (346) and 3 header lines", lines)
	}
}

func TestReadTextErrors(t *testing.T) {
	head := "sasl-board 1\nboard x9\n"
	tests := []struct{ name, in, want string }{
		{"no magic", "board 33\n", "f.sasl:1: the file must start with"},
		{"no board", "sasl-board 1\nA1 woods\n", "f.sasl:2: want \"board ID\""},
		{"bad id", "sasl-board 1\nboard 3X\n", `f.sasl:2: "3X" is not a board ID`},
		{"bad hex", head + "A0 woods\n", "f.sasl:3: A0 is not a hex of a board"},
		{"hex with board", head + "33A1 woods\n", "f.sasl:3: \"33A1\": write the hex without board number"},
		{"duplicate", head + "A1 woods\nA1 brush\n", "f.sasl:4: A1 is already described on line 3"},
		{"no terrain", head + "A1\n", "f.sasl:3: A1 needs its terrain"},
		{"bad kind", head + "A1 forrest\n", `f.sasl:3: A1: terrain: unknown terrain kind "forrest"`},
		{"bad attr", head + "A1 woods colour=red\n", `f.sasl:3: A1: unknown attribute "colour=red"`},
		{"bad feature", head + "A1 woods N=moat\n", `f.sasl:3: A1: terrain: unknown hexside feature "moat"`},
		{"bad elev", head + "A1 woods elev=x\n", "f.sasl:3: A1: elev=x is not a level"},
		{"building without kind", head + "A1 woods building=stone/1\n", "f.sasl:3: A1: building= given for a hex without the building kind"},
		{"kind without building", head + "A1 building\n", "f.sasl:3: A1: a building hex needs building="},
		{"bad material", head + "A1 building building=brick/1\n", `unknown building material "brick"`},
		{"bad levels", head + "A1 building building=stone/9\n", "upper levels must be 0..4"},
		{"empty", "", "f.sasl: no \"board ID\" line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadText(strings.NewReader(tt.in), "f.sasl")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			if !strings.HasPrefix(err.Error(), "board: f.sasl") {
				t.Errorf("error %q should start with the package and file", err)
			}
		})
	}
}

func FuzzReadText(f *testing.F) {
	f.Add(sample)
	f.Add("sasl-board 1\nboard 1\nA1 woods N=wall+road elev=-1\n")
	f.Fuzz(func(t *testing.T, in string) {
		b, err := ReadText(strings.NewReader(in), "fuzz.sasl")
		if err != nil {
			return
		}
		// Whatever reads writes back to the same board.
		var buf bytes.Buffer
		if err := WriteText(&buf, b); err != nil {
			t.Fatal(err)
		}
		again, err := ReadText(&buf, "again.sasl")
		if err != nil {
			t.Fatalf("rereading the export: %v\n%s", err, buf.String())
		}
		if !b.Equal(again) {
			t.Fatalf("export differs: %v", b.Diff(again, 3))
		}
	})
}
