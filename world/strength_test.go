package world

import (
	"testing"

	"github.com/sasl-engine/sasl/tables"
)

// ParseStrength's scan of the game's own types (World.own) answers as the
// table of every type and tables.ParseStrength do.
func TestParseStrengthOwn(t *testing.T) {
	w := fourBoards(t)
	if len(w.own) < 2 {
		t.Fatalf("own types %v: the ENEMY squad and half-squad at least", w.own)
	}
	types := []string{"", "x", "9-2", "8-0", "447", "467", "2-4-7", "4-6-7", "not a counter"}
	for typ := range w.strengths {
		types = append(types, typ)
	}
	for _, o := range w.own {
		types = append(types, o.typ)
	}
	for _, typ := range types {
		want, werr := tables.ParseStrength(typ)
		if st, ok := w.strengths[typ]; ok {
			want, werr = st, nil
		}
		got, err := w.ParseStrength(typ)
		if got != want || (err == nil) != (werr == nil) {
			t.Errorf("ParseStrength(%q) = %+v, %v; want %+v, %v", typ, got, err, want, werr)
		}
	}
}
