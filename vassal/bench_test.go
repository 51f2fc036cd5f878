package vassal

import (
	"bytes"
	"testing"
	"time"

	"github.com/sasl-engine/sasl/rules/coord"
)

// BenchmarkContents reads the Stalingrad save (595 pieces) whole: ZIP,
// !VCSK, commands, pieces and their hexes.
func BenchmarkContents(b *testing.B) {
	s := openSave(b, "The-Streets-Of-Stalingrad-Scenario-C.vsav")
	var buf bytes.Buffer
	s.Write(&buf)
	data := buf.Bytes()
	b.ReportAllocs()
	for b.Loop() {
		s, err := Read(bytes.NewReader(data), int64(len(data)), "bench")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Contents(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEdit places 178 S? (the four-board setup's count) into the
// Stalingrad save, moves them all, and writes the result.
func BenchmarkEdit(b *testing.B) {
	s := openSave(b, "The-Streets-Of-Stalingrad-Scenario-C.vsav")
	b.ReportAllocs()
	for b.Loop() {
		e, err := s.Edit(time.UnixMilli(1))
		if err != nil {
			b.Fatal(err)
		}
		for i := range 178 {
			ids, err := e.AddSuspects(coord.Grid{Board: "1", Col: i % 33, Row: 1 + i%10}, 0, []string{"S"}, false)
			if err != nil {
				b.Fatal(err)
			}
			e.Move(ids, coord.Grid{Board: "1", Col: (i + 1) % 33, Row: 1 + i%10})
		}
		var buf bytes.Buffer
		if err := e.Result().Write(&buf); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeep reads a piece of 200,000 traits and commands nested
// 2,000 deep: linear in their size, not quadratic.
func BenchmarkDeep(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		(&Save{Content: []byte("begin_save\x1b" + deepPiece + "\x1bend_save")}).Contents()
		(&Save{Content: []byte(nested)}).Commands()
	}
}
