package render

import (
	"bytes"
	"testing"

	"github.com/sasl-engine/sasl/rules/board"
	"github.com/sasl-engine/sasl/rules/hex"
	"github.com/sasl-engine/sasl/rules/layout"
)

// BenchmarkWrite renders the demo board, with a few counters and a path,
// in each format. The map is built once; every iteration draws every layer.
func BenchmarkWrite(b *testing.B) {
	m := newMap(b, "x9", layout.Up, demoBoard(b))
	overlays := []Layer{
		Markers{
			{At: board.Ground(hex.Hex{Col: 17, Row: 6}), Label: "S?"},
			{At: board.Location{Hex: hex.Hex{Col: 17, Row: 6}, Level: 1}, Label: "S?"},
		},
		Path{Hexes: []hex.Hex{{Col: 1, Row: 1}, {Col: 2, Row: 1}, {Col: 3, Row: 2}}, Labels: []string{"", "1", "2"}},
	}
	for _, f := range []Format{SVG, PNG, PDF} {
		b.Run(f.String(), func(b *testing.B) {
			p := New(m, Options{}).Add(overlays...)
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := p.Write(&buf, f); err != nil {
					b.Fatal(err)
				}
			}
			if buf.Len() == 0 {
				b.Fatal("nothing written")
			}
			b.ReportMetric(float64(buf.Len()), "bytes/picture")
		})
	}
}
