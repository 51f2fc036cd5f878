package vasl

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/terrain"
)

// levelBoard is a 33 x 10 board on the coarse 96 x 40 raster of smallBoard,
// open ground at level elev everywhere.
func levelBoard(elev int8) []byte {
	return archive(map[string][]byte{"LOSData": gz(losStream(33, 10, 96, 40, func(int, int) (int8, uint8) { return elev, 0 }))})
}

// The lowest and highest levels a board may hold come out of an archive,
// export to the native format and read back the same.
func TestElevationExtremesRoundTrip(t *testing.T) {
	for _, elev := range []int8{board.MinElevation, board.MaxElevation} {
		b, err := readBytes(levelBoard(elev), "bd99")
		if err != nil {
			t.Fatalf("level %d: %v", elev, err)
		}
		b.Each(func(h hex.Hex, th *terrain.Hex) {
			if th.Elevation != int(elev) {
				t.Fatalf("level %d: %v at level %d", elev, h, th.Elevation)
			}
		})
		var buf bytes.Buffer
		if err := board.WriteText(&buf, b); err != nil {
			t.Fatalf("level %d: export: %v", elev, err)
		}
		if want := fmt.Sprintf("A1   open_ground elev=%d\n", elev); !strings.Contains(buf.String(), want) {
			t.Errorf("level %d: the export does not say %q:\n%.200s", elev, want, buf.String())
		}
		back, err := board.ReadText(&buf, "bd99.sasl")
		if err != nil {
			t.Fatalf("level %d: the native reader refuses the export: %v", elev, err)
		}
		if !back.Equal(b) {
			t.Errorf("level %d: export differs: %v", elev, b.Diff(back, 3))
		}
	}
}

// A level LOSData can store (a signed byte) but no board has is refused
// when the archive is read, naming the archive and the hex, rather than
// exported into a file the native reader refuses.
func TestElevationOutOfRange(t *testing.T) {
	for _, elev := range []int8{-128, board.MinElevation - 1, board.MaxElevation + 1, 127} {
		_, err := readBytes(levelBoard(elev), "bd99")
		want := fmt.Sprintf("vasl: bd99: LOSData: hex A1 is at level %d; a board's levels are -3..9", elev)
		if err == nil || err.Error() != want {
			t.Errorf("level %d: error %v, want %q", elev, err, want)
		}
	}
	// Only R6's centre dot (51, 24 on this raster) at level 127: the error
	// names R6.
	data := archive(map[string][]byte{"LOSData": gz(losStream(33, 10, 96, 40, func(x, y int) (int8, uint8) {
		if x >= 50 && x <= 52 && y >= 23 && y <= 25 {
			return 127, 0
		}
		return 0, 0
	}))})
	_, err := readBytes(data, "bd99")
	if want := "vasl: bd99: LOSData: hex R6 is at level 127"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("R6 at level 127: error %v, want %q", err, want)
	}
}
