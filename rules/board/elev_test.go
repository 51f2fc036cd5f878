package board

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/hex"
)

// The native format takes exactly the levels MinElevation..MaxElevation,
// and WriteText writes only boards ReadText takes back.
func TestElevationRange(t *testing.T) {
	a1 := hex.Hex{Col: 0, Row: 1}
	for elev := MinElevation - 2; elev <= MaxElevation+2; elev++ {
		text := fmt.Sprintf("sasl-board 1\nboard 1\nA1 open_ground elev=%d\n", elev)
		b, err := ReadText(strings.NewReader(text), "f.sasl")
		ok := elev >= MinElevation && elev <= MaxElevation
		if !ok {
			want := fmt.Sprintf("board: f.sasl:3: A1: elev=%d is not a level in -3..9", elev)
			if err == nil || err.Error() != want {
				t.Errorf("elev=%d: error %v, want %q", elev, err, want)
			}
			b = New("1")
			b.Hex(a1).Elevation = elev
			var buf bytes.Buffer
			err := WriteText(&buf, b)
			if want := fmt.Sprintf("board 1: hex A1 is at level %d; a board's levels are -3..9", elev); err == nil || err.Error() != want || buf.Len() != 0 {
				t.Errorf("writing level %d: error %v, %d bytes written; want %q and nothing", elev, err, buf.Len(), want)
			}
			continue
		}
		if err != nil {
			t.Fatalf("elev=%d: %v", elev, err)
		}
		if got := b.Hex(a1).Elevation; got != elev {
			t.Errorf("elev=%d read as %d", elev, got)
		}
		if err := b.CheckElevations(); err != nil {
			t.Errorf("elev=%d: %v", elev, err)
		}
		var buf bytes.Buffer
		if err := WriteText(&buf, b); err != nil {
			t.Fatalf("elev=%d: %v", elev, err)
		}
		back, err := ReadText(&buf, "g.sasl")
		if err != nil || !back.Equal(b) {
			t.Errorf("elev=%d does not round-trip: %v", elev, err)
		}
	}
}
